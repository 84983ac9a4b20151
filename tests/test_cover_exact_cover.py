"""Tests for the exact cover engine: known counts, the options of a search, and Dominosa puzzles."""

from __future__ import annotations

import itertools
import random
import sys

import pytest
from cover_cases import grid_tilings, queens
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import layouts

from dominosa import Puzzle, Solution, problems
from dominosa.deductions.exact_cover import (
    CoverCount,
    ExactCover,
    count_solutions_exact_cover,
    dominosa_cover,
    solutions_exact_cover,
)
from dominosa.generator.layouts import random_layout

# -- the engine on problems with known answers --------------------------------------------------------------


def test_knuths_example_has_one_solution():
    # Knuth, "Dancing links", (3): rows {C,E,F} {A,D,G} {B,C,F} {A,D} {B,G} {D,E,G}.
    problem = ExactCover("ABCDEFG", ["CEF", "ADG", "BCF", "AD", "BG", "DEG"])
    assert problem.first() == (0, 3, 4)
    assert list(problem.solutions()) == [(0, 3, 4)]
    assert problem.tally() == CoverCount(1, True)


@pytest.mark.parametrize("n", range(1, 13))
def test_tilings_of_a_2_by_n_strip_are_fibonacci_numbers(n):
    fib = [1, 1]
    while len(fib) <= n:
        fib.append(fib[-1] + fib[-2])
    assert ExactCover(*grid_tilings(2, n)).count() == fib[n]


@pytest.mark.parametrize(("rows", "cols", "count"), [(2, 2, 2), (3, 4, 11), (4, 4, 36), (4, 5, 95), (6, 6, 6728)])
def test_tilings_of_rectangles(rows, cols, count):
    assert ExactCover(*grid_tilings(rows, cols)).count() == count


def test_odd_board_has_no_tiling():
    problem = ExactCover(*grid_tilings(3, 3))
    assert problem.first() is None
    assert problem.tally() == CoverCount(0, True)


@pytest.mark.parametrize(("n", "count"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_secondary_columns_n_queens(n, count):
    assert queens(n).count() == count


def test_every_solution_is_an_exact_cover():
    cells, pairs = grid_tilings(4, 4)
    found = list(ExactCover(cells, pairs).solutions())
    assert len(found) == len(set(found)) == 36
    for rows in found:
        assert rows == tuple(sorted(rows))
        covered = [cell for i in rows for cell in pairs[i]]
        assert sorted(covered) == sorted(cells)


def test_limit_stops_the_count_and_reports_it_incomplete():
    problem = ExactCover(*grid_tilings(4, 4))
    assert problem.tally(2) == CoverCount(2, False)
    assert problem.count(limit=2) == 2
    assert problem.tally(36) == CoverCount(36, False)  # the limit reached: more are not ruled out
    assert problem.tally(37) == CoverCount(36, True)
    assert problem.tally(0) == CoverCount(0, False)
    with pytest.raises(ValueError, match="limit"):
        problem.tally(-1)


def test_forced_rows():
    cells, pairs = grid_tilings(2, 4)
    problem = ExactCover(cells, pairs)
    vertical = pairs.index(((0, 0), (1, 0)))
    horizontal = pairs.index(((0, 0), (0, 1)))
    assert problem.count(forced=[vertical]) == 3  # the rest is a 2x3 strip
    assert problem.count(forced=[horizontal]) == 2  # so is the bottom's partner: a 2x2 block remains
    assert all(vertical in rows for rows in problem.solutions(forced=[vertical]))
    assert problem.count(forced=[vertical, horizontal]) == 0  # they share a cell
    assert problem.first(forced=[vertical, horizontal]) is None


def test_forced_at_construction_apply_to_every_search():
    cells, pairs = grid_tilings(2, 4)
    vertical = pairs.index(((0, 0), (1, 0)))
    last = pairs.index(((0, 3), (1, 3)))
    problem = ExactCover(cells, pairs, forced=[vertical])
    assert problem.forced == (vertical,)
    assert problem.count() == 3
    assert problem.count(forced=[last]) == 2
    assert problem.count(forbidden=[vertical]) == 0
    assert "1 forced" in repr(problem)


def test_forbidden_rows():
    cells, pairs = grid_tilings(2, 4)
    problem = ExactCover(cells, pairs)
    vertical = pairs.index(((0, 0), (1, 0)))
    assert problem.count(forbidden=[vertical]) == 5 - 3
    assert all(vertical not in rows for rows in problem.solutions(forbidden=[vertical]))
    horizontals = [i for i, (a, b) in enumerate(pairs) if a[0] == b[0]]
    assert problem.count(forbidden=horizontals) == 1
    assert problem.count(forced=[vertical], forbidden=[vertical]) == 0


def test_searches_are_independent():
    # An abandoned search must not disturb the next one: each works on its own copy of the links.
    problem = ExactCover(*grid_tilings(4, 4))
    search = problem.solutions()
    next(search)
    next(search)
    other = problem.solutions(forbidden=[0])
    next(other)
    assert problem.count() == 36
    assert sum(1 for _ in search) == 34


def test_rows_without_primary_columns_are_never_chosen():
    problem = ExactCover("AB", ["A", "B", "", "x"], secondary="x")
    assert list(problem.solutions()) == [(0, 1)]


def test_bad_problems_are_refused():
    with pytest.raises(ValueError, match="twice"):
        ExactCover("AA", ["A"])
    with pytest.raises(ValueError, match="'Z'"):
        ExactCover("AB", ["AZ"])
    with pytest.raises(ValueError, match="twice"):
        ExactCover("AB", ["AA"])
    with pytest.raises(ValueError, match="out of range"):
        ExactCover("AB", ["AB"]).count(forced=[5])
    with pytest.raises(ValueError, match="out of range"):
        ExactCover("AB", ["AB"], forced=[-1])


@st.composite
def small_problems(draw):
    n_primary = draw(st.integers(0, 5))
    n_secondary = draw(st.integers(0, 2))
    columns = list(range(n_primary + n_secondary))
    row = st.sets(st.sampled_from(columns), max_size=len(columns)) if columns else st.just(set())
    rows = draw(st.lists(row, max_size=9))
    return columns[:n_primary], [sorted(r) for r in rows], columns[n_primary:]


def brute_force(primary, rows, forced=frozenset(), forbidden=frozenset()):
    """Every set of rows covering primary columns exactly and the others at most once, by trying all sets.

    Rows without a primary column take part only when forced (the search never chooses them itself).
    """
    if forced & forbidden:
        return []
    usable = [i for i, r in enumerate(rows) if (set(r) & set(primary) or i in forced) and i not in forbidden]
    out = []
    for k in range(len(usable) + 1):
        for chosen in itertools.combinations(usable, k):
            covered = [c for i in chosen for c in rows[i]]
            if forced <= set(chosen) and len(covered) == len(set(covered)) and set(primary) <= set(covered):
                out.append(chosen)
    return sorted(out)


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.data())
def test_agrees_with_brute_force(problem, data):
    primary, rows, secondary = problem
    expected = brute_force(primary, rows)
    cover = ExactCover(primary, rows, secondary)
    assert sorted(cover.solutions()) == expected
    assert cover.tally() == CoverCount(len(expected), True)
    if rows:
        forced = data.draw(st.sets(st.integers(0, len(rows) - 1), max_size=2))
        forbidden = data.draw(st.sets(st.integers(0, len(rows) - 1), max_size=2))
        expected = brute_force(primary, rows, forced, forbidden)
        assert sorted(cover.solutions(forced, forbidden)) == expected
        assert cover.count(None, forced, forbidden) == len(expected)


# -- Dominosa ------------------------------------------------------------------------------------------------

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
