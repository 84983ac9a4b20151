"""Solutions, and the sentences that say what is wrong with a candidate."""

from __future__ import annotations

from hypothesis import given, settings
from strategies import layouts

from dominosa import Puzzle, Solution, problems, validate

#  0 0 1      the only solution: 0-0 across the top left, 1-1 across the bottom left, 0-1 down the right
#  1 1 0
PUZZLE = Puzzle.from_grid([[0, 0, 1], [1, 1, 0]])
SOLUTION = Solution((((1, 1), (1, 0)), ((0, 2), (1, 2)), ((0, 0), (0, 1))))


def test_placements_are_sorted_in_reading_order():
    assert SOLUTION.placements == (((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1)))
    assert len(SOLUTION) == 3
    assert list(SOLUTION) == list(SOLUTION.placements)
    assert SOLUTION.to_list() == [[[0, 0], [0, 1]], [[0, 2], [1, 2]], [[1, 0], [1, 1]]]


def test_pair_indices_round_trip():
    pairs = SOLUTION.pairs(PUZZLE.board)
    assert Solution.from_pairs(PUZZLE.board, pairs) == SOLUTION


def test_partner():
    partner = SOLUTION.partner()
    assert partner[(0, 0)] == (0, 1) and partner[(0, 1)] == (0, 0)
    assert len(partner) == 6


def test_a_solution_has_no_problems():
    assert problems(PUZZLE, SOLUTION) == []
    assert validate(PUZZLE, SOLUTION.placements)


def test_every_problem_is_one_sentence():
    candidate = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((1, 0), (1, 2)), ((5, 5), (5, 6)), ((1, 1), (1, 2))]
    found = problems(PUZZLE, candidate)
    assert found == [
        "r1c2 is covered twice (by r1c1,r1c2 and r1c2,r1c3)",
        "r2c1,r2c3: the two cells are not adjacent",
        "r6c6,r6c7: r6c6 is not a cell of the board",
        "0-1 is used twice (at r1c2,r1c3 and r2c2,r2c3)",
        "r2c1 is not covered",
    ]
    assert not validate(PUZZLE, candidate)


def test_dominoes_outside_the_set_and_clues_not_respected():
    partial = Puzzle.from_grid([[0, 1], [0, 1]], dominoes=[(0, 0), (1, 1)], clues=[((0, 0), (1, 0))])
    assert problems(partial, [((0, 0), (0, 1)), ((1, 0), (1, 1))]) == [
        "r1c1,r1c2 shows 0-1, which is not in the domino set",
        "r2c1,r2c2 shows 0-1, which is not in the domino set",
        "the clue r1c1,r2c1 is not respected",
    ]
    assert validate(partial, [((0, 0), (1, 0)), ((0, 1), (1, 1))])


@settings(max_examples=60, deadline=None)
@given(layouts(max_order=20, clues=True))
def test_the_layout_a_puzzle_was_dealt_from_solves_it(layout):
    puzzle, solution = layout
    assert problems(puzzle, solution) == []
    assert Solution.from_pairs(puzzle.board, solution.pairs(puzzle.board)) == solution
