"""Proper puzzles (exactly one solution) from random layouts, by repairing ambiguities.

A random layout of any size is almost never proper: somewhere two dominoes can trade places. Rejecting and
redrawing would take ever longer as boards grow; instead we look at a second solution, pick a domino of the
hidden layout that the second solution does not use, and swap its numbers with those of another random domino
of the layout. The layout stays a layout (every domino once), the ambiguity found is broken, and a few dozen
repairs usually make even an order-30 board proper.
"""

from __future__ import annotations

import random

from dominosa.board import Board
from dominosa.deductions import count_solutions
from dominosa.generator.layouts import random_layout
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = ["proper_layout", "NoProperLayout"]


class NoProperLayout(RuntimeError):
    """No proper layout was found within the repair budget (the board may allow none)."""


def proper_layout(
    board_or_order: Board | int,
    rng: random.Random,
    *,
    max_repairs: int = 400,
    node_budget: int = 20_000,
    max_layouts: int = 8,
) -> tuple[Puzzle, Solution]:
    """A random proper puzzle and its solution, reproducible from ``rng``.

    Parameters
    ----------
    board_or_order : the board, or an order n for the standard (n+1) x (n+2) rectangle.
    rng : the only source of randomness.
    max_repairs : swaps tried on one random layout before drawing another.
    max_layouts : random layouts tried before giving up with :class:`NoProperLayout`. Swaps keep the hidden
        tiling, and on a few small ones they never reach a proper numbering (3 order-3 layouts in 5,000 ran
        out of 400 repairs): a fresh layout gets out of such a dead end. Only a run that would have failed draws one, so
        every result of the first layout is unchanged.
    node_budget : search nodes allowed for one uniqueness check. A check that runs out is treated as an
        ambiguity found nowhere in particular, and a random swap follows: a layout that is so hard to prove
        proper is no use to a generator anyway.

    Notes
    -----
    Each repair costs one count to 2. The result depends only on ``rng``'s state: the budget counts search
    nodes, not seconds.
    """
    for _ in range(max_layouts):
        found = _repaired(board_or_order, rng, max_repairs, node_budget)
        if found is not None:
            return found
    raise NoProperLayout(f"no proper layout found in {max_layouts} random layouts of {max_repairs} repairs each")


def _repaired(
    board_or_order: Board | int, rng: random.Random, max_repairs: int, node_budget: int
) -> tuple[Puzzle, Solution] | None:
    """One random layout repaired until proper (see :func:`proper_layout`), or None when the repairs run out."""
    puzzle, truth = random_layout(board_or_order, rng)
    numbers = dict(zip(puzzle.board.cells, puzzle.numbers, strict=True))
    tiles = list(truth.placements)
    for _ in range(max_repairs):
        candidate = Puzzle(puzzle.board, tuple(numbers[c] for c in puzzle.board.cells), puzzle.dominoes)
        result = count_solutions(candidate, 2, keep_solutions=True, max_nodes=node_budget)
        if result.count == 1 and result.complete:
            return candidate, truth
        others = [s for s in result.solutions if s.placements != truth.placements]
        if others:
            used = set(others[0].placements)
            broken = [t for t in tiles if t not in used]
        else:
            broken = tiles
        a = rng.choice(broken)
        b = rng.choice(tiles)
        while b == a:
            b = rng.choice(tiles)
        va = [numbers[a[0]], numbers[a[1]]]
        vb = [numbers[b[0]], numbers[b[1]]]
        if rng.random() < 0.5:
            va.reverse()
        if rng.random() < 0.5:
            vb.reverse()
        numbers[a[0]], numbers[a[1]] = vb
        numbers[b[0]], numbers[b[1]] = va
    return None
