"""Pieces of tiling puzzles: polyominoes, optionally with pegs on their corners, in every orientation.

A piece is a set of unit squares (its cells) and, for puzzles like DominoPeg, a set of corner points it carries
pegs on. Both live on one lattice of *doubled coordinates*: cell ``(r, c)`` is the point ``(2r + 1, 2c + 1)``,
its centre, and the corner ``(i, j)`` (the top-left corner of cell ``(i, j)``) is the point ``(2i, 2j)``. A
quarter turn or a reflection of the plane about the origin maps the lattice onto itself and keeps centres
centres and corners corners, so one transform moves a piece's cells and pegs together, and a translation by an
even vector moves the whole piece by whole cells.

An *orientation* is the piece turned and perhaps flipped, moved so that its cells start at row 0 and column 0.
Two orientations are the same when their cells and pegs coincide: the 12 pentominoes have 63 distinct ones in
all (the X has 1, the F 8), the 12 DominoPeg pieces 70.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

__all__ = ["Cell", "Corner", "Piece", "Orientation", "TRANSFORMS", "parse_picture", "transform_point"]

Cell = tuple[int, int]
Corner = tuple[int, int]

# The eight symmetries of the square acting on (y, x), y down: four turns, then the same after a flip.
# The first four keep handedness; a piece that may not be flipped uses only those.
TRANSFORMS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),  # identity: (y, x)
    (0, 1, -1, 0),  # a quarter turn: (x, -y)
    (-1, 0, 0, -1),  # a half turn
    (0, -1, 1, 0),  # three quarters
    (1, 0, 0, -1),  # mirror left to right
    (0, 1, 1, 0),  # mirror in the main diagonal
    (-1, 0, 0, 1),  # mirror top to bottom
    (0, -1, -1, 0),  # mirror in the other diagonal
)
ROTATIONS = TRANSFORMS[:4]


def transform_point(t: tuple[int, int, int, int], y: int, x: int) -> tuple[int, int]:
    """Point (y, x) of the doubled lattice under transform ``t`` (a 2x2 matrix, row by row)."""
    a, b, c, d = t
    return a * y + b * x, c * y + d * x


@dataclass(frozen=True, order=True)
class Orientation:
    """A piece turned one way: its cells (row, column) from (0, 0) and its pegs (corner points), both sorted."""

    cells: tuple[Cell, ...]
    pegs: tuple[Corner, ...] = ()

    def moved(self, dr: int, dc: int) -> tuple[tuple[Cell, ...], tuple[Corner, ...]]:
        """Cells and pegs moved down ``dr`` rows and right ``dc`` columns."""
        return (
            tuple((r + dr, c + dc) for r, c in self.cells),
            tuple((i + dr, j + dc) for i, j in self.pegs),
        )

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1


@dataclass(frozen=True)
class Piece:
    """One piece of a tiling puzzle.

    Parameters
    ----------
    name : what the solution calls it (a letter, usually).
    cells : the squares it covers, (row, column), anywhere on the plane.
    pegs : corner points it carries a peg on, (row, column) of the corner, on the same grid as the cells; each
        must be a corner of one of its cells (a peg sits on the piece).
    flip : False when the piece may be turned but not turned over.
    region : when given, the only board cells the piece may cover (the day and month holes of the calendar
        puzzle, seen as one-cell pieces, use this).

    Raises
    ------
    ValueError : no cells, cells not joined edge to edge, or a peg off the piece.
    """

    name: str
    cells: frozenset[Cell]
    pegs: frozenset[Corner] = frozenset()
    flip: bool = True
    region: frozenset[Cell] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", frozenset((int(r), int(c)) for r, c in self.cells))
        object.__setattr__(self, "pegs", frozenset((int(i), int(j)) for i, j in self.pegs))
        if self.region is not None:
            object.__setattr__(self, "region", frozenset(self.region))
        if not self.cells:
            raise ValueError(f"piece {self.name!r} has no cells")
        if not _connected(self.cells):
            raise ValueError(f"piece {self.name!r} is not in one piece: its cells must join edge to edge")
        corners = {(r + dr, c + dc) for r, c in self.cells for dr in (0, 1) for dc in (0, 1)}
        for i, j in sorted(self.pegs - corners):
            raise ValueError(f"piece {self.name!r} has a peg at {i},{j}, which is not a corner of its cells")

    @property
    def size(self) -> int:
        return len(self.cells)

    @cached_property
    def orientations(self) -> tuple[Orientation, ...]:
        """Every distinct way the piece can lie (turned, and flipped if allowed), sorted; the first is the one
        whose cells sort least."""
        found = set()
        for t in TRANSFORMS if self.flip else ROTATIONS:
            found.add(self._oriented(t))
        return tuple(sorted(found))

    def _oriented(self, t: tuple[int, int, int, int]) -> Orientation:
        cells = [transform_point(t, 2 * r + 1, 2 * c + 1) for r, c in self.cells]
        pegs = [transform_point(t, 2 * i, 2 * j) for i, j in self.pegs]
        # Shift by an even vector so the cells start at row 0 and column 0 (centre 1, 1).
        dy = min(y for y, _ in cells) - 1
        dx = min(x for _, x in cells) - 1
        return Orientation(
            tuple(sorted(((y - dy) // 2, (x - dx) // 2) for y, x in cells)),
            tuple(sorted(((y - dy) // 2, (x - dx) // 2) for y, x in pegs)),
        )


def parse_picture(lines: Iterable[str]) -> frozenset[Cell]:
    """The cells of a piece drawn as text: any character but ``.`` and space is a cell.

    >>> sorted(parse_picture([".#", "##"]))
    [(0, 1), (1, 0), (1, 1)]
    """
    return frozenset((r, c) for r, line in enumerate(lines) for c, ch in enumerate(line.rstrip()) if ch not in ". \t")


def _connected(cells: frozenset[Cell]) -> bool:
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)
