"""Why a grade is what it is: the deduction that first needs the grade's level, its technique and strength.

The puzzles are from ``bench/bench_grades_vs_tatham.py``'s reverse check (our generator, seed 7); the tiers the
strong forms set are tested in ``test_deductions_grades.py``.
"""

from __future__ import annotations

from dataclasses import replace

from dominosa.deductions.grades import GRADES, Technique
from dominosa.deductions.grading import PROPER, grade
from dominosa.deductions.rating import rate
from dominosa.deductions.reasons import NAMED_CELLS, GradeReason, grade_reason
from dominosa.formats.game_id import read_game_id

# A hard puzzle (set analysis of one group).
HARD = "5:350041521331122304045242403314312010555254"
# Ours hard until issue 37 (a cut cell's parity, then the wide local duplicate), beyond his Extreme.
BEYOND_HIS_SOLVER = "6:53340153422061056233554614221150250624442131134300056666"


def test_a_puzzle_beyond_his_solver_is_fiendish_and_says_which_strong_form():
    puzzle = read_game_id(BEYOND_HIS_SOLVER)
    graded = grade(puzzle, verdict=PROPER)
    assert graded.name == "fiendish"
    reason = grade_reason(puzzle, graded)
    assert reason is not None
    assert (reason.grade, reason.technique) == ("fiendish", "cut-cell parity")
    assert reason.strength == "a cell cutting off an odd part" and reason.cells == ("r4c3",)
    assert reason.words() == "fiendish: needs cut-cell parity (a cell cutting off an odd part: r4c3)"
    assert "r4c3" in reason.sentence


def test_the_reason_is_the_first_deduction_of_the_grades_level():
    puzzle = read_game_id("6:61432334405001252636660532642251300461014052523541645311")
    graded = grade(puzzle, verdict=PROPER, keep_deductions=True)
    first = next(d for d in graded.deductions
                 if Technique(d.rule).level == graded.level and not Technique(d.rule).bookkeeping)
    reason = grade_reason(puzzle, graded)
    assert reason is not None and reason.grade == GRADES[graded.level]
    assert reason.technique == Technique(first.rule).label and reason.sentence == str(first.reason)


def test_set_analysis_says_the_size_of_its_group():
    rating = rate(read_game_id(HARD), with_path=False, with_reason=True)
    assert rating.grade_name == "hard" and rating.reason is not None
    assert rating.reason.technique == "set analysis"
    k = len(rating.reason.cells)
    assert rating.reason.strength == f"a group of {k} cells showing one number" and k >= 2
    assert rating.to_dict()["grade_reason"]["words"] == rating.reason.words()


def test_no_reason_without_a_grade_or_unless_asked():
    assert rate(read_game_id("1:001011")).reason is None  # ambiguous
    assert rate(read_game_id(HARD), with_path=False).reason is None


def test_a_trivial_grade_says_the_trivial_techniques_finish_it():
    rating = rate(read_game_id("3:22223101012330103310"), with_path=False, with_reason=True)
    assert rating.reason is not None and rating.reason.grade == "trivial"
    assert rating.reason.words() == "trivial: single neighbours and unique placements alone finish it"


def test_the_reason_words_the_deduction_the_grading_run_kept():
    # No second run: the reason is the deduction the grade's own run kept, whichever it is told.
    puzzle = read_game_id(BEYOND_HIS_SOLVER)
    graded = grade(puzzle, verdict=PROPER, keep_deductions=True)
    other = next(d for d in graded.deductions if d.rule == Technique.SET_ANALYSIS)
    reason = grade_reason(puzzle, replace(graded, decisive=other))
    assert reason is not None and (reason.technique, reason.sentence) == ("set analysis", str(other.reason))
    assert grade_reason(puzzle, replace(graded, decisive=None)) is None


def test_rating_with_its_path_gives_the_reason_the_step_run_gives():
    # rate's grade run with the path is settled (bookkeeping drawn between steps): the same deciding deduction.
    for game_id in (HARD, BEYOND_HIS_SOLVER, "3:22223101012330103310"):
        with_path = rate(read_game_id(game_id), with_reason=True).reason
        alone = rate(read_game_id(game_id), with_path=False, with_reason=True).reason
        assert with_path == alone and with_path is not None


def test_a_reason_reading_hundreds_of_cells_names_the_first_few_and_counts_the_rest():
    cells = tuple(f"r{i // 42 + 1}c{i % 42 + 1}" for i in range(330))
    reason = GradeReason("fiendish", "short contradiction", "", cells, "")
    assert reason.words() == (f"fiendish: needs short contradiction ({', '.join(cells[:NAMED_CELLS])} and "
                              f"{330 - NAMED_CELLS} more cells)")
    assert reason.to_dict()["cells"] == list(cells)  # every cell is still there for whoever reads them all
    few = replace(reason, cells=cells[:NAMED_CELLS])
    assert few.words() == f"fiendish: needs short contradiction ({', '.join(cells[:NAMED_CELLS])})"
