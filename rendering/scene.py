"""A board as a picture, independent of file format: layers of rectangles, lines, tiles, dots and numbers.

Every picture is first built here as a :class:`Diagram` whose unit is one cell, with y pointing down (row 0
on top). The writers (:mod:`~dominosa.rendering.svg_writer`, :mod:`~dominosa.rendering.raster`,
:mod:`~dominosa.rendering.pdf_writer`) only translate layers into their format, so the three formats cannot drift
apart and a book page places many diagrams by scaling the same layers.

What a diagram shows, from the bottom up:

- highlighted cells (an explanation step), as filled squares;
- **guides**: between two neighbouring cells that are not yet known to be together or apart, two faded
  parallel lines on which a solver draws the border;
- the board's **outline** (the edge between cells and non-cells; holes of irregular boards stay blank), left
  out when every cell is covered by a domino, since the dominoes then show the shape;
- **tiles**: placed dominoes as rounded rectangles, clues filled grey (or coloured), the rest plain;
- **walls**: a split pair, marked by a short heavy bar on the edge between its two cells;
- highlighted pairs, with a dashed outline inside the pair; where a step's pairs are told apart, a pair it
  **places** with a solid heavy outline (a domino drawn in), a pair it **rules out** with a cross on the border
  between its cells (the border that may not be crossed), so a figure never leaves the two to be guessed;
- the numbers, or die pips;
- when asked for, **labels**: ``r1``, ``r2``, ... left of the rows and ``c1``, ``c2``, ... above the columns,
  small and grey in a band added outside the board, so a reader finds the cell a sentence names (``r3c4``).

A tile is inset from its cells by ``TILE_INSET`` and stroked ``TILE_WIDTH`` wide, so two neighbouring dominoes
show two dark edges with a thin light gap between them, like real tiles lying side by side, and the edge
between the two halves of one domino stays light.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from dominosa.board import Cell, cell_name, column_name, row_name
from dominosa.errors import PuzzleError
from dominosa.puzzle import Placement, Puzzle, placement
from dominosa.rendering.fonts import text_width
from dominosa.rendering.i18n import language
from dominosa.rendering.style import MONO, Style
from dominosa.solution import Solution

__all__ = [
    "Layer",
    "Diagram",
    "build_diagram",
    "side_by_side",
    "number_size",
    "labelled_span",
    "MARGIN",
    "TILE_INSET",
    "TILE_WIDTH",
    "DIGIT_HEIGHT",
]

# Geometry, in cells. Kept here, not in the style, so every picture of a board lines up with every other.
MARGIN = 0.2  # blank border around the board
OUTLINE_WIDTH = 0.06
GUIDE_WIDTH = 0.025
GUIDE_GAP = 0.045  # each guide line lies this far from the edge between the two cells
GUIDE_INSET = 0.15  # guides stop short of the corners, so each edge reads as its own place to draw
TILE_INSET = 0.07
TILE_WIDTH = 0.055
TILE_RADIUS = 0.2
WALL_WIDTH = 0.075
WALL_LENGTH = 0.62
HIGHLIGHT_INSET = 0.03
PAIR_INSET = 0.15
PAIR_WIDTH = 0.05
PAIR_DASH = (0.12, 0.07)
# A pair a step places: a solid outline more than twice as heavy as a tile's, so it stands out from the dominoes
# already placed; a pair it rules out: a cross this far from the middle of the border each way, as heavy as a wall.
PLACED_WIDTH = 0.13
CROSS_REACH = 0.15
PIP_RADIUS = 0.072
PIP_OFFSET = 0.235
LABEL_SIZE = 0.3  # the labels' font size: about half a number's, so they never compete with the puzzle
LABEL_GAP = 0.12  # between a label and the board's edge, beyond the margin
# The height of a digit in DejaVu Sans, in ems: numbers are centred on this, not on the whole line height.
DIGIT_HEIGHT = 0.729

# Pip positions on a 3x3 grid (column, row offsets from the centre), as double-nine domino sets show them.
PIP_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((1, -1), (-1, 1)),
    3: ((1, -1), (0, 0), (-1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
    7: ((-1, -1), (-1, 0), (-1, 1), (0, 0), (1, -1), (1, 0), (1, 1)),
    8: ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    9: tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)),
}


@dataclass
class Layer:
    """Shapes of one kind drawn the same way; the unit is one cell, y down.

    ``kind`` and its items:

    - ``rects``: (x, y, width, height), filled;
    - ``segments``: (x0, y0, x1, y1), stroked;
    - ``tiles``: (x, y, width, height) rounded by ``radius``, filled and stroked;
    - ``circles``: (cx, cy, r), filled;
    - ``texts``: (cx, cy, text), centred on (cx, cy) at ``size`` (in cells), in ``fill``.
    """

    kind: str
    items: list = field(default_factory=list)
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, float] | None = None
    cap: str = "butt"
    radius: float = 0.0
    size: float = 0.0
    role: str = ""  # what the layer shows (guides, outline, tiles, walls, numbers, ...): SVG classes, tests

    def shifted(self, dx: float, dy: float) -> Layer:
        """The same layer moved by (dx, dy)."""
        if self.kind == "segments":
            items = [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in self.items]
        else:
            items = [(x + dx, y + dy, *rest) for x, y, *rest in self.items]
        return Layer(
            self.kind,
            items,
            self.fill,
            self.stroke,
            self.width,
            self.dash,
            self.cap,
            self.radius,
            self.size,
            self.role,
        )


@dataclass
class Diagram:
    """A picture ``width`` x ``height`` cells, drawn layer after layer on ``paper``."""

    width: float
    height: float
    layers: list[Layer]
    paper: str = "#ffffff"

    def layer(self, role: str) -> list[Layer]:
        """The layers that show one thing (``numbers``, ``tiles``, ...)."""
        return [layer for layer in self.layers if layer.role == role]


def number_size(largest: int) -> float:
    """The font size (in cells) of numbers: as big as the widest number allows, so ``12`` stays legible."""
    digits = len(str(largest))
    return 0.5 if digits == 1 else 0.42 if digits == 2 else 0.3


def build_diagram(
    puzzle: Puzzle,
    *,
    solution: Solution | Iterable[Placement] | None = None,
    joined: Iterable[Placement] = (),
    split: Iterable[Placement] = (),
    highlight_cells: Iterable[Cell] = (),
    highlight_pairs: Iterable[Placement] = (),
    placed_pairs: Iterable[Placement] = (),
    ruled_out_pairs: Iterable[Placement] = (),
    style: Style = MONO,
    numbers: bool = True,
    labels: bool = False,
    label_size: float = LABEL_SIZE,
) -> Diagram:
    """The diagram of a puzzle, a partial state, a solution or an explanation step.

    Parameters
    ----------
    puzzle : the puzzle; its clues are always drawn as placed dominoes.
    solution : placements drawn as dominoes, usually a whole solution.
    joined : more placed dominoes (a partial state), as (cell, cell) pairs.
    split : pairs known not to be dominoes, marked by a wall between their cells.
    highlight_cells, highlight_pairs : what an explanation step points at.
    placed_pairs, ruled_out_pairs : what a step decides, told apart: pairs it places (a solid outline) and pairs
        it rules out (a cross on their border).
    style : colours, and pips or digits.
    numbers : False leaves the cells empty (a blank grid).
    labels : True adds row and column labels (``r1``.., ``c1``..) outside the board, as cells are named.
    label_size : their font size in cells; a book whose figures are small sets them larger, so that they print
        at 7 pt without the whole figure growing.

    Raises
    ------
    PuzzleError : a placement that is not two adjacent cells of the board, or a cell covered twice.
    """
    board = puzzle.board
    r0 = min(r for r, _ in board.cells)
    c0 = min(c for _, c in board.cells)
    height = max(r for r, _ in board.cells) - r0 + 1 + 2 * MARGIN
    width = max(c for _, c in board.cells) - c0 + 1 + 2 * MARGIN

    def xy(cell: Cell) -> tuple[float, float]:
        return cell[1] - c0 + MARGIN, cell[0] - r0 + MARGIN

    tiles, owner = _tiles(puzzle, [*puzzle.clues, *joined, *(solution or ())])
    walls = {_checked(puzzle, a, b) for a, b in split}
    both = sorted(walls & tiles.keys())
    if both:
        raise PuzzleError(f"{_name(both[0])} is both joined and split", cell=both[0][0])
    marked = [xy(cell) for cell in dict.fromkeys(_checked_cell(puzzle, c) for c in highlight_cells)]
    layers = [
        *_highlight_layers(marked, style),
        *_guide_layers(puzzle, owner, walls, xy, style),
        *_outline_layers(puzzle, owner, xy, style),
        *_tile_layers(puzzle, tiles, xy, style),
        *_wall_layers(walls, xy, style),
        *_pair_layers(puzzle, highlight_pairs, xy, style),
        *_decided_layers(puzzle, placed_pairs, ruled_out_pairs, xy, style),
        *(_number_layers(puzzle, xy, style) if numbers else []),
    ]
    picture = Diagram(width, height, layers, style.paper)
    return _labelled(picture, puzzle, style, label_size) if labels else picture


_XY = Callable[[Cell], tuple[float, float]]  # a cell's top left corner in the diagram, in cells


def _tiles(puzzle: Puzzle, pairs: Iterable[Placement]) -> tuple[dict[Placement, None], dict[Cell, Placement]]:
    """The dominoes to draw, in order and once each, and the domino that covers each cell; a cell covered by two
    is refused, since no picture can show it."""
    tiles: dict[Placement, None] = {}
    owner: dict[Cell, Placement] = {}
    for a, b in pairs:
        pair = _checked(puzzle, a, b)
        if pair in tiles:
            continue
        for cell in pair:
            if cell in owner:
                raise PuzzleError(
                    f"{cell_name(cell)} is covered twice, by {_name(pair)} and {_name(owner[cell])}", cell=cell
                )
            owner[cell] = pair
        tiles[pair] = None
    return tiles, owner


def _highlight_layers(marked: Sequence[tuple[float, float]], style: Style) -> list[Layer]:
    """The cells an explanation points at, shaded under everything else."""
    if not marked:
        return []
    side = 1 - 2 * HIGHLIGHT_INSET
    items = [(x + HIGHLIGHT_INSET, y + HIGHLIGHT_INSET, side, side) for x, y in marked]
    return [Layer("rects", items, fill=style.highlight_fill, role="highlight-cells")]


def _guide_layers(
    puzzle: Puzzle, owner: dict[Cell, Placement], walls: set[Placement], xy: _XY, style: Style
) -> list[Layer]:
    """The faded double lines for the pencil, on every edge between two cells still open (not in a domino, not
    walled)."""
    board = puzzle.board
    guides = []
    for i, j in board.pairs:
        a, b = board.cells[i], board.cells[j]
        if a in owner or b in owner or (a, b) in walls:
            continue
        x, y = xy(b)
        if a[0] == b[0]:  # side by side: the edge is vertical, at the left of b
            lo, hi = y + GUIDE_INSET, y + 1 - GUIDE_INSET
            guides += [(x - GUIDE_GAP, lo, x - GUIDE_GAP, hi), (x + GUIDE_GAP, lo, x + GUIDE_GAP, hi)]
        else:  # one above the other: the edge is horizontal, above b
            lo, hi = x + GUIDE_INSET, x + 1 - GUIDE_INSET
            guides += [(lo, y - GUIDE_GAP, hi, y - GUIDE_GAP), (lo, y + GUIDE_GAP, hi, y + GUIDE_GAP)]
    return [Layer("segments", guides, stroke=style.guide, width=GUIDE_WIDTH, role="guides")] if guides else []


def _outline_layers(puzzle: Puzzle, owner: dict[Cell, Placement], xy: _XY, style: Style) -> list[Layer]:
    """The board's frame, unless dominoes cover every cell (a solution draws its own edges)."""
    cells = puzzle.board.cells
    if len(owner) >= len(cells):
        return []
    outline = [(*xy((y0, x0)), *xy((y1, x1))) for x0, y0, x1, y1 in _outline(set(cells))]
    return [Layer("segments", outline, stroke=style.ink, width=OUTLINE_WIDTH, cap="square", role="outline")]


def _tile_layers(puzzle: Puzzle, tiles: dict[Placement, None], xy: _XY, style: Style) -> list[Layer]:
    """The dominoes, one layer for each fill: the given ones in the clue fill, the others by their domino."""
    clues = set(puzzle.clues)
    by_fill: dict[str, list] = {}
    for pair in tiles:
        (x, y), (x1, y1) = xy(pair[0]), xy(pair[1])
        box = (x + TILE_INSET, y + TILE_INSET, x1 - x + 1 - 2 * TILE_INSET, y1 - y + 1 - 2 * TILE_INSET)
        fill = style.clue_fill if pair in clues else style.tile_fill(puzzle.domino_ids.get(puzzle.domino_at(*pair), 0))
        by_fill.setdefault(fill, []).append(box)
    return [
        Layer("tiles", boxes, fill=fill, stroke=style.ink, width=TILE_WIDTH, radius=TILE_RADIUS, role="tiles")
        for fill, boxes in by_fill.items()
    ]


def _wall_layers(walls: set[Placement], xy: _XY, style: Style) -> list[Layer]:
    """A short bar across the middle of each edge known not to be a domino."""
    bars = []
    half = WALL_LENGTH / 2
    for a, b in sorted(walls):
        x, y = xy(b)
        if a[0] == b[0]:
            bars.append((x, y + 0.5 - half, x, y + 0.5 + half))
        else:
            bars.append((x + 0.5 - half, y, x + 0.5 + half, y))
    return [Layer("segments", bars, stroke=style.wall, width=WALL_WIDTH, cap="round", role="walls")] if bars else []


def _pair_layers(puzzle: Puzzle, pairs: Iterable[Placement], xy: _XY, style: Style) -> list[Layer]:
    """The pairs an explanation points at, dashed inside their cells."""
    boxes = []
    for a, b in dict.fromkeys(_checked(puzzle, a, b) for a, b in pairs):
        (x, y), (x1, y1) = xy(a), xy(b)
        boxes.append((x + PAIR_INSET, y + PAIR_INSET, x1 - x + 1 - 2 * PAIR_INSET, y1 - y + 1 - 2 * PAIR_INSET))
    if not boxes:
        return []
    radius = TILE_RADIUS - PAIR_INSET + TILE_INSET
    return [
        Layer("tiles", boxes, stroke=style.highlight_stroke, width=PAIR_WIDTH, dash=PAIR_DASH, radius=radius,
              role="highlight-pairs")  # fmt: skip
    ]


def _number_layers(puzzle: Puzzle, xy: _XY, style: Style) -> list[Layer]:
    """Each cell's number, as digits or (where the style asks and the number allows) as die pips."""
    texts, pips = [], []
    for cell, value in zip(puzzle.board.cells, puzzle.numbers, strict=True):
        x, y = xy(cell)
        if style.pips and value in PIP_LAYOUTS:
            pips += [
                (x + 0.5 + dx * PIP_OFFSET, y + 0.5 + dy * PIP_OFFSET, PIP_RADIUS) for dx, dy in PIP_LAYOUTS[value]
            ]
        else:
            texts.append((x + 0.5, y + 0.5, str(value)))
    layers = []
    if pips:
        layers.append(Layer("circles", pips, fill=style.ink, role="pips"))
    if texts:
        layers.append(Layer("texts", texts, fill=style.ink, size=number_size(max(puzzle.numbers)), role="numbers"))
    return layers


def _labelled(picture: Diagram, puzzle: Puzzle, style: Style, size: float = LABEL_SIZE) -> Diagram:
    """The picture widened on the left and top by a band holding the row and column labels.

    Row labels are right-aligned ``LABEL_GAP`` left of the board's edge and column labels centred over their
    columns ``LABEL_GAP`` above it; the old margin stays blank outside the labels. Names count from 1 as
    :func:`~dominosa.board.cell_name` does, so an irregular board that starts at row 2 is labelled from r3, in the
    letters of the language in use (Z3 in German).
    """
    rows = range(min(r for r, _ in puzzle.board.cells), max(r for r, _ in puzzle.board.cells) + 1)
    cols = range(min(c for _, c in puzzle.board.cells), max(c for _, c in puzzle.board.cells) + 1)
    return labelled_span(picture, rows, cols, style, size)


def labelled_span(
    picture: Diagram,
    rows: range,
    cols: range,
    style: Style,
    size: float = LABEL_SIZE,
    gap: float = LABEL_GAP,
    bare: bool = False,
) -> Diagram:
    """The picture of board rows ``rows`` and columns ``cols`` (0-based) widened by a band of their labels, as
    :func:`_labelled` lays them; a window onto part of a big board names its real rows and columns this way.
    ``gap`` is the space between the labels and the board (wider where a torn edge lies between them);
    The labels are in the letters the book's text names cells by (Z4, S7 in German), or with ``bare`` the numbers
    alone, narrow enough for small cells."""
    code = language().code
    row_names = [str(r + 1) if bare else row_name(r, code) for r in rows]
    dx = max(text_width(name, size) for name in row_names) + gap
    dy = DIGIT_HEIGHT * size + gap
    right = dx + MARGIN - gap  # where every row label ends
    bottom = dy + MARGIN - gap  # where every column label's digits sit
    items = [
        (right - text_width(name, size) / 2, dy + MARGIN + k + 0.5, name) for k, name in enumerate(row_names)
    ]
    items += [
        (dx + MARGIN + k + 0.5, bottom - DIGIT_HEIGHT * size / 2, str(c + 1) if bare else column_name(c, code))
        for k, c in enumerate(cols)
    ]
    layers = [layer.shifted(dx, dy) for layer in picture.layers]
    layers.append(Layer("texts", items, fill=style.label, size=size, role="labels"))
    return Diagram(picture.width + dx, picture.height + dy, layers, picture.paper)


def side_by_side(left: Diagram, right: Diagram, gap: float = 0.6) -> Diagram:
    """Two diagrams in one picture, ``gap`` cells apart, top-aligned (a puzzle beside its solution)."""
    dx = left.width + gap
    layers = [*left.layers, *(layer.shifted(dx, 0) for layer in right.layers)]
    return Diagram(dx + right.width, max(left.height, right.height), layers, left.paper)


def _outline(cells: set[Cell]) -> list[tuple[float, float, float, float]]:
    """The edges between cells and non-cells, with collinear neighbours merged, in board coordinates."""
    horizontal: dict[int, list[int]] = {}  # y of the line -> x of each unit edge on it
    vertical: dict[int, list[int]] = {}
    for r, c in cells:
        if (r - 1, c) not in cells:
            horizontal.setdefault(r, []).append(c)
        if (r + 1, c) not in cells:
            horizontal.setdefault(r + 1, []).append(c)
        if (r, c - 1) not in cells:
            vertical.setdefault(c, []).append(r)
        if (r, c + 1) not in cells:
            vertical.setdefault(c + 1, []).append(r)
    out = []
    for y, xs in sorted(horizontal.items()):
        out += [(a, y, b, y) for a, b in _runs(xs)]
    for x, ys in sorted(vertical.items()):
        out += [(x, a, x, b) for a, b in _runs(ys)]
    return out


def _runs(starts: Sequence[int]) -> list[tuple[int, int]]:
    """Unit intervals [s, s+1] merged into maximal runs [a, b]."""
    runs: list[tuple[int, int]] = []
    for s in sorted(set(starts)):
        if runs and runs[-1][1] == s:
            runs[-1] = (runs[-1][0], s + 1)
        else:
            runs.append((s, s + 1))
    return runs


def _checked(puzzle: Puzzle, a: Cell, b: Cell) -> Placement:
    pair = placement(a, b)
    if puzzle.board.pair_of(*pair) is None:
        raise PuzzleError(f"{_name(pair)} is not two adjacent cells of the board", cell=pair[0])
    return pair


def _decided_layers(puzzle: Puzzle, placed: Iterable[Placement], ruled_out: Iterable[Placement], xy, style: Style):
    """The layers of what a step decides: a solid outline inside each pair it places, a cross on the border of
    each pair it rules out."""
    layers = []
    boxes = []
    for a, b in dict.fromkeys(_checked(puzzle, a, b) for a, b in placed):
        (x, y), (x1, y1) = xy(a), xy(b)
        boxes.append((x + PAIR_INSET, y + PAIR_INSET, x1 - x + 1 - 2 * PAIR_INSET, y1 - y + 1 - 2 * PAIR_INSET))
    if boxes:
        radius = TILE_RADIUS - PAIR_INSET + TILE_INSET
        layers.append(
            Layer("tiles", boxes, stroke=style.highlight_stroke, width=PLACED_WIDTH, radius=radius, role="placed-pairs")
        )
    crosses = []
    r = CROSS_REACH
    for a, b in dict.fromkeys(_checked(puzzle, a, b) for a, b in ruled_out):
        x, y = xy(b)
        mx, my = (x, y + 0.5) if a[0] == b[0] else (x + 0.5, y)  # the middle of the border between a and b
        crosses += [(mx - r, my - r, mx + r, my + r), (mx - r, my + r, mx + r, my - r)]
    if crosses:
        layers.append(
            Layer("segments", crosses, stroke=style.highlight_stroke, width=WALL_WIDTH, cap="round", role="ruled-out")
        )
    return layers


def _checked_cell(puzzle: Puzzle, cell: Cell) -> Cell:
    cell = (int(cell[0]), int(cell[1]))
    if cell not in puzzle.board:
        raise PuzzleError(f"{cell_name(cell)} is not a cell of the board", cell=cell)
    return cell


def _name(pair: Placement) -> str:
    return f"{cell_name(pair[0])},{cell_name(pair[1])}"
