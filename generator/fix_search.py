"""What the clue search and the swap search of ``dominosa fix`` share: the clock, the puzzle's solutions as
bitmasks of the pairs they use, and the helpers that turn a change found into a
:class:`~dominosa.generator.fixing.Fix` and keep the best one so far in the caller's
:class:`~dominosa.generator.fixing.FixProgress`.

The searches are :mod:`~dominosa.generator.fix_clues` and :mod:`~dominosa.generator.fix_swaps`; the driver that
picks one is :func:`dominosa.generator.fixing.fix`.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Any

from dominosa.deductions.grades import GRADES
from dominosa.deductions.grading import PROPER, GradeResult, grade
from dominosa.generator.hitting import bits
from dominosa.generator.swaps import cells_mask
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

if TYPE_CHECKING:  # the result types live with the driver, which imports this module
    from dominosa.generator.fixing import Fix, FixProgress

__all__ = ["Clock", "FixSearch", "replaced", "finish", "grade_proper", "pair_mask", "closeness"]


class Clock:
    """The deadline of one fix: ``left`` is what a count may still spend, ``over`` whether the time is up."""

    def __init__(self, timeout: float | None) -> None:
        self.deadline = None if timeout is None else time.monotonic() + timeout

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.001, self.deadline - time.monotonic())

    def over(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline


def replaced(fix_: Fix, **changes: Any) -> Fix:
    """A copy of a fix with some fields changed (fixes are shared as the best so far, never changed)."""
    return dataclasses.replace(fix_, **changes)


def finish(progress: FixProgress, result: Fix, **changes: Any) -> Fix:
    """The search's answer (with ``changes``), also left as the best so far for a caller that stops waiting."""
    result = replaced(result, **changes) if changes else result
    progress.best = result
    return result


def grade_proper(puzzle: Puzzle) -> GradeResult:
    """The grade of a puzzle already counted unique (so the grader does not count it again)."""
    return grade(puzzle, verdict=PROPER)


def pair_mask(puzzle: Puzzle, solution: Solution) -> int:
    """A solution as the bitmask of the board's pairs its dominoes lie on."""
    mask = 0
    for q in solution.pairs(puzzle.board):
        mask |= 1 << q
    return mask


def closeness(level: int | None, target: int | None) -> tuple[int, int]:
    """Sort key of a fixed puzzle's level: nearest the target (harder first on a tie), or hardest."""
    lv = -1 if level is None else level
    if target is None:
        return (0, -lv)
    return (abs(lv - target), -lv)


class FixSearch:
    """One fix's search: the puzzle, its solutions as pair bitmasks, the target and the clock. The clue search
    and the swap search extend it."""

    def __init__(
        self,
        puzzle: Puzzle,
        found: list[Solution],
        complete: bool,
        target: int | None,
        keep: int | None,
        clock: Clock,
        progress: FixProgress,
        base: Fix,
    ) -> None:
        self.puzzle = puzzle
        self.found = found
        self.complete = complete
        self.target = target
        self.keep = keep
        self.clock = clock
        self.progress = progress
        self.base = base
        self.masks = [pair_mask(puzzle, s) for s in found]
        self.clue_mask = 0
        for q in puzzle.clue_pairs:
            self.clue_mask |= 1 << q
        self.clue_cells = cells_mask([x for q in puzzle.clue_pairs for x in puzzle.board.pairs[q]])

    def _containing(self) -> dict[int, int]:
        """For each pair some solution uses, the solutions that use it, as a bitmask over the solutions."""
        where: dict[int, int] = {}
        for j, mask in enumerate(self.masks):
            for q in bits(mask & ~self.clue_mask):
                where[q] = where.get(q, 0) | 1 << j
        return where

    def _promising_kept(self, how_many: int) -> list[int]:
        """The solutions whose greedy clue sets are smallest: each clue in turn the one of the kept solution that
        the fewest of the solutions still left use."""
        where = self._containing()
        sizes = []
        everyone = (1 << len(self.masks)) - 1
        for k, mask in enumerate(self.masks):
            left, size = everyone, 0
            options = [where[q] for q in bits(mask & ~self.clue_mask)]
            while left != 1 << k and options:
                narrowest = min(options, key=lambda w: (left & w).bit_count())
                left &= narrowest
                size += 1
            sizes.append((size, k))
            if self.clock.over():
                break
        return [k for _, k in sorted(sizes)[:how_many]]

    def _grade_note(self, graded: GradeResult) -> str | None:
        if self.target is None or graded.level == self.target:
            return None
        return f"no smallest clue set gives a {GRADES[self.target]} puzzle; the nearest gives {graded.name}"
