"""A print-ready puzzle book: one PDF with a title page, how to play, puzzles by grade, and solutions.

The book takes a list of :class:`BookEntry` (puzzle, solution, grade name or None, score or None), whatever
made them: a puzzle file, the puzzle store, or the generator. :func:`build_book` lays them out and returns the
PDF's bytes; :func:`write_book` writes them atomically, so a failed run never leaves half a book.

The layout, page by page:

1. a **title page** (title, how many puzzles, a small solved board, and the contents with page numbers);
   on its back the **copyright page** (author, year, publisher, ISBN, the seed, what the grades mean);
2. **how to play**, with a small worked example drawn in three steps;
3. the puzzles in **sections by grade**, easiest first (the order of ``grade_order``, then the rating engine's
   grade table, then first appearance; ungraded puzzles make one section, last), smaller boards first within a section,
   numbered 1, 2, 3... through the book; ``per_page`` to a page, each captioned with its number, grade and size;
   the section's name runs at the head of its pages;
4. the **solutions**, keyed by puzzle number, several to a page;
5. a blank page when needed, so the count is even, and ruled **notes** pages up to ``min_pages``.

Print rules (see :mod:`dominosa.rendering.pages`): the page is the trim size (plus 0.125 in of bleed on the
top, bottom and outside edges when asked); margins mirror, with the gutter chosen from the final page count;
everything, page numbers included, lies inside the safe area. Cells never shrink below a size that keeps the
numbers legible, and no text anywhere is under :data:`MIN_TEXT` (7 pt, the print services' floor): a ``per_page``
that would need smaller cells is refused with the largest count that fits.
Large print sets all text bigger and insists on cells for 17 pt digits (14 pt for numbers of two digits).
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dominosa.puzzle import Puzzle
from dominosa.rendering.files import atomic_write
from dominosa.rendering.pages import (
    INCH,
    MIN_TEXT,
    OUTSIDE_MARGIN,
    PRINT_MIN_PAGES,
    PageFrame,
    Trim,
    gutter_for,
    page_frame,
    parse_trim,
)
from dominosa.rendering.pdf_writer import PdfDocument, PdfPage, text_width
from dominosa.rendering.pdf_writer import wrap_text as _wrap
from dominosa.rendering.scene import MARGIN, Diagram, build_diagram
from dominosa.rendering.style import Style, resolve_style
from dominosa.solution import Solution, problems

__all__ = [
    "BookError",
    "BookEntry",
    "BookSummary",
    "build_book",
    "compose_book",
    "BookLayout",
    "write_book",
    "group_sections",
    "book_order",
    "display_name",
    "WORKED_EXAMPLE",
    "UNGRADED",
    "Imprint",
    "MIN_TEXT",
    "PRINT_MIN_PAGES",
    "smallest_cell",
    "grade_meanings",
]

UNGRADED = "Ungraded"
GREY = "#555555"

# The worked example of the how-to page: a double-2 puzzle with one solution, solved in the steps the text tells.
WORKED_EXAMPLE = ((0, 1, 1, 0), (2, 2, 2, 0), (1, 0, 2, 1))
_EXAMPLE_SOLUTION = (
    ((0, 0), (1, 0)),
    ((0, 1), (0, 2)),
    ((0, 3), (1, 3)),
    ((1, 1), (1, 2)),
    ((2, 0), (2, 1)),
    ((2, 2), (2, 3)),
)
_EXAMPLE_WALLS = (((0, 2), (1, 2)),)  # the 1 over the 2 in the third column cannot be the 1-2, once it is used
_RULES_TEXT = (
    "Each puzzle is a grid of numbers hiding a full set of dominoes: every pair of numbers from 0 up to the "
    "largest, each exactly once. A double-6 set, for instance, has 28 dominoes, from 0-0, 0-1 and so on up to 6-6.",
    "Find where every domino lies. Outline each pair of neighbouring cells that make a domino, so that every cell "
    "belongs to exactly one domino and no domino appears twice. Dominoes printed shaded are given to start you off.",
    "The faded double lines between cells are there for your pencil: draw a bar over them between two cells that "
    "cannot belong to the same domino. Every puzzle has exactly one solution, and it can be found by reasoning "
    "alone. The solutions are at the back of the book.",
)
_EXAMPLE_STEPS = (
    "1. The 0-0 can only go where two 0s touch, and they touch in one place only: at the top of the right-hand "
    "column. Outline it.",
    "2. Now the 1 in the bottom right corner has one neighbour left, the 2 beside it: that is the 1-2 (dashed). "
    "With the 1-2 used, the 1 at the top of the third column cannot join the 2 below it: draw a bar between them. "
    "That 1 can only join the 1 on its left: the 1-1.",
    "3. Carry on the same way, one cell with a single choice at a time, until every cell is in a domino.",
)


class BookError(ValueError):
    """A book that cannot be made as asked (no puzzles, too many to a page, a wrong solution); the message says
    what to change."""


@dataclass(frozen=True)
class BookEntry:
    """One puzzle of a book: the puzzle, its solution, and (when rated) its grade's name and score."""

    puzzle: Puzzle
    solution: Solution
    grade: str | None = None
    score: float | None = None


@dataclass(frozen=True)
class BookSummary:
    """What was built: page and puzzle counts, trim, gutter (points), bleed, the sections, and the file."""

    pages: int
    puzzles: int
    trim: Trim
    gutter: float
    bleed: bool
    sections: tuple[tuple[str, int], ...]
    path: Path | None = None
    seed: int | None = None

    def line(self) -> str:
        """The one line the ``book`` command prints."""
        where = f"{self.path}: " if self.path else ""
        bleed = ", with bleed" if self.bleed else ""
        seed = f", seed {self.seed}" if self.seed is not None else ""
        return (
            f"{where}{self.pages} pages, {self.puzzles} puzzle{'s' if self.puzzles != 1 else ''}, "
            f"trim {self.trim}{bleed}, "
            f"gutter {self.gutter / INCH:g} in{seed}"
        )

    def warning(self, minimum: int = PRINT_MIN_PAGES) -> str | None:
        """Why a print service will refuse the book, when it is too short to print; else None."""
        if self.pages >= minimum:
            return None
        return (
            f"warning: the book has {self.pages} pages, and print services such as Amazon KDP refuse paperbacks "
            f"under {minimum}: add puzzles, or pad it with notes pages (--min-pages {minimum})"
        )


@dataclass(frozen=True)
class Imprint:
    """What the copyright page states besides the title and author: year, ISBN, publisher, and the seed the
    puzzles were generated from (so the book can be rebuilt), each left out when None."""

    year: int | None = None
    isbn: str | None = None
    publisher: str | None = None
    seed: int | None = None


@dataclass(frozen=True)
class _Type:
    """Type sizes (points) and the smallest cells allowed, for normal or large print."""

    title: float
    subtitle: float
    heading: float
    body: float
    caption: float
    head: float
    folio: float
    label: float
    min_cell: float
    min_solution_cell: float
    max_cell: float
    gap: float


_NORMAL = _Type(30, 13, 15, 10, 9, 8.5, 9, 8, 16, 14, 40, 14)
_LARGE = _Type(40, 20, 24, 16, 16, 16, 16, 16, 34, 22, 60, 20)


def smallest_cell(floor: float, diagrams) -> float:
    """The smallest cell (points) that keeps the numbers of every diagram at :data:`MIN_TEXT` or more, and at
    least ``floor``."""
    sizes = [layer.size for d in diagrams for layer in d.layer("numbers") if layer.size > 0]
    return max([floor, *(MIN_TEXT / size for size in sizes)])


def group_sections(
    entries: Sequence[BookEntry], grade_order: Sequence[str] | None = None
) -> list[tuple[str, list[BookEntry]]]:
    """The entries grouped by grade in rising difficulty, smaller boards first within a grade.

    Grades come in ``grade_order`` when given, then in the order of the rating engine's grades
    (``dominosa.deductions.grades.GRADES``), then any others in the order they first appear; ungraded entries
    make the last section, or the only one, ``Puzzles``.
    """
    groups: dict[str | None, list[BookEntry]] = {}
    for entry in entries:
        groups.setdefault(entry.grade, []).append(entry)
    known = [*(grade_order or ()), *_engine_grades()]
    order = list(dict.fromkeys(g for g in known if g in groups))
    order += [g for g in groups if g is not None and g not in order]
    named: list[tuple[str, list[BookEntry]]] = [(g, groups[g]) for g in order]
    if None in groups:
        named.append((UNGRADED if named else "Puzzles", groups[None]))
    return [(name, sorted(group, key=lambda e: len(e.puzzle.board))) for name, group in named]


def book_order(
    entries: Sequence[BookEntry], grade_order: Sequence[str] | None = None
) -> list[tuple[int, str, BookEntry]]:
    """Each entry as the book prints it: its number (from 1), its section's grade name, the entry; in book
    order (sections as :func:`group_sections` orders them)."""
    out: list[tuple[int, str, BookEntry]] = []
    for name, group in group_sections(entries, grade_order):
        out.extend((len(out) + 1, name, entry) for entry in group)
    return out


def _engine_grades() -> tuple[str, ...]:
    """The rating engine's grade names, easiest first (imported on first use: the engine loads networkx)."""
    from dominosa.deductions.grades import GRADES

    return tuple(GRADES)


def display_name(grade: str) -> str:
    """A grade as a heading shows it: ``hard`` becomes ``Hard``."""
    return grade[:1].upper() + grade[1:]


def write_book(path: str | os.PathLike[str], entries: Sequence[BookEntry], **options) -> BookSummary:
    """Build the book (see :func:`build_book` for the options) and write it to ``path`` atomically."""
    data, summary = build_book(entries, **options)
    written = atomic_write(path, data)
    return dataclasses.replace(summary, path=written)


@dataclass
class BookLayout:
    """A composed book before it is written: the document, its summary, and each page's frame (for checks)."""

    document: PdfDocument
    summary: BookSummary
    frames: list[PageFrame]


def build_book(entries: Sequence[BookEntry], **options) -> tuple[bytes, BookSummary]:
    """The book as PDF bytes, and its summary (see :func:`compose_book` for the options)."""
    layout = compose_book(entries, **options)
    return layout.document.to_bytes(), layout.summary


def compose_book(
    entries: Sequence[BookEntry],
    *,
    trim: str | Trim = "6x9in",
    bleed: bool = False,
    large_print: bool = False,
    per_page: int | None = None,
    solutions_per_page: int | None = None,
    title: str = "Dominosa",
    subtitle: str | None = None,
    author: str | None = None,
    style: Style | str | None = None,
    pips: bool | None = None,
    grade_order: Sequence[str] | None = None,
    imprint: Imprint | None = None,
    min_pages: int = 0,
) -> BookLayout:
    """Lay the book out, page by page, ready to be written.

    Parameters
    ----------
    entries : the puzzles with their solutions (and grades and scores when known).
    trim : a trim name or size (see :func:`~dominosa.rendering.pages.parse_trim`).
    bleed : add 0.125 in of bleed on the top, bottom and outside edges.
    large_print : bigger type, thicker cells, one puzzle to a page by default.
    per_page : puzzles to a page (default 2, 1 in large print).
    solutions_per_page : solutions to a page (default: as many as leave the numbers legible).
    title, subtitle, author : the title page (and the PDF's information).
    style, pips : how diagrams look (see :mod:`dominosa.rendering.style`).
    grade_order : grade names from easiest to hardest, for the order of sections.
    imprint : what the copyright page says (author, year, ISBN, publisher, the seed); see :class:`Imprint`.
    min_pages : pad the book with notes pages up to this many pages (print services have a minimum).

    Raises
    ------
    BookError : no entries, a solution that does not solve its puzzle, or a per-page count that does not fit.
    """
    if not entries:
        raise BookError("a book needs at least one puzzle")
    for k, entry in enumerate(entries, 1):
        found = problems(entry.puzzle, entry.solution)
        if found:
            raise BookError(f"puzzle {k}: the solution given does not solve it: {found[0]}")
    try:
        trim = parse_trim(trim)
    except ValueError as error:
        raise BookError(str(error)) from None
    for label, text in (("title", title), ("subtitle", subtitle), ("author", author)):
        _check_printable(label, text)
    imprint = imprint or Imprint()
    for label, text in (("publisher", imprint.publisher), ("ISBN", imprint.isbn)):
        _check_printable(label, text)
    for entry in entries:
        _check_printable("grade", entry.grade)
    look = resolve_style(style, pips=pips)
    kind = _LARGE if large_print else _NORMAL
    if per_page is not None and per_page < 1:
        raise BookError(f"--per-page must be at least 1, not {per_page}")
    if solutions_per_page is not None and solutions_per_page < 1:
        raise BookError(f"--solutions-per-page must be at least 1, not {solutions_per_page}")
    asked = per_page is not None
    per_page = per_page or (1 if large_print else 2)

    numbered: list[tuple[str, list[tuple[int, BookEntry, Diagram]]]] = []
    for number, name, entry in book_order(entries, grade_order):
        if not numbered or numbered[-1][0] != name:
            numbered.append((name, []))
        numbered[-1][1].append((number, entry, build_diagram(entry.puzzle, style=look)))
    solved = [
        (n, build_diagram(entry.puzzle, solution=entry.solution, style=look))
        for _, items in numbered
        for n, entry, _ in items
    ]

    gutter = gutter_for(1)
    for _ in range(5):  # the gutter depends on the page count, which may depend on the gutter: settle both
        plan = _plan(numbered, solved, trim, gutter, kind, per_page, solutions_per_page, min_pages, asked=asked)
        settled = gutter_for(plan.pages)
        if settled == gutter:
            break
        gutter = settled

    doc = PdfDocument(title=title, author=author, subject=f"{len(entries)} Dominosa puzzles with solutions")
    sections_at = [(display_name(name), page) for name, page in plan.section_pages]
    howto_page = next(n for n, job in enumerate(plan.jobs, 1) if job[0] == "howto")
    contents = [("How to play", howto_page), *sections_at, ("Solutions", plan.solutions_page)]
    notes_page = next((n for n, job in enumerate(plan.jobs, 1) if job[0] == "notes"), None)
    if notes_page is not None:
        contents.append(("Notes", notes_page))
    subtitle = subtitle or (
        f"{len(entries)} puzzles with solutions" if len(entries) > 1 else "one puzzle with its solution"
    )
    frames = []
    for number, job in enumerate(plan.jobs, 1):
        frame = page_frame(number, trim, gutter=gutter, bleed=bleed)
        frames.append(frame)
        page = doc.new_page(
            *frame.media, trim_box=frame.pdf_box(frame.trim), bleed_box=frame.pdf_box((0, 0, *frame.media))
        )
        context = _Context(page, frame, kind, look)
        if job[0] == "title":
            _title_page(context, title, subtitle, author, contents)
        elif job[0] == "howto":
            _howto_page(context, job[1], job[2])
        elif job[0] == "puzzles":
            _puzzle_page(context, job[1], job[2], job[3])
        elif job[0] == "solutions":
            _solution_page(context, job[1], job[2])
        elif job[0] == "copyright":
            _copyright_page(context, title, author, imprint, [name for name, _ in numbered])
        elif job[0] == "notes":
            _notes_page(context)
        if job[0] not in ("title", "copyright", "blank"):
            _folio(context)
    summary = BookSummary(
        plan.pages,
        len(entries),
        trim,
        gutter,
        bleed,
        tuple((name, len(items)) for name, items in numbered),
        seed=imprint.seed,
    )
    return BookLayout(doc, summary, frames)


def _check_printable(label: str, text: str | None) -> None:
    """Refuse text the book's fonts cannot set (they cover Windows-1252: Western European languages)."""
    if text is None:
        return
    try:
        text.encode("cp1252")
    except UnicodeEncodeError as error:
        bad = text[error.start]
        raise BookError(
            f"the {label} {text!r} uses {bad!r}, which the book's fonts cannot print (they cover Western European"
            " languages only)"
        ) from None


# -- planning --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Grid:
    """Slots on a page: ``cols`` x ``rows``, and the size of one cell in points."""

    cols: int
    rows: int
    cell: float


@dataclass
class _Plan:
    jobs: list[tuple]
    section_pages: list[tuple[str, int]]
    solutions_page: int

    @property
    def pages(self) -> int:
        return len(self.jobs)


def _content_box(trim: Trim, gutter: float, kind: _Type) -> tuple[float, float]:
    """Width and height left for diagrams between the running head and the page number."""
    width = trim.width - gutter - OUTSIDE_MARGIN
    height = trim.height - 2 * OUTSIDE_MARGIN - _head_height(kind) - _foot_height(kind)
    return width, height


def _head_height(kind: _Type) -> float:
    return kind.head * 1.2 + kind.gap * 0.6


def _foot_height(kind: _Type) -> float:
    return kind.folio * 1.2 + kind.gap * 0.6


def _plan(numbered, solved, trim, gutter, kind, per_page, solutions_per_page, min_pages=0, *, asked=True) -> _Plan:
    """The page jobs in order, and where each section starts, for this gutter. A ``per_page`` the user did not
    ask for (``asked`` False) drops to the most that keep numbers legible; one asked for is refused instead."""
    width, height = _content_box(trim, gutter, kind)
    jobs: list[tuple] = [("title",), ("copyright",), *(("howto", *part) for part in _howto_parts(trim, gutter, kind))]
    starts = []
    for name, items in numbered:
        dims = (max(d.width for _, _, d in items), max(d.height for _, _, d in items))
        grid = _fit(per_page, width, height, dims, kind.caption * 1.6, kind)
        floor = smallest_cell(kind.min_cell, [d for _, _, d in items])
        count = per_page
        if grid.cell < floor - 1e-9:
            most = _most_that_fit(width, height, dims, kind.caption * 1.6, kind, floor)
            if most and not asked:
                count = min(most, per_page)
                grid = _fit(count, width, height, dims, kind.caption * 1.6, kind)
        if grid.cell < floor - 1e-9:
            raise BookError(
                f"{per_page} puzzles per page leave cells {grid.cell:.0f} pt wide on a {trim.name} page "
                f"(at least {floor:.3g} pt keeps numbers legible): "
                + (f"use --per-page {most} or less, or a larger trim" if most else "use a larger trim")
            )
        starts.append((name, len(jobs) + 1))
        for k in range(0, len(items), count):
            jobs.append(("puzzles", name, items[k : k + count], grid))
    dims = (max(d.width for _, d in solved), max(d.height for _, d in solved))
    caption = kind.label * 1.5
    floor = smallest_cell(kind.min_solution_cell, [d for _, d in solved])
    if solutions_per_page is None:
        solutions_per_page = _most_that_fit(width, height, dims, caption, kind, floor) or 1
    grid = _fit(solutions_per_page, width, height, dims, caption, kind)
    if grid.cell < floor - 1e-9:
        most = _most_that_fit(width, height, dims, caption, kind, floor)
        raise BookError(
            f"{solutions_per_page} solutions per page leave cells {grid.cell:.1f} pt wide, numbers under "
            f"{MIN_TEXT:g} pt, which print services refuse: "
            + (f"use --solutions-per-page {most} or less" if most else "use a larger trim")
        )
    first_solution = len(jobs) + 1
    for k in range(0, len(solved), solutions_per_page):
        jobs.append(("solutions", solved[k : k + solutions_per_page], grid))
    if len(jobs) % 2:
        jobs.append(("blank",))
    while len(jobs) < min_pages:
        jobs.append(("notes",))
    if len(jobs) % 2:
        jobs.append(("blank",))
    return _Plan(jobs, starts, first_solution)


def _fit(count: int, width: float, height: float, dims: tuple[float, float], caption: float, kind: _Type) -> _Grid:
    """The arrangement of ``count`` slots that gives the biggest cells, capped at the style's largest."""
    best = _Grid(1, count, 0.0)
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        slot_w = (width - (cols - 1) * kind.gap) / cols
        slot_h = (height - (rows - 1) * kind.gap) / rows - caption
        cell = min(slot_w / dims[0], slot_h / dims[1])
        if cell > best.cell + 1e-9:
            best = _Grid(cols, rows, cell)
    return _Grid(best.cols, best.rows, min(best.cell, kind.max_cell))


def _most_that_fit(width, height, dims, caption, kind, smallest) -> int:
    """The largest count (up to 24) whose cells are at least ``smallest`` points; 0 if not even one."""
    most = 0
    for count in range(1, 25):
        if _fit(count, width, height, dims, caption, kind).cell >= smallest:
            most = count
    return most


# -- drawing ---------------------------------------------------------------------------------------------------


@dataclass
class _Context:
    page: PdfPage
    frame: PageFrame
    kind: _Type
    style: Style

    @property
    def left(self) -> float:
        return self.frame.safe[0]

    @property
    def right(self) -> float:
        return self.frame.safe[2]

    @property
    def top(self) -> float:
        return self.frame.safe[1]

    @property
    def bottom(self) -> float:
        return self.frame.safe[3]

    @property
    def middle(self) -> float:
        return (self.left + self.right) / 2


def _folio(c: _Context) -> None:
    """The page number, at the foot of the safe area on the outside edge."""
    baseline = c.bottom - c.kind.folio * 0.25  # the descent of the digits stays inside the safe area
    if c.frame.recto:
        c.page.text(c.right, baseline, str(c.frame.number), size=c.kind.folio, anchor="end")
    else:
        c.page.text(c.left, baseline, str(c.frame.number), size=c.kind.folio)


def _running_head(c: _Context, text: str) -> None:
    c.page.text(c.middle, c.top + c.kind.head, text, size=c.kind.head, bold=True, anchor="middle", colour=GREY)


def _content_top(c: _Context) -> float:
    return c.top + _head_height(c.kind)


def _title_page(c: _Context, title: str, subtitle: str, author: str | None, contents) -> None:
    k = c.kind
    y = c.top + (c.bottom - c.top) * 0.16
    title_size = k.title
    while text_width(title, title_size, bold=True) > c.right - c.left and title_size > k.heading:
        title_size -= 1
    for line in _wrap(title, title_size, c.right - c.left, bold=True):
        y += title_size * 1.15
        c.page.text(c.middle, y, line, size=title_size, bold=True, anchor="middle")
    y += k.subtitle * 1.8
    c.page.text(c.middle, y, subtitle, size=k.subtitle, anchor="middle", colour=GREY)
    if author:
        y += k.subtitle * 1.6
        c.page.text(c.middle, y, author, size=k.subtitle, anchor="middle")
    lines = len(contents) + 1
    contents_top = c.bottom - lines * k.body * 1.6 - k.body
    example = build_diagram(_example_puzzle(), solution=_EXAMPLE_SOLUTION, style=c.style)
    room = contents_top - y - 3 * k.gap
    cell = min(room / example.height, (c.right - c.left) * 0.6 / example.width, k.max_cell * 0.8)
    if cell >= smallest_cell(k.min_solution_cell, [example]):
        c.page.diagram(
            example, c.middle - example.width * cell / 2, y + 1.5 * k.gap + (room - example.height * cell) / 2, cell
        )
    y = max(contents_top, y + k.gap)
    c.page.text(c.left, y, "Contents", size=k.body, bold=True)
    for name, number in contents:
        y += k.body * 1.6
        _leader_line(c, y, name, str(number), k.body)


def _leader_line(c: _Context, y: float, left: str, right: str, size: float) -> None:
    """``left ........ right`` across the safe area, as a table of contents sets it."""
    c.page.text(c.left, y, left, size=size)
    c.page.text(c.right, y, right, size=size, anchor="end")
    start = c.left + text_width(left, size) + size * 0.6
    stop = c.right - text_width(right, size) - size * 0.6
    dot = text_width(". ", size)
    if stop - start > dot:
        dots = ". " * int((stop - start) / dot)
        c.page.text(stop, y, dots.rstrip(), size=size, anchor="end", colour=GREY)


def _howto_page(c: _Context, part: str = "all", cols: int = 3, *, clip: bool = True) -> float:
    """How to play: the rules, then the worked example (``part`` is ``all``, ``rules`` or ``example``, for when
    the whole does not fit one page), its pictures ``cols`` to a row. Returns the last baseline, so the plan
    can measure it first."""
    k = c.kind
    lead = k.body * 1.35
    y = c.top + k.heading
    if part in ("all", "rules"):
        c.page.text(c.left, y, "How to play", size=k.heading, bold=True)
        y += k.heading * 0.5
        for paragraph in _RULES_TEXT:
            y = _paragraph(c, paragraph, y + lead + k.body * 0.4, clip=clip)
        if part == "rules":
            return y
        y += lead + k.body * 1.2
        c.page.text(c.left, y, "A worked example", size=k.body * 1.1, bold=True)
    else:
        c.page.text(c.left, y, "A worked example", size=k.heading, bold=True)
    y = _example_pictures(c, y + k.body * 0.8, cols)
    for step in _EXAMPLE_STEPS:
        y = _paragraph(c, step, y + lead + k.body * 0.4, clip=clip)
    return y


def _example_pictures(c: _Context, top: float, cols: int) -> float:
    """The worked example in three numbered pictures, ``cols`` to a row; returns the labels' baseline."""
    k = c.kind
    width = c.right - c.left
    puzzle = _example_puzzle()
    pictures = [
        build_diagram(puzzle, style=c.style),
        build_diagram(
            puzzle,
            joined=[_EXAMPLE_SOLUTION[2]],
            split=_EXAMPLE_WALLS,
            highlight_cells=[(2, 3)],
            highlight_pairs=[_EXAMPLE_SOLUTION[5]],
            style=c.style,
        ),
        build_diagram(puzzle, solution=_EXAMPLE_SOLUTION, style=c.style),
    ]
    pic_w, pic_h = pictures[0].width, pictures[0].height
    cell = _example_cell(width, cols, pic_w, k)
    y = top
    for row in range(math.ceil(3 / cols)):
        chunk = pictures[row * cols : (row + 1) * cols]
        x = c.left + (width - len(chunk) * pic_w * cell - (len(chunk) - 1) * k.gap) / 2
        label_y = y + pic_h * cell + k.caption * 1.4
        for number, picture in enumerate(chunk, row * cols + 1):
            c.page.diagram(picture, x, y, cell)
            c.page.text(x + pic_w * cell / 2, label_y, str(number), size=k.caption, bold=True, anchor="middle")
            x += pic_w * cell + k.gap
        y = label_y + k.gap
    return y - k.gap


def _example_cell(width: float, cols: int, pic_w: float, kind: _Type) -> float:
    """The cell of the worked example's pictures, ``cols`` to a row across ``width``."""
    return min((width - (cols - 1) * kind.gap) / (cols * pic_w), kind.max_cell * 0.75)


def _howto_parts(trim: Trim, gutter: float, kind: _Type) -> list[tuple[str, int]]:
    """How to play as (part, pictures to a row) for each page it takes: one page when it fits, else the rules and
    the example on a page each. Pictures go three to a row when that keeps their numbers at full size, else as
    many as keep them at :data:`MIN_TEXT` or more, the most that let the text fit.

    Raises ``BookError`` when the page is too small for the rules, or for the pictures at a legible size.
    """
    frame = page_frame(2, trim, gutter=gutter, bleed=False)
    limit = frame.safe[3] - _foot_height(kind)
    width = frame.safe[2] - frame.safe[0]
    example = build_diagram(_example_puzzle())
    legible = smallest_cell(0.0, [example])  # digits at 7 pt
    usable = [n for n in (3, 2, 1) if _example_cell(width, n, example.width, kind) >= legible]
    full = [n for n in usable if _example_cell(width, n, example.width, kind) >= kind.min_cell]
    too_small = BookError(f"a {trim.name} page is too small for the how-to-play page: use a larger trim")
    if not usable:
        raise too_small

    def end(part: str, cols: int) -> float:
        scratch = _Context(PdfPage(*frame.media), frame, kind, resolve_style(None))
        return _howto_page(scratch, part, cols, clip=False)

    for cols in dict.fromkeys([*full[:1], *usable]):
        if end("all", cols) <= limit:
            return [("all", cols)]
    if end("rules", usable[0]) > limit:
        raise too_small
    for cols in usable:  # most to a row first: the example's page then holds the pictures and its text
        if end("example", cols) <= limit:
            return [("rules", cols), ("example", cols)]
    raise too_small


def _paragraph(c: _Context, text: str, y: float, *, clip: bool = True) -> float:
    """Set a paragraph with its first baseline at ``y``; return its last baseline. With ``clip``, lines that
    would run into the page number are left out (the plan measures first, so that does not happen)."""
    size = c.kind.body
    limit = c.bottom - _foot_height(c.kind)
    for k, line in enumerate(_wrap(text, size, c.right - c.left)):
        if k:
            y += size * 1.35
        if clip and y > limit:
            break
        c.page.text(c.left, y, line, size=size)
    return y


def _puzzle_page(c: _Context, section: str, items, grid: _Grid) -> None:
    _running_head(c, display_name(section))
    k = c.kind
    caption_h = k.caption * 1.6
    for slot, (x, y, slot_w, slot_h) in zip(items, _slots(c, grid, caption_h), strict=False):
        number, entry, picture = slot
        w, h = picture.width * grid.cell, picture.height * grid.cell
        block_top = y + (slot_h - h) / 2
        dx = x + (slot_w - w) / 2
        board_left, board_right = dx + MARGIN * grid.cell, dx + w - MARGIN * grid.cell
        baseline = block_top + k.caption
        left = f"Puzzle {number}"
        right = _describe(entry)
        room = board_right - board_left
        if text_width(left, k.caption, bold=True) + text_width(right, k.caption) + k.caption <= room:
            c.page.text(board_left, baseline, left, size=k.caption, bold=True)
            c.page.text(board_right, baseline, right, size=k.caption, anchor="end", colour=GREY)
        else:
            c.page.text(
                (board_left + board_right) / 2,
                baseline,
                f"{left} · {right}",
                size=k.caption,
                bold=True,
                anchor="middle",
            )
        c.page.diagram(picture, dx, block_top + caption_h, grid.cell)


def _copyright_page(c: _Context, title: str, author: str | None, imprint: Imprint, grades: Sequence[str]) -> None:
    """The verso of the title: who made the book and when, how to rebuild it, and what its grades mean."""
    k = c.kind
    size = k.label
    lead = size * 1.45
    paragraphs: list[tuple[str, bool]] = [(title, True)]
    year = imprint.year
    if author:
        paragraphs.append((f"Copyright © {year} {author}" if year else f"Copyright © {author}", False))
        paragraphs.append(("All rights reserved.", False))
    elif year:
        paragraphs.append((f"First published {year}.", False))
    if imprint.publisher:
        paragraphs.append((f"Published by {imprint.publisher}", False))
    if imprint.isbn:
        paragraphs.append((f"ISBN {imprint.isbn}", False))
    if imprint.seed is not None:
        paragraphs.append(
            (
                f"The puzzles were generated by dominosa from seed {imprint.seed}; "
                f"'dominosa book --seed {imprint.seed}' with the same options rebuilds this book exactly.",
                False,
            )
        )
    paragraphs.append(
        ("Every puzzle has exactly one solution, proved by an exhaustive search, and yields to reasoning.", False)
    )
    meanings = grade_meanings(grades)
    # Set from the foot of the page up, as copyright pages are, so the block sits at the bottom of the verso.
    lines: list[tuple[str, bool, float]] = []
    for text, bold in paragraphs:
        for k_line, line in enumerate(_wrap(text, size, c.right - c.left, bold=bold)):
            lines.append((line, bold, lead if k_line else lead * 1.5))
    if meanings:
        lines.append(("The grades, easiest first", True, lead * 1.8))
        for name, meaning in meanings:
            for k_line, line in enumerate(_wrap(f"{display_name(name)}: {meaning}", size, c.right - c.left)):
                lines.append((line, False, lead if k_line else lead * 1.2))
    height = sum(step for _, _, step in lines[1:])
    y = max(c.top + size, c.bottom - size * 0.25 - height)  # the last line's descent stays in the safe area
    for k_line, (line, bold, step) in enumerate(lines):
        if k_line:
            y += step
        c.page.text(c.left, y, line, size=size, bold=bold)


def grade_meanings(grades: Sequence[str]) -> list[tuple[str, str]]:
    """For each grade of the rating engine among ``grades`` (easiest first), what a solver needs for it: the
    techniques of its tier, from the engine's own technique table. Grades the engine does not know are left
    out (a file may carry any names)."""
    from dominosa.deductions.grades import GRADES, TECHNIQUES

    out: list[tuple[str, str]] = []
    for level, name in enumerate(GRADES):
        if name not in grades:
            continue
        # The first grade shown names everything it needs; each later one what it adds.
        lowest = level if out else 0
        names = [t.label for t in TECHNIQUES if lowest <= t.level <= level and not t.bookkeeping]
        if names:
            out.append((name, ("adds " if out else "") + ", ".join(names) + "."))
    return out


def _notes_page(c: _Context) -> None:
    """A page for the reader's working, ruled in light grey; it pads a book up to a print service's minimum."""
    _running_head(c, "Notes")
    top = _content_top(c) + c.kind.body
    bottom = c.bottom - _foot_height(c.kind)
    step = c.kind.body * 2.2
    y = top
    while y <= bottom:
        c.page.line(c.left, y, c.right, y, width=0.4, colour="#bbbbbb")
        y += step


def _solution_page(c: _Context, items, grid: _Grid) -> None:
    first, last = items[0][0], items[-1][0]
    _running_head(c, f"Solutions {first}–{last}" if first != last else f"Solution {first}")
    k = c.kind
    caption_h = k.label * 1.5
    for (number, picture), (x, y, slot_w, slot_h) in zip(items, _slots(c, grid, caption_h), strict=False):
        w, h = picture.width * grid.cell, picture.height * grid.cell
        block_top = y + (slot_h - h) / 2
        dx = x + (slot_w - w) / 2
        c.page.text(dx + MARGIN * grid.cell, block_top + k.label, str(number), size=k.label, bold=True)
        c.page.diagram(picture, dx, block_top + caption_h, grid.cell)


def _slots(c: _Context, grid: _Grid, caption_h: float) -> list[tuple[float, float, float, float]]:
    """Each slot's (x, y, width, height of the diagram part), row by row, inside the content box."""
    top = _content_top(c)
    height = c.bottom - _foot_height(c.kind) - top
    width = c.right - c.left
    gap = c.kind.gap
    slot_w = (width - (grid.cols - 1) * gap) / grid.cols
    slot_h = (height - (grid.rows - 1) * gap) / grid.rows - caption_h
    return [
        (c.left + col * (slot_w + gap), top + row * (slot_h + caption_h + gap), slot_w, slot_h)
        for row in range(grid.rows)
        for col in range(grid.cols)
    ]


def _describe(entry: BookEntry) -> str:
    """The caption's right part: grade, set and size, e.g. ``Hard · double-6 · 7×8``."""
    puzzle = entry.puzzle
    board = puzzle.board
    size = f"{puzzle.rows}×{puzzle.cols}" if board.is_rectangle else f"{len(board)} cells"
    kind = f"double-{puzzle.order}" if puzzle.is_full_set else f"{len(puzzle.dominoes)} dominoes"
    parts = [display_name(entry.grade)] if entry.grade else []
    return " · ".join([*parts, kind, size])


def _example_puzzle() -> Puzzle:
    return Puzzle.from_grid(WORKED_EXAMPLE)
