"""The book's preflight (rendering/preflight.py): each check on a page made to fail it; the writer's record read
back with poppler's ``pdftotext -bbox``; the pages issue 42 found broken, checked from outside; and a pairwise
matrix of books (language x trim x print x hints x order x shapes x series) that all pass."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from pdf_checks import bbox_words, overlapping_words, words_outside

from dominosa.deductions import count_solutions
from dominosa.formats.json_format import puzzle_from_dict, solution_from_dict
from dominosa.generator.proper import proper_layout
from dominosa.generator.shapes import shape_board
from dominosa.rendering import book as book_module
from dominosa.rendering.book import compose_book
from dominosa.rendering.book_sections import BookEntry, BookError, Imprint
from dominosa.rendering.pdf_writer import PdfPage
from dominosa.rendering.preflight import check_page, check_pages
from dominosa.rendering.scene import Diagram, Layer

DATA = Path(__file__).with_name("data")
SAFE = (36.0, 36.0, 396.0, 612.0)  # a 6x9in page's safe area with half-inch margins


def _seed6() -> list[BookEntry]:
    """The twelve puzzles of ``dominosa book --seed 6 --count 12`` (the book issue 42 was found with)."""
    out = []
    for line in (DATA / "book-seed6-12.jsonl").read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        puzzle = puzzle_from_dict(data)
        out.append(BookEntry(puzzle, solution_from_dict(data, puzzle), data["grade"], data["score"]))
    return out


# -- each check, on a page made to fail it ------------------------------------------------------------------------


def _blank() -> Diagram:
    return Diagram(2, 2, [], "#fff")


def _page() -> PdfPage:
    return PdfPage(432, 648)


def test_a_clean_page_passes():
    page = _page()
    page.text(40, 60, "Puzzle 1", size=11, bold="label-bold")
    page.text(40, 600, "12", size=9, bold="label")
    page.diagram(Diagram(2, 2, [Layer("texts", [(0.5, 0.5, "3"), (1.5, 1.5, "4")], size=0.5)], "#fff"), 40, 80, 40)
    assert check_page(page, SAFE, 1) == []


@pytest.mark.parametrize(
    ("draw", "words"),
    [
        (lambda p: p.text(40, 620, "cut at the trim", size=10), "runs 10.4 pt past the bottom edge"),
        (lambda p: p.text(380, 100, "too long a line", size=10), "past the right edge"),
        (lambda p: p.text(40, 100, "tiny", size=6.5), "6.50 pt, under the 7 pt"),
        (lambda p: (p.text(40, 100, "Puzzle 1", size=11), p.text(60, 103, "12", size=9)), "prints over the text '12'"),
        (lambda p: p.diagram(Diagram(4, 4, [], "#fff"), 300, 500, 30), "the figure at (300, 500 pt) runs"),
        (
            lambda p: (p.diagram(_blank(), 40, 40, 40), p.diagram(_blank(), 60, 60, 40)),
            "two figures overlap",
        ),
        (
            lambda p: (
                p.diagram(Diagram(2, 2, [Layer("texts", [(0.5, 0.5, "5")], size=0.5)], "#fff"), 40, 40, 40),
                p.text(45, 65, "Caption", size=10),
            ),
            "prints over the figure's '5'",
        ),
    ],
)
def test_each_fault_is_found_and_named(draw, words):
    page = _page()
    draw(page)
    found = check_page(page, SAFE, 7)
    assert found and found[0].page == 7
    assert any(words in problem.what for problem in found), [p.what for p in found]


def test_a_book_whose_page_fails_is_not_built_and_the_line_names_the_page(monkeypatch):
    def broken(c, *args) -> None:  # a notes page whose last rule runs off the foot, as a bad layout would
        c.page.text(c.left, c.bottom + 30, "below the safe area", size=10)

    monkeypatch.setattr(book_module, "draw_notes_page", broken)
    entries = _seed6()[:2]
    line = r"^preflight: page \d+: the text 'below the safe area' runs .* past the bottom"
    with pytest.raises(BookError, match=line):
        compose_book(entries, techniques=False, min_pages=24)


# -- the writer's record, read back from the PDF ------------------------------------------------------------------


def _record_matches_the_pdf(layout, pages=None) -> None:
    """Every word poppler reads lies inside the boxes the writer recorded, and the page's letters are the same."""
    pages = pages or bbox_words(layout.document.to_bytes())
    assert len(pages) == len(layout.document.pages)
    for number, (words, page) in enumerate(zip(pages, layout.document.pages, strict=True), 1):
        placed = [p for p in page.placed if p.kind in ("text", "number")]
        read = sorted(ch for text, _ in words for ch in text if not ch.isspace())
        wrote = sorted(ch for p in placed for ch in p.text if not ch.isspace())
        assert read == wrote, f"page {number}"
        for text, box in words:
            near = [p.box for p in placed if _meets(p.box, box)]
            assert near, f"page {number}: {text!r} at {box} is in no recorded run"
            union = (min(b[0] for b in near), min(b[1] for b in near), max(b[2] for b in near), max(b[3] for b in near))
            assert all(abs(a - b) <= 1.5 or inside for a, b, inside in _edges(box, union)), (number, text, box, union)


def _meets(one, other) -> bool:
    return min(one[2], other[2]) > max(one[0], other[0]) and min(one[3], other[3]) > max(one[1], other[1])


def _edges(box, union):
    """Each edge of a word's box against the union's: within 1.5 pt of it, or inside it."""
    return [
        (box[0], union[0], box[0] >= union[0]),
        (box[1], union[1], box[1] >= union[1]),
        (box[2], union[2], box[2] <= union[2]),
        (box[3], union[3], box[3] <= union[3]),
    ]


def test_the_writers_record_is_what_the_pdf_holds():
    layout = compose_book(_seed6()[:4], lang="fr", hints=True, trim="6x9in")
    _record_matches_the_pdf(layout)


# -- the pages issue 42 found broken, checked from outside with pdftotext ------------------------------------------


@pytest.fixture(scope="module")
def seed6() -> list[BookEntry]:
    return _seed6()


def _outside_check(layout, pages=None) -> tuple[list, list]:
    """The words past their page's safe area and the overlapping words, as poppler reads the written PDF."""
    pages = pages or bbox_words(layout.document.to_bytes())
    outside, crossing = [], []
    for number, (words, frame) in enumerate(zip(pages, layout.frames, strict=True), 1):
        outside += [(number, *word) for word in words_outside(words, frame.safe)]
        crossing += [(number, *pair) for pair in overlapping_words(words)]
    return outside, crossing


@pytest.mark.parametrize(
    ("lang", "trim"),
    [
        ("de", "5.5x8.5in"),  # "Einziger Platz" ran off page 6, its caption lost
        ("fr", "5.5x8.5in"),  # hint lines cut at the trim; running head over the chapter's title
        ("es", "6x9in"),  # the running head over "TÉCNICAS DE RESOLUCIÓN"; a caption over the page number
        ("fr", "6x9in"),
        ("de", "6x9in"),
        ("en", "A5"),  # a caption over the page number
    ],
)
def test_large_print_books_of_issue_42_keep_every_word_inside_and_apart(seed6, lang, trim):
    layout = compose_book(seed6, lang=lang, large_print=True, hints=True, trim=trim)
    outside, crossing = _outside_check(layout)
    assert outside == [] and crossing == []


# -- the matrix: pairwise rows over every option that changes the pages --------------------------------------------

# (language, trim, large print, hints, order, shapes, series volume): every language meets every trim once, and
# each other option meets each language and each trim at least once; one double-40 row. Shapes go with large
# print on letter only: a double-6 star (9 x 12 cells) in large print fits no smaller page, and the book says so
# in one line before any puzzle is made.
MATRIX = [
    ("en", "5.5x8.5in", True, True, 6, False, None),
    ("en", "6x9in", False, False, 9, False, 2),
    ("en", "A5", True, False, 6, False, None),
    ("en", "letter", False, True, 20, True, 3),
    ("de", "5.5x8.5in", False, False, 9, True, 2),
    ("de", "6x9in", True, True, 6, False, None),
    ("de", "A5", False, True, 20, False, 4),
    ("de", "letter", True, False, 9, True, None),
    ("fr", "5.5x8.5in", True, True, 6, False, 2),
    ("fr", "6x9in", False, True, 20, True, None),
    ("fr", "A5", False, False, 6, True, 3),
    ("fr", "letter", True, True, 6, False, 2),
    ("es", "5.5x8.5in", False, True, 20, False, None),
    ("es", "6x9in", False, False, 6, True, 2),
    ("es", "A5", True, True, 6, False, 5),
    ("es", "letter", False, False, 9, False, None),
    ("en", "letter", False, True, 40, False, None),
]


def _made(order: int, count: int, seed: int) -> list[BookEntry]:
    if order == 6:
        return _seed6()[seed % 3 :: 3][:count]  # a puzzle of each grade, trivial to extreme
    if order == 40:
        data = json.loads((DATA / "monthly-2025-11-o40.json").read_text(encoding="utf-8"))
        puzzle = puzzle_from_dict(data)
        return [BookEntry(puzzle, count_solutions(puzzle, 2, keep_solutions=True).solutions[0])]
    return [BookEntry(*proper_layout(order, random.Random(seed * 100 + k))) for k in range(count)]


def _shaped(seed: int) -> list[BookEntry]:
    out = []
    for k, name in enumerate(("star", "ring")):
        puzzle, solution = proper_layout(shape_board(name, 6), random.Random(seed + k))
        out.append(BookEntry(puzzle, solution, section="Shapes", shape=name.title()))
    return out


@pytest.mark.parametrize("row", MATRIX, ids=["-".join(map(str, row)) for row in MATRIX])
def test_every_book_of_the_matrix_passes_the_preflight_and_the_outside_check(row):
    lang, trim, large, hints, order, shapes, volume = row
    seed = MATRIX.index(row) + 1
    entries = _made(order, 3 if order < 20 else 1, seed) + (_shaped(seed) if shapes else [])
    imprint = Imprint(year=2026, seed=seed, volume=volume)
    layout = compose_book(entries, lang=lang, trim=trim, large_print=large, hints=hints, imprint=imprint)
    assert check_pages(layout.document.pages, [frame.safe for frame in layout.frames]) == []
    pages = bbox_words(layout.document.to_bytes())
    assert _outside_check(layout, pages) == ([], [])
    if seed % 4 == 1 and order < 40:  # the record read back on a sample of rows: a slow check, word by word
        _record_matches_the_pdf(layout, pages)


# -- the cover ------------------------------------------------------------------------------------------------------


def _cover_zones(trim: str, pages: int):
    """The cover's safe areas: back and front 0.25 in inside their trim, the spine 1/16 in inside its folds."""
    from dominosa.rendering.book_cover import SAFE, SPINE_CLEAR, spine_width
    from dominosa.rendering.pages import BLEED, parse_trim

    size = parse_trim(trim)
    spine = spine_width(pages, "white")
    back = (BLEED + SAFE, BLEED + SAFE, BLEED + size.width - SAFE, BLEED + size.height - SAFE)
    fold = BLEED + size.width
    front = (fold + spine + SAFE, back[1], fold + spine + size.width - SAFE, back[3])
    return [back, (fold + SPINE_CLEAR, back[1], fold + spine - SPINE_CLEAR, back[3]), front]


@pytest.mark.parametrize(("lang", "trim", "pages"), [("en", "6x9in", 24), ("de", "5.5x8.5in", 120), ("fr", "A5", 300)])
def test_covers_keep_every_word_inside_their_safe_areas(seed6, lang, trim, pages):
    # A long title over two lines, an author (on main the author's descent ran 2.7 pt into the margin), the spine.
    from dominosa.rendering.book_cover import build_cover

    entry = seed6[0]
    blurb = ["A grid of numbers hides a full set of dominoes. " * 4] * 2
    data, _ = build_cover(trim, pages, lang=lang, title="Dominosa: The Big Book of Domino Logic", author="Ann Lee",
                          blurb=blurb, heading="Find every domino", picture=(entry.puzzle, entry.solution),
                          grades=["Warm-up", "Extreme"])  # fmt: skip
    (words,) = bbox_words(data)
    zones = _cover_zones(trim, pages)
    assert [w for w in words if all(words_outside([w], zone) for zone in zones)] == []
    assert overlapping_words(words) == []


def test_a_cover_that_fails_the_preflight_is_refused_in_one_line(monkeypatch):
    from dominosa.rendering import book_cover
    from dominosa.rendering.book_cover import CoverError, build_cover

    def back(page, box, *args) -> None:
        page.text(box[0] + 30, box[3] - 5, "a line into the trim", size=10)

    monkeypatch.setattr(book_cover, "_back", back)
    with pytest.raises(CoverError, match=r"^preflight: the cover: the text 'a line into the trim' runs .* bottom edge"):
        build_cover("6x9in", 40)
