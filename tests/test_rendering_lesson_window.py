"""A window onto a big board (rendering/lesson_window.py): what a lesson on a double-40 shows of its board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominosa.formats import puzzle_from_dict
from dominosa.rendering.book_page import book_diagram
from dominosa.rendering.lesson_window import WINDOW_CELLS, fits_window, marked_cells, window_around, windowed
from dominosa.rendering.lessons import find_lessons
from dominosa.rendering.style import MONO

MONTHLY = Path(__file__).with_name("data") / "monthly-2025-11-o40.json"


@pytest.fixture(scope="module")
def monthly():
    return puzzle_from_dict(json.loads(MONTHLY.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def lessons(monthly):
    return find_lessons([(1, monthly)], lambda lesson: fits_window(marked_cells(lesson)))


def _figure(lesson):
    position = dict(joined=lesson.joined, split=lesson.split, highlight_cells=lesson.cells,
                    highlight_pairs=lesson.decided, style=MONO)  # fmt: skip
    whole = book_diagram(lesson.puzzle, **position)
    window = window_around(lesson.puzzle.board.cells, marked_cells(lesson), WINDOW_CELLS, WINDOW_CELLS)
    return window, windowed(whole, window, MONO, 0.42)


def test_a_lesson_too_spread_for_a_window_gives_way_to_a_later_one_of_its_technique(monthly, lessons):
    # On the monthly the first "all the same neighbours" step looks at r2c34 and decides a pair in row 30.
    first = find_lessons([(1, monthly)])
    assert any(not fits_window(marked_cells(lesson)) for lesson in first)
    assert [lesson.technique for lesson in lessons] == [lesson.technique for lesson in first]
    assert all(fits_window(marked_cells(lesson)) for lesson in lessons)


def test_the_window_shows_every_marked_cell_and_pair_and_no_more_than_12_by_12(lessons):
    for lesson in lessons:
        window, figure = _figure(lesson)
        assert len(window.rows) <= WINDOW_CELLS and len(window.cols) <= WINDOW_CELLS
        assert all(window.holds(cell) for cell in marked_cells(lesson))
        (shaded,) = figure.layer("highlight-cells")
        assert len(shaded.items) == len(set(lesson.cells))  # none cropped away
        (dashed,) = figure.layer("highlight-pairs")
        assert len(dashed.items) == len(set(lesson.decided))
        (numbers,) = figure.layer("numbers")
        assert len(numbers.items) == len(window.rows) * len(window.cols)
        for x, y, *_ in numbers.items:
            assert 0 < x < figure.width and 0 < y < figure.height


def test_the_labels_name_the_boards_real_rows_and_only_cut_sides_are_torn(monthly, lessons):
    for lesson in lessons:
        window, figure = _figure(lesson)
        (labels,) = figure.layer("labels")
        names = {text for _, _, text in labels.items}
        assert names == {f"r{r + 1}" for r in window.rows} | {f"c{c + 1}" for c in window.cols}
        cut = window.cut()
        torn = figure.layer("cut-edges")
        assert bool(torn) == any(cut.values())
    corner = window_around(monthly.board.cells, [(40, 41), (40, 40)], WINDOW_CELLS, WINDOW_CELLS)
    assert corner.rows == range(33, 41) and corner.cols == range(34, 42)  # the fewest shown: 8 x 8
    assert corner.cut() == {"top": True, "bottom": False, "left": True, "right": False}
