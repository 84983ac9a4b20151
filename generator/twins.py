"""Near-twins as a buyer sees them: two puzzles with the same number on the same cell over much of the board.

A book reader does not compare domino placements (the generator's own twin test, in
:mod:`dominosa.generator.best`, does that within one run); they see two grids and notice that most of the
numbers sit in the same places. So a book refuses a puzzle that shares more than :data:`BOOK_TWIN_SHARE` of its
cells with one already taken: same number, same cell, with one of the two boards turned or mirrored as it
may be (the 8 symmetries of a square, 4 of a rectangle, and a turn by a quarter that makes a 7x8 board an 8x7
one). Two random double-6 grids share about a seventh of their cells (one chance in seven per cell), so 40% is
far above chance and far below the 60% that two puzzles of one lineage reach.

Numbers are compared as printed, and also under the best renaming (every 3 a 5, every 5 a 0, ...: the
renaming that makes the most cells agree, an assignment problem solved in :mod:`dominosa.generator.assignment`).
A renamed copy with a few cells changed is the same puzzle to solve, though it looks different on paper; but
renaming also lets chance agree more: two unrelated double-6 puzzles share a third of their cells under their
best renaming (up to 45% in 4,950 pairs; double-4s up to 67%). So the renamed test has its own, higher limit,
:data:`RENAMED_TWIN_SHARE`, the share two puzzles of one lineage reach on paper: above what chance gives from
double-4 up, far below the 90% and more of a renamed near-twin. It applies to full sets of one order only (a
partial set renamed is another set), from :data:`RENAMED_MIN_ORDER` up: on smaller boards unrelated puzzles agree
that much by chance (two double-3 puzzles on half their cells or more, one pair in a hundred on 65%), and a
book of them could not be filled.
"""

from __future__ import annotations

from collections.abc import Iterable

from dominosa.canonical import canonical_key, symmetry_squares
from dominosa.generator.assignment import assignment_exceeds
from dominosa.puzzle import Puzzle

__all__ = [
    "BOOK_TWIN_SHARE",
    "RENAMED_TWIN_SHARE",
    "RENAMED_MIN_ORDER",
    "REPEAT",
    "NEAR_TWIN",
    "Images",
    "images",
    "cells_shared",
    "share",
    "renamed_twins",
    "TwinGuard",
    "RepeatGuard",
]

# The largest share of its cells a puzzle of a book may have in common with another one of the same book.
BOOK_TWIN_SHARE = 0.4
# The same under the best renaming of the numbers (see the module's docstring for why it is higher).
RENAMED_TWIN_SHARE = 0.6
RENAMED_MIN_ORDER = 4
# Why a guard refuses a puzzle (the words of a book's "left out" line).
REPEAT, NEAR_TWIN = "repeat", "near-twin"

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


def renamed_twins(a: Images, b: Images, names: int, limit: float) -> bool:
    """Whether more than ``limit`` cells of two puzzles (from :func:`images`, sets of ``names`` numbers) agree
    under the best renaming of the first's numbers and the best symmetry of its board."""
    h, w, plain = b[0]
    for ih, iw, squares in a:
        if (ih, iw) != (h, w):
            continue
        agree = [[0] * names for _ in range(names)]
        for x, y in zip(squares, plain, strict=True):
            if x >= 0:
                agree[x][y] += 1
        if assignment_exceeds(agree, limit):
            return True
    return False


def share(a: Puzzle, b: Puzzle) -> float:
    """The largest share of the smaller puzzle's cells that the two have in common (see :func:`cells_shared`)."""
    return cells_shared(images(a), images(b)) / min(len(a.board), len(b.board))


class TwinGuard:
    """The puzzles taken so far; :meth:`admits` says whether another one is far enough from all of them, as
    printed (``limit``) and under the best renaming of a full set's numbers (``renamed_limit``)."""

    def __init__(
        self, limit: float = BOOK_TWIN_SHARE, taken: Iterable[Puzzle] = (), renamed_limit: float = RENAMED_TWIN_SHARE
    ) -> None:
        self.limit = limit
        self.renamed_limit = renamed_limit
        self._taken: list[tuple[Images, int, int | None]] = []
        for puzzle in taken:
            self.take(puzzle)

    def admits(self, puzzle: Puzzle) -> bool:
        """True when ``puzzle`` shares at most ``limit`` of its cells with every puzzle taken, and at most
        ``renamed_limit`` under the best renaming."""
        mine = images(puzzle)
        size = len(puzzle.board)
        names = _names(puzzle)
        for other, cells, other_names in self._taken:
            smaller = min(size, cells)
            if cells_shared(mine, other) > self.limit * smaller:
                return False
            renamable = names is not None and names == other_names and self.renamed_limit < 1
            if renamable and renamed_twins(mine, other, names, self.renamed_limit * smaller):
                return False
        return True

    def take(self, puzzle: Puzzle) -> None:
        """Count ``puzzle`` among those taken (whether or not it was admitted)."""
        self._taken.append((images(puzzle), len(puzzle.board), _names(puzzle)))


def _names(puzzle: Puzzle) -> int | None:
    """How many numbers a full set's puzzle names (its order + 1), the renamed test's matrix size; None for a
    set that is not full, whose numbers cannot be renamed, or below :data:`RENAMED_MIN_ORDER`."""
    return puzzle.order + 1 if puzzle.is_full_set and puzzle.order >= RENAMED_MIN_ORDER else None


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
        return self.refusal(puzzle) is None

    def refusal(self, puzzle: Puzzle) -> str | None:
        """Why ``puzzle`` is refused: :data:`REPEAT` (one of those taken, up to symmetry and renaming),
        :data:`NEAR_TWIN`, or None when it is admitted."""
        if canonical_key(puzzle) in self._keys:
            return REPEAT
        return None if self._twins.admits(puzzle) else NEAR_TWIN

    def take(self, puzzle: Puzzle) -> None:
        """Count ``puzzle`` among those taken."""
        self._keys.add(canonical_key(puzzle))
        self._twins.take(puzzle)
