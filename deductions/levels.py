"""Level-only grading: a puzzle's grade found by closures in bulk, without the step-by-step record.

:func:`~dominosa.deductions.grading.grade` steps one deduction at a time, easiest technique first, and starts
again from the easiest after each: that record (how often each technique was used, in which order) is what the
generator's fitness and ``rate`` read. Many callers want only the level: the store regrading its puzzles, a
setter sorting a file by difficulty. For them the grade has a cheaper definition, stated in ``grading``'s
docstring: every technique only adds information, so the grade is the lowest level whose techniques, applied to
exhaustion, solve the puzzle. :func:`grade_level_of` computes exactly that, the way Simon Tatham's C solver
grades (every deduction a technique finds in one position applied at once, level by level):

1. the trivial closure (rules 1, 2, 3 and 5) drawn straight on the position's counts, with no deduction
   objects: a cell with one pair left or a domino with one place left is joined, a join splits its neighbours
   and its domino's other places;
2. for each level above it in turn, while the puzzle is not solved: the techniques up to that level, easiest
   first, each asked for *all* its deductions in the position; the first technique that has any has them all
   applied at once, the trivial closure is drawn again, and the search restarts from the easiest. Rules 4 and 6
   look only at the cells and dominoes that changed since they last looked (the position's candidate sets); must
   overlap and both set analyses only at the dominoes or numbers a pair decided since may change; local
   duplicates keep their own remembered scan; parity and forcing chains look at the whole position. Short
   contradictions are probed on the counting engine's compiled propagation of rules 1-6, each refuted pair split
   (and its consequences drawn) before the next is tried;
3. a puzzle that the techniques up to fiendish leave unsolved needs trial and error: in that position, which is
   where ``grade()`` makes its first guess, the same guess is made (rule 7: the same pair tried, the same search),
   then the closures are drawn again up to the next guess; so the guesses and their depth are ``grade()``'s.

Why the level is ``grade()``'s: if at a position P a technique of level at most L has a deduction, the closure of
the techniques up to L of any later position (P plus more of the solution) still contains that deduction's content
(*persistence*). Then every order of applying them, one at a time or in bulk, reaches the same fixed point, and
``grade()``'s run, which uses a level-L technique exactly when the techniques below L are stuck, gets stuck below L
exactly when that closure is unsolved. Persistence holds plainly for rules 1-6 and short contradictions (they
propagate to a unique fixed point); for the others it is checked, not assumed: ``tests/test_deductions_levels.py``
holds a property that takes each technique's every deduction in random positions and asks the closure at its level
of a later position for it, and compares verdict, level, guesses, depth and stuck position with ``grade()``'s on
the committed grading record (717 puzzles, the 600 reference puzzles among them), on random proper puzzles and on
holed, clued and ambiguous ones with easier scales. Offline (this code, seeds apart from the tests'), 28,283
deductions of 9,000 random positions at orders 4-12 persisted (every technique: among them 3,574 of set analysis,
4,176 with doubles, 1,984 of parity, 715 forcing chains, 211 of must overlap, over 6,000 short contradictions), and
1,460 random proper puzzles at orders 5-13, 15 and 20 got ``grade()``'s answer. One case is not persistent, and the
property says so: local duplicate's second case (two cells next to the pair left needing one domino) sees those
cells through undecided pairs, and a deduction of it can be lost once a pair linking one of them to the pair is
split (rarely: once in about 8,400 of the property's random cases). Where it has been met, the level-only grade
was ``grade()``'s, so no fallback to stepping is made; should it matter somewhere, the level-only grade of that
puzzle could differ from ``grade()``'s: the record test and the property are the guard.

What the result leaves out: the use counts and the deductions (``uses`` and ``deductions`` are empty: no steps
are made), so it must not be passed where they are read (``rate(graded=...)`` without the path, the
generator's fitness). ``verdict``, ``level`` and, for a puzzle beyond extreme, ``stuck`` (the position where the
techniques up to extreme stop) are those of ``grade()``, and so are ``guesses`` and ``guess_depth``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from dominosa.deductions.advanced import (
    _UNDECIDED_MASK,
    _affected_items,
    _by_number,
    _double_must_touch_of,
    _doubles_set_analysis_of,
    _must_overlap_of,
    _set_analysis_of,
)
from dominosa.deductions.counting import DONE, Node, propagate_position
from dominosa.deductions.grades import EXTREME, GUESSING, TECHNIQUES, TRIVIAL, Technique
from dominosa.deductions.grading import PROPER, GradeResult, _pairs_of, verdict_of
from dominosa.deductions.rules import guess, same_neighbours_at, shared_cell_of
from dominosa.deductions.state import (
    JOINED,
    NEWLY_SPLIT,
    SPLIT,
    UNDECIDED,
    Contradiction,
    Deduction,
    SolvingState,
    pair_bits,
)
from dominosa.deductions.techniques import ALL_FINDERS
from dominosa.puzzle import Puzzle

__all__ = ["grade_level_of", "close_up_to"]

# The trivial techniques are drawn by the closure itself; a technique list without one of them is refused.
_TRIVIAL_TECHNIQUES = tuple(t for t in TECHNIQUES if t.level == TRIVIAL)

_AllFinder = Callable[[SolvingState], Iterable[Deduction]]


def grade_level_of(
    puzzle: Puzzle, *, verdict: str | None = None, techniques: Sequence[Technique] | None = None
) -> GradeResult:
    """A puzzle's verdict and grade, as :func:`~dominosa.deductions.grading.grade` gives them, without its steps.

    Parameters
    ----------
    puzzle : the puzzle.
    verdict : the verdict if already known (skips the count).
    techniques : the techniques allowed (default: all of them); as for ``grade()``, but every trivial technique
        must be among them, and they are taken easiest first whatever their order (``grade()`` tries them in the
        order given, and every caller gives them easiest first).

    Returns
    -------
    A :class:`~dominosa.deductions.grading.GradeResult` with ``grade()``'s verdict, level, guesses, guess depth
    and stuck position, and no ``uses`` or ``deductions`` (see the module docstring).

    Raises
    ------
    ValueError : ``techniques`` leaves out a trivial technique.
    """
    allowed = tuple(TECHNIQUES if techniques is None else techniques)
    missing = [t.label for t in _TRIVIAL_TECHNIQUES if t not in allowed]
    if missing:
        raise ValueError(f"level-only grading draws the trivial techniques itself; missing: {', '.join(missing)}")
    verdict = verdict or verdict_of(puzzle)
    if verdict != PROPER:
        return GradeResult(verdict)
    state = SolvingState(puzzle)
    close_trivially(state)
    level = TRIVIAL
    stuck = None
    finders: list[_AllFinder] = []
    for above, more in _finders_by_level(allowed):
        if state.solved:
            break
        if above > EXTREME and stuck is None:
            stuck = _pairs_of(state.state)
        level = above
        finders += more
        close(state, finders)
    guesses = depth = 0
    if not state.solved:
        if Technique.GUESS not in allowed:
            return GradeResult(verdict)
        if stuck is None:
            stuck = _pairs_of(state.state)
        # Trial and error where every other technique is stuck, as grade() takes it (the same position, so the
        # same pair tried and the same search), then the closures again.
        level = GUESSING
        while not state.solved:
            tried = guess(state)
            if tried is None:
                return GradeResult(verdict)
            guesses += 1
            depth = max(depth, tried.effort)
            state.apply(tried)
            close_trivially(state)
            close(state, finders)
    return GradeResult(verdict, level, {}, guesses, depth, [], stuck if level > EXTREME else None)


def close_up_to(state: SolvingState, level: int, techniques: Sequence[Technique] | None = None) -> None:
    """Apply the techniques up to ``level`` (of ``techniques``, default all) to ``state`` until none applies.

    The fixed point it reaches is the one ``grade()`` reaches when it first gets stuck below the next level.
    """
    allowed = tuple(TECHNIQUES if techniques is None else techniques)
    close_trivially(state)
    close(state, [f for above, more in _finders_by_level(allowed) if above <= level for f in more])


def close(state: SolvingState, finders: Sequence[_AllFinder]) -> None:
    """Apply the finders' deductions, and the trivial closure after them, until none has any.

    The first finder (easiest first) with any deduction has them all applied at once; then the trivial closure is
    drawn and the search starts again from the easiest.
    """
    while not state.solved:
        for find_all in finders:
            found = list(find_all(state))  # read in full before the position changes
            if found:
                for deduction in found:
                    _apply(state, deduction)
                close_trivially(state)
                break
        else:
            return


def close_trivially(s: SolvingState) -> None:
    """Draw rules 1, 2, 3 and 5 to their fixed point on the position's counts (no deduction objects).

    A newly joined pair splits the other pairs of its cells and its domino's other places (rule 2); a newly
    split pair only becomes split, since a domino left with one place is on the position's list of lonely
    dominoes (rules 3 and 5 alike); a cell with one pair left has it joined (rule 1). The fixed point is the one
    the stepwise rules reach, in any order. Raises :class:`~dominosa.deductions.state.Contradiction` as they do.
    """
    t, state = s.tables, s.state
    touching, placements, pair_domino, cell_pairs = t.touching, t.placements, t.pair_domino, t.cell_pairs
    newly_joined, newly_split = s.newly_joined, s.newly_split
    lonely_cells, lonely_dominoes = s.lonely_cells, s.lonely_dominoes
    set_split, join = s._set_split, s._join
    while True:
        while newly_joined:
            q = newly_joined.pop()
            state[q] = JOINED
            for r in touching[q]:
                if state[r] == UNDECIDED:
                    set_split(r, SPLIT)
            for r in placements[pair_domino[q]]:
                if state[r] == UNDECIDED:
                    set_split(r, SPLIT)
        if newly_split:
            for q in newly_split:
                state[q] = SPLIT
            newly_split.clear()
        if lonely_cells:
            x = lonely_cells.pop()
            join(next(q for q in cell_pairs[x] if state[q] == UNDECIDED))
        elif lonely_dominoes:
            d = lonely_dominoes.pop()
            join(next(q for q in placements[d] if state[q] == UNDECIDED))
        elif not newly_joined:
            return


def _apply(s: SolvingState, deduction: Deduction) -> None:
    """Apply a deduction found earlier in the same position: what an earlier one of the batch decided already
    is passed over (every one of them is sound, so they never disagree)."""
    for q in deduction.splits:
        if s.state[q] == UNDECIDED:
            s._set_split(q, NEWLY_SPLIT)
    for q in deduction.joins:
        if s.state[q] == UNDECIDED:
            s._join(q)


def _finders_by_level(allowed: Sequence[Technique]) -> Iterator[tuple[int, list[_AllFinder]]]:
    """Each level above trivial with an allowed technique (guessing aside), easiest first, and the functions that
    find all the deductions of its allowed techniques, in ``TECHNIQUES``' order. The functions are made for one
    grading run: those that re-check only what changed remember what they looked at."""
    by_level: dict[int, list[_AllFinder]] = {}
    for t in TECHNIQUES:
        if t in allowed and TRIVIAL < t.level < GUESSING:
            make = _BULK.get(t)
            if t is Technique.SHORT_CONTRADICTION and not {Technique.ALL_SAME_NEIGHBOURS, Technique.SHARED_CELL} <= set(
                allowed
            ):
                make = None  # the bulk version draws rules 4 and 6 with the refutations: only where they are allowed
            by_level.setdefault(t.level, []).append(make() if make else ALL_FINDERS[t])
    yield from sorted(by_level.items())


def _at_candidates(
    s: SolvingState, candidates: set[int], deduce: Callable[[SolvingState, int], Deduction | None]
) -> list[Deduction]:
    """Rule 4 or 6 at every cell or domino of its candidate set (those changed since the rule last looked at
    them); one with nothing to say leaves the set, as in the stepwise rule."""
    found = []
    for i in sorted(candidates):
        deduction = deduce(s, i)
        if deduction is None:
            candidates.discard(i)
        else:
            found.append(deduction)
    return found


def _rescanning(
    items_of: Callable[[SolvingState], int],
    deductions_of: Callable[[SolvingState, int], Iterable[Deduction]],
    affected_by: Callable[[SolvingState, int], Iterable[int]],
) -> _AllFinder:
    """A finder of all the deductions about items (dominoes, numbers) that re-checks only the items a pair
    decided since its last call may change, and those that had deductions then.

    ``deductions_of(s, i)`` is about item ``i`` and reads only the pairs ``r`` whose ``affected_by(s, r)`` lists
    ``i``: an item that had none and none of whose pairs changed has none now.
    """
    then: bytes | bytearray | None = None
    hits: set[int] = set()

    def find_all(s: SolvingState) -> list[Deduction]:
        nonlocal then, hits
        now = s.state.translate(_UNDECIDED_MASK)
        if then is None:
            items: Iterable[int] = range(items_of(s))
        else:
            items = sorted(_affected_items(then, now, lambda r: affected_by(s, r)) | hits)
        then, hits = now, set()
        found: list[Deduction] = []
        for i in items:
            made = list(deductions_of(s, i))
            if made:
                hits.add(i)
                found += made
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


def _per_number(*deductions_of: Callable[[SolvingState, int, list[int]], Iterable[Deduction]]) -> _AllFinder:
    """A finder of the deductions about each number's open cells, re-checking only the numbers that changed."""

    def of_number(s: SolvingState, v: int) -> Iterator[Deduction]:
        covered = s.covered
        cells = [x for x in _by_number(s.tables).cells[v] if not covered[x]]
        if cells:
            for deduce in deductions_of:
                yield from deduce(s, v, cells)

    return _rescanning(lambda s: len(_by_number(s.tables).cells), of_number, _numbers_of)


def _must_overlap_of_domino(s: SolvingState, d: int) -> tuple[Deduction, ...]:
    found = _must_overlap_of(s, d)
    return () if found is None else (found,)


def _short_contradictions() -> _AllFinder:
    """Short contradictions in bulk, on the counting engine's compiled propagation (failed-pair probing).

    Each undecided pair is supposed joined on a copy of the position propagated by rules 1-6; one that meets a
    contradiction is split in the position at once, and its consequences drawn, before the next pair is tried,
    so later suppositions start from more. A supposition that reached a consistent fixed point vouches for every
    pair that fixed point joins while it holds all the position knows (as in ``iter_short_contradiction``): those
    pairs are not tried. What the position gained, rules 1-6 included, comes back as one deduction.
    """
    fixed_points: list[tuple[int, int]] = []  # consistent fixed points met so far: joined bits, split bits

    def holding(node: Node) -> int:
        """Keep the fixed points that hold the node's position; the pairs they vouch for."""
        now_joined, now_split = pair_bits(node.pstate)
        fixed_points[:] = [(j, sp) for j, sp in fixed_points if not (now_joined & ~j or now_split & ~sp)]
        vouched = 0
        for j, _ in fixed_points:
            vouched |= j
        return vouched

    def find_all(s: SolvingState) -> list[Deduction]:
        t = s.tables
        node = propagate_position(t, s.joined_pairs(), s.split_pairs())
        if node is None:
            raise Contradiction("the simple rules alone meet a contradiction")
        pstate, ccount = node.pstate, node.ccount
        vouched = holding(node)
        refuted = 0
        for x in sorted((x for x in range(t.n_cells) if ccount[x] < DONE), key=lambda x: (ccount[x], x)):
            for q in t.cell_pairs[x]:
                if pstate[q] or vouched >> q & 1:
                    continue
                trial = node.copy()
                if trial.join(q):
                    joined, split = pair_bits(trial.pstate)
                    fixed_points.append((joined, split))
                    vouched |= joined
                    continue
                if not node.split(q):
                    raise Contradiction("every way of a pair meets a contradiction by the simple rules")
                refuted += 1
                vouched = holding(node)
        if not refuted:
            return []
        state = s.state
        # (indexed, not enumerated: mypyc cannot compile a loop over a bytearray)
        joins = tuple(q for q in range(len(pstate)) if pstate[q] == JOINED and state[q] == UNDECIDED)
        splits = tuple(q for q in range(len(pstate)) if pstate[q] == SPLIT and state[q] == UNDECIDED)
        return [Deduction(rule=Technique.SHORT_CONTRADICTION, joins=joins, splits=splits,
                          reason=f"{refuted} placements lead by the simple rules alone to a contradiction.")]

    return find_all


# The techniques with a bulk finder of their own, made per grading run: rules 4 and 6 read the candidate sets
# the position keeps, and must overlap and both set analyses re-check only what changed. The others' own
# generators (local duplicate remembers its scan on the position) are used as they are.
def _same_neighbours_all(s: SolvingState) -> list[Deduction]:
    return _at_candidates(s, s.dirty_cells, same_neighbours_at)


def _shared_cell_all(s: SolvingState) -> list[Deduction]:
    return _at_candidates(s, s.dirty_dominoes, shared_cell_of)


def _n_dominoes(s: SolvingState) -> int:
    return s.tables.n_dominoes


def _must_overlap_all() -> _AllFinder:
    return _rescanning(_n_dominoes, _must_overlap_of_domino, _dominoes_near)


# (Named functions, not nested lambdas: mypyc, which compiles this module, cannot compile a lambda in a lambda.)
_BULK: dict[Technique, Callable[[], _AllFinder]] = {
    Technique.ALL_SAME_NEIGHBOURS: lambda: _same_neighbours_all,
    Technique.SHARED_CELL: lambda: _shared_cell_all,
    Technique.MUST_OVERLAP: _must_overlap_all,
    Technique.SET_ANALYSIS: lambda: _per_number(_set_analysis_of),
    Technique.DOUBLES_SET_ANALYSIS: lambda: _per_number(_doubles_set_analysis_of, _double_must_touch_of),
    Technique.SHORT_CONTRADICTION: _short_contradictions,
}
