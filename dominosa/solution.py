"""Solutions: where every domino lies, and a precise account of what is wrong with a candidate."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dominosa.board import Board, cell_name
from dominosa.dominoes import domino_name
from dominosa.puzzle import Placement, Puzzle, placement

__all__ = ["Solution", "problems", "validate"]


@dataclass(frozen=True)
class Solution:
    """A tiling of the board by dominoes, as placements (pairs of cells) sorted in reading order."""

    placements: tuple[Placement, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "placements", tuple(sorted(placement(a, b) for a, b in self.placements)))

    @classmethod
    def from_pairs(cls, board: Board, pairs: Iterable[int]) -> Solution:
        """A solution from the engine's pair indices."""
        return cls(tuple(board.pair_cells(p) for p in pairs))

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


def validate(puzzle: Puzzle, candidate: Solution | Iterable[Placement]) -> bool:
    """True when the candidate is a solution of the puzzle (see :func:`problems` for why not)."""
    return not problems(puzzle, candidate)
