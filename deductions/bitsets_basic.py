"""The step mode's trivial and basic tiers on bitsets: a position form and its finders, for the driver's loop.

The generator grades every proper layout it meets, and at the easy targets it asks first whether the trivial and
basic techniques alone solve it (its quick rejections). On a :class:`BitsetPosition` (a settled position's four
bitsets, as :mod:`~dominosa.deductions.driver` settles them) a step and its bookkeeping are a few bit operations,
so the driver's step loop (:func:`~dominosa.deductions.driver.steps`) runs those tiers there, asking these
finders easiest first as it asks the engine's:

- rule 1: the lowest open cell with one pair left; rule 5: the lowest unplaced domino with one place left;
- rule 4: the lowest cell :func:`~dominosa.deductions.driver.same_neighbour_cells` lists, its domino's places
  away from it split (:func:`~dominosa.deductions.rules.same_neighbours_away`, the rule's one logic);
- rule 6: the lowest domino :func:`~dominosa.deductions.driver.shared_cell_dominoes` lists, the other pairs of
  the cell all its places share split (:func:`~dominosa.deductions.rules.shared_cell_splits`);
- must overlap: the lowest domino :func:`~dominosa.deductions.driver.must_overlap_dominoes` lists, every pair
  touching its first place (showing another domino) that each of its places overlaps split
  (:func:`~dominosa.deductions.advanced.must_overlap_splits`);
- local duplicate and parity, the last two of the tier, are asked of the engine itself, on a
  :class:`~dominosa.deductions.state.SolvingState` kept at the run's position (made there the first time, then
  brought forward by the pairs decided since): they read the board's shape around each pair, and the run
  reaches them seldom (only where all the others are stuck).

Each deduction is exactly the engine's (same rule and pairs, hence the same position after it), so the run makes
the same steps, counts each rule as often (bookkeeping, drawn inside
:func:`~dominosa.deductions.driver.settled_after`, is counted by :meth:`BitsetPosition.bookkeeping`: a join's
consequences once per pair joined, a split's once per pair newly split) and gets stuck at the same position. The
deductions carry no cells, domino or sentence. Tests compare the runs with the engine's on many random puzzles
(tests/test_deductions_driver.py) and on the 717-puzzle grading record.
"""

from __future__ import annotations

from collections.abc import Callable

from dominosa.deductions import advanced
from dominosa.deductions.advanced import must_overlap_splits
from dominosa.deductions.driver import (
    must_overlap_dominoes,
    same_neighbour_cells,
    settled_after,
    shared_cell_dominoes,
    start_position,
    trivial_moves,
)
from dominosa.deductions.grades import Technique
from dominosa.deductions.rules import same_neighbours_away, shared_cell_splits
from dominosa.deductions.state import Contradiction, Deduction, SolvingState, bit_indices
from dominosa.deductions.tables import masks_of, tables_for
from dominosa.puzzle import Puzzle

__all__ = ["BitsetPosition", "TRIVIAL_FINDERS", "BASIC_FINDERS", "finished", "apply"]

# Rule numbers as plain ints, as the engine's trivial moves give them (the deductions are the step run's own).
_SAME = int(Technique.ALL_SAME_NEIGHBOURS)
_SHARED = int(Technique.SHARED_CELL)
_OVERLAP = int(Technique.MUST_OVERLAP)
_JOINS = Technique.JOIN_CONSEQUENCES
_SPLITS = Technique.SPLIT_CONSEQUENCES


class BitsetPosition:
    """A settled position of a puzzle without clues as four bitsets (joined pairs, split pairs, covered cells,
    placed dominoes), with the pairs split by bookkeeping so far counted, and the engine's position kept for the
    two techniques asked of it."""

    __slots__ = ("masks", "position", "newly_split", "solved_cells", "engine")

    def __init__(self, puzzle: Puzzle) -> None:
        if puzzle.clues:
            raise ValueError("the bitset tiers take a puzzle without clues")
        self.masks = masks_of(tables_for(puzzle))
        self.position = start_position(self.masks)
        self.newly_split = 0
        self.solved_cells = (1 << self.masks.n_cells) - 1
        self.engine = _Engine(puzzle)

    def bookkeeping(self) -> dict[Technique, int]:
        """How often the step run would have drawn each kind of bookkeeping so far (the kinds never drawn left
        out): a join's consequences once per pair joined, a split's once per pair newly split."""
        counts = {_JOINS: self.position[0].bit_count(), _SPLITS: self.newly_split}
        return {t: k for t, k in counts.items() if k}


def finished(p: BitsetPosition) -> bool:
    """Every cell covered (a bitset position is always settled)."""
    return p.position[2] == p.solved_cells


def apply(p: BitsetPosition, deduction: Deduction) -> None:
    """The position after a deduction and its bookkeeping."""
    after = settled_after(p.masks, p.position, deduction.joins, deduction.splits, checked=False)
    if after is None:  # pragma: no cover - a proper puzzle's sound steps never contradict
        raise Contradiction("a deduction on bitsets meets a contradiction")
    p.position, p.newly_split = after[:4], p.newly_split + after[4]


def _first_trivial(p: BitsetPosition) -> Deduction | None:
    """Rule 1 at the lowest lonely cell, else rule 5 for the lowest lonely domino, else None."""
    moves = trivial_moves(p.masks, *p.position, first_only=True)
    if moves is None:
        return None
    rule, q, _ = moves[0]
    return Deduction(rule=rule, joins=(q,))


def _first_basic(p: BitsetPosition) -> Deduction | None:
    """The basic tier's first deduction, its techniques in the driver's order (rule 4, rule 6, must overlap,
    local duplicate, parity), or None."""
    m, position = p.masks, p.position
    undecided = m.all_pairs & ~(position[0] | position[1])
    cells = same_neighbour_cells(m, position)
    if cells:
        return Deduction(rule=_SAME, splits=bit_indices(same_neighbours_away(m, undecided, cells[0])))
    dominoes = shared_cell_dominoes(m, position)
    if dominoes:
        return Deduction(rule=_SHARED, splits=bit_indices(shared_cell_splits(m, undecided, dominoes[0])[1]))
    dominoes = must_overlap_dominoes(m, position)
    if dominoes:
        return Deduction(rule=_OVERLAP, splits=bit_indices(must_overlap_splits(m, undecided, dominoes[0])))
    state = p.engine.at(position)
    found = advanced.local_duplicate(state) or advanced.parity(state)
    return None if found is None else Deduction(rule=found.rule, joins=found.joins, splits=found.splits)


TRIVIAL_FINDERS: tuple[Callable[[BitsetPosition], Deduction | None], ...] = (_first_trivial,)
"""The trivial tier's finder on bitsets (rules 1 and 5; the bookkeeping is drawn with each step)."""

BASIC_FINDERS: tuple[Callable[[BitsetPosition], Deduction | None], ...] = (_first_trivial, _first_basic)
"""The trivial and basic tiers' finders on bitsets, easiest first."""


class _Engine:
    """The engine's own position, for the two techniques asked of it: made at the first position that needs
    it, then brought forward to each later one by the pairs decided since (so that local duplicate's remembered
    scan, kept on the state, checks again only the pairs near them)."""

    __slots__ = ("puzzle", "state", "joined", "split")

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.state: SolvingState | None = None
        self.joined = self.split = 0

    def at(self, position: tuple[int, int, int, int]) -> SolvingState:
        """A state at this settled position (its pairs' states and its covered cells are the position's; the
        pairs decided since the last call are marked split or joined without drawing consequences again,
        since the position already holds them)."""
        joined, split = position[0], position[1]
        if self.state is None:
            self.state = SolvingState.from_position(self.puzzle, bit_indices(joined), bit_indices(split))
        elif (joined, split) != (self.joined, self.split):
            joins, quiet = bit_indices(joined & ~self.joined), bit_indices(split & ~self.split)
            step = Deduction(rule=0, joins=joins, quiet_splits=quiet)
            self.state.apply(step)
        self.joined, self.split = joined, split
        return self.state
