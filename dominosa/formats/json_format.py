"""The JSON form of a puzzle: the one shape every part of the program reads and writes.

::

    {"grid": [[2, 2, 2, 2, 3], [1, 0, 1, 0, 1], ...],
     "clues": [[[0, 0], [0, 1]]],
     "solution": [[[0, 0], [0, 1]], [[0, 2], [1, 2]], ...]}

- ``grid``: rows of numbers, ``null`` for a square that is not a cell; rows may differ in length.
- ``clues``: dominoes given in place, each as its two cells ``[[row, column], [row, column]]`` (0-based).
- ``solution`` (optional): every domino's two cells, in the same form.
- ``dominoes`` (optional): the domino set as ``[[low, high], ...]`` when it is not the full double-n set the
  cell count implies.

Other keys are ignored, so the output of ``generate`` or ``rate`` (which adds ``grade``, ``score``, ...) reads
back as puzzles. A file may hold one object, several objects one per line (JSON lines), or an array of
objects.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from itertools import accumulate
from typing import Any

from dominosa.dominoes import Domino
from dominosa.errors import PuzzleError
from dominosa.formats._lines import Line, is_comment
from dominosa.limits import MAX_CELLS, MAX_NESTING, MAX_NUMBER_DIGITS
from dominosa.puzzle import Placement, Puzzle
from dominosa.solution import Solution, problems, solution_pairs

__all__ = ["puzzle_to_dict", "puzzle_from_dict", "solution_from_dict", "write_json", "iter_json_values"]


def puzzle_to_dict(puzzle: Puzzle, solution: Solution | Iterable[Placement] | None = None) -> dict[str, Any]:
    """The JSON form as plain dicts and lists, with the solution when one is given."""
    out: dict[str, Any] = {"grid": [list(row) for row in puzzle.grid]}
    if not puzzle.is_full_set:
        out["dominoes"] = [list(d) for d in puzzle.dominoes]
    out["clues"] = [[list(a), list(b)] for a, b in puzzle.clues]
    if solution is not None:
        if not isinstance(solution, Solution):
            solution = Solution(tuple(solution))
        out["solution"] = solution.to_list()
    return out


def write_json(puzzle: Puzzle, solution: Solution | Iterable[Placement] | None = None) -> str:
    """The JSON form on one line (no newline), ready for a JSON lines file."""
    return json.dumps(puzzle_to_dict(puzzle, solution), separators=(",", ":"))


def puzzle_from_dict(data: Any) -> Puzzle:
    """The puzzle of a JSON object (already decoded), checked; errors say which key and item is wrong."""
    if not isinstance(data, dict):
        raise PuzzleError(f'a puzzle in JSON is an object with a "grid", not {_kind(data)}')
    if "grid" not in data and isinstance(data.get("puzzle"), dict) and "grid" in data["puzzle"]:
        data = data["puzzle"]  # an answer that carries its puzzle under "puzzle" (dominosa fix's)
    if "grid" not in data:
        names = [repr(key if len(key) <= 20 else key[:17] + "...") for key in list(data)[:5]]
        keys = ", ".join(names) + (f" and {len(data) - 5} more" if len(data) > 5 else "") if data else "none"
        raise PuzzleError(f'a puzzle in JSON needs a "grid" (rows of numbers); its keys are: {keys}')
    grid = data["grid"]
    if not isinstance(grid, list) or not grid:
        raise PuzzleError(f'"grid" must be a non-empty list of rows, not {_kind(grid)}')
    squares = 0
    for r, row in enumerate(grid):
        if not isinstance(row, list):
            raise PuzzleError(f'"grid" row {r + 1} must be a list of numbers, not {_kind(row)}')
        squares += len(row)
        if all(type(value) is int for value in row):  # the usual row: no null, no bool, no float
            continue
        if squares > MAX_CELLS:
            raise PuzzleError(
                f'"grid" has more than {MAX_CELLS:,} squares by row {r + 1}, the largest board dominosa reads'
                " (the limit on boards)"
            )
        for c, value in enumerate(row):
            if value is not None and not _is_int(value):
                raise PuzzleError(
                    f'"grid" row {r + 1}, item {c + 1}: expected a number or null, found {_preview(value)}'
                )
    dominoes = None
    if data.get("dominoes") is not None:
        dominoes = _dominoes(data["dominoes"])
    clues = _placements(data.get("clues") or [], "clues")
    return Puzzle.from_grid(grid, dominoes=dominoes, clues=clues)


def solution_from_dict(data: dict[str, Any], puzzle: Puzzle) -> Solution | None:
    """The solution a JSON object carries, checked against its puzzle; None when it carries none.

    A wrong solution is an error rather than something to pass on: a file that claims a solution is trusted
    by whoever reads it next (a test, a book), so a corrupted one must be caught here.
    """
    if data.get("solution") is None:
        return None
    placements = _placements(data["solution"], "solution")
    pairs = solution_pairs(puzzle, placements)
    if pairs is not None:  # right: built on the board's own cells, which every puzzle of this shape shares
        return Solution.from_pairs(puzzle.board, pairs)
    found = problems(puzzle, Solution(tuple(placements)))
    if found:
        more = f" (and {len(found) - 1} more problems)" if len(found) > 1 else ""
        raise PuzzleError(f"the solution given is wrong: {found[0]}{more}")
    return Solution(tuple(placements))


def iter_json_values(lines: Iterable[Line], *, source: str | None = None) -> Iterator[tuple[Any, int, int]]:
    """Each JSON value written on these lines, with the 1-based line and column where it starts.

    Values may follow each other on one line or many (JSON lines, or concatenated pretty-printed objects).
    Comment lines count as blank, so positions stay those of the file. Malformed JSON raises ``PuzzleError``
    at the position the decoder stopped.

    The lines are taken one at a time: a value is decoded as soon as the line closing its last bracket has
    come, so a JSON lines file of any length is read holding one line, not the whole file.
    """
    decoder = json.JSONDecoder()
    shape = _Shape(source)
    held = _HeldText()  # the lines of the value (or values) not decoded yet
    first = 0  # the number of the first held line
    for number, line in lines:
        if is_comment(line):
            line = ""
        if not held:
            if not line or line.isspace():
                continue
            first = number
        held.append(line)
        if shape.check_line(line, number) <= 0:  # every bracket opened so far is closed: decode what is held
            yield from _decode_all(decoder, held.take(), first, source)
    if held:
        yield from _decode_all(decoder, held.take(), first, source)  # unclosed: the decoder says where


class _HeldText:
    """Lines waiting for their value's last bracket, joined in blocks as they come: a pretty-printed array of
    a million short lines is then held as about its own size in text, not as a million small strings."""

    BLOCK = 4096

    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.lines: list[str] = []

    def __bool__(self) -> bool:
        return bool(self.lines or self.blocks)

    def append(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) == self.BLOCK:
            self.blocks.append("\n".join(self.lines))
            self.lines.clear()

    def take(self) -> str:
        """The held text, lines joined by line breaks; nothing is held afterwards."""
        text = "\n".join(self.blocks + self.lines) if self.blocks else "\n".join(self.lines)
        self.blocks.clear()
        self.lines.clear()
        return text


def _decode_all(decoder: json.JSONDecoder, text: str, first: int, source: str | None) -> Iterator[tuple[Any, int, int]]:
    """Every value in ``text`` (whose first line is line ``first`` of the file), with its line and column."""
    index = 0
    line, line_start = first, 0  # the line of ``index`` and where it starts, advanced as values are read
    counted = 0  # where the count of line breaks has reached: each character is looked at once, not once a value
    end = len(text)
    while True:
        while index < end and text[index].isspace():
            index += 1
        if index == end:
            return
        line += text.count("\n", counted, index)
        line_start = max(text.rfind("\n", counted, index) + 1, line_start)
        counted = index
        column = index - line_start + 1
        try:
            value, index = decoder.raw_decode(text, index)
        except json.JSONDecodeError as error:
            raise PuzzleError(
                f"malformed JSON: {error.msg}",
                line=first + error.lineno - 1,
                column=error.colno,
                source=source,
            ) from None
        except RecursionError:  # cannot happen past the shape check; kept so it could never be a traceback
            raise PuzzleError(
                f"JSON nested more than {MAX_NESTING} deep (the limit on nesting): not a puzzle",
                line=line,
                column=column,
                source=source,
            ) from None
        yield value, line, column


# Strings (skipped whole, escapes included), runs of brackets that open or close lists and objects, and runs of
# digits longer than any number may be: what :class:`_Shape` looks for when the quick test finds something.
_SHAPE_TOKEN = re.compile(rf'"(?:[^"\\]|\\.)*"?|[\[{{]+|[\]}}]+|[0-9]{{{MAX_NUMBER_DIGITS + 1},}}')
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # (unrolled: several times faster than an alternation)
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_NUMBER_DIGITS + 1},}}")
# Brackets as the bytes 1 (opening) and 255 (closing, -1 as a signed byte); every other byte deleted.
_DEPTH_BYTES = bytes.maketrans(b"[{]}", bytes((1, 1, 255, 255)))
_NOT_BRACKET_BYTES = bytes(c for c in range(256) if c not in b"[]{}")


class _Shape:
    """Refuses JSON nested deeper than :data:`~dominosa.limits.MAX_NESTING` or holding a number longer than
    :data:`~dominosa.limits.MAX_NUMBER_DIGITS` digits, line by line, before the decoder recurses into it or
    Python converts it; brackets and digits inside strings do not count. Malformed text is left for the decoder.

    The quick test does the work at C speed (strings cut out by a regex, brackets turned into +1 and -1 by
    ``bytes.translate``, the depth summed by ``accumulate``); only a line that fails it is scanned token by
    token, for the position.
    """

    def __init__(self, source: str | None) -> None:
        self.source = source
        self.depth = 0  # lists and objects open at the end of the lines checked so far

    def check_line(self, line: str, number: int) -> int:
        """Check one line; the depth at its end (0 or less: every bracket is closed)."""
        bare = _STRING.sub("", line) if '"' in line else line
        quote = bare.find('"')
        if quote >= 0:  # an unterminated string runs to the end of the line (and the decoder will refuse it)
            bare = bare[:quote]
        if _LONG_NUMBER.search(bare) is None:
            brackets = bare.encode("utf-8", "surrogatepass").translate(_DEPTH_BYTES, _NOT_BRACKET_BYTES)
            if not brackets:
                return self.depth
            depths = list(accumulate(memoryview(brackets).cast("b"), initial=self.depth))
            if max(depths) <= MAX_NESTING:
                self.depth = depths[-1]
                return self.depth
            if min(depths) < 0:  # a stray closing bracket first: malformed, which the decoder reports
                self.depth = 0
                return 0
        self._scan(line, number)
        return self.depth

    def _scan(self, line: str, number: int) -> None:
        """The slow scan of a line the quick test refused: raise the error at its exact column."""
        depth = self.depth
        for match in _SHAPE_TOKEN.finditer(line):
            token = match.group()
            first = token[0]
            if first == '"':
                continue
            if first in "]}":
                depth = max(depth - len(token), 0)
                continue
            if first in "[{":
                depth += len(token)
                if depth <= MAX_NESTING:
                    continue
                index = match.start() + len(token) - (depth - MAX_NESTING)
                message = f"JSON nested more than {MAX_NESTING} deep (the limit on nesting): not a puzzle"
            else:
                index = match.start()
                message = (
                    f"a number of {len(token):,} digits in the JSON: numbers have at most {MAX_NUMBER_DIGITS}"
                    " digits (the limit on numbers)"
                )
            raise PuzzleError(message, line=number, column=index + 1, source=self.source)
        self.depth = depth


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _preview(value: Any, limit: int = 40) -> str:
    """A value as JSON for a message, cut short: a hostile file must not make a megabyte error line."""
    text = json.dumps(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _kind(value: Any) -> str:
    """How JSON would call this value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {_preview(value)}"
    if isinstance(value, list):
        return "an empty list" if not value else "a list"
    return "an object"


def _dominoes(value: Any) -> list[Domino]:
    if not isinstance(value, list):
        raise PuzzleError(f'"dominoes" must be a list of [low, high] pairs, not {_kind(value)}')
    out = []
    for i, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 2 and all(_is_int(v) for v in item)):
            raise PuzzleError(
                f'"dominoes" item {i + 1}: expected two numbers like [2, 5], found {_preview(item)}'
            )
        out.append((item[0], item[1]))
    return out


def _placements(value: Any, key: str) -> list[Placement]:
    """A list of ``[[r, c], [r, c]]`` placements, each checked for shape (the model checks the rest)."""
    if not isinstance(value, list):
        raise PuzzleError(
            f'"{key}" must be a list of [[row, column], [row, column]] pairs, not {_kind(value)}'
        )
    out = []
    for i, item in enumerate(value):
        if type(item) is list and len(item) == 2:  # the usual [[r, c], [r, c]], checked without a generator
            a, b = item
            if type(a) is list and type(b) is list and len(a) == 2 and len(b) == 2:
                (r0, c0), (r1, c1) = a, b
                ints = type(r0) is int and type(c0) is int and type(r1) is int and type(c1) is int
                if ints and r0 >= 0 and c0 >= 0 and r1 >= 0 and c1 >= 0:
                    out.append(((r0, c0), (r1, c1)))
                    continue
        ok = isinstance(item, list) and len(item) == 2
        ok = ok and all(
            isinstance(cell, list) and len(cell) == 2 and all(_is_int(v) for v in cell) for cell in item
        )
        if not ok:
            raise PuzzleError(
                f'"{key}" item {i + 1}: expected two cells like [[0, 1], [1, 1]], found {_preview(item)}'
            )
        if any(v < 0 for cell in item for v in cell):
            raise PuzzleError(f'"{key}" item {i + 1}: {_preview(item)} has a negative row or column')
        out.append(((item[0][0], item[0][1]), (item[1][0], item[1][1])))
    return out
