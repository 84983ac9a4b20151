"""The plan of a book's shaped puzzles (dominosa.cli.book_shapes): which shape, set and grade each one gets."""

from __future__ import annotations

from collections import Counter

import pytest

from dominosa.cli.book_shapes import parse_shapes, plan_shapes
from dominosa.cli.usage import UsageError
from dominosa.generator.grade_mix import DEFAULT_MIX
from dominosa.generator.shapes import shape_names


def test_a_shape_drawn_several_times_comes_in_every_grade_and_the_grades_share_evenly():
    plan = plan_shapes(["heart", "star", "ring", "tree", "fish", "house"], 24, [5, 9], None)
    assert Counter(grade for _, _, grade in plan) == {grade: 6 for grade in DEFAULT_MIX}
    for name in ("heart", "star"):
        assert {grade for shape, _, grade in plan if shape == name} == set(DEFAULT_MIX)
    assert {order for shape, order, _ in plan if shape == "star"} == {6, 9}  # the star starts at double-6


def test_a_grade_asked_for_is_every_shaped_puzzles_grade():
    assert {grade for _, _, grade in plan_shapes(["heart"], 3, [7], "hard")} == {"hard"}


def test_shape_names_are_checked_and_all_means_every_one():
    assert parse_shapes("Heart, star,heart") == ["heart", "star"]
    assert parse_shapes("all") == list(shape_names())
    with pytest.raises(UsageError, match="no shape called 'moon'"):
        parse_shapes("heart,moon")
