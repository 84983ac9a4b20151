"""The grades of a generated book when none is asked for, and how a count of puzzles is shared out over them.

Generation policy, so it lives with the generator rather than in the ``book`` command: what a default book holds
is a decision about which puzzles to make, and any front end (the command, the studio, a script) that builds a
book of mixed grades should share it.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["DEFAULT_MIX", "MIX_GIVE_UP", "share_out"]

# The grades of a generated book when no grade is given, shared out evenly (the first ones get any extra): a
# warm-up of trivial puzzles (the book calls the section "Warm-up"), then the three levels of the best-known grader
# above it, so a book climbs from a first win to hard.
DEFAULT_MIX = ("trivial", "basic", "hard", "extreme")
# A grade of the mix that a small board cannot reach is given up after this many fruitless searches, and its
# share goes to puzzles of any grade.
MIX_GIVE_UP = 3


def share_out(count: int, grades: Sequence[str | None]) -> list[int]:
    """How many of ``count`` puzzles each grade gets: as even as can be, the first grades taking any extra.

    >>> share_out(10, DEFAULT_MIX)
    [3, 3, 2, 2]
    """
    return [count // len(grades) + (k < count % len(grades)) for k in range(len(grades))]
