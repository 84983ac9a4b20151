"""Tests for random tilings, layouts and irregular boards."""

from __future__ import annotations

import random
from collections import Counter, deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import boards, layouts, seeds

from dominosa import Board, Puzzle, Solution, full_set, problems
from dominosa.dominoes import domino
from dominosa.generator.layouts import (
    board_squares,
    perfect_matching,
    random_irregular_board,
    random_layout,
    random_tiling,
    trivial_squares,
)


def assert_tiling(board: Board, pairs: list[int]) -> None:
    """Every cell in exactly one of the pairs."""
    covered = Counter(cell for k in pairs for cell in board.pairs[k])
    assert len(pairs) == len(set(pairs)) == len(board.cells) // 2
    assert sorted(covered) == list(range(len(board.cells)))
    assert set(covered.values()) == {1}


def ambiguous_squares(puzzle: Puzzle, solution: Solution) -> list[tuple[int, int]]:
    """Written out again on coordinates, independently of the generator: squares with two parallel
    dominoes that, turned a quarter round, show the same two dominoes."""
    mate = solution.partner()
    found = []
    for r, c in puzzle.board.cells:
        tl, tr, bl, br = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
        if not all(cell in mate for cell in (tr, bl, br)):
            continue
        if mate[tl] == tr and mate[bl] == br:
            now, turned = [(tl, tr), (bl, br)], [(tl, bl), (tr, br)]
        elif mate[tl] == bl and mate[tr] == br:
            now, turned = [(tl, bl), (tr, br)], [(tl, tr), (bl, br)]
        else:
            continue
        if sorted(puzzle.domino_at(a, b) for a, b in now) == sorted(puzzle.domino_at(a, b) for a, b in turned):
            found.append(tl)
    return found


def is_connected(board: Board) -> bool:
    seen, todo = {0}, deque([0])
    while todo:
        for other in board.neighbours[todo.popleft()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(board.cells)


# -- tilings -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rows", "cols"), [(1, 2), (2, 1), (2, 3), (3, 2), (4, 4), (5, 6), (7, 8), (9, 4)])
def test_rectangle_tilings_are_perfect_matchings(rows, cols):
    board = Board.rectangle(rows, cols)
    for seed in range(5):
        assert_tiling(board, random_tiling(board, random.Random(seed)))


def test_tilings_are_reproducible_and_vary():
    board = Board.rectangle(7, 8)
    assert random_tiling(board, random.Random(5)) == random_tiling(board, random.Random(5))
    assert len({tuple(random_tiling(board, random.Random(seed))) for seed in range(10)}) == 10


def _tiling_by_choice(board: Board, rng: random.Random) -> list[int]:
    """random_tiling's rectangle as it was written before the flips drew their squares themselves: with
    ``rng.choice``, the draw they must keep making."""
    n, cols = len(board.cells), board.cols
    horizontal = cols % 2 == 0 and (board.rows % 2 or rng.getrandbits(1))
    partner = (
        [i + 1 if i % 2 == 0 else i - 1 for i in range(n)]
        if horizontal
        else [i + cols if (i // cols) % 2 == 0 else i - cols for i in range(n)]
    )
    squares, _ = board_squares(board)
    for _ in range(4 * n):
        tl, tr, bl, br = rng.choice(squares)
        if partner[tl] == tr and partner[bl] == br:
            partner[tl], partner[bl], partner[tr], partner[br] = bl, tl, br, tr
        elif partner[tl] == bl and partner[tr] == br:
            partner[tl], partner[tr], partner[bl], partner[br] = tr, tl, br, bl
    return sorted(board.pair_index[(a, b)] for a, b in enumerate(partner) if a < b)


class _FloatRandom(random.Random):
    """A generator whose integers come from ``random()`` (its own ``_randbelow``): the tiling must then go
    through ``_randbelow`` as ``choice`` does, not draw bits itself."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("make", [random.Random, _FloatRandom])
@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (4, 4), (5, 6), (7, 8), (9, 10), (16, 17)])
def test_tiling_flips_draw_what_choice_draws(make, rows, cols):
    board = Board.rectangle(rows, cols)
    for seed in range(20):
        mine, reference = make(seed), make(seed)
        assert random_tiling(board, mine) == _tiling_by_choice(board, reference)
        assert mine.random() == reference.random()  # and no draw more or fewer


def test_flips_reach_every_tiling_of_a_small_board():
    # The 4x4 square has 36 tilings; flips from the brick start reach them all.
    board = Board.rectangle(4, 4)
    seen = {tuple(random_tiling(board, random.Random(seed))) for seed in range(1500)}
    assert len(seen) == 36


def test_irregular_board_tiling():
    # A ring around a hole, and an L shape:
    #   ####      ##
    #   #..#      ##
    #   ####      ####
    ring = Board.from_cells([(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3)])
    ell = Board.from_cells([(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (2, 3)])
    for board in (ring, ell):
        for seed in range(10):
            assert_tiling(board, random_tiling(board, random.Random(seed)))
        assert_tiling(board, perfect_matching(board))


@pytest.mark.parametrize(
    ("cells", "why"),
    [
        ([(0, 0), (0, 1), (1, 1)], "cells of one colour"),
        ([(0, 0), (0, 1), (1, 0), (1, 1), (3, 3), (3, 5)], "cells of one colour"),
        # Four cells of each colour, but the arms of the plus all need its middle cell:
        #   .#.....
        #   ###....
        #   .#.....
        #   .......
        #   ....#.#
        #   .......
        #   ....#
        ([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (4, 4), (4, 6), (6, 4)], "cannot all be paired"),
    ],
)
def test_boards_without_a_tiling_are_refused(cells, why):
    board = Board.from_cells(cells)
    with pytest.raises(ValueError, match=why):
        random_tiling(board, random.Random(0))
    with pytest.raises(ValueError, match=why):
        perfect_matching(board)


def test_odd_rectangle_is_refused():
    with pytest.raises(ValueError, match="odd"):
        random_tiling(Board.rectangle(3, 3), random.Random(0))


@settings(max_examples=40, deadline=None)
@given(boards(min_order=0, max_order=15, irregular=True), seeds())
def test_matchings_of_irregular_boards(board, seed):
    assert_tiling(board, perfect_matching(board, random.Random(seed)))
    assert_tiling(board, random_tiling(board, random.Random(seed)))


# -- layouts -------------------------------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(layouts(min_order=0, max_order=15))
def test_layouts_are_solved_puzzles_with_the_full_set(layout):
    puzzle, solution = layout
    assert problems(puzzle, solution) == []
    assert sorted(puzzle.dominoes) == sorted(full_set(puzzle.order))
    assert len(puzzle.board) == (puzzle.order + 1) * (puzzle.order + 2)
    assert sorted(puzzle.domino_at(a, b) for a, b in solution) == sorted(full_set(puzzle.order))
    assert not puzzle.clues


@settings(max_examples=80, deadline=None)
@given(layouts(min_order=0, max_order=15))
def test_no_trivially_ambiguous_square_remains(layout):
    puzzle, solution = layout
    assert ambiguous_squares(puzzle, solution) == []
    assert trivial_squares(puzzle, solution) == []


def test_trivial_squares_are_found_when_allowed():
    # Without the repair, trivially ambiguous squares are common on small boards; both detectors agree.
    found = 0
    for seed in range(200):
        puzzle, solution = random_layout(4, random.Random(seed), avoid_trivial_squares=False)
        squares = ambiguous_squares(puzzle, solution)
        assert trivial_squares(puzzle, solution) == squares
        found += bool(squares)
    assert found > 20


def test_numbers_agree_with_the_solution():
    puzzle, solution = random_layout(6, random.Random(3))
    assert (puzzle.rows, puzzle.cols) == (7, 8)
    shown = Counter(domino(puzzle.number_at(a), puzzle.number_at(b)) for a, b in solution)
    assert shown == Counter(full_set(6))


def test_layouts_are_reproducible_per_seed():
    assert random_layout(9, random.Random(42)) == random_layout(9, random.Random(42))
    assert random_layout(9, random.Random(42)) != random_layout(9, random.Random(43))
    board = random_irregular_board(9, random.Random(7))
    assert board == random_irregular_board(9, random.Random(7))
    assert random_layout(board, random.Random(1)) == random_layout(board, random.Random(1))


def test_order_one_avoids_the_all_vertical_trap():
    # On 2x3 every layout of three vertical dominoes is trivially ambiguous, whatever the numbers: the
    # generator must retile rather than give up.
    for seed in range(50):
        puzzle, solution = random_layout(1, random.Random(seed))
        assert ambiguous_squares(puzzle, solution) == []


def test_given_domino_set():
    board = Board.rectangle(2, 4)
    dominoes = [(0, 0), (1, 1), (2, 2), (3, 3)]
    puzzle, solution = random_layout(board, random.Random(0), dominoes=dominoes)
    assert puzzle.dominoes == tuple(dominoes)
    assert problems(puzzle, solution) == []


def test_bad_layout_requests_are_refused():
    with pytest.raises(ValueError, match="fit no full domino set"):
        random_layout(Board.rectangle(2, 4), random.Random(0))
    with pytest.raises(ValueError, match="cannot cover"):
        random_layout(Board.rectangle(2, 4), random.Random(0), dominoes=[(0, 0)])
    with pytest.raises(ValueError, match="at least 0"):
        random_layout(-1, random.Random(0))
    # 0-0 and 0-1 on a 2x2 square: three 0s, so two opposite corners always match, both ways round.
    with pytest.raises(ValueError, match="avoid_trivial_squares=False"):
        random_layout(Board.rectangle(2, 2), random.Random(0), dominoes=[(0, 0), (0, 1)])


# -- irregular boards ----------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 20), seeds(), st.sampled_from([0.1, 0.3, 0.5]))
def test_irregular_boards(order, seed, holes):
    board = random_irregular_board(order, random.Random(seed), holes=holes)
    assert len(board) == (order + 1) * (order + 2)
    assert min(r for r, _ in board.cells) == 0
    assert min(c for _, c in board.cells) == 0
    assert is_connected(board)
    assert_tiling(board, random_tiling(board, random.Random(seed)))


def test_irregular_boards_have_holes():
    boards_seen = [random_irregular_board(8, random.Random(seed)) for seed in range(10)]
    assert sum(not board.is_rectangle for board in boards_seen) >= 9


def test_no_holes_gives_the_standard_rectangle():
    assert random_irregular_board(5, random.Random(0), holes=0) == Board.rectangle(6, 7)


@pytest.mark.parametrize("holes", [-0.1, 1.0])
def test_bad_hole_shares_are_refused(holes):
    with pytest.raises(ValueError, match="holes"):
        random_irregular_board(5, random.Random(0), holes=holes)
