"""PDF output read back with an independent reader (pypdf): exact page size, every font embedded as TrueType
(no Type 3), text extractable; and files written whole or not at all."""

from __future__ import annotations

import io
import os

import pypdf
import pytest

from dominosa import read_puzzle, rendering
from dominosa.rendering.files import atomic_write, format_from_path
from dominosa.rendering.fonts import text_width
from dominosa.rendering.pdf_writer import SPARE_CODES, PdfDocument, SpareCodes

ID = "3:22223101012330103310"


def fonts_of(reader: pypdf.PdfReader) -> list[dict]:
    """Every font dictionary used by any page, resolved."""
    found = {}
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            found[font["/BaseFont"]] = font
    return list(found.values())


def assert_fonts_embedded_truetype(data: bytes) -> None:
    """Every font is a TrueType font with its program embedded (FontFile2); no Type 3 font anywhere."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = fonts_of(reader)
    assert fonts
    for font in fonts:
        assert font["/Subtype"] == "/TrueType", font
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]
        program = descriptor["/FontFile2"].get_object().get_data()
        assert program[:4] in (b"\x00\x01\x00\x00", b"true")  # a TrueType font program
        assert "+" in font["/BaseFont"]  # a subset, tagged as the PDF standard asks
    assert b"/Type3" not in data and b"/FontType 3" not in data


def test_one_diagram_pdf_is_one_page_exactly_the_picture_size():
    puzzle = read_puzzle(ID)
    data = rendering.pdf(puzzle, cell=30)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(((5 + 0.4) * 30, (4 + 0.4) * 30))
    assert_fonts_embedded_truetype(data)


def test_pdf_text_is_extractable_number_by_number():
    puzzle = read_puzzle(ID)
    reader = pypdf.PdfReader(io.BytesIO(rendering.pdf(puzzle, what="both")))
    text = reader.pages[0].extract_text()
    assert "".join(text.split()) == "".join(map(str, puzzle.numbers)) * 2


def test_pips_pdf_has_no_digits_but_is_still_a_valid_pdf():
    puzzle = read_puzzle(ID)
    reader = pypdf.PdfReader(io.BytesIO(rendering.pdf(puzzle, pips=True)))
    assert reader.pages[0].extract_text().strip() == ""


def test_writer_sets_text_with_latin_characters_and_boxes():
    doc = PdfDocument(title="Über Dominosa")
    page = doc.new_page(200, 100, trim_box=(0, 0, 190, 100), bleed_box=(0, 0, 200, 100))
    width = page.text(10, 50, "Puzzle 12 · Hard · 7×8 (x)", size=10, bold=True)
    assert width == pytest.approx(text_width("Puzzle 12 · Hard · 7×8 (x)", 10, bold=True))
    assert page.ink is not None and page.ink[0] == 10 and page.ink[2] == pytest.approx(10 + width)
    data = doc.to_bytes()
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert reader.pages[0].extract_text() == "Puzzle 12 · Hard · 7×8 (x)"
    assert [float(v) for v in reader.pages[0].trimbox] == [0, 0, 190, 100]
    assert reader.metadata.title == "Über Dominosa"
    assert_fonts_embedded_truetype(data)


def test_save_picks_the_format_from_the_suffix(tmp_path):
    puzzle = read_puzzle(ID)
    for suffix, magic in ((".png", b"\x89PNG"), (".svg", b"<svg"), (".pdf", b"%PDF")):
        path = rendering.save(tmp_path / f"p{suffix}", puzzle, what="both")
        assert path.read_bytes().startswith(magic)
    with pytest.raises(ValueError, match="cannot tell the format"):
        rendering.save(tmp_path / "p.gif", puzzle)
    assert format_from_path("x.gif", "PDF") == "pdf"


def test_unwritable_path_raises_oserror_and_leaves_nothing(tmp_path):
    puzzle = read_puzzle(ID)
    with pytest.raises(OSError) as caught:
        rendering.save(tmp_path / "missing" / "p.png", puzzle)
    assert "missing" in str(caught.value.filename)
    assert list(tmp_path.iterdir()) == []


def test_atomic_write_replaces_whole_files_and_cleans_up_on_failure(tmp_path):
    target = tmp_path / "book.pdf"
    target.write_bytes(b"old")
    atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    mask = os.umask(0o022)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask  # an ordinary file, not mkstemp's private one
    with pytest.raises(TypeError):
        atomic_write(target, 12345)  # type: ignore[arg-type]
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]


def _glyphs_of(font: dict) -> set[int]:
    """The characters an embedded font program maps (its cmap), read with fontTools."""
    from fontTools.ttLib import TTFont

    program = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
    return set(TTFont(io.BytesIO(program)).getBestCmap())


def test_letters_beyond_windows_1252_print_each_from_a_face_that_has_them():
    # Czech and Polish names (Latin Extended-A), a Sami letter and a narrow no-break space, which Source Serif Pro
    # lacks: set in DejaVu Serif, glyph by glyph; everything reads back exactly.
    line = "Jiří Dvořák, Łukasz Ŋŧ, 1\u202f436 « oui »"
    doc = PdfDocument()
    page = doc.new_page(400, 100)
    page.text(10, 50, line, size=12, bold="serif")
    data = doc.to_bytes()
    assert_fonts_embedded_truetype(data)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert line in reader.pages[0].extract_text()
    fonts = {font["/BaseFont"].split("+")[1]: font for font in fonts_of(reader)}
    assert sorted(fonts) == ["DejaVuSerif", "SourceSerifPro-Regular"]
    assert {ord(c) for c in "řŁá«"} <= _glyphs_of(fonts["SourceSerifPro-Regular"])
    assert {ord(c) for c in "Ŋŧ\u202f"} <= _glyphs_of(fonts["DejaVuSerif"])
    assert text_width(line, 12, bold="serif") == pytest.approx(
        sum(text_width(c, 12, bold="serif") for c in line)  # the widths the runs are set at, char by char
    )


def test_a_document_gives_each_character_beyond_windows_1252_one_spare_code_until_they_run_out():
    spare = SpareCodes()
    assert spare.encode("Łódź") == bytes([SPARE_CODES[0]]) + "ód".encode("cp1252") + bytes([SPARE_CODES[1]])
    assert spare.encode("ź") == bytes([SPARE_CODES[1]])  # the same code again
    for k in range(len(SPARE_CODES) - 2):
        spare.encode(chr(0x100 + k))
    with pytest.raises(ValueError, match="one character too many"):
        spare.encode("\u0180")

