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
    assert TwinGuard(taken=[puzzle], renamed_limit=1.0).admits(renamed)  # the count as printed
    guard = RepeatGuard([puzzle])
    assert not guard.admits(renamed) and not guard.admits(puzzle)
    stranger, _ = proper_layout(5, random.Random(4))
    assert share(puzzle, stranger) <= BOOK_TWIN_SHARE and guard.admits(stranger)
    guard.take(stranger)
    assert not guard.admits(stranger) and len(guard) == 2


def _renamed_near_twin(puzzle: Puzzle, moved_share: float, seed: int) -> Puzzle:
    """``puzzle`` with its numbers renamed, turned a half turn, and ``moved_share`` of its cells' numbers moved
    round (the set's counts kept), as a setter hiding a copy would make it."""
    grid = _grid(puzzle)
    cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[0]))]
    twin = [row[:] for row in grid]
    moved = random.Random(seed).sample(cells, int(len(cells) * moved_share))
    for (r, c), (r2, c2) in zip(moved, moved[1:] + moved[:1], strict=True):
        twin[r][c] = grid[r2][c2]
    names = list(range(puzzle.order + 1))
    random.Random(seed + 1).shuffle(names)
    return Puzzle.from_grid([[names[v] for v in reversed(row)] for row in reversed(twin)])


def test_a_renamed_near_twin_is_refused_as_a_near_twin_and_strangers_are_not():
    from dominosa.generator.twins import NEAR_TWIN, RepeatGuard

    for order, seed in ((6, 1), (9, 2), (12, 3)):
        puzzle, _ = proper_layout(order, random.Random(seed))
        twin = _renamed_near_twin(puzzle, 0.08, seed)  # about 92% of cells the same after renaming
        assert share(puzzle, twin) <= BOOK_TWIN_SHARE  # as printed, hardly alike
        guard = RepeatGuard([puzzle])
        assert guard.refusal(twin) == NEAR_TWIN
        strangers = [proper_layout(order, random.Random(100 + k))[0] for k in range(4)]
        assert all(guard.admits(stranger) for stranger in strangers)


def test_the_renamed_limit_is_above_what_chance_gives_double_6_puzzles():
    puzzles = [proper_layout(6, random.Random(seed))[0] for seed in range(12)]
    guard = TwinGuard()
    for puzzle in puzzles:
        assert guard.admits(puzzle)
        guard.take(puzzle)



def test_small_boards_are_compared_as_printed_only_so_a_book_of_them_can_be_filled():
    from dominosa.generator.twins import RENAMED_MIN_ORDER

    puzzles = [proper_layout(RENAMED_MIN_ORDER - 1, random.Random(seed))[0] for seed in range(12)]
    guard = TwinGuard(limit=1.0)  # the renamed test alone
    for puzzle in puzzles:
        assert guard.admits(puzzle)
        guard.take(puzzle)
