"""A window onto a big board: the part of a lesson's position a reader needs, cut from the whole picture.

A technique's example on a double-40 board cannot be printed whole at a size where its numbers are legible.
A puzzle book then shows a crop around the cells the deduction looks at and decides, as a few rows and columns
of the board, with the board's real row and column labels (so ``r32c25`` in the sentence is found on the
figure) and its cut edges drawn torn, so it reads as part of a larger board rather than as a small puzzle.

The crop is made from the whole board's diagram (:func:`~dominosa.rendering.scene.build_diagram`), so a
window shows exactly what the whole figure would there: its shapes are kept, clipped or dropped by where they
lie. Walls and guides on a cut edge belong half to cells outside the window and are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from dominosa.board import Cell
from dominosa.rendering.scene import LABEL_GAP, MARGIN, Diagram, Layer, labelled_span
from dominosa.rendering.style import Style

__all__ = ["WINDOW_CELLS", "Window", "fits_window", "marked_cells", "named_cells", "window_around", "windowed"]

# The most rows or columns a window shows: a double-nine board's size, which the chapter already prints well.
WINDOW_CELLS = 12
# Rows and columns of context kept around the marked cells where the window has room, and the fewest rows and
# columns a window shows, so that a lesson on two cells still reads as a position on a board.
CONTEXT = 2
WINDOW_MIN = 8
# The torn edge: a zigzag in the margin beyond each cut side, in cells, in the labels' grey.
TEAR_STEP = 0.25
TEAR_DEPTH = 0.08
TEAR_WIDTH = 0.03
# Between the labels and the board where a torn edge lies between them: the tear's reach from the board (its
# middle, half the margin out, and its depth) and a clear space beyond it, in cells.
TORN_LABEL_GAP = MARGIN / 2 + TEAR_DEPTH + 0.08
# Shapes whose every point lies this far inside the window are kept; a wall or guide on a cut edge is not.
EDGE_SLACK = 0.1


@dataclass(frozen=True)
class Window:
    """Rows ``rows`` and columns ``cols`` (0-based, as the board counts them) of a board whose own rows and
    columns run over ``board_rows`` and ``board_cols``."""

    rows: range
    cols: range
    board_rows: range
    board_cols: range

    def holds(self, cell: Cell) -> bool:
        return cell[0] in self.rows and cell[1] in self.cols

    def cut(self) -> dict[str, bool]:
        """Which sides of the window are cut out of the board (True) rather than the board's own edge."""
        return {
            "top": self.rows.start > self.board_rows.start,
            "bottom": self.rows.stop < self.board_rows.stop,
            "left": self.cols.start > self.board_cols.start,
            "right": self.cols.stop < self.board_cols.stop,
        }


def _span(values: Iterable[int]) -> range:
    values = list(values)
    return range(min(values), max(values) + 1)


def marked_cells(lesson) -> tuple[Cell, ...]:
    """Every cell a lesson's figure must show (a :class:`~dominosa.rendering.lessons.Lesson`): those the
    reasoning looks at, those of the pairs it decides, and every cell its sentence names, so that a reader
    finds on the figure each cell the text sends them to."""
    named = named_cells(lesson.sentence)
    return tuple(dict.fromkeys((*lesson.cells, *(cell for pair in lesson.decided for cell in pair), *named)))


# A cell as the engine's sentences name it, r4c7: row and column counted from 1.
_CELL_NAME = re.compile(r"\br(\d+)c(\d+)\b")


def named_cells(text: str) -> tuple[Cell, ...]:
    """The cells a sentence of the engine names (``r4c7`` is row 3, column 6 counted from 0), in order."""
    return tuple(dict.fromkeys((int(r) - 1, int(c) - 1) for r, c in _CELL_NAME.findall(text)))


def fits_window(cells: Iterable[Cell], rows: int = WINDOW_CELLS, cols: int | None = None) -> bool:
    """Whether ``cells`` lie within ``rows`` rows and ``cols`` columns (as many as rows unless given), so one
    window can show them all."""
    cells = list(cells)
    cols = rows if cols is None else cols
    return bool(cells) and len(_span(r for r, _ in cells)) <= rows and len(_span(c for _, c in cells)) <= cols


def _around(marked: range, board: range, size: int) -> range:
    """A run of at most ``size`` lines of ``board`` holding ``marked``, with up to :data:`CONTEXT` more on each
    side, centred on the marked lines and moved back inside the board where it would run off."""
    want = max(len(marked), min(len(board), size, max(WINDOW_MIN, len(marked) + 2 * CONTEXT)))
    want = min(want, size, len(board))
    start = marked.start - (want - len(marked)) // 2
    start = max(board.start, min(start, board.stop - want))
    return range(start, start + want)


def window_around(board_cells: Iterable[Cell], marked: Iterable[Cell], rows: int, cols: int) -> Window:
    """The window of at most ``rows`` x ``cols`` cells around ``marked``: holding them all where they fit
    (:func:`fits_window`), else centred on them."""
    board_cells = list(board_cells)
    marked = list(marked)
    board_rows, board_cols = _span(r for r, _ in board_cells), _span(c for _, c in board_cells)
    return Window(
        _around(_span(r for r, _ in marked), board_rows, rows),
        _around(_span(c for _, c in marked), board_cols, cols),
        board_rows,
        board_cols,
    )


def windowed(whole: Diagram, window: Window, style: Style, label_size: float) -> Diagram:
    """The window cut from ``whole`` (the unlabelled diagram of the whole board), with torn cut edges and the
    labels of the rows and columns it shows."""
    x0 = window.cols.start - window.board_cols.start + MARGIN
    y0 = window.rows.start - window.board_rows.start + MARGIN
    box = (x0, y0, x0 + len(window.cols), y0 + len(window.rows))
    layers = [_cropped(layer, box).shifted(MARGIN - x0, MARGIN - y0) for layer in whole.layers]
    layers = [layer for layer in layers if layer.items]
    width, height = len(window.cols) + 2 * MARGIN, len(window.rows) + 2 * MARGIN
    tears = _tears(window, width, height)
    if tears:
        layers.append(Layer("segments", tears, stroke=style.label, width=TEAR_WIDTH, cap="round", role="cut-edges"))
    picture = Diagram(width, height, layers, whole.paper)
    cut = window.cut()
    gap = TORN_LABEL_GAP if cut["left"] or cut["top"] else LABEL_GAP
    return labelled_span(picture, window.rows, window.cols, style, label_size, gap)


def _cropped(layer: Layer, box: tuple[float, float, float, float]) -> Layer:
    """The part of ``layer`` inside ``box`` (diagram units): points kept by where they are, boxes clipped,
    the board's outline clipped, walls and guides kept only away from a cut edge."""
    left, top, right, bottom = box
    items: list = []
    if layer.kind in ("rects", "tiles"):
        # A domino half inside runs on to the torn edge, so it reads as going on beyond the window.
        grow = MARGIN / 2 if layer.role == "tiles" else 0.0
        for x, y, w, h in layer.items:
            if min(x + w, right) - max(x, left) <= 1e-9 or min(y + h, bottom) - max(y, top) <= 1e-9:
                continue
            a, b = max(x, left - grow), max(y, top - grow)
            items.append((a, b, min(x + w, right + grow) - a, min(y + h, bottom + grow) - b))
    elif layer.kind in ("circles", "texts"):
        items = [item for item in layer.items if left < item[0] < right and top < item[1] < bottom]
    elif layer.role == "outline":
        items = [clipped for seg in layer.items if (clipped := _clip_axis_segment(seg, box)) is not None]
    else:  # guides and walls
        s = EDGE_SLACK
        items = [
            (a, b, c, d)
            for a, b, c, d in layer.items
            if min(a, c) >= left + s and max(a, c) <= right - s and min(b, d) >= top + s and max(b, d) <= bottom - s
        ]
    return Layer(
        layer.kind,
        items,
        layer.fill,
        layer.stroke,
        layer.width,
        layer.dash,
        layer.cap,
        layer.radius,
        layer.size,
        layer.role,
    )


def _clip_axis_segment(
    seg: tuple[float, float, float, float], box: tuple[float, float, float, float]
) -> tuple[float, float, float, float] | None:
    """An outline segment (horizontal or vertical) clipped to ``box``, edges included; None when outside."""
    left, top, right, bottom = box
    x0, y0, x1, y1 = seg
    if y0 == y1:  # horizontal
        if not top - 1e-9 <= y0 <= bottom + 1e-9:
            return None
        a, b = max(min(x0, x1), left), min(max(x0, x1), right)
        return (a, y0, b, y1) if b - a > 1e-9 else None
    if not left - 1e-9 <= x0 <= right + 1e-9:
        return None
    a, b = max(min(y0, y1), top), min(max(y0, y1), bottom)
    return (x0, a, x1, b) if b - a > 1e-9 else None


def _tears(window: Window, width: float, height: float) -> list[tuple[float, float, float, float]]:
    """Zigzags in the margin along each cut side, so the window reads as a piece of a larger board."""
    out: list[tuple[float, float, float, float]] = []
    mid = MARGIN / 2
    cut = window.cut()
    if cut["top"]:
        out += _zigzag(MARGIN, mid, width - MARGIN, mid, horizontal=True)
    if cut["bottom"]:
        out += _zigzag(MARGIN, height - mid, width - MARGIN, height - mid, horizontal=True)
    if cut["left"]:
        out += _zigzag(mid, MARGIN, mid, height - MARGIN, horizontal=False)
    if cut["right"]:
        out += _zigzag(width - mid, MARGIN, width - mid, height - MARGIN, horizontal=False)
    return out


def _zigzag(x0: float, y0: float, x1: float, y1: float, *, horizontal: bool) -> list[tuple[float, float, float, float]]:
    length = (x1 - x0) if horizontal else (y1 - y0)
    segments = max(2, round(length / TEAR_STEP))
    points = []
    for k in range(segments + 1):
        t = length * k / segments
        off = TEAR_DEPTH if k % 2 else -TEAR_DEPTH
        points.append((x0 + t, y0 + off) if horizontal else (x0 + off, y0 + t))
    return [(*points[k], *points[k + 1]) for k in range(segments)]
