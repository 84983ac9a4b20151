"""What a book teaches (rendering/lessons.py): positions found by the engine in the book's puzzles, and hints."""

from __future__ import annotations

import io
import random
import re

import pypdf
import pytest
from pdf_checks import text_sizes

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions.grades import GRADES, Technique
from dominosa.deductions.grading import grade
from dominosa.generator.proper import proper_layout
from dominosa.rendering.book import BookEntry, build_book
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
    pages = [page for page in pypdf.PdfReader(io.BytesIO(data)).pages if page.extract_text().startswith("SOLVING")]
    assert pages
    figures = 0
    for page in pages:
        shown = text_sizes(page)
        labels = {text: size for size, text in shown if re.fullmatch(r"[rc]\d+", text)}
        sentences = " ".join(text for _, text in shown if text.startswith("Puzzle ") or "(" in text)
        named = re.findall(r"\br(\d+)c(\d+)\b", sentences)
        figures += sum(text.startswith("Puzzle ") for _, text in shown)
        assert named, sentences
        for row, col in named:
            assert f"r{row}" in labels and f"c{col}" in labels, (row, col, sorted(labels))
        assert min(labels.values()) >= 7 - 1e-6
        assert max(labels.values()) < min(size for size, text in shown if text.isdigit())  # below the numbers
    assert figures >= 2
