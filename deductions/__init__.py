"""The deduction engine: pair states, the rules, propagation, search and solution counting.

``count_solutions`` and ``solve`` are the fast path (the generator's hot loop); ``iter_deductions`` walks the
rules one deduction at a time, in the order a person would apply them, for explanations and grading.
"""

from dominosa.deductions.counting import (
    CountResult,
    SearchStats,
    count_from_position,
    count_solutions,
    is_unique,
    solutions,
    solve,
)
from dominosa.deductions.grades import GRADES, TECHNIQUES, Technique, grade_level
from dominosa.deductions.grading import GradeResult, grade
from dominosa.deductions.graph import DeductionPath, shortest_path
from dominosa.deductions.rating import Rating, rate
from dominosa.deductions.score import ScoreWeights, score
from dominosa.deductions.state import Contradiction, Deduction, SolvingState
from dominosa.deductions.stepper import StepLog, iter_deductions, next_deduction, solve_by_steps

__all__ = [
    "GRADES",
    "TECHNIQUES",
    "DeductionPath",
    "GradeResult",
    "Rating",
    "ScoreWeights",
    "grade",
    "grade_level",
    "rate",
    "score",
    "shortest_path",
    "Technique",
    "Contradiction",
    "CountResult",
    "Deduction",
    "SearchStats",
    "SolvingState",
    "StepLog",
    "count_from_position",
    "count_solutions",
    "is_unique",
    "iter_deductions",
    "next_deduction",
    "solutions",
    "solve",
    "solve_by_steps",
]
