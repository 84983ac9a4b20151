"""A solution of each puzzle graded lately, so that trial and error need not search to learn that a pair can be
completed.

Rule 7 (:func:`dominosa.deductions.rules.guess_at`) tries the pairs of a cell in turn, and a pair whose search
finds a solution is not split: that search proves nothing grading reports (its effort is only counted for a
refuted pair), yet on a big board it is a whole solve, once per guess and again on the shortest-path run. A
solution that extends the position and joins the pair answers the same question exactly: the position with the
pair joined has that solution, so its search would find one. Every solution a guess's search finds is kept
here, per puzzle (by its :class:`~dominosa.deductions.tables.Tables`), and the searches of refuted pairs, whose
nodes are the guess's effort, run as before: grades and scores do not move.

A refuted pair's search is kept too, as its node count, under the position it started from (its joined and split
pairs, ascending, as the search is handed them, so the same search): rating grades a puzzle twice (the step run
and the shortest path), and both guess at the same positions, so the second pays for none of those searches.
"""

from __future__ import annotations

from collections.abc import Sequence

from dominosa.deductions.tables import Tables

__all__ = ["completes", "keep_refutation", "keep_solution", "keeping", "refutation_nodes"]

# How many puzzles' solutions are kept (the oldest goes first); as many as the tables' own caches keep.
_KEPT = 64
_solutions: dict[Tables, frozenset[int]] = {}
# The node count of each refuted pair's search, by puzzle, position and pair; as many as a few big boards' guesses.
_REFUTATIONS_KEPT = 256
_refutations: dict[tuple[Tables, tuple[int, ...], tuple[int, ...], int], int] = {}
# Whether solutions are kept and used: off only to measure what they save (bench/bench_big_solve.py --rate).
_on = [True]


def keeping(on: bool) -> None:
    """Keep and use solutions (the default), or not, every guess then searching as before (for a bench's
    reference in the same run); turning it off forgets those kept."""
    _on[0] = on
    if not on:
        _solutions.clear()
        _refutations.clear()


def completes(t: Tables, joined: Sequence[int], split: Sequence[int], q: int) -> bool:
    """True when a solution kept for the puzzle of ``t`` joins pair ``q`` and every pair of ``joined`` and none of
    ``split``: then the position with ``q`` joined can be completed, without a search. False says nothing."""
    solution = _solutions.get(t) if _on[0] else None
    if solution is None or q not in solution:
        return False
    return all(p in solution for p in joined) and not any(p in solution for p in split)


def keep_solution(t: Tables, pairs: Sequence[int]) -> None:
    """Keep ``pairs`` (the joined pairs of a solution of the puzzle of ``t``) for :func:`completes`."""
    if not _on[0]:
        return
    if t not in _solutions and len(_solutions) >= _KEPT:
        del _solutions[next(iter(_solutions))]
    _solutions[t] = frozenset(pairs)


def refutation_nodes(t: Tables, joined: Sequence[int], split: Sequence[int], q: int) -> int:
    """The nodes of the search that refuted pair ``q`` at the position with ``joined`` and ``split`` (ascending),
    if one was kept; else -1."""
    if not _on[0]:
        return -1
    return _refutations.get((t, tuple(joined), tuple(split), q), -1)


def keep_refutation(t: Tables, joined: Sequence[int], split: Sequence[int], q: int, nodes: int) -> None:
    """Keep the node count of the search that refuted pair ``q`` at this position, for :func:`refutation_nodes`."""
    if not _on[0]:
        return
    if len(_refutations) >= _REFUTATIONS_KEPT:
        del _refutations[next(iter(_refutations))]
    _refutations[(t, tuple(joined), tuple(split), q)] = nodes
