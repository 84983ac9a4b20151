"""Print geometry: trim sizes, bleed, mirrored margins and the gutter a print-on-demand service asks for.

All lengths are in points (1/72 inch), the unit of PDF. A book page is the **trim** size (what the reader
holds); with **bleed** the PDF page is larger by 0.125 in at the top, the bottom and the outside edge, which the
printer cuts away (the spine side is bound, so it has none). The **safe area** is the trim less the margins:
everything is drawn inside it, page numbers included.

Margins mirror: the inside margin (the **gutter**, along the spine) grows with the page count, as
print-on-demand services require, because a thicker book curls more paper into its binding:

======== ==========
pages    gutter
======== ==========
<= 150   0.375 in
151-300  0.5 in
301-500  0.625 in
501-700  0.75 in
> 700    0.875 in
======== ==========

The outside, top and bottom margins are 0.5 in, above every service's minimum with or without bleed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "Trim",
    "TRIMS",
    "parse_trim",
    "gutter_for",
    "PageFrame",
    "page_frame",
    "INCH",
    "MM",
    "BLEED",
    "MIN_TEXT",
    "PRINT_MIN_PAGES",
]

INCH = 72.0
MM = 72.0 / 25.4
BLEED = 0.125 * INCH
OUTSIDE_MARGIN = 0.5 * INCH
GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75))  # (up to this many pages, gutter in inches)
LAST_GUTTER = 0.875
# The smallest type on any page, in points: print services reject text under 7 pt, and solution digits are
# the first to shrink, so cells are never made so small that their numbers would fall under it.
MIN_TEXT = 7.0
# The fewest pages a print-on-demand paperback may have (Amazon KDP's minimum; other services ask fewer).
PRINT_MIN_PAGES = 24


@dataclass(frozen=True)
class Trim:
    """A trim size: the finished page, ``width`` x ``height`` points, and the name people call it."""

    name: str
    width: float
    height: float

    def __str__(self) -> str:
        return f"{self.name} ({_n(self.width)}x{_n(self.height)} pt)"


TRIMS = {
    "6x9in": Trim("6x9in", 6 * INCH, 9 * INCH),
    "8.5x11in": Trim("8.5x11in", 8.5 * INCH, 11 * INCH),
    "5.5x8.5in": Trim("5.5x8.5in", 5.5 * INCH, 8.5 * INCH),
    "a4": Trim("A4", 210 * MM, 297 * MM),
    "a5": Trim("A5", 148 * MM, 210 * MM),
    "letter": Trim("letter", 8.5 * INCH, 11 * INCH),
}
_ALIASES = {"6x9": "6x9in", "8.5x11": "8.5x11in", "5.5x8.5": "5.5x8.5in", "us-letter": "letter"}
_UNITS = {"in": INCH, "mm": MM, "cm": 10 * MM, "pt": 1.0}
_CUSTOM = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(in|mm|cm|pt)\s*", re.IGNORECASE)
SMALLEST, LARGEST = 2.5 * INCH, 20 * INCH


def parse_trim(text: str | Trim) -> Trim:
    """A trim from a preset name (``6x9in``, ``8.5x11in``, ``5.5x8.5in``, ``A4``, ``A5``, ``letter``) or a custom
    size with its unit (``7x10in``, ``170x240mm``, ``17x24cm``, ``504x720pt``), width first.

    Raises ``ValueError`` naming the presets when the text is neither.
    """
    if isinstance(text, Trim):
        return text
    key = text.strip().lower()
    key = _ALIASES.get(key, key)
    if key in TRIMS:
        return TRIMS[key]
    match = _CUSTOM.fullmatch(text)
    if not match:
        presets = ", ".join(t.name for t in TRIMS.values())
        raise ValueError(f"unknown trim size {text!r}: use one of {presets}, or WIDTHxHEIGHT with in, mm, cm or pt")
    unit = _UNITS[match.group(3).lower()]
    width, height = float(match.group(1)) * unit, float(match.group(2)) * unit
    for length in (width, height):
        if not SMALLEST <= length <= LARGEST:
            raise ValueError(f"trim size {text!r} is out of range: each side must be between 2.5 and 20 inches")
    return Trim(f"{match.group(1)}x{match.group(2)}{match.group(3).lower()}", width, height)


def gutter_for(pages: int) -> float:
    """The inside margin, in points, for a book of this many pages (the table in the module docstring)."""
    for most, inches in GUTTERS:
        if pages <= most:
            return inches * INCH
    return LAST_GUTTER * INCH


@dataclass(frozen=True)
class PageFrame:
    """Where things go on one page, in points from the PDF page's top-left corner, y down.

    ``media`` is the PDF page size; ``trim`` and ``safe`` are (left, top, right, bottom) boxes.
    """

    number: int
    media: tuple[float, float]
    trim: tuple[float, float, float, float]
    safe: tuple[float, float, float, float]

    @property
    def recto(self) -> bool:
        """Odd pages are right-hand pages: the spine is on their left."""
        return self.number % 2 == 1

    def pdf_box(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A (left, top, right, bottom) box as PDF wants it: (left, bottom, right, top) with y up."""
        left, top, right, bottom = box
        height = self.media[1]
        return (left, height - bottom, right, height - top)


def page_frame(number: int, trim: Trim, *, gutter: float, bleed: bool) -> PageFrame:
    """The frame of page ``number`` (from 1) of a book with this trim, gutter and bleed."""
    extra = BLEED if bleed else 0.0
    media = (trim.width + extra, trim.height + 2 * extra)
    recto = number % 2 == 1
    left = 0.0 if recto else extra  # the bleed lies on the outside edge: right of a recto, left of a verso
    top = extra
    trim_box = (left, top, left + trim.width, top + trim.height)
    inner_left, inner_right = (gutter, OUTSIDE_MARGIN) if recto else (OUTSIDE_MARGIN, gutter)
    safe = (
        trim_box[0] + inner_left,
        top + OUTSIDE_MARGIN,
        trim_box[2] - inner_right,
        trim_box[3] - OUTSIDE_MARGIN,
    )
    return PageFrame(number, media, trim_box, safe)


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text
