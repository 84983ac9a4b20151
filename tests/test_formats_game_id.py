"""Game IDs of Simon Tatham's Dominosa: reading, writing, and malformed IDs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from strategies import layouts

from dominosa import Puzzle, PuzzleError
from dominosa.formats import read_game_id, read_plain, write_game_id
from dominosa.generator.layouts import random_layout

ID = "3:22223101012330103310"


def test_order_3_is_four_rows_by_five_columns():
    puzzle = read_game_id(ID)
    assert (puzzle.order, puzzle.rows, puzzle.cols) == (3, 4, 5)
    assert puzzle == read_plain("22223\n10101\n23301\n03310")
    assert write_game_id(puzzle) == ID


@pytest.mark.parametrize("params", ["3dt", "3db", "3dh", "3de", "3da", "3a", "3"])
def test_generator_settings_after_the_order_are_ignored(params):
    assert read_game_id(params + ID[1:]) == read_game_id(ID)


def test_numbers_above_nine_are_bracketed():
    puzzle, _ = random_layout(10, random.Random(10))
    text = write_game_id(puzzle)
    assert text.startswith("10:") and "[10]" in text
    assert "[" not in text.replace("[10]", "")
    assert read_game_id(text) == puzzle
    body = text[3:]
    first = next(i for i, ch in enumerate(body) if ch.isdigit() and body[:i].count("[") == body[:i].count("]"))
    bracketed = body[:first] + f"[{body[first]}]" + body[first + 1 :]
    assert read_game_id("10:" + bracketed) == puzzle  # brackets are fine below 10 too


@settings(max_examples=60, deadline=None)
@given(layouts(max_order=20, irregular=False))
def test_round_trip(layout):
    puzzle, _ = layout
    assert read_game_id(write_game_id(puzzle)) == puzzle


BAD = [
    # (game ID, message, column)
    (
        "3:2222310101233010331",
        r"wrong length: a game ID of order 3 holds 20 numbers \(4 rows x 5 columns\), this one has 19",
        22,
    ),
    ("3:222231010123301033100", r"this one has 21", 23),
    ("3:[2222310101233010331", r"missing ']' after '\[2222310101233010331' in the game ID", 3),
    ("3:[]2223101012330103310", r"'\[' must be followed by a number", 3),
    ("3:2222310101233x103310", r"bad character 'x' in the game ID", 16),
    ("3:2222 3101012330103310", r"bad character ' ' in the game ID", 7),
    ("3:22224101012330103310", r"number 4 at r1c5 is above the range of the double-3 set \(0\.\.3\)", 7),
    ("3:2222[12]101012330103310", r"number 12 at r1c5 is above the range", 7),
    ("3:22222101012330103310", r"number 2 appears 6 times; the double-3 set needs it 5 times", 3),
    ("3#1234567", r"3#\.\.\. is a random-seed ID, which only the Puzzles program can expand", 2),
    ("dominosa", r"not a game ID", 1),
]


@pytest.mark.parametrize(("text", "message", "column"), BAD)
def test_errors_name_the_column(text, message, column):
    with pytest.raises(PuzzleError, match=message) as caught:
        read_game_id(text, source="ids.txt", line=7)
    error = caught.value
    assert (error.source, error.line, error.column) == ("ids.txt", 7, column)
    assert str(error).startswith(f"ids.txt: line 7, column {column}: ")
    assert "\n" not in str(error)


def test_only_standard_full_boards_without_clues_have_a_game_id():
    puzzle = read_game_id(ID)
    with pytest.raises(PuzzleError, match="cannot hold clues"):
        write_game_id(puzzle.with_clues([((0, 0), (0, 1))]))
    transposed = Puzzle.from_cells(
        {(c, r): v for (r, c), v in zip(puzzle.board.cells, puzzle.numbers, strict=True)}
    )
    with pytest.raises(
        PuzzleError, match=r"only the standard board of order 3, 4 rows x 5 columns; this one is 5x4"
    ):
        write_game_id(transposed)
    holes = read_plain("00x\n110\n1")
    with pytest.raises(PuzzleError, match="this one is 3x3 with holes"):
        write_game_id(holes)
    partial = Puzzle.from_grid([[0, 1], [0, 1]], dominoes=[(0, 0), (1, 1)])
    with pytest.raises(PuzzleError, match="only full domino sets"):
        write_game_id(partial)
