"""What a book holds and in what order (rendering/book_sections.py): sections by grade, boards climbing within."""

from __future__ import annotations

import io
import random

import pypdf
from test_rendering_book import _entries

from dominosa import Solution
from dominosa.generator.proper import proper_layout
from dominosa.rendering.book import build_book
from dominosa.rendering.book_sections import BookEntry, display_name, group_sections


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


def test_sections_follow_the_rating_engines_grades_and_show_capitalised(tmp_path):
    from dominosa.deductions import GRADES

    hardest, easiest = GRADES[-1], GRADES[0]
    entries = _entries(3, order=3, grades=(hardest, None, easiest))
    assert [name for name, _ in group_sections(entries)] == [easiest, hardest, "Ungraded"]
    reader = pypdf.PdfReader(io.BytesIO(build_book(entries, per_page=1, techniques=False)[0]))
    page = reader.pages[4].extract_text()
    shown = display_name(easiest)  # the engine's easiest grade, trivial, heads the book's warm-up
    assert shown == "Warm-up" and page.startswith(shown.upper()) and shown in page
