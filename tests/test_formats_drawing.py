"""Terminal drawings: the pictures themselves, shown as they should look."""

from __future__ import annotations

import random
import unicodedata
from textwrap import dedent

import pytest
from hypothesis import given, settings
from strategies import layouts

from dominosa import PuzzleError
from dominosa.formats import draw_solution, read_puzzle
from dominosa.formats.drawing import _JUNCTIONS
from dominosa.generator.layouts import random_layout


def picture(text: str) -> str:
    return dedent(text).strip("\n")


def test_a_bare_puzzle_is_a_light_grid_in_a_heavy_frame():
    assert draw_solution(read_puzzle("001\n110"), labels=False) == picture(
        """
        ┏━━━┯━━━┯━━━┓
        ┃ 0 │ 0 │ 1 ┃
        ┠───┼───┼───┨
        ┃ 1 │ 1 │ 0 ┃
        ┗━━━┷━━━┷━━━┛
        """
    )


def test_a_solution_draws_every_domino():
    puzzle = read_puzzle("001\n110")
    assert draw_solution(puzzle, [((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1))], labels=False) == picture(
        """
        ┏━━━━━━━┳━━━┓
        ┃ 0   0 ┃ 1 ┃
        ┣━━━━━━━┫   ┃
        ┃ 1   1 ┃ 0 ┃
        ┗━━━━━━━┻━━━┛
        """
    )


def test_clues_are_drawn_in_place():
    assert draw_solution(read_puzzle("011\n010\n-\n1-1@r1c2,r1c3"), labels=False) == picture(
        """
        ┏━━━┳━━━━━━━┓
        ┃ 0 ┃ 1   1 ┃
        ┠───╄━━━┯━━━┫
        ┃ 0 │ 1 │ 0 ┃
        ┗━━━┷━━━┷━━━┛
        """
    )


def test_holes_of_irregular_boards_stay_blank():
    puzzle = read_puzzle("00x\n110\n1")
    solution = [((0, 0), (0, 1)), ((1, 0), (2, 0)), ((1, 1), (1, 2))]
    assert draw_solution(puzzle, solution, labels=False) == picture(
        """
        ┏━━━━━━━┓
        ┃ 0   0 ┃
        ┣━━━┳━━━┻━━━┓
        ┃ 1 ┃ 1   0 ┃
        ┃   ┣━━━━━━━┛
        ┃ 1 ┃
        ┗━━━┛
        """
    )
    assert draw_solution(read_puzzle("x00\n110\nx1"), labels=False).splitlines()[0] == "    ┏━━━┯━━━┓"


def test_a_partial_state_with_joined_and_split_pairs():
    puzzle = read_puzzle("001\n110")
    assert draw_solution(puzzle, joined=[((0, 0), (0, 1))], split=[((0, 2), (1, 2))], labels=False) == picture(
        """
        ┏━━━━━━━┳━━━┓
        ┃ 0   0 ┃ 1 ┃
        ┣━━━┯━━━╇━━━┫
        ┃ 1 │ 1 │ 0 ┃
        ┗━━━┷━━━┷━━━┛
        """
    )


def test_two_digit_numbers_line_up():
    puzzle, solution = random_layout(12, random.Random(3))
    for drawing in (draw_solution(puzzle, labels=False), draw_solution(puzzle, solution, labels=False)):
        lines = drawing.splitlines()
        assert len(lines) == 2 * 13 + 1
        assert {len(line) for line in lines} == {14 * 5 + 1}
        assert " 12 " in drawing and "  0 " in drawing


def test_rows_and_columns_are_labelled_as_cells_are_named():
    assert draw_solution(read_puzzle("x00\n110\nx1")) == picture(
        """
             c1  c2  c3
               ┏━━━┯━━━┓
        r1     ┃ 0 │ 0 ┃
           ┏━━━╃───┼───┨
        r2 ┃ 1 │ 1 │ 0 ┃
           ┗━━━╅───╆━━━┛
        r3     ┃ 1 ┃
               ┗━━━┛
        """
    )


def test_labels_line_up_over_wide_boards_and_two_digit_rows():
    puzzle, solution = random_layout(12, random.Random(3))  # 13 rows, 14 columns, numbers up to 12
    lines = draw_solution(puzzle, solution).splitlines()
    head, rows = lines[0], lines[2::2]
    assert [row.split()[0] for row in rows] == [f"r{i}" for i in range(1, 14)]
    numbers = lines[2]
    for j, label in enumerate(head.split()):
        assert label == f"c{j + 1}"
        middle = head.index(f" {label}") + 1 + len(label) // 2  # the label's middle character
        assert numbers[middle - 1 : middle + 2].strip() == str(puzzle.grid[0][j])  # sits over its cell's number


def test_marked_cells_stand_out_in_brackets_or_on_a_terminal_in_bold_reverse():
    puzzle = read_puzzle("001\n110")
    assert draw_solution(puzzle, marked=[(0, 1), (1, 2)]) == picture(
        """
             c1  c2  c3
           ┏━━━┯━━━┯━━━┓
        r1 ┃ 0 │[0]│ 1 ┃
           ┠───┼───┼───┨
        r2 ┃ 1 │ 1 │[0]┃
           ┗━━━┷━━━┷━━━┛
        """
    )
    ansi = draw_solution(puzzle, marked=[(0, 1)], emphasis="ansi")
    assert ansi.splitlines()[2] == "r1 ┃ 0 │\x1b[1;7m 0 \x1b[0m│ 1 ┃"
    assert ansi.count("\x1b[1;7m") == 1
    with pytest.raises(PuzzleError, match="r3c1 is not a cell of the board"):
        draw_solution(puzzle, marked=[(2, 0)])


def test_bad_placements():
    puzzle = read_puzzle("001\n110")
    with pytest.raises(PuzzleError, match="r1c1,r2c2 is not two adjacent cells of the board"):
        draw_solution(puzzle, [((0, 0), (1, 1))])
    with pytest.raises(PuzzleError, match="r1c2 is covered twice, by r1c2,r1c3 and r1c1,r1c2"):
        draw_solution(puzzle, joined=[((0, 0), (0, 1)), ((0, 1), (0, 2))])


def test_the_junction_table_matches_unicode_names():
    # index = up*27 + right*9 + down*3 + left; 1 light, 2 heavy
    assert _JUNCTIONS[0] == " " and len(_JUNCTIONS) == 81 and len(set(_JUNCTIONS)) == 81
    expected = {
        (0, 1, 1, 0): "BOX DRAWINGS LIGHT DOWN AND RIGHT",
        (0, 2, 2, 0): "BOX DRAWINGS HEAVY DOWN AND RIGHT",
        (1, 1, 1, 1): "BOX DRAWINGS LIGHT VERTICAL AND HORIZONTAL",
        (2, 0, 2, 0): "BOX DRAWINGS HEAVY VERTICAL",
        (2, 1, 2, 0): "BOX DRAWINGS VERTICAL HEAVY AND RIGHT LIGHT",
        (1, 2, 1, 2): "BOX DRAWINGS VERTICAL LIGHT AND HORIZONTAL HEAVY",
        (0, 0, 0, 1): "BOX DRAWINGS LIGHT LEFT",
        (2, 0, 1, 0): "BOX DRAWINGS HEAVY UP AND LIGHT DOWN",
    }
    for (up, right, down, left), name in expected.items():
        assert unicodedata.name(_JUNCTIONS[up * 27 + right * 9 + down * 3 + left]) == name
    assert all(unicodedata.name(ch).startswith("BOX DRAWINGS") for ch in _JUNCTIONS[1:])


@settings(max_examples=40, deadline=None)
@given(layouts(max_order=12, clues=True))
def test_every_number_is_drawn_once_and_solved_boards_have_no_light_lines(layout):
    puzzle, solution = layout
    bare = draw_solution(puzzle, labels=False)
    solved = draw_solution(puzzle, solution, labels=False)
    for drawing in (bare, solved):
        rows = drawing.splitlines()[1::2]
        numbers = [int(token) for row in rows for token in row.replace("┃", " ").replace("│", " ").split()]
        assert numbers == [v for row in puzzle.grid for v in row if v is not None]
    assert not set("─│┼") & set(solved)
    if not puzzle.clues and puzzle.board.is_rectangle:
        inside = "".join(line[1:-1] for line in bare.splitlines()[1:-1])
        assert not set("━┃┳┻┣┫╋") & set(inside)  # heavy lines only in the frame of a bare board
