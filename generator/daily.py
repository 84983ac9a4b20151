"""The puzzle of the day: one puzzle per date and grade, computed from the date alone, the same on every machine
and in every future version.

The promise is kept by a path of its own, frozen and versioned (:data:`DAILY_VERSION`), that uses nothing that
may change between Python or dominosa versions except facts:

- the randomness is SHA-256 of ``"dominosa-daily-v1|<date>|<grade>|<attempt>|<counter>"`` (never Python's
  ``random``, whose methods have changed between Python versions);
- a candidate is a random tiling of the grid (all dominoes laid flat, then 2x2 squares turned at random, a fixed
  number of times) with the full set of dominoes dealt onto it in a random order and way round;
- the first candidate with exactly one solution (a mathematical fact, counted by the exact-cover solver) and of
  the wanted grade is the puzzle; the order each grade uses is pinned in :data:`DAILY_ORDERS`.

The grade is the one thing the engine decides, so ``tests/test_generator_daily.py`` holds the puzzles of several
dates and grades: any change to the engine that would change a daily puzzle fails there, and has to bump
:data:`DAILY_VERSION` (keeping version 1 reachable) instead of silently changing yesterday's puzzles.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from dominosa.deductions import GRADES, count_solutions, rate
from dominosa.puzzle import Puzzle

__all__ = ["DAILY_VERSION", "DAILY_ORDERS", "DailyPuzzle", "daily_puzzle", "parse_date", "MAX_ATTEMPTS", "store_pick"]

DAILY_VERSION = 1
# The order each grade's daily puzzle has: big enough to be worth a day, small enough for a phone. Random deals
# reach these grades within a few hundred tries; extreme and fiendish ones are too rare for this path.
DAILY_ORDERS = {"trivial": 4, "basic": 5, "hard": 6}
DEFAULT_GRADE = "basic"
FLIPS_PER_CELL = 4  # random 2x2 turns per cell: enough to forget the flat start
MAX_ATTEMPTS = 5000  # candidates tried before giving up (no date and grade has come near it)


class _Stream:
    """Random whole numbers from SHA-256 in counter mode: the same on every machine and every Python."""

    def __init__(self, *parts: object) -> None:
        self.prefix = "|".join(str(p) for p in parts).encode("utf-8")
        self.counter = 0
        self.pool = b""

    def below(self, n: int) -> int:
        """A number in ``range(n)``, unbiased (rejection of the top of 32-bit draws)."""
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            if len(self.pool) < 4:
                self.pool += hashlib.sha256(self.prefix + b"|" + str(self.counter).encode()).digest()
                self.counter += 1
            value, self.pool = int.from_bytes(self.pool[:4], "big"), self.pool[4:]
            if value < limit:
                return value % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


@dataclass(frozen=True)
class DailyPuzzle:
    """A date's puzzle: the puzzle, its solution (pairs of cells), its grade and how it was made."""

    date: str
    grade: str
    puzzle: Puzzle
    solution: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    attempt: int
    version: int = DAILY_VERSION


def parse_date(text: str) -> datetime.date:
    """A date written YYYY-MM-DD; ValueError with a sentence otherwise."""
    try:
        return datetime.date.fromisoformat(text) if len(text) == 10 else _bad(text)
    except ValueError:
        _bad(text)
    raise AssertionError  # not reached


def _bad(text: str) -> datetime.date:
    raise ValueError(f"the date must be written YYYY-MM-DD, such as 2026-11-24, not {text!r}")


def _tiling(rows: int, cols: int, stream: _Stream) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """A random domino tiling of a rows x cols grid (one of them even): dominoes laid along the even side, then
    random 2x2 turns."""
    partner: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(rows):
        for c in range(cols):
            if cols % 2 == 0:
                partner[(r, c)] = (r, c + 1) if c % 2 == 0 else (r, c - 1)
            else:
                partner[(r, c)] = (r + 1, c) if r % 2 == 0 else (r - 1, c)
    for _ in range(FLIPS_PER_CELL * rows * cols):
        r, c = stream.below(rows - 1), stream.below(cols - 1)
        a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
        if partner[a] == b and partner[d] == e:  # two flat dominoes stacked: stand them up
            partner[a], partner[d], partner[b], partner[e] = d, a, e, b
        elif partner[a] == d and partner[b] == e:  # two upright side by side: lay them flat
            partner[a], partner[b], partner[d], partner[e] = b, a, e, d
    return sorted({tuple(sorted((cell, other))) for cell, other in partner.items()})  # type: ignore[misc]


def _candidate(order: int, stream: _Stream) -> tuple[Puzzle, list]:
    rows, cols = order + 1, order + 2
    places = _tiling(rows, cols, stream)
    dominoes = [(a, b) for a in range(order + 1) for b in range(a, order + 1)]
    stream.shuffle(dominoes)
    grid = [[0] * cols for _ in range(rows)]
    for (p, q), (a, b) in zip(places, dominoes, strict=True):
        if stream.below(2):
            a, b = b, a
        grid[p[0]][p[1]], grid[q[0]][q[1]] = a, b
    return Puzzle.from_grid(grid), places


def daily_puzzle(date: str, grade: str = DEFAULT_GRADE) -> DailyPuzzle:
    """The puzzle of ``date`` (YYYY-MM-DD) at ``grade``: the same for everyone, always (see the module)."""
    parse_date(date)
    if grade not in DAILY_ORDERS:
        raise ValueError(f"the daily grade must be one of {', '.join(DAILY_ORDERS)}, not {grade!r}")
    order = DAILY_ORDERS[grade]
    for attempt in range(MAX_ATTEMPTS):
        stream = _Stream(f"dominosa-daily-v{DAILY_VERSION}", date, grade, attempt)
        puzzle, places = _candidate(order, stream)
        if not count_solutions(puzzle, 2).unique:
            continue
        if rate(puzzle, with_path=False).grade.name != grade:
            continue
        return DailyPuzzle(date, grade, puzzle, tuple(places), attempt)  # type: ignore[arg-type]
    raise RuntimeError(f"no {grade} puzzle found for {date} in {MAX_ATTEMPTS} attempts")


def store_pick(date: str, grade: str, count: int) -> int:
    """Which of a store's ``count`` puzzles of ``grade`` (by id, from 0) is the day's: the date's hash names it, so
    the same store gives the same puzzle everywhere (the studio's /api/daily and ``dominosa site --store``)."""
    return int.from_bytes(hashlib.sha256(f"{date}|{grade}".encode()).digest()[:8], "big") % count


assert set(DAILY_ORDERS) <= set(GRADES)
