"""The puzzle store: every puzzle a generator finds, kept in one SQLite file, never the same puzzle twice.

A generator may run for hours, be stopped with Ctrl-C or killed, and start again; books are made from its store
later. So the store

- **keeps each puzzle as soon as it is added**: every :meth:`PuzzleStore.add` is its own transaction,
  committed before ``add`` returns. The file uses write-ahead logging (WAL) with ``synchronous=NORMAL``: a
  killed process loses nothing already added and never leaves a half-written row (a power cut may lose the
  last few adds, never the file);
- **deduplicates** on :func:`~dominosa.canonical.canonical_key` (a ``UNIQUE`` column), so a puzzle
  turned, mirrored or with its numbers renamed counts as the same puzzle, even when several processes add to
  one store at once;
- keeps each puzzle in the model's own **JSON form** (``puzzle_to_dict`` with its solution), beside the columns
  one selects on: grade, level, score, order, board size, the generation parameters (JSON) and seed, and the
  time it was made (ISO 8601, UTC);
- records the **volumes of each series of books** made from it (``book --series``): date, the PDF's SHA-256 and
  the puzzles printed, written in one transaction once the book is written, so later volumes leave them out
  (:meth:`PuzzleStore.iter_unused`);
- records its **schema version** in a table of its own, so a later dominosa can migrate an older file and an
  older dominosa refuses a newer one instead of misreading it;
- records **how each score was measured** (``score_version``, :data:`~dominosa.deductions.score.SCORE_VERSION`)
  beside it. A score of an older measure is kept and marked old (``score_version`` below today's): a score range
  leaves it out, and sorting by score puts it after every score of today's measure, with the unscored puzzles,
  rather than mix two measures. Opening a store never rescores: on a large store that takes minutes, so it is a
  step of its own (:meth:`PuzzleStore.rescore_old`, ``dominosa store rescore``), batch by batch, each batch
  committed, so a run stopped halfway keeps what it did and the next run goes on from there.

>>> import tempfile, os
>>> from dominosa import read_puzzle, count_solutions
>>> puzzle = read_puzzle("3:22223101012330103310")
>>> solution = count_solutions(puzzle, 1, keep_solutions=True).solutions[0]
>>> with tempfile.TemporaryDirectory() as folder, PuzzleStore(os.path.join(folder, "p.sqlite")) as store:
...     first = store.add(puzzle, solution, grade="trivial", seed=7)
...     again = store.add(puzzle, solution)          # the same puzzle: not added twice
...     (first, again, len(store), store.get(first).grade)
(1, None, 1, 'trivial')

Every problem with the file itself (a folder that cannot be written, a file that is not a puzzle store, a store
made by a newer dominosa) is a :class:`StoreError` with a one-line message.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from dominosa.atomic import open_atomic
from dominosa.canonical import CANONICAL_VERSION, canonical_key
from dominosa.deductions import count_solutions
from dominosa.deductions.score import SCORE_VERSION
from dominosa.errors import PuzzleError
from dominosa.formats import puzzle_from_dict, puzzle_to_dict, solution_from_dict, write_game_id, write_plain
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution, problems

__all__ = [
    "PuzzleStore",
    "StoredPuzzle",
    "StoreStats",
    "StoreError",
    "StoreNotFound",
    "AddOutcome",
    "Volume",
    "EXPORT_FORMATS",
    "SCHEMA_VERSION",
    "RESCORE_BATCH",
    "open_atomic",
]

SCHEMA_VERSION = 5
RESCORE_BATCH = 10  # puzzles rescored per transaction: short locks for other programs, little lost to Ctrl-C
EXPORT_FORMATS = ("text", "json", "gameid")

# Each schema version's statements, applied in order to a new file; a version 2 would add the statements that
# turn a version-1 file into a version-2 one, and _migrate would apply them to older files.
_SCHEMA = {
    1: (
        """CREATE TABLE puzzles (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            canonical TEXT NOT NULL UNIQUE,
            puzzle TEXT NOT NULL,
            grade TEXT,
            level INTEGER,
            score REAL,
            "order" INTEGER NOT NULL,
            rows INTEGER NOT NULL,
            cols INTEGER NOT NULL,
            cells INTEGER NOT NULL,
            irregular INTEGER NOT NULL CHECK (irregular IN (0, 1)),
            params TEXT NOT NULL DEFAULT '{}',
            seed,
            made TEXT NOT NULL
        )""",
        'CREATE INDEX puzzles_by_order_and_grade ON puzzles ("order", grade)',
    ),
    # Version 2: the grade scale of the reference grader (trivial, basic, hard, extreme, fiendish, guessing).
    # The tables are unchanged; a version-1 store's grades are recomputed when it is opened (see _migrate).
    2: (),
    # Version 3: the score's weights beside each score (JSON; NULL when not known), and the best of a grade found
    # without a scan (book --best).
    3: (
        "ALTER TABLE puzzles ADD COLUMN weights TEXT",
        'CREATE INDEX puzzles_by_grade_and_score ON puzzles ("order", grade, score DESC)',
    ),
    # Version 4: series of books (book --series): each volume made from the store, with its date, the digest of
    # its PDF and the puzzles it printed, so later volumes of the series leave them out. The puzzles table is
    # unchanged; an older store gains the two empty tables.
    4: (
        """CREATE TABLE volumes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            series TEXT NOT NULL,
            volume INTEGER NOT NULL CHECK (volume >= 1),
            made TEXT NOT NULL,
            pdf_sha256 TEXT NOT NULL,
            title TEXT,
            UNIQUE (series, volume)
        )""",
        """CREATE TABLE volume_puzzles (
            volume_id INTEGER NOT NULL REFERENCES volumes (id),
            puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
            number INTEGER NOT NULL,
            PRIMARY KEY (volume_id, puzzle_id)
        )""",
        "CREATE INDEX volume_puzzles_by_puzzle ON volume_puzzles (puzzle_id)",
    ),
    # Version 5: how each score was measured (deductions.score.SCORE_VERSION; NULL for no score). An older store's
    # scores are marked version 1 when it is migrated, and rescored when asked (PuzzleStore.rescore_old).
    5: ("ALTER TABLE puzzles ADD COLUMN score_version INTEGER",),
}

# The score version of every score an older store holds: the scores before version 5 of the store were measured
# the first way (deductions.score.SCORE_VERSION 1).
_FIRST_SCORE_VERSION = 1

_INT64 = 2**63


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
            "made": _iso(self.made),
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


class PuzzleStore:
    """A puzzle store in one SQLite file; use it as a context manager, or call :meth:`close`.

    Parameters
    ----------
    path : the file; ``output/puzzles.sqlite`` is where the command line keeps it by default.
    create : make the file (and its folder) when missing. With ``create=False`` a missing file is a
        :class:`StoreError`, which is what reading commands want: a typo in a path should not make an empty
        store and report no puzzles.

    Raises
    ------
    StoreError : the path is a folder or cannot be written, the file is not an SQLite database, is a database
        of something else, or was made by a newer dominosa.
    """

    def __init__(
        self, path: str | os.PathLike[str], *, create: bool = True, read_only: bool = False, busy_timeout: float = 30.0
    ) -> None:
        """Open (or, with ``create``, make) the store at ``path``. ``read_only`` opens it so that nothing can be
        written, whatever the file's permissions (the studio without --allow-save); a store in a read-only place is
        opened so anyway. ``busy_timeout`` is how long to wait for another program's lock before failing (the
        studio waits no longer than a request may take)."""
        if read_only and create:
            raise ValueError("a store opened read-only cannot be created")
        self.path = Path(path)
        existed = self.path.exists()
        # Reading needs no write access: a store this process may not write is opened read-only too.
        read_only = read_only or (existed and not create and not _writable(self.path))
        self.read_only = read_only
        self._db = _connect(self.path, create, read_only=read_only, busy_timeout=busy_timeout)
        try:
            _prepare(self._db, self.path, create, read_only=read_only)
        except BaseException:
            self._db.close()
            if not existed:  # a store is whole or absent: never leave a half-made (say 0-byte) file behind
                for leftover in (self.path, *(Path(f"{self.path}{end}") for end in ("-wal", "-shm", "-journal"))):
                    with suppress(OSError):
                        leftover.unlink()
            raise

    # -- life cycle ------------------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file; everything added is already committed."""
        self._db.close()

    def __enter__(self) -> PuzzleStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PuzzleStore({str(self.path)!r})"

    # -- adding ----------------------------------------------------------------------------------------------

    def add(
        self,
        puzzle: Puzzle,
        solution: Solution,
        *,
        grade: str | None = None,
        level: int | None = None,
        score: float | None = None,
        params: dict[str, Any] | None = None,
        seed: int | str | None = None,
        made: datetime | None = None,
        weights: dict[str, float] | None = None,
        score_version: int = SCORE_VERSION,
    ) -> int | None:
        """Keep a puzzle with its solution; its new id, or None when the store already holds it.

        "Already holds it" means a puzzle with the same canonical key: the same up to board symmetry and, for
        a full set, renaming of the numbers. The puzzle is committed before this returns.

        Parameters
        ----------
        puzzle, solution : the solution must solve the puzzle (checked: a book trusts what the store says).
        grade, level, score : the rating, if known.
        params : the generation parameters, any JSON object; kept so a puzzle can be traced and a run resumed.
        seed : the seed it was made from, an integer or a text.
        made : when it was made; now by default.
        weights : the score's weights the score was computed with (``ScoreWeights.to_dict()``).
        score_version : how the score was measured: today's measure unless said (an older one stays marked old
            until :meth:`rescore_old` measures it again).

        Raises
        ------
        StoreError : a wrong solution, parameters that are not JSON, a score that is not a finite number.
        """
        found = problems(puzzle, solution)
        if found:
            raise StoreError(f"the solution does not solve the puzzle: {found[0]}")
        row = {
            "canonical": canonical_key(puzzle),
            "puzzle": json.dumps(puzzle_to_dict(puzzle, solution), separators=(",", ":")),
            "grade": _optional(grade, str, "grade"),
            "level": _optional(level, int, "level"),
            "score": _score(score),
            "order": puzzle.order,
            "rows": puzzle.rows,
            "cols": puzzle.cols,
            "cells": len(puzzle.board),
            "irregular": int(not puzzle.board.is_rectangle),
            "params": _params(params),
            "seed": _seed(seed),
            "made": _iso(made or datetime.now(UTC)),
            "weights": None if weights is None else _params(weights),
            "score_version": None if score is None else _optional(score_version, int, "score_version"),
        }
        names = ", ".join(f'"{name}"' for name in row)
        marks = ", ".join(f":{name}" for name in row)
        insert = f"INSERT INTO puzzles ({names}) VALUES ({marks}) ON CONFLICT (canonical) DO NOTHING"
        # Look before inserting, under the write lock: a refused INSERT would still use up an id.
        with _translated(self.path):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if self._db.execute("SELECT 1 FROM puzzles WHERE canonical = ?", (row["canonical"],)).fetchone():
                    new = None
                else:
                    cursor = self._db.execute(insert, row)
                    new = cursor.lastrowid if cursor.rowcount == 1 else None
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        return new

    def add_if_proper(
        self,
        puzzle: Puzzle,
        *,
        timeout: float | None = None,
        params: dict[str, Any] | None = None,
        rating: dict[str, Any] | None = None,
        grader: Callable[[Puzzle], dict[str, Any] | None] | None = None,
    ) -> AddOutcome:
        """Add a puzzle only if it is proper (exactly one solution, proved), solving it for its solution.

        For importing puzzles from files, which come without a trusted solution. A puzzle the store already
        holds is reported as a duplicate without being solved again. ``rating`` is the ``grade`` and ``score``
        a file states (as ``dominosa rate`` writes them): a grade of the rating engine is kept, with its level
        taken from the engine's grade list; a name the engine does not know is left out; a score is kept only when
        its ``score_version`` is today's (a file written before scores had versions holds scores of version 1),
        else ``grader`` (when given) scores the puzzle again. Without a known
        grade, ``grader`` (when given) rates the puzzle once it is proved proper, in the same form, so that the
        store holds its grade: an ungraded puzzle is left out of everything chosen by grade (a book's best).
        None from it (out of time, say) stores the puzzle ungraded.
        """
        existing = self.find(puzzle)
        if existing is not None:
            return AddOutcome("duplicate", existing)
        result = count_solutions(puzzle, 2, keep_solutions=True, timeout=timeout)
        if not (result.complete and result.count == 1):
            return AddOutcome("not proper", None, result.count, result.complete, result.timed_out)
        known = _known_rating(rating or {})
        stale = "score" in (rating or {}) and "score" not in known  # stated, but of an older measure
        if ("grade" not in known or stale) and grader is not None:
            known = {**_known_rating(grader(puzzle) or {}, current=True), **known}
        new = self.add(puzzle, result.solutions[0], params=params, **known)
        if new is None:  # another process added it meanwhile
            return AddOutcome("duplicate", self.find(puzzle), result.count, result.complete)
        return AddOutcome("added", new, result.count, result.complete, grade=known.get("grade"))

    # -- looking up ------------------------------------------------------------------------------------------

    def find(self, puzzle: Puzzle) -> int | None:
        """The id of the stored puzzle that is this one up to symmetry and renaming, or None."""
        with _translated(self.path):
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
        with _translated(self.path):
            return self._db.execute(f"SELECT COUNT(*) FROM puzzles{where}", values).fetchone()[0]

    def get(self, puzzle_id: int) -> StoredPuzzle:
        """The puzzle with this id; ``KeyError`` when there is none."""
        with _translated(self.path):
            row = self._db.execute("SELECT * FROM puzzles WHERE id = ?", (int(puzzle_id),)).fetchone()
        if row is None:
            raise KeyError(puzzle_id)
        return self._record(row)

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
        with _translated(self.path):
            rows = self._db.execute(sql, [*values, -1 if limit is None else limit, offset])
            for row in rows:
                yield self._record(row)

    def stats(self) -> StoreStats:
        """Counts per order and grade, grades ordered easiest first."""
        sql = 'SELECT "order", grade, COUNT(*), MIN(level) FROM puzzles GROUP BY "order", grade'
        with _translated(self.path):
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
        with _translated(self.path):
            return self._db.execute(
                "SELECT COUNT(*) FROM puzzles WHERE score IS NOT NULL AND score_version IS NOT ?", (SCORE_VERSION,)
            ).fetchone()[0]

    def rescore_old(
        self, *, batch: int | None = None, progress: Callable[[int, int], None] | None = None
    ) -> tuple[int, int]:
        """Score again every puzzle whose score is of an older measure, as ``dominosa rate`` scores it (its
        deduction path) with the weights stored beside it (the defaults when none are); how many were rescored,
        and how many were left as they were because they cannot be read (reading them says they are damaged).

        Rescoring takes long on a large store, so it is done in batches of ``batch`` puzzles (by default
        :data:`RESCORE_BATCH`), read a batch at a time (a store of any size fits in memory) and each written in a
        transaction of its own, only over rows still old: other programs wait for short locks only, two programs
        rescoring at once do not clash, and a run stopped halfway (Ctrl-C is ``KeyboardInterrupt`` here) keeps
        every batch already committed, so the next run goes on from there. ``progress(done, total)`` is called
        after each committed batch: puzzles rescored so far, of the ``total`` that were old when the run began.

        Raises
        ------
        StoreError : the store was opened read-only, or cannot be written.
        """
        from dominosa.deductions.rating import rate
        from dominosa.deductions.score import DEFAULT_WEIGHTS, ScoreWeights

        if self.read_only:
            raise StoreError(f"cannot rescore the puzzle store {self.path}: it is read-only")
        batch = RESCORE_BATCH if batch is None else batch
        if batch < 1:
            raise ValueError(f"batch must be at least 1, not {batch}")
        total = self.count_old_scores()
        done = damaged = 0
        last = -1  # the highest id looked at: the next batch starts past it, damaged rows included
        while True:
            with _translated(self.path):
                rows = self._db.execute(
                    "SELECT id, puzzle, weights FROM puzzles WHERE id > ? AND score IS NOT NULL"
                    " AND score_version IS NOT ? ORDER BY id LIMIT ?",
                    (last, SCORE_VERSION, batch),
                ).fetchall()
            if not rows:
                return done, damaged
            updates = []
            for ident, text, weights in rows:
                try:
                    puzzle = puzzle_from_dict(json.loads(text))
                    chosen = ScoreWeights.from_mapping(json.loads(weights)) if weights else DEFAULT_WEIGHTS
                except (ValueError, TypeError, PuzzleError):
                    damaged += 1
                    continue
                updates.append((rate(puzzle, weights=chosen).score, SCORE_VERSION, ident, SCORE_VERSION))
            last = rows[-1][0]
            with _translated(self.path):
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    written = self._db.executemany(
                        "UPDATE puzzles SET score = ?, score_version = ? WHERE id = ? AND score_version IS NOT ?",
                        updates,
                    ).rowcount
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            done += max(written, 0)  # rows another program rescored meanwhile are not counted twice
            if progress is not None:
                progress(done, total)

    # -- series of books ---------------------------------------------------------------------------------------

    def volumes(self, series: str) -> list[Volume]:
        """The volumes of a series recorded so far, first volume first (an empty list for a new series)."""
        with _translated(self.path):
            rows = self._db.execute(
                "SELECT id, series, volume, made, pdf_sha256, title FROM volumes WHERE series = ? ORDER BY volume",
                (series,),
            ).fetchall()
            out = []
            for row in rows:
                ids = self._db.execute(
                    "SELECT puzzle_id FROM volume_puzzles WHERE volume_id = ? ORDER BY number", (row["id"],)
                ).fetchall()
                out.append(
                    Volume(
                        row["series"],
                        row["volume"],
                        datetime.fromisoformat(row["made"]),
                        row["pdf_sha256"],
                        row["title"],
                        tuple(i for (i,) in ids),
                    )
                )
        return out

    def series_names(self) -> list[str]:
        """The names of the series the store records volumes of, in the order they were begun."""
        with _translated(self.path):
            rows = self._db.execute("SELECT series FROM volumes GROUP BY series ORDER BY MIN(id)").fetchall()
        return [name for (name,) in rows]

    def next_volume(self, series: str) -> int:
        """The number the next volume of a series takes: one more than the highest recorded, 1 for a new one."""
        with _translated(self.path):
            (highest,) = self._db.execute("SELECT MAX(volume) FROM volumes WHERE series = ?", (series,)).fetchone()
        return 1 if highest is None else highest + 1

    def used_in_series(self, series: str) -> list[StoredPuzzle]:
        """Every puzzle a volume of the series printed, oldest volume first."""
        sql = (
            "SELECT puzzles.* FROM puzzles JOIN volume_puzzles ON puzzles.id = volume_puzzles.puzzle_id"
            " JOIN volumes ON volumes.id = volume_puzzles.volume_id WHERE volumes.series = ?"
            " ORDER BY volumes.volume, volume_puzzles.number"
        )
        with _translated(self.path):
            rows = self._db.execute(sql, (series,)).fetchall()
        return [self._record(row) for row in rows]

    def iter_unused(
        self, series: str | None, *, exclude: Iterable[Puzzle] = (), **filters: Any
    ) -> Iterator[StoredPuzzle]:
        """The puzzles that match ``filters`` (those of :meth:`iter_query`) and that a new volume of the series
        may print: none a volume printed, nor one the same up to symmetry and renaming, nor a near-twin of one
        (:class:`~dominosa.generator.twins.RepeatGuard`); ``exclude`` adds puzzles to leave out (and their
        near-twins) to those of the series. With ``series`` None, only ``exclude`` is left out."""
        from dominosa.generator.twins import RepeatGuard

        guard = RepeatGuard([record.puzzle for record in self.used_in_series(series)] if series is not None else [])
        for puzzle in exclude:
            guard.take(puzzle)
        limit = filters.pop("limit", None)  # counted among the puzzles left, not among those looked at
        left = 0
        for record in self.iter_query(**filters):
            if limit is not None and left >= limit:
                return
            if guard.admits(record.puzzle):
                left += 1
                yield record

    def record_volume(
        self,
        series: str,
        volume: int,
        pdf_sha256: str,
        puzzle_ids: Iterable[int],
        *,
        title: str | None = None,
        made: datetime | None = None,
    ) -> Volume:
        """Record that volume ``volume`` of ``series`` printed these puzzles (store ids, in book order), in one
        transaction: all of it or nothing. Call it only once the book's PDF is written, so a failed or
        interrupted build never counts as a volume.

        Raises
        ------
        StoreError : the series already has this volume, an id names no puzzle of the store, a bad value.
        """
        if not isinstance(series, str) or not series.strip():
            raise StoreError("a series needs a name")
        if isinstance(volume, bool) or not isinstance(volume, int) or volume < 1:
            raise StoreError(f"a volume's number is a whole number from 1, not {volume!r}")
        if len(pdf_sha256) != 64 or any(ch not in "0123456789abcdef" for ch in pdf_sha256):
            raise StoreError("the PDF's digest must be SHA-256 in lower-case hex (64 digits)")
        ids = [int(i) for i in puzzle_ids]
        if len(set(ids)) != len(ids):
            raise StoreError("a volume cannot print one puzzle twice")
        when = _iso(made or datetime.now(UTC))
        with _translated(self.path):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if self._db.execute(
                    "SELECT 1 FROM volumes WHERE series = ? AND volume = ?", (series, volume)
                ).fetchone():
                    raise StoreError(f"{self.path} already records volume {volume} of the series {series!r}")
                for ident in ids:
                    if not self._db.execute("SELECT 1 FROM puzzles WHERE id = ?", (ident,)).fetchone():
                        raise StoreError(f"there is no puzzle {ident} in {self.path}")
                cursor = self._db.execute(
                    "INSERT INTO volumes (series, volume, made, pdf_sha256, title) VALUES (?, ?, ?, ?, ?)",
                    (series, volume, when, pdf_sha256, title),
                )
                self._db.executemany(
                    "INSERT INTO volume_puzzles (volume_id, puzzle_id, number) VALUES (?, ?, ?)",
                    [(cursor.lastrowid, ident, number) for number, ident in enumerate(ids, 1)],
                )
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        return Volume(series, volume, datetime.fromisoformat(when), pdf_sha256, title, tuple(ids))

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

    # -- internals -------------------------------------------------------------------------------------------

    def _record(self, row: sqlite3.Row) -> StoredPuzzle:
        """A row as a :class:`StoredPuzzle`, its puzzle and solution checked again on the way out."""
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
            raise StoreError(f"puzzle {row['id']} in {self.path} is damaged: {error}") from None
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


# -- opening -------------------------------------------------------------------------------------------------


def _connect(path: Path, create: bool, *, read_only: bool = False, busy_timeout: float = 30.0) -> sqlite3.Connection:
    """An autocommit connection to the file, after the checks that turn SQLite's vague errors into clear ones."""
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a puzzle store file")
    if not path.exists():
        if not create:
            raise StoreNotFound(f"no puzzle store at {path}")
        folder = path.parent
        if folder.exists() and not folder.is_dir():
            raise StoreError(f"cannot make the puzzle store {path}: {folder} is a file, not a folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot make the folder {folder} for the puzzle store: {error.strerror}") from None
        if not os.access(folder, os.W_OK):
            raise StoreError(f"cannot make the puzzle store {path}: the folder {folder} is not writable")
    try:
        if read_only:
            # Reading needs no write access: open read-only (immutable when even the folder is read-only, where
            # SQLite could not make the files of its write-ahead log) so that list, show, stats and export work.
            how = "mode=ro" if os.access(path.parent, os.W_OK) else "immutable=1"
            db = sqlite3.connect(
                f"{path.absolute().as_uri()}?{how}", uri=True, timeout=busy_timeout, isolation_level=None
            )
        else:
            db = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
    except sqlite3.Error as error:
        raise StoreError(f"cannot open the puzzle store {path}: {error}") from None
    db.row_factory = sqlite3.Row
    return db


def _writable(path: Path) -> bool:
    """Whether this process may write the store file and make its write-ahead log files beside it."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _prepare(db: sqlite3.Connection, path: Path, create: bool, *, read_only: bool = False) -> None:
    """Check the file is a puzzle store this dominosa understands (making a new one in an empty file)."""
    with _translated(path):
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        tables.discard("sqlite_sequence")
        if not tables:
            if not create:
                raise StoreError(f"{path} is an empty database, not a puzzle store")
            _create(db)
        elif "schema_version" not in tables:
            names = ", ".join(sorted(tables))
            raise StoreError(f"{path} is an SQLite database but not a puzzle store (its tables: {names})")
        version, canonical = db.execute(
            "SELECT version, canonical_version FROM schema_version ORDER BY version DESC LIMIT 1"
        ).fetchone() or (0, 0)
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{path} was made by a newer dominosa (store version {version}; this one reads up to"
                f" {SCHEMA_VERSION}): upgrade dominosa"
            )
        if version < SCHEMA_VERSION:
            if read_only:
                raise StoreError(
                    f"{path} is a store of an older dominosa (version {version}) opened read-only: open it once"
                    " where it can be written (dominosa store stats) to bring it up to date"
                )
            _migrate(db, path, version)
        if canonical != CANONICAL_VERSION:
            raise StoreError(
                f"{path} deduplicates with canonical keys of version {canonical}, this dominosa makes version"
                f" {CANONICAL_VERSION}: the store needs its keys rebuilt before use"
            )
        # WAL survives in the file; setting it again is cheap and repairs a store copied from elsewhere. A store
        # opened from a read-only place keeps whatever mode it has.
        with suppress(sqlite3.OperationalError):
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")


def _create(db: sqlite3.Connection) -> None:
    """A new store at the current schema version, in one transaction (a store is whole or absent)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'").fetchone():
            db.execute("COMMIT")  # another process made it while this one waited for the lock
            return
        db.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, canonical_version INTEGER NOT NULL,"
            " applied TEXT NOT NULL)"
        )
        for version in sorted(_SCHEMA):
            for statement in _SCHEMA[version]:
                db.execute(statement)
            db.execute(
                "INSERT INTO schema_version VALUES (?, ?, ?)", (version, CANONICAL_VERSION, _iso(datetime.now(UTC)))
            )
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a full disk may have ended the transaction already
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise


def _migrate(db: sqlite3.Connection, path: Path, version: int) -> None:
    """Bring an older store up to the current schema, in one transaction. A store whose version table is empty
    is damaged rather than old.

    Version 1 named grades on the old seven-grade scale, whose names partly clash with today's ("hard" then is
    basic now): every graded puzzle is graded afresh, which the store can do because it keeps the puzzle.
    """
    if version < 1:
        raise StoreError(f"{path} has a damaged version table (version {version}): it cannot be migrated")
    from dominosa.deductions.grading import PROPER, grade

    db.execute("BEGIN IMMEDIATE")
    try:
        (now,) = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
        if now >= SCHEMA_VERSION:  # another process migrated it while this one waited for the lock
            db.execute("COMMIT")
            return
        rows = [] if version >= 2 else db.execute("SELECT id, puzzle FROM puzzles WHERE grade IS NOT NULL").fetchall()
        for ident, text in rows:
            graded = grade(puzzle_from_dict(json.loads(text)), verdict=PROPER, level_only=True)  # no steps kept
            db.execute("UPDATE puzzles SET grade = ?, level = ? WHERE id = ?", (graded.name, graded.level, ident))
        for newer in range(version + 1, SCHEMA_VERSION + 1):
            for statement in _SCHEMA[newer]:
                db.execute(statement)
            applied = _iso(datetime.now(UTC))
            db.execute("INSERT INTO schema_version VALUES (?, ?, ?)", (newer, CANONICAL_VERSION, applied))
        if version < 5:  # the scores of an older store were measured the first way; rescore_old measures them again
            db.execute("UPDATE puzzles SET score_version = ? WHERE score IS NOT NULL", (_FIRST_SCORE_VERSION,))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


@contextmanager
def _translated(path: Path) -> Iterator[None]:
    """SQLite's errors as one-line :class:`StoreError` messages naming the file."""
    try:
        yield
    except sqlite3.DatabaseError as error:
        text = str(error)
        if "not a database" in text:
            raise StoreError(f"{path} is not a puzzle store: it is not an SQLite database") from None
        if "disk is full" in text or "disk I/O error" in text:
            raise StoreError(f"cannot write to the puzzle store {path}: {text} (is the disk full?)") from None
        if "readonly" in text or "read-only" in text:
            raise StoreError(f"cannot write to the puzzle store {path}: it is read-only") from None
        raise StoreError(f"puzzle store {path}: {text}") from None


# -- values --------------------------------------------------------------------------------------------------


def _iso(moment: datetime) -> str:
    """ISO 8601 in UTC to the second; a naive time is taken to be UTC already."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _optional(value: Any, kind: type, name: str) -> Any:
    if value is None:
        return None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise StoreError(f"{name} must be {'a text' if kind is str else 'an integer'} or None, not {value!r}")
    return value


def _score(score: float | None) -> float | None:
    if score is None:
        return None
    try:
        value = float(score)
    except (TypeError, ValueError):
        raise StoreError(f"score must be a number or None, not {score!r}") from None
    if not math.isfinite(value):
        raise StoreError(f"score must be a finite number, not {score!r}")
    return value


def _params(params: dict[str, Any] | None) -> str:
    if params is None:
        return "{}"
    if not isinstance(params, dict):
        raise StoreError(f"params must be a dict of JSON values, not {type(params).__name__}")
    try:
        return json.dumps(params, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StoreError(f"params must be plain JSON values: {error}") from None


def _seed(seed: int | str | None) -> int | str | None:
    """The seed as SQLite keeps it: an integer when it fits in 64 bits, else its decimal text."""
    if seed is None or isinstance(seed, str):
        return seed
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed if -_INT64 <= seed < _INT64 else str(seed)
    raise StoreError(f"seed must be an integer or a text, not {seed!r}")


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


def _known_rating(rating: dict[str, Any], *, current: bool = False) -> dict[str, Any]:
    """The grade, level and score to store from a rating a file states, the grade only if the engine knows it and
    the score only if it is of today's measure (its ``score_version``; ``current`` when this dominosa just made
    it)."""
    from dominosa.deductions.grades import GRADES

    grade = rating.get("grade")
    out: dict[str, Any] = {}
    if grade in GRADES:
        out.update(grade=grade, level=GRADES.index(grade))
    score = rating.get("score")
    today = current or rating.get("score_version") == SCORE_VERSION
    if isinstance(score, float | int) and math.isfinite(score) and today:
        out["score"] = float(score)
    return out


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
