"""Trial and error on a big board, answered by the puzzle's one solution instead of a search per guess.

Rule 7 (:func:`dominosa.deductions.rules.guess`) tries the pairs of the cell with the fewest left, each by a
search, and splits the first that cannot be completed. On a proper puzzle that is the first of them outside its
one solution: which pair the guess splits is known once the solution is, so the step is the same step. What the
searches measured is the guess's *effort* (the nodes of the refuting search; the grade's ``guess_depth`` is the
deepest), and on a board of hundreds of dominoes each such search can be a whole solve, a dozen times a rating
(issue 45: 18 guesses, 30 s of an order-40 rating).

So a big board's rating (:mod:`~dominosa.deductions.big_rating`) measures the effort once: every guess carries the
nodes of the one search that proved the puzzle proper and found its solution (the verdict's count), a bound on
what a solver searches, paid for already. The guesses, their places and the pairs they split are unchanged; only
the depth reads otherwise (docs/architecture.md, "The state graph, the path and the score").
"""

from __future__ import annotations

from collections.abc import Collection

from dominosa.deductions.grades import Technique
from dominosa.deductions.state import Deduction, SolvingState

__all__ = ["KnownGuess"]


class KnownGuess:
    """Rule 7's finder given the puzzle's solution (its joined pairs) and the effort every guess is given.

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.counting import count_solution_pairs
    >>> puzzle = read_puzzle("3:22223101012330103310")
    >>> _, (solution,) = count_solution_pairs(puzzle, 2)
    >>> made = KnownGuess(solution, 7)(SolvingState(puzzle))
    >>> made.rule, made.splits[0] in solution, made.effort
    (7, False, 7)
    """

    def __init__(self, solution: Collection[int], effort: int) -> None:
        self.solution = frozenset(solution)
        self.effort = max(1, effort)

    def __call__(self, s: SolvingState) -> Deduction | None:
        """The guess :func:`~dominosa.deductions.rules.guess` makes at ``s`` (the same cell, the same pair split),
        with the known effort; None on a finished position."""
        t, covered, live = s.tables, s.covered, s.cell_live
        x = -1
        for c in range(t.n_cells):  # the open cell with the fewest pairs left, the lowest among equals
            if not covered[c] and (x < 0 or live[c] < live[x]):
                x = c
        if x < 0:
            return None
        for q in s.live_pairs_of_cell(x):
            if q not in self.solution:
                return Deduction(
                    rule=int(Technique.GUESS),
                    splits=(q,),
                    cells=(x,),
                    domino=t.pair_domino[q],
                    reason=f"Trying the {s.domino_label(t.pair_domino[q])} at {s.pair_label(q)} leads to a "
                    f"contradiction (the puzzle's search took {self.effort} steps), so it is split.",
                    effort=self.effort,
                )
        return None  # every pair left is the solution's: a position the techniques finish without guessing
