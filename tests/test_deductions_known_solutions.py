"""Kept solutions and refutations answer trial and error's "can this pair be completed?" exactly, and change no
grading."""

from __future__ import annotations

import json
import random

from grading_sequences import NO_FIENDISH, RECORD

from dominosa.deductions.counting import count_solution_pairs
from dominosa.deductions.grading import PROPER, grade
from dominosa.deductions.known_solutions import completes, keep_solution, keeping
from dominosa.deductions.tables import tables_for
from dominosa.formats.game_id import read_game_id
from dominosa.generator.proper import proper_layout


def test_a_kept_solution_completes_exactly_the_positions_it_extends():
    puzzle, _ = proper_layout(6, random.Random(3))
    t = tables_for(puzzle)
    _, found = count_solution_pairs(puzzle, 1)
    solution = found[0]
    outside = next(q for q in range(t.n_pairs) if q not in solution)
    assert not completes(t, [], [], solution[0])  # nothing kept yet for this puzzle
    keep_solution(t, solution)
    assert all(completes(t, [], [], q) for q in solution)
    assert not completes(t, [], [], outside)
    assert completes(t, solution[:3], [outside], solution[4])
    assert not completes(t, [outside], [], solution[4])  # the position is not the solution's
    assert not completes(t, [], [solution[0]], solution[4])


def test_grading_with_kept_solutions_is_grading_without():
    rows = [json.loads(line) for line in RECORD.read_text("utf-8").splitlines() if line.strip()]
    rows = [row for row in rows if "guessing" in row][:3]
    assert rows
    for row in rows:
        puzzle = read_game_id(row["game_id"])
        keeping(False)
        try:
            searched = grade(puzzle, verdict=PROPER, techniques=NO_FIENDISH, keep_deductions=True)
        finally:
            keeping(True)
        kept = grade(read_game_id(row["game_id"]), verdict=PROPER, techniques=NO_FIENDISH, keep_deductions=True)
        again = grade(read_game_id(row["game_id"]), verdict=PROPER, techniques=NO_FIENDISH, keep_deductions=True)
        assert searched.guesses and kept == searched and again == searched  # again: the refutations kept
