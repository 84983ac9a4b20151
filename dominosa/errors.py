"""The one exception the model raises, so callers can catch bad input without catching bugs."""

from __future__ import annotations

__all__ = ["PuzzleError"]

Cell = tuple[int, int]


class PuzzleError(ValueError):
    """Bad puzzle input: the message names the problem and, where known, where it is.

    ``cell`` is the (row, column) the problem is about, if any; text readers turn it into a line and column.
    ``line`` and ``column`` are 1-based positions in the source text, when the reader knows them.
    """

    def __init__(
        self,
        message: str,
        *,
        cell: Cell | None = None,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.cell = cell
        self.line = line
        self.column = column
        self.source = source

    def located(
        self, *, line: int | None = None, column: int | None = None, source: str | None = None
    ) -> PuzzleError:
        """The same error with a position filled in (keeps any position it already has)."""
        return PuzzleError(
            self.message,
            cell=self.cell,
            line=self.line if self.line is not None else line,
            column=self.column if self.column is not None else column,
            source=self.source if self.source is not None else source,
        )

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}" + (f", column {self.column}" if self.column is not None else ""))
        return f"{': '.join(where)}: {self.message}" if where else self.message
