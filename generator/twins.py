"""Near-twins as a buyer sees them: two puzzles with the same number on the same cell over much of the board.

A book reader does not compare domino placements (the generator's own twin test, in
:mod:`dominosa.generator.best`, does that within one run); they see two grids and notice that most of the
numbers sit in the same places. So a book refuses a puzzle that shares more than :data:`BOOK_TWIN_SHARE` of its
cells with one already taken: same number, same cell, with one of the two boards turned or mirrored as it
may be (the 8 symmetries of a square, 4 of a rectangle, and a turn by a quarter that makes a 7x8 board an 8x7
one). Two random double-6 grids share about a seventh of their cells (one chance in seven per cell), so 40% is
far above chance and far below the 60% that two puzzles of one lineage reach.

Numbers are compared as printed, not renamed: renaming is invisible on paper only when it is the identity.
"""

from __future__ import annotations

from collections.abc import Iterable

from dominosa.generator.canonical import canonical_key, symmetry_squares
from dominosa.puzzle import Puzzle

__all__ = ["BOOK_TWIN_SHARE", "Images", "images", "cells_shared", "share", "TwinGuard", "RepeatGuard"]

# The largest share of its cells a puzzle of a book may have in common with another one of the same book.
BOOK_TWIN_SHARE = 0.4

# One symmetry's image of a puzzle: its height and width, and its numbers square by square (-1 off the board).
Image = tuple[int, int, tuple[int, ...]]
Images = tuple[Image, ...]


def images(puzzle: Puzzle) -> Images:
    """The puzzle's numbers under each symmetry of its board (the identity first), square by square."""
    numbers = puzzle.numbers
    out = []
    for h, w, where in symmetry_squares(puzzle.board):
        squares = [-1] * (h * w)
        for cell, square in enumerate(where):
            squares[square] = numbers[cell]
        out.append((h, w, tuple(squares)))
    return tuple(out)


def cells_shared(a: Images, b: Images) -> int:
    """The most cells two puzzles (from :func:`images`) have in common, same number on the same cell, over the
    symmetries of the first; 0 when no symmetry gives them the same shape."""
    h, w, plain = b[0]
    best = 0
    for ih, iw, squares in a:
        if (ih, iw) == (h, w):
            best = max(best, sum(1 for x, y in zip(squares, plain, strict=True) if x == y and x >= 0))
    return best


def share(a: Puzzle, b: Puzzle) -> float:
    """The largest share of the smaller puzzle's cells that the two have in common (see :func:`cells_shared`)."""
    return cells_shared(images(a), images(b)) / min(len(a.board), len(b.board))


class TwinGuard:
    """The puzzles taken so far; :meth:`admits` says whether another one is far enough from all of them."""

    def __init__(self, limit: float = BOOK_TWIN_SHARE, taken: Iterable[Puzzle] = ()) -> None:
        self.limit = limit
        self._taken: list[tuple[Images, int]] = []
        for puzzle in taken:
            self.take(puzzle)

    def admits(self, puzzle: Puzzle) -> bool:
        """True when ``puzzle`` shares at most ``limit`` of its cells with every puzzle taken."""
        mine = images(puzzle)
        size = len(puzzle.board)
        return all(cells_shared(mine, other) <= self.limit * min(size, cells) for other, cells in self._taken)

    def take(self, puzzle: Puzzle) -> None:
        """Count ``puzzle`` among those taken (whether or not it was admitted)."""
        self._taken.append((images(puzzle), len(puzzle.board)))


class RepeatGuard:
    """The puzzles a book must not repeat: :meth:`admits` refuses a puzzle that is one of them turned, mirrored
    or renamed (the same canonical key), or a near-twin of one (a :class:`TwinGuard`).

    Both tests are needed: renaming the numbers of a full set leaves the puzzle the same but changes which number
    sits where, so a renamed copy is seldom a near-twin; and a near-twin is a different puzzle. A series of books
    seeds it with the puzzles of the earlier volumes, so a new volume leaves out what a reader has already met.
    """

    def __init__(self, taken: Iterable[Puzzle] = (), limit: float = BOOK_TWIN_SHARE) -> None:
        self._keys: set[str] = set()
        self._twins = TwinGuard(limit)
        for puzzle in taken:
            self.take(puzzle)

    def __len__(self) -> int:
        return len(self._keys)

    def admits(self, puzzle: Puzzle) -> bool:
        """True when ``puzzle`` is none of those taken, up to symmetry and renaming, nor a near-twin of one."""
        return canonical_key(puzzle) not in self._keys and self._twins.admits(puzzle)

    def take(self, puzzle: Puzzle) -> None:
        """Count ``puzzle`` among those taken."""
        self._keys.add(canonical_key(puzzle))
        self._twins.take(puzzle)
