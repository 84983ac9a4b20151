"""The puzzle value: construction, the checks it makes, and the tables derived from it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from strategies import layouts

from dominosa import Puzzle, PuzzleError, domino, full_set
from dominosa.puzzle import implied_domino_set

# Order 3, 4 rows x 5 columns (the game ID 3:22223101012330103310).
GRID = [
    [2, 2, 2, 2, 3],
    [1, 0, 1, 0, 1],
    [2, 3, 3, 0, 1],
    [0, 3, 3, 1, 0],
]


def test_full_set_is_implied_by_the_cell_count():
    puzzle = Puzzle.from_grid(GRID)
    assert puzzle.order == 3
    assert puzzle.is_full_set
    assert len(puzzle.dominoes) == 10
    assert puzzle.rows == 4 and puzzle.cols == 5
    assert puzzle.grid == tuple(tuple(row) for row in GRID)
    assert repr(puzzle) == "<Puzzle double-3 4x5>"


def test_a_partial_set_is_not_a_full_set():
    # two cells on a domino set holding only the 1-2: not the double-2 set
    puzzle = Puzzle.from_grid([[1, 2]], dominoes=[(2, 1)])
    assert puzzle.dominoes == ((1, 2),)
    assert not puzzle.is_full_set
    assert repr(puzzle) == "<Puzzle 1 dominoes 1x2>"


def test_tables_list_every_place_of_every_domino():
    puzzle = Puzzle.from_grid(GRID)
    board = puzzle.board
    for pair, d in enumerate(puzzle.pair_domino):
        a, b = board.pair_cells(pair)
        assert puzzle.dominoes[d] == puzzle.domino_at(a, b)
        assert pair in puzzle.placements[d]
    assert sum(len(p) for p in puzzle.placements) == len(board.pairs)
    assert puzzle.domino_ids[(0, 3)] == puzzle.dominoes.index((0, 3))


def test_numbers_outside_a_partial_set_show_no_domino():
    puzzle = Puzzle.from_grid([[0, 1], [1, 1]], dominoes=[(0, 1), (1, 1)])
    shown = dict(zip(puzzle.board.pairs, puzzle.pair_domino, strict=True))
    assert shown[(0, 1)] == puzzle.domino_ids[(0, 1)]  # r1c1-r1c2 shows 0-1
    assert shown[(2, 3)] == puzzle.domino_ids[(1, 1)]


def test_clues_are_sorted_placements():
    puzzle = Puzzle.from_grid(GRID, clues=[((1, 0), (0, 0))])
    assert puzzle.clues == (((0, 0), (1, 0)),)
    assert puzzle.clue_pairs == (puzzle.board.pair_of((0, 0), (1, 0)),)
    assert puzzle.with_clues([]).clues == ()


@pytest.mark.parametrize(
    ("grid", "message", "cell"),
    [
        ([[0, 0, 1], [1, 1]], r"odd number of cells \(5\)", None),
        (
            [[0, 0, 0, 0]],
            r"4 cells fit no full domino set: the double-0 set needs 2 cells and the double-1",
            None,
        ),
        ([[0, 0, 1], [1, 1, 1]], r"number 0 appears 2 times; the double-1 set needs it 3 times", (0, 0)),
        (
            [[0, 0, 1], [1, 1, 2]],
            r"number 2 at r2c3 is above the range of the double-1 set \(0\.\.1\)",
            (1, 2),
        ),
        ([[0, 0, 1], [1, 1, -1]], r"negative number -1 at r2c3", (1, 2)),
        ([[None, None]], r"the board has no cells", None),
    ],
)
def test_bad_numbers_name_the_problem_and_the_cell(grid, message, cell):
    with pytest.raises(PuzzleError, match=message) as caught:
        Puzzle.from_grid(grid)
    assert caught.value.cell == cell
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("clues", "message"),
    [
        ([((0, 0), (0, 5))], r"clue r1c1,r1c6 leaves the board: r1c6 is not a cell"),
        ([((0, 0), (1, 1))], r"the two cells are not adjacent"),
        ([((0, 0), (0, 1)), ((0, 1), (0, 2))], r"overlaps clue r1c1,r1c2 at r1c2"),
        ([((0, 0), (0, 1)), ((0, 2), (0, 3))], r"places 2-2, already placed by clue r1c1,r1c2"),
    ],
)
def test_bad_clues_are_refused(clues, message):
    with pytest.raises(PuzzleError, match=message):
        Puzzle.from_grid(GRID, clues=clues)


def test_clue_showing_a_domino_outside_the_set():
    # the set is 0-0 and 1-1 (placed vertically); the clue puts the 0-1 across the top
    with pytest.raises(PuzzleError, match=r"clue r1c1,r1c2 shows 0-1, which is not in the domino set"):
        Puzzle.from_grid([[0, 1], [0, 1]], dominoes=[(0, 0), (1, 1)], clues=[((0, 0), (0, 1))])


def test_domino_sets_are_checked():
    with pytest.raises(PuzzleError, match="lists 0-1 twice"):
        Puzzle.from_grid([[0, 1], [1, 0]], dominoes=[(0, 1), (1, 0)])
    with pytest.raises(PuzzleError, match="1 dominoes cannot cover 4 cells"):
        Puzzle.from_grid([[0, 1], [1, 0]], dominoes=[(0, 1)])


def test_implied_domino_set():
    assert implied_domino_set(20, [0] * 20) == full_set(3)
    with pytest.raises(
        PuzzleError, match=r"22 cells fit no full domino set: the double-3 set needs 20 cells"
    ):
        implied_domino_set(22, [0] * 22)


def test_a_puzzle_names_its_set_and_shape_and_the_formats_write_it():
    """The model writes no format (the formats import the model, not the other way): str is the short repr."""
    from dominosa.formats import puzzle_to_dict, write_plain

    puzzle = Puzzle.from_grid(GRID)
    assert str(puzzle) == repr(puzzle) == "<Puzzle double-3 4x5>"
    assert write_plain(puzzle) == "22223\n10101\n23301\n03310\n"
    assert puzzle_to_dict(puzzle) == {"grid": GRID, "clues": []}


@settings(max_examples=60, deadline=None)
@given(layouts(max_order=20, clues=True))
def test_random_layouts_are_valid_puzzles(layout):
    puzzle, solution = layout
    assert puzzle.is_full_set
    assert len(puzzle.board) == 2 * len(puzzle.dominoes)
    again = Puzzle.from_cells(dict(zip(puzzle.board.cells, puzzle.numbers, strict=True)), clues=puzzle.clues)
    assert again == puzzle and hash(again) == hash(puzzle)
    for a, b in solution:
        assert domino(puzzle.number_at(a), puzzle.number_at(b)) in puzzle.domino_ids


@settings(max_examples=40, deadline=None)
@given(layouts(min_order=1, max_order=9))
def test_the_unchecked_constructor_gives_the_checked_puzzle(layout):
    puzzle, _ = layout
    shuffled = tuple(reversed([(b, a) for a, b in puzzle.dominoes]))  # any order, either way round
    made = Puzzle.unchecked(puzzle.board, puzzle.numbers, shuffled)
    assert made == puzzle and hash(made) == hash(puzzle)
    assert (made.dominoes, made.clues, made.pair_domino, made.placements) == (
        puzzle.dominoes,
        puzzle.clues,
        puzzle.pair_domino,
        puzzle.placements,
    )
