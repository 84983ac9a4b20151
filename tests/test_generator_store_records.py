"""Tests for the store's records (generator/store_records.py): a puzzle comes back as it went in, with the
columns one selects on filled, and a damaged row is a one-line error naming it."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime

import pytest
from store_cases import layout

from dominosa import Board, Puzzle, Solution
from dominosa.generator.layouts import random_irregular_board, random_layout
from dominosa.generator.store_records import StoreError


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


def test_a_board_with_holes_is_stored_and_read_back(store):
    board = Board.from_cells([(0, 0), (0, 1), (1, 1), (1, 2), (2, 1), (2, 2)])
    puzzle = Puzzle.from_cells({(0, 0): 0, (0, 1): 0, (1, 1): 0, (1, 2): 1, (2, 1): 1, (2, 2): 1})
    assert puzzle.board is board
    solution = Solution((((0, 0), (0, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2))))
    new = store.add(puzzle, solution)
    got = store.get(new)
    assert got.puzzle == puzzle and got.size == "3x3 irregular"
    assert store.query(irregular=True)[0].id == new


def test_a_damaged_record_is_a_store_error_naming_it(store):
    store.add(*layout(3, 1))
    store._db.execute("UPDATE puzzles SET puzzle = '{\"grid\": [[7]]}' WHERE id = 1")
    with pytest.raises(StoreError, match=r"puzzle 1 in .* is damaged"):
        store.get(1)
