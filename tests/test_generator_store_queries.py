"""Tests for reading the store (generator/store_queries.py): lookups, filters and orders, counts per order
and grade, exports that read back, and scores of an older measure never ranked with today's."""

from __future__ import annotations

import io
import json
import os
import random

import pytest
from store_cases import layout

from dominosa.atomic import open_atomic
from dominosa.deductions import SCORE_VERSION
from dominosa.formats import read_file_records, read_puzzles
from dominosa.generator.proper import proper_layout
from dominosa.generator.store import PuzzleStore
from dominosa.generator.store_records import StoreError


def test_ids_are_never_reused_and_unknown_ids_are_a_key_error(store):
    for seed in range(3):
        store.add(*layout(3, seed))
    with pytest.raises(KeyError):
        store.get(99)


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
