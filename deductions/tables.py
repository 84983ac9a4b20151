"""The integer tables the engine runs on, computed once per puzzle.

Everything the hot loops touch is a tuple of ints: which two cells a pair joins, which pairs meet each cell,
which domino each pair shows, where each domino can go, and which pairs touch a pair. A ``Tables`` is built by
:func:`tables_for` and kept (keyed by the puzzle) so that counting, stepping and rating share it. The same tables
as bitsets (:class:`Masks`, from :func:`masks_of`) are what the rules read a position's pair bitsets with.
"""

from __future__ import annotations

from functools import lru_cache

from dominosa.board import Board
from dominosa.dominoes import domino_places, pair_dominoes
from dominosa.puzzle import Puzzle

__all__ = ["Masks", "Tables", "masks_of", "tables_for"]


class Tables:
    """Precomputed integer tables of one puzzle (see the module docstring).

    Attributes
    ----------
    n_cells, n_pairs, n_dominoes : sizes.
    pair_a, pair_b : the two cells of each pair.
    cell_pairs : the pairs meeting each cell.
    pair_domino : the domino (index into ``puzzle.dominoes``) each pair shows, -1 when it shows none of the set.
    placements : the pairs showing each domino.
    touching : for each pair, the other pairs sharing a cell with it.
    clue_pairs : the clues, as pairs.
    """

    __slots__ = (
        "puzzle",
        "n_cells",
        "n_pairs",
        "n_dominoes",
        "pair_a",
        "pair_b",
        "cell_pairs",
        "pair_domino",
        "placements",
        "touching",
        "clue_pairs",
    )

    def __init__(self, puzzle: Puzzle) -> None:
        board = puzzle.board
        self.puzzle = puzzle
        self.n_cells = len(board.cells)
        self.n_pairs = len(board.pairs)
        self.n_dominoes = len(puzzle.dominoes)
        self.pair_a, self.pair_b, self.touching = _board_tables(board)
        self.cell_pairs = board.cell_pairs
        # Made here from the board's cached pair tables rather than read from the puzzle's properties, which
        # build those tuples again (the same functions): the generator makes tables for many new candidates.
        self.pair_domino = pair_dominoes(puzzle.numbers, self.pair_a, self.pair_b, puzzle.dominoes)
        self.placements = domino_places(self.pair_domino, self.n_dominoes)
        self.clue_pairs = puzzle.clue_pairs if puzzle.clues else ()


@lru_cache(maxsize=256)
def _board_tables(board: Board) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The tables that depend on the board alone (every candidate of a generator shares its board): each pair's
    two cells, and the pairs touching each pair."""
    cell_pairs = board.cell_pairs
    touching = tuple(
        tuple(q for q in cell_pairs[a] + cell_pairs[b] if q != p) for p, (a, b) in enumerate(board.pairs)
    )
    return tuple(a for a, _ in board.pairs), tuple(b for _, b in board.pairs), touching


@lru_cache(maxsize=64)
def tables_for(puzzle: Puzzle) -> Tables:
    """The shared tables of a puzzle (cached: the same puzzle gives the same object)."""
    return Tables(puzzle)


class Masks:
    """One puzzle's tables as bitsets, pair q bit q: each pair's own bit (kept, since a bit past the 62nd is an
    integer made anew at each shift), the pairs of each cell, the placements of each domino, the pairs touching
    each pair, each pair's two cells as a bitset of cells, and (as in :class:`Tables`) each pair's two cells and
    domino."""

    __slots__ = (
        "bit", "cell_pairs", "placements", "touching", "pair_cells", "pair_a", "pair_b", "pair_domino", "all_pairs",
        "n_cells",
    )

    def __init__(self, t: Tables) -> None:
        self.bit, self.cell_pairs, self.touching, self.pair_cells = _board_masks(t.puzzle.board)
        placements = [0] * t.n_dominoes  # the one part that changes with the numbers: one pass over the pairs
        for q, d in enumerate(t.pair_domino):
            if d >= 0:
                placements[d] |= 1 << q
        self.placements = tuple(placements)
        self.pair_a, self.pair_b, self.pair_domino = t.pair_a, t.pair_b, t.pair_domino
        self.all_pairs = (1 << t.n_pairs) - 1
        self.n_cells = t.n_cells


@lru_cache(maxsize=64)
def _board_masks(
    board: Board,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The masks that depend on the board alone (every candidate of a generator shares its board): each pair's
    bit, each cell's pairs, the pairs touching each pair (those of its two cells but itself), and each pair's
    cells."""
    cell_pairs = tuple(_indices_as_bits(ps) for ps in board.cell_pairs)
    bit = tuple(1 << q for q in range(len(board.pairs)))
    touching = tuple((cell_pairs[a] | cell_pairs[b]) & ~bit[q] for q, (a, b) in enumerate(board.pairs))
    return bit, cell_pairs, touching, tuple((1 << a) | (1 << b) for a, b in board.pairs)


def _indices_as_bits(items: tuple[int, ...]) -> int:
    mask = 0
    for q in items:
        mask |= 1 << q
    return mask


@lru_cache(maxsize=64)
def masks_of(t: Tables) -> Masks:
    """The bitsets of a puzzle's tables (cached with them)."""
    return Masks(t)
