"""Settled positions on bitsets: what their functions give is what the position's SolvingState gives.

A step and its settle on the bitsets end where the state's end (or both contradict); the trivial moves are the
engine's rules 1 and 5; rules 4 and 6 and "must overlap" apply where the candidate lists say; and the state that
follows a run of settled positions is the one made at each of them, with the same local duplicate and parity.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from strategies import layouts

from dominosa.deductions import local_duplicate, must_overlap, parity, rules
from dominosa.deductions.driver import settle
from dominosa.deductions.grades import Technique
from dominosa.deductions.settled import (
    FollowingState,
    must_overlap_dominoes,
    same_neighbour_cells,
    settled_after,
    shared_cell_dominoes,
    start_position,
    trivial_moves,
)
from dominosa.deductions.state import UNDECIDED, Contradiction, Deduction, Position, SolvingState, bit_indices
from dominosa.deductions.tables import masks_of, tables_for

SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _position(state: SolvingState) -> Position:
    """A settled state's four bitsets, read from its pair states by index (not by the state's own bitsets)."""
    return Position(*state.key(), _flags(state.covered), _flags(state.placed))


@SOME
@given(layouts(min_order=1, max_order=7))
def test_a_puzzle_starts_at_its_states_settled_start(layout):
    puzzle, _ = layout
    state = SolvingState(puzzle)
    settle(state)
    assert start_position(masks_of(tables_for(puzzle))) == _position(state)


@SOME
@given(layouts(min_order=1, max_order=8), st.integers(0, 2**32))
def test_the_trivial_moves_are_the_engines_rules_1_and_5(layout, seed):
    """Along a random solve: a lonely cell's pair (the lowest cell's) where rule 1 applies, else every domino's
    only place, lowest domino first, as rule 5 finds them one by one (the first alone with ``first_only``); None
    where neither applies."""
    puzzle, _ = layout
    masks = masks_of(tables_for(puzzle))
    for state in _along_a_random_solve(puzzle, seed):
        moves = trivial_moves(masks, _position(state))
        first = trivial_moves(masks, _position(state), first_only=True)
        single, unique = rules.single_neighbour(state), rules.unique_placement(state)
        if single is not None:
            # rule 1's move names its lonely cell (the state graph's carried steps read it), rule 5's its domino
            assert moves == first == [(int(Technique.SINGLE_NEIGHBOUR), single.joins[0], single.cells[0])]
        elif unique is not None:
            assert moves is not None and first == moves[:1]
            assert moves[0] == (int(Technique.UNIQUE_PLACEMENT), unique.joins[0], unique.domino)
        else:
            assert moves is None and first is None
        event("rule 1" if single else "rule 5" if unique else "neither")


@SOME
@given(layouts(min_order=2, max_order=7), st.integers(0, 2**32))
def test_a_following_state_is_the_state_made_at_each_position(layout, seed):
    """Brought forward along a random solve's settled positions (asked at some of them only), the state has the
    position's pairs, cells and dominoes, and finds local duplicate's and parity's deductions as a state made
    there does."""
    puzzle, _ = layout
    asking = random.Random(~seed)
    following = FollowingState(puzzle)
    for state in _along_a_random_solve(puzzle, seed):
        if asking.getrandbits(1):
            at = following.at(_position(state))
            assert _position(at) == _position(state)
            joined, split = state.key()
            made = SolvingState.from_position(puzzle, bit_indices(joined), bit_indices(split))
            for find in (local_duplicate.local_duplicate, parity.parity):
                assert _said(find(at)) == _said(find(made))
            event("asked")


def _said(found: Deduction | None) -> tuple | None:
    """A deduction's rule and pairs (what a run on bitsets keeps of it)."""
    return None if found is None else (found.rule, found.joins, found.splits)


@SOME
@given(layouts(min_order=1, max_order=7), st.integers(0, 2**32))
def test_a_step_on_bitsets_ends_where_the_engine_ends_or_both_contradict(layout, seed):
    """Arbitrary joins and splits (contradictions included) on any puzzle, proper or not: the bitsets' settled
    position is the engine's, and None exactly when the engine raises."""
    puzzle, _ = layout
    rng = random.Random(seed)
    masks = masks_of(tables_for(puzzle))
    state = SolvingState(puzzle)
    settle(state)
    for _ in range(12):
        undecided = [q for q, v in enumerate(state.pair_states) if v == UNDECIDED]
        if not undecided:
            return
        picks = rng.sample(undecided, min(len(undecided), rng.randint(1, 3)))
        decided = [q for q, v in enumerate(state.pair_states) if v != UNDECIDED]
        extra = rng.sample(decided, min(len(decided), rng.randint(0, 1)))  # sometimes a pair already decided
        chosen = picks + extra
        rng.shuffle(chosen)
        cut = rng.randint(0, len(chosen))
        joins, splits = tuple(chosen[:cut]), tuple(chosen[cut:])
        quiet = tuple(q for q in splits if rng.getrandbits(1))
        splits = tuple(q for q in splits if q not in quiet)
        after = settled_after(masks, _position(state), joins, splits, quiet)
        child = state.copy()
        try:
            child.apply(Deduction(rule=7, joins=joins, splits=splits, quiet_splits=quiet))
            settle(child)
        except Contradiction:
            event("a contradiction")
            assert after is None
            continue
        event("a settled position")
        assert after[0] == _position(child) and isinstance(after[0], Position)
        state = child


def _flags(flags) -> int:
    return sum(1 << i for i, v in enumerate(flags) if v)


@SOME
@given(layouts(min_order=1, max_order=8), st.integers(0, 2**32))
def test_rules_4_and_6_and_must_overlap_apply_where_the_bitsets_say(layout, seed):
    """Along a random solve (any puzzle, positions that may have no solution), rule 4 makes a deduction at
    exactly the cells ``same_neighbour_cells`` lists, rule 6 for exactly the dominoes ``shared_cell_dominoes``
    lists, and "must overlap" for exactly those ``must_overlap_dominoes`` lists; with ``first_only`` each lists
    the lowest alone."""
    puzzle, _ = layout
    masks = masks_of(tables_for(puzzle))
    for state in _along_a_random_solve(puzzle, seed):
        position = _position(state)
        cells = [x for x in range(len(puzzle.board.cells)) if rules.same_neighbours_at(state, x) is not None]
        dominoes = [d for d in range(len(puzzle.dominoes)) if rules.shared_cell_of(state, d) is not None]
        overlapped = [d for d in range(len(puzzle.dominoes)) if must_overlap.must_overlap_of(state, d) is not None]
        assert same_neighbour_cells(masks, position) == cells
        assert shared_cell_dominoes(masks, position) == dominoes
        assert must_overlap_dominoes(masks, position) == overlapped
        assert same_neighbour_cells(masks, position, first_only=True) == cells[:1]
        assert shared_cell_dominoes(masks, position, first_only=True) == dominoes[:1]
        assert must_overlap_dominoes(masks, position, first_only=True) == overlapped[:1]
        event("rule 4 or 6 applies" if cells or dominoes else "neither applies")
        event("must overlap applies" if overlapped else "must overlap does not apply")


def _along_a_random_solve(puzzle, seed: int, count: int = 15) -> Iterator[SolvingState]:
    """The settled positions of a random solve (pairs joined or split at random, so that a position may have no
    solution), until the settle contradicts or no pair is left undecided; each state is changed once the next is
    asked for."""
    rng = random.Random(seed)
    state = SolvingState(puzzle)
    for _ in range(count):
        try:
            settle(state)
        except Contradiction:
            return
        yield state
        undecided = [q for q, v in enumerate(state.pair_states) if v == UNDECIDED]
        if not undecided:
            return
        q = rng.choice(undecided)
        try:
            state.apply(Deduction(rule=7, joins=(q,)) if rng.getrandbits(1) else Deduction(rule=7, splits=(q,)))
        except Contradiction:
            return
