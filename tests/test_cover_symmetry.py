"""Tests for solutions up to symmetry: SymmetryGroup keeps exactly the candidate column maps that are automorphisms
of the problem, its orbits agree with orbits computed here by moving the solutions' columns directly, and a search
with the Reduction finds exactly one solution of every class (random polyomino packings of rectangles and squares,
random problems closed under a random permutation, domino tilings with no fixed column, a pivot row with a
non-trivial stabiliser)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

import pytest
from cover_cases import random_partition, square_maps
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dominosa.cover.bitmask import BitmaskCover
from dominosa.cover.exact_cover import ExactCover
from dominosa.cover.symmetry import SymmetryGroup

# -- an independent model of polyomino packings -------------------------------------------------------------------


def board_maps(rows: int, cols: int) -> list[Callable[[int, int], tuple[int, int]]]:
    """The eight symmetries of a rows x cols box as maps of cells, identity first. On a box that is not square the
    quarter turns and diagonal mirrors take some cells off the box."""
    return square_maps(rows - 1, cols - 1)


def column_map(cell_map: Callable[[int, int], tuple[int, int]]) -> Callable[[Hashable], Hashable]:
    """The cell map acting on the columns ("cell", r, c); piece columns stay where they are."""

    def move(column: Hashable) -> Hashable:
        if column[0] == "cell":
            return ("cell", *cell_map(column[1], column[2]))
        return column

    return move


def shapes(cells: set, flip: bool) -> set[tuple]:
    """Every orientation of a polyomino, moved to row 0 and column 0, by turning its picture."""
    out = set()
    for mirrored in (False, True) if flip else (False,):
        points = [(r, -c) if mirrored else (r, c) for r, c in cells]
        for _ in range(4):
            points = [(c, -r) for r, c in points]
            top, left = min(r for r, _ in points), min(c for _, c in points)
            out.add(tuple(sorted((r - top, c - left) for r, c in points)))
    return out


def packing_problem(rows: int, cols: int, pieces: list[set], flips: list[bool]) -> ExactCover:
    """Pack the named pieces into the box, each once: a column per cell and per piece, a row per placement."""
    board = {(r, c) for r in range(rows) for c in range(cols)}
    primary = [("cell", r, c) for r, c in sorted(board)] + [("piece", k) for k in range(len(pieces))]
    placements = []
    for k, (piece, flip) in enumerate(zip(pieces, flips, strict=True)):
        for shape in sorted(shapes(piece, flip)):
            for dr in range(rows):
                for dc in range(cols):
                    cells = [(r + dr, c + dc) for r, c in shape]
                    if all(cell in board for cell in cells):
                        placements.append([("cell", *cell) for cell in cells] + [("piece", k)])
    return ExactCover(primary, placements)


# -- independent orbits ----------------------------------------------------------------------------------------


def as_columns(problem: ExactCover, solution) -> frozenset:
    """A solution as the set of its rows' column-name sets (rows are distinct as sets in these problems)."""
    return frozenset(frozenset(problem.columns[k] for k in problem.row_columns[i]) for i in solution)


def moved(solution_columns: frozenset, move: Callable[[Hashable], Hashable]) -> frozenset:
    return frozenset(frozenset(move(name) for name in row) for row in solution_columns)


def symmetries_of_solutions(problem: ExactCover, everything: list, moves: list) -> list:
    """The moves that take every solution to a solution (those the problem allows, when it has solutions)."""
    solutions = {as_columns(problem, s) for s in everything}
    return [m for m in moves if all(moved(s, m) in solutions for s in solutions)]


def classes(problem: ExactCover, everything: list, moves: list) -> dict[frozenset, frozenset]:
    """Each solution's class (as its column form) -> the class: the set of its images under the moves."""
    out = {}
    for s in everything:
        form = as_columns(problem, s)
        out[form] = frozenset(moved(form, m) for m in moves)
    return out


def check_one_per_class(problem: ExactCover, candidates: list, moves: list) -> SymmetryGroup:
    """The reduced search (both back ends) finds one solution of every class, and no class twice."""
    everything = list(problem.solutions())
    group = SymmetryGroup(problem, candidates)
    reduction = group.reduction()
    reduced = list(reduction.filter(problem.solutions(forbidden=reduction.forbidden)))
    reduced_bitmask = list(reduction.filter(BitmaskCover(problem).solutions(forbidden=reduction.forbidden)))
    assert sorted(reduced_bitmask) == sorted(reduced)
    assert set(reduced) <= set(everything)
    # In the group's own terms: canonical forms of the reduced solutions are those of all solutions, once each.
    canonical = [group.canonical(s) for s in reduced]
    assert len(set(canonical)) == len(canonical)
    assert set(canonical) == {group.canonical(s) for s in everything}
    # Independently: the classes under the moves that keep the solutions solutions.
    allowed = symmetries_of_solutions(problem, everything, moves)
    by_class = classes(problem, everything, allowed)
    found = [by_class[as_columns(problem, s)] for s in reduced]
    assert len(set(found)) == len(found)
    assert set(found) == set(by_class.values())
    if everything:
        # As many symmetries as the allowed moves have different effects on the rows.
        rows = [frozenset(problem.columns[k] for k in cols) for cols in problem.row_columns]
        assert len(group) == len({tuple(frozenset(m(name) for name in row) for row in rows) for m in allowed})
    for s in everything:
        orbit = group.orbit(s)
        assert len(group) % len(orbit) == 0
        assert {as_columns(problem, t) for t in orbit} == by_class[as_columns(problem, s)]
    return group


@st.composite
def packings(draw):
    """A random rectangle or square of at most 16 cells cut into distinct pieces, some of which may not flip."""
    seed = draw(st.integers(0, 2**32 - 1))
    rows = draw(st.integers(1, 4))
    cols = draw(st.sampled_from([rows, rows, min(rows + 1, 5), min(rows + 2, 5)]))
    rng = random.Random(seed)
    pieces = random_partition([(r, c) for r in range(rows) for c in range(cols)], rng, 3, 5, lone=False)
    flips = [rng.random() < 0.7 for _ in pieces]
    assume(packing_problem(rows, cols, pieces, flips).tally(1000).complete)  # not too many tilings to list
    return rows, cols, pieces, flips


@settings(max_examples=40, deadline=None)
@given(packings())
def test_one_tiling_per_class_on_random_packings(packing):
    rows, cols, pieces, flips = packing
    problem = packing_problem(rows, cols, pieces, flips)
    maps = board_maps(rows, cols)
    moves = [column_map(m) for m in maps]
    group = check_one_per_class(problem, moves[1:], moves)
    assert len(group) in (1, 2, 4, 8)
    if rows != cols:
        assert len(group) <= 4  # quarter turns do not map a box that is not square onto itself


@pytest.mark.parametrize("n", [2, 4])
def test_domino_tilings_of_a_square_have_no_fixed_column(n):
    # No cell of an even square is fixed by every symmetry and there is no piece column: nothing can be
    # forbidden, so the reduction keeps exactly the canonical solutions.
    cells = [(r, c) for r in range(n) for c in range(n)]
    pairs = [((r, c), (r, c + 1)) for r, c in cells if c + 1 < n] + [
        ((r, c), (r + 1, c)) for r, c in cells if r + 1 < n
    ]
    problem = ExactCover(cells, pairs)

    def move_of(cell_map):
        return lambda cell: cell_map(*cell)

    moves = [move_of(m) for m in board_maps(n, n)]
    group = SymmetryGroup(problem, moves[1:])
    reduction = group.reduction()
    assert reduction.pivot is None and reduction.forbidden == frozenset()
    assert len(group) == 8

    def as_pairs(solution):
        return frozenset(frozenset(pairs[i]) for i in solution)

    def image(form, move):
        return frozenset(frozenset(move(cell) for cell in pair) for pair in form)

    everything = list(problem.solutions())
    kinds = {frozenset(image(as_pairs(s), m) for m in moves) for s in everything}
    reduced = list(reduction.filter(problem.solutions()))
    assert len(reduced) == len(kinds)
    assert {frozenset(image(as_pairs(s), m) for m in moves) for s in reduced} == kinds


def test_a_kept_row_with_a_nontrivial_stabiliser_is_filtered():
    # A 3x3 board: the plus (X) must lie at the centre, four named single squares fill the corners in 4! = 24
    # ways. The eight symmetries of the square move the corners round without fixing any labelling, so there
    # are 24 / 8 = 3 classes. The X is the only pivot whose rows all have one orbit: its one row is fixed by all
    # eight symmetries, so keep() must choose among the 24 solutions found through it.
    plus = {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}
    pieces = [plus, {(0, 0)}, {(0, 0)}, {(0, 0)}, {(0, 0)}]
    problem = packing_problem(3, 3, pieces, [True] * 5)
    moves = [column_map(m) for m in board_maps(3, 3)]
    group = check_one_per_class(problem, moves[1:], moves)
    reduction = group.reduction()
    assert len(group) == 8
    assert any(len(stabiliser) > 1 for stabiliser in reduction.stabilisers.values())
    found = list(problem.solutions(forbidden=reduction.forbidden))
    assert len(found) == 24
    assert len(list(reduction.filter(found))) == 3


def test_symmetric_pieces_on_an_odd_square():
    # A 3x3 board with an L tromino, a domino and an L tetromino; when the tetromino (which is chiral) may not
    # flip, only the four turns survive.
    pieces = [{(0, 0), (1, 0), (1, 1)}, {(0, 0), (0, 1)}, {(0, 0), (1, 0), (2, 0), (2, 1)}]
    for flips in ([True, True, True], [True, True, False]):
        problem = packing_problem(3, 3, pieces, flips)
        moves = [column_map(m) for m in board_maps(3, 3)]
        group = check_one_per_class(problem, moves[1:], moves)
        assert len(group) == (8 if all(flips) else 4)


# -- random problems closed under a random permutation -------------------------------------------------------------


@st.composite
def symmetric_problems(draw):
    """Columns permuted by a random permutation p (primary to primary); random rows closed under p, no repeats.
    The candidates are the powers of p, a whole cyclic group."""
    n_primary = draw(st.integers(2, 7))
    n_secondary = draw(st.integers(0, 2))
    perm = draw(st.permutations(range(n_primary))) + [n_primary + k for k in draw(st.permutations(range(n_secondary)))]
    columns = list(range(n_primary + n_secondary))
    base = draw(st.lists(st.sets(st.sampled_from(columns), min_size=1, max_size=4), min_size=1, max_size=5))
    order = 1
    power = list(columns)
    while True:
        power = [perm[k] for k in power]
        if power == columns:
            break
        order += 1
    rows: list[frozenset] = []
    for row in base:
        image = frozenset(row)
        for _ in range(order):
            if image not in rows:
                rows.append(image)
            image = frozenset(perm[k] for k in image)
    powers = []
    power = list(columns)
    for _ in range(order - 1):
        power = [perm[k] for k in power]
        powers.append(dict(enumerate(power)))
    problem = ExactCover(columns[:n_primary], [sorted(r) for r in rows], columns[n_primary:])
    return problem, powers


@settings(max_examples=80, deadline=None)
@given(symmetric_problems())
def test_one_solution_per_class_on_random_symmetric_problems(case):
    problem, powers = case
    candidates = [p.__getitem__ for p in powers]
    moves = [lambda k: k, *candidates]
    group = check_one_per_class(problem, candidates, moves)
    # Every row map is a permutation of the rows, and the identity comes first.
    n = len(problem.row_columns)
    assert group.row_maps[0] == tuple(range(n))
    assert all(sorted(row_map) == list(range(n)) for row_map in group.row_maps)
    assert len(set(group.row_maps)) == len(group)


# -- which candidates are kept -------------------------------------------------------------------------------------


def test_candidates_that_are_not_automorphisms_are_dropped():
    problem = ExactCover("ABCD", ["AB", "CD", "AC", "BD"], "xy")
    swap_ab_cd = {"A": "B", "B": "A", "C": "D", "D": "C", "x": "x", "y": "y"}  # AB->AB, CD->CD, AC->BD, BD->AC
    swap_a_b = {"A": "B", "B": "A", "C": "C", "D": "D", "x": "x", "y": "y"}  # AC -> BC, not a row
    off_problem = {"A": "Z", "B": "B", "C": "C", "D": "D", "x": "x", "y": "y"}
    not_one_to_one = {"A": "A", "B": "A", "C": "C", "D": "D", "x": "x", "y": "y"}
    primary_to_secondary = {"A": "x", "x": "A", "B": "B", "C": "C", "D": "D", "y": "y"}
    swap_secondaries = {"A": "A", "B": "B", "C": "C", "D": "D", "x": "y", "y": "x"}  # no row uses them
    candidates = [swap_ab_cd, swap_a_b, off_problem, not_one_to_one, primary_to_secondary, swap_secondaries]
    group = SymmetryGroup(problem, [m.get for m in candidates])
    # The secondary swap moves no row: its row map is the identity's, so it adds nothing.
    assert len(group) == 2
    assert group.row_maps == ((0, 1, 2, 3), (0, 1, 3, 2))
    assert group.image(1, (2, 3)) == (2, 3)
    assert group.orbit((0, 1)) == {(0, 1)}
    assert group.orbit((2, 3)) == {(2, 3)}


def test_trivial_group_keeps_every_solution():
    problem = ExactCover("AB", ["A", "B", "AB"])
    group = SymmetryGroup(problem)
    reduction = group.reduction()
    assert len(group) == 1 and reduction.pivot is None and not reduction.forbidden
    assert sorted(reduction.filter(problem.solutions())) == [(0, 1), (2,)]
    assert group.canonical((0, 1)) == (0, 1)


def test_orbit_sizes_divide_the_group_order_on_a_square_board():
    pieces = [{(0, 0), (0, 1), (1, 0)}, {(0, 0), (0, 1), (1, 0), (1, 1)}, {(0, 0), (1, 0)}, {(0, 0), (0, 1), (0, 2)}]
    problem = packing_problem(3, 4, pieces, [True] * 4)  # 3x4 box: 12 cells
    moves = [column_map(m) for m in board_maps(3, 4)]
    group = check_one_per_class(problem, moves[1:], moves)
    assert len(group) == 4
    sizes = {len(group.orbit(s)) for s in problem.solutions()}
    assert sizes and all(4 % size == 0 for size in sizes)


# -- known faults ----------------------------------------------------------------------------------------------


def test_repeated_rows_do_not_break_the_identity():
    # Two rows cover the same columns. They are different rows: both solutions count. Offering the identity
    # (as part of a whole group, as the docstring asks) must not add a second "symmetry" that merges them.
    problem = ExactCover("AB", ["AB", "AB"])
    group = SymmetryGroup(problem, [lambda name: name])
    assert all(sorted(row_map) == [0, 1] for row_map in group.row_maps)
    reduction = group.reduction()
    assert len(list(reduction.filter(problem.solutions(forbidden=reduction.forbidden)))) == 2


def test_symmetries_respect_rows_forced_at_construction():
    # The 2x2 square's two tilings are swapped by a quarter turn, but with the left vertical domino forced
    # there is one solution, so one class: the reduced search must still find it.
    cells = [(0, 0), (0, 1), (1, 0), (1, 1)]
    pairs = [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))]
    problem = ExactCover(cells, pairs, forced=[1])
    assert list(problem.solutions()) == [(1, 2)]
    turns = [lambda cell, m=m: m(*cell) for m in board_maps(2, 2)[1:]]
    reduction = SymmetryGroup(problem, turns).reduction()
    assert list(reduction.filter(problem.solutions(forbidden=reduction.forbidden))) == [(1, 2)]


def test_candidates_that_are_not_a_group_are_refused():
    # A quarter turn alone is not closed under composition (its square, the half turn, is missing): a reduction
    # built on it could drop solutions, so the group refuses it.
    cells = [(r, c) for r in range(2) for c in range(2)]
    problem = ExactCover(cells, [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))])
    quarter = {(0, 0): (0, 1), (0, 1): (1, 1), (1, 1): (1, 0), (1, 0): (0, 0)}
    with pytest.raises(ValueError, match="do not form a group"):
        SymmetryGroup(problem, [quarter.get])
