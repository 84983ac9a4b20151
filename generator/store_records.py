"""The store's values: the records it gives back, the errors it raises, and the time format it keeps.

They sit below every other part of the store (schema, queries, writing, series) so that each of those can raise a
:class:`StoreError` and build a :class:`StoredPuzzle` without importing the others, and so that callers that only
read records (the book, the studio) need not load SQLite's side of the store.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dominosa.deductions import SCORE_VERSION
from dominosa.errors import PuzzleError
from dominosa.formats import puzzle_from_dict, puzzle_to_dict, solution_from_dict
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "StoreError",
    "StoreNotFound",
    "StoredPuzzle",
    "StoreStats",
    "AddOutcome",
    "Volume",
    "iso_utc",
    "record_from_row",
]


class StoreError(Exception):
    """The store cannot do what was asked: a bad path, a file that is not a puzzle store, a bad record.

    The message is one line meant for the person running the program.
    """


class StoreNotFound(StoreError):
    """There is no store at the path, and it was opened with ``create=False``."""


@dataclass(frozen=True)
class StoredPuzzle:
    """One puzzle of the store with everything kept about it.

    Attributes
    ----------
    id : the store's number for it, from 1, never reused.
    puzzle, solution : the puzzle as it was added (not its canonical form) and its solution.
    grade, level, score : its rating, or None when it was added without one.
    params : the generation parameters given when it was added (an empty dict if none).
    seed : the seed given when it was added, or None.
    made : when it was added, in UTC.
    weights : the score's weights its score was computed with (name -> number), or None when not recorded.
    score_version : how the score was measured (:data:`~dominosa.deductions.score.SCORE_VERSION` when it is
        today's measure; lower for a score of an older one, kept in a store opened read-only); None for no score.
    """

    id: int
    puzzle: Puzzle
    solution: Solution
    grade: str | None = None
    level: int | None = None
    score: float | None = None
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | str | None = None
    made: datetime = field(default_factory=lambda: datetime.now(UTC))
    weights: dict[str, float] | None = None
    score_version: int | None = None

    @property
    def order(self) -> int:
        return self.puzzle.order

    @property
    def old_score(self) -> bool:
        """Whether the score is of an older measure than today's (and so does not compare with today's)."""
        return self.score is not None and self.score_version != SCORE_VERSION

    @property
    def size(self) -> str:
        """The board's size as people say it: ``7x8``, with ``irregular`` for a board with holes."""
        shape = f"{self.puzzle.rows}x{self.puzzle.cols}"
        return shape if self.puzzle.board.is_rectangle else f"{shape} irregular"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the puzzle and its solution, with the stored facts beside it.

        It reads back as a puzzle (readers ignore the other keys), so an export is also an input file.
        """
        board = self.puzzle.board
        return {
            "id": self.id,
            **puzzle_to_dict(self.puzzle, self.solution),
            "grade": self.grade,
            "level": self.level,
            "score": self.score,
            "order": self.puzzle.order,
            "rows": self.puzzle.rows,
            "cols": self.puzzle.cols,
            "cells": len(board),
            "irregular": not board.is_rectangle,
            "params": self.params,
            "seed": self.seed,
            "made": iso_utc(self.made),
            "weights": self.weights,
            "score_version": self.score_version,
        }


@dataclass(frozen=True)
class StoreStats:
    """How many puzzles a store holds, per order and grade.

    Attributes
    ----------
    total : every puzzle.
    counts : (order, grade) -> number of puzzles; grade None for puzzles stored without one.
    grades : the grades present, easiest first (by their lowest stored level, then by name), None last.
    """

    total: int
    counts: dict[tuple[int, str | None], int]
    grades: tuple[str | None, ...]

    @property
    def orders(self) -> tuple[int, ...]:
        return tuple(sorted({order for order, _ in self.counts}))

    @property
    def by_order(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for (order, _), n in sorted(self.counts.items(), key=lambda item: item[0][0]):
            out[order] = out.get(order, 0) + n
        return out

    @property
    def by_grade(self) -> dict[str | None, int]:
        return {g: sum(n for (_, grade), n in self.counts.items() if grade == g) for g in self.grades}

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: totals by order and by grade (``null`` for ungraded) and every (order, grade) count."""
        return {
            "total": self.total,
            "by_order": [{"order": o, "count": n} for o, n in self.by_order.items()],
            "by_grade": [{"grade": g, "count": n} for g, n in self.by_grade.items()],
            "by_order_and_grade": [
                {"order": o, "grade": g, "count": self.counts[(o, g)]}
                for o in self.orders
                for g in self.grades
                if (o, g) in self.counts
            ],
        }


@dataclass(frozen=True)
class AddOutcome:
    """What :meth:`PuzzleStore.add_if_proper` did with one puzzle.

    Attributes
    ----------
    status : ``"added"``, ``"duplicate"`` (the store already holds it, up to symmetry and renaming) or
        ``"not proper"`` (no solution, several, or a count that did not finish).
    id : the new puzzle's id when added, the stored twin's id for a duplicate, None otherwise.
    count, complete : the solution count (up to 2) and whether it is all of them; None for a duplicate, which
        is not solved again.
    timed_out : the count ran out of time, so properness is unknown.
    grade : the grade an added puzzle was stored with (None: stored ungraded).
    """

    status: str
    id: int | None = None
    count: int | None = None
    complete: bool | None = None
    timed_out: bool = False
    grade: str | None = None

    @property
    def reason(self) -> str:
        """Why a puzzle was not added, as a phrase: ``it is ambiguous: 2 or more solutions``, ``it has no solution``."""
        if self.status == "duplicate":
            return f"the store already holds it as puzzle {self.id} (up to symmetry and renaming of numbers)"
        if self.status == "added":
            return f"added as puzzle {self.id}" + (f" ({self.grade})" if self.grade else " (not graded)")
        if self.timed_out:
            return f"the count of its solutions did not finish in time ({self.count} found)"
        if self.count == 0:
            return "it has no solution"
        found = f"{self.count} solutions" if self.complete else f"{self.count} or more solutions"
        return f"it is ambiguous: {found}"


@dataclass(frozen=True)
class Volume:
    """One book of a series, as the store recorded it once its PDF was written.

    Attributes
    ----------
    series : the series' name (``book --series``), as given.
    volume : its number in the series, from 1.
    made : when it was recorded, in UTC.
    pdf_sha256 : the SHA-256 digest of the PDF, in hex: which file this record is about.
    title : the book's title, or None.
    puzzle_ids : the store's ids of the puzzles it printed, in book order.
    """

    series: str
    volume: int
    made: datetime
    pdf_sha256: str
    title: str | None
    puzzle_ids: tuple[int, ...]


def record_from_row(path: Path, row: sqlite3.Row) -> StoredPuzzle:
    """A row of the puzzles table as a :class:`StoredPuzzle`, its puzzle and solution checked again on the way out
    (a store file can be damaged by hand or by a disk, and a book trusts what the store gives)."""
    try:
        data = json.loads(row["puzzle"])
        puzzle = puzzle_from_dict(data)
        solution = solution_from_dict(data, puzzle)
        if solution is None:
            raise PuzzleError("no solution is stored")
        params = json.loads(row["params"])
        made = datetime.fromisoformat(row["made"])
        weights = json.loads(row["weights"]) if row["weights"] is not None else None
    except (ValueError, PuzzleError) as error:  # json.JSONDecodeError is a ValueError
        raise StoreError(f"puzzle {row['id']} in {path} is damaged: {error}") from None
    return StoredPuzzle(
        id=row["id"],
        puzzle=puzzle,
        solution=solution,
        grade=row["grade"],
        level=row["level"],
        score=row["score"],
        params=params,
        seed=row["seed"],
        made=made,
        weights=weights,
        score_version=row["score_version"],
    )


def iso_utc(moment: datetime) -> str:
    """ISO 8601 in UTC to the second; a naive time is taken to be UTC already."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")
