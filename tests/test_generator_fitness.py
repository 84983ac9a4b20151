"""Evaluation: repairs make layouts proper (checked by the independent counter), results are pure functions of
the job, and the fitness orders layouts toward the target."""

from __future__ import annotations

import itertools
import random

import pytest

from dominosa import Board, full_set
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import Technique, grade, grade_level, rate
from dominosa.generator.fitness import (
    HALF_GRADE_UP_TO,
    IMPROPER_FITNESS,
    Budgets,
    FinishJob,
    Job,
    Stuck,
    Target,
    evaluate,
    finish,
    fitness_of,
    stuck_fitness,
)
from dominosa.generator.layouts import random_layout
from dominosa.generator.mutations import layout_of, to_puzzle

HARD, EXTREME = grade_level("hard"), grade_level("extreme")
BOARD = Board.rectangle(6, 7)
SET = tuple(sorted(full_set(5)))


ANY = Target()


def job(seed: int, target: Target = ANY, repairs: int = 400) -> Job:
    puzzle, solution = random_layout(BOARD, random.Random(seed))
    return Job(BOARD.cells, SET, layout_of(puzzle, solution), target, seed, Budgets(repairs=repairs))


@pytest.mark.parametrize("seed", range(6))
def test_evaluation_repairs_a_random_layout_into_a_proper_puzzle(seed):
    result = evaluate(job(seed, Target(grade_level("hard"))))
    assert result.proper
    puzzle = to_puzzle(BOARD, SET, result.layout)
    assert count_solutions_exact_cover(puzzle, 2) == (1, True)
    assert result.level == grade(puzzle).level
    assert result.fitness[0] == 1.0 and result.fitness[1] == -abs(result.level - grade_level("hard"))


def test_evaluation_is_a_pure_function_of_its_job():
    one = job(3, Target(grade_level("basic")))
    assert evaluate(one) == evaluate(one)
    assert evaluate(one) == evaluate(Job(*one))  # a copy, as a worker receives it


def test_without_repairs_an_ambiguous_layout_gets_the_lowest_fitness():
    for seed in range(20):
        result = evaluate(job(seed, Target(1), repairs=0))
        if not result.proper:
            assert result.fitness == IMPROPER_FITNESS
            assert result.layout == job(seed).layout  # not changed when no repair was allowed
            return
    pytest.fail("no random order-5 layout was ambiguous")


def test_fitness_prefers_the_target_grade_then_the_gradient_then_the_score():
    target = Target(grade_level("hard"))
    hard = fitness_of(target, 2, {Technique.SET_ANALYSIS: 1}, 40.0)
    extreme = fitness_of(target, 3, {Technique.DOUBLES_SET_ANALYSIS: 1}, 90.0)
    assert extreme > fitness_of(target, 3, {Technique.DOUBLES_SET_ANALYSIS: 3}, 90.0)  # fewer steps above: closer
    basic_stuck_often = fitness_of(target, 1, {4: 5}, 10.0)
    basic_stuck_once = fitness_of(target, 1, {4: 1}, 80.0)
    assert hard > extreme and hard > basic_stuck_often
    assert basic_stuck_often > basic_stuck_once  # more places where easier logic is stuck: closer
    assert fitness_of(target, 2, {}, 50.0) > fitness_of(target, 2, {}, 40.0)
    assert min(hard, extreme, basic_stuck_once) > IMPROPER_FITNESS


def test_score_range_distance_decides_within_a_grade():
    target = Target(grade_level("hard"), min_score=50, max_score=60)
    assert target.score_gap(55) == 0 and target.score_gap(45) == 5 and target.score_gap(70) == 10
    assert target.met(2, 55) and not target.met(2, 61) and not target.met(1, 55)
    assert fitness_of(target, 2, {}, 58) > fitness_of(target, 2, {}, 62) > fitness_of(target, 2, {}, 90)


def test_finish_proves_and_rates_with_the_path():
    result = evaluate(job(1, Target(grade_level("basic"))))
    final = finish(FinishJob(BOARD.cells, SET, result.layout, "path", 100))
    assert final.proper and final.level == result.level
    assert final.grade == grade(to_puzzle(BOARD, SET, result.layout)).name
    assert final.rating["unique"] and final.rating["steps"] > 0 and final.score == final.rating["score"]
    quick = finish(FinishJob(BOARD.cells, SET, result.layout, "grade"))
    assert quick.level == final.level and quick.rating["steps"] is None  # no path
    assert finish(FinishJob(BOARD.cells, SET, result.layout, "none")).grade is None


@pytest.mark.parametrize("seed", range(4))
def test_the_evaluations_grade_spares_the_finish_a_second_count_and_grading_and_changes_nothing(seed):
    result = evaluate(job(seed, Target(grade_level("hard"))))
    graded = result.graded
    assert graded is not None and graded.level == result.level and graded.deductions == []
    assert graded == grade(to_puzzle(BOARD, SET, result.layout), verdict="proper")  # as if graded again
    for rating in ("path", "grade", "none"):
        plain = finish(FinishJob(BOARD.cells, SET, result.layout, rating, 100))
        assert finish(FinishJob(BOARD.cells, SET, result.layout, rating, 100, graded=graded)) == plain
        scored = FinishJob(BOARD.cells, SET, result.layout, rating, 100, graded=graded, score=result.score)
        assert finish(scored) == plain


def test_finish_refuses_an_ambiguous_layout():
    for seed in range(20):
        puzzle, solution = random_layout(BOARD, random.Random(seed))
        if count_solutions_exact_cover(puzzle, 2)[0] > 1:
            final = finish(FinishJob(BOARD.cells, SET, layout_of(puzzle, solution)))
            assert not final.proper and final.grade is None
            return
    pytest.fail("no random order-5 layout was ambiguous")


@pytest.mark.parametrize("seed", range(8))
def test_a_trivial_targets_bitset_grading_and_rating_are_the_engines(seed):
    one = job(seed, Target(grade_level("trivial")))
    quick = evaluate(one._replace(quick_reject=True))
    full = evaluate(one)  # graded by grade() with every technique
    if quick.above:
        assert full.level > grade_level("trivial")
        return
    assert quick == full
    assert quick.graded == grade(to_puzzle(BOARD, SET, quick.layout), verdict="proper")
    for budget in (300, 12, 3):  # the bitset path search, and the fallback when its budget runs out
        plain = finish(FinishJob(BOARD.cells, SET, quick.layout, "path", budget))  # rate(): grade, path, score
        assert finish(FinishJob(BOARD.cells, SET, quick.layout, "path", budget, graded=quick.graded)) == plain


@pytest.mark.parametrize("grade_name", ["hard", "extreme"])
def test_above_a_hard_or_extreme_target_the_quick_run_is_the_whole_measure_and_the_full_runs_measure(grade_name):
    target = Target(grade_level(grade_name))
    n, level = len(SET), target.level
    for steps in (0, 2):  # fewer dominoes left unplaced: closer
        assert stuck_fitness(Stuck(3, steps), n, level) > stuck_fitness(Stuck(7, steps), n, level)
    # on a big board, steps of the target's techniques before it got stuck tell little
    big = HALF_GRADE_UP_TO + 1
    assert stuck_fitness(Stuck(3, 2), big, level) == stuck_fitness(Stuck(3, 0), big, level)
    assert fitness_of(target, level, {}, 0.0) > stuck_fitness(Stuck(0, 1), n, level) > IMPROPER_FITNESS
    above = 0
    for seed in range(40):
        one = job(seed, target)
        quick = evaluate(one._replace(quick_reject=True))
        full = evaluate(one)  # graded by grade() with every technique
        assert quick.fitness == full.fitness and quick.layout == full.layout
        if full.proper and full.level > target.level:
            above += 1
            assert not quick.above and quick.level is None  # no completion needed
            unplaced = -quick.fitness[2]
            ways = [stuck_fitness(Stuck(int(unplaced), steps), len(SET), target.level) for steps in (0, 1)]
            assert quick.fitness in ways
            assert 0 < unplaced <= len(SET)
    assert above, f"no random order-5 layout was above {grade_name}"


def _before_first_step_above(puzzle, level: int) -> list:
    """The deductions of the full grading run (bookkeeping kept) before its first step above ``level``."""
    run = grade(puzzle, keep_deductions=True).deductions
    return list(itertools.takewhile(lambda d: Technique(d.rule).level <= level, run))


@pytest.mark.parametrize("grade_name", ["hard", "extreme"])
def test_the_quick_runs_stuck_measure_is_the_full_runs(grade_name):
    """The quick run is lean (no bookkeeping steps kept) and ends where the target's techniques are stuck; what
    it reads off its uses is what the full run's deductions say up to its first step above the target."""
    target = Target(grade_level(grade_name))
    seen = set()
    for seed in range(30):
        quick = evaluate(job(seed, target)._replace(quick_reject=True))
        if not quick.proper or quick.level is not None:
            continue
        before = _before_first_step_above(to_puzzle(BOARD, SET, quick.layout), target.level)
        unplaced = len(SET) - sum(len(d.joins) for d in before)
        at_target = sum(Technique(d.rule).level == target.level and not Technique(d.rule).bookkeeping for d in before)
        assert quick.fitness == stuck_fitness(Stuck(unplaced, at_target), len(SET), target.level)
        seen.add(at_target > 0)
    assert seen, f"no random order-5 layout was above {grade_name}"


def _stuck_with_and_without_target_steps_and_a_grade_below(target: Target, seeds: range) -> tuple[list, list, list]:
    """The fitness of the layouts of these seeds (quick evaluations) stuck after steps of the target's own
    techniques, stuck without them, and a grade below the target; whether the run made such steps is read off
    the full grading run."""
    into: list[tuple] = []
    without: list[tuple] = []
    below: list[tuple] = []
    for seed in seeds:
        result = evaluate(job(seed, target)._replace(quick_reject=True))
        if not result.proper:
            continue
        if result.level == target.level - 1:
            below.append(result.fitness)
        elif result.level is None:
            before = _before_first_step_above(to_puzzle(BOARD, SET, result.layout), target.level)
            used = any(Technique(d.rule).level == target.level for d in before)
            (into if used else without).append(result.fitness)
    assert into and without and below, (len(into), len(without), len(below))
    return into, without, below


def test_above_an_extreme_target_a_layout_stuck_after_extreme_steps_comes_before_a_hard_one():
    """Above an extreme target, a layout whose extreme techniques made steps before they got stuck is kept before
    every hard layout (its children are extreme about twice as often: bench/README.md), and one stuck without
    them after every hard layout."""
    # (seeds 150-189 hold layouts of all three kinds)
    into, without, below = _stuck_with_and_without_target_steps_and_a_grade_below(Target(EXTREME), range(150, 190))
    assert min(into) > max(below) > min(below) > max(without)


def test_above_a_hard_target_every_stuck_layout_comes_after_every_basic_one():
    """Above a hard target the steps of set analysis before a run got stuck change nothing: every basic layout is
    kept before every stuck one (there the search would spend what it saves in evaluations on grading stuck
    layouts: bench/README.md)."""
    into, without, below = _stuck_with_and_without_target_steps_and_a_grade_below(Target(HARD), range(60))
    assert min(below) > max(into + without)


@pytest.mark.parametrize("seed", range(8))
def test_a_quick_basic_evaluations_grade_and_score_are_the_grade_only_rating(seed):
    result = evaluate(job(seed, Target(grade_level("basic")))._replace(quick_reject=True))
    if result.graded is None:  # above the target: never finished
        assert result.above
        return
    plain = finish(FinishJob(BOARD.cells, SET, result.layout, "grade"))
    scored = FinishJob(BOARD.cells, SET, result.layout, "grade", graded=result.graded, score=result.score)
    assert finish(scored) == plain
    assert plain.rating == rate(to_puzzle(BOARD, SET, result.layout), with_path=False).to_dict()
