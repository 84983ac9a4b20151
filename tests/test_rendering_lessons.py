"""What a book teaches (rendering/lessons.py): positions found by the engine in the book's puzzles, and hints."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pypdf
import pytest
from pdf_checks import placed_texts, text_sizes

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import GRADES, Technique, grade
from dominosa.generator.proper import proper_layout
from dominosa.rendering.book import build_book, compose_book
from dominosa.rendering.book_sections import BookEntry
from dominosa.rendering.lessons import find_lessons, first_hard_step


def _puzzles(count: int, order: int = 5):
    out = []
    for k in range(count):
        puzzle, solution = proper_layout(order, random.Random(500 + k))
        assert count_solutions_exact_cover(puzzle, 2) == (1, True)
        out.append((puzzle, solution))
    return out


def test_each_lesson_is_a_true_position_and_its_step_agrees_with_the_solution():
    puzzles = _puzzles(5)
    lessons = find_lessons([(n, p) for n, (p, _) in enumerate(puzzles, 1)])
    assert lessons and len({lesson.technique for lesson in lessons}) == len(lessons)  # one each
    for lesson in lessons:
        solution = {frozenset(pair) for pair in puzzles[lesson.number - 1][1]}
        assert all(frozenset(pair) in solution for pair in lesson.joined)  # what is placed is right
        assert not any(frozenset(pair) in solution for pair in lesson.split)  # what is ruled out is wrong
        assert lesson.decided and lesson.sentence and not lesson.technique.bookkeeping
        assert lesson.technique is not Technique.GUESS


def test_the_first_hard_step_takes_the_technique_its_grade_is_named_for():
    for number, (puzzle, _) in enumerate(_puzzles(6), 1):
        level = grade(puzzle).level
        hint = first_hard_step(number, puzzle, GRADES[level])
        assert hint is not None and hint.number == number
        assert hint.technique.level == level and hint.where.startswith("r")


@pytest.mark.parametrize("large_print", [False, True])
def test_each_figure_of_the_chapter_carries_the_labels_its_sentence_names_cells_by_at_7_pt_or_more(large_print):
    # A reader follows "r2c8 has only one remaining neighbour" on the figure beside it: every row and column
    # the sentences name is labelled on that page, and no label is set under the print services' 7 pt.
    entries = [BookEntry(puzzle, solution) for puzzle, solution in _puzzles(4)]
    data, _ = build_book(entries, techniques=True, large_print=large_print)
    reader = pypdf.PdfReader(io.BytesIO(data))
    pages = [page for page in reader.pages if page.extract_text().upper().startswith("SOLVING")]
    assert pages
    figures = 0
    for page in pages:
        shown = text_sizes(page)
        labels = {text: size for size, text in shown if re.fullmatch(r"[rc]\d+", text)}
        if not labels:  # the chapter's opening page, in large print heading, intro and key alone
            assert large_print and any(text == "Solving techniques" for _, text in shown) and page is pages[0]
            continue
        sentences = " ".join(text for _, text in shown if text.startswith("Puzzle ") or "(" in text)
        named = re.findall(r"\br(\d+)c(\d+)\b", sentences)
        figures += sum(text.startswith("Puzzle ") for _, text in shown)
        assert named, sentences
        for row, col in named:
            assert f"r{row}" in labels and f"c{col}" in labels, (row, col, sorted(labels))
        assert min(labels.values()) >= 7 - 1e-6
        assert max(labels.values()) < min(size for size, text in shown if text.isdigit())  # below the numbers
    assert figures >= 2


MONTHLY = Path(__file__).with_name("data") / "monthly-2025-11-o40.json"


@pytest.fixture(scope="module")
def monthly_book():
    """A book of the real double-40 monthly (41 x 42 cells, tests/data) with its techniques chapter."""
    from dominosa.deductions import count_solutions
    from dominosa.formats import puzzle_from_dict

    puzzle = puzzle_from_dict(json.loads(MONTHLY.read_text(encoding="utf-8")))
    found = count_solutions(puzzle, 2, keep_solutions=True)
    layout = compose_book([BookEntry(puzzle, found.solutions[0])], trim="8.5x11in", techniques=True)
    return puzzle, layout, pypdf.PdfReader(io.BytesIO(layout.document.to_bytes()))


def _placed_texts(page: pypdf.PageObject, media_height: float) -> list[tuple[float, float, float, str]]:
    """(size, x, y from the page's top, text) for every string drawn on the page, as a preflight reads it."""
    return [(size, x, media_height - y, text) for size, x, y, text in placed_texts(page)]


def test_a_double_40_techniques_chapter_draws_each_figure_inside_the_safe_area_with_numbers_at_7_pt(monthly_book):
    # The whole 41 x 42 board at 7 pt is some 700 pt wide: each figure is a window onto it instead.
    puzzle, layout, reader = monthly_book
    chapter = [k for k, page in enumerate(reader.pages) if page.extract_text().upper().startswith("SOLVING")]
    assert chapter
    figures = 0
    for k in chapter:
        frame, drawn = layout.frames[k], layout.document.pages[k]
        left, top, right, bottom = frame.safe
        ink = drawn.ink
        assert left - 0.01 <= ink[0] and top - 0.01 <= ink[1] and ink[2] <= right + 0.01 and ink[3] <= bottom + 0.01
        placed = _placed_texts(reader.pages[k], frame.media[1])
        numbers = [(size, x, y) for size, x, y, text in placed if text.isdigit() and int(text) <= puzzle.order]
        figures += sum(text.startswith("Puzzle ") for *_, text in placed)
        assert numbers and min(size for size, _, _ in numbers) >= 7 - 1e-6
        assert all(left <= x <= right and top <= y <= bottom for _, x, y in numbers)
        assert len(numbers) <= 2 * 12 * 12 + 10  # windows, not the board's 1722 cells
    assert figures >= 3


def test_each_window_holds_every_cell_its_sentence_names_with_the_boards_real_labels(monthly_book):
    _, _, reader = monthly_book
    pages = [page for page in reader.pages if page.extract_text().upper().startswith("SOLVING")]
    named_somewhere = 0
    for page in pages:
        shown = text_sizes(page)
        labels = {text for _, text in shown if re.fullmatch(r"[rc]\d+", text)}
        sentences = " ".join(text for _, text in shown if text.startswith("Puzzle "))
        for row, col in re.findall(r"\br(\d+)c(\d+)\b", sentences):
            named_somewhere += 1
            assert f"r{row}" in labels and f"c{col}" in labels, (row, col, sorted(labels))
        assert any(int(label[1:]) > 12 for label in labels)  # the real rows and columns, not a window's own
    assert named_somewhere >= 4


def test_a_lesson_no_window_of_12_holds_is_still_drawn_legibly_within_the_page_around_what_it_decides(monthly_book):
    # Where the book has no closer example of a technique, its first one (on the monthly: "all the same
    # neighbours" looks at r2c34 and rules out a pair in row 30) gets the largest window the page holds.
    from dominosa.rendering.book_page import NORMAL_PRINT, content_box
    from dominosa.rendering.book_techniques import lesson_block
    from dominosa.rendering.lesson_window import fits_window, marked_cells
    from dominosa.rendering.pages import gutter_for, parse_trim
    from dominosa.rendering.style import MONO

    puzzle, _, _ = monthly_book
    spread = [lesson for lesson in find_lessons([(1, puzzle)]) if not fits_window(marked_cells(lesson))]
    assert spread
    width, height = content_box(parse_trim("8.5x11in"), gutter_for(1), NORMAL_PRINT)
    for lesson in spread:
        block = lesson_block(lesson, width, height, NORMAL_PRINT, MONO)
        figure = block.diagram
        assert figure.width * block.cell <= width and figure.height * block.cell <= height
        assert min(layer.size for layer in figure.layers if layer.kind == "texts") * block.cell >= 7 - 1e-6
        placed = [box for layer in figure.layer("placed-pairs") for box in layer.items]
        crosses = [line for layer in figure.layer("ruled-out") for line in layer.items]
        assert len(placed) == len(set(lesson.placed)) and len(crosses) == 2 * len(set(lesson.ruled_out))


def test_lessons_come_easiest_first_by_the_grade_table_whatever_order_they_are_met_in():
    # The puzzles walked hardest first: a set analysis (hard) is met before the single neighbour of a later
    # puzzle, yet the chapter opens with the easiest technique, as the grade table orders them.
    from dominosa.deductions import TECHNIQUES

    puzzles = sorted(_puzzles(8), key=lambda item: -grade(item[0]).level)
    lessons = find_lessons([(n, p) for n, (p, _) in enumerate(puzzles, 1)])
    order = [TECHNIQUES.index(lesson.technique) for lesson in lessons]
    assert len(lessons) >= 3 and order == sorted(order)
    assert lessons[0].technique.level == 0


def test_a_lesson_keeps_what_its_step_places_apart_from_what_it_rules_out():
    puzzles = _puzzles(5)
    lessons = find_lessons([(n, p) for n, (p, _) in enumerate(puzzles, 1)])
    assert any(lesson.placed for lesson in lessons) and any(lesson.ruled_out for lesson in lessons)
    for lesson in lessons:
        solution = {frozenset(pair) for pair in puzzles[lesson.number - 1][1]}
        assert all(frozenset(pair) in solution for pair in lesson.placed)
        assert not any(frozenset(pair) in solution for pair in lesson.ruled_out)
        assert lesson.decided == (*lesson.placed, *lesson.ruled_out)


def test_only_the_techniques_wanted_are_taught_and_the_chapters_own_examples_carry_no_number():
    from dominosa.rendering.lessons import techniques_needed

    puzzles = [p for p, _ in _puzzles(5)]
    needed = techniques_needed(puzzles[:1])
    lessons = find_lessons([(None, p) for p in puzzles[1:]], wanted=needed)
    assert {lesson.technique for lesson in lessons} <= needed
    assert all(lesson.number is None and lesson.puzzle in puzzles[1:] for lesson in lessons)


def test_a_book_given_examples_shows_them_and_never_its_own_puzzles_with_a_key_to_the_marks():
    from dominosa.rendering.book_techniques import LESSONS_INTRO

    book = _puzzles(4)
    examples = [p for p, _ in _puzzles(6, order=6)]
    entries = [BookEntry(puzzle, solution) for puzzle, solution in book]
    data, _ = build_book(entries, techniques=True, examples=examples)
    pages = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]
    # The chapter's pages: its opening titled "Solving techniques", the others under that running head.
    chapter = "\n".join(text for text in pages if text.upper().startswith("SOLVING TECHNIQUES"))
    assert LESSONS_INTRO.split(". ")[1][:40] in chapter.replace("\n", " ")
    assert "cell looked at" in chapter and "domino placed" in chapter and "pair ruled out" in chapter
    assert "Puzzle " not in chapter  # no lesson quotes a puzzle of the book
    for puzzle, _ in book:  # and none of the book's grids is drawn there
        rows = [" ".join(str(v) for v in row) for row in puzzle.grid]
        assert not all(row in chapter for row in rows)
    shown = sum(all(" ".join(map(str, row)) in chapter for row in p.grid) for p in examples)
    assert shown >= 1  # the examples are


def test_every_window_of_the_double_40_chapter_is_at_most_12_by_12_and_labels_every_cell_its_sentence_names(
    monthly_book,
):
    # Issue 42: the "up to 12 x 12" window of the set-analysis lesson was 22 x 30 cells and held none of the cells
    # its sentence named. Each figure's labels (grouped by the writer's record of the figure they belong to) name
    # its rows and columns: at most 12 of each, and every cell the page's sentences name among them.
    from dominosa.rendering.lesson_window import named_cells

    _, layout, reader = monthly_book
    checked = 0
    for k, page in enumerate(layout.document.pages):
        if not reader.pages[k].extract_text().upper().startswith("SOLVING"):
            continue
        labels: dict[int, set[str]] = {}
        for item in page.placed:
            if item.kind == "number" and re.fullmatch(r"[rc]\d+", item.text):
                labels.setdefault(item.owner, set()).add(item.text)
        # The lessons' sentences, set at 8.8 pt (the chapter's opening paragraph, at 10, names r4c7 as an example)
        sentences = " ".join(item.text for item in page.placed if item.kind == "text" and abs(item.size - 8.8) < 0.01)
        for shown in labels.values():
            assert sum(t[0] == "r" for t in shown) <= 12 and sum(t[0] == "c" for t in shown) <= 12, sorted(shown)
        for row, col in named_cells(sentences):
            assert any(f"r{row + 1}" in shown and f"c{col + 1}" in shown for shown in labels.values()), (row, col)
            checked += 1
    assert checked >= 4
