"""The one driver loop: solving one deduction at a time, as a person would, easiest technique first.

Grading, the state graph's completion, hints and ``solve --steps`` all step through a puzzle with
:func:`iter_deductions`: at each step the techniques are tried easiest first (the order of
:data:`~dominosa.deductions.grades.TECHNIQUES`, bookkeeping first within a level), the first deduction found is
applied, and the search starts again from the easiest. Counting uses :mod:`dominosa.deductions.counting`,
which reaches the same fixed point of rules 1-6 in bulk.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from dominosa.deductions import rules
from dominosa.deductions.grades import TECHNIQUES, Technique
from dominosa.deductions.state import Contradiction, Deduction, SolvingState
from dominosa.deductions.techniques import FINDERS, Finder
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = ["settle", "next_deduction", "iter_deductions", "StepLog", "solve_by_steps"]


def settle(state: SolvingState) -> list[Deduction]:
    """Draw every pending consequence of newly joined and newly split pairs (rules 2 and 3, the bookkeeping) in
    place; return the steps that placed a domino (rule 3 leaving a domino one place).

    The state graph settles every position it reaches, hints settle a position before looking for an idea, and
    explanations settle after each step: bookkeeping is never a step of its own there.
    """
    placed: list[Deduction] = []
    while True:
        found = rules.join_consequences(state) or rules.split_consequences(state)
        if found is None:
            return placed
        state.apply(found)
        if found.joins:
            placed.append(found)


def next_deduction(state: SolvingState, techniques: Sequence[Technique] | None = None) -> Deduction | None:
    """The deduction the first technique that applies would make, or None when none applies.

    ``techniques`` defaults to all of them, easiest first (guessing last).
    """
    return _first_found(state, (FINDERS[t] for t in (TECHNIQUES if techniques is None else techniques)))


def _first_found(state: SolvingState, finders: Iterable[Finder]) -> Deduction | None:
    """The deduction of the first finder that has one, or None."""
    for find in finders:
        found = find(state)
        if found is not None:
            return found
    return None


def iter_deductions(
    puzzle: Puzzle | SolvingState, *, techniques: Sequence[Technique] | None = None, guess: bool = True
) -> Iterator[Deduction]:
    """Yield deductions one at a time, applying each, until the puzzle is solved or no technique applies.

    Parameters
    ----------
    puzzle : a puzzle, or a position to carry on from (it is changed as deductions are applied).
    techniques : the techniques to try, easiest first (default: all of them).
    guess : when False, trial and error (rule 7) is left out.

    Raises
    ------
    Contradiction : the position cannot be completed (the puzzle has no solution).
    """
    state = puzzle if isinstance(puzzle, SolvingState) else SolvingState(puzzle)
    order = tuple(TECHNIQUES if techniques is None else techniques)
    if not guess:
        order = tuple(t for t in order if t is not Technique.GUESS)
    finders = [FINDERS[t] for t in order]  # looked up once: the loop asks them after every step
    while not (state.solved and not state.newly_joined and not state.newly_split):
        found = _first_found(state, finders)
        if found is None:
            return
        state.apply(found)
        yield found


@dataclass
class StepLog:
    """What stepping through a puzzle gave: the deductions in order and how it ended."""

    deductions: list[Deduction] = field(default_factory=list)
    solved: bool = False
    contradiction: str | None = None
    solution: Solution | None = None

    @property
    def rules_used(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for d in self.deductions:
            counts[d.rule] = counts.get(d.rule, 0) + 1
        return dict(sorted(counts.items()))


def solve_by_steps(
    puzzle: Puzzle, *, techniques: Sequence[Technique] | None = None, guess: bool = True
) -> StepLog:
    """Step through the puzzle with the techniques, easiest first, and report how it went."""
    log = StepLog()
    try:
        state = SolvingState(puzzle)
        for d in iter_deductions(state, techniques=techniques, guess=guess):
            log.deductions.append(d)
    except Contradiction as why:
        log.contradiction = str(why)
        return log
    log.solved = state.solved
    if state.solved:
        log.solution = Solution.from_pairs(puzzle.board, state.joined_pairs())
    return log
