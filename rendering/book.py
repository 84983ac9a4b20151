"""A print-ready puzzle book: one PDF with front matter, how to play, techniques, puzzles by grade, solutions.

The book takes a list of :class:`BookEntry` (puzzle, solution, grade name or None, score or None), whatever
made them: a puzzle file, the puzzle store, or the generator. :func:`build_book` lays them out and returns the
PDF's bytes; :func:`write_book` writes them atomically, so a failed run never leaves half a book.

The layout, page by page (set in Source Serif Pro for reading and Source Sans Pro for figures and labels; see
:data:`~dominosa.rendering.pdf_writer.FACES`):

1. a **title page** (the title large, the subtitle, a small solved board, the author at the foot); on its back
   the **copyright page** (© year and author, the rights, publisher, ISBN, a colophon, the seed in small print);
   then the **contents** on a page of their own, with what each grade asks of a solver;
2. **how to play**, with a small worked example drawn in three steps;
3. the **solving techniques** (``techniques``): each technique the puzzles need, drawn where it first fires in
   them (:mod:`dominosa.rendering.lessons`);
4. the puzzles in **sections by grade**, easiest first (the order of ``grade_order``, then the rating engine's
   grade table, then first appearance; ungraded puzzles make one section, last), smaller boards and lower scores
   first within a section, numbered 1, 2, 3... through the book; ``per_page`` to a page, each captioned with its
   number and a difficulty marker (grade, 1-5 marks within it), with a domino checklist beside or under it; the
   running heads carry the section and the puzzle numbers;
5. the **hints** (``hints``): each puzzle's first hard step;
6. the **solutions**, keyed by puzzle number, several to a page;
7. a blank page when needed, so the count is even, and ruled **notes** pages up to ``min_pages``.

Print rules (see :mod:`dominosa.rendering.pages`): the page is the trim size (plus 0.125 in of bleed on the
top, bottom and outside edges when asked); margins mirror, with the gutter chosen from the final page count;
everything, page numbers included, lies inside the safe area. Cells never shrink below a size that keeps the
numbers legible, and no text anywhere is under :data:`MIN_TEXT` (7 pt, the print services' floor): a ``per_page``
that would need smaller cells is refused with the largest count that fits. A board that no page holds at its usual
proportions (a double-40 on a letter page) is drawn with its numbers filling more of each cell
(:data:`DENSE_NUMBERS`); one that does not fit even so is refused, naming the trims that would hold it
(:func:`check_order_fits` says so before a generated book makes any puzzle).
Large print sets all text bigger and insists on cells for 17 pt digits (14 pt for numbers of two digits).
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dominosa.puzzle import Puzzle
from dominosa.rendering.files import atomic_write
from dominosa.rendering.i18n import N_, ngettext, pdf_language, sentence, use_language
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.i18n import number as count_text
from dominosa.rendering.lesson_window import WINDOW_CELLS, fits_window, marked_cells, window_around, windowed
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
from dominosa.rendering.pdf_writer import SPARE_CODES, PdfDocument, PdfPage, font_metrics, text_width, unprintable
from dominosa.rendering.pdf_writer import wrap_text as _wrap
from dominosa.rendering.scene import LABEL_SIZE, MARGIN, Diagram, Layer, build_diagram, labelled_span
from dominosa.rendering.style import Style, resolve_style
from dominosa.solution import Solution, problems

if TYPE_CHECKING:
    from dominosa.rendering.lessons import Hint, Lesson

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
    "check_order_fits",
]

UNGRADED = N_("Ungraded")
GREY = "#555555"
RULE = "#9a9a9a"  # hairlines: under the running heads, the checklist's boxes
# The book's faces (see dominosa.rendering.pdf_writer.FACES): a serif for reading, a sans for what is looked up.
TEXT, TEXT_BOLD, DISPLAY = "serif", "serif-bold", "display"
LABEL, LABEL_BOLD, FIGURES = "label", "label-bold", "figures"
# The grids' faded double lines, lighter and finer than a picture's so the numbers lead, and a firm frame.
GUIDE_COLOUR, GUIDE_WIDTH, FRAME_WIDTH = "#c4c4c4", 0.02, 0.075
CHECKLIST_MAX_ORDER = 9  # a tick-off triangle comes with each puzzle up to double-9 sets
# Numbers of a board too big for a page at their usual size (in cells, by digits) grow to these, so that smaller
# cells still carry them at 7 pt: two figures then fill about 0.6 of a cell's width, a digit 0.4 of its height.
DENSE_NUMBERS = {1: 0.7, 2: 0.6}
# ... and a solution's dominoes grow by the first (in cells, each side) and take the second as their line width.
DENSE_TILES = (0.015, 0.035)
# Boards of sets larger than this carry row and column numbers on their puzzle and solution pages, at this size
# (in cells): the size dense two-figure numbers take, so the numbers never need a bigger cell than the board's.
LABELLED_ORDER = 12
EDGE_NUMBERS = 0.6
KDP_WIDEST = 8.5 * INCH  # the widest trim Amazon KDP prints; a wider custom trim is refused there
PIPS = 5  # the difficulty marker: 1 to 5 marks for a puzzle's place within its grade

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
    N_("Each puzzle is a grid of numbers hiding a full set of dominoes: every pair of numbers from 0 up to the "
    "largest, each exactly once. A double-6 set, for instance, has 28 dominoes, from 0-0, 0-1 and so on up to 6-6."),
    N_("Find where every domino lies. Outline each pair of neighbouring cells that make a domino, so that every cell "
    "belongs to exactly one domino and no domino appears twice. Dominoes printed shaded are given to start you off."),
    N_("The faded double lines between cells are there for your pencil: draw a bar over them between two cells that "
    "cannot belong to the same domino. Every puzzle has exactly one solution, found by reasoning alone; the "
    "solutions are at the back. Cell r4c7 is in row 4, column 7."),
)
_EXAMPLE_STEPS = (
    N_("1. The 0-0 can only go where two 0s touch, and they touch in one place only: at the top of the right-hand "
    "column. Outline it."),
    N_("2. Now the 1 in the bottom right corner has one neighbour left, the 2 beside it: that is the 1-2 (dashed). "
    "With the 1-2 used, the 1 at the top of the third column cannot join the 2 below it: draw a bar between them. "
    "That 1 can only join the 1 on its left: outline the 1-1."),
    N_("3. Carry on the same way, one cell with a single choice at a time, until every cell is in a domino."),
)


class BookError(ValueError):
    """A book that cannot be made as asked (no puzzles, too many to a page, a wrong solution); the message says
    what to change."""


@dataclass(frozen=True)
class BookEntry:
    """One puzzle of a book: the puzzle, its solution, and (when rated) its grade's name and score; ``section``
    puts it in a section of that name rather than its grade's (a book's shaped puzzles), and ``shape`` names the
    shape it is drawn as, for its caption."""

    puzzle: Puzzle
    solution: Solution
    grade: str | None = None
    score: float | None = None
    section: str | None = None
    shape: str | None = None


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
    """What the copyright page states besides the title and author: year, ISBN, publisher, the seed the
    puzzles were generated from (so the book can be rebuilt), and the book's volume in a series (also under the
    title on the title page), each left out when None."""

    year: int | None = None
    isbn: str | None = None
    publisher: str | None = None
    seed: int | None = None
    volume: int | None = None


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
    checklist_box: float


_NORMAL = _Type(32, 13, 17, 10, 11, 8.5, 9, 8, 16, 14, 40, 14, 9.5)
_LARGE = _Type(40, 20, 24, 16, 16, 16, 16, 16, 34, 22, 60, 20, 16)


def smallest_cell(floor: float, diagrams) -> float:
    """The smallest cell (points) that keeps the numbers (and the row and column labels, where drawn) of every
    diagram at :data:`MIN_TEXT` or more, and at least ``floor``."""
    texts = [layer for d in diagrams for role in ("numbers", "labels") for layer in d.layer(role)]
    sizes = [layer.size for layer in texts if layer.size > 0]
    return max([floor, *(MIN_TEXT / size for size in sizes)])


def group_sections(
    entries: Sequence[BookEntry], grade_order: Sequence[str] | None = None
) -> list[tuple[str, list[BookEntry]]]:
    """The entries grouped by grade in rising difficulty, smaller boards first within a grade.

    Grades come in ``grade_order`` when given, then in the order of the rating engine's grades
    (``dominosa.deductions.grades.GRADES``), then any others in the order they first appear; ungraded entries
    make the last section, or the only one, ``Puzzles``. An entry with a ``section`` goes to the section of that
    name, after the grades' sections. Within a section, smaller boards come first, then lower scores.
    """
    groups: dict[str | None, list[BookEntry]] = {}
    for entry in entries:
        groups.setdefault(entry.section or entry.grade, []).append(entry)
    known = [*(grade_order or ()), *_engine_grades()]
    order = list(dict.fromkeys(g for g in known if g in groups))
    order += [g for g in groups if g is not None and g not in order]
    named: list[tuple[str, list[BookEntry]]] = [(g, groups[g]) for g in order]
    if None in groups:
        named.append((UNGRADED if named else N_("Puzzles"), groups[None]))
    return [(name, sorted(group, key=_climb)) for name, group in named]


def _climb(entry: BookEntry) -> tuple[int, int, float]:
    """Within a section, easier grades first (a section of shaped puzzles holds several), then smaller boards,
    and on a board of one size the lower scores first, so the section climbs."""
    grades = _engine_grades()
    rank = grades.index(entry.grade) if entry.grade in grades else len(grades)
    return rank, len(entry.puzzle.board), entry.score if entry.score is not None else 0.0


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


# Sections named for the reader where the engine's name would mislead: trivial puzzles are the book's warm-up.
SECTION_NAMES = {"trivial": N_("Warm-up")}

# The headings and captions of shaped puzzles (``book --shapes``): the section's name and each shape of the
# library, marked here so that the catalogs carry them (tests/test_rendering_i18n.py checks the list is whole).
SHAPE_WORDS = (
    N_("Shapes"),
    N_("Arrow"),
    N_("Butterfly"),
    N_("Cross"),
    N_("Diamond"),
    N_("Fish"),
    N_("Heart"),
    N_("House"),
    N_("Ring"),
    N_("Star"),
    N_("Tree"),
)


def display_name(grade: str) -> str:
    """A grade as a heading shows it: ``hard`` becomes ``Hard``, ``trivial`` the ``Warm-up`` (in the language in
    use: the engine's grades are in the catalogs, a file's own grade names are printed as they are)."""
    return tr(SECTION_NAMES.get(grade) or grade[:1].upper() + grade[1:])


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


def compose_book(entries: Sequence[BookEntry], *, lang: str = "en", **options) -> BookLayout:
    """Lay the book out in language ``lang`` (``en``, ``de``, ``fr`` or ``es``; see
    :mod:`dominosa.rendering.i18n`): every word it prints, the engine's sentences included. The options are
    :func:`_compose_book`'s."""
    from dominosa.rendering.i18n import check_language

    try:
        check_language(lang)
    except ValueError as error:
        raise BookError(str(error)) from None
    with use_language(lang):
        return _compose_book(entries, **options)


def _compose_book(
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
    checklist: bool = True,
    techniques: bool = True,
    hints: bool = False,
    examples: Sequence[Puzzle] | None = None,
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
    checklist : a domino tick-off triangle beside or under each puzzle of a full set up to double-9.
    techniques : a solving-techniques chapter before the puzzles: each technique the puzzles need, at work in
        one of them (see :mod:`dominosa.rendering.lessons`).
    hints : a hints section before the solutions: each puzzle's first hard step, where and which technique.
    examples : puzzles made for the techniques chapter and printed nowhere else (see
        :mod:`dominosa.rendering.lessons`), so no lesson gives a book puzzle away; None takes the positions from
        the book's own puzzles.

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
    _check_letter_count((title, subtitle, author, imprint.publisher))
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
    _refuse_unfit([entry.puzzle for entry in entries], trim, gutter_for(1), kind, per_page, asked, solutions_per_page)

    numbered: list[tuple[str, list[tuple[int, BookEntry, Diagram]]]] = []
    for number, name, entry in book_order(entries, grade_order):
        if not numbered or numbered[-1][0] != name:
            numbered.append((name, []))
        numbered[-1][1].append((number, entry, _board(entry.puzzle, style=look)))
    solved = [
        (n, _board(entry.puzzle, solution=entry.solution, style=look))
        for _, items in numbered
        for n, entry, _ in items
    ]
    marks = difficulty_marks(numbered)
    from dominosa.rendering.lessons import first_hard_step  # loads the engine: only when used

    in_order = [(n, entry) for _, items in numbered for n, entry, _ in items]
    shows = lesson_shows({}, *_content_box(trim, gutter_for(1), kind), kind, look)
    lessons = _find_lessons([(n, entry.puzzle) for n, entry in in_order], examples, shows) if techniques else []
    found = [first_hard_step(n, entry.puzzle, entry.grade) for n, entry in in_order] if hints else []
    hint_list = [hint for hint in found if hint is not None]
    extras = _Extras(lessons, hint_list, look)
    sizes_vary = len({(e.puzzle.order, len(e.puzzle.board)) for e in entries}) > 1

    gutter = gutter_for(1)
    for _ in range(5):  # the gutter depends on the page count, which may depend on the gutter: settle both
        plan = _plan(
            numbered,
            solved,
            trim,
            gutter,
            kind,
            per_page,
            solutions_per_page,
            min_pages,
            asked=asked,
            tick=checklist,
            extras=extras,
        )
        settled = gutter_for(plan.pages)
        if settled == gutter:
            break
        gutter = settled

    subject = ngettext("{count} Dominosa puzzle with its solution", "{count} Dominosa puzzles with solutions",
                       len(entries)).format(count=count_text(len(entries)))  # fmt: skip
    doc = PdfDocument(title=title, author=author, subject=subject, language=pdf_language())
    sections_at = [(display_name(name), page) for name, page in plan.section_pages]
    howto_page = next(n for n, job in enumerate(plan.jobs, 1) if job[0] == "howto")
    contents = [(tr("How to play"), howto_page)]
    contents += [(tr(name), page) for name, page in plan.chapter_pages if name == "Solving techniques"]
    contents += [*sections_at, *((tr(n), p) for n, p in plan.chapter_pages if n == "Hints")]
    contents.append((tr("Solutions"), plan.solutions_page))
    notes_page = next((n for n, job in enumerate(plan.jobs, 1) if job[0] == "notes"), None)
    if notes_page is not None:
        contents.append((tr("Notes"), notes_page))
    subtitle = subtitle or (
        ngettext("{count} puzzle with its solution", "{count} puzzles with solutions", len(entries)).format(
            count=count_text(len(entries))
        )
        if len(entries) > 1
        else tr("one puzzle with its solution")
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
            _title_page(context, title, subtitle, author, imprint.volume)
        elif job[0] == "contents":
            _contents_page(context, contents, [name for name, _ in numbered])
        elif job[0] == "howto":
            _howto_page(context, job[1], job[2])
        elif job[0] == "puzzles":
            _puzzle_page(context, job[1], job[2], job[3], marks, sizes_vary)
        elif job[0] == "solutions":
            _solution_page(context, job[1], job[2])
        elif job[0] == "lessons":
            _lessons_page(context, job[1], job[2])
        elif job[0] == "hints":
            _hints_page(context, job[1], job[2])
        elif job[0] == "copyright":
            _copyright_page(context, title, author, imprint)
        elif job[0] == "notes":
            _notes_page(context)
        if job[0] not in ("title", "copyright", "contents", "blank"):
            _folio(context)
    _preflight(doc, frames)
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


def _preflight(doc: PdfDocument, frames: Sequence[PageFrame]) -> None:
    """Stop the build on the first page a print service would flag (:mod:`dominosa.rendering.preflight`):
    never a PDF with a broken page."""
    from dominosa.rendering.preflight import first_problem

    problem = first_problem(doc.pages, [frame.safe for frame in frames])
    if problem is not None:
        raise BookError(f"preflight: {problem.line()}; the book was not written")


def _check_letter_count(texts: Sequence[str | None]) -> None:
    """Refuse names that together use more letters from outside Windows-1252 than a PDF of ours can hold (a few
    codes are kept for the book's own words, such as French's narrow no-break space)."""
    beyond = sorted({c for text in texts if text for c in text if c.encode("cp1252", errors="ignore") == b""})
    if len(beyond) > len(SPARE_CODES) - 5:
        raise BookError(
            f"the title, author and publisher use {len(beyond)} letters from outside Western Europe's set"
            f" ({''.join(beyond[:8])}...): the book can print at most {len(SPARE_CODES) - 5}"
        )


def _check_printable(label: str, text: str | None) -> None:
    """Refuse text the book's fonts cannot set (they and their stand-ins cover the Latin letters of Europe)."""
    bad = None if text is None else unprintable(text, TEXT) or unprintable(text, DISPLAY)
    if bad is not None:
        raise BookError(
            f"the {label} {text!r} uses {bad!r}, which the book's fonts cannot print (they cover the Latin"
            " letters of European languages)"
        )


# -- planning --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Grid:
    """Slots on a page: ``cols`` x ``rows``, the size of one cell in points, and where each puzzle's checklist
    goes (``aside``, ``below`` or None) with the size of its boxes."""

    cols: int
    rows: int
    cell: float
    checklist: str | None = None
    box: float = 0.0
    dims: tuple[float, float] = (0.0, 0.0)  # the section's widest and tallest diagram, in cells


@dataclass
class _Plan:
    jobs: list[tuple]
    section_pages: list[tuple[str, int]]
    solutions_page: int
    chapter_pages: list[tuple[str, int]] = dataclasses.field(default_factory=list)

    @property
    def pages(self) -> int:
        return len(self.jobs)


@dataclass(frozen=True)
class _Extras:
    """What the book teaches besides the puzzles: the techniques chapter's lessons and the hints."""

    lessons: list[Lesson]
    hints: list[Hint]
    style: Style


def _content_box(trim: Trim, gutter: float, kind: _Type) -> tuple[float, float]:
    """Width and height left for diagrams between the running head and the page number."""
    width = trim.width - gutter - OUTSIDE_MARGIN
    height = trim.height - 2 * OUTSIDE_MARGIN - _head_height(kind) - _foot_height(kind)
    return width, height


def _head_height(kind: _Type) -> float:
    return kind.head * 1.2 + kind.gap * 0.6


def _foot_height(kind: _Type) -> float:
    return kind.folio * 1.2 + kind.gap * 0.6


def _plan(
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
    extras: _Extras | None = None,
) -> _Plan:
    """The page jobs in order, and where each section starts, for this gutter. A ``per_page`` the user did not
    ask for (``asked`` False) drops to the most that keep numbers legible; one asked for is refused instead."""
    width, height = _content_box(trim, gutter, kind)
    howto = [("howto", *part) for part in _howto_parts(trim, gutter, kind)]
    jobs: list[tuple] = [("title",), ("copyright",), ("contents",), *howto]
    chapters: list[tuple[str, int]] = []
    if extras is not None and extras.lessons:
        chapters.append(("Solving techniques", len(jobs) + 1))
        for k, blocks in enumerate(_lesson_pages(extras.lessons, width, height, kind, extras.style)):
            jobs.append(("lessons", blocks, _lessons_intro(extras.lessons) if k == 0 else None))
    starts = []
    for name, items in numbered:
        caption = _caption_height(kind)
        fit = _legible([d for _, _, d in items], width, height, caption, kind, kind.min_cell)
        if not fit.most:
            raise BookError(_no_room([e.puzzle for _, e, _ in items], trim, gutter, kind, per_page if asked else 1))
        items = [(n, entry, drawn) for (n, entry, _), drawn in zip(items, fit.diagrams, strict=True)]
        orders = {entry.puzzle.order for _, entry, _ in items if entry.puzzle.is_full_set}
        full = all(entry.puzzle.is_full_set for _, entry, _ in items)
        ticks = max(orders) if tick and full and orders and max(orders) <= CHECKLIST_MAX_ORDER else None
        count = per_page if asked else min(fit.most, per_page)
        grid = _fit_ticked(count, width, height, fit.dims, caption, kind, ticks, fit.floor)
        if grid.cell < fit.floor - 1e-9:
            raise BookError(_too_many(per_page, grid.cell, fit, trim))
        grid = dataclasses.replace(grid, dims=fit.dims)  # one grid for the section's boards, page after page
        starts.append((name, len(jobs) + 1))
        for k in range(0, len(items), count):
            jobs.append(("puzzles", name, items[k : k + count], grid))
    caption = kind.label * 1.5
    fit = _legible([d for _, d in solved], width, height, caption, kind, kind.min_solution_cell)
    if not fit.most:
        raise BookError(_no_room([e.puzzle for _, items in numbered for _, e, _ in items], trim, gutter, kind, 1))
    solved = [(n, drawn) for (n, _), drawn in zip(solved, fit.diagrams, strict=True)]
    if solutions_per_page is None:
        solutions_per_page = fit.most
    grid = _fit(solutions_per_page, width, height, fit.dims, caption, kind)
    if grid.cell < fit.floor - 1e-9:
        raise BookError(_too_many_solutions(solutions_per_page, grid.cell, fit))
    if extras is not None and extras.hints:
        chapters.append(("Hints", len(jobs) + 1))
        for k, chunk in enumerate(_hint_pages(extras.hints, width, height, kind)):
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
    return _Plan(jobs, starts, first_solution, chapters)


def _fit(
    count: int,
    width: float,
    height: float,
    dims: tuple[float, float],
    caption: float,
    kind: _Type,
    aside: tuple[float, float] = (0.0, 0.0),
) -> _Grid:
    """The arrangement of ``count`` slots that gives the biggest cells, capped at the style's largest; ``aside``
    is the room (width, height) each slot keeps beside or below its diagram."""
    best = _Grid(1, count, 0.0)
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        slot_w = (width - (cols - 1) * kind.gap) / cols - aside[0]
        slot_h = (height - (rows - 1) * kind.gap) / rows - caption - aside[1]
        cell = min(slot_w / dims[0], slot_h / dims[1])
        if cell > best.cell + 1e-9:
            best = _Grid(cols, rows, cell)
    return _Grid(best.cols, best.rows, min(best.cell, kind.max_cell))


def _checklist_size(order: int, box: float) -> float:
    """The side of a double-``order`` checklist: a header row and column, and a box for each number."""
    return (order + 2) * box


def _fit_ticked(count, width, height, dims, caption, kind, ticks: int | None, floor: float) -> _Grid:
    """As :func:`_fit`, with each puzzle's checklist beside its grid or under it, whichever leaves bigger cells;
    without one when neither leaves cells of at least ``floor``."""
    plain = _fit(count, width, height, dims, caption, kind)
    if ticks is None:
        return plain
    options = []
    for box in (kind.checklist_box * f for f in (1.5, 1.25, 1.0)):  # the largest boxes that cost no cell size
        side = _checklist_size(ticks, box) + kind.gap
        options += [
            dataclasses.replace(_fit(count, width, height, dims, caption, kind, (side, 0)), checklist="aside", box=box),
            dataclasses.replace(_fit(count, width, height, dims, caption, kind, (0, side)), checklist="below", box=box),
        ]
    biggest = max(g.cell for g in options)
    ticked = next(g for g in options if g.cell >= biggest * 0.995)
    return ticked if ticked.cell >= floor - 1e-9 else plain


def _most_that_fit(width, height, dims, caption, kind, smallest) -> int:
    """The largest count (up to 24) whose cells are at least ``smallest`` points; 0 if not even one."""
    most = 0
    for count in range(1, 25):
        if _fit(count, width, height, dims, caption, kind).cell >= smallest:
            most = count
    return most


@dataclass(frozen=True)
class _Legible:
    """Diagrams as a page will draw them, their largest size in cells, the smallest cell that keeps their
    numbers at :data:`MIN_TEXT`, and how many fit a page at that cell (0: not one)."""

    diagrams: list[Diagram]
    dims: tuple[float, float]
    floor: float
    most: int


def _legible(diagrams: Sequence[Diagram], width, height, caption, kind, min_cell: float) -> _Legible:
    """The diagrams at their usual proportions when at least one fits a page; otherwise, in normal print, with
    their numbers grown to :data:`DENSE_NUMBERS` of a cell, so that a big board (a double-40 on a letter page)
    prints in smaller cells with its numbers still at 7 pt. Large print keeps its promise of big cells."""
    dims = (max(d.width for d in diagrams), max(d.height for d in diagrams))
    floor = smallest_cell(min_cell, diagrams)
    most = _most_that_fit(width, height, dims, caption, kind, floor)
    if most or kind is _LARGE:
        return _Legible(list(diagrams), dims, floor, most)
    dense = [_dense(d) for d in diagrams]
    floor = smallest_cell(0.0, dense)
    return _Legible(dense, dims, floor, _most_that_fit(width, height, dims, caption, kind, floor))


def _dense(diagram: Diagram) -> Diagram:
    """The diagram with its numbers as large as a cell holds them (:data:`DENSE_NUMBERS`), and a solution's
    dominoes drawn a little wider and with a finer line (:data:`DENSE_TILES`), so that two figures do not touch
    their domino's edge."""
    grow, line = DENSE_TILES
    layers = []
    for layer in diagram.layers:
        if layer.role == "numbers":
            digits = max(len(text) for _, _, text in layer.items)
            layer = dataclasses.replace(layer, size=max(layer.size, DENSE_NUMBERS.get(digits, layer.size)))
        elif layer.role == "tiles":
            boxes = [(x - grow, y - grow, w + 2 * grow, h + 2 * grow) for x, y, w, h in layer.items]
            layer = dataclasses.replace(layer, items=boxes, width=min(layer.width, line))
        layers.append(layer)
    return dataclasses.replace(diagram, layers=layers)


def _no_room(puzzles: Sequence[Puzzle], trim: Trim, gutter: float, kind: _Type, per_page: int) -> str:
    """Why not one of these puzzles fits a page of this trim with its numbers at 7 pt, and the preset trims that
    would hold it (one a page, when that is the most they hold), or the smallest trim that would."""
    from dominosa.rendering.pages import TRIMS

    biggest = _biggest(puzzles)
    what = f"a double-{biggest.order} puzzle ({biggest.board.rows}×{biggest.board.cols} cells)"
    diagrams = [_board(biggest)]
    caption = _caption_height(kind)
    roomy, single = [], []
    for other in dict.fromkeys(TRIMS.values()):
        if (other.width, other.height) in {(t.width, t.height) for t in roomy + single}:
            continue  # letter is 8.5x11in by another name
        most = _legible(diagrams, *_content_box(other, gutter, kind), caption, kind, kind.min_cell).most
        if most >= per_page:
            roomy.append(other)
        elif most:
            single.append(other)
    legible = f"with its numbers at {MIN_TEXT:g} pt or more" if kind is not _LARGE else "in large print"
    head = f"{what} does not fit on {trim.name} pages {legible}"
    if roomy:
        also = f" (or {_names(single)} with --per-page 1)" if single else ""
        return f"{head}: use a larger trim, --trim {_names(roomy)}{also}"
    if single:
        most = "one puzzle per page is the most (--per-page 1)"
        return f"{head}: use a larger trim, --trim {_names(single)}, where {most}"
    drawn = diagrams if kind is _LARGE else [_dense(d) for d in diagrams]
    cell = smallest_cell(kind.min_cell if kind is _LARGE else 0.0, drawn)
    need_w = drawn[0].width * cell + gutter + OUTSIDE_MARGIN
    need_h = drawn[0].height * cell + caption + _head_height(kind) + _foot_height(kind) + 2 * OUTSIDE_MARGIN
    size = f"{math.ceil(need_w / INCH * 10) / 10:g}x{math.ceil(need_h / INCH * 10) / 10:g}in"
    if need_w <= KDP_WIDEST + 1e-9:
        larger = f"use a larger trim of at least {size} (--trim {size}), one puzzle a page"
        return f"{head}, nor does any preset trim: {larger}"
    smaller = _largest_order_on(TRIMS["letter"], gutter, kind, biggest.order) if biggest.is_full_set else None
    instead = f": use --order {smaller} or less" if smaller else ""
    return (
        f"{head}, nor on any trim Amazon KDP prints: it needs pages {math.ceil(need_w / INCH * 10) / 10:g} in wide,"
        f" and KDP prints up"
        f" to {KDP_WIDEST / INCH:g} in{instead} (or --trim {size} for a printer that takes wider pages)"
    )


def _largest_order_on(trim: Trim, gutter: float, kind: _Type, below: int) -> int | None:
    """The largest set under double-``below`` whose standard board fits a page of ``trim`` legibly, or None."""
    caption = _caption_height(kind)
    for order in range(below - 1, 0, -1):
        side = order + 1
        stand_in = Puzzle.from_grid([[row] * (side + 1) for row in range(side)])
        if _legible([_board(stand_in)], *_content_box(trim, gutter, kind), caption, kind, kind.min_cell).most:
            return order
    return None


def _too_many(per_page: int, cell: float, fit: _Legible, trim: Trim) -> str:
    """Why ``per_page`` puzzles a page is too many, and the most that fit."""
    return (
        f"{per_page} puzzles per page leave cells {cell:.0f} pt wide on a {trim.name} page "
        f"(at least {fit.floor:.3g} pt keeps numbers at {MIN_TEXT:g} pt): "
        + (
            "one puzzle per page is the most (--per-page 1), or use a larger trim"
            if fit.most == 1
            else f"use --per-page {fit.most} or less, or a larger trim"
        )
    )


def _too_many_solutions(count: int, cell: float, fit: _Legible) -> str:
    """Why ``count`` solutions a page is too many, and the most that fit."""
    return (
        f"{count} solutions per page leave cells {cell:.1f} pt wide, numbers under {MIN_TEXT:g} pt, which print"
        " services refuse: "
        + (
            "one solution per page is the most (--solutions-per-page 1)"
            if fit.most == 1
            else f"use --solutions-per-page {fit.most} or less"
        )
    )


def _refuse_unfit(
    puzzles: Sequence[Puzzle],
    trim: Trim,
    gutter: float,
    kind: _Type,
    per_page: int,
    asked: bool,
    solutions_per_page: int | None = None,
) -> None:
    """Refuse, before the book's slow work (lessons, hints), puzzles of which not one fits a page of this trim
    with its numbers at 7 pt, or more to a page than fit when ``asked`` (or than ``solutions_per_page``)."""
    caption = _caption_height(kind)
    width, height = _content_box(trim, gutter, kind)
    drawn = [_board(_biggest(puzzles))]
    fit = _legible(drawn, width, height, caption, kind, kind.min_cell)
    if not fit.most:
        raise BookError(_no_room(puzzles, trim, gutter, kind, per_page if asked else 1))
    if asked and fit.most < per_page:
        raise BookError(_too_many(per_page, _fit(per_page, width, height, fit.dims, caption, kind).cell, fit, trim))
    if solutions_per_page is not None:
        caption = kind.label * 1.5
        solved = _legible(drawn, width, height, caption, kind, kind.min_solution_cell)
        if solved.most < solutions_per_page:
            cell = _fit(solutions_per_page, width, height, solved.dims, caption, kind).cell
            raise BookError(_too_many_solutions(solutions_per_page, cell, solved))


def check_order_fits(
    order: int,
    trim: str | Trim,
    *,
    large_print: bool = False,
    per_page: int | None = None,
    solutions_per_page: int | None = None,
    count: int = 1,
) -> None:
    """Refuse a book of ``count`` double-``order`` puzzles that cannot be printed on ``trim`` with numbers at
    :data:`MIN_TEXT` (or ``per_page`` to a page), before a single puzzle is made: making them may take long.

    Raises ``BookError`` naming the trims that would fit, as the finished layout would.
    """
    trim = parse_trim(trim)
    kind = _LARGE if large_print else _NORMAL
    side = order + 1
    stand_in = Puzzle.from_grid([[row] * (side + 1) for row in range(side)])
    pages = 10 + 2 * count  # at most: one puzzle and one solution a page; the widest gutter it may need
    _refuse_unfit([stand_in], trim, gutter_for(pages), kind, per_page or 1, per_page is not None, solutions_per_page)


def _biggest(puzzles: Sequence[Puzzle]) -> Puzzle:
    """The puzzle with the biggest board (the largest numbers among equals): the hardest to fit on a page."""
    return max(puzzles, key=lambda p: (p.board.rows * p.board.cols, p.order))


def _names(trims: Sequence[Trim]) -> str:
    names = [t.name for t in trims]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


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
    baseline = c.bottom + font_metrics(LABEL).descent * c.kind.folio / 1000  # its descent inside the safe area
    if c.frame.recto:
        c.page.text(c.right, baseline, str(c.frame.number), size=c.kind.folio, anchor="end", bold=LABEL)
    else:
        c.page.text(c.left, baseline, str(c.frame.number), size=c.kind.folio, bold=LABEL)


def _running_head(c: _Context, inner: str, outer: str = "") -> None:
    """The head of a page: what part of the book it is on the spine side, what it holds (puzzle numbers) on the
    outside edge, where a thumb flicking through finds it; a hairline under both."""
    k = c.kind
    baseline = c.top + k.head
    near, far = (c.left, c.right) if c.frame.recto else (c.right, c.left)
    inner = inner.upper()
    c.page.text(near, baseline, inner, size=k.head, bold=LABEL, anchor="start" if c.frame.recto else "end",
                colour=GREY)  # fmt: skip
    if outer and not _heads_fit(c, inner, outer):
        outer = ""  # the part of the book says enough where both do not fit the line
    if outer:
        c.page.text(far, baseline, outer, size=k.head, bold=LABEL_BOLD, anchor="end" if c.frame.recto else "start")
    rule = baseline + k.head * 0.45
    c.page.rect(c.left, rule - 0.2, c.right - c.left, 0.4, fill=RULE)


def _heads_fit(c: _Context, inner: str, outer: str) -> bool:
    """Whether a running head's two parts fit its line with a clear space (two ems) between them."""
    used = text_width(inner.upper(), c.kind.head, bold=LABEL) + text_width(outer, c.kind.head, bold=LABEL_BOLD)
    return used + 2 * c.kind.head <= c.right - c.left


def _content_top(c: _Context) -> float:
    return c.top + _head_height(c.kind)


def _title_page(c: _Context, title: str, subtitle: str, author: str | None, volume: int | None = None) -> None:
    """The title page: the title large in the book's display face (with "Volume N" under it in a series), the
    subtitle, a solved board as the ornament, and the author at the foot, as a publisher sets it."""
    k = c.kind
    width = c.right - c.left
    y = c.top + (c.bottom - c.top) * 0.14
    title_size = k.title * 1.25
    lines = _wrap(title, title_size, width, bold=DISPLAY)
    while title_size > k.heading and (
        len(lines) > 2 or any(text_width(line, title_size, bold=DISPLAY) > width for line in lines)
    ):  # two lines at most, none wider than the page
        title_size -= 1
        lines = _wrap(title, title_size, width, bold=DISPLAY)
    for line in lines:
        y += title_size * 1.1
        c.page.text(c.middle, y, line, size=title_size, bold=DISPLAY, anchor="middle")
    if volume is not None:
        size = k.subtitle * 1.15
        # below the title's descent, its own ascent clear of it (the fonts' own measures)
        y += -font_metrics(DISPLAY).descent * title_size / 1000 + font_metrics(TEXT_BOLD).ascent * size / 1000 * 0.8
        volume_line = tr("Volume {number}").format(number=volume)
        c.page.text(c.middle, y, volume_line, size=size, bold=TEXT_BOLD, anchor="middle")
        y += k.subtitle * 0.4
    y += k.subtitle * 0.9
    c.page.line(c.middle - width * 0.12, y, c.middle + width * 0.12, y, width=0.8, colour=c.style.ink)
    for line in _wrap(subtitle, k.subtitle, width, bold=TEXT):
        y += k.subtitle * 1.9
        c.page.text(c.middle, y, line, size=k.subtitle, bold=TEXT, anchor="middle", colour=GREY)
    foot = c.bottom - k.subtitle
    if author:
        c.page.text(c.middle, foot, author, size=k.subtitle * 1.15, bold=TEXT, anchor="middle")
        foot -= k.subtitle * 3
    example = _diagram(_example_puzzle(), solution=_EXAMPLE_SOLUTION, style=c.style)
    room = foot - y - 3 * k.gap
    cell = min(room / example.height, width * 0.5 / example.width, k.max_cell * 0.8)
    if cell >= smallest_cell(k.min_solution_cell, [example]):
        _draw(c, example, c.middle - example.width * cell / 2, y + 1.5 * k.gap + (room - example.height * cell) / 2,
              cell)  # fmt: skip


def _contents_page(c: _Context, contents, grades: Sequence[str]) -> None:
    """The contents, on a page of their own: each part with the page it starts on; under them, what each grade
    of the book asks of a solver, in the techniques' names (the list closes up when both would not fit: large
    print on a small trim, or a language whose words run longer)."""
    k = c.kind
    y = c.top + k.heading * 3
    c.page.text(c.left, y, tr("Contents"), size=k.heading * 1.3, bold=DISPLAY)
    y += k.heading * 1.5
    lines: list[tuple[str, str]] = [(tr("The grades, easiest first"), LABEL_BOLD)]
    for name, meaning in grade_meanings(grades):
        text = f"{display_name(name)}: {meaning[:1].upper()}{meaning[1:]}"
        lines += [(line, TEXT) for line in _wrap(text, k.label, c.right - c.left, bold=TEXT)]
    lead = k.label * 1.45
    limit = c.bottom - _foot_height(k)
    step = k.body * 2.2
    if len(lines) > 1:
        room = limit - lead * (len(lines) - 1) - k.body * 3 - y
        step = max(k.body * 1.5, min(step, room / max(1, len(contents))))
    widest = max((str(number) for _, number in contents), key=lambda n: text_width(n, k.body * 1.1, bold=LABEL))
    for name, number in contents:
        y += step
        _leader_line(c, y, name, str(number), k.body * 1.1, widest)
    if len(lines) == 1:
        return
    y = max(y + k.body * 3, limit - lead * (len(lines) - 1))
    for line, face in lines:
        c.page.text(c.left, y, line, size=k.label, bold=face, colour="#000000" if face == TEXT else GREY)
        y += lead


def _leader_line(c: _Context, y: float, left: str, right: str, size: float, widest: str = "") -> None:
    """``left ........ right`` across the safe area, as a table of contents sets it: the dots on one grid from
    line to line (each at a whole number of dot steps from the left edge) and all ending short of the widest
    page number (``widest``), so they stand in columns down the page."""
    c.page.text(c.left, y, left, size=size, bold=TEXT)
    c.page.text(c.right, y, right, size=size, anchor="end", bold=LABEL)
    dot = text_width(". ", size, bold=TEXT)
    start = c.left + text_width(left, size, bold=TEXT) + size * 0.6
    start = c.left + math.ceil((start - c.left) / dot) * dot
    stop = c.right - text_width(widest or right, size, bold=LABEL) - size * 0.6
    count = int((stop - start + dot - text_width(".", size, bold=TEXT)) / dot)
    if count > 0:
        c.page.text(start, y, (". " * count).rstrip(), size=size, colour=GREY, bold=TEXT)


def _howto_page(c: _Context, part: str = "all", cols: int = 3, *, clip: bool = True) -> float:
    """How to play: the rules, then the worked example (``part`` is ``all``, ``rules`` or ``example``, for when
    the whole does not fit one page), its pictures ``cols`` to a row. Returns the last baseline, so the plan
    can measure it first."""
    k = c.kind
    lead = k.body * 1.35
    y = c.top + k.heading * 1.1  # the display face rises a little above its size
    if part in ("all", "rules"):
        c.page.text(c.left, y, tr("How to play"), size=k.heading, bold=DISPLAY)
        y += k.heading * 0.5
        for paragraph in _RULES_TEXT:
            y = _paragraph(c, tr(paragraph), y + lead + k.body * 0.4, clip=clip)
        if part == "rules":
            return y
        y += lead + k.body * 1.2
        c.page.text(c.left, y, tr("A worked example"), size=k.body * 1.15, bold=TEXT_BOLD)
    else:
        c.page.text(c.left, y, tr("A worked example"), size=k.heading, bold=DISPLAY)
    y = _example_pictures(c, y + k.body * 0.8, cols)
    for step in _EXAMPLE_STEPS:
        y = _paragraph(c, tr(step), y + lead + k.body * 0.4, clip=clip)
    return y


def _example_pictures(c: _Context, top: float, cols: int) -> float:
    """The worked example in three numbered pictures, ``cols`` to a row; returns the labels' baseline."""
    k = c.kind
    width = c.right - c.left
    puzzle = _example_puzzle()
    pictures = [
        _diagram(puzzle, style=c.style),
        # Step 2 as its text tells it: the 0-0 in place, the 1-2 dashed, the bar, and the 1-1 it leaves. Nothing
        # shaded: shading means a given domino.
        _diagram(
            puzzle,
            joined=[_EXAMPLE_SOLUTION[2], _EXAMPLE_SOLUTION[1]],
            split=_EXAMPLE_WALLS,
            highlight_pairs=[_EXAMPLE_SOLUTION[5]],
            style=c.style,
        ),
        _diagram(puzzle, solution=_EXAMPLE_SOLUTION, style=c.style),
    ]
    pic_w, pic_h = pictures[0].width, pictures[0].height
    cell = _example_cell(width, cols, pic_w, k)
    y = top
    for row in range(math.ceil(3 / cols)):
        chunk = pictures[row * cols : (row + 1) * cols]
        x = c.left + (width - len(chunk) * pic_w * cell - (len(chunk) - 1) * k.gap) / 2
        label_y = y + pic_h * cell + k.caption * 1.4
        for number, picture in enumerate(chunk, row * cols + 1):
            _draw(c, picture, x, y, cell)
            c.page.text(x + pic_w * cell / 2, label_y, str(number), size=k.caption, bold=LABEL_BOLD, anchor="middle")
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
    example = _diagram(_example_puzzle())
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
    for k, line in enumerate(_wrap(text, size, c.right - c.left, bold=TEXT)):
        if k:
            y += size * 1.35
        if clip and y > limit:
            break
        c.page.text(c.left, y, line, size=size, bold=TEXT)
    return y


def _puzzle_page(c: _Context, section: str, items, grid: _Grid, marks: dict[int, int], sizes_vary: bool) -> None:
    first, last = items[0][0], items[-1][0]
    _running_head(c, display_name(section), _puzzles_span(first, last))
    k = c.kind
    caption_h = _caption_height(k)
    side = _checklist_size(items[0][1].puzzle.order, grid.box) if grid.checklist else 0.0
    # Every board of the section on one grid: its block placed where the section's widest and tallest would be
    # centred, so boards of different shapes and sizes share their left edge and top from page to page.
    widest = max(grid.dims[0], max(picture.width for _, _, picture in items)) * grid.cell
    tallest = max(grid.dims[1], max(picture.height for _, _, picture in items)) * grid.cell
    for slot, (x, y, slot_w, slot_h) in zip(items, _slots(c, grid, caption_h), strict=False):
        number, entry, picture = slot
        h = picture.height * grid.cell
        grid_w = widest + (side + k.gap if grid.checklist == "aside" else 0.0)
        grid_h = tallest + (side + k.gap if grid.checklist == "below" else 0.0)
        block_top = y + (slot_h - grid_h) / 2
        dx = x + (slot_w - grid_w) / 2
        board_left = dx + MARGIN * grid.cell
        baseline = block_top + k.caption
        caption = tr("Puzzle {number}").format(number=number)
        c.page.text(board_left, baseline, caption, size=k.caption, bold=LABEL_BOLD)
        right = dx + widest - MARGIN * grid.cell if grid.checklist != "aside" else dx + grid_w
        start = board_left + text_width(caption, k.caption, bold=LABEL_BOLD) + k.label * 0.6
        _marker(c, right, baseline, entry, marks.get(number), sizes_vary, start)
        top = block_top + caption_h
        _draw(c, picture, dx, top, grid.cell)
        if grid.checklist == "aside":
            _checklist(c, dx + grid_w - side, top + MARGIN * grid.cell, entry.puzzle.order, grid.box)
        elif grid.checklist == "below":
            _checklist(c, board_left, top + h + k.gap, entry.puzzle.order, grid.box)


def _caption_height(kind: _Type) -> float:
    return kind.caption * 1.7


def _marker(
    c: _Context,
    right: float,
    baseline: float,
    entry: BookEntry,
    pips: int | None,
    sizes_vary: bool,
    start: float = -math.inf,
) -> None:
    """The difficulty marker, set from the right: the grade in words, then ``pips`` of :data:`PIPS` filled marks
    for the puzzle's place within its grade (none when the book has no scores); the set and size only when the
    book's puzzles differ in them. Nothing crosses ``start`` (the caption's end): on a narrow board the grade
    goes first (the running head names it), then the set and size, then the marks."""
    k = c.kind
    size = k.label
    x = right
    if pips is not None and right - PIPS * (size * 0.56 + size * 0.22) < start:
        pips = None
    if pips is not None:
        radius = size * 0.28
        for mark in range(PIPS, 0, -1):
            cx = x - radius
            filled = mark <= pips
            _dot(c, cx, baseline - size * 0.33, radius, filled)
            x -= radius * 2 + size * 0.22
        x -= size * 0.35
    words = [display_name(entry.grade)] if entry.grade else []
    if entry.shape:
        words.insert(0, display_name(entry.shape))
    if sizes_vary:
        words.append(_size_words(entry))
    while words and x - text_width(" · ".join(words), size, bold=LABEL) < start:
        words.pop(0)
    if words:
        c.page.text(x, baseline, " · ".join(words), size=size, bold=LABEL, anchor="end", colour=GREY)


def _dot(c: _Context, cx: float, cy: float, r: float, filled: bool) -> None:
    """One mark of the difficulty marker: a filled disc, or a ring for a mark not earned."""
    layers = [Layer("circles", [(0.5, 0.5, 0.5)], fill=c.style.ink if filled else RULE)]
    if not filled:
        layers.append(Layer("circles", [(0.5, 0.5, 0.36)], fill=c.style.paper))
    c.page.diagram(Diagram(1.0, 1.0, layers, c.style.paper), cx - r, cy - r, 2 * r)


def _checklist(c: _Context, x: float, y: float, order: int, box: float) -> None:
    """The tick-off triangle of a double-``order`` set: the row of numbers on top, and each number's dominoes
    with it and every larger number, one box each, a staircase down the diagonal."""
    size = max(MIN_TEXT, box * 0.74)
    for n in range(order + 1):
        cx = x + (n + 1.5) * box
        c.page.text(cx, y + box * 0.75, str(n), size=size, bold=LABEL, anchor="middle", colour=GREY)
        row = y + (n + 1) * box
        c.page.text(x + (n + 0.5) * box, row + box * 0.75, str(n), size=size, bold=LABEL, anchor="middle",
                    colour=GREY)  # fmt: skip
        for m in range(n, order + 1):
            c.page.rect(x + (m + 1) * box, row, box, box, stroke=RULE, width=0.45)


def _size_words(entry: BookEntry) -> str:
    """The set and size of a puzzle, e.g. ``double-6 · 7×8``, for books whose puzzles differ in them."""
    puzzle = entry.puzzle
    board = puzzle.board
    cells, dominoes = len(board), len(puzzle.dominoes)
    size = f"{puzzle.rows}×{puzzle.cols}" if board.is_rectangle else ngettext("{n} cell", "{n} cells", cells).format(
        n=count_text(cells)
    )
    kind = (
        tr("double-{order}").format(order=puzzle.order)
        if puzzle.is_full_set
        else ngettext("{n} domino", "{n} dominoes", dominoes).format(n=count_text(dominoes))
    )
    return f"{kind} · {size}"


def difficulty_marks(numbered) -> dict[int, int]:
    """Each scored puzzle's place within its section as 1 to :data:`PIPS` marks: by the rank of its score
    among the section's scores (ties share the lower mark), so every grade's easiest fifth shows one mark and
    its hardest fifth five, whatever the scale of the scores."""
    marks: dict[int, int] = {}
    for _, items in numbered:
        scored = sorted(entry.score for _, entry, _ in items if entry.score is not None)
        for number, entry, _ in items:
            if entry.score is None or not scored:
                continue
            below = sum(1 for value in scored if value < entry.score)
            marks[number] = 1 + min(PIPS - 1, below * PIPS // len(scored))
    return marks


def _copyright_page(c: _Context, title: str, author: str | None, imprint: Imprint) -> None:
    """The verso of the title, as publishers set it at the foot of the page: title, © year and name (the
    author's, else the publisher's), the rights (only "All rights reserved" when no name is given), publisher
    and ISBN when given, the colophon, and the seed in small print."""
    k = c.kind
    size = k.label
    lead = size * 1.5
    lines: list[tuple[str, float, str, float]] = []  # text, size, face, space before

    def add(text: str, face: str = TEXT, gap: float = lead, text_size: float = size) -> None:
        for n, line in enumerate(_wrap(text, text_size, c.right - c.left, bold=face)):
            lines.append((line, text_size, face, gap if n == 0 else text_size * 1.45))

    if imprint.volume is not None:
        title = tr("{title}, Volume {number}").format(title=title, number=imprint.volume)
    add(title, TEXT_BOLD, 0.0)
    holder = author or imprint.publisher  # without an author, the publisher holds the rights
    owner = " ".join(str(part) for part in (imprint.year, holder) if part)
    add(tr("Copyright © {owner}").format(owner=owner) if owner else tr("Copyright ©"), gap=lead * 1.6)
    rights = tr("All rights reserved. No part of this book may be reproduced without the written permission of the "
                "copyright holder.")  # fmt: skip
    # With no name given, the notice stops at its first sentence rather than send readers to a holder it never
    # names ("All rights reserved.", in every language the book speaks).
    add(rights if holder else rights.split(". ")[0] + ".")
    if imprint.publisher:
        add(tr("Published by {publisher}").format(publisher=imprint.publisher), gap=lead * 1.6)
    if imprint.isbn:
        add(f"ISBN {imprint.isbn}", gap=lead if imprint.publisher else lead * 1.6)
    add(tr("Puzzles made and proved with dominosa: each has exactly one solution, reached by reasoning alone."),
        gap=lead * 1.6)  # fmt: skip
    if imprint.seed is not None:
        add(tr("Puzzle seed {seed}").format(seed=imprint.seed), LABEL, lead * 1.2, MIN_TEXT)
    height = sum(gap for _, _, _, gap in lines[1:])
    descent = -font_metrics(lines[-1][2]).descent * lines[-1][1] / 1000  # the last line's stays in the safe area
    y = max(c.top + size, c.bottom - descent - height)
    for n, (line, text_size, face, gap) in enumerate(lines):
        if n:
            y += gap
        c.page.text(c.left, y, line, size=text_size, bold=face, colour="#000000" if face != LABEL else GREY)


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
        names = [tr(t.label) for t in TECHNIQUES if lowest <= t.level <= level and not t.bookkeeping]
        if names:
            listed = ", ".join(names)
            out.append((name, tr("adds {techniques}.").format(techniques=listed) if out else f"{listed}."))
    return out


_LESSONS_INTRO = N_(
    "Every puzzle in this book yields to reasoning alone. Here are the techniques its puzzles need, easiest "
    "first, each shown at work in a small puzzle made for this chapter, so that no puzzle of the book is given "
    "away. Cells are named by row and column: r4c7 is the cell in row 4, column 7."
)
# The same, for a chapter shown in the book's own puzzles (a caller that gives no examples).
_LESSONS_INTRO_OWN = N_(
    "Every puzzle in this book yields to reasoning alone. Here are the techniques its puzzles need, easiest "
    "first, each shown in the position of the book where it first comes up. Cells are named by row and column: "
    "r4c7 is the cell in row 4, column 7."
)
# The chapter's key: what each mark of a lesson's figure means, each drawn on two blank cells as in the figures.
_LEGEND = (
    (N_("cell looked at"), {"highlight_cells": ((0, 0),)}),
    (N_("domino placed"), {"placed_pairs": (((0, 0), (0, 1)),)}),
    (N_("pair ruled out"), {"ruled_out_pairs": (((0, 0), (0, 1)),)}),
)
LEGEND_GAP = 1.6  # between two items of the key on one line, in body sizes
_HINTS_INTRO = N_(
    "Stuck? For each puzzle, its first hard step: the technique it takes (see Solving techniques) and the pair "
    "it decides."
)


@dataclass(frozen=True)
class _Block:
    """One technique of the chapter, measured: its picture and cell size, its lines, its height in points."""

    lesson: Lesson
    diagram: Diagram
    cell: float
    summary: list[str]
    sentence: list[str]
    height: float


# The largest the row and column labels of a technique's figure are set, in cells: below the numbers (half a
# cell), so the labels never compete with the puzzle.
LESSON_LABEL_MAX = 0.42


def _find_lessons(numbered: list[tuple[int, Puzzle]], examples: Sequence[Puzzle] | None, shows) -> list[Lesson]:
    """The chapter's lessons: each technique the book's puzzles need, shown in the examples made for the chapter
    (or, with none given, in the book's own puzzles), easiest first."""
    from dominosa.rendering.lessons import find_lessons, techniques_needed

    if examples is None:
        return find_lessons(numbered, shows)
    needed = techniques_needed(puzzle for _, puzzle in numbered)
    return find_lessons([(None, puzzle) for puzzle in examples], shows, needed)


def _lesson_block(lesson: Lesson, width: float, height: float, kind: _Type, style: Style) -> _Block:
    """One technique measured. Its figure carries the row and column labels (r1.., c1..) the sentence names
    cells by, so a reader need not count (see :func:`_lesson_figure`)."""
    position = dict(
        joined=lesson.joined,
        split=lesson.split,
        highlight_cells=lesson.cells,
        placed_pairs=lesson.placed,
        ruled_out_pairs=lesson.ruled_out,
        style=style,
    )
    diagram, cell = _lesson_figure(lesson, position, width, height, kind, style)
    told = tr(lesson.technique.summary)
    summary = _wrap(told[:1].upper() + told[1:] + ".", kind.body, width, bold=TEXT)
    said = sentence(lesson.sentence)
    if lesson.number is not None:  # a position from the book's own puzzles says which
        said = tr("Puzzle {number}: {sentence}").format(number=lesson.number, sentence=said)
    sentence_lines = _wrap(said, kind.label * 1.1, width, bold=TEXT)
    tall = _block_height(kind, summary, sentence_lines, diagram.height * cell)
    return _Block(lesson, diagram, cell, summary, sentence_lines, tall)


def _block_height(kind: _Type, summary: Sequence[str], sentence_lines: Sequence[str], figure: float) -> float:
    """The height a technique takes on the page with a figure ``figure`` points tall, as :func:`_lessons_page`
    sets it, the last line's descent included."""
    return (
        kind.body * 1.3 * 1.3
        + len(summary) * kind.body * 1.35
        + kind.gap * 0.8
        + figure
        + kind.gap * 0.6
        + len(sentence_lines) * kind.label * 1.1 * 1.35
        + kind.gap * 1.2
    )


def _block_within(lesson: Lesson, room: float, width: float, height: float, kind: _Type, style: Style) -> _Block | None:
    """The technique measured with its figure made smaller, step by step, until it takes at most ``room``
    points; its cells no smaller than ``kind`` allows, its numbers and labels at :data:`MIN_TEXT` or more.
    None when even the smallest does not fit."""
    for share in (0.8, 0.64, 0.5, 0.4, 0.3, 0.2):
        block = _lesson_block(lesson, width, height * share, kind, style)
        if block.height <= room:
            return block
    return None


# The tallest a whole board's figure may stand in the chapter, as a share of the content box's height; a board
# that would stand taller, or run wider than the box, is shown through a window (rendering/lesson_window.py).
LESSON_BOARD_HEIGHT = 0.6


def _lesson_figure(lesson: Lesson, position: dict, width: float, height: float, kind: _Type, style: Style):
    """The figure of a lesson and its cell (points): the whole board where it fits the page legibly, as the
    chapter has always shown it, else a window of the board around the cells the lesson marks."""
    puzzle = lesson.puzzle
    diagram, labelled, labelled_cell = _whole_board(puzzle, position, width, height, kind)
    if _board_fits(labelled, labelled_cell, width, height):
        return labelled, labelled_cell
    size = _lesson_label_size(_lesson_cell(diagram, width, height, kind))
    marked = marked_cells(lesson)
    rows, cols = _window_room(diagram, width, height, kind)
    if not fits_window(marked, rows, cols):
        # The chapter chooses examples a window holds (lesson_shows); should one not, the window shows the
        # pairs it decides rather than grow past what a reader takes in.
        marked = [cell for pair in lesson.decided for cell in pair] or marked
    window = window_around(puzzle.board.cells, marked, rows, cols)
    picture = windowed(diagram, window, style, size)
    return picture, _up(_lesson_cell(picture, width, height, kind))


def _whole_board(puzzle: Puzzle, position: dict, width: float, height: float, kind: _Type):
    """The whole board's figure bare and labelled, and the labelled one's cell: its labels set as large as 7 pt
    asks at the cell the figure gets (up to :data:`LESSON_LABEL_MAX`), so the figure keeps its size."""
    diagram = _diagram(puzzle, **position)
    size = _lesson_label_size(_lesson_cell(diagram, width, height, kind))
    labelled = _diagram(puzzle, labels=True, label_size=size, **position)
    return diagram, labelled, _up(_lesson_cell(labelled, width, height, kind))


def _lesson_label_size(cell: float) -> float:
    return min(LESSON_LABEL_MAX, max(LABEL_SIZE, _up(MIN_TEXT / cell)))


def _board_fits(labelled: Diagram, cell: float, width: float, height: float) -> bool:
    return labelled.width * cell <= width and labelled.height * cell <= height * LESSON_BOARD_HEIGHT


def _window_room(whole: Diagram, width: float, height: float, kind: _Type) -> tuple[int, int]:
    """The most rows and columns a window of this board can show at the smallest cell its numbers and labels
    allow, labels band included, within the content box (a window keeps to :data:`WINDOW_CELLS` where its
    lesson's cells allow)."""
    cell = smallest_cell(kind.min_solution_cell, [whole])
    band = 2.0  # the labels' band and the margins, in cells, with room to spare
    cols = min(WINDOW_CELLS, int(width / cell - band))
    rows = min(WINDOW_CELLS, int(height * LESSON_BOARD_HEIGHT / cell - band))
    return max(1, rows), max(1, cols)


def lesson_shows(puzzle_fits: dict[int, bool], width: float, height: float, kind: _Type, style: Style):
    """Whether the chapter can show a lesson legibly: its whole board fits the page, or one window of at most
    :data:`WINDOW_CELLS` rows and columns (fewer where the page holds fewer) holds every cell it marks and every
    cell its sentence names. ``puzzle_fits`` remembers the answer for each board (by ``id``) across lessons."""

    rooms: dict[int, tuple[int, int]] = {}

    def shows(lesson: Lesson) -> bool:
        key = id(lesson.puzzle)
        if key not in puzzle_fits:
            bare, labelled, cell = _whole_board(lesson.puzzle, {"style": style}, width, height, kind)
            puzzle_fits[key] = _board_fits(labelled, cell, width, height)
            rooms[key] = _window_room(bare, width, height, kind)
        return puzzle_fits[key] or fits_window(marked_cells(lesson), *rooms.get(key, (WINDOW_CELLS, WINDOW_CELLS)))

    return shows


def _lesson_cell(diagram: Diagram, width: float, height: float, kind: _Type) -> float:
    """The cell (points) of a technique's figure: a share of the page, no smaller than its text allows."""
    floor = smallest_cell(kind.min_solution_cell, [diagram])
    return max(floor, min(kind.max_cell * 0.55, width * 0.62 / diagram.width, height * 0.25 / diagram.height))


def _up(value: float) -> float:
    """``value`` rounded up to the thousandths the PDF is written in, so a label sized to print at 7 pt is not
    written a hair under it."""
    return math.ceil(value * 1000 - 1e-9) / 1000


def _intro_height(text: str, width: float, kind: _Type) -> float:
    return kind.heading * 2.2 + len(_wrap(text, kind.body, width, bold=TEXT)) * kind.body * 1.35 + kind.gap


def _lessons_intro(lessons: Sequence[Lesson]) -> str:
    return tr(_LESSONS_INTRO if lessons and lessons[0].number is None else _LESSONS_INTRO_OWN)


def _legend_items(kind: _Type, style: Style) -> list[tuple[Diagram, float, str]]:
    """The key's items: each figure (two blank cells at the body's size), its cell in points, and its words."""
    blank = Puzzle.from_grid([[0, 0]])
    cell = kind.body * 1.2
    return [(_diagram(blank, numbers=False, style=style, **marks), cell, tr(words)) for words, marks in _LEGEND]


def _legend_lines(width: float, kind: _Type, style: Style) -> list[list[tuple[Diagram, float, str]]]:
    """The key's items in lines, as many to a line as the width holds."""
    lines: list[list[tuple[Diagram, float, str]]] = []
    used = width
    for item in _legend_items(kind, style):
        diagram, cell, words = item
        span = diagram.width * cell + kind.body * 0.4 + text_width(words, kind.body, bold=TEXT)
        if lines and used + LEGEND_GAP * kind.body + span <= width:
            lines[-1].append(item)
            used += LEGEND_GAP * kind.body + span
        else:
            lines.append([item])
            used = span
    return lines


def _legend_height(width: float, kind: _Type, style: Style) -> float:
    lines = _legend_lines(width, kind, style)
    return sum(max(d.height * cell for d, cell, _ in line) for line in lines) + kind.gap * 0.6


def _draw_legend(c: _Context, y: float) -> float:
    """The key under the chapter's opening paragraph, from ``y`` down; returns the y below it."""
    k = c.kind
    for line in _legend_lines(c.right - c.left, k, c.style):
        x = c.left
        tall = max(d.height * cell for d, cell, _ in line)
        for diagram, cell, words in line:
            _draw(c, diagram, x, y + (tall - diagram.height * cell) / 2, cell)
            x += diagram.width * cell + k.body * 0.4
            c.page.text(x, y + tall / 2 + k.body * 0.35, words, size=k.body, bold=TEXT)
            x += text_width(words, k.body, bold=TEXT) + LEGEND_GAP * k.body
        y += tall
    return y + k.gap * 0.6


def _lesson_pages(lessons: Sequence[Lesson], width: float, height: float, kind: _Type, style: Style) -> list:
    """The chapter's techniques, measured and packed into pages, the first page opening with the heading and
    the key."""
    pages: list[list[_Block]] = [[]]
    room = height - _intro_height(_lessons_intro(lessons), width, kind) - _legend_height(width, kind, style)
    for lesson in lessons:
        block = _lesson_block(lesson, width, height, kind, style)
        placed: _Block | None = block if block.height <= room else None
        if placed is None and not pages[-1]:  # the chapter's opening: a smaller figure rather than an empty page
            placed = _block_within(lesson, room, width, height, kind, style)
        if placed is None:  # the next page, its figure made smaller (down to 7 pt) if even a page is too short
            pages.append([])
            room = height
            smallest = dataclasses.replace(kind, min_solution_cell=0.0)
            placed = block if block.height <= room else _block_within(lesson, room, width, height, kind, style)
            placed = placed or _block_within(lesson, room, width, height, smallest, style)
            placed = placed or block  # what no page holds is left to the preflight to refuse
        pages[-1].append(placed)
        room -= placed.height
    return pages  # the first holds only the chapter's opening when its first technique moved on


def _chapter_opening(c: _Context, y: float, heading: str, intro: str) -> float:
    """A chapter's heading and its first paragraph; returns the paragraph's last baseline."""
    k = c.kind
    y += k.heading * 1.3
    c.page.text(c.left, y, heading, size=k.heading, bold=DISPLAY)
    return _paragraph(c, intro, y + k.heading * 0.9 + k.body)


def _lessons_page(c: _Context, blocks: Sequence[_Block], intro: str | None) -> None:
    """A page of the chapter: the opening (heading, ``intro``, the key) on the first, then its techniques."""
    chapter = tr("Solving techniques")
    names = " · ".join(tr(b.lesson.technique.label) for b in blocks)
    if blocks and not _heads_fit(c, chapter, names):
        names = tr(blocks[0].lesson.technique.label)
    if intro is None:  # a chapter's opening page carries its title, not a running head
        _running_head(c, chapter, names)
    k = c.kind
    y = _content_top(c)
    if intro is not None:
        y = _chapter_opening(c, y, tr("Solving techniques"), intro) + k.gap * 0.6
        y = _draw_legend(c, y) + k.gap * 0.4
    lead = k.body * 1.35
    for block in blocks:
        name = tr(block.lesson.technique.label)
        y += k.body * 1.3 * 1.3
        c.page.text(c.left, y, name[:1].upper() + name[1:], size=k.body * 1.3, bold=TEXT_BOLD)
        for line in block.summary:
            y += lead
            c.page.text(c.left, y, line, size=k.body, bold=TEXT, colour=GREY)
        y += k.gap * 0.8 - k.body * 0.3
        w = block.diagram.width * block.cell
        _draw(c, block.diagram, c.middle - w / 2, y, block.cell)
        y += block.diagram.height * block.cell + k.gap * 0.6
        for line in block.sentence:
            y += k.label * 1.1 * 1.35
            c.page.text(c.left, y, line, size=k.label * 1.1, bold=TEXT)
        y += k.gap * 1.2 - k.label * 0.4


def _hint_pages(hints: Sequence[Hint], width: float, height: float, kind: _Type) -> list[list[Hint]]:
    """The hints, as many to a page as their lines fit (a long one wraps), the first page opening with the
    heading."""
    room = height - _intro_height(tr(_HINTS_INTRO), width, kind) - kind.body * 0.5
    pages: list[list[Hint]] = [[]]
    for hint in hints:
        tall = _hint_height(len(_hint_lines(hint, width, kind)), kind)
        if tall > room and pages[-1]:
            pages.append([])
            room = height
        pages[-1].append(hint)
        room -= tall
    return pages


def _hint_height(lines: int, kind: _Type) -> float:
    """A hint's height: the step down to its first line, its further lines, and its last line's descent."""
    return kind.body * 1.75 + (lines - 1) * kind.body * 1.35 + kind.body * 0.35


def _hint_indent(kind: _Type) -> float:
    return text_width("0000", kind.body, bold=LABEL_BOLD)


def _hint_lines(hint: Hint, width: float, kind: _Type) -> list[str]:
    """A hint's words, wrapped to the column right of its number."""
    label = tr(hint.technique.label)
    text = tr("{technique}: look at {where}").format(technique=f"{label[:1].upper()}{label[1:]}", where=tr(hint.where))
    return _wrap(text, kind.body, width - _hint_indent(kind), bold=TEXT)


def _hints_page(c: _Context, hints: Sequence[Hint], first: bool) -> None:
    if not first:  # a chapter's opening page carries its title, not a running head
        _running_head(c, tr("Hints"), _puzzles_span(hints[0].number, hints[-1].number))
    k = c.kind
    y = _content_top(c)
    if first:
        y = _chapter_opening(c, y, tr("Hints"), tr(_HINTS_INTRO)) + k.body * 0.5
    indent = _hint_indent(k)
    for hint in hints:
        y += k.body * 1.75
        c.page.text(c.left + indent * 0.75, y, str(hint.number), size=k.body, bold=LABEL_BOLD, anchor="end")
        for n, line in enumerate(_hint_lines(hint, c.right - c.left, k)):
            y += k.body * 1.35 if n else 0.0
            c.page.text(c.left + indent, y, line, size=k.body, bold=TEXT)


def _puzzles_span(first: int, last: int) -> str:
    """``Puzzles 3–4`` (or ``Puzzle 3``), as a running head names the puzzles of its page."""
    if first == last:
        return tr("Puzzle {number}").format(number=first)
    return tr("Puzzles {first}–{last}").format(first=first, last=last)


def _notes_page(c: _Context) -> None:
    """A page for the reader's working, ruled in light grey; it pads a book up to a print service's minimum."""
    _running_head(c, tr("Notes"))
    top = _content_top(c) + c.kind.body
    bottom = c.bottom - _foot_height(c.kind)
    step = c.kind.body * 2.2
    y = top
    while y <= bottom:
        c.page.line(c.left, y, c.right, y, width=0.4, colour="#bbbbbb")
        y += step


def _solution_page(c: _Context, items, grid: _Grid) -> None:
    first, last = items[0][0], items[-1][0]
    _running_head(c, tr("Solutions"), _puzzles_span(first, last))  # "Puzzle 7", never a bare "7"
    k = c.kind
    caption_h = k.label * 1.5
    for (number, picture), (x, y, slot_w, slot_h) in zip(items, _slots(c, grid, caption_h), strict=False):
        w, h = picture.width * grid.cell, picture.height * grid.cell
        block_top = y + (slot_h - h) / 2
        dx = x + (slot_w - w) / 2
        c.page.text(dx + MARGIN * grid.cell, block_top + k.label, str(number), size=k.label, bold=LABEL_BOLD)
        _draw(c, picture, dx, block_top + caption_h, grid.cell)


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


def _board(puzzle: Puzzle, **options) -> Diagram:
    """A puzzle or solution as its page prints it: a board of a set larger than :data:`LABELLED_ORDER` with its
    rows and columns numbered along the top and left, since hints and lessons name its cells (r16c31) and no
    reader counts to 31; bare numbers at :data:`EDGE_NUMBERS` of a cell, narrow enough for small cells."""
    if puzzle.order <= LABELLED_ORDER:
        return _diagram(puzzle, **options)
    bare = _diagram(puzzle, **options)
    board = puzzle.board.cells
    rows = range(min(r for r, _ in board), max(r for r, _ in board) + 1)
    cols = range(min(c for _, c in board), max(c for _, c in board) + 1)
    style = options.get("style") or resolve_style(None)
    return labelled_span(bare, rows, cols, style, EDGE_NUMBERS, bare=True)


def _diagram(puzzle: Puzzle, **options) -> Diagram:
    """A diagram as the book prints it: the faded double lines lighter and finer than a picture's, so the
    numbers lead, and the board's frame firm."""
    diagram = build_diagram(puzzle, **options)
    layers = []
    for layer in diagram.layers:
        if layer.role == "guides":
            layer = dataclasses.replace(layer, stroke=GUIDE_COLOUR, width=GUIDE_WIDTH)
        elif layer.role == "outline":
            layer = dataclasses.replace(layer, width=FRAME_WIDTH)
        layers.append(layer)
    return dataclasses.replace(diagram, layers=layers)


def _draw(c: _Context, diagram: Diagram, x: float, y: float, cell: float) -> None:
    """Draw a diagram with its numbers in the book's figures."""
    c.page.diagram(diagram, x, y, cell, face=FIGURES)


def _example_puzzle() -> Puzzle:
    return Puzzle.from_grid(WORKED_EXAMPLE)
