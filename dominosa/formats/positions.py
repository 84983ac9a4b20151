"""Partly solved positions: a puzzle with some pairs already decided, and reading them from text or JSON.

A *position* is a puzzle with some pairs the solver has already decided: dominoes placed (joined pairs) and pairs
ruled out (split pairs). People write one in either of two forms, both read by :func:`read_positions`:

- **JSON**: the puzzle's own JSON form with two more keys, each a list of pairs of 0-based cells::

      {"grid": [[2, 2, 2, 2, 3], ...], "clues": [],
       "joined": [[[0, 0], [1, 0]]], "split": [[[0, 1], [1, 1]], [[2, 3], [3, 3]]]}

- **text**: any puzzle text (plain grid with optional ``-`` clue lines, or a game ID) followed by the sections
  ``+`` (dominoes placed, without their numbers) and ``=`` (pairs ruled out), each a line of its own followed by
  pairs such as ``r1c1-r1c2`` (rows and columns from 1; ``r1c1,r1c2`` works too), several per line separated by
  spaces or ``;``::

      22223
      10101
      23301
      03310
      +
      r1c1-r2c1
      =
      r1c2-r2c2 r3c4-r4c4

  The clues after ``-`` are placed dominoes too (written with their numbers, as in the plain format).

A puzzle with no joined or split pairs is a position too: the start. The puzzle readers of other commands
ignore the JSON keys ``joined`` and ``split``; the text sections are read only here.

Checking a position against its puzzle and the next hint from it are the engine's
(:mod:`dominosa.deductions.positions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dominosa.board import Cell, cell_name
from dominosa.errors import PuzzleError
from dominosa.formats.json_format import iter_json_values, puzzle_from_dict, solution_from_dict
from dominosa.formats.reader import PuzzleRecord, blank_separated_chunks, read_records
from dominosa.puzzle import Placement, Puzzle, placement

__all__ = ["PositionRecord", "read_positions"]

_SECTION = re.compile(r"\s*([=+])\1*\s*")
_PAIR_TOKEN = re.compile(r"[^\s;]+")
_PAIR = re.compile(r"r(\d+)c(\d+)[,-]r(\d+)c(\d+)", re.IGNORECASE)
_SECTION_NAMES = {"+": "joined", "=": "split"}


@dataclass(frozen=True)
class PositionRecord:
    """A position as read: the puzzle's record with the pairs already joined and split (as cell pairs, first cell
    first). A record of text, as :class:`PuzzleRecord` is, and named so: the engine's position, the four bitsets
    it passes around, is :class:`~dominosa.deductions.state.Position`; :meth:`pair_indices` leads from one to the
    other.

    Attributes
    ----------
    record : the puzzle and where it was read.
    joined : dominoes placed beyond the puzzle's clues.
    split : pairs ruled out.
    """

    record: PuzzleRecord
    joined: tuple[Placement, ...] = field(default=())
    split: tuple[Placement, ...] = field(default=())

    @property
    def puzzle(self) -> Puzzle:
        return self.record.puzzle

    @property
    def is_start(self) -> bool:
        """True when nothing beyond the clues is decided."""
        return not self.joined and not self.split

    def pair_indices(self) -> tuple[list[int], list[int]]:
        """The joined and the split pairs as pair indices of the board (the engine's form)."""
        board = self.puzzle.board
        joined = [board.pair_of(a, b) for a, b in self.joined]
        split = [board.pair_of(a, b) for a, b in self.split]
        if None in joined or None in split:  # pragma: no cover - the readers check adjacency
            raise PuzzleError("a pair of the position is not two adjacent cells")
        return [q for q in joined if q is not None], [q for q in split if q is not None]


# -- reading ----------------------------------------------------------------------------------------------------


def read_positions(text: str, source: str | None = None) -> list[PositionRecord]:
    """Every position in the text (see the module docstring for the forms), in order.

    Chunks are cut at blank lines, as the puzzle reader does; a chunk of JSON may hold several positions, a
    text chunk one puzzle (or several game IDs when it has no sections). Every problem is one
    :class:`PuzzleError` naming the line and column.
    """
    lines = [(k + 1, line.removesuffix("\r")) for k, line in enumerate(text.split("\n"))]
    found: list[PositionRecord] = []
    for chunk in blank_separated_chunks(lines):
        content = [line for line in chunk if not _is_comment(line[1])]
        if not content:
            continue
        if content[0][1].lstrip()[:1] in ("{", "["):
            found.extend(_json_positions(chunk, source))
        else:
            found.extend(_text_positions(chunk, source))
    if not found:
        why = "the text is empty" if not text.strip() else "only comments and blank lines"
        raise PuzzleError(f"no puzzle found: {why}", source=source)
    return found


def _is_comment(text: str) -> bool:
    return text.lstrip().startswith("#")


def _json_positions(chunk: list[tuple[int, str]], source: str | None) -> list[PositionRecord]:
    out = []
    number = 0
    for value, line, column in iter_json_values(chunk, source=source):
        for item in value if isinstance(value, list) else [value]:
            number += 1
            try:
                puzzle = puzzle_from_dict(item)
                solution = solution_from_dict(item, puzzle)
                joined = _json_pairs(item.get("joined"), "joined", puzzle)
                split = _json_pairs(item.get("split"), "split", puzzle)
            except PuzzleError as error:
                raise error.located(line=line, column=column, source=source) from None
            record = PuzzleRecord(puzzle, solution, source, line, number, "json")
            out.append(PositionRecord(record, joined, split))
    return out


def _json_pairs(value: Any, key: str, puzzle: Puzzle) -> tuple[Placement, ...]:
    """A JSON list of ``[[r, c], [r, c]]`` pairs, each two adjacent cells of the board."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise PuzzleError(f'"{key}" must be a list of [[row, column], [row, column]] pairs')
    pairs = []
    for k, item in enumerate(value, 1):
        ok = isinstance(item, list) and len(item) == 2
        ok = ok and all(
            isinstance(cell, list)
            and len(cell) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in cell)
            for cell in item
        )
        if not ok:
            raise PuzzleError(f'"{key}" item {k}: expected two cells like [[0, 1], [1, 1]], not {item!r}')
        a: Cell = (item[0][0], item[0][1])
        b: Cell = (item[1][0], item[1][1])
        why = _pair_problem(puzzle, a, b)
        if why:
            raise PuzzleError(f'"{key}" item {k}: {why}')
        pairs.append(placement(a, b))
    return tuple(pairs)


def _pair_problem(puzzle: Puzzle, a: Cell, b: Cell) -> str | None:
    board = puzzle.board
    for cell in (a, b):
        if cell not in board:
            return f"{cell_name(cell)} is not a cell of the board"
    if board.pair_of(a, b) is None:
        return f"{cell_name(a)} and {cell_name(b)} are not adjacent"
    return None


def _text_positions(chunk: list[tuple[int, str]], source: str | None) -> list[PositionRecord]:
    """A puzzle text with optional ``+`` and ``=`` sections after it."""
    puzzle_lines: list[tuple[int, str]] = []
    sections: dict[str, list[tuple[int, str]]] = {}
    marks: dict[str, int] = {}
    current: str | None = None
    for number, text in chunk:
        mark = _SECTION.fullmatch(text)
        if mark:
            key = mark.group(1)
            column = text.index(key) + 1
            if not puzzle_lines:
                raise PuzzleError(
                    f"a '{key}' line before any puzzle: the puzzle comes first", line=number, column=column,
                    source=source,
                )
            if key in marks:
                raise PuzzleError(
                    f"a second '{key}' line: the {_SECTION_NAMES[key]} pairs already started on line {marks[key]}",
                    line=number,
                    column=column,
                    source=source,
                )
            marks[key] = number
            current = key
            sections[key] = []
        elif current is None:
            puzzle_lines.append((number, text))
        elif not _is_comment(text):
            sections[current].append((number, text))
    first = puzzle_lines[0][0]
    padded = "\n" * (first - 1) + "\n".join(text for _, text in puzzle_lines)
    records = list(read_records(padded, source))
    if not marks:
        return [PositionRecord(record) for record in records]
    if len(records) != 1:
        raise PuzzleError(
            f"{len(records)} puzzles before the '+'/'=' pairs: put each position in its own paragraph",
            line=min(marks.values()),
            source=source,
        )
    record = records[0]
    joined = _text_pairs(sections.get("+", []), record.puzzle, source)
    split = _text_pairs(sections.get("=", []), record.puzzle, source)
    return [PositionRecord(record, joined, split)]


def _text_pairs(lines: list[tuple[int, str]], puzzle: Puzzle, source: str | None) -> tuple[Placement, ...]:
    pairs = []
    for number, text in lines:
        for match in _PAIR_TOKEN.finditer(text):
            token, column = match.group(), match.start() + 1
            found = _PAIR.fullmatch(token)
            if not found:
                raise PuzzleError(
                    f"bad pair {token!r}: expected two cells like r1c1-r1c2", line=number, column=column,
                    source=source,
                )
            r1, c1, r2, c2 = map(int, found.groups())
            if min(r1, c1, r2, c2) < 1:
                raise PuzzleError(
                    f"pair {token}: rows and columns count from 1", line=number, column=column, source=source
                )
            a, b = (r1 - 1, c1 - 1), (r2 - 1, c2 - 1)
            why = _pair_problem(puzzle, a, b)
            if why:
                raise PuzzleError(f"pair {token}: {why}", line=number, column=column, source=source)
            pairs.append(placement(a, b))
    return tuple(pairs)
