"""Tests for the exact cover engine: known counts, the options of a search, agreement with brute force."""

from __future__ import annotations

import itertools

import pytest
from cover_cases import grid_tilings, queens
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.cover.exact_cover import CoverCount, ExactCover

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
