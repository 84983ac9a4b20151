"""Logic-first development: how a layout on a big board is made proper without counting its solutions.

On small boards the search proves each layout unique with the solution counter before grading it
(:func:`~dominosa.generator.fitness.develop`). On a big board that proof is most of a search's time: the counter
has to refute every other tiling of a thousand-odd cells, while the grader, given the techniques up to the
target grade, usually finishes the same layout in a fraction of it (see bench/README.md, bench_monster).

Every technique is sound, so a layout that the techniques up to the target solve has exactly one solution: the
grading run is its proof, and no count is needed. Only when the techniques get stuck is the counter asked, from
the stuck position (where most pairs are already decided) and under a small node budget, for a second solution.
If it finds one, the layout is repaired where the two solutions differ (as :func:`develop` repairs it) and
graded again. If it finds none within the budget, the layout is simply above the target (or too hard to tell),
which is all the search needs: it is measured by what the techniques leave unplaced, as a hard or extreme
target's layouts above it always are.

A layout developed this way is proved by logic only, so the puzzle the search picks is proved again by the
independent counter, with no budget, before it is returned (:func:`~dominosa.generator.fitness.finish` does so
on every board this module develops).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from dominosa.board import Board
from dominosa.deductions import (
    PROPER,
    TECHNIQUES,
    Contradiction,
    GradeResult,
    Technique,
    closure_reach,
    count_from_position,
    grade,
    grade_level,
)
from dominosa.dominoes import Domino
from dominosa.generator.mutations import Layout, repair, to_puzzle
from dominosa.puzzle import Puzzle

__all__ = [
    "LOGIC_FIRST_CELLS",
    "STUCK_COUNT_NODES",
    "GUESSING_COUNT_NODES",
    "EXTREME_OFFSPRING",
    "LOGIC_FIRST_CEILING",
    "Developed",
    "Reach",
    "reach",
    "logic_first_board",
    "develop_by_logic",
    "probe_bar",
    "PROBE_STEP",
    "SHORT_LEVEL",
]

LOGIC_FIRST_CELLS = 31 * 32
"""Boards of at least this many cells (double-30 and up) are developed logic-first; smaller ones are counted.

Where it comes from: at order 30 logic-first development is faster than counting at every grade (bench_monster,
bench/README.md), and at the orders the same-seed puzzles cover (5 to 7) it would change which puzzles a seed
makes; the line sits at the double-30 set so that every board up to double-29 makes exactly the puzzles it made
before."""

STUCK_COUNT_NODES = 100
"""The node budget of the count from a stuck position, looking for a second solution to repair.

The repairs it leads to matter (with no count at all the search needs several times the layouts), but most
counts from a stuck position find nothing within any small budget: the counter is then trying to prove a hard
layout unique, which the search does not need. The budget was measured at order 40 (bench/README.md,
bench_monster): 100 nodes made hard puzzles faster than 150 or 200, and 600 found no more repairs than 200."""

GUESSING_COUNT_NODES = 20_000
"""The node budget of the count from where the techniques up to fiendish get stuck, for a guessing target: there
the count is the proof that the layout is proper (so a guessing puzzle) and not only a look for a second
solution; the same budget as a small board's count of a whole layout (``fitness.Budgets.count_nodes``)."""

EXTREME_OFFSPRING = 4
"""Children a generation of a logic-first search for an extreme puzzle (the default search makes 8).

Nearly every layout such a search grades is stuck, and the kept one improves by a few dominoes at a time until a
child is solved outright; with half the children a generation, the search takes a better child as a parent
twice as often. Measured at order 40 (bench/README.md, bench_monster): 2 children made searches give up more
often, and one move a child instead of up to two did not help."""

PROBE_STEP = 10
"""After a full closure that left a child stuck, the next child given one must be this many dominoes closer (by the
shorter closure): :func:`probe_bar`. Without it, order-40 fiendish seed 10 made 16 fiendish rounds that failed at
0.4-1.3 s each (15.5 s of CPU); with it 8.5 s (bench/README.md)."""

FIENDISH, GUESSING = grade_level("fiendish"), grade_level("guessing")
LOGIC_FIRST_CEILING = FIENDISH
"""The techniques a logic-first search grades with when its target is a score range and no grade: every one
short of guessing, the hardest that prove a layout unique by themselves. A layout they leave stuck is measured
by what they leave unplaced, as a graded target's layouts above it are, so such a search climbs toward puzzles
the techniques solve (a guessing puzzle in the range is not looked for on a big board)."""

EXTREME = grade_level("extreme")
SHORT_LEVEL = {FIENDISH: EXTREME, EXTREME: grade_level("basic")}
"""The closure a search for a target grade climbs by (:func:`probe_bar`): the tier below fiendish (the fiendish
round is most of a stuck layout's cost), and basic for extreme (the closure up to basic costs 0.02 s a stuck
order-40 layout against 0.065-0.094 s up to extreme, and places within 5-45 dominoes of it)."""


class Developed(NamedTuple):
    """A layout after logic-first development: the (possibly repaired) layout, the grading run of its last try
    with the techniques up to the target (``graded.level`` is None when they got stuck), the repairs made, and
    where they got stuck: the dominoes they left unplaced and whether the target's own techniques made a step
    before (both 0 for a solved layout). ``stepped`` is False for a layout solved and left unscored
    (``scored=False``): ``graded`` then holds the closure's level and uses, no deductions."""

    layout: Layout
    graded: GradeResult
    repairs: int
    unplaced: int = 0
    at_target: int = 0
    stepped: bool = True


class Reach(NamedTuple):
    """How far the techniques up to a level get on a layout, found by the closure mode (bulk, no steps kept):
    the level that solved it (None: stuck), the joined and split pairs where they stopped, the dominoes they
    left unplaced, and the deductions of the target's own tier they made (non-bookkeeping; a count of the bulk
    batches' deductions, which only says whether there were any); ``uses``, the closure's deductions by rule
    number (each batch's counted whole)."""

    level: int | None
    joined: tuple[int, ...]
    split: tuple[int, ...]
    unplaced: int
    at_target: int
    uses: Mapping[int, int] = MappingProxyType({})


def logic_first_board(board: Board) -> bool:
    """Whether layouts on this board are developed logic-first (and its picked puzzles proved by the counter)."""
    return len(board.cells) >= LOGIC_FIRST_CELLS


def develop_by_logic(
    board: Board,
    dominoes: tuple[Domino, ...],
    layout: Layout,
    rng: random.Random,
    level: int,
    repairs: int,
    *,
    scored: bool = True,
    probe_under: int | None = None,
) -> Developed:
    """Find how far the techniques up to ``level`` get on the layout, repairing it while the counter finds a
    second solution from where they get stuck, at most ``repairs`` times (see the module).

    Each try is the closure mode's run (:func:`reach`): the same level and the same stuck position as the step
    run, since the techniques are persistent, at a fraction of its cost on a big board (a stuck order-40 layout
    up to fiendish: 0.3-0.6 s against 1.8-3.7 s, bench/README.md). Only a layout they solve is graded again
    step by step, for the deductions the score and the chosen puzzle's rating read.

    A guessing target is developed with the techniques up to fiendish: a layout they leave stuck is a guessing
    puzzle once the counter proves it proper from there (:data:`GUESSING_COUNT_NODES`); it comes back graded
    guessing with no deductions (the step run with its guesses costs 8-14 s at order 40, so only the chosen
    puzzle's rating makes it).

    With ``scored`` False (a search for a grade alone, which stops at its first layout of that grade and needs no
    score to tell it from the rest), a layout the closure solves is not stepped at all: it comes back with the
    closure's level (the step run's, the techniques being persistent) and its uses, ``stepped`` False. Its step
    run would cost as much as the closure again (0.1-0.3 s at order 40, up to 3 s at fiendish), and the chosen
    puzzle's rating makes its deductions anyway (``rate``'s one step run on a big board). Below the target the
    search climbs by the closure's uses of the layout's own level (each batch counted whole) instead of the step
    run's: order-40 extreme seed 5 graded 75 such layouts step by step, a third of its time (bench/README.md).

    With ``probe_under`` (an extreme or fiendish target: :func:`probe_bar`), each try is first the shorter
    closure (up to :data:`SHORT_LEVEL` of the target: basic for extreme, extreme for fiendish), and the target's
    own closure is made only when that leaves fewer than ``probe_under`` dominoes unplaced; otherwise the layout
    is stuck where the shorter one left it. A layout the shorter closure solves has the level and uses the full
    one would give it (the higher tiers are asked only where the lower ones are stuck).
    """
    logical = min(level, FIENDISH)  # a guessing target: what the techniques leave, proved by the counter
    upto = tuple(t for t in TECHNIQUES if t.level <= logical)
    probing = probe_under is not None and logical in SHORT_LEVEL
    below = tuple(t for t in TECHNIQUES if t.level <= SHORT_LEVEL[logical]) if probing else ()
    guessing = level == GUESSING
    for made in range(repairs + 1):
        puzzle = to_puzzle(board, dominoes, layout)
        if guessing:
            tried = _guessing_try(board, puzzle, layout, upto)
            if isinstance(tried, Developed):
                return tried._replace(repairs=made)
            if tried is not None:  # a second solution: repaired (or given up) without the fiendish round
                tiles, short = tried
                if made == repairs:
                    return _stuck(layout, made, short)
                layout = repair(board, layout, rng, tiles)
                continue
        short = reach(puzzle, below, logical) if below else None  # the shorter closure (SHORT_LEVEL)
        reached = short
        if short is not None and short.level is None and short.unplaced < (probe_under or 0):
            reached = None  # closer than the population's best: worth the target's own closure
        if reached is None:
            reached = reach(puzzle, upto, logical)
            if short is not None and short.level is None and reached is not None and reached.level is None:
                reached = reached._replace(unplaced=short.unplaced)  # measured as every child is
        if reached is not None and reached.level is not None and not scored:
            return Developed(layout, GradeResult(PROPER, reached.level, dict(reached.uses)), made, stepped=False)
        if reached is None or reached.level is not None:  # solved (or the closure met a contradiction)
            graded = grade(puzzle, techniques=upto, verdict=PROPER, keep_deductions=True, lean=False)
            if graded.level is not None or reached is not None:
                return Developed(layout, graded, made)
            reached = _stuck_in_steps(graded, len(dominoes), logical)
        if made == repairs and not guessing:
            return _stuck(layout, made, reached)
        budget = GUESSING_COUNT_NODES if guessing else STUCK_COUNT_NODES
        other = _second_solution(puzzle, reached, layout, board, budget)
        if isinstance(other, bool):  # no second solution within the budget: proved unique, or not known
            if other and guessing:
                return Developed(layout, GradeResult(PROPER, GUESSING), made, stepped=False)
            return _stuck(layout, made, reached)
        if made == repairs:
            return _stuck(layout, made, reached)
        layout = repair(board, layout, rng, other)
    raise AssertionError("unreachable: the last try returns")  # pragma: no cover


def probe_bar(unplaced: Sequence[int | None], probed: int | None = None) -> int | None:
    """The ``probe_under`` of an extreme or fiendish search's next children (:func:`develop_by_logic`), from its
    population (per layout the dominoes the shorter closure left unplaced, None for one the techniques solve) and
    ``probed``, the fewest the shorter closure left on a child the full one then left stuck (None: none yet).

    The target's own round costs most on a layout it leaves stuck and decides little far from a solved layout:
    the fiendish round (short contradictions probing every open pair) costs 0.4 to 1.3 s a stuck order-40 layout;
    on layouts that extreme leaves with 750 or more of the board's 861 dominoes unplaced it solved 2 of 7, below
    750 18 of 18 at 0.10-0.14 s each; at extreme, the closure up to basic costs a quarter of the full one and
    places nearly as much (bench/README.md). So the search climbs by the shorter closure (``SHORT_LEVEL``), and
    a child gets the full one when it is closer than the population's best and, after a full closure that left a
    child stuck, at least :data:`PROBE_STEP` dominoes closer than that one; never for the random starts (nothing
    to compare with yet); always (None) once the population holds a layout the techniques solve (its children
    that the shorter closure leaves stuck are near the threshold)."""
    if not unplaced:
        return 0
    if any(u is None for u in unplaced):
        return None
    best = min(u for u in unplaced if u is not None)
    return best if probed is None else min(best, probed - PROBE_STEP + 1)


def reach(puzzle: Puzzle, techniques: tuple[Technique, ...], level: int) -> Reach | None:
    """The closure mode's run of ``techniques`` on a puzzle taken for proper (see :class:`Reach`); None if it
    meets a contradiction (a layout that is not proper can lead the techniques that assume it is astray), which
    the caller settles by the step run."""
    try:
        graded, joined, split = closure_reach(puzzle, techniques)
    except Contradiction:
        return None
    at_target = sum(n for rule, n in graded.uses.items() if _own_step(Technique(rule), level))
    return Reach(graded.level, joined, split, len(puzzle.dominoes) - len(joined), at_target, graded.uses)


def _own_step(technique: Technique | None, level: int) -> bool:
    """Whether a rule's deductions are steps of the target's own tier (bookkeeping left out)."""
    return technique is not None and technique.level == level and not technique.bookkeeping


def _stuck_in_steps(graded: GradeResult, dominoes: int, level: int) -> Reach:
    """A stuck step run (bookkeeping kept) read as a :class:`Reach`."""
    joined = {q for d in graded.deductions for q in d.joins}
    split = {q for d in graded.deductions for q in (*d.splits, *d.quiet_splits)}
    at_target = sum(_own_step(Technique(d.rule), level) for d in graded.deductions)
    return Reach(None, tuple(sorted(joined)), tuple(sorted(split)), dominoes - len(joined), at_target)


def _guessing_try(
    board: Board, puzzle: Puzzle, layout: Layout, upto: tuple[Technique, ...]
) -> Developed | tuple[list[int], Reach] | None:
    """One try of a guessing target's layout with the fiendish round kept for a layout proved proper: the closure
    up to extreme, and the count (:data:`GUESSING_COUNT_NODES`) from where it is stuck.

    A second solution comes back as the tiles to repair with the stuck measure, no fiendish round made (a random
    layout needs many repairs, and the round costs 0.4-1.3 s a try at order 40); a layout the count neither proves
    nor refutes comes back stuck where extreme left it; one proved proper is a guessing puzzle if the fiendish
    round leaves it stuck. None: the caller's own try settles it (extreme or fiendish solves it, a contradiction),
    as it did before this short cut."""
    short = reach(puzzle, tuple(t for t in upto if t.level < FIENDISH), FIENDISH)
    if short is None or short.level is not None:
        return None
    other = _second_solution(puzzle, short, layout, board, GUESSING_COUNT_NODES)
    if isinstance(other, list):
        return other, short
    if not other:
        return _stuck(layout, 0, short)
    full = reach(puzzle, upto, FIENDISH)
    if full is not None and full.level is None:
        return Developed(layout, GradeResult(PROPER, GUESSING), 0, stepped=False)
    return None


def _stuck(layout: Layout, made: int, reached: Reach) -> Developed:
    return Developed(layout, GradeResult(PROPER), made, reached.unplaced, reached.at_target)


def _second_solution(
    puzzle: Puzzle, reached: Reach, layout: Layout, board: Board, budget: int = STUCK_COUNT_NODES
) -> list[int] | bool:
    """The layout's tiles (by index) that a second solution from the stuck position leaves unused; or, when the
    counter finds no second solution within ``budget`` nodes, whether it proved there is none."""
    result = count_from_position(
        puzzle, reached.joined, reached.split, max_solutions=2, keep_solutions=True, max_nodes=budget
    )
    if result.count < 2:
        return result.complete and result.count == 1
    index = board.index
    truth = set(layout.tiles)
    for solution in result.solutions:
        used = {tuple(sorted((index[a], index[b]))) for a, b in solution.placements}
        if used != truth:
            return [t for t, tile in enumerate(layout.tiles) if tile not in used]
    return False  # pragma: no cover - two distinct solutions cannot both be the layout
