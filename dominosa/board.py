"""Board geometry: which squares are cells, and the pairs of adjacent cells.

Cells are numbered 0..N-1 in row-major order and pairs 0..P-1; every table the engine needs (pair -> cells,
cell -> pairs, cell -> neighbours) is computed once per set of cells and shared by every puzzle on that board,
as plain tuples of integers so the hot loops never touch an object.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable
from functools import lru_cache

__all__ = ["Board", "Cell", "cell_name", "row_name", "column_name", "rename_cells", "CELL_LETTERS"]

Cell = tuple[int, int]

# The letters a language names rows and columns by: row 3, column 4 is r3c4 in English, Z3S4 in German (Zeile,
# Spalte), L3C4 in French (ligne, colonne) and F3C4 in Spanish (fila, columna). The engine speaks English.
CELL_LETTERS: dict[str, tuple[str, str]] = {"en": ("r", "c"), "de": ("Z", "S"), "fr": ("L", "C"), "es": ("F", "C")}
_ENGLISH_CELL = re.compile(r"\br(\d+)c(\d+)\b")


def row_name(row: int, language: str = "en") -> str:
    """A row's label, counted from 1 (``r3``; ``Z3`` in German)."""
    return f"{CELL_LETTERS[language][0]}{row + 1}"


def column_name(col: int, language: str = "en") -> str:
    """A column's label, counted from 1 (``c4``; ``S4`` in German)."""
    return f"{CELL_LETTERS[language][1]}{col + 1}"


def cell_name(cell: Cell, language: str = "en") -> str:
    """The name people use for a cell: ``r3c4`` is row 3, column 4, both counted from 1 (in the letters of
    ``language``: ``Z3S4``, ``L3C4``, ``F3C4``)."""
    if language == "en":  # the engine names every cell of every puzzle it reads: this is its one path
        return f"r{cell[0] + 1}c{cell[1] + 1}"
    row_letter, column_letter = CELL_LETTERS[language]
    return f"{row_letter}{cell[0] + 1}{column_letter}{cell[1] + 1}"


def rename_cells(text: str, language: str) -> str:
    """``text`` with every cell the engine named in English (``r3c4``) named again in ``language``: the engine's
    sentences are made once, in English, and a book in another language reads them in its own letters."""
    if language == "en":
        return text
    return _ENGLISH_CELL.sub(lambda m: cell_name((int(m[1]) - 1, int(m[2]) - 1), language), text)


class Board:
    """A set of cells on a square grid: a full rectangle or any shape with holes.

    Build one with :meth:`rectangle` or :meth:`from_cells`; equal cell sets give the very same object, so the
    tables below are computed once per shape.

    Attributes
    ----------
    cells : tuple of (row, column), in row-major order; a cell's index is its position here.
    rows, cols : the size of the bounding rectangle (from row 0 and column 0).
    pairs : tuple of (a, b) cell indices, a < b, of orthogonally adjacent cells; a pair's index is its position.
    cell_pairs : for each cell, the indices of the pairs that contain it.
    pair_index : dict from (a, b) with a < b to the pair's index.
    """

    __slots__ = (
        "cells", "rows", "cols", "index", "pairs", "cell_pairs", "pair_index", "neighbours", "_hash", "__weakref__"
    )

    def __init__(self, cells: tuple[Cell, ...]) -> None:
        # Use Board.from_cells: it validates, sorts and shares instances.
        self.cells = cells
        self.rows = max(r for r, _ in cells) + 1 if cells else 0
        self.cols = max(c for _, c in cells) + 1 if cells else 0
        self.index = {cell: i for i, cell in enumerate(cells)}
        pairs = []
        for i, (r, c) in enumerate(cells):
            for other in ((r, c + 1), (r + 1, c)):
                j = self.index.get(other)
                if j is not None:
                    pairs.append((i, j))
        pairs.sort()
        self.pairs: tuple[tuple[int, int], ...] = tuple(pairs)
        self.pair_index = {p: k for k, p in enumerate(self.pairs)}
        cell_pairs: list[list[int]] = [[] for _ in cells]
        neighbours: list[list[int]] = [[] for _ in cells]
        for k, (a, b) in enumerate(self.pairs):
            cell_pairs[a].append(k)
            cell_pairs[b].append(k)
            neighbours[a].append(b)
            neighbours[b].append(a)
        self.cell_pairs: tuple[tuple[int, ...], ...] = tuple(tuple(p) for p in cell_pairs)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(n) for n in neighbours)
        # The engine's caches are keyed by boards and by puzzles (which hash their board): hashing the cells
        # again at each lookup cost as much as the rest of a puzzle's hash.
        self._hash = hash(cells)

    @staticmethod
    def from_cells(cells: Iterable[Cell]) -> Board:
        """The board made of these (row, column) cells; rows and columns count from 0."""
        cell_set = frozenset((int(r), int(c)) for r, c in cells)
        for r, c in cell_set:
            if r < 0 or c < 0:
                raise ValueError(f"cell ({r}, {c}) has a negative coordinate")
        return _shared_board(cell_set)

    @staticmethod
    def rectangle(rows: int, cols: int) -> Board:
        """The full rows x cols rectangle."""
        if rows <= 0 or cols <= 0:
            raise ValueError(f"a board needs at least one row and one column, not {rows}x{cols}")
        return _shared_rectangle(rows, cols)

    @property
    def is_rectangle(self) -> bool:
        """True when every square of the bounding rectangle is a cell."""
        return len(self.cells) == self.rows * self.cols

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self.index

    def pair_of(self, a: Cell, b: Cell) -> int | None:
        """The index of the pair made of cells ``a`` and ``b``, or None if they are not adjacent cells."""
        i, j = self.index.get(a), self.index.get(b)
        if i is None or j is None:
            return None
        return self.pair_index.get((i, j) if i < j else (j, i))

    def pair_cells(self, pair: int) -> tuple[Cell, Cell]:
        """The two (row, column) cells of a pair."""
        a, b = self.pairs[pair]
        return self.cells[a], self.cells[b]

    def pair_name(self, pair: int) -> str:
        a, b = self.pair_cells(pair)
        return f"{cell_name(a)}-{cell_name(b)}"

    def __repr__(self) -> str:
        if self.is_rectangle:
            return f"Board.rectangle({self.rows}, {self.cols})"
        return f"<Board {len(self.cells)} cells in {self.rows}x{self.cols}>"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Board) and self.cells == other.cells)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (Board.from_cells, (self.cells,))


@lru_cache(maxsize=512)
def _shared_board(cells: frozenset[Cell]) -> Board:
    """The one board of these cells: the most recent ones kept by the cache, and any still in use found again
    (a board the cache has dropped may live on, in :func:`_shared_rectangle`'s cache or in a puzzle, and an equal
    board made beside it would no longer be the same object)."""
    board = _LIVE_BOARDS.get(cells)
    if board is None:
        board = _LIVE_BOARDS[cells] = Board(tuple(sorted(cells)))
    return board


_LIVE_BOARDS: weakref.WeakValueDictionary[frozenset[Cell], Board] = weakref.WeakValueDictionary()


@lru_cache(maxsize=128)
def _shared_rectangle(rows: int, cols: int) -> Board:
    """The rectangle by its size: a reader meets the same few sizes over and over, and hashing two numbers is
    far cheaper than building and hashing the set of its cells (the board itself is still the shared one)."""
    return _shared_board(frozenset((r, c) for r in range(rows) for c in range(cols)))
