"""A series as its reader meets it (generator/series.py): the "left out" line, and names one slip apart."""

from __future__ import annotations

import random

from dominosa.generator.proper import proper_layout
from dominosa.generator.series import OVER_THE_COUNT, LeftOut, one_letter_apart, similar_series
from dominosa.generator.twins import RepeatGuard


def test_names_one_letter_apart_and_not():
    assert one_letter_apart("classic", "clasic") and one_letter_apart("classic", "classics")
    assert one_letter_apart("classic", "classix") and one_letter_apart("a", "")
    assert not one_letter_apart("classic", "classic") and not one_letter_apart("classic", "clas")
    assert not one_letter_apart("classic", "cassics")


def test_a_name_alike_but_for_case_or_one_letter_is_matched_to_the_stored_one():
    stored = ["classic", "Puzzler", "summer 2026"]
    assert similar_series("Classic", stored) == "classic"
    assert similar_series("puzzler", stored) == "Puzzler"
    assert similar_series("Summer 2027", stored) == "summer 2026"
    assert similar_series("classic", stored) is None  # the series itself: its next volume
    assert similar_series("winter", stored) is None and similar_series("x", []) is None


def test_the_left_out_line_counts_each_reason_and_says_nothing_when_none_was():
    a, b = (proper_layout(5, random.Random(seed))[0] for seed in (1, 2))
    guard, left = RepeatGuard([a]), LeftOut()
    assert left.line() is None
    assert [left.keep(guard, p) for p in (a, b, b, a)] == [False, True, False, False]
    left.count(OVER_THE_COUNT, 3)
    assert left.line() == "left out 6 of 7 puzzles: 3 repeats, 3 over the count"
