"""Tests for the tiling puzzle reader: every part of the text format (title, board tokens, labels and '-', circles
as 'all' or a list, pieces with 'no flip' and pegs, comments), a round trip of the bundled files through a writer
kept here, and bad input: each error a PuzzleError with the line it is about and a message naming the fault."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa.errors import PuzzleError
from dominosa.tiling import BUNDLED, Packing, Piece, bundled, read_packing


def write_packing(packing: Packing) -> str:
    """The packing in the reader's format, written independently of the reader (for round trips)."""
    lines = []
    if packing.title:
        lines += [f"title: {packing.title}", ""]
    lines.append("board:")
    for r in range(packing.rows):
        tokens = []
        for c in range(packing.cols):
            if (r, c) not in packing.cells:
                tokens.append("-")
            else:
                tokens.append(packing.labels.get((r, c), "."))
        lines.append(" ".join(tokens))
    lines.append("")
    if packing.circles:
        lines += ["circles: " + " ".join(f"{i},{j}" for i, j in sorted(packing.circles)), ""]
    for piece in packing.pieces:
        lines.append(f"piece {piece.name}:" if piece.flip else f"piece {piece.name}, no flip:")
        height = max(r for r, _ in piece.cells) + 1
        width = max(c for _, c in piece.cells) + 1
        for r in range(height):
            lines.append("".join("#" if (r, c) in piece.cells else "." for c in range(width)))
        if piece.pegs:
            lines.append("pegs: " + " ".join(f"{i},{j}" for i, j in sorted(piece.pegs)))
        lines.append("")
    return "\n".join(lines)


def same(a: Packing, b: Packing) -> bool:
    return (a.cells, a.pieces, a.circles, dict(a.labels), a.title) == (
        b.cells,
        b.pieces,
        b.circles,
        dict(b.labels),
        b.title,
    )


EXAMPLE = """\
# A small puzzle: every part of the format.
title: A small puzzle   # the title ends before a comment

board:
Jan .   -   # a label, a plain cell, a square left out
.   .   21
- . .

circles: 0,0 1,1 3,3

piece L:
.#  # a comment after the picture
##
pegs: 0,1

piece S, no flip:
.##
##.

piece dot:
#
pegs: 1,1
"""


def test_every_part_of_the_format():
    packing = read_packing(EXAMPLE)
    assert packing.title == "A small puzzle"
    assert packing.cells == {(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)}
    assert dict(packing.labels) == {(0, 0): "Jan", (1, 2): "21"}
    assert packing.circles == {(0, 0), (1, 1), (3, 3)}
    assert [p.name for p in packing.pieces] == ["L", "S", "dot"]
    ell, ess, dot = packing.pieces
    assert ell == Piece("L", {(0, 1), (1, 0), (1, 1)}, {(0, 1)})
    assert ess == Piece("S", {(0, 1), (0, 2), (1, 0), (1, 1)}, flip=False)
    assert dot == Piece("dot", {(0, 0)}, {(1, 1)})
    assert ell.flip and not ess.flip


def test_circles_all_are_every_corner_of_every_cell():
    packing = read_packing("board:\n. -\n- .\n\ncircles: all\n\npiece a:\n#\n")
    assert packing.circles == {(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)}


@pytest.mark.parametrize("option", ["no flip", "noflip", "fixed", "No Flip"])
def test_no_flip_options(option):
    packing = read_packing(f"board:\n. . .\n\npiece J, {option}:\n#.\n##\n")
    assert packing.pieces[0].flip is False


def test_comments_and_blank_lines():
    text = "# first\n\ntitle: t\n# between\nboard:  # the board\n. .  # two cells\n\n\n# a comment line\npiece d:\n##\n"
    packing = read_packing(text)
    assert packing.title == "t" and packing.cells == {(0, 0), (0, 1)}
    assert packing.pieces == (Piece("d", {(0, 0), (0, 1)}),)


def test_a_comment_after_a_picture_line_that_starts_with_a_cell():
    # The format: "a comment there must be ' #' after the picture". The line "## # ..." is the picture "##"
    # and a comment; it must not be dropped whole as a comment line (which also ends the picture).
    packing = read_packing("board:\n. . .\n\npiece L:\n#.\n## # the foot\n")
    assert packing.pieces[0].cells == {(0, 0), (1, 0), (1, 1)}


def test_a_comment_line_inside_a_piece():
    # A whole-line comment with words is a comment, not part of the picture.
    packing = read_packing("board:\n. . .\n\npiece T:\n# the top row\n###\n")
    assert packing.pieces[0].cells == {(0, 0), (0, 1), (0, 2)}


def test_sections_follow_each_other_without_blank_lines():
    packing = read_packing("board:\n. .\npiece a:\n#\npiece b:\n#\ncircles: 0,0\ntitle: x\n")
    assert packing.cells == {(0, 0), (0, 1)}
    assert [p.name for p in packing.pieces] == ["a", "b"]
    assert packing.circles == {(0, 0)} and packing.title == "x"


# -- round trips ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_files_round_trip(name):
    packing = bundled(name)
    again = read_packing(write_packing(packing))
    assert same(again, packing)
    assert read_packing(write_packing(again)) == again


def test_bundled_files_say_what_they_should():
    pentominoes = bundled("pentominoes")
    assert len(pentominoes.cells) == 60 and (pentominoes.rows, pentominoes.cols) == (6, 10)
    assert [p.name for p in pentominoes.pieces] == list("FILNPTUVWXYZ")
    assert pentominoes.mismatch() is None
    calendar = bundled("calendar")
    assert len(calendar.cells) == 12 + 31
    assert sorted(calendar.labels.values()) == sorted(
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        + [str(d) for d in range(1, 32)]
    )
    assert sum(p.size for p in calendar.pieces) == 43 - 2
    dominopeg = bundled("dominopeg")
    assert len(dominopeg.cells) == 24 and len(dominopeg.circles) == 35 and len(dominopeg.pieces) == 12
    assert sum(len(p.pegs) for p in dominopeg.pieces) == 30
    with pytest.raises(KeyError):
        bundled("sudoku")


@st.composite
def packings(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    cells = draw(st.sets(st.sampled_from(squares), min_size=1))
    labels = draw(st.dictionaries(st.sampled_from(sorted(cells)), st.sampled_from(["Jan", "21", "x", "7"]), max_size=3))
    corners_of_cells = sorted({(r + a, c + b) for r, c in cells for a in (0, 1) for b in (0, 1)})
    circles = draw(st.sets(st.sampled_from(corners_of_cells), max_size=4))
    n = draw(st.integers(1, 3))
    pieces = []
    for k in range(n):
        length = draw(st.integers(1, 4))
        vertical = draw(st.booleans())
        shape = {(i, 0) if vertical else (0, i) for i in range(length)}
        corners = sorted({(r + a, c + b) for r, c in shape for a in (0, 1) for b in (0, 1)})
        pegs = draw(st.sets(st.sampled_from(corners), max_size=2))
        pieces.append(Piece(f"p{k}", shape, pegs, draw(st.booleans())))
    title = draw(st.sampled_from(["", "a title", "Week 3: hard"]))
    return Packing(frozenset(cells), tuple(pieces), frozenset(circles), labels, title)


@settings(max_examples=40, deadline=None)
@given(packings())
def test_random_packings_round_trip(packing):
    assert same(read_packing(write_packing(packing)), packing)


# -- bad input -----------------------------------------------------------------------------------------------------


def error_of(text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        read_packing(text, "bad.txt")
    return caught.value


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("pieces:\n#\n", 1, "outside any section"),
        ("title: t\nhello\nboard:\n.\n", 2, "'hello'"),
        ("board:\n. .\n\n. .\npiece a:\n##\n", 4, "outside any section"),
        ("board:\n.\n\ncircles: 0,0 1;1\npiece a:\n#\n", 4, "'1;1' is not a corner"),
        ("board:\n.\n\npiece a:\n#\npegs: 0,0 x\n", 6, "'x' is not a corner"),
        ("board:\n. . .\n\npiece a:\n#.#\n", 4, "not in one piece"),
        ("board:\n. .\n\npiece a:\n#\n\nboard:\n. .\n", 7, "board is given twice"),
        ("board:\n.\n\npiece a:\n\npiece b:\n#\n", 4, "piece a has no cells"),
        ("board:\n.\n\npiece a, upside down:\n#\n", 4, "unknown piece option"),
        ("board:\n.\n\npiece :\n#\n", 4, "needs a name"),
        ("board:\n- -\n- -\n\npiece a:\n#\n", 2, "no cells"),
        ("title: a\ntitle: b\nboard:\n.\npiece a:\n#\n", 2, "title is given twice (first on line 1)"),
        ("board:\n.\ncircles: all\ncircles: 0,0\npiece a:\n#\n", 4, "circles is given twice"),
    ],
)
def test_errors_name_the_line_and_the_fault(text, line, words):
    error = error_of(text)
    assert error.line == line
    assert words in error.message
    assert str(error).startswith(f"bad.txt: line {line}: ")


def test_missing_board_or_pieces():
    error = error_of("title: t\n\npiece a:\n#\n")
    assert "no board" in error.message and error.source == "bad.txt"
    error = error_of("board:\n. .\n")
    assert "no pieces" in error.message
    assert isinstance(error_of(""), ValueError)  # PuzzleError is a ValueError


def test_duplicate_piece_names_name_the_second_piece():
    error = error_of("board:\n. .\n\npiece a:\n#\n\npiece a:\n#\n")
    assert "'a'" in error.message and "name" in error.message
    assert error.line == 7


def test_the_first_line_of_all_squares_left_out_keeps_its_row():
    # Rows are counted from the first board line, even when it has no cell.
    packing = read_packing("board:\n- -\n. .\n\npiece a:\n##\n")
    assert packing.cells == {(1, 0), (1, 1)}


def test_a_circle_off_the_board_is_refused():
    error = error_of("board:\n. .\ncircles: 0,0 5,5\npiece a:\n##\n")
    assert "circle 5,5 is not a corner of any cell" in error.message
