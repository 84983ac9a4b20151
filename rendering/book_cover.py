"""The wrap-around cover of a printed book: back, spine and front on one PDF page, with bleed all round.

A print-on-demand paperback's cover is one sheet that wraps the book. Laid flat and seen from outside, it is the
back cover on the left, the spine in the middle and the front cover on the right; 0.125 in of bleed runs round
the whole sheet and is cut away. Its size therefore follows the book:

- width = bleed + trim width + spine + trim width + bleed;
- height = bleed + trim height + bleed;
- spine = page count x the paper's thickness per page (:data:`PAPERS`, the figures Amazon KDP publishes, in
  inches per page: white 0.002252, cream 0.0025, premium colour 0.002347).

What it shows: on the front the title, the subtitle, a puzzle of the book drawn part-solved and the author; on
the spine the title and author, read top to bottom, when the book has 80 pages or more and the spine is wide
enough for 7 pt type with 0.0625 in clear on each side (services refuse spine text on thinner books); on the back
a short description and a blank white area for the barcode the service prints (2 x 1.2 in, at the bottom right of
the back cover). Everything but the background stays 0.25 in inside the trim and clear of the spine's folds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dominosa.rendering.pages import BLEED, INCH, MIN_TEXT, Trim, parse_trim
from dominosa.rendering.pdf_writer import PdfDocument, PdfPage, text_width
from dominosa.rendering.pdf_writer import wrap_text as _wrap
from dominosa.rendering.scene import build_diagram
from dominosa.rendering.style import resolve_style

__all__ = [
    "PAPERS",
    "SPINE_TEXT_MIN_PAGES",
    "CoverSummary",
    "cover_size",
    "spine_width",
    "build_cover",
]

# Paper thickness in inches per page (one leaf is two pages), as Amazon KDP gives it for its papers.
PAPERS = {"white": 0.002252, "cream": 0.0025, "premium-colour": 0.002347}
SPINE_TEXT_MIN_PAGES = 80  # thinner books get no spine text
SPINE_CLEAR = 0.0625 * INCH  # between spine text and each fold
SAFE = 0.25 * INCH  # between anything drawn (but the background) and a trim line or fold
BARCODE = (2.0 * INCH, 1.2 * INCH)  # the blank area left for the service's barcode

BACKGROUND = "#1f3550"
INK = "#ffffff"
SOFT = "#c9d6e6"


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


def build_cover(
    trim: Trim | str,
    pages: int,
    *,
    paper: str = "white",
    title: str = "Dominosa",
    subtitle: str | None = None,
    author: str | None = None,
    blurb: Sequence[str] = (),
    picture=None,
) -> tuple[bytes, CoverSummary]:
    """The cover as a one-page PDF, and its summary.

    ``picture`` is ``(puzzle, solution)`` for the front (drawn with about a third of its dominoes in place), or
    None for no picture; ``blurb`` the paragraphs of the back cover.
    """
    trim = parse_trim(trim)
    spine = spine_width(pages, paper)
    width, height = cover_size(trim, pages, paper)
    doc = PdfDocument(title=f"{title}: cover", author=author)
    page = doc.new_page(
        width, height, trim_box=(BLEED, BLEED, width - BLEED, height - BLEED), bleed_box=(0, 0, width, height)
    )
    page.rect(0, 0, width, height, fill=BACKGROUND)
    back = (BLEED, BLEED, BLEED + trim.width, BLEED + trim.height)
    front = (back[2] + spine, BLEED, back[2] + spine + trim.width, BLEED + trim.height)
    _front(page, front, title, subtitle, author, picture)
    _back(page, back, blurb)
    spine_text = pages >= SPINE_TEXT_MIN_PAGES and _spine(page, (back[2], BLEED, front[0], front[3]), title, author)
    return doc.to_bytes(), CoverSummary(width, height, spine, pages, paper, bool(spine_text))


def _front(page: PdfPage, box, title: str, subtitle: str | None, author: str | None, picture) -> None:
    left, top, right, bottom = (box[0] + SAFE, box[1] + SAFE, box[2] - SAFE, box[3] - SAFE)
    room = right - left
    size = 40.0
    while text_width(title, size, bold=True) > room and size > 14:
        size -= 1
    y = top + (bottom - top) * 0.1
    for line in _wrap(title, size, room, bold=True):
        y += size * 1.1
        page.text((left + right) / 2, y, line, size=size, bold=True, anchor="middle", colour=INK)
    if subtitle:
        y += 24
        for line in _wrap(subtitle, 14, room):
            page.text((left + right) / 2, y, line, size=14, anchor="middle", colour=SOFT)
            y += 18
    foot = bottom - 8
    if author:
        page.text((left + right) / 2, foot, author, size=16, anchor="middle", colour=INK)
        foot -= 16 * 2.2
    if picture is not None:
        puzzle, solution = picture
        shown = list(solution)[: max(1, len(solution) // 3)]
        diagram = build_diagram(puzzle, joined=shown, style=resolve_style("colour"))
        top_room = y + 24
        cell = min((foot - top_room) / diagram.height, room * 0.85 / diagram.width, 36.0)
        if cell * min(layer.size for layer in diagram.layer("numbers")) >= MIN_TEXT:
            x = (left + right - diagram.width * cell) / 2
            page.diagram(diagram, x, top_room + (foot - top_room - diagram.height * cell) / 2, cell, paper=True)


def _back(page: PdfPage, box, blurb: Sequence[str]) -> None:
    left, top, right, bottom = (box[0] + SAFE, box[1] + SAFE, box[2] - SAFE, box[3] - SAFE)
    size, lead = 13.0, 18.0
    y = top + (bottom - top) * 0.12
    for paragraph in blurb:
        for line in _wrap(paragraph, size, right - left):
            page.text(left, y, line, size=size, colour=INK)
            y += lead
        y += lead * 0.6
    w, h = BARCODE
    page.rect(right - w, bottom - h, w, h, fill="#ffffff")


def _spine(page: PdfPage, box, title: str, author: str | None) -> bool:
    """Title (and author) down the spine, when it is wide enough for 7 pt type; True if it was set."""
    left, top, right, bottom = box
    room = right - left - 2 * SPINE_CLEAR
    size = min(18.0, room / 1.2)
    if size < MIN_TEXT:
        return False
    middle = (left + right) / 2
    baseline = middle - size * 0.35  # the letters' tops face the front cover: centre their x-height on the spine
    text = f"{title}    {author}" if author else title
    while text_width(text, size, bold=True) > (bottom - top) - 2 * SAFE and size > MIN_TEXT:
        size -= 0.5
    page.text(baseline, (top + bottom) / 2, text, size=size, bold=True, anchor="middle", colour=INK, down=True)
    return True
