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
from dominosa.deductions.grades import EXTREME, GRADES, GUESSING, TECHNIQUES, Technique
from dominosa.deductions.state import JOINED, NEWLY_JOINED, NEWLY_SPLIT, SPLIT, Deduction, SolvingState
from dominosa.deductions.stepper import iter_deductions
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
    stuck : for a puzzle beyond the reference grader's levels (fiendish or guessing), the position where the
        techniques up to extreme got stuck: its joined pairs and its split pairs; None otherwise.
    """

    verdict: str
    level: int | None = None
    uses: dict[int, int] = field(default_factory=dict)
    guesses: int = 0
    guess_depth: int = 0
    deductions: list[Deduction] = field(default_factory=list)
    stuck: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    @property
    def techniques(self) -> dict[str, int]:
        """How often the grading run used each technique (bookkeeping left out), easiest first, by name."""
        return {t.label: self.uses[t] for t in TECHNIQUES if self.uses.get(t) and not t.bookkeeping}

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
    One pass of the driver loop (:func:`~dominosa.deductions.stepper.iter_deductions`) with the techniques
    easiest first: cheap rules run from candidate sets, the advanced ones only when every easier one is stuck.
    """
    verdict = verdict or verdict_of(puzzle)
    if verdict != PROPER:
        return GradeResult(verdict)
    state = SolvingState(puzzle)
    uses: Counter[int] = Counter()
    level = 0
    guesses = depth = 0
    made: list[Deduction] = []
    stuck = None
    # A proper puzzle never contradicts a sound rule, so no Contradiction is expected here. The state is
    # changed as each deduction is yielded, so ``stuck`` is read before the first step past extreme applies.
    steps = iter_deductions(state, techniques=techniques or TECHNIQUES)
    while True:
        before = bytes(state.state) if stuck is None else b""
        found = next(steps, None)
        if found is None:
            break
        technique = _TECHNIQUE_OF_RULE[found.rule]
        uses[technique] += 1
        level = max(level, technique.level)
        if technique.level > EXTREME and stuck is None:
            stuck = _pairs_of(before)
        if technique is Technique.GUESS:
            guesses += 1
            depth = max(depth, found.effort)
        if keep_deductions:
            made.append(found)
    if not state.solved:
        return GradeResult(verdict, None, dict(uses), guesses, depth, made)
    return GradeResult(verdict, level, dict(sorted(uses.items())), guesses, depth, made, stuck)


# The technique of each rule number (the enum's own lookup costs more than a step of bookkeeping).
_TECHNIQUE_OF_RULE: dict[int, Technique] = {t.value: t for t in Technique}


def _pairs_of(states: bytes | bytearray) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The joined and the split pairs of a position given by its pair states."""
    joined = tuple(q for q, v in enumerate(states) if v in (NEWLY_JOINED, JOINED))
    split = tuple(q for q, v in enumerate(states) if v in (SPLIT, NEWLY_SPLIT))
    return joined, split
