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


# -- reading a PDF back with poppler's pdftotext, as an outside check would ---------------------------------------

Box = tuple[float, float, float, float]


def bbox_words(data: bytes) -> list[list[tuple[str, Box]]]:
    """Each page's words as ``pdftotext -bbox`` reads them: (text, (left, top, right, bottom)) in points from the
    page's top-left corner. Poppler is an independent reader: what it finds is what a print service sees."""
    import html
    import re
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/book.pdf"
        with open(path, "wb") as out:
            out.write(data)
        done = subprocess.run(["pdftotext", "-bbox", path, "-"], capture_output=True, text=True, check=True)
    pages: list[list[tuple[str, Box]]] = []
    word = re.compile(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>')
    for chunk in done.stdout.split("<page ")[1:]:
        found = word.finditer(chunk)
        pages.append([(html.unescape(m[5]), tuple(float(v) for v in m.group(1, 2, 3, 4))) for m in found])
    return pages


def words_outside(words: list[tuple[str, Box]], safe: Box, slack: float = 0.5) -> list[tuple[str, Box]]:
    """The words whose boxes reach past ``safe`` (left, top, right, bottom) by more than ``slack`` points."""
    return [
        (text, box)
        for text, box in words
        if box[0] < safe[0] - slack or box[1] < safe[1] - slack or box[2] > safe[2] + slack or box[3] > safe[3] + slack
    ]


def overlapping_words(words: list[tuple[str, Box]], share: float = 0.3) -> list[tuple[str, str]]:
    """Pairs of words whose boxes overlap: sharing width and more than ``share`` of the smaller box's height
    (a line's ascent meeting the descent of the line above is normal leading)."""
    out = []
    ordered = sorted(words, key=lambda w: w[1][1])
    for k, (text, box) in enumerate(ordered):
        for other, obox in ordered[k + 1 :]:
            if obox[1] > box[3]:
                break
            wide = min(box[2], obox[2]) - max(box[0], obox[0])
            high = min(box[3], obox[3]) - max(box[1], obox[1])
            if wide > 0.5 and high > share * min(box[3] - box[1], obox[3] - obox[1]):
                out.append((text, other))
    return out
