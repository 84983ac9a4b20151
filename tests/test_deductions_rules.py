"""One test per rule: a small position drawn as ASCII art, and the deduction the rule must (or must not) make.

In the drawings (see ``position_art``): in a row, ``-`` joins two cells and ``|`` splits them; between rows,
``|`` joins the cells above and below and ``-`` splits them; blanks are undecided.
"""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from position_art import names, pair, position
from strategies import layouts

from dominosa.deductions import rules
from dominosa.deductions.driver import next_deduction, settle
from dominosa.deductions.state import (
    JOINED,
    NEWLY_JOINED,
    SPLIT,
    UNDECIDED,
    Contradiction,
    Deduction,
    SolvingState,
    pair_bits,
)

ORDER_2 = """
0 0 1 2

2 0 1 2

1 0 1 2
"""


# Rule 1: single neighbour ----------------------------------------------------------------------------------------


def test_single_neighbour_joins_the_only_pair_left():
    s = position(
        """
        0 0|1
        -
        1 1 0
        """
    )
    found = rules.single_neighbour(s)
    assert found is not None and found.rule == 1
    assert names(s, found.joins) == {"r1c1-r1c2"}
    assert found.reason == "r1c1 (0) has only one remaining neighbour, r1c2 (0): the 0-0 goes there."


def test_single_neighbour_does_not_fire_while_every_cell_has_two_pairs():
    s = position(
        """
        0 0 1

        1 1 0
        """
    )
    assert rules.single_neighbour(s) is None


# Rule 2: a join's consequences -----------------------------------------------------------------------------------


def test_join_consequences_split_neighbours_and_rule_out_other_placements():
    s = position(
        """
        0-0 1 2

        2 0 1 2

        1 0 1 2
        """,
        newly_joined=("r1c1-r1c2",),
    )
    found = rules.join_consequences(s)
    assert found is not None and found.rule == 2
    assert names(s, found.splits) == {"r1c1-r2c1", "r1c2-r1c3", "r1c2-r2c2"}
    assert names(s, found.quiet_splits) == {"r2c2-r3c2"}  # the other 0-0
    s.apply(found)
    assert s.pair_states[pair(s.puzzle, "r1c1-r1c2")] == JOINED
    assert s.pair_states[pair(s.puzzle, "r2c2-r3c2")] == SPLIT
    assert not s.newly_joined


def test_join_consequences_wait_for_a_newly_joined_pair():
    s = position(ORDER_2)
    assert rules.join_consequences(s) is None


# Rule 3: a split's consequences ----------------------------------------------------------------------------------


def test_split_consequences_join_a_dominos_last_place():
    s = position(
        """
        0 0 1|2

        2 0 1|2
        -
        1 0 1 2
        """,
        newly_split=("r2c1-r3c1",),
    )
    found = rules.split_consequences(s)
    assert found is not None and found.rule == 3
    assert names(s, found.joins) == {"r3c3-r3c4"}  # the 1-2 has nowhere else to go
    assert names(s, found.settles) == {"r2c1-r3c1"}


def test_split_consequences_only_settle_when_the_domino_has_other_places():
    s = position(
        """
        0 0|1 2

        2 0 1 2

        1 0 1 2
        """,
        newly_split=("r1c2-r1c3",),
    )
    found = rules.split_consequences(s)  # the 0-1 still has three places
    assert found is not None and not found.joins and not found.splits
    assert names(s, found.settles) == {"r1c2-r1c3"}


# Rule 4: all the same neighbours ---------------------------------------------------------------------------------


def test_all_same_neighbours_rule_out_the_domino_elsewhere():
    s = position(
        """
        0 0 1 2

        2|0|1 2

        1 0 1 2
        """
    )
    found = rules.all_same_neighbours(s)
    assert found is not None and found.rule == 4
    # r2c2 (0) can only pair with the 0s above and below: the 0-0 covers it, so not r1c1-r1c2.
    assert names(s, found.splits) == {"r1c1-r1c2"}
    assert s.puzzle.board.cells[found.cells[0]] == (1, 1)


def test_all_same_neighbours_needs_a_cell_whose_pairs_agree():
    s = position(ORDER_2)
    assert rules.all_same_neighbours(s) is None


# Rule 5: unique placement ----------------------------------------------------------------------------------------


def test_unique_placement_joins_a_domino_with_one_place():
    s = position(
        """
        0 0 1 2
            -
        2 0 1 2

        1 0 1 2
        """
    )
    found = rules.unique_placement(s)
    assert found is not None and found.rule == 5
    assert names(s, found.joins) == {"r2c3-r3c3"}  # the only 1-1 left


def test_unique_placement_does_not_fire_when_every_domino_has_two_places():
    s = position(ORDER_2)
    assert rules.unique_placement(s) is None


# Rule 6: shared cell ---------------------------------------------------------------------------------------------


def test_shared_cell_splits_the_cells_other_pairs():
    s = position(ORDER_2)
    found = rules.shared_cell(s)
    assert found is not None and found.rule == 6
    # Both places of the 0-2 use r2c1, so r2c1 is the 0-2's and its pair with r3c1 (a 1-2) goes.
    assert s.domino_label(found.domino) == "0-2"
    assert names(s, found.splits) == {"r2c1-r3c1"}


def test_shared_cell_does_not_fire_once_drawn():
    s = position(
        """
        0 0 1 2

        2 0 1 2
        -   -
        1 0 1 2
        """
    )
    found = rules.shared_cell(s)
    # The 0-2 no longer has anything to split at r2c1; the next candidate is the 2-2 at r2c4.
    assert found is not None and s.domino_label(found.domino) == "2-2"
    assert names(s, found.splits) == {"r2c3-r2c4"}


def test_a_sentence_given_as_a_function_is_made_once_on_first_read():
    calls = []

    def words() -> str:
        calls.append(1)
        return "r1c1-r1c2 is split."

    lazy = Deduction(rule=3, settles=(0,), reason=words)
    assert calls == []
    assert lazy.reason == str(lazy) == "r1c1-r1c2 is split." and calls == [1]
    assert lazy.reason and calls == [1]
    same = Deduction(rule=3, settles=(0,), reason="r1c1-r1c2 is split.")
    assert lazy == same and hash(lazy) == hash(same) and repr(lazy) == repr(same)
    assert Deduction(rule=3).reason == ""
    # Pickled with its sentence made (a function made in a rule would not pickle).
    again = pickle.loads(pickle.dumps(Deduction(rule=2, reason=lambda: "placed")))
    assert again.reason == "placed" and again == Deduction(rule=2, reason="placed")


def test_bookkeeping_sentences_read_the_puzzle_names():
    s = position(ORDER_2)
    found = rules.single_neighbour(s) or rules.unique_placement(s) or rules.shared_cell(s)
    assert found is not None and isinstance(found.reason, str) and found.reason.endswith(".")


# The rules' logic on bitsets ------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(layouts(min_order=1, max_order=7), st.integers(0, 2**32))
def test_the_logic_on_bitsets_reads_what_the_pair_states_say(layout, seed):
    """Along random runs (steps of every technique, settled or not), each rule's logic on the position's bitsets
    says what a plain reading of its pair states says, at every cell, pair and domino; and the bitsets are the
    pair states'."""
    puzzle, _ = layout
    s = SolvingState(puzzle)
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 40)):
        found = next_deduction(s)
        if found is None:
            break
        try:
            s.apply(found)
        except Contradiction:
            return
        if rng.getrandbits(1):
            settle(s)
        _same_readings(s)


def _same_readings(s: SolvingState) -> None:
    t, m, pair_states = s.tables, s.masks, s.pair_states
    assert s.key() == pair_bits(pair_states)
    assert s.undecided == sum(1 << q for q in range(t.n_pairs) if pair_states[q] == UNDECIDED)
    undecided = s.undecided
    for x in range(t.n_cells):
        live = s.live_pairs_of_cell(x)
        assert rules.single_pair_of(m, undecided, x) == (live[0] if len(live) == 1 else -1)
        ds = {t.pair_domino[q] for q in live}
        away = [q for d in ds for q in s.live_placements(d) if x not in (t.pair_a[q], t.pair_b[q])]
        expected = sum(1 << q for q in away) if len(live) >= 2 and len(ds) == 1 else 0
        assert rules.same_neighbours_away(m, undecided, x) == expected
    for d in range(t.n_dominoes):
        places = s.live_placements(d)
        assert rules.only_place_of(m, undecided, d) == (places[0] if len(places) == 1 else -1)
        shared = set.intersection(*({t.pair_a[q], t.pair_b[q]} for q in places)) if len(places) >= 2 else set()
        x, splits = rules.shared_cell_splits(m, undecided, d)
        if shared:
            (cell,) = shared
            assert (x, splits) == (cell, sum(1 << q for q in s.live_pairs_of_cell(cell) if t.pair_domino[q] != d))
        else:
            assert (x, splits) == (-1, 0)
    for q in range(t.n_pairs):
        if pair_states[q] in (JOINED, NEWLY_JOINED):
            near, away = rules.join_splits(m, undecided, q)
            touching = {r for r in t.touching[q] if pair_states[r] == UNDECIDED}
            elsewhere = {r for r in t.placements[t.pair_domino[q]] if pair_states[r] == UNDECIDED} - touching
            assert (near, away) == (sum(1 << r for r in touching), sum(1 << r for r in elsewhere))
