"""The solving-techniques chapter: each technique the puzzles need, measured into blocks and pages, and drawn.

A block is one technique: its summary, its figure (the whole board, or a window onto a big one;
:mod:`dominosa.rendering.lesson_window`) and the engine's sentence. The lessons themselves are found by
:mod:`dominosa.rendering.lessons`; this module only lays them out, with a key to the figures' marks.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dominosa.puzzle import Puzzle
from dominosa.rendering.book_page import (
    GREY,
    TEXT,
    TEXT_BOLD,
    PageContext,
    TypeSizes,
    book_diagram,
    chapter_opening,
    content_top,
    draw_diagram,
    heads_fit,
    intro_height,
    running_head,
    smallest_cell,
)
from dominosa.rendering.fonts import text_width
from dominosa.rendering.fonts import wrap_text as _wrap
from dominosa.rendering.i18n import N_, sentence
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.lesson_window import WINDOW_CELLS, fits_window, marked_cells, window_around, windowed
from dominosa.rendering.pages import MIN_TEXT
from dominosa.rendering.scene import LABEL_SIZE, Diagram
from dominosa.rendering.style import Style

if TYPE_CHECKING:
    from dominosa.rendering.lessons import Lesson

LESSONS_INTRO = N_(
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


def find_book_lessons(numbered: list[tuple[int, Puzzle]], examples: Sequence[Puzzle] | None, shows) -> list[Lesson]:
    """The chapter's lessons: each technique the book's puzzles need, shown in the examples made for the chapter
    (or, with none given, in the book's own puzzles), easiest first."""
    from dominosa.rendering.lessons import find_lessons, techniques_needed

    if examples is None:
        return find_lessons(numbered, shows)
    needed = techniques_needed(puzzle for _, puzzle in numbered)
    return find_lessons([(None, puzzle) for puzzle in examples], shows, needed)


def lesson_block(lesson: Lesson, width: float, height: float, kind: TypeSizes, style: Style) -> _Block:
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


def _block_height(kind: TypeSizes, summary: Sequence[str], sentence_lines: Sequence[str], figure: float) -> float:
    """The height a technique takes on the page with a figure ``figure`` points tall, as :func:`draw_lessons_page`
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


def _block_within(
    lesson: Lesson, room: float, width: float, height: float, kind: TypeSizes, style: Style
) -> _Block | None:
    """The technique measured with its figure made smaller, step by step, until it takes at most ``room``
    points; its cells no smaller than ``kind`` allows, its numbers and labels at :data:`MIN_TEXT` or more.
    None when even the smallest does not fit."""
    for share in (0.8, 0.64, 0.5, 0.4, 0.3, 0.2):
        block = lesson_block(lesson, width, height * share, kind, style)
        if block.height <= room:
            return block
    return None


# The tallest a whole board's figure may stand in the chapter, as a share of the content box's height; a board
# that would stand taller, or run wider than the box, is shown through a window (rendering/lesson_window.py).
LESSON_BOARD_HEIGHT = 0.6


def _lesson_figure(lesson: Lesson, position: dict, width: float, height: float, kind: TypeSizes, style: Style):
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


def _whole_board(puzzle: Puzzle, position: dict, width: float, height: float, kind: TypeSizes):
    """The whole board's figure bare and labelled, and the labelled one's cell: its labels set as large as 7 pt
    asks at the cell the figure gets (up to :data:`LESSON_LABEL_MAX`), so the figure keeps its size."""
    diagram = book_diagram(puzzle, **position)
    size = _lesson_label_size(_lesson_cell(diagram, width, height, kind))
    labelled = book_diagram(puzzle, labels=True, label_size=size, **position)
    return diagram, labelled, _up(_lesson_cell(labelled, width, height, kind))


def _lesson_label_size(cell: float) -> float:
    return min(LESSON_LABEL_MAX, max(LABEL_SIZE, _up(MIN_TEXT / cell)))


def _board_fits(labelled: Diagram, cell: float, width: float, height: float) -> bool:
    return labelled.width * cell <= width and labelled.height * cell <= height * LESSON_BOARD_HEIGHT


def _window_room(whole: Diagram, width: float, height: float, kind: TypeSizes) -> tuple[int, int]:
    """The most rows and columns a window of this board can show at the smallest cell its numbers and labels
    allow, labels band included, within the content box (a window keeps to :data:`WINDOW_CELLS` where its
    lesson's cells allow)."""
    cell = smallest_cell(kind.min_solution_cell, [whole])
    band = 2.0  # the labels' band and the margins, in cells, with room to spare
    cols = min(WINDOW_CELLS, int(width / cell - band))
    rows = min(WINDOW_CELLS, int(height * LESSON_BOARD_HEIGHT / cell - band))
    return max(1, rows), max(1, cols)


def lesson_shows(puzzle_fits: dict[int, bool], width: float, height: float, kind: TypeSizes, style: Style):
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


def _lesson_cell(diagram: Diagram, width: float, height: float, kind: TypeSizes) -> float:
    """The cell (points) of a technique's figure: a share of the page, no smaller than its text allows."""
    floor = smallest_cell(kind.min_solution_cell, [diagram])
    return max(floor, min(kind.max_cell * 0.55, width * 0.62 / diagram.width, height * 0.25 / diagram.height))


def _up(value: float) -> float:
    """``value`` rounded up to the thousandths the PDF is written in, so a label sized to print at 7 pt is not
    written a hair under it."""
    return math.ceil(value * 1000 - 1e-9) / 1000


def lessons_intro(lessons: Sequence[Lesson]) -> str:
    """The chapter's opening paragraph: for examples made for it, or for positions of the book's own puzzles."""
    return tr(LESSONS_INTRO if lessons and lessons[0].number is None else _LESSONS_INTRO_OWN)


def _legend_items(kind: TypeSizes, style: Style) -> list[tuple[Diagram, float, str]]:
    """The key's items: each figure (two blank cells at the body's size), its cell in points, and its words."""
    blank = Puzzle.from_grid([[0, 0]])
    cell = kind.body * 1.2
    return [(book_diagram(blank, numbers=False, style=style, **marks), cell, tr(words)) for words, marks in _LEGEND]


def _legend_lines(width: float, kind: TypeSizes, style: Style) -> list[list[tuple[Diagram, float, str]]]:
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


def _legend_height(width: float, kind: TypeSizes, style: Style) -> float:
    lines = _legend_lines(width, kind, style)
    return sum(max(d.height * cell for d, cell, _ in line) for line in lines) + kind.gap * 0.6


def _draw_legend(c: PageContext, y: float) -> float:
    """The key under the chapter's opening paragraph, from ``y`` down; returns the y below it."""
    k = c.kind
    for line in _legend_lines(c.right - c.left, k, c.style):
        x = c.left
        tall = max(d.height * cell for d, cell, _ in line)
        for diagram, cell, words in line:
            draw_diagram(c, diagram, x, y + (tall - diagram.height * cell) / 2, cell)
            x += diagram.width * cell + k.body * 0.4
            c.page.text(x, y + tall / 2 + k.body * 0.35, words, size=k.body, bold=TEXT)
            x += text_width(words, k.body, bold=TEXT) + LEGEND_GAP * k.body
        y += tall
    return y + k.gap * 0.6


def lesson_pages(lessons: Sequence[Lesson], width: float, height: float, kind: TypeSizes, style: Style) -> list:
    """The chapter's techniques, measured and packed into pages, the first page opening with the heading and
    the key."""
    pages: list[list[_Block]] = [[]]
    room = height - intro_height(lessons_intro(lessons), width, kind) - _legend_height(width, kind, style)
    for lesson in lessons:
        block = lesson_block(lesson, width, height, kind, style)
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


def draw_lessons_page(c: PageContext, blocks: Sequence[_Block], intro: str | None) -> None:
    """A page of the chapter: the opening (heading, ``intro``, the key) on the first, then its techniques."""
    chapter = tr("Solving techniques")
    names = " · ".join(tr(b.lesson.technique.label) for b in blocks)
    if blocks and not heads_fit(c, chapter, names):
        names = tr(blocks[0].lesson.technique.label)
    if intro is None:  # a chapter's opening page carries its title, not a running head
        running_head(c, chapter, names)
    k = c.kind
    y = content_top(c)
    if intro is not None:
        y = chapter_opening(c, y, tr("Solving techniques"), intro) + k.gap * 0.6
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
        draw_diagram(c, block.diagram, c.middle - w / 2, y, block.cell)
        y += block.diagram.height * block.cell + k.gap * 0.6
        for line in block.sentence:
            y += k.label * 1.1 * 1.35
            c.page.text(c.left, y, line, size=k.label * 1.1, bold=TEXT)
        y += k.gap * 1.2 - k.label * 0.4
