"""The puzzle book: page count and sizes, trim and bleed boxes, margins that mirror, the gutter from the page
count, everything inside the safe area, fonts embedded, text extractable, and no half-written file."""

from __future__ import annotations

import io
import random

import pypdf
import pytest
from test_rendering_pdf import assert_fonts_embedded_truetype

from dominosa.generator.proper import proper_layout
from dominosa.rendering.book import build_book, compose_book, write_book
from dominosa.rendering.book_sections import BookEntry, BookError
from dominosa.rendering.pages import INCH, MM, TRIMS, gutter_for, page_frame, parse_trim


def _entries(count: int, order: int = 4, grades: tuple[str | None, ...] = (None,)) -> list[BookEntry]:
    out = []
    for k in range(count):
        puzzle, solution = proper_layout(order, random.Random(1000 + k))
        out.append(BookEntry(puzzle, solution, grades[k % len(grades)], float(k)))
    return out


@pytest.fixture(scope="module")
def graded() -> list[BookEntry]:
    return _entries(12, grades=("Hard", "Easy", None, "Medium"))


@pytest.fixture(scope="module")
def book(graded):
    data, summary = build_book(graded, grade_order=["Easy", "Medium", "Hard"], title="Test Book", techniques=False)
    return pypdf.PdfReader(io.BytesIO(data)), data, summary


def test_book_has_an_even_page_count_of_the_trim_size(book):
    reader, _, summary = book
    assert len(reader.pages) == summary.pages and summary.pages % 2 == 0
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (432, 648)
        assert [float(v) for v in page.trimbox] == [0, 0, 432, 648]
    assert summary.puzzles == 12 and summary.gutter == 0.375 * INCH


def test_book_fonts_are_embedded_truetype_and_its_text_extracts(book):
    reader, data, _ = book
    assert_fonts_embedded_truetype(data)
    first = reader.pages[0].extract_text()
    assert "Test Book" in first and "12\u00a0puzzles with solutions" in first  # a number bound to its word
    texts = [page.extract_text() for page in reader.pages]
    assert texts[2].startswith("Contents")  # page 2 is the copyright page, the contents have a page of their own
    assert "How to play" in texts[3]
    # The caption names the puzzle and its grade; the set and size only where the book's puzzles differ in them.
    assert "Puzzle 1" in texts[4] and "Easy" in texts[4] and "double-4" not in texts[4]
    assert texts[4].startswith("EASY") and "Puzzles 1–2" in texts[4]  # the running head: section, numbers
    assert any(t.startswith("SOLUTIONS") and "1–12" in t for t in texts)


def test_sections_come_in_rising_grade_with_ungraded_last(book):
    reader, _, summary = book
    assert [name for name, _ in summary.sections] == ["Easy", "Medium", "Hard", "Ungraded"]
    heads = [page.extract_text().split("\n")[0].split()[0].removesuffix("Puzzle") for page in reader.pages[4:-1]]
    order = [h for h in dict.fromkeys(heads) if h in ("EASY", "MEDIUM", "HARD", "UNGRADED")]
    assert order == ["EASY", "MEDIUM", "HARD", "UNGRADED"]


def test_solutions_match_their_puzzles_by_number(graded):
    layout = compose_book(graded, grade_order=["Easy", "Medium", "Hard"], per_page=2, techniques=False)
    reader = pypdf.PdfReader(io.BytesIO(layout.document.to_bytes()))
    texts = [page.extract_text() for page in reader.pages]
    # Puzzle 1 is the first Easy one; its numbers open the first solution on the solutions page.
    easy = [e for e in graded if e.grade == "Easy"]
    first = sorted(easy, key=lambda e: len(e.puzzle.board))[0]
    digits = "".join(map(str, first.puzzle.numbers))
    assert digits in "".join(texts[4].split())
    solutions = next(t for t in texts if t.startswith("SOLUTIONS"))
    assert digits in "".join(solutions.split()[3:])  # after the head ("SOLUTIONS 1–8") and the label "1"


def test_everything_lies_inside_the_safe_area_on_every_page(graded):
    for options in ({}, {"bleed": True, "trim": "A5"}, {"large_print": True, "trim": "5.5x8.5in"}):
        layout = compose_book(graded, **options)
        for page, frame in zip(layout.document.pages, layout.frames, strict=True):
            assert page.ink is not None or frame.number == layout.summary.pages
            if page.ink is None:
                continue
            left, top, right, bottom = frame.safe
            ink = page.ink
            assert ink[0] >= left - 0.01 and ink[2] <= right + 0.01, (options, frame.number, ink, frame.safe)
            assert ink[1] >= top - 0.01 and ink[3] <= bottom + 0.01, (options, frame.number, ink, frame.safe)


def test_margins_mirror_and_bleed_lies_on_the_outside_edge():
    trim = TRIMS["6x9in"]
    recto = page_frame(3, trim, gutter=27, bleed=True)
    verso = page_frame(4, trim, gutter=27, bleed=True)
    assert recto.media == verso.media == (441, 666)
    assert recto.trim == (0, 9, 432, 657) and verso.trim == (9, 9, 441, 657)
    assert recto.safe[0] - recto.trim[0] == 27 and recto.trim[2] - recto.safe[2] == 36  # gutter on the left
    assert verso.safe[0] - verso.trim[0] == 36 and verso.trim[2] - verso.safe[2] == 27  # gutter on the right
    assert recto.pdf_box(recto.trim) == (0, 9, 432, 657)


def test_bleed_book_pages_carry_trim_and_bleed_boxes(graded):
    data, summary = build_book(graded[:3], bleed=True, trim="A4")
    reader = pypdf.PdfReader(io.BytesIO(data))
    width, height = 210 * MM + 9, 297 * MM + 18
    for number, page in enumerate(reader.pages, 1):
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)
        left = 0 if number % 2 else 9
        assert float(page.trimbox.left) == pytest.approx(left) and float(page.trimbox.bottom) == 9
        assert float(page.bleedbox.width) == pytest.approx(width, abs=0.01)
    assert "with bleed" in summary.line() and "A4 (595.28x841.89 pt)" in summary.line()


def test_gutter_follows_the_page_count():
    assert [gutter_for(n) / INCH for n in (24, 150, 151, 300, 301, 500, 501, 700, 701, 900)] == [
        0.375,
        0.375,
        0.5,
        0.5,
        0.625,
        0.625,
        0.75,
        0.75,
        0.875,
        0.875,
    ]


def test_a_book_over_150_pages_gets_the_wider_gutter():
    entries = [BookEntry(*proper_layout(2, random.Random(k))) for k in range(152)]
    layout = compose_book(entries, per_page=1)
    assert layout.summary.pages > 150 and layout.summary.gutter == 0.5 * INCH
    recto = layout.frames[2]
    assert recto.safe[0] - recto.trim[0] == 0.5 * INCH


def test_trim_presets_and_custom_sizes():
    assert (parse_trim("6x9in").width, parse_trim("6x9in").height) == (432, 648)
    assert parse_trim("letter").width == 612 and parse_trim("8.5x11in").height == 792
    assert parse_trim("5.5x8.5in").width == 396
    assert parse_trim("a5").width == pytest.approx(419.53, abs=0.01)
    assert parse_trim("7x10in").width == 504
    custom = parse_trim("170x240mm")
    assert custom.width == pytest.approx(170 * MM) and custom.name == "170x240mm"
    for bad in ("7x", "huge", "6x9", "1x1in", "100x100in"):
        if bad == "6x9":
            assert parse_trim(bad).name == "6x9in"
            continue
        with pytest.raises(ValueError):
            parse_trim(bad)


def test_per_page_that_does_not_fit_is_refused_with_the_largest_that_does(graded):
    with pytest.raises(BookError, match=r"use --per-page \d+ or less"):
        build_book(graded, per_page=24)
    with pytest.raises(BookError, match="at least one puzzle"):
        build_book([])
    with pytest.raises(BookError, match="unknown trim"):
        build_book(graded, trim="tiny")


def test_a_wrong_solution_is_refused(graded):
    entry = graded[0]
    other = graded[1]
    with pytest.raises(BookError, match="does not solve it"):
        build_book([BookEntry(entry.puzzle, other.solution)])


def test_large_print_uses_one_puzzle_per_page_and_bigger_type():
    entries = _entries(4)
    normal = pypdf.PdfReader(io.BytesIO(build_book(entries, techniques=False)[0]))
    large = pypdf.PdfReader(io.BytesIO(build_book(entries, large_print=True, techniques=False)[0]))
    assert "Puzzle 2" in normal.pages[4].extract_text()
    texts = [page.extract_text() for page in large.pages]
    first = next(k for k, text in enumerate(texts) if "Puzzle 1" in text)
    assert "Puzzle 2" not in texts[first] and "Puzzle 2" in texts[first + 1]
    assert b"/F5 16 Tf" in large.pages[first].get_contents().get_data()  # captions at 16 pt (the sans, bold)
    assert "How to play" in texts[3] and "Contents" in texts[2]


def test_failed_build_leaves_the_old_file_and_no_temporary_file(tmp_path, graded):
    target = tmp_path / "book.pdf"
    target.write_bytes(b"the old book")
    with pytest.raises(BookError):
        write_book(target, graded, per_page=24)
    assert target.read_bytes() == b"the old book"
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"]
    summary = write_book(target, graded[:2])
    assert target.read_bytes().startswith(b"%PDF") and summary.path == target
    assert summary.line().startswith(f"{target}: {summary.pages} pages, 2 puzzles, trim 6x9in")


def test_the_techniques_chapter_shows_each_technique_its_puzzles_need_easiest_first():
    from dominosa.deductions import Technique, iter_deductions

    entries = _entries(6, order=5)
    reader = pypdf.PdfReader(io.BytesIO(build_book(entries, techniques=True, hints=True)[0]))
    texts = [page.extract_text() for page in reader.pages]
    opening = [t for t in texts if t.upper().startswith("SOLVING TECHNIQUES")]
    # A chapter's opening page carries its title and no running head; the pages after it carry the head.
    assert opening[0].startswith("Solving techniques") and all(t.startswith("SOLVING") for t in opening[1:])
    chapter = " ".join(" ".join(t.split()) for t in opening)
    # What the puzzles need, walked here with the engine's own driver loop, then easiest first by the grade table.
    from dominosa.deductions import TECHNIQUES

    met: list[Technique] = []
    for entry in sorted(entries, key=lambda e: (len(e.puzzle.board), e.score)):
        for step in iter_deductions(entry.puzzle):
            technique = Technique(step.rule)
            if not technique.bookkeeping and technique is not Technique.GUESS and technique not in met:
                met.append(technique)
    assert len(met) >= 3
    met.sort(key=TECHNIQUES.index)
    headings = [t.label[:1].upper() + t.label[1:] for t in met]
    places = [chapter.index(f"{h} {t.summary[:1].upper()}") for h, t in zip(headings, met, strict=True)]
    assert places == sorted(places)  # each named, easiest first
    assert chapter.count("Puzzle ") >= len(met)  # each shown in a puzzle of the book, with the engine's sentence
    hints = " ".join(t for t in texts if t.upper().startswith("HINTS"))
    assert [int(line.split()[0]) for line in hints.splitlines() if "look at r" in line] == [1, 2, 3, 4, 5, 6]
    contents = texts[2]
    assert contents.index("Solving techniques") < contents.index("Hints") < contents.index("Solutions")
