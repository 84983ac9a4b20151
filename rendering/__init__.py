"""Pictures of puzzles (PNG, SVG, PDF) and print-ready puzzle books.

One function per format, each taking the puzzle and keyword-only options, like ``chess.svg``::

    from dominosa import rendering
    text = rendering.svg(puzzle)                        # the puzzle: numbers, guides, clues
    data = rendering.png(puzzle, solution=solution)     # the solution: every domino outlined
    rendering.save("out.pdf", puzzle, what="both")      # puzzle and solution side by side (solved if needed)
    rendering.svg(puzzle, joined=[((0, 0), (0, 1))], split=[((1, 0), (1, 1))],
                  highlight_cells=[(2, 2)], highlight_pairs=[((2, 2), (2, 3))])   # a step of an explanation

Options shared by every function:

- ``solution``: placements to draw as dominoes; ``what`` is ``"puzzle"``, ``"solution"`` or ``"both"``
  (default: the solution when one is given, else the puzzle). A solution that is needed but not given is found
  with the solver.
- ``joined`` / ``split``: a partial state, as lists of (cell, cell) pairs, cells as (row, column) from 0;
  ``highlight_cells`` / ``highlight_pairs``: what an explanation step points at.
- ``style``: ``"mono"`` (default, black and greys: safe on any printer), ``"colour"``, or a :class:`Style`;
  ``pips=True`` draws die pips instead of digits (numbers above 9 keep their digits).
- ``labels=True``: row and column labels (``r1``.., ``c1``..) outside the board, small and grey, so a reader
  finds the cells an explanation names (``r3c4``); off by default.
- ``cell``: the size of one cell in points (1/72 in; default 30, i.e. 40 px in SVG and 125 px in a 300 dpi PNG).

The book is in :mod:`dominosa.rendering.book` (:func:`build_book`; its puzzles are
:class:`~dominosa.rendering.book_sections.BookEntry`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from dominosa.board import Cell
from dominosa.errors import PuzzleError
from dominosa.lazy import lazy_attributes
from dominosa.puzzle import Placement, Puzzle
from dominosa.rendering.files import atomic_write, format_from_path
from dominosa.rendering.scene import Diagram, build_diagram, side_by_side
from dominosa.rendering.style import COLOUR, MONO, Style, resolve_style
from dominosa.solution import Solution

__all__ = [
    "svg",
    "png",
    "pdf",
    "save",
    "diagram",
    "render",
    "Diagram",
    "Style",
    "MONO",
    "COLOUR",
    "WHATS",
    "DEFAULT_CELL",
    "DEFAULT_DPI",
    # the book, imported on first use
    "BookEntry",
    "BookSummary",
    "build_book",
    "write_book",
]

WHATS = ("puzzle", "solution", "both")
DEFAULT_CELL = 30.0  # points per cell
DEFAULT_DPI = 100.0


def diagram(
    puzzle: Puzzle,
    *,
    solution: Solution | Iterable[Placement] | None = None,
    what: str | None = None,
    joined: Iterable[Placement] = (),
    split: Iterable[Placement] = (),
    highlight_cells: Iterable[Cell] = (),
    highlight_pairs: Iterable[Placement] = (),
    style: Style | str | None = None,
    pips: bool | None = None,
    labels: bool = False,
) -> Diagram:
    """The format-free picture every writer draws (see the module docstring for the options).

    Raises ``PuzzleError`` for a placement off the board, or when a solution is needed and the puzzle has none;
    ``ValueError`` for an unknown ``what`` or style.
    """
    chosen = resolve_style(style, pips=pips)
    what = what or ("solution" if solution is not None else "puzzle")
    if what not in WHATS:
        raise ValueError(f"unknown what {what!r}: use puzzle, solution or both")
    state = {"joined": joined, "split": split, "highlight_cells": highlight_cells, "highlight_pairs": highlight_pairs}
    if what == "puzzle":
        return build_diagram(puzzle, style=chosen, labels=labels, **state)
    if solution is None:
        solution = _solve(puzzle)
    solved = build_diagram(puzzle, solution=solution, style=chosen, labels=labels)
    if what == "solution":
        return solved
    return side_by_side(build_diagram(puzzle, style=chosen, labels=labels, **state), solved)


def svg(puzzle: Puzzle, *, cell: float = DEFAULT_CELL, title: str | None = None, **options) -> str:
    """The picture as an SVG document (text); ``title`` becomes its ``<title>``."""
    from dominosa.rendering.svg_writer import diagram_svg

    return diagram_svg(diagram(puzzle, **options), cell=cell * 96 / 72, title=title)


def png(puzzle: Puzzle, *, cell: float = DEFAULT_CELL, dpi: float = DEFAULT_DPI, **options) -> bytes:
    """The picture as PNG bytes at ``dpi`` pixels per inch (300 for print)."""
    from dominosa.rendering.raster import diagram_png

    return diagram_png(diagram(puzzle, **options), cell=cell, dpi=dpi)


def pdf(puzzle: Puzzle, *, cell: float = DEFAULT_CELL, title: str | None = None, **options) -> bytes:
    """The picture as a one-page vector PDF exactly the picture's size, fonts embedded."""
    return render(diagram(puzzle, **options), "pdf", cell=cell, title=title)


def render(
    picture: Diagram, fmt: str, *, cell: float = DEFAULT_CELL, dpi: float = DEFAULT_DPI, title: str | None = None
) -> bytes:
    """A diagram already built, in ``fmt`` (png, svg or pdf), as bytes."""
    if fmt == "png":
        from dominosa.rendering.raster import diagram_png

        return diagram_png(picture, cell=cell, dpi=dpi)
    if fmt == "svg":
        from dominosa.rendering.svg_writer import diagram_svg

        return diagram_svg(picture, cell=cell * 96 / 72, title=title).encode("utf-8")
    if fmt == "pdf":
        from dominosa.rendering.pdf_writer import PdfDocument

        doc = PdfDocument(title=title)
        page = doc.new_page(picture.width * cell, picture.height * cell)
        page.diagram(picture, 0, 0, cell, paper=True)
        return doc.to_bytes()
    raise ValueError(f"unknown format {fmt!r}: use png, svg or pdf")


def save(
    path: str | os.PathLike[str],
    puzzle: Puzzle,
    *,
    solution: Solution | Iterable[Placement] | None = None,
    what: str | None = None,
    fmt: str | None = None,
    dpi: float = DEFAULT_DPI,
    cell: float = DEFAULT_CELL,
    style: Style | str | None = None,
    pips: bool | None = None,
    title: str | None = None,
    labels: bool = False,
    **state,
) -> Path:
    """Write the picture to ``path`` (format from ``fmt`` or the suffix), atomically; return the path.

    ``state`` takes ``joined``, ``split``, ``highlight_cells`` and ``highlight_pairs``. An unwritable path raises
    ``OSError`` and leaves nothing behind.
    """
    fmt = format_from_path(path, fmt)
    picture = diagram(puzzle, solution=solution, what=what, style=style, pips=pips, labels=labels, **state)
    return atomic_write(path, render(picture, fmt, cell=cell, dpi=dpi, title=title))


def _solve(puzzle: Puzzle) -> Solution:
    from dominosa.deductions import solve

    found = solve(puzzle)
    if found is None:
        raise PuzzleError("the puzzle has no solution, so there is none to draw")
    return found


# The book pulls in the solver and page layout: loaded only when asked for.
_LAZY = {
    "BookEntry": "dominosa.rendering.book_sections",
    "BookSummary": "dominosa.rendering.book",
    "build_book": "dominosa.rendering.book",
    "write_book": "dominosa.rendering.book",
}

__getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())
