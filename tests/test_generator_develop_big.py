"""Logic-first development of big boards: a layout the techniques solve is graded with no count, a layout with a
second solution from where they get stuck is repaired, and the puzzle a search returns is still proved by the
counter. Tried on small boards by moving the threshold down (the real one is double-30 and up, where a test
would take too long)."""

from __future__ import annotations

import random

import pytest

import dominosa.generator.fitness as fitness
from dominosa import Board, full_set
from dominosa.deductions import PROPER, TECHNIQUES, GradeResult, count_solutions, grade, grade_level, rate
from dominosa.generator import develop_big
from dominosa.generator.best import Budget
from dominosa.generator.develop_big import (
    EXTREME_OFFSPRING,
    LOGIC_FIRST_CELLS,
    PROBE_STEP,
    SHORT_LEVEL,
    Reach,
    develop_by_logic,
    logic_first_board,
    probe_bar,
    reach,
)
from dominosa.generator.evolve import Evolution, Settings, probed_at
from dominosa.generator.fitness import Budgets, Job, Target, evaluate
from dominosa.generator.generate import generate, make_request
from dominosa.generator.mutations import random_start, to_puzzle
from dominosa.generator.workers import PoolWorkers

HARD, EXTREME, FIENDISH, GUESSING = (grade_level(g) for g in ("hard", "extreme", "fiendish", "guessing"))
BOARD = Board.rectangle(8, 9)
SET = tuple(sorted(full_set(7)))


@pytest.fixture
def small_threshold(monkeypatch):
    """Develop every board of 30 cells or more logic-first."""
    monkeypatch.setattr(develop_big, "LOGIC_FIRST_CELLS", 30)


def _layouts(count: int):
    rng = random.Random(37)
    return [random_start(BOARD, rng, SET) for _ in range(count)]


def test_the_threshold_starts_at_the_double_30_board():
    assert logic_first_board(Board.rectangle(31, 32)) and logic_first_board(Board.rectangle(41, 42))
    assert not logic_first_board(Board.rectangle(30, 31)) and not logic_first_board(Board.rectangle(8, 9))
    assert LOGIC_FIRST_CELLS == 31 * 32


def test_a_layout_the_techniques_solve_comes_back_graded_with_no_repair():
    for layout in _layouts(40):
        puzzle = to_puzzle(BOARD, SET, layout)
        full = grade(puzzle)
        if full.level is None or full.level > EXTREME:
            continue
        made = develop_by_logic(BOARD, SET, layout, random.Random(1), EXTREME, 30)
        assert made.repairs == 0 and made.layout == layout
        assert made.graded.level == full.level
        return
    pytest.fail("no random layout of the techniques up to extreme")  # pragma: no cover


def test_a_second_solution_from_the_stuck_position_is_repaired_until_logic_solves_the_layout():
    repaired = 0
    for layout in _layouts(25):
        if count_solutions(to_puzzle(BOARD, SET, layout), 2).unique:
            continue
        made = develop_by_logic(BOARD, SET, layout, random.Random(2), HARD, 30)
        assert made.repairs >= 1 and made.layout != layout
        if made.graded.level is not None:  # solved by logic: so unique, which the counter confirms
            assert made.graded.level <= HARD
            assert count_solutions(to_puzzle(BOARD, SET, made.layout), 2).unique
            repaired += 1
    assert repaired >= 3


def test_a_layout_above_the_target_is_measured_by_what_the_techniques_leave_unplaced(small_threshold):
    target = Target(grade_level("basic"))
    for seed in range(40):
        job = Job(BOARD.cells, SET, None, target, seed, Budgets(repairs=0), quick_reject=True)
        evaluation = evaluate(job)
        if evaluation.level is None:
            assert not evaluation.proper and not evaluation.above and evaluation.graded is None
            assert evaluation.fitness[:2] == (1.0, -1.0) and evaluation.fitness[2] < 0
            return
    pytest.fail("every random layout was basic")  # pragma: no cover


def _proofs_kept(monkeypatch) -> list[tuple[int, ...]]:
    """The puzzles the finishing jobs prove, in order: by the counter, or by ``rate`` with no verdict given (the
    count ``rate`` makes is the proof of a logic-first layout rated with its path, fitness._big_final)."""
    proofs = []

    def counted(puzzle, *args, **kwargs):
        proofs.append(puzzle.numbers)
        return count_solutions(puzzle, *args, **kwargs)

    def rated(puzzle, *args, **kwargs):
        rating = rate(puzzle, *args, **kwargs)
        if kwargs.get("verdict") is None and rating.verdict == PROPER:
            proofs.append(puzzle.numbers)
        return rating

    def no_count(*args, **kwargs):  # the counting development is never used on a logic-first board
        raise AssertionError("counted a layout from scratch")

    monkeypatch.setattr(fitness, "count_solutions", counted)
    monkeypatch.setattr(fitness, "rate", rated)
    monkeypatch.setattr(fitness, "count_solution_pairs", no_count)
    return proofs


def test_no_count_while_developing_and_a_proof_by_the_counter_at_the_end(small_threshold, monkeypatch):
    proofs = _proofs_kept(monkeypatch)
    (made,) = generate(make_request(order=7, grade="hard", seed=4), 1)
    assert made.grade == "hard" and made.rating["unique"]
    assert proofs == [made.puzzle.numbers]
    assert count_solutions(made.puzzle, 2).unique


@pytest.mark.parametrize(
    "asked",
    [
        {"grade": "fiendish", "seed": 3},
        {"grade": "hard", "min_score": 70.0, "seed": 1},
        {"min_score": 60.0, "seed": 1},
        {"grade": "hard", "best": Budget(evaluations=6), "seed": 1},
    ],
    ids=["fiendish", "grade-and-score-range", "score-range-alone", "best"],
)
def test_every_graded_target_is_developed_with_no_count_and_proved_at_the_end(small_threshold, monkeypatch, asked):
    proofs = _proofs_kept(monkeypatch)
    (made,) = generate(make_request(order=6, **asked), 1)
    assert made.puzzle.numbers in proofs and count_solutions(made.puzzle, 2).unique
    rated = grade(made.puzzle)
    if "grade" in asked:
        assert made.grade == asked["grade"] == rated.name
    if "min_score" in asked:
        assert made.score >= asked["min_score"]


@pytest.mark.parametrize("grade_name", ["basic", "extreme"])
def test_a_logic_first_search_makes_the_grade_asked_for(small_threshold, grade_name):
    (made,) = generate(make_request(order=7, grade=grade_name, seed=2), 1)
    assert made.grade == grade_name and grade(made.puzzle).name == grade_name
    assert count_solutions(made.puzzle, 2).unique


def test_an_extreme_search_on_a_logic_first_board_makes_fewer_children_a_generation(small_threshold):
    board, dominoes = Board.rectangle(8, 9), full_set(7)
    asked = Settings(offspring=8, generations=60)
    extreme = Evolution(board, dominoes, Target(EXTREME), 1, settings=asked).settings
    assert extreme.offspring == EXTREME_OFFSPRING < asked.offspring
    # as many layouts graded before a search gives up
    assert extreme.offspring * extreme.generations >= asked.offspring * asked.generations
    assert Evolution(board, dominoes, Target(HARD), 1, settings=asked).settings == asked
    scored = Target(EXTREME, min_score=0.0)  # a score range too is developed logic-first
    assert Evolution(board, dominoes, scored, 1, settings=asked).settings == extreme


def test_boards_below_the_threshold_keep_the_settings_asked_for():
    asked = Settings(offspring=8, generations=60)
    made = Evolution(Board.rectangle(8, 9), full_set(7), Target(EXTREME), 1, settings=asked)
    assert made.settings == asked


@pytest.mark.parametrize("level", [HARD, EXTREME, FIENDISH])
def test_the_closure_run_reaches_what_the_step_run_reaches(level):
    upto = tuple(t for t in TECHNIQUES if t.level <= level)
    compared = 0
    for layout in _layouts(30):
        puzzle = to_puzzle(BOARD, SET, layout)
        if not count_solutions(puzzle, 2).unique:
            continue
        steps = grade(puzzle, techniques=upto, verdict=PROPER, keep_deductions=True)
        reached = reach(puzzle, upto, level)
        assert reached is not None and reached.level == steps.level
        if steps.level is None:
            stuck = fitness.stuck_in_run(steps.deductions, len(SET), level)
            assert (reached.unplaced, reached.at_target > 0) == (stuck.unplaced, stuck.at_target > 0)
        compared += 1
    assert compared >= 5


def test_a_guessing_target_takes_a_layout_the_techniques_leave_once_the_counter_proves_it(monkeypatch):
    """Where the techniques up to fiendish stop (here, as if at the start), the count from there proves the layout
    proper: a guessing puzzle, graded by no step run; an improper one is repaired as any other."""
    monkeypatch.setattr(develop_big, "reach", lambda puzzle, techniques, level: Reach(None, (), (), len(SET), 0))
    seen = set()
    for layout in _layouts(25):
        unique = count_solutions(to_puzzle(BOARD, SET, layout), 2).unique
        made = develop_by_logic(BOARD, SET, layout, random.Random(3), GUESSING, 30)
        if unique:
            assert made == (layout, GradeResult(PROPER, GUESSING), 0, 0, 0, False)
        else:
            assert made.repairs >= 1 and made.layout != layout
        seen.add(unique)
    assert seen == {True, False}


def test_an_unscored_layout_the_techniques_solve_is_not_stepped(monkeypatch):
    """A search for a grade alone takes the closure's level and uses of a layout the techniques up to the target
    solve (at the target or below it, where the search climbs by those uses) and makes no step run of it."""
    stepped = []

    def counted_grade(*args, **kwargs):
        stepped.append(1)
        return grade(*args, **kwargs)

    monkeypatch.setattr(develop_big, "grade", counted_grade)
    upto = tuple(t for t in TECHNIQUES if t.level <= HARD)
    levels = set()
    for layout in _layouts(40):
        puzzle = to_puzzle(BOARD, SET, layout)
        full = grade(puzzle)
        if full.level is None or full.level > HARD:
            continue
        made = develop_by_logic(BOARD, SET, layout, random.Random(1), HARD, 30, scored=False)
        closure = grade(puzzle, techniques=upto, level_only=True)
        assert made.graded.level == full.level == closure.level and made.repairs == 0 and not made.stepped
        assert made.graded.uses == develop_big.reach(puzzle, upto, HARD).uses
        levels.add(full.level == HARD)
    assert not stepped and levels == {True, False}


def test_a_search_for_a_grade_alone_finishes_an_unstepped_layout_with_the_full_rating(small_threshold):
    (made,) = generate(make_request(order=7, grade="hard", seed=4), 1)
    rated = rate(made.puzzle)
    assert made.grade == "hard" == rated.grade_name
    assert made.score == rated.score and made.rating["techniques"] == rated.to_dict()["techniques"]


@pytest.mark.parametrize("grade_name", ["hard", "fiendish"])
def test_a_generation_ends_at_its_first_child_of_the_grade(small_threshold, monkeypatch, grade_name):
    """On a logic-first board a search for a grade alone stops evaluating a generation at its first child of the
    grade: the puzzle is the one the whole generation gave, for fewer evaluations; two workers agree."""
    request = make_request(order=7, grade=grade_name, seed=3)
    (early,) = generate(request, 1)
    with PoolWorkers(2) as pool:
        (pooled,) = generate(request, 1, workers=pool)
    monkeypatch.setattr(Evolution, "_first_met", lambda self, search: None)
    (whole,) = generate(request, 1)
    assert early.puzzle == whole.puzzle == pooled.puzzle and early.score == whole.score
    assert early.evaluations < whole.evaluations


def test_a_fiendish_child_is_probed_only_closer_than_the_population_and_the_last_failed_round():
    assert probe_bar([]) == 0  # random starts: never
    assert probe_bar([700, None]) is None  # a solved layout in the population: always
    assert probe_bar([760, 750]) == 750
    assert probe_bar([760, 750], probed=755) == 755 - PROBE_STEP + 1
    assert probe_bar([760, 740], probed=755) == 740


def test_the_last_failed_round_is_the_lowest_child_probed_and_left_stuck():
    layout = _layouts(1)[0]
    stuck = fitness.Evaluation(layout, False, None, None, (1.0, -1.0, -700.0, 0.0), 0)
    solved = fitness.Evaluation(layout, True, FIENDISH, None, (1.0, 0.0, 0.0, 0.0), 0)
    assert probed_at(None, [(750, stuck), (750, solved)]) == 700
    assert probed_at(None, [(700, stuck), (None, stuck)]) is None  # not under its bar, or no bar: not probed
    assert probed_at(690, [(750, stuck)]) == 690


@pytest.mark.parametrize("level", [EXTREME, FIENDISH])
def test_the_full_closure_is_made_only_under_the_bar_and_a_stuck_layout_is_measured_by_the_shorter_one(level):
    """Extreme's closure for a fiendish target, basic's for an extreme one (``SHORT_LEVEL``) measures a stuck
    layout; the target's own closure is made only below the bar, and gives what it gave without one."""
    below = tuple(t for t in TECHNIQUES if t.level <= SHORT_LEVEL[level])
    seen = set()
    for layout in _layouts(60):
        puzzle = to_puzzle(BOARD, SET, layout)
        short = reach(puzzle, below, level)
        if short is None:
            continue
        full = develop_by_logic(BOARD, SET, layout, random.Random(1), level, 0)
        never = develop_by_logic(BOARD, SET, layout, random.Random(1), level, 0, probe_under=0)
        always = develop_by_logic(BOARD, SET, layout, random.Random(1), level, 0, probe_under=10**6)
        if short.level is not None:  # the shorter closure solves it: the same as the target's
            assert never == always == full
            seen.add("solved")
            continue
        assert never.graded.level is None and never.unplaced == short.unplaced and never.at_target == 0
        assert always.graded.level == full.graded.level
        if full.graded.level is None:
            assert always.unplaced == short.unplaced >= full.unplaced
        seen.add("stuck")
    assert seen == {"solved", "stuck"}


def test_a_guessing_target_makes_the_fiendish_round_only_on_a_layout_the_counter_proves(monkeypatch):
    """The count from where extreme stops repairs a layout with a second solution before any fiendish round (the
    round is the try's dearest part on a big board); a layout proved proper gets one, and is guessing if stuck."""
    rounds = []

    def stuck(puzzle, techniques, level):
        rounds.append(max(t.level for t in techniques))
        return Reach(None, (), (), len(SET), 0)

    monkeypatch.setattr(develop_big, "reach", stuck)
    seen = set()
    for layout in _layouts(25):
        rounds.clear()
        unique = count_solutions(to_puzzle(BOARD, SET, layout), 2).unique
        made = develop_by_logic(BOARD, SET, layout, random.Random(3), GUESSING, 0)
        assert rounds.count(FIENDISH) == (1 if unique else 0)
        assert made.graded.level == (GUESSING if unique else None)
        seen.add(unique)
    assert seen == {True, False}
