"""The front matter: the title page, the copyright page, the contents, and how to play with its worked example.

These pages say what the book is and how to use it before the first puzzle; :func:`howto_parts` measures how to
play first, so the plan knows whether it takes one page or two on this trim.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dominosa.puzzle import Puzzle
from dominosa.rendering.book_page import (
    DISPLAY,
    GREY,
    LABEL,
    LABEL_BOLD,
    TEXT,
    TEXT_BOLD,
    PageContext,
    TypeSizes,
    book_diagram,
    draw_diagram,
    foot_height,
    set_paragraph,
    smallest_cell,
)
from dominosa.rendering.book_sections import BookError, Imprint, display_name
from dominosa.rendering.fonts import font_metrics, text_width
from dominosa.rendering.fonts import wrap_text as _wrap
from dominosa.rendering.i18n import N_
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.pages import MIN_TEXT, Trim, page_frame
from dominosa.rendering.pdf_writer import PdfPage
from dominosa.rendering.style import resolve_style

# The worked example of the how-to page: a double-2 puzzle with one solution, solved in the steps the text tells.
WORKED_EXAMPLE = ((0, 1, 1, 0), (2, 2, 2, 0), (1, 0, 2, 1))


EXAMPLE_SOLUTION = (
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


def draw_title_page(c: PageContext, title: str, subtitle: str, author: str | None, volume: int | None = None) -> None:
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
    example = book_diagram(example_puzzle(), solution=EXAMPLE_SOLUTION, style=c.style)
    room = foot - y - 3 * k.gap
    cell = min(room / example.height, width * 0.5 / example.width, k.max_cell * 0.8)
    if cell >= smallest_cell(k.min_solution_cell, [example]):
        top = y + 1.5 * k.gap + (room - example.height * cell) / 2
        draw_diagram(c, example, c.middle - example.width * cell / 2, top, cell)


def draw_contents_page(c: PageContext, contents, grades: Sequence[str]) -> None:
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
    limit = c.bottom - foot_height(k)
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


def _leader_line(c: PageContext, y: float, left: str, right: str, size: float, widest: str = "") -> None:
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


def draw_howto_page(c: PageContext, part: str = "all", cols: int = 3, *, clip: bool = True) -> float:
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
            y = set_paragraph(c, tr(paragraph), y + lead + k.body * 0.4, clip=clip)
        if part == "rules":
            return y
        y += lead + k.body * 1.2
        c.page.text(c.left, y, tr("A worked example"), size=k.body * 1.15, bold=TEXT_BOLD)
    else:
        c.page.text(c.left, y, tr("A worked example"), size=k.heading, bold=DISPLAY)
    y = _example_pictures(c, y + k.body * 0.8, cols)
    for step in _EXAMPLE_STEPS:
        y = set_paragraph(c, tr(step), y + lead + k.body * 0.4, clip=clip)
    return y


def _example_pictures(c: PageContext, top: float, cols: int) -> float:
    """The worked example in three numbered pictures, ``cols`` to a row; returns the labels' baseline."""
    k = c.kind
    width = c.right - c.left
    puzzle = example_puzzle()
    pictures = [
        book_diagram(puzzle, style=c.style),
        # Step 2 as its text tells it: the 0-0 in place, the 1-2 dashed, the bar, and the 1-1 it leaves. Nothing
        # shaded: shading means a given domino.
        book_diagram(
            puzzle,
            joined=[EXAMPLE_SOLUTION[2], EXAMPLE_SOLUTION[1]],
            split=_EXAMPLE_WALLS,
            highlight_pairs=[EXAMPLE_SOLUTION[5]],
            style=c.style,
        ),
        book_diagram(puzzle, solution=EXAMPLE_SOLUTION, style=c.style),
    ]
    pic_w, pic_h = pictures[0].width, pictures[0].height
    cell = _example_cell(width, cols, pic_w, k)
    y = top
    for row in range(math.ceil(3 / cols)):
        chunk = pictures[row * cols : (row + 1) * cols]
        x = c.left + (width - len(chunk) * pic_w * cell - (len(chunk) - 1) * k.gap) / 2
        label_y = y + pic_h * cell + k.caption * 1.4
        for number, picture in enumerate(chunk, row * cols + 1):
            draw_diagram(c, picture, x, y, cell)
            c.page.text(x + pic_w * cell / 2, label_y, str(number), size=k.caption, bold=LABEL_BOLD, anchor="middle")
            x += pic_w * cell + k.gap
        y = label_y + k.gap
    return y - k.gap


def _example_cell(width: float, cols: int, pic_w: float, kind: TypeSizes) -> float:
    """The cell of the worked example's pictures, ``cols`` to a row across ``width``."""
    return min((width - (cols - 1) * kind.gap) / (cols * pic_w), kind.max_cell * 0.75)


def howto_parts(trim: Trim, gutter: float, kind: TypeSizes) -> list[tuple[str, int]]:
    """How to play as (part, pictures to a row) for each page it takes: one page when it fits, else the rules and
    the example on a page each. Pictures go three to a row when that keeps their numbers at full size, else as
    many as keep them at :data:`MIN_TEXT` or more, the most that let the text fit.

    Raises ``BookError`` when the page is too small for the rules, or for the pictures at a legible size.
    """
    frame = page_frame(2, trim, gutter=gutter, bleed=False)
    limit = frame.safe[3] - foot_height(kind)
    width = frame.safe[2] - frame.safe[0]
    example = book_diagram(example_puzzle())
    legible = smallest_cell(0.0, [example])  # digits at 7 pt
    usable = [n for n in (3, 2, 1) if _example_cell(width, n, example.width, kind) >= legible]
    full = [n for n in usable if _example_cell(width, n, example.width, kind) >= kind.min_cell]
    too_small = BookError(f"a {trim.name} page is too small for the how-to-play page: use a larger trim")
    if not usable:
        raise too_small

    def end(part: str, cols: int) -> float:
        scratch = PageContext(PdfPage(*frame.media), frame, kind, resolve_style(None))
        return draw_howto_page(scratch, part, cols, clip=False)

    for cols in dict.fromkeys([*full[:1], *usable]):
        if end("all", cols) <= limit:
            return [("all", cols)]
    if end("rules", usable[0]) > limit:
        raise too_small
    for cols in usable:  # most to a row first: the example's page then holds the pictures and its text
        if end("example", cols) <= limit:
            return [("rules", cols), ("example", cols)]
    raise too_small


def draw_copyright_page(c: PageContext, title: str, author: str | None, imprint: Imprint) -> None:
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
    from dominosa.deductions import GRADES, TECHNIQUES

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


def example_puzzle() -> Puzzle:
    """The worked example of the how-to page (and the title page's ornament), as a puzzle."""
    return Puzzle.from_grid(WORKED_EXAMPLE)
