"""The driver: how the engine moves through a puzzle, by one loop (:func:`stepping`) in two modes.

The loop asks finders in order, applies what the first productive one found and starts again from the first,
yielding each deduction; its parameters say which run it is (the rest of this docstring), and grading reads its
deductions with one accumulator (:class:`~dominosa.deductions.grading.Tally`).

**Step mode** makes one deduction at a time, as a person would: the techniques are asked easiest first (the order
of :data:`~dominosa.deductions.grades.TECHNIQUES`, bookkeeping first within a level), the first deduction found
is applied, and the search starts again from the easiest. Every deduction comes with its sentence, so this is the
mode of explanations, hints, ``solve --steps``, the state graph's completion and the graded record (the use counts
the generator's fitness and ``rate`` read): :func:`iter_deductions`, :func:`next_deduction`. A run that keeps no
bookkeeping steps (grading's default, and every lean run: the generator's quick rejections among them) is the
loop *settled* (:func:`stepping` on a :class:`SettledWalk`): the bookkeeping drawn after each deduction and only
counted (:func:`settle_counted`: :func:`settle`'s steps in its order, without their deduction objects): the same steps,
for a technique list with the bookkeeping first.

A settled position is said by four bitsets (joined pairs, split pairs, covered cells, placed dominoes: a
:class:`~dominosa.deductions.state.Position`): :mod:`~dominosa.deductions.settled` holds the one settle kernel on them
(:func:`~dominosa.deductions.settled.settle_position`; the bookkeeping here and the trivial closure draw with its
:func:`~dominosa.deductions.settled.settle_pending`),
the trivial moves and the candidate lists of rules 4 and 6 and "must overlap" (the state graph's children, and lean
grading's trivial and basic tiers on small boards), each rule by its own logic function.

**Closure mode** (the loop on a :class:`ClosureWalk`) makes every deduction of a level at once, the way Simon
Tatham's C solver grades: the trivial closure (rules 1, 2, 3 and 5: the settle kernel and the state's lonely cells
and dominoes), then for each level in turn (the loop's tiers, :func:`closure_tiers`) the first technique (easiest
first; parity, which reads the whole position, is asked after the hard and extreme ones) that has any deductions has
them *all* applied, the trivial closure is drawn again, and the search restarts from the first. Level-only grading
reads it for the level alone.
The bulk finders it asks (rules 4 and 6 on the position's candidate sets, the set analyses re-checking only the
numbers that changed, short contradictions on the counter's propagation) are in
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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from dominosa.deductions import rules
from dominosa.deductions.grades import BOOKKEEPING, TECHNIQUES, TRIVIAL, Technique
from dominosa.deductions.levels import finders_by_level
from dominosa.deductions.settled import settle_pending, settle_undecided
from dominosa.deductions.state import (
    JOINED,
    NEWLY_JOINED,
    NEWLY_SPLIT,
    SPLIT,
    Contradiction,
    Deduction,
    SolvingState,
    make_position,
)
from dominosa.deductions.techniques import FINDERS, Finder
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "Walked",
    "StepWalk",
    "SettledWalk",
    "ClosureWalk",
    "stepping",
    "settle",
    "settled_start",
    "walk",
    "Replay",
    "Replayed",
    "settle_counted",
    "next_deduction",
    "iter_deductions",
    "StepLog",
    "solve_by_steps",
    "closure_tiers",
    "close_trivially",
    "pairs_of",
]

# -- the stepping loop -------------------------------------------------------------------------------------------


class Walked(Protocol):
    """What the loop walks: a position, what its finders are asked about (``subject``), and how a deduction is
    applied to it and its consequences drawn. Each run of the loop is one of these, so the loop itself has no
    modes: :class:`StepWalk` (a SolvingState one deduction at a time, bookkeeping included), :class:`SettledWalk`
    (the bookkeeping drawn after each deduction by the settle kernel and counted), :class:`ClosureWalk` (every
    deduction of the first productive finder at once, then the trivial closure) and lean grading's
    :class:`~dominosa.deductions.settled.BitsetPosition` (settled bitsets, each step settled by the kernel).

    Attributes
    ----------
    subject : what the tiers' finders are given (a SolvingState, or the bitset walker itself).
    bulk : the finders give all their deductions at once (an iterable), applied together before :meth:`settle`;
        otherwise each gives its first deduction or None.
    """

    bulk: bool

    @property
    def subject(self) -> Any:
        """What the tiers' finders are given."""
        ...

    def finished(self) -> bool:
        """Whether the position is solved with nothing left to draw: the loop stops there."""
        ...

    def apply(self, deduction: Deduction) -> None:
        """Apply one deduction found in the position (with ``bulk``, one of a batch found in the same position)."""
        ...

    def settle(self) -> None:
        """Draw what the walk draws after each deduction (or batch), and once at the start: nothing, the counted
        bookkeeping, or the trivial closure."""
        ...


class StepWalk:
    """A :class:`~dominosa.deductions.state.SolvingState` walked one deduction at a time: the bookkeeping is a
    finder like any other, its steps yielded (``solve --steps``, hints, the lessons)."""

    def __init__(self, state: SolvingState) -> None:
        self.subject = state
        self.bulk = False

    def finished(self) -> bool:
        s = self.subject
        return s.solved and not s.newly_joined and not s.newly_split

    def apply(self, deduction: Deduction) -> None:
        self.subject.apply(deduction)

    def settle(self) -> None:
        """Nothing: the bookkeeping is the tiers' to find."""


class SettledWalk(StepWalk):
    """The step walk with its bookkeeping (rules 2 and 3) drawn after each deduction by :func:`settle_counted`
    and counted in ``counted`` by rule number, never made as deductions (grading's default and lean runs; the
    tiers' finders leave the bookkeeping techniques out)."""

    def __init__(self, state: SolvingState, counted: list[int]) -> None:
        super().__init__(state)
        self.counted = counted
        self.applied: Deduction | None = None  # applied by the next settle, with its consequences

    def apply(self, deduction: Deduction) -> None:
        """Keep the deduction for :meth:`settle`, which makes it and draws its consequences in one call of the
        settle kernel: the state is not made to hold it pending first (the loop settles after every apply)."""
        self.applied = deduction

    def settle(self) -> None:
        deduction, self.applied = self.applied, None
        settle_counted(self.subject, self.counted, deduction=deduction)


class ClosureWalk(StepWalk):
    """The closure mode: the first productive finder's deductions are applied all at once
    (:meth:`~dominosa.deductions.state.SolvingState.apply_undecided`: each was found in the same position) and
    the trivial closure (:func:`close_trivially`) drawn at the start and after each batch, with no deduction
    objects (level-only grading, on :func:`closure_tiers`)."""

    def __init__(self, state: SolvingState) -> None:
        super().__init__(state)
        self.bulk = True

    def apply(self, deduction: Deduction) -> None:
        self.subject.apply_undecided(deduction)

    def settle(self) -> None:
        close_trivially(self.subject)


def stepping(
    walked: Walked, tiers: Iterable[Sequence[Callable[[Any], Any]]], *, applied: bool = True
) -> Iterator[Deduction]:
    """The engine's one stepping loop: ask the finders in order, apply what the first productive one found, and
    start again from the first, until the position is finished or every finder is stuck; yield each deduction
    made. Every run of the engine on a position is this loop on a :class:`Walked`.

    Parameters
    ----------
    walked : the position as the run walks it (:class:`StepWalk`, :class:`SettledWalk`, :class:`ClosureWalk`, or
        lean grading's bitsets), changed as deductions are applied.
    tiers : the finders to try, easiest first, in tiers: when every finder of a tier is stuck the loop goes on
        with the next tier and never back (the closure mode's levels: each tier lists the finders up to its
        level); a one-at-a-time run has one tier. A finder is given ``walked.subject`` and gives its first
        deduction or None, or with ``walked.bulk`` all its deductions (read in full before the position changes).
    applied : each deduction is yielded after it is applied (the default: the caller sees the position it
        made); False to yield it before, in the position it was found in (applied when the loop resumes: a caller
        that stops there leaves the position as it was found, as a hint does).

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.techniques import FINDERS
    >>> from dominosa.deductions.grades import TECHNIQUES
    >>> puzzle = read_puzzle("3:22223101012330103310")
    >>> state = SolvingState(puzzle)
    >>> rules = [d.rule for d in stepping(StepWalk(state), ([FINDERS[t] for t in TECHNIQUES],))]
    >>> len(rules), [r for r in rules if r not in (2, 3)], state.solved
    (33, [5, 5, 1, 1, 1], True)

    The same run settled: the bookkeeping (rules 2 and 3) drawn and counted, never a step of its own.

    >>> counts, state = [0] * 4, SolvingState(puzzle)
    >>> others = [FINDERS[t] for t in TECHNIQUES if not t.bookkeeping]
    >>> [d.rule for d in stepping(SettledWalk(state, counts), (others,))], counts[2] + counts[3], state.solved
    ([5, 5, 1, 1, 1], 28, True)
    """
    bulk = walked.bulk
    walked.settle()
    subject = walked.subject
    for tier in tiers:  # a tier is asked for only once the last is stuck (the closure's are made lazily)
        while True:
            if walked.finished():
                return  # not on to the next tier: making its finders is work (the closure makes them lazily)
            # The first finder with anything to say: its deduction, or with ``bulk`` all of them (read in full
            # before the position changes).
            found: Any = None
            for find in tier:
                found = find(subject)
                if found is not None:
                    if not bulk:
                        break
                    found = list(found)
                    if found:
                        break
                    found = None
            if found is None:
                break
            if bulk:
                if not applied:
                    yield from found
                for deduction in found:
                    walked.apply(deduction)
                walked.settle()
                if applied:
                    yield from found
            else:
                if not applied:
                    yield found
                walked.apply(found)
                walked.settle()
                if applied:
                    yield found


def settle(state: SolvingState) -> list[Deduction]:
    """Draw every pending consequence of newly joined and newly split pairs (rules 2 and 3, the bookkeeping) in
    place; return the steps that placed a domino (rule 3 leaving a domino one place), with their sentences.

    The state graph settles every position it reaches, hints settle a position before looking for an idea, and
    explanations settle after each step: bookkeeping is never a step of its own there. The steps are the step
    mode's, in its order (rule 2 before rule 3, lowest pair first), drawn by :func:`settle_counted`, the one loop
    of the bookkeeping: only the steps that place a domino are made as deductions.
    """
    placing_steps: list[Deduction] = []
    settle_counted(state, [0] * _USES_SLOTS, placing_steps)
    return placing_steps


def settled_start(puzzle: Puzzle, forced: list[Deduction] | None = None) -> SolvingState:
    """The puzzle's settled start: its clues joined and every consequence drawn (the bookkeeping), the position
    every replay, path search and clue count starts from; with ``forced``, the steps that placed a domino on
    the way (:func:`settle`'s) are added to it.

    >>> from dominosa import read_puzzle
    >>> start = settled_start(read_puzzle("3:22223101012330103310"))
    >>> start.newly_joined, start.newly_split, start.solved
    (set(), set(), False)
    """
    state = SolvingState(puzzle)
    placing_steps = settle(state)
    if forced is not None:
        forced.extend(placing_steps)
    return state


def settle_counted(
    s: SolvingState, uses: list[int], placing_steps: list[Deduction] | None = None, *,
    deduction: Deduction | None = None,
) -> None:
    """Draw the bookkeeping as the step mode would, counting its steps in ``uses`` (by rule number): the settle
    kernel (:func:`~dominosa.deductions.settled.settle_pending`) draws the pending pairs' consequences on the
    position's bitsets in the step mode's order (the lowest newly joined pair's rule 2, else the lowest newly split
    pair's rule 3) and counts them, and the state is brought to the settled position
    (:meth:`~dominosa.deductions.state.SolvingState.settle_to`, which raises the
    :class:`~dominosa.deductions.state.Contradiction` of a cell or domino left with nothing), without making the
    deductions (most of a settled run's cost); with ``placing_steps``, the steps that place a domino are made as the
    engine's deductions (:func:`~dominosa.deductions.rules.placing_split`) and added to it.

    With ``deduction`` (not bookkeeping), the settled state is first made to hold it, by the kernel itself
    (:func:`~dominosa.deductions.settled.settle_undecided`: the same splits and joins, in ``apply``'s order and
    with its checks), so that the settled run's step is one call of the kernel and one of ``settle_to``."""
    placings: list[int] | None = None if placing_steps is None else []
    if deduction is not None:
        after, joins, splits = settle_undecided(
            s.masks, s.joined, s.undecided, s.covered_bits, s.placed_bits, deduction.joins, deduction.splits,
            deduction.quiet_splits, placings=placings, tables=s.tables)
    elif not (s.newly_joined or s.newly_split):
        return
    else:
        after, joins, splits = settle_pending(s.masks, s.unsettled(), placings=placings, tables=s.tables)
    s.settle_to(after)
    if placing_steps is not None and placings:
        for i in range(0, len(placings), 2):
            placing_steps.append(rules.placing_split(s.tables, placings[i], placings[i + 1]))
    uses[_JOIN_RULE] += joins
    uses[_SPLIT_RULE] += splits


_JOIN_RULE = int(Technique.JOIN_CONSEQUENCES)
_SPLIT_RULE = int(Technique.SPLIT_CONSEQUENCES)
_USES_SLOTS = max(_JOIN_RULE, _SPLIT_RULE) + 1  # a count by rule number that settle makes and drops


def next_deduction(state: SolvingState, techniques: Sequence[Technique] | None = None) -> Deduction | None:
    """The deduction the step mode would make next: the first technique's that applies, or None (the first
    deduction of :func:`stepping`, taken where it was found: ``state`` is not changed).

    ``techniques`` defaults to all of them, easiest first (guessing last).
    """
    finders = [FINDERS[t] for t in (TECHNIQUES if techniques is None else techniques)]
    return next(stepping(StepWalk(state), (finders,), applied=False), None)


def iter_deductions(
    puzzle: Puzzle | SolvingState,
    *,
    techniques: Sequence[Technique] | None = None,
    guess: bool = True,
    with_bookkeeping: bool = True,
    applied: bool = True,
) -> Iterator[Deduction]:
    """The step mode on a position: yield deductions one at a time, applying each, until the puzzle is solved or
    no technique applies.

    Parameters
    ----------
    puzzle : a puzzle, or a position to carry on from (it is changed as deductions are applied).
    techniques : the techniques to try, easiest first (default: all of them).
    guess : when False, trial and error (rule 7) is left out.
    with_bookkeeping : when False, the bookkeeping steps (rules 2 and 3) are drawn but not yielded; with a technique
        list that starts with them (the default's does), by the settled loop, which makes no deduction objects
        for them: the other deductions are the same, in the same order.
    applied : when False, each deduction is yielded before it is applied, in the position it was found in (the
        book's lessons show each step beside the position before it); it is applied when the caller asks for the
        next one.

    Raises
    ------
    Contradiction : the position cannot be completed (the puzzle has no solution); raised while iterating.
    """
    state = puzzle if isinstance(puzzle, SolvingState) else SolvingState(puzzle)
    order = tuple(TECHNIQUES if techniques is None else techniques)
    if not guess:
        order = tuple(t for t in order if t is not Technique.GUESS)
    if not with_bookkeeping and order[:2] == BOOKKEEPING:
        rest = [FINDERS[t] for t in order if not t.bookkeeping]  # a later bookkeeping entry would never fire
        return stepping(SettledWalk(state, [0] * _USES_SLOTS), (rest,), applied=applied)
    finders: list[Finder] = [FINDERS[t] for t in order]  # looked up once: the loop asks them after every step
    if not with_bookkeeping:
        return (d for d in stepping(StepWalk(state), (finders,), applied=applied) if not d.is_bookkeeping)
    return stepping(StepWalk(state), (finders,), applied=applied)



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


# -- the replay of a path ----------------------------------------------------------------------------------------


class Replayed(NamedTuple):
    """One step of a replay (:func:`walk`): the position before it, the step, the moves its consequences force,
    and the position after it.

    Attributes
    ----------
    before : the settled position the step was made in.
    step : the deduction made there.
    forced : the bookkeeping steps that placed a domino once the step was made (rule 3: a split left a domino
        one place), in the bookkeeping's order: a path folds them away, an explanation names them.
    after : the settled position the step and its consequences leave.
    """

    before: SolvingState
    step: Deduction
    forced: tuple[Deduction, ...]
    after: SolvingState


class Replay:
    """A path replayed from a position (what :func:`walk` gives): its settled start, what settling the start
    forced, and, iterated, each step as a :class:`Replayed`.

    The one replay of the engine: hints read its start, the state graph steps its positions and the path it
    found along it, the carried path's sentences are made along it, and ``explain`` reads every step of it.
    """

    def __init__(
        self,
        start: Puzzle | SolvingState,
        steps: Iterable[Any],
        found: Callable[[SolvingState, Any], Deduction] | None,
    ) -> None:
        if isinstance(start, SolvingState):
            state, forced = start, []
            if start.newly_joined or start.newly_split:
                state = start.copy()
                forced = settle(state)
        else:
            forced = []
            state = settled_start(start, forced)
        self.start = state
        """The settled start: the position given if it was settled (never changed), else a settled copy."""
        self.forced = tuple(forced)
        """The bookkeeping steps that placed a domino while the start was settled (see :class:`Replayed`)."""
        self._steps, self._found = steps, found

    def deductions(self) -> list[Deduction]:
        """The steps alone, as iterating finds them, made on one copy of the start stepped in place (no position
        kept per step): for a reader of the deductions only (the state graph's path, a carried path's
        sentences)."""
        state, found, made = self.start.copy(), self._found, []
        for edge in self._steps:
            step: Deduction = edge if found is None else found(state, edge)
            state.apply(step)
            settle(state)
            made.append(step)
        return made

    def __iter__(self) -> Iterator[Replayed]:
        before, found = self.start, self._found
        for edge in self._steps:
            step: Deduction = edge if found is None else found(before, edge)
            after = before.copy()
            after.apply(step)
            forced = tuple(settle(after))
            yield Replayed(before, step, forced, after)
            before = after


def walk(
    start: Puzzle | SolvingState,
    steps: Iterable[Any] = (),
    found: Callable[[SolvingState, Any], Deduction] | None = None,
) -> Replay:
    """Replay a deduction path from a position: each step with the position before it, the moves it forces and
    the position after it.

    ``start`` is a puzzle (its settled start, :func:`settled_start`) or a position,
    which is settled first (on a copy: the position given is read, never changed). ``steps`` are the path's
    deductions, or, with ``found``, what ``found`` makes the deduction of at the position before each (the state
    graph's moves found on bitsets, a carried path's steps found again by the engine). Paths fold bookkeeping
    away, so it is drawn after every step, as the state graph did when it found the path. The positions yielded
    are the walk's own (each ``after`` is the next step's ``before``): the caller may keep them, not change them.

    Raises :class:`Contradiction` when a step does not fit its position (a path of another puzzle).

    >>> from dominosa import read_puzzle
    >>> puzzle = read_puzzle("3:22223101012330103310")
    >>> path = list(iter_deductions(puzzle, with_bookkeeping=False))  # a path: the settled run's steps
    >>> replayed = list(walk(puzzle, path))
    >>> [(r.step.rule, len(r.forced)) for r in replayed], replayed[-1].after.solved
    ([(5, 0), (5, 0), (1, 0), (1, 1), (1, 4)], True)
    """
    return Replay(start, steps, found)


# -- closure mode -----------------------------------------------------------------------------------------------

# The trivial techniques are drawn by the closure itself; a technique list without one of them is refused.
_TRIVIAL_TECHNIQUES = tuple(t for t in TECHNIQUES if t.level == TRIVIAL)


def closure_tiers(
    techniques: Sequence[Technique] | None = None,
) -> Iterator[Sequence[Callable[[SolvingState], Any]]]:
    """The closure mode's tiers for :func:`stepping` (on a :class:`ClosureWalk`): for each level above trivial
    with an allowed technique, easiest first, the bulk finders up to it
    (:func:`~dominosa.deductions.levels.finders_by_level`), then, if guessing is allowed, the last of them with
    trial and error after it (tried where every other technique is stuck, as the step run takes it: the same
    position, so the same pair tried and the same search).

    ``techniques`` (default all) are taken easiest first whatever their order, and every trivial technique must be
    among them (the closure draws them itself).

    Raises
    ------
    ValueError : ``techniques`` leaves out a trivial technique.
    """
    allowed = tuple(TECHNIQUES if techniques is None else techniques)
    missing = [t.label for t in _TRIVIAL_TECHNIQUES if t not in allowed]
    if missing:
        raise ValueError(f"level-only grading draws the trivial techniques itself; missing: {', '.join(missing)}")
    return _closure_tiers(allowed)


def _closure_tiers(allowed: tuple[Technique, ...]) -> Iterator[Sequence[Callable[[SolvingState], Any]]]:
    """:func:`closure_tiers`' tiers, each made when the loop asks for it (a puzzle the trivial closure solves
    makes none of the bulk finders)."""
    last: Sequence[Callable[[SolvingState], Any]] = ()
    for _, up_to in finders_by_level(allowed):
        last = up_to
        yield up_to
    if Technique.GUESS in allowed:
        yield [*last, _guessed]


def _guessed(state: SolvingState) -> list[Deduction]:
    """Trial and error as a bulk finder: its one deduction, or none."""
    tried = rules.guess(state)
    return [] if tried is None else [tried]


def close_trivially(s: SolvingState) -> None:
    """Draw rules 1, 2, 3 and 5 to their fixed point (no deduction objects): the settle kernel
    (:func:`~dominosa.deductions.settled.settle_pending`, quietly) draws rule 2 on the position's bitsets, a newly
    split pair only becoming split, since a domino left with one place is on the state's list of lonely dominoes (rules
    3 and 5 alike); every cell with one pair left has it joined (rule 1) and every domino with one place left is placed
    there (rule 5) before each call of the kernel, until neither has anything. The fixed point is the one the stepwise
    rules reach, in any order. Raises :class:`~dominosa.deductions.state.Contradiction` as they do.
    """
    m, t = s.masks, s.tables
    while True:
        s.join_lonely()  # before the kernel draws: its joins are drawn with the pending ones, in one call
        if not (s.newly_joined or s.newly_split):
            return
        unsettled = s.unsettled()
        if unsettled[4]:  # read by index: the compiled build's fastest
            s.settle_to(settle_pending(m, unsettled, quiet=True, tables=t)[0])
        else:  # splits alone pending: the kernel (rule 2 alone) has nothing to draw, the splits only settle
            s.settle_to(make_position(unsettled[0], unsettled[1], unsettled[2], unsettled[3]))
