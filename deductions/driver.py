"""The driver: how the engine moves through a puzzle, in its two modes side by side.

**Step mode** makes one deduction at a time, as a person would: the techniques are asked easiest first (the order
of :data:`~dominosa.deductions.grades.TECHNIQUES`, bookkeeping first within a level), the first deduction found
is applied, and the search starts again from the easiest. Every deduction comes with its sentence, so this is the
mode of explanations, hints, ``solve --steps``, the state graph's completion and the graded record (the use counts
the generator's fitness and ``rate`` read). :func:`steps` is its one loop, on a
:class:`~dominosa.deductions.state.SolvingState`. A run that keeps no bookkeeping steps (grading's default, and
every lean run: the generator's quick rejections among them) takes :func:`settled_steps`, the same loop with the
bookkeeping drawn after each deduction and only counted (:func:`settle_counted`: :func:`settle`'s steps in its
order, without their deduction objects): the same steps, for a technique list with the bookkeeping first.

A settled position is also said by four bitsets (joined pairs, split pairs, covered cells, placed dominoes):
:mod:`~dominosa.deductions.settled` holds the settle of a deduction on them, the trivial moves and the candidate
lists of rules 4 and 6 and "must overlap" (the state graph's children, and lean grading's trivial and basic tiers
on small boards), each rule by its own logic function.

**Closure mode** makes every deduction of a level at once, the way Simon Tatham's C solver grades: the trivial
closure (rules 1, 2, 3 and 5) drawn straight on the position's counts, then for each level in turn the first
technique (easiest first; parity, which reads the whole position, is asked after the hard and extreme ones) that
has any deductions has them *all* applied, the trivial closure is drawn again, and the search restarts from the
first (:func:`close`). It records no steps, only the level: the mode of level-only
grading (:func:`closure_run`). The bulk finders it asks (rules 4 and 6 on the position's candidate sets, the set
analyses re-checking only the numbers that changed, short contradictions on the counter's propagation) are in
:mod:`~dominosa.deductions.levels`.

Why both modes give the same level: every technique only adds information, and each is *persistent* (if a
technique of level at most L has a deduction at position P, the closure of the techniques up to L of any later
position still holds its content). Then every order of applying them, one at a time or in bulk, reaches the same
fixed point, and the step run, which uses a level-L technique exactly when the ones below L are stuck, gets stuck
below L exactly when that closure is unsolved. Persistence is plain for rules 1-6 and short contradictions (they
propagate to a unique fixed point) and checked for the others by a property in ``tests/test_deductions_levels.py``,
which also compares both modes' verdict, level, guesses, depth and stuck position on the 717-puzzle grading record;
the offline counts behind it are in ``bench/README.md`` ("Level-only grading"). Until issue 37 one case did not
persist: local duplicate's second case (two cells next to the pair left needing one domino), in the form that left
the pair's own domino out first, could be lost once a pair linking one of those cells to the pair was split, and
the two modes then differed (order 6, seed 630). That form is a fiendish technique now; the basic one is Simon
Tatham's, which rule 4 recovers (the property's comment says how), so the level-only grade is the step run's.

A puzzle the techniques up to fiendish leave unsolved needs trial and error, in both modes at the same position
(where the step run makes its first guess): the same pair tried, the same search, so the same guesses and depth.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from dominosa.deductions import rules
from dominosa.deductions.grades import EXTREME, GUESSING, TECHNIQUES, TRIVIAL, Technique
from dominosa.deductions.levels import finders_by_level
from dominosa.deductions.rules import join_splits, only_place_of
from dominosa.deductions.state import (
    JOINED,
    NEWLY_JOINED,
    NEWLY_SPLIT,
    SPLIT,
    UNDECIDED,
    Contradiction,
    Deduction,
    SolvingState,
    bit_indices,
)
from dominosa.deductions.techniques import FINDERS, AllFinder, Finder
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "steps",
    "settle",
    "settled_steps",
    "settle_counted",
    "next_deduction",
    "iter_deductions",
    "StepLog",
    "solve_by_steps",
    "closure_run",
    "close_up_to",
    "close",
    "close_trivially",
    "pairs_of",
]

# -- step mode --------------------------------------------------------------------------------------------------


def steps(state: SolvingState, finders: Sequence[Finder]) -> Iterator[Deduction]:
    """The step mode's loop: yield deductions one at a time, applying each, until the position is solved with
    no bookkeeping left pending or no finder has one. The finders are asked in order and the first deduction found
    is taken, so the order of the finders (easiest first) decides which deduction comes next.
    """
    while not (state.solved and not state.newly_joined and not state.newly_split):
        found = _first_deduction_of(state, finders)
        if found is None:
            return
        state.apply(found)
        yield found


def _first_deduction_of(state: SolvingState, finders: Iterable[Finder]) -> Deduction | None:
    """The deduction of the first finder that has one, or None."""
    for find in finders:
        found = find(state)
        if found is not None:
            return found
    return None


def settle(state: SolvingState) -> list[Deduction]:
    """Draw every pending consequence of newly joined and newly split pairs (rules 2 and 3, the bookkeeping) in
    place; return the steps that placed a domino (rule 3 leaving a domino one place), with their sentences.

    The state graph settles every position it reaches, hints settle a position before looking for an idea, and
    explanations settle after each step: bookkeeping is never a step of its own there. The steps are the step
    mode's, in its order (rule 2 before rule 3, lowest pair first), drawn by :func:`settle_counted`, the one loop
    of the bookkeeping: only the steps that place a domino are made as deductions.
    """
    placed: list[Deduction] = []
    settle_counted(state, [0] * _USES_SLOTS, placed)
    return placed


def settled_steps(
    state: SolvingState, finders: Sequence[Finder], uses: list[int]
) -> Iterator[Deduction]:
    """The step mode with its bookkeeping drawn by :func:`settle_counted`: for a technique list that starts with the two
    bookkeeping techniques (join consequences, then split consequences), ``finders`` being the rest of it.

    Such a list's step run draws every pending bookkeeping step before any other deduction, in settle's order, so
    settling after each deduction makes the same steps, and ``uses`` (counts by rule number) gets the same count of
    each bookkeeping rule; only the other deductions are yielded. Each is yielded *before* it is applied (it is
    applied, and the position settled, when the loop resumes), so the position it was found in can be read then.
    """
    settle_counted(state, uses)
    while not state.solved:
        found = _first_deduction_of(state, finders)
        if found is None:
            return
        yield found
        state.apply(found)
        settle_counted(state, uses)


def settle_counted(s: SolvingState, uses: list[int], placed: list[Deduction] | None = None) -> None:
    """Draw the bookkeeping as the step mode would, counting its steps in ``uses`` (by rule number): the lowest
    newly joined pair's rule 2, else the lowest newly split pair's rule 3, each applied to the position as its
    deduction would be (the same checks, the same :class:`~dominosa.deductions.state.Contradiction`), without
    making the deduction (most of a settled run's cost); with ``placed``, the steps that place a domino are made
    as the engine's deductions (:func:`~dominosa.deductions.rules.split_consequences`) and added to it. The rules'
    logic is theirs (:func:`~dominosa.deductions.rules.join_splits`,
    :func:`~dominosa.deductions.rules.only_place_of`); the order matters for the counts, since a pair split
    quietly by one join is not newly split by a later one."""
    m, state, pair_domino = s.masks, s.state, s.tables.pair_domino
    newly_joined, newly_split, is_placed, dom_live = s.newly_joined, s.newly_split, s.placed, s.dom_live
    joins = splits = 0
    while True:
        if newly_joined:
            q = min(newly_joined)
            near, away = join_splits(m, s.undecided, q)
            newly_joined.discard(q)
            state[q] = JOINED
            for r in bit_indices(away):  # as rules.join_consequences's deduction applies: quiet splits first
                s._set_split(r, SPLIT)
            for r in s.tables.touching[q]:  # then the pairs touching it, in the tables' order
                if near & m.bit[r]:
                    s._set_split(r, NEWLY_SPLIT)
            joins += 1
        elif newly_split:
            q = min(newly_split)
            d = pair_domino[q]
            only = only_place_of(m, s.undecided, d) if d >= 0 and not is_placed[d] and dom_live[d] == 1 else -1
            if only >= 0 and placed is not None:
                found = rules.split_consequences(s)  # made before the step changes the position it reads
                if found is not None:
                    placed.append(found)
            newly_split.discard(q)
            state[q] = SPLIT
            if only >= 0:
                s._set_joined(only)
            splits += 1
        else:
            break
    uses[_JOIN_RULE] += joins
    uses[_SPLIT_RULE] += splits


_JOIN_RULE = int(Technique.JOIN_CONSEQUENCES)
_SPLIT_RULE = int(Technique.SPLIT_CONSEQUENCES)
_USES_SLOTS = max(_JOIN_RULE, _SPLIT_RULE) + 1  # a count by rule number that settle makes and drops


def next_deduction(state: SolvingState, techniques: Sequence[Technique] | None = None) -> Deduction | None:
    """The deduction the step mode would make next: the first technique's that applies, or None.

    ``techniques`` defaults to all of them, easiest first (guessing last).
    """
    return _first_deduction_of(state, (FINDERS[t] for t in (TECHNIQUES if techniques is None else techniques)))


def iter_deductions(
    puzzle: Puzzle | SolvingState, *, techniques: Sequence[Technique] | None = None, guess: bool = True
) -> Iterator[Deduction]:
    """The step mode on a position: yield deductions one at a time, applying each, until the puzzle is solved or
    no technique applies.

    Parameters
    ----------
    puzzle : a puzzle, or a position to carry on from (it is changed as deductions are applied).
    techniques : the techniques to try, easiest first (default: all of them).
    guess : when False, trial and error (rule 7) is left out.

    Raises
    ------
    Contradiction : the position cannot be completed (the puzzle has no solution); raised while iterating.
    """
    state = puzzle if isinstance(puzzle, SolvingState) else SolvingState(puzzle)
    order = tuple(TECHNIQUES if techniques is None else techniques)
    if not guess:
        order = tuple(t for t in order if t is not Technique.GUESS)
    finders: list[Finder] = [FINDERS[t] for t in order]  # looked up once: the loop asks them after every step
    return steps(state, finders)


@dataclass
class StepLog:
    """What stepping through a puzzle gave: the deductions in order and how it ended."""

    deductions: list[Deduction] = field(default_factory=list)
    solved: bool = False
    contradiction: str | None = None
    solution: Solution | None = None

    @property
    def rules_used(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for d in self.deductions:
            counts[d.rule] = counts.get(d.rule, 0) + 1
        return dict(sorted(counts.items()))


def solve_by_steps(
    puzzle: Puzzle, *, techniques: Sequence[Technique] | None = None, guess: bool = True
) -> StepLog:
    """Step through the puzzle with the techniques, easiest first, and report how it went."""
    log = StepLog()
    try:
        state = SolvingState(puzzle)
        for d in iter_deductions(state, techniques=techniques, guess=guess):
            log.deductions.append(d)
    except Contradiction as why:
        log.contradiction = str(why)
        return log
    log.solved = state.solved
    if state.solved:
        log.solution = Solution.from_pairs(puzzle.board, state.joined_pairs())
    return log


def pairs_of(states: bytes | bytearray) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The joined and the split pairs of a position given by its pair states (a grade's ``stuck`` position)."""
    joined = tuple(q for q, v in enumerate(states) if v in (NEWLY_JOINED, JOINED))
    split = tuple(q for q, v in enumerate(states) if v in (SPLIT, NEWLY_SPLIT))
    return joined, split


# -- closure mode -----------------------------------------------------------------------------------------------

# The trivial techniques are drawn by the closure itself; a technique list without one of them is refused.
_TRIVIAL_TECHNIQUES = tuple(t for t in TECHNIQUES if t.level == TRIVIAL)


def closure_run(
    puzzle: Puzzle, techniques: Sequence[Technique] | None = None
) -> tuple[int, int, int, tuple[tuple[int, ...], tuple[int, ...]] | None] | None:
    """The closure mode run to the end on a proper puzzle: (level, guesses, guess depth, stuck position), the
    step mode's, or None where the techniques allowed get stuck.

    ``techniques`` (default all) are taken easiest first whatever their order, and every trivial technique must be
    among them (the closure draws them itself); ``stuck`` is the position where the techniques up to extreme stop,
    for a puzzle beyond extreme, else None.

    Raises
    ------
    ValueError : ``techniques`` leaves out a trivial technique.
    """
    allowed = tuple(TECHNIQUES if techniques is None else techniques)
    missing = [t.label for t in _TRIVIAL_TECHNIQUES if t not in allowed]
    if missing:
        raise ValueError(f"level-only grading draws the trivial techniques itself; missing: {', '.join(missing)}")
    state = SolvingState(puzzle)
    close_trivially(state)
    level = TRIVIAL
    stuck = None
    finders: list[AllFinder] = []
    for above, up_to in finders_by_level(allowed):
        if state.solved:
            break
        if above > EXTREME and stuck is None:
            stuck = pairs_of(state.state)
        level, finders = above, up_to
        close(state, finders)
    guesses = depth = 0
    if not state.solved:
        if Technique.GUESS not in allowed:
            return None
        if stuck is None:
            stuck = pairs_of(state.state)
        # Trial and error where every other technique is stuck, as the step run takes it (the same position, so
        # the same pair tried and the same search), then the closures again.
        level = GUESSING
        while not state.solved:
            tried = rules.guess(state)
            if tried is None:
                return None
            guesses += 1
            depth = max(depth, tried.effort)
            state.apply(tried)
            close_trivially(state)
            close(state, finders)
    return level, guesses, depth, stuck if level > EXTREME else None


def close_up_to(state: SolvingState, level: int, techniques: Sequence[Technique] | None = None) -> None:
    """Apply the techniques up to ``level`` (of ``techniques``, default all) to ``state`` until none applies.

    The fixed point it reaches is the one the step mode reaches when it first gets stuck below the next level.
    """
    allowed = tuple(TECHNIQUES if techniques is None else techniques)
    close_trivially(state)
    finders: list[AllFinder] = []
    for above, up_to in finders_by_level(allowed):
        if above <= level:
            finders = up_to
    close(state, finders)


def close(state: SolvingState, finders: Sequence[AllFinder]) -> None:
    """Apply the finders' deductions, and the trivial closure after them, until none has any.

    The first finder (in the order given: :func:`~dominosa.deductions.levels.finders_by_level`'s) with any
    deduction has them all applied at once; then the trivial closure is drawn and the search starts again from the
    first.
    """
    while not state.solved:
        for find_all in finders:
            found = list(find_all(state))  # read in full before the position changes
            if found:
                for deduction in found:
                    _apply_in_bulk(state, deduction)
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
    Each rule's logic is its function in :mod:`~dominosa.deductions.rules`, the step finders' own.
    """
    m, state = s.masks, s.state
    newly_joined, newly_split = s.newly_joined, s.newly_split
    lonely_cells, lonely_dominoes = s.lonely_cells, s.lonely_dominoes
    set_split, join = s._set_split, s._join
    while True:
        while newly_joined:
            q = newly_joined.pop()
            state[q] = JOINED
            near, away = rules.join_splits(m, s.undecided, q)
            for r in bit_indices(near | away):
                set_split(r, SPLIT)
        if newly_split:
            for q in newly_split:
                state[q] = SPLIT
            newly_split.clear()
        if lonely_cells:
            join(rules.single_pair_of(m, s.undecided, lonely_cells.pop()))
        elif lonely_dominoes:
            join(rules.only_place_of(m, s.undecided, lonely_dominoes.pop()))
        elif not newly_joined:
            return


def _apply_in_bulk(s: SolvingState, deduction: Deduction) -> None:
    """Apply a deduction found earlier in the same position: what an earlier one of the batch decided already
    is passed over (every one of them is sound, so they never disagree)."""
    for q in deduction.splits:
        if s.state[q] == UNDECIDED:
            s._set_split(q, NEWLY_SPLIT)
    for q in deduction.joins:
        if s.state[q] == UNDECIDED:
            s._join(q)
