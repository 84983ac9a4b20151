"""The fast counter: its counts agree with an independent exact-cover counter, and its answers are solutions."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from search_nodes import read_record, record_of
from strategies import layouts

from dominosa import Puzzle, native, problems
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import (
    TECHNIQUES,
    SolvingState,
    count_from_position,
    count_solutions,
    counting,
    is_unique,
    iter_deductions,
    solutions,
    solve,
)
from dominosa.deductions.counting import PairProbe, propagate_position
from dominosa.deductions.search import Engine
from dominosa.deductions.state import JOINED, SPLIT, Contradiction
from dominosa.deductions.tables import tables_for
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(layouts(min_order=1, max_order=8, clues=False))
def test_count_agrees_with_exact_cover(layout):
    puzzle, hidden = layout
    ours = count_solutions(puzzle, 60, keep_solutions=True)
    theirs, complete = count_solutions_exact_cover(puzzle, 60)
    assert (ours.count, ours.complete) == (theirs, complete)
    for sol in ours.solutions:
        assert problems(puzzle, sol) == []
    if ours.complete:
        assert hidden.placements in {s.placements for s in ours.solutions}


@PROPERTY
@given(layouts(min_order=2, max_order=8, clues=True))
def test_count_agrees_with_exact_cover_with_clues_and_holes(layout):
    puzzle, hidden = layout
    ours = count_solutions(puzzle, 60)
    assert (ours.count, ours.complete) == count_solutions_exact_cover(puzzle, 60)
    assert ours.count >= 1  # the hidden solution respects every clue


@settings(max_examples=100, deadline=None)
@given(layouts(min_order=3, max_order=7, irregular=True))
def test_irregular_boards_count_like_exact_cover(layout):
    puzzle, _ = layout
    assert count_solutions(puzzle, 60).count == count_solutions_exact_cover(puzzle, 60)[0]


@settings(max_examples=60, deadline=None)
@given(layouts(min_order=3, max_order=6, clues=True), st.data())
def test_removing_a_clue_never_reduces_the_count(layout, data):
    puzzle, _ = layout
    dropped = data.draw(st.integers(min_value=0, max_value=len(puzzle.clues) - 1))
    fewer = puzzle.with_clues(puzzle.clues[:dropped] + puzzle.clues[dropped + 1 :])
    assert count_solutions(fewer).count >= count_solutions(puzzle).count


def test_improper_puzzles_with_2_to_50_solutions_are_counted_exactly():
    rng = random.Random(11)
    seen = set()
    for _ in range(400):
        puzzle, _ = random_layout(rng.randint(3, 6), rng, avoid_trivial_squares=False)
        theirs, complete = count_solutions_exact_cover(puzzle, 51)
        if complete and 2 <= theirs <= 50:
            result = count_solutions(puzzle)
            assert result.complete and result.count == theirs
            seen.add(theirs)
    assert len(seen) >= 10  # the sample really covers many different counts


def test_two_by_two_ambiguity_has_two_solutions():
    # Two 0-1 and 1-0 ... the 2x2 square 0 1 / 1 0 ... is not possible in a full set; this one is:
    # the top 2x2 square shows 0-0 and 1-1 across or 0-1 and 0-1 down: the latter repeats a domino, but
    # rows 1-2 of this double-1 board can be tiled two ways that both use each domino once.
    puzzle = Puzzle.from_grid([[0, 1, 1], [0, 0, 1]])
    assert count_solutions(puzzle).count == count_solutions_exact_cover(puzzle)[0]
    assert len(list(solutions(puzzle))) == count_solutions(puzzle).count


def test_no_solution_is_reported_as_zero():
    # Numbers are a valid double-1 multiset, but the two 1s on the left can only pair with 0s around them.
    puzzle = Puzzle.from_grid([[1, 0, 0], [1, 0, 1]])
    theirs, _ = count_solutions_exact_cover(puzzle)
    assert count_solutions(puzzle).count == theirs
    if theirs == 0:
        assert solve(puzzle) is None


def test_proper_order_30_board_counts_without_recursion_trouble():
    puzzle, hidden = proper_layout(30, random.Random(2026))
    result = count_solutions(puzzle, 2, keep_solutions=True)
    assert result.count == 1 and result.complete
    assert result.solutions[0].placements == hidden.placements
    assert is_unique(puzzle)


def test_timeout_stops_the_search_and_says_so():
    rng = random.Random(5)
    puzzle, _ = random_layout(16, rng, avoid_trivial_squares=False)
    assert count_solutions(puzzle, 1000).count == 1000  # so the full count visits far more than 64 nodes
    result = count_solutions(puzzle, None, timeout=1e-9)
    assert result.timed_out and not result.complete


def test_counting_from_a_position_respects_it():
    puzzle, hidden = proper_layout(6, random.Random(3))
    truth = hidden.pairs(puzzle.board)
    wrong = next(q for q in range(len(puzzle.board.pairs)) if q not in truth and puzzle.pair_domino[q] >= 0)
    assert count_from_position(puzzle, [wrong], []).count == 0
    assert count_from_position(puzzle, [], [wrong]).count == 1
    assert count_from_position(puzzle, truth[:5], []).count == 1


# -- the search's own propagation ------------------------------------------------------------------------------

RULES_1_TO_6 = [t for t in TECHNIQUES if t <= 6]


def _rules_fixed_point(puzzle, joined, split, decided):
    """Rules 1-6 of deductions/rules.py, one deduction at a time, from a position: the joined and split pairs
    where they stop, or None on a contradiction."""
    try:
        state = SolvingState.from_position(puzzle, joined, split, newly_joined=decided)
        for _ in iter_deductions(state, techniques=RULES_1_TO_6, guess=False):
            pass
    except Contradiction:
        return None
    return state.joined_pairs(), state.split_pairs()


# Some random layouts are settled by the first propagation and give nothing to decide (half of all double-1
# layouts, a fifth from double-3 on, more with clues): from double-3 on, and with that share of examples set aside
# allowed for, so the health check never fails the run by chance.
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(layouts(min_order=3, max_order=9, clues=True), st.data())
def test_the_search_propagation_reaches_the_same_fixed_point_as_the_rules(layout, data):
    """The search's propagator (``Engine.propagate``, its loops specialised for speed) after one decision and
    after several in a row: the same pairs joined and split as the readable rules from the same position, or a
    contradiction for both."""
    puzzle, _ = layout
    t = tables_for(puzzle)
    root = propagate_position(t)
    assume(root is not None and root.n_joined < t.n_cells // 2)
    engine = Engine(t, root)
    for _ in range(data.draw(st.integers(min_value=1, max_value=4), label="decisions")):
        before = bytes(engine.pstate)
        open_pairs = [q for q in range(t.n_pairs) if not before[q]]
        if not open_pairs:
            break
        q = data.draw(st.sampled_from(open_pairs), label="pair")
        conflict = engine.decide(q)
        expected = _rules_fixed_point(
            puzzle,
            [p for p in range(t.n_pairs) if before[p] == JOINED],
            [p for p in range(t.n_pairs) if before[p] == SPLIT],
            [q],
        )
        if conflict is not None:
            assert expected is None
            break
        assert expected is not None
        assert expected == (
            [p for p in range(t.n_pairs) if engine.pstate[p] == JOINED],
            [p for p in range(t.n_pairs) if engine.pstate[p] == SPLIT],
        )


def test_the_search_walks_the_recorded_nodes():
    """Every count of the record (tests/search_nodes.py: 226 puzzles of orders 4-25) takes the same nodes,
    branches, depth and probes as when it was recorded: a faster propagation must not change the search."""
    record = read_record()
    assert len(record) == 226
    for puzzle, expected in record:
        assert record_of(puzzle, expected["limit"]) == expected, puzzle


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=2, max_order=6, clues=True), st.integers(min_value=0, max_value=2**32 - 1))
def test_the_pair_probe_refutes_exactly_the_pairs_whose_join_contradicts_and_vouching_changes_nothing(layout, seed):
    # The one failed-pair probe against its definition (join the pair on a fresh propagation of the position):
    # with the fixed points kept, from this position and from an earlier one, it must refute the same pairs, and
    # it must have skipped some suppositions on the way (what vouching is for).
    puzzle, hidden = layout
    t = tables_for(puzzle)
    rng = random.Random(seed)
    truth = sorted(hidden.pairs(puzzle.board))
    given_pairs = rng.sample(truth, len(truth) // 4)
    fixed_points: list[tuple[int, int]] = []
    PairProbe.at(t, given_pairs[: len(given_pairs) // 2], (), fixed_points).refutes(truth[0])  # an earlier position
    plain, vouching = PairProbe.at(t, given_pairs, ()), PairProbe.at(t, given_pairs, (), fixed_points)
    assert plain.node is not None  # the hidden solution's pairs cannot contradict
    for q in range(t.n_pairs):
        fresh = propagate_position(t, [*given_pairs, q], ())
        assert plain.refutes(q) == vouching.refutes(q) == (fresh is None), q
        if q in truth:
            assert not plain.refutes(q)
    assert plain.probes == t.n_pairs + len(truth)  # every supposition propagated
    assert vouching.probes < plain.probes or not fixed_points


def test_the_pair_probe_of_a_contradictory_position_refutes_every_pair():
    puzzle = proper_layout(4, random.Random(2))[0]
    t = tables_for(puzzle)
    q, r = t.cell_pairs[0][:2]  # two pairs of one cell cannot both be joined
    probe_ = PairProbe.at(t, [q, r], ())
    assert probe_.node is None
    assert all(probe_.refutes(p) for p in range(t.n_pairs)) and not probe_.decide(q, join=True)


# The counter and the three modules under it, all from source, beside the installed (compiled where built) ones.
_SOURCE = native.source_module(
    "dominosa.deductions.counting",
    along=("dominosa.deductions.node", "dominosa.deductions.probe", "dominosa.deductions.search"),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=2, max_order=9, clues=True))
def test_source_and_installed_propagation_reach_the_same_node(layout):
    """The propagation and the root probe of both builds reach the same node (tests/test_native.py compares their
    whole counts through the public core)."""
    puzzle, _ = layout
    t = tables_for(puzzle)
    ours, theirs = propagate_position(t), _SOURCE.propagate_position(t)
    assert (ours is None) == (theirs is None)
    if ours is not None:
        assert (ours.pstate, ours.ccount, ours.dcount, ours.n_joined) == (
            theirs.pstate, theirs.ccount, theirs.dcount, theirs.n_joined)
        assert counting.probe(ours.copy()) == _SOURCE.probe(theirs.copy())
