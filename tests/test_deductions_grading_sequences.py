"""Grading deduces exactly what it did: the same deductions in the same order, on a fixed, varied set of puzzles.

The record (``tests/data/grading_sequences.jsonl``) and how to regenerate it are described in
``tests/grading_sequences.py``; it must only change when a grade's meaning changes. A faster grader that fails
here has changed what the generator's fitness reads, and so which puzzles a seed gives.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from grading_sequences import NO_FIENDISH, RECORD, digest

from dominosa.deductions.grades import BASIC, TRIVIAL, Technique, ordered_by_tier
from dominosa.deductions.grading import PROPER, grade, graded_by_steps
from dominosa.deductions.graph import shortest_path
from dominosa.formats.game_id import read_game_id


def _rows() -> list[dict]:
    return [json.loads(line) for line in RECORD.read_text("utf-8").splitlines() if line.strip()]


def test_the_record_is_varied():
    rows = _rows()
    grades = {row["grade"] for row in rows}
    assert grades == {"trivial", "basic", "hard", "extreme", "fiendish"}
    assert {read_game_id(row["game_id"]).order for row in rows} >= {*range(4, 13), 15, 20}
    assert sum("guessing" in row for row in rows) >= 10
    assert sum("path" in row for row in rows) >= 50


def test_grading_makes_the_recorded_deductions_in_order():
    wrong = []
    for row in _rows():
        graded = grade(read_game_id(row["game_id"]), verdict=PROPER, keep_deductions=True)
        got = (graded.name, len(graded.deductions), {str(k): v for k, v in graded.uses.items()},
               digest(graded.deductions))
        if got != (row["grade"], row["steps"], row["uses"], row["digest"]):
            wrong.append(f"{row['game_id']}: recorded {row['grade']} in {row['steps']} steps {row['uses']}, "
                         f"now {got[0]} in {got[1]} steps {got[2]}")
    assert not wrong, "\n".join(wrong[:20])


def test_lean_grading_makes_the_recorded_run():
    # Lean grading keeps only the steps' rules and pairs, bookkeeping left out: the same grade, the same counts
    # (bookkeeping included) and the same steps as the record's.
    wrong = []
    for row in _rows():
        lean = grade(read_game_id(row["game_id"]), verdict=PROPER, keep_deductions=True, lean=True)
        uses = {str(k): v for k, v in lean.uses.items()}
        bookkeeping = sum(v for k, v in lean.uses.items() if Technique(k).bookkeeping)
        if (lean.name, uses, len(lean.deductions) + bookkeeping) != (row["grade"], row["uses"], row["steps"]):
            wrong.append(f"{row['game_id']}: recorded {row['grade']} {row['uses']}, now {lean.name} {uses}")
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("tier", [TRIVIAL, BASIC])
def test_the_easy_tiers_lean_make_the_engines_run(tier):
    # Lean runs with the trivial, or the trivial and basic techniques (the generator's quick rejections) go settled:
    # the same level or the same stuck run, the same counts and steps as the engine's full run on each puzzle.
    techniques = ordered_by_tier(tier)
    wrong = []
    for row in _rows():
        puzzle = read_game_id(row["game_id"])
        full = grade(puzzle, verdict=PROPER, techniques=techniques, keep_deductions=True)
        on_bits = graded_by_steps(puzzle, PROPER, techniques, keep=True, lean=True)
        steps = [(d.rule, d.joins) for d in full.deductions if not Technique(d.rule).bookkeeping]
        # The deduction that sets the grade comes as its rule and pairs alone from the lean run, as its steps do.
        deciding = [(d.rule, d.joins) if d else None for d in (on_bits.decisive, full.decisive)]
        if replace(on_bits, deductions=[]) != replace(full, deductions=[]) or (
            [(d.rule, d.joins) for d in on_bits.deductions] != steps or deciding[0] != deciding[1]
        ):
            wrong.append(row["game_id"])
    assert not wrong, wrong[:20]


def test_trial_and_error_makes_the_recorded_deductions_in_order():
    rows = [row for row in _rows() if "guessing" in row]
    wrong = [
        row["game_id"]
        for row in rows
        if digest(grade(read_game_id(row["game_id"]), verdict=PROPER, techniques=NO_FIENDISH,
                        keep_deductions=True).deductions) != row["guessing"]
    ]
    assert not wrong, wrong
    for row in rows:  # and lean, the same run
        puzzle = read_game_id(row["game_id"])
        full = grade(puzzle, verdict=PROPER, techniques=NO_FIENDISH, keep_deductions=True)
        lean = grade(puzzle, verdict=PROPER, techniques=NO_FIENDISH, keep_deductions=True, lean=True)
        assert lean.guesses and replace(lean, deductions=[]) == replace(full, deductions=[])
        assert lean.deductions == [d for d in full.deductions if not Technique(d.rule).bookkeeping]


@pytest.mark.parametrize("part", range(2))
def test_the_shortest_path_is_the_recorded_one(part):
    rows = [row for row in _rows() if "path" in row][part::2]
    wrong = [row["game_id"] for row in rows if digest(shortest_path(read_game_id(row["game_id"])).steps) != row["path"]]
    assert not wrong, wrong
