"""Terminal pictures of a board: box-drawing lines around the numbers, heavy where a domino's edge is known.

Three weights of line tell the state of the board at a glance:

- **heavy** (``┃ ━``): the outline of the board, and every edge of a placed domino (clues, joined pairs, a
  solution) or of a pair known not to be a domino (``split``);
- **light** (``│ ─``): between two cells nothing is known about yet;
- **none**: inside a placed domino, and between squares that are not cells (holes stay blank).

A bare puzzle is a heavy outline around a light grid; a solved one shows every domino in heavy lines::

    ┏━━━┯━━━┯━━━┓       ┏━━━━━━━┳━━━┓
    ┃ 0 │ 0 │ 1 ┃       ┃ 0   0 ┃ 1 ┃
    ┠───┼───┼───┨       ┣━━━━━━━┫   ┃
    ┃ 1 │ 1 │ 0 ┃       ┃ 1   1 ┃ 0 ┃
    ┗━━━┷━━━┷━━━┛       ┗━━━━━━━┻━━━┛

Every cell is as wide as the widest number, so two-digit numbers stay in line.

Rows and columns are labelled as cells are named everywhere (``r2c3`` is row 2, column 3), and cells can be
marked to stand out: in bold reverse video on a terminal (``emphasis="ansi"``), between brackets elsewhere::

         c1  c2  c3
       ┏━━━┯━━━┯━━━┓
    r1 ┃ 0 │[0]│ 1 ┃
       ┠───┼───┼───┨
    r2 ┃ 1 │ 1 │ 0 ┃
       ┗━━━┷━━━┷━━━┛
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from dominosa.board import Cell, cell_name
from dominosa.errors import PuzzleError
from dominosa.puzzle import Placement, Puzzle, placement
from dominosa.solution import Solution

__all__ = ["draw_solution", "Emphasis"]

# The box-drawing character for every mix of arms: index up*27 + right*9 + down*3 + left, where each arm is
# 0 (none), 1 (light) or 2 (heavy). Unicode has all 80 mixes of light and heavy arms; index 0 is a space.
_JUNCTIONS = " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋"
_HORIZONTAL = " ─━"
_VERTICAL = " │┃"
NONE, LIGHT, HEAVY = 0, 1, 2
# How a marked cell stands out: brackets around its number (any text), or bold reverse video (a terminal).
Emphasis = Literal["brackets", "ansi"]
_ANSI_MARK, _ANSI_RESET = "\x1b[1;7m", "\x1b[0m"


def draw_solution(
    puzzle: Puzzle,
    solution: Solution | Iterable[Placement] | None = None,
    *,
    joined: Iterable[Placement] = (),
    split: Iterable[Placement] = (),
    marked: Iterable[Cell] = (),
    emphasis: Emphasis = "brackets",
    labels: bool = True,
) -> str:
    """The board drawn with box-drawing characters, as lines joined by newlines (no final newline).

    Parameters
    ----------
    puzzle : the puzzle; its clues are drawn as placed dominoes.
    solution : placements to draw as dominoes, usually a whole solution.
    joined : more placed dominoes, for a partial state (a hint, a step of an explanation).
    split : pairs known not to be dominoes, drawn as heavy walls between their two cells.
    marked : cells to make stand out (the cells a hint names), as ``emphasis`` says.
    emphasis : "brackets" (``[3]``, for any text) or "ansi" (bold reverse video, for a terminal).
    labels : row labels (r1, r2, ...) on the left and column labels (c1, c2, ...) above.

    Raises
    ------
    PuzzleError : a placement that is not two adjacent cells, or two dominoes covering one cell.
    """
    board = puzzle.board
    placed = list(puzzle.clues) + list(joined) + list(solution or ())
    group: dict[Cell, Placement] = {}
    for a, b in placed:
        pair = _pair(puzzle, a, b)
        for cell in pair:
            if group.get(cell, pair) != pair:
                other = group[cell]
                raise PuzzleError(
                    f"{cell_name(cell)} is covered twice, by {_name(pair)} and {_name(other)}", cell=cell
                )
            group[cell] = pair
    walls = {_pair(puzzle, a, b) for a, b in split}
    index = board.index

    def edge(s: Cell, t: Cell) -> int:
        s_in, t_in = s in index, t in index
        if not (s_in or t_in):
            return NONE
        if s_in != t_in:
            return HEAVY
        gs, gt = group.get(s), group.get(t)
        if gs is not None and gs == gt:
            return NONE
        if gs is None and gt is None and (not walls or placement(s, t) not in walls):
            return LIGHT
        return HEAVY

    rows, cols = board.rows, board.cols
    width = max(len(str(v)) for v in puzzle.numbers)
    if labels:  # a column label fits over its cell with a space either side at most
        width = max(width, len(f"c{cols}") - 2)
    # Every edge weighed once: across[i][j] is the line above row i in column j, along[i][j] the line left of
    # column j in row i (each line meets two junctions, so weighing them per junction did it twice over).
    across = [[edge((i - 1, j), (i, j)) for j in range(cols)] for i in range(rows + 1)]
    along = [[edge((i, j - 1), (i, j)) for j in range(cols + 1)] for i in range(rows)]
    numbers = {cell: f" {str(v).rjust(width)} " for cell, v in zip(board.cells, puzzle.numbers, strict=True)}
    for cell in marked:
        if cell not in numbers:
            raise PuzzleError(f"{cell_name(cell)} is not a cell of the board", cell=cell)
        number = numbers[cell].strip().rjust(width)
        numbers[cell] = f"{_ANSI_MARK} {number} {_ANSI_RESET}" if emphasis == "ansi" else f"[{number}]"
    blank = " " * (width + 2)
    lines = []
    for i in range(rows + 1):
        out = []
        above = along[i - 1] if i > 0 else None
        below = along[i] if i < rows else None
        line = across[i]
        for j in range(cols + 1):
            up = above[j] if above is not None else NONE
            down = below[j] if below is not None else NONE
            left = line[j - 1] if j > 0 else NONE
            right = line[j] if j < cols else NONE
            out.append(_JUNCTIONS[up * 27 + right * 9 + down * 3 + left])
            if j < cols:
                out.append(_HORIZONTAL[right] * (width + 2))
        lines.append("".join(out).rstrip())
        if i == rows:
            break
        out = []
        for j in range(cols + 1):
            out.append(_VERTICAL[below[j]])
            if j < cols:
                out.append(numbers.get((i, j), blank))
        lines.append("".join(out).rstrip())
    if labels:
        lines = _labelled(lines, rows, cols, width)
    return "\n".join(lines)


def _labelled(lines: list[str], rows: int, cols: int, width: int) -> list[str]:
    """The drawing's lines with the row labels on the left and a line of column labels on top."""
    margin = len(f"r{rows}") + 1  # the widest row label and a space
    head = " " * (margin + 1) + " ".join(f"c{j + 1}".center(width + 2) for j in range(cols))
    out = [head.rstrip()]
    for k, line in enumerate(lines):
        label = f"r{k // 2 + 1}" if k % 2 else ""  # the odd lines hold the numbers of a row
        out.append((label.rjust(margin - 1) + " " + line) if line else "")
    return out


def _pair(puzzle: Puzzle, a: Cell, b: Cell) -> Placement:
    pair = placement(a, b)
    if puzzle.board.pair_of(*pair) is None:
        raise PuzzleError(f"{_name(pair)} is not two adjacent cells of the board", cell=pair[0])
    return pair


def _name(pair: Placement) -> str:
    return f"{cell_name(pair[0])},{cell_name(pair[1])}"
