"""The plain grid format: the numbers as people type them, with optional clues.

A puzzle is one row of the board per line::

    # a double-3 puzzle (comments start with #)
    22223
    10101
    23301
    03310

- **Numbers.** When every number is below 10 the digits sit side by side, one character per square. When some
  number has two digits, the numbers are separated by spaces (more spaces to line them up are fine). A grid in
  which any line has a space between two entries is read as space-separated everywhere; otherwise every
  character is one square.
- **Holes.** ``x`` (or ``X``, or ``.``) marks a square that is not a cell. Rows may also simply be shorter
  than others: the missing squares at the end are not cells. Both give irregular boards.
- **Ragged rows.** A short row is taken as an irregular board when the cell count fits a full domino set. When
  it fits none *and* the rows differ in length, the more likely story is a typo, so the error names the first
  row whose length differs from the most common one: ``ragged rows: line 3 has 4 squares, line 1 has 5``. When
  all rows have the same length the error is about the count itself (odd, or between two set sizes).
- **Clues.** After the grid, a line ``-``, then clues: ``6-4@r7c3,r8c3`` is the 6-4 domino on row 7, column 3
  and row 8, column 3 (rows and columns count from 1; ``r7c3-r8c3`` works too). The compact form ``6-4,73-83``
  (seed 003's) numbers the squares of a 10-wide grid row by row **from 0**: cell row×10+column with rows and
  columns counted from 0, so ``73`` is row 7, column 3 from 0, i.e. ``r8c4``, and ``0`` (or ``00``) is ``r1c1``;
  it only works on boards up to 10 wide. One line may hold several clues separated by spaces or ``;``. The domino must
  be the one the two cells show: a clue that does not match is an error, since it is most likely a typo in
  either.
- **Several puzzles.** A blank line ends a puzzle (see :mod:`dominosa.formats.reader`, which splits files).

:func:`write_plain` writes the same form back; reading what it wrote gives the same puzzle.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from dominosa.board import Cell, cell_name
from dominosa.dominoes import Domino, domino, domino_name, order_for_cells
from dominosa.errors import PuzzleError
from dominosa.formats._lines import Line, is_comment, locate, split_lines
from dominosa.limits import MAX_CELLS, MAX_NUMBER_DIGITS
from dominosa.puzzle import Placement, Puzzle, placement

__all__ = ["read_plain", "write_plain", "format_clue", "puzzle_from_lines"]

HOLES = frozenset("xX.")
_DIGITS = frozenset("0123456789")
_SEPARATOR = re.compile(r"\s*-+\s*")
_TOKEN = re.compile(r"\S+")
# The longest clue is 49 characters; a longer run is cut into pieces, the first of which is a bad clue, so a
# hostile megabyte-long token gives a short message.
_CLUE_TOKEN = re.compile(r"[^\s;]{1,64}")
# ASCII digits only (as in the grid), and never more than a number may have (see dominosa.limits).
_NUMBER = rf"([0-9]{{1,{MAX_NUMBER_DIGITS}}})"
_CLUE_AT = re.compile(rf"{_NUMBER}-{_NUMBER}@r{_NUMBER}c{_NUMBER}[,-]r{_NUMBER}c{_NUMBER}", re.IGNORECASE)
_CLUE_COMPACT = re.compile(rf"{_NUMBER}-{_NUMBER},{_NUMBER}-{_NUMBER}")
_CLUE_EXAMPLE = "expected a clue like 6-4@r7c3,r8c3 or 6-4,73-83"


@dataclass(frozen=True)
class _Clue:
    """A clue as typed: the domino it states, its two cells, and where it was written."""

    text: str
    stated: Domino
    cells: Placement
    line: int
    column: int


def read_plain(text: str, *, source: str | None = None, first_line: int = 1) -> Puzzle:
    """One puzzle in the plain format (surrounding blank lines allowed; use the reader for several).

    >>> read_plain("001\\n110").order
    1
    """
    lines = split_lines(text, first_line)
    while lines and not lines[0][1].strip():
        lines.pop(0)
    while lines and not lines[-1][1].strip():
        lines.pop()
    for number, line in lines:
        if not line.strip():
            raise PuzzleError(
                "a blank line inside the puzzle: blank lines separate puzzles"
                " (read several with read_puzzles)",
                line=number,
                source=source,
            )
    return puzzle_from_lines(lines, source=source)


def puzzle_from_lines(lines: list[Line], *, source: str | None = None) -> Puzzle:
    """The puzzle written on these lines (no blank lines among them), errors pointing at the typed text."""
    grid: list[Line] = []
    clues: list[Line] = []
    separator: Line | None = None
    for number, text in lines:
        if is_comment(text):
            continue
        if _SEPARATOR.fullmatch(text):
            if separator is not None:
                raise PuzzleError(
                    f"a second '-' line: the clues already started on line {separator[0]}",
                    line=number,
                    column=text.index("-") + 1,
                    source=source,
                )
            if not grid:
                raise PuzzleError(
                    "clues before any grid: the grid comes first, then '-'", line=number, source=source
                )
            separator = (number, text)
            continue
        (clues if separator is not None else grid).append((number, text))
    if not grid:
        raise PuzzleError("no grid: only comments", line=lines[0][0] if lines else None, source=source)

    rows = _read_grid(grid, source)
    numbers: dict[Cell, int] = {}
    where: dict[Cell, tuple[int, int]] = {}
    for r, ((number, _), squares) in enumerate(zip(grid, rows, strict=True)):
        for c, (value, column) in enumerate(squares):
            if value is not None:
                numbers[(r, c)] = value
                where[(r, c)] = (number, column)
    _check_ragged(grid, rows, len(numbers), source)
    try:
        puzzle = Puzzle.from_cells(numbers)
    except PuzzleError as error:
        raise locate(error, source=source, line=grid[0][0], cells=where) from None
    if separator is None:
        return puzzle
    parsed = [clue for line in clues for clue in _read_clues(line, puzzle, source)]
    _check_clues(parsed, puzzle, source)
    try:
        return puzzle.with_clues(clue.cells for clue in parsed)
    except PuzzleError as error:
        raise locate(error, source=source, line=separator[0]) from None


def _read_grid(grid: list[Line], source: str | None) -> list[list[tuple[int | None, int]]]:
    """Each row's squares as (number or None for a hole, 1-based column where it was typed)."""
    spaced = any(_TOKEN.search(text, _TOKEN.search(text).end()) for _, text in grid if text.strip())
    rows = []
    total = 0
    for number, text in grid:
        squares: list[tuple[int | None, int]] = []
        total += len(text.split()) if spaced else len(text.rstrip())
        if total > MAX_CELLS:
            raise PuzzleError(
                f"the grid has more than {MAX_CELLS:,} squares by this line, the largest board dominosa reads"
                " (the limit on boards)",
                line=number,
                source=source,
            )
        if spaced:
            for match in _TOKEN.finditer(text):
                token, column = match.group(), match.start() + 1
                if token in HOLES:
                    squares.append((None, column))
                elif all(ch in _DIGITS for ch in token):
                    if len(token) > MAX_NUMBER_DIGITS:
                        raise PuzzleError(
                            f"a number of {len(token):,} digits in the grid: numbers have at most"
                            f" {MAX_NUMBER_DIGITS} digits (the limit on numbers)",
                            line=number,
                            column=column,
                            source=source,
                        )
                    squares.append((int(token), column))
                else:
                    raise PuzzleError(
                        f"bad entry {_preview(token)} in the grid: expected a number, or x or . for a square that is"
                        " not a cell",
                        line=number,
                        column=column,
                        source=source,
                    )
        else:
            for index, ch in enumerate(text):
                if ch in _DIGITS:
                    squares.append((int(ch), index + 1))
                elif ch in HOLES:
                    squares.append((None, index + 1))
                elif not ch.isspace():
                    raise PuzzleError(
                        f"bad character {ch!r} in the grid: expected a digit, or x or . for a square that is"
                        " not a cell",
                        line=number,
                        column=index + 1,
                        source=source,
                    )
        rows.append(squares)
    return rows


def _preview(token: str) -> str:
    """A token for a message, cut short: a hostile megabyte-long token must not make a megabyte error line."""
    return repr(token if len(token) <= 30 else token[:27] + "...")


def _check_ragged(
    grid: list[Line], rows: list[list[tuple[int | None, int]]], cell_count: int, source: str | None
) -> None:
    """Report rows of differing lengths when the cells fit no full set (see the module's rule)."""
    lengths = [len(squares) for squares in rows]
    if cell_count == 0 or len(set(lengths)) == 1 or order_for_cells(cell_count) is not None:
        return
    common = Counter(lengths).most_common(1)[0][0]
    reference = lengths.index(common)
    bad = next(i for i, n in enumerate(lengths) if n != common)
    number, text = grid[bad]
    # a long row: point at its first extra square; a short one: just past its end
    column = rows[bad][common][1] if lengths[bad] > common else len(text.rstrip()) + 1
    raise PuzzleError(
        f"ragged rows: line {number} has {lengths[bad]} squares, line {grid[reference][0]} has {common}"
        f" ({cell_count} cells fit no full domino set)",
        line=number,
        column=column,
        source=source,
    )


def _read_clues(line: Line, puzzle: Puzzle, source: str | None) -> list[_Clue]:
    """The clues typed on one line after the ``-``."""
    number, text = line
    found = []
    for match in _CLUE_TOKEN.finditer(text):
        token, column = match.group(), match.start() + 1
        at = _CLUE_AT.fullmatch(token)
        compact = _CLUE_COMPACT.fullmatch(token)
        if at:
            a, b, r1, c1, r2, c2 = map(int, at.groups())
            cells = ((r1 - 1, c1 - 1), (r2 - 1, c2 - 1))
            if min(r1, c1, r2, c2) < 1:
                raise PuzzleError(
                    f"clue {token}: rows and columns count from 1", line=number, column=column, source=source
                )
        elif compact:
            if puzzle.cols > 10:
                raise PuzzleError(
                    f"clue {token}: compact cell numbers (row*10+column from 0) only work on boards up to 10 wide,"
                    f" this one is {puzzle.cols} wide; write it like 6-4@r7c3,r8c3",
                    line=number,
                    column=column,
                    source=source,
                )
            a, b, first, second = map(int, compact.groups())
            try:
                cells = (_compact_cell(first), _compact_cell(second))
            except ValueError as error:
                raise PuzzleError(
                    f"clue {token}: {error}", line=number, column=column, source=source
                ) from None
        else:
            raise PuzzleError(
                f"bad clue {token!r}: {_CLUE_EXAMPLE}", line=number, column=column, source=source
            )
        found.append(_Clue(token, domino(a, b), cells, number, column))
    return found


def _compact_cell(code: int) -> Cell:
    """The 0-based cell of a compact number, counted from 0 as seed 003 counts: 73 is r8c4, 0 is r1c1."""
    return divmod(code, 10)


def _check_clues(clues: list[_Clue], puzzle: Puzzle, source: str | None) -> None:
    """Each clue must be two adjacent cells showing the stated domino, and clues must not collide."""
    board = puzzle.board
    by_cell: dict[Cell, _Clue] = {}
    by_domino: dict[Domino, _Clue] = {}
    for clue in clues:

        def fail(message: str, clue: _Clue = clue) -> PuzzleError:
            return PuzzleError(
                f"clue {clue.text} {message}", line=clue.line, column=clue.column, source=source
            )

        a, b = clue.cells
        for cell in (a, b):
            if cell not in board:
                raise fail(f"leaves the board: {cell_name(cell)} is not a cell")
        if board.pair_of(a, b) is None:
            raise fail(f"names {cell_name(a)} and {cell_name(b)}, which are not adjacent")
        shown = puzzle.domino_at(a, b)
        if shown != clue.stated:
            raise fail(f"does not match the grid: the cells show {puzzle.number_at(a)}-{puzzle.number_at(b)}")
        for cell in (a, b):
            if cell in by_cell:
                raise fail(f"overlaps clue {by_cell[cell].text} at {cell_name(cell)}")
            by_cell[cell] = clue
        if shown in by_domino:
            raise fail(f"places {domino_name(shown)} again: clue {by_domino[shown].text} already does")
        by_domino[shown] = clue


def format_clue(puzzle: Puzzle, clue: Placement) -> str:
    """A clue in the plain format's ``@`` form, numbers in the order of the cells: ``6-4@r7c3,r8c3``."""
    a, b = placement(*clue)
    return f"{puzzle.number_at(a)}-{puzzle.number_at(b)}@{cell_name(a)},{cell_name(b)}"


def write_plain(puzzle: Puzzle) -> str:
    """The puzzle in the plain format, ending with a newline.

    Digits sit side by side when every number is below 10; otherwise numbers are right-aligned in columns
    separated by spaces. Holes are written ``x``. Clues follow a ``-`` line, one per line, in the ``@`` form.
    The plain format has no way to state a domino set that is not a full set: such a set is listed in a
    comment, which readers ignore (use JSON to keep it).
    """
    largest = max(puzzle.numbers)
    width = len(str(largest))
    lines = []
    if not puzzle.is_full_set:
        lines.append("# dominoes: " + " ".join(domino_name(d) for d in puzzle.dominoes))
    for row in puzzle.grid:
        entries = ["x" if v is None else str(v) for v in row]
        lines.append("".join(entries) if width == 1 else " ".join(e.rjust(width) for e in entries))
    if puzzle.clues:
        lines.append("-")
        lines.extend(format_clue(puzzle, clue) for clue in puzzle.clues)
    return "\n".join(lines) + "\n"
