"""Reading the store: one puzzle by id or by its canonical form, the puzzles that match filters, counts and
exports.

:class:`StoreQueries` is the part of :class:`~dominosa.generator.store.PuzzleStore` that only reads: the writing
and series parts build on its lookups (a duplicate is found before it is added; a volume's unused puzzles are a
query filtered), and the store class puts the parts together over one open connection.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from dominosa.atomic import open_atomic
from dominosa.canonical import canonical_key
from dominosa.deductions import SCORE_VERSION
from dominosa.errors import PuzzleError
from dominosa.formats import write_game_id, write_plain
from dominosa.generator.store_records import StoredPuzzle, StoreError, StoreStats, record_from_row
from dominosa.generator.store_schema import translated
from dominosa.puzzle import Puzzle

__all__ = ["StoreQueries", "EXPORT_FORMATS"]

EXPORT_FORMATS = ("text", "json", "gameid")


class StoreQueries:
    """Lookups, filtered queries, counts and exports over the store's open connection.

    Attributes
    ----------
    path : the store's file, named in every error.
    read_only : whether the store was opened so that nothing can be written.
    """

    path: Path
    read_only: bool
    _db: sqlite3.Connection

    def find(self, puzzle: Puzzle) -> int | None:
        """The id of the stored puzzle that is this one up to symmetry and renaming, or None."""
        with translated(self.path):
            row = self._db.execute("SELECT id FROM puzzles WHERE canonical = ?", (canonical_key(puzzle),)).fetchone()
        return None if row is None else row[0]

    def contains(self, puzzle: Puzzle) -> bool:
        """True when the store holds this puzzle, or one that is the same up to symmetry and renaming."""
        return self.find(puzzle) is not None

    def __contains__(self, puzzle: object) -> bool:
        return isinstance(puzzle, Puzzle) and self.contains(puzzle)

    def __len__(self) -> int:
        return self.count()

    def count(
        self,
        *,
        order: int | None = None,
        grade: str | None = None,
        irregular: bool | None = None,
        min_score: float | None = None,
        max_score: float | None = None,
    ) -> int:
        """How many puzzles match the filters (all of them without filters); see :meth:`query`."""
        where, values = _where(order, grade, irregular, min_score, max_score)
        with translated(self.path):
            return self._db.execute(f"SELECT COUNT(*) FROM puzzles{where}", values).fetchone()[0]

    def get(self, puzzle_id: int) -> StoredPuzzle:
        """The puzzle with this id; ``KeyError`` when there is none."""
        with translated(self.path):
            row = self._db.execute("SELECT * FROM puzzles WHERE id = ?", (int(puzzle_id),)).fetchone()
        if row is None:
            raise KeyError(puzzle_id)
        return record_from_row(self.path, row)

    def query(
        self,
        *,
        order: int | None = None,
        grade: str | None = None,
        irregular: bool | None = None,
        min_score: float | None = None,
        max_score: float | None = None,
        limit: int | None = None,
        offset: int = 0,
        by: str = "id",
    ) -> list[StoredPuzzle]:
        """The puzzles that match every filter given, as a list; :meth:`iter_query` for a large store.

        Parameters
        ----------
        order, grade, irregular : keep only puzzles of this order, this grade, with (True) or without (False)
            holes.
        min_score, max_score : keep only puzzles scored within this range (unscored ones are left out, and so are
            scores of an older measure, which a store opened read-only may still hold).
        limit, offset : at most ``limit`` puzzles, after skipping ``offset``.
        by : ``"id"`` (oldest first, the default) or ``"score"`` (best first; unscored puzzles and scores of an
            older measure last).
        """
        return list(
            self.iter_query(
                order=order,
                grade=grade,
                irregular=irregular,
                min_score=min_score,
                max_score=max_score,
                limit=limit,
                offset=offset,
                by=by,
            )
        )

    def iter_query(
        self,
        *,
        order: int | None = None,
        grade: str | None = None,
        irregular: bool | None = None,
        min_score: float | None = None,
        max_score: float | None = None,
        limit: int | None = None,
        offset: int = 0,
        by: str = "id",
    ) -> Iterator[StoredPuzzle]:
        """Like :meth:`query`, one puzzle at a time, so exporting a big store needs little memory."""
        sort = {"id": "id", "score": f"score IS NULL OR score_version IS NOT {SCORE_VERSION}, score DESC, id"}.get(by)
        if sort is None:
            raise ValueError(f'by must be "id" or "score", not {by!r}')
        if (limit is not None and limit < 0) or offset < 0:
            raise ValueError("limit and offset cannot be negative")
        where, values = _where(order, grade, irregular, min_score, max_score)
        sql = f"SELECT * FROM puzzles{where} ORDER BY {sort} LIMIT ? OFFSET ?"
        with translated(self.path):
            rows = self._db.execute(sql, [*values, -1 if limit is None else limit, offset])
            for row in rows:
                yield record_from_row(self.path, row)

    def stats(self) -> StoreStats:
        """Counts per order and grade, grades ordered easiest first."""
        sql = 'SELECT "order", grade, COUNT(*), MIN(level) FROM puzzles GROUP BY "order", grade'
        with translated(self.path):
            rows = self._db.execute(sql).fetchall()
        counts = {(order, grade): n for order, grade, n, _ in rows}
        levels: dict[str | None, float] = {}
        for _, grade, _, level in rows:
            if level is not None:
                levels[grade] = min(levels.get(grade, math.inf), level)
        grades = sorted({grade for _, grade in counts}, key=lambda g: (g is None, levels.get(g, math.inf), g or ""))
        return StoreStats(sum(counts.values()), counts, tuple(grades))

    # -- scores of an older measure ----------------------------------------------------------------------------

    def count_old_scores(self) -> int:
        """How many puzzles hold a score of an older measure than today's (marked old until rescored)."""
        with translated(self.path):
            return self._db.execute(
                "SELECT COUNT(*) FROM puzzles WHERE score IS NOT NULL AND score_version IS NOT ?", (SCORE_VERSION,)
            ).fetchone()[0]

    # -- exporting -------------------------------------------------------------------------------------------

    def export(
        self,
        target: str | os.PathLike[str] | IO[str],
        *,
        format: str = "json",
        order: int | None = None,
        grade: str | None = None,
        irregular: bool | None = None,
        min_score: float | None = None,
        max_score: float | None = None,
        limit: int | None = None,
        by: str = "id",
    ) -> int:
        """Write the puzzles that match the filters (see :meth:`query`); how many were written.

        Parameters
        ----------
        target : an open text stream, or a path, which is written atomically: it appears complete or not at
            all, so a book build never reads half an export.
        format : ``"json"``: JSON lines, one :meth:`StoredPuzzle.to_dict` per puzzle, solution included;
            ``"text"``: the plain grid of each puzzle (and its clues) under a comment line naming its id,
            grade and score, a blank line between puzzles. Both read back with ``dominosa.formats``.
        """
        if format not in EXPORT_FORMATS:
            raise ValueError(f"format must be one of {', '.join(EXPORT_FORMATS)}, not {format!r}")
        records = self.iter_query(
            order=order,
            grade=grade,
            irregular=irregular,
            min_score=min_score,
            max_score=max_score,
            limit=limit,
            by=by,
        )
        if isinstance(target, str | os.PathLike):
            with open_atomic(target) as out:
                return _write_records(records, out, format)
        return _write_records(records, target, format)


def _where(
    order: int | None, grade: str | None, irregular: bool | None, min_score: float | None, max_score: float | None
) -> tuple[str, list[Any]]:
    """A WHERE clause (with its leading space) and its values for the filters that are given."""
    terms, values = [], []
    for column, op, value in (
        ('"order"', "=", order),
        ("grade", "=", grade),
        ("irregular", "=", None if irregular is None else int(irregular)),
        ("score", ">=", min_score),
        ("score", "<=", max_score),
    ):
        if value is not None:
            terms.append(f"{column} {op} ?")
            values.append(value)
    if min_score is not None or max_score is not None:  # a score of an older measure does not compare
        terms.append("score_version = ?")
        values.append(SCORE_VERSION)
    return (" WHERE " + " AND ".join(terms) if terms else ""), values


def _write_records(records: Iterator[StoredPuzzle], out: IO[str], format: str) -> int:
    count = 0
    for record in records:
        if format == "json":
            out.write(json.dumps(record.to_dict(), separators=(",", ":"), ensure_ascii=False) + "\n")
        elif format == "gameid":
            try:
                out.write(write_game_id(record.puzzle) + "\n")
            except PuzzleError as error:  # an irregular board, a partial set, clues: nothing written at all
                raise StoreError(f"puzzle {record.id}: {error}") from None
        else:
            facts = [f"order {record.order}", record.size]
            if record.grade is not None:
                facts.append(f"grade {record.grade}")
            if record.score is not None:
                facts.append(f"score {record.score:g}" + (" (old)" if record.old_score else ""))
            out.write(("\n" if count else "") + f"# puzzle {record.id}: {', '.join(facts)}\n")
            out.write(write_plain(record.puzzle))
        count += 1
    return count
