"""Why a grade is what it is: the deduction that first needs the grade's level, its technique and strength.

A puzzle's grade is the level of the hardest technique the step run (easiest deduction first) needs. The first
deduction of that level is the one that sets the grade: everything before it is easier. Where a technique's
strength decides its level (parity through a bridge at basic, through a cut cell at fiendish; forcing chains
judged by the dominoes they use at extreme, by the cells they cover at fiendish; see
:mod:`~dominosa.deductions.grades`), the strength is said too, with the cells the deduction looks at.
"""

from __future__ import annotations

from dataclasses import dataclass

from dominosa.deductions.grades import GRADES, TRIVIAL, Technique
from dominosa.deductions.grading import GradeResult
from dominosa.deductions.state import Deduction, names_of
from dominosa.deductions.tables import tables_for
from dominosa.puzzle import Puzzle

__all__ = ["GradeReason", "grade_reason"]


@dataclass(frozen=True)
class GradeReason:
    """The deduction that sets a grade, in words.

    Attributes
    ----------
    grade : the grade's name.
    technique : the technique's name ("set analysis").
    strength : how strong a form of it ("a group of 3 cells"), or "" where the technique has one form.
    cells : the names of the cells its reasoning looks at ("r2c3").
    sentence : the deduction's own sentence.
    """

    grade: str
    technique: str
    strength: str
    cells: tuple[str, ...]
    sentence: str

    def words(self) -> str:
        """'hard: needs set analysis (a group of 3 cells: r2c3, r4c1, r5c6)'; a trivial grade needs nothing past
        the two trivial techniques, and says so."""
        if self.grade == GRADES[TRIVIAL]:
            return f"{self.grade}: single neighbours and unique placements alone finish it"
        strength = f"{self.strength}: " if self.strength else ""
        where = f" ({strength}{_named(self.cells)})" if self.cells else (f" ({self.strength})" if strength else "")
        return f"{self.grade}: needs {self.technique}{where}"

    def to_dict(self) -> dict[str, object]:
        return {"grade": self.grade, "technique": self.technique, "strength": self.strength,
                "cells": list(self.cells), "sentence": self.sentence, "words": self.words()}


# On a big board one deduction can look at hundreds of cells (a short contradiction on a double-40 read 330): the
# one-line reason names the first few and counts the rest; `cells` keeps them all for whoever wants them.
NAMED_CELLS = 12


def _named(cells: tuple[str, ...]) -> str:
    """The cells' names, the first NAMED_CELLS of them and how many more."""
    if len(cells) <= NAMED_CELLS:
        return ", ".join(cells)
    return f"{', '.join(cells[:NAMED_CELLS])} and {len(cells) - NAMED_CELLS} more cells"


def grade_reason(puzzle: Puzzle, graded: GradeResult) -> GradeReason | None:
    """The deduction that sets a proper puzzle's grade, in words; None for a puzzle without one (not proper, or
    graded by its level alone, whose run keeps no deciding deduction) and for one its clues already solve.

    The grading run kept the deduction (``graded.decisive``, see :class:`~dominosa.deductions.grading.Tally`):
    this only words it, in the names of the puzzle's cells.
    """
    found = graded.decisive
    if graded.level is None or found is None:
        return None
    technique = Technique(found.rule)
    names = names_of(tables_for(puzzle)).cell
    return GradeReason(
        grade=GRADES[graded.level],
        technique=technique.label,
        strength=_strength(technique, found),
        cells=tuple(names[x] for x in found.cells),
        sentence=str(found.reason),
    )


def _strength(technique: Technique, found: Deduction) -> str:
    """How strong a form of its technique a deduction is, in words ("" where there is one form)."""
    k = len(found.cells)
    if technique in (Technique.SET_ANALYSIS, Technique.DOUBLES_SET_ANALYSIS):
        return f"a group of {k} cells showing one number"
    if technique in (Technique.FORCING_CHAIN, Technique.WIDE_FORCING_CHAIN):
        return f"a chain of {k} cells"
    if technique is Technique.LOCAL_DUPLICATE:
        return "a neighbour left with no partner" if k == 3 else "two neighbours left needing one domino"
    if technique is Technique.WIDE_LOCAL_DUPLICATE:
        return "two neighbours left needing one domino once the pair's own domino is used up"
    if technique is Technique.PARITY:
        return "a lone link between two even parts"
    if technique is Technique.CUT_PARITY:
        return "a lone link between two odd parts" if found.joins else "a cell cutting off an odd part"
    if technique is Technique.GUESS:
        return f"a refutation {found.effort} search steps deep"
    return ""
