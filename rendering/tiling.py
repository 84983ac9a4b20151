"""Pictures of tiling puzzles (pentominoes, A-Puzzle-A-Day, DominoPeg): the board, or a solution on it.

A tiling is drawn as filled cells, one fill per piece, heavy walls where two pieces (or a piece and the edge)
meet, faint lines between the cells of one piece, the piece's name in the cell nearest its middle, the cell
labels (the calendar's months and days: faint under a piece, bold where the square is left open) and, on
pegged boards, a dot for every peg and a ring for every empty circle. Fills are chosen by colouring the map of
pieces greedily, so two pieces that touch never share a fill when the palette allows it; the ``mono`` style
uses four light greys (prints anywhere), ``colour`` twelve pastels.

The result is a :class:`~dominosa.rendering.scene.Diagram`, written by the same SVG, PNG and PDF writers as
Dominosa boards (:func:`dominosa.rendering.render`).
"""

from __future__ import annotations

from collections.abc import Sequence

from dominosa.rendering.scene import MARGIN, Diagram, Layer
from dominosa.rendering.style import Style, resolve_style
from dominosa.tiling.packing import Packing, Tiling
from dominosa.tiling.pieces import Cell

__all__ = ["tiling_diagram", "packing_diagram", "piece_fills"]

WALL_WIDTH = 0.08
SEAM_WIDTH = 0.02
PEG_RADIUS = 0.11
RING_WIDTH = 0.035
PEG_LEAN = 0.16
MONO_FILLS = ("#f2f2f2", "#d9d9d9", "#bfbfbf", "#e6e6e6")
COLOUR_FILLS = (
    "#f6c8a8",
    "#bfe3b4",
    "#f7b9c4",
    "#c9c1f2",
    "#fff0a0",
    "#b5e4e8",
    "#eec4e8",
    "#d8e6ad",
    "#f9d89c",
    "#b8d3f2",
    "#e0c9b0",
    "#cfe8cf",
)
SEAM = "#9a9a9a"
OPEN_FILL = "#ffffff"


def piece_fills(tiling: Tiling, palette: Sequence[str]) -> dict[str, str]:
    """A fill per piece such that touching pieces differ whenever the palette has enough colours.

    Greedy colouring in piece order, each piece taking the first fill none of its already coloured neighbours
    has (the least used one when all are taken).
    """
    owner = tiling.owner
    touching: dict[str, set[str]] = {p.piece: set() for p in tiling.placements}
    for (r, c), name in owner.items():
        for nb in ((r + 1, c), (r, c + 1)):
            other = owner.get(nb)
            if other is not None and other != name:
                touching[name].add(other)
                touching[other].add(name)
    fills: dict[str, str] = {}
    uses = dict.fromkeys(palette, 0)
    for name in touching:
        taken = {fills[n] for n in touching[name] if n in fills}
        free = [f for f in palette if f not in taken]
        fills[name] = free[0] if free else min(palette, key=lambda f: uses[f])
        uses[fills[name]] += 1
    return fills


def tiling_diagram(tiling: Tiling, *, style: Style | str | None = "colour", names: bool = True) -> Diagram:
    """The picture of a solution: pieces filled, walls between them, names, labels and pegs."""
    chosen = resolve_style(style)
    palette = COLOUR_FILLS if chosen.name == "colour" else MONO_FILLS
    fills = piece_fills(tiling, palette)
    return _diagram(tiling.packing, tiling, chosen, fills, names)


def packing_diagram(packing: Packing, *, style: Style | str | None = "colour") -> Diagram:
    """The empty board: cells, labels and circles, as the puzzle is handed out."""
    return _diagram(packing, None, resolve_style(style), {}, False)


def _diagram(packing: Packing, tiling: Tiling | None, style: Style, fills: dict[str, str], names: bool) -> Diagram:
    cells = packing.cells
    owner = tiling.owner if tiling is not None else {}
    width, height = packing.cols + 2 * MARGIN, packing.rows + 2 * MARGIN

    def at(x: float, y: float) -> tuple[float, float]:
        return x + MARGIN, y + MARGIN

    layers: list[Layer] = []
    # Labelled squares that are not cells are the ones a puzzle leaves open (the calendar's date).
    open_squares = sorted(cell for cell in packing.labels if cell not in cells)
    by_fill: dict[str, list] = {}
    for r, c in sorted(cells) + open_squares:
        fill = fills.get(owner.get((r, c), ""), OPEN_FILL)
        by_fill.setdefault(fill, []).append((*at(c, r), 1.0, 1.0))
    for fill, items in by_fill.items():
        layers.append(Layer("rects", items, fill=fill, role="cells"))

    # Walls go around every piece and every open square; seams between the cells of one piece.
    squares = cells | set(open_squares)
    seams, walls = [], []
    for r, c in sorted(squares):
        here = owner.get((r, c))
        for (nr, nc), (x0, y0, x1, y1) in (
            ((r, c + 1), (c + 1, r, c + 1, r + 1)),
            ((r + 1, c), (c, r + 1, c + 1, r + 1)),
            ((r, c - 1), (c, r, c, r + 1)),
            ((r - 1, c), (c, r, c + 1, r)),
        ):
            inside = (nr, nc) in squares
            if inside and (nr, nc) < (r, c):
                continue  # each inner edge once
            segment = (*at(x0, y0), *at(x1, y1))
            if inside and here is not None and owner.get((nr, nc)) == here:
                seams.append(segment)
            else:
                walls.append(segment)
    if seams:
        layers.append(Layer("segments", seams, stroke=SEAM, width=SEAM_WIDTH, role="seams"))
    layers.append(Layer("segments", walls, stroke=style.ink, width=WALL_WIDTH, cap="round", role="walls"))

    if packing.labels:
        longest = max(len(text) for text in packing.labels.values())
        size = 0.42 if longest <= 2 else 0.3
        faint = [(*at(c + 0.5, r + 0.5), text) for (r, c), text in packing.labels.items() if (r, c) in owner]
        bold = [(*at(c + 0.5, r + 0.5), text) for (r, c), text in packing.labels.items() if (r, c) not in owner]
        if faint and not names:
            layers.append(Layer("texts", faint, fill=SEAM, size=size, role="labels"))
        if bold:
            layers.append(Layer("texts", bold, fill=style.ink, size=size, role="open"))

    if names and tiling is not None:
        texts = [(*at(c + 0.5, r + 0.5), p.piece) for p in tiling.placements for r, c in [_middle(p.cells)]]
        size = 0.5 if max(len(p.piece) for p in tiling.placements) == 1 else 0.36
        layers.append(Layer("texts", texts, fill=style.ink, size=size, role="names"))

    if packing.circles or packing.empty_circles:
        pegged = tiling.pegged if tiling is not None else frozenset()
        # A peg leans toward the middle of the piece that carries it, so the picture shows whose peg it is.
        pegs = []
        if tiling is not None:
            for placement in tiling.placements:
                mr = sum(r for r, _ in placement.cells) / len(placement.cells) + 0.5
                mc = sum(c for _, c in placement.cells) / len(placement.cells) + 0.5
                for i, j in placement.pegs:
                    dy, dx = mr - i, mc - j
                    norm = max((dy * dy + dx * dx) ** 0.5, 1e-9)
                    pegs.append((*at(j + PEG_LEAN * dx / norm, i + PEG_LEAN * dy / norm), PEG_RADIUS))
        rings = sorted((packing.circles | packing.empty_circles) - pegged)
        if rings:
            layers.append(Layer("circles", [(*at(j, i), PEG_RADIUS) for i, j in rings], fill=style.ink, role="rings"))
            inner = PEG_RADIUS - RING_WIDTH
            layers.append(Layer("circles", [(*at(j, i), inner) for i, j in rings], fill=style.paper, role="ring-holes"))
        if pegs:
            layers.append(Layer("circles", pegs, fill=style.ink, role="pegs"))
    return Diagram(width, height, layers, style.paper)


def _middle(cells: Sequence[Cell]) -> Cell:
    """The cell of a piece nearest its centre of mass (ties: the first in reading order)."""
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))
