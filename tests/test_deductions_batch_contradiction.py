"""Every short contradiction at once: the pairs the step finder would refute, one at a time, in that position."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from strategies import layouts

from dominosa.deductions import big_rating as big_rating_module
from dominosa.deductions import short_contradiction
from dominosa.deductions.batch_contradiction import Suppositions, every_short_contradiction
from dominosa.deductions.counting import count_solution_pairs
from dominosa.deductions.driver import iter_deductions
from dominosa.deductions.grades import Technique
from dominosa.deductions.grading import PROPER
from dominosa.deductions.probe import PairProbe
from dominosa.deductions.state import UNDECIDED, SolvingState
from dominosa.generator.proper import proper_layout
from dominosa.native import source_module

# The module run from its source, whatever the build: a compiled module's own calls do not look up a name that a
# test replaces, so the check that witnesses are kept after a check counts the source copy's.
SOURCE = source_module("dominosa.deductions.batch_contradiction")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=3, max_order=6))
def test_every_short_contradiction_splits_what_the_step_finder_finds_one_by_one(layout):
    puzzle, _ = layout
    s = SolvingState(puzzle)
    for k, _step in enumerate(iter_deductions(s, guess=False)):
        if s.solved:
            break
        if k % 3:
            continue  # every third position: the positions of one solve are much alike
        one_by_one = {d.splits[0] for d in short_contradiction.iter_short_contradiction(s)}
        at_once = every_short_contradiction(s)
        if not one_by_one:
            assert at_once is None
            continue
        assert at_once is not None and at_once.rule == Technique.SHORT_CONTRADICTION
        assert set(at_once.splits) == one_by_one and not at_once.joins



@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=4, max_order=7))
def test_kept_witnesses_and_the_known_solution_change_nothing_found(layout):
    """Every position of a solve asked in turn (the witnesses kept from one to the next), with and without the
    solution, then the first position again (it does not hold the last: kept afresh): each splits exactly the
    pairs a probe of every pair refutes."""
    puzzle, _ = layout
    _, found = count_solution_pairs(puzzle, 2)
    known = sum(1 << q for q in found[0]) if len(found) == 1 else 0  # a unique puzzle's solution, or nothing
    s = SolvingState(puzzle)
    first = s.copy()
    for _step in iter_deductions(s, guess=False):
        if s.solved:
            break
        expected = _refuted(s)
        assert _splits(every_short_contradiction(s)) == expected
        assert _splits(every_short_contradiction(s, solution=known)) == expected
    assert _splits(every_short_contradiction(first, solution=known)) == _refuted(first)


def _splits(found) -> set[int]:
    return set() if found is None else set(found.splits)


def _refuted(s: SolvingState) -> set[int]:
    """The open pairs (undecided, a cell not covered) that a probe remembering nothing refutes."""
    t = s.tables
    probe = PairProbe.at(t, s.joined_pairs(), s.split_pairs())
    return {q for q in range(len(s.pair_states)) if s.pair_states[q] == UNDECIDED
            and not (s.covered[t.pair_a[q]] and s.covered[t.pair_b[q]]) and probe.refutes(q)}


def test_every_pass_of_a_big_ratings_run_splits_what_a_probe_of_every_pair_refutes(monkeypatch):
    """The run a big board's rating makes (:func:`big_rating`, on boards small enough to check every pass), each
    pass against a probe of every pair; the kept witnesses are checked at shared cells and dominoes and kept."""
    kept_after_a_check = []
    closed = SOURCE._closed

    def counted(*args):
        found = closed(*args)
        kept_after_a_check.append(found)
        return found

    def checked(s: SolvingState, solution: int = 0):
        found = SOURCE.every_short_contradiction(s, solution=solution)
        assert _splits(found) == _refuted(s)
        return found

    monkeypatch.setattr(SOURCE, "_closed", counted)
    monkeypatch.setattr(big_rating_module, "every_short_contradiction", checked)
    for order, seed in ((14, 1), (18, 4)):  # runs with a few passes (most boards this small need one)
        puzzle, _ = proper_layout(order, random.Random(seed))
        big_rating_module.big_rating(puzzle, PROPER)
    assert any(kept_after_a_check) and not all(kept_after_a_check)


def test_suppositions_answer_as_a_probe_remembering_nothing_while_the_position_takes_each_refutation():
    """The closure's order (each refuted pair split before the next is tried), on positions a few steps into
    solves of boards big enough for witnesses to be kept and dropped: every answer a fresh probe's, and the
    positions the same after each split."""
    refuted = vouched = 0
    for order, seed in ((14, 2), (18, 4)):
        puzzle, _ = proper_layout(order, random.Random(seed))
        s = SolvingState(puzzle)
        for k, _step in enumerate(iter_deductions(s, guess=False)):
            if s.solved or k > 40:
                break
            if k % 10:
                continue
            suppose = Suppositions(s)
            plain = PairProbe.at(s.tables, s.joined_pairs(), s.split_pairs())
            assert plain.node is not None and suppose.node is not None and suppose.kept is not None
            for q in range(len(s.pair_states)):
                if plain.node.pstate[q]:
                    continue
                answer = plain.refutes(q)
                vouched += suppose.kept.vouched(q)
                assert suppose.refutes(q) == answer
                if answer:
                    refuted += 1
                    assert suppose.decide(q, join=False) == plain.decide(q, join=False)
                    assert suppose.node.pstate == plain.node.pstate
    assert refuted and vouched  # (the boards are chosen so: both happen)
