"""The book's plan: every page as a job, in order, and where each section and chapter starts.

The plan decides what each page holds (front matter, the chapters, puzzles and solutions at the grid
:mod:`dominosa.rendering.book_fit` chooses, blanks and notes) before anything is drawn, so the contents can name
page numbers and the gutter can be chosen from the final page count.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dominosa.rendering.book_fit import fit_grid, fit_ticked, legible_fit, no_room, too_many_puzzles, too_many_solutions
from dominosa.rendering.book_front import howto_parts
from dominosa.rendering.book_hints import hint_pages
from dominosa.rendering.book_page import caption_height, content_box
from dominosa.rendering.book_sections import BookError
from dominosa.rendering.book_techniques import lesson_pages, lessons_intro
from dominosa.rendering.style import Style

if TYPE_CHECKING:
    from dominosa.rendering.lessons import HardStep, Lesson

CHECKLIST_MAX_ORDER = 9  # a tick-off triangle comes with each puzzle up to double-9 sets


@dataclass
class Plan:
    """The book's pages as jobs in order (each names its kind of page and holds what goes on it), the page each
    section and chapter starts on, and the first page of solutions."""

    jobs: list[tuple]
    section_pages: list[tuple[str, int]]
    solutions_page: int
    chapter_pages: list[tuple[str, int]] = dataclasses.field(default_factory=list)

    @property
    def pages(self) -> int:
        return len(self.jobs)


@dataclass(frozen=True)
class Extras:
    """What the book teaches besides the puzzles: the techniques chapter's lessons and the hints."""

    lessons: list[Lesson]
    hints: list[HardStep]
    style: Style


def plan_jobs(
    numbered,
    solved,
    trim,
    gutter,
    kind,
    per_page,
    solutions_per_page,
    min_pages=0,
    *,
    asked=True,
    tick=True,
    extras: Extras | None = None,
) -> Plan:
    """The page jobs in order, and where each section starts, for this gutter. A ``per_page`` the user did not
    ask for (``asked`` False) drops to the most that keep numbers legible; one asked for is refused instead."""
    width, height = content_box(trim, gutter, kind)
    howto = [("howto", *part) for part in howto_parts(trim, gutter, kind)]
    jobs: list[tuple] = [("title",), ("copyright",), ("contents",), *howto]
    chapters: list[tuple[str, int]] = []
    if extras is not None and extras.lessons:
        chapters.append(("Solving techniques", len(jobs) + 1))
        for k, blocks in enumerate(lesson_pages(extras.lessons, width, height, kind, extras.style)):
            jobs.append(("lessons", blocks, lessons_intro(extras.lessons) if k == 0 else None))
    starts = []
    for name, items in numbered:
        caption = caption_height(kind)
        fit = legible_fit([d for _, _, d in items], width, height, caption, kind, kind.min_cell)
        if not fit.most:
            raise BookError(no_room([e.puzzle for _, e, _ in items], trim, gutter, kind, per_page if asked else 1))
        items = [(n, entry, drawn) for (n, entry, _), drawn in zip(items, fit.diagrams, strict=True)]
        orders = {entry.puzzle.order for _, entry, _ in items if entry.puzzle.is_full_set}
        full = all(entry.puzzle.is_full_set for _, entry, _ in items)
        ticks = max(orders) if tick and full and orders and max(orders) <= CHECKLIST_MAX_ORDER else None
        count = per_page if asked else min(fit.most, per_page)
        grid = fit_ticked(count, width, height, fit.dims, caption, kind, ticks, fit.floor)
        if grid.cell < fit.floor - 1e-9:
            raise BookError(too_many_puzzles(per_page, grid.cell, fit, trim))
        grid = dataclasses.replace(grid, dims=fit.dims)  # one grid for the section's boards, page after page
        starts.append((name, len(jobs) + 1))
        for k in range(0, len(items), count):
            jobs.append(("puzzles", name, items[k : k + count], grid))
    caption = kind.label * 1.5
    fit = legible_fit([d for _, d in solved], width, height, caption, kind, kind.min_solution_cell)
    if not fit.most:
        raise BookError(no_room([e.puzzle for _, items in numbered for _, e, _ in items], trim, gutter, kind, 1))
    solved = [(n, drawn) for (n, _), drawn in zip(solved, fit.diagrams, strict=True)]
    if solutions_per_page is None:
        solutions_per_page = fit.most
    grid = fit_grid(solutions_per_page, width, height, fit.dims, caption, kind)
    if grid.cell < fit.floor - 1e-9:
        raise BookError(too_many_solutions(solutions_per_page, grid.cell, fit))
    if extras is not None and extras.hints:
        chapters.append(("Hints", len(jobs) + 1))
        for k, chunk in enumerate(hint_pages(extras.hints, width, height, kind)):
            jobs.append(("hints", chunk, k == 0))
    first_solution = len(jobs) + 1
    for k in range(0, len(solved), solutions_per_page):
        jobs.append(("solutions", solved[k : k + solutions_per_page], grid))
    if len(jobs) % 2:
        jobs.append(("blank",))
    while len(jobs) < min_pages:
        jobs.append(("notes",))
    if len(jobs) % 2:
        jobs.append(("blank",))
    return Plan(jobs, starts, first_solution, chapters)
