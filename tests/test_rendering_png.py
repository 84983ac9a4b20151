"""Diagrams as PNG, checked pixel by pixel: dark where a domino ends, light inside one, walls and highlights
where they belong, and the size and resolution asked for."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from dominosa import read_puzzle, rendering
from dominosa.deductions import solve
from dominosa.rendering.scene import GUIDE_GAP, MARGIN, TILE_INSET

ID = "3:22223101012330103310"
CELL, DPI = 40.0, 144.0  # 80 pixels per cell: the margin (0.2 cell) is a whole 16 pixels
PX = CELL / 72 * DPI


def _image(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def _grey(image: Image.Image, x: float, y: float) -> float:
    """Mean brightness (0 black, 255 white) of the 3x3 pixels around a point given in cells."""
    cx, cy = round((x + MARGIN) * PX), round((y + MARGIN) * PX)
    values = [sum(image.getpixel((cx + dx, cy + dy))) / 3 for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return sum(values) / len(values)


@pytest.fixture(scope="module")
def solved():
    puzzle = read_puzzle(ID)
    solution = solve(puzzle)
    image = _image(rendering.png(puzzle, solution=solution, cell=CELL, dpi=DPI))
    return puzzle, solution, image


def test_png_size_follows_cell_and_dpi(solved):
    puzzle, _, image = solved
    assert image.size == (round((puzzle.cols + 2 * MARGIN) * PX), round((puzzle.rows + 2 * MARGIN) * PX))


def test_borders_are_dark_where_a_domino_ends_and_light_inside_a_domino(solved):
    puzzle, solution, image = solved
    partner = solution.partner()
    checked_inside = checked_border = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            for dr, dc in ((0, 1), (1, 0)):
                other = (r + dr, c + dc)
                if other not in puzzle.board:
                    continue
                # The point on the edge between the two cells, halfway along it.
                ex, ey = (c + 1, r + 0.5) if dc else (c + 0.5, r + 1)
                if partner[(r, c)] == other:
                    assert _grey(image, ex, ey) > 230, f"inside the domino at {(r, c)}-{other}"
                    checked_inside += 1
                else:
                    before = (ex - TILE_INSET, ey) if dc else (ex, ey - TILE_INSET)
                    after = (ex + TILE_INSET, ey) if dc else (ex, ey + TILE_INSET)
                    assert _grey(image, *before) < 90, f"end of the domino at {(r, c)}"
                    assert _grey(image, *after) < 90, f"end of the domino at {other}"
                    checked_border += 1
    assert checked_inside == 10 and checked_border == 31 - 10


def test_puzzle_png_shows_the_outline_dark_and_the_guides_faded():
    puzzle = read_puzzle(ID)
    image = _image(rendering.png(puzzle, cell=CELL, dpi=DPI))
    assert _grey(image, 0, 0.5) < 60  # the left edge of the board
    assert _grey(image, 2.5, 4) < 60  # the bottom edge
    guide = _grey(image, 1 - GUIDE_GAP, 0.5)
    assert 90 < guide < 230  # a faded line: neither paper nor ink
    assert _grey(image, 1, 0.5) > 230  # between the two guide lines: paper, for the solver's pencil


def test_a_split_pair_is_marked_by_a_wall_on_its_edge():
    puzzle = read_puzzle(ID)
    plain = _image(rendering.png(puzzle, cell=CELL, dpi=DPI))
    marked = _image(rendering.png(puzzle, split=[((1, 0), (1, 1))], cell=CELL, dpi=DPI))
    assert _grey(plain, 1, 1.5) > 230
    assert _grey(marked, 1, 1.5) < 60


def test_joined_pairs_are_outlined_like_dominoes():
    puzzle = read_puzzle(ID)
    image = _image(rendering.png(puzzle, joined=[((0, 1), (0, 2))], cell=CELL, dpi=DPI))
    assert _grey(image, 1 + TILE_INSET, 0.5) < 90  # left end of the joined domino
    assert _grey(image, 2, 0.5) > 230  # between its halves
    assert _grey(image, 3 - TILE_INSET, 0.5) < 90  # right end


def test_colour_style_highlights_cells_in_colour_and_mono_stays_grey():
    puzzle = read_puzzle(ID)
    step = {"highlight_cells": [(2, 2)], "highlight_pairs": [((2, 2), (2, 3))]}
    colour = _image(rendering.png(puzzle, style="colour", cell=CELL, dpi=DPI, **step))
    x, y = round((MARGIN + 2.08) * PX), round((MARGIN + 2.08) * PX)  # a corner of the cell, clear of its number
    r, g, b = colour.getpixel((x, y))
    assert r > 200 and b < 160
    mono = _image(rendering.png(puzzle, cell=CELL, dpi=DPI, **step))
    r, g, b = mono.getpixel((x, y))
    assert r == g == b and r < 230


def test_print_resolution_is_recorded_and_lines_stay_sharp():
    puzzle = read_puzzle(ID)
    data = rendering.png(puzzle, dpi=300)
    image = Image.open(io.BytesIO(data))
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.5)
    px = 30 / 72 * 300
    grey = image.convert("L")
    y = round((MARGIN + 0.5) * px)
    row = [grey.getpixel((x, y)) for x in range(0, round((MARGIN + 0.2) * px))]
    dark = [v for v in row if v < 60]
    grey_edge = [v for v in row if 60 <= v <= 200]
    assert len(dark) >= 5 and len(grey_edge) <= 2  # a solid outline, with at most one soft pixel each side


def test_pips_png_has_dots_where_digits_would_be():
    puzzle = read_puzzle(ID)
    image = _image(rendering.png(puzzle, pips=True, cell=CELL, dpi=DPI))
    # r1c5 is a 3: pips at the centre and two opposite corners.
    assert _grey(image, 4.5, 0.5) < 60
    # r2c2 is a 0: a blank face.
    assert _grey(image, 1.5, 1.5) > 230


def test_labels_widen_the_png_by_the_label_band_only_when_asked():
    from dominosa.rendering.scene import build_diagram

    puzzle = read_puzzle("3:22223101012330103310")
    plain = Image.open(io.BytesIO(rendering.png(puzzle, cell=36, dpi=144)))
    labelled = Image.open(io.BytesIO(rendering.png(puzzle, cell=36, dpi=144, labels=True)))
    band = build_diagram(puzzle, labels=True)
    # 36 pt at 144 dpi: 72 px a cell; matplotlib may drop a fraction of a pixel
    assert all(abs(got - want * 72) < 1 for got, want in zip(labelled.size, (band.width, band.height), strict=True))
    assert all(abs(got - want * 72) < 1 for got, want in zip(plain.size, (5 + 2 * MARGIN, 4 + 2 * MARGIN), strict=True))
    above = round((band.height - plain.size[1] / 72 + MARGIN - 0.05) * 72)  # the band above the board's edge
    grey = labelled.convert("L").crop((0, 0, labelled.size[0], above))
    assert 0 < grey.getextrema()[0] < 200  # grey ink there: the column labels
