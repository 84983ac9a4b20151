"""Exact cover problems and tilings shared by the tests of the exact cover engines and the tiling puzzles.

Import from a test module beside this one: ``from cover_cases import grid_tilings, queens, random_partition``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from dominosa.cover.exact_cover import ExactCover

__all__ = ["grid_tilings", "queens", "random_partition", "square_maps"]


def grid_tilings(rows: int, cols: int) -> tuple[list[tuple[int, int]], list[tuple[tuple[int, int], ...]]]:
    """The domino tilings of a rectangle as exact cover: a column per cell, a row per pair of neighbours."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    pairs = []
    for r, c in cells:
        if c + 1 < cols:
            pairs.append(((r, c), (r, c + 1)))
        if r + 1 < rows:
            pairs.append(((r, c), (r + 1, c)))
    return cells, pairs


def queens(n: int) -> ExactCover:
    """n queens: ranks and files primary (one queen each), diagonals secondary (at most one each)."""
    primary = [("rank", i) for i in range(n)] + [("file", j) for j in range(n)]
    secondary = [("diag", k) for k in range(2 * n - 1)] + [("anti", k) for k in range(2 * n - 1)]
    rows = [(("rank", i), ("file", j), ("diag", i + j), ("anti", i - j + n - 1)) for i in range(n) for j in range(n)]
    return ExactCover(primary, rows, secondary)


def random_partition(
    cells: Iterable[tuple[int, int]], rng: random.Random, smallest: int = 1, largest: int = 5, lone: bool = True
) -> list[set]:
    """The cells cut at random into connected parts of about ``smallest`` to ``largest`` cells.

    A part stops short when it has no free neighbour left; with ``lone=False`` a part left with a single cell
    joins a neighbouring part (when it has one), so no piece is a single square.
    """
    free = set(cells)
    parts: list[set] = []
    while free:
        start = rng.choice(sorted(free))
        part = {start}
        free.discard(start)
        target = rng.randint(smallest, largest)
        while len(part) < target:
            frontier = sorted(
                {(r + dr, c + dc) for r, c in part for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} & free
            )
            if not frontier:
                break
            cell = rng.choice(frontier)
            part.add(cell)
            free.discard(cell)
        parts.append(part)
    if lone:
        return parts
    big = [p for p in parts if len(p) > 1]
    for p in parts:
        if len(p) == 1:
            ((r, c),) = p
            home = next((q for q in big if any(abs(r - a) + abs(c - b) == 1 for a, b in q)), None)
            if home is None:
                big.append(p)
            else:
                home |= p
    return big


def square_maps(h: int, w: int) -> list[Callable[[int, int], tuple[int, int]]]:
    """The eight symmetries of the box of points 0..h x 0..w, identity first, written out one by one (the tests'
    own model, apart from the code under test). For the cells of a rows x cols board use (rows - 1, cols - 1), for
    its corners (rows, cols). On a box that is not square the quarter turns and diagonal mirrors leave the box."""
    return [
        lambda r, c: (r, c),
        lambda r, c: (c, h - r),
        lambda r, c: (h - r, w - c),
        lambda r, c: (w - c, r),
        lambda r, c: (r, w - c),
        lambda r, c: (h - r, c),
        lambda r, c: (c, r),
        lambda r, c: (w - c, h - r),
    ]
