"""Source lines with their numbers, and turning model errors into errors that point into the text.

Every reader works on lists of ``(line number, text)`` so that a puzzle cut out of a longer file still knows
where each of its characters came from; an error about a cell can then name the line and column the user
typed.
"""

from __future__ import annotations

from collections.abc import Mapping

from dominosa.board import Cell
from dominosa.errors import PuzzleError

__all__ = ["Line", "split_lines", "is_comment", "locate"]

Line = tuple[int, str]
"""One line of source text: its 1-based number and its text, without the line break."""


def split_lines(text: str, first_line: int = 1) -> list[Line]:
    """The text's lines, numbered from ``first_line``.

    Only ``\\n`` (with an optional ``\\r`` before it) ends a line, as in every editor: ``str.splitlines`` also
    splits at form feeds and other rare characters, which would make our line numbers disagree with the
    user's.
    """
    return [(first_line + i, line.removesuffix("\r")) for i, line in enumerate(text.split("\n"))]


def is_comment(line: str) -> bool:
    """Comment lines start with ``#`` (after any indentation)."""
    return line.lstrip().startswith("#")


def locate(
    error: PuzzleError,
    *,
    source: str | None,
    line: int | None,
    column: int | None = None,
    cells: Mapping[Cell, tuple[int, int]] | None = None,
) -> PuzzleError:
    """The error with a position: where its cell was typed if we know, else the given line and column.

    Model checks only know cells; the readers know where each cell came from (``cells`` maps a cell to its
    line and column), so a wrong number is reported where the user can fix it.
    """
    if error.line is not None:  # already placed by a reader further down: keep its column too
        return error.located(source=source)
    if cells is not None and error.cell is not None and error.cell in cells:
        line, column = cells[error.cell]
    return error.located(line=line, column=column, source=source)
