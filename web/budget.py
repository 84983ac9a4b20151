"""How much memory a studio job may take, and how a fix is held to it.

Every worker process is held to :data:`WORKER_MEMORY` by the system (see :mod:`dominosa.web.workers`): that limit
is what keeps one request from taking the machine, and a job that reaches it is answered 503. This module is the
polite half: before a fix starts, its need is weighed against a job's share of the worker, :data:`JOB_MEMORY`,
and a fix that could not fit is refused with a 400 that names the limit, or asked to do the same work in less
room.

Only ``dominosa fix`` grows with more than the board. What it needs is the generator's own estimate
(:func:`~dominosa.generator.fix_memory.fix_memory_estimate`: the engine, the solutions listed, the swap search's
candidate moves); this module only decides how much of that a job may have. A fix that fits as the command would
run it runs so; one that does not lists fewer solutions
(:func:`~dominosa.generator.fix_memory.listing_cap` with what is left of the share) and, with swaps, holds its
candidate moves to part of the share (the cheapest are kept). The fix stays correct either way, only less sure to
be the smallest. A board whose engine alone leaves no room for two solutions is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from dominosa.generator.fix_memory import (
    engine_bytes,
    fix_memory_estimate,
    listing_cap,
    moves_bytes,
    solution_bytes,
)
from dominosa.generator.fix_result import DEFAULT_CAP
from dominosa.puzzle import Puzzle

__all__ = ["WORKER_MEMORY", "JOB_MEMORY", "FixAllowance", "fix_allowance", "too_large_to_fix"]

MB = 1 << 20

WORKER_MEMORY = 512 * MB
"""The most data one worker process may hold (its ``RLIMIT_DATA``)."""

WORKER_OWN_MEMORY = 192 * MB
"""What a worker holds before its job: the engine, and once a picture was drawn, matplotlib and numpy."""

JOB_MEMORY = WORKER_MEMORY - WORKER_OWN_MEMORY
"""What one job may plan to use: the worker's limit less the worker's own share."""


@dataclass(frozen=True)
class FixAllowance:
    """How a studio fix is run: the ``cap`` and ``moves_budget`` to hand to
    :func:`~dominosa.generator.fixing.fix`, and the bytes the fix may then take (``need``, the generator's
    estimate). ``fits`` is False when even the smallest listing passes the job's share."""

    cap: int
    moves_budget: int | None
    need: int

    @property
    def fits(self) -> bool:
        return self.need <= JOB_MEMORY


def fix_allowance(puzzle: Puzzle, *, swaps: bool) -> FixAllowance:
    """The largest fix of ``puzzle`` a job's share holds: as the command runs it when that fits; else the swap
    moves held to what the solutions leave (they keep at least half the room, when they want it), and the
    solutions listed capped to the rest."""
    whole = fix_memory_estimate(puzzle, swaps=swaps, cap=DEFAULT_CAP)
    if whole <= JOB_MEMORY:
        return FixAllowance(DEFAULT_CAP, None, whole)
    room = JOB_MEMORY - engine_bytes(puzzle)
    moves_budget = None
    if swaps:
        wanted = listing_cap(puzzle, DEFAULT_CAP) * solution_bytes(puzzle)
        moves_budget = max(0, min(moves_bytes(puzzle), room - min(wanted, room // 2)))
    cap = listing_cap(puzzle, DEFAULT_CAP, budget=max(0, room - (moves_budget or 0)))
    return FixAllowance(cap, moves_budget, fix_memory_estimate(puzzle, swaps=swaps, cap=cap, moves_budget=moves_budget))


def too_large_to_fix(allowance: FixAllowance, puzzle: Puzzle, *, swaps: bool) -> str | None:
    """Why the studio will not fix this board (a line naming the limit), or None when ``allowance`` fits."""
    if allowance.fits:
        return None
    how = " with swaps" if swaps else ""
    return (
        f"fixing a board of {len(puzzle.board.cells)} cells{how} would need about {allowance.need / MB:.0f} MB,"
        f" more than a studio job may use ({JOB_MEMORY // MB} MB of a worker's {WORKER_MEMORY // MB} MB):"
        " use the command line (dominosa fix)"
    )
