"""The engine's representative of a puzzle (canonical_image): one of its images, the same for every copy, with a
cell map that carries the puzzle onto it."""

from __future__ import annotations

import random

from dominosa import Puzzle
from dominosa.canonical import canonical_image, canonical_key
from dominosa.generator.proper import proper_layout


def _copies(puzzle: Puzzle) -> list[Puzzle]:
    """The 8 turns and mirrors, each with the numbers reversed as well as kept."""
    grids = []
    grid = [list(row) for row in puzzle.grid]
    for _ in range(4):
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]  # a quarter turn
        grids += [grid, [row[::-1] for row in grid]]
    top = puzzle.order
    return [Puzzle.from_grid(g) for g in grids] + [Puzzle.from_grid([[top - n for n in row] for row in g])
                                                    for g in grids]


def test_every_copy_gives_the_same_representative_and_a_map_onto_it():
    for order, seed in [(3, 1), (5, 4), (6, 2), (7, 0)]:
        puzzle, _ = proper_layout(order, random.Random(seed))
        image, _ = canonical_image(puzzle)
        assert canonical_key(image) == canonical_key(puzzle)  # one of the puzzle's own images
        for copy in _copies(puzzle):
            got, cells = canonical_image(copy)
            assert got == image
            assert sorted(cells) == list(range(len(cells)))
            # The map keeps neighbours neighbours and renames numbers one to one.
            board = copy.board
            for q in range(len(board.pairs)):
                a, b = (board.index[c] for c in board.pair_cells(q))
                assert image.board.pair_of(image.board.cells[cells[a]], image.board.cells[cells[b]]) is not None
            renaming = {copy.numbers[x]: image.numbers[y] for x, y in enumerate(cells)}
            assert len(set(renaming.values())) == len(renaming) == order + 1


def test_a_set_that_is_not_full_keeps_its_numbers_and_clues_move_with_the_cells():
    some = [(0, 1), (0, 2), (1, 2)]  # three of the double-2 set's six
    puzzle = Puzzle.from_grid([[0, 1, 0], [2, 1, 2]], dominoes=some)
    turned = Puzzle.from_grid([[0, 2], [1, 1], [0, 2]], dominoes=some)
    image = canonical_image(puzzle)[0]
    assert image == canonical_image(turned)[0] and sorted(image.numbers) == sorted(puzzle.numbers)
    clued = Puzzle.from_grid([[0, 0, 1], [1, 1, 0]], clues=[((0, 0), (0, 1))])
    image, cells = canonical_image(clued)
    (a, b), = image.clues
    assert {image.board.index[a], image.board.index[b]} == {cells[0], cells[1]}
