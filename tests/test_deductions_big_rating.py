"""A big board's rating by one step run: above the size only, a path that solves, the grade's level."""

from __future__ import annotations

import random

from dominosa.deductions import rate
from dominosa.deductions.big_rating import BIG_DOMINOES, is_big
from dominosa.deductions.driver import walk
from dominosa.deductions.grading import grade
from dominosa.deductions.score import dominoes_to_place
from dominosa.generator.proper import proper_layout


def test_only_boards_above_the_size_are_rated_by_one_run():
    small, _ = proper_layout(22, random.Random(1))  # 276 dominoes
    big, _ = proper_layout(24, random.Random(1))  # 325
    assert dominoes_to_place(small) <= BIG_DOMINOES < dominoes_to_place(big)
    assert not is_big(small) and is_big(big)


def test_a_big_boards_path_solves_it_and_its_grade_is_the_levels():
    puzzle, _ = proper_layout(24, random.Random(2))
    rating = rate(puzzle, with_reason=True)
    assert rating.path is not None and not rating.exhaustive and rating.path.explored == 0
    *_, last = walk(puzzle, rating.steps_taken)
    assert last.after.solved
    assert rating.level == grade(puzzle, level_only=True).level
    assert rating.reason is not None and rating.reason.grade == rating.grade_name
