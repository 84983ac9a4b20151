"""The puzzle of the day is the same for a date everywhere and always: the fixture holds the puzzles version 1
gave for several dates and grades, and must never change (a change to the engine that alters one of them has to
bump DAILY_VERSION instead). Each is unique by the independent exact-cover counter and of its grade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominosa.cover.dominosa import count_solutions_exact_cover, solutions_exact_cover
from dominosa.deductions import rate
from dominosa.formats import read_puzzle, write_game_id
from dominosa.generator.daily import DAILY_ORDERS, DAILY_VERSION, _Stream, _tiling, daily_puzzle, parse_date

FIXTURE = json.loads((Path(__file__).parent / "data" / "daily_v1.json").read_text())["puzzles"]


@pytest.mark.parametrize("case", FIXTURE, ids=lambda c: f"{c['date']}-{c['grade']}")
def test_a_dates_puzzle_never_changes(case):
    made = daily_puzzle(case["date"], case["grade"])
    assert DAILY_VERSION == 1
    assert write_game_id(made.puzzle) == case["game_id"]
    assert made.attempt == case["attempt"]


@pytest.mark.parametrize("case", FIXTURE[:4], ids=lambda c: f"{c['date']}-{c['grade']}")
def test_a_daily_puzzle_is_unique_and_of_its_grade(case):
    puzzle = read_puzzle(case["game_id"])
    assert count_solutions_exact_cover(puzzle, 2) == (1, True)
    assert rate(puzzle, with_path=False).grade.name == case["grade"]
    assert puzzle.order == DAILY_ORDERS[case["grade"]]
    (only,) = solutions_exact_cover(puzzle)
    made = daily_puzzle(case["date"], case["grade"])
    assert {frozenset(p) for p in made.solution} == {frozenset(p) for p in only.placements}


def test_the_randomness_is_sha256_and_nothing_else():
    stream = _Stream("dominosa-daily-v1", "2026-11-24", "basic", 0)
    assert [stream.below(1000) for _ in range(5)] == _draws()


def _draws():
    import hashlib

    digest = hashlib.sha256(b"dominosa-daily-v1|2026-11-24|basic|0|0").digest()
    values = [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 20, 4)]
    limit = (1 << 32) - ((1 << 32) % 1000)
    assert all(v < limit for v in values)
    return [v % 1000 for v in values]


@pytest.mark.parametrize(("rows", "cols"), [(5, 6), (6, 7), (7, 8)])
def test_the_tiling_covers_every_cell_once_with_neighbours(rows, cols):
    tiling = _tiling(rows, cols, _Stream("test", rows, cols))
    cells = [cell for pair in tiling for cell in pair]
    assert sorted(cells) == [(r, c) for r in range(rows) for c in range(cols)]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in tiling)
    assert any(a[0] != b[0] for a, b in tiling) and any(a[1] != b[1] for a, b in tiling)  # turned, not all flat


@pytest.mark.parametrize("text", ["2026-1-5", "26-11-24", "2026-02-30", "today", ""])
def test_a_bad_date_is_a_sentence(text):
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_date(text)


def test_an_unknown_grade_is_refused():
    with pytest.raises(ValueError, match="trivial, basic, hard"):
        daily_puzzle("2026-11-24", "fiendish")
