"""The deduction engine: pair states, the rules, propagation, search and solution counting.

``count_solutions`` and ``solve`` are the fast path (the generator's hot loop); ``iter_deductions`` walks the
rules one deduction at a time, in the order a person would apply them, for explanations and grading.
"""

from __future__ import annotations

from dominosa.lazy import lazy_attributes

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

# Imported on first use, so that importing one module (the counting engine, say) never loads the others or
# networkx: every generator worker imports the counter.
_LAZY = {
    "CountResult": "dominosa.deductions.counting",
    "SearchStats": "dominosa.deductions.counting",
    "count_from_position": "dominosa.deductions.counting",
    "count_solutions": "dominosa.deductions.counting",
    "is_unique": "dominosa.deductions.counting",
    "solutions": "dominosa.deductions.counting",
    "solve": "dominosa.deductions.counting",
    "GRADES": "dominosa.deductions.grades",
    "TECHNIQUES": "dominosa.deductions.grades",
    "Technique": "dominosa.deductions.grades",
    "grade_level": "dominosa.deductions.grades",
    "GradeResult": "dominosa.deductions.grading",
    "grade": "dominosa.deductions.grading",
    "DeductionPath": "dominosa.deductions.graph",
    "shortest_path": "dominosa.deductions.graph",
    "Rating": "dominosa.deductions.rating",
    "rate": "dominosa.deductions.rating",
    "ScoreWeights": "dominosa.deductions.score",
    "score": "dominosa.deductions.score",
    "Contradiction": "dominosa.deductions.state",
    "Deduction": "dominosa.deductions.state",
    "SolvingState": "dominosa.deductions.state",
    "StepLog": "dominosa.deductions.stepper",
    "iter_deductions": "dominosa.deductions.stepper",
    "next_deduction": "dominosa.deductions.stepper",
    "solve_by_steps": "dominosa.deductions.stepper",
}

__getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())
