"""The tier table: a technique's strength sets its tier (issue 37).

Where one of our techniques sees more than Simon Tatham's technique of the same name, the stronger form is a
technique of its own at fiendish, so that a puzzle needing it is graded past his levels. The puzzles are from
``bench/bench_grades_vs_tatham.py``'s reverse check (our generator, seed 7); his solver's verdict on each is in
the comment. Before the change each was graded at the level of the weaker form.
"""

from __future__ import annotations

from dominosa.deductions.grades import EXTREME, FIENDISH, TECHNIQUES, Technique, ordered_by_tier
from dominosa.deductions.grading import PROPER, grade
from dominosa.formats.game_id import read_game_id

STRONG_FORMS = (Technique.CUT_PARITY, Technique.WIDE_LOCAL_DUPLICATE, Technique.WIDE_FORCING_CHAIN)

# Ours basic until then (a cut cell's parity); his Hard.
CUT_CELL_WAS_BASIC = "7:203412646771257021216335731546225453643503607344665057010670374427110215"
# Ours extreme until then (a chain's way leaving r4c5 with no pair); beyond his Extreme.
WIDE_CHAIN_WAS_EXTREME = "5:101420423153542000151454323151424325253030"


def test_the_strong_forms_are_fiendish_and_asked_before_short_contradictions():
    fiendish = [t for t in TECHNIQUES if t.level == FIENDISH]
    assert fiendish == [*STRONG_FORMS, Technique.SHORT_CONTRADICTION]
    assert {t.level for t in (Technique.PARITY, Technique.LOCAL_DUPLICATE)} == {1}
    assert Technique.FORCING_CHAIN.level == EXTREME


def test_a_puzzle_needing_cut_cell_parity_is_hard_as_his_solver_says_not_basic():
    graded = grade(read_game_id(CUT_CELL_WAS_BASIC), verdict=PROPER)
    assert graded.name == "hard"  # the even-bridge parity alone does not finish it at basic
    assert Technique.CUT_PARITY not in graded.uses
    assert grade(read_game_id(CUT_CELL_WAS_BASIC), verdict=PROPER, techniques=ordered_by_tier(1)).level is None


def test_a_puzzle_needing_the_wide_forcing_chain_is_fiendish():
    puzzle = read_game_id(WIDE_CHAIN_WAS_EXTREME)
    graded = grade(puzzle, verdict=PROPER)
    assert graded.name == "fiendish" and graded.uses.get(Technique.WIDE_FORCING_CHAIN)
    assert Technique.SHORT_CONTRADICTION not in graded.uses  # the strong form alone takes it past extreme
    assert grade(puzzle, verdict=PROPER, techniques=ordered_by_tier(EXTREME)).level is None
