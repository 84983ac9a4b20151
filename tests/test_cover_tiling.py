"""Tests for solving tiling puzzles by exact cover: count_tilings, tilings, first_tiling and tally on small packings
(limits and the complete flag, both methods agreeing, every tiling checked cell by cell, counts up to symmetry equal
to the number of classes found here by moving whole tilings, tallies that add up to the count) and their errors."""

from __future__ import annotations

import random

import pytest
from cover_cases import random_partition, square_maps
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dominosa.cover.exact_cover import CoverCount
from dominosa.cover.tiling import (
    METHODS,
    PackingCover,
    count_tilings,
    first_tiling,
    packing_cover,
    tally,
    tilings,
)
from dominosa.errors import PuzzleError
from dominosa.tiling import Packing, Piece, PiecePlacement, read_packing

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def corners_of(cells) -> set[tuple[int, int]]:
    return {(r + a, c + b) for r, c in cells for a in (0, 1) for b in (0, 1)}


def moves(packing: Packing) -> list:
    """The eight symmetries of the box around the board's cells, each as (cell map, corner map); on a box that is
    not square the quarter turns and diagonal mirrors take it off itself (and are then not symmetries of any
    tiling). A board whose cells start below row 0 or right of column 0 turns about its own box."""
    top = min(r for r, _ in packing.cells)
    left = min(c for _, c in packing.cells)
    h = max(r for r, _ in packing.cells) - top
    w = max(c for _, c in packing.cells) - left

    def shifted(point_map, r: int, c: int) -> tuple[int, int]:
        y, x = point_map(r - top, c - left)
        return y + top, x + left

    return [
        (lambda r, c, f=cell_map: shifted(f, r, c), lambda i, j, f=corner_map: shifted(f, i, j))
        for cell_map, corner_map in zip(square_maps(h, w), square_maps(h + 1, w + 1), strict=True)
    ]


def form(tiling) -> frozenset:
    return frozenset((p.piece, p.cells, p.pegs) for p in tiling.placements)


def moved(shape: frozenset, move) -> frozenset:
    cell_map, corner_map = move
    return frozenset(
        (name, tuple(sorted(cell_map(*c) for c in cells)), tuple(sorted(corner_map(*p) for p in pegs)))
        for name, cells, pegs in shape
    )


def classes(packing: Packing, found: list) -> set[frozenset]:
    """The classes of the tilings under the symmetries of the box that take every tiling to a tiling."""
    forms = {form(t) for t in found}
    allowed = [m for m in moves(packing) if all(moved(f, m) in forms for f in forms)]
    return {frozenset(moved(f, m) for m in allowed) for f in forms}


@st.composite
def packings(draw):
    """A random rectangle (sometimes with a square or two left out) cut into named pieces, some with pegs that
    must fill the board's circles, some not allowed to flip. It has at least the tiling it was cut from."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    if draw(st.booleans()):
        cells -= set(rng.sample(sorted(cells), min(2, len(cells) - 1)))
    pegged = draw(st.booleans())
    pieces, taken = [], set()
    for k, part in enumerate(random_partition(cells, rng, smallest=draw(st.integers(2, 3)))):
        free = sorted(corners_of(part) - taken)
        pegs = rng.sample(free, min(len(free), rng.randint(0, 2))) if pegged else []
        taken.update(pegs)
        pieces.append(Piece(f"{k}", part, pegs, flip=rng.random() < 0.8))
    packing = Packing(frozenset(cells), tuple(pieces), frozenset(taken), title="random")
    assume(count_tilings(packing, limit=1000).complete)  # many small pieces can be named in too many ways
    return packing


# -- agreement, validity and symmetry on random packings ---------------------------------------------------------


@PROPERTY
@given(packings())
def test_methods_agree_and_every_tiling_checks(packing):
    by_method = {method: list(tilings(packing, method=method)) for method in METHODS}
    found = by_method["bitmask"]
    assert found  # the tiling the pieces were cut from, at least
    assert len({form(t) for t in found}) == len(found) == len(by_method["dlx"])
    assert {form(t) for t in found} == {form(t) for t in by_method["dlx"]}
    # On a symmetric board tilings() lists the classes turned round; a plain search of the cover problem, with no
    # symmetry work, must find the same tilings.
    cover = PackingCover(packing)
    plain = [cover.tiling(rows) for rows in cover.solutions()]
    assert len(plain) == len(found) and {form(t) for t in plain} == {form(t) for t in found}
    for tiling in found:
        assert tiling.problems() == []
    for method in METHODS:
        assert count_tilings(packing, method=method) == CoverCount(len(found), True)
        assert first_tiling(packing, method=method) in found


@PROPERTY
@given(packings())
def test_up_to_symmetry_counts_the_classes(packing):
    cover = PackingCover(packing)
    found = list(tilings(cover))
    kinds = classes(packing, found)
    for method in METHODS:
        reduced = list(tilings(cover, up_to_symmetry=True, method=method))
        assert count_tilings(cover, up_to_symmetry=True, method=method) == CoverCount(len(kinds), True)
        kind_of = {f: kind for kind in kinds for f in kind}
        hit = [kind_of[form(t)] for t in reduced]
        assert len(set(hit)) == len(hit) == len(kinds)
        for tiling in reduced:
            assert tiling.problems() == []


@PROPERTY
@given(packings(), st.integers(0, 6))
def test_limit_and_the_complete_flag(packing, limit):
    total = count_tilings(packing).count
    for method in METHODS:
        assert count_tilings(packing, limit=limit, method=method) == CoverCount(min(total, limit), total < limit)
    assert count_tilings(packing, limit=None) == CoverCount(total, True)


@PROPERTY
@given(packings(), st.data())
def test_tally_adds_up_to_the_count(packing, data):
    names = [p.name for p in packing.pieces]
    chosen = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True), label="pieces")
    found = list(tilings(packing))
    for method in METHODS:
        counts = tally(packing, chosen, method=method)
        assert sum(counts.values()) == len(found)
        expected: dict = {}
        for tiling in found:
            where = {p.piece: p.cells for p in tiling.placements}
            key = tuple(where[name] for name in chosen)
            expected[key] = expected.get(key, 0) + 1
        assert dict(counts) == expected


# -- small packings with known answers ----------------------------------------------------------------------------

# A 2x3 box and three dominoes a, b, c: 3 domino tilings of the box, times 3! ways to name the dominoes.
DOMINOES = Packing(
    frozenset((r, c) for r in range(2) for c in range(3)),
    tuple(Piece(name, {(0, 0), (0, 1)}) for name in "abc"),
)


def test_dominoes_in_a_2x3_box():
    assert count_tilings(DOMINOES) == (18, True)
    assert count_tilings(DOMINOES, limit=18) == (18, False)
    assert count_tilings(DOMINOES, limit=19) == (18, True)
    assert count_tilings(DOMINOES, limit=0) == (0, False)
    # The box has 4 symmetries. The three vertical dominoes: the left-right mirror swaps the outer two and no
    # symmetry fixes a naming (the half turn does the same), 6 namings / 2 = 3 classes. Two horizontal dominoes
    # stacked beside a vertical one (on the left or the right): 2 tilings x 6 namings = 12, in classes of 4: 3.
    assert count_tilings(DOMINOES, up_to_symmetry=True) == (6, True)
    assert len(PackingCover(DOMINOES).symmetry) == 4


def test_tally_of_the_dominoes():
    counts = tally(DOMINOES, ["a"])
    assert sum(counts.values()) == 18
    # Domino a lies on each of the 7 domino positions of the box; by the symmetry of the names, each
    # position is used by a as often as by b or c: a third of its uses.
    assert counts[(((0, 0), (1, 0)),)] == 2 * 2  # the left vertical: the rest is a 2x2 (2 ways), names 2 ways
    assert counts[(((0, 1), (1, 1)),)] == 1 * 2  # the middle vertical: the rest is two verticals
    both = tally(DOMINOES, ["a", "b"])
    assert sum(both.values()) == 18
    assert all(len(key) == 2 and not set(key[0]) & set(key[1]) for key in both)


def test_no_tiling():
    packing = Packing(frozenset({(0, 0), (0, 1), (0, 2)}), (Piece("d", {(0, 0), (0, 1)}),))
    assert packing.mismatch() is not None
    assert first_tiling(packing) is None
    assert count_tilings(packing) == (0, True)
    assert count_tilings(packing, up_to_symmetry=True) == (0, True)
    assert list(tilings(packing, method="dlx")) == []
    assert sum(tally(packing, ["d"]).values()) == 0


def test_a_chiral_piece_that_may_not_flip_breaks_the_mirrors():
    # An L tetromino that may not flip and a domino in a 2x3 box: the mirrors are no symmetries any more.
    ell = Piece("L", {(0, 0), (1, 0), (1, 1), (1, 2)}, flip=False)
    dot = Piece("d", {(0, 0), (0, 1)})
    box = frozenset((r, c) for r in range(2) for c in range(3))
    packing = Packing(box, (ell, dot))
    cover = PackingCover(packing)
    assert len(cover.symmetry) == 2  # the identity and the half turn
    found = list(tilings(cover))
    assert count_tilings(cover, up_to_symmetry=True).count == len(classes(packing, found))
    flipping = PackingCover(Packing(box, (Piece("L", ell.cells), dot)))
    assert len(flipping.symmetry) == 4


def test_a_region_breaks_the_symmetry():
    box = frozenset((r, c) for r in range(2) for c in range(2))
    pieces = (Piece("m", {(0, 0)}, region={(0, 0)}), Piece("t", {(0, 0), (1, 0), (1, 1)}))
    cover = PackingCover(Packing(box, pieces))
    assert len(cover.symmetry) == 2  # only the identity and the mirror in the main diagonal keep (0, 0)
    assert count_tilings(cover) == (1, True)
    assert count_tilings(cover, up_to_symmetry=True) == (1, True)


def test_packing_cover_rows_are_the_placements():
    cover = packing_cover(DOMINOES)
    assert isinstance(cover, PackingCover)
    assert len(cover.row_columns) == len(cover.placements) == len(DOMINOES.placements) == 3 * 7
    assert cover.n_primary == len(cover.columns) == 6 + 3
    rows = cover.first()
    tiling = cover.tiling(rows)
    assert tiling.problems() == [] and tiling.placements == tuple(sorted(cover.placements[i] for i in rows))
    assert cover.search("dlx") is cover
    assert cover.search("bitmask") is cover.bitmask


def test_pegs_must_fill_the_circles():
    # One domino with a peg on a corner, a 1x2 board whose circle is the top-right corner: it must lie with the
    # peg there.
    packing = Packing(frozenset({(0, 0), (0, 1)}), (Piece("d", {(0, 0), (0, 1)}, {(0, 0)}),), frozenset({(0, 2)}))
    assert [t.placements for t in tilings(packing)] == [(PiecePlacement("d", ((0, 0), (0, 1)), ((0, 2),)),)]


def test_errors():
    with pytest.raises(ValueError, match="unknown method 'fast'"):
        count_tilings(DOMINOES, method="fast")
    with pytest.raises(ValueError, match="method"):
        list(tilings(DOMINOES, method="DLX"))
    with pytest.raises(ValueError, match="method"):
        first_tiling(DOMINOES, method="")
    with pytest.raises(ValueError, match="'z' is not a piece"):
        tally(DOMINOES, ["a", "z"])
    with pytest.raises(ValueError, match="limit"):
        count_tilings(DOMINOES, limit=-1)


def test_a_peg_must_sit_on_a_corner_of_its_own_piece():
    # A peg off the piece would break the search's rule that an empty circle whose cells are all covered can no
    # longer be pegged; it is refused where the piece is made, and by the reader with the piece's line.
    with pytest.raises(ValueError, match="peg at 0,0, which is not a corner of its cells"):
        Piece("b", {(0, 1), (0, 2)}, {(0, 0)})
    with pytest.raises(PuzzleError) as caught:
        read_packing("board:\n. . . .\ncircles: 0,1\npiece a:\n##\npiece b:\n.##\npegs: 0,0\n")
    assert caught.value.line == 6 and "not a corner" in str(caught.value)
