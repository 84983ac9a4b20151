"""Positions in the engine: checking them against the solution, their state, hints from them, replaying paths."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import seeds

from dominosa.deductions.driver import walk
from dominosa.deductions.graph import shortest_path
from dominosa.deductions.positions import (
    CONSISTENT,
    CONTRADICTS,
    SEVERAL,
    check_position,
    next_hint,
    position_hint,
    position_state,
)
from dominosa.deductions.state import Contradiction
from dominosa.formats import PuzzleRecord, read_puzzle
from dominosa.formats.positions import PositionRecord, read_positions
from dominosa.generator.proper import proper_layout
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

SOME = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAIN = "22223\n10101\n23301\n03310\n"
# The one solution of PLAIN, for positions written by hand.
TRUTH = {
    ((0, 0), (1, 0)),
    ((0, 1), (0, 2)),
    ((0, 3), (0, 4)),
    ((1, 1), (2, 1)),
    ((1, 2), (2, 2)),
    ((1, 3), (2, 3)),
    ((1, 4), (2, 4)),
    ((2, 0), (3, 0)),
    ((3, 1), (3, 2)),
    ((3, 3), (3, 4)),
}


def _position(puzzle: Puzzle, joined=(), split=()) -> PositionRecord:
    return PositionRecord(PuzzleRecord(puzzle), tuple(joined), tuple(split))


def _partial(puzzle: Puzzle, solution: Solution, rng: random.Random) -> PositionRecord:
    """A position a careful solver could reach: some dominoes of the solution placed, some wrong pairs split."""
    truth = set(solution.placements)
    joined = [p for p in solution.placements if rng.random() < 0.3]
    wrong = [puzzle.board.pair_cells(q) for q in range(len(puzzle.board.pairs))]
    split = [p for p in wrong if p not in truth and rng.random() < 0.3]
    return _position(puzzle, joined, split)


# -- checking ------------------------------------------------------------------------------------------------------


def test_check_names_each_wrong_pair():
    puzzle = read_puzzle(PLAIN)
    good = _position(puzzle, [((0, 0), (1, 0))], [((1, 0), (1, 1))])
    assert check_position(good).status == CONSISTENT
    bad = _position(puzzle, [((0, 0), (0, 1))], [((0, 3), (0, 4)), ((1, 0), (1, 1))])
    check = check_position(bad)
    assert check.status == CONTRADICTS and check.contradicts
    assert check.mistakes == (
        "r1c1-r1c2 is joined, but it is not a domino of the solution",
        "r1c4-r1c5 is split, but it is a domino of the solution",
    )


def test_check_of_an_impossible_position_and_of_wrong_clues():
    puzzle = read_puzzle(PLAIN)
    overlapping = _position(puzzle, [((0, 0), (1, 0)), ((1, 0), (2, 0))])
    check = check_position(overlapping)
    assert check.contradicts and check.mistakes == ("r2c1-r3c1 is joined, but it is not a domino of the solution",)
    (clued,) = read_positions(PLAIN + "-\n2-2@r1c1,r1c2\n", "clued")
    check = check_position(clued)
    assert check.contradicts and check.mistakes == ("r1c1-r1c2 is joined, but it is not a domino of the solution",)


def test_check_of_an_ambiguous_puzzle_says_several():
    puzzle = read_puzzle("001\n011\n")
    assert check_position(_position(puzzle)).status == SEVERAL


# -- hints ---------------------------------------------------------------------------------------------------------


def test_hint_draws_the_bookkeeping_first_and_does_not_change_the_state():
    puzzle = read_puzzle(PLAIN)
    state = position_state(_position(puzzle, [((0, 0), (1, 0))], [((0, 1), (1, 1))]))
    before = state.key()
    hint = next_hint(state)
    assert state.key() == before
    d = hint.deduction
    assert d is not None and d.rule == 1  # r1c2 is left with r1c3 once r1c1 is covered and r1c2-r2c2 split
    assert [puzzle.board.pair_cells(q) for q in d.joins] == [((0, 1), (0, 2))]


def test_hint_of_a_solved_position_is_none():
    puzzle = read_puzzle(PLAIN)
    hint = next_hint(position_state(_position(puzzle, sorted(TRUTH))))
    assert hint.solved and hint.deduction is None


def test_a_position_that_contradicts_itself_raises_when_stated():
    puzzle = read_puzzle(PLAIN)
    with pytest.raises(Contradiction):
        position_state(_position(puzzle, [((0, 0), (1, 0))], [((0, 0), (1, 0))]))


@SOME
@given(seeds(), st.integers(min_value=3, max_value=6))
def test_hints_from_partial_positions_agree_with_the_solution(seed, order):
    puzzle, solution = proper_layout(order, random.Random(seed))
    position = _partial(puzzle, solution, random.Random(seed + 1))
    assert check_position(position).status == CONSISTENT
    hint = next_hint(position_state(position))
    truth = set(solution.placements)
    if hint.deduction is None:
        assert hint.solved
        return
    board = puzzle.board
    assert all(board.pair_cells(q) in truth for q in hint.deduction.joins)
    assert not any(board.pair_cells(q) in truth for q in hint.deduction.splits)
    assert all(board.pair_cells(q) in truth for f in hint.forced for q in f.joins)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds(), st.integers(min_value=3, max_value=6))
def test_every_prefix_of_the_solution_is_solved_only_when_whole_and_its_hint_is_sound(seed, order):
    """With the solution's dominoes placed one by one (in a random order), the hint is "solved" exactly when every
    domino is placed; before that it names a deduction that agrees with the solution."""
    puzzle, solution = proper_layout(order, random.Random(seed))
    placements = list(solution.placements)
    random.Random(seed + 1).shuffle(placements)
    truth = set(placements)
    board = puzzle.board
    for placed in range(len(placements) + 1):
        hint = position_hint(_position(puzzle, placements[:placed]))
        whole = placed == len(placements)
        assert hint.solved == whole and (hint.deduction is None) == whole, (placed, len(placements))
        if whole:
            continue
        assert hint.deduction.joins or hint.deduction.splits or hint.deduction.quiet_splits
        assert all(board.pair_cells(q) in truth for q in hint.deduction.joins)
        assert not any(board.pair_cells(q) in truth for q in hint.deduction.splits + hint.deduction.quiet_splits)
        assert all(board.pair_cells(q) in truth for f in hint.forced for q in f.joins)


def test_a_board_the_bookkeeping_would_finish_is_not_solved_and_its_hint_is_the_next_placement():
    puzzle = read_puzzle(PLAIN)
    truth = sorted(TRUTH)
    hint = position_hint(_position(puzzle, truth[:-1]))
    assert not hint.solved
    assert hint.deduction is not None and hint.deduction.rule == 3
    assert [puzzle.board.pair_cells(q) for q in hint.deduction.joins] == [truth[-1]]
    assert truth[-1] not in [puzzle.board.pair_cells(q) for q in hint.state.joined_pairs()]  # the board as given


# -- replaying a path ----------------------------------------------------------------------------------------------


@SOME
@given(seeds(), st.integers(min_value=3, max_value=6))
def test_walking_the_shortest_path_solves_the_puzzle(seed, order):
    puzzle, solution = proper_layout(order, random.Random(seed))
    path = shortest_path(puzzle)
    seen = list(walk(puzzle, path.steps))
    assert [r.step for r in seen] == path.steps == walk(puzzle, path.steps).deductions()
    keys = [r.before.key() for r in seen]
    assert len(set(keys)) == len(keys)  # every step changes the position
    assert all(r.after is later.before for r, later in zip(seen, seen[1:], strict=False))  # one position on
    last = seen[-1].after
    assert last.solved
    assert {puzzle.board.pair_cells(q) for q in last.joined_pairs()} == set(solution.placements)
