"""Techniques, their tiers and costs, and the named grades: defined here once, derived everywhere else.

A puzzle's grade is the tier of the hardest technique it needs when the easiest deduction that makes progress
is always applied first. Tiers are ordered; "guessing" (trial and error) is its own top grade. "ambiguous" and
"no solution" are verdicts, not grades.

Costs weigh each technique's deductions on the shortest deduction path (the state graph): how much effort a
person spends on one such step. They, and the score weights in :mod:`dominosa.deductions.score`, can be
overridden by passing a different table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dominosa.deductions import advanced, rules
from dominosa.deductions.state import Deduction, SolvingState

__all__ = [
    "GRADES",
    "Technique",
    "TECHNIQUES",
    "TECHNIQUE_BY_RULE",
    "GUESSING",
    "grade_name",
    "grade_level",
    "ordered_by_tier",
    "design_order",
]

# The grades, easiest first; a grade's level is its position here.
GRADES: tuple[str, ...] = ("trivial", "basic", "tricky", "hard", "extreme", "fiendish", "guessing")
GUESSING = GRADES.index("guessing")


@dataclass(frozen=True)
class Technique:
    """One rule: its number, name, tier (the level of the grade it demands), cost on a path, and function."""

    rule: int
    name: str
    tier: int
    cost: float
    find: Callable[[SolvingState], Deduction | None]
    bookkeeping: bool = False


TECHNIQUES: tuple[Technique, ...] = (
    Technique(1, "single neighbour", 0, 1.0, rules.single_neighbour),
    Technique(2, "join consequences", 0, 0.0, rules.join_consequences, bookkeeping=True),
    Technique(3, "split consequences", 0, 0.0, rules.split_consequences, bookkeeping=True),
    Technique(5, "unique placement", 1, 3.0, rules.unique_placement),
    Technique(4, "all the same neighbours", 2, 2.0, rules.all_same_neighbours),
    Technique(6, "shared cell", 2, 2.0, rules.shared_cell),
    Technique(advanced.PARITY, "parity", 3, 3.0, advanced.parity),
    Technique(advanced.LOCAL_DUPLICATE, "local duplicate", 3, 3.0, advanced.local_duplicate),
    Technique(advanced.SET_ANALYSIS, "set analysis", 4, 5.0, advanced.set_analysis),
    Technique(advanced.FORCING_CHAIN, "forcing chain", 5, 6.0, advanced.forcing_chain),
    Technique(advanced.SHORT_CONTRADICTION, "short contradiction", 5, 8.0, advanced.short_contradiction),
    Technique(7, "guess", GUESSING, 25.0, rules.guess),
)

TECHNIQUE_BY_RULE: dict[int, Technique] = {t.rule: t for t in TECHNIQUES}


def ordered_by_tier(max_tier: int | None = None) -> tuple[Technique, ...]:
    """The techniques easiest first (bookkeeping first within its tier), up to ``max_tier``."""
    chosen = [t for t in TECHNIQUES if max_tier is None or t.tier <= max_tier]
    return tuple(sorted(chosen, key=lambda t: (t.tier, not t.bookkeeping, t.rule)))


def design_order() -> tuple[Technique, ...]:
    """The order of the design: rules 1 to 6, then the advanced rules, then guessing (rule 7)."""
    return tuple(sorted(TECHNIQUES, key=lambda t: (t.rule == 7, t.rule)))


def grade_name(level: int) -> str:
    return GRADES[level]


def grade_level(name: str) -> int:
    """The level of a grade by name (case and spaces forgiven); ValueError naming the grades otherwise."""
    key = name.strip().lower().replace(" ", "-")
    for level, grade in enumerate(GRADES):
        if grade == key:
            return level
    raise ValueError(f"unknown grade {name!r}: the grades are {', '.join(GRADES)}")
