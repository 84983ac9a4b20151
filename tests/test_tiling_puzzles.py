"""Tests for the three bundled tiling puzzles: the pentomino boxes (the published counts of the 3x20 and 4x15
boxes, bad sizes), the calendar puzzle (dates read and refused, the two squares left out, sample dates solved and
every tiling checked cell by cell, both searches agreeing, the whole-calendar tally on a restricted calendar) and
DominoPeg (challenges read and refused with the reason, the default challenge solved and checked, both searches
finding the same solutions)."""

from __future__ import annotations

import pytest

from dominosa.cover.tiling import PackingCover, count_tilings, first_tiling, tally, tilings
from dominosa.tiling import Packing, Piece, bundled
from dominosa.tiling.calendar import (
    DATES,
    MONTHS,
    date_of,
    date_packing,
    day_cell,
    month_cell,
    parse_date,
    whole_calendar_packing,
)
from dominosa.tiling.dominopeg import (
    CIRCLES,
    DEFAULT_CHALLENGE,
    challenge_packing,
    checked_challenge,
    circle_corner,
    corner_circle,
    parse_challenge,
)
from dominosa.tiling.pentominoes import BOX_SIZES, pentomino_box

# -- pentominoes ---------------------------------------------------------------------------------------------------


def test_3x20_box_has_two_tilings_up_to_symmetry_and_eight_in_all():
    # Haselgrove and Haselgrove (1960): 2 essentially different tilings; the box has 4 symmetries, none of
    # which fixes a tiling, so 8 in all.
    box = pentomino_box(3, 20)
    assert count_tilings(box) == (8, True)
    assert count_tilings(box, up_to_symmetry=True) == (2, True)
    found = list(tilings(box))
    assert len(set(found)) == 8
    for tiling in found:
        assert tiling.problems() == []
    # The two classes really are different: no symmetry of the box takes one to the other.
    classes = {frozenset(_moved(t, box, s) for s in box.symmetries()) for t in found}
    assert len(classes) == 2


def _moved(tiling, packing, t):
    return frozenset((p.piece, frozenset(packing.transform_cell(t, c) for c in p.cells)) for p in tiling.placements)


def test_4x15_box_has_368_tilings_up_to_symmetry():
    assert count_tilings(pentomino_box(4, 15), up_to_symmetry=True) == (368, True)


def test_box_sizes():
    assert all(r * c == 60 for r, c in BOX_SIZES)
    box = pentomino_box()
    assert (box.rows, box.cols) == (6, 10) and len(box.cells) == 60 and box.mismatch() is None
    tall = pentomino_box(20, 3)
    assert (tall.rows, tall.cols) == (20, 3)
    assert count_tilings(tall, limit=3) == (3, False)
    for rows, cols in ((5, 10), (7, 9), (1, 1)):
        with pytest.raises(ValueError, match=f"{rows}x{cols}.*60"):
            pentomino_box(rows, cols)


# -- the calendar --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11-21", (11, 21)),
        ("11-21", (11, 21)),
        (" 2-29 ", (2, 29)),
        ("02-29", (2, 29)),
        ("2024-02-29", (2, 29)),
        ("1-5", (1, 5)),
        ("12-31", (12, 31)),
    ],
)
def test_parse_date(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["2026-02-29", "13-01", "02-30", "04-31", "00-10", "hello", "", "2026/11/21"])
def test_parse_date_refuses_what_is_no_date(text):
    with pytest.raises(ValueError, match="not a date") as caught:
        parse_date(text)
    assert "\n" not in str(caught.value)


def test_dates_and_squares():
    assert len(DATES) == 366 and (2, 29) in DATES and (2, 30) not in DATES and (4, 31) not in DATES
    labels = bundled("calendar").labels
    for m in range(1, 13):
        assert labels[month_cell(m)] == MONTHS[m - 1]
    for d in range(1, 32):
        assert labels[day_cell(d)] == str(d)
    squares = {month_cell(m) for m in range(1, 13)} | {day_cell(d) for d in range(1, 32)}
    assert squares == bundled("calendar").cells
    assert date_of(month_cell(11), day_cell(21)) == (11, 21)


@pytest.mark.parametrize(("month", "day"), [(1, 1), (2, 29), (7, 15), (11, 21), (12, 31)])
def test_dates_are_solved_and_every_tiling_checks(month, day):
    packing = date_packing(month, day)
    board = bundled("calendar")
    assert board.cells - packing.cells == {month_cell(month), day_cell(day)}
    assert packing.cells < board.cells and packing.mismatch() is None
    found = list(tilings(packing))
    assert found and len(set(found)) == len(found)
    for tiling in found:
        assert tiling.problems() == []
        left = board.cells - set(tiling.owner)
        assert left == {month_cell(month), day_cell(day)}
        assert date_of(month_cell(month), day_cell(day)) == (month, day)
    text = found[0].text()
    assert MONTHS[month - 1] in text and str(day) in text  # the open squares show their labels
    assert count_tilings(packing) == (len(found), True)


@pytest.mark.parametrize(("month", "day"), [(2, 29), (7, 15)])
def test_calendar_searches_agree(month, day):
    cover = PackingCover(date_packing(month, day))
    assert sorted(cover.bitmask.solutions()) == sorted(cover.solutions())
    assert count_tilings(cover, method="dlx") == count_tilings(cover, method="bitmask")


def test_impossible_date_packing():
    with pytest.raises(ValueError, match="not a date"):
        date_packing(2, 30)
    with pytest.raises(ValueError):
        date_packing(13, 1)


def test_whole_calendar_packing_is_the_board_with_two_holes():
    packing = whole_calendar_packing()
    board = bundled("calendar")
    assert packing.cells == board.cells and packing.mismatch() is None
    month, day = packing.piece("month"), packing.piece("day")
    assert month.size == day.size == 1
    assert month.region == {month_cell(m) for m in range(1, 13)}
    assert day.region == {day_cell(d) for d in range(1, 32)}
    placed = {p.cells[0] for p in packing.placements if p.piece == "month"}
    assert placed == month.region


def test_whole_calendar_tally_on_a_restricted_calendar():
    # The whole-calendar search takes a while, so ask it about February and four days only: the tally of where the
    # two one-square pieces lie must be each date's own count (February 30 and 31 are squares like any other).
    board = bundled("calendar")
    days = (1, 29, 30, 31)
    holes = (
        Piece("month", {(0, 0)}, region={month_cell(2)}),
        Piece("day", {(0, 0)}, region={day_cell(d) for d in days}),
    )
    packing = Packing(board.cells, board.pieces + holes, labels=board.labels)
    counts = tally(packing, ["month", "day"])
    assert set(counts) <= {((month_cell(2),), (day_cell(d),)) for d in days}
    for d in days:
        alone = Packing(board.cells - {month_cell(2), day_cell(d)}, board.pieces)
        assert counts[((month_cell(2),), (day_cell(d),))] == count_tilings(alone).count
    assert sum(counts.values()) == count_tilings(packing).count


# -- DominoPeg -----------------------------------------------------------------------------------------------------


def test_circles_are_numbered_row_by_row():
    assert circle_corner(0) == (0, 0) and circle_corner(7) == (1, 0) and circle_corner(34) == (4, 6)
    assert all(corner_circle(circle_corner(c)) == c for c in range(CIRCLES))
    assert {circle_corner(c) for c in range(CIRCLES)} == bundled("dominopeg").circles


def test_parse_challenge():
    assert DEFAULT_CHALLENGE == (0, 7, 14, 21, 28)
    assert parse_challenge("0,7,14,21,28") == DEFAULT_CHALLENGE
    assert parse_challenge(" 28 0, 7,  14 21 ") == DEFAULT_CHALLENGE
    assert checked_challenge([34, 1, 2, 3, 4]) == (1, 2, 3, 4, 34)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0,7,14,21,28,3", ["exactly 5", "not 6"]),
        ("0,7,14,21", ["exactly 5", "not 4"]),
        ("0,7,14,21,35", ["no circle 35", "0-34"]),
        ("0,7,14,21,21", ["circle 21", "twice"]),
        ("0,7,14,21,x", ["'x'", "not a circle"]),
        ("0,7,14,21,-1", ["'-1'", "not a circle"]),
        ("", ["exactly 5", "not 0"]),
    ],
)
def test_impossible_challenges_are_refused_with_the_reason(text, words):
    with pytest.raises(ValueError) as caught:
        parse_challenge(text)
    for word in words:
        assert word in str(caught.value)


def test_challenge_packing_refuses_a_bad_challenge():
    with pytest.raises(ValueError, match="twice"):
        challenge_packing([1, 1, 2, 3, 4])


def test_default_challenge_is_solved_and_checks():
    packing = challenge_packing()
    board = bundled("dominopeg")
    empty = {circle_corner(c) for c in DEFAULT_CHALLENGE}
    assert packing.circles == board.circles - empty
    assert packing.mismatch() is None
    tiling = first_tiling(packing)
    assert tiling is not None
    assert tiling.problems() == []
    assert board.circles - tiling.pegged == empty  # the challenge's circles, and only they, stay empty
    assert len(tiling.pegged) == 30
    text = tiling.text()
    assert text.count("o") == 30
    assert packing.empty_circles == empty  # the challenge's circles are drawn as empty rings
    assert text.count(".") == 5
    lines = text.split("\n")
    width = max(len(p.name) for p in board.pieces)
    for i, j in empty:
        assert lines[2 * i][j * (width + 3)] == "."


def test_both_searches_find_the_same_dominopeg_solutions():
    cover = PackingCover(challenge_packing((0, 7, 14, 21, 28)))
    bitmask = sorted(cover.bitmask.solutions())
    assert bitmask and len(set(bitmask)) == len(bitmask)
    assert sorted(cover.solutions()) == bitmask
    for rows in bitmask[:: max(1, len(bitmask) // 5)]:
        assert cover.tiling(rows).problems() == []
