"""Tests for the bitmask exact cover search: it finds exactly the solutions dancing links find (random problems,
n queens, domino tilings), whatever order of bits it is given; its limits, forced and forbidden rows behave as
ExactCover's do; it counts the domino tilings of rectangles as Kasteleyn's formula says; and it searches a board
hundreds of levels deep without recursion."""

from __future__ import annotations

import math
import random
import sys

import pytest
from cover_cases import grid_tilings, queens
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.cover.bitmask import BitmaskCover
from dominosa.cover.exact_cover import CoverCount, ExactCover


def kasteleyn(m: int, n: int) -> int:
    """The number of domino tilings of an m x n rectangle by Kasteleyn's product formula (1961)."""
    product = 1.0
    for j in range(1, (m + 1) // 2 + 1):
        for k in range(1, (n + 1) // 2 + 1):
            product *= 4 * math.cos(math.pi * j / (m + 1)) ** 2 + 4 * math.cos(math.pi * k / (n + 1)) ** 2
    return round(product)


def both(problem: ExactCover, forced=(), forbidden=(), **kwargs) -> tuple[list, list]:
    """The solutions of dancing links and of the bitmask search, each sorted (repeats kept)."""
    dlx = sorted(problem.solutions(forced, forbidden))
    bitmask = sorted(BitmaskCover(problem, **kwargs).solutions(forced, forbidden))
    return dlx, bitmask


@st.composite
def random_problems(draw):
    """A small random exact cover problem: 1-8 primary and 0-3 secondary columns, up to 14 random rows (empty rows,
    rows without a primary column and repeated rows all allowed), sometimes with rows forced at construction."""
    n_primary = draw(st.integers(1, 8))
    n_secondary = draw(st.integers(0, 3))
    columns = [f"p{k}" for k in range(n_primary)] + [f"s{k}" for k in range(n_secondary)]
    row = st.lists(st.sampled_from(columns), max_size=4, unique=True)
    rows = draw(st.lists(row, max_size=14))
    forced = draw(st.sets(st.integers(0, len(rows) - 1), max_size=1)) if rows else set()
    return ExactCover(columns[:n_primary], rows, columns[n_primary:], forced=forced)


# -- agreement with dancing links ------------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(random_problems(), st.data())
def test_agrees_with_dancing_links_on_random_problems(problem, data):
    dlx, bitmask = both(problem)
    assert bitmask == dlx
    assert len(set(bitmask)) == len(bitmask)
    search = BitmaskCover(problem)
    assert search.tally() == CoverCount(len(dlx), True)
    first = search.first()
    assert first in dlx if dlx else first is None
    n = len(problem.row_columns)
    if n:
        forced = data.draw(st.sets(st.integers(0, n - 1), max_size=2), label="forced")
        forbidden = data.draw(st.sets(st.integers(0, n - 1), max_size=3), label="forbidden")
        dlx, bitmask = both(problem, forced, forbidden)
        assert bitmask == dlx
        assert all(set(forced) <= set(s) and not set(forbidden) & set(s) for s in bitmask)
        limit = data.draw(st.integers(0, 4), label="limit")
        assert search.tally(limit, forced, forbidden) == problem.tally(limit, forced, forbidden)


@settings(max_examples=60, deadline=None)
@given(random_problems(), st.data())
def test_any_order_of_bits_gives_the_same_solutions(problem, data):
    # Distinct bits in any order, with gaps: the filling order changes, the solutions do not.
    n = problem.n_primary
    bits = data.draw(st.lists(st.integers(0, 3 * n), min_size=n, max_size=n, unique=True), label="bits")
    dlx, bitmask = both(problem, bits=bits)
    assert bitmask == dlx


@pytest.mark.parametrize("n", range(1, 8))
def test_n_queens_agrees_with_dancing_links(n):
    problem = queens(n)
    dlx, bitmask = both(problem)
    assert bitmask == dlx
    for rows in bitmask:  # each is a real placement of n queens, none attacking another
        squares = [divmod(i, n) for i in rows]
        assert len({r for r, _ in squares}) == len({c for _, c in squares}) == n
        assert len({r + c for r, c in squares}) == len({r - c for r, c in squares}) == n


def test_eight_queens_has_92_solutions():
    assert BitmaskCover(queens(8)).tally() == CoverCount(92, True)


def walled_cell_watch(grid: int, stride: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every empty cell needs an empty neighbour: one bit along the line or one stride across."""
    return [(grid, (1, -1, stride, -stride))]


@pytest.mark.parametrize(("rows", "cols"), [(1, 4), (2, 5), (3, 4), (4, 4), (3, 5), (4, 5)])
def test_domino_tilings_agree_with_dancing_links(rows, cols):
    problem = ExactCover(*grid_tilings(rows, cols))
    dlx, bitmask = both(problem)
    assert bitmask == dlx
    # The same along columns, and with one spare bit per line and the walled-in cell test switched on.
    by_column = [c * rows + r for r in range(rows) for c in range(cols)]
    assert both(problem, bits=by_column)[1] == dlx
    stride = cols + 1
    spaced = [r * stride + c for r in range(rows) for c in range(cols)]
    grid = sum(1 << b for b in spaced)
    assert both(problem, bits=spaced, grid=grid, watches=walled_cell_watch(grid, stride))[1] == dlx
    # The general dead-end test (two watches, or a watch on part of the grid) finds the same.
    twice = walled_cell_watch(grid, stride) * 2
    assert both(problem, bits=spaced, grid=grid, watches=twice)[1] == dlx
    top_line = sum(1 << b for b in spaced[:cols])
    assert both(problem, bits=spaced, grid=grid, watches=[(top_line, (1, -1, stride, -stride))])[1] == dlx


def test_a_watch_drops_placements_that_strand_a_target():
    # A 2x2 square, bits 0 1 / 3 4 (bit 2 spare). The watch asks every empty cell for an empty cell one bit up:
    # the bottom-right cell (bit 4) never has one, so every placement that leaves it empty is dropped and the
    # search finds nothing. Watching only the top-left cell instead (it needs bit 1 empty when it is empty) drops
    # nothing that matters: it is covered by the first placement.
    problem = ExactCover(*grid_tilings(2, 2))
    bits, grid = [0, 1, 3, 4], 0b11011
    assert BitmaskCover(problem, bits, grid).count() == 2
    assert BitmaskCover(problem, bits, grid, [(grid, (1,))]).count() == 0
    assert BitmaskCover(problem, bits, grid, [(0b1, (1,))]).count() == 2
    assert BitmaskCover(problem, bits, grid, [(0, (1,)), (grid, ())]).count() == 2  # empty watches are ignored


@pytest.mark.parametrize(("m", "n"), [(m, n) for m in range(1, 7) for n in range(m, 9) if m * n <= 30])
def test_domino_tilings_of_rectangles_follow_kasteleyns_formula(m, n):
    cells, pairs = grid_tilings(m, n)
    stride = n + 1
    bits = [r * stride + c for r, c in cells]
    grid = sum(1 << b for b in bits)
    expected = kasteleyn(m, n)
    assert BitmaskCover(ExactCover(cells, pairs)).count() == expected
    assert BitmaskCover(ExactCover(cells, pairs), bits, grid, walled_cell_watch(grid, stride)).count() == expected


def test_every_solution_is_an_exact_cover():
    cells, pairs = grid_tilings(4, 4)
    found = list(BitmaskCover(ExactCover(cells, pairs)).solutions())
    assert len(found) == len(set(found)) == kasteleyn(4, 4)
    for rows in found:
        assert rows == tuple(sorted(rows))
        assert sorted(cell for i in rows for cell in pairs[i]) == sorted(cells)


# -- options and limits ----------------------------------------------------------------------------------------


def test_bad_bits_are_refused():
    problem = ExactCover("ABC", ["AB", "C"])
    for bits in ([0, 1], [0, 1, 2, 3], [0, 1, 1], [0, -1, 2]):
        with pytest.raises(ValueError, match="distinct bit"):
            BitmaskCover(problem, bits)
    assert BitmaskCover(problem, [7, 0, 3]).count() == 1


def test_limit_stops_the_count_and_reports_it_incomplete():
    search = BitmaskCover(ExactCover(*grid_tilings(4, 4)))
    assert search.tally(2) == CoverCount(2, False)
    assert search.count(limit=2) == 2
    assert search.tally(36) == CoverCount(36, False)  # the limit reached: more are not ruled out
    assert search.tally(37) == CoverCount(36, True)
    assert search.tally(0) == CoverCount(0, False)
    assert search.tally(None) == CoverCount(36, True)
    with pytest.raises(ValueError, match="limit"):
        search.tally(-1)
    with pytest.raises(ValueError, match="limit"):
        search.count(-3)


def test_forced_and_forbidden_rows():
    cells, pairs = grid_tilings(2, 4)
    problem = ExactCover(cells, pairs)
    search = BitmaskCover(problem)
    vertical = pairs.index(((0, 0), (1, 0)))
    horizontal = pairs.index(((0, 0), (0, 1)))
    assert search.count(forced=[vertical]) == 3  # a 2x3 strip remains
    assert search.count(forced=[horizontal]) == 2
    assert search.count(forced=[vertical, horizontal]) == 0  # they share a cell
    assert search.first(forced=[vertical, horizontal]) is None
    assert search.count(forbidden=[vertical]) == 5 - 3
    assert search.count(forced=[vertical], forbidden=[vertical]) == 0
    horizontals = [i for i, (a, b) in enumerate(pairs) if a[0] == b[0]]
    assert list(search.solutions(forbidden=horizontals)) == [tuple(sorted(set(range(len(pairs))) - set(horizontals)))]
    with pytest.raises(ValueError, match="out of range"):
        search.count(forced=[len(pairs)])
    with pytest.raises(ValueError, match="out of range"):
        search.count(forbidden=[-1])


def test_rows_forced_at_construction_apply_to_every_search():
    cells, pairs = grid_tilings(2, 4)
    vertical = pairs.index(((0, 0), (1, 0)))
    search = BitmaskCover(ExactCover(cells, pairs, forced=[vertical]))
    assert search.count() == 3
    assert all(vertical in rows for rows in search.solutions())
    assert search.count(forbidden=[vertical]) == 0


def test_searches_are_independent():
    search = BitmaskCover(ExactCover(*grid_tilings(4, 4)))
    first = search.solutions()
    next(first)
    next(first)
    other = search.solutions(forbidden=[0])
    next(other)
    assert search.count() == 36
    assert sum(1 for _ in first) == 34


def test_empty_problem_has_one_empty_solution():
    for problem in (ExactCover([], []), ExactCover([], [], ["x"]), ExactCover([], [[], ["x"]], ["x"])):
        assert list(BitmaskCover(problem).solutions()) == list(problem.solutions()) == [()]
        assert BitmaskCover(problem).tally() == CoverCount(1, True)


def test_uncoverable_column_means_no_solution():
    problem = ExactCover("ABC", ["AB", "B"])
    assert BitmaskCover(problem).first() is None
    assert BitmaskCover(problem).tally() == CoverCount(0, True)


def test_secondary_columns_are_covered_at_most_once():
    # A and B each once; x at most once: A+x with B+x is out, the others are in.
    problem = ExactCover("AB", ["Ax", "Bx", "A", "B"], "x")
    assert sorted(BitmaskCover(problem).solutions()) == [(0, 3), (1, 2), (2, 3)]


def test_long_thin_board_searches_without_recursion():
    # 2x400: 400 dominoes, a search 400 levels deep, with the recursion limit just above the current depth.
    cells, pairs = grid_tilings(2, 400)
    problem = ExactCover(cells, pairs)
    along = [c * 2 + r for r, c in cells]
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 60)
    try:
        tallies = [BitmaskCover(problem).tally(50), BitmaskCover(problem, along).tally(50)]
        first = BitmaskCover(problem, along).first()
    finally:
        sys.setrecursionlimit(old_limit)
    assert tallies == [CoverCount(50, False)] * 2
    assert sorted(cell for i in first for cell in pairs[i]) == sorted(cells)


def test_random_rectangle_tilings_agree_with_dancing_links_under_forbidden_rows():
    rng = random.Random(7)
    cells, pairs = grid_tilings(4, 5)
    problem = ExactCover(cells, pairs)
    for _ in range(5):
        forbidden = rng.sample(range(len(pairs)), 6)
        dlx, bitmask = both(problem, forbidden=forbidden)
        assert bitmask == dlx
