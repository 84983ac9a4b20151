"""Solving one deduction at a time, as a person would: try the rules in order, restart at rule 1 after each.

This is the slow, explainable path used for step-by-step output, hints and grading; counting uses
:mod:`dominosa.deductions.counting`, which reaches the same fixed point of rules 1-6 in bulk.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from dominosa.deductions.rules import Rule
from dominosa.deductions.state import Contradiction, Deduction, SolvingState
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = ["next_deduction", "iter_deductions", "StepLog", "solve_by_steps"]


def _default_rules() -> tuple[Rule, ...]:
    from dominosa.deductions.grades import design_order

    return tuple(t.find for t in design_order())


def next_deduction(state: SolvingState, rules: Sequence[Rule] | None = None) -> Deduction | None:
    """The deduction the first rule that applies would make, or None when no rule applies.

    ``rules`` defaults to the design's order: rules 1 to 6, the advanced rules, then guessing.
    """
    for rule in rules or _default_rules():
        found = rule(state)
        if found is not None:
            return found
    return None


def iter_deductions(
    puzzle: Puzzle | SolvingState, *, rules: Sequence[Rule] | None = None, guess: bool = True
) -> Iterator[Deduction]:
    """Yield deductions one at a time, applying each, until the puzzle is solved or no rule applies.

    Parameters
    ----------
    puzzle : a puzzle, or a position to carry on from (it is changed as deductions are applied).
    rules : the rules to try, in order.
    guess : when False, rule 7 (trial and error) is left out.

    Raises
    ------
    Contradiction : the position cannot be completed (the puzzle has no solution).
    """
    state = puzzle if isinstance(puzzle, SolvingState) else SolvingState(puzzle)
    rules = tuple(rules or _default_rules())
    if not guess:
        rules = [r for r in rules if r.__name__ != "guess"]
    while not (state.solved and not state.newly_joined and not state.newly_split):
        found = next_deduction(state, rules)
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


def solve_by_steps(puzzle: Puzzle, *, rules: Sequence[Rule] | None = None, guess: bool = True) -> StepLog:
    """Step through the puzzle with the rules and report how it went."""
    log = StepLog()
    try:
        state = SolvingState(puzzle)
        for d in iter_deductions(state, rules=rules, guess=guess):
            log.deductions.append(d)
    except Contradiction as why:
        log.contradiction = str(why)
        return log
    log.solved = state.solved
    if state.solved:
        log.solution = Solution.from_pairs(puzzle.board, state.joined_pairs())
    return log
