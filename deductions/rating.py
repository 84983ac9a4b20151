"""Rating a puzzle: verdict, grade, shortest deduction path and interestingness score, in one call."""

from __future__ import annotations

from dataclasses import dataclass, field

from dominosa.deductions.big_rating import big_rating, is_big
from dominosa.deductions.grades import TECHNIQUES, TRIVIAL, Technique
from dominosa.deductions.grading import PROPER, GradeResult, grade, graded_by_steps, verdict_of
from dominosa.deductions.graph import DEFAULT_NODE_BUDGET, DeductionPath, shortest_path
from dominosa.deductions.reasons import GradeReason, grade_reason
from dominosa.deductions.score import DEFAULT_WEIGHTS, SCORE_VERSION, ScoreWeights, dominoes_to_place, path_score
from dominosa.deductions.state import Deduction, SolvingState
from dominosa.puzzle import Puzzle

__all__ = ["Rating", "rate"]


@dataclass
class Rating:
    """Everything the rater says about a puzzle.

    ``rules`` counts the path's steps by technique name; ``techniques`` (in the JSON form) counts the grading
    run's deductions by technique name, easiest first: what the puzzle needs; ``exhaustive`` says whether the
    path is proved the cheapest; ``level`` is the grade's position in ``GRADES`` (0 easiest), None when the
    puzzle is not proper. ``steps_taken`` is the list of steps the score was measured on (the path's, or without
    a path the grading run's but the bookkeeping), ``step_count`` the path's length (the JSON form's ``steps``).
    """

    verdict: str
    grade: GradeResult
    path: DeductionPath | None = None
    score: float = 0.0
    steps_taken: list[Deduction] = field(default_factory=list)
    reason: GradeReason | None = None

    @property
    def unique(self) -> bool:
        return self.verdict == PROPER

    @property
    def level(self) -> int | None:
        return self.grade.level

    @property
    def grade_name(self) -> str | None:
        return self.grade.name

    @property
    def rules(self) -> dict[str, int]:
        if self.path is None:
            return {}
        return {Technique(r).label: k for r, k in self.path.rules_used.items()}

    @property
    def step_count(self) -> int:
        """How many steps the path takes (0 without a path): a count, where ``steps`` elsewhere is the list
        (:attr:`DeductionPath.steps <dominosa.deductions.graph.DeductionPath.steps>`, :attr:`steps_taken`)."""
        return len(self.path.steps) if self.path else 0

    @property
    def exhaustive(self) -> bool:
        return bool(self.path and self.path.exhaustive)

    def to_dict(self) -> dict:
        """The JSON form the CLI prints: unique, grade, level, score, steps, rules, exhaustive and more.

        ``score_version`` says how the score is measured (:data:`~dominosa.deductions.score.SCORE_VERSION`), so
        that a store importing the rating can tell a score of an older measure.

        ``grade`` and ``level`` are None for an improper puzzle (its ``verdict`` says why); ``steps``, ``rules``
        and ``exhaustive`` are None when no path was computed. ``grade_reason`` is there only when the rating
        has one (``rate(..., with_reason=True)`` of a proper puzzle): never None.

        >>> from dominosa import read_puzzle
        >>> shown = rate(read_puzzle("3:22223101012330103310")).to_dict()
        >>> shown["grade"], shown["steps"], shown["cost"], shown["techniques"]
        ('trivial', 5, 7.0, {'single neighbour': 3, 'unique placement': 2})
        >>> rate(read_puzzle("1:001011")).to_dict()["grade"] is None  # ambiguous: no grade
        True
        """
        shown: dict[str, object] = {
            "verdict": self.verdict,
            "unique": self.unique,
            "grade": self.grade.name,
            "level": self.level,
            "score": self.score,
            "score_version": SCORE_VERSION,
            "steps": self.step_count if self.path else None,
            "rules": self.rules if self.path else None,
            "exhaustive": self.exhaustive if self.path else None,
            "cost": self.path.cost if self.path else None,
            "guesses": self.grade.guesses,
            "guess_depth": self.grade.guess_depth,
            "techniques": self.grade.techniques if self.unique else None,
        }
        if self.reason is not None:  # never null: a reason is there, or the key is not (rate and generate alike)
            shown["grade_reason"] = self.reason.to_dict()
        return shown


def rate(
    puzzle: Puzzle,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    weights: ScoreWeights = DEFAULT_WEIGHTS,
    with_path: bool = True,
    verdict: str | None = None,
    graded: GradeResult | None = None,
    with_reason: bool = False,
) -> Rating:
    """Rate a puzzle: is it proper, how hard (grade), how it is best solved (path) and how interesting (score).

    The work is shared where it can be: the verdict is proved once (or taken from the caller), and when this call
    grades the puzzle itself, the grade run keeps a copy of its settled start, where the path search then starts
    (:func:`~dominosa.deductions.graph.shortest_path`'s ``start``) instead of making it again.

    Parameters
    ----------
    puzzle : the puzzle.
    node_budget : positions the state graph may expand (see :func:`~dominosa.deductions.graph.shortest_path`).
    weights : the score's weights.
    with_path : False to skip the state graph: the grade alone, and a score from the grading run's steps.
    verdict : the puzzle's verdict when the caller has already proved it (the generator has), saving a count;
        as :func:`~dominosa.deductions.grading.grade` takes it.
    graded : the puzzle's grade when the caller has already made it (the generator has, for the layouts it
        picks), saving the grading run; with ``with_path=False`` it must hold its deductions.
    with_reason : also say why the grade is what it is (:func:`~dominosa.deductions.reasons.grade_reason`: the
        deduction that sets it, which the grading run kept; none from a level-only ``graded``).

    Examples
    --------
    >>> from dominosa import read_puzzle
    >>> rating = rate(read_puzzle("3:22223101012330103310"))
    >>> rating.verdict, rating.grade_name, rating.exhaustive
    ('proper', 'trivial', True)
    >>> rating.step_count, rating.rules
    (5, {'single neighbour': 4, 'unique placement': 1})
    """
    if graded is not None:
        verdict = graded.verdict
    if with_path and is_big(puzzle) and verdict in (None, PROPER):
        verdict, big_graded, big_path = big_rating(puzzle, verdict)
        if big_graded is not None and big_path is not None:
            return _rated(puzzle, verdict, big_graded, big_path, weights, with_reason)
    if verdict is None:
        verdict = verdict_of(puzzle)
    started: list[SolvingState] = []  # the grade run's settled start, where the path search starts
    if graded is None and verdict == PROPER and with_path:
        graded = graded_by_steps(puzzle, verdict, TECHNIQUES, False, False, started)
    elif graded is None:
        graded = grade(puzzle, verdict=verdict, keep_deductions=not with_path)
    dominoes = dominoes_to_place(puzzle)
    if verdict != PROPER:
        return Rating(verdict, graded, None, path_score([], dominoes=dominoes, proper=False, weights=weights))
    if not with_path:
        reason = grade_reason(puzzle, graded) if with_reason else None
        steps = [d for d in graded.deductions if not d.is_bookkeeping]
        return Rating(verdict, graded, None, path_score(steps, dominoes=dominoes, weights=weights), steps, reason)
    start = started[0] if started else None
    path = shortest_path(puzzle, node_budget=node_budget, trivial=graded.level == TRIVIAL, start=start)
    return _rated(puzzle, verdict, graded, path, weights, with_reason)


def _rated(
    puzzle: Puzzle, verdict: str, graded: GradeResult, path: DeductionPath, weights: ScoreWeights, with_reason: bool
) -> Rating:
    """The rating of a proper puzzle from its grade and path."""
    reason = grade_reason(puzzle, graded) if with_reason else None
    score = path_score(path.steps, dominoes=dominoes_to_place(puzzle), weights=weights)
    return Rating(verdict, graded, path, score, path.steps, reason)
