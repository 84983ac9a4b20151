"""Grading with the trivial and basic techniques on bitsets: the driver loop's run, without a SolvingState.

The generator grades every proper layout it meets, and at the easy targets most of them are solved by the
trivial and basic techniques alone. :func:`graded_run` makes the very run
:func:`~dominosa.deductions.grading.grade` makes with them (the driver loop of
:mod:`~dominosa.deductions.stepper`: the techniques easiest first, the first deduction of the first that has one
applied, then from the easiest again) on the position's four bitsets (:mod:`~dominosa.deductions.bitsets`),
where a step and its bookkeeping are a few bit operations:

- rule 1: the lowest open cell with one pair left; rule 5: the lowest unplaced domino with one place left;
- rule 4: the lowest cell :func:`~dominosa.deductions.bitsets.same_neighbour_cells` lists, its domino's places
  away from it split;
- rule 6: the lowest domino :func:`~dominosa.deductions.bitsets.shared_cell_dominoes` lists, the other pairs of
  the cell all its places share split;
- must overlap: the lowest domino :func:`~dominosa.deductions.bitsets.must_overlap_dominoes` lists, every pair
  touching its first place (showing another domino) that each of its places overlaps split;
- local duplicate and parity, the last two of the tier, are asked of the engine itself, on a
  :class:`~dominosa.deductions.state.SolvingState` kept at the run's position (made there the first time, then
  brought forward by the pairs decided since): they read the board's shape around each pair, and the run
  reaches them seldom (only where all the others are stuck).

Each of those deductions is exactly the engine's (same pairs, hence the same position after it), so the run
makes the same steps, counts each rule as often (bookkeeping included: a join's consequences once per pair
joined, a split's once per pair newly split) and gets stuck at the same position. Tests compare it with
``grade()`` on many random puzzles (tests/test_deductions_bitsets.py).
"""

from __future__ import annotations

from dominosa.deductions import advanced
from dominosa.deductions.bitsets import (
    Masks,
    masks_of,
    must_overlap_dominoes,
    same_neighbour_cells,
    settled_after,
    shared_cell_dominoes,
    start_position,
    trivial_moves,
)
from dominosa.deductions.grades import BASIC, TRIVIAL, Technique
from dominosa.deductions.state import Deduction, SolvingState, bit_indices
from dominosa.deductions.tables import tables_for
from dominosa.puzzle import Puzzle

__all__ = ["graded_run"]

# A deduction on bitsets: (rule, pairs joined, pairs split).
_Step = tuple[int, tuple[int, ...], tuple[int, ...]]

_SAME = int(Technique.ALL_SAME_NEIGHBOURS)
_SHARED = int(Technique.SHARED_CELL)
_OVERLAP = int(Technique.MUST_OVERLAP)
_JOINS = int(Technique.JOIN_CONSEQUENCES)
_SPLITS = int(Technique.SPLIT_CONSEQUENCES)
# The technique of each rule number (mypy cannot type a call of an enum with its own ``__new__``).
_TECHNIQUE_OF_RULE: dict[int, Technique] = {t.value: t for t in Technique}


def graded_run(
    puzzle: Puzzle, level: int = BASIC
) -> tuple[int, dict[Technique, int], list[Deduction]] | None:
    """Grade a proper puzzle without clues with the techniques up to ``level`` (``TRIVIAL`` or ``BASIC``), as
    :func:`~dominosa.deductions.grading.grade` does with them: (the grade's level, how often each rule was used
    as its ``uses``, bookkeeping included; the steps), or None where the techniques get stuck.

    The steps carry only what the score reads: the rule and the pairs joined (no cells, domino or sentence).
    """
    if puzzle.clues:
        raise ValueError("graded_run takes a puzzle without clues")
    if level not in (TRIVIAL, BASIC):
        raise ValueError(f"graded_run runs the trivial or basic techniques, not level {level}")
    m = masks_of(tables_for(puzzle))
    solved = (1 << m.n_cells) - 1
    position = start_position(m)
    steps: list[Deduction] = []
    counts: dict[int, int] = {}
    engine = _Engine(puzzle)
    newly_split = 0
    while position[2] != solved:
        found = _first_trivial(m, position)
        if found is None and level >= BASIC:
            found = _first_basic(engine, m, position)
        if found is None:
            return None
        rule, joins, splits = found
        counts[rule] = counts.get(rule, 0) + 1
        steps.append(Deduction(rule=rule, joins=joins))
        after = settled_after(m, position, joins, splits, checked=False)
        if after is None:  # pragma: no cover - a proper puzzle's sound steps never contradict
            return None
        position, newly_split = after[:4], newly_split + after[4]
    counts[_JOINS] = position[0].bit_count()  # each join's consequences drawn once
    counts[_SPLITS] = newly_split  # each newly split pair's too
    uses = {_TECHNIQUE_OF_RULE[rule]: k for rule, k in sorted(counts.items()) if k}
    hardest = max((technique.level for technique in uses), default=TRIVIAL)
    return hardest, uses, steps


def _first_trivial(m: Masks, position: tuple[int, int, int, int]) -> _Step | None:
    """Rule 1 at the lowest lonely cell, else rule 5 for the lowest lonely domino, else None."""
    moves = trivial_moves(m, *position, first_only=True)
    if moves is None:
        return None
    rule, q, _ = moves[0]
    return rule, (q,), ()


def _first_basic(engine: _Engine, m: Masks, position: tuple[int, int, int, int]) -> _Step | None:
    """The basic tier's first deduction, its techniques in the driver loop's order (rule 4, rule 6, must overlap,
    local duplicate, parity), or None."""
    open_ = m.all_pairs & ~(position[0] | position[1])
    cells = same_neighbour_cells(m, position)
    if cells:
        x = cells[0]
        live = m.cell_pairs[x] & open_
        d = m.pair_domino[live.bit_length() - 1]
        return _SAME, (), bit_indices(m.placements[d] & open_ & ~m.cell_pairs[x])
    dominoes = shared_cell_dominoes(m, position)
    if dominoes:
        d = dominoes[0]
        shared = -1
        for q in bit_indices(m.placements[d] & open_):
            shared &= (1 << m.pair_a[q]) | (1 << m.pair_b[q])
        x = shared.bit_length() - 1
        return _SHARED, (), bit_indices(m.cell_pairs[x] & open_ & ~m.placements[d])
    dominoes = must_overlap_dominoes(m, position)
    if dominoes:
        d = dominoes[0]
        live = m.placements[d] & open_
        first = (live & -live).bit_length() - 1
        near = bit_indices(m.touching[first] & open_ & ~m.placements[d])
        return _OVERLAP, (), tuple(r for r in near if live & ~m.touching[r] == 0)
    state = engine.at(position)
    found = advanced.local_duplicate(state) or advanced.parity(state)
    return None if found is None else (found.rule, found.joins, found.splits)


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
