"""Tests for tiling pieces: the orientation counts of the pentominoes (with and without flipping) and of the
DominoPeg pieces, orientations equal to those found here by turning the piece's picture, pegs that move with their
cells, the checks on a piece's cells, parse_picture and the eight transforms."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.tiling import bundled
from dominosa.tiling.pieces import TRANSFORMS, Orientation, Piece, parse_picture, transform_point

# The standard counts: the 12 free pentominoes lie in 63 fixed ways; the one-sided ones (no turning over) in 41.
FIXED = {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
ONE_SIDED = {"F": 4, "I": 2, "L": 4, "N": 4, "P": 4, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 4, "Z": 2}


def picture_orientations(cells, pegs=(), flip=True) -> set[tuple[tuple, tuple]]:
    """Every way the piece can lie, found by turning (and mirroring) its picture: a quarter turn takes cell (r, c)
    of an h-row picture to (c, h - 1 - r) and corner (i, j) to (j, h - i); a mirror takes cell (r, c) of a w-wide
    picture to (r, w - 1 - c) and corner (i, j) to (i, w - j). Each result is moved to row 0 and column 0."""

    def normal(cells, pegs):
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        return (
            tuple(sorted((r - top, c - left) for r, c in cells)),
            tuple(sorted((i - top, j - left) for i, j in pegs)),
        )

    def turn(shape):
        cells, pegs = shape
        h = max(r for r, _ in cells) + 1
        return normal([(c, h - 1 - r) for r, c in cells], [(j, h - i) for i, j in pegs])

    def mirror(shape):
        cells, pegs = shape
        w = max(c for _, c in cells) + 1
        return normal([(r, w - 1 - c) for r, c in cells], [(i, w - j) for i, j in pegs])

    found = set()
    starts = [normal(cells, pegs)]
    if flip:
        starts.append(mirror(starts[0]))
    for shape in starts:
        for _ in range(4):
            found.add(shape)
            shape = turn(shape)
    return found


def incidence(cells, pegs) -> Counter:
    """How many of the piece's cells each peg touches, as a multiset."""
    return Counter(sum(1 for r, c in cells if i in (r, r + 1) and j in (c, c + 1)) for i, j in pegs)


@st.composite
def polyominoes(draw, max_size: int = 7):
    """A random connected set of cells, grown one neighbour at a time from a seed, and random pegs on its
    corners."""
    size = draw(st.integers(1, max_size))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    cells = [(0, 0)]
    while len(cells) < size:
        r, c = rng.choice(cells)
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        if (r + dr, c + dc) not in cells:
            cells.append((r + dr, c + dc))
    corners = sorted({(r + a, c + b) for r, c in cells for a in (0, 1) for b in (0, 1)})
    pegs = rng.sample(corners, draw(st.integers(0, 4)))
    return frozenset(cells), frozenset(pegs)


# -- pentominoes ---------------------------------------------------------------------------------------------------


def test_pentomino_orientation_counts():
    pieces = bundled("pentominoes").pieces
    assert {p.name: len(p.orientations) for p in pieces} == FIXED
    assert sum(len(p.orientations) for p in pieces) == 63
    assert all(p.size == 5 for p in pieces)


def test_no_flip_halves_the_chiral_pentominoes():
    pieces = bundled("pentominoes").pieces
    one_sided = {p.name: len(Piece(p.name, p.cells, flip=False).orientations) for p in pieces}
    assert one_sided == ONE_SIDED
    assert sum(one_sided.values()) == 41
    chiral = {name for name in FIXED if ONE_SIDED[name] * 2 == FIXED[name]}
    assert chiral == {"F", "L", "N", "P", "Y", "Z"}


def test_dominopeg_pieces_lie_in_70_ways():
    pieces = bundled("dominopeg").pieces
    assert len(pieces) == 12
    assert sum(len(p.orientations) for p in pieces) == 70
    for p in pieces:
        assert p.size == 2
        assert len(p.orientations) == len(picture_orientations(p.cells, p.pegs))


# -- orientations, independently -----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(polyominoes(), st.booleans())
def test_orientations_are_the_turned_pictures(shape, flip):
    cells, pegs = shape
    piece = Piece("p", cells, pegs, flip)
    got = {(o.cells, o.pegs) for o in piece.orientations}
    assert got == picture_orientations(cells, pegs, flip)
    assert list(piece.orientations) == sorted(piece.orientations)
    assert len(set(piece.orientations)) == len(piece.orientations)


@settings(max_examples=60, deadline=None)
@given(polyominoes())
def test_no_flip_halves_exactly_the_chiral_pieces(shape):
    cells, _ = shape
    turned = picture_orientations(cells, flip=False)
    mirrored = {cs for cs, _ in picture_orientations([(r, -c) for r, c in cells], flip=False)}
    chiral = not mirrored & {cs for cs, _ in turned}
    free = len(Piece("p", cells).orientations)
    one_sided = len(Piece("p", cells, flip=False).orientations)
    assert free == (2 * one_sided if chiral else one_sided)
    assert free in (1, 2, 4, 8)


@settings(max_examples=60, deadline=None)
@given(polyominoes())
def test_pegs_move_with_their_cells(shape):
    cells, pegs = shape
    piece = Piece("p", cells, pegs)
    for o in piece.orientations:
        assert len(o.cells) == len(cells) and len(o.pegs) == len(pegs)
        assert min(r for r, _ in o.cells) == 0 and min(c for _, c in o.cells) == 0
        assert (o.height, o.width) in {
            (piece_height(cells), piece_width(cells)),
            (piece_width(cells), piece_height(cells)),
        }
        for i, j in o.pegs:  # every peg is on a corner of the cells' bounding area
            assert 0 <= i <= o.height and 0 <= j <= o.width
        assert incidence(o.cells, o.pegs) == incidence(cells, pegs)


def piece_height(cells) -> int:
    return max(r for r, _ in cells) - min(r for r, _ in cells) + 1


def piece_width(cells) -> int:
    return max(c for _, c in cells) - min(c for _, c in cells) + 1


def test_a_peg_stays_on_its_corner():
    # An L tromino with a peg on its inner corner (where all three cells meet): every orientation keeps the peg
    # where three of its cells meet.
    cells = {(0, 0), (1, 0), (1, 1)}
    piece = Piece("L", cells, {(1, 1)})
    assert len(piece.orientations) == 4
    for o in piece.orientations:
        ((i, j),) = o.pegs
        touching = [(r, c) for r, c in o.cells if i in (r, r + 1) and j in (c, c + 1)]
        assert len(touching) == 3
    domino = Piece("d", {(0, 0), (0, 1)}, {(0, 0)})
    assert {(o.cells, o.pegs) for o in domino.orientations} == {
        (((0, 0), (0, 1)), ((0, 0),)),
        (((0, 0), (0, 1)), ((0, 2),)),
        (((0, 0), (0, 1)), ((1, 0),)),
        (((0, 0), (0, 1)), ((1, 2),)),
        (((0, 0), (1, 0)), ((0, 0),)),
        (((0, 0), (1, 0)), ((0, 1),)),
        (((0, 0), (1, 0)), ((2, 0),)),
        (((0, 0), (1, 0)), ((2, 1),)),
    }


def test_pieces_anywhere_on_the_plane():
    far = Piece("far", {(10, -3), (11, -3), (11, -2)})
    near = Piece("near", {(0, 0), (1, 0), (1, 1)})
    assert far.orientations == near.orientations


# -- the checks on a piece -----------------------------------------------------------------------------------------


def test_disconnected_piece_is_refused():
    with pytest.raises(ValueError, match="not in one piece"):
        Piece("bad", {(0, 0), (1, 1)})  # touching at a corner only
    with pytest.raises(ValueError, match="'bad'"):
        Piece("bad", {(0, 0), (0, 2)})
    with pytest.raises(ValueError, match="no cells"):
        Piece("empty", frozenset())


def test_piece_fields():
    piece = Piece("Q", [(0, 0), (0, 1)], [(0, 0)], flip=False, region=[(5, 5)])
    assert piece.cells == frozenset({(0, 0), (0, 1)})
    assert piece.pegs == frozenset({(0, 0)})
    assert piece.region == frozenset({(5, 5)})
    assert piece.size == 2
    assert Piece("Q", {(0, 0), (0, 1)}, {(0, 0)}, flip=False) == piece  # the region is not compared


def test_orientation_moved_and_size():
    o = Orientation(((0, 0), (0, 1), (1, 1)), ((0, 2),))
    assert (o.height, o.width) == (2, 2)
    assert o.moved(3, 4) == (((3, 4), (3, 5), (4, 5)), ((3, 6),))


# -- parse_picture and the transforms --------------------------------------------------------------------------


def test_parse_picture():
    assert parse_picture([".#", "##"]) == {(0, 1), (1, 0), (1, 1)}
    assert parse_picture(["X.X", "XXX"]) == {(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)}
    assert parse_picture(["# #", "   ", "..#   "]) == {(0, 0), (0, 2), (2, 2)}
    assert parse_picture(["a\tb"]) == {(0, 0), (0, 2)}
    assert parse_picture([]) == frozenset()
    assert parse_picture(["...", "   "]) == frozenset()


def test_transforms_are_the_eight_symmetries_of_the_square():
    assert len(set(TRANSFORMS)) == 8
    assert TRANSFORMS[0] == (1, 0, 0, 1)
    for k, (a, b, c, d) in enumerate(TRANSFORMS):
        assert (a * a + c * c, b * b + d * d, a * b + c * d) == (1, 1, 0)  # orthogonal
        assert a * d - b * c == (1 if k < 4 else -1)  # the first four keep handedness
    # The first four are the powers of the quarter turn.
    point = (1, 2)
    images = [point]
    for _ in range(3):
        images.append(transform_point(TRANSFORMS[1], *images[-1]))
    assert images == [transform_point(t, *point) for t in TRANSFORMS[:4]]
    assert {transform_point(t, 1, 2) for t in TRANSFORMS} == {
        (1, 2),
        (2, 1),
        (-1, 2),
        (2, -1),
        (1, -2),
        (-2, 1),
        (-1, -2),
        (-2, -1),
    }
