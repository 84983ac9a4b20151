"""The picture of the shape library (``docs/shape-library.png``): every shape ``book --shapes`` offers, in every
domino set it is drawn for, so a publisher sees what each looks like before choosing.

```sh
python docs/make_shape_library.py          # writes docs/shape-library.png
```

One row a shape (its name on the left), one column a set (double-5 to double-9, as headed); a shape not drawn
for a set leaves its place empty. Each picture is the shape's board as the library ships it
(``generator/shape_data``), its cells shaded, at one scale throughout, so the sizes compare.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dominosa.generator.shapes import ORDERS, load_shape, shape_names
from dominosa.rendering.raster import diagram_png
from dominosa.rendering.scene import Diagram, Layer

OUT = Path(__file__).resolve().parent / "shape-library.png"
NAME_WIDTH = 7.0  # the names' column, in cells
GAP = 2.0  # between pictures, in cells
HEAD = 2.5  # the sets' heading row, in cells


def library_diagram() -> Diagram:
    """Every shape in every set it comes in, on one grid: a row a shape, a column a set."""
    shapes = [load_shape(name) for name in shape_names()]
    widths = {n: max((s.boards[n].cols for s in shapes if n in s.boards), default=0) for n in ORDERS}
    heights = [max(board.rows for board in shape.boards.values()) for shape in shapes]
    lefts, x = {}, NAME_WIDTH
    for order in ORDERS:
        lefts[order] = x
        x += widths[order] + GAP
    cells, texts, y = [], [], HEAD
    for order in ORDERS:
        texts.append((lefts[order] + widths[order] / 2, HEAD / 2, f"double-{order}"))
    for shape, height in zip(shapes, heights, strict=True):
        texts.append((NAME_WIDTH / 2, y + height / 2, shape.name))
        for order, board in shape.boards.items():
            dx = lefts[order] + (widths[order] - board.cols) / 2  # each picture centred in its column
            dy = y + (height - board.rows) / 2
            cells += [(dx + c, dy + r, 1.0, 1.0) for r, c in board.cells]
        y += height + GAP
    layers = [
        Layer("tiles", cells, fill="#dfe7f1", stroke="#3a4a5c", width=0.06, role="cells"),
        Layer("texts", texts, fill="#1b1b1b", size=1.1, role="labels"),
    ]
    return Diagram(x, y, layers, "#ffffff")


def main(argv: list[str] | None = None) -> int:
    out = Path(argv[0]) if argv else OUT
    out.write_bytes(diagram_png(library_diagram(), cell=7.0, dpi=110))
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
