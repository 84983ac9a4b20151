"""A small PDF writer for diagrams and books: vector drawing, exact page boxes, embedded TrueType fonts.

Why our own writer rather than matplotlib's ``PdfPages``: a book page holds hundreds of numbers, and matplotlib
lays out and writes each ``Text`` through its whole artist machinery (about 1 ms each), which put a 70-page book
near 20 s. Here a number is one ``Tj`` operator written from a format string, so the same book renders in well
under a second, and we control what print-on-demand services check: the page size to the point, ``TrimBox``
and ``BleedBox`` on every page, and fonts.

What it writes (PDF 1.4, every object plain so any tool reads it):

- pages in a y-down coordinate system in points (one ``cm`` flip per page), so layout code and diagrams share
  the convention of :mod:`dominosa.rendering.scene`;
- text in the named faces of :mod:`dominosa.rendering.fonts`: DejaVu Sans (regular and bold, the fonts matplotlib
  ships, so every machine has them) for pictures, and the book's print faces, Source Serif Pro for its text and
  Source Sans Pro for its figures and labels (SIL Open Font Licence, which allows embedding; from the
  ``font-source-serif-pro`` and ``font-source-sans-pro`` packages, DejaVu standing in when one is missing), each
  embedded as a **TrueType** subset (``/FontFile2``; never Type 3), as simple fonts with ``WinAnsiEncoding``, so
  text stays extractable and searchable. Characters outside Windows-1252 (a narrow no-break space, an author's "ř"
  or "Ł") take codes that encoding leaves free, named in the font's ``/Differences`` and its ToUnicode map, up to
  :data:`SPARE_CODES` of them a document; a character a face lacks is set in its stand-in face (``fonts.FALLBACK``,
  DejaVu, which covers Latin Extended-A), glyph by glyph;
- text as the language in use sets it (:func:`~dominosa.rendering.i18n.typeset`: French spacing, cells in the
  language's letters, a number bound to its word), applied where text is measured and where it is set, so the
  two always agree;
- content streams compressed with zlib.

Subsetting uses fontTools, which matplotlib itself depends on for the same job.
"""

from __future__ import annotations

import hashlib
import io
import logging
import zlib
from dataclasses import dataclass
from functools import lru_cache

from dominosa.rendering.fonts import (
    ENCODING,
    FACES,
    Face,
    FontMetrics,
    face_name,
    face_runs,
    font_metrics,
    glyph_advance,
    set_width,
)
from dominosa.rendering.i18n import typeset
from dominosa.rendering.scene import DIGIT_HEIGHT, Diagram, Layer

__all__ = ["PdfDocument", "PdfPage", "Placed", "SPARE_CODES", "SpareCodes"]

_KAPPA = 0.5522847498
_CAPS = {"butt": 0, "round": 1, "square": 2}
# The codes WinAnsiEncoding leaves to no character (its five gaps, the controls, DEL): a document gives them, in
# the order it meets them, to the characters it shows from outside Windows-1252, the same code in every face.
SPARE_CODES = (0x81, 0x8D, 0x8F, 0x90, 0x9D, *range(0x01, 0x20), 0x7F)


@dataclass(frozen=True)
class Placed:
    """One thing the writer put on a page, as a preflight checks it: ``kind`` is ``text`` (a line set by
    :meth:`PdfPage.text`), ``figure`` (a diagram's whole box), ``number`` (a text inside a diagram, ``owner``
    the index of its figure in the page's record) or ``rule`` (a line or rectangle); ``box`` is (left, top,
    right, bottom) in points from the page's top-left corner, for text from the font's ascent to its descent,
    as PDF readers measure a glyph's box; ``size`` the text's size on paper in points (0 for shapes)."""

    kind: str
    box: tuple[float, float, float, float]
    text: str = ""
    size: float = 0.0
    owner: int = -1
    core: tuple[float, float, float, float] | None = None  # text only: its letters' box (see CORE_RISE)


# The box of a text's letters, in ems from the baseline: ascenders rise about 0.75 em, descenders drop about 0.22;
# the font's ascent and descent (the box readers report) hold more, for accents and leading.
CORE_RISE, CORE_DROP = 0.75, 0.22


class SpareCodes:
    """The characters from outside Windows-1252 a document shows, each with the spare code it was given."""

    def __init__(self) -> None:
        self.code: dict[str, int] = {}

    def encode(self, text: str) -> bytes:
        """``text`` as the bytes a simple font's string holds: Windows-1252, else the character's spare code."""
        try:
            return text.encode(ENCODING)
        except UnicodeEncodeError:
            pass
        out = bytearray()
        for char in text:
            try:
                out += char.encode(ENCODING)
            except UnicodeEncodeError:
                out.append(self._code_of(char))
        return bytes(out)

    def _code_of(self, char: str) -> int:
        code = self.code.get(char)
        if code is None:
            if len(self.code) == len(SPARE_CODES):
                raise ValueError(
                    f"{char!r} is one character too many from outside Windows-1252: a PDF holds {len(SPARE_CODES)}"
                )
            code = self.code[char] = SPARE_CODES[len(self.code)]
        return code


def _encode(text: str) -> bytes:
    """Text of Windows-1252 (a diagram's numbers and labels) as its bytes; anything else as ``?``."""
    return text.encode(ENCODING, errors="replace")


class PdfPage:
    """One page being drawn: coordinates in points from the top-left corner of the page, y down."""

    def __init__(
        self,
        width: float,
        height: float,
        *,
        trim_box: tuple[float, float, float, float] | None = None,
        bleed_box: tuple[float, float, float, float] | None = None,
        spare: SpareCodes | None = None,
    ) -> None:
        """``spare`` is the document's table of codes for characters outside Windows-1252 (a page of its own
        when it is drawn only to be measured)."""
        self.spare = spare if spare is not None else SpareCodes()
        self.width = width
        self.height = height
        self.trim_box = trim_box
        self.bleed_box = bleed_box
        self.chars: dict[str, set[str]] = {}  # for each face used, the characters shown
        self.ink: tuple[float, float, float, float] | None = None  # (left, top, right, bottom) of all drawn
        self.placed: list[Placed] = []  # everything drawn, where and how big: what a preflight checks
        self._figure: tuple[int, float, float, float] = (-1, 0.0, 0.0, 1.0)  # the diagram being drawn
        self._ops: list[str] = [f"1 0 0 -1 0 {_n(height)} cm"]

    def _inked(self, left: float, top: float, right: float, bottom: float) -> None:
        """Grow the box of everything drawn, so a layout can be checked against the margins."""
        if self.ink is None:
            self.ink = (left, top, right, bottom)
        else:
            a, b, c, d = self.ink
            self.ink = (min(a, left), min(b, top), max(c, right), max(d, bottom))

    # -- drawing ---------------------------------------------------------------------------------------------

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        bold: Face = False,
        anchor: str = "start",
        colour: str = "#000000",
        down: bool = False,
    ) -> float:
        """Set one line of text with its baseline at ``y``; ``anchor`` start, middle or end at ``x``.

        With ``down`` the line runs down the page from (x, y), turned a quarter clockwise with the tops of the
        letters to the right, as the title on a book's spine (``anchor`` then applies along y, and ``x`` is
        the baseline). ``bold`` is the face: a name of :data:`FACES`, or True/False for DejaVu Sans bold or not.
        Returns the width of the text, in points.
        """
        face = face_name(bold)
        text = typeset(text)
        runs = face_runs(face, text)
        width = set_width(face, text, size)
        shift = width / 2 if anchor == "middle" else width if anchor == "end" else 0.0
        metrics = font_metrics(bold)
        rise, drop = metrics.ascent * size / 1000, -metrics.descent * size / 1000
        if down:
            y -= shift
            box = (x - drop, y, x + rise, y + width)
            core = (x - CORE_DROP * size, y, x + CORE_RISE * size, y + width)
            matrix = f"0 1 1 0 {_n(x)} {_n(y)}"
        else:
            x -= shift
            box = (x, y - rise, x + width, y + drop)
            core = (x, y - CORE_RISE * size, x + width, y + CORE_DROP * size)
            matrix = f"1 0 0 -1 {_n(x)} {_n(y)}"
        self._inked(*box)
        if text.strip():
            self.placed.append(Placed("text", box, text, size, core=core))
        shown = []  # the first run's font is chosen before the matrix is set, as readers that group lines expect
        for k, (run_face, piece) in enumerate(runs):
            self.chars.setdefault(run_face, set()).update(piece)
            where = f" {matrix} Tm" if k == 0 else ""
            shown.append(f"/{_resource(run_face)} {_n(size)} Tf{where} ({_literal(self.spare.encode(piece))}) Tj")
        self._ops.append(f"BT {_fill(colour)} {' '.join(shown)} ET")
        return width

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        *,
        width: float,
        colour: str = "#000000",
        cap: str = "butt",
    ) -> None:
        """A straight line ``width`` points wide."""
        half = width / 2
        box = (min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half)
        self._inked(*box)
        self.placed.append(Placed("rule", box))
        self._ops.append(
            f"q {_stroke(colour)} {_n(width)} w {_CAPS[cap]} J {_n(x0)} {_n(y0)} m {_n(x1)} {_n(y1)} l S Q"
        )

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        """A rectangle, filled and/or stroked."""
        half = width / 2 if stroke else 0.0
        box = (x - half, y - half, x + w + half, y + h + half)
        self._inked(*box)
        self.placed.append(Placed("rule", box))
        paint = "B" if fill and stroke else "f" if fill else "S"
        colours = (f"{_fill(fill)} " if fill else "") + (f"{_stroke(stroke)} {_n(width)} w " if stroke else "")
        self._ops.append(f"q {colours}{_n(x)} {_n(y)} {_n(w)} {_n(h)} re {paint} Q")

    def diagram(
        self, diagram: Diagram, x: float, y: float, scale: float, *, paper: bool = False, face: Face = False
    ) -> None:
        """Draw a diagram with its top-left corner at (x, y), ``scale`` points per cell, its numbers in ``face``.

        The paper is left out unless ``paper`` is True: on a white page it would only add bytes.
        """
        face = face_name(face)
        self._inked(x, y, x + diagram.width * scale, y + diagram.height * scale)
        self.placed.append(Placed("figure", (x, y, x + diagram.width * scale, y + diagram.height * scale)))
        self._figure = (len(self.placed) - 1, x, y, scale)
        ops = self._ops
        ops.append(f"q {_n(scale)} 0 0 {_n(scale)} {_n(x)} {_n(y)} cm 1 j")
        if paper:
            ops.append(f"{_fill(diagram.paper)} 0 0 {_n(diagram.width)} {_n(diagram.height)} re f")
        for layer in diagram.layers:
            self._layer(layer, face)
        ops.append("Q")

    def _layer(self, layer: Layer, face: str) -> None:
        ops = self._ops
        if layer.kind == "rects":
            body = " ".join(f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re" for x, y, w, h in layer.items)
            ops.append(f"{_fill(layer.fill)} {body} f")
        elif layer.kind == "segments":
            body = " ".join(f"{_n(a)} {_n(b)} m {_n(c)} {_n(d)} l" for a, b, c, d in layer.items)
            ops.append(f"{_pen(layer)} {body} S [] 0 d")
        elif layer.kind == "tiles":
            body = " ".join(_rounded(x, y, w, h, layer.radius) for x, y, w, h in layer.items)
            if layer.fill and layer.stroke:
                ops.append(f"{_fill(layer.fill)} {_pen(layer)} {body} B [] 0 d")
            elif layer.stroke:
                ops.append(f"{_pen(layer)} {body} S [] 0 d")
            else:
                ops.append(f"{_fill(layer.fill)} {body} f")
        elif layer.kind == "circles":
            body = " ".join(_circle(x, y, r) for x, y, r in layer.items)
            ops.append(f"{_fill(layer.fill)} {body} f")
        elif layer.kind == "texts":
            metrics = font_metrics(face)
            widths = metrics.widths
            size = layer.size
            drop = (metrics.digit_height if face != "sans" else DIGIT_HEIGHT) * size / 2
            parts = [f"BT {_fill(layer.fill)} /{_resource(face)} {_n(size)} Tf"]
            for x, y, text in layer.items:
                data = _encode(text)
                half = sum(widths[b] for b in data) * size / 2000.0
                parts.append(f"1 0 0 -1 {_n(x - half)} {_n(y + drop)} Tm ({_literal(data)}) Tj")
            parts.append("ET")
            self._numbers(layer, metrics, drop)
            shown = self.chars.setdefault(face, set())
            for _, _, text in layer.items:
                shown.update(text)
            ops.append(" ".join(parts))
        else:
            raise ValueError(f"unknown layer kind {layer.kind!r}")

    def _numbers(self, layer: Layer, metrics: FontMetrics, drop: float) -> None:
        """Record the texts of a diagram's layer where they land on the page (the diagram's scale applied)."""
        owner, left, top, scale = self._figure
        size = layer.size
        rise, fall = metrics.ascent * size / 1000, -metrics.descent * size / 1000
        for x, y, text in layer.items:
            half = sum(metrics.widths[b] for b in _encode(text)) * size / 2000.0
            baseline = y + drop
            x0, x1 = left + (x - half) * scale, left + (x + half) * scale
            box = (x0, top + (baseline - rise) * scale, x1, top + (baseline + fall) * scale)
            core = (x0, top + (baseline - CORE_RISE * size) * scale, x1, top + (baseline + CORE_DROP * size) * scale)
            self.placed.append(Placed("number", box, text, size * scale, owner, core))

    def content(self) -> bytes:
        return "\n".join(self._ops).encode("latin-1")


class PdfDocument:
    """Pages in order, written out by :meth:`to_bytes` with the fonts subset to the characters used."""

    def __init__(
        self,
        *,
        title: str | None = None,
        author: str | None = None,
        subject: str | None = None,
        language: str | None = None,
    ) -> None:
        """``language`` (a code such as ``de``) goes in the catalog's ``/Lang``, for readers that speak the text."""
        self.pages: list[PdfPage] = []
        self.info = {"Title": title, "Author": author, "Subject": subject, "Producer": "dominosa"}
        self.language = language
        self.spare = SpareCodes()

    def new_page(
        self,
        width: float,
        height: float,
        *,
        trim_box: tuple[float, float, float, float] | None = None,
        bleed_box: tuple[float, float, float, float] | None = None,
    ) -> PdfPage:
        """Append a page ``width`` x ``height`` points; boxes are (left, bottom, right, top) in PDF points."""
        page = PdfPage(width, height, trim_box=trim_box, bleed_box=bleed_box, spare=self.spare)
        self.pages.append(page)
        return page

    def to_bytes(self) -> bytes:
        """The whole file. Objects: catalog, page tree, fonts, then each page's content and dictionary."""
        if not self.pages:
            raise ValueError("a PDF needs at least one page")
        chars: dict[str, set[str]] = {}  # the characters each font must keep
        for page in self.pages:
            for face, shown in page.chars.items():
                chars.setdefault(face, set()).update(shown)
        objects: list[bytes] = [b"", b""]  # 1: catalog, 2: page tree, filled in at the end
        spare = self.spare.code
        font_refs = {
            face: _font_objects(objects, face, chars[face] | {" "}, spare) for face in FACES if face in chars
        }
        kids = []
        for page in self.pages:
            data = zlib.compress(page.content(), 6)
            objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream")
            content_ref = len(objects)
            fonts = " ".join(f"/{_resource(f)} {font_refs[f]} 0 R" for f in FACES if f in page.chars)
            boxes = f"/MediaBox [0 0 {_n(page.width)} {_n(page.height)}]"
            if page.bleed_box:
                boxes += f" /BleedBox [{' '.join(map(_n, page.bleed_box))}]"
            if page.trim_box:
                boxes += f" /TrimBox [{' '.join(map(_n, page.trim_box))}]"
            objects.append(
                f"<< /Type /Page /Parent 2 0 R {boxes} /Resources << /Font << {fonts} >> >> "
                f"/Contents {content_ref} 0 R >>".encode("latin-1")
            )
            kids.append(len(objects))
        lang = f" /Lang {_text_string(self.language)}" if self.language else ""
        objects[0] = f"<< /Type /Catalog /Pages 2 0 R{lang} >>".encode("latin-1")
        objects[1] = f"<< /Type /Pages /Count {len(kids)} /Kids [{' '.join(f'{k} 0 R' for k in kids)}] >>".encode()
        info = " ".join(f"/{key} {_text_string(value)}" for key, value in self.info.items() if value)
        objects.append(f"<< {info} >>".encode("latin-1"))
        return _serialise(objects, info_ref=len(objects))


# -- file structure ----------------------------------------------------------------------------------------------


def _serialise(objects: list[bytes], *, info_ref: int) -> bytes:
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\n" % (len(objects) + 1, info_ref))
    out.write(b"startxref\n%d\n%%%%EOF\n" % xref)
    return out.getvalue()


def _resource(face: str) -> str:
    """A face's name in the pages' font resources: /F0 and /F1 for DejaVu Sans and its bold, as always."""
    return f"F{list(FACES).index(face)}"


def _font_objects(objects: list[bytes], face: str, chars: set[str], spare: dict[str, int]) -> int:
    """Append a font's file, descriptor and dictionary; return the dictionary's object number. The characters
    it shows from outside Windows-1252 are named at their spare codes in an ``/Encoding`` of differences."""
    metrics = font_metrics(face)
    program = _subset(metrics.path, frozenset(chars))
    packed = zlib.compress(program, 9)
    objects.append(
        b"<< /Length %d /Length1 %d /Filter /FlateDecode >>\nstream\n" % (len(packed), len(program))
        + packed
        + b"\nendstream"
    )
    file_ref = len(objects)
    tag = "".join(chr(65 + b % 26) for b in hashlib.sha1("".join(sorted(chars)).encode()).digest()[:6])
    name = f"{tag}+{metrics.name}"
    objects.append(
        (
            f"<< /Type /FontDescriptor /FontName /{name} /Flags 32 "
            f"/FontBBox [{' '.join(map(str, metrics.bbox))}] /ItalicAngle {_n(metrics.italic_angle)} "
            f"/Ascent {metrics.ascent} /Descent {metrics.descent} /CapHeight {metrics.cap_height} "
            f"/StemV {metrics.stem_v} /FontFile2 {file_ref} 0 R >>"
        ).encode("latin-1")
    )
    descriptor_ref = len(objects)
    extra = tuple(sorted((code, char) for char, code in spare.items() if char in chars))
    cmap = zlib.compress(_to_unicode(extra), 9)
    objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(cmap) + cmap + b"\nendstream")
    cmap_ref = len(objects)
    first = min([32, *(code for code, _ in extra)])
    advance = dict(enumerate(metrics.widths)) | {code: glyph_advance(face, char) for code, char in extra}
    widths = " ".join(_n(advance[code]) for code in range(first, 256))
    encoding = "/WinAnsiEncoding"
    if extra:
        names = " ".join(f"{code} /uni{ord(char):04X}" for code, char in extra)
        encoding = f"<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [{names}] >>"
    objects.append(
        (
            f"<< /Type /Font /Subtype /TrueType /BaseFont /{name} /FirstChar {first} /LastChar 255 "
            f"/Widths [{widths}] /Encoding {encoding} /FontDescriptor {descriptor_ref} 0 R "
            f"/ToUnicode {cmap_ref} 0 R >>"
        ).encode("latin-1")
    )
    return len(objects)


@lru_cache(maxsize=8)
def _to_unicode(extra: tuple[tuple[int, str], ...] = ()) -> bytes:
    """A ToUnicode CMap for WinAnsi codes and the spare codes ``extra`` gives out, so every reader extracts the
    text exactly, not only those that know the encoding by heart."""
    pairs = [f"<{code:02X}> <{ord(char):04X}>" for code, char in extra]
    given = {code for code, _ in extra}
    for code in range(32, 256):
        if code in given:
            continue
        try:
            char = bytes([code]).decode(ENCODING)
        except UnicodeDecodeError:
            continue
        pairs.append(f"<{code:02X}> <{ord(char):04X}>")
    blocks = []
    for k in range(0, len(pairs), 100):  # at most 100 entries to a block
        chunk = pairs[k : k + 100]
        blocks.append(f"{len(chunk)} beginbfchar\n" + "\n".join(chunk) + "\nendbfchar")
    return (
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<00> <FF>\nendcodespacerange\n"
        + "\n".join(blocks)
        + "\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    ).encode("ascii")


@lru_cache(maxsize=16)
def _subset(path: str, chars: frozenset[str]) -> bytes:
    """The font cut down to these characters (and .notdef), as TrueType bytes without hinting or layout tables."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.WARNING)
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.notdef_outline = True
    options.recalc_bounds = True
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "DSIG"]
    # The subset's head table would otherwise carry the time of saving: the same book would differ byte for byte
    # from run to run, and print services flag it as changed content.
    font = TTFont(path, recalcTimestamp=False)
    for tag in ("GSUB", "GPOS", "GDEF", "kern"):  # dropped unread: the subsetter would decode them all first
        if tag in font:
            del font[tag]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes={ord(c) for c in chars})
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


# -- small helpers -------------------------------------------------------------------------------------------------


def _n(value: float) -> str:
    """A number with at most three decimals and no trailing zeros, as PDF content streams like them."""
    if value == int(value):
        return str(int(value))
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _rgb(colour: str) -> tuple[float, float, float]:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _fill(colour: str | None) -> str:
    r, g, b = _rgb(colour or "#000000")
    return f"{_n(r)} g" if r == g == b else f"{_n(r)} {_n(g)} {_n(b)} rg"


def _stroke(colour: str | None) -> str:
    r, g, b = _rgb(colour or "#000000")
    return f"{_n(r)} G" if r == g == b else f"{_n(r)} {_n(g)} {_n(b)} RG"


def _pen(layer: Layer) -> str:
    dash = f"[{_n(layer.dash[0])} {_n(layer.dash[1])}] 0 d" if layer.dash else "[] 0 d"
    return f"{_stroke(layer.stroke)} {_n(layer.width)} w {_CAPS[layer.cap]} J {dash}"


def _rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    r = max(0.0, min(r, w / 2, h / 2))
    k = r * (1 - _KAPPA)
    x1, y1 = x + w, y + h
    return (
        f"{_n(x + r)} {_n(y)} m {_n(x1 - r)} {_n(y)} l "
        f"{_n(x1 - k)} {_n(y)} {_n(x1)} {_n(y + k)} {_n(x1)} {_n(y + r)} c "
        f"{_n(x1)} {_n(y1 - r)} l {_n(x1)} {_n(y1 - k)} {_n(x1 - k)} {_n(y1)} {_n(x1 - r)} {_n(y1)} c "
        f"{_n(x + r)} {_n(y1)} l {_n(x + k)} {_n(y1)} {_n(x)} {_n(y1 - k)} {_n(x)} {_n(y1 - r)} c "
        f"{_n(x)} {_n(y + r)} l {_n(x)} {_n(y + k)} {_n(x + k)} {_n(y)} {_n(x + r)} {_n(y)} c h"
    )


def _circle(x: float, y: float, r: float) -> str:
    k = r * _KAPPA
    return (
        f"{_n(x + r)} {_n(y)} m {_n(x + r)} {_n(y + k)} {_n(x + k)} {_n(y + r)} {_n(x)} {_n(y + r)} c "
        f"{_n(x - k)} {_n(y + r)} {_n(x - r)} {_n(y + k)} {_n(x - r)} {_n(y)} c "
        f"{_n(x - r)} {_n(y - k)} {_n(x - k)} {_n(y - r)} {_n(x)} {_n(y - r)} c "
        f"{_n(x + k)} {_n(y - r)} {_n(x + r)} {_n(y - k)} {_n(x + r)} {_n(y)} c h"
    )


def _literal(data: bytes) -> str:
    """Bytes as the inside of a PDF literal string: brackets and backslashes escaped, other bytes octal."""
    out = []
    for b in data:
        if b in (0x28, 0x29, 0x5C):
            out.append("\\" + chr(b))
        elif 32 <= b < 127:
            out.append(chr(b))
        else:
            out.append(f"\\{b:03o}")
    return "".join(out)


def _text_string(value: str) -> str:
    """A document-information string: plain when ASCII, else UTF-16 with a byte-order mark."""
    if value.isascii():
        return "(" + value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + value.encode("utf-16-be").hex().upper() + ">"
