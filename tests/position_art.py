"""Positions drawn as ASCII art, so that a rule's test shows the board before and after.

Rows of single-digit numbers alternate with lines between the rows. In a row line, the character between two
numbers says what the horizontal pair is: ``-`` joined, ``|`` split, a space undecided. In a line between
rows, the character under a number says what the vertical pair below it is: ``|`` joined, ``-`` split, a space
undecided. ``x`` is a square that is not a cell. Example (order 1)::

    0-0|1
        .
    1 1 0

means r1c1-r1c2 joined, r1c2-r1c3 split, all other pairs undecided.
"""

from __future__ import annotations

from dominosa import Puzzle
from dominosa.deductions import SolvingState


def parse_art(art: str) -> tuple[Puzzle, list[int], list[int]]:
    """The puzzle drawn, and the pairs drawn joined and split."""
    lines = [line.rstrip() for line in art.strip("\n").splitlines()]
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    lines = [line[indent:] for line in lines]
    rows = lines[0::2]
    between = lines[1::2]
    grid = [[None if ch == "x" else int(ch) for ch in row[0::2]] for row in rows]
    puzzle = Puzzle.from_grid(grid)
    board = puzzle.board
    joined, split = [], []
    for r, row in enumerate(rows):
        for c in range(len(grid[r]) - 1):
            mark = row[2 * c + 1] if 2 * c + 1 < len(row) else " "
            q = board.pair_of((r, c), (r, c + 1))
            if mark == "-":
                joined.append(q)
            elif mark == "|":
                split.append(q)
    for r, line in enumerate(between):
        for c in range(len(grid[r])):
            mark = line[2 * c] if 2 * c < len(line) else " "
            q = board.pair_of((r, c), (r + 1, c))
            if mark == "|":
                joined.append(q)
            elif mark == "-":
                split.append(q)
    return puzzle, joined, split


def position(art: str, *, newly_joined: tuple[str, ...] = (), newly_split: tuple[str, ...] = ()) -> SolvingState:
    """The drawn position as a :class:`SolvingState`; ``newly_*`` name pairs like ``"r1c1-r1c2"``."""
    puzzle, joined, split = parse_art(art)
    nj = [pair(puzzle, name) for name in newly_joined]
    ns = [pair(puzzle, name) for name in newly_split]
    joined = [q for q in joined if q not in nj]
    split = [q for q in split if q not in ns]
    return SolvingState.from_position(puzzle, joined, split, newly_joined=nj, newly_split=ns)


def pair(puzzle: Puzzle, name: str) -> int:
    """The pair named like ``r1c1-r1c2`` (1-based)."""
    a, b = name.split("-")
    cells = []
    for part in (a, b):
        r, c = part[1:].split("c")
        cells.append((int(r) - 1, int(c) - 1))
    q = puzzle.board.pair_of(*cells)
    assert q is not None, name
    return q


def names(state: SolvingState, pairs) -> set[str]:
    return {state.pair_label(q) for q in pairs}
