"""The hints chapter: each puzzle's first hard step in one line, as many to a page as fit.

The hints are found by :func:`dominosa.rendering.lessons.first_hard_step`; here they are wrapped, packed into
pages and drawn, each under its puzzle's number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dominosa.rendering.book_page import (
    LABEL_BOLD,
    TEXT,
    PageContext,
    TypeSizes,
    chapter_opening,
    content_top,
    intro_height,
    puzzles_span,
    running_head,
)
from dominosa.rendering.fonts import text_width
from dominosa.rendering.fonts import wrap_text as _wrap
from dominosa.rendering.i18n import N_
from dominosa.rendering.i18n import _ as tr

if TYPE_CHECKING:
    from dominosa.rendering.lessons import HardStep

_HINTS_INTRO = N_(
    "Stuck? For each puzzle, its first hard step: the technique it takes (see Solving techniques) and the pair "
    "it decides."
)


def hint_pages(hints: Sequence[HardStep], width: float, height: float, kind: TypeSizes) -> list[list[HardStep]]:
    """The hints, as many to a page as their lines fit (a long one wraps), the first page opening with the
    heading."""
    room = height - intro_height(tr(_HINTS_INTRO), width, kind) - kind.body * 0.5
    pages: list[list[HardStep]] = [[]]
    for hint in hints:
        tall = _hint_height(len(_hint_lines(hint, width, kind)), kind)
        if tall > room and pages[-1]:
            pages.append([])
            room = height
        pages[-1].append(hint)
        room -= tall
    return pages


def _hint_height(lines: int, kind: TypeSizes) -> float:
    """A hint's height: the step down to its first line, its further lines, and its last line's descent."""
    return kind.body * 1.75 + (lines - 1) * kind.body * 1.35 + kind.body * 0.35


def _hint_indent(kind: TypeSizes) -> float:
    return text_width("0000", kind.body, bold=LABEL_BOLD)


def _hint_lines(hint: HardStep, width: float, kind: TypeSizes) -> list[str]:
    """A hint's words, wrapped to the column right of its number."""
    label = tr(hint.technique.label)
    text = tr("{technique}: look at {where}").format(technique=f"{label[:1].upper()}{label[1:]}", where=tr(hint.where))
    return _wrap(text, kind.body, width - _hint_indent(kind), bold=TEXT)


def draw_hints_page(c: PageContext, hints: Sequence[HardStep], first: bool) -> None:
    """A page of hints, each under its puzzle's number; the ``first`` opens the chapter with its heading."""
    if not first:  # a chapter's opening page carries its title, not a running head
        running_head(c, tr("Hints"), puzzles_span(hints[0].number, hints[-1].number))
    k = c.kind
    y = content_top(c)
    if first:
        y = chapter_opening(c, y, tr("Hints"), tr(_HINTS_INTRO)) + k.body * 0.5
    indent = _hint_indent(k)
    for hint in hints:
        y += k.body * 1.75
        c.page.text(c.left + indent * 0.75, y, str(hint.number), size=k.body, bold=LABEL_BOLD, anchor="end")
        for n, line in enumerate(_hint_lines(hint, c.right - c.left, k)):
            y += k.body * 1.35 if n else 0.0
            c.page.text(c.left + indent, y, line, size=k.body, bold=TEXT)
