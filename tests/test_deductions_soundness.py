"""Every rule is sound: no deduction ever contradicts a solution, and the fast path reaches the same fixed point."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import layouts, seeds

from dominosa import Board
from dominosa.deductions import (
    TECHNIQUES,
    SolvingState,
    Technique,
    count_solutions,
    iter_deductions,
    next_deduction,
    solve_by_steps,
)
from dominosa.deductions.counting import propagate_position
from dominosa.deductions.grades import BASIC
from dominosa.deductions.state import JOINED, SPLIT, Contradiction
from dominosa.deductions.tables import tables_for
from dominosa.deductions.techniques import ALL_FINDERS
from dominosa.generator.layouts import random_irregular_board
from dominosa.generator.proper import proper_layout

MANY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@MANY
@given(layouts(min_order=1, max_order=12))
def test_logical_rules_never_contradict_the_hidden_solution(layout):
    # Rules 1-6 and the advanced rules are valid inferences, so whatever the puzzle, a solution is never ruled
    # out: the hidden one
    # (one solution among possibly several) survives every step.
    puzzle, hidden = layout
    truth = set(hidden.pairs(puzzle.board))
    state = SolvingState(puzzle)
    for d in iter_deductions(state, guess=False):  # rules 1-6 and the advanced rules
        assert set(d.joins) <= truth, d.reason
        assert not (set(d.splits) | set(d.quiet_splits)) & truth, d.reason


# Every deduction each of these can make in a position is checked, not only the one the solve takes. (Short
# contradictions, one propagation per pair, are checked where the solve uses them, above.)
EVERY_DEDUCTION_CHECKED = tuple(
    t for t in TECHNIQUES if t in ALL_FINDERS and t is not Technique.SHORT_CONTRADICTION
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=3, max_order=9))
def test_every_deduction_of_every_technique_keeps_the_hidden_solution(layout):
    # Wherever a solve stands when the trivial rules are stuck, each technique's every deduction (must overlap,
    # both set analyses, forcing chains, ...) leaves the hidden solution possible.
    puzzle, hidden = layout
    truth = set(hidden.pairs(puzzle.board))
    state = SolvingState(puzzle)
    order = [t for t in TECHNIQUES if t is not Technique.GUESS]
    while (d := next_deduction(state, order)) is not None:
        if Technique(d.rule).level >= BASIC:  # a settled position where the trivial rules are stuck
            for technique in EVERY_DEDUCTION_CHECKED:
                for found in ALL_FINDERS[technique](state):
                    assert set(found.joins) <= truth, found.reason
                    assert not (set(found.splits) | set(found.quiet_splits)) & truth, found.reason
        state.apply(d)


@st.composite
def proper_layouts(draw, min_order=2, max_order=12):
    order = draw(st.integers(min_value=min_order, max_value=max_order))
    rng = random.Random(draw(seeds()))
    board = random_irregular_board(order, rng) if draw(st.booleans()) else order
    puzzle, hidden = proper_layout(board, rng)
    if draw(st.booleans()):
        k = draw(st.integers(min_value=1, max_value=max(1, len(hidden) // 4)))
        puzzle = puzzle.with_clues(rng.sample(hidden.placements, k))
    return puzzle, hidden


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(proper_layouts())
def test_all_seven_rules_solve_proper_puzzles_to_their_solution(layout):
    puzzle, hidden = layout
    truth = set(hidden.pairs(puzzle.board))
    log = solve_by_steps(puzzle)
    assert log.solved and log.contradiction is None
    for d in log.deductions:
        assert set(d.joins) <= truth, d.reason
        assert not (set(d.splits) | set(d.quiet_splits)) & truth, d.reason
    assert log.solution == hidden


@MANY
@given(layouts(min_order=1, max_order=10, clues=True))
def test_fast_path_reaches_the_same_fixed_point_as_the_rules(layout):
    puzzle, _ = layout
    node = propagate_position(tables_for(puzzle))
    try:
        state = SolvingState(puzzle)
        for _ in iter_deductions(state, techniques=[t for t in TECHNIQUES if t <= 6 and t != 7]):
            pass
    except Contradiction:
        assert node is None
        return
    assert node is not None
    assert state.joined_pairs() == [q for q, s in enumerate(node.pstate) if s == JOINED]
    assert state.split_pairs() == [q for q, s in enumerate(node.pstate) if s == SPLIT]


@settings(max_examples=100, deadline=None)
@given(layouts(min_order=2, max_order=7))
def test_a_guess_only_splits_pairs_no_solution_uses(layout):
    puzzle, _ = layout
    every = [set(s.pairs(puzzle.board)) for s in count_solutions(puzzle, keep_solutions=True).solutions]
    used = set().union(*every)
    for d in solve_by_steps(puzzle).deductions:
        if d.rule == 7 and d.joins:
            break  # a choice between solutions: later deductions hold only for the solutions chosen
        if d.rule == 7:
            assert not set(d.splits) & used, d.reason


def test_a_board_that_cannot_be_solved_ends_in_a_contradiction():
    from dominosa import Puzzle

    # A cell of 1s that can only meet 1s twice over: the 1-1 would be needed twice.
    puzzle = Puzzle.from_grid([[1, 0, 1], [0, 1, 0]])
    if count_solutions(puzzle).count == 0:
        log = solve_by_steps(puzzle)
        assert not log.solved and log.contradiction
    assert Board.rectangle(2, 3) is puzzle.board
