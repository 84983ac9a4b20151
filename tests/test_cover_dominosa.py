"""Tests for Dominosa as an exact cover problem: the encoding, known puzzles, and every hidden solution found."""

from __future__ import annotations

import random
import sys

from hypothesis import given, settings
from strategies import layouts

from dominosa import Puzzle, Solution, problems
from dominosa.cover.dominosa import count_solutions_exact_cover, dominosa_cover, solutions_exact_cover
from dominosa.generator.layouts import random_layout

# Two solutions: the top-left 2x2 square holds 0-1 and 0-2, horizontal or vertical alike; the rest is forced.
#
#   1 0 1 2        1-0 1-2        1 0 1-2
#   0 2 0 2        0-2 0 2        | | 0 2
#   1 1 0 2        1-1 0 2        0 2 | |
#                      | |        1-1 0 2
TWO_WAYS = [[1, 0, 1, 2], [0, 2, 0, 2], [1, 1, 0, 2]]
REST = (((0, 2), (0, 3)), ((1, 2), (2, 2)), ((1, 3), (2, 3)), ((2, 0), (2, 1)))
ACROSS = Solution((((0, 0), (0, 1)), ((1, 0), (1, 1)), *REST))
DOWN = Solution((((0, 0), (1, 0)), ((0, 1), (1, 1)), *REST))


def test_puzzle_with_two_solutions():
    puzzle = Puzzle.from_grid(TWO_WAYS)
    assert set(solutions_exact_cover(puzzle)) == {ACROSS, DOWN}
    assert count_solutions_exact_cover(puzzle) == (2, True)
    assert count_solutions_exact_cover(puzzle, limit=2) == (2, False)
    assert count_solutions_exact_cover(puzzle, limit=3) == (2, True)


def test_a_clue_settles_the_two_ways():
    puzzle = Puzzle.from_grid(TWO_WAYS, clues=[((0, 0), (1, 0))])
    assert list(solutions_exact_cover(puzzle)) == [DOWN]
    assert count_solutions_exact_cover(puzzle, limit=2) == (1, True)


def test_dominosa_cover_columns_and_rows():
    puzzle = Puzzle.from_grid(TWO_WAYS)
    problem = dominosa_cover(puzzle)
    assert problem.n_primary == len(problem.columns) == 12 + 6
    # Every pair of the board shows a domino of the full set, so every pair is a row.
    assert problem.row_pairs == tuple(range(len(puzzle.board.pairs)))
    assert problem.solution(problem.first()) in {ACROSS, DOWN}


def test_pairs_outside_the_set_are_not_rows():
    # A partial set: 0-0 and 1-1 only, so the 0-1 pairs can never be used.
    puzzle = Puzzle.from_grid([[0, 1], [0, 1]], dominoes=[(0, 0), (1, 1)])
    problem = dominosa_cover(puzzle)
    assert len(problem.row_pairs) == 2
    assert [s.placements for s in solutions_exact_cover(puzzle)] == [(((0, 0), (1, 0)), ((0, 1), (1, 1)))]


@settings(max_examples=60, deadline=None)
@given(layouts(min_order=1, max_order=7, clues=False))
def test_hidden_solution_is_among_the_solutions(layout):
    puzzle, hidden = layout
    found = list(solutions_exact_cover(puzzle))
    assert hidden in found
    assert len(set(found)) == len(found)
    for solution in found:
        assert problems(puzzle, solution) == []
    assert count_solutions_exact_cover(puzzle) == (len(found), True)


@settings(max_examples=60, deadline=None)
@given(layouts(min_order=1, max_order=7, clues=True))
def test_hidden_solution_is_among_the_solutions_with_clues(layout):
    puzzle, hidden = layout
    found = list(solutions_exact_cover(puzzle))
    assert hidden in found
    for solution in found:
        assert problems(puzzle, solution) == []
        assert set(puzzle.clues) <= set(solution.placements)


@settings(max_examples=40, deadline=None)
@given(layouts(min_order=1, max_order=7, irregular=True, clues=False))
def test_hidden_solution_is_among_the_solutions_on_irregular_boards(layout):
    puzzle, hidden = layout
    found = list(solutions_exact_cover(puzzle))
    assert hidden in found
    for solution in found:
        assert problems(puzzle, solution) == []


def test_deep_board_searches_without_recursion():
    # Order 30: 31x32 = 992 cells, a search hundreds of levels deep. Some clues keep pure exact cover fast
    # on a board this size; the recursion limit is lowered so that any recursive search would fail here.
    rng = random.Random(2024)
    puzzle, hidden = random_layout(30, rng)
    puzzle = puzzle.with_clues(rng.sample(hidden.placements, len(hidden) // 3))
    problem = dominosa_cover(puzzle)
    assert len(problem.row_pairs) > 1800
    depth = len(hidden) - len(puzzle.clues)
    assert depth > 300
    frame, stack_depth = sys._getframe(), 0
    while frame is not None:
        frame, stack_depth = frame.f_back, stack_depth + 1
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(stack_depth + 60)
    try:
        count, complete = problem.tally(2)
        first = problem.first()
    finally:
        sys.setrecursionlimit(old_limit)
    assert (count, complete) in {(1, True), (2, False)}
    assert problems(puzzle, problem.solution(first)) == []
    if complete:
        assert problem.solution(first) == hidden
