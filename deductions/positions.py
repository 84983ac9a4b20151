"""Partly solved positions in the engine: their solving state, checking them against the puzzle, the next hint.

A position as read (:class:`~dominosa.formats.positions.PositionRecord`, from
:func:`~dominosa.formats.positions.read_positions`) is a puzzle with some pairs already joined and split. The hint
(:func:`next_hint`) is what grading would do next: bookkeeping (rules 2 and 3) is drawn silently, then the first
deduction of the easiest technique that makes progress (the driver loop's
:func:`~dominosa.deductions.driver.next_deduction`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dominosa.board import cell_name
from dominosa.deductions.counting import count_from_position, count_solutions
from dominosa.deductions.driver import next_deduction, walk
from dominosa.deductions.grades import TECHNIQUES, Technique
from dominosa.deductions.state import Contradiction, Deduction, SolvingState
from dominosa.formats.positions import PositionRecord
from dominosa.puzzle import Placement

__all__ = [
    "Hint",
    "position_state",
    "position_hint",
    "check_position",
    "PositionCheck",
    "mistakes",
    "next_hint",
    "CONSISTENT",
    "SEVERAL",
    "CONTRADICTS",
    "UNKNOWN",
]

CONSISTENT, SEVERAL, CONTRADICTS, UNKNOWN = "consistent", "several", "contradicts", "unknown"
"""What checking a position against the puzzle found (:attr:`PositionCheck.status`, see :func:`check_position`):
one way to finish it, several, none, or not known within the counter's node budget."""


def position_state(position: PositionRecord) -> SolvingState:
    """The position as a solving state, with every consequence of its pairs drawn (rules 2 and 3).

    The pairs count as *newly* decided: a person who placed a domino has not necessarily crossed out the
    pairs around it, so the bookkeeping is drawn here rather than assumed.

    Raises :class:`Contradiction` when the pairs cannot stand together (a cell covered twice, a domino placed
    twice, a pair both joined and split, a cell left with no pair).
    """
    joined, split = position.pair_indices()
    return walk(SolvingState.from_position(position.puzzle, newly_joined=joined, newly_split=split)).start


def position_hint(position: PositionRecord, techniques: tuple[Technique, ...] | None = None) -> Hint:
    """The hint for ``position`` as its pairs stand (the hint of :func:`next_hint`).

    The bookkeeping is drawn by :func:`next_hint` itself, not beforehand as :func:`position_state` draws it, so
    that the dominoes it places are known to be missing from the position: a position the bookkeeping alone
    would finish is not solved, and its hint is the first of those placements.

    Raises :class:`Contradiction` when the pairs cannot stand together.
    """
    joined, split = position.pair_indices()
    state = SolvingState.from_position(position.puzzle, newly_joined=joined, newly_split=split)
    return next_hint(state, techniques)


@dataclass
class Hint:
    """The next deduction from a position.

    Attributes
    ----------
    state : the position the deduction applies to (bookkeeping drawn), not changed by the deduction; when the
        deduction is a placement the bookkeeping forces (see :func:`next_hint`), the position as it was given.
    deduction : the deduction, or None when the position is solved or no technique applies.
    forced : bookkeeping steps that placed a domino (rule 3: a split left a domino one place), which the
        position already implies without a hint (other than the deduction itself).
    """

    state: SolvingState
    deduction: Deduction | None
    forced: list[Deduction] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return self.state.solved


def next_hint(state: SolvingState, techniques: tuple[Technique, ...] | None = None) -> Hint:
    """The first deduction of the easiest technique that makes progress from ``state``, as grading would make.

    ``state`` is copied, never changed. Bookkeeping is drawn first and silently: it is the consequence of
    decisions already made, not a new idea, so a hint that only said "cross out the neighbours of your
    domino" would waste the asker's time. Only when the bookkeeping alone finishes the board is a domino it
    placed the hint (the first, in the bookkeeping's order): a board with a domino missing is never "solved".

    Raises :class:`Contradiction` when drawing the bookkeeping finds the position impossible.
    """
    replay = walk(state)  # the position settled (a copy when anything was pending), and what that forced
    forced = list(replay.forced)
    settled = replay.start.copy() if replay.start is state else replay.start
    if settled.solved and forced:
        # The bookkeeping finished the board, but the asker has not: the dominoes it placed are still missing from
        # their position, so the first of them is the hint ("solved" would be false).
        return Hint(state.copy(), forced[0], forced[1:])
    if settled.solved:
        return Hint(settled, None, forced)
    order = [t for t in techniques or TECHNIQUES if not t.bookkeeping]
    return Hint(settled, next_deduction(settled, order), forced)


@dataclass(frozen=True)
class PositionCheck:
    """What comparing a position with the puzzle found.

    Attributes
    ----------
    status : CONSISTENT (on a proper puzzle: the position agrees with the solution), SEVERAL (more than one
        completion: the puzzle is not proper), CONTRADICTS, or UNKNOWN (the count ran out of its node budget).
    why : the finding in one sentence.
    mistakes : for CONTRADICTS, each pair decided differently from the solution (see :func:`mistakes`).
    """

    status: str
    why: str
    mistakes: tuple[str, ...] = ()

    @property
    def contradicts(self) -> bool:
        return self.status == CONTRADICTS


def check_position(position: PositionRecord, *, max_nodes: int | None = 200_000) -> PositionCheck:
    """Whether the position can still be completed, and if not, which of its pairs are wrong.

    A position whose pairs cannot stand together (a cell covered twice, or a contradiction the bookkeeping
    finds) is CONTRADICTS without a search; otherwise the solutions extending it are counted, up to two.
    """
    try:
        position_state(position)
    except Contradiction as why:
        return _contradiction(position, f"the position contradicts itself: {why}", max_nodes)
    joined, split = position.pair_indices()
    result = count_from_position(position.puzzle, joined, split, max_solutions=2, max_nodes=max_nodes)
    if result.count >= 2:
        return PositionCheck(SEVERAL, "the position can be completed in more than one way: the puzzle is not proper")
    if result.count == 1:
        return PositionCheck(CONSISTENT, "the position agrees with the solution")
    if not result.complete:
        why = "the position could not be checked against the solution (the search ran out of its budget)"
        return PositionCheck(UNKNOWN, why)
    return _contradiction(position, "the position cannot be completed to a solution", max_nodes)


def _contradiction(position: PositionRecord, fallback: str, max_nodes: int | None) -> PositionCheck:
    """CONTRADICTS, naming the wrong pairs when the solution is known, else saying ``fallback``."""
    wrong = mistakes(position, max_nodes=max_nodes)
    if not wrong:
        return PositionCheck(CONTRADICTS, fallback)
    count = f"{len(wrong)} pair{'s are' if len(wrong) != 1 else ' is'} wrong"
    return PositionCheck(CONTRADICTS, f"the position contradicts the puzzle's solution: {count}", tuple(wrong))


def mistakes(position: PositionRecord, *, max_nodes: int | None = 200_000) -> list[str]:
    """What the position decided differently from the solution, in reading order; [] when that is unknown.

    The solution is the puzzle's one solution, or when the clues themselves are wrong (a text position writes
    placed dominoes as clues), the one solution of the bare grid. A position that fails without a mistake of
    its own (an improper puzzle, a budget run out) gives [] rather than a guess.
    """
    puzzle = position.puzzle
    truth = None
    for candidate in (puzzle, puzzle.with_clues(())) if puzzle.clues else (puzzle,):
        result = count_solutions(candidate, 2, keep_solutions=True, max_nodes=max_nodes)
        if result.count == 1 and result.complete:
            truth = set(result.solutions[0].placements)
            break
        if result.count >= 2 or not result.complete:
            return []
    if truth is None:
        return []
    found = []
    for pair in sorted(set(puzzle.clues) | set(position.joined)):
        if pair not in truth:
            found.append(f"{_pair_name(pair)} is joined, but it is not a domino of the solution")
    for pair in sorted(set(position.split)):
        if pair in truth:
            found.append(f"{_pair_name(pair)} is split, but it is a domino of the solution")
    return found


def _pair_name(pair: Placement) -> str:
    return f"{cell_name(pair[0])}-{cell_name(pair[1])}"
