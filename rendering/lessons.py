"""What a book teaches, found by the engine in the book's own puzzles: a position for each technique, and hints.

The solving-techniques chapter shows, for each technique the book's puzzles need, a real position where it
fires. The positions are not drawn by hand: the puzzles are solved step by step as a person would (the driver
loop of :mod:`dominosa.deductions.driver`: easiest technique first, the bookkeeping drawn as it comes), in book
order, and the first deduction of each technique met is kept with the position just before it. So the chapter
names the techniques as ``dominosa rate`` names them, quotes the engine's own sentence, and takes them in the
order a reader of the book meets them.

A hint is each puzzle's first *hard step*: the first deduction that needs the technique its grade is named
for (for a hard puzzle, the first set analysis), or, for an ungraded puzzle, the first beyond the trivial
techniques (its first step when it has none); where it is (the pair it decides) and which technique it takes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from dominosa.board import Cell, cell_name
from dominosa.deductions.driver import stepping
from dominosa.deductions.grades import GRADES, TECHNIQUES, Technique
from dominosa.deductions.state import Contradiction, Deduction, SolvingState
from dominosa.deductions.techniques import FINDERS
from dominosa.puzzle import Placement, Puzzle
from dominosa.rendering.i18n import N_

__all__ = ["Lesson", "Hint", "find_lessons", "first_hard_step", "steps"]


@dataclass(frozen=True)
class Lesson:
    """A technique at work: the puzzle (its number in the book), the position before the step (joined and split
    pairs), the cells the reasoning looks at, the pairs it decides, and the engine's sentence."""

    technique: Technique
    number: int
    puzzle: Puzzle
    joined: tuple[Placement, ...]
    split: tuple[Placement, ...]
    cells: tuple[Cell, ...]
    decided: tuple[Placement, ...]
    sentence: str


@dataclass(frozen=True)
class Hint:
    """Where a puzzle's first hard step is (the pair it decides) and which technique it takes."""

    number: int
    technique: Technique
    where: str


def steps(puzzle: Puzzle) -> Iterable[tuple[SolvingState, Deduction]]:
    """The puzzle solved step by step, easiest technique first: each deduction with the position before it
    (the same state object, changed once the caller moves on). Stops when solved, stuck or contradicted."""
    state = SolvingState(puzzle)
    try:
        for found in stepping(state, ([FINDERS[t] for t in TECHNIQUES],), applied=False):
            yield state, found
    except Contradiction:
        return


def _taught(technique: Technique) -> bool:
    """Techniques a chapter teaches: not the bookkeeping, which the how-to page covers, nor trial and error."""
    return not technique.bookkeeping and technique is not Technique.GUESS


def find_lessons(numbered: Sequence[tuple[int, Puzzle]], shows: Callable[[Lesson], bool] | None = None) -> list[Lesson]:
    """For each technique the puzzles need (``(number, puzzle)`` in book order), the first position where it
    fires, in the order met. Walking stops once every technique has been met.

    ``shows`` says whether a page can show a lesson legibly (a big board's figure is a window onto it, which
    holds only cells lying close together): a position it refuses gives way to the next one of that technique
    that it takes, in any puzzle of the book; only where the book has none is the first position kept."""
    wanted = {t for t in TECHNIQUES if _taught(t)}
    found: dict[Technique, tuple[int, Lesson]] = {}  # with when it was met, so the chapter keeps that order
    fallback: dict[Technique, tuple[int, Lesson]] = {}
    met = 0
    for number, puzzle in numbered:
        board = puzzle.board
        for state, step in steps(puzzle):
            technique = Technique(step.rule)
            if technique in found or not _taught(technique):
                continue
            met += 1
            lesson = Lesson(
                technique,
                number,
                puzzle,
                tuple(board.pair_cells(q) for q in state.joined_pairs()),
                tuple(board.pair_cells(q) for q in state.split_pairs()),
                tuple(board.cells[x] for x in step.cells),
                tuple(board.pair_cells(q) for q in (*step.joins, *step.splits)),
                step.reason,
            )
            if shows is None or shows(lesson):
                found[technique] = (met, lesson)
            else:
                fallback.setdefault(technique, (met, lesson))
        if set(found) >= wanted:
            break
    chosen = {**fallback, **found}
    return [lesson for _, lesson in sorted(chosen.values(), key=lambda item: item[0])]


def first_hard_step(number: int, puzzle: Puzzle, grade: str | None) -> Hint | None:
    """The puzzle's first hard step (see the module's docstring); for a puzzle with none (an ungraded one that
    the trivial techniques solve), its first step; None only for a puzzle with no step at all."""
    level = GRADES.index(grade) if grade in GRADES else None
    board = puzzle.board
    first: Hint | None = None
    for _, step in steps(puzzle):
        technique = Technique(step.rule)
        if not _taught(technique):
            continue
        decided = (*step.joins, *step.splits)
        where = _where(board, decided, step.cells)
        hint = Hint(number, technique, where)
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
