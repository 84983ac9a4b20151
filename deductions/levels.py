"""The closure mode's bulk finders: every deduction of a technique in a position at once.

The closure mode of the driver (:mod:`~dominosa.deductions.driver`) asks, level by level, each technique for
*all* its deductions in the position and applies them together. Asking naively (every cell, domino or number
from scratch after each batch) would cost more than stepping, so the techniques that pay for it have a finder of
their own here, made per grading run: rules 4 and 6 look only at the cells and dominoes that changed since they
last looked (the position's candidate sets); must overlap and both set analyses only at the dominoes or numbers a
pair decided since may change (set analysis only as far as the lowest number with deductions); short
contradictions are probed on the counting engine's compiled propagation of rules 1-6, each refuted pair split (and
its consequences drawn) before the next is tried, vouched for by the witnesses of a big board's passes. The others
use their technique's own generator (:data:`~dominosa.deductions.techniques.ALL_FINDERS`; local duplicates keep their
own remembered scan, parity and forcing chains look at the whole position). :func:`finders_by_level` hands the driver
the finders up to each level, in the order the closure asks them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from dominosa.deductions.batch_contradiction import Suppositions
from dominosa.deductions.grades import EXTREME, GUESSING, TECHNIQUES, TRIVIAL, Technique
from dominosa.deductions.must_overlap import must_overlap_of
from dominosa.deductions.node import DONE
from dominosa.deductions.rules import same_neighbours_at, shared_cell_of
from dominosa.deductions.scanning import UNDECIDED_MASK, affected_items
from dominosa.deductions.sentences import Sentence
from dominosa.deductions.set_analysis import by_number, double_must_touch_of, doubles_set_analysis_of, set_analysis_of
from dominosa.deductions.state import (
    JOINED,
    SPLIT,
    UNDECIDED,
    Contradiction,
    Deduction,
    SolvingState,
)
from dominosa.deductions.techniques import ALL_FINDERS, AllFinder

__all__ = ["finders_by_level"]


def finders_by_level(allowed: Sequence[Technique]) -> Iterator[tuple[int, list[AllFinder]]]:
    """Each level above trivial with an allowed technique (guessing aside), easiest first, and the functions that
    find all the deductions of the allowed techniques up to it, in the order the closure asks them (see
    :func:`_asking_order`). The functions are made once for one grading run, the same objects in every level's
    list: those that re-check only what changed remember what they looked at."""
    made: list[tuple[Technique, AllFinder]] = []
    for level in sorted({t.level for t in allowed if TRIVIAL < t.level < GUESSING}):
        for t in TECHNIQUES:
            if t.level == level and t in allowed:
                make = _BULK.get(t)
                if t is Technique.SHORT_CONTRADICTION and not {
                    Technique.ALL_SAME_NEIGHBOURS,
                    Technique.SHARED_CELL,
                } <= set(allowed):
                    make = None  # the bulk version draws rules 4 and 6 with the refutations: only where allowed
                made.append((t, make() if make else ALL_FINDERS[t]))
        yield level, [find_all for _, find_all in sorted(made, key=_asking_order)]


def _asking_order(made: tuple[Technique, AllFinder]) -> tuple[int, int, int]:
    """Where the closure asks a technique's finder: by level, in ``TECHNIQUES``' order within a level, but parity
    after the hard and extreme techniques (before short contradictions).

    The closure's fixed point is the same in any order (the driver's docstring: the techniques are persistent),
    so the order only decides what it costs. Parity looks at the whole position at every call and seldom finds
    anything (17 of its 211 calls on his 100 order-9 puzzles); after a set analysis batch the closure restarts
    from the easiest finder, and with parity last it is asked once where the others are stuck instead of before
    every set analysis call (bench/README.md, bench_vs_c).
    """
    t = made[0]
    if t is Technique.PARITY:
        return EXTREME, 1, 0
    return t.level, 0, TECHNIQUES.index(t)


def _at_candidates(
    s: SolvingState, cells: bool, deduce: Callable[[SolvingState, int], Deduction | None]
) -> list[Deduction]:
    """Rule 4 (``cells``) or 6 at every cell or domino of its candidate set (those changed since the rule last
    looked at them); one with nothing to say leaves the set, as in the stepwise rule."""
    found = []
    looked: list[int] = []
    for i in sorted(s.dirty_cells if cells else s.dirty_dominoes):
        deduction = deduce(s, i)
        if deduction is None:
            looked.append(i)
        else:
            found.append(deduction)
    if cells:
        s.cells_looked_at(looked)
    else:
        s.dominoes_looked_at(looked)
    return found


def _rescanning(
    items_of: Callable[[SolvingState], int],
    deductions_of: Callable[[SolvingState, int], Iterable[Deduction]],
    affected_by: Callable[[SolvingState, int], Iterable[int]],
    lowest_only: bool = False,
) -> AllFinder:
    """A finder of all the deductions about items (dominoes, numbers) that re-checks only the items a pair
    decided since its last call may change, and those that had deductions then.

    ``deductions_of(s, i)`` is about item ``i`` and reads only the pairs ``r`` whose ``affected_by(s, r)`` lists
    ``i``: an item that had none and none of whose pairs changed has none now. With ``lowest_only`` a call stops
    at the lowest item with deductions and gives those; the items above it stay to be checked at the next call,
    in a position the closure has taken further (the closure's fixed point is the same, see
    :func:`_asking_order`): for set analysis, whose groups cost most to work out, as its step finder does.
    """
    then: bytes | bytearray | None = None
    to_check: set[int] = set()  # changed since the last call, had deductions then, or not reached by it

    def find_all(s: SolvingState) -> list[Deduction]:
        nonlocal then
        now = s.pair_states.translate(UNDECIDED_MASK)
        if then is None:
            to_check.update(range(items_of(s)))
        else:
            to_check.update(affected_items(then, now, lambda r: affected_by(s, r)))
        then = now
        found: list[Deduction] = []
        for i in sorted(to_check):
            made = list(deductions_of(s, i))
            if not made:
                to_check.discard(i)
                continue
            found += made
            if lowest_only:
                break
        return found

    return find_all


def _dominoes_near(s: SolvingState, r: int) -> list[int]:
    """The dominoes with a place sharing a cell with pair ``r``."""
    t = s.tables
    pd = t.pair_domino
    return [pd[q] for x in (t.pair_a[r], t.pair_b[r]) for q in t.cell_pairs[x] if pd[q] >= 0]


def _numbers_of(s: SolvingState, r: int) -> tuple[int, int]:
    """The numbers shown by the cells of pair ``r``."""
    numbers, t = s.puzzle.numbers, s.tables
    return numbers[t.pair_a[r]], numbers[t.pair_b[r]]


def _per_number(
    *deductions_of: Callable[[SolvingState, int, list[int]], Iterable[Deduction]], lowest_only: bool = False
) -> AllFinder:
    """A finder of the deductions about each number's open cells, re-checking only the numbers that changed
    (with ``lowest_only``, those of the lowest number that has any: see :func:`_rescanning`)."""

    def of_number(s: SolvingState, v: int) -> Iterator[Deduction]:
        covered = s.covered
        cells = [x for x in by_number(s.tables).cells[v] if not covered[x]]
        if cells:
            for deduce in deductions_of:
                yield from deduce(s, v, cells)

    return _rescanning(_n_numbers, of_number, _numbers_of, lowest_only)


def _must_overlap_of_domino(s: SolvingState, d: int) -> tuple[Deduction, ...]:
    found = must_overlap_of(s, d)
    return () if found is None else (found,)


def _short_contradictions() -> AllFinder:
    """Short contradictions in bulk, each supposition probed on the position propagated by rules 1-6
    (:class:`~dominosa.deductions.batch_contradiction.Suppositions`).

    Each undecided pair is supposed joined; one that meets a contradiction is split in the position at once, and
    its consequences drawn, before the next pair is tried, so later suppositions start from more. The consistent
    fixed points met are kept, in the state's memo, for the whole grading run, and vouch for the pairs they join
    while the position's new facts leave them fixed points (where a fixed point holding the whole position was
    needed before, mostly left behind by the next split). What the position gained, rules 1-6 included, comes back
    as one deduction.
    """

    def find_all(s: SolvingState) -> list[Deduction]:
        t = s.tables
        suppose = Suppositions(s)
        node = suppose.node
        if node is None:
            raise Contradiction("the simple rules alone meet a contradiction")
        pstate, ccount = node.pstate, node.ccount
        refuted = 0
        for x in sorted((x for x in range(t.n_cells) if ccount[x] < DONE), key=lambda x: (ccount[x], x)):
            for q in t.cell_pairs[x]:
                if pstate[q] or not suppose.refutes(q):
                    continue
                if not suppose.decide(q, join=False):
                    raise Contradiction("every way of a pair meets a contradiction by the simple rules")
                refuted += 1
        if not refuted:
            return []
        pair_states = s.pair_states
        # (indexed, not enumerated: mypyc cannot compile a loop over a bytearray)
        joins = tuple(q for q in range(len(pstate)) if pstate[q] == JOINED and pair_states[q] == UNDECIDED)
        splits = tuple(q for q in range(len(pstate)) if pstate[q] == SPLIT and pair_states[q] == UNDECIDED)
        return [Deduction(rule=Technique.SHORT_CONTRADICTION, joins=joins, splits=splits,
                          reason=Sentence("{n} placements lead by the simple rules alone to a contradiction.",
                                          "{n} placements lead by the simple rules alone to a contradiction.",
                                          refuted, n=refuted))]

    return find_all


# The techniques with a bulk finder of their own, made per grading run: rules 4 and 6 read the candidate sets
# the position keeps, and must overlap and both set analyses re-check only what changed. The others' own
# generators (local duplicate remembers its scan on the position) are used as they are.
def _same_neighbours_all(s: SolvingState) -> list[Deduction]:
    return _at_candidates(s, True, same_neighbours_at)


def _shared_cell_all(s: SolvingState) -> list[Deduction]:
    return _at_candidates(s, False, shared_cell_of)


def _n_numbers(s: SolvingState) -> int:
    return len(by_number(s.tables).cells)


def _n_dominoes(s: SolvingState) -> int:
    return s.tables.n_dominoes


def _must_overlap_all() -> AllFinder:
    return _rescanning(_n_dominoes, _must_overlap_of_domino, _dominoes_near)


def _set_analysis_all() -> AllFinder:
    return _per_number(set_analysis_of, lowest_only=True)


# (Named functions, not nested lambdas: mypyc, which compiles this module, cannot compile a lambda in a lambda.)
_BULK: dict[Technique, Callable[[], AllFinder]] = {
    Technique.ALL_SAME_NEIGHBOURS: lambda: _same_neighbours_all,
    Technique.SHARED_CELL: lambda: _shared_cell_all,
    Technique.MUST_OVERLAP: _must_overlap_all,
    Technique.SET_ANALYSIS: _set_analysis_all,
    Technique.DOUBLES_SET_ANALYSIS: lambda: _per_number(doubles_set_analysis_of, double_must_touch_of),
    Technique.SHORT_CONTRADICTION: _short_contradictions,
}
