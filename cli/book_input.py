"""What ``book`` (and ``store add``) read from puzzle files beyond the puzzles: the solution each needs, and the
ratings that ``rate`` and ``generate`` wrote into their JSON.

Reading files and solving puzzles is the command's work, not the page layout's: :mod:`dominosa.rendering.book`
lays out entries it is given (:class:`~dominosa.rendering.book.BookEntry`), and this module makes them.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from pathlib import Path

from dominosa.cli.usage import UsageError
from dominosa.deductions import count_solutions
from dominosa.errors import PuzzleError
from dominosa.formats import decode_bytes, iter_file_records
from dominosa.limits import MAX_INPUT_BYTES
from dominosa.puzzle import Puzzle
from dominosa.rendering.book import BookEntry

__all__ = ["entries_from_records", "read_annotations", "grade_order_from", "read_excluded"]


def entries_from_records(records: Sequence, annotations: Sequence[dict] | None = None) -> list[BookEntry]:
    """Book entries from puzzle records (``dominosa.formats.PuzzleRecord``): the solution the input gives, or
    the one the solver finds (and proves to be the only one); grade and score from ``annotations`` (one dict per
    record, see :func:`read_annotations`). Every puzzle must have exactly one solution, or a book would print a
    wrong answer.

    Raises ``PuzzleError`` naming the first puzzle with no solution or with more than one.
    """
    notes = list(annotations) if annotations is not None else [{} for _ in records]
    out = []
    for record, note in zip(records, notes, strict=True):
        result = count_solutions(record.puzzle, 2, keep_solutions=True)
        where = getattr(record, "location", None) or "a puzzle"
        if result.count == 0:
            raise PuzzleError(f"{where}: the puzzle has no solution, so it cannot go in a book")
        if result.count > 1 or not result.complete:
            raise PuzzleError(f"{where}: the puzzle has more than one solution; a book needs puzzles with exactly one")
        solution = record.solution or result.solutions[0]
        out.append(BookEntry(record.puzzle, solution, note.get("grade"), note.get("score")))
    return out


def read_annotations(records: Sequence) -> list[dict]:
    """For each record, the rating its JSON carries: ``grade`` (a name), ``level`` (its rank, 0 easiest) and
    ``score``, as ``dominosa rate`` and ``dominosa generate`` write them; an empty dict where there is none.

    Only JSON read from a file is looked at again (standard input cannot be read twice); the file is read once
    and each puzzle's object is found from the line the reader recorded for it.
    """
    notes: list[dict] = [{} for _ in records]
    by_place: dict[tuple[str, int], list[int]] = {}
    for k, record in enumerate(records):
        if record.format == "json" and record.source and os.path.isfile(record.source):
            by_place.setdefault((record.source, record.line), []).append(k)
    texts: dict[str, list[str]] = {}
    for (source, line), indices in by_place.items():
        if source not in texts:
            texts[source] = decode_bytes(Path(source).read_bytes(), source).splitlines()
        try:
            values = _json_objects(texts[source], line, len(indices))
        except ValueError:
            continue
        for k, value in zip(indices, values, strict=False):
            notes[k] = _rating(value)
    return notes


def read_excluded(paths: Sequence[str | os.PathLike[str]], *, max_bytes: int = MAX_INPUT_BYTES) -> list[Puzzle]:
    """Every puzzle of the ``--exclude`` files (any format the readers know; an earlier volume's
    ``--puzzles-out`` is JSON lines), read whole before any work: a book must not be built, maybe for minutes,
    and then found to rest on a file that could not be read.

    Raises ``UsageError`` naming the option and the file: missing, unreadable, a folder, malformed, or empty.
    """
    puzzles: list[Puzzle] = []
    for path in paths:
        try:
            puzzles.extend(record.puzzle for record in iter_file_records(path, max_bytes=max_bytes))
        except PuzzleError as error:
            raise UsageError(f"--exclude: {error}") from None
        except OSError as error:
            raise UsageError(f"--exclude {path}: cannot read it: {error.strerror or error}") from None
    return puzzles


def grade_order_from(notes: Sequence[dict]) -> list[str]:
    """Grade names from easiest to hardest, by the ``level`` each note gives its grade (unlevelled ones last)."""
    levels: dict[str, float] = {}
    for note in notes:
        grade = note.get("grade")
        if grade is not None:
            level = note.get("level")
            levels[grade] = min(levels.get(grade, math.inf), level if level is not None else math.inf)
    return sorted(levels, key=lambda g: levels[g])  # sorted() is stable: unlevelled grades keep their order


def _json_objects(lines: list[str], line: int, count: int) -> list:
    """The first ``count`` puzzle objects written from 1-based ``line`` on (arrays give their items)."""
    body = "\n".join("" if text.lstrip().startswith("#") else text for text in lines[line - 1 :])
    decoder = json.JSONDecoder()
    index, items = 0, []
    while len(items) < count:
        while index < len(body) and body[index].isspace():
            index += 1
        value, index = decoder.raw_decode(body, index)
        items.extend(value if isinstance(value, list) else [value])
    return items[:count]


def _rating(value) -> dict:
    """The rating keys of one JSON object, those of the right type only."""
    if not isinstance(value, dict):
        return {}
    note: dict = {}
    if isinstance(value.get("grade"), str) and value["grade"].strip():
        note["grade"] = value["grade"].strip()
    if isinstance(value.get("level"), int) and not isinstance(value["level"], bool):
        note["level"] = value["level"]
    if isinstance(value.get("score"), int | float) and not isinstance(value["score"], bool):
        note["score"] = float(value["score"])
    if isinstance(value.get("score_version"), int) and not isinstance(value["score_version"], bool):
        note["score_version"] = value["score_version"]  # how the score was measured (absent before version 2)
    return note
