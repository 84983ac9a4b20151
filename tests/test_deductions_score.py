"""The score reads the same at every size (issue 37): each term's property, the double-six board as the
reference, symmetric copies, and the real double-40 monthly puzzle in the double-six basic band."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa import Puzzle
from dominosa.deductions import rate
from dominosa.deductions.grades import Technique
from dominosa.deductions.score import (
    DEFAULT_WEIGHTS,
    REFERENCE_DOMINOES,
    domino_sets,
    dominoes_to_place,
    longest_forced_chain,
    path_score,
)
from dominosa.deductions.state import Deduction
from dominosa.formats import puzzle_from_dict
from dominosa.generator.proper import proper_layout

MONTHLY = Path(__file__).with_name("data") / "monthly-2025-11-o40.json"

# Where double-six basic puzzles score (10th to 90th percentile of generated ones, bench/README.md): a basic puzzle
# of any size should score there too.
BASIC_BAND = (35.0, 55.0)

# The logical techniques a synthetic solve adds to its chain and scans (bookkeeping, trial and error and the scan,
# which is counted, apart).
OTHERS = [t for t in Technique if not t.bookkeeping and t not in (Technique.GUESS, Technique.UNIQUE_PLACEMENT)]


def _placing(rule: Technique, count: int) -> list[Deduction]:
    """``count`` steps of ``rule`` that each place one domino (a chain when nothing breaks it)."""
    return [Deduction(rule, joins=(k,)) for k in range(count)]


def _breaking(rule: Technique, count: int) -> list[Deduction]:
    """``count`` steps of ``rule`` that place nothing (they break a chain)."""
    return [Deduction(rule, splits=(k,)) for k in range(count)]


def _solve(chain: int, scans: int, guesses: int, others: list[Technique]) -> list[Deduction]:
    """A synthetic solve: a chain of ``chain`` single-neighbour placements, then a step of each of ``others``,
    ``scans`` scans and ``guesses`` guesses, none of them placing a domino (so the chain is the first run alone;
    the score reads only the rule of a scan or a guess)."""
    steps = _placing(Technique.SINGLE_NEIGHBOUR, chain) + [s for t in others for s in _breaking(t, 1)]
    return steps + _breaking(Technique.UNIQUE_PLACEMENT, scans) + _breaking(Technique.GUESS, guesses)


def _version_1(steps: list[Deduction]) -> float:
    """The score as version 1 measured it, written out here: every count as it is, whatever the board."""
    used = [Technique(d.rule) for d in steps]
    logical = {t for t in used if t is not Technique.GUESS and not t.bookkeeping}
    guesses = used.count(Technique.GUESS)
    value = (
        10 * len(logical)
        + 4 * max((t.level for t in logical), default=0)
        + 3 * math.log2(1 + longest_forced_chain(steps))
        - 2 * used.count(Technique.UNIQUE_PLACEMENT)
        - 15 * guesses
        - (100 if guesses else 0)
    )
    return round(value, 2)


solves = st.builds(
    _solve,
    chain=st.integers(0, 12),
    scans=st.integers(0, 6),
    guesses=st.integers(0, 2),
    others=st.lists(st.sampled_from(OTHERS), max_size=4),
)


@settings(max_examples=30, deadline=None)
@given(solves)
def test_a_double_six_board_scores_as_version_1_did(steps):
    assert path_score(steps, dominoes=REFERENCE_DOMINOES) == _version_1(steps)


@settings(max_examples=30, deadline=None)
@given(
    chain=st.integers(0, 12),
    scans=st.integers(0, 6),
    guesses=st.integers(0, 2),
    others=st.lists(st.sampled_from(OTHERS), max_size=4),
    times=st.integers(2, 30),
)
def test_a_board_k_times_bigger_with_k_times_the_scans_guesses_and_chain_scores_the_same(
    chain, scans, guesses, others, times
):
    small = path_score(_solve(chain, scans, guesses, others), dominoes=REFERENCE_DOMINOES)
    big = path_score(_solve(chain * times, scans * times, guesses * times, others), dominoes=REFERENCE_DOMINOES * times)
    assert big == pytest.approx(small, abs=0.011)  # each is rounded to two decimals


@settings(max_examples=30, deadline=None)
@given(solves, st.integers(1, 900))
def test_each_scan_costs_the_scan_weight_per_double_six_set(steps, dominoes):
    steps = steps + _breaking(Technique.UNIQUE_PLACEMENT, 1)  # already scanning: another scan adds no variety
    more = steps + _breaking(Technique.UNIQUE_PLACEMENT, 1)
    drop = path_score(steps, dominoes=dominoes) - path_score(more, dominoes=dominoes)
    assert drop == pytest.approx(DEFAULT_WEIGHTS.scan / domino_sets(dominoes), abs=0.011)


@settings(max_examples=30, deadline=None)
@given(solves, st.sampled_from(OTHERS), st.integers(1, 900))
def test_a_new_technique_adds_at_least_the_variety_weight(steps, new, dominoes):
    if new in {d.rule for d in steps}:
        return
    before = path_score(steps, dominoes=dominoes)
    after = path_score(steps + _breaking(new, 1), dominoes=dominoes)  # breaking changes no chain
    assert after >= before + DEFAULT_WEIGHTS.variety - 0.011


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40), st.integers(1, 900))
def test_a_longer_chain_never_scores_less_and_counts_as_its_share_of_the_board(shorter, longer, dominoes):
    shorter, longer = sorted((shorter, longer))
    scored = [path_score(_placing(Technique.SINGLE_NEIGHBOUR, n), dominoes=dominoes) for n in (shorter, longer)]
    assert scored[0] <= scored[1]
    chain_term = scored[1] - path_score([], dominoes=dominoes) - DEFAULT_WEIGHTS.variety * (longer > 0)
    assert chain_term == pytest.approx(DEFAULT_WEIGHTS.chain * math.log2(1 + longer / domino_sets(dominoes)), abs=0.011)


@settings(max_examples=30, deadline=None)
@given(solves, st.integers(1, 900))
def test_needing_a_guess_costs_more_than_the_needs_guessing_weight(steps, dominoes):
    logical = [d for d in steps if d.rule != Technique.GUESS]
    if len(logical) == len(steps):
        return
    guessed, logically = path_score(steps, dominoes=dominoes), path_score(logical, dominoes=dominoes)
    assert guessed <= logically - DEFAULT_WEIGHTS.needs_guessing


def test_the_size_is_the_dominoes_left_to_find_and_never_zero():
    puzzle, solution = proper_layout(6, random.Random(1))
    assert dominoes_to_place(puzzle) == 28
    clued = Puzzle(puzzle.board, puzzle.numbers, puzzle.dominoes, solution.placements[:5])
    assert dominoes_to_place(clued) == 23
    assert domino_sets(0) == domino_sets(1) == 1 / REFERENCE_DOMINOES
    scans = _placing(Technique.UNIQUE_PLACEMENT, 1)
    assert math.isfinite(path_score(scans, dominoes=0))


def _copies(puzzle: Puzzle) -> list[Puzzle]:
    """The puzzle turned and mirrored every way (the board's eight symmetries, the transposes being boards of
    their own shape), and with its numbers renamed."""
    grid = [list(row) for row in puzzle.grid]
    turned = [row[::-1] for row in grid[::-1]]
    mirrored = [row[::-1] for row in grid]
    flipped = grid[::-1]
    transposed = [list(col) for col in zip(*grid, strict=True)]
    others = [transposed[::-1], [row[::-1] for row in transposed], [row[::-1] for row in transposed[::-1]]]
    renaming = {n: (n * 5 + 3) % (puzzle.order + 1) for n in range(puzzle.order + 1)}
    if len(set(renaming.values())) != puzzle.order + 1:
        renaming = {n: puzzle.order - n for n in range(puzzle.order + 1)}
    renamed = [[renaming[n] for n in row] for row in grid]
    return [Puzzle.from_grid(g) for g in (turned, mirrored, flipped, transposed, *others, renamed)]


def test_a_puzzle_grades_the_same_whichever_symmetric_copy_is_given():
    # The grade is the closure's fixed point, so no copy moves it.
    for order, seed in [(5, 3), (6, 11), (7, 2)]:
        puzzle, _ = proper_layout(order, random.Random(seed))
        expected = rate(puzzle, with_path=False).grade_name
        assert [rate(copy, with_path=False).grade_name for copy in _copies(puzzle)] == [expected] * 8, (order, seed)


def _image(puzzle: Puzzle, symmetry: int, renaming: list[int]) -> Puzzle:
    """One copy: the grid transposed (symmetry & 4), its rows reversed (& 1), its columns reversed (& 2), then
    each number n written renaming[n]."""
    grid = [list(row) for row in puzzle.grid]
    if symmetry & 4:
        grid = [list(col) for col in zip(*grid, strict=True)]
    if symmetry & 1:
        grid = grid[::-1]
    if symmetry & 2:
        grid = [row[::-1] for row in grid]
    return Puzzle.from_grid([[renaming[n] for n in row] for row in grid])


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**16), st.integers(0, 7), st.data(), st.sampled_from([300, 8]))
def test_a_puzzle_rates_the_same_whichever_symmetric_copy_is_given(order, seed, symmetry, data, budget):
    # Turned, mirrored (the quarter turns of an n x (n+1) board give an (n+1) x n one, the same puzzle to a
    # solver) and with its numbers renamed: the same grade, path cost, proof and score. The path search breaks
    # its ties in cell order, so it searches the puzzle's canonical form; a small budget runs out and completes
    # the path by the grading order, which must not see the copy either.
    puzzle, _ = proper_layout(order, random.Random(seed))
    renaming = data.draw(st.permutations(range(order + 1)))
    copy = _image(puzzle, symmetry, renaming)
    rating, copied = rate(puzzle, node_budget=budget), rate(copy, node_budget=budget)
    assert copied.grade_name == rating.grade_name
    assert (copied.path.cost, copied.path.exhaustive, copied.step_count) == (rating.path.cost, rating.path.exhaustive,
                                                                        rating.step_count)
    assert copied.score == rating.score


def test_the_double_40_monthly_scores_in_the_double_six_basic_band():
    # The only test of the score on a monster board, which is what the size-independent score is for: its
    # rating (the deduction path over 861 dominoes) takes a couple of seconds.
    monthly = puzzle_from_dict(json.loads(MONTHLY.read_text(encoding="utf-8")))
    rating = rate(monthly)
    assert rating.grade_name == "basic"
    low, high = BASIC_BAND
    assert low <= rating.score <= high
    assert _version_1(rating.steps_taken) < 0  # what the score said before it was measured per double-six set
