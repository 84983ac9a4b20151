"""The advanced rules: drawn positions where they fire and where they must not, and firing on real puzzles."""

from __future__ import annotations

import random

from position_art import names, position

from dominosa.deductions import advanced
from dominosa.deductions.grading import grade
from dominosa.generator.proper import proper_layout


def test_parity_splits_a_bridge_between_even_parts():
    # The two 3x2 halves meet only through r1c2-r1c3; both have 6 open cells, so no domino may cross.
    s = position(
        """
        0 0 1 2

        2 0|1 2

        1 0|1 2
        """
    )
    found = advanced.parity(s)
    assert found is not None and found.rule == advanced.PARITY
    assert names(s, found.splits) == {"r1c2-r1c3"} and not found.joins


def test_parity_joins_a_bridge_between_odd_parts():
    # Column 1 (3 cells) hangs on r1c1-r1c2 alone: 3 and 9 cells are odd, so a domino must cross there.
    s = position(
        """
        0 0 1 2

        2|0 1 2

        1|0 1 2
        """
    )
    found = advanced.parity(s)
    assert found is not None
    assert names(s, found.joins) == {"r1c1-r1c2"}


def test_parity_has_nothing_to_say_on_an_open_rectangle():
    s = position(
        """
        0 0 1 2

        2 0 1 2

        1 0 1 2
        """
    )
    assert advanced.parity(s) is None
    assert list(advanced.iter_parity(s)) == []


def test_local_duplicate_splits_a_pair_that_would_starve_two_cells_of_one_domino():
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
    found = advanced.local_duplicate(s)
    assert found is not None and found.rule == advanced.LOCAL_DUPLICATE
    # With r2c4-r3c4 joined, r2c3 (3) and r3c3 (3) could each only take the 2-3.
    assert names(s, found.splits) == {"r2c4-r3c4"}
    assert "2-3" in found.reason


def test_set_analysis_keeps_dominoes_for_the_cells_that_need_them():
    s = position(
        """
        1 1 0 2 2
          -   -
        3 3 3 2|2

        2 1 1 1 0

        0 0 3 3 0
        """
    )
    found = advanced.set_analysis(s)
    assert found is not None and found.rule == advanced.SET_ANALYSIS
    # The 2s at r1c4, r1c5, r2c5 use up the 0-2 and the 2-2 between them, so r3c1 (2) cannot take the 0-2.
    assert names(s, found.splits) == {"r3c1-r4c1"}
    assert "double" in found.reason


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
    found = advanced.forcing_chain(s)
    assert found is not None and found.rule == advanced.FORCING_CHAIN
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
    assert advanced.forcing_chain(s) is None


def _rules_fired(orders: tuple[int, ...], count: int) -> dict[int, int]:
    fired: dict[int, int] = {}
    for seed in range(count):
        order = orders[seed % len(orders)]
        puzzle, hidden = proper_layout(order, random.Random(seed))
        truth = set(hidden.pairs(puzzle.board))
        for d in grade(puzzle, keep_deductions=True).deductions:
            if d.rule >= advanced.PARITY:
                fired[d.rule] = fired.get(d.rule, 0) + 1
                assert set(d.joins) <= truth, d.reason
                assert not set(d.splits) & truth, d.reason
    return fired


def test_every_advanced_rule_fires_on_real_puzzles_and_is_right():
    fired = _rules_fired((5, 6, 7, 8), 160)
    for rule in (
        advanced.PARITY,
        advanced.LOCAL_DUPLICATE,
        advanced.SET_ANALYSIS,
        advanced.FORCING_CHAIN,
        advanced.SHORT_CONTRADICTION,
    ):
        assert fired.get(rule, 0) > 0, f"rule {rule} never fired: {fired}"
