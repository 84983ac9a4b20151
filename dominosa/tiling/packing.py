"""A tiling puzzle as data: a board, the pieces to pack into it, and what a solution looks like.

:class:`Packing` is the puzzle: the board's cells (each may carry a label, such as "Jan" or "21"), the pieces,
and for pegged puzzles the corner points (*circles*) that must each hold exactly one peg. Every piece is used
exactly once and every cell is covered exactly once. :meth:`Packing.placements` lists every way a piece can lie
on the board; the engine (:mod:`dominosa.cover.tiling`) turns them into exact cover rows.

:class:`Tiling` is a solution: where each piece lies. It can check itself cell by cell (:meth:`Tiling.problems`)
and draw itself as text (:meth:`Tiling.text`), with the piece names in the cells, walls between different pieces
and, on pegged boards, ``o`` for a peg and ``.`` for an empty circle at the corners.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from dominosa.tiling.pieces import TRANSFORMS, Cell, Corner, Piece, transform_point

__all__ = ["Packing", "PiecePlacement", "Tiling"]


@dataclass(frozen=True, order=True)
class PiecePlacement:
    """One piece lying on the board: its name, the cells it covers and the corners it pegs (both sorted)."""

    piece: str
    cells: tuple[Cell, ...]
    pegs: tuple[Corner, ...] = ()


@dataclass(frozen=True)
class Packing:
    """Pieces to pack into a board, each used once, every cell covered once, every circle pegged once.

    Parameters
    ----------
    cells : the board's cells (row, column).
    pieces : the pieces, with distinct names.
    circles : corner points that must each carry exactly one peg; a peg may land nowhere else.
    labels : text shown in a cell (the calendar's months and days); cells without one show nothing.
    title : the puzzle's name, for pictures and messages.
    empty_circles : circles of the physical board that must stay empty (a DominoPeg challenge's five); pegs may
        not go there, and pictures show them as rings.

    Raises
    ------
    ValueError : no cells, or two pieces with one name. Pieces that cannot fill the board by their count of
        cells or pegs make a valid packing without solutions; :meth:`mismatch` says why.
    """

    cells: frozenset[Cell]
    pieces: tuple[Piece, ...]
    circles: frozenset[Corner] = frozenset()
    labels: Mapping[Cell, str] = field(default_factory=dict, compare=False)
    title: str = ""
    empty_circles: frozenset[Corner] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", frozenset(self.cells))
        object.__setattr__(self, "circles", frozenset(self.circles))
        object.__setattr__(self, "empty_circles", frozenset(self.empty_circles))
        if self.circles & self.empty_circles:
            raise ValueError(f"corner {min(self.circles & self.empty_circles)} is both a circle to fill and empty")
        object.__setattr__(self, "pieces", tuple(self.pieces))
        if not self.cells:
            raise ValueError("the board has no cells")
        if min(min(r, c) for r, c in self.cells) < 0:
            raise ValueError("cells are numbered from row 0 and column 0: no negative coordinates")
        corners = {(r + dr, c + dc) for r, c in self.cells for dr in (0, 1) for dc in (0, 1)}
        for corner in sorted((self.circles | self.empty_circles) - corners):
            raise ValueError(f"circle {corner[0]},{corner[1]} is not a corner of any cell of the board")
        names = [p.name for p in self.pieces]
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"two pieces are called {twice[0]!r}: every piece needs a name of its own")

    def mismatch(self) -> str | None:
        """Why no solution can exist by counting alone, or None: the pieces' cells must add up to the board's
        and their pegs to the circles. Checked before any search, so an impossible puzzle is refused at once."""
        area = sum(p.size for p in self.pieces)
        if area != len(self.cells):
            return f"the pieces cover {area} cells but the board has {len(self.cells)}"
        pegs = sum(len(p.pegs) for p in self.pieces)
        if pegs != len(self.circles):
            return f"the pieces carry {pegs} pegs but the board has {len(self.circles)} circles to fill"
        return None

    @cached_property
    def rows(self) -> int:
        """One more than the largest row of a cell: the board fits in rows 0 .. rows - 1."""
        return max(r for r, _ in self.cells) + 1

    @cached_property
    def cols(self) -> int:
        """One more than the largest column of a cell."""
        return max(c for _, c in self.cells) + 1

    @cached_property
    def top(self) -> int:
        """The smallest row of a cell (a board drawn with blank lines above it starts lower)."""
        return min(r for r, _ in self.cells)

    @cached_property
    def left(self) -> int:
        """The smallest column of a cell."""
        return min(c for _, c in self.cells)

    def piece(self, name: str) -> Piece:
        """The piece called ``name`` (``KeyError`` if none is)."""
        for p in self.pieces:
            if p.name == name:
                return p
        raise KeyError(name)

    @cached_property
    def placements(self) -> tuple[PiecePlacement, ...]:
        """Every way every piece can lie on the board: all its cells on cells (of its region, if it has one)
        and all its pegs on circles. In piece order, then orientation and position."""
        out = []
        cells, circles = self.cells, self.circles
        for piece in self.pieces:
            allowed = cells if piece.region is None else cells & piece.region
            seen = set()
            for orientation in piece.orientations:
                for dr in range(self.top, self.rows - orientation.height + 1):
                    for dc in range(self.left, self.cols - orientation.width + 1):
                        placed, pegs = orientation.moved(dr, dc)
                        if all(c in allowed for c in placed) and all(p in circles for p in pegs):
                            key = (placed, pegs)
                            if key not in seen:
                                seen.add(key)
                                out.append(PiecePlacement(piece.name, placed, pegs))
        return tuple(out)

    def symmetries(self) -> tuple[tuple[int, int, int, int], ...]:
        """The symmetries of the square (see :data:`~dominosa.tiling.pieces.TRANSFORMS`) that map the board's
        cells onto its cells and circles onto its circles, identity first. Whether the pieces allow them too
        (a piece that may not flip, a region) is the engine's to check, row by row."""
        return tuple(t for t in TRANSFORMS if self._maps_onto_itself(t))

    def transform_cell(self, t: tuple[int, int, int, int], cell: Cell) -> Cell:
        """Where symmetry ``t`` of the board's bounding box takes a cell (quarter turns: square boxes only).

        The transform acts about the centre of the box around the cells: in doubled coordinates (cell ``(r, c)``
        at ``(2r + 1, 2c + 1)``) that centre is ``(top + rows, left + cols)``."""
        cy, cx = self.top + self.rows, self.left + self.cols
        y, x = transform_point(t, 2 * cell[0] + 1 - cy, 2 * cell[1] + 1 - cx)
        return (y + cy - 1) // 2, (x + cx - 1) // 2

    def transform_corner(self, t: tuple[int, int, int, int], corner: Corner) -> Corner:
        """Where symmetry ``t`` of the board's bounding box takes a corner point."""
        cy, cx = self.top + self.rows, self.left + self.cols
        y, x = transform_point(t, 2 * corner[0] - cy, 2 * corner[1] - cx)
        return (y + cy) // 2, (x + cx) // 2

    def _maps_onto_itself(self, t: tuple[int, int, int, int]) -> bool:
        if t[0] == 0 and self.rows - self.top != self.cols - self.left:
            return False  # a quarter turn or diagonal mirror of a box that is not square
        return (
            {self.transform_cell(t, c) for c in self.cells} == self.cells
            and {self.transform_corner(t, p) for p in self.circles} == self.circles
            and {self.transform_corner(t, p) for p in self.empty_circles} == self.empty_circles
        )

    def tiling(self, placements: Iterable[PiecePlacement]) -> Tiling:
        """A :class:`Tiling` of this packing."""
        return Tiling(self, tuple(sorted(placements)))

    def __repr__(self) -> str:
        what = self.title or f"{self.rows}x{self.cols} board"
        return f"<Packing {what}: {len(self.cells)} cells, {len(self.pieces)} pieces, {len(self.circles)} circles>"


@dataclass(frozen=True)
class Tiling:
    """A solution of a :class:`Packing`: one placement per piece."""

    packing: Packing
    placements: tuple[PiecePlacement, ...]

    @cached_property
    def owner(self) -> dict[Cell, str]:
        """The name of the piece covering each covered cell."""
        return {cell: p.piece for p in self.placements for cell in p.cells}

    @cached_property
    def pegged(self) -> frozenset[Corner]:
        return frozenset(peg for p in self.placements for peg in p.pegs)

    def problems(self) -> list[str]:
        """Why this is not a solution, one sentence per fault; empty for a solution.

        Checked cell by cell and corner by corner: every placement is an orientation of its piece moved on the
        board (inside its region), every piece lies once, every cell is covered once, every circle pegged once
        and no peg lies off a circle.
        """
        packing = self.packing
        out = []
        names = [p.piece for p in self.placements]
        known = {p.name: p for p in packing.pieces}
        for name in sorted(set(names)):
            if name not in known:
                out.append(f"{name!r} is not a piece of this puzzle")
            elif names.count(name) > 1:
                out.append(f"piece {name} lies {names.count(name)} times")
        for name in sorted(set(known) - set(names)):
            out.append(f"piece {name} is not used")
        covered: dict[Cell, int] = {}
        pegged: dict[Corner, int] = {}
        for placement in self.placements:
            piece = known.get(placement.piece)
            if piece is not None and not _is_orientation_of(placement, piece):
                out.append(f"piece {placement.piece} does not have that shape (or those pegs) in any orientation")
            if piece is not None and piece.region is not None and not set(placement.cells) <= piece.region:
                out.append(f"piece {placement.piece} lies outside the cells it may cover")
            for cell in placement.cells:
                covered[cell] = covered.get(cell, 0) + 1
            for peg in placement.pegs:
                pegged[peg] = pegged.get(peg, 0) + 1
        for cell in sorted(covered):
            if cell not in packing.cells:
                out.append(f"cell {_cell_name(cell)} is not on the board")
            elif covered[cell] > 1:
                out.append(f"cell {_cell_name(cell)} is covered {covered[cell]} times")
        for cell in sorted(packing.cells - covered.keys()):
            out.append(f"cell {_cell_name(cell)} is not covered")
        for corner in sorted(pegged):
            if corner in packing.empty_circles:
                out.append(f"circle {corner} must stay empty but holds a peg")
            elif corner not in packing.circles:
                out.append(f"corner {corner} has a peg but is not a circle to fill")
            elif pegged[corner] > 1:
                out.append(f"circle {corner} holds {pegged[corner]} pegs")
        for corner in sorted(packing.circles - pegged.keys()):
            out.append(f"circle {corner} has no peg")
        return out

    def text(self) -> str:
        """The tiling drawn with text: each cell shows its piece's name, walls separate different pieces.

        Squares the puzzle leaves open (labelled but not cells, such as the calendar's date) show their label
        inside walls of their own. Corners show ``o`` for a peg and ``.`` for an empty circle on pegged boards;
        elsewhere ``+`` where walls meet. Squares off the board stay blank.
        """
        packing, owner = self.packing, self.owner
        pegged = self.pegged
        shown: dict[Cell, str] = {cell: name for cell, name in owner.items() if cell in packing.cells}
        regions: dict[Cell, object] = dict(shown)
        for cell, label in packing.labels.items():
            if cell not in packing.cells:
                shown[cell] = label
                regions[cell] = cell  # an open square is a region of its own
        width = max([1, *(len(name) for name in shown.values())])
        rows = max([packing.rows, *(r + 1 for r, _ in shown)])
        cols = max([packing.cols, *(c + 1 for _, c in shown)])

        def region(r: int, c: int) -> object:
            return regions.get((r, c))

        lines = []
        for r in range(rows + 1):
            top = []
            for c in range(cols + 1):
                corner = (r, c)
                around = {region(r - 1, c - 1), region(r - 1, c), region(r, c - 1), region(r, c)}
                if corner in packing.circles or corner in packing.empty_circles:
                    top.append("o" if corner in pegged else ".")
                elif len(around) > 1:
                    top.append("+")
                else:
                    top.append(" ")
                if c < cols:
                    top.append(("-" if region(r - 1, c) != region(r, c) else " ") * (width + 2))
            lines.append("".join(top).rstrip())
            if r == rows:
                break
            middle = []
            for c in range(cols + 1):
                middle.append("|" if region(r, c - 1) != region(r, c) else " ")
                if c < cols:
                    middle.append(f" {shown.get((r, c), ''):^{width}} ")
            lines.append("".join(middle).rstrip())
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict:
        """The JSON form: ``{"pieces": {name: {"cells": [[r, c], ...], "pegs": [[i, j], ...]}}}``."""
        return {
            "pieces": {
                p.piece: {"cells": [list(c) for c in p.cells], "pegs": [list(q) for q in p.pegs]}
                for p in self.placements
            }
        }


def _is_orientation_of(placement: PiecePlacement, piece: Piece) -> bool:
    dr = min(r for r, _ in placement.cells)
    dc = min(c for _, c in placement.cells)
    cells = tuple(sorted((r - dr, c - dc) for r, c in placement.cells))
    pegs = tuple(sorted((i - dr, j - dc) for i, j in placement.pegs))
    return any(o.cells == cells and o.pegs == pegs for o in piece.orientations)


def _cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"
