"""A series of books as its reader meets it: what a new volume left out and why, and series names that are
one slip away from an existing one.

A volume of a series leaves out the puzzles earlier volumes printed, their renamed copies and their
near-twins (:class:`~dominosa.generator.twins.RepeatGuard`). Doing so silently leaves a publisher wondering
why 9 puzzles in gave 3 pages: :class:`LeftOut` counts each reason and says it in one line.

A series is found by its name in the store; "Classic" after "classic" would silently start a second series and
print volume 1 again, so :func:`similar_series` names the existing series a new name is probably meant to be.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from dominosa.generator.twins import NEAR_TWIN, REPEAT, RepeatGuard

__all__ = ["AMBIGUOUS", "OVER_THE_COUNT", "LeftOut", "similar_series", "one_letter_apart"]

AMBIGUOUS, OVER_THE_COUNT = "ambiguous", "over the count"
# The reasons in the order the line gives them, each with its plural.
_REASONS = ((REPEAT, "repeats"), (NEAR_TWIN, "near-twins"), (AMBIGUOUS, "ambiguous"), (OVER_THE_COUNT, None))


class LeftOut:
    """The puzzles offered to a book and those left out, by reason (:data:`~dominosa.generator.twins.REPEAT`,
    :data:`~dominosa.generator.twins.NEAR_TWIN`, :data:`AMBIGUOUS`, :data:`OVER_THE_COUNT`)."""

    def __init__(self) -> None:
        self.offered = 0
        self.reasons: Counter[str] = Counter()

    def keep(self, guard: RepeatGuard, puzzle) -> bool:
        """Offer ``puzzle``: True, and the guard told of it, when it is admitted; else its reason counted."""
        self.offered += 1
        why = guard.refusal(puzzle)
        if why is None:
            guard.take(puzzle)
            return True
        self.reasons[why] += 1
        return False

    def count(self, reason: str, how_many: int = 1) -> None:
        """Count ``how_many`` puzzles offered and left out for ``reason``."""
        self.offered += how_many
        self.reasons[reason] += how_many

    @property
    def total(self) -> int:
        return sum(self.reasons.values())

    def line(self) -> str | None:
        """``left out 6 of 9 puzzles: 2 repeats, 1 near-twin, 3 over the count``; None when none was."""
        if not self.total:
            return None
        parts = []
        for reason, plural in _REASONS:
            n = self.reasons.get(reason, 0)
            if n:
                parts.append(f"{n} {reason if n == 1 or plural is None else plural}")
        noun = "puzzle" if self.offered == 1 else "puzzles"
        return f"left out {self.total} of {self.offered} {noun}: {', '.join(parts)}"


def one_letter_apart(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter changed, added or dropped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:k] + long[k + 1 :] == short for k in range(len(long)))


def similar_series(name: str, existing: Iterable[str]) -> str | None:
    """The existing series ``name`` is probably meant to be: one that differs only by case (or spaces at the
    ends), else by one letter (case aside); None when ``name`` is itself a series or none is that close."""
    existing = list(existing)
    if name in existing:
        return None
    folded = name.strip().casefold()
    for other in existing:
        if other.strip().casefold() == folded:
            return other
    for other in existing:
        if one_letter_apart(folded, other.strip().casefold()):
            return other
    return None
