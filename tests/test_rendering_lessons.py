"""What a book teaches (rendering/lessons.py): positions found by the engine in the book's puzzles, and hints."""

from __future__ import annotations

import random

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions.grades import GRADES, Technique
from dominosa.deductions.grading import grade
from dominosa.generator.proper import proper_layout
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
