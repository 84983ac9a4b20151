"""Minimum hitting sets (generator/hitting.py): the branch and bound against brute force over every subset."""

from __future__ import annotations

import doctest
import time
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.generator import hitting
from dominosa.generator.hitting import bits, disjoint_bound, greedy_hitting_set, minimal_sets, minimum_hitting_sets

# Families of up to 10 sets over at most 9 elements: small enough to try every subset of the elements.
FAMILIES = st.lists(st.integers(min_value=1, max_value=2**9 - 1), min_size=0, max_size=10)


def hits(chosen: int, family: list[int]) -> bool:
    return all(chosen & s for s in family)


def brute_force(family: list[int], elements: int = 9) -> tuple[int, set[int]]:
    """The smallest size and every hitting set of that size, by trying subsets by size."""
    for size in range(elements + 1):
        found = set()
        for combo in combinations(range(elements), size):
            mask = sum(1 << e for e in combo)
            if hits(mask, family):
                found.add(mask)
        if found:
            return size, found
    raise AssertionError("the whole set hits every non-empty set")


def test_bits_lists_the_elements_smallest_first():
    assert bits(0) == []
    assert bits(0b101001) == [0, 3, 5]


def test_minimal_sets_drop_supersets_and_repeats():
    assert minimal_sets([0b111, 0b011, 0b011, 0b100, 0b110]) == [0b100, 0b011]


def test_the_empty_family_is_hit_by_nothing_at_all():
    result = minimum_hitting_sets([])
    assert (result.size, result.sets, result.proved) == (0, [0], True)


def test_a_set_with_no_allowed_element_cannot_be_hit():
    result = minimum_hitting_sets([0b011, 0b100], allowed=0b011)
    assert result.sets == []


@settings(max_examples=200, deadline=None)
@given(FAMILIES)
def test_the_search_finds_the_smallest_size_and_only_hitting_sets_of_it(family):
    size, every = brute_force(family)
    result = minimum_hitting_sets(family, most=1000)
    assert result.proved
    assert result.size == size == result.lower_bound
    assert set(result.sets) == every  # asked for all of them, it finds every one


@settings(max_examples=100, deadline=None)
@given(FAMILIES, st.integers(min_value=1, max_value=2**9 - 1))
def test_only_allowed_elements_are_chosen(family, allowed):
    result = minimum_hitting_sets(family, most=5, allowed=allowed)
    restricted = [s & allowed for s in family]
    if any(s == 0 for s in restricted):
        assert result.sets == []
        return
    size, _ = brute_force(restricted)
    assert result.size == size
    assert all(s & ~allowed == 0 and hits(s, family) for s in result.sets)


@settings(max_examples=100, deadline=None)
@given(FAMILIES)
def test_the_bounds_bracket_the_minimum(family):
    size, _ = brute_force(family)
    kept = minimal_sets(family)
    assert disjoint_bound(kept) <= size
    greedy = greedy_hitting_set(kept)
    assert hits(greedy, family) and greedy.bit_count() >= size


def test_an_upper_limit_below_the_minimum_finds_nothing():
    family = [0b0011, 0b1100, 0b110000]  # three disjoint sets: three elements needed
    result = minimum_hitting_sets(family, upper=2)
    assert result.sets == [] and result.size == 3


def test_a_past_deadline_stops_with_a_hitting_set_and_no_proof():
    # Twenty disjoint pairs and their crossings: a family whose search takes many nodes.
    family = [1 << (2 * i) | 1 << (2 * i + 1) for i in range(20)]
    family += [1 << (2 * i) | 1 << (2 * j + 1) for i in range(20) for j in range(i + 1, 20, 3)]
    result = minimum_hitting_sets(family, most=10**6, deadline=time.monotonic() - 1)
    assert result.sets and all(hits(s, family) for s in result.sets)
    assert not result.proved and result.lower_bound <= result.size


def test_the_module_examples_run():
    assert doctest.testmod(hitting).failed == 0
