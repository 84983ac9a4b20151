"""Tests for the puzzle store: keeping, deduplicating, querying, exporting, surviving a kill, refusing bad files."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime

import pytest
from waiting import PATIENCE

from dominosa import Board, Puzzle, Solution, problems
from dominosa.deductions import SCORE_VERSION, ScoreWeights, grade, rate
from dominosa.formats import read_file_records, read_puzzle, read_puzzles
from dominosa.generator.layouts import random_irregular_board, random_layout
from dominosa.generator.proper import proper_layout
from dominosa.generator.store import (
    SCHEMA_VERSION,
    PuzzleStore,
    StoreError,
    StoreNotFound,
    open_atomic,
)


def layout(order: int, seed: int) -> tuple[Puzzle, Solution]:
    return random_layout(order, random.Random(seed))


def transposed_and_renamed(puzzle: Puzzle, solution: Solution, seed: int) -> tuple[Puzzle, Solution]:
    """The same puzzle in disguise: rows become columns, and the numbers are shuffled."""
    names = list(range(puzzle.order + 1))
    random.Random(seed).shuffle(names)
    numbers = {(c, r): names[v] for (r, c), v in zip(puzzle.board.cells, puzzle.numbers, strict=True)}
    turned = Solution(tuple(((a[1], a[0]), (b[1], b[0])) for a, b in solution.placements))
    return Puzzle.from_cells(numbers), turned


@pytest.fixture
def store(tmp_path):
    with PuzzleStore(tmp_path / "puzzles.sqlite") as opened:
        yield opened


# -- keeping and finding -------------------------------------------------------------------------------------


def test_a_puzzle_comes_back_as_it_went_in(store):
    puzzle, solution = layout(5, 1)
    made = datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC)
    new = store.add(
        puzzle, solution, grade="hard", level=3, score=4.5, params={"order": 5, "grade": "hard"}, seed=42, made=made
    )
    assert new == 1
    assert len(store) == 1
    got = store.get(new)
    assert (got.id, got.puzzle, got.solution) == (1, puzzle, solution)
    assert (got.grade, got.level, got.score, got.params, got.seed, got.made) == (
        "hard",
        3,
        4.5,
        {"order": 5, "grade": "hard"},
        42,
        made,
    )
    assert got.size == "6x7" and got.order == 5
    assert store.find(puzzle) == 1 and store.contains(puzzle) and puzzle in store


def test_the_columns_one_selects_on_are_filled(store):
    board = random_irregular_board(4, random.Random(2), holes=0.3)
    puzzle, solution = random_layout(board, random.Random(3))
    store.add(puzzle, solution, seed="abc")
    db = sqlite3.connect(store.path)
    row = db.execute('SELECT "order", rows, cols, cells, irregular, seed, made, puzzle, params FROM puzzles').fetchone()
    db.close()
    assert row[:5] == (4, puzzle.rows, puzzle.cols, 30, 1)
    assert row[5] == "abc"
    assert row[6].endswith("+00:00") and datetime.fromisoformat(row[6]).tzinfo is not None
    assert json.loads(row[7])["solution"] == solution.to_list()
    assert json.loads(row[8]) == {}


def test_a_puzzle_turned_and_renamed_is_a_duplicate(store):
    puzzle, solution = layout(4, 7)
    assert store.add(puzzle, solution) == 1
    disguised, its_solution = transposed_and_renamed(puzzle, solution, seed=1)
    assert problems(disguised, its_solution) == []
    assert (disguised.rows, disguised.cols) == (puzzle.cols, puzzle.rows)
    assert disguised != puzzle
    assert store.find(disguised) == 1
    assert store.add(disguised, its_solution, grade="easy") is None
    assert store.add(puzzle, solution) is None
    assert len(store) == 1
    assert store.get(1).grade is None  # the first one kept, untouched
    other, other_solution = layout(4, 8)
    assert store.add(other, other_solution) == 2


def test_ids_are_never_reused_and_unknown_ids_are_a_key_error(store):
    for seed in range(3):
        store.add(*layout(3, seed))
    with pytest.raises(KeyError):
        store.get(99)


def test_everything_survives_closing_and_the_file_is_in_wal_mode(tmp_path):
    path = tmp_path / "deep" / "folder" / "p.sqlite"  # folders are made as needed
    with PuzzleStore(path) as store:
        for seed in range(5):
            store.add(*layout(3, seed), seed=seed)
    with PuzzleStore(path, create=False) as store:
        assert len(store) == 5
        assert [r.seed for r in store.query()] == [0, 1, 2, 3, 4]
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_two_connections_to_one_file_share_deduplication(tmp_path):
    path = tmp_path / "p.sqlite"
    puzzle, solution = layout(5, 11)
    with PuzzleStore(path) as one, PuzzleStore(path) as two:
        assert one.add(puzzle, solution) == 1
        assert two.add(puzzle, solution) is None
        assert two.contains(puzzle)


# -- querying, counting, exporting ---------------------------------------------------------------------------


@pytest.fixture
def filled(store):
    """Nine puzzles: orders 3, 4, 5; grades easy (level 1), hard (level 3) and none; scores 0..8."""
    grades = [("hard", 3), ("easy", 1), (None, None)]
    for k in range(9):
        grade, level = grades[k % 3]
        store.add(*layout(3 + k // 3, 100 + k), grade=grade, level=level, score=float(k), seed=k)
    return store


def test_query_filters_and_orders(filled):
    assert [r.id for r in filled.query()] == list(range(1, 10))
    assert [r.order for r in filled.query(order=4)] == [4, 4, 4]
    assert [r.id for r in filled.query(grade="hard")] == [1, 4, 7]
    assert [r.id for r in filled.query(grade="hard", order=5)] == [7]
    assert [r.id for r in filled.query(limit=2)] == [1, 2]
    assert [r.id for r in filled.query(limit=2, offset=7)] == [8, 9]
    assert [r.score for r in filled.query(by="score", limit=3)] == [8.0, 7.0, 6.0]
    assert [r.id for r in filled.query(min_score=2, max_score=4)] == [3, 4, 5]
    assert filled.query(irregular=True) == []
    assert filled.count(order=3) == 3 and filled.count(grade="easy") == 3 and filled.count() == 9
    with pytest.raises(ValueError):
        filled.query(by="grade")


def test_stats_count_per_order_and_grade_easiest_grade_first(filled):
    stats = filled.stats()
    assert stats.total == 9
    assert stats.grades == ("easy", "hard", None)
    assert stats.orders == (3, 4, 5)
    assert stats.by_order == {3: 3, 4: 3, 5: 3}
    assert stats.by_grade == {"easy": 3, "hard": 3, None: 3}
    assert stats.counts[(4, "hard")] == 1
    data = stats.to_dict()
    assert data["total"] == 9
    assert {"order": 5, "grade": None, "count": 1} in data["by_order_and_grade"]
    json.dumps(data)


def test_an_empty_store_has_empty_stats(store):
    stats = store.stats()
    assert (stats.total, stats.grades, stats.orders, stats.by_order) == (0, (), (), {})


def test_json_export_reads_back_with_solutions(filled, tmp_path):
    out = tmp_path / "hard.jsonl"
    assert filled.export(out, format="json", grade="hard") == 3
    records = read_file_records(out)
    stored = filled.query(grade="hard")
    assert [r.puzzle for r in records] == [s.puzzle for s in stored]
    assert [r.solution for r in records] == [s.solution for s in stored]
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert first["grade"] == "hard" and first["level"] == 3 and first["id"] == 1 and first["seed"] == 0


def test_text_export_reads_back_as_the_same_puzzles(filled):
    buffer = io.StringIO()
    assert filled.export(buffer, format="text", order=3) == 3
    text = buffer.getvalue()
    assert text.startswith("# puzzle 1: order 3, 4x5, grade hard, score 0\n")
    assert read_puzzles(text) == [r.puzzle for r in filled.query(order=3)]


def test_an_atomic_write_that_fails_leaves_the_old_file_and_no_litter(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n", encoding="utf-8")
    os.chmod(target, 0o640)
    with pytest.raises(RuntimeError), open_atomic(target) as out:
        out.write("half of the new")
        raise RuntimeError("interrupted")
    assert target.read_text(encoding="utf-8") == "old\n"
    with open_atomic(target) as out:
        out.write("new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)  # the permissions of the file it replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_export_to_a_missing_folder_is_an_os_error_naming_the_file(filled, tmp_path):
    with pytest.raises(OSError) as caught:
        filled.export(tmp_path / "no" / "such.jsonl")
    assert caught.value.filename == str(tmp_path / "no" / "such.jsonl")


# -- importing ---------------------------------------------------------------------------------------------------


def test_add_if_proper_solves_keeps_proper_puzzles_and_reports_the_rest(store):
    proper = read_puzzle("3:22223101012330103310")
    outcome = store.add_if_proper(proper, params={"imported_from": "test"})
    assert (outcome.status, outcome.id, outcome.count, outcome.complete) == ("added", 1, 1, True)
    assert store.get(1).params == {"imported_from": "test"}
    again = store.add_if_proper(proper)
    assert (again.status, again.id, again.count) == ("duplicate", 1, None)
    assert "already holds it as puzzle 1" in again.reason
    none = store.add_if_proper(Puzzle.from_grid([[0, 1, 0], [1, 0, 1]]))
    assert (none.status, none.count, none.complete) == ("not proper", 0, True)
    assert none.reason == "it has no solution"
    ambiguous = _ambiguous_puzzle()
    many = store.add_if_proper(ambiguous)
    assert (many.status, many.count) == ("not proper", 2)
    assert many.reason == "it is ambiguous: 2 or more solutions"
    assert len(store) == 1


def test_add_if_proper_grades_a_proper_puzzle_without_a_grade_and_only_that(store):
    asked = []

    def grader(puzzle):
        asked.append(puzzle)
        return {"grade": "basic", "score": 12.5}

    proper = read_puzzle("3:22223101012330103310")
    outcome = store.add_if_proper(proper, grader=grader)
    assert (outcome.status, outcome.grade, outcome.reason) == ("added", "basic", "added as puzzle 1 (basic)")
    assert (store.get(1).grade, store.get(1).level, store.get(1).score) == ("basic", 1, 12.5)
    assert store.add_if_proper(proper, grader=grader).status == "duplicate"  # not solved, not graded again
    assert store.add_if_proper(_ambiguous_puzzle(), grader=grader).status == "not proper"
    assert asked == [proper]
    today = {"grade": "hard", "score": 40.0, "score_version": SCORE_VERSION}
    stated = store.add_if_proper(_proper(4), rating=today, grader=grader)
    assert stated.grade == "hard" and asked == [proper]  # a file's own grade and score are kept, not graded again
    assert (store.get(stated.id).score, store.get(stated.id).score_version) == (40.0, SCORE_VERSION)
    # A score of an older measure (a file written before scores had versions) is not kept: the grader scores the
    # puzzle again, and the file's grade stays.
    older = store.add_if_proper(_proper(6), rating={"grade": "hard", "score": 40.0}, grader=grader)
    assert older.grade == "hard" and asked == [proper, store.get(older.id).puzzle]
    assert (store.get(older.id).score, store.get(older.id).score_version) == (12.5, SCORE_VERSION)
    out_of_time = store.add_if_proper(_proper(5), grader=lambda puzzle: None)
    assert out_of_time.reason.endswith("(not graded)") and store.get(out_of_time.id).grade is None


def _proper(order: int) -> Puzzle:
    return proper_layout(order, random.Random(order))[0]


def _ambiguous_puzzle() -> Puzzle:
    from dominosa.deductions import count_solutions

    for seed in range(100):
        puzzle, _ = layout(4, seed)
        if count_solutions(puzzle, 2).count == 2:
            return puzzle
    raise AssertionError("no ambiguous order-4 layout among 100 seeds")


# -- refusing bad values -------------------------------------------------------------------------------------


def test_bad_values_are_refused_with_one_line(store):
    puzzle, solution = layout(3, 1)
    _, other_solution = layout(3, 2)
    bad = [
        ({"solution": other_solution}, "the solution does not solve the puzzle"),
        ({"params": {"f": object()}}, "params must be plain JSON values"),
        ({"params": [1, 2]}, "params must be a dict"),
        ({"score": float("nan")}, "score must be a finite number"),
        ({"score": "high"}, "score must be a number"),
        ({"level": 2.5}, "level must be an integer"),
        ({"grade": 3}, "grade must be a text"),
        ({"seed": 1.5}, "seed must be an integer or a text"),
    ]
    for change, message in bad:
        arguments = {"solution": solution, **change}
        with pytest.raises(StoreError) as caught:
            store.add(puzzle, arguments.pop("solution"), **arguments)
        assert message in str(caught.value)
        assert "\n" not in str(caught.value)
    assert len(store) == 0


def test_a_huge_seed_is_kept_as_its_decimal_text(store):
    store.add(*layout(3, 1), seed=2**70)
    assert store.get(1).seed == str(2**70)


# -- refusing bad files --------------------------------------------------------------------------------------


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


def test_a_damaged_record_is_a_store_error_naming_it(store):
    store.add(*layout(3, 1))
    store._db.execute("UPDATE puzzles SET puzzle = '{\"grid\": [[7]]}' WHERE id = 1")
    with pytest.raises(StoreError, match=r"puzzle 1 in .* is damaged"):
        store.get(1)


# -- surviving a kill ----------------------------------------------------------------------------------------

ADDER = """\
import random, sys
from dominosa.generator.layouts import random_layout
from dominosa.generator.store import PuzzleStore

store = PuzzleStore(sys.argv[1])
rng = random.Random(int(sys.argv[2]))
for i in range(1_000_000):
    puzzle, solution = random_layout(rng.randint(2, 7), rng)
    new = store.add(puzzle, solution, grade="hard", score=float(i), params={"i": i}, seed=i)
    if new is not None:
        print(new, i, flush=True)
"""


def _run_and_kill(script, path, seed: int, wanted: int) -> list[tuple[int, int]]:
    """Start the adder, read ``wanted`` lines, kill it with SIGKILL, and return every (id, i) it printed."""
    child = subprocess.Popen(
        [sys.executable, str(script), str(path), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    printed = []
    try:
        while len(printed) < wanted:
            line = child.stdout.readline()
            assert line, f"the adder stopped early: {child.stderr.read()}"
            printed.append(tuple(map(int, line.split())))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=PATIENCE)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    printed.extend(tuple(map(int, line.split())) for line in rest.splitlines() if line.strip())
    return printed


def test_a_killed_run_loses_nothing_it_added_and_the_next_run_carries_on(tmp_path):
    script = tmp_path / "adder.py"
    script.write_text(textwrap.dedent(ADDER), encoding="utf-8")
    path = tmp_path / "p.sqlite"
    first = _run_and_kill(script, path, seed=1, wanted=40)
    second = _run_and_kill(script, path, seed=2, wanted=20)  # a second run on the same store, killed too
    with PuzzleStore(path, create=False) as store:
        assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert len(store) >= len(first) + len(second)
        for puzzle_id, i in first + second:
            record = store.get(puzzle_id)
            assert (record.seed, record.params, record.score, record.grade) == (i, {"i": i}, float(i), "hard")
            assert problems(record.puzzle, record.solution) == []
        ids = [r.id for r in store.query()]
        assert len(ids) == len(set(ids))
        keys = store._db.execute("SELECT COUNT(DISTINCT canonical) FROM puzzles").fetchone()[0]
        assert keys == len(store)
        # Puzzles of the killed run are still known: adding one again is refused as a duplicate.
        puzzle_id, _ = first[0]
        again = store.get(puzzle_id)
        assert store.add(again.puzzle, again.solution) is None


def test_a_board_with_holes_is_stored_and_read_back(store):
    board = Board.from_cells([(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (2, 2)])
    puzzle = Puzzle.from_cells({(0, 0): 0, (0, 1): 0, (1, 1): 0, (1, 2): 1, (2, 1): 1, (2, 2): 1})
    assert puzzle.board is board
    solution = Solution((((0, 0), (0, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2))))
    new = store.add(puzzle, solution)
    got = store.get(new)
    assert got.puzzle == puzzle and got.size == "3x3 irregular"
    assert store.query(irregular=True)[0].id == new


def test_a_store_opened_read_only_reads_and_refuses_every_write(tmp_path):
    # The studio opens its store so unless --allow-save: writable permissions must not matter.
    path = tmp_path / "puzzles.sqlite"
    with PuzzleStore(path) as store:
        kept = store.add(*proper_layout(5, random.Random(1)), grade="basic", level=1, score=30.0)
    before = path.read_bytes()
    with PuzzleStore(path, create=False, read_only=True) as store:
        assert store.count() == 1 and store.get(kept).grade == "basic"
        with pytest.raises(StoreError, match="read-only"):
            store.add(*proper_layout(5, random.Random(2)), grade="basic", level=1, score=31.0)
    assert path.read_bytes() == before
    with pytest.raises(ValueError):
        PuzzleStore(tmp_path / "new.sqlite", read_only=True)
    assert not (tmp_path / "new.sqlite").exists()


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


# -- series of books -----------------------------------------------------------------------------------------

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


def test_volumes_number_on_per_series_and_keep_their_puzzles_in_book_order(store):
    ids = [store.add(*proper_layout(4, random.Random(seed))) for seed in range(4)]
    digest = "0123456789abcdef" * 4
    first = store.record_volume("classic", store.next_volume("classic"), digest, [ids[2], ids[0]])
    assert (first.volume, first.puzzle_ids) == (1, (ids[2], ids[0]))
    assert store.next_volume("classic") == 2 and store.next_volume("kids") == 1  # each series counts its own
    store.record_volume("kids", 1, digest, [ids[2]])  # another series may print the same puzzle
    store.record_volume("classic", 2, digest, [ids[1]])
    assert [v.volume for v in store.volumes("classic")] == [1, 2]
    assert [r.id for r in store.used_in_series("classic")] == [ids[2], ids[0], ids[1]]
    assert [r.id for r in store.iter_unused("classic")] == [ids[3]]
    assert [r.id for r in store.iter_unused("kids")] == [ids[0], ids[1], ids[3]]
    assert store.volumes("classic")[0].made.tzinfo is not None


def test_recording_a_volume_is_all_or_nothing(store):
    good = store.add(*proper_layout(4, random.Random(1)))
    digest = "ab" * 32
    with pytest.raises(StoreError, match="no puzzle 99"):
        store.record_volume("classic", 1, digest, [good, 99])  # the bad id is met after the volume's row
    assert store.volumes("classic") == [] and store.next_volume("classic") == 1
    store.record_volume("classic", 1, digest, [good])
    with pytest.raises(StoreError, match="already records volume 1"):
        store.record_volume("classic", 1, digest, [good])
    for bad, words in (
        (dict(series=" "), "needs a name"),
        (dict(volume=0), "from 1"),
        (dict(pdf_sha256="xyz"), "SHA-256"),
        (dict(puzzle_ids=[good, good]), "twice"),
    ):
        arguments = dict(series="other", volume=1, pdf_sha256=digest, puzzle_ids=[good]) | bad
        with pytest.raises(StoreError, match=words):
            store.record_volume(**arguments)
    assert [v.volume for v in store.volumes("classic")] == [1] and store.volumes("other") == []


def test_what_is_unused_leaves_out_disguised_copies_and_near_twins_of_what_a_volume_printed(store):
    from test_generator_twins import plain_share

    printed, solution = proper_layout(5, random.Random(11))
    grid = [list(row) for row in printed.grid]
    twin, twin_solution = _near_twin(printed, solution)
    assert plain_share([list(r) for r in twin.grid], grid) > 0.4
    stranger = proper_layout(5, random.Random(12))
    first = store.add(printed, solution)
    twin_id = store.add(twin, twin_solution)
    stranger_id = store.add(*stranger)
    assert twin_id is not None
    store.record_volume("classic", 1, "cd" * 32, [first])
    assert [r.id for r in store.iter_unused("classic")] == [stranger_id]
    # A puzzle named by an earlier book outside the store (book --exclude) is left out the same way, turned
    # and renamed as it may be.
    disguised, _ = transposed_and_renamed(*stranger, seed=5)
    assert list(store.iter_unused("classic", exclude=[disguised])) == []
    assert [r.id for r in store.iter_unused(None, exclude=[disguised])] == [first, twin_id]


def _near_twin(puzzle: Puzzle, solution: Solution) -> tuple[Puzzle, Solution]:
    """Another puzzle with most numbers where ``puzzle`` has them: three pairs of dominoes trade places (the set
    stays full, the solution moves with them)."""
    grid = [list(row) for row in puzzle.grid]
    places = list(solution)
    for first, second in ((0, 1), (4, 7), (10, 13)):
        (a1, b1), (a2, b2) = places[first], places[second]
        (x, y), (u, v) = (grid[a1[0]][a1[1]], grid[b1[0]][b1[1]]), (grid[a2[0]][a2[1]], grid[b2[0]][b2[1]])
        grid[a1[0]][a1[1]], grid[b1[0]][b1[1]], grid[a2[0]][a2[1]], grid[b2[0]][b2[1]] = u, v, x, y
    return Puzzle.from_grid(grid), solution


def test_a_limit_on_what_is_unused_counts_the_puzzles_left_not_those_looked_at(store):
    ids = [store.add(*proper_layout(4, random.Random(seed))) for seed in (31, 32, 35)]  # strangers to each other
    store.record_volume("classic", 1, "ef" * 32, [ids[0]])
    assert [r.id for r in store.iter_unused("classic", limit=1)] == [ids[1]]
    assert [r.id for r in store.iter_unused("classic", limit=5, by="id")] == ids[1:]


# -- score versions ------------------------------------------------------------------------------------------

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


def test_a_score_of_an_older_measure_in_a_read_only_store_is_marked_and_never_ranked_with_todays(tmp_path):
    from dominosa.cli.store import list_line

    path = tmp_path / "p.sqlite"
    with PuzzleStore(path) as store:
        old = store.add(*proper_layout(5, random.Random(1)), grade="basic", level=1, score=99.0, score_version=1)
        new = store.add(*proper_layout(5, random.Random(2)), grade="basic", level=1, score=40.0)
    with PuzzleStore(path, create=False, read_only=True) as store:
        with pytest.raises(StoreError, match="read-only"):
            store.rescore_old()
        record = store.get(old)
        assert (record.score, record.score_version, record.old_score) == (99.0, 1, True)
        assert record.to_dict()["score_version"] == 1 and store.get(new).score_version == SCORE_VERSION
        assert [r.id for r in store.query(by="score")] == [new, old]  # the old 99 is not the best
        assert [r.id for r in store.query(min_score=50)] == [] and store.count(max_score=1000) == 1
        assert list_line(record)[4] == "99 (old)" and list_line(store.get(new))[4] == "40"
    with PuzzleStore(path) as store:  # opened where it can be written: the same, until rescored
        assert store.get(old).old_score and [r.id for r in store.query(by="score")] == [new, old]
        assert "score 99 (old)" in _exported(store)  # a plain export's comment line says so too


def _exported(store: PuzzleStore) -> str:
    out = io.StringIO()
    store.export(out, format="text")
    return out.getvalue()


def test_a_damaged_puzzle_with_an_old_score_is_left_marked_and_the_others_are_rescored(tmp_path):
    path = tmp_path / "p.sqlite"
    with PuzzleStore(path) as store:
        damaged = store.add(*proper_layout(5, random.Random(1)), score=10.0, score_version=1)
        fine = store.add(*proper_layout(5, random.Random(2)), score=10.0)
    db = sqlite3.connect(path)
    db.execute("UPDATE puzzles SET puzzle = '{\"grid\": [[7]]}', score_version = 1 WHERE id = ?", (damaged,))
    db.execute("UPDATE puzzles SET score_version = 1 WHERE id = ?", (fine,))
    db.commit()
    db.close()
    with PuzzleStore(path) as store:  # the readable one rescored, the damaged one left as it was
        assert store.rescore_old() == (1, 1)
        assert store.get(fine).score_version == SCORE_VERSION
        with pytest.raises(StoreError, match=r"puzzle 1 in .* is damaged"):
            store.get(damaged)
        assert store.count(min_score=-1e9) == 1


def _old_scored_store(path, count: int) -> list[int]:
    """A store of ``count`` small puzzles, each with a score of the first measure (as an older dominosa left it)."""
    with PuzzleStore(path) as store:
        ids = [store.add(*proper_layout(4, random.Random(k)), score=1.0, score_version=1) for k in range(count)]
    return ids


def test_a_rescore_stopped_by_ctrl_c_keeps_the_batches_committed_and_the_next_run_goes_on(tmp_path):
    path = tmp_path / "p.sqlite"
    ids = _old_scored_store(path, 3)

    def stop_after_the_first_batch(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with PuzzleStore(path) as store, pytest.raises(KeyboardInterrupt):
        store.rescore_old(batch=1, progress=stop_after_the_first_batch)
    with PuzzleStore(path) as store:  # what was committed is on the disk, the rest still old
        assert [store.get(i).old_score for i in ids] == [False, True, True]
        assert store.rescore_old() == (2, 0) and store.count_old_scores() == 0


def test_a_rescore_stopped_while_rating_loses_only_the_batch_being_rated(tmp_path, monkeypatch):
    from dominosa.deductions import rating

    path = tmp_path / "p.sqlite"
    ids = _old_scored_store(path, 3)
    calls = []

    def rate_then_stop(puzzle, **options):
        calls.append(puzzle)
        if len(calls) == 3:  # the first puzzle of the second batch
            raise KeyboardInterrupt
        return rating.rate.__wrapped__(puzzle, **options)

    rate_then_stop.__wrapped__ = rating.rate
    monkeypatch.setattr(rating, "rate", rate_then_stop)
    with PuzzleStore(path) as store, pytest.raises(KeyboardInterrupt):
        store.rescore_old(batch=2)
    monkeypatch.undo()
    with PuzzleStore(path) as store:
        assert [store.get(i).old_score for i in ids] == [False, False, True]
        assert store.rescore_old() == (1, 0)
