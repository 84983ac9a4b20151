"""Game IDs of Simon Tatham's Dominosa, the best-known implementation, so puzzles move both ways.

A game ID is the parameters, a colon, and the numbers row by row on the standard board of n+1 rows and n+2
columns; numbers above 9 are written in square brackets::

    3:22223101012330103310          order 3, 4 rows x 5 columns
    10:[10]3[10]...                 order 10
    6db:...                         order 6, generated at difficulty "basic" (d plus a letter)

Letters after the order are generator settings (``dt``, ``db``, ``dh``, ``de``, ``da`` name a difficulty; a
lone ``a`` is the older "ambiguous allowed"); they say nothing about the puzzle itself, so they are read and
ignored. A random-seed ID such as ``6#12345`` names a puzzle only inside the Puzzles program and is refused
with a hint.
"""

from __future__ import annotations

import re

from dominosa.board import Cell
from dominosa.dominoes import full_set
from dominosa.errors import PuzzleError
from dominosa.formats._lines import Line, locate
from dominosa.limits import MAX_NUMBER_DIGITS, MAX_ORDER
from dominosa.puzzle import Puzzle

__all__ = ["read_game_id", "write_game_id", "looks_like_game_id", "puzzle_from_game_id_line"]

# ASCII digits only: other scripts' digits (Arabic-Indic, fullwidth, ...) are refused here as in grids.
_START = re.compile(r"\s*([0-9]+)([A-Za-z]*)([:#])")
_DIGITS = frozenset("0123456789")
_RUN_OF_DIGITS = re.compile(r"[0-9]*")


def looks_like_game_id(text: str) -> bool:
    """True when the text starts like a game ID (an order, optional letters, then ``:`` or ``#``)."""
    return _START.match(text) is not None


def read_game_id(text: str, *, source: str | None = None, line: int = 1) -> Puzzle:
    """The puzzle of one game ID.

    >>> read_game_id("3:22223101012330103310").rows
    4
    """
    return puzzle_from_game_id_line((line, text.strip("\r\n")), source=source)


def puzzle_from_game_id_line(line: Line, *, source: str | None = None) -> Puzzle:
    """The puzzle of the game ID on this line; errors name the column of the offending character."""
    number, text = line

    def fail(message: str, column: int) -> PuzzleError:
        return PuzzleError(message, line=number, column=column, source=source)

    start = _START.match(text)
    if start is None:
        column = len(text) - len(text.lstrip()) + 1
        raise fail(
            "not a game ID: expected the order, a colon and the numbers, like 3:22223101012330103310", column
        )
    params = _short(start.group(1)) + start.group(2)[:12]  # (cut short: the digits may run on for pages)
    if start.group(3) == "#":
        raise fail(
            f"{params}#... is a random-seed ID, which only the Puzzles program can expand;"
            f" copy the game ID ({params}:...) instead",
            start.start(3) + 1,
        )
    if len(start.group(1)) > MAX_NUMBER_DIGITS or int(start.group(1)) > MAX_ORDER:
        raise fail(
            f"order {_short(start.group(1))} is above {MAX_ORDER}, the largest order dominosa reads (the limit"
            " on orders)",
            start.start(1) + 1,
        )
    order = int(start.group(1))
    rows, cols = order + 1, order + 2
    offset = start.end()
    desc = text[offset:].rstrip()
    values: list[int] = []
    columns: list[int] = []
    i = 0
    while i < len(desc):
        ch, column = desc[i], offset + i + 1
        if ch in _DIGITS:
            values.append(int(ch))
            i += 1
        elif ch == "[":
            j = _RUN_OF_DIGITS.match(desc, i + 1).end()
            if j == i + 1:
                raise fail("'[' must be followed by a number, as in [12]", column)
            if j == len(desc) or desc[j] != "]":
                shown = desc[i:j] if j - i <= 30 else desc[i : i + 20] + "..."
                raise fail(f"missing ']' after '{shown}' in the game ID", column)
            if j - i - 1 > MAX_NUMBER_DIGITS:
                raise fail(
                    f"a number of {j - i - 1:,} digits in the game ID: numbers have at most"
                    f" {MAX_NUMBER_DIGITS} digits (the limit on numbers)",
                    column,
                )
            values.append(int(desc[i + 1 : j]))
            i = j + 1
        else:
            raise fail(
                f"bad character {ch!r} in the game ID: expected a digit or a number in [brackets]", column
            )
        columns.append(column)
        if len(values) > rows * cols and len(desc) > rows * cols * (MAX_NUMBER_DIGITS + 2):
            break  # far too long (a megabyte of digits): the count below says so without reading on
    need = rows * cols
    stopped = len(values) > need and i < len(desc)
    if len(values) != need:
        where = columns[need] if len(values) > need else offset + len(desc) + 1
        raise fail(
            f"wrong length: a game ID of order {order} holds {need} numbers ({rows} rows x {cols} columns),"
            f" this one has {'far more' if stopped else len(values)}",
            where,
        )
    cells: dict[Cell, int] = {}
    where_typed: dict[Cell, tuple[int, int]] = {}
    for k, (value, column) in enumerate(zip(values, columns, strict=True)):
        cell = divmod(k, cols)
        cells[cell] = value
        where_typed[cell] = (number, column)
    try:
        return Puzzle.from_cells(cells, dominoes=full_set(order))
    except PuzzleError as error:
        raise locate(
            error, source=source, line=number, column=start.start(1) + 1, cells=where_typed
        ) from None


def _short(digits: str) -> str:
    """A run of digits for a message: a long one as its first digits and its length."""
    return digits if len(digits) <= 12 else f"{digits[:6]}... ({len(digits):,} digits)"


def write_game_id(puzzle: Puzzle) -> str:
    """The game ID of a puzzle (no newline), for puzzles a game ID can hold.

    That is a full double-n set on the standard n+1 rows by n+2 columns, without clues; anything else raises
    ``PuzzleError`` saying why, rather than writing an ID that would describe another puzzle.
    """
    n = puzzle.order
    if not puzzle.is_full_set:
        raise PuzzleError("a game ID holds only full domino sets; this puzzle's set is partial")
    board = puzzle.board
    if not (board.is_rectangle and board.rows == n + 1 and board.cols == n + 2):
        shape = f"{board.rows}x{board.cols}" + ("" if board.is_rectangle else " with holes")
        raise PuzzleError(
            f"a game ID holds only the standard board of order {n}, {n + 1} rows x {n + 2} columns;"
            f" this one is {shape}"
        )
    if puzzle.clues:
        raise PuzzleError("a game ID cannot hold clues; this puzzle has " + str(len(puzzle.clues)))
    return f"{n}:" + "".join(str(v) if v < 10 else f"[{v}]" for v in puzzle.numbers)
