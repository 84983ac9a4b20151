"""Writing the store: adding a puzzle (each add its own transaction, deduplicated on the canonical key), adding
one from a file only if it is proper, and measuring again the scores of an older measure, batch by batch.

Every value is checked before it is written (a book trusts what the store says), and every write runs under
SQLite's write lock (``BEGIN IMMEDIATE``) so that several programs adding to one store never clash.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from dominosa.canonical import canonical_key
from dominosa.deductions import SCORE_VERSION, count_solutions
from dominosa.errors import PuzzleError
from dominosa.formats import puzzle_from_dict, puzzle_to_dict
from dominosa.generator.store_queries import StoreQueries
from dominosa.generator.store_records import AddOutcome, StoreError, iso_utc
from dominosa.generator.store_schema import translated
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution, problems

__all__ = ["StoreWriting", "RESCORE_BATCH"]

RESCORE_BATCH = 10  # puzzles rescored per transaction: short locks for other programs, little lost to Ctrl-C

_INT64 = 2**63


class StoreWriting(StoreQueries):
    """The writing part of :class:`~dominosa.generator.store.PuzzleStore`: adding puzzles and rescoring old scores."""

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
            "made": iso_utc(made or datetime.now(UTC)),
            "weights": None if weights is None else _params(weights),
            "score_version": None if score is None else _optional(score_version, int, "score_version"),
        }
        names = ", ".join(f'"{name}"' for name in row)
        marks = ", ".join(f":{name}" for name in row)
        insert = f"INSERT INTO puzzles ({names}) VALUES ({marks}) ON CONFLICT (canonical) DO NOTHING"
        # Look before inserting, under the write lock: a refused INSERT would still use up an id.
        with translated(self.path):
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
        from dominosa.deductions import DEFAULT_WEIGHTS, ScoreWeights, rate

        if self.read_only:
            raise StoreError(f"cannot rescore the puzzle store {self.path}: it is read-only")
        batch = RESCORE_BATCH if batch is None else batch
        if batch < 1:
            raise ValueError(f"batch must be at least 1, not {batch}")
        total = self.count_old_scores()
        done = damaged = 0
        last = -1  # the highest id looked at: the next batch starts past it, damaged rows included
        while True:
            with translated(self.path):
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
            with translated(self.path):
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


def _known_rating(rating: dict[str, Any], *, current: bool = False) -> dict[str, Any]:
    """The grade, level and score to store from a rating a file states, the grade only if the engine knows it and
    the score only if it is of today's measure (its ``score_version``; ``current`` when this dominosa just made
    it)."""
    from dominosa.deductions import GRADES

    grade = rating.get("grade")
    out: dict[str, Any] = {}
    if grade in GRADES:
        out.update(grade=grade, level=GRADES.index(grade))
    score = rating.get("score")
    today = current or rating.get("score_version") == SCORE_VERSION
    if isinstance(score, float | int) and math.isfinite(score) and today:
        out["score"] = float(score)
    return out
