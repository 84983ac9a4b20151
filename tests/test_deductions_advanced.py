"""The advanced rules: drawn positions where they fire and where they must not, and firing on real puzzles."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from position_art import names, position
from strategies import layouts

from dominosa.deductions import (
    forcing_chains,
    local_duplicate,
    matching,
    must_overlap,
    parity,
    set_analysis,
    short_contradiction,
)
from dominosa.deductions.counting import propagate_position
from dominosa.deductions.driver import iter_deductions, settle
from dominosa.deductions.grades import Technique
from dominosa.deductions.grading import grade
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState
from dominosa.generator.proper import proper_layout

# A position where cells of one number share out dominoes (set analysis, with and without doubles).
SETS_OF_NUMBERS = """
    1 1 0 2 2
      -   -
    3 3 3 2|2

    2 1 1 1 0

    0 0 3 3 0
    """


def test_parity_splits_a_bridge_between_even_parts():
    # The two 3x2 halves meet only through r1c2-r1c3; both have 6 open cells, so no domino may cross.
    s = position(
        """
        0 0 1 2

        2 0|1 2

        1 0|1 2
        """
    )
    found = parity.parity(s)
    assert found is not None and found.rule == Technique.PARITY
    assert names(s, found.splits) == {"r1c2-r1c3"} and not found.joins


def test_cut_parity_joins_a_bridge_between_odd_parts():
    # Column 1 (3 cells) hangs on r1c1-r1c2 alone: 3 and 9 cells are odd, so a domino must cross there.
    s = position(
        """
        0 0 1 2

        2|0 1 2

        1|0 1 2
        """
    )
    # Simon Tatham's parity splits even bridges only: joining an odd one is the strong form, a fiendish technique.
    assert not any(d.joins for d in parity.iter_parity(s))
    found = parity.cut_parity(s)
    assert found is not None and found.rule == Technique.CUT_PARITY
    assert names(s, found.joins) == {"r1c1-r1c2"}


def test_parity_has_nothing_to_say_on_an_open_rectangle():
    s = position(
        """
        0 0 1 2

        2 0 1 2

        1 0 1 2
        """
    )
    assert parity.parity(s) is None
    assert list(parity.iter_parity(s)) == []


def test_wide_local_duplicate_splits_a_pair_that_would_starve_two_cells_of_one_domino():
    s = position(
        """
        0 0 2 0 1
          -
        0|1|3 3 2
          |
        3|1|3 3|2
          -
        1 0 2 1 2
        """
    )
    # His solver's form sees r2c3-r3c3 (the 3-3, the pair's own domino) link the two cells: nothing at basic.
    assert local_duplicate.local_duplicate(s) is None
    found = local_duplicate.wide_local_duplicate(s)
    assert found is not None and found.rule == Technique.WIDE_LOCAL_DUPLICATE
    # With r2c4-r3c4 joined (the 3-3 used up), r2c3 (3) and r3c3 (3) could each only take the 2-3.
    assert names(s, found.splits) == {"r2c4-r3c4"}
    assert "2-3" in found.reason


def test_set_analysis_with_doubles_keeps_dominoes_for_the_cells_that_need_them():
    s = position(SETS_OF_NUMBERS)
    found = set_analysis.doubles_set_analysis(s)
    assert found is not None and found.rule == Technique.DOUBLES_SET_ANALYSIS
    # The 2s at r1c4, r1c5, r2c5 use up the 0-2 and the 2-2 between them, so r3c1 (2) cannot take the 0-2.
    assert names(s, found.splits) == {"r3c1-r4c1"}
    assert "double" in found.reason
    # The same split is set analysis already: the 2s at r1c4 and r2c5 are no neighbours, so the 2-2 covers one
    # of them at most, and they can only take the 0-2 and the 2-2.
    assert any(names(s, d.splits) == {"r3c1-r4c1"} for d in set_analysis.iter_set_analysis(s))


def test_forcing_chain_rejects_the_way_that_repeats_a_domino():
    s = position(
        """
        0 0 2 0 1
          -
        0|1|3 3 2
          |   -
        3|1|3 3|2
          -
        1 0 2 1 2
        """
    )
    found = forcing_chains.forcing_chain(s)
    assert found is not None and found.rule == Technique.FORCING_CHAIN
    # Along r4c2, r4c1, r3c1, r2c1, r1c1, r1c2 the pairs alternate; one way uses the 0-2 twice.
    assert names(s, found.joins) == {"r4c1-r4c2", "r2c1-r3c1", "r1c1-r1c2"}
    assert "0-2 twice" in found.reason


def test_forcing_chain_needs_an_impossible_way():
    s = position(
        """
        0 0 1 2

        2 0 1 2

        1 0 1 2
        """
    )
    assert forcing_chains.forcing_chain(s) is None


def _rules_fired(orders: tuple[int, ...], count: int) -> dict[int, int]:
    fired: dict[int, int] = {}
    for seed in range(count):
        order = orders[seed % len(orders)]
        puzzle, hidden = proper_layout(order, random.Random(seed))
        truth = set(hidden.pairs(puzzle.board))
        for d in grade(puzzle, keep_deductions=True).deductions:
            if d.rule >= Technique.PARITY:  # the techniques beyond rules 1-7
                fired[d.rule] = fired.get(d.rule, 0) + 1
                assert set(d.joins) <= truth, d.reason
                assert not set(d.splits) & truth, d.reason
    return fired


def test_every_advanced_rule_fires_on_real_puzzles_and_is_right():
    fired = _rules_fired((5, 6, 7, 8), 160)
    for rule in (
        Technique.MUST_OVERLAP,
        Technique.PARITY,
        Technique.LOCAL_DUPLICATE,
        Technique.SET_ANALYSIS,
        Technique.DOUBLES_SET_ANALYSIS,
        Technique.FORCING_CHAIN,
        Technique.SHORT_CONTRADICTION,
    ):
        assert fired.get(rule, 0) > 0, f"rule {rule} never fired: {fired}"


# -- the techniques of the reference grader's levels ------------------------------------------------------------


def test_must_overlap_rules_out_a_placement_every_place_of_a_domino_crosses():
    s = position(
        """
        0 0 2 1

        1 1 0 1
        - -
        2 2 0 2
        """
    )
    found = must_overlap.must_overlap(s)
    assert found is not None and found.rule == Technique.MUST_OVERLAP
    # The 1-2 can only lie on r1c3-r1c4 or r2c4-r3c4, sharing no cell; each crosses r1c4-r2c4 (the 1-1).
    assert names(s, found.splits) == {"r1c4-r2c4"} and not found.joins
    assert "1-2" in found.reason and "nowhere" in found.reason


def test_must_overlap_needs_every_place_to_cross():
    s = position(
        """
        0 0 2 1

        1 1 0 1
        -
        2 2 0 2
        """
    )
    # r2c2-r3c2 is a third place of the 1-2, away from r1c4-r2c4: the 1-1 there is possible after all.
    assert all("r1c4-r2c4" not in names(s, d.splits) for d in must_overlap.iter_must_overlap(s))


def test_must_overlap_leaves_the_shared_cell_case_to_rule_6():
    s = position(
        """
        0 0 1

        1 1 0
        """
    )
    # Every place of the 0-0 is r1c1-r1c2; the 1-1 at r2c1-r2c2 likewise: no two places without a shared cell.
    assert must_overlap.must_overlap(s) is None


def test_set_analysis_counts_a_double_once_when_it_cannot_cover_two():
    s = position(SETS_OF_NUMBERS)
    found = set_analysis.set_analysis(s)
    assert found is not None and found.rule == Technique.SET_ANALYSIS
    # The 1s at r1c1 and r3c3 are not neighbours, so the 1-1 covers at most one of them; they can only take the
    # 1-1 and the 1-3, so each takes one: the 1-3's places away from both go.
    assert names(s, found.splits) == {"r2c2-r3c2", "r3c4-r4c4"}
    assert "r1c1 and r3c3" in found.reason and "1-1 and 1-3" in found.reason


def test_set_analysis_with_doubles_makes_the_double_touch_its_group():
    s = position(
        """
        2 2 2 0|0-3
          - -   - -
        4 4 1|1 1|0
        - -       |
        1 2 0|4 3|0
          - -   - -
        2|1 3|0 4|3
              -   |
        4 1|2 3 4|3
        """
    )
    # Set analysis (the double counted once) has nothing here: no group of 4s it may count is tight.
    assert set_analysis.set_analysis(s) is None
    found = set_analysis.doubles_set_analysis(s)
    assert found is not None and found.rule == Technique.DOUBLES_SET_ANALYSIS
    # Three 4s (r2c1, r2c2, r5c1) for three dominoes, the 4-4 among them and able to lie on r2c1-r2c2: without
    # the 4-4 they would have two dominoes for three cells, so the 4-4 away from them is ruled out.
    assert names(s, found.splits) == {"r4c5-r5c5"}
    assert "4-4 must cover at least one" in found.reason


def test_forcing_chain_rejects_a_way_that_uses_up_a_far_cell():
    s = position(
        """
        1|3|0 1|3
        | |     |
        1|3|2 2|0
        - -     -
        2 1 3|2 2
          - -
        0 0 0 1 3
        """
    )
    found = forcing_chains.forcing_chain(s)
    assert found is not None and found.rule == Technique.FORCING_CHAIN
    # Either r1c3-r2c3 (0-2) and r1c4-r2c4 (1-2), or r1c3-r1c4: the first uses both dominoes r3c1 could take.
    assert names(s, found.joins) == {"r1c3-r1c4"}
    assert names(s, found.splits) == {"r1c3-r2c3", "r1c4-r2c4"}
    assert "r3c1 (2)" in found.reason


def test_forcing_chain_keeps_a_domino_on_both_ways_to_the_chain():
    s = position(
        """
        4 3 2 4 4 0
              -
        3 0 2 1 1 2
            -   -
        1 4|0|3 3 3
            |   - -
        2 4|0|2 2|0
          - - -   |
        3 0 4 1 1|1
        """
    )
    found = [d for d in forcing_chains.iter_forcing_chain(s) if "both ways" in d.reason]
    assert found and found[0].rule == Technique.FORCING_CHAIN and not found[0].joins
    # The chain from r5c1 to r4c4 goes one of two ways, and each way places the 2-3: it is on the chain.
    assert names(s, found[0].splits) == {"r1c2-r1c3", "r2c6-r3c6"}
    assert "2-3" in found[0].reason


def _short_contradictions_afresh(s: SolvingState) -> list[tuple[int, ...]]:
    """Short contradiction as first written: every supposition propagated from the whole position, in order."""
    t = s.tables
    joined, split = s.joined_pairs(), s.split_pairs()
    cells = sorted((x for x in range(t.n_cells) if not s.covered[x]), key=lambda x: (s.cell_live[x], x))
    tried: set[int] = set()
    found = []
    for x in cells:
        for q in t.cell_pairs[x]:
            if s.pair_states[q] == UNDECIDED and q not in tried:
                tried.add(q)
                if propagate_position(t, joined + [q], split) is None:
                    found.append((q,))
    return found


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=3, max_order=7), st.integers(min_value=1, max_value=4))
def test_short_contradictions_with_remembered_suppositions_are_those_found_afresh(layout, every):
    """The technique propagates from the propagated position and skips suppositions whose earlier fixed point
    holds all the position knows (remembered across the whole run): along a solve, it finds exactly what
    propagating every supposition from scratch finds, in the same order."""
    puzzle, _ = layout
    s = SolvingState(puzzle)
    for k, _step in enumerate(iter_deductions(s, guess=False)):
        if k % every == 0 and not s.solved:
            found = [d.splits for d in short_contradiction.iter_short_contradiction(s)]
            assert found == _short_contradictions_afresh(s)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=3, max_order=9))
def test_set_analysis_remembered_by_number_finds_what_a_full_scan_finds(layout):
    """Both kinds of set analysis keep each number's first deduction between calls: along a solve, in every
    position where the driver could ask (the bookkeeping done), the first deduction is always the one a full
    scan over the numbers finds."""
    puzzle, _ = layout
    s = SolvingState(puzzle)
    for _step in iter_deductions(s, guess=False):
        if s.solved or s.newly_joined or s.newly_split:
            continue
        assert set_analysis.set_analysis(s) == next(set_analysis.iter_set_analysis(s), None)
        assert set_analysis.doubles_set_analysis(s) == next(set_analysis.iter_doubles_set_analysis(s), None)


def test_set_analysis_with_doubles_leaves_pending_bookkeeping_alone():
    # A domino just placed (its other places not split yet, as rule 2 would): asked without bookkeeping first,
    # set analysis with doubles once looked up a slot for that domino and raised KeyError. Its deductions stay
    # true of the solution.
    for k in range(6):
        puzzle, solution = proper_layout(4, random.Random(k))
        right = set(solution.pairs(puzzle.board))
        for q in sorted(right):
            s = SolvingState.from_position(puzzle, newly_joined=[q])
            for d in set_analysis.iter_doubles_set_analysis(s):
                assert not right & set(d.splits), d.reason
            found = set_analysis.doubles_set_analysis(s)
            assert found is None or not right & set(found.splits)


def _reach_by_search(adj: list[list[int]], match_cell: list[int], match_slot: list[int]) -> list[int]:
    """The alternating graph's reach, by one plain search from each cell (the definition, slowly)."""
    reach = []
    for c in range(len(adj)):
        seen, todo = {c}, [c]
        while todo:
            x = todo.pop()
            for r in adj[x]:
                y = match_slot[r]
                if r != match_cell[x] and y not in seen:
                    seen.add(y)
                    todo.append(y)
        reach.append(sum(1 << y for y in seen))
    return reach


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_alternating_reach_is_every_cell_each_cell_reaches(data):
    # Cells matched one to one with slots (a shuffled perfect matching), each with up to four other links.
    k = data.draw(st.integers(1, 40))
    match_cell = data.draw(st.permutations(range(k)))
    match_slot = [0] * k
    for c, r in enumerate(match_cell):
        match_slot[r] = c
    adj = [
        sorted({match_cell[c], *data.draw(st.lists(st.integers(0, k - 1), max_size=4))}) for c in range(k)
    ]
    assert matching.alternating_reach(adj, match_cell, match_slot) == _reach_by_search(adj, match_cell, match_slot)


def test_sibling_positions_sharing_the_memo_find_what_they_would_find_alone():
    """The memo is shared by a state's copies, and short contradiction's probe rewrites its list of consistent fixed
    points to those that hold its own position: a sibling's probe dropping entries costs the other propagations,
    never a deduction (SolvingState's memo comment says why)."""
    def found(s: SolvingState) -> list[tuple]:
        return [(d.rule, d.splits) for d in short_contradiction.iter_short_contradiction(s)]

    compared = 0
    for seed in range(6):
        puzzle = proper_layout(7, random.Random(seed))[0]
        start = SolvingState(puzzle)
        solved = start.copy()
        for _ in iter_deductions(solved):
            pass
        truth = [q for q in solved.joined_pairs() if start.pair_states[q] == UNDECIDED]
        for first, second in zip(truth[::2], truth[1::2], strict=False):
            a, b = start.copy(), start.copy()
            for s, q in ((a, first), (b, second)):
                s.apply(Deduction(rule=0, joins=(q,)))
                settle(s)
            alone = b.copy()
            alone.memo = {}  # a memo of its own, nothing shared
            first_look = found(b)  # fills the shared fixed points from b's position
            found(a)  # the sibling's probe rewrites them to its own position, dropping some that held b's
            assert found(b) == first_look == found(alone)
            compared += 1
    assert compared > 20
