"""The wrap-around cover of a printed book: back, spine and front on one PDF page, with bleed all round.

A print-on-demand paperback's cover is one sheet that wraps the book. Laid flat and seen from outside, it is the
back cover on the left, the spine in the middle and the front cover on the right; 0.125 in of bleed runs round
the whole sheet and is cut away. Its size therefore follows the book:

- width = bleed + trim width + spine + trim width + bleed;
- height = bleed + trim height + bleed;
- spine = page count x the paper's thickness per page (:data:`PAPERS`, the figures Amazon KDP publishes, in
  inches per page: white 0.002252, cream 0.0025, premium colour 0.002347).

What it shows, in one of the :data:`THEMES` (colour schemes whose text keeps a contrast of 7:1 or more against
its background, so it prints crisply on any press):

- the **front**: the title large in the book's display face, a subtitle giving the count and the grade range
  ("120 puzzles · Warm-up to Extreme"), artwork made of dominoes and the author. The artwork is a full set of
  dominoes with pips laid in a basket weave, in an order drawn from the title: a pattern, never a puzzle of the
  book (nor a part-solved one, which would spoil it);
- the **spine**: title and author, read top to bottom, when the book has 80 pages or more and the spine is wide
  enough for 7 pt type with 0.0625 in clear on each side (services refuse spine text on thinner books);
- the **back**: a heading and the blurb, a small sample puzzle on a white card (unsolved), the grades inside, and
  a blank white area for the barcode the service prints (2 x 1.2 in, at the bottom right of the back cover).

Everything but the background stays 0.25 in inside the trim and clear of the spine's folds.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from dominosa.puzzle import Puzzle
from dominosa.rendering.fonts import font_metrics, text_width
from dominosa.rendering.fonts import wrap_text as _wrap
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.i18n import check_language, pdf_language, use_language
from dominosa.rendering.pages import BLEED, INCH, MIN_TEXT, Trim, parse_trim
from dominosa.rendering.pdf_writer import PdfDocument, PdfPage
from dominosa.rendering.scene import MARGIN, Layer, build_diagram
from dominosa.rendering.style import Style, resolve_style

__all__ = [
    "THEMES",
    "Theme",
    "contrast",
    "artwork_puzzle",
    "PAPERS",
    "SPINE_TEXT_MIN_PAGES",
    "CoverSummary",
    "cover_size",
    "spine_width",
    "build_cover",
    "CoverError",
]

# Paper thickness in inches per page (one leaf is two pages), as Amazon KDP gives it for its papers.
PAPERS = {"white": 0.002252, "cream": 0.0025, "premium-colour": 0.002347}
SPINE_TEXT_MIN_PAGES = 80  # thinner books get no spine text
SPINE_CLEAR = 0.0625 * INCH  # between spine text and each fold
SAFE = 0.25 * INCH  # between anything drawn (but the background) and a trim line or fold
BARCODE = (2.0 * INCH, 1.2 * INCH)  # the blank area left for the service's barcode



@dataclass(frozen=True)
class Theme:
    """A cover's colours: the background, the text and a softer text, an accent (the subtitle and rules), and
    the dominoes of the artwork (face and pips)."""

    background: str
    ink: str
    soft: str
    accent: str
    tile: str
    pips: str


THEMES = {
    "navy": Theme("#14263d", "#ffffff", "#d5deea", "#f2c14e", "#fbf7ec", "#14263d"),
    "forest": Theme("#17392d", "#ffffff", "#d9e6dc", "#f0c96b", "#fbf7ec", "#17392d"),
    "crimson": Theme("#5c1420", "#ffffff", "#f1dcdc", "#f6d27a", "#fbf7ec", "#5c1420"),
    "ivory": Theme("#f6f1e4", "#16202e", "#3a4656", "#8c1c2c", "#ffffff", "#16202e"),
}
DEFAULT_THEME = "navy"


@dataclass(frozen=True)
class CoverSummary:
    """The cover's size in points (bleed included), its spine width, and whether the spine carries text."""

    width: float
    height: float
    spine: float
    pages: int
    paper: str
    spine_text: bool

    def line(self) -> str:
        """How the ``book`` command describes the cover."""
        text = "title on the spine" if self.spine_text else "no spine text"
        return (
            f"cover {self.width / INCH:.3f}x{self.height / INCH:.3f} in with bleed "
            f"(spine {self.spine / INCH:.3f} in for {self.pages} pages of {self.paper} paper, {text})"
        )


def spine_width(pages: int, paper: str = "white") -> float:
    """The spine's width in points for a book of ``pages`` pages printed on ``paper`` (a key of :data:`PAPERS`)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: use {', '.join(PAPERS)}")
    return pages * PAPERS[paper] * INCH


def cover_size(trim: Trim | str, pages: int, paper: str = "white") -> tuple[float, float]:
    """The whole cover sheet, width and height in points: two trims and the spine, with bleed round it all."""
    trim = parse_trim(trim)
    return 2 * trim.width + spine_width(pages, paper) + 2 * BLEED, trim.height + 2 * BLEED


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours (``#rrggbb``), as WCAG defines it: 1 (none) to 21 (black on white)."""

    def luminance(colour: str) -> float:
        channels = [int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def build_cover(trim: Trim | str, pages: int, *, lang: str = "en", **options) -> tuple[bytes, CoverSummary]:
    """The cover in language ``lang`` (its own words: the title, blurb and grades come translated by the caller),
    as a one-page PDF, and its summary; the options are :func:`_build_cover`'s."""
    check_language(lang)
    with use_language(lang):
        return _build_cover(trim, pages, **options)


def _build_cover(
    trim: Trim | str,
    pages: int,
    *,
    paper: str = "white",
    title: str = "Dominosa",
    subtitle: str | None = None,
    author: str | None = None,
    blurb: Sequence[str] = (),
    picture=None,
    theme: str | Theme = DEFAULT_THEME,
    grades: Sequence[str] = (),
    heading: str | None = None,
) -> tuple[bytes, CoverSummary]:
    """The cover as a one-page PDF, and its summary.

    ``picture`` is ``(puzzle, solution)`` of the sample on the back (drawn unsolved, on a white card), or None
    for no sample; ``blurb`` the paragraphs of the back cover under ``heading``; ``grades`` the grades inside,
    easiest first, as the book names them; ``theme`` a name of :data:`THEMES` or a :class:`Theme`.
    """
    trim = parse_trim(trim)
    if isinstance(theme, str):
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}: use {', '.join(THEMES)}")
        theme = THEMES[theme]
    spine = spine_width(pages, paper)
    width, height = cover_size(trim, pages, paper)
    doc = PdfDocument(title=tr("{title}: cover").format(title=title), author=author, language=pdf_language())
    page = doc.new_page(
        width, height, trim_box=(BLEED, BLEED, width - BLEED, height - BLEED), bleed_box=(0, 0, width, height)
    )
    page.rect(0, 0, width, height, fill=theme.background)
    back = (BLEED, BLEED, BLEED + trim.width, BLEED + trim.height)
    front = (back[2] + spine, BLEED, back[2] + spine + trim.width, BLEED + trim.height)
    _front(page, front, title, subtitle, author, theme)
    _back(page, back, heading, blurb, picture, grades, theme)
    spine_text = pages >= SPINE_TEXT_MIN_PAGES and _spine(
        page, (back[2], BLEED, front[0], front[3]), title, author, theme
    )
    _preflight(page, back, front)
    return doc.to_bytes(), CoverSummary(width, height, spine, pages, paper, bool(spine_text))


class CoverError(ValueError):
    """A cover a print service would refuse (a line past the safe area, text over text): the one line says
    where, and no cover is written."""


def _preflight(page: PdfPage, back, front) -> None:
    """Check the cover as a print service does (:mod:`dominosa.rendering.preflight`): everything but the
    background inside the back's or the front's safe area, or the spine's between its folds."""
    from dominosa.rendering.preflight import first_problem

    def inset(box, side: float, ends: float):
        return (box[0] + side, box[1] + ends, box[2] - side, box[3] - ends)

    spine = (back[2], back[1], front[0], front[3])
    zones = [inset(back, SAFE, SAFE), inset(front, SAFE, SAFE), inset(spine, SPINE_CLEAR, SAFE)]
    problem = first_problem([page], [zones])
    if problem is not None:
        raise CoverError(f"preflight: the cover: {problem.what}; the cover was not written")


def artwork_puzzle(title: str, order: int = 6) -> tuple[Puzzle, list]:
    """The front's artwork: a full double-``order`` set laid in a basket weave (pairs of dominoes across, then
    down, in turn; a last column of dominoes standing when the width is odd), the dominoes in an order drawn
    from the title. A pattern, not a puzzle of the book. Returns the grid as a puzzle, and the dominoes'
    places."""
    rows, cols = order + 2, order + 1
    places: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for r in range(0, rows, 2):
        for c in range(0, cols - 1, 2):
            if (r // 2 + c // 2) % 2:
                places += [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1))]
            else:
                places += [((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]
        if cols % 2:
            places.append(((r, cols - 1), (r + 1, cols - 1)))
    dominoes = [(a, b) for a in range(order + 1) for b in range(a, order + 1)]
    draw = random.Random(int.from_bytes(hashlib.sha256(title.encode()).digest()[:8], "big"))
    draw.shuffle(dominoes)
    grid = [[0] * cols for _ in range(rows)]
    for ((r1, c1), (r2, c2)), (a, b) in zip(places, dominoes, strict=True):
        if draw.random() < 0.5:
            a, b = b, a
        grid[r1][c1], grid[r2][c2] = a, b
    return Puzzle.from_grid(grid), places


def _front(page: PdfPage, box, title: str, subtitle: str | None, author: str | None, theme: Theme) -> None:
    left, top, right, bottom = (box[0] + SAFE, box[1] + SAFE, box[2] - SAFE, box[3] - SAFE)
    room = right - left
    middle = (left + right) / 2
    size = min(72.0, (box[2] - box[0]) / 5.2)
    lines = _wrap(title, size, room, bold="display")
    while (len(lines) > 2 or any(text_width(x, size, bold="display") > room for x in lines)) and size > 20:
        size -= 1
        lines = _wrap(title, size, room, bold="display")
    y = top + (bottom - top) * 0.04
    for line in lines:
        y += size * 1.05
        page.text(middle, y, line, size=size, bold="display", anchor="middle", colour=theme.ink)
    y += size * 0.35
    page.rect(middle - room * 0.15, y, room * 0.3, 2.0, fill=theme.accent)
    if subtitle:
        sub = max(MIN_TEXT + 3, min(17.0, size * 0.32))
        for line in _wrap(subtitle.upper(), sub, room, bold="label-bold"):
            y += sub * 1.9
            page.text(middle, y, line, size=sub, bold="label-bold", anchor="middle", colour=theme.accent)
    foot = bottom + font_metrics("serif").descent * 20 / 1000  # the author's descent on the safe area's foot
    if author:
        page.text(middle, foot, author, size=20, bold="serif", anchor="middle", colour=theme.ink)
        foot -= 20 * 2.0
    puzzle, places = artwork_puzzle(title)
    style = Style(name="cover", ink=theme.pips, paper=theme.background, guide=theme.background,
                  tile_fills=(theme.tile,), pips=True)  # fmt: skip
    art = build_diagram(puzzle, solution=places, style=style)
    bars = []  # the bar across the middle of each domino, as real ones have
    for (r1, c1), (r2, c2) in places:
        if r1 == r2:
            bars.append((MARGIN + c2, MARGIN + r1 + 0.2, MARGIN + c2, MARGIN + r1 + 0.8))
        else:
            bars.append((MARGIN + c1 + 0.2, MARGIN + r2, MARGIN + c1 + 0.8, MARGIN + r2))
    art.layers.append(Layer("segments", bars, stroke=theme.pips, width=0.035, cap="round"))
    top_room = y + 24
    cell = min((foot - top_room) / art.height, room / art.width)
    if cell > 0:
        page.diagram(art, middle - art.width * cell / 2, top_room + (foot - top_room - art.height * cell) / 2, cell)


def _back(page: PdfPage, box, heading, blurb: Sequence[str], picture, grades: Sequence[str], theme: Theme) -> None:
    left, top, right, bottom = (box[0] + SAFE, box[1] + SAFE, box[2] - SAFE, box[3] - SAFE)
    room = right - left
    y = top + (bottom - top) * 0.05
    if heading:
        for line in _wrap(heading, 22, room, bold="display"):
            y += 22 * 1.15
            page.text(left, y, line, size=22, bold="display", colour=theme.ink)
        y += 10
    size, lead = 11.5, 16.0
    for paragraph in blurb:
        for line in _wrap(paragraph, size, room, bold="serif"):
            y += lead
            page.text(left, y, line, size=size, bold="serif", colour=theme.soft)
        y += lead * 0.5
    w, h = BARCODE
    if grades:
        y += lead
        page.text(left, y, tr("INSIDE"), size=9, bold="label-bold", colour=theme.accent)
        y += lead * 1.1
        page.text(left, y, "  ·  ".join(grades), size=12, bold="label-bold", colour=theme.ink)
    if picture is not None:
        puzzle, _ = picture
        sample = build_diagram(puzzle, style=resolve_style(None))
        card_top = y + lead * 1.5
        card_bottom = bottom - h - lead
        pad = 8.0
        cell = min((card_bottom - card_top - 2 * pad - 16) / sample.height, room * 0.55 / sample.width, 22.0)
        if cell * min(layer.size for layer in sample.layer("numbers")) >= MIN_TEXT:
            card_w, card_h = sample.width * cell + 2 * pad, sample.height * cell + 2 * pad + 16
            page.rect(left, card_top, card_w, card_h, fill="#ffffff")
            page.text(left + pad, card_top + pad + 9, tr("A sample puzzle"), size=9, bold="label-bold",
                      colour="#333333")  # fmt: skip
            page.diagram(sample, left + pad, card_top + pad + 16, cell, face="figures")
    page.rect(right - w, bottom - h, w, h, fill="#ffffff")


def _spine(page: PdfPage, box, title: str, author: str | None, theme: Theme) -> bool:
    """Title (and author) down the spine, when it is wide enough for 7 pt type; True if it was set."""
    left, top, right, bottom = box
    room = right - left - 2 * SPINE_CLEAR
    metrics = font_metrics("display")
    rise, drop = metrics.ascent / 1000, -metrics.descent / 1000
    size = min(18.0, room / (rise + drop))  # the font's whole box between the folds' clear space
    if size < MIN_TEXT:
        return False
    middle = (left + right) / 2
    baseline = middle - size * (rise - drop) / 2  # the letters' tops face the front cover; the box centred
    text = f"{title}    {author}" if author else title
    while text_width(text, size, bold="display") > (bottom - top) - 2 * SAFE and size > MIN_TEXT:
        size -= 0.5
    page.text(baseline, (top + bottom) / 2, text, size=size, bold="display", anchor="middle", colour=theme.ink,
              down=True)  # fmt: skip
    return True
