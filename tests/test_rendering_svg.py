"""Diagrams as SVG: the markup parses, shows one number per cell, and draws what the options ask for."""

from __future__ import annotations

import xml.etree.ElementTree as ET

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
