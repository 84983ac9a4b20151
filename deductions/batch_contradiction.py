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
nothing. The check is a bitset test a witness (the pairs the new facts touch, by :func:`_touching`, against those
the witness changed). And the puzzle's solution, when the caller knows it, is such a fixed point for every
position of the run: its pairs are never tried. Refuted pairs are split by the step, so nothing is kept of them;
the pairs refuted are exactly those a pass trying every pair finds, so the path is unchanged, with half the probes
or fewer (docs/architecture.md, "A big board's rating").
"""

from __future__ import annotations

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
    t, pair_states, covered = s.tables, s.pair_states, s.covered
    node = propagate_position(t, s.joined_pairs(), s.split_pairs())
    candidates = [q for q in range(len(pair_states))  # the step finder's: undecided, with a cell not covered
                  if pair_states[q] == UNDECIDED and (not covered[t.pair_a[q]] or not covered[t.pair_b[q]])]
    if node is None:  # the position contradicts by the rules alone: so does every supposition
        refuted = candidates
    else:
        refuted = []
        now_joined, now_split = pair_bits(bytes(node.pstate))
        now_decided = now_joined | now_split
        vouched, witnesses = _holding(s, now_joined, now_split)
        vouched |= solution
        for q in candidates:
            if vouched >> q & 1:
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


def _holding(s: SolvingState, now_joined: int, now_split: int) -> tuple[int, list[_Witness]]:
    """The pairs the kept witnesses still vouch for in the propagated position (``now_joined``, ``now_split``), and
    the list of those witnesses (kept for the next pass, which appends to it). A position that does not hold the
    last pass's (another line of play sharing the memo) starts afresh."""
    kept = s.memo.get(_KEPT)
    if not isinstance(kept, _Kept) or kept.joined & ~now_joined or kept.split & ~now_split:
        kept = s.memo[_KEPT] = _Kept()
    new_joined, new_split = now_joined & ~kept.joined, now_split & ~kept.split
    open_pairs = ~(now_joined | now_split)
    touching = _touching(s.tables)
    reach_of: dict[int, int] = {}  # the pairs a set of changes touches, by the set (most witnesses share none)
    vouched = 0
    holding = []
    for w in kept.witnesses:
        if not w.joined & open_pairs:
            continue  # it vouches for no open pair
        unshared = (new_joined & ~w.joined) | (new_split & ~w.split)
        if unshared:
            reach = reach_of.get(unshared)
            if reach is None:
                reach = 0
                for r in bit_indices(unshared):
                    reach |= touching[r]
                reach_of[unshared] = reach
            if reach & w.changed:
                continue  # a change it does not share touches what it changed
        holding.append(w)
        vouched |= w.joined
    kept.now(now_joined, now_split, holding)
    return vouched, holding


@lru_cache(maxsize=8)
def _touching(t: Tables) -> tuple[int, ...]:
    """For each pair, the pairs that share a cell or a domino with it (itself included), as a bitset."""
    at_cell = [0] * t.n_cells
    for x in range(t.n_cells):
        for q in t.cell_pairs[x]:
            at_cell[x] |= 1 << q
    of_domino = [0] * t.n_dominoes
    for d in range(t.n_dominoes):
        for q in t.placements[d]:
            of_domino[d] |= 1 << q
    return tuple(at_cell[t.pair_a[q]] | at_cell[t.pair_b[q]] | (of_domino[t.pair_domino[q]] if t.pair_domino[q] >= 0
                                                                 else 0) for q in range(len(t.pair_a)))


_KEPT = "every short contradiction: witnesses"
