"""Solution counting: how many solutions a puzzle (or a partly solved position) has, up to a limit.

This is the generator's hot path (proving a puzzle proper means counting its solutions up to 2), so it does not
go through the rule functions of :mod:`dominosa.deductions.rules` one deduction at a time. The engine under it is
in three modules, each with one job:

- :mod:`dominosa.deductions.node`: a position on flat arrays (:class:`Node`) and the one body of rules 1-6 that
  propagates it (:func:`propagate_position` makes the counter's start);
- :mod:`dominosa.deductions.probe`: the failed-pair probe (:class:`PairProbe`), shared with grading, and the
  counter's root probing (:func:`probe`);
- :mod:`dominosa.deductions.search`: the conflict-driven search that branches, learns and jumps back (run, where
  the build has a C compiler, by its C core ``deductions/_counter.c``: the same walk on C arrays).

The positions of most generated puzzles are settled by propagation and the root probe, without any search, and
never pay for building it (the figures: ``bench/README.md``, bench_uniqueness). This module and those three are
among those the optional compiled build turns into C with mypyc (:mod:`dominosa.native`). The Python source stays
the reference, run and tested as such; ``tests/test_native.py`` checks that both walk the same search, node for
node. What the compiled build gains is measured by ``bench/bench_counting_tail.py`` (figures in
``bench/README.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from dominosa.deductions.node import DONE, Node, propagate_position
from dominosa.deductions.probe import PairProbe, probe
from dominosa.deductions.search import OutOfNodes, SearchStats, search_solutions
from dominosa.deductions.search_watch import searched
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "DONE",
    "CountResult",
    "Node",
    "PairProbe",
    "SearchStats",
    "count_from_position",
    "count_position_pairs",
    "count_solutions",
    "count_solution_pairs",
    "is_unique",
    "probe",
    "propagate_position",
    "solutions",
    "solve",
]


@dataclass
class CountResult:
    """The outcome of counting.

    ``count`` solutions were found; ``complete`` says whether that is all of them (False when the limit or the
    time ran out first); ``solutions`` holds them as :class:`Solution` values when they were asked for.
    """

    count: int
    complete: bool
    solutions: list[Solution] = field(default_factory=list)
    timed_out: bool = False
    stats: SearchStats = field(default_factory=SearchStats)
    out_of_nodes: bool = False

    @property
    def unique(self) -> bool:
        return self.count == 1 and self.complete



def count_solutions(
    puzzle: Puzzle,
    max_solutions: int | None = None,
    *,
    keep_solutions: bool = False,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> CountResult:
    """Count the solutions of a puzzle, up to ``max_solutions`` if given.

    Parameters
    ----------
    puzzle : the puzzle (clues are respected).
    max_solutions : stop after this many; 2 is enough to prove a puzzle proper or not.
    keep_solutions : also return the solutions found.
    timeout : seconds; when they run out the result says ``timed_out`` and is not complete.
    max_nodes : a budget of search nodes; when it runs out the result says ``out_of_nodes`` and is not
        complete. Unlike a timeout, the same budget gives the same answer on every machine.

    Returns
    -------
    CountResult with ``count``, ``complete`` and, if asked for, ``solutions``.

    Notes
    -----
    Propagation costs time linear in the pairs it changes; the search branches on the most constrained cell or
    domino. Proper random puzzles rarely need more than a few branches.

    Examples
    --------
    A count to two proves a puzzle proper (the README's puzzle) or not (two dominoes that can swap):

    >>> from dominosa import read_puzzle
    >>> found = count_solutions(read_puzzle("3:22223101012330103310"), 2)
    >>> found.count, found.complete
    (1, True)
    >>> found = count_solutions(read_puzzle("1:001011"), 2)
    >>> found.count, found.complete
    (2, False)
    """
    return count_from_position(
        puzzle,
        (),
        (),
        max_solutions=max_solutions,
        keep_solutions=keep_solutions,
        timeout=timeout,
        max_nodes=max_nodes,
    )


def count_from_position(
    puzzle: Puzzle,
    joined: Iterable[int],
    split: Iterable[int],
    *,
    max_solutions: int | None = None,
    keep_solutions: bool = False,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> CountResult:
    """Count the solutions that extend a partly solved position (pairs ``joined`` and ``split``).

    Same as :func:`count_solutions` otherwise.
    """
    found: list[list[int]] = []
    result = _counted(puzzle, joined, split, max_solutions, keep_solutions, timeout, max_nodes, found)
    board = puzzle.board
    result.solutions = [Solution.from_pairs(board, pairs) for pairs in found]
    return result


def count_solution_pairs(
    puzzle: Puzzle, max_solutions: int | None = None, *, max_nodes: int | None = None
) -> tuple[CountResult, list[list[int]]]:
    """:func:`count_solutions` keeping the solutions as the engine's joined pairs (ascending pair indices) rather
    than as :class:`Solution` values (the result's ``solutions`` stay empty): for the generator, which compares
    them with its layout's tiles, pairs of cell indices as the board's pairs are."""
    found: list[list[int]] = []
    return _counted(puzzle, (), (), max_solutions, True, None, max_nodes, found), found


def count_position_pairs(
    puzzle: Puzzle, joined: Iterable[int], split: Iterable[int], max_solutions: int | None = None
) -> tuple[CountResult, list[list[int]]]:
    """:func:`count_from_position` keeping the solutions as the engine's joined pairs (see
    :func:`count_solution_pairs`): for trial and error, which keeps one to answer later guesses without a search
    (:mod:`dominosa.deductions.known_solutions`). The same search, node for node."""
    found: list[list[int]] = []
    return _counted(puzzle, joined, split, max_solutions, True, None, None, found), found


def _counted(
    puzzle: Puzzle,
    joined: Iterable[int],
    split: Iterable[int],
    max_solutions: int | None,
    keep: bool,
    timeout: float | None,
    max_nodes: int | None,
    found: list[list[int]],
) -> CountResult:
    """The count of :func:`count_from_position`, each solution's joined pairs put in ``found`` if ``keep``."""
    stats = SearchStats()
    count = 0
    it = search_solutions(puzzle, keep, timeout, stats, joined, split, max_nodes)
    try:
        for pairs in it:
            count += 1
            if pairs is not None:
                found.append(pairs)
            if max_solutions is not None and count >= max_solutions:
                return CountResult(count, False, [], False, stats)
    except TimeoutError:
        return CountResult(count, False, [], True, stats)
    except OutOfNodes:
        return CountResult(count, False, [], False, stats, out_of_nodes=True)
    finally:
        searched(stats.nodes, True)
    return CountResult(count, True, [], False, stats)


def solutions(puzzle: Puzzle, *, timeout: float | None = None) -> Iterator[Solution]:
    """Every solution of the puzzle, one at a time (raises ``TimeoutError`` if the time runs out)."""
    board = puzzle.board
    stats = SearchStats()
    try:
        for pairs in search_solutions(puzzle, True, timeout, stats):
            assert pairs is not None
            yield Solution.from_pairs(board, pairs)
    finally:
        searched(stats.nodes, True)


def solve(puzzle: Puzzle, *, timeout: float | None = None) -> Solution | None:
    """One solution of the puzzle, or None if it has none."""
    result = count_solutions(puzzle, 1, keep_solutions=True, timeout=timeout)
    return result.solutions[0] if result.solutions else None


def is_unique(puzzle: Puzzle) -> bool:
    """True when the puzzle has exactly one solution (it is proper)."""
    return count_solutions(puzzle, 2).count == 1
