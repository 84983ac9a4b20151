"""One test per rule: a small position drawn as ASCII art, and the deduction the rule must (or must not) make.

In the drawings (see ``position_art``): in a row, ``-`` joins two cells and ``|`` splits them; between rows,
``|`` joins the cells above and below and ``-`` splits them; blanks are undecided.
"""

from __future__ import annotations

import pickle

from position_art import names, pair, position

from dominosa.deductions import rules
from dominosa.deductions.state import JOINED, SPLIT, Deduction

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
    assert s.state[pair(s.puzzle, "r1c1-r1c2")] == JOINED
    assert s.state[pair(s.puzzle, "r2c2-r3c2")] == SPLIT
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
