"""The store's file: its tables, version by version, and opening a file safely.

A store file records its schema version in a table of its own, so a later dominosa can migrate an older file (each
version's statements applied in order, in one transaction) and an older dominosa refuses a newer file instead of
misreading it. Opening turns SQLite's vague errors (a folder, a file of another program, a full disk) into one-line
:class:`~dominosa.generator.store_records.StoreError` messages naming the file, before any other part of the store
touches it.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

from dominosa.canonical import CANONICAL_VERSION
from dominosa.formats import puzzle_from_dict
from dominosa.generator.store_records import StoreError, StoreNotFound, iso_utc

__all__ = ["SCHEMA_VERSION", "connect", "writable", "prepare", "translated"]

SCHEMA_VERSION = 5

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


def connect(path: Path, create: bool, *, read_only: bool = False, busy_timeout: float = 30.0) -> sqlite3.Connection:
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


def writable(path: Path) -> bool:
    """Whether this process may write the store file and make its write-ahead log files beside it."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def prepare(db: sqlite3.Connection, path: Path, create: bool, *, read_only: bool = False) -> None:
    """Check the file is a puzzle store this dominosa understands (making a new one in an empty file)."""
    with translated(path):
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
                "INSERT INTO schema_version VALUES (?, ?, ?)", (version, CANONICAL_VERSION, iso_utc(datetime.now(UTC)))
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
    from dominosa.deductions import PROPER, grade

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
            applied = iso_utc(datetime.now(UTC))
            db.execute("INSERT INTO schema_version VALUES (?, ?, ?)", (newer, CANONICAL_VERSION, applied))
        if version < 5:  # the scores of an older store were measured the first way; rescore_old measures them again
            db.execute("UPDATE puzzles SET score_version = ? WHERE score IS NOT NULL", (_FIRST_SCORE_VERSION,))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


@contextmanager
def translated(path: Path) -> Iterator[None]:
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
