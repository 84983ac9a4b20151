"""The best renaming as an assignment (generator/assignment.py): the Hungarian method against every one-to-one
map, and the bounds that spare it."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.generator.assignment import assignment_bound, assignment_exceeds, best_assignment, greedy_assignment


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda n: st.lists(st.lists(st.integers(0, 9), min_size=n, max_size=n), min_size=n, max_size=n)
    )
)
def test_the_best_assignment_is_the_best_of_every_one_to_one_map(weights):
    n = len(weights)
    brute = max(sum(weights[r][c] for r, c in enumerate(p)) for p in permutations(range(n)))
    assert best_assignment(weights) == brute
    assert greedy_assignment(weights) <= brute <= assignment_bound(weights)
    assert assignment_exceeds(weights, brute - 1) and not assignment_exceeds(weights, brute)


def test_an_empty_matrix_and_a_single_heavy_diagonal():
    assert best_assignment([]) == 0
    weights = [[1 if r != c else 9 for c in range(8)] for r in range(8)]
    weights[0][1] = 5
    assert best_assignment(weights) == 72
