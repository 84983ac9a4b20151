"""Dominosa as an exact cover problem: an independent way to count and list the solutions of a puzzle.

The columns are the cells and the dominoes of the set, and each pair of adjacent cells that shows a domino of the
set is a row covering its two cells and that domino. Nothing here knows the rules of :mod:`dominosa.deductions`:
the tests count every puzzle both ways and ask for the same answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from dominosa.cover.exact_cover import ExactCover
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = ["DominosaCover", "dominosa_cover", "count_solutions_exact_cover", "solutions_exact_cover"]


class DominosaCover(ExactCover):
    """The exact cover problem of a Dominosa puzzle: one row per pair that shows a domino of the set.

    Columns are ``("cell", i)`` for every cell index and ``("domino", d)`` for every domino number of the
    puzzle, all primary. :attr:`row_pairs` maps each row to its pair of the board; the clues are forced.
    """

    __slots__ = ("puzzle", "row_pairs", "pair_rows")

    def __init__(self, puzzle: Puzzle) -> None:
        board, pair_domino = puzzle.board, puzzle.pair_domino
        row_pairs = tuple(k for k, d in enumerate(pair_domino) if d >= 0)
        pair_rows = {k: i for i, k in enumerate(row_pairs)}
        n_cells, pairs = len(board.cells), board.pairs
        # Columns by position: cell i is column i, domino d is column n_cells + d.
        rows = tuple((*pairs[k], n_cells + pair_domino[k]) for k in row_pairs)
        columns = tuple(("cell", i) for i in range(n_cells)) + tuple(("domino", d) for d in range(len(puzzle.dominoes)))
        self._setup(columns, len(columns), rows, (pair_rows[k] for k in puzzle.clue_pairs))
        self.puzzle: Puzzle = puzzle
        self.row_pairs: tuple[int, ...] = row_pairs
        self.pair_rows: dict[int, int] = pair_rows

    def solution(self, rows: Iterable[int]) -> Solution:
        """The :class:`~dominosa.Solution` made of these rows."""
        return Solution.from_pairs(self.puzzle.board, (self.row_pairs[i] for i in rows))


def dominosa_cover(puzzle: Puzzle) -> DominosaCover:
    """The exact cover problem whose solutions are the puzzle's solutions.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    DominosaCover
        An :class:`ExactCover` with a primary column per cell and per domino of the set, a row per pair of the
        board that shows a domino of the set (covering its two cells and that domino), and the clues forced.
        ``row_pairs`` turns row indices back into pair indices; ``solution(rows)`` into a ``Solution``.

    Notes
    -----
    O(cells + pairs) to build. Pairs showing a domino outside the set are left out: they can never be used.
    """
    return DominosaCover(puzzle)


def count_solutions_exact_cover(puzzle: Puzzle, limit: int | None = None) -> tuple[int, bool]:
    """Count the puzzle's solutions by exact cover, independently of the rule-based engine.

    Parameters
    ----------
    puzzle : Puzzle
    limit : int or None
        Stop at this many; ``limit=2`` decides whether the puzzle is proper.

    Returns
    -------
    (count, complete) : (int, bool)
        ``complete`` is False when the search stopped at the limit (there may be more solutions).

    Notes
    -----
    Algorithm X with dancing links, see :meth:`ExactCover.tally`; exponential in the worst case, fast in
    practice on puzzles up to a few hundred cells when the limit is small.

    Examples
    --------
    >>> from dominosa import Puzzle
    >>> count_solutions_exact_cover(Puzzle.from_grid([[0, 0, 1], [1, 1, 0]]))
    (1, True)
    """
    count, complete = dominosa_cover(puzzle).tally(limit)
    return count, complete


def solutions_exact_cover(puzzle: Puzzle) -> Iterator[Solution]:
    """Every solution of the puzzle, found by exact cover.

    Parameters
    ----------
    puzzle : Puzzle

    Returns
    -------
    iterator of Solution
        Lazily, in search order; each respects the clues.

    Notes
    -----
    See :meth:`ExactCover.solutions`. Take what you need with ``itertools.islice``: ambiguous puzzles can
    have a great many solutions.
    """
    problem = dominosa_cover(puzzle)
    for rows in problem.solutions():
        yield problem.solution(rows)
