"""The page every part of the book is drawn on: type sizes, faces, the content box, heads and folios.

One place for what all the book's pages share, so that the planner measures with the same sizes the pages draw
with: the type sizes of normal and large print (:class:`TypeSizes`), the faces and greys, the content box
between the running head and the page number, a paragraph and a chapter's opening, and the book's own look of a
diagram (finer guide lines, a firm frame, row and column numbers on big boards).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from dominosa.puzzle import Puzzle
from dominosa.rendering.fonts import font_metrics, text_width
from dominosa.rendering.fonts import wrap_text as _wrap
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.pages import MIN_TEXT, OUTSIDE_MARGIN, PageFrame, Trim
from dominosa.rendering.pdf_writer import PdfPage
from dominosa.rendering.scene import Diagram, build_diagram, labelled_span
from dominosa.rendering.style import Style, resolve_style

GREY = "#555555"


RULE = "#9a9a9a"  # hairlines: under the running heads, the checklist's boxes


# The book's faces (see dominosa.rendering.fonts.FACES): a serif for reading, a sans for what is looked up.
TEXT, TEXT_BOLD, DISPLAY = "serif", "serif-bold", "display"


LABEL, LABEL_BOLD, FIGURES = "label", "label-bold", "figures"


# The grids' faded double lines, lighter and finer than a picture's so the numbers lead, and a firm frame.
GUIDE_COLOUR, GUIDE_WIDTH, FRAME_WIDTH = "#c4c4c4", 0.02, 0.075


# Boards of sets larger than this carry row and column numbers on their puzzle and solution pages, at this size
# (in cells): the size dense two-figure numbers take, so the numbers never need a bigger cell than the board's.
LABELLED_ORDER = 12


EDGE_NUMBERS = 0.6


@dataclass(frozen=True)
class TypeSizes:
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


NORMAL_PRINT = TypeSizes(32, 13, 17, 10, 11, 8.5, 9, 8, 16, 14, 40, 14, 9.5)


LARGE_PRINT = TypeSizes(40, 20, 24, 16, 16, 16, 16, 16, 34, 22, 60, 20, 16)


def smallest_cell(floor: float, diagrams) -> float:
    """The smallest cell (points) that keeps the numbers (and the row and column labels, where drawn) of every
    diagram at :data:`MIN_TEXT` or more, and at least ``floor``."""
    texts = [layer for d in diagrams for role in ("numbers", "labels") for layer in d.layer(role)]
    sizes = [layer.size for layer in texts if layer.size > 0]
    return max([floor, *(MIN_TEXT / size for size in sizes)])


def content_box(trim: Trim, gutter: float, kind: TypeSizes) -> tuple[float, float]:
    """Width and height left for diagrams between the running head and the page number."""
    width = trim.width - gutter - OUTSIDE_MARGIN
    height = trim.height - 2 * OUTSIDE_MARGIN - head_height(kind) - foot_height(kind)
    return width, height


def head_height(kind: TypeSizes) -> float:
    """The room the running head takes at the top of the content box."""
    return kind.head * 1.2 + kind.gap * 0.6


def foot_height(kind: TypeSizes) -> float:
    """The room the page number takes at the foot of the content box."""
    return kind.folio * 1.2 + kind.gap * 0.6


@dataclass
class PageContext:
    """One page being drawn: the PDF page, its frame (trim, safe area, recto or verso), the type sizes and the
    style; its edges are the safe area's, so nothing drawn from them leaves it."""

    page: PdfPage
    frame: PageFrame
    kind: TypeSizes
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


def draw_folio(c: PageContext) -> None:
    """The page number, at the foot of the safe area on the outside edge."""
    baseline = c.bottom + font_metrics(LABEL).descent * c.kind.folio / 1000  # its descent inside the safe area
    if c.frame.recto:
        c.page.text(c.right, baseline, str(c.frame.number), size=c.kind.folio, anchor="end", bold=LABEL)
    else:
        c.page.text(c.left, baseline, str(c.frame.number), size=c.kind.folio, bold=LABEL)


def running_head(c: PageContext, inner: str, outer: str = "") -> None:
    """The head of a page: what part of the book it is on the spine side, what it holds (puzzle numbers) on the
    outside edge, where a thumb flicking through finds it; a hairline under both."""
    k = c.kind
    baseline = c.top + k.head
    near, far = (c.left, c.right) if c.frame.recto else (c.right, c.left)
    inner = inner.upper()
    c.page.text(near, baseline, inner, size=k.head, bold=LABEL, anchor="start" if c.frame.recto else "end",
                colour=GREY)  # fmt: skip
    if outer and not heads_fit(c, inner, outer):
        outer = ""  # the part of the book says enough where both do not fit the line
    if outer:
        c.page.text(far, baseline, outer, size=k.head, bold=LABEL_BOLD, anchor="end" if c.frame.recto else "start")
    rule = baseline + k.head * 0.45
    c.page.rect(c.left, rule - 0.2, c.right - c.left, 0.4, fill=RULE)


def heads_fit(c: PageContext, inner: str, outer: str) -> bool:
    """Whether a running head's two parts fit its line with a clear space (two ems) between them."""
    used = text_width(inner.upper(), c.kind.head, bold=LABEL) + text_width(outer, c.kind.head, bold=LABEL_BOLD)
    return used + 2 * c.kind.head <= c.right - c.left


def content_top(c: PageContext) -> float:
    """Where a page's content starts: below its running head."""
    return c.top + head_height(c.kind)


def set_paragraph(c: PageContext, text: str, y: float, *, clip: bool = True) -> float:
    """Set a paragraph with its first baseline at ``y``; return its last baseline. With ``clip``, lines that
    would run into the page number are left out (the plan measures first, so that does not happen)."""
    size = c.kind.body
    limit = c.bottom - foot_height(c.kind)
    for k, line in enumerate(_wrap(text, size, c.right - c.left, bold=TEXT)):
        if k:
            y += size * 1.35
        if clip and y > limit:
            break
        c.page.text(c.left, y, line, size=size, bold=TEXT)
    return y


def caption_height(kind: TypeSizes) -> float:
    """The room a puzzle's caption (its number and difficulty marker) takes above its board."""
    return kind.caption * 1.7


def intro_height(text: str, width: float, kind: TypeSizes) -> float:
    """The height of a chapter's opening (heading and first paragraph ``text``), as the plan packs pages."""
    return kind.heading * 2.2 + len(_wrap(text, kind.body, width, bold=TEXT)) * kind.body * 1.35 + kind.gap


def chapter_opening(c: PageContext, y: float, heading: str, intro: str) -> float:
    """A chapter's heading and its first paragraph; returns the paragraph's last baseline."""
    k = c.kind
    y += k.heading * 1.3
    c.page.text(c.left, y, heading, size=k.heading, bold=DISPLAY)
    return set_paragraph(c, intro, y + k.heading * 0.9 + k.body)


def puzzles_span(first: int, last: int) -> str:
    """``Puzzles 3–4`` (or ``Puzzle 3``), as a running head names the puzzles of its page."""
    if first == last:
        return tr("Puzzle {number}").format(number=first)
    return tr("Puzzles {first}–{last}").format(first=first, last=last)


def page_board(puzzle: Puzzle, **options) -> Diagram:
    """A puzzle or solution as its page prints it: a board of a set larger than :data:`LABELLED_ORDER` with its
    rows and columns numbered along the top and left, since hints and lessons name its cells (r16c31) and no
    reader counts to 31; bare numbers at :data:`EDGE_NUMBERS` of a cell, narrow enough for small cells."""
    if puzzle.order <= LABELLED_ORDER:
        return book_diagram(puzzle, **options)
    bare = book_diagram(puzzle, **options)
    board = puzzle.board.cells
    rows = range(min(r for r, _ in board), max(r for r, _ in board) + 1)
    cols = range(min(c for _, c in board), max(c for _, c in board) + 1)
    style = options.get("style") or resolve_style(None)
    return labelled_span(bare, rows, cols, style, EDGE_NUMBERS, bare=True)


def book_diagram(puzzle: Puzzle, **options) -> Diagram:
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


def draw_diagram(c: PageContext, diagram: Diagram, x: float, y: float, cell: float) -> None:
    """Draw a diagram with its numbers in the book's figures."""
    c.page.diagram(diagram, x, y, cell, face=FIGURES)
