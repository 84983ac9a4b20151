"""Grading: which level of technique a puzzle needs, applying the easiest productive deduction first.

Because every rule only ever adds information, the result does not depend on which of several easy
deductions is taken first: the grade is the lowest tier whose techniques, applied to exhaustion, solve the
puzzle. A proper puzzle that no logical technique finishes is graded "guessing", with how often trial and error
was needed and how deep its deepest refutation went. Improper puzzles get a verdict, never a grade.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from dominosa.deductions.counting import CountResult, count_solutions
from dominosa.deductions.driver import ClosureWalk, SettledWalk, StepWalk, closure_tiers, pairs_of, stepping
from dominosa.deductions.grades import (
    BOOKKEEPING,
    BOOKKEEPING_RULES,
    EXTREME,
    GRADES,
    GUESSING,
    TECHNIQUES,
    Technique,
)
from dominosa.deductions.settled import BitsetPosition, bitset_tier
from dominosa.deductions.state import Deduction, SolvingState
from dominosa.deductions.techniques import FINDERS, Finder
from dominosa.puzzle import Puzzle

__all__ = [
    "GradeResult",
    "Tally",
    "grade",
    "closure_reach",
    "verdict_of",
    "verdict_from",
    "PROPER",
    "AMBIGUOUS",
    "NO_SOLUTION",
    "UNDECIDED_VERDICT",
]

PROPER, AMBIGUOUS, NO_SOLUTION, UNDECIDED_VERDICT = "proper", "ambiguous", "no solution", "undecided"
"""The verdicts (:attr:`GradeResult.verdict`): one solution, several, none, or not known within the counter's node
budget. Only a proper puzzle is graded; the verdicts are not grades."""


@dataclass
class GradeResult:
    """A puzzle's verdict and, when it is proper, its grade.

    Attributes
    ----------
    verdict : "proper", "ambiguous" (two or more solutions), "no solution", or "undecided" (the count ran
        out of its budget).
    level : the grade's position in ``GRADES`` (0 easiest), or None when not proper.
    uses : how many deductions of each rule the grading run made (bookkeeping included), by rule number.
    guesses : trial-and-error steps needed (0 unless the grade is "guessing").
    guess_depth : search steps of the deepest refutation among them.
    deductions : the deductions of the grading run, in order.
    stuck : for a puzzle beyond the reference grader's levels (fiendish or guessing), the position where the
        techniques up to extreme got stuck: its joined pairs and its split pairs; None otherwise.
    decisive : the deduction that sets the grade: the step run's first at the grade's level, bookkeeping aside
        (everything before it is easier), kept by the run itself so that saying why the grade is what it is
        (:mod:`~dominosa.deductions.reasons`) needs no second run. None when not proper, for a puzzle its clues
        already solve, and from a level-only grade (its closures find deductions in bulk, not the step run's
        first). A lean run keeps it as its rule and pairs alone, as its other deductions; it is left out of
        comparisons, which ask whether two runs graded alike.
    """

    verdict: str
    level: int | None = None
    uses: dict[int, int] = field(default_factory=dict)
    guesses: int = 0
    guess_depth: int = 0
    deductions: list[Deduction] = field(default_factory=list)
    stuck: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    decisive: Deduction | None = field(default=None, compare=False)

    @property
    def techniques(self) -> dict[str, int]:
        """How often the grading run used each technique (bookkeeping left out), easiest first, by name.

        >>> from dominosa import read_puzzle
        >>> grade(read_puzzle("3:22223101012330103310")).techniques
        {'single neighbour': 3, 'unique placement': 2}
        """
        return {t.label: self.uses[t] for t in TECHNIQUES if self.uses.get(t) and not t.bookkeeping}

    @property
    def name(self) -> str | None:
        return GRADES[self.level] if self.level is not None else None

    @property
    def unique(self) -> bool:
        return self.verdict == PROPER

    def describe(self) -> str:
        """The grade in words: 'hard', 'guessing (3 guesses, depth 12)', 'ambiguous', ...

        >>> GradeResult(PROPER, GUESSING, guesses=3, guess_depth=12).describe(), GradeResult(AMBIGUOUS).describe()
        ('guessing (3 guesses, depth 12)', 'ambiguous')
        """
        if self.level is None:
            return self.verdict
        if self.level == GUESSING:
            return f"{self.name} ({self.guesses} guess{'es' if self.guesses != 1 else ''}, depth {self.guess_depth})"
        return self.name or ""


def verdict_of(puzzle: Puzzle, *, max_nodes: int | None = 200_000) -> str:
    """Whether the puzzle has one solution, several or none (counting up to two).

    >>> from dominosa import read_puzzle
    >>> verdict_of(read_puzzle("3:22223101012330103310")), verdict_of(read_puzzle("1:001011"))
    ('proper', 'ambiguous')
    """
    return verdict_from(count_solutions(puzzle, 2, max_nodes=max_nodes))


def verdict_from(result: CountResult) -> str:
    """The verdict a count to two (within a node budget or not) gives."""
    if result.count >= 2:
        return AMBIGUOUS
    if not result.complete:
        return UNDECIDED_VERDICT
    return PROPER if result.count == 1 else NO_SOLUTION


def grade(
    puzzle: Puzzle,
    *,
    techniques: Sequence[Technique] | None = None,
    verdict: str | None = None,
    keep_deductions: bool = False,
    level_only: bool = False,
    lean: bool = False,
) -> GradeResult:
    """Grade a puzzle: its verdict, and for a proper puzzle the level of the hardest technique it needs.

    The one grader: the driver's step mode run to the end (every deduction counted in ``uses``), or with
    ``level_only`` its closure mode (the same verdict, level, guesses, depth and stuck position, found without
    recording steps; see :mod:`~dominosa.deductions.driver`).

    Parameters
    ----------
    puzzle : the puzzle.
    techniques : the techniques allowed, easiest first (default: all of them, by tier). With ``level_only`` they
        are taken easiest first whatever their order, and every trivial technique must be among them.
    verdict : the verdict if already known (skips the count).
    keep_deductions : also return the deductions made, in order (not with ``level_only``).
    level_only : the level alone, by closures in bulk: ``uses`` and ``deductions`` come back empty, so the result
        must not go where they are read (``rate(graded=...)`` without the path, the generator's fitness).
    lean : the kept deductions need only their rule and pairs (the score reads no more): they come without the
        bookkeeping steps. Everything else in the result is the same.

    Raises
    ------
    ValueError : ``level_only`` with ``keep_deductions``, or with a trivial technique left out.

    Examples
    --------
    >>> from dominosa import read_puzzle
    >>> graded = grade(read_puzzle("3:22223101012330103310"), keep_deductions=True)
    >>> graded.name, graded.techniques
    ('trivial', {'single neighbour': 3, 'unique placement': 2})
    >>> graded.deductions[0].reason
    'The 0-0 can only go at r2c4-r3c4.'
    >>> grade(read_puzzle("1:001011")).verdict
    'ambiguous'
    """
    if level_only and keep_deductions:
        raise ValueError("a level-only grade keeps no deductions")
    verdict = verdict or verdict_of(puzzle)
    if verdict != PROPER:
        return GradeResult(verdict)
    if level_only:
        tally, state = _closure_run(puzzle, techniques)
        return tally.result(verdict, state.solved, with_uses=False)
    return graded_by_steps(puzzle, verdict, tuple(techniques or TECHNIQUES), keep_deductions, lean)



def closure_reach(
    puzzle: Puzzle, techniques: Sequence[Technique]
) -> tuple[GradeResult, tuple[int, ...], tuple[int, ...]]:
    """How far ``techniques`` get on a puzzle taken for proper, by the closure mode (every deduction of a level at
    once, no deduction objects): the grade with its uses by technique (the level is None where they got stuck),
    and the joined and split pairs where they stopped.

    It is :func:`grade`'s ``level_only`` run with what that run throws away kept: a generator developing a big
    layout reads where the techniques stop (to ask the counter for a second solution from there) and how much
    the target's own tier did, at a fraction of the step run's cost (the techniques are persistent, so both reach
    the same level and the same stuck position).

    Raises
    ------
    Contradiction : the puzzle is not proper after all, and the techniques, which assume it is, went astray.

    >>> from dominosa import read_puzzle
    >>> graded, joined, split = closure_reach(read_puzzle("3:22223101012330103310"), TECHNIQUES)
    >>> graded.level, len(joined)
    (0, 10)
    """
    tally, state = _closure_run(puzzle, techniques)
    joined, split = pairs_of(state.pair_states)
    return tally.result(PROPER, state.solved), joined, split


def _closure_run(puzzle: Puzzle, techniques: Sequence[Technique] | None) -> tuple[Tally, SolvingState]:
    """The closure mode's run of ``techniques`` (default all) on a puzzle taken for proper: the tally of what it
    used and the position where it stopped (level-only grading and :func:`closure_reach` read it)."""
    tiers = closure_tiers(techniques)  # checked before any work
    state = SolvingState(puzzle)
    tally = Tally(state)
    tally.count(stepping(ClosureWalk(state), tiers, applied=False))
    return tally, state


class Tally:
    """The grade's accumulator: what a run of the stepping loop used, read off its deductions as they come (the
    uses by rule number, the level of the hardest, the first deduction of that level, the guesses and the
    deepest, and where the techniques up to extreme got stuck), and the deductions kept.

    Every grading run is the driver's one loop (:func:`~dominosa.deductions.driver.stepping`) with its
    parameters (on a small board, on the settled positions' bitsets: :class:`BitsetPosition`), read by this one
    tally.
    A deduction must come before it is applied (``applied=False``): the position it was found in is where a
    first step past extreme was stuck.

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.driver import stepping
    >>> from dominosa.deductions.techniques import FINDERS
    >>> state = SolvingState(read_puzzle("3:22223101012330103310"))
    >>> tally = Tally(state, keep=True)
    >>> tally.count(stepping(StepWalk(state), ([FINDERS[t] for t in TECHNIQUES],), applied=False))
    >>> tally.level, len(tally.made), tally.result(PROPER, state.solved).techniques
    (0, 33, {'single neighbour': 3, 'unique placement': 2})
    """

    def __init__(self, state: SolvingState | None, *, keep: bool = False, with_bookkeeping: bool = True) -> None:
        self.state = state  # the position the deductions come from (None: stuck is not asked for)
        self.keep = keep
        self.with_bookkeeping = with_bookkeeping  # kept deductions include the bookkeeping steps
        self.uses = [0] * _RULE_SLOTS  # by rule number: a technique's hash is a Python call
        self.level = 0
        self.reached = -1  # the level of the decisive deduction: -1 before the first that is not bookkeeping
        self.decisive: Deduction | None = None
        self.guesses = 0
        self.depth = 0
        self.stuck: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.made: list[Deduction] = []

    def count(self, events: Iterable[Deduction]) -> None:
        """Count every deduction of a run (each yielded before it is applied)."""
        state = self.state
        uses, made, keep, with_bookkeeping = self.uses, self.made, self.keep, self.with_bookkeeping
        reached, decisive, guesses, depth, stuck = self.reached, self.decisive, self.guesses, self.depth, self.stuck
        for found in events:
            rule: int = found.rule
            uses[rule] += 1
            above = _DECIDING_LEVEL[rule]
            if above > reached:
                reached, decisive = above, found
                if above > EXTREME and stuck is None and state is not None:
                    stuck = pairs_of(state.pair_states)
            if rule == _GUESS_RULE:
                guesses += 1
                depth = max(depth, found.effort)
            if keep and (with_bookkeeping or not _BOOKKEEPING_RULE[rule]):
                made.append(found)
        self.reached, self.decisive, self.guesses, self.depth, self.stuck = reached, decisive, guesses, depth, stuck
        self.level = max(reached, 0)

    def result(self, verdict: str, solved: bool, *, with_uses: bool = True) -> GradeResult:
        """The grade the run counted: its level where it solved the puzzle, else None (and no stuck position)."""
        # Keyed by technique, by rule number as the step run's (a dict of techniques, copied into a dict[int, int]
        # without unboxing: in the compiled build a comprehension typed so would key it by plain ints)
        counted: dict[Technique, int] = {}
        if with_uses:
            counted = {technique: k for technique, k in zip(_TECHNIQUE_BY_RULE, self.uses, strict=True) if k}
        uses: dict[int, int] = dict(counted.items())
        if not solved:
            return GradeResult(verdict, None, uses, self.guesses, self.depth, self.made)
        decisive = self.decisive if with_uses else None
        return GradeResult(verdict, self.level, uses, self.guesses, self.depth, self.made, self.stuck, decisive)


def graded_by_steps(
    puzzle: Puzzle,
    verdict: str,
    order: tuple[Technique, ...],
    keep: bool,
    lean: bool,
    started: list[SolvingState] | None = None,
    instead: dict[Technique, Finder] | None = None,
) -> GradeResult:
    """The step mode run to the end, counting what it uses (``grade()`` without ``level_only``; its parameters,
    the verdict proper): the driver's loop one deduction at a time, read by one :class:`Tally`.

    A run keeping no bookkeeping steps, with a technique list starting with the two bookkeeping techniques (join,
    then split consequences), is made settled: the loop draws the bookkeeping after each deduction and counts it,
    so the tally sees only the other deductions (a few dozen of a basic puzzle's five hundred steps at order 20).
    The same steps in the same order as the full step run, so the same uses, level, guesses, depth and stuck
    position (``tests/test_deductions_grading.py``). The lean runs of the trivial and basic tiers on a small board
    are the same loop on the settled positions' bitsets (:class:`~dominosa.deductions.settled.BitsetPosition`, its
    finders :func:`~dominosa.deductions.settled.bitset_tier`).

    ``started``, a list, gets a copy of the settled start of a settled run (the state graph's start: ``rate``
    hands it to the path search).

    ``instead`` gives finders that stand in for some techniques' own (a big board's rating gives trial and error
    one that knows the solution and short contradictions one that finds them all at once:
    :mod:`~dominosa.deductions.big_rating`).

    >>> from dominosa import read_puzzle
    >>> lean = graded_by_steps(read_puzzle("3:22223101012330103310"), PROPER, TECHNIQUES, True, True)
    >>> lean.name, [d.rule for d in lean.deductions]  # no bookkeeping steps kept
    ('trivial', [5, 5, 1, 1, 1])
    """
    on_bitsets = lean and not puzzle.clues and len(puzzle.board.cells) <= _ON_BITSETS_UP_TO
    tier = bitset_tier(order) if on_bitsets else None
    if tier is not None:
        position = BitsetPosition(puzzle)
        tally = Tally(None, keep=keep)
        tally.count(stepping(position, (tier,), applied=False))
        tally.uses[_JOIN_RULE] = position.position[0].bit_count()
        tally.uses[_SPLIT_RULE] = position.split_steps
        return tally.result(verdict, position.solved)
    state = SolvingState(puzzle)
    settled = order[:2] == BOOKKEEPING and (lean or not keep)
    tally = Tally(state, keep=keep, with_bookkeeping=not lean)
    if settled:
        finders = [_finder(t, instead) for t in order if not t.bookkeeping]  # a later bookkeeping one never fires
        walk = SettledWalk(state, tally.uses)
        if started is not None:
            walk.settle()  # the loop's own first settle, drawn here to keep the start
            started.append(state.copy())
        tally.count(stepping(walk, (finders,), applied=False))
    else:
        tally.count(stepping(StepWalk(state), ([_finder(t, instead) for t in order],), applied=False))
    # A proper puzzle never contradicts a sound rule, so no Contradiction is expected here.
    return tally.result(verdict, state.solved)


def _finder(technique: Technique, instead: dict[Technique, Finder] | None) -> Finder:
    """The step finder of ``technique``, or the one ``instead`` gives for it."""
    if instead is not None and technique in instead:
        return instead[technique]
    return FINDERS[technique]


# The most cells (order 6: 7 x 8) for which the lean runs of the trivial and basic tiers are made on bitsets: their
# finders scan the whole board at every step, where the state's look only at what changed, so it pays on small
# boards only.
_ON_BITSETS_UP_TO = 56

# The technique of each rule number (the enum's own lookup costs more than a step of bookkeeping).
_TECHNIQUE_OF_RULE: dict[int, Technique] = {t.value: t for t in Technique}
# The level of each rule number, and the list's length (a count by rule number has a slot for each).
_RULE_SLOTS = max(Technique) + 1
_LEVEL_OF_RULE: list[int] = [_TECHNIQUE_OF_RULE[rule].level if rule in _TECHNIQUE_OF_RULE else 0
                             for rule in range(_RULE_SLOTS)]
_GUESS_RULE = int(Technique.GUESS)
# The technique of each rule number by position (a rule number no technique has is never used).
_TECHNIQUE_BY_RULE: list[Technique] = [_TECHNIQUE_OF_RULE.get(rule, Technique.GUESS) for rule in range(_RULE_SLOTS)]
_BOOKKEEPING_RULE: list[bool] = [rule in BOOKKEEPING_RULES for rule in range(_RULE_SLOTS)]
# The level at which each rule number's deduction can set a grade: its level, -1 for the bookkeeping (which never
# does), so that the tally's one comparison keeps both the hardest level and its first deduction.
_DECIDING_LEVEL: list[int] = [-1 if _BOOKKEEPING_RULE[rule] else _LEVEL_OF_RULE[rule] for rule in range(_RULE_SLOTS)]
_JOIN_RULE = int(Technique.JOIN_CONSEQUENCES)
_SPLIT_RULE = int(Technique.SPLIT_CONSEQUENCES)
