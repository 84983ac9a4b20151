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
from collections.abc import Iterable, Iterator
from typing import Any

from dominosa.dominoes import Domino
from dominosa.errors import PuzzleError
from dominosa.formats._lines import Line, is_comment
from dominosa.puzzle import Placement, Puzzle
from dominosa.solution import Solution, problems

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
    if "grid" not in data:
        keys = ", ".join(map(repr, data)) or "none"
        raise PuzzleError(f'a puzzle in JSON needs a "grid" (rows of numbers); its keys are: {keys}')
    grid = data["grid"]
    if not isinstance(grid, list) or not grid:
        raise PuzzleError(f'"grid" must be a non-empty list of rows, not {_kind(grid)}')
    for r, row in enumerate(grid):
        if not isinstance(row, list):
            raise PuzzleError(f'"grid" row {r + 1} must be a list of numbers, not {_kind(row)}')
        for c, value in enumerate(row):
            if value is not None and not _is_int(value):
                raise PuzzleError(
                    f'"grid" row {r + 1}, item {c + 1}: expected a number or null, found {json.dumps(value)}'
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
    solution = Solution(tuple(_placements(data["solution"], "solution")))
    found = problems(puzzle, solution)
    if found:
        more = f" (and {len(found) - 1} more problems)" if len(found) > 1 else ""
        raise PuzzleError(f"the solution given is wrong: {found[0]}{more}")
    return solution


def iter_json_values(lines: list[Line], *, source: str | None = None) -> Iterator[tuple[Any, int, int]]:
    """Each JSON value written on these lines, with the 1-based line and column where it starts.

    Values may follow each other on one line or many (JSON lines, or concatenated pretty-printed objects).
    Comment lines are blanked first, so positions stay those of the file. Malformed JSON raises
    ``PuzzleError`` at the position the decoder stopped.
    """
    first = lines[0][0]
    text = "\n".join("" if is_comment(line) else line for _, line in lines)
    decoder = json.JSONDecoder()
    index = 0
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index == len(text):
            return
        line, column = _position(text, index, first)
        try:
            value, index = decoder.raw_decode(text, index)
        except json.JSONDecodeError as error:
            raise PuzzleError(
                f"malformed JSON: {error.msg}",
                line=first + error.lineno - 1,
                column=error.colno,
                source=source,
            ) from None
        yield value, line, column


def _position(text: str, index: int, first_line: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return first_line + text.count("\n", 0, index), index - line_start + 1


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    """How JSON would call this value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {json.dumps(value)}"
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
                f'"dominoes" item {i + 1}: expected two numbers like [2, 5], found {json.dumps(item)}'
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
        ok = isinstance(item, list) and len(item) == 2
        ok = ok and all(
            isinstance(cell, list) and len(cell) == 2 and all(_is_int(v) for v in cell) for cell in item
        )
        if not ok:
            raise PuzzleError(
                f'"{key}" item {i + 1}: expected two cells like [[0, 1], [1, 1]], found {json.dumps(item)}'
            )
        if any(v < 0 for cell in item for v in cell):
            raise PuzzleError(f'"{key}" item {i + 1}: {json.dumps(item)} has a negative row or column')
        out.append(((item[0][0], item[0][1]), (item[1][0], item[1][1])))
    return out
