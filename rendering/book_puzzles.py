"""The puzzle pages and the solution pages (with the notes pages that pad the book), slot by slot.

Each puzzle is captioned with its number and a difficulty marker (its grade, its place within the grade as 1 to
:data:`PIPS` marks) and may carry a domino checklist; solutions are keyed by the same numbers.
"""

from __future__ import annotations

import math

from dominosa.rendering.book_fit import Grid, checklist_size
from dominosa.rendering.book_page import (
    GREY,
    LABEL,
    LABEL_BOLD,
    RULE,
    PageContext,
    caption_height,
    content_top,
    draw_diagram,
    foot_height,
    puzzles_span,
    running_head,
)
from dominosa.rendering.book_sections import BookEntry, display_name
from dominosa.rendering.fonts import text_width
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.i18n import ngettext
from dominosa.rendering.i18n import number as count_text
from dominosa.rendering.pages import MIN_TEXT
from dominosa.rendering.scene import MARGIN, Diagram, Layer

PIPS = 5  # the difficulty marker: 1 to 5 marks for a puzzle's place within its grade


def draw_puzzle_page(c: PageContext, section: str, items, grid: Grid, marks: dict[int, int], sizes_vary: bool) -> None:
    """A page of puzzles of one section, on the section's one grid: each captioned with its number and difficulty
    marker (``marks``; the set and size too when ``sizes_vary``), with its checklist where the grid puts it."""
    first, last = items[0][0], items[-1][0]
    running_head(c, display_name(section), puzzles_span(first, last))
    k = c.kind
    caption_h = caption_height(k)
    side = checklist_size(items[0][1].puzzle.order, grid.box) if grid.checklist else 0.0
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
        draw_diagram(c, picture, dx, top, grid.cell)
        if grid.checklist == "aside":
            _checklist(c, dx + grid_w - side, top + MARGIN * grid.cell, entry.puzzle.order, grid.box)
        elif grid.checklist == "below":
            _checklist(c, board_left, top + h + k.gap, entry.puzzle.order, grid.box)


def _marker(
    c: PageContext,
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


def _dot(c: PageContext, cx: float, cy: float, r: float, filled: bool) -> None:
    """One mark of the difficulty marker: a filled disc, or a ring for a mark not earned."""
    layers = [Layer("circles", [(0.5, 0.5, 0.5)], fill=c.style.ink if filled else RULE)]
    if not filled:
        layers.append(Layer("circles", [(0.5, 0.5, 0.36)], fill=c.style.paper))
    c.page.diagram(Diagram(1.0, 1.0, layers, c.style.paper), cx - r, cy - r, 2 * r)


def _checklist(c: PageContext, x: float, y: float, order: int, box: float) -> None:
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


def draw_notes_page(c: PageContext) -> None:
    """A page for the reader's working, ruled in light grey; it pads a book up to a print service's minimum."""
    running_head(c, tr("Notes"))
    top = content_top(c) + c.kind.body
    bottom = c.bottom - foot_height(c.kind)
    step = c.kind.body * 2.2
    y = top
    while y <= bottom:
        c.page.line(c.left, y, c.right, y, width=0.4, colour="#bbbbbb")
        y += step


def draw_solution_page(c: PageContext, items, grid: Grid) -> None:
    """A page of solutions, each keyed by its puzzle's number."""
    first, last = items[0][0], items[-1][0]
    running_head(c, tr("Solutions"), puzzles_span(first, last))  # "Puzzle 7", never a bare "7"
    k = c.kind
    caption_h = k.label * 1.5
    for (number, picture), (x, y, slot_w, slot_h) in zip(items, _slots(c, grid, caption_h), strict=False):
        w, h = picture.width * grid.cell, picture.height * grid.cell
        block_top = y + (slot_h - h) / 2
        dx = x + (slot_w - w) / 2
        c.page.text(dx + MARGIN * grid.cell, block_top + k.label, str(number), size=k.label, bold=LABEL_BOLD)
        draw_diagram(c, picture, dx, block_top + caption_h, grid.cell)


def _slots(c: PageContext, grid: Grid, caption_h: float) -> list[tuple[float, float, float, float]]:
    """Each slot's (x, y, width, height of the diagram part), row by row, inside the content box."""
    top = content_top(c)
    height = c.bottom - foot_height(c.kind) - top
    width = c.right - c.left
    gap = c.kind.gap
    slot_w = (width - (grid.cols - 1) * gap) / grid.cols
    slot_h = (height - (grid.rows - 1) * gap) / grid.rows - caption_h
    return [
        (c.left + col * (slot_w + gap), top + row * (slot_h + caption_h + gap), slot_w, slot_h)
        for row in range(grid.rows)
        for col in range(grid.cols)
    ]
