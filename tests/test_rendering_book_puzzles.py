"""The puzzle pages (rendering/book_puzzles.py): difficulty marks, checklists, one grid for a section's boards."""

from __future__ import annotations

import io
import random

import pypdf
from test_rendering_book import _entries

from dominosa.generator.proper import proper_layout
from dominosa.rendering.book import compose_book
from dominosa.rendering.book_sections import BookEntry


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
