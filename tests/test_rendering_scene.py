"""What a diagram draws (rendering/scene.py) for a step's decisions: a pair placed and a pair ruled out look
different, each where its pair is."""

from __future__ import annotations

from dominosa.puzzle import Puzzle
from dominosa.rendering.scene import MARGIN, build_diagram

GRID = ((0, 1, 1, 0), (2, 2, 2, 0), (1, 0, 2, 1))


def test_a_placed_pair_is_a_solid_outline_and_a_ruled_out_pair_a_cross_on_its_border():
    puzzle = Puzzle.from_grid(GRID)
    placed, ruled = ((0, 0), (1, 0)), ((1, 1), (1, 2))
    diagram = build_diagram(puzzle, placed_pairs=[placed], ruled_out_pairs=[ruled])
    (outline,) = diagram.layer("placed-pairs")
    (cross,) = diagram.layer("ruled-out")
    assert outline.kind == "tiles" and outline.dash is None and outline.fill is None
    ((x, y, w, h),) = outline.items
    assert x > MARGIN and x + w < MARGIN + 1 and MARGIN < y < MARGIN + 1 < y + h < MARGIN + 2  # inside r1c1-r2c1
    assert cross.kind == "segments" and len(cross.items) == 2
    border = (MARGIN + 2, MARGIN + 1.5)  # between r2c2 and r2c3: the vertical edge at x = 2, half way down row 2
    for x0, y0, x1, y1 in cross.items:  # two strokes crossing on the border's middle, one each way
        assert abs((x0 + x1) / 2 - border[0]) < 1e-9 and abs((y0 + y1) / 2 - border[1]) < 1e-9
        assert x0 != x1 and y0 != y1
    plain = build_diagram(puzzle, highlight_pairs=[placed, ruled])
    assert not plain.layer("placed-pairs") and not plain.layer("ruled-out")  # a plain highlight stays dashed
    (dashed,) = plain.layer("highlight-pairs")
    assert dashed.dash is not None and outline.width > dashed.width
