"""The settle kernel on a settled position's four bitsets, and what the easy tiers read there.

A *settled* position (no bookkeeping pending) is fully said by four bitsets: joined pairs, split pairs, covered cells,
placed dominoes, the engine's :class:`~dominosa.deductions.state.Position`. The state graph
(:mod:`~dominosa.deductions.graph`) works out every edge's child from its parent's bitsets, without a copy of the
parent's :class:`~dominosa.deductions.state.SolvingState` (a copy per edge would cost more than the rest of the search),
and expands a position where the trivial tier applies on them alone; lean grading's run of the trivial and basic tiers
on small boards (the generator's quick rejections) is made on them too, by the walker and the tier's finders at the
end of this module (:class:`BitsetPosition`, :func:`bitset_tier`), which :mod:`~dominosa.deductions.grading` counts.

:func:`settle_position` is the engine's one settle kernel: a position and a deduction in, the settled position (and the
bookkeeping steps drawn on the way) out, or a contradiction, drawn with the rules' own logic
(:func:`~dominosa.deductions.rules.join_splits`, :func:`~dominosa.deductions.rules.only_place_of`). The driver's
bookkeeping (:func:`~dominosa.deductions.driver.settle_counted`, :func:`~dominosa.deductions.driver.settle`) and trivial
closure (:func:`~dominosa.deductions.driver.close_trivially`) are this kernel on the state's
:class:`~dominosa.deductions.state.Unsettled` position (:func:`settle_pending`), their state brought to the position it
gives (:meth:`~dominosa.deductions.state.SolvingState.settle_to`); :func:`settled_after` is the same kernel as the state
graph and lean grading ask it. :func:`trivial_moves` gives rules 1 and 5's moves, and the candidate lists
(:func:`same_neighbour_cells`, :func:`shared_cell_dominoes`, :func:`must_overlap_dominoes`) say where rules 4 and 6 and
"must overlap" apply, each by the rule's one logic function, so the engine's finders are asked only there. The
techniques that read the board's shape around each pair (local duplicate, parity) are asked of a
:class:`FollowingState`, a ``SolvingState`` brought forward along the settled positions.
``tests/test_deductions_settled.py`` holds all of them to the ``SolvingState``'s own runs.

They are functions on a :class:`~dominosa.deductions.state.Position`, not another position type (the walker holds
one); they live here, not in ``state.py`` beside it, because they call the rules' logic, and ``rules.py`` imports
``state.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from dominosa.deductions import local_duplicate, parity
from dominosa.deductions.grades import BASIC, TECHNIQUES, TRIVIAL, Technique, ordered_by_tier
from dominosa.deductions.must_overlap import must_overlap_splits
from dominosa.deductions.rules import (
    join_splits,
    only_place_of,
    same_neighbours_away,
    shared_cell_splits,
    single_pair_of,
)
from dominosa.deductions.state import (
    Contradiction,
    Deduction,
    Position,
    SolvingState,
    Unsettled,
    bit_indices,
    make_position,
    names_of,
)
from dominosa.deductions.tables import Masks, Tables, masks_of, tables_for
from dominosa.puzzle import Puzzle

__all__ = [
    "Move",
    "start_position",
    "settle_position",
    "settle_pending",
    "settle_undecided",
    "settled_after",
    "trivial_moves",
    "same_neighbour_cells",
    "shared_cell_dominoes",
    "must_overlap_dominoes",
    "FollowingState",
    "BitsetPosition",
    "bitset_tier",
]

# A move of the search: (rule, pair joined, where): the lonely cell for rule 1, the domino for rule 5. The Deduction
# is made only for the steps of the path found.
Move = tuple[int, int, int]

_SINGLE = int(Technique.SINGLE_NEIGHBOUR)
_UNIQUE = int(Technique.UNIQUE_PLACEMENT)


def start_position(m: Masks) -> Position:
    """The settled start of a puzzle without clues: nothing joined, covered or placed, and the pairs showing no
    domino of the set split (as :class:`~dominosa.deductions.state.SolvingState` starts)."""
    shown = 0
    for places in m.placements:
        shown |= places
    return Position(0, m.all_pairs & ~shown, 0, 0)


def settle_position(
    m: Masks,
    position: Position,
    joins: tuple[int, ...] = (),
    splits: tuple[int, ...] = (),
    quiet_splits: tuple[int, ...] = (),
    *,
    checked: bool = True,
    placings: list[int] | None = None,
    tables: Tables | None = None,
) -> tuple[Position, int, int]:
    """The settle kernel: the settled position after a deduction, with the bookkeeping steps drawn on the way
    (rule 2's, one a pair joined; rule 3's, one a pair newly split); raises
    :class:`~dominosa.deductions.state.Contradiction` where the position cannot stand.

    ``position`` is a settled :class:`~dominosa.deductions.state.Position`; a position with consequences still to
    draw is an :class:`~dominosa.deductions.state.Unsettled`, which :func:`settle_pending` settles. The deduction
    is made as ``SolvingState.apply`` makes it (quiet splits, splits, then joins), and its consequences drawn in
    the step mode's order (the lowest newly joined pair first, then the lowest newly split one), so the counts are
    the step run's, with the checks the state makes: a pair joined and split, a cell covered twice, a domino placed
    twice, and (``checked``) an open cell or an unplaced domino left with no pair, which the caller may leave to a
    state it brings to the position (:meth:`~dominosa.deductions.state.SolvingState.settle_to` makes it).

    With ``placings``, each rule 3 step that places a domino adds its newly split pair and the place joined, so
    that the caller can make those steps' deductions. ``tables`` names the cells, pairs and dominoes in a
    contradiction's message.

    This is the engine's one settle: the step runs' bookkeeping (:func:`~dominosa.deductions.driver.settle_counted`)
    and the closure's trivial closure (:func:`~dominosa.deductions.driver.close_trivially`), through
    :func:`settle_pending`, and the children of the state graph and of lean grading (:func:`settled_after`) are
    drawn here, with the rules' own logic (:func:`~dominosa.deductions.rules.join_splits`,
    :func:`~dominosa.deductions.rules.only_place_of`).

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.tables import masks_of, tables_for
    >>> m = masks_of(tables_for(read_puzzle("3:22223101012330103310")))
    >>> after, joins, splits = settle_position(m, start_position(m), joins=(16,))
    >>> after.joined == 1 << 16, joins >= 1, splits >= 1
    (True, True, True)
    """
    joined, split, covered, placed = position
    return _settled(m, joined, m.all_pairs & ~(joined | split), covered, placed, joins, splits, quiet_splits, 0, 0,
                    checked, False, placings, tables)


def settle_undecided(
    m: Masks,
    joined: int,
    undecided: int,
    covered: int,
    placed: int,
    joins: tuple[int, ...] = (),
    splits: tuple[int, ...] = (),
    quiet_splits: tuple[int, ...] = (),
    *,
    placings: list[int] | None = None,
    tables: Tables | None = None,
) -> tuple[Position, int, int]:
    """The settle kernel (:func:`settle_position`, unchecked as :func:`settle_pending`) on a settled position given
    by its joined and undecided pairs, as a :class:`~dominosa.deductions.state.SolvingState` keeps them: a settled
    run hands over each deduction so, without working out the split pairs it would not read."""
    return _settled(m, joined, undecided, covered, placed, joins, splits, quiet_splits, 0, 0, False, False, placings,
                    tables)


def settle_pending(
    m: Masks,
    unsettled: Unsettled,
    *,
    quiet: bool = False,
    placings: list[int] | None = None,
    tables: Tables | None = None,
) -> tuple[Position, int, int]:
    """The settle kernel (:func:`settle_position`) on a position whose last pairs' consequences are still to
    draw (:meth:`~dominosa.deductions.state.SolvingState.unsettled`): the settled position, with the bookkeeping
    steps drawn; an open cell or unplaced domino left with no pair is left to the state brought to it
    (:meth:`~dominosa.deductions.state.SolvingState.settle_to`).

    ``quiet`` draws rule 2 alone (the pairs it splits, and those split before, have nothing drawn from them): the
    trivial closure's way, where a domino left one place is rule 5's.
    """
    joined, split, covered, placed, pending_joins, pending_splits = unsettled
    return _settled(m, joined, m.all_pairs & ~(joined | split), covered, placed, (), (), (), pending_joins,
                    pending_splits, False, quiet, placings, tables)


def _settled(
    m: Masks, joined: int, open_: int, covered: int, placed: int, joins: tuple[int, ...], splits: tuple[int, ...],
    quiet_splits: tuple[int, ...], pending_joins: int, pending_splits: int, checked: bool, quiet: bool,
    placings: list[int] | None, tables: Tables | None,
) -> tuple[Position, int, int]:
    """The kernel's body, for :func:`settle_position` and :func:`settle_pending` (one loop; the arguments
    positional and unboxed, as the compiled build passes them fastest)."""
    pair_cells, pair_domino, bits = m.pair_cells, m.pair_domino, m.bit
    new_joins, new_splits = pending_joins, 0 if quiet else pending_splits
    n_joins = n_splits = 0
    if quiet_splits or splits:
        changed, newly = _split_all(bits, tables, joined, open_, quiet_splits, splits)
        open_ ^= changed
        if not quiet:
            new_splits |= newly
        if changed and checked:
            _check_alive(m, tables, open_, covered, placed, changed)
    for q in joins:
        bit = bits[q]
        if joined & bit:
            continue
        if not open_ & bit:
            raise Contradiction(f"{_pair(tables, q)} is split and cannot be joined")
        cells, domino = pair_cells[q], 1 << pair_domino[q]
        _check_free(tables, covered, placed, cells, domino)
        joined, covered, placed, new_joins = joined | bit, covered | cells, placed | domino, new_joins | bit
        open_ ^= bit
    while new_joins or new_splits:
        if new_joins:  # rule 2: the lowest newly joined pair
            low = new_joins & -new_joins
            new_joins ^= low
            n_joins += 1
            near, away = join_splits(m, open_, low.bit_length() - 1)
            changed = near | away  # its domino's other places: split quietly
            if changed:
                open_ ^= changed
                if not quiet:
                    new_splits |= near
                if checked:
                    _check_alive(m, tables, open_, covered, placed, changed)
            continue
        low = new_splits & -new_splits  # rule 3: the lowest newly split pair
        new_splits ^= low
        n_splits += 1
        q = low.bit_length() - 1
        d = pair_domino[q]
        if d < 0:
            continue
        # (A placed domino has no place open, its rule 2 drawn before any split: this is -1 for it.)
        only = only_place_of(m, open_, d)
        if only >= 0:  # one place left: it is joined
            if placings is not None:
                placings.append(q)
                placings.append(only)
            cells, left = pair_cells[only], bits[only]
            _check_free(tables, covered, 0, cells, 0)
            joined, covered, placed, new_joins = joined | left, covered | cells, placed | (1 << d), new_joins | left
            open_ ^= left
    # Every pair is open, joined or split: the split ones are the rest (one operation, not one a rule 2 step).
    split = m.all_pairs ^ (open_ | joined)
    return make_position(joined, split, covered, placed), n_joins, n_splits


def _split_all(
    bits: tuple[int, ...], tables: Tables | None, joined: int, open_: int, quiet_splits: tuple[int, ...],
    splits: tuple[int, ...],
) -> tuple[int, int]:
    """A deduction's splits as :func:`settle_position` makes them (its quiet splits, then its splits): the pairs
    newly split by either, and those newly split by ``splits`` (whose consequences are drawn); a Contradiction
    for a joined pair."""
    changed = newly = 0
    for group, drawn in ((quiet_splits, False), (splits, True)):
        for q in group:
            bit = bits[q]
            if joined & bit:
                raise Contradiction(f"{_pair(tables, q)} is joined and cannot be split")
            if open_ & bit and not changed & bit:
                changed |= bit
                if drawn:
                    newly |= bit
    return changed, newly


def settled_after(
    m: Masks,
    position: Position,
    joins: tuple[int, ...] = (),
    splits: tuple[int, ...] = (),
    quiet_splits: tuple[int, ...] = (),
    *,
    checked: bool = True,
) -> tuple[Position, int] | None:
    """The settle kernel (:func:`settle_position`) as the state graph and lean grading ask it: the settled
    position and the number of pairs newly split on the way (each one step of rule 3's bookkeeping), or None for
    a contradiction."""
    joined, split, covered, placed = position
    try:
        after, _, newly_split = _settled(
            m, joined, m.all_pairs & ~(joined | split), covered, placed, joins, splits, quiet_splits, 0, 0, checked,
            False, None, None
        )
    except Contradiction:
        return None
    return after, newly_split


def _check_free(tables: Tables | None, covered: int, placed: int, cells: int, domino: int) -> None:
    """Raise the contradiction of a join onto a covered cell or a placed domino."""
    if covered & cells:
        x = (covered & cells).bit_length() - 1
        raise Contradiction(f"{_cell(tables, x)} would be covered twice")
    if placed & domino:
        d = domino.bit_length() - 1
        raise Contradiction(f"the {_domino(tables, d)} would be placed twice")


def _check_alive(m: Masks, tables: Tables | None, open_: int, covered: int, placed: int, changed: int) -> None:
    """Raise the contradiction of an open cell or an unplaced domino of the pairs just split with no pair left
    (``open_``: the undecided pairs)."""
    while changed:
        low = changed & -changed
        changed ^= low
        q = low.bit_length() - 1
        for x in (m.pair_a[q], m.pair_b[q]):
            if not covered >> x & 1 and not m.cell_pairs[x] & open_:
                raise Contradiction(f"{_cell(tables, x)} has no pair remaining")
        d = m.pair_domino[q]
        if d >= 0 and not placed >> d & 1 and not m.placements[d] & open_:
            raise Contradiction(f"the {_domino(tables, d)} has no place remaining")


def _cell(tables: Tables | None, x: int) -> str:
    return f"cell {x}" if tables is None else names_of(tables).cell_label[x]


def _pair(tables: Tables | None, q: int) -> str:
    return f"pair {q}" if tables is None else names_of(tables).pair[q]


def _domino(tables: Tables | None, d: int) -> str:
    return f"domino {d}" if tables is None else names_of(tables).domino[d]


def trivial_moves(m: Masks, position: Position, first_only: bool = False) -> list[Move] | None:
    """The edges the state graph follows from a settled position (see :func:`~dominosa.deductions.graph.successors`):
    the lowest lonely cell's pair, else every unique placement by domino (the lowest only with ``first_only``:
    the driver loop's choice); None when there is neither."""
    joined, split, covered, placed = position
    undecided = m.all_pairs & ~(joined | split)
    for x in range(m.n_cells):
        q = -1 if covered >> x & 1 else single_pair_of(m, undecided, x)
        if q >= 0:
            return [(_SINGLE, q, x)]
    moves = []
    for d in range(len(m.placements)):
        q = -1 if placed >> d & 1 else only_place_of(m, undecided, d)
        if q >= 0:
            moves.append((_UNIQUE, q, d))
            if first_only:
                break
    return moves or None


def same_neighbour_cells(m: Masks, position: Position, first_only: bool = False) -> list[int]:
    """The cells where rule 4 (all the same neighbours, :func:`~dominosa.deductions.rules.same_neighbours_away`)
    makes a deduction in a settled position, lowest first (the lowest only with ``first_only``: the lean run's
    choice)."""
    joined, split, covered, _ = position
    undecided = m.all_pairs & ~(joined | split)
    cells = []
    for x in range(m.n_cells):
        if not covered >> x & 1 and same_neighbours_away(m, undecided, x):
            if first_only:
                return [x]
            cells.append(x)
    return cells


def shared_cell_dominoes(m: Masks, position: Position, first_only: bool = False) -> list[int]:
    """The dominoes for which rule 6 (shared cell, :func:`~dominosa.deductions.rules.shared_cell_splits`) makes a
    deduction in a settled position, lowest first (the lowest only with ``first_only``)."""
    return _dominoes_with_splits(m, position, first_only, False)


def must_overlap_dominoes(m: Masks, position: Position, first_only: bool = False) -> list[int]:
    """The dominoes for which "must overlap" (:func:`~dominosa.deductions.must_overlap.must_overlap_splits`) makes a
    deduction in a settled position, lowest first (the lowest only with ``first_only``)."""
    return _dominoes_with_splits(m, position, first_only, True)


def _dominoes_with_splits(
    m: Masks, position: Position, first_only: bool, overlap: bool
) -> list[int]:
    """The unplaced dominoes where must overlap (``overlap``) or else rule 6 splits a pair: one loop for both
    (a flag, not a function passed in, which the compiled build would call through Python)."""
    joined, split, _, placed = position
    undecided = m.all_pairs & ~(joined | split)
    dominoes = []
    for d in range(len(m.placements)):
        if placed >> d & 1:
            continue
        if must_overlap_splits(m, undecided, d) if overlap else shared_cell_splits(m, undecided, d)[1]:
            if first_only:
                return [d]
            dominoes.append(d)
    return dominoes


class FollowingState:
    """A :class:`~dominosa.deductions.state.SolvingState` that follows a run of settled positions, for the
    techniques asked of the engine's own position (local duplicate and parity read the board's shape around each
    pair): made at the first position that needs it, then brought forward to each later one by the pairs decided
    since (so that local duplicate's remembered scan, kept on the state, checks again only the pairs near them).
    A run on bitsets reaches those techniques seldom (only where all the others are stuck), so it makes no state
    until then."""

    __slots__ = ("puzzle", "state", "joined", "split")

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.state: SolvingState | None = None
        self.joined = self.split = 0

    def at(self, position: Position) -> SolvingState:
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


# -- lean grading's run of the easy tiers on a small board -----------------------------------------------------------


class BitsetPosition:
    """A settled position on the bitsets of :mod:`~dominosa.deductions.settled` (joined pairs, split pairs,
    covered cells, placed dominoes), as the driver's loop walks it (:class:`~dominosa.deductions.driver.Walked`):
    lean grading's trivial tier alone, or with the basic tier after it, on a small board. Each deduction is
    settled by :func:`~dominosa.deductions.settled.settled_after` (no bookkeeping is ever pending), and the
    bookkeeping is counted as settle counts it: a join's consequences once per pair joined, a split's once per
    pair newly split (:attr:`split_steps`).

    The generator's quick rejections at trivial and basic make this run for most layouts they meet, and on a
    small board a SolvingState's start and its incremental counts cost more than the few bit operations a step
    takes here (bench/README.md, "One position type, step C"). The tiers' finders are :func:`_trivial_move`
    and :func:`_basic_step`.

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.driver import stepping
    >>> position = BitsetPosition(read_puzzle("3:22223101012330103310"))
    >>> [d.rule for d in stepping(position, ([_trivial_move],), applied=False)], position.solved
    ([5, 5, 1, 1, 1], True)
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.masks = masks_of(tables_for(puzzle))
        self.position: Position = start_position(self.masks)  # then each the kernel gives
        self.full = (1 << self.masks.n_cells) - 1
        self.solved = self.position[2] == self.full
        self.bulk = False  # its finders give their first deduction
        self.split_steps = 0
        self.following: FollowingState | None = None  # made when the basic tier is first asked

    @property
    def subject(self) -> BitsetPosition:
        """What its finders read: the bitsets themselves."""
        return self

    def finished(self) -> bool:
        """Solved: a settled position never has bookkeeping pending."""
        return self.solved

    def settle(self) -> None:
        """Nothing: each step is settled as it is applied."""

    def apply(self, deduction: Deduction) -> None:
        """Settle the deduction on the bitsets (a proper puzzle's sound steps never contradict)."""
        after = settled_after(self.masks, self.position, deduction.joins, deduction.splits, checked=False)
        if after is None:  # pragma: no cover - a proper puzzle's sound steps never contradict
            raise Contradiction("a step on bitsets meets a contradiction")
        position, newly_split = after
        self.position = position
        self.split_steps += newly_split
        self.solved = position[2] == self.full


def _trivial_move(p: BitsetPosition) -> Deduction | None:
    """The trivial tier's first move on the bitsets (the lowest lonely cell's pair, else the lowest lonely
    domino's place), as its rule and pair."""
    moves = trivial_moves(p.masks, p.position, True)
    if moves is None:
        return None
    rule, q, _ = moves[0]
    key = q << 6 | rule
    made = _MOVES.get(key)
    if made is None:
        made = _MOVES[key] = Deduction(rule=rule, joins=(q,))
    return made


# Each trivial move as its deduction, made once (a value, never changed): a quick rejection's run is a few dozen
# moves, where making each anew would cost more than its step on the bitsets.
_MOVES: dict[int, Deduction] = {}


def _basic_step(p: BitsetPosition) -> Deduction | None:
    """The basic tier's first deduction on the bitsets where no trivial move is left (:func:`_first_basic`)."""
    if p.following is None:
        p.following = FollowingState(p.puzzle)
    return _first_basic(p.masks, p.position, p.following)


def _first_basic(m: Masks, position: Position, following: FollowingState) -> Deduction | None:
    """The basic tier's first deduction in a settled position where no trivial move is left: its techniques asked
    in the step run's order (:data:`~dominosa.deductions.grades.TECHNIQUES`, read once into
    :data:`_BASIC_ON_BITSETS`), each at the lowest place the bitsets show it applies. None when the tier is stuck."""
    undecided = m.all_pairs & ~(position[0] | position[1])
    for first in _BASIC_ON_BITSETS:
        found = first(m, position, undecided, following)
        if found is not None:
            return found
    return None


def _same_neighbours_first(
    m: Masks, position: Position, undecided: int, following: FollowingState
) -> Deduction | None:
    """Rule 4 at its lowest cell: its domino's places away from the cell split."""
    cells = same_neighbour_cells(m, position, True)
    if not cells:
        return None
    return Deduction(rule=_SAME_RULE, splits=bit_indices(same_neighbours_away(m, undecided, cells[0])))


def _shared_cell_first(
    m: Masks, position: Position, undecided: int, following: FollowingState
) -> Deduction | None:
    """Rule 6 at its lowest domino: the other pairs of the cell all its places share split."""
    dominoes = shared_cell_dominoes(m, position, True)
    if not dominoes:
        return None
    return Deduction(rule=_SHARED_RULE, splits=bit_indices(shared_cell_splits(m, undecided, dominoes[0])[1]))


def _must_overlap_first(
    m: Masks, position: Position, undecided: int, following: FollowingState
) -> Deduction | None:
    """Must overlap at its lowest domino: every pair touching its first place that each of its places overlaps
    split."""
    dominoes = must_overlap_dominoes(m, position, True)
    if not dominoes:
        return None
    return Deduction(rule=_OVERLAP_RULE, splits=bit_indices(must_overlap_splits(m, undecided, dominoes[0])))


def _local_duplicate_first(
    m: Masks, position: Position, undecided: int, following: FollowingState
) -> Deduction | None:
    """Local duplicate, asked of the engine's own position (:class:`~dominosa.deductions.settled.FollowingState`)."""
    return _rule_and_pairs(local_duplicate.local_duplicate(following.at(position)))


def _parity_first(
    m: Masks, position: Position, undecided: int, following: FollowingState
) -> Deduction | None:
    """Parity, asked as local duplicate is."""
    return _rule_and_pairs(parity.parity(following.at(position)))


def _rule_and_pairs(found: Deduction | None) -> Deduction | None:
    """An engine's deduction kept to its rule and pairs (a lean run reads no more, and keeps no sentence)."""
    return None if found is None else Deduction(rule=found.rule, joins=found.joins, splits=found.splits)


# The basic tier's techniques on bitsets, in the tier's order: TECHNIQUES says it, this table only binds each to its
# finder on bitsets.
_BASIC_ON_BITSETS = tuple({
    Technique.ALL_SAME_NEIGHBOURS: _same_neighbours_first,
    Technique.SHARED_CELL: _shared_cell_first,
    Technique.MUST_OVERLAP: _must_overlap_first,
    Technique.LOCAL_DUPLICATE: _local_duplicate_first,
    Technique.PARITY: _parity_first,
}[t] for t in TECHNIQUES if t.level == BASIC)


def bitset_tier(order: tuple[Technique, ...]) -> list[Callable[[BitsetPosition], Deduction | None]] | None:
    """The finders of a lean run on bitsets for a technique list, as one tier of the driver's loop: the trivial
    tier's first move for the trivial techniques, then the basic tier's (:func:`_basic_step`) for those up to
    basic (:func:`~dominosa.deductions.grades.ordered_by_tier` gives both lists, the generator's quick
    rejections); None for any other list, which is graded on a ``SolvingState``."""
    if order == _TRIVIAL_TIER:
        return [_trivial_move]
    if order == _BASIC_TIER:
        return [_trivial_move, _basic_step]
    return None


_TRIVIAL_TIER = ordered_by_tier(TRIVIAL)
_BASIC_TIER = ordered_by_tier(BASIC)
_SAME_RULE = int(Technique.ALL_SAME_NEIGHBOURS)
_SHARED_RULE = int(Technique.SHARED_CELL)
_OVERLAP_RULE = int(Technique.MUST_OVERLAP)
