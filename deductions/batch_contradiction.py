"""Every short contradiction of a position as one step: a big board's rating asks this instead of the first.

The step finder (:func:`~dominosa.deductions.short_contradiction.short_contradiction`) probes the undecided pairs,
the most constrained cells first, until one is refuted, and the step run asks it again after every deduction: on an
order-40 board a hundred short contradictions took some 35,000 probes, half of a rating (issue 45). Here one pass
over the position's pairs collects every pair whose joining meets a contradiction by rules 1-6 alone, each in the
position as it is (none split before the next is tried, so each is a short contradiction of that position, as a
person would find it), and the step splits them all.

A pass is asked again after every guess and every batch, and most of a big board has not changed since the last:
so a supposition that reached a consistent fixed point is kept (:class:`_Witness`), and vouches for every pair its
fixed point joins in every later position whose new facts do not touch what it changed. Why that is sound: rules
1-6 read a cell's pairs or a domino's places, and only there draw a conclusion. Let F be the fixed point the
supposition reached from position P, and P' a later position (P' holds P). If no pair that P' decided and F did not
(or decided otherwise) shares a cell or a domino with a pair F decided and P did not, then every cell and domino
reads in F and P' together what it reads in F alone or in P' alone, both fixed points without contradiction: their
union is one, and it holds P' with any pair F joins, whose propagation therefore stays inside it and contradicts
nothing. A witness whose changes do share a cell or a domino with the new facts is kept still if the union is a
fixed point without contradiction at each such cell and domino (:func:`_closed`): a domino with two places
left in the union, each split by one side, is as good as untouched. And the puzzle's solution, when the caller knows it,
is such a fixed point for every position of the run: its pairs are never tried. Refuted pairs are split by the
step, so nothing is kept of them; the pairs refuted are exactly those a pass trying every pair finds, so the path
is unchanged, with a sixth of the probes or fewer (order 40 seed 1: 94,511 to 6,648; docs/architecture.md, "A big
board's rating").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from dominosa.deductions.grades import Technique
from dominosa.deductions.node import propagate_position
from dominosa.deductions.sentences import Sentence
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState, bit_indices, pair_bits
from dominosa.deductions.tables import Tables

__all__ = ["every_short_contradiction"]


class _Witness(NamedTuple):
    """A supposition's consistent fixed point: its joined and split pairs, and those it decided beyond the position
    it was made in (bitsets)."""

    joined: int
    split: int
    changed: int


class _Kept:
    """What the passes of one run keep (in the state's memo): the position of the last pass, as its joined and
    split bitsets, and the witnesses that held it."""

    __slots__ = ("joined", "split", "witnesses")

    def __init__(self) -> None:
        self.joined = self.split = 0
        self.witnesses: list[_Witness] = []

    def now(self, joined: int, split: int, witnesses: list[_Witness]) -> None:
        """Keep the position of this pass and the witnesses that hold it."""
        self.joined, self.split, self.witnesses = joined, split, witnesses


def every_short_contradiction(s: SolvingState, solution: int = 0) -> Deduction | None:
    """The position's short contradictions as one deduction splitting every refuted pair, or None. ``solution``,
    the puzzle's solution when known (its joined pairs as a bitset), is never refuted, so its pairs are not tried.

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.counting import count_solution_pairs
    >>> puzzle = read_puzzle("3:22223101012330103310")
    >>> found = every_short_contradiction(SolvingState(puzzle))  # at the start, before rules 1-6 are drawn
    >>> _, (solution,) = count_solution_pairs(puzzle, 2)
    >>> str(found.reason), any(q in solution for q in found.splits)
    ('21 placements lead by the simple rules alone to a contradiction.', False)
    """
    t, pair_states = s.tables, s.pair_states
    node = propagate_position(t, s.joined_pairs(), s.split_pairs())
    if node is None:  # the position contradicts by the rules alone: so does every supposition
        refuted = [q for q in range(len(pair_states)) if _open(s, q)]
    else:
        refuted = []
        now_joined, now_split = pair_bits(bytes(node.pstate))
        now_decided = now_joined | now_split
        vouched, witnesses = _holding(s, now_joined, now_split)
        vouched |= solution
        for q in bit_indices(s.undecided & ~vouched):  # (those vouched for as the pass began, never looked at)
            if vouched >> q & 1 or not _open(s, q):
                continue
            trial = node.copy()
            if not trial.join(q):
                refuted.append(q)
                continue
            joined, split = pair_bits(bytes(trial.pstate))
            witnesses.append(_Witness(joined, split, (joined | split) & ~now_decided))
            vouched |= joined
    if not refuted:
        return None
    cells = sorted({x for q in refuted for x in (t.pair_a[q], t.pair_b[q])})
    return Deduction(
        rule=int(Technique.SHORT_CONTRADICTION),
        splits=tuple(refuted),
        cells=tuple(cells),
        reason=Sentence("{n} placements lead by the simple rules alone to a contradiction.",  # the closure's words
                        "{n} placements lead by the simple rules alone to a contradiction.",
                        len(refuted), n=len(refuted)),
    )


def _open(s: SolvingState, q: int) -> bool:
    """Whether the step finder tries pair ``q``: undecided, with a cell not covered."""
    t, covered = s.tables, s.covered
    return s.pair_states[q] == UNDECIDED and not (covered[t.pair_a[q]] and covered[t.pair_b[q]])


def _holding(s: SolvingState, now_joined: int, now_split: int) -> tuple[int, list[_Witness]]:
    """The pairs the kept witnesses still vouch for in the propagated position (``now_joined``, ``now_split``), and
    the list of those witnesses (kept for the next pass, which appends to it). A position that does not hold the
    last pass's (another line of play sharing the memo) starts afresh.

    A witness whose changes share a cell or a domino with the new facts is kept if the union of its fixed point and
    the position is still one (see the module) at each of those cells and dominoes, as :func:`_closed` reads it."""
    kept = s.memo.get(_KEPT)
    if not isinstance(kept, _Kept) or kept.joined & ~now_joined or kept.split & ~now_split:
        kept = s.memo[_KEPT] = _Kept()
    masks = _masks(s.tables)
    new = (now_joined & ~kept.joined) | (now_split & ~kept.split)
    reach = 0
    places: set[int] = set()  # the cells (x) and dominoes (n_cells + d) the new facts are at, as indices of masks
    for r in bit_indices(new):
        reach |= masks.touching[r]
        places.update(masks.places_of[r])
    open_pairs = ~(now_joined | now_split)
    at = masks.at
    vouched = 0
    holding = []
    for w in kept.witnesses:
        if not w.joined & open_pairs:
            continue  # it vouches for no open pair
        if reach & w.changed:  # a new fact shares a cell or a domino with what it changed
            if w.joined & now_split or w.split & now_joined:
                continue
            joined, split = w.joined | now_joined, w.split | now_split
            if len(places) <= _FEW_PLACES:
                shared: Iterable[int] = (k for k in places if at[k] & w.changed)
            else:  # many new facts (a big batch): from the witness's side, a few dozen pairs
                shared = places.intersection([k for q in bit_indices(w.changed) for k in masks.places_of[q]])
            if not all(_closed(masks, k, joined, split) for k in shared):
                continue
        holding.append(w)
        vouched |= w.joined
    kept.now(now_joined, now_split, holding)
    return vouched, holding


def _closed(masks: _Masks, k: int, joined: int, split: int) -> bool:
    """Whether rules 1-6 find nothing to add at cell or domino ``k`` (an index of ``masks.at``) with these pairs
    joined and split, and no contradiction: one pair joined and the others split, or two open or more (and if
    those all show one domino, or all share one cell, that domino's other places, or that cell's other pairs, are
    split: rules 4 and 6)."""
    mask = masks.at[k]
    placed = mask & joined
    if placed:
        return not placed & (placed - 1) and not mask & ~joined & ~split
    left = mask & ~split
    if not left & (left - 1):
        return False  # one place left (the rules would take it) or none
    ends = [masks.places_of[q] for q in bit_indices(left)]  # each a pair's two cells, then its domino
    n_cells = masks.n_cells
    if k < n_cells:  # rule 4: the open pairs of a cell all show one domino
        shown = {e[2] for e in ends}
        if len(shown) == 1:
            return not masks.at[shown.pop()] & ~mask & ~split
        return True
    shared = set(ends[0][:2]).intersection(*(e[:2] for e in ends[1:]))  # rule 6: the open places share a cell
    return not shared or not masks.at[shared.pop()] & ~mask & ~split


class _Masks(NamedTuple):
    """A puzzle's pairs as the bitsets the witnesses are checked with."""

    n_cells: int
    at: tuple[int, ...]  # the pairs at each cell, then the places of each domino (index n_cells + d)
    places_of: tuple[tuple[int, ...], ...]  # each pair's two cells and its domino, as indices of ``at``
    touching: tuple[int, ...]  # each pair's neighbours: the pairs at its cells and the places of its domino


@lru_cache(maxsize=8)
def _masks(t: Tables) -> _Masks:
    """The puzzle's :class:`_Masks` (kept per puzzle, as its tables are)."""
    at = [0] * (t.n_cells + t.n_dominoes)
    places_of = []
    for q in range(len(t.pair_a)):
        d = t.pair_domino[q]
        ends = (t.pair_a[q], t.pair_b[q]) + ((t.n_cells + d,) if d >= 0 else ())
        places_of.append(ends)
        for k in ends:
            at[k] |= 1 << q
    touching = tuple(at[ends[0]] | at[ends[1]] | (at[ends[2]] if len(ends) > 2 else 0) for ends in places_of)
    return _Masks(t.n_cells, tuple(at), tuple(places_of), touching)


_KEPT = "every short contradiction: witnesses"

_FEW_PLACES = 64
"""Up to this many cells and dominoes of new facts, a witness's share of them is found by testing each; above, from
the cells and dominoes of the pairs it changed (some forty on order 40)."""
