"""Diagrams as SVG: the markup parses, shows one number per cell, and draws what the options ask for."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from dominosa import Puzzle, PuzzleError, read_puzzle, rendering
from dominosa.deductions import solve
from dominosa.rendering.scene import build_diagram, side_by_side

NS = {"svg": "http://www.w3.org/2000/svg"}
ID = "3:22223101012330103310"

# An irregular board: three holes (x) around a double-1 set.
#   0 0 x
#   0 1 1
#   x 1 x
IRREGULAR = [[0, 0, None], [0, 1, 1], [None, 1, None]]


def _group(root: ET.Element, role: str) -> list[ET.Element]:
    return [g for g in root.iter() if g.get("class") == role]


def _numbers(svg_text: str) -> list[str]:
    root = ET.fromstring(svg_text)
    return [t.text for g in _group(root, "numbers") for t in g.findall("svg:text", NS)]


def test_puzzle_svg_parses_and_has_one_number_per_cell_in_reading_order():
    puzzle = read_puzzle(ID)
    text = rendering.svg(puzzle)
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert _numbers(text) == [str(v) for v in puzzle.numbers]
    assert _group(root, "guides") and _group(root, "outline")
    assert not _group(root, "tiles")


def test_svg_size_follows_the_cell_option():
    puzzle = read_puzzle(ID)
    root = ET.fromstring(rendering.svg(puzzle, cell=36))  # 36 pt = 48 px per cell
    assert float(root.get("width")) == pytest.approx((5 + 0.4) * 48)
    assert float(root.get("height")) == pytest.approx((4 + 0.4) * 48)


def test_solution_svg_outlines_every_domino_and_drops_the_guides():
    puzzle = read_puzzle(ID)
    solution = solve(puzzle)
    root = ET.fromstring(rendering.svg(puzzle, solution=solution))
    tiles = [r for g in _group(root, "tiles") for r in g.findall("svg:rect", NS)]
    assert len(tiles) == len(solution.placements) == 10
    assert all(float(r.get("rx")) > 0 for r in tiles)  # rounded rectangles
    assert not _group(root, "guides") and not _group(root, "outline")


def test_irregular_board_shows_only_its_cells():
    puzzle = Puzzle.from_grid(IRREGULAR)
    text = rendering.svg(puzzle)
    assert _numbers(text) == ["0", "0", "0", "1", "1", "1"]
    diagram = build_diagram(puzzle)
    (outline,) = diagram.layer("outline")
    # The outline runs round the six cells only: 24 sides less 2 for each of the 6 pairs, merged into runs.
    assert sum(abs(x1 - x0) + abs(y1 - y0) for x0, y0, x1, y1 in outline.items) == pytest.approx(12)
    (guides,) = diagram.layer("guides")
    assert len(guides.items) == 2 * len(puzzle.board.pairs)


def test_clues_are_drawn_as_shaded_dominoes():
    puzzle = read_puzzle(ID).with_clues([((0, 0), (1, 0))])
    diagram = build_diagram(puzzle)
    (tiles,) = diagram.layer("tiles")
    assert tiles.fill == rendering.MONO.clue_fill and len(tiles.items) == 1
    # No guide is drawn next to a placed domino: its outline already tells.
    (guides,) = diagram.layer("guides")
    assert len(guides.items) == 2 * (len(puzzle.board.pairs) - 4)  # the clue and the 3 pairs touching it


def test_partial_state_outlines_joined_pairs_and_marks_split_ones():
    puzzle = read_puzzle(ID)
    text = rendering.svg(puzzle, joined=[((0, 1), (0, 2))], split=[((1, 0), (1, 1)), ((2, 3), (3, 3))])
    root = ET.fromstring(text)
    assert len([r for g in _group(root, "tiles") for r in g.findall("svg:rect", NS)]) == 1
    (walls,) = _group(root, "walls")
    assert walls.get("d").count("M") == 2


def test_explanation_step_highlights_cells_and_pairs():
    puzzle = read_puzzle(ID)
    root = ET.fromstring(
        rendering.svg(puzzle, highlight_cells=[(2, 2), (2, 3)], highlight_pairs=[((2, 2), (2, 3))], style="colour")
    )
    (cells,) = _group(root, "highlight-cells")
    assert cells.get("d").count("M") == 2 and cells.get("fill") == rendering.COLOUR.highlight_fill
    (pairs,) = _group(root, "highlight-pairs")
    assert pairs.get("stroke-dasharray")


def test_pips_replace_digits_up_to_nine():
    puzzle = read_puzzle(ID)
    root = ET.fromstring(rendering.svg(puzzle, pips=True))
    circles = [c for g in _group(root, "pips") for c in g.findall("svg:circle", NS)]
    assert len(circles) == sum(puzzle.numbers)  # a die face shows its number of pips
    assert _numbers(rendering.svg(puzzle, pips=True)) == []


def test_pips_fall_back_to_digits_above_nine():
    puzzle = Puzzle.from_grid([[10, 3]], dominoes=[(3, 10)])
    text = rendering.svg(puzzle, pips=True)
    assert _numbers(text) == ["10"]
    root = ET.fromstring(text)
    assert len([c for g in _group(root, "pips") for c in g.findall("svg:circle", NS)]) == 3


def test_two_digit_numbers_get_a_smaller_size_that_fits_the_cell():
    puzzle = Puzzle.from_grid([[10, 3]], dominoes=[(3, 10)])
    (numbers,) = build_diagram(puzzle).layer("numbers")
    # DejaVu digits are 0.636 em wide: two of them must fit inside the cell with room to spare.
    assert 2 * 0.636 * numbers.size < 0.6
    (single,) = build_diagram(read_puzzle(ID)).layer("numbers")
    assert single.size > numbers.size


def test_both_puts_the_solution_beside_the_puzzle():
    puzzle = read_puzzle(ID)
    one = build_diagram(puzzle)
    both = rendering.diagram(puzzle, what="both")
    assert both.width > 2 * one.width and both.height == one.height
    assert len(_numbers(rendering.svg(puzzle, what="both"))) == 2 * len(puzzle.numbers)
    assert side_by_side(one, one).width == pytest.approx(2 * one.width + 0.6)


def test_bad_placements_are_refused_with_the_cells_named():
    puzzle = read_puzzle(ID)
    with pytest.raises(PuzzleError, match="not two adjacent cells"):
        rendering.svg(puzzle, joined=[((0, 0), (1, 1))])
    with pytest.raises(PuzzleError, match="covered twice"):
        rendering.svg(puzzle, joined=[((0, 0), (0, 1)), ((0, 1), (0, 2))])
    with pytest.raises(PuzzleError, match="not a cell"):
        rendering.svg(puzzle, highlight_cells=[(9, 9)])
    with pytest.raises(ValueError, match="unknown style"):
        rendering.svg(puzzle, style="sepia")
    with pytest.raises(ValueError, match="unknown what"):
        rendering.svg(puzzle, what="everything")


def test_a_solution_that_is_needed_is_found_and_an_impossible_one_is_reported():
    puzzle = read_puzzle(ID)
    assert len(_numbers(rendering.svg(puzzle, what="solution"))) == 20
    impossible = Puzzle.from_grid([[1, 0, 1], [0, 1, 0]])
    with pytest.raises(PuzzleError, match="no solution"):
        rendering.svg(impossible, what="solution")


def _labels(root: ET.Element) -> list[tuple[str, float, float]]:
    texts = [t for g in _group(root, "labels") for t in g.findall("svg:text", NS)]
    return [(t.text, float(t.get("x")), float(t.get("y"))) for t in texts]


def test_labels_name_every_row_and_column_outside_the_board():
    from dominosa.rendering.fonts import text_width
    from dominosa.rendering.scene import LABEL_SIZE

    puzzle = read_puzzle(ID)  # 4 rows, 5 columns
    root = ET.fromstring(rendering.svg(puzzle, labels=True, cell=30))  # 40 px per cell
    labels = _labels(root)
    assert [name for name, _, _ in labels] == ["r1", "r2", "r3", "r4", "c1", "c2", "c3", "c4", "c5"]
    (outline,) = _group(root, "outline")
    points = [float(v) for v in outline.get("d").replace("M", " ").replace("L", " ").split()]
    left, top = min(points[0::2]), min(points[1::2])
    size = LABEL_SIZE * 40
    for name, x, y in labels:
        half = text_width(name, size) / 2
        assert x - half >= 0 and y - size >= 0, name  # inside the picture
        if name.startswith("r"):
            row = int(name[1:]) - 1
            assert x + half < left  # left of the board, not over the grid
            assert top + row * 40 < y < top + (row + 1) * 40  # level with its row
        else:
            col = int(name[1:]) - 1
            assert y < top  # above the board (y is the baseline: the text ends there)
            assert left + col * 40 < x < left + (col + 1) * 40  # over its column
    assert _group(root, "labels")[0].get("fill") == rendering.MONO.label


def _rounded(layer):
    """A layer with its coordinates rounded, to compare layers moved by different sums of the same amounts."""
    items = [tuple(round(v, 9) if isinstance(v, float) else v for v in item) for item in layer.items]
    return replace(layer, items=items)


def test_labels_move_the_picture_but_change_nothing_else():
    puzzle = read_puzzle(ID)
    plain = build_diagram(puzzle)
    labelled = build_diagram(puzzle, labels=True)
    (labels,) = labelled.layer("labels")
    dx, dy = labelled.width - plain.width, labelled.height - plain.height
    assert dx > 0 and dy > 0
    assert [_rounded(layer) for layer in labelled.layers if layer.role != "labels"] == [
        _rounded(layer.shifted(dx, dy)) for layer in plain.layers
    ]
    assert labels.size < plain.layer("numbers")[0].size / 1.5  # small beside the numbers


def test_labels_are_off_by_default_so_plain_pictures_keep_their_look():
    puzzle = read_puzzle(ID)
    text = rendering.svg(puzzle)
    assert text == rendering.svg(puzzle, labels=False)
    assert not _group(ET.fromstring(text), "labels") and 'class="labels"' not in text
    assert not build_diagram(puzzle).layer("labels")
    assert not rendering.diagram(puzzle, what="both").layer("labels")


def test_labels_of_an_irregular_board_count_its_rows_and_columns_as_cell_names_do():
    puzzle = Puzzle.from_grid(IRREGULAR)
    names = [name for name, _, _ in _labels(ET.fromstring(rendering.svg(puzzle, labels=True)))]
    assert names == ["r1", "r2", "r3", "c1", "c2", "c3"]
    both = rendering.diagram(read_puzzle(ID), what="both", labels=True)
    assert len(both.layer("labels")) == 2  # the puzzle and its solution each labelled
