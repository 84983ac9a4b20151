"""A path found on a puzzle's canonical form, carried back: the given puzzle's own steps, the copy's path the
original's turned the same way."""

from __future__ import annotations

import random

import pytest

from dominosa import Puzzle
from dominosa.canonical import canonical_image
from dominosa.deductions import rate
from dominosa.deductions.driver import walk
from dominosa.deductions.graph import shortest_path
from dominosa.generator.proper import proper_layout


def _turned(puzzle: Puzzle, symmetry: int, renaming: list[int]) -> tuple[Puzzle, dict]:
    """A copy (transposed with symmetry & 4, rows reversed with & 1, columns with & 2, numbers renamed), and where
    each cell of the puzzle lands in it, worked out on coordinates."""
    rows, cols = puzzle.board.rows, puzzle.board.cols
    h, w = (cols, rows) if symmetry & 4 else (rows, cols)
    where = {}
    for r, c in puzzle.board.cells:
        a, b = (c, r) if symmetry & 4 else (r, c)
        if symmetry & 1:
            a = h - 1 - a
        if symmetry & 2:
            b = w - 1 - b
        where[(r, c)] = (a, b)
    numbers = {where[cell]: renaming[v] for cell, v in zip(puzzle.board.cells, puzzle.numbers, strict=True)}
    grid = [[numbers[(a, b)] for b in range(w)] for a in range(h)]
    return Puzzle.from_grid(grid), where


def _joined(puzzle: Puzzle, steps) -> list[tuple[int, frozenset]]:
    """Each step's rule and the cells of the pairs it joins, by coordinates."""
    return [(int(d.rule), frozenset(frozenset(puzzle.board.pair_cells(q)) for q in d.joins)) for d in steps]


@pytest.mark.parametrize(("order", "seed"), [(4, 0), (5, 4), (6, 1), (6, 5)])
def test_a_copys_path_is_the_originals_turned_and_its_steps_are_its_own(order, seed):
    puzzle, _ = proper_layout(order, random.Random(seed))
    original = rate(puzzle)
    expected = _joined(puzzle, original.steps_taken)
    renaming = [(n * 3 + 1) % (order + 1) for n in range(order + 1)]
    if sorted(renaming) != list(range(order + 1)):
        renaming = list(range(order, -1, -1))
    for symmetry in range(8):
        copy, where = _turned(puzzle, symmetry, renaming)
        rating = rate(copy)
        moved = [(rule, frozenset(frozenset(where[c] for c in pair) for pair in pairs)) for rule, pairs in expected]
        assert _joined(copy, rating.steps_taken) == moved, symmetry
        # The steps are the copy's own engine's: made again in order on its start, each is what it says and the
        # last leaves the copy solved; the sentences name the copy's cells.
        replayed = list(walk(copy, rating.steps_taken))
        assert all(r.step.reason for r in replayed)
        assert replayed[-1].after.solved


def test_the_canonical_form_is_its_own_canonical_form():
    # What makes the search see one puzzle whatever copy it is given: the form of the form is the form, its
    # cells in place, so the search runs on it as it is.
    for symmetry in range(8):
        copy, _ = _turned(proper_layout(5, random.Random(2))[0], symmetry, [5, 4, 3, 2, 1, 0])
        image, cells = canonical_image(copy)
        assert canonical_image(image) == (image, tuple(range(len(cells))))


def test_a_path_without_sentences_names_the_given_puzzles_pairs():
    puzzle, _ = proper_layout(6, random.Random(3))
    assert canonical_image(puzzle)[0] != puzzle
    with_words = shortest_path(puzzle, trivial=True)
    bare = shortest_path(puzzle, trivial=True, sentences=False)
    assert [(d.rule, d.joins) for d in bare.steps] == [(d.rule, d.joins) for d in with_words.steps]
