"""Board geometry: cells, pairs and the tables the engine reads."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa import Board, cell_name
from dominosa.board import column_name, rename_cells, row_name


def test_a_cell_is_named_in_each_languages_letters():
    # row/column: Zeile/Spalte, ligne/colonne, fila/columna
    assert [cell_name((3, 6), lang) for lang in ("en", "de", "fr", "es")] == ["r4c7", "Z4S7", "L4C7", "F4C7"]
    assert (row_name(0, "de"), column_name(9, "fr"), row_name(11, "es")) == ("Z1", "C10", "F12")
    # The engine's English names, named again: whole names only, whatever surrounds them.
    assert rename_cells("r4c7-r4c8 (5), r12c3 and r1c10.", "de") == "Z4S7-Z4S8 (5), Z12S3 and Z1S10."
    assert rename_cells("order4c7 r4c7x r4c7", "fr") == "order4c7 r4c7x L4C7"
    assert rename_cells("r4c7", "en") == "r4c7"


def test_cell_names_count_from_one():
    assert cell_name((0, 0)) == "r1c1"
    assert cell_name((6, 2)) == "r7c3"


def test_rectangle_has_every_adjacent_pair_once():
    board = Board.rectangle(4, 5)
    assert len(board) == 20 and board.rows == 4 and board.cols == 5
    assert board.is_rectangle
    assert len(board.pairs) == 4 * 4 + 5 * 3
    assert all(a < b for a, b in board.pairs)
    assert board.pair_index == {pair: k for k, pair in enumerate(board.pairs)}


def test_equal_cell_sets_share_one_board():
    cells = [(0, 0), (0, 1)]
    assert Board.from_cells(cells) is Board.from_cells(reversed(cells))
    assert Board.rectangle(1, 2) is Board.from_cells(cells)


def test_board_with_holes():
    #  a b .
    #  c d e
    board = Board.from_cells([(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)])
    assert not board.is_rectangle
    assert (0, 2) not in board and (1, 2) in board
    assert board.pair_of((0, 1), (0, 2)) is None
    assert board.pair_of((1, 2), (1, 1)) == board.pair_of((1, 1), (1, 2))
    assert board.pair_cells(board.pair_of((1, 1), (1, 2))) == ((1, 1), (1, 2))
    assert board.pair_name(board.pair_of((0, 0), (1, 0))) == "r1c1-r2c1"
    assert repr(board) == "<Board 5 cells in 2x3>"


def test_cells_not_adjacent_are_no_pair():
    board = Board.rectangle(3, 3)
    assert board.pair_of((0, 0), (1, 1)) is None
    assert board.pair_of((0, 0), (0, 2)) is None
    assert board.pair_of((0, 0), (5, 5)) is None


def test_bad_boards_are_refused():
    with pytest.raises(ValueError, match="negative"):
        Board.from_cells([(0, -1), (0, 0)])
    with pytest.raises(ValueError, match="at least one row"):
        Board.rectangle(0, 3)


def test_board_pickles_to_the_shared_instance():
    board = Board.from_cells([(0, 0), (0, 1), (1, 1), (2, 1)])
    assert pickle.loads(pickle.dumps(board)) is board


@settings(max_examples=60, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=40))
def test_tables_agree_with_each_other(cells):
    board = Board.from_cells(cells)
    assert set(board.cells) == cells and list(board.cells) == sorted(cells)
    for k, (a, b) in enumerate(board.pairs):
        (ra, ca), (rb, cb) = board.cells[a], board.cells[b]
        assert abs(ra - rb) + abs(ca - cb) == 1
        assert k in board.cell_pairs[a] and k in board.cell_pairs[b]
        assert b in board.neighbours[a] and a in board.neighbours[b]
    for i, (r, c) in enumerate(board.cells):
        around = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & cells
        assert {board.cells[j] for j in board.neighbours[i]} == around
        assert len(board.cell_pairs[i]) == len(around)


def test_a_board_in_use_stays_shared_after_the_cache_drops_it():
    held = Board.rectangle(3, 5)
    for k in range(1, 600):  # more boards than the cache keeps
        Board.from_cells([(0, c) for c in range(k)])
    assert Board.from_cells((r, c) for r in range(3) for c in range(5)) is held
    assert Board.rectangle(3, 5) is held
