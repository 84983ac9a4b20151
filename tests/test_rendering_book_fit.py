"""Boards fitted to pages legibly (rendering/book_fit.py): the count to a page, numbers never under 7 pt, a
board too big refused with the trims that hold it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rendering_book import _entries

from dominosa.rendering.book import compose_book
from dominosa.rendering.book_fit import check_order_fits
from dominosa.rendering.book_sections import BookEntry, BookError

_SIZED: dict[int, list[BookEntry]] = {}


def _sized_entries(order: int) -> list[BookEntry]:
    if order not in _SIZED:
        _SIZED[order] = _entries(3, order=order)
    return _SIZED[order]


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
