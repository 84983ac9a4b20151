"""The front matter (rendering/book_front.py): the worked example, the grades' meanings, the copyright notice, the
contents."""

from __future__ import annotations

import pytest
from test_rendering_book import _entries

from dominosa import Puzzle, Solution
from dominosa.rendering.book import compose_book
from dominosa.rendering.book_front import WORKED_EXAMPLE, grade_meanings
from dominosa.rendering.book_sections import Imprint
from dominosa.rendering.fonts import text_width


def test_worked_example_is_a_proper_puzzle():
    from dominosa.deductions import count_solutions
    from dominosa.rendering.book_front import EXAMPLE_SOLUTION

    puzzle = Puzzle.from_grid(WORKED_EXAMPLE)
    result = count_solutions(puzzle, 2, keep_solutions=True)
    assert result.count == 1 and result.solutions[0] == Solution(EXAMPLE_SOLUTION)


def test_the_grades_meanings_name_the_techniques_in_words_from_the_engines_table():
    from dominosa.deductions import TECHNIQUES

    meanings = dict(grade_meanings(["basic", "hard", "extreme"]))
    # The first grade shown names everything it needs, each later one what it adds; names as a reader reads them.
    basic_needs = {t.label for t in TECHNIQUES if t.level <= 1 and not t.bookkeeping}
    assert set(meanings["basic"].rstrip(".").split(", ")) == basic_needs
    assert meanings["hard"] == "adds set analysis."
    assert all("_" not in text and text == text.lower() for text in meanings.values())
    assert dict(grade_meanings(["extreme", "made-up"])).keys() == {"extreme"}


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
