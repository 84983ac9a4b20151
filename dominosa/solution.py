"""Solutions: where every domino lies, and a precise account of what is wrong with a candidate."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dominosa.board import Board, cell_name
from dominosa.dominoes import domino_name
from dominosa.puzzle import Placement, Puzzle, placement

__all__ = ["Solution", "problems", "validate", "solution_pairs"]


@dataclass(frozen=True)
class Solution:
    """A tiling of the board by dominoes, as placements (pairs of cells) sorted in reading order."""

    placements: tuple[Placement, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "placements", tuple(sorted(placement(a, b) for a, b in self.placements)))

    @classmethod
    def from_pairs(cls, board: Board, pairs: Iterable[int]) -> Solution:
        """A solution from the engine's pair indices, made of the board's own cell tuples (shared, not copied)."""
        solution = object.__new__(cls)  # pair_cells is already (first, second) in reading order: skip the sort's
        object.__setattr__(solution, "placements", tuple(sorted(board.pair_cells(p) for p in pairs)))
        return solution

    def pairs(self, board: Board) -> tuple[int, ...]:
        """The engine's pair indices of this solution's placements (a placement off the board: ValueError)."""
        out = []
        for a, b in self.placements:
            k = board.pair_of(a, b)
            if k is None:
                raise ValueError(f"{cell_name(a)},{cell_name(b)} is not a pair of this board")
            out.append(k)
        return tuple(sorted(out))

    def partner(self) -> dict:
        """Each cell mapped to the other cell of its domino."""
        out = {}
        for a, b in self.placements:
            out[a] = b
            out[b] = a
        return out

    def to_list(self) -> list[list[list[int]]]:
        """The JSON form: ``[[[r, c], [r, c]], ...]``, 0-based."""
        return [[list(a), list(b)] for a, b in self.placements]

    def __len__(self) -> int:
        return len(self.placements)

    def __iter__(self):
        return iter(self.placements)


def problems(puzzle: Puzzle, candidate: Solution | Iterable[Placement]) -> list[str]:
    """Everything wrong with a candidate solution, one sentence each; empty when it is a solution.

    Checks that every placement is two adjacent cells of the board, that no cell is covered twice or left
    uncovered, that every domino shown is in the set and used once, and that the clues are respected.
    """
    placements = candidate.placements if isinstance(candidate, Solution) else tuple(candidate)
    if solution_pairs(puzzle, placements) is not None:
        return []
    board = puzzle.board
    found: list[str] = []
    covered: dict = {}
    used: dict = {}
    for a, b in placements:
        a, b = placement(a, b)
        where = f"{cell_name(a)},{cell_name(b)}"
        off = [c for c in (a, b) if c not in board.index]
        if off:
            found.append(f"{where}: {cell_name(off[0])} is not a cell of the board")
            continue
        if board.pair_of(a, b) is None:
            found.append(f"{where}: the two cells are not adjacent")
            continue
        for cell in (a, b):
            if cell in covered:
                found.append(f"{cell_name(cell)} is covered twice (by {covered[cell]} and {where})")
            else:
                covered[cell] = where
        d = puzzle.domino_at(a, b)
        if d not in puzzle.domino_ids:
            found.append(f"{where} shows {domino_name(d)}, which is not in the domino set")
        elif d in used:
            found.append(f"{domino_name(d)} is used twice (at {used[d]} and {where})")
        else:
            used[d] = where
    for cell in board.cells:
        if cell not in covered:
            found.append(f"{cell_name(cell)} is not covered")
    chosen = {placement(a, b) for a, b in placements}
    for clue in puzzle.clues:
        if clue not in chosen:
            found.append(f"the clue {cell_name(clue[0])},{cell_name(clue[1])} is not respected")
    return found


def solution_pairs(puzzle: Puzzle, placements: Iterable[Placement]) -> list[int] | None:
    """The pair indices of the placements when they are exactly a solution of the puzzle, else None.

    The quick test behind :func:`problems`: one pass of dictionary lookups, no sentence built. Every placement
    two adjacent cells, as many as the set has dominoes, each showing a different domino of the set (so every
    domino once), no cell twice (so every cell once), and every clue among them.
    """
    board, numbers, ids = puzzle.board, puzzle.numbers, puzzle.domino_ids
    index, pair_index = board.index, board.pair_index
    pairs: list[int] = []
    shown: set = set()
    covered: set = set()
    for a, b in placements:
        i, j = index.get(a), index.get(b)
        if i is None or j is None:
            return None
        if i > j:
            i, j = j, i
        pair = pair_index.get((i, j))
        if pair is None:
            return None
        x, y = numbers[i], numbers[j]
        shown.add((x, y) if x <= y else (y, x))
        covered.add(i)
        covered.add(j)
        pairs.append(pair)
    count = len(puzzle.dominoes)
    if len(pairs) != count or len(shown) != count or len(covered) != 2 * count:
        return None
    if not all(d in ids for d in shown):
        return None
    if puzzle.clues and not set(puzzle.clue_pairs) <= set(pairs):
        return None
    return pairs


def validate(puzzle: Puzzle, candidate: Solution | Iterable[Placement]) -> bool:
    """True when the candidate is a solution of the puzzle (see :func:`problems` for why not)."""
    return not problems(puzzle, candidate)
