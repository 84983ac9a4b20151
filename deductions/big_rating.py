"""A big board's grade and path in one step run: how ``rate`` stays within seconds up to order 50 (issue 45).

On a board of more than :data:`BIG_DOMINOES` dominoes the state graph's search (:mod:`~dominosa.deductions.graph`)
never proves a path cheapest within its node budget: its 300 positions are spent on the first single neighbours, and
the path is then completed by the step mode from there, a second grading run as costly as the first. So a big
board's path *is* the grading run's: the step mode (easiest deduction first, bookkeeping folded away) run once, its
deductions the path (``exhaustive`` False, as the completed search's was), its tally the grade. Trial and error
knows the puzzle's solution, found by the count that proves it proper
(:class:`~dominosa.deductions.known_guess.KnownGuess`): the same guesses, no search per guess; and a short
contradictions step splits every one of its position at once
(:func:`~dominosa.deductions.batch_contradiction.every_short_contradiction`), not one a probing pass.

Up to :data:`BIG_DOMINOES` dominoes nothing changes: every small board's rating is the search's, as the records and
fixtures pin it. Above it the path may differ from what the search completed (its first single neighbours taken in
the step mode's order), and the guesses' depth is the proving search's nodes: score version 4
(:data:`~dominosa.deductions.score.SCORE_VERSION`). The run is the given puzzle's, not its canonical form's (the
search's, :mod:`~dominosa.deductions.carrying`): carrying the path back would make its sentences, which ``rate``
reads for the grade's reason, by stepping the whole path again, as costly as the run. So above the size a turned or
renumbered copy may be given another path and score, as its grade's counts are at every size.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial

from dominosa.deductions.batch_contradiction import every_short_contradiction
from dominosa.deductions.counting import count_solution_pairs
from dominosa.deductions.grades import TECHNIQUES, Technique
from dominosa.deductions.grading import PROPER, GradeResult, graded_by_steps, verdict_from
from dominosa.deductions.graph import DeductionPath
from dominosa.deductions.known_guess import KnownGuess
from dominosa.deductions.score import dominoes_to_place
from dominosa.puzzle import Puzzle

__all__ = ["BIG_DOMINOES", "is_big", "big_rating"]

BIG_DOMINOES = 300
"""The most dominoes to place (order 23, a full set) for which ``rate`` searches the state graph; beyond, one step
run gives grade and path (this module)."""


def is_big(puzzle: Puzzle) -> bool:
    """Whether ``rate`` rates the puzzle by one step run (more than :data:`BIG_DOMINOES` dominoes to place).

    >>> from dominosa import read_puzzle
    >>> is_big(read_puzzle("3:22223101012330103310"))
    False
    """
    return dominoes_to_place(puzzle) > BIG_DOMINOES


def big_rating(
    puzzle: Puzzle, verdict: str | None, max_nodes: int | None = 200_000
) -> tuple[str, GradeResult | None, DeductionPath | None]:
    """The verdict, and for a proper puzzle its grade and path, by one count and one step run (see the module).

    The puzzle is counted to two whatever ``verdict`` says (the caller's proof, when it has one, kept no
    solution): the guesses' effort is that count's nodes, the same whoever asks. The grade's ``deductions`` are
    left empty, as ``rate``'s own grade run leaves them; the path holds them.
    """
    result, found = count_solution_pairs(puzzle, 2, max_nodes=None if verdict == PROPER else max_nodes)
    if verdict is None:
        verdict = verdict_from(result)
    if verdict != PROPER or not found:
        return verdict, None, None
    solution = sum(1 << q for q in found[0])
    instead = {Technique.GUESS: KnownGuess(found[0], result.stats.nodes),
               Technique.SHORT_CONTRADICTION: partial(every_short_contradiction, solution=solution)}
    with _collector_paused():
        run = graded_by_steps(puzzle, PROPER, TECHNIQUES, True, True, None, instead)
    steps = run.deductions
    run.deductions = []
    return verdict, run, DeductionPath(steps, sum(_COST[d.rule] for d in steps), False, 0)

_COST = {int(t): t.cost for t in Technique}


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The garbage collector off for the step run, as it was after it.

    The run keeps thousands of short-contradiction witnesses alive (:mod:`~dominosa.deductions.batch_contradiction`)
    and makes few reference cycles, so the collector's sweeps found little and cost a tenth of the run: order 50
    seed 1, 2.25 s with them, 1.9 s without (compiled, same run of the machine). Whatever cycles the run leaves are
    collected by the first sweep after it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
