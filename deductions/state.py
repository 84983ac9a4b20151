"""Pair states, as a person solving on paper keeps them, with the counts the rules read.

Every pair is undecided, newly joined, joined, newly split or split. "Newly" means its consequences have not
been drawn yet (rules 2 and 3 draw them). A :class:`SolvingState` keeps its pairs as bitsets (the joined ones,
newly or not, and the undecided ones, pair q bit q: what the rules read with the puzzle's
:class:`~dominosa.deductions.tables.Masks`, and the position's key) and, alongside, each pair's state by index; and,
incrementally, how many undecided pairs each cell has and how many undecided placements each domino has, which
cells are covered and which dominoes placed, and the candidates each rule should look at, so that no rule rescans
the board after every step. It is an index of a :class:`Position` (the settled position's four bitsets,
:meth:`SolvingState.position`), or, while consequences are pending, of an :class:`Unsettled` one
(:meth:`SolvingState.unsettled`): it changes only through its own methods (:meth:`~SolvingState.apply` a deduction,
:meth:`~SolvingState.settle_to` the position the settle kernel reached, :meth:`~SolvingState.join_lonely`,
:meth:`~SolvingState.apply_undecided`, and the candidate methods rules 4 and 6 call), which keep the counts and
candidates true to the position; no other module writes its fields (``tests/test_deductions_state.py`` checks the
source).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Final, NamedTuple

from dominosa.board import cell_name
from dominosa.deductions.grades import BOOKKEEPING_RULES, Technique
from dominosa.deductions.tables import Tables, masks_of, tables_for
from dominosa.dominoes import domino_name
from dominosa.puzzle import Puzzle

__all__ = [
    "UNDECIDED",
    "NEWLY_JOINED",
    "JOINED",
    "NEWLY_SPLIT",
    "SPLIT",
    "STATE_NAMES",
    "Contradiction",
    "Deduction",
    "Position",
    "Unsettled",
    "make_position",
    "SolvingState",
    "bit_indices",
    "pair_bits",
    "names_of",
]

# The settled states have the values the counting engine (deductions/counting.py) uses for its pairs, which
# know no "newly": one set of names for both. Final, so that the compiled build writes them into the code that
# reads them instead of looking them up in this module's namespace at every read.
UNDECIDED: Final = 0
JOINED: Final = 1
SPLIT: Final = 2
NEWLY_JOINED: Final = 3
NEWLY_SPLIT: Final = 4
STATE_NAMES = ("undecided", "joined", "split", "newly joined", "newly split")


class Contradiction(Exception):
    """The position cannot be completed; the message says why (a cell or domino with no place left, ...)."""


class Deduction:
    """One deduction: which rule, what it changes, what justifies it, and the sentence a person would say.

    Attributes
    ----------
    rule : the rule's number (1-7, higher numbers for the advanced rules; the advanced rules give their
        :class:`~dominosa.deductions.grades.Technique`, an ``int``).
    joins : pairs that become newly joined.
    splits : pairs that become newly split.
    quiet_splits : pairs that become split with nothing left to draw from them (rule 2's other placements).
    settles : newly joined or newly split pairs whose consequences this deduction draws.
    cells : the cells the reasoning looks at.
    domino : the domino the reasoning is about (its index in ``puzzle.dominoes``), if any.
    reason : the deduction in one sentence (given as the sentence or as a function of no arguments making it,
        called on first read and kept then: the driver makes thousands of deductions a puzzle, mostly
        bookkeeping, whose sentences grading never reads).
    effort : for trial and error, the search steps it took to refute the pair tried.

    A value: equal deductions have equal fields (the sentence made for the comparison), and it pickles with its
    sentence made, since a function made in a rule would not pickle. Written out rather than as a dataclass so
    that mypyc can compile it (the compiled build, :mod:`dominosa.native`): a dataclass field cannot be made on
    first read there. Do not change a deduction's fields once made.
    """

    # ``rule`` is boxed (``int | Technique``, not ``int``): a compiled build would otherwise store a technique's
    # rule number as a plain int, and its repr, which the grading record digests, would change.
    rule: int | Technique
    joins: tuple[int, ...]
    splits: tuple[int, ...]
    quiet_splits: tuple[int, ...]
    settles: tuple[int, ...]
    cells: tuple[int, ...]
    domino: int | None
    _reason: str | Callable[[], str]
    effort: int

    def __init__(
        self,
        rule: int | Technique,
        joins: tuple[int, ...] = (),
        splits: tuple[int, ...] = (),
        quiet_splits: tuple[int, ...] = (),
        settles: tuple[int, ...] = (),
        cells: tuple[int, ...] = (),
        domino: int | None = None,
        reason: str | Callable[[], str] = "",
        effort: int = 0,
    ) -> None:
        self.rule = rule
        self.joins = joins
        self.splits = splits
        self.quiet_splits = quiet_splits
        self.settles = settles
        self.cells = cells
        self.domino = domino
        self._reason = reason
        self.effort = effort

    @property
    def reason(self) -> str:
        words = self._reason
        if not isinstance(words, str):
            words = self._reason = words()
        return words

    @property
    def is_bookkeeping(self) -> bool:
        """Whether this is a bookkeeping step (rules 2 and 3: it only draws the consequences of an earlier
        deduction), as the technique table says (:data:`~dominosa.deductions.grades.BOOKKEEPING_RULES`)."""
        return self.rule in BOOKKEEPING_RULES

    def _fields(self) -> tuple[object, ...]:
        # Read as Python reads it: compiled code reads self.rule as an int (mypy's type), and a Technique kept in the
        # tuple as an int would lose its name in the repr.
        rule = getattr(self, "rule")  # noqa: B009
        return (rule, self.joins, self.splits, self.quiet_splits, self.settles, self.cells, self.domino, self.reason,
                self.effort)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Deduction)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={value!r}" for name, value in zip(_FIELDS, self._fields(), strict=True))
        return f"{type(self).__qualname__}({values})"

    def __str__(self) -> str:
        return self.reason

    def __reduce__(self) -> tuple[type[Deduction], tuple[object, ...]]:
        return Deduction, self._fields()


_FIELDS = ("rule", "joins", "splits", "quiet_splits", "settles", "cells", "domino", "reason", "effort")


# Each pair state as the digit of its bit in SolvingState.key's bitsets: "1" for (newly) joined, or split.
_JOINED_DIGITS = bytes(ord("1") if v in (JOINED, NEWLY_JOINED) else ord("0") for v in range(256))
_SPLIT_DIGITS = bytes(ord("1") if v in (SPLIT, NEWLY_SPLIT) else ord("0") for v in range(256))


class _Names:
    """The names of one puzzle's cells (alone and with their numbers), pairs and dominoes, by index."""

    __slots__ = ("cell", "cell_label", "pair", "domino")

    def __init__(self, t: Tables) -> None:
        p = t.puzzle
        self.cell = [cell_name(c) for c in p.board.cells]
        self.cell_label = [f"{name} ({v})" for name, v in zip(self.cell, p.numbers, strict=True)]
        self.pair = [f"{self.cell[a]}-{self.cell[b]}" for a, b in p.board.pairs]
        self.domino = [domino_name(d) for d in p.dominoes]


@lru_cache(maxsize=64)
def names_of(t: Tables) -> _Names:
    """The names of a puzzle's cells, pairs and dominoes (made once a puzzle, kept for the sentences)."""
    return _Names(t)


class Position(NamedTuple):
    """A settled position (no bookkeeping pending) as four bitsets: what the engine passes around (a position with
    consequences pending is an :class:`Unsettled`).

    Pair q is bit q of ``joined`` and ``split`` (the rest are undecided), cell x bit x of ``covered``, domino d bit
    d of ``placed``. :func:`~dominosa.deductions.settled.settle_position` (the settle kernel) takes one and a
    deduction and gives the next; a :class:`SolvingState` is an index of one (:meth:`SolvingState.position`,
    :meth:`SolvingState.settle_to`). A plain ``NamedTuple`` with no methods, which the compiled build keeps as a
    tuple.

    >>> Position(joined=0b1, split=0b110, covered=0b11, placed=0b1).split
    6
    """

    joined: int
    split: int
    covered: int
    placed: int


class Unsettled(NamedTuple):
    """A position whose last pairs' consequences are not drawn yet (a :class:`SolvingState` with newly joined or
    newly split pairs): :class:`Position`'s four bitsets, the pending pairs counted among the joined and split, and
    the pending pairs themselves. The settle kernel settles it
    (:func:`~dominosa.deductions.settled.settle_pending`); it is never taken for a settled :class:`Position`.

    >>> Unsettled(joined=0b1, split=0b110, covered=0b11, placed=0b1, pending_joins=0b1, pending_splits=0).pending_joins
    1
    """

    joined: int
    split: int
    covered: int
    placed: int
    pending_joins: int
    pending_splits: int


def make_position(joined: int, split: int, covered: int, placed: int) -> Position:
    """``Position(joined, split, covered, placed)`` made as the tuple it is, without the named tuple's own
    ``__new__`` (a Python function: the settle kernel makes two positions a call, and the trivial closure calls it
    several times a batch).

    >>> make_position(1, 6, 3, 1) == Position(1, 6, 3, 1)
    True
    """
    return tuple.__new__(Position, (joined, split, covered, placed))


def pair_bits(states: bytes | bytearray) -> tuple[int, int]:
    """Pair states (these values, or the counting engine's) as two bitsets, pair q bit q: joined, split.

    >>> pair_bits(bytes([JOINED, UNDECIDED, SPLIT, NEWLY_JOINED]))
    (9, 4)
    """
    # The pair states mapped to ASCII digits, last pair first, read in base 2 (the state graph keys every position
    # it reaches, and a loop over the pairs cost several times as much).
    if not states:
        return 0, 0
    return int(states.translate(_JOINED_DIGITS)[::-1], 2), int(states.translate(_SPLIT_DIGITS)[::-1], 2)


def bit_indices(mask: int) -> tuple[int, ...]:
    """The positions of the set bits of ``mask``, lowest first (a bitset of pairs, cells or slots as indices).

    >>> bit_indices(0b100101)
    (0, 2, 5)
    """
    found = []
    while mask:  # highest first, then turned: two big-integer operations a bit, where the lowest first takes three
        q = mask.bit_length() - 1
        found.append(q)
        mask ^= 1 << q
    found.reverse()
    return tuple(found)


class SolvingState:
    """A position in the solving of one puzzle (see the module docstring).

    Build with ``SolvingState(puzzle)``: clues start as newly joined and pairs showing a domino outside the set
    start as split. It changes by :meth:`apply`, one deduction at a time:

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.rules import unique_placement
    >>> s = SolvingState(read_puzzle("3:22223101012330103310"))
    >>> found = unique_placement(s)
    >>> s.apply(found)
    >>> s.joined_pairs(), s.newly_joined, s.solved
    ([16], {16}, False)
    """

    def __init__(
        self, puzzle: Puzzle, *, _copy_of: SolvingState | None = None
    ) -> None:
        if _copy_of is not None:
            self._copy_from(_copy_of)
            return
        t = tables_for(puzzle)
        self.puzzle = puzzle
        self.tables = t
        self.masks = masks_of(t)
        # The truth, as bitsets: the pairs joined (newly or not) and the pairs undecided (the rest are split).
        self.joined = 0
        self.undecided = self.masks.all_pairs
        # The same by index, read by the rules and techniques that look at single pairs.
        self.pair_states = bytearray(t.n_pairs)
        self.cell_live = [len(ps) for ps in t.cell_pairs]
        self.dom_live = [len(ps) for ps in t.placements]
        # Flags by index, as lists: the compiled build reads and writes a list's items directly, a bytearray's
        # through the generic item protocol (a boxed index and a boxed value each time).
        self.covered = [0] * t.n_cells
        self.placed = [0] * t.n_dominoes
        self.n_covered = 0
        # The covered cells and placed dominoes as bitsets too (the position's, :meth:`position`).
        self.covered_bits = 0
        self.placed_bits = 0
        self.newly_joined: set[int] = set()
        self.newly_split: set[int] = set()
        # Candidates: cells with one undecided pair left (rule 1), dominoes with one placement left (rule 5),
        # and cells/dominoes whose undecided pairs changed since rules 4 and 6 last looked at them.
        self.lonely_cells: set[int] = set()
        self.lonely_dominoes: set[int] = set()
        self.dirty_cells: set[int] = set(range(t.n_cells))
        self.dirty_dominoes: set[int] = set(range(t.n_dominoes))
        # Facts of the puzzle that costly analyses keep, shared by every copy (so by sibling positions of the state
        # graph too), which is sound because no entry depends on the position it was made in: set analysis's
        # groups and matchings are keyed by everything they are computed from; short contradiction's consistent
        # fixed points are each rewritten by a probe to those that hold its position (probe.PairProbe), so a
        # sibling's probe may drop one that held this position, which costs this one a propagation, never an
        # answer: a pair vouched for by a holding fixed point is one whose propagation meets no contradiction,
        # and a pair not vouched for is propagated (tests/test_deductions_advanced.py checks siblings agree).
        self.memo: dict = {}
        # Per-position results of the scans that keep them between calls (each checks they still hold).
        self.scans: dict = {}
        for q, d in enumerate(t.pair_domino):
            if d < 0:
                self._set_split(q, SPLIT)
        # Every cell and domino is a candidate of rules 4 and 6 already: only those with fewer than two pairs left
        # have more to note (lonely, or a contradiction).
        cell_live, dom_live = self.cell_live, self.dom_live
        for x in range(t.n_cells):
            if cell_live[x] < 2:
                self._cell_changed(x)
        for d in range(t.n_dominoes):
            if dom_live[d] < 2:
                self._domino_changed(d)
        for q in t.clue_pairs:
            self._set_joined(q, NEWLY_JOINED)

    @classmethod
    def from_position(
        cls,
        puzzle: Puzzle,
        joined: Iterable[int] = (),
        split: Iterable[int] = (),
        *,
        newly_joined: Iterable[int] = (),
        newly_split: Iterable[int] = (),
    ) -> SolvingState:
        """A position given by its pairs: ``joined``/``split`` as settled, ``newly_*`` with consequences pending.

        Raises :class:`Contradiction` when the pairs given cannot stand together.
        """
        s = cls(puzzle)
        for q in split:
            s._split(q, SPLIT)
        for q in newly_split:
            s._split(q, NEWLY_SPLIT)
        for q in joined:
            s._join(q)
            s.pair_states[q] = JOINED
            s.newly_joined.discard(q)
        for q in newly_joined:
            s._join(q)
        return s

    # -- reading ------------------------------------------------------------------------------------------------

    @property
    def solved(self) -> bool:
        return self.n_covered == self.tables.n_cells

    def key(self) -> tuple[int, int]:
        """The position as two integers: the bitset of (newly) joined pairs and that of (newly) split pairs."""
        return self.joined, self.masks.all_pairs & ~(self.undecided | self.joined)

    def position(self) -> Position:
        """The settled position as its four bitsets; a :class:`ValueError` while consequences are pending (the
        position is then :meth:`unsettled`, which the settle kernel settles)."""
        if self.newly_joined or self.newly_split:
            raise ValueError("the position has consequences pending: it is unsettled, not a Position")
        joined = self.joined
        return make_position(joined, self.masks.all_pairs & ~(self.undecided | joined), self.covered_bits,
                             self.placed_bits)

    def unsettled(self) -> Unsettled:
        """The position as it stands, its pending pairs (newly joined and newly split, their consequences not drawn
        yet) counted as joined or split and given beside, for the settle kernel
        (:func:`~dominosa.deductions.settled.settle_pending`)."""
        joined, bit = self.joined, self.masks.bit
        joins = splits = 0
        for q in self.newly_joined:
            joins |= bit[q]
        for q in self.newly_split:
            splits |= bit[q]
        split = self.masks.all_pairs & ~(self.undecided | joined)
        # made as the tuple it is (make_position's way): the settled runs ask it after every deduction
        return tuple.__new__(Unsettled, (joined, split, self.covered_bits, self.placed_bits, joins, splits))

    def joined_pairs(self) -> list[int]:
        pair_states = self.pair_states  # indexed, not enumerated: mypyc cannot compile enumerate over a bytearray
        return [q for q in range(len(pair_states)) if pair_states[q] in (JOINED, NEWLY_JOINED)]

    def split_pairs(self) -> list[int]:
        pair_states = self.pair_states
        return [q for q in range(len(pair_states)) if pair_states[q] in (SPLIT, NEWLY_SPLIT)]

    def live_pairs_of_cell(self, x: int) -> list[int]:
        pair_states = self.pair_states
        return [q for q in self.tables.cell_pairs[x] if pair_states[q] == UNDECIDED]

    def live_placements(self, d: int) -> list[int]:
        pair_states = self.pair_states
        return [q for q in self.tables.placements[d] if pair_states[q] == UNDECIDED]

    def check(self) -> None:
        """Raise :class:`Contradiction` if a cell or domino has no possibility left."""
        t = self.tables
        for x in range(t.n_cells):
            if not self.covered[x] and self.cell_live[x] == 0:
                raise Contradiction(f"{self.cell_label(x)} has no pair remaining")
        for d in range(t.n_dominoes):
            if not self.placed[d] and self.dom_live[d] == 0:
                raise Contradiction(f"the {self.domino_label(d)} has no place remaining")

    def copy(self) -> SolvingState:
        # Through __init__ rather than SolvingState.__new__, which a compiled build (mypyc) cannot call alone.
        return SolvingState(self.puzzle, _copy_of=self)

    def _copy_from(self, other: SolvingState) -> None:
        self.puzzle, self.tables, self.masks = other.puzzle, other.tables, other.masks
        self.joined, self.undecided = other.joined, other.undecided
        self.pair_states = other.pair_states[:]
        self.cell_live = other.cell_live[:]
        self.dom_live = other.dom_live[:]
        self.covered = other.covered[:]
        self.placed = other.placed[:]
        self.n_covered = other.n_covered
        self.covered_bits, self.placed_bits = other.covered_bits, other.placed_bits
        self.newly_joined = set(other.newly_joined)
        self.newly_split = set(other.newly_split)
        self.lonely_cells = set(other.lonely_cells)
        self.lonely_dominoes = set(other.lonely_dominoes)
        self.dirty_cells = set(other.dirty_cells)
        self.dirty_dominoes = set(other.dirty_dominoes)
        self.memo = other.memo
        self.scans = dict(other.scans)

    # -- words ---------------------------------------------------------------------------------------------------

    # Every deduction carries its sentence, bookkeeping included: the names are worked out once per puzzle.

    def cell_name(self, x: int) -> str:
        """``r3c4``: a cell's name."""
        return names_of(self.tables).cell[x]

    def cell_label(self, x: int) -> str:
        """``r3c4 (5)``: a cell's name and number."""
        return names_of(self.tables).cell_label[x]

    def pair_label(self, q: int) -> str:
        """``r3c4-r3c5``: a pair's two cells."""
        return names_of(self.tables).pair[q]

    def domino_label(self, d: int) -> str:
        """``2-5``: a domino."""
        return names_of(self.tables).domino[d]

    # -- changing ------------------------------------------------------------------------------------------------

    def apply(self, deduction: Deduction) -> None:
        """Carry out a deduction; raise :class:`Contradiction` if it breaks the position."""
        pair_states = self.pair_states
        for q in deduction.settles:
            if pair_states[q] == NEWLY_JOINED:
                pair_states[q] = JOINED
                self.newly_joined.discard(q)
            elif pair_states[q] == NEWLY_SPLIT:
                pair_states[q] = SPLIT
                self.newly_split.discard(q)
        for q in deduction.quiet_splits:
            self._split(q, SPLIT)
        for q in deduction.splits:
            self._split(q, NEWLY_SPLIT)
        for q in deduction.joins:
            self._join(q)

    def settle_to(self, after: Position) -> None:
        """Bring the index to ``after``, the settled position the settle kernel reached from this one
        (:func:`~dominosa.deductions.settled.settle_position`): the pairs pending are settled, the pairs joined and
        split since are marked so, and the counts and candidates follow. Raises :class:`Contradiction` where a cell
        or domino is left with no possibility (the kernel leaves that check to the index when asked to).

        The kernel has checked its joins (no cell covered twice, no domino placed twice), so they are marked here
        without :meth:`_set_joined`'s checks, and the bitsets of covered cells and placed dominoes are the
        kernel's (the settled runs call this after every deduction: most of their bookkeeping's cost)."""
        pair_states = self.pair_states
        if self.newly_joined:
            for q in self.newly_joined:
                pair_states[q] = JOINED
            self.newly_joined.clear()
        if self.newly_split:
            for q in self.newly_split:
                pair_states[q] = SPLIT
            self.newly_split.clear()
        t, bit = self.tables, self.masks.bit
        pair_a, pair_b, pair_domino = t.pair_a, t.pair_b, t.pair_domino
        covered, placed, cell_live, dom_live = self.covered, self.placed, self.cell_live, self.dom_live
        lonely_cells, dirty_cells = self.lonely_cells, self.dirty_cells
        lonely_dominoes, dirty_dominoes = self.lonely_dominoes, self.dirty_dominoes
        joins = after.joined ^ self.joined  # (the kernel only adds joins)
        if joins:
            self.joined = after.joined
            self.undecided ^= joins
            self.covered_bits, self.placed_bits = after.covered, after.placed
            while joins:
                q = joins.bit_length() - 1
                joins ^= bit[q]
                pair_states[q] = JOINED
                a, b, d = pair_a[q], pair_b[q], pair_domino[q]
                covered[a] = covered[b] = placed[d] = 1
                cell_live[a] -= 1
                cell_live[b] -= 1
                dom_live[d] -= 1
                lonely_cells.discard(a)
                lonely_cells.discard(b)
                dirty_cells.discard(a)
                dirty_cells.discard(b)
                lonely_dominoes.discard(d)
                dirty_dominoes.discard(d)
                self.n_covered += 2
        splits = after.split & self.undecided
        self.undecided ^= splits
        while splits:
            q = splits.bit_length() - 1
            splits ^= bit[q]
            pair_states[q] = SPLIT
            self._count_split(q)

    def join_lonely(self) -> bool:
        """Rules 1 and 5 at once: join the one pair left of every cell that has one, and the one place left of
        every domino that has one, their consequences pending; whether there was any. Raises
        :class:`Contradiction` where two of them cannot stand together."""
        if not (self.lonely_cells or self.lonely_dominoes):
            return False
        m, undecided = self.masks, self.undecided
        pairs = [_only_pair(m.cell_pairs[x] & undecided) for x in self.lonely_cells]
        pairs += [_only_pair(m.placements[d] & undecided) for d in self.lonely_dominoes]
        for q in pairs:
            self._join(q)
        return True

    def apply_undecided(self, deduction: Deduction) -> None:
        """Apply a deduction found earlier in the same position, passing over the pairs decided since (by an
        earlier deduction of the same batch: every one is sound, so they never disagree)."""
        pair_states = self.pair_states
        for q in deduction.splits:
            if pair_states[q] == UNDECIDED:
                self._set_split(q, NEWLY_SPLIT)
        for q in deduction.joins:
            if pair_states[q] == UNDECIDED:
                self._join(q)

    def cells_looked_at(self, cells: list[int]) -> None:
        """Rule 4 found nothing at these cells: only a change at a cell makes it a candidate again."""
        self.dirty_cells.difference_update(cells)

    def dominoes_looked_at(self, dominoes: list[int]) -> None:
        """Rule 6 found nothing for these dominoes: only a change of its places makes one a candidate again."""
        self.dirty_dominoes.difference_update(dominoes)

    def _join(self, q: int) -> None:
        s = self.pair_states[q]
        if s in (JOINED, NEWLY_JOINED):
            return
        if s != UNDECIDED:
            raise Contradiction(f"{self.pair_label(q)} is split and cannot be joined")
        self._set_joined(q, NEWLY_JOINED)

    def _set_joined(self, q: int, how: int) -> None:
        t = self.tables
        a, b, d = t.pair_a[q], t.pair_b[q], t.pair_domino[q]
        for x in (a, b):
            if self.covered[x]:
                raise Contradiction(f"{self.cell_label(x)} would be covered twice")
        if self.placed[d]:
            raise Contradiction(f"the {self.domino_label(d)} would be placed twice")
        self.pair_states[q] = how
        bit = self.masks.bit[q]
        self.joined |= bit
        self.undecided ^= bit  # (only an undecided pair is joined: a clue is a pair of the set's)
        if how == NEWLY_JOINED:
            self.newly_joined.add(q)
        self.covered_bits |= self.masks.pair_cells[q]
        self.placed_bits |= 1 << d
        for x in (a, b):
            self.covered[x] = 1
            self.n_covered += 1
            self.cell_live[x] -= 1
            self.lonely_cells.discard(x)
            self.dirty_cells.discard(x)
        self.placed[d] = 1
        self.dom_live[d] -= 1
        self.lonely_dominoes.discard(d)
        self.dirty_dominoes.discard(d)

    def _split(self, q: int, how: int) -> None:
        s = self.pair_states[q]
        if s in (SPLIT, NEWLY_SPLIT):
            return
        if s != UNDECIDED:
            raise Contradiction(f"{self.pair_label(q)} is joined and cannot be split")
        self._set_split(q, how)

    def _set_split(self, q: int, how: int) -> None:
        self.pair_states[q] = how
        self.undecided ^= self.masks.bit[q]  # (only an undecided pair is split)
        if how == NEWLY_SPLIT:
            self.newly_split.add(q)
        self._count_split(q)

    def _count_split(self, q: int) -> None:
        """The counts and candidates of a pair's cells and domino after it is split."""
        t, cell_live = self.tables, self.cell_live
        a, b = t.pair_a[q], t.pair_b[q]  # one at a time: a loop over the two would make a tuple each call
        cell_live[a] -= 1
        self._cell_changed(a)
        cell_live[b] -= 1
        self._cell_changed(b)
        d = t.pair_domino[q]
        if d >= 0:
            self.dom_live[d] -= 1
            self._domino_changed(d)

    def _cell_changed(self, x: int) -> None:
        if self.covered[x]:
            return
        live = self.cell_live[x]
        if live == 0:
            raise Contradiction(f"{self.cell_label(x)} has no pair remaining")
        if live == 1:
            self.lonely_cells.add(x)
        self.dirty_cells.add(x)

    def _domino_changed(self, d: int) -> None:
        if self.placed[d]:
            return
        live = self.dom_live[d]
        if live == 0:
            raise Contradiction(f"the {self.domino_label(d)} has no place remaining")
        if live == 1:
            self.lonely_dominoes.add(d)
        self.dirty_dominoes.add(d)


def _only_pair(pairs: int) -> int:
    """The one pair of a bitset of pairs (a lonely cell's or domino's: exactly one)."""
    return pairs.bit_length() - 1
