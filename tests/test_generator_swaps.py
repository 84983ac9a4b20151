"""The swaps of ``dominosa fix --swaps`` (generator/swaps.py): each keeps the tiling's domino set whole, and they
are all of the single swaps that do."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from strategies import layouts

from dominosa.dominoes import domino
from dominosa.generator.swaps import apply_moves, cells_mask, moves_keeping


def tiles_of(puzzle, solution):
    index = puzzle.board.index
    return [(index[a], index[b]) for a, b in solution.placements]


def dominoes_shown(tiles, numbers):
    return Counter(domino(numbers[a], numbers[b]) for a, b in tiles)


@settings(max_examples=60, deadline=None)
@given(layouts(min_order=1, max_order=7, clues=True))
def test_every_move_keeps_the_domino_set_whole_and_leaves_clue_cells_alone(layout):
    puzzle, solution = layout
    tiles = tiles_of(puzzle, solution)
    fixed = cells_mask([x for q in puzzle.clue_pairs for x in puzzle.board.pairs[q]])
    whole = dominoes_shown(tiles, puzzle.numbers)
    for move in moves_keeping(tiles, puzzle.numbers, fixed=fixed):
        after = apply_moves(puzzle.numbers, [move])
        assert after != puzzle.numbers
        assert dominoes_shown(tiles, after) == whole
        assert not move.cells & fixed
        changed = {x for x in range(len(after)) if after[x] != puzzle.numbers[x]}
        assert changed == {x for x in range(len(after)) if move.cells >> x & 1}
        assert move.cost == len(move.swaps) == len(changed) // 2


@settings(max_examples=40, deadline=None)
@given(layouts(min_order=1, max_order=5))
def test_the_single_swaps_are_every_swap_of_two_cells_that_keeps_the_set_whole(layout):
    puzzle, solution = layout
    tiles = tiles_of(puzzle, solution)
    whole = dominoes_shown(tiles, puzzle.numbers)
    expected = set()
    n = len(puzzle.numbers)
    for x in range(n):
        for y in range(x + 1, n):
            numbers = list(puzzle.numbers)
            numbers[x], numbers[y] = numbers[y], numbers[x]
            if tuple(numbers) != puzzle.numbers and dominoes_shown(tiles, numbers) == whole:
                expected.add((x, y))
    listed = [m.swaps[0] for m in moves_keeping(tiles, puzzle.numbers, whole_dominoes=False)]
    assert len(listed) == len(set(listed))
    assert set(listed) == expected


def test_moves_come_cheapest_first():
    from dominosa import Puzzle
    from dominosa.deductions import solve

    puzzle = Puzzle.from_grid([[1, 1, 1, 0], [1, 2, 2, 0], [0, 2, 2, 0]])
    tiles = tiles_of(puzzle, solve(puzzle))
    costs = [m.cost for m in moves_keeping(tiles, puzzle.numbers)]
    assert costs == sorted(costs) and costs[0] == 1


@settings(max_examples=30, deadline=None)
@given(layouts(min_order=2, max_order=6, clues=False))
def test_a_capped_list_is_the_cheapest_moves_of_the_whole_list(layout):
    # The fix caps the moves by the bytes they take on a big board: the cheapest ones stay, in the same order.
    puzzle, solution = layout
    tiles = tiles_of(puzzle, solution)
    every = moves_keeping(tiles, puzzle.numbers)
    for most in (1, 3, len(every) // 2):
        assert moves_keeping(tiles, puzzle.numbers, most=most) == every[:most]
