"""What the clue search and the swap search of ``dominosa fix`` share: the clock, the puzzle's solutions as
bitmasks of the pairs they use, and the helpers that turn a change found into a
:class:`~dominosa.generator.fix_result.Fix` and keep the best one so far in the caller's
:class:`~dominosa.generator.fix_result.FixProgress`.

The searches are :mod:`~dominosa.generator.fix_clues` and :mod:`~dominosa.generator.fix_swaps`; the driver that
picks one is :func:`dominosa.generator.fixing.fix`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from typing import Any

from dominosa.deductions import GRADES, PROPER, GradeResult, grade, solutions
from dominosa.generator.fix_result import Fix, FixProgress
from dominosa.generator.hitting import bits
from dominosa.generator.layouts import board_squares, trivial_square_indices
from dominosa.generator.swaps import cells_mask
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "Clock",
    "FixSearch",
    "Listed",
    "replaced",
    "finish",
    "grade_proper",
    "pair_mask",
    "closeness",
    "article",
    "proved_by_bound",
    "trivial_families",
]


class Clock:
    """The deadline of one fix: ``left`` is what a count may still spend, ``over`` whether the time is up."""

    def __init__(self, timeout: float | None) -> None:
        self.deadline = None if timeout is None else time.monotonic() + timeout

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.001, self.deadline - time.monotonic())

    def over(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def share(self, fraction: float) -> float | None:
        """The ``time.monotonic()`` by which a phase given ``fraction`` of the time left should end."""
        left = self.left()
        return None if left is None else time.monotonic() + fraction * left


class Listed:
    """The solutions of a puzzle listed so far, as pair bitmasks, and whether they are all of them. The listing
    goes on where it stopped (:meth:`extend`), so a search can answer from a first batch and list the rest
    after."""

    def __init__(self, puzzle: Puzzle, clock: Clock) -> None:
        self.puzzle = puzzle
        self.clock = clock
        self.masks: list[int] = []
        self.complete = False
        self._rest: Iterator[Solution] | None = solutions(puzzle, timeout=clock.left())

    def extend(self, most: int, *, share: float = 1.0, at_least: int = 2) -> None:
        """List on, up to ``most`` in all, each solution kept only as its pair bitmask (a :class:`Solution` is
        hundreds of times bigger, and thousands of them do not fit in memory on a big board). The listing
        stops at ``share`` of the time left once ``at_least`` are listed (two are enough for a verdict; the
        searches learn the rest as they need it)."""
        soft = self.clock.share(share)
        try:
            while self._rest is not None and len(self.masks) < most:
                if soft is not None and len(self.masks) >= at_least and time.monotonic() > soft:
                    return
                solution = next(self._rest, None)
                if solution is None:
                    self._rest, self.complete = None, True
                    return
                self.masks.append(pair_mask(self.puzzle, solution))
        except TimeoutError:
            self._rest = None  # out of time: the listing cannot go on

    @property
    def more_to_list(self) -> bool:
        return self._rest is not None


def replaced(fix_: Fix, **changes: Any) -> Fix:
    """A copy of a fix with some fields changed (fixes are shared as the best so far, never changed)."""
    return dataclasses.replace(fix_, **changes)


def finish(progress: FixProgress, result: Fix, **changes: Any) -> Fix:
    """The search's answer (with ``changes``), also left as the best so far for a caller that stops waiting."""
    result = proved_by_bound(replaced(result, **changes) if changes else result)
    progress.best = result
    return result


def proved_by_bound(result: Fix) -> Fix:
    """A fix whose size meets its proved lower bound is proved the fewest (for the solution it keeps), and a
    proved one has its own size as the bound: the two never disagree."""
    if result.minimal and not result.kept_minimal:
        result = replaced(result, kept_minimal=True)
    size = len(result.clues) or len(result.swaps)
    if not result.proper or not size:
        return result
    if result.lower_bound >= size and not result.kept_minimal:
        return replaced(result, kept_minimal=True, lower_bound=size)
    if result.kept_minimal and result.lower_bound != size:
        return replaced(result, lower_bound=size)
    return result


def article(word: str) -> str:
    """The word with its indefinite article: "a hard", "an extreme"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def grade_proper(puzzle: Puzzle, *, uses: bool = False) -> GradeResult:
    """The grade of a puzzle already counted unique (so the grader does not count it again): by closures in bulk,
    the level alone, unless the techniques' ``uses`` are wanted (the grade search's fitness reads them)."""
    return grade(puzzle, verdict=PROPER, level_only=not uses)


def pair_mask(puzzle: Puzzle, solution: Solution) -> int:
    """A solution as the bitmask of the board's pairs its dominoes lie on (built as bytes: on a big board, one
    big-integer operation per domino would cost more than the count that found the solution)."""
    board = puzzle.board
    index, pair_index = board.index, board.pair_index
    flags = bytearray(len(board.pairs) // 8 + 1)
    for a, b in solution.placements:
        i, j = index[a], index[b]
        q = pair_index[(i, j) if i < j else (j, i)]
        flags[q >> 3] |= 1 << (q & 7)
    return int.from_bytes(flags, "little")


def trivial_families(puzzle: Puzzle, kept: int) -> list[int]:
    """The other solutions the kept one's trivially ambiguous 2x2 squares give, each as the two dominoes of
    the kept solution it lacks: two parallel dominoes whose square, turned a quarter round, shows the same two
    dominoes. They are known without counting; a raw draft has dozens."""
    board = puzzle.board
    partner = list(range(len(board.cells)))
    for q in bits(kept):
        a, b = board.pairs[q]
        partner[a], partner[b] = b, a
    clue_cells = {x for q in puzzle.clue_pairs for x in board.pairs[q]}
    numbers = list(puzzle.numbers)
    squares, _ = board_squares(board)
    pair_index = board.pair_index
    out = []
    for s in trivial_square_indices(squares, range(len(squares)), partner, numbers):
        if clue_cells.intersection(squares[s]):
            continue
        mask = 0
        for x in squares[s]:
            y = partner[x]
            if x < y:
                mask |= 1 << pair_index[(x, y)]
        out.append(mask)
    return out


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
        listed: Listed,
        most: int,
        target: int | None,
        keep: int | None,
        clock: Clock,
        progress: FixProgress,
        base: Fix,
    ) -> None:
        self.puzzle = puzzle
        self.listed = listed
        self.most = most
        self.masks = listed.masks  # the same list, which list_more extends
        self.complete = listed.complete
        self.target = target
        self.keep = keep
        self.clock = clock
        self.progress = progress
        self.base = base
        self.clue_mask = 0
        for q in puzzle.clue_pairs:
            self.clue_mask |= 1 << q
        self.clue_cells = cells_mask([x for q in puzzle.clue_pairs for x in puzzle.board.pairs[q]])

    def list_more(self) -> None:
        """List the solutions on from the first batch, up to the cap (a share of the time left), once a first
        answer is given: the exact searches need them all."""
        if self.listed.more_to_list and len(self.masks) < self.most:
            self.listed.extend(self.most, share=0.3)
            self.complete = self.listed.complete
            counts = {"solutions": len(self.masks), "complete": self.complete}
            self.base = replaced(self.base, **counts)
            if self.progress.best is not None:  # the answer so far says what is now known of the count
                self.progress.best = replaced(self.progress.best, **counts)

    def solution_of(self, k: int) -> Solution:
        """The ``k``-th solution listed (0-based), as a :class:`Solution`."""
        return Solution.from_pairs(self.puzzle.board, bits(self.masks[k]))

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
        return f"no smallest clue set gives {article(GRADES[self.target])} puzzle; the nearest gives {graded.name}"
