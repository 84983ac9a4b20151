"""Reading a PDF back as a print service's preflight does: the size every piece of text is set at.

The effective size of a text is its ``Tf`` size scaled by the text matrix (``Tm``) and the current
transformation matrix (``cm``, saved and restored by ``q``/``Q``): a digit drawn at 0.5 units inside a diagram
scaled 14 times is 7 pt on paper. The vertical scale of the combined matrix is what a reader sees as the size.
"""

from __future__ import annotations

import math

import pypdf
from pypdf.generic import ContentStream

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m, n):
    """The matrix product m x n, PDF matrices as (a, b, c, d, e, f)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def text_sizes(page: pypdf.PageObject) -> list[tuple[float, str]]:
    """(size in points on paper, text) for every string shown on the page."""
    return [(size, text) for size, _, _, text in placed_texts(page)]


def placed_texts(page: pypdf.PageObject) -> list[tuple[float, float, float, str]]:
    """(size in points on paper, x, y, text) for every string shown on the page, (x, y) where it starts in
    the PDF's own user space (points from the page's bottom-left corner)."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    ctm, stack = IDENTITY, []
    font_size, tm = 0.0, IDENTITY
    out = []
    for operands, operator in ops:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _multiply(tuple(map(float, operands)), ctm)
        elif operator == b"BT":
            tm = IDENTITY
        elif operator == b"Tf":
            font_size = float(operands[1])
        elif operator == b"Tm":
            tm = tuple(map(float, operands))
        elif operator in (b"Tj", b"TJ", b"'", b'"'):
            a, b, c, d, e, f = _multiply(tm, ctm)
            out.append((font_size * math.hypot(c, d), e, f, str(operands[-1])))
    return out


def smallest_text(reader: pypdf.PdfReader) -> tuple[float, int, str]:
    """The smallest text of the document: (size, page number from 1, the text)."""
    found = [(size, number, text) for number, page in enumerate(reader.pages, 1) for size, text in text_sizes(page)]
    return min(found)
