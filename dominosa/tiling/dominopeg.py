"""DominoPeg: twelve pegged dominoes on a 6x4 board whose 35 corner points are circles; five stay empty.

The board and pieces are in the data file ``dominopeg.txt``. The circles are numbered 0-34 row by row on the
7-wide grid of corners (circle ``7i + j`` is corner ``(i, j)``). The pieces carry 30 pegs in all, so a challenge
names exactly five circles to leave empty, and every other circle must hold exactly one peg.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from dominosa.tiling.bundled import bundled
from dominosa.tiling.packing import Packing
from dominosa.tiling.pieces import Corner

__all__ = ["CIRCLES", "circle_corner", "corner_circle", "parse_challenge", "challenge_packing", "DEFAULT_CHALLENGE"]

CORNERS_WIDE = 7
CIRCLES = 35
DEFAULT_CHALLENGE = (0, 7, 14, 21, 28)
_SPLIT = re.compile(r"[\s,]+")


def circle_corner(circle: int) -> Corner:
    """The corner point of circle ``circle`` (0-34)."""
    return divmod(circle, CORNERS_WIDE)


def corner_circle(corner: Corner) -> int:
    return corner[0] * CORNERS_WIDE + corner[1]


def parse_challenge(text: str) -> tuple[int, ...]:
    """The circles a challenge leaves empty, from ``0,7,14,21,28`` (commas or spaces).

    Raises ``ValueError`` naming the fault: not numbers, a circle out of 0-34, a circle named twice, or not
    exactly as many circles as the pegs leave empty (with both numbers).
    """
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    circles = []
    for token in tokens:
        if not token.isdigit():
            raise ValueError(f"{token!r} is not a circle: name circles by their numbers 0-{CIRCLES - 1}")
        circles.append(int(token))
    return checked_challenge(circles)


def checked_challenge(circles: Iterable[int]) -> tuple[int, ...]:
    """The empty circles, sorted, after the checks of :func:`parse_challenge`."""
    circles = list(circles)
    for circle in circles:
        if not 0 <= circle < CIRCLES:
            raise ValueError(f"there is no circle {circle}: the circles are numbered 0-{CIRCLES - 1}")
    twice = sorted({c for c in circles if circles.count(c) > 1})
    if twice:
        raise ValueError(f"circle {twice[0]} is named twice")
    board = bundled("dominopeg")
    empty = len(board.circles) - sum(len(p.pegs) for p in board.pieces)
    if len(circles) != empty:
        raise ValueError(
            f"impossible: the pieces carry {len(board.circles) - empty} pegs for {len(board.circles)} circles,"
            f" so exactly {empty} circles stay empty, not {len(circles)}"
        )
    return tuple(sorted(circles))


def challenge_packing(empty: Iterable[int] = DEFAULT_CHALLENGE) -> Packing:
    """The puzzle for a challenge: every circle but the ``empty`` ones must hold a peg."""
    empty = checked_challenge(empty)
    board = bundled("dominopeg")
    left_empty = frozenset(circle_corner(c) for c in empty)
    title = f"{board.title}: empty {','.join(map(str, empty))}"
    return Packing(board.cells, board.pieces, board.circles - left_empty, board.labels, title, left_empty)
