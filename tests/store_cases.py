"""Puzzles the store's tests share: small layouts by seed, the same puzzle in disguise, and a near-twin."""

from __future__ import annotations

import random

from dominosa import Puzzle, Solution
from dominosa.generator.layouts import random_layout


def layout(order: int, seed: int) -> tuple[Puzzle, Solution]:
    """A random layout of the double-``order`` set, the same for the same seed (not always proper: the store
    keeps any puzzle with a solution)."""
    return random_layout(order, random.Random(seed))


def transposed_and_renamed(puzzle: Puzzle, solution: Solution, seed: int) -> tuple[Puzzle, Solution]:
    """The same puzzle in disguise: rows become columns, and the numbers are shuffled."""
    names = list(range(puzzle.order + 1))
    random.Random(seed).shuffle(names)
    numbers = {(c, r): names[v] for (r, c), v in zip(puzzle.board.cells, puzzle.numbers, strict=True)}
    turned = Solution(tuple(((a[1], a[0]), (b[1], b[0])) for a, b in solution.placements))
    return Puzzle.from_cells(numbers), turned


def near_twin(puzzle: Puzzle, solution: Solution) -> tuple[Puzzle, Solution]:
    """Another puzzle with most numbers where ``puzzle`` has them: three pairs of dominoes trade places (the set
    stays full, the solution moves with them)."""
    grid = [list(row) for row in puzzle.grid]
    places = list(solution)
    for first, second in ((0, 1), (4, 7), (10, 13)):
        (a1, b1), (a2, b2) = places[first], places[second]
        (x, y), (u, v) = (grid[a1[0]][a1[1]], grid[b1[0]][b1[1]]), (grid[a2[0]][a2[1]], grid[b2[0]][b2[1]])
        grid[a1[0]][a1[1]], grid[b1[0]][b1[1]], grid[a2[0]][a2[1]], grid[b2[0]][b2[1]] = u, v, x, y
    return Puzzle.from_grid(grid), solution
