"""Pictures of tilings: every piece filled and named, walls only where pieces meet, open squares and circles
drawn, touching pieces in different fills, and the three writers all accept the diagram."""

from __future__ import annotations

from dominosa.cover.tiling import first_tiling
from dominosa.rendering import render
from dominosa.rendering.scene import MARGIN
from dominosa.rendering.tiling import COLOUR_FILLS, packing_diagram, piece_fills, tiling_diagram
from dominosa.tiling import calendar, dominopeg, pentominoes


def test_every_piece_is_named_once_and_touching_pieces_differ_in_fill():
    tiling = first_tiling(pentominoes.pentomino_box(6, 10))
    picture = tiling_diagram(tiling)
    (names,) = picture.layer("names")
    assert sorted(text for _, _, text in names.items) == sorted("FILNPTUVWXYZ")
    fills = piece_fills(tiling, COLOUR_FILLS)
    owner = tiling.owner
    for (r, c), name in owner.items():
        for nb in ((r + 1, c), (r, c + 1)):
            if nb in owner and owner[nb] != name:
                assert fills[owner[nb]] != fills[name]


def test_walls_separate_pieces_and_seams_join_cells_of_one_piece():
    tiling = first_tiling(pentominoes.pentomino_box(3, 20))
    picture = tiling_diagram(tiling)
    (seams,) = picture.layer("seams")
    (walls,) = picture.layer("walls")
    # A seam for every pair of side-by-side cells of one piece (4 for most pentominoes, 5 for the P with its
    # square); every other edge of the 3x20 grid, and its outline, is a wall.
    owner = tiling.owner
    inside = sum(owner[(r, c)] == owner.get(nb) for (r, c) in owner for nb in ((r + 1, c), (r, c + 1)))
    assert inside == 11 * 4 + 5
    assert len(seams.items) == inside
    inner_edges = 3 * 19 + 2 * 20
    outline = 2 * (3 + 20)
    assert len(walls.items) == inner_edges - inside + outline
    assert picture.width == 20 + 2 * MARGIN and picture.height == 3 + 2 * MARGIN


def test_the_calendar_shows_the_open_month_and_day_in_bold():
    tiling = first_tiling(calendar.date_packing(11, 21))
    (open_labels,) = tiling_diagram(tiling).layer("open")
    assert sorted(text for _, _, text in open_labels.items) == ["21", "Nov"]


def test_dominopeg_draws_thirty_pegs_and_five_rings():
    packing = dominopeg.challenge_packing((0, 7, 14, 21, 28))
    picture = tiling_diagram(first_tiling(packing))
    (pegs,) = picture.layer("pegs")
    (rings,) = picture.layer("rings")
    assert len(pegs.items) == 30 and len(rings.items) == 5
    # The empty board shows every circle as a ring, and no piece.
    board = packing_diagram(packing)
    assert len(board.layer("rings")[0].items) == 35 and not board.layer("names")


def test_every_writer_accepts_a_tiling_picture():
    picture = tiling_diagram(first_tiling(dominopeg.challenge_packing()), style="mono")
    assert render(picture, "png")[:4] == b"\x89PNG"
    assert render(picture, "svg").startswith(b"<svg")
    assert render(picture, "pdf").startswith(b"%PDF")
