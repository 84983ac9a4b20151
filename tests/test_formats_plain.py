"""The plain grid format: reading, writing, clues, and errors that point at the typed character."""

from __future__ import annotations

import random
from textwrap import dedent

import pytest
from hypothesis import given, settings
from strategies import layouts

from dominosa import Puzzle, PuzzleError, full_set
from dominosa.formats import format_clue, read_plain, write_plain
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout

DOUBLE_3 = "22223\n10101\n23301\n03310\n"


def test_digits_side_by_side():
    puzzle = read_plain(DOUBLE_3)
    assert puzzle.order == 3 and puzzle.rows == 4 and puzzle.cols == 5
    assert puzzle.grid[2] == (2, 3, 3, 0, 1)
    assert write_plain(puzzle) == DOUBLE_3


def test_comments_and_surrounding_blank_lines_are_ignored():
    text = "\n# a double-3 puzzle\n22223\n  # indented comment\n10101\n23301\n03310\n\n"
    assert read_plain(text) == read_plain(DOUBLE_3)


def test_numbers_separated_by_spaces():
    spaced = read_plain("2 2 2 2 3\n1  0 1 0 1\n2\t3 3 0 1\n 0 3 3 1 0")
    assert spaced == read_plain(DOUBLE_3)


def test_two_digit_numbers_are_written_aligned():
    puzzle = Puzzle.from_grid([[v % 11 for v in range(r * 12, r * 12 + 12)] for r in range(11)])
    assert puzzle.order == 10
    text = write_plain(puzzle)
    assert text.splitlines()[0] == " 0  1  2  3  4  5  6  7  8  9 10  0"
    assert read_plain(text) == puzzle


def test_holes_with_x_dot_or_short_rows():
    #  0 0 .        the same irregular board three ways: 6 cells, the double-1 set
    #  1 1 0
    #  1
    marked = read_plain("00x\n110\n1xx")
    assert marked.board.cells == ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0))
    assert read_plain("00.\n110\n1..") == marked
    assert read_plain("00\n110\n1") == marked
    assert write_plain(marked) == "00x\n110\n1xx\n"


def test_a_full_row_of_holes_keeps_the_rows_below_in_place():
    puzzle = read_plain("xxx\n001\n110")
    assert puzzle.board.cells[0] == (1, 0)
    assert read_plain(write_plain(puzzle)) == puzzle


CLUED = dedent(
    """\
    22223
    10101
    23301
    03310
    -
    2-2@r1c1,r1c2
    """
)


def test_clues_after_a_dash_line():
    puzzle = read_plain(CLUED)
    assert puzzle.clues == (((0, 0), (0, 1)),)
    assert write_plain(puzzle) == CLUED


@pytest.mark.parametrize(
    "clues",
    [
        "2-2@r1c1,r1c2 3-3@r3c2,r4c2",
        "2-2@r1c1,r1c2;3-3@r3c2,r4c2",
        "2-2@R1C2-R1C1 ; 3-3@r4c2,r3c2",
        "2-2,00-01 3-3,21-31",
        "2-2,0-1; 3-3,21-31",
        "2-2,0-1\n# a comment among the clues\n3-3@r3c2,r4c2",
    ],
)
def test_clue_forms_and_separators(clues):
    puzzle = read_plain(DOUBLE_3 + "-\n" + clues)
    assert puzzle.clues == (((0, 0), (0, 1)), ((2, 1), (3, 1)))


def test_compact_cells_count_from_0_as_seed_003_does():
    # Seed 003's form: the squares of a 10-wide grid numbered 0 to 99 row by row; 73-83 is r8c4 and r9c4.
    puzzle = read_plain(DOUBLE_3 + "-\n2-2,0-1\n")
    assert puzzle.clues == (((0, 0), (0, 1)),)
    double_8, solution = random_layout(8, random.Random(8))  # 9 rows x 10 columns, numbered 0 to 89
    for a, b in solution:
        clue = f"{double_8.number_at(a)}-{double_8.number_at(b)},{a[0] * 10 + a[1]}-{b[0] * 10 + b[1]}"
        assert read_plain(write_plain(double_8) + "-\n" + clue).clues == ((a, b),)
    x, y = double_8.number_at((7, 3)), double_8.number_at((8, 3))
    assert read_plain(write_plain(double_8) + f"-\n{x}-{y},73-83\n").clues == (((7, 3), (8, 3)),)  # r8c4, r9c4


def test_a_file_as_seed_003_gives_it_header_and_compact_clues_solves_to_its_one_solution():
    # Seed 003's file is not in this repository; this one is built the way its description gives it: a '#dp'
    # header line, a 10-wide grid, compact clues counted from 0 taken from the real solution.
    from dominosa.deductions import count_solutions

    puzzle, solution = proper_layout(8, random.Random(3))
    given = list(solution)[:3]
    clues = " ".join(
        f"{puzzle.number_at(a)}-{puzzle.number_at(b)},{a[0] * 10 + a[1]}-{b[0] * 10 + b[1]}" for a, b in given
    )
    read = read_plain("#dp 8 9x10 seed 003\n" + write_plain(puzzle) + "-\n" + clues + "\n")
    assert set(read.clues) == set(given)
    result = count_solutions(read, 2, keep_solutions=True)
    assert result.count == 1 and result.complete
    assert set(result.solutions[0]) == set(solution)


def test_format_clue_follows_the_cells():
    puzzle = read_plain(DOUBLE_3)
    assert format_clue(puzzle, ((3, 0), (2, 0))) == "2-0@r3c1,r4c1"


def test_a_partial_domino_set_is_noted_in_a_comment():
    puzzle = Puzzle.from_grid([[0, 1], [0, 1]], dominoes=[(0, 0), (1, 1)])
    assert write_plain(puzzle) == "# dominoes: 0-0 1-1\n01\n01\n"


@settings(max_examples=80, deadline=None)
@given(layouts(max_order=20, clues=True))
def test_round_trip(layout):
    puzzle, _ = layout
    text = write_plain(puzzle)
    assert read_plain(text) == puzzle
    assert write_plain(read_plain(text)) == text


def position(text: str, line: int, column: int) -> str:
    """The character at a 1-based line and column, to check that errors point at the right place."""
    return text.split("\n")[line - 1][column - 1 :]


BAD = [
    # (text, message, line, column, what the position points at)
    ("22223\n10101\n23a01\n03310", "bad character 'a' in the grid", 3, 3, "a01"),
    ("2 2 2 2 3\n1 0 1 0 1\n2 3 3! 0 1\n0 3 3 1 0", "bad entry '3!' in the grid", 3, 5, "3! 0 1"),
    ("22223\n10101\n2330\n03310", r"ragged rows: line 3 has 4 squares, line 1 has 5 \(19 cells", 3, 5, ""),
    ("22223\n10101\n233011\n03310", r"ragged rows: line 3 has 6 squares, line 1 has 5", 3, 6, "1"),
    ("222\n101\n233", r"odd number of cells \(9\)", 1, None, None),
    ("2222\n1010\n2330\n0331", r"16 cells fit no full domino set: the double-2 set needs 12", 1, None, None),
    (
        "22223\n10101\n23301\n03311",
        r"number 0 appears 4 times; the double-3 set needs it 5 times",
        2,
        2,
        "0101",
    ),
    (
        "22223\n10101\n23301\n03410",
        r"number 4 at r4c3 is above the range of the double-3 set \(0\.\.3\)",
        4,
        3,
        "410",
    ),
    ("-\n2-2@r1c1,r1c2", "clues before any grid", 1, None, None),
    (DOUBLE_3 + "-\n2-2@r1c1,r1c2\n-", "a second '-' line", 7, 1, "-"),
    (
        DOUBLE_3 + "-\n2-2@r1c1,r1c2 2-2@r1c2,r1c3",
        "clue 2-2@r1c2,r1c3 overlaps clue 2-2@r1c1,r1c2 at r1c2",
        6,
        15,
        "2-2@r1c2",
    ),
    (DOUBLE_3 + "-\n2-2@r1c1,r1c2; 2-2@r1c3,r1c4", r"clue 2-2@r1c3,r1c4 places 2-2 again", 6, 16, "2-2@r1c3"),
    (DOUBLE_3 + "-\n3-1@r1c5,r1c6", "clue 3-1@r1c5,r1c6 leaves the board: r1c6 is not a cell", 6, 1, "3-1"),
    (DOUBLE_3 + "-\n0-3@r4c1,r5c1", "clue 0-3@r4c1,r5c1 leaves the board", 6, 1, "0-3"),
    (DOUBLE_3 + "-\n2-0@r1c1,r2c2", "names r1c1 and r2c2, which are not adjacent", 6, 1, "2-0"),
    (
        DOUBLE_3 + "-\n  6-4@r1c1,r2c1",
        "clue 6-4@r1c1,r2c1 does not match the grid: the cells show 2-1",
        6,
        3,
        "6-4",
    ),
    (DOUBLE_3 + "-\n2-2,00-10", "clue 2-2,00-10 does not match the grid: the cells show 2-1", 6, 1, "2-2"),
    (DOUBLE_3 + "-\n2-2,44-45", r"clue 2-2,44-45 leaves the board: r5c5 is not a cell", 6, 1, "2-2"),
    (
        DOUBLE_3 + "-\n2-2 r1c1",
        r"bad clue '2-2': expected a clue like 6-4@r7c3,r8c3 or 6-4,73-83",
        6,
        1,
        "2-2",
    ),
    (DOUBLE_3 + "-\n2-2@r0c1,r1c1", "rows and columns count from 1", 6, 1, "2-2"),
]


@pytest.mark.parametrize(("text", "message", "line", "column", "at"), BAD)
def test_errors_point_at_the_problem(text, message, line, column, at):
    with pytest.raises(PuzzleError, match=message) as caught:
        read_plain(text, source="p.txt")
    error = caught.value
    assert (error.line, error.column, error.source) == (line, column, "p.txt")
    assert "\n" not in str(error)
    assert str(error).startswith("p.txt: " + (f"line {line}" if line else ""))
    if at is not None:
        assert position(text, line, column).startswith(at)


def test_the_compact_form_needs_a_board_at_most_ten_wide():
    # order 10 on its standard board: 11 rows x 12 columns
    puzzle = Puzzle.from_grid([[v % 11 for v in range(r * 12, r * 12 + 12)] for r in range(11)])
    assert puzzle.dominoes == tuple(sorted(full_set(10)))
    with pytest.raises(PuzzleError, match="only work on boards up to 10 wide, this one is 12 wide") as caught:
        read_plain(write_plain(puzzle) + "-\n0-1,11-12\n")
    assert (caught.value.line, caught.value.column) == (13, 1)


def test_a_blank_line_inside_one_puzzle_is_an_error():
    with pytest.raises(PuzzleError, match="a blank line inside the puzzle") as caught:
        read_plain("22223\n10101\n\n23301\n03310")
    assert caught.value.line == 3
