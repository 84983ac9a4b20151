"""The book's and the diagrams' fonts: which file sets each face, and how wide a text is when it is set.

Why a module of its own: the diagrams (:mod:`dominosa.rendering.scene`), the raster and SVG pictures and the
PDF writer all measure text with the same widths, so that what layout reserves is what the PDF prints. The PDF
writer embeds these faces; everything that only measures needs nothing else of it, and so imports this module
alone (the writer itself draws scenes, so measuring through the writer would be a circle).

The faces are DejaVu Sans (regular and bold, the fonts matplotlib ships, so every machine has them) for pictures,
and the book's print faces, Source Serif Pro and Source Sans Pro (``font-source-serif-pro`` and
``font-source-sans-pro``), DejaVu standing in for a face whose package is missing and, glyph by glyph, for a
character a face lacks (:data:`FALLBACK`). Widths are read with fontTools, once per face and process.
"""

from __future__ import annotations

__all__ = [
    "ENCODING",
    "FACES",
    "FALLBACK",
    "FONT_FILES",
    "Face",
    "FontMetrics",
    "face_name",
    "face_path",
    "face_runs",
    "font_metrics",
    "glyph_advance",
    "set_width",
    "text_width",
    "unprintable",
    "wrap_text",
]

import importlib.util
import os
import re
from dataclasses import dataclass
from functools import lru_cache

from dominosa.rendering.i18n import typeset

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}  # bold? -> file in matplotlib's data
# Each face by name: the package that ships it, its file in the package's ``files`` folder, and matplotlib's
# DejaVu file that stands in when the package is not installed. The order fixes the PDF's font names (/F0, ...).
FACES: dict[str, tuple[str | None, str | None, str]] = {
    "sans": (None, None, FONT_FILES[False]),
    "sans-bold": (None, None, FONT_FILES[True]),
    "serif": ("font_source_serif_pro", "SourceSerifPro-Regular.ttf", "DejaVuSerif.ttf"),
    "serif-bold": ("font_source_serif_pro", "SourceSerifPro-Semibold.ttf", "DejaVuSerif-Bold.ttf"),
    "label": ("font_source_sans_pro", "SourceSansPro-Regular.ttf", FONT_FILES[False]),
    "label-bold": ("font_source_sans_pro", "SourceSansPro-Semibold.ttf", FONT_FILES[True]),
    "figures": ("font_source_sans_pro", "SourceSansPro-Semibold.ttf", FONT_FILES[False]),
    "display": ("font_source_serif_pro", "SourceSerifPro-Bold.ttf", "DejaVuSerif-Bold.ttf"),
    "serif-fallback": (None, None, "DejaVuSerif.ttf"),
    "serif-bold-fallback": (None, None, "DejaVuSerif-Bold.ttf"),
}
# The face that sets, glyph by glyph, what a face's file lacks (Source Serif Pro has no narrow no-break space,
# nor the Sami or Dutch letters of Latin Extended-A): DejaVu, of the same kind, which has them all.
FALLBACK: dict[str, str] = {
    "serif": "serif-fallback",
    "serif-bold": "serif-bold-fallback",
    "display": "serif-bold-fallback",
    "label": "sans",
    "label-bold": "sans-bold",
    "figures": "sans-bold",
}
Face = str | bool  # a face's name, or (as before faces had names) bold or not in DejaVu Sans
ENCODING = "cp1252"  # what PDF calls WinAnsiEncoding (the five codes it leaves undefined are never produced)


@dataclass(frozen=True)
class FontMetrics:
    """What layout and the PDF font objects need to know about one font file."""

    path: str
    name: str
    widths: tuple[float, ...]  # advance of each WinAnsi code 0..255, in thousandths of an em
    bbox: tuple[int, int, int, int]
    ascent: int
    descent: int
    cap_height: int
    italic_angle: float
    stem_v: int
    digit_height: float  # the height of the digit 0, in ems: figures are centred on it


def face_name(face: Face) -> str:
    if isinstance(face, bool):
        return "sans-bold" if face else "sans"
    if face not in FACES:
        raise ValueError(f"unknown face {face!r}: use one of {', '.join(FACES)}")
    return face


def face_path(face: Face) -> str:
    """The font file of a face: the package's when it is installed, else matplotlib's DejaVu stand-in."""
    package, name, fallback = FACES[face_name(face)]
    if package is not None:
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations:
            path = os.path.join(spec.submodule_search_locations[0], "files", name or "")
            if os.path.isfile(path):
                return path
    return os.path.join(_font_folder(), fallback)


def font_metrics(bold: Face = False) -> FontMetrics:
    """The metrics of a face (a name of :data:`FACES`, or True/False for DejaVu Sans bold or not), read once
    per process."""
    return _metrics(face_name(bold))


@lru_cache(maxsize=len(FACES))
def _metrics(face: str) -> FontMetrics:
    from fontTools.ttLib import TTFont

    bold = face.endswith("bold") or face == "display"
    path = face_path(face)
    font = TTFont(path, lazy=True)
    scale = 1000.0 / font["head"].unitsPerEm
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    notdef = hmtx[".notdef"][0] * scale
    widths = []
    for code in range(256):
        try:
            char = bytes([code]).decode(ENCODING)
        except UnicodeDecodeError:
            widths.append(0.0)
            continue
        glyph = cmap.get(ord(char))
        widths.append(hmtx[glyph][0] * scale if glyph else notdef)
    head, hhea = font["head"], font["hhea"]
    cap = font["glyf"][cmap[ord("H")]]
    zero = font["glyf"][cmap[ord("0")]]
    name = font["name"].getDebugName(6) or os.path.splitext(os.path.basename(path))[0]
    return FontMetrics(
        path=path,
        name=name.replace(" ", ""),
        widths=tuple(widths),
        bbox=tuple(round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)),  # type: ignore[arg-type]
        ascent=round(hhea.ascent * scale),
        descent=round(hhea.descent * scale),
        cap_height=round(cap.yMax * scale),
        italic_angle=float(font["post"].italicAngle),
        stem_v=140 if bold else 80,
        digit_height=zero.yMax / font["head"].unitsPerEm,
    )


@lru_cache(maxsize=2 * len(FACES))
def _glyph_widths(face: str) -> dict[int, float]:
    """Every character a face's file has, with its advance in thousandths of an em."""
    from fontTools.ttLib import TTFont

    font = TTFont(face_path(face), lazy=True)
    scale = 1000.0 / font["head"].unitsPerEm
    hmtx = font["hmtx"]
    return {code: hmtx[glyph][0] * scale for code, glyph in font.getBestCmap().items()}


def glyph_advance(face: str, char: str) -> float:
    """One character's advance in a face, in thousandths of an em (the .notdef box's where it has none)."""
    width = _glyph_widths(face).get(ord(char))
    return width if width is not None else font_metrics(face).widths[0x3F]  # as wide as "?"


def face_runs(face: str, text: str) -> list[tuple[str, str]]:
    """``text`` cut into (face, piece) runs: each character in ``face`` if its file has it, else in its stand-in
    (:data:`FALLBACK`) when that has it."""
    has = _glyph_widths(face)
    stand_in = FALLBACK.get(face)
    runs: list[tuple[str, str]] = []
    for char in text:
        use = face
        if ord(char) not in has and stand_in is not None and ord(char) in _glyph_widths(stand_in):
            use = stand_in
        if runs and runs[-1][0] == use:
            runs[-1] = (use, runs[-1][1] + char)
        else:
            runs.append((use, char))
    return runs


def unprintable(text: str, bold: Face = False) -> str | None:
    """The first character of ``text`` neither a face nor its stand-in can set (None when all can)."""
    face = face_name(bold)
    for run_face, piece in face_runs(face, text):
        has = _glyph_widths(run_face)
        for char in piece:
            if ord(char) not in has and not char.isspace():
                return char
    return None


def _font_folder() -> str:
    """Matplotlib's font folder, found without importing matplotlib (which costs half a second)."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("matplotlib is not installed: its DejaVu fonts are needed for PDF text")
    return os.path.join(spec.submodule_search_locations[0], "mpl-data", "fonts", "ttf")


def text_width(text: str, size: float, *, bold: Face = False) -> float:
    """The width of a line of text in points, as the PDF will set it (typeset in the language in use)."""
    return set_width(face_name(bold), typeset(text), size)


def set_width(face: str, text: str, size: float) -> float:
    """The width of text already typeset, in points, each character in the face that sets it."""
    return sum(glyph_advance(run_face, c) for run_face, piece in face_runs(face, text) for c in piece) * size / 1000.0


def wrap_text(text: str, size: float, width: float, *, bold: Face = False) -> list[str]:
    """Greedy line breaking at spaces, measured with the font's own widths, of the text typeset in the language
    in use; never at a no-break space (French sets one before its colons, every language between a number and
    its word)."""
    lines: list[str] = []
    line = ""
    text = typeset(text)
    for word in re.split(r"[^\S\u00a0\u202f]+", text.strip(" \t\n\r\f\v")):
        if not word:
            continue
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold=bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
