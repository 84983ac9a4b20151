"""Tests for writing the store (generator/store_writing.py): deduplication, importing only proper puzzles,
refusing bad values, and rescoring old scores batch by batch, a stopped run keeping what it committed."""

from __future__ import annotations

import random
import sqlite3

import pytest
from store_cases import layout, transposed_and_renamed

from dominosa import Puzzle, problems
from dominosa.deductions import SCORE_VERSION
from dominosa.formats import read_puzzle
from dominosa.generator.proper import proper_layout
from dominosa.generator.store import PuzzleStore
from dominosa.generator.store_records import StoreError


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
    import dominosa.deductions as engine

    real_rate = engine.rate
    path = tmp_path / "p.sqlite"
    ids = _old_scored_store(path, 3)
    calls = []

    def rate_then_stop(puzzle, **options):
        calls.append(puzzle)
        if len(calls) == 3:  # the first puzzle of the second batch
            raise KeyboardInterrupt
        return real_rate(puzzle, **options)

    monkeypatch.setattr(engine, "rate", rate_then_stop)
    with PuzzleStore(path) as store, pytest.raises(KeyboardInterrupt):
        store.rescore_old(batch=2)
    monkeypatch.undo()
    with PuzzleStore(path) as store:
        assert [store.get(i).old_score for i in ids] == [False, False, True]
        assert store.rescore_old() == (1, 0)
