"""What a book teaches, found by the engine: a position for each technique its puzzles need, and hints.

The solving-techniques chapter shows, for each technique the book's puzzles need (:func:`techniques_needed`),
a real position where it fires. The positions are not drawn by hand: puzzles are solved step by step as a person
would (the driver loop of :mod:`dominosa.deductions.driver`: easiest technique first, the bookkeeping drawn as
it comes), and the first deduction of each technique is kept with the position just before it. So the chapter
names the techniques as ``dominosa rate`` names them and quotes the engine's own sentence.

The positions come from *examples*: puzzles made for the chapter and printed nowhere else in the book (the
``book`` command makes them from the book's seed), so no lesson shows a puzzle of the book partly solved.
Only a caller that gives none gets positions from the book's own puzzles. Either way the chapter takes the
techniques easiest first, in the order of the engine's grade table (:data:`~dominosa.deductions.grades.TECHNIQUES`),
whatever order they were met in. A lesson keeps the pairs its step places apart from those it rules out, so a
figure can draw the two differently.

A hint is each puzzle's first *hard step*: the first deduction that needs the technique its grade is named
for (for a hard puzzle, the first set analysis), or, for an ungraded puzzle, the first beyond the trivial
techniques (its first step when it has none); where it is (the pair it decides) and which technique it takes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dominosa.board import Cell, cell_name
from dominosa.deductions import GRADES, TECHNIQUES, Contradiction, Deduction, SolvingState, Technique, iter_deductions
from dominosa.puzzle import Placement, Puzzle
from dominosa.rendering.i18n import N_

__all__ = ["Lesson", "HardStep", "find_lessons", "techniques_needed", "techniques_met", "first_hard_step"]


@dataclass(frozen=True)
class Lesson:
    """A technique at work: the puzzle (its number in the book, None for an example made for the chapter), the
    position before the step (joined and split pairs), the cells the reasoning looks at, the pairs it places
    and those it rules out, and the engine's sentence."""

    technique: Technique
    number: int | None
    puzzle: Puzzle
    joined: tuple[Placement, ...]
    split: tuple[Placement, ...]
    cells: tuple[Cell, ...]
    placed: tuple[Placement, ...]
    ruled_out: tuple[Placement, ...]
    sentence: str

    @property
    def decided(self) -> tuple[Placement, ...]:
        """Every pair the step decides, placed or ruled out."""
        return (*self.placed, *self.ruled_out)


@dataclass(frozen=True)
class HardStep:
    """Where a puzzle's first hard step is (the pair it decides) and which technique it takes: what the book's
    hints page prints for a puzzle. Not the engine's :class:`~dominosa.deductions.positions.Hint` (the next
    deduction from a player's position, with the position it applies to)."""

    number: int
    technique: Technique
    where: str


def _steps_with_positions(puzzle: Puzzle) -> Iterable[tuple[SolvingState, Deduction]]:
    """The puzzle solved step by step, easiest technique first: each deduction with the position before it
    (the same state object, changed once the caller moves on). Stops when solved, stuck or contradicted."""
    state = SolvingState(puzzle)
    try:
        for found in iter_deductions(state, applied=False):
            yield state, found
    except Contradiction:
        return


def _taught(technique: Technique) -> bool:
    """Techniques a chapter teaches: not the bookkeeping, which the how-to page covers, nor trial and error."""
    return not technique.bookkeeping and technique is not Technique.GUESS


@lru_cache(maxsize=256)
def techniques_met(puzzle: Puzzle) -> frozenset[Technique]:
    """The techniques a chapter would teach that solving ``puzzle`` step by step uses (remembered: the command
    asks it to choose the chapter's examples, and the book again when it lays the chapter out)."""
    return frozenset(t for _, step in _steps_with_positions(puzzle) if _taught(t := Technique(step.rule)))


def techniques_needed(puzzles: Iterable[Puzzle]) -> set[Technique]:
    """The techniques a chapter should teach for these puzzles: every one their step-by-step solving uses."""
    needed: set[Technique] = set()
    for puzzle in puzzles:
        needed |= techniques_met(puzzle)
    return needed


def find_lessons(
    numbered: Sequence[tuple[int | None, Puzzle]],
    shows: Callable[[Lesson], bool] | None = None,
    wanted: Iterable[Technique] | None = None,
) -> list[Lesson]:
    """For each technique of ``wanted`` (default: every one the puzzles meet), the first position where it fires
    in ``numbered`` (``(number, puzzle)``: the number a lesson quotes, None for a chapter's own example), easiest
    technique first (the grade table's order). Walking stops once every wanted technique has been met.

    ``shows`` says whether a page can show a lesson legibly (a big board's figure is a window onto it, which
    holds only cells lying close together): a position it refuses gives way to the next one of that technique
    that it takes, in any of the puzzles; only where there is none is the first position kept."""
    wanted = {t for t in (TECHNIQUES if wanted is None else wanted) if _taught(t)}
    found: dict[Technique, Lesson] = {}
    fallback: dict[Technique, Lesson] = {}
    for number, puzzle in numbered:
        board = puzzle.board
        for state, step in _steps_with_positions(puzzle):
            technique = Technique(step.rule)
            if technique in found or technique not in wanted:
                continue
            lesson = Lesson(
                technique,
                number,
                puzzle,
                tuple(board.pair_cells(q) for q in state.joined_pairs()),
                tuple(board.pair_cells(q) for q in state.split_pairs()),
                tuple(board.cells[x] for x in step.cells),
                tuple(board.pair_cells(q) for q in step.joins),
                tuple(board.pair_cells(q) for q in step.splits),
                step.reason,
            )
            if shows is None or shows(lesson):
                found[technique] = lesson
            else:
                fallback.setdefault(technique, lesson)
        if set(found) >= wanted:
            break
    chosen = {**fallback, **found}
    return [chosen[t] for t in TECHNIQUES if t in chosen]


def first_hard_step(number: int, puzzle: Puzzle, grade: str | None) -> HardStep | None:
    """The puzzle's first hard step (see the module's docstring); for a puzzle with none (an ungraded one that
    the trivial techniques solve), its first step; None only for a puzzle with no step at all."""
    level = GRADES.index(grade) if grade in GRADES else None
    board = puzzle.board
    first: HardStep | None = None
    for _, step in _steps_with_positions(puzzle):
        technique = Technique(step.rule)
        if not _taught(technique):
            continue
        decided = (*step.joins, *step.splits)
        where = _where(board, decided, step.cells)
        hint = HardStep(number, technique, where)
        if level is None and technique.level > 0 or level is not None and technique.level >= level:
            return hint
        first = first or hint
    return first


def _where(board, pairs: Sequence[int], cells: Sequence[int]) -> str:
    """A pair the step decides, as ``r4c7-r5c7``; the first cell it looks at when it decides none."""
    if pairs:
        a, b = board.pair_cells(pairs[0])
        return f"{cell_name(a)}-{cell_name(b)}"
    return cell_name(board.cells[cells[0]]) if cells else N_("anywhere")
