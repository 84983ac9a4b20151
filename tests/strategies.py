"""Hypothesis strategies shared by the test suite: random boards, layouts and puzzles.

Every strategy draws an integer seed and builds from ``random.Random(seed)`` with the generator's own layout
code, so a failing example shrinks towards small orders and small seeds and is replayed exactly from the seed
shown in the report. Generation stays in the milliseconds up to order 20.

Import from a test module beside this one::

    from strategies import layouts

    @given(layouts(max_order=7, clues=True))
    def test_something(layout):
        puzzle, solution = layout
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from dominosa import Board, Puzzle, Solution
from dominosa.generator.layouts import random_irregular_board, random_layout

__all__ = ["seeds", "boards", "layouts", "puzzles"]

Layout = tuple[Puzzle, Solution]


def seeds() -> st.SearchStrategy[int]:
    """Seeds for ``random.Random``: shrink towards 0."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def _check_orders(min_order: int, max_order: int) -> None:
    if not 0 <= min_order <= max_order:
        raise ValueError(f"need 0 <= min_order <= max_order, not {min_order} and {max_order}")


@st.composite
def _boards(draw: st.DrawFn, min_order: int, max_order: int, irregular: bool | None) -> Board:
    order = draw(st.integers(min_value=min_order, max_value=max_order))
    holed = draw(st.booleans()) if irregular is None else irregular
    if not holed:
        return Board.rectangle(order + 1, order + 2)
    rng = random.Random(draw(seeds()))
    return random_irregular_board(order, rng, holes=rng.choice((0.15, 0.3, 0.45)))


def boards(min_order: int = 1, max_order: int = 12, irregular: bool | None = None) -> st.SearchStrategy[Board]:
    """Boards with (n+1)(n+2) cells for an order n in the range, all of which have a tiling.

    Parameters
    ----------
    min_order, max_order : int
        The range of n.
    irregular : bool or None
        True for boards with holes only, False for standard rectangles only, None for both.
    """
    _check_orders(min_order, max_order)
    return _boards(min_order, max_order, irregular)


@st.composite
def _layouts(draw: st.DrawFn, min_order: int, max_order: int, irregular: bool | None, clues: bool) -> Layout:
    board = draw(boards(min_order, max_order, irregular))
    rng = random.Random(draw(seeds()))
    puzzle, solution = random_layout(board, rng)
    if clues:
        how_many = draw(st.integers(min_value=1, max_value=len(solution)))
        puzzle = puzzle.with_clues(rng.sample(solution.placements, how_many))
    return puzzle, solution


def layouts(
    min_order: int = 1, max_order: int = 12, irregular: bool | None = None, clues: bool = False
) -> st.SearchStrategy[Layout]:
    """Random layouts: a puzzle and its hidden solution, full domino set, no trivially ambiguous 2x2 square.

    Parameters
    ----------
    min_order, max_order : int
        The range of the order n; the board has (n+1)(n+2) cells.
    irregular : bool or None
        True for boards with holes only, False for standard rectangles only, None for both.
    clues : bool
        If True, between one and all of the solution's placements are given as clues.

    Returns
    -------
    strategy of (Puzzle, Solution)
        The hidden solution is always a solution of the puzzle (it need not be the only one).
    """
    _check_orders(min_order, max_order)
    return _layouts(min_order, max_order, irregular, clues)


def puzzles(
    min_order: int = 1, max_order: int = 12, irregular: bool | None = None, clues: bool = False
) -> st.SearchStrategy[Puzzle]:
    """Random puzzles with at least one solution: the puzzles of :func:`layouts`, without their solution."""
    return layouts(min_order, max_order, irregular, clues).map(lambda layout: layout[0])
