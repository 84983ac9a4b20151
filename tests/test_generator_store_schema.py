"""Tests for the store's file (generator/store_schema.py): bad paths and files refused in one line, and stores of
every older schema version migrated, their puzzles kept."""

from __future__ import annotations

import json
import os
import random
import sqlite3

import pytest
from store_cases import layout

from dominosa import Puzzle
from dominosa.deductions import SCORE_VERSION, ScoreWeights, grade, rate
from dominosa.generator.proper import proper_layout
from dominosa.generator.store import PuzzleStore
from dominosa.generator.store_records import StoreError, StoreNotFound
from dominosa.generator.store_schema import SCHEMA_VERSION


def _error(path, **kwargs) -> str:
    with pytest.raises(StoreError) as caught:
        PuzzleStore(path, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_bad_paths_are_clear_one_line_errors(tmp_path):
    assert "is a folder" in _error(tmp_path)
    text = tmp_path / "notes.txt"
    text.write_text("these are not puzzles\n" * 100, encoding="utf-8")
    assert _error(text) == f"{text} is not a puzzle store: it is not an SQLite database"
    assert text.read_text(encoding="utf-8").startswith("these are not puzzles")  # never overwritten
    assert "is a file, not a folder" in _error(text / "p.sqlite")
    with pytest.raises(StoreNotFound) as caught:
        PuzzleStore(tmp_path / "missing.sqlite", create=False)
    assert str(caught.value) == f"no puzzle store at {tmp_path / 'missing.sqlite'}"
    assert not (tmp_path / "missing.sqlite").exists()


def test_someone_elses_database_is_refused_untouched(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE birds (name TEXT)")
    db.commit()
    db.close()
    assert _error(path) == f"{path} is an SQLite database but not a puzzle store (its tables: birds)"
    db = sqlite3.connect(path)
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["birds"]
    db.close()
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    assert "is an empty database" in _error(empty, create=False)


def test_a_store_from_a_newer_dominosa_is_refused(tmp_path):
    path = tmp_path / "p.sqlite"
    PuzzleStore(path).close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO schema_version VALUES (?, 1, 'later')", (SCHEMA_VERSION + 1,))
    db.commit()
    db.close()
    assert "made by a newer dominosa" in _error(path)


def test_a_version_1_store_has_its_old_grade_names_recomputed(tmp_path):
    # Version 1 graded on the old scale, where "tricky" and "hard" sat below set analysis: opening the file
    # grades every graded puzzle afresh (an ungraded one stays ungraded) and records versions 2 and 3.
    path = tmp_path / "old.sqlite"
    with PuzzleStore(path) as store:
        graded = store.add(*proper_layout(5, random.Random(2)), grade="tricky", level=2, score=1.0)
        ungraded = store.add(*layout(5, 3))
    _back_to_version(path, 1)
    with PuzzleStore(path) as store:
        record = store.get(graded)
        assert record.grade == grade(record.puzzle).name and record.level == grade(record.puzzle).level
        assert store.get(ungraded).grade is None and store.get(ungraded).score is None
        # its score is of the first measure, as every score of an older store: marked old until rescored
        assert (record.score, record.score_version, record.old_score) == (1.0, 1, True)
        assert store.rescore_old() == (1, 0)
        assert (store.get(graded).score, store.get(graded).score_version) == (rate(record.puzzle).score, SCORE_VERSION)
    db = sqlite3.connect(path)
    versions = [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, SCHEMA_VERSION + 1))
    db.close()


def _back_to_version(path, version: int) -> None:
    """Turn a store file back into what an older dominosa made (version 1 or 2: no weights column, no series)."""
    db = sqlite3.connect(path)
    db.execute("DROP TABLE volume_puzzles")
    db.execute("DROP TABLE volumes")
    db.execute("DROP INDEX puzzles_by_grade_and_score")
    db.execute("ALTER TABLE puzzles DROP COLUMN weights")
    db.execute("ALTER TABLE puzzles DROP COLUMN score_version")
    db.execute("DELETE FROM schema_version WHERE version > ?", (version,))
    db.commit()
    db.close()


def test_a_version_2_store_gains_score_weights_and_keeps_its_grades(tmp_path):
    # Version 3 adds the score's weights beside each score: an older puzzle has none recorded, a new one does,
    # and the grades are not recomputed (a version-2 store already has today's).
    path = tmp_path / "v2.sqlite"
    with PuzzleStore(path) as store:
        old = store.add(*proper_layout(5, random.Random(2)), grade="made-up", level=9, score=1.0)
    _back_to_version(path, 2)
    weights = ScoreWeights(variety=12.0).to_dict()
    with PuzzleStore(path) as store:
        assert store.get(old).grade == "made-up" and store.get(old).weights is None
        new = store.add(*layout(5, 3), grade="basic", level=1, score=50.0, weights=weights)
        assert store.get(new).weights == weights and store.get(new).to_dict()["weights"] == weights
    db = sqlite3.connect(path)
    versions = [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY version")]
    db.close()
    assert versions == list(range(1, SCHEMA_VERSION + 1))


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_that_cannot_be_written_is_a_clear_error(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert "is not writable" in _error(folder / "p.sqlite")
    finally:
        folder.chmod(0o700)


def test_an_older_store_opened_read_only_says_how_to_bring_it_up_to_date(tmp_path):
    path = tmp_path / "v2.sqlite"
    with PuzzleStore(path) as store:
        store.add(*proper_layout(5, random.Random(2)), grade="basic", level=1, score=1.0)
    _back_to_version(path, 2)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"older dominosa \(version 2\).*dominosa store stats"):
        PuzzleStore(path, create=False, read_only=True)
    assert path.read_bytes() == before
    with PuzzleStore(path, create=False) as store:  # where it can be written, it is migrated as before
        assert store.count() == 1


# The schema a version-3 dominosa made, written out here as it shipped (not taken from the module), so the
# migration is tried on a file the new code did not make.
_VERSION_3 = (
    """CREATE TABLE schema_version (version INTEGER PRIMARY KEY, canonical_version INTEGER NOT NULL,
       applied TEXT NOT NULL)""",
    """CREATE TABLE puzzles (id INTEGER PRIMARY KEY AUTOINCREMENT, canonical TEXT NOT NULL UNIQUE,
       puzzle TEXT NOT NULL, grade TEXT, level INTEGER, score REAL, "order" INTEGER NOT NULL, rows INTEGER NOT NULL,
       cols INTEGER NOT NULL, cells INTEGER NOT NULL, irregular INTEGER NOT NULL CHECK (irregular IN (0, 1)),
       params TEXT NOT NULL DEFAULT '{}', seed, made TEXT NOT NULL, weights TEXT)""",
    'CREATE INDEX puzzles_by_order_and_grade ON puzzles ("order", grade)',
    'CREATE INDEX puzzles_by_grade_and_score ON puzzles ("order", grade, score DESC)',
    "INSERT INTO schema_version VALUES (1, 1, '2026-01-01T00:00:00+00:00')",
    "INSERT INTO schema_version VALUES (2, 1, '2026-01-01T00:00:00+00:00')",
    "INSERT INTO schema_version VALUES (3, 1, '2026-01-01T00:00:00+00:00')",
)


def _version_3_store(path, puzzles) -> None:
    """A store file as dominosa made it before series existed, holding ``puzzles`` ((puzzle, solution) pairs)."""
    _written_store(path, _VERSION_3, [(puzzle, solution, 50.0, None) for puzzle, solution in puzzles])


def _written_store(path, statements, rows) -> None:
    """A store file made by ``statements`` (an older dominosa's tables), holding ``rows``: (puzzle, solution, score,
    weights JSON or None), each graded basic."""
    from dominosa.canonical import canonical_key
    from dominosa.formats import puzzle_to_dict

    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    for puzzle, solution, score, weights in rows:
        db.execute(
            'INSERT INTO puzzles (canonical, puzzle, grade, level, score, "order", rows, cols, cells, irregular, made,'
            " weights) VALUES (?, ?, 'basic', 1, ?, ?, ?, ?, ?, 0, '2026-01-01T00:00:00+00:00', ?)",
            (
                canonical_key(puzzle),
                json.dumps(puzzle_to_dict(puzzle, solution)),
                score,
                puzzle.order,
                puzzle.rows,
                puzzle.cols,
                len(puzzle.board),
                weights,
            ),
        )
    db.commit()
    db.close()


def test_a_version_3_store_made_before_series_gains_them_and_keeps_its_puzzles(tmp_path):
    path = tmp_path / "v3.sqlite"
    layouts = [proper_layout(4, random.Random(seed)) for seed in (1, 2, 3)]
    _version_3_store(path, layouts)
    with PuzzleStore(path) as store:
        assert len(store) == 3 and store.get(2).puzzle == layouts[1][0] and store.get(2).grade == "basic"
        assert store.volumes("classic") == [] and store.next_volume("classic") == 1
        store.record_volume("classic", 1, "ab" * 32, [2, 3], title="Dominosa")
        assert [r.id for r in store.iter_unused("classic")] == [1]
    db = sqlite3.connect(path)
    versions = [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY version")]
    db.close()
    assert versions == list(range(1, SCHEMA_VERSION + 1)) and SCHEMA_VERSION == 5
    with PuzzleStore(path, create=False) as store:  # opened again: already up to date, the volume kept
        (volume,) = store.volumes("classic")
        assert (volume.volume, volume.puzzle_ids, volume.title) == (1, (2, 3), "Dominosa")


# The tables a version-4 dominosa made (version 3's and the series), as they shipped: no score_version column.
_VERSION_4 = (
    *_VERSION_3,
    """CREATE TABLE volumes (id INTEGER PRIMARY KEY AUTOINCREMENT, series TEXT NOT NULL,
       volume INTEGER NOT NULL CHECK (volume >= 1), made TEXT NOT NULL, pdf_sha256 TEXT NOT NULL, title TEXT,
       UNIQUE (series, volume))""",
    """CREATE TABLE volume_puzzles (volume_id INTEGER NOT NULL REFERENCES volumes (id),
       puzzle_id INTEGER NOT NULL REFERENCES puzzles (id), number INTEGER NOT NULL,
       PRIMARY KEY (volume_id, puzzle_id))""",
    "CREATE INDEX volume_puzzles_by_puzzle ON volume_puzzles (puzzle_id)",
    "INSERT INTO schema_version VALUES (4, 1, '2026-01-01T00:00:00+00:00')",
)


def _old_score(puzzle: Puzzle, weights: ScoreWeights | None = None) -> float:
    """The score version 1 gave a puzzle: every count as it is, as if the board were a double-six one."""
    from dominosa.deductions import path_score

    return path_score(rate(puzzle).steps_taken, dominoes=28, weights=weights or ScoreWeights())


def test_a_version_4_store_keeps_its_old_scores_marked_until_rescored(tmp_path):
    path = tmp_path / "v4.sqlite"
    big, big_solution = proper_layout(12, random.Random(3))
    small, small_solution = proper_layout(6, random.Random(4))
    tuned = ScoreWeights(scan=5.0, chain=1.0)
    unscored = proper_layout(5, random.Random(5))
    old_big, today_big = _old_score(big), rate(big).score  # (rated once each: a double-12 takes a moment)
    _written_store(
        path,
        _VERSION_4,
        [
            (big, big_solution, old_big, None),
            (small, small_solution, _old_score(small, tuned), json.dumps(tuned.to_dict())),
            (*unscored, None, None),
        ],
    )
    assert old_big != today_big  # the two measures differ on a double-12 board
    with PuzzleStore(path) as store:  # opening migrates the schema but never rescores: that is a step of its own
        assert (store.get(1).score, store.get(1).old_score, store.get(2).old_score) == (old_big, True, True)
        assert store.count_old_scores() == 2 and store.count(min_score=-1e9) == 0
    with PuzzleStore(path) as store:
        assert store.count_old_scores() == 2  # a second opening neither
        done = []
        assert store.rescore_old(batch=1, progress=lambda n, total: done.append((n, total))) == (2, 0)
        assert done == [(1, 2), (2, 2)]  # after each batch: rescored so far, of those old at the start
        assert store.rescore_old() == (0, 0) and store.count_old_scores() == 0  # nothing left: nothing done
        first, second, third = store.get(1), store.get(2), store.get(3)
        assert (first.score, first.score_version, first.old_score) == (today_big, SCORE_VERSION, False)
        assert second.score == rate(small, weights=tuned).score  # with the weights it was scored with
        assert (third.score, third.score_version) == (None, None)
        assert [r.id for r in store.query(by="score")] == sorted([1, 2], key=lambda i: -store.get(i).score) + [3]
    db = sqlite3.connect(path)
    versions = [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY version")]
    db.close()
    assert versions == [1, 2, 3, 4, 5]
