"""The puzzle book: page count and sizes, trim and bleed boxes, margins that mirror, the gutter from the page
count, everything inside the safe area, fonts embedded, text extractable, and no half-written file."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rendering_pdf import assert_fonts_embedded_truetype

from dominosa import Puzzle, Solution
from dominosa.generator.proper import proper_layout
from dominosa.rendering.book import build_book, compose_book, write_book
from dominosa.rendering.book_fit import check_order_fits
from dominosa.rendering.book_front import WORKED_EXAMPLE, grade_meanings
from dominosa.rendering.book_sections import BookEntry, BookError, Imprint, display_name, group_sections
from dominosa.rendering.pages import INCH, MM, TRIMS, gutter_for, page_frame, parse_trim
from dominosa.rendering.pdf_writer import text_width


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


def test_group_sections_orders_grades_and_sizes():
    small, _ = proper_layout(2, random.Random(1))
    big, _ = proper_layout(3, random.Random(1))
    s_small, s_big = Solution(()), Solution(())
    entries = [
        BookEntry(big, s_big, "Hard"),
        BookEntry(big, s_big, None),
        BookEntry(small, s_small, "Hard"),
        BookEntry(small, s_small, "Easy"),
        BookEntry(small, s_small, "Odd"),
    ]
    sections = group_sections(entries, ["Easy", "Hard"])
    assert [name for name, _ in sections] == ["Easy", "Hard", "Odd", "Ungraded"]
    assert [len(e.puzzle.board) for e in sections[1][1]] == [12, 20]
    assert [name for name, _ in group_sections(entries[1:2])] == ["Puzzles"]


def test_worked_example_is_a_proper_puzzle():
    from dominosa.deductions import count_solutions
    from dominosa.rendering.book_front import EXAMPLE_SOLUTION

    puzzle = Puzzle.from_grid(WORKED_EXAMPLE)
    result = count_solutions(puzzle, 2, keep_solutions=True)
    assert result.count == 1 and result.solutions[0] == Solution(EXAMPLE_SOLUTION)


def test_sections_follow_the_rating_engines_grades_and_show_capitalised(tmp_path):
    from dominosa.deductions.grades import GRADES

    hardest, easiest = GRADES[-1], GRADES[0]
    entries = _entries(3, order=3, grades=(hardest, None, easiest))
    assert [name for name, _ in group_sections(entries)] == [easiest, hardest, "Ungraded"]
    reader = pypdf.PdfReader(io.BytesIO(build_book(entries, per_page=1, techniques=False)[0]))
    page = reader.pages[4].extract_text()
    shown = display_name(easiest)  # the engine's easiest grade, trivial, heads the book's warm-up
    assert shown == "Warm-up" and page.startswith(shown.upper()) and shown in page


def test_big_boards_drop_to_fewer_per_page_unless_a_count_was_asked_for():
    from pdf_checks import smallest_text

    entries = _entries(2, order=15)
    layout = compose_book(entries, trim="5.5x8.5in", techniques=False)  # two a page: cells under 16.7 pt
    reader = pypdf.PdfReader(io.BytesIO(layout.document.to_bytes()))
    texts = [page.extract_text() for page in reader.pages]
    one = next(k for k, t in enumerate(texts) if "Puzzle 1" in t)
    assert "Puzzle 2" not in texts[one] and "Puzzle 2" in texts[one + 1]
    assert smallest_text(reader)[0] >= 7
    with pytest.raises(BookError, match=r"one puzzle per page is the most \(--per-page 1\)"):
        compose_book(entries, trim="5.5x8.5in", per_page=2)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    trim=st.sampled_from(["6x9in", "5.5x8.5in", "A5", "8.5x11in", "4x6in", "3.5x5in"]),
    per_page=st.none() | st.integers(1, 8),
    solutions_per_page=st.none() | st.integers(1, 24),
    large_print=st.booleans(),
    order=st.sampled_from([3, 6, 10]),
)
def test_no_layout_ever_sets_text_under_7_pt(trim, per_page, solutions_per_page, large_print, order):
    from pdf_checks import smallest_text

    entries = _sized_entries(order)
    try:
        layout = compose_book(
            entries, trim=trim, per_page=per_page, solutions_per_page=solutions_per_page, large_print=large_print
        )
    except BookError as error:
        assert per_page is not None or solutions_per_page is not None or "larger trim" in str(error)
        return
    reader = pypdf.PdfReader(io.BytesIO(layout.document.to_bytes()))
    assert smallest_text(reader)[0] >= 7 - 1e-6


_SIZED: dict[int, list[BookEntry]] = {}


def _sized_entries(order: int) -> list[BookEntry]:
    if order not in _SIZED:
        _SIZED[order] = _entries(3, order=order)
    return _SIZED[order]


def test_the_grades_meanings_name_the_techniques_in_words_from_the_engines_table():
    from dominosa.deductions.grades import TECHNIQUES

    meanings = dict(grade_meanings(["basic", "hard", "extreme"]))
    # The first grade shown names everything it needs, each later one what it adds; names as a reader reads them.
    basic_needs = {t.label for t in TECHNIQUES if t.level <= 1 and not t.bookkeeping}
    assert set(meanings["basic"].rstrip(".").split(", ")) == basic_needs
    assert meanings["hard"] == "adds set analysis."
    assert all("_" not in text and text == text.lower() for text in meanings.values())
    assert dict(grade_meanings(["extreme", "made-up"])).keys() == {"extreme"}


def test_each_puzzle_has_a_checklist_of_its_set_unless_switched_off():
    entries = _entries(2, order=4)
    ticked = compose_book(entries, per_page=2, techniques=False)
    plain = compose_book(entries, per_page=2, checklist=False, techniques=False)
    boxes = [layout.document.pages[4].content().count(b" re S") for layout in (ticked, plain)]
    assert boxes[0] - boxes[1] == 2 * 15  # a double-4 set has 15 dominoes: a box each, for each puzzle
    # The numbers 0..4 head the triangle's columns and rows, in the smallest type allowed or more.
    reader = pypdf.PdfReader(io.BytesIO(ticked.document.to_bytes()))
    from pdf_checks import text_sizes

    assert min(size for size, _ in text_sizes(reader.pages[4])) >= 7


def test_difficulty_marks_rank_each_puzzle_within_its_section():
    from dominosa.rendering.book_puzzles import difficulty_marks

    scores = range(10, 0, -1)
    entries = [BookEntry(e.puzzle, e.solution, "hard", float(v)) for e, v in zip(_entries(10), scores, strict=True)]
    numbered = [("hard", [(n, e, None) for n, e in enumerate(entries, 1)])]
    marks = difficulty_marks(numbered)
    assert [marks[n] for n in range(1, 11)] == [5, 5, 4, 4, 3, 3, 2, 2, 1, 1]  # score 10 first: the hardest
    unscored = [("x", [(1, BookEntry(entries[0].puzzle, entries[0].solution), None)])]
    assert difficulty_marks(unscored) == {}


def test_the_techniques_chapter_shows_each_technique_its_puzzles_need_easiest_first():
    from dominosa.deductions.driver import iter_deductions
    from dominosa.deductions.grades import Technique

    entries = _entries(6, order=5)
    reader = pypdf.PdfReader(io.BytesIO(build_book(entries, techniques=True, hints=True)[0]))
    texts = [page.extract_text() for page in reader.pages]
    opening = [t for t in texts if t.upper().startswith("SOLVING TECHNIQUES")]
    # A chapter's opening page carries its title and no running head; the pages after it carry the head.
    assert opening[0].startswith("Solving techniques") and all(t.startswith("SOLVING") for t in opening[1:])
    chapter = " ".join(" ".join(t.split()) for t in opening)
    # What the puzzles need, walked here with the engine's own driver loop, then easiest first by the grade table.
    from dominosa.deductions.grades import TECHNIQUES

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


MONTHLY = Path(__file__).with_name("data") / "monthly-2025-11-o40.json"


@pytest.fixture(scope="module")
def monthly() -> BookEntry:
    """The real double-40 monthly puzzle (41 x 42 cells) with its one solution."""
    from dominosa.deductions import count_solutions
    from dominosa.formats import puzzle_from_dict

    puzzle = puzzle_from_dict(json.loads(MONTHLY.read_text(encoding="utf-8")))
    found = count_solutions(puzzle, 2, keep_solutions=True)
    assert found.count == 1
    return BookEntry(puzzle, found.solutions[0])


def test_a_double_40_prints_one_a_page_on_letter_with_every_number_at_7_pt_or_more(monthly):
    from pdf_checks import smallest_text, text_sizes

    layout = compose_book([monthly, monthly], trim="8.5x11in", techniques=False)
    reader = pypdf.PdfReader(io.BytesIO(layout.document.to_bytes()))
    texts = [page.extract_text() for page in reader.pages]
    puzzles = [(k, text) for k, text in enumerate(texts) if not text.startswith("SOLUTIONS")]
    pages = [k for k, text in puzzles if "Puzzle 1" in text or "Puzzle 2" in text]
    assert len(pages) == 2  # two a page would not fit: one each, as no --per-page was asked
    digits = [(round(size, 3), text) for size, text in text_sizes(reader.pages[pages[0]]) if text.isdigit()]
    commonest = max({size for size, _ in digits}, key=[size for size, _ in digits].count)
    # Every cell's number, and the 41 row and 42 column numbers along the edges, all at one size.
    assert sum(size == commonest for size, _ in digits) == 41 * 42 + 41 + 42
    assert commonest >= 7
    solutions = [k for k, text in enumerate(texts) if text.startswith("SOLUTIONS")]
    assert len(solutions) == 2  # each solution a page of its own, its running head naming the puzzle
    assert ["Puzzle 1" in texts[solutions[0]], "Puzzle 2" in texts[solutions[1]]] == [True, True]
    assert smallest_text(reader)[0] >= 7 - 1e-6


@pytest.mark.parametrize(
    ("trim", "per_page", "words"),
    [
        ("6x9in", None, ["double-40 puzzle (41×42 cells) does not fit on 6x9in pages", "--trim 8.5x11in or A4"]),
        ("8.5x11in", 2, ["2 puzzles per page", "one puzzle per page is the most (--per-page 1)"]),
    ],
)
def test_a_board_too_big_for_the_page_is_refused_with_the_trims_that_fit(monthly, trim, per_page, words):
    with pytest.raises(BookError) as refused:
        compose_book([monthly], trim=trim, per_page=per_page)
    for word in words:
        assert word in str(refused.value)


def test_orders_are_checked_against_the_trim_before_any_puzzle_is_made():
    check_order_fits(40, "8.5x11in", count=300)  # one a page; even at the gutter of some 600 pages
    check_order_fits(12, "6x9in", per_page=2)
    with pytest.raises(BookError, match="6x9in pages .* --trim 8.5x11in or A4"):
        check_order_fits(40, "6x9in")
    # A double-50 needs a page wider than any Amazon KDP prints: the line says so, the largest set that fits
    # letter, and the wider trim another printer could take.
    kdp = r"nor on any trim Amazon KDP prints: .* up to 8.5 in: use --order 43 or less \(or --trim ([\d.]+x[\d.]+in) "
    with pytest.raises(BookError, match=kdp) as refused:
        check_order_fits(50, "8.5x11in")
    check_order_fits(43, "8.5x11in")
    with pytest.raises(BookError, match="nor on any trim Amazon KDP prints"):
        check_order_fits(44, "8.5x11in")
    check_order_fits(50, re.search(r"--trim ([\d.]+x[\d.]+in)", str(refused.value)).group(1))  # the size it names
    with pytest.raises(BookError, match="one puzzle per page is the most"):
        check_order_fits(40, "A4", per_page=2)
    with pytest.raises(BookError, match="one solution per page is the most"):
        check_order_fits(40, "A4", solutions_per_page=2)
    with pytest.raises(BookError, match="does not fit on 6x9in pages in large print"):
        check_order_fits(20, "6x9in", large_print=True)


def test_a_sections_boards_of_different_shapes_share_one_grid_from_page_to_page():
    # Issue 42: shaped boards and their captions jumped left and right (x about 50 pt, then 100 pt) page to page.
    from dominosa.generator.shapes import load_shape

    entries = []
    for k, name in enumerate(("arrow", "butterfly", "fish", "ring", "star", "tree")):
        shape = load_shape(name)
        puzzle, solution = proper_layout(shape.board(shape.nearest_order(7)), random.Random(k))
        entries.append(BookEntry(puzzle, solution, section="Shapes", shape=name.title()))
    layout = compose_book(entries, techniques=False)
    for side in (0, 1):  # rectos and versos mirror their margins: compare each with its own kind
        starts = set()
        for frame, page in zip(layout.frames, layout.document.pages, strict=True):
            if frame.number % 2 != side or not any(p.text == "SHAPES" for p in page.placed):
                continue  # the shaped section's pages only, by their running head
            captions = [p.box[0] - frame.safe[0] for p in page.placed if p.kind == "text" and p.text[:7] == "Puzzle "]
            figures = [p.box[0] - frame.safe[0] for p in page.placed if p.kind == "figure" and p.box[2] - p.box[0] > 60]
            starts |= {round(x, 1) for x in captions + figures}
        assert len(starts) <= 2, starts  # one x for the captions (inside the board's margin), one for the boards


@pytest.mark.parametrize(
    ("author", "publisher", "notice", "rights"),
    [
        ("Ann Lee", None, "Copyright © 2026\u00a0Ann Lee", "written permission of the copyright holder."),
        (None, "Grid Press", "Copyright © 2026\u00a0Grid Press", "written permission of the copyright holder."),
        (None, None, "Copyright © 2026", "All rights reserved."),
    ],
)
def test_the_copyright_notice_names_its_holder_or_sends_no_one_to_a_holder_it_never_names(
    author, publisher, notice, rights
):
    # The year and the holder are kept on one line: the book sets a no-break space after a number.
    layout = compose_book(_entries(2), techniques=False, author=author, imprint=Imprint(year=2026, publisher=publisher))
    lines = [p.text for p in layout.document.pages[1].placed if p.kind == "text"]
    text = " ".join(lines)
    assert notice in lines
    assert rights in text
    if author is None and publisher is None:
        assert "copyright holder" not in text  # on main: "Copyright © 2026" then "... of the copyright holder"


def test_the_contents_dot_leaders_stand_in_columns():
    layout = compose_book(_entries(14, grades=("Easy", "Hard")), grade_order=["Easy", "Hard"], hints=True)
    contents = layout.document.pages[2]
    leaders = [p for p in contents.placed if p.kind == "text" and set(p.text) == {".", " "}]
    assert len(leaders) >= 5
    ends = {round(p.box[2], 2) for p in leaders}
    assert len(ends) == 1  # every leader ends at one x, short of the widest page number
    step = text_width(". ", 11.0, bold="serif")
    starts = [(p.box[0] - leaders[0].box[0]) / step for p in leaders]
    assert all(abs(s - round(s)) < 0.01 for s in starts)  # and its dots on one grid, line after line
