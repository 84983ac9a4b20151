"""A-Puzzle-A-Day (DragonFjord's calendar puzzle): cover every square but today's month and day.

The board (data file ``calendar.txt``) has the twelve months in its first two rows and the days 1-31 below;
eight pieces (a 2x3 rectangle and the U, P, N, Y, L, Z and V pentominoes) cover its 43 squares but two. For one
date, :func:`date_packing` is the board without that month and that day. :func:`whole_calendar_packing` asks
every date at once: two extra one-square pieces, one that may only lie on a month and one that may only lie on
a day, stand for the two uncovered squares, so one search lists the solutions of every date together; the
engine's tally of where those two pieces lie is the whole calendar.
"""

from __future__ import annotations

import calendar as _calendar
import datetime as _datetime
import re

from dominosa.tiling.bundled import bundled
from dominosa.tiling.packing import Packing
from dominosa.tiling.pieces import Cell, Piece

__all__ = ["MONTHS", "parse_date", "date_packing", "whole_calendar_packing", "month_cell", "day_cell", "DATES"]

MONTHS = tuple(_calendar.month_abbr[m] for m in range(1, 13))  # Jan .. Dec, as the board spells them
MONTH_PIECE = "month"
DAY_PIECE = "day"
# Every date a year can have, February 29 included: (month, day), 366 of them.
DATES = tuple((m, d) for m in range(1, 13) for d in range(1, _calendar.monthrange(2024, m)[1] + 1))
_MONTH_DAY = re.compile(r"^(\d{1,2})-(\d{1,2})$")


def parse_date(text: str) -> tuple[int, int]:
    """(month, day) from ``YYYY-MM-DD`` or ``MM-DD`` (February 29 is a square like any other).

    Raises ``ValueError`` with one line naming what is wrong.
    """
    text = text.strip()
    match = _MONTH_DAY.match(text)
    if match:
        month, day = int(match[1]), int(match[2])
        if (month, day) not in DATES:
            raise ValueError(f"{text!r} is not a date: no month has that day")
        return month, day
    try:
        date = _datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date: write YYYY-MM-DD (2026-11-21) or MM-DD (11-21)") from None
    return date.month, date.day


def month_cell(month: int) -> Cell:
    """The square showing a month (1-12)."""
    return _label_cell(MONTHS[month - 1])


def day_cell(day: int) -> Cell:
    """The square showing a day of the month (1-31)."""
    return _label_cell(str(day))


def date_packing(month: int, day: int) -> Packing:
    """The puzzle for one date: the board without that month's square and that day's square."""
    if (month, day) not in DATES:
        raise ValueError(f"month {month}, day {day} is not a date")
    board = bundled("calendar")
    left_out = {month_cell(month), day_cell(day)}
    return Packing(
        board.cells - left_out,
        board.pieces,
        labels=board.labels,
        title=f"{board.title}: {MONTHS[month - 1]} {day}",
    )


def whole_calendar_packing() -> Packing:
    """The whole board with two more one-square pieces: ``month`` (months only) and ``day`` (days only).

    Each solution of this packing is a solution of one date: the date whose squares the two pieces cover.
    Dates no year has (February 30, April 31, ...) are on the board too, so some solutions name them.
    """
    board = bundled("calendar")
    months = frozenset(month_cell(m) for m in range(1, 13))
    days = frozenset(day_cell(d) for d in range(1, 32))
    holes = (
        Piece(MONTH_PIECE, frozenset({(0, 0)}), region=months),
        Piece(DAY_PIECE, frozenset({(0, 0)}), region=days),
    )
    return Packing(board.cells, board.pieces + holes, labels=board.labels, title=f"{board.title}: every date")


def date_of(month_square: Cell, day_square: Cell) -> tuple[int, int]:
    """(month, day) shown by two squares of the board."""
    labels = bundled("calendar").labels
    return MONTHS.index(labels[month_square]) + 1, int(labels[day_square])


def _label_cell(label: str) -> Cell:
    board = bundled("calendar")
    for cell, text in board.labels.items():
        if text == label:
            return cell
    raise KeyError(label)
