"""Layouts as plain data, and the moves the evolutionary search makes on them.

A :class:`Layout` is a domino tiling of a board with a number in every cell: the puzzle together with its
hidden solution. It is two tuples of integers, so it pickles small and travels to worker processes (or a Dask
cluster) as plain data; the board and the domino set travel beside it.

Every move keeps a layout a layout (each domino of the set exactly once, the tiling a tiling):

- :func:`swap_dominoes`: two dominoes trade places, each landing either way round;
- :func:`turn_domino`: one domino turned end for end (its two numbers swap cells);
- :func:`rotate_block`: a 2x2 block of two parallel dominoes turned a quarter round, numbers moving with the
  cells, so both dominoes stay in the set and only the tiling (and where the numbers sit) changes;
- :func:`repair`: the move of :mod:`dominosa.generator.proper` for a layout with a second solution: a domino
  the second solution does not use trades places with another, which breaks the ambiguity found.

A move that would leave a *trivially ambiguous* 2x2 square (two parallel dominoes that, turned round, show the
same two dominoes: such a puzzle always has a second solution) is drawn again. Only the squares around the
cells a move touched are checked, so a move costs O(cells) for rebuilding the partner array and O(1) besides.

All randomness comes from the ``random.Random`` passed in: the same generator state gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from dominosa.board import Board
from dominosa.dominoes import Domino
from dominosa.generator.layouts import (
    board_squares,
    dealt_set,
    random_tiles,
    swap_numbers,
    trivial_square_indices,
)
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "Layout",
    "layout_of",
    "random_start",
    "to_puzzle",
    "to_solution",
    "swap_dominoes",
    "turn_domino",
    "rotate_block",
    "repair",
    "mutate",
    "MOVES",
    "has_trivial_square",
]

# How often a move is drawn again when it leaves a trivial square, before the layout is returned unchanged.
_ATTEMPTS = 12


class Layout(NamedTuple):
    """A tiling with numbers: ``tiles`` are (a, b) cell indices with a < b, sorted; ``numbers`` are by cell.

    Plain tuples on purpose: this is what crosses process boundaries, and what equality and hashing use.
    """

    tiles: tuple[tuple[int, int], ...]
    numbers: tuple[int, ...]


def layout_of(puzzle: Puzzle, solution: Solution) -> Layout:
    """The layout of a puzzle and its solution (clues are not part of a layout)."""
    index = puzzle.board.index
    tiles = sorted(tuple(sorted((index[a], index[b]))) for a, b in solution.placements)
    return Layout(tuple(tiles), puzzle.numbers)  # type: ignore[arg-type]


def random_start(board: Board, rng: random.Random, dominoes: Iterable[Domino] | None = None) -> Layout:
    """A random layout of the board with no trivial square: :func:`~dominosa.generator.layouts.random_layout`'s,
    the same draws, made as plain data."""
    pairs, numbers = random_tiles(board, rng, dealt_set(board, dominoes))
    return Layout(tuple(board.pairs[k] for k in pairs), tuple(numbers))


def to_puzzle(board: Board, dominoes: Sequence[Domino], layout: Layout) -> Puzzle:
    """The puzzle a layout shows (no clues). Unchecked: every layout the generator holds is a tiling of the board
    by the domino set, which is what the puzzle's checks would prove again."""
    return Puzzle.unchecked(board, layout.numbers, tuple(dominoes))


def to_solution(board: Board, layout: Layout) -> Solution:
    """The layout's tiling as a :class:`Solution`."""
    cells = board.cells
    return Solution(tuple((cells[a], cells[b]) for a, b in layout.tiles))


def _partner(n: int, tiles: Iterable[tuple[int, int]]) -> list[int]:
    partner = [0] * n
    for a, b in tiles:
        partner[a], partner[b] = b, a
    return partner


def has_trivial_square(board: Board, layout: Layout, cells: Iterable[int] | None = None) -> bool:
    """True when a 2x2 square (among those touching ``cells``, or anywhere) is trivially ambiguous."""
    squares, cell_squares = board_squares(board)
    partner = _partner(len(board.cells), layout.tiles)
    numbers = list(layout.numbers)
    which = range(len(squares)) if cells is None else {s for c in cells for s in cell_squares[c]}
    return bool(trivial_square_indices(squares, which, partner, numbers))


def _swap(layout: Layout, t: int, u: int, rng: random.Random) -> tuple[Layout, tuple[int, ...]]:
    """Tiles t and u trade numbers, each landing either way round; the new layout and the cells touched."""
    numbers = list(layout.numbers)
    touched = swap_numbers(layout.tiles, numbers, t, u, rng)
    return Layout(layout.tiles, tuple(numbers)), touched


def _checked(board: Board, layout: Layout, draw: Callable[[], tuple[Layout, tuple[int, ...]] | None]) -> Layout:
    """The first drawn move that leaves no trivial square around the cells it touched; the layout unchanged
    when every attempt does (or none is possible)."""
    for _ in range(_ATTEMPTS):
        drawn = draw()
        if drawn is None:
            return layout
        moved, touched = drawn
        if not has_trivial_square(board, moved, touched):
            return moved
    return layout


def swap_dominoes(board: Board, layout: Layout, rng: random.Random) -> Layout:
    """Two random dominoes trade places, each landing either way round."""
    n = len(layout.tiles)
    if n < 2:
        return layout

    def draw() -> tuple[Layout, tuple[int, ...]]:
        t = rng.randrange(n)
        u = rng.randrange(n - 1)
        return _swap(layout, t, u + (u >= t), rng)

    return _checked(board, layout, draw)


def turn_domino(board: Board, layout: Layout, rng: random.Random) -> Layout:
    """One random domino (not a double: turning it would change nothing) turned end for end."""
    numbers = layout.numbers
    turnable = [t for t, (a, b) in enumerate(layout.tiles) if numbers[a] != numbers[b]]
    if not turnable:
        return layout

    def draw() -> tuple[Layout, tuple[int, ...]]:
        a, b = layout.tiles[rng.choice(turnable)]
        new = list(numbers)
        new[a], new[b] = new[b], new[a]
        return Layout(layout.tiles, tuple(new)), (a, b)

    return _checked(board, layout, draw)


def rotate_block(board: Board, layout: Layout, rng: random.Random) -> Layout:
    """A 2x2 block of two parallel dominoes turned a quarter round (either way), numbers moving with the cells.

    The block's two dominoes stay the same dominoes, so the layout keeps the full set; the tiling changes from
    two horizontal dominoes to two vertical ones or back, and the four numbers go round the block.
    """
    squares, _ = board_squares(board)
    partner = _partner(len(board.cells), layout.tiles)
    blocks = [
        (tl, tr, bl, br)
        for tl, tr, bl, br in squares
        if (partner[tl] == tr and partner[bl] == br) or (partner[tl] == bl and partner[tr] == br)
    ]
    if not blocks:
        return layout

    def draw() -> tuple[Layout, tuple[int, ...]]:
        tl, tr, bl, br = rng.choice(blocks)
        numbers = list(layout.numbers)
        n_tl, n_tr, n_bl, n_br = numbers[tl], numbers[tr], numbers[bl], numbers[br]
        if rng.getrandbits(1):  # clockwise: tl -> tr -> br -> bl -> tl
            numbers[tr], numbers[br], numbers[bl], numbers[tl] = n_tl, n_tr, n_br, n_bl
        else:  # anticlockwise: tl -> bl -> br -> tr -> tl
            numbers[bl], numbers[br], numbers[tr], numbers[tl] = n_tl, n_bl, n_br, n_tr
        horizontal = partner[tl] == tr  # two horizontal dominoes become vertical ones, and back
        new_tiles = ((tl, bl), (tr, br)) if horizontal else ((tl, tr), (bl, br))
        old = {(tl, partner[tl]), (partner[br], br)}  # tl is the block's first cell in reading order, br its last
        tiles = tuple(sorted([t for t in layout.tiles if t not in old] + list(new_tiles)))
        return Layout(tiles, tuple(numbers)), (tl, tr, bl, br)

    return _checked(board, layout, draw)


def repair(board: Board, layout: Layout, rng: random.Random, unused: Sequence[int] = ()) -> Layout:
    """Break an ambiguity: a domino of the layout that another solution does not use trades places with another.

    ``unused`` are the indices (in ``layout.tiles``) of the layout's dominoes that the second solution found
    does not place where the layout does; one of them must change for that solution to stop working. Without
    them (the count ran out of budget and found no second solution) any domino may move.
    """
    n = len(layout.tiles)
    if n < 2:
        return layout
    pool = list(unused) or list(range(n))

    def draw() -> tuple[Layout, tuple[int, ...]]:
        t = rng.choice(pool)
        u = rng.randrange(n - 1)
        return _swap(layout, t, u + (u >= t), rng)

    return _checked(board, layout, draw)


# The moves of the search and how often each is drawn: swaps explore the most, turns and block rotations are
# the fine adjustments.
MOVES: tuple[tuple[Callable[[Board, Layout, random.Random], Layout], int], ...] = (
    (swap_dominoes, 3),
    (turn_domino, 2),
    (rotate_block, 2),
)


def mutate(board: Board, layout: Layout, rng: random.Random, *, moves: int = 1) -> Layout:
    """``moves`` random moves (from :data:`MOVES`, by their weights) applied one after another."""
    functions = [f for f, _ in MOVES]
    weights = [w for _, w in MOVES]
    for _ in range(moves):
        (move,) = rng.choices(functions, weights)
        layout = move(board, layout, rng)
    return layout
