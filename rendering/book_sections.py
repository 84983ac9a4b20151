"""What a book is made of, and in what order it prints it: the entries, the imprint, the sections by grade.

A :class:`BookEntry` is one puzzle with its solution (and grade and score when rated); :func:`group_sections`
and :func:`book_order` put entries into sections, easiest first, and number them through the book; every page
that names a section or a puzzle (headings, running heads, the contents, the hints) reads the order from here.
:class:`BookError` is what any part of the book raises for a book that cannot be made as asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dominosa.puzzle import Puzzle
from dominosa.rendering.i18n import N_
from dominosa.rendering.i18n import _ as tr
from dominosa.solution import Solution

UNGRADED = N_("Ungraded")


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
class Imprint:
    """What the copyright page states besides the title and author: year, ISBN, publisher, the seed the
    puzzles were generated from (so the book can be rebuilt), and the book's volume in a series (also under the
    title on the title page), each left out when None."""

    year: int | None = None
    isbn: str | None = None
    publisher: str | None = None
    seed: int | None = None
    volume: int | None = None


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
    from dominosa.deductions import GRADES

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
