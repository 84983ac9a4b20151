"""The wrap-around cover: its size from trim, page count and paper; spine text only on books thick enough; every
text at 7 pt or more, and the back's barcode area left blank."""

from __future__ import annotations

import io
import random

import pypdf
import pytest
from pdf_checks import smallest_text, text_sizes

from dominosa.generator.proper import proper_layout
from dominosa.rendering.book_cover import PAPERS, THEMES, artwork_puzzle, build_cover, contrast, cover_size, spine_width
from dominosa.rendering.pages import INCH, TRIMS


@pytest.mark.parametrize(("paper", "inches"), [("white", 0.002252), ("cream", 0.0025), ("premium-colour", 0.002347)])
def test_spine_and_cover_size_follow_pages_and_paper(paper, inches):
    assert spine_width(200, paper) == pytest.approx(200 * inches * INCH)
    width, height = cover_size("6x9in", 200, paper)
    assert width == pytest.approx((2 * 6 + 200 * inches + 2 * 0.125) * INCH)
    assert height == pytest.approx((9 + 2 * 0.125) * INCH)


def test_unknown_paper_is_refused():
    with pytest.raises(ValueError, match="white, cream, premium-colour"):
        spine_width(100, "glossy")
    assert set(PAPERS) == {"white", "cream", "premium-colour"}


def _cover(pages: int, **options) -> pypdf.PdfReader:
    puzzle, solution = proper_layout(5, random.Random(3))
    data, _ = build_cover(TRIMS["6x9in"], pages, title="Dominosa", author="Ann Lee", picture=(puzzle, solution),
                          blurb=["Forty puzzles."], **options)  # fmt: skip
    return pypdf.PdfReader(io.BytesIO(data))


def _spine_texts(reader: pypdf.PdfReader) -> list[str]:
    """Texts set running down the page (text matrix 0 1 1 0): the spine's."""
    from pypdf.generic import ContentStream

    page = reader.pages[0]
    found, turned = [], False
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"Tm":
            turned = [float(v) for v in operands[:4]] == [0, 1, 1, 0]
        elif operator == b"Tj" and turned:
            found.append(str(operands[0]))
    return found


def test_spine_text_only_from_80_pages_and_when_it_fits_at_7_pt():
    assert _spine_texts(_cover(78)) == []
    thick = _cover(300)
    assert _spine_texts(thick) == ["Dominosa    Ann Lee"]
    spine = [size for size, text in text_sizes(thick.pages[0]) if text.startswith("Dominosa    ")]
    assert spine and min(spine) >= 7 and min(spine) <= spine_width(300) - 2 * 0.0625 * INCH
    _, summary = build_cover("6x9in", 300)
    assert summary.spine_text and "title on the spine" in summary.line()


def test_cover_text_is_legible_and_the_picture_shows_numbers():
    reader = _cover(120, paper="cream")
    assert smallest_text(reader)[0] >= 7
    assert "Forty puzzles." in reader.pages[0].extract_text()
    assert sum(text.isdigit() for _, text in text_sizes(reader.pages[0])) == 42  # the 6x7 board's numbers


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_theme_prints_its_text_with_strong_contrast(name):
    theme = THEMES[name]
    assert contrast(theme.ink, theme.background) >= 7 and contrast(theme.soft, theme.background) >= 7
    assert contrast(theme.accent, theme.background) >= 4.5  # the subtitle: large, bold type
    assert contrast(theme.pips, theme.tile) >= 7
    reader = _cover(120, theme=name)
    assert smallest_text(reader)[0] >= 7


def test_contrast_is_wcag_s_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#777777") == pytest.approx(1)


def test_the_artwork_is_a_full_set_laid_in_dominoes_not_a_puzzle_of_the_book():
    puzzle, places = artwork_puzzle("Dominosa")
    shown = sorted(tuple(sorted((puzzle.grid[a[0]][a[1]], puzzle.grid[b[0]][b[1]]))) for a, b in places)
    assert shown == [(a, b) for a in range(7) for b in range(a, 7)]  # every domino of the double-6 set, once
    cells = [cell for place in places for cell in place]
    assert len(cells) == len(set(cells)) == 56
    assert artwork_puzzle("Dominosa") == (puzzle, places) and artwork_puzzle("Other")[0] != puzzle
    # The front draws no digit: the artwork is pips; the only digits on the cover are the back's sample.
    reader = _cover(120)
    assert sum(text.isdigit() for _, text in text_sizes(reader.pages[0])) == 42
