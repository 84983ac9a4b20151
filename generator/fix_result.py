"""What ``dominosa fix`` gives back: the fix found (:class:`Fix`) and the best one so far (:class:`FixProgress`).

They sit below the driver (:mod:`~dominosa.generator.fixing`) and the searches it picks
(:mod:`~dominosa.generator.fix_clues`, :mod:`~dominosa.generator.fix_swaps`, what they share in
:mod:`~dominosa.generator.fix_search`), so that every one of them builds and returns a :class:`Fix` with imports
that point one way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dominosa.board import Cell
from dominosa.deductions import GradeResult
from dominosa.puzzle import Placement, Puzzle
from dominosa.solution import Solution

__all__ = ["Fix", "FixProgress", "DEFAULT_CAP"]

DEFAULT_CAP = 10_000
"""Solutions enumerated before the count is given as "more than" and the clue search goes implicit (fewer on a
board where that many would not fit the memory budget of :mod:`~dominosa.generator.fix_memory`)."""


@dataclass
class Fix:
    """What :func:`fix` found.

    Attributes
    ----------
    verdict : the puzzle's verdict before the fix: proper, ambiguous, no solution, or undecided.
    solutions : how many solutions it has (``complete`` False: at least that many, the cap or the time ran out).
    kept : which solution the fix keeps (1-based, in the order ``dominosa solve --all`` lists them), or None.
    clues : the clues to add, as placements (pairs of cells).
    swaps : the swaps to make, in order, as pairs of cells; ``swapped`` the two numbers each exchanges.
    minimal : whether no smaller fix exists (of the kind asked for; for swaps, among swaps that keep the kept
        solution's domino set whole), over every solution as the one to keep (or the one ``keep`` names).
    kept_minimal : whether no smaller fix keeps the same solution (true whenever ``minimal`` is; without
        ``keep``, a grid with too many solutions to try each as the one kept may be proved only this far).
    lower_bound : the fewest clues or swaps any fix keeping that solution needs, as proved; when it reaches the
        fix's size, the fix is proved (``kept_minimal``).
    puzzle : the puzzle after the fix (with every clue, old and new).
    solution : its solution, when the fix makes it proper.
    graded : the fixed puzzle's grade, when proper.
    stopped : the time ran out or the work was interrupted before the search finished (the best found so far).
    note : a sentence on anything the fix could not do as asked.
    """

    verdict: str
    solutions: int
    complete: bool
    puzzle: Puzzle
    kept: int | None = None
    clues: tuple[Placement, ...] = ()
    swaps: tuple[tuple[Cell, Cell], ...] = ()
    swapped: tuple[tuple[int, int], ...] = ()
    minimal: bool = False
    kept_minimal: bool = False
    lower_bound: int = 0
    solution: Solution | None = None
    graded: GradeResult | None = None
    stopped: bool = False
    note: str | None = None

    @property
    def proper(self) -> bool:
        """Whether the fixed puzzle has exactly one solution."""
        return self.solution is not None

    @property
    def grade(self) -> str | None:
        return self.graded.name if self.graded is not None else None

    @property
    def level(self) -> int | None:
        return self.graded.level if self.graded is not None else None

    @property
    def cells_changed(self) -> tuple[Cell, ...]:
        """The cells whose numbers the swaps change, in reading order."""
        return tuple(sorted({c for pair in self.swaps for c in pair}))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form ``dominosa fix --format json`` prints (without the puzzle's own keys)."""
        numbers = {cell: v for cell, v in zip(self.puzzle.board.cells, self.puzzle.numbers, strict=True)}
        return {
            "verdict": self.verdict,
            "solutions": self.solutions,
            "complete": self.complete,
            "kept": self.kept,
            "unique": self.proper,
            "clues": [{"domino": sorted([numbers[a], numbers[b]]), "cells": [list(a), list(b)]} for a, b in self.clues],
            "swaps": [
                {"cells": [list(a), list(b)], "numbers": list(pair)}
                for (a, b), pair in zip(self.swaps, self.swapped, strict=True)
            ],
            "minimal": self.minimal,
            "kept_minimal": self.kept_minimal,
            "lower_bound": self.lower_bound,
            "grade": self.grade,
            "level": self.level,
            "stopped": self.stopped,
            "note": self.note,
        }


@dataclass
class FixProgress:
    """The best fix found so far, kept up to date while :func:`fix` works, so that a caller interrupted (Ctrl-C,
    a time limit of its own) still has an answer."""

    best: Fix | None = None
