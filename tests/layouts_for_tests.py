"""Random layouts and a brute-force solution counter, for tests of the model and the formats only.

Deliberately small and independent of ``generator/`` and ``deductions/``: the format tests must not depend on
the code they will later be used to check. A layout is a puzzle plus the solution it was built from.

- Rectangles: a brick pattern of parallel dominoes, mixed by random flips of 2x2 squares holding two parallel
  dominoes, then the full set dealt onto the tiles, each turned either way at random.
- Irregular boards: the same on a bigger rectangle, then whole dominoes dropped at random until the cells left
  fit the full set exactly (holes anywhere, the board possibly in several pieces).
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from dominosa import Puzzle, Solution, domino, full_set, full_set_size
from dominosa.puzzle import Placement

__all__ = ["random_tiling", "random_layout", "layouts", "count_solutions_brute"]


def random_tiling(rows: int, cols: int, rng: random.Random) -> list[Placement]:
    """A random domino tiling of a rows x cols rectangle (rows * cols must be even)."""
    partner: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(rows):
        for c in range(cols):
            other = (r, c ^ 1) if cols % 2 == 0 else (r ^ 1, c)
            partner[(r, c)] = other
    for _ in range(2 * rows * cols if rows > 1 and cols > 1 else 0):
        r, c = rng.randrange(rows - 1), rng.randrange(cols - 1)
        tl, tr, bl, br = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
        if partner[tl] == tr and partner[bl] == br:
            partner.update({tl: bl, bl: tl, tr: br, br: tr})
        elif partner[tl] == bl and partner[tr] == br:
            partner.update({tl: tr, tr: tl, bl: br, br: bl})
    return sorted({(a, b) for a, b in partner.items() if a < b})


def random_layout(
    order: int, rng: random.Random, *, irregular: bool = False, max_clues: int = 0
) -> tuple[Puzzle, Solution]:
    """A random puzzle of the full double-``order`` set with the solution it was dealt from.

    Up to ``max_clues`` of the solution's dominoes are given as clues (never more than half of them).
    """
    rows, cols = order + 1, order + 2
    if irregular:
        rows += rng.randint(1, 3)
        cols += rng.randint(0, 3)
        if rows * cols % 2:
            cols += 1
    tiles = random_tiling(rows, cols, rng)
    if irregular:
        rng.shuffle(tiles)
        tiles = sorted(tiles[: full_set_size(order)])
    dominoes = list(full_set(order))
    rng.shuffle(dominoes)
    numbers = {}
    for (a, b), (x, y) in zip(tiles, dominoes, strict=True):
        if rng.random() < 0.5:
            x, y = y, x
        numbers[a], numbers[b] = x, y
    clues = rng.sample(tiles, rng.randint(0, min(max_clues, len(tiles) // 2)))
    return Puzzle.from_cells(numbers, clues=clues), Solution(tuple(tiles))


@st.composite
def layouts(
    draw: st.DrawFn,
    *,
    min_order: int = 1,
    max_order: int = 20,
    irregular: bool | None = None,
    max_clues: int = 0,
) -> tuple[Puzzle, Solution]:
    """Hypothesis strategy: layouts of orders ``min_order..max_order``, standard or irregular boards."""
    order = draw(st.integers(min_order, max_order))
    shaped = draw(st.booleans()) if irregular is None else irregular
    seed = draw(st.integers(0, 2**32 - 1))
    return random_layout(order, random.Random(seed), irregular=shaped, max_clues=max_clues)


def count_solutions_brute(puzzle: Puzzle, limit: int = 2) -> int:
    """How many solutions the puzzle has, counting up to ``limit``, by plain backtracking.

    Cover the first uncovered cell (in reading order) with its right or lower neighbour, never using a domino
    twice. Slow in general, fast enough for the double-6 example; an independent check of the real engine.
    """
    board, numbers = puzzle.board, puzzle.numbers
    n = len(board.cells)
    covered = [False] * n
    used: set[tuple[int, int]] = set()
    for a, b in puzzle.clues:
        i, j = board.index[a], board.index[b]
        covered[i] = covered[j] = True
        used.add(domino(numbers[i], numbers[j]))
    allowed = set(puzzle.dominoes)
    found = 0

    def search(i: int) -> bool:
        nonlocal found
        while i < n and covered[i]:
            i += 1
        if i == n:
            found += 1
            return found >= limit
        covered[i] = True
        for j in board.neighbours[i]:
            if j > i and not covered[j]:
                d = domino(numbers[i], numbers[j])
                if d in used or d not in allowed:
                    continue
                used.add(d)
                covered[j] = True
                if search(i + 1):
                    return True
                used.discard(d)
                covered[j] = False
        covered[i] = False
        return False

    search(0)
    return found
