"""Tests for proper_layout: every layout it returns has exactly one solution (by the exact cover counter, which
shares no code with the engine's), it hides the solution it returns, and a dead-end layout is replaced by a fresh
one instead of failing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.generator.proper import NoProperLayout, _repaired, proper_layout


def _hides(puzzle, solution) -> bool:
    """Whether the solution's dominoes are the puzzle's numbers on its placements, each domino of the set once."""
    numbers = dict(zip(puzzle.board.cells, puzzle.numbers, strict=True))
    shown = sorted(tuple(sorted((numbers[a], numbers[b]))) for a, b in solution.placements)
    return shown == sorted(tuple(sorted(d)) for d in puzzle.dominoes)


@settings(max_examples=40, deadline=None)
@given(order=st.integers(min_value=1, max_value=6), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_layout_is_proper_and_hides_its_solution(order, seed):
    puzzle, solution = proper_layout(order, random.Random(seed))
    assert count_solutions_exact_cover(puzzle, 2) == (1, True)
    assert _hides(puzzle, solution)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_layout_found_on_the_first_try_is_the_one_it_always_was(seed):
    # The fallback to fresh layouts draws from the generator only where the first layout's repairs ran out, so
    # everything a seed gave before it existed is unchanged.
    first = _repaired(5, random.Random(seed), 400, 20_000)
    if first is not None:
        assert proper_layout(5, random.Random(seed)) == first


def test_a_dead_end_layout_is_replaced_by_a_fresh_one():
    # With one count and no swap per layout, a layout must be proper as dealt: most are not, so fresh ones are drawn.
    rng = random.Random(1)
    puzzle, solution = proper_layout(3, rng, max_repairs=1, max_layouts=500)
    assert count_solutions_exact_cover(puzzle, 2) == (1, True)
    assert _hides(puzzle, solution)


def test_order_3_dead_ends_met_in_practice_are_left():
    # Seeds 3172, 3552 and 4511 are the ones of 0-4999 whose first order-3 layout 400 swaps did not make proper: they
    # used to raise NoProperLayout (and failed a property test of grading that drew one of them).
    for seed in (3172, 3552, 4511):
        assert _repaired(3, random.Random(seed), 400, 20_000) is None
        puzzle, _ = proper_layout(3, random.Random(seed))
        assert count_solutions_exact_cover(puzzle, 2) == (1, True)


def test_it_gives_up_with_a_one_line_reason_when_every_layout_runs_out():
    with pytest.raises(NoProperLayout, match="no proper layout found in 2 random layouts of 0 repairs each"):
        proper_layout(6, random.Random(0), max_repairs=0, max_layouts=2)
