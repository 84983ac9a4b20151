"""The search's moves keep a layout a layout: a tiling, the full set once, no trivially ambiguous square."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import layouts, seeds

from dominosa import Board, full_set
from dominosa.dominoes import domino
from dominosa.generator.layouts import random_layout, trivial_squares
from dominosa.generator.mutations import (
    Layout,
    layout_of,
    mutate,
    random_start,
    repair,
    rotate_block,
    swap_dominoes,
    to_puzzle,
    to_solution,
    turn_domino,
)


def assert_layout(board: Board, dominoes: tuple, layout: Layout) -> None:
    """A tiling of the board showing every domino of the set once, with no trivial 2x2 square."""
    cells = Counter(c for tile in layout.tiles for c in tile)
    assert sorted(cells) == list(range(len(board.cells))) and set(cells.values()) == {1}
    for a, b in layout.tiles:
        assert a < b and (a, b) in board.pair_index
    shown = sorted(domino(layout.numbers[a], layout.numbers[b]) for a, b in layout.tiles)
    assert shown == sorted(dominoes)
    assert list(layout.tiles) == sorted(layout.tiles)
    puzzle = to_puzzle(board, dominoes, layout)
    assert trivial_squares(puzzle, to_solution(board, layout)) == []


@settings(max_examples=40, deadline=None)
@given(layouts(min_order=2, max_order=8, irregular=None), seeds())
def test_every_move_keeps_a_valid_layout(layout, seed):
    puzzle, solution = layout
    board, dominoes = puzzle.board, puzzle.dominoes
    current = layout_of(puzzle, solution)
    rng = random.Random(seed)
    for _ in range(30):
        current = mutate(board, current, rng, moves=rng.randint(1, 3))
        assert_layout(board, dominoes, current)


def test_rotating_a_block_keeps_its_two_dominoes_and_turns_them():
    #   0 1        numbers 1 2      the two horizontal dominoes 1-2 and 3-4 (cells 0-1 and 2-3)
    #   2 3                3 4      become vertical ones, the numbers going round with the cells
    board = Board.rectangle(2, 2)
    layout = Layout(((0, 1), (2, 3)), (1, 2, 3, 4))
    seen = set()
    for seed in range(20):
        turned = rotate_block(board, layout, random.Random(seed))
        assert turned.tiles == ((0, 2), (1, 3))
        shown = sorted(domino(turned.numbers[a], turned.numbers[b]) for a, b in turned.tiles)
        assert shown == [(1, 2), (3, 4)]
        seen.add(turned.numbers)
    assert seen == {(3, 1, 4, 2), (2, 4, 1, 3)}  # clockwise and anticlockwise


def test_turning_a_domino_swaps_its_two_numbers_and_skips_doubles():
    board = Board.rectangle(2, 3)
    puzzle, solution = random_layout(board, random.Random(3), avoid_trivial_squares=False)
    layout = layout_of(puzzle, solution)
    turned = turn_domino(board, layout, random.Random(0))
    changed = [i for i in range(6) if turned.numbers[i] != layout.numbers[i]]
    if turned != layout:
        assert len(changed) == 2 and tuple(sorted(changed)) in layout.tiles
        a, b = changed
        assert layout.numbers[a] != layout.numbers[b]


def test_swapping_two_dominoes_moves_exactly_two_tiles_numbers():
    board = Board.rectangle(7, 8)
    puzzle, solution = random_layout(board, random.Random(5))
    layout = layout_of(puzzle, solution)
    rng = random.Random(9)
    for _ in range(20):
        moved = swap_dominoes(board, layout, rng)
        assert moved.tiles == layout.tiles
        old, new = layout.numbers, moved.numbers
        changed = [(a, b) for a, b in layout.tiles if (new[a], new[b]) != (old[a], old[b])]
        assert len(changed) in (0, 2)  # 0 only when every draw made a trivial square and the move gave up


def test_repair_moves_one_of_the_dominoes_it_is_told_about():
    board = Board.rectangle(7, 8)
    puzzle, solution = random_layout(board, random.Random(2))
    layout = layout_of(puzzle, solution)
    for seed in range(20):
        repaired = repair(board, layout, random.Random(seed), unused=[4])
        a, b = layout.tiles[4]
        assert (repaired.numbers[a], repaired.numbers[b]) != (layout.numbers[a], layout.numbers[b])


def test_a_layout_round_trips_through_puzzle_and_solution():
    puzzle, solution = random_layout(6, random.Random(1))
    layout = layout_of(puzzle, solution)
    assert to_puzzle(puzzle.board, full_set(6), layout) == puzzle
    assert to_solution(puzzle.board, layout) == solution


@pytest.mark.parametrize("move", [swap_dominoes, turn_domino, rotate_block])
def test_the_same_random_state_gives_the_same_move(move):
    puzzle, solution = random_layout(6, random.Random(4))
    layout = layout_of(puzzle, solution)
    assert move(puzzle.board, layout, random.Random(11)) == move(puzzle.board, layout, random.Random(11))


@settings(max_examples=40, deadline=None)
@given(layouts(min_order=1, max_order=9, irregular=None), seeds(), st.booleans())
def test_a_random_start_is_the_random_layout_of_the_same_draws(layout, seed, given_set):
    puzzle, _ = layout
    dominoes = puzzle.dominoes if given_set else None
    start = random_start(puzzle.board, random.Random(seed), dominoes)
    assert start == layout_of(*random_layout(puzzle.board, random.Random(seed), dominoes=dominoes))
    assert_layout(puzzle.board, puzzle.dominoes, start)
