"""A print service's preflight, run on every page before a book or cover is written.

Print-on-demand services check each uploaded page (KDP's previewer, IngramSpark's checks): text outside the
safe area, text over text, figures off the page, type too small to print. A book that fails there is refused
after the author has paid for the work, or worse, printed with a line cut at the trim. So the book checks
itself first, on what the PDF writer actually placed (:attr:`~dominosa.rendering.pdf_writer.PdfPage.placed`,
the writer's own record of every text run and figure with its box), never on what the layout meant to place.

The checks, each page against its own safe area (the book's margins, which lie inside every service's):

- every text run, every number and label inside a figure, and every figure lies inside the safe area;
- no text is under :data:`~dominosa.rendering.pages.MIN_TEXT` (7 pt) on paper;
- no text run touches another, nor a number of a figure (a caption over a page number, a running head over a
  chapter's title);
- no two figures overlap, and every figure's numbers lie within the figure.

A text's box for the safe area is the font's ascent to descent, as PDF readers measure it (``pdftotext -bbox``
reads back the same boxes), so accents and descenders are inside too. Two texts print over each other when
their letters' boxes meet (ascenders to descenders, :data:`~dominosa.rendering.pdf_writer.CORE_RISE` and
``CORE_DROP``): the fonts' boxes of two closely leaded lines meet without any letter touching.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dominosa.rendering.pages import MIN_TEXT
from dominosa.rendering.pdf_writer import PdfPage, Placed

__all__ = ["Problem", "check_page", "check_pages", "first_problem", "SLACK"]

Box = tuple[float, float, float, float]
# How far (points) a box may reach past an edge: the writer rounds to thousandths, and a hair is no fault.
SLACK = 0.05
_EDGES = ("left", "top", "right", "bottom")


@dataclass(frozen=True)
class Problem:
    """One fault on one page (numbered from 1), in words a publisher reads."""

    page: int
    what: str

    def line(self) -> str:
        return f"page {self.page}: {self.what}"


def check_pages(pages: Sequence[PdfPage], safe_boxes: Sequence[Box | Sequence[Box]]) -> list[Problem]:
    """Every problem of every page, page ``k`` (from 1) checked against ``safe_boxes[k - 1]`` (one box, or the
    boxes a page's safe area is made of, as a cover's back, spine and front)."""
    found: list[Problem] = []
    for number, (page, safe) in enumerate(zip(pages, safe_boxes, strict=True), 1):
        found += check_page(page, safe, number)
    return found


def first_problem(pages: Sequence[PdfPage], safe_boxes: Sequence[Box | Sequence[Box]]) -> Problem | None:
    """The first problem of the pages, or None: what a build stops on."""
    for number, (page, safe) in enumerate(zip(pages, safe_boxes, strict=True), 1):
        problems = check_page(page, safe, number)
        if problems:
            return problems[0]
    return None


def check_page(page: PdfPage, safe: Box | Sequence[Box], number: int) -> list[Problem]:
    """The problems of one page: sizes, the safe area (one box, or several: a thing must lie inside one of
    them), text over text or figures, figures over figures."""
    zones: list[Box] = [safe] if isinstance(safe[0], (int, float)) else list(safe)  # type: ignore[list-item]
    placed = page.placed
    texts = [p for p in placed if p.kind == "text"]
    figures = [(k, p) for k, p in enumerate(placed) if p.kind == "figure"]
    numbers = [p for p in placed if p.kind == "number"]
    out = [Problem(number, what) for what in _small_type([*texts, *numbers])]
    out += [Problem(number, what) for what in _outside(placed, zones)]
    out += [Problem(number, what) for what in _crossing_texts(texts)]
    out += [Problem(number, what) for what in _text_over_figures(texts, figures, numbers)]
    out += [Problem(number, what) for what in _crossing_figures(figures, numbers)]
    return out


def _small_type(texts: Sequence[Placed]) -> list[str]:
    small = [p for p in texts if p.size < MIN_TEXT - 1e-3]
    if not small:
        return []
    worst = min(small, key=lambda p: p.size)
    return [f"{_name(worst)} is set at {worst.size:.2f} pt, under the {MIN_TEXT:g} pt print services accept"]


def _outside(placed: Sequence[Placed], zones: Sequence[Box]) -> list[str]:
    """The first text and the first figure found past the safe area (inside none of its ``zones``), with how
    far and over which edge of the zone it comes nearest to lying in."""
    out: list[str] = []
    for kinds in (("text", "number"), ("figure",)):
        for item in placed:
            if item.kind not in kinds:
                continue
            edge, by = min((_overrun(item.box, zone) for zone in zones), key=lambda found: found[1])
            if by > SLACK:
                out.append(f"{_name(item)} runs {by:.1f} pt past the {edge} edge of the safe area")
                break
    return out


def _overrun(box: Box, safe: Box) -> tuple[str, float]:
    """The edge of ``safe`` that ``box`` passes furthest, and by how many points (0 or less: inside)."""
    left, top, right, bottom = box
    past = (safe[0] - left, safe[1] - top, right - safe[2], bottom - safe[3])
    worst = max(range(4), key=lambda k: past[k])
    return _EDGES[worst], past[worst]


def _crossing_texts(texts: Sequence[Placed]) -> list[str]:
    ordered = sorted(texts, key=lambda p: p.box[1])
    for k, one in enumerate(ordered):
        for other in ordered[k + 1 :]:
            if other.box[1] > one.box[3]:
                break
            if _touch(one, other):
                return [f"{_name(one)} prints over {_name(other)}"]
    return []


def _text_over_figures(texts, figures, numbers: Sequence[Placed]) -> list[str]:
    by_owner: dict[int, list[Placed]] = {}
    for item in numbers:
        by_owner.setdefault(item.owner, []).append(item)
    for text in texts:
        for index, figure in figures:
            if not _meets(text.box, figure.box, 0.0):
                continue
            hit = next((n for n in by_owner.get(index, ()) if _touch(text, n)), None)
            if hit is not None:
                return [f"{_name(text)} prints over the figure's {hit.text!r}"]
    return []


def _crossing_figures(figures, numbers: Sequence[Placed]) -> list[str]:
    out: list[str] = []
    for k, (_, one) in enumerate(figures):
        for _, other in figures[k + 1 :]:
            if _meets(one.box, other.box, 0.5):
                out.append(f"two figures overlap, at {_where(one.box)} and {_where(other.box)}")
                return out
    boxes = dict(figures)
    for item in numbers:
        edge, by = _overrun(item.box, boxes[item.owner].box)
        if by > 0.5:
            out.append(f"a figure's {item.text!r} runs {by:.1f} pt past the figure's {edge} edge")
            break
    return out


def _touch(one: Placed, other: Placed) -> bool:
    """Whether two texts print over each other: their letters' boxes (ascenders to descenders) meet."""
    a, b = one.core or one.box, other.core or other.box
    return _meets(a, b, SLACK)


def _meets(one: Box, other: Box, slack: float) -> bool:
    return (
        min(one[2], other[2]) - max(one[0], other[0]) > slack and min(one[3], other[3]) - max(one[1], other[1]) > slack
    )


def _name(item: Placed) -> str:
    if item.kind == "figure":
        return f"the figure at {_where(item.box)}"
    text = item.text if len(item.text) <= 40 else item.text[:37] + "..."
    return f"{'the figure text' if item.kind == 'number' else 'the text'} {text!r}"


def _where(box: Box) -> str:
    return f"({box[0]:.0f}, {box[1]:.0f} pt)"
