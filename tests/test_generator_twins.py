"""Near-twins as a buyer sees them (generator/twins.py): the same number on the same cell, the boards turned and
mirrored; measured against a plain count made here by turning grids with list operations."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa import Puzzle
from dominosa.generator.proper import proper_layout
from dominosa.generator.twins import BOOK_TWIN_SHARE, TwinGuard, share


def _turns_and_mirrors(grid: list[list[int]]) -> list[list[list[int]]]:
    """The 8 images of a grid: 4 quarter turns, each mirrored or not."""
    out = []
    image = grid
    for _ in range(4):
        image = [list(row) for row in zip(*image[::-1], strict=True)]  # a quarter turn clockwise
        out += [image, [row[::-1] for row in image]]
    return out


def plain_share(a: list[list[int]], b: list[list[int]]) -> float:
    """The share of cells with the same number, the most over the images of ``a`` shaped like ``b``."""
    best = 0
    for image in _turns_and_mirrors(a):
        if len(image) == len(b) and len(image[0]) == len(b[0]):
            best = max(best, sum(x == y for r, s in zip(image, b, strict=True) for x, y in zip(r, s, strict=True)))
    return best / (len(b) * len(b[0]))


def _grid(puzzle: Puzzle) -> list[list[int]]:
    return [list(row) for row in puzzle.grid]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from([3, 4, 5]))
def test_share_is_the_plain_count_over_turns_and_mirrors(seed_a, seed_b, order):
    a, _ = proper_layout(order, random.Random(seed_a))
    b, _ = proper_layout(order, random.Random(seed_b))
    assert share(a, b) == plain_share(_grid(a), _grid(b))


def test_a_turned_or_mirrored_puzzle_shares_every_cell_and_a_stranger_few():
    a, _ = proper_layout(6, random.Random(1))
    grid = _grid(a)
    for image in _turns_and_mirrors(grid):
        if len(image) == len(grid):
            assert share(a, Puzzle.from_grid(image)) == 1.0
    b, _ = proper_layout(6, random.Random(2))
    assert share(a, b) < BOOK_TWIN_SHARE


def test_the_guard_refuses_a_near_twin_and_admits_a_stranger():
    a, _ = proper_layout(6, random.Random(1))
    grid = _grid(a)
    twin = [row[:] for row in grid]
    cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[0]))]
    moved = random.Random(3).sample(cells, int(len(cells) * 0.55))
    for (r, c), (r2, c2) in zip(moved, moved[1:] + moved[:1], strict=True):
        twin[r][c] = grid[r2][c2]  # 55% of the numbers moved round (the set's counts kept): 45% or more stay
    guard = TwinGuard(taken=[a])
    near = Puzzle.from_grid(twin[::-1])  # and the board flipped top to bottom
    assert plain_share(twin[::-1], grid) > BOOK_TWIN_SHARE
    assert not guard.admits(near)
    stranger, _ = proper_layout(6, random.Random(4))
    assert guard.admits(stranger)


def test_the_repeat_guard_refuses_a_renamed_copy_that_the_twin_count_alone_lets_through():
    from dominosa.generator.twins import RepeatGuard

    puzzle, _ = proper_layout(5, random.Random(3))
    names = [3, 0, 5, 1, 4, 2]  # every number renamed: on paper hardly a cell alike
    renamed = Puzzle.from_grid([[names[v] for v in row] for row in reversed(_grid(puzzle))])
    assert TwinGuard(taken=[puzzle]).admits(renamed)
    guard = RepeatGuard([puzzle])
    assert not guard.admits(renamed) and not guard.admits(puzzle)
    stranger, _ = proper_layout(5, random.Random(4))
    assert share(puzzle, stranger) <= BOOK_TWIN_SHARE and guard.admits(stranger)
    guard.take(stranger)
    assert not guard.admits(stranger) and len(guard) == 2
