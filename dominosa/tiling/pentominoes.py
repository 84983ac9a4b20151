"""The twelve pentominoes packed into a box of 60 cells: 6x10 by default, or 5x12, 4x15, 3x20.

The 6x10 box has 2339 tilings up to turning and flipping the box (9356 in all), the 5x12 box 1010, the 4x15
box 368 and the 3x20 box 2 (C. B. and Jenifer Haselgrove, "A computer program for pentominoes", Eureka 23,
1960; confirmed by Knuth, "Dancing links", 2000). Our tests check the small boxes against these figures and the
benchmark times the 6x10 box.
"""

from __future__ import annotations

from dominosa.tiling.bundled import bundled
from dominosa.tiling.packing import Packing

__all__ = ["pentomino_box", "BOX_SIZES"]

BOX_SIZES = ((6, 10), (5, 12), (4, 15), (3, 20))


def pentomino_box(rows: int = 6, cols: int = 10) -> Packing:
    """The twelve pentominoes and a ``rows`` x ``cols`` box (``ValueError`` unless its area is 60)."""
    if rows * cols != 60:
        raise ValueError(f"a {rows}x{cols} box has {rows * cols} cells; the twelve pentominoes cover 60")
    data = bundled("pentominoes")
    cells = frozenset((r, c) for r in range(rows) for c in range(cols))
    return Packing(cells, data.pieces, title=f"pentominoes {rows}x{cols}")
