"""Grades, the shortest deduction path and the score: definitions checked as properties."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from grading_sequences import NO_FIENDISH, RECORD
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import layouts, seeds

from dominosa import Puzzle
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import GRADES, rate
from dominosa.deductions.driver import iter_deductions
from dominosa.deductions.grades import GUESSING, TRIVIAL, Technique, grade_level, ordered_by_tier
from dominosa.deductions.grading import AMBIGUOUS, NO_SOLUTION, PROPER, grade
from dominosa.deductions.graph import shortest_path
from dominosa.deductions.score import IMPROPER_SCORE, dominoes_to_place, path_score
from dominosa.deductions.state import SolvingState
from dominosa.formats.game_id import read_game_id
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout

SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def proper_puzzles(draw, min_order=3, max_order=7):
    order = draw(st.integers(min_value=min_order, max_value=max_order))
    return proper_layout(order, random.Random(draw(seeds())))


def _solves_with(puzzle: Puzzle, max_level: int) -> bool:
    state = SolvingState(puzzle)
    for _ in iter_deductions(state, techniques=ordered_by_tier(max_level), guess=False):
        pass
    return state.solved


@SOME
@given(proper_puzzles())
def test_the_grade_is_the_lowest_tier_that_solves(layout):
    puzzle, _ = layout
    level = grade(puzzle).level
    assert level is not None
    if level < GUESSING:
        assert _solves_with(puzzle, level)
    if level > 0:
        assert not _solves_with(puzzle, min(level - 1, GUESSING - 1))


@SOME
@given(proper_puzzles(), st.data())
def test_adding_a_clue_never_raises_the_grade(layout, data):
    puzzle, hidden = layout
    clue = data.draw(st.sampled_from(hidden.placements))
    assert grade(puzzle.with_clues([clue])).level <= grade(puzzle).level


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(proper_puzzles(max_order=6))
def test_rating_is_deterministic_and_its_path_solves_the_puzzle(layout):
    puzzle, hidden = layout
    first, second = rate(puzzle), rate(puzzle, verdict=PROPER)  # a verdict given saves the count, changes nothing
    assert first.to_dict() == second.to_dict()
    assert [d.reason for d in first.path.steps] == [d.reason for d in second.path.steps]
    state = SolvingState(puzzle)
    truth = set(hidden.pairs(puzzle.board))
    for d in first.path.steps:
        assert set(d.joins) <= truth and not set(d.splits) & truth
        state.apply(d)
        for _ in iter_deductions(state, techniques=[t for t in ordered_by_tier(0) if t.bookkeeping]):
            pass
    assert state.solved
    assert first.level == GRADES.index(first.grade_name)


def test_a_bigger_budget_never_finds_a_dearer_path():
    puzzle, _ = proper_layout(6, random.Random(4))
    small = shortest_path(puzzle, node_budget=3)
    large = shortest_path(puzzle, node_budget=400)
    assert large.exhaustive
    assert large.cost <= small.cost


def test_improper_puzzles_get_a_verdict_and_the_lowest_score():
    rng = random.Random(8)
    while True:
        puzzle, _ = random_layout(5, rng, avoid_trivial_squares=False)
        rating = rate(puzzle)
        if rating.verdict == AMBIGUOUS:
            break
    assert rating.level is None and rating.grade_name is None
    assert rating.score == IMPROPER_SCORE
    assert not rating.unique


def test_no_solution_is_a_verdict():
    puzzle = Puzzle.from_grid([[2, 0, 0, 2], [2, 2, 1, 1], [1, 0, 1, 0]])
    assert count_solutions_exact_cover(puzzle) == (0, True)  # an independent count agrees: no tiling works
    assert grade(puzzle).verdict == NO_SOLUTION
    rating = rate(puzzle)
    assert rating.level is None and rating.score == IMPROPER_SCORE


def test_logical_puzzles_score_above_guessing_ones():
    # Without the fiendish tier some puzzles need trial and error; their solves must score below every
    # solve that logic alone finishes.
    no_fiendish = tuple(t for t in ordered_by_tier() if t.level != GUESSING - 1)
    logical, guessing = [], []
    for seed in range(40):
        puzzle, _ = proper_layout(6, random.Random(seed))
        logical.append(rate(puzzle).score)
        weaker = grade(puzzle, techniques=no_fiendish, keep_deductions=True)
        if weaker.level == GUESSING:
            steps = [d for d in weaker.deductions if d.rule not in (2, 3)]
            guessing.append(path_score(steps, dominoes=dominoes_to_place(puzzle)))
    assert guessing, "no puzzle needed guessing without the fiendish tier"
    assert min(logical) > max(guessing)


def test_grade_names_round_trip():
    for level, name in enumerate(GRADES):
        assert grade_level(name.upper()) == level


# -- the settled step run: runs that keep no bookkeeping steps draw it by settle, and count the same ------------


def _settled_matches_the_full_run(puzzle: Puzzle, techniques=None, verdict: str | None = None) -> None:
    """grade() without kept deductions, and lean with them, against the full step run (every step kept): the same
    verdict, level, uses (keyed by technique, in order), guesses, depth and stuck position, and lean's deductions
    are the full run's without the bookkeeping."""
    full = grade(puzzle, verdict=verdict, techniques=techniques, keep_deductions=True)
    settled = grade(puzzle, verdict=verdict, techniques=techniques)
    assert replace(full, deductions=[]) == settled
    assert list(settled.uses.items()) == list(full.uses.items())
    assert all(type(technique) is Technique for technique in settled.uses)  # not plain ints (the compiled build)
    lean = grade(puzzle, verdict=verdict, techniques=techniques, keep_deductions=True, lean=True)
    assert replace(lean, deductions=[]) == settled
    assert lean.deductions == [d for d in full.deductions if not Technique(d.rule).bookkeeping]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from((3, 5, 7, 9, 12, 15)), seeds(), st.booleans())
def test_a_run_keeping_no_bookkeeping_is_the_full_step_runs(order, seed, no_fiendish):
    puzzle = proper_layout(order, random.Random(seed))[0]
    _settled_matches_the_full_run(puzzle, NO_FIENDISH if no_fiendish else None, PROPER)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=1, max_order=8, clues=True), st.integers(min_value=TRIVIAL, max_value=len(GRADES) - 1))
def test_a_run_keeping_no_bookkeeping_is_the_full_step_runs_on_any_puzzle_and_scale(layout, top):
    # Holed boards, clues (bookkeeping pending before the first step), improper puzzles, runs stuck below the top
    _settled_matches_the_full_run(layout[0], ordered_by_tier(top))


def test_a_run_keeping_no_bookkeeping_is_the_full_step_runs_on_the_record():
    rows = [json.loads(line) for line in RECORD.read_text("utf-8").splitlines() if line.strip()]
    sample = rows[::9] + [row for row in rows if "guessing" in row][::3]
    for row in sample:
        puzzle = read_game_id(row["game_id"])
        _settled_matches_the_full_run(puzzle, None, PROPER)
        if "guessing" in row:  # trial and error, and a stuck position past extreme
            _settled_matches_the_full_run(puzzle, NO_FIENDISH, PROPER)
    assert len(sample) > 80


def test_a_technique_list_not_starting_with_the_bookkeeping_is_stepped_in_full():
    # Rule 1 asked before the bookkeeping takes cells that rule 3 would have filled: settling after each step
    # would count other uses, so such a list gets the full step run's (with rule 1 used far more than by default).
    puzzle = proper_layout(7, random.Random(3))[0]
    by_tier = ordered_by_tier()
    assert by_tier[:3] == (Technique.JOIN_CONSEQUENCES, Technique.SPLIT_CONSEQUENCES, Technique.SINGLE_NEIGHBOUR)
    rule_1_first = (by_tier[2], *by_tier[:2], *by_tier[3:])
    full = grade(puzzle, techniques=rule_1_first, keep_deductions=True)
    assert grade(puzzle, techniques=rule_1_first) == replace(full, deductions=[])
    assert full.uses[Technique.SINGLE_NEIGHBOUR] > grade(puzzle).uses[Technique.SINGLE_NEIGHBOUR]
