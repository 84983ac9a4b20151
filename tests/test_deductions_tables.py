"""The engine's integer tables (deductions/tables.py) are the puzzle's own, and the puzzle's are what they mean."""

from __future__ import annotations

from hypothesis import given, settings
from strategies import layouts

from dominosa import Board, Puzzle, domino
from dominosa.deductions.tables import tables_for


@settings(max_examples=150, deadline=None)
@given(layouts(min_order=0, max_order=12, clues=True))
def test_the_tables_are_the_puzzles_own(layout):
    puzzle, _ = layout
    t = tables_for(puzzle)
    nums = puzzle.numbers
    # the puzzle's table lookup against the definition: the domino each pair shows, by the set's own ids
    ids = puzzle.domino_ids
    assert puzzle.pair_domino == tuple(ids.get(domino(nums[a], nums[b]), -1) for a, b in puzzle.board.pairs)
    assert t.pair_domino == puzzle.pair_domino
    assert t.placements == puzzle.placements
    assert t.clue_pairs == puzzle.clue_pairs
    assert list(zip(t.pair_a, t.pair_b, strict=True)) == list(puzzle.board.pairs)
    for p, (a, b) in enumerate(puzzle.board.pairs):
        assert sorted(t.touching[p]) == sorted({*t.cell_pairs[a], *t.cell_pairs[b]} - {p})


def test_a_partial_set_shows_none_of_the_set_where_no_domino_fits():
    """A set that is not the whole double-n set: pairs showing a domino outside it have none (-1), and a domino
    of the set that the grid never shows has no place."""
    board = Board.rectangle(2, 2)
    puzzle = Puzzle(board, (0, 2, 0, 2), ((0, 0), (2, 2)))
    t = tables_for(puzzle)
    assert t.pair_domino == puzzle.pair_domino
    assert t.placements == puzzle.placements
    assert -1 in t.pair_domino
