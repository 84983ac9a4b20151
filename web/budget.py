"""How much memory a studio job may take, and a job's estimate of what it will need, from the puzzle's size.

Every worker process is held to :data:`WORKER_MEMORY` by the system (see :mod:`dominosa.web.workers`): that limit
is what keeps one request from taking the machine, and a job that reaches it is answered 503. This module is the
polite half: before a job starts, its need is estimated from the board, and a job that could not fit is refused
with a 400 that names the limit, or (the fix's list of solutions) asked to do the same work in less room.

Only ``dominosa fix`` grows with more than the board. It lists the draft's solutions (up to
:data:`~dominosa.generator.fixing.DEFAULT_CAP`) and keeps each one, so the studio lists only as many as fit
(:func:`fix_solution_cap`); the fix stays correct past its list, only less sure to be the smallest. Its swap search
(``swaps``) also grows with the square of the board, whatever the count of solutions, so a large draft is refused
in that mode (:func:`too_large_to_fix`). The constants below are fitted to measurements of the pure-Python engine
(``bench/bench_job_memory.py``, its figures in bench/README.md), on the high side. The generator may later give
its own estimate of a fix; until then this one lives here.
"""

from __future__ import annotations

__all__ = [
    "WORKER_MEMORY",
    "JOB_MEMORY",
    "fix_memory",
    "fix_solution_cap",
    "too_large_to_fix",
]

MB = 1 << 20

WORKER_MEMORY = 512 * MB
"""The most data one worker process may hold (its ``RLIMIT_DATA``)."""

WORKER_OWN_MEMORY = 192 * MB
"""What a worker holds before its job: the engine, and once a picture was drawn, matplotlib and numpy."""

JOB_MEMORY = WORKER_MEMORY - WORKER_OWN_MEMORY
"""What one job may plan to use: the worker's limit less the worker's own share."""

# The solver's tables, per cell of the board (counting solutions, rating, the fix's start).
BYTES_PER_CELL = 6_000
# One solution the fix keeps in its list, per cell: the solution and the searches' sets of it.
BYTES_PER_LISTED_CELL = 100
# The swap search, per pair of cells (it grows with the square of the board).
BYTES_PER_CELL_PAIR = {"clues": 0, "swaps": 1_300}
# Fewest solutions a fix may list: fewer could not tell the draft's solutions apart.
MIN_LISTED = 2


def _fixed_bytes(cells: int, mode: str) -> int:
    return BYTES_PER_CELL * cells + BYTES_PER_CELL_PAIR[mode] * cells * cells


def fix_memory(cells: int, order: int, mode: str, listed: int) -> int:
    """Bytes a fix of a board of ``cells`` cells (numbers 0..``order``) needs while it lists up to ``listed``
    solutions; ``mode`` is "clues" or "swaps". The order is taken for a later, finer estimate: the tables
    measured so far follow the cells alone."""
    del order
    return _fixed_bytes(cells, mode) + BYTES_PER_LISTED_CELL * cells * listed


def fix_solution_cap(cells: int, order: int, mode: str, wanted: int) -> int:
    """The most solutions (at most ``wanted``) a fix of this board may list within :data:`JOB_MEMORY`; below
    :data:`MIN_LISTED` when even the board alone does not fit."""
    room = JOB_MEMORY - fix_memory(cells, order, mode, 0)
    return max(0, min(wanted, room // (BYTES_PER_LISTED_CELL * cells)))


def too_large_to_fix(cells: int, order: int, mode: str, wanted: int) -> str | None:
    """Why the studio will not fix this board (a line naming the limit), or None when it may."""
    if fix_solution_cap(cells, order, mode, wanted) >= MIN_LISTED:
        return None
    need = fix_memory(cells, order, mode, MIN_LISTED)
    how = " with swaps" if mode == "swaps" else ""
    return (
        f"fixing a board of {cells} cells{how} would need about {need / MB:.0f} MB, more than a studio job may use"
        f" ({JOB_MEMORY // MB} MB of a worker's {WORKER_MEMORY // MB} MB): use the command line (dominosa fix)"
    )
