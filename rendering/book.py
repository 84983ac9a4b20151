"""A print-ready puzzle book: one PDF with front matter, how to play, techniques, puzzles by grade, solutions.

The book takes a list of :class:`BookEntry` (puzzle, solution, grade name or None, score or None), whatever
made them: a puzzle file, the puzzle store, or the generator. :func:`build_book` lays them out and returns the
PDF's bytes; :func:`write_book` writes them atomically, so a failed run never leaves half a book.

The layout, page by page (set in Source Serif Pro for reading and Source Sans Pro for figures and labels; see
:data:`~dominosa.rendering.fonts.FACES`):

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

Print rules (see :mod:`dominosa.rendering.pages`): the page is the trim size (plus 0.125 in of bleed on the top,
bottom and outside edges when asked); margins mirror, with the gutter chosen from the final page count; everything,
page numbers included, lies inside the safe area. Cells never shrink below a size that keeps the numbers legible,
and no text anywhere is under :data:`~dominosa.rendering.pages.MIN_TEXT` (7 pt, the print services' floor): a
``per_page`` that would need smaller cells is refused with the largest count that fits. A board that no page holds
at its usual proportions (a double-40 on a letter page) is drawn with its numbers filling more of each cell
(:data:`~dominosa.rendering.book_fit.DENSE_NUMBERS`); one that does not fit even so is refused, naming the trims
that would hold it (:func:`~dominosa.rendering.book_fit.check_order_fits` says so before a generated book makes any
puzzle).
Large print sets all text bigger and insists on cells for 17 pt digits (14 pt for numbers of two digits).

This module composes the book from its parts, each a module of its own: what the book holds and its order
(:mod:`~dominosa.rendering.book_sections`), the page they all draw on (:mod:`~dominosa.rendering.book_page`),
fitting boards legibly (:mod:`~dominosa.rendering.book_fit`), the plan of pages
(:mod:`~dominosa.rendering.book_plan`), the front matter (:mod:`~dominosa.rendering.book_front`), the techniques
and hints chapters (:mod:`~dominosa.rendering.book_techniques`, :mod:`~dominosa.rendering.book_hints`), and
the puzzle and solution pages (:mod:`~dominosa.rendering.book_puzzles`).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dominosa.puzzle import Puzzle
from dominosa.rendering.book_fit import refuse_unfit
from dominosa.rendering.book_front import (
    draw_contents_page,
    draw_copyright_page,
    draw_howto_page,
    draw_title_page,
)
from dominosa.rendering.book_hints import draw_hints_page
from dominosa.rendering.book_page import (
    DISPLAY,
    LARGE_PRINT,
    NORMAL_PRINT,
    TEXT,
    PageContext,
    TypeSizes,
    content_box,
    draw_folio,
    page_board,
)
from dominosa.rendering.book_plan import Extras, Plan, plan_jobs
from dominosa.rendering.book_puzzles import difficulty_marks, draw_notes_page, draw_puzzle_page, draw_solution_page
from dominosa.rendering.book_sections import (
    BookEntry,
    BookError,
    Imprint,
    book_order,
    display_name,
)
from dominosa.rendering.book_techniques import draw_lessons_page, find_book_lessons, lesson_shows
from dominosa.rendering.files import atomic_write
from dominosa.rendering.fonts import unprintable
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.i18n import ngettext, pdf_language, use_language
from dominosa.rendering.i18n import number as count_text
from dominosa.rendering.pages import (
    INCH,
    PRINT_MIN_PAGES,
    PageFrame,
    Trim,
    gutter_for,
    page_frame,
    parse_trim,
)
from dominosa.rendering.pdf_writer import SPARE_CODES, PdfDocument
from dominosa.rendering.scene import Diagram
from dominosa.rendering.style import Style, resolve_style
from dominosa.solution import problems

__all__ = ["BookLayout", "BookSummary", "build_book", "compose_book", "write_book"]


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
    """Lay the book out, page by page, ready to be written, in language ``lang``.

    Parameters
    ----------
    entries : the puzzles with their solutions (and grades and scores when known).
    lang : ``en``, ``de``, ``fr`` or ``es`` (see :mod:`dominosa.rendering.i18n`): every word the book prints,
        the engine's sentences included.
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
    BookError : no entries, a solution that does not solve its puzzle, a per-page count that does not fit, or a
        language the book does not speak.
    """
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
    """Lay the book out, page by page, ready to be written (the options are :func:`compose_book`'s)."""
    _check_entries(entries)
    try:
        trim = parse_trim(trim)
    except ValueError as error:
        raise BookError(str(error)) from None
    imprint = imprint or Imprint()
    _check_texts(entries, title, subtitle, author, imprint)
    _check_counts(per_page, solutions_per_page)
    look = resolve_style(style, pips=pips)
    kind = LARGE_PRINT if large_print else NORMAL_PRINT
    asked = per_page is not None
    per_page = per_page or (1 if large_print else 2)
    refuse_unfit([entry.puzzle for entry in entries], trim, gutter_for(1), kind, per_page, asked, solutions_per_page)

    numbered, solved = _numbered(entries, grade_order, look)
    extras = _extras(numbered, examples, techniques=techniques, hints=hints, box=content_box(trim, gutter_for(1), kind),
                     kind=kind, style=look)  # fmt: skip
    plan, gutter = _settled_plan(
        lambda gutter: plan_jobs(numbered, solved, trim, gutter, kind, per_page, solutions_per_page, min_pages,
                                 asked=asked, tick=checklist, extras=extras)  # fmt: skip
    )
    words = _Words(title, subtitle or _default_subtitle(len(entries)), author, imprint, _contents(plan),
                   [name for name, _ in numbered], difficulty_marks(numbered),
                   sizes_vary=len({(e.puzzle.order, len(e.puzzle.board)) for e in entries}) > 1)  # fmt: skip
    doc = PdfDocument(title=title, author=author, subject=_subject(len(entries)), language=pdf_language())
    frames = [page_frame(number, trim, gutter=gutter, bleed=bleed) for number in range(1, plan.pages + 1)]
    for job, frame in zip(plan.jobs, frames, strict=True):
        page = doc.new_page(
            *frame.media, trim_box=frame.pdf_box(frame.trim), bleed_box=frame.pdf_box((0, 0, *frame.media))
        )
        _draw_page(PageContext(page, frame, kind, look), job, words)
    _preflight(doc, frames)
    sections = tuple((name, len(items)) for name, items in numbered)
    summary = BookSummary(plan.pages, len(entries), trim, gutter, bleed, sections, seed=imprint.seed)
    return BookLayout(doc, summary, frames)


def _check_entries(entries: Sequence[BookEntry]) -> None:
    """Refuse a book with no puzzle, or one whose solution does not solve its puzzle: a book must never print a
    wrong answer."""
    if not entries:
        raise BookError("a book needs at least one puzzle")
    for k, entry in enumerate(entries, 1):
        found = problems(entry.puzzle, entry.solution)
        if found:
            raise BookError(f"puzzle {k}: the solution given does not solve it: {found[0]}")


def _check_texts(
    entries: Sequence[BookEntry], title: str, subtitle: str | None, author: str | None, imprint: Imprint
) -> None:
    """Refuse, before any layout, words the book's fonts cannot set, or more foreign letters than a PDF holds."""
    for label, text in (("title", title), ("subtitle", subtitle), ("author", author)):
        _check_printable(label, text)
    for label, text in (("publisher", imprint.publisher), ("ISBN", imprint.isbn)):
        _check_printable(label, text)
    _check_letter_count((title, subtitle, author, imprint.publisher))
    for entry in entries:
        _check_printable("grade", entry.grade)


def _check_counts(per_page: int | None, solutions_per_page: int | None) -> None:
    """Refuse a count to a page under one, in the words of the command's options."""
    if per_page is not None and per_page < 1:
        raise BookError(f"--per-page must be at least 1, not {per_page}")
    if solutions_per_page is not None and solutions_per_page < 1:
        raise BookError(f"--solutions-per-page must be at least 1, not {solutions_per_page}")


_Numbered = list[tuple[str, list[tuple[int, BookEntry, Diagram]]]]


def _numbered(
    entries: Sequence[BookEntry], grade_order: Sequence[str] | None, look: Style
) -> tuple[_Numbered, list[tuple[int, Diagram]]]:
    """The sections in book order, each puzzle with its number and drawn board, and each solution drawn with its
    puzzle's number: drawn once, here, so that the plan measures what the pages print."""
    numbered: _Numbered = []
    for number, name, entry in book_order(entries, grade_order):
        if not numbered or numbered[-1][0] != name:
            numbered.append((name, []))
        numbered[-1][1].append((number, entry, page_board(entry.puzzle, style=look)))
    solved = [
        (n, page_board(entry.puzzle, solution=entry.solution, style=look))
        for _, items in numbered
        for n, entry, _ in items
    ]
    return numbered, solved


def _extras(
    numbered: _Numbered,
    examples: Sequence[Puzzle] | None,
    *,
    techniques: bool,
    hints: bool,
    box: tuple[float, float],
    kind: TypeSizes,
    style: Style,
) -> Extras:
    """The techniques chapter's lessons and the hints, when asked for: the book's slow part (the engine walks
    every puzzle), so it runs once, before the plan settles its gutter."""
    from dominosa.rendering.lessons import first_hard_step  # loads the engine: only when used

    in_order = [(n, entry) for _, items in numbered for n, entry, _ in items]
    shows = lesson_shows({}, *box, kind, style)
    lessons = find_book_lessons([(n, entry.puzzle) for n, entry in in_order], examples, shows) if techniques else []
    found = [first_hard_step(n, entry.puzzle, entry.grade) for n, entry in in_order] if hints else []
    return Extras(lessons, [hint for hint in found if hint is not None], style)


def _settled_plan(plan_for: Callable[[float], Plan]) -> tuple[Plan, float]:
    """The plan and its gutter: the gutter depends on the page count, which may depend on the gutter, so plan
    again until both agree (at most five times)."""
    gutter = gutter_for(1)
    for _ in range(5):
        plan = plan_for(gutter)
        settled = gutter_for(plan.pages)
        if settled == gutter:
            break
        gutter = settled
    return plan, gutter


def _contents(plan: Plan) -> list[tuple[str, int]]:
    """The contents page's lines: each part of the book with the page it starts on, in the book's order."""
    sections_at = [(display_name(name), page) for name, page in plan.section_pages]
    howto_page = next(n for n, job in enumerate(plan.jobs, 1) if job[0] == "howto")
    contents = [(tr("How to play"), howto_page)]
    contents += [(tr(name), page) for name, page in plan.chapter_pages if name == "Solving techniques"]
    contents += [*sections_at, *((tr(n), p) for n, p in plan.chapter_pages if n == "Hints")]
    contents.append((tr("Solutions"), plan.solutions_page))
    notes_page = next((n for n, job in enumerate(plan.jobs, 1) if job[0] == "notes"), None)
    if notes_page is not None:
        contents.append((tr("Notes"), notes_page))
    return contents


def _subject(count: int) -> str:
    """The PDF's subject, in its information: how many puzzles, with solutions."""
    return ngettext("{count} Dominosa puzzle with its solution", "{count} Dominosa puzzles with solutions",
                    count).format(count=count_text(count))  # fmt: skip


def _default_subtitle(count: int) -> str:
    """The line under the title when none is given: how many puzzles the book holds."""
    if count == 1:
        return tr("one puzzle with its solution")
    return ngettext("{count} puzzle with its solution", "{count} puzzles with solutions", count).format(
        count=count_text(count)
    )


@dataclass(frozen=True)
class _Words:
    """What the pages print besides the plan's jobs: the title page's and copyright page's words, the contents,
    the sections' grades, and each puzzle's difficulty marks."""

    title: str
    subtitle: str
    author: str | None
    imprint: Imprint
    contents: list[tuple[str, int]]
    grades: list[str]
    marks: dict[int, int]
    sizes_vary: bool


def _draw_page(context: PageContext, job: tuple, words: _Words) -> None:
    """Draw one page of the plan (its job names the kind of page and holds what goes on it), with its folio
    except on the front matter and blank pages."""
    kind = job[0]
    if kind == "title":
        draw_title_page(context, words.title, words.subtitle, words.author, words.imprint.volume)
    elif kind == "contents":
        draw_contents_page(context, words.contents, words.grades)
    elif kind == "howto":
        draw_howto_page(context, job[1], job[2])
    elif kind == "puzzles":
        draw_puzzle_page(context, job[1], job[2], job[3], words.marks, words.sizes_vary)
    elif kind == "solutions":
        draw_solution_page(context, job[1], job[2])
    elif kind == "lessons":
        draw_lessons_page(context, job[1], job[2])
    elif kind == "hints":
        draw_hints_page(context, job[1], job[2])
    elif kind == "copyright":
        draw_copyright_page(context, words.title, words.author, words.imprint)
    elif kind == "notes":
        draw_notes_page(context)
    if kind not in ("title", "copyright", "contents", "blank"):
        draw_folio(context)


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
