"""Tests for the tiling model: a packing's placements (on the board, in their regions, pegs on circles, and every
one of them), its symmetries and the cell and corner transforms, the counting check mismatch(), and a Tiling's
cell-by-cell check problems() (one sentence per fault, none for a solution), its text drawing and its JSON form."""

from __future__ import annotations

import random

import pytest
from cover_cases import random_partition
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.tiling import Packing, Piece, PiecePlacement, Tiling, bundled
from dominosa.tiling.pieces import TRANSFORMS

SQUARE = frozenset((r, c) for r in range(4) for c in range(4))
RECTANGLE = frozenset((r, c) for r in range(3) for c in range(5))


def corners_of(cells) -> set[tuple[int, int]]:
    return {(r + a, c + b) for r, c in cells for a in (0, 1) for b in (0, 1)}


@st.composite
def solved_packings(draw):
    """A random board (a rectangle with some squares left out) cut into pieces with random pegs, and the tiling
    those pieces make where they were cut. Circles are exactly the pegged corners."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    holes = set(rng.sample(sorted(cells), rng.randint(0, len(cells) // 4)))
    cells = frozenset(cells - holes) or frozenset({(0, 0)})
    pieces, placements, taken = [], [], set()
    for k, part in enumerate(random_partition(cells, rng)):
        free = sorted(corners_of(part) - taken)
        pegs = rng.sample(free, min(len(free), rng.randint(0, 2)))  # one peg at most per corner
        taken.update(pegs)
        name = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[k] if k < 26 else f"p{k}"
        # Drawn anywhere on the plane: the piece's own coordinates do not matter.
        pieces.append(Piece(name, {(r + 7, c - 3) for r, c in part}, {(i + 7, j - 3) for i, j in pegs}))
        placements.append(PiecePlacement(name, tuple(sorted(part)), tuple(sorted(pegs))))
    circles = frozenset(p for placement in placements for p in placement.pegs)
    packing = Packing(cells, tuple(pieces), circles, title="random")
    return packing, packing.tiling(placements)


# -- placements ----------------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(solved_packings())
def test_placements_are_every_fitting_position(case):
    packing, tiling = case
    placements = packing.placements
    assert len(set(placements)) == len(placements)
    assert set(tiling.placements) <= set(placements)  # where the pieces were cut from is among the placements
    expected = set()
    for piece in packing.pieces:
        for o in piece.orientations:
            for dr in range(-6, packing.rows + 6):
                for dc in range(-6, packing.cols + 6):
                    cells, pegs = o.moved(dr, dc)
                    if set(cells) <= packing.cells and set(pegs) <= packing.circles:
                        expected.add(PiecePlacement(piece.name, cells, pegs))
    assert set(placements) == expected
    names = [p.name for p in packing.pieces]
    assert [p.piece for p in placements] == sorted((p.piece for p in placements), key=names.index)


def test_placements_respect_regions_and_circles():
    board = frozenset((r, c) for r in range(2) for c in range(3))
    corner = Piece("c", {(0, 0)}, region={(0, 0), (1, 2), (9, 9)})
    domino = Piece("d", {(0, 0), (0, 1)}, {(0, 0)})
    packing = Packing(board, (corner, domino), frozenset({(0, 0), (2, 3)}))
    placements = packing.placements
    assert {p.cells for p in placements if p.piece == "c"} == {((0, 0),), ((1, 2),)}
    pegged = [p for p in placements if p.piece == "d"]
    assert pegged and all(set(p.pegs) <= {(0, 0), (2, 3)} and set(p.cells) <= board for p in pegged)
    # A peg on the far corner (2, 3): the domino ends at cell (1, 2), lying along the row or the column.
    assert {p.cells for p in pegged if p.pegs == ((2, 3),)} == {((1, 1), (1, 2)), ((0, 2), (1, 2))}
    assert {p.cells for p in pegged if p.pegs == ((0, 0),)} == {((0, 0), (0, 1)), ((0, 0), (1, 0))}


def test_board_with_a_hole_has_no_placement_over_it():
    board = SQUARE - {(1, 1)}
    packing = Packing(board, (Piece("O", {(0, 0), (0, 1), (1, 0), (1, 1)}),))
    assert all((1, 1) not in p.cells for p in packing.placements)
    assert len(packing.placements) == 9 - 4


# -- symmetries ----------------------------------------------------------------------------------------------------


def test_symmetries_of_rectangles_squares_and_others():
    assert Packing(SQUARE, ()).symmetries() == TRANSFORMS
    rectangle = Packing(RECTANGLE, ()).symmetries()
    assert len(rectangle) == 4 and rectangle[0] == TRANSFORMS[0]
    assert all(t[0] != 0 for t in rectangle)  # no quarter turn, no diagonal mirror
    lopsided = Packing(RECTANGLE - {(0, 0)}, ())
    assert lopsided.symmetries() == (TRANSFORMS[0],)
    # Take out two opposite corners: the half turn and one diagonal mirror survive on the square.
    assert len(Packing(SQUARE - {(0, 0), (3, 3)}, ()).symmetries()) == 4
    # Circles count too: one circle at a corner of the square leaves the mirror through that corner.
    assert len(Packing(SQUARE, (), frozenset({(0, 0)})).symmetries()) == 2
    assert len(Packing(SQUARE, (), corners_of(SQUARE)).symmetries()) == 8


def test_symmetries_of_a_board_away_from_the_origin():
    # A 2x2 square drawn from row 1 and column 1 (the reader makes such a board when the first line is all '-')
    # is still a square: all eight symmetries map it onto itself.
    board = frozenset((r, c) for r in (1, 2) for c in (1, 2))
    assert len(Packing(board, ()).symmetries()) == 8


@pytest.mark.parametrize("cells", [SQUARE, RECTANGLE, SQUARE - {(0, 0), (3, 3)}, frozenset({(0, 0)})])
def test_transforms_map_the_board_onto_itself(cells):
    packing = Packing(cells, (), corners_of(cells))
    for t in packing.symmetries():
        assert {packing.transform_cell(t, c) for c in cells} == cells
        assert {packing.transform_corner(t, p) for p in packing.circles} == packing.circles
        for cell in cells:  # the four corners of a cell go to the four corners of its image
            image = packing.transform_cell(t, cell)
            assert {packing.transform_corner(t, p) for p in corners_of([cell])} == corners_of([image])
        for a in cells:  # neighbours stay neighbours
            for b in cells:
                (ra, ca), (rb, cb) = packing.transform_cell(t, a), packing.transform_cell(t, b)
                assert abs(ra - rb) + abs(ca - cb) == abs(a[0] - b[0]) + abs(a[1] - b[1])


def test_transform_cell_examples():
    packing = Packing(RECTANGLE, ())  # 3 rows, 5 columns
    assert packing.transform_cell(TRANSFORMS[0], (0, 1)) == (0, 1)
    assert packing.transform_cell(TRANSFORMS[2], (0, 1)) == (2, 3)  # half turn
    assert packing.transform_cell(TRANSFORMS[4], (0, 1)) == (0, 3)  # left to right
    assert packing.transform_cell(TRANSFORMS[6], (0, 1)) == (2, 1)  # top to bottom
    assert packing.transform_corner(TRANSFORMS[2], (0, 0)) == (3, 5)
    square = Packing(SQUARE, ())
    assert square.transform_cell(TRANSFORMS[1], (0, 0)) in {(0, 3), (3, 0)}  # a quarter turn moves a corner cell
    assert square.transform_cell(TRANSFORMS[5], (0, 3)) == (3, 0)  # the main diagonal


# -- mismatch and construction -------------------------------------------------------------------------------------


def test_mismatch_says_what_does_not_add_up():
    domino = Piece("d", {(0, 0), (0, 1)}, {(0, 0)})
    assert Packing(frozenset({(0, 0), (0, 1)}), (domino,), frozenset({(0, 0)})).mismatch() is None
    message = Packing(RECTANGLE, (domino,), frozenset({(0, 0)})).mismatch()
    assert "2" in message and "15" in message and "cells" in message
    message = Packing(frozenset({(0, 0), (0, 1)}), (domino,), frozenset({(0, 0), (1, 1)})).mismatch()
    assert "1 peg" in message and "2 circles" in message


def test_bad_packings_are_refused():
    with pytest.raises(ValueError, match="no cells"):
        Packing(frozenset(), ())
    with pytest.raises(ValueError, match="'d'"):
        Packing(SQUARE, (Piece("d", {(0, 0)}), Piece("e", {(0, 0)}), Piece("d", {(0, 0), (0, 1)})))


def test_packing_accessors():
    packing = bundled("pentominoes")
    assert (packing.rows, packing.cols) == (6, 10)
    assert packing.piece("X").size == 5
    with pytest.raises(KeyError):
        packing.piece("Q")
    assert "pentominoes" in repr(packing) and "60 cells" in repr(packing) and "12 pieces" in repr(packing)


# -- Tiling.problems -----------------------------------------------------------------------------------------------

A = Piece("a", {(0, 0), (0, 1)}, {(0, 0)})  # a domino with a peg on its top-left corner
B = Piece("b", {(0, 0), (0, 1)})
BOARD = frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})
PEGGED = Packing(BOARD, (A, B), frozenset({(0, 0)}))
A_TOP = PiecePlacement("a", ((0, 0), (0, 1)), ((0, 0),))
B_BOTTOM = PiecePlacement("b", ((1, 0), (1, 1)))


def reports(tiling: Tiling, *fragments: str) -> bool:
    """Some sentence of problems() contains every fragment."""
    return any(all(f in sentence for f in fragments) for sentence in tiling.problems())


def test_a_solution_has_no_problems():
    assert PEGGED.tiling([A_TOP, B_BOTTOM]).problems() == []
    assert PEGGED.tiling([B_BOTTOM, A_TOP]).placements == (A_TOP, B_BOTTOM)


@settings(max_examples=40, deadline=None)
@given(solved_packings(), st.data())
def test_a_random_solution_checks_and_a_spoiled_one_does_not(case, data):
    packing, tiling = case
    assert tiling.problems() == []
    spoiled = list(tiling.placements)
    k = data.draw(st.integers(0, len(spoiled) - 1), label="placement")
    how = data.draw(st.sampled_from(["drop", "twice", "shift", "rename"]), label="how")
    if how == "drop":
        del spoiled[k]
    elif how == "twice":
        spoiled.append(spoiled[k])
    elif how == "shift":
        p = spoiled[k]
        spoiled[k] = PiecePlacement(
            p.piece, tuple((r, c + 1) for r, c in p.cells), tuple((i, j + 1) for i, j in p.pegs)
        )
    else:
        spoiled[k] = PiecePlacement("no such piece", spoiled[k].cells, spoiled[k].pegs)
    problems = packing.tiling(spoiled).problems()
    assert problems
    assert all(isinstance(s, str) and len(s.split()) >= 3 for s in problems)


def test_uncovered_cells_and_unused_pieces():
    tiling = PEGGED.tiling([A_TOP])
    assert reports(tiling, "piece b", "not used")
    assert reports(tiling, "r2c1", "not covered")
    assert reports(tiling, "r2c2", "not covered")
    assert len(tiling.problems()) == 3


def test_double_cover_and_a_piece_twice():
    tiling = PEGGED.tiling([A_TOP, PiecePlacement("b", ((0, 0), (0, 1)))])
    assert reports(tiling, "r1c1", "covered 2 times")
    assert reports(tiling, "r1c2", "covered 2 times")
    assert reports(tiling, "r2c1", "not covered")
    twice = PEGGED.tiling([A_TOP, A_TOP, B_BOTTOM])
    assert reports(twice, "piece a", "2 times")
    assert reports(twice, "circle (0, 0)", "2 pegs")


def test_unknown_piece_and_cells_off_the_board():
    tiling = PEGGED.tiling([A_TOP, B_BOTTOM, PiecePlacement("z", ((2, 0), (2, 1)))])
    assert reports(tiling, "'z'", "not a piece")
    assert reports(tiling, "r3c1", "not on the board")
    assert reports(tiling, "r3c2", "not on the board")


def test_wrong_shape_or_pegs():
    bent = PEGGED.tiling([A_TOP, PiecePlacement("b", ((1, 0), (1, 1), (0, 1)))])
    assert reports(bent, "piece b", "shape")
    wrong_peg = PEGGED.tiling([PiecePlacement("a", ((0, 0), (0, 1)), ((0, 1),)), B_BOTTOM])
    assert reports(wrong_peg, "piece a", "shape")
    assert reports(wrong_peg, "corner (0, 1)", "not a circle")
    assert reports(wrong_peg, "circle (0, 0)", "no peg")


def test_peg_off_a_circle_and_an_empty_circle():
    # The mirror image of A_TOP is a real orientation: the peg on the top-right corner, which is no circle.
    tiling = PEGGED.tiling([PiecePlacement("a", ((0, 0), (0, 1)), ((0, 2),)), B_BOTTOM])
    assert len(tiling.problems()) == 2
    assert reports(tiling, "corner (0, 2)", "peg", "not a circle")
    assert reports(tiling, "circle (0, 0)", "no peg")


def test_piece_outside_its_region():
    packing = Packing(frozenset({(0, 0), (0, 1)}), (Piece("m", {(0, 0)}, region={(0, 0)}), Piece("n", {(0, 0)})))
    assert packing.tiling([PiecePlacement("m", ((0, 0),)), PiecePlacement("n", ((0, 1),))]).problems() == []
    wrong = packing.tiling([PiecePlacement("m", ((0, 1),)), PiecePlacement("n", ((0, 0),))])
    assert reports(wrong, "piece m", "outside")
    assert len(wrong.problems()) == 1


# -- Tiling.text and to_dict ---------------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(solved_packings())
def test_text_shows_every_piece_and_every_circle(case):
    packing, tiling = case
    text = tiling.text()
    lines = text.split("\n")
    assert text.endswith("\n") and len(lines) == 2 * packing.rows + 2
    width = max(len(p.name) for p in packing.pieces)
    for r in range(packing.rows):  # each cell shows its piece's name, centred in its box
        for c in range(packing.cols):
            box = lines[2 * r + 1][c * (width + 3) + 1 : c * (width + 3) + width + 3]
            assert box.strip() == tiling.owner.get((r, c), "")
    for i, j in packing.circles:  # every circle is pegged in a solution: 'o'
        assert lines[2 * i][j * (width + 3)] == "o"
    assert "." not in text


def test_text_marks_pegs_and_empty_circles():
    packing = Packing(BOARD, (A, B), frozenset({(0, 0), (2, 2)}))
    tiling = packing.tiling([A_TOP, B_BOTTOM])
    lines = tiling.text().split("\n")
    assert lines[0][0] == "o"  # the peg of a
    assert lines[4][2 * 4] == "."  # the empty circle at the bottom-right corner
    assert "a" in lines[1] and "b" in lines[3]
    assert lines[2].count("-") > 0  # a wall between a and b
    assert lines[1].count("|") == 2  # no wall inside a


def test_empty_circles():
    # A corner that must stay empty: no placement pegs it, a peg there is a fault, the picture shows '.', and it
    # counts for the symmetries like a circle.
    packing = Packing(BOARD, (A, B), frozenset({(0, 0)}), empty_circles=frozenset({(2, 2)}))
    assert all((2, 2) not in p.pegs for p in packing.placements)
    assert packing.tiling([A_TOP, B_BOTTOM]).problems() == []
    lines = packing.tiling([A_TOP, B_BOTTOM]).text().split("\n")
    assert lines[0][0] == "o" and lines[4][8] == "."
    wrong = packing.tiling([A_TOP, PiecePlacement("b", ((1, 0), (1, 1)), ((2, 2),))])
    assert reports(wrong, "circle (2, 2)", "empty")
    assert len(Packing(BOARD, (), empty_circles=frozenset({(0, 0)})).symmetries()) == 2
    with pytest.raises(ValueError, match="both"):
        Packing(BOARD, (), frozenset({(0, 0)}), empty_circles=frozenset({(0, 0)}))


def test_text_shows_the_label_of_an_open_square():
    # A labelled square that is not a cell (the calendar's date) shows its label in walls of its own.
    packing = Packing(frozenset({(0, 0), (0, 1)}), (Piece("d", {(0, 0), (0, 1)}),), labels={(0, 2): "Feb"})
    lines = packing.tiling([PiecePlacement("d", ((0, 0), (0, 1)))]).text().split("\n")
    assert lines[1].split("|")[1:3] == ["  d     d  ", " Feb "]
    assert lines[0].count("-") == lines[2].count("-") == 3 * 5


def test_text_leaves_uncovered_squares_blank():
    packing = Packing(frozenset({(0, 0), (0, 1), (0, 2)}), (Piece("long", {(0, 0), (0, 1)}),))
    text = packing.tiling([PiecePlacement("long", ((0, 0), (0, 1)))]).text()
    assert text.count("long") == 2
    assert text.split("\n")[1].rstrip().endswith("|")


def test_to_dict():
    tiling = PEGGED.tiling([A_TOP, B_BOTTOM])
    assert tiling.to_dict() == {
        "pieces": {"a": {"cells": [[0, 0], [0, 1]], "pegs": [[0, 0]]}, "b": {"cells": [[1, 0], [1, 1]], "pegs": []}}
    }
    assert tiling.owner == {(0, 0): "a", (0, 1): "a", (1, 0): "b", (1, 1): "b"}
    assert tiling.pegged == frozenset({(0, 0)})
