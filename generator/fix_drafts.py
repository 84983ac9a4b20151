"""Raw drafts: the grids a setter starts from before ``dominosa fix`` makes them proper.

A raw draft is the full double-n set dealt at random onto a fixed tiling of the (n+1) x (n+2) rectangle: rows of
bricks, or columns of them when the rows are odd-length. No ambiguous 2x2 square is repaired, so a draft has
thousands of solutions or more: the hardest input ``fix`` meets, and the one its tests and benchmark use at every
size.
"""

from __future__ import annotations

import random

from dominosa.board import Board
from dominosa.dominoes import full_set
from dominosa.puzzle import Puzzle

__all__ = ["raw_draft"]


def raw_draft(order: int, seed: int = 0) -> Puzzle:
    """The double-``order`` set dealt at random (from ``seed``) onto a fixed brick tiling.

    >>> raw_draft(3, seed=1).order
    3
    """
    rows, cols = order + 1, order + 2
    board = Board.rectangle(rows, cols)
    index = board.index
    if cols % 2 == 0:
        tiles = [(index[(r, c)], index[(r, c + 1)]) for r in range(rows) for c in range(0, cols, 2)]
    else:
        tiles = [(index[(r, c)], index[(r + 1, c)]) for c in range(cols) for r in range(0, rows, 2)]
    rng = random.Random(seed)
    dominoes = list(full_set(order))
    rng.shuffle(dominoes)
    numbers = [0] * len(board.cells)
    for (a, b), (x, y) in zip(tiles, dominoes, strict=True):
        if rng.random() < 0.5:
            x, y = y, x
        numbers[a], numbers[b] = x, y
    return Puzzle(board, tuple(numbers), tuple(full_set(order)))
