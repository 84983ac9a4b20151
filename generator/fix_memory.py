"""How much memory ``dominosa fix`` may take on a board, and how many solutions or swap moves it may list.

The fix's memory is what it lists: the solutions of the grid (each a bitmask over the board's pairs, held a few
times over by the searches) and, for ``--swaps``, the candidate moves (each a few cell bitmasks, and a bit in
the per-cell tables of moves). Both grow with the board, so the caps are set in bytes, from the board's size,
not as a count: a count safe at order 9 is gigabytes at order 50. A caller with less room than these budgets
passes its own (``fix(cap=..., moves_budget=...)``): the studio sizes both from :func:`engine_bytes`,
:func:`listing_cap` and :func:`moves_bytes`, and refuses before starting a fix whose :func:`fix_memory_estimate`
would still not fit its worker.
"""

from __future__ import annotations

from dominosa.generator.fix_result import DEFAULT_CAP
from dominosa.puzzle import Puzzle

__all__ = [
    "LISTING_BUDGET",
    "MOVES_BUDGET",
    "solution_bytes",
    "move_bytes",
    "listing_cap",
    "moves_cap",
    "engine_bytes",
    "moves_bytes",
    "fix_memory_estimate",
]

LISTING_BUDGET = 256 * 2**20
"""Bytes the listed solutions may take, all their copies counted."""
MOVES_BUDGET = 256 * 2**20
"""Bytes the swap search's candidate moves may take, with the per-cell tables that index them."""

# A Python int costs a header and 4 bytes per 30 bits; a listed solution is held about this many times over
# (the list of solutions, a kept solution's family, its minimal sets, the pair-to-solutions index).
_INT_HEADER = 28
_SOLUTION_COPIES = 4
# A move: a small named tuple of tuples and two cell bitmasks; then one bit in each of two tables per cell.
_MOVE_OBJECT = 320
# The engine and the interpreter, and the engine's tables per cell (propagation, learnt clauses).
_BASE = 48 * 2**20
_PER_CELL = 12 * 2**10


def _int_bytes(bit_count: int) -> int:
    return _INT_HEADER + 4 * (bit_count // 30 + 1)


def solution_bytes(puzzle: Puzzle) -> int:
    """Bytes one listed solution costs on this board, its copies counted."""
    return _SOLUTION_COPIES * (_int_bytes(len(puzzle.board.pairs)) + 8)


def move_bytes(puzzle: Puzzle) -> int:
    """Bytes one candidate swap move costs on this board, with its bits in the per-cell tables."""
    cells = len(puzzle.board.cells)
    return _MOVE_OBJECT + 2 * _int_bytes(cells) + 2 * cells // 8


def listing_cap(puzzle: Puzzle, cap: int, budget: int | None = None) -> int:
    """The solutions to list at most: ``cap``, or fewer when that many would pass the byte budget (default
    :data:`LISTING_BUDGET`)."""
    budget = LISTING_BUDGET if budget is None else budget
    return max(2, min(cap, budget // solution_bytes(puzzle)))


def moves_cap(puzzle: Puzzle, budget: int | None = None) -> int:
    """The candidate swap moves to list at most on this board, from the byte budget (default
    :data:`MOVES_BUDGET`)."""
    budget = MOVES_BUDGET if budget is None else budget
    return max(1, budget // move_bytes(puzzle))


def engine_bytes(puzzle: Puzzle) -> int:
    """Bytes a fix takes on this board whatever it lists: the interpreter, the engine and its tables per cell."""
    return _BASE + _PER_CELL * len(puzzle.board.cells)


def moves_bytes(puzzle: Puzzle, budget: int | None = None) -> int:
    """Bytes a swap fix's candidate moves may take on this board: all its moves, or the byte budget (default
    :data:`MOVES_BUDGET`) when they would pass it."""
    budget = MOVES_BUDGET if budget is None else budget
    return min(budget, _all_moves(puzzle) * move_bytes(puzzle))


def fix_memory_estimate(
    puzzle: Puzzle, *, swaps: bool = False, cap: int | None = None, moves_budget: int | None = None
) -> int:
    """Bytes ``fix(puzzle, swaps=swaps, cap=cap, moves_budget=moves_budget)`` may take at most: the engine's, the
    solutions it lists (up to ``cap`` and the listing budget) and, for swaps, the candidate moves (up to their
    budget).

    >>> from dominosa.generator.fix_drafts import raw_draft
    >>> fix_memory_estimate(raw_draft(50)) < 2**30
    True
    """
    listed = listing_cap(puzzle, DEFAULT_CAP if cap is None else cap)
    total = engine_bytes(puzzle) + listed * solution_bytes(puzzle)
    if swaps:
        total += moves_bytes(puzzle, moves_budget)
    return total


def _all_moves(puzzle: Puzzle) -> int:
    """How many moves a tiling of this board has at most: every single swap and every trade of two dominoes."""
    tiles = len(puzzle.board.cells) // 2
    return len(puzzle.board.cells) ** 2 // 2 + tiles * (tiles - 1)
