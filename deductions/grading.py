"""Grading: which tier of technique a puzzle needs, applying the easiest productive deduction first.

Because every rule only ever adds information, the result does not depend on which of several easy
deductions is taken first: the grade is the lowest tier whose techniques, applied to exhaustion, solve the
puzzle. A proper puzzle that no logical technique finishes is graded "guessing", with how often trial and error
was needed and how deep its deepest refutation went. Improper puzzles get a verdict, never a grade.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from dominosa.deductions.counting import count_solutions
from dominosa.deductions.grades import GRADES, GUESSING, TECHNIQUE_BY_RULE, Technique, ordered_by_tier
from dominosa.deductions.state import Deduction, SolvingState
from dominosa.puzzle import Puzzle

__all__ = ["GradeResult", "grade", "verdict_of", "PROPER", "AMBIGUOUS", "NO_SOLUTION", "UNDECIDED_VERDICT"]

PROPER, AMBIGUOUS, NO_SOLUTION, UNDECIDED_VERDICT = "proper", "ambiguous", "no solution", "undecided"


@dataclass
class GradeResult:
    """A puzzle's verdict and, when it is proper, its grade.

    Attributes
    ----------
    verdict : "proper", "ambiguous" (two or more solutions), "no solution", or "undecided" (the count ran
        out of its budget).
    level : the grade's position in ``GRADES`` (0 easiest), or None when not proper.
    uses : how many deductions of each rule the grading run made (bookkeeping included).
    guesses : trial-and-error steps needed (0 unless the grade is "guessing").
    guess_depth : search steps of the deepest refutation among them.
    deductions : the deductions of the grading run, in order.
    """

    verdict: str
    level: int | None = None
    uses: dict[int, int] = field(default_factory=dict)
    guesses: int = 0
    guess_depth: int = 0
    deductions: list[Deduction] = field(default_factory=list)

    @property
    def name(self) -> str | None:
        return GRADES[self.level] if self.level is not None else None

    @property
    def unique(self) -> bool:
        return self.verdict == PROPER

    def describe(self) -> str:
        """The grade in words: 'hard', 'guessing (3 guesses, depth 12)', 'ambiguous', ..."""
        if self.level is None:
            return self.verdict
        if self.level == GUESSING:
            return f"{self.name} ({self.guesses} guess{'es' if self.guesses != 1 else ''}, depth {self.guess_depth})"
        return self.name or ""


def verdict_of(puzzle: Puzzle, *, max_nodes: int | None = 200_000) -> str:
    """Whether the puzzle has one solution, several or none (counting up to two)."""
    result = count_solutions(puzzle, 2, max_nodes=max_nodes)
    if result.count >= 2:
        return AMBIGUOUS
    if not result.complete:
        return UNDECIDED_VERDICT
    return PROPER if result.count == 1 else NO_SOLUTION


def grade(
    puzzle: Puzzle,
    *,
    techniques: tuple[Technique, ...] | None = None,
    verdict: str | None = None,
    keep_deductions: bool = False,
) -> GradeResult:
    """Grade a puzzle: its verdict, and for a proper puzzle the tier of the hardest technique it needs.

    Parameters
    ----------
    puzzle : the puzzle.
    techniques : the techniques allowed, easiest first (default: all of them, by tier).
    verdict : the verdict if already known (skips the count).
    keep_deductions : also return the deductions made, in order.

    Notes
    -----
    One pass of the stepper with the techniques in tier order: cheap rules run from candidate sets, the
    advanced ones only when every easier one is stuck.
    """
    verdict = verdict or verdict_of(puzzle)
    if verdict != PROPER:
        return GradeResult(verdict)
    order = techniques or ordered_by_tier()
    state = SolvingState(puzzle)
    uses: Counter[int] = Counter()
    level = 0
    guesses = depth = 0
    made: list[Deduction] = []
    # A proper puzzle never contradicts a sound rule, so no Contradiction is expected here.
    while not (state.solved and not state.newly_joined and not state.newly_split):
        for technique in order:
            found = technique.find(state)
            if found is not None:
                break
        else:
            break  # no technique applies: only possible when guessing is not among them
        state.apply(found)
        uses[found.rule] += 1
        tier = TECHNIQUE_BY_RULE[found.rule].tier
        level = max(level, tier)
        if found.rule == 7:
            guesses += 1
            depth = max(depth, found.effort)
        if keep_deductions:
            made.append(found)
    if not state.solved:
        return GradeResult(verdict, None, dict(uses), guesses, depth, made)
    return GradeResult(verdict, level, dict(sorted(uses.items())), guesses, depth, made)
