"""The library of named shapes: boards drawn as a heart, a star, a house..., each for the domino sets it fits.

A double-n set covers exactly (n+1)(n+2) cells, so one drawing cannot serve every set: each shape is drawn once
per set, in ``shape_data/NAME.txt`` (package data), every picture one piece, with as many dark squares as light
and a domino tiling (``docs/make_shapes.py`` proposes the pictures from outlines; they are reviewed by eye before
they are shipped). A file reads as the shape's name and title in its first comment line, then one picture per
set under a ``double-N`` line: ``#`` for a cell, ``.`` for a square that is not one.

:func:`shape_board` is what ``generate --shape NAME`` and ``book --shapes`` ask for; a name or a set the library
does not have is a :class:`ShapeError` whose message names what it does have.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dominosa.board import Board

__all__ = ["DATA", "ORDERS", "Shape", "ShapeError", "shape_names", "load_shape", "shape_board", "picture_text"]

DATA = Path(__file__).resolve().parent / "shape_data"
# The sets the library draws for: double-5 (42 cells) is the smallest that still reads as a picture, double-9
# (110 cells) the largest set a book's domino checklist shows.
ORDERS = (5, 6, 7, 8, 9)

_HEADER = re.compile(r"double-(\d+)\b")


class ShapeError(ValueError):
    """A shape name or a set the library does not have; the message says what it has instead."""


@dataclass(frozen=True)
class Shape:
    """A named shape: its title (``a heart``) and its board for each domino set it is drawn for."""

    name: str
    title: str
    boards: dict[int, Board]

    @property
    def orders(self) -> tuple[int, ...]:
        return tuple(sorted(self.boards))

    def sizes(self) -> str:
        """The sets it comes in, as people say them: ``double-5 to double-9``, or a list when there are gaps."""
        orders = self.orders
        if len(orders) > 2 and orders == tuple(range(orders[0], orders[-1] + 1)):
            return f"double-{orders[0]} to double-{orders[-1]}"
        return ", ".join(f"double-{n}" for n in orders)

    def board(self, order: int) -> Board:
        """The picture for a double-``order`` set; :class:`ShapeError` naming the sets it comes in otherwise."""
        if order not in self.boards:
            raise ShapeError(f"the {self.name} shape comes in {self.sizes()}, not double-{order}")
        return self.boards[order]

    def nearest_order(self, order: int) -> int:
        """The set it is drawn for closest to ``order`` (the smaller of two as close)."""
        return min(self.orders, key=lambda n: (abs(n - order), n))


@cache
def shape_names() -> tuple[str, ...]:
    """The library's shapes, by name, alphabetically."""
    return tuple(sorted(path.stem for path in DATA.glob("*.txt")))


def load_shape(name: str) -> Shape:
    """The named shape (any case); :class:`ShapeError` listing the library's shapes when there is none."""
    key = name.strip().lower()
    if key not in shape_names():
        raise ShapeError(f"no shape called {name!r}: the shapes are {', '.join(shape_names())}")
    return _load(key)


@cache
def _load(key: str) -> Shape:
    return _parse(key, (DATA / f"{key}.txt").read_text("utf-8"))


def shape_board(name: str, order: int) -> Board:
    """The board of the named shape for a double-``order`` set."""
    return load_shape(name).board(order)


def _parse(name: str, text: str) -> Shape:
    title = name
    boards: dict[int, Board] = {}
    order: int | None = None
    rows: list[str] = []

    def close() -> None:
        if order is not None and rows:
            cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
            boards[order] = Board.from_cells(_to_origin(cells))

    for line in text.splitlines():
        header = _HEADER.match(line.strip())
        if line.startswith("# ") and order is None and ":" in line and title == name:
            title = line[2:].split(":", 1)[1].split(",")[0].strip()
        elif header:
            close()
            order, rows = int(header.group(1)), []
        elif order is not None and line.strip() and not line.startswith("# "):
            rows.append(line.rstrip())
    close()
    return Shape(name, title, boards)


def _to_origin(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return [(r - top, c - left) for r, c in cells]


def picture(board: Board) -> list[str]:
    """A board as rows of ``#`` (a cell) and ``.`` (not one)."""
    return ["".join("#" if (r, c) in board else "." for c in range(board.cols)) for r in range(board.rows)]


def picture_text(name: str, title: str, boards: dict[int, Board]) -> str:
    """A shape file: the name and title, then each set's picture under its ``double-N`` line."""
    sets = ", ".join(f"double-{n}" for n in sorted(boards))
    out = [
        f"# {name}: {title}, drawn for {sets}",
        "# '#' is a cell, '.' a square that is not one; each picture has exactly the cells of its set.",
    ]
    for order in sorted(boards):
        out += ["", f"double-{order} ({len(boards[order])} cells)", *picture(boards[order])]
    return "\n".join(out) + "\n"
