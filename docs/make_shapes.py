"""Proposes the shape library's pictures (``generator/shape_data/*.txt``) from outlines, one per domino set.

```sh
python docs/make_shapes.py                 # writes output/shapes/NAME.txt for every shape, and a PNG of each picture
python docs/make_shapes.py heart star --out /tmp/shapes
```

Each shape is an outline on a continuous plane (a test of whether a point lies inside it) with a mirror line. For
a double-n set the picture needs exactly (n+1)(n+2) cells, so the program lays grids of several widths and
heights over the outline, measures how much of each square the outline covers, and takes the best-covered
squares, a square and its mirror image together, until the count is exact. A grid is kept only when its picture
is one piece, has as many dark squares as light (a checkerboard colouring; every domino covers one of each), can
be tiled by dominoes, and has no cell hanging by one side; of those, the picture closest to the outline (least
area taken or left out) is written. Outlines too thin to keep at a size are left out at that size, and the
shape comes in the others.

The program proposes, a person decides: it never writes into the library. Its pictures are looked at as PNGs,
and those that read as the shape are copied into ``generator/shape_data``; several shipped pictures were then
finished by hand (the crosses' arms, the arrow, the star's points, the fish's tail, the butterfly's wings), so a
proposal never replaces a shipped file unseen. ``tests/test_generator_shapes.py`` checks whatever is shipped.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dominosa.board import Board
from dominosa.generator.layouts import perfect_matching
from dominosa.generator.shapes import ORDERS, picture_text

Inside = Callable[[float, float], bool]
SAMPLES = 6  # points per side of a square when measuring how much of it an outline covers


@dataclass(frozen=True)
class Outline:
    """A shape on the plane: ``inside(x, y)`` with y pointing up, within the box x0..x1, y0..y1; ``mirror`` is
    ``"vertical"`` (left and right halves alike) or ``"horizontal"`` (top and bottom alike)."""

    title: str
    inside: Inside
    box: tuple[float, float, float, float]
    mirror: str = "vertical"
    holes: bool = False  # whether the picture may enclose empty squares (a ring's middle, a house's door)


def _polygon(points: list[tuple[float, float]]) -> Inside:
    def inside(x: float, y: float) -> bool:
        hit = False
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit

    return inside


def _ellipse(cx: float, cy: float, rx: float, ry: float, turn: float = 0.0) -> Inside:
    cos, sin = math.cos(turn), math.sin(turn)

    def inside(x: float, y: float) -> bool:
        dx, dy = x - cx, y - cy
        u, v = dx * cos + dy * sin, -dx * sin + dy * cos
        return (u / rx) ** 2 + (v / ry) ** 2 <= 1

    return inside


def _union(*parts: Inside) -> Inside:
    return lambda x, y: any(part(x, y) for part in parts)


def _star() -> Inside:
    points = []
    for k in range(10):
        radius = 1.0 if k % 2 == 0 else 0.52
        angle = math.pi / 2 + k * math.pi / 5
        points.append((radius * math.cos(angle), radius * math.sin(angle)))
    return _polygon(points)




_heart = _union(
    _ellipse(0.48, 0.3, 0.5, 0.5), _ellipse(-0.48, 0.3, 0.5, 0.5), _polygon([(-0.95, 0.15), (0.95, 0.15), (0, -1)])
)


def _house(x: float, y: float) -> bool:
    roof = y >= 0.15 and abs(x) <= 1.0 - (y - 0.15) / 0.85 * 1.0
    walls = -1 <= y < 0.15 and abs(x) <= 0.78
    door = abs(x) <= 0.2 and y < -0.5
    return (roof or walls) and not door


def _tree(x: float, y: float) -> bool:
    tiers = ((1.0, 0.3, 0.48), (0.62, -0.22, 0.74), (0.2, -0.72, 1.0))  # apex height, base height, half width
    for apex, base, half in tiers:
        if base <= y <= apex and abs(x) <= half * (apex - y) / (apex - base):
            return True
    return abs(x) <= 0.19 and -1.0 <= y < -0.72


OUTLINES = {
    "heart": Outline("a heart", _heart, (-0.98, 0.98, -1.0, 0.8)),
    "star": Outline("a five-pointed star", _star(), (-0.96, 0.96, -0.82, 1.0)),
    "diamond": Outline("a diamond", lambda x, y: abs(x) / 0.8 + abs(y) <= 1, (-0.8, 0.8, -1.0, 1.0)),
    "cross": Outline(
        "a cross", lambda x, y: (abs(x) <= 0.34 and abs(y) <= 1) or (abs(y) <= 0.34 and abs(x) <= 1), (-1, 1, -1, 1)
    ),
    "ring": Outline("a ring", lambda x, y: 0.52 <= math.hypot(x, y) <= 1, (-1, 1, -1, 1), holes=True),
    "house": Outline("a house with a door", _house, (-1, 1, -1, 1), holes=True),
    "tree": Outline("a fir tree", _tree, (-1, 1, -1, 1)),
    "arrow": Outline(
        "an arrow pointing up",
        _polygon([(0, 1), (1, 0.05), (0.38, 0.05), (0.38, -1), (-0.38, -1), (-0.38, 0.05), (-1, 0.05)]),
        (-1, 1, -1, 1),
    ),
    "butterfly": Outline(
        "a butterfly",
        _union(
            _ellipse(0.5, 0.4, 0.55, 0.4, 0.7),
            _ellipse(-0.5, 0.4, 0.55, 0.4, -0.7),
            _ellipse(0.36, -0.5, 0.3, 0.4, -0.5),
            _ellipse(-0.36, -0.5, 0.3, 0.4, 0.5),
            _ellipse(0, -0.05, 0.12, 0.8),
        ),
        (-1.0, 1.0, -0.9, 0.85),
    ),
    "fish": Outline(
        "a fish",
        _union(_ellipse(-0.2, 0, 0.78, 0.58), _polygon([(0.35, 0), (1, 0.62), (0.82, 0), (1, -0.62)])),
        (-0.98, 1, -0.6, 0.6),
        mirror="horizontal",
    ),
}


def coverage(outline: Outline, rows: int, cols: int, scale: float) -> list[list[float]]:
    """How much of each square of a rows x cols grid the outline covers, the outline's box set in the middle of
    the grid's and ``scale`` times as big as it may be."""
    x0, x1, y0, y1 = outline.box
    unit = max((x1 - x0) / cols, (y1 - y0) / rows) / scale  # one square's side on the plane
    left = (x0 + x1) / 2 - cols * unit / 2
    top = (y0 + y1) / 2 + rows * unit / 2
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            hits = sum(
                outline.inside(left + (c + (i + 0.5) / SAMPLES) * unit, top - (r + (j + 0.5) / SAMPLES) * unit)
                for i in range(SAMPLES)
                for j in range(SAMPLES)
            )
            row.append(hits / SAMPLES**2)
        grid.append(row)
    return grid


def pick(cover: list[list[float]], cells: int, mirror: str) -> list[set[tuple[int, int]]]:
    """The ``cells`` best-covered squares, each with its mirror image, and a few variants of that choice with one
    unit (a square and its mirror image) on the edge swapped for one just outside it: a choice that cannot be
    tiled is often one swap away from one that can. Empty when the count cannot be met."""
    rows, cols = len(cover), len(cover[0])
    units: dict[frozenset[tuple[int, int]], float] = {}
    for r in range(rows):
        for c in range(cols):
            twin = (r, cols - 1 - c) if mirror == "vertical" else (rows - 1 - r, c)
            unit = frozenset({(r, c), twin})
            units[unit] = (cover[r][c] + cover[twin[0]][twin[1]]) / 2
    ranked = sorted(units.items(), key=lambda item: (-item[1], sorted(item[0])))
    chosen: set[tuple[int, int]] = set()
    taken: list[frozenset[tuple[int, int]]] = []
    for unit, value in ranked:
        if len(chosen) + len(unit) <= cells and value > 0.05:
            chosen |= unit
            taken.append(unit)
        if len(chosen) == cells:
            break
    else:
        return []
    choices = [chosen]
    left_out = [unit for unit, value in ranked if value > 0.05 and not unit & chosen][:8]
    for out in taken[::-1][:8]:
        for unit in left_out:
            if len(unit) == len(out):
                choices.append((chosen - out) | unit)
    return choices


def acceptable(chosen: set[tuple[int, int]], holes: bool) -> bool:
    """One piece, balanced colours, a domino tiling, no cell held by one side, and (unless the shape has them)
    no empty square enclosed."""
    board = Board.from_cells(chosen)
    if any(len(n) < 2 for n in board.neighbours):
        return False
    seen, todo = {0}, [0]
    while todo:
        for n in board.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(board):
        return False
    if not holes and _encloses(chosen):
        return False
    try:
        perfect_matching(board)
    except ValueError:
        return False
    return True


def _encloses(chosen: set[tuple[int, int]]) -> bool:
    rows = max(r for r, _ in chosen) + 3
    cols = max(c for _, c in chosen) + 3
    outside, todo = {(-1, -1)}, [(-1, -1)]
    while todo:
        r, c = todo.pop()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if -1 <= nr < rows and -1 <= nc < cols and (nr, nc) not in chosen and (nr, nc) not in outside:
                outside.add((nr, nc))
                todo.append((nr, nc))
    return len(outside) + len(chosen) < (rows + 1) * (cols + 1)


def draw(outline: Outline, order: int) -> set[tuple[int, int]] | None:
    """The best picture of the outline with exactly the cells of a double-``order`` set, or None."""
    cells = (order + 1) * (order + 2)
    x0, x1, y0, y1 = outline.box
    aspect = (y1 - y0) / (x1 - x0)
    fill = sum(map(sum, coverage(outline, 24, 24, 1.0))) / 24**2  # the share of its box the outline covers
    width = math.sqrt(cells / (fill * aspect))
    best: tuple[float, set[tuple[int, int]]] | None = None
    for cols in range(max(4, round(width) - 2), round(width / 0.85) + 2):
        for rows in {round(cols * aspect) + d for d in (-1, 0, 1)}:
            for scale in (1.0, 0.97, 0.94, 0.91, 0.88):
                cover = coverage(outline, rows, cols, scale)
                if not 0.8 * cells <= sum(map(sum, cover)) <= 1.2 * cells:
                    continue
                for chosen in pick(cover, cells, outline.mirror):
                    miss = sum(abs((1.0 if (r, c) in chosen else 0.0) - v) for r, row in enumerate(cover)
                               for c, v in enumerate(row))  # fmt: skip
                    if (best is None or miss < best[0]) and acceptable(chosen, outline.holes):
                        best = (miss, chosen)
    if best is None:
        return None
    top = min(r for r, _ in best[1])
    left = min(c for _, c in best[1])
    return {(r - top, c - left) for r, c in best[1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Propose the shape library's pictures from their outlines.")
    parser.add_argument("names", nargs="*", help=f"shapes to draw (default all: {', '.join(OUTLINES)})")
    parser.add_argument("--out", type=Path, default=Path("output/shapes"), help="the folder (default output/shapes)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or OUTLINES:
        outline = OUTLINES[name]
        pictures = {}
        for order in ORDERS:
            chosen = draw(outline, order)
            if chosen is None:
                print(f"{name}: no picture for double-{order}", file=sys.stderr)
                continue
            pictures[order] = Board.from_cells(chosen)
        (args.out / f"{name}.txt").write_text(picture_text(name, outline.title, pictures), "utf-8")
        print(f"{name}: double-{', '.join(map(str, pictures))}")
        _pngs(args.out, name, pictures)
    return 0


def _pngs(folder: Path, name: str, pictures: dict[int, Board]) -> None:
    import random

    from dominosa.generator.layouts import random_layout
    from dominosa.rendering import save

    folder.mkdir(parents=True, exist_ok=True)
    for order, board in pictures.items():
        puzzle, _ = random_layout(board, random.Random(order))
        save(folder / f"{name}-{order}.png", puzzle, dpi=40)


if __name__ == "__main__":
    raise SystemExit(main())
