"""Tests for the canonical form: one key per puzzle up to board symmetry and (full sets) renaming of numbers.

The symmetries and the equivalence are written out again here on plain coordinates, independently of
``dominosa/canonical.py``: turning a grid a quarter round is ``(r, c) -> (c, H-1-r)``, and two puzzles are the
same when some of the 8 turns and mirrors of one, moved to the origin, has the other's cells and clues and a
consistent one-to-one renaming of its numbers (the identity for a set that is not full).
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import layouts, seeds

from dominosa import Board, Puzzle, Solution, full_set, problems
from dominosa.canonical import canonical_key, canonical_layout, canonical_puzzle
from dominosa.generator.layouts import random_layout

Cell = tuple[int, int]


# -- the symmetries, written independently -----------------------------------------------------------------


def turn(cell: Cell, k: int, mirror: bool) -> Cell:
    """The cell after ``k`` quarter turns clockwise about the origin, mirrored first if asked (no translation)."""
    r, c = cell
    if mirror:
        c = -c
    for _ in range(k):
        r, c = c, -r
    return r, c


def to_origin(cells: dict[Cell, int], shift: Cell = (0, 0)) -> dict[Cell, int]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return {(r - r0 + shift[0], c - c0 + shift[1]): v for (r, c), v in cells.items()}


def moved(
    puzzle: Puzzle, k: int, mirror: bool, renaming: list[int] | None = None, shift: Cell = (0, 0)
) -> tuple[Puzzle, dict[Cell, Cell]]:
    """The puzzle turned, mirrored, renamed and moved to ``shift``; also where each cell went."""
    turned = {turn(cell, k, mirror): cell for cell in puzzle.board.cells}
    r0 = min(r for r, _ in turned)
    c0 = min(c for _, c in turned)
    where = {old: (r - r0 + shift[0], c - c0 + shift[1]) for (r, c), old in turned.items()}
    numbers = {where[cell]: puzzle.number_at(cell) for cell in puzzle.board.cells}
    if renaming is not None:
        numbers = {cell: renaming[v] for cell, v in numbers.items()}
    clues = [(where[a], where[b]) for a, b in puzzle.clues]
    dominoes = None if puzzle.is_full_set else puzzle.dominoes
    return Puzzle.from_cells(numbers, dominoes=dominoes, clues=clues), where


def same_puzzle(p: Puzzle, q: Puzzle) -> bool:
    """The oracle: is ``q`` some turn/mirror of ``p`` (moved to the origin) with its numbers renamed?"""
    if p.is_full_set != q.is_full_set or len(p.board) != len(q.board):
        return False
    if not p.is_full_set and p.dominoes != q.dominoes:
        return False
    q_cells = to_origin(dict(zip(q.board.cells, q.numbers, strict=True)))
    q_shift = (min(r for r, _ in q.board.cells), min(c for _, c in q.board.cells))
    q_clues = {
        frozenset(((a[0] - q_shift[0], a[1] - q_shift[1]), (b[0] - q_shift[0], b[1] - q_shift[1]))) for a, b in q.clues
    }
    for k, mirror in itertools.product(range(4), (False, True)):
        image, where = moved(p, k, mirror)
        if set(image.board.cells) != set(q_cells):
            continue
        if {frozenset(clue) for clue in image.clues} != q_clues:
            continue
        names: dict[int, int] = {}
        ok = True
        for cell, v in zip(image.board.cells, image.numbers, strict=True):
            w = q_cells[cell]
            if not p.is_full_set and v != w:
                ok = False
                break
            if names.setdefault(v, w) != w:
                ok = False
                break
        if ok and len(set(names.values())) == len(names):
            return True
    return False


def swapped(puzzle: Puzzle, a: int, b: int) -> Puzzle:
    """The puzzle with the numbers of cells ``a`` and ``b`` (indices) exchanged; clues dropped, since they may
    no longer show distinct dominoes."""
    numbers = list(puzzle.numbers)
    numbers[a], numbers[b] = numbers[b], numbers[a]
    return Puzzle(puzzle.board, tuple(numbers), puzzle.dominoes)


# -- the same puzzle in disguise gets the same key ----------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    layouts(min_order=1, max_order=7, clues=False) | layouts(min_order=1, max_order=7, clues=True),
    st.integers(0, 3),
    st.booleans(),
    seeds(),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
)
def test_a_turned_mirrored_renamed_moved_puzzle_has_the_same_key(layout, k, mirror, seed, shift):
    puzzle, _ = layout
    renaming = list(range(puzzle.order + 1))
    random.Random(seed).shuffle(renaming)
    other, _ = moved(puzzle, k, mirror, renaming, shift)
    assert same_puzzle(puzzle, other)  # the oracle agrees with itself
    assert canonical_key(other) == canonical_key(puzzle)
    assert canonical_puzzle(other) == canonical_puzzle(puzzle)


@settings(max_examples=80, deadline=None)
@given(layouts(min_order=1, max_order=7), st.data())
def test_a_swap_of_two_numbers_changes_the_key_exactly_when_the_puzzle_changes(layout, data):
    puzzle, _ = layout
    n = len(puzzle.board)
    a = data.draw(st.integers(0, n - 1))
    b = data.draw(st.integers(0, n - 1).filter(lambda x: puzzle.numbers[x] != puzzle.numbers[a]))
    other = swapped(puzzle, a, b)
    assert (canonical_key(other) == canonical_key(puzzle)) == same_puzzle(puzzle, other)


@settings(max_examples=150, deadline=None)
@given(
    layouts(min_order=1, max_order=2, clues=False) | layouts(min_order=1, max_order=2, clues=True),
    layouts(min_order=1, max_order=2, clues=False),
)
def test_on_small_boards_equal_keys_mean_exactly_the_same_puzzle(first, second):
    """Small orders make coincidences common, so both directions of "iff" get exercised."""
    p, q = first[0], second[0]
    assert (canonical_key(p) == canonical_key(q)) == same_puzzle(p, q)


def test_every_order_one_grid_falls_into_the_classes_the_oracle_finds():
    """All 20 ways to write three 0s and three 1s on the 2x3 board, exhaustively."""
    board = Board.rectangle(2, 3)
    puzzles = []
    for zeros in itertools.combinations(range(6), 3):
        numbers = tuple(0 if i in zeros else 1 for i in range(6))
        puzzles.append(Puzzle(board, numbers, full_set(1)))
    classes: list[list[Puzzle]] = []
    for p in puzzles:
        for group in classes:
            if same_puzzle(group[0], p):
                group.append(p)
                break
        else:
            classes.append([p])
    keys = {canonical_key(p) for p in puzzles}
    assert len(keys) == len(classes)
    for group in classes:
        assert len({canonical_key(p) for p in group}) == 1
    # A puzzle and its renaming 0<->1 are one puzzle: e.g. 001/110 and 110/001 (also a mirror image).
    assert canonical_key(Puzzle.from_grid([[0, 0, 1], [1, 1, 0]])) == canonical_key(
        Puzzle.from_grid([[1, 1, 0], [0, 0, 1]])
    )


def test_a_rectangle_and_its_transpose_are_the_same_puzzle():
    puzzle = Puzzle.from_grid([[2, 2, 2, 2, 3], [1, 0, 1, 0, 1], [2, 3, 3, 0, 1], [0, 3, 3, 1, 0]])
    transpose = Puzzle.from_grid([list(column) for column in zip(*puzzle.grid, strict=True)])
    assert (transpose.rows, transpose.cols) == (5, 4)
    assert canonical_key(transpose) == canonical_key(puzzle)


def test_clues_are_part_of_the_puzzle():
    puzzle = Puzzle.from_grid([[2, 2, 2, 2, 3], [1, 0, 1, 0, 1], [2, 3, 3, 0, 1], [0, 3, 3, 1, 0]])
    one = puzzle.with_clues([((0, 1), (0, 2))])
    other = puzzle.with_clues([((3, 1), (3, 2))])
    keys = {canonical_key(puzzle), canonical_key(one), canonical_key(other)}
    assert len(keys) == 3
    # The clue turns with the board: the puzzle turned half round with its clue is the same puzzle.
    turned, _ = moved(one, 2, False)
    assert canonical_key(turned) == canonical_key(one)


def test_a_set_that_is_not_full_keeps_its_numbers():
    """Renaming the numbers of a partial set would change which dominoes it holds: not the same puzzle."""
    rng = random.Random(5)
    puzzle, _ = random_layout(Board.rectangle(4, 4), rng, dominoes=rng.sample(full_set(5), 8))
    assert not puzzle.is_full_set
    for k, mirror in itertools.product(range(4), (False, True)):
        assert canonical_key(moved(puzzle, k, mirror)[0]) == canonical_key(puzzle)
    used = sorted(set(puzzle.numbers))
    renaming = list(range(6))
    renaming[used[0]], renaming[used[-1]] = used[-1], used[0]
    renamed = Puzzle(
        puzzle.board,
        tuple(renaming[v] for v in puzzle.numbers),
        tuple((renaming[a], renaming[b]) for a, b in puzzle.dominoes),
    )
    assert not same_puzzle(puzzle, renamed)
    assert canonical_key(renamed) != canonical_key(puzzle)


def test_the_same_numbers_with_another_domino_set_are_another_puzzle():
    one = Puzzle.from_grid([[0, 1], [2, 3]], dominoes=[(0, 1), (2, 3)])
    other = Puzzle.from_grid([[0, 1], [2, 3]], dominoes=[(0, 2), (1, 3)])
    assert canonical_key(one) != canonical_key(other)


def test_irregular_boards_compare_by_shape_after_moving_to_the_origin():
    # An L of six cells, written away from the origin, and its mirror image written at the origin.
    far = Puzzle.from_cells({(2, 3): 0, (2, 4): 0, (3, 3): 1, (4, 3): 1, (4, 4): 1, (3, 4): 0})
    near = Puzzle.from_cells({(0, 1): 0, (0, 0): 0, (1, 1): 1, (2, 1): 1, (2, 0): 1, (1, 0): 0})
    assert canonical_key(far) == canonical_key(near)
    holed = Puzzle.from_grid([[0, 0, None], [1, 1, 0], [None, 1, None]], dominoes=[(0, 0), (0, 1), (1, 1)])
    assert canonical_key(holed) != canonical_key(far)


@settings(max_examples=60, deadline=None)
@given(layouts(min_order=1, max_order=6, clues=True), st.integers(0, 3), st.booleans())
def test_the_canonical_layout_is_a_fixed_point_and_keeps_its_solution(layout, k, mirror):
    puzzle, solution = layout
    canonical, carried = canonical_layout(puzzle, solution)
    assert problems(canonical, carried) == []
    assert canonical_key(canonical) == canonical_key(puzzle)
    assert canonical_puzzle(canonical) == canonical
    assert same_puzzle(puzzle, canonical)
    assert min(r for r, _ in canonical.board.cells) == 0 and min(c for _, c in canonical.board.cells) == 0
    again, _ = moved(puzzle, k, mirror)
    assert canonical_puzzle(again) == canonical


def test_a_big_key_is_quick():
    """The store keys every puzzle it is given; order 30 (992 cells) stays in the milliseconds. Measured in this
    process's CPU time, which other work on the machine does not stretch as it stretches the wall clock."""
    import time

    puzzle, solution = random_layout(30, random.Random(3))
    assert isinstance(solution, Solution)
    canonical_key(puzzle)
    start = time.process_time()
    for _ in range(10):
        canonical_key(puzzle)
    assert (time.process_time() - start) / 10 < 0.05
