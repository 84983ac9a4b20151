"""The book's input: each puzzle solved (and refused unless it has one solution), ratings read back from JSON."""

from __future__ import annotations

import json
import random

import pytest

from dominosa import Puzzle, PuzzleError
from dominosa.cli.book_input import entries_from_records, grade_order_from, read_annotations
from dominosa.formats import PuzzleRecord
from dominosa.generator.proper import proper_layout


def test_entries_from_records_solve_and_refuse_improper_puzzles():
    proper = Puzzle.from_grid([[1, 1, 0], [0, 0, 1]])
    (entry,) = entries_from_records([PuzzleRecord(proper)])
    assert len(entry.solution.placements) == 3
    with pytest.raises(PuzzleError, match="more than one solution"):
        entries_from_records([PuzzleRecord(Puzzle.from_grid([[1, 1, 1], [0, 0, 0]]), source="f.txt")])
    with pytest.raises(PuzzleError, match="no solution"):
        entries_from_records([PuzzleRecord(Puzzle.from_grid([[1, 0, 1], [0, 1, 0]]))])


def test_ratings_are_read_back_from_json_files(tmp_path):
    from dominosa.formats import read_file_records, write_json

    puzzle, solution = proper_layout(2, random.Random(3))
    plain = json.loads(write_json(puzzle, solution))
    objects = [
        {**plain, "grade": "Hard", "level": 3, "score": 7.5},
        {**plain, "grade": "Easy", "level": 0},
        {**plain, "score": "high"},
    ]
    path = tmp_path / "rated.json"
    path.write_text("# rated puzzles\n" + json.dumps(objects[:2], indent=1) + "\n\n" + json.dumps(objects[2]) + "\n")
    records = read_file_records(path)
    notes = read_annotations(records)
    assert notes == [{"grade": "Hard", "level": 3, "score": 7.5}, {"grade": "Easy", "level": 0}, {}]
    assert grade_order_from(notes) == ["Easy", "Hard"]
    entries = entries_from_records(records, notes)
    assert [(e.grade, e.score) for e in entries] == [("Hard", 7.5), ("Easy", None), (None, None)]
