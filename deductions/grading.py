"""Grading: which tier of technique a puzzle needs, applying the easiest productive deduction first.

Because every rule only ever adds information, the result does not depend on which of several easy
deductions is taken first: the grade is the lowest tier whose techniques, applied to exhaustion, solve the
puzzle. A proper puzzle that no logical technique finishes is graded "guessing", with how often trial and error
was needed and how deep its deepest refutation went. Improper puzzles get a verdict, never a grade.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from dominosa.deductions import advanced
from dominosa.deductions.advanced import must_overlap_splits
from dominosa.deductions.counting import count_solutions
from dominosa.deductions.driver import closure_run, iter_deductions, pairs_of, settled_steps
from dominosa.deductions.grades import BASIC, EXTREME, GRADES, GUESSING, TECHNIQUES, TRIVIAL, Technique
from dominosa.deductions.rules import same_neighbours_away, shared_cell_splits
from dominosa.deductions.settled import (
    FollowingState,
    must_overlap_dominoes,
    same_neighbour_cells,
    settled_after,
    shared_cell_dominoes,
    start_position,
    trivial_moves,
)
from dominosa.deductions.state import Contradiction, Deduction, SolvingState, bit_indices
from dominosa.deductions.tables import Masks, masks_of, tables_for
from dominosa.deductions.techniques import FINDERS
from dominosa.puzzle import Puzzle

__all__ = [
    "GradeResult",
    "grade",
    "grade_level_of",
    "verdict_of",
    "PROPER",
    "AMBIGUOUS",
    "NO_SOLUTION",
    "UNDECIDED_VERDICT",
]

PROPER, AMBIGUOUS, NO_SOLUTION, UNDECIDED_VERDICT = "proper", "ambiguous", "no solution", "undecided"


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
    """

    verdict: str
    level: int | None = None
    uses: dict[int, int] = field(default_factory=dict)
    guesses: int = 0
    guess_depth: int = 0
    deductions: list[Deduction] = field(default_factory=list)
    stuck: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    @property
    def techniques(self) -> dict[str, int]:
        """How often the grading run used each technique (bookkeeping left out), easiest first, by name."""
        return {t.label: self.uses[t] for t in TECHNIQUES if self.uses.get(t) and not t.bookkeeping}

    @property
    def name(self) -> str | None:
        return GRADES[self.level] if self.level is not None else None

    @property
    def unique(self) -> bool:
        return self.verdict == PROPER

    def describe(self) -> str:
        """The grade in words: 'hard', 'guessing (3 guesses, depth 12)', 'ambiguous', ..."""
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
    result = count_solutions(puzzle, 2, max_nodes=max_nodes)
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
    """Grade a puzzle: its verdict, and for a proper puzzle the tier of the hardest technique it needs.

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
        closed = closure_run(puzzle, techniques)
        if closed is None:
            return GradeResult(verdict)
        level, guesses, depth, stuck = closed
        return GradeResult(verdict, level, {}, guesses, depth, [], stuck)
    return graded_by_steps(puzzle, verdict, tuple(techniques or TECHNIQUES), keep_deductions, lean)


def graded_by_steps(
    puzzle: Puzzle, verdict: str, order: tuple[Technique, ...], keep: bool, lean: bool
) -> GradeResult:
    """The step mode run to the end, counting what it uses (``grade()`` without ``level_only``; its parameters,
    the verdict proper). A run keeping no bookkeeping steps is made settled (:func:`_graded_settled`)."""
    on_bitsets = lean and not puzzle.clues and len(puzzle.board.cells) <= _ON_BITSETS_UP_TO
    if on_bitsets and order in (_TRIVIAL_TIER, _BASIC_TIER):
        return _graded_on_bitsets(puzzle, verdict, keep, order == _BASIC_TIER)
    if order[:2] == _BOOKKEEPING and (lean or not keep):
        return _graded_settled(puzzle, verdict, order, keep)
    uses: Counter[int] = Counter()
    made: list[Deduction] = []
    level = 0
    guesses = depth = 0
    stuck = None
    state = SolvingState(puzzle)
    # A proper puzzle never contradicts a sound rule, so no Contradiction is expected here. The state is
    # changed as each deduction is yielded, so ``stuck`` is read before the first step past extreme applies.
    run = iter_deductions(state, techniques=order)
    while True:
        before = bytes(state.state) if stuck is None else b""
        found = next(run, None)
        if found is None:
            break
        technique = _TECHNIQUE_OF_RULE[found.rule]
        uses[technique] += 1
        level = max(level, technique.level)
        if technique.level > EXTREME and stuck is None:
            stuck = pairs_of(before)
        if technique is Technique.GUESS:
            guesses += 1
            depth = max(depth, found.effort)
        if keep and not (lean and technique.bookkeeping):
            made.append(found)
    if not state.solved:
        return GradeResult(verdict, None, dict(sorted(uses.items())), guesses, depth, made)
    return GradeResult(verdict, level, dict(sorted(uses.items())), guesses, depth, made, stuck)


def _graded_settled(puzzle: Puzzle, verdict: str, order: tuple[Technique, ...], keep: bool) -> GradeResult:
    """:func:`graded_by_steps` for a run that keeps no bookkeeping steps, with a technique list starting with the
    two bookkeeping techniques (join, then split consequences): the driver's settled steps, which draw the
    bookkeeping by ``settle`` after each deduction and count it, so the loop here sees only the other deductions
    (a few dozen of a basic puzzle's five hundred steps at order 20). The same steps in the same order as the full
    step run, so the same uses, level, guesses, depth and stuck position (``tests/test_deductions_grading.py``)."""
    finders = [FINDERS[t] for t in order if not t.bookkeeping]  # a later bookkeeping entry would never fire
    uses = [0] * _RULE_SLOTS  # by rule number: a technique's hash is a Python call
    made: list[Deduction] = []
    level = guesses = depth = 0
    stuck = None
    state = SolvingState(puzzle)
    for found in settled_steps(state, finders, uses):  # yielded before it is applied: ``state`` is where it was found
        rule: int = found.rule
        uses[rule] += 1
        above = _LEVEL_OF_RULE[rule]
        if above > level:
            level = above
            if above > EXTREME and stuck is None:
                stuck = pairs_of(state.state)
        if rule == _GUESS_RULE:
            guesses += 1
            depth = max(depth, found.effort)
        if keep:
            made.append(found)
    # Keyed by technique, by rule number as the step run's (a dict of techniques, copied into a dict[int, int]
    # without unboxing: in the compiled build a comprehension typed so would key it by plain ints)
    counted: dict[Technique, int] = {_TECHNIQUE_OF_RULE[rule]: k for rule, k in enumerate(uses) if k}
    if not state.solved:
        return GradeResult(verdict, None, dict(counted.items()), guesses, depth, made)
    return GradeResult(verdict, level, dict(counted.items()), guesses, depth, made, stuck)


def _graded_on_bitsets(puzzle: Puzzle, verdict: str, keep: bool, basic: bool) -> GradeResult:
    """:func:`_graded_settled` with the trivial tier alone, or with the basic tier after it (lean), made on the
    settled positions' bitsets (:mod:`~dominosa.deductions.settled`) as the state graph expands a trivial position:
    the first trivial move (the lowest lonely cell's pair, else the lowest lonely domino's place), else, with
    ``basic``, the basic tier's first deduction (:func:`_first_basic`), its settle by
    :func:`~dominosa.deductions.settled.settled_after`, and the bookkeeping counted as settle counts it (a join's
    consequences once per pair joined, a split's once per pair newly split). The same steps, counts and level, or
    stuck where the stepped run is stuck; the deductions kept are the rule and the pairs.

    The generator's quick rejections at trivial and basic make this run for most layouts they meet, and on a
    small board a SolvingState's start and its incremental counts cost more than the few bit operations a step
    takes here (measured in bench/README.md, "One position type, step C")."""
    m = masks_of(tables_for(puzzle))
    position: tuple[int, int, int, int] = start_position(m)  # a Position, then the kernel's bitsets
    solved = (1 << m.n_cells) - 1
    uses = [0] * _RULE_SLOTS
    made: list[Deduction] = []
    newly_split = level = 0
    following: FollowingState | None = None  # made when the basic tier is first asked
    while position[2] != solved:
        joins: tuple[int, ...] = ()
        splits: tuple[int, ...] = ()
        moves = trivial_moves(m, position[0], position[1], position[2], position[3], True)
        if moves is not None:
            rule, q, _ = moves[0]
            joins = (q,)
        elif not basic:
            break
        else:
            if following is None:
                following = FollowingState(puzzle)
            found = _first_basic(m, position, following)
            if found is None:
                break
            rule, joins, splits = found.rule, found.joins, found.splits
        after = settled_after(m, position, joins, splits, checked=False)
        if after is None:  # pragma: no cover - a proper puzzle's sound steps never contradict
            raise Contradiction("a step on bitsets meets a contradiction")
        position = (after[0], after[1], after[2], after[3])
        newly_split += after[4]
        uses[rule] += 1
        if _LEVEL_OF_RULE[rule] > level:
            level = _LEVEL_OF_RULE[rule]
        if keep:
            made.append(Deduction(rule=rule, joins=joins, splits=splits))
    uses[_JOIN_RULE] = position[0].bit_count()
    uses[_SPLIT_RULE] = newly_split
    counted: dict[Technique, int] = {_TECHNIQUE_OF_RULE[rule]: k for rule, k in enumerate(uses) if k}
    return GradeResult(verdict, level if position[2] == solved else None, dict(counted.items()), 0, 0, made)


def _first_basic(m: Masks, position: tuple[int, int, int, int], following: FollowingState) -> Deduction | None:
    """The basic tier's first deduction in a settled position where no trivial move is left, its techniques in
    the step run's order, each at the lowest place the bitsets show it applies, by the rule's one logic: rule 4
    (its domino's places away from the cell split), rule 6 (the other pairs of the cell all its places share
    split), must overlap (every pair touching its first place that each of its places overlaps split); then local
    duplicate and parity, asked of the engine's own position (:class:`~dominosa.deductions.settled.FollowingState`),
    their deduction kept to its rule and pairs. None when the tier is stuck."""
    undecided = m.all_pairs & ~(position[0] | position[1])
    cells = same_neighbour_cells(m, position, True)
    if cells:
        return Deduction(rule=_SAME_RULE, splits=bit_indices(same_neighbours_away(m, undecided, cells[0])))
    dominoes = shared_cell_dominoes(m, position, True)
    if dominoes:
        return Deduction(rule=_SHARED_RULE, splits=bit_indices(shared_cell_splits(m, undecided, dominoes[0])[1]))
    dominoes = must_overlap_dominoes(m, position, True)
    if dominoes:
        return Deduction(rule=_OVERLAP_RULE, splits=bit_indices(must_overlap_splits(m, undecided, dominoes[0])))
    state = following.at(position)
    found = advanced.local_duplicate(state) or advanced.parity(state)
    return None if found is None else Deduction(rule=found.rule, joins=found.joins, splits=found.splits)


_BASIC_TIER = tuple(t for t in TECHNIQUES if t.level <= BASIC)

# The trivial tier's techniques, as grade() is given them (the generator's quick rejection at trivial), and the most
# cells (order 6: 7 x 8) for which the lean runs of the trivial and basic tiers are made on bitsets: their finders
# scan the whole board at every step, where the state's look only at what changed, so it pays on small boards only.
_TRIVIAL_TIER = tuple(t for t in TECHNIQUES if t.level == TRIVIAL)
_ON_BITSETS_UP_TO = 56

# The technique of each rule number (the enum's own lookup costs more than a step of bookkeeping).
_TECHNIQUE_OF_RULE: dict[int, Technique] = {t.value: t for t in Technique}
# The level of each rule number, and the list's length (a count by rule number has a slot for each).
_RULE_SLOTS = max(Technique) + 1
_LEVEL_OF_RULE: list[int] = [_TECHNIQUE_OF_RULE[rule].level if rule in _TECHNIQUE_OF_RULE else 0
                             for rule in range(_RULE_SLOTS)]
_GUESS_RULE = int(Technique.GUESS)
_JOIN_RULE = int(Technique.JOIN_CONSEQUENCES)
_SPLIT_RULE = int(Technique.SPLIT_CONSEQUENCES)
_SAME_RULE = int(Technique.ALL_SAME_NEIGHBOURS)
_SHARED_RULE = int(Technique.SHARED_CELL)
_OVERLAP_RULE = int(Technique.MUST_OVERLAP)
# The bookkeeping techniques as the step run asks them (a settled run needs the list to start with them).
_BOOKKEEPING = (Technique.JOIN_CONSEQUENCES, Technique.SPLIT_CONSEQUENCES)

def grade_level_of(
    puzzle: Puzzle, *, verdict: str | None = None, techniques: Sequence[Technique] | None = None
) -> GradeResult:
    """``grade(puzzle, level_only=True, ...)``: the level alone, by the driver's closure mode. Kept as a name of
    the package's public API; :func:`grade` is the one grader.

    >>> from dominosa import read_puzzle
    >>> result = grade_level_of(read_puzzle("3:22223101012330103310"))
    >>> result.name, result.uses
    ('trivial', {})
    """
    return grade(puzzle, verdict=verdict, techniques=techniques, level_only=True)
