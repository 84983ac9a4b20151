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

What a pass costs beside its probes is kept in proportion to what changed (issue 45, item 2): a witness is its
changes alone (the pairs its supposition decided, from the probe's trail), found from the pairs near the new facts
(each pair lists the witnesses that changed it) rather than every witness tested each pass, and each supposition
is made and undone on one scratch node (:class:`_Probe`) rather than on a fresh copy of the position's arrays:
on order 50 the copies and the fixed points read off as bitsets cost more than the probes' propagation. Which
witnesses are kept, and so which pairs are probed, is as before; what is refuted cannot differ.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from dominosa.deductions.grades import Technique
from dominosa.deductions.node import Node, propagate_position
from dominosa.deductions.sentences import Sentence
from dominosa.deductions.state import JOINED, SPLIT, UNDECIDED, Deduction, SolvingState, bit_indices, pair_bits
from dominosa.deductions.tables import Tables

__all__ = ["Suppositions", "every_short_contradiction"]


class _Witness:
    """A supposition's consistent fixed point, as what it decided beyond the position it was made in (the
    position's own facts are in every later position): the pairs, in the order decided, and their states (a
    dict of both made when first needed); whether it still holds."""

    __slots__ = ("pairs", "states", "by_pair", "holds")

    def __init__(self, pairs: tuple[int, ...], states: tuple[int, ...]) -> None:
        self.pairs, self.states = pairs, states
        self.by_pair: dict[int, int] | None = None
        self.holds = True

    def changes(self) -> dict[int, int]:
        """Each changed pair's state."""
        if self.by_pair is None:
            self.by_pair = dict(zip(self.pairs, self.states, strict=True))
        return self.by_pair


class _Kept:
    """What the passes of one run keep (in the state's memo): the position of the last pass, as its joined and
    split bitsets; for each pair the witnesses that changed it (to find those near new facts) and those that join
    it (vouch for it); and the solution's pairs as flags."""

    __slots__ = ("joined", "split", "changers", "joiners", "solution", "known")

    def __init__(self, n_pairs: int) -> None:
        self.joined = self.split = 0
        self.changers: list[list[_Witness]] = [[] for _ in range(n_pairs)]
        self.joiners: list[list[_Witness]] = [[] for _ in range(n_pairs)]
        self.solution = 0
        self.known = [False] * n_pairs

    def known_solution(self, solution: int) -> list[bool]:
        """The solution's pairs as flags (pair ``q`` at index ``q``), made once for the run's solution."""
        if solution != self.solution:
            self.solution, self.known = solution, [False] * len(self.joiners)
            for q in bit_indices(solution):
                self.known[q] = True
        return self.known

    def now(self, joined: int, split: int) -> None:
        """Keep the position of this pass (its witnesses told already)."""
        self.joined, self.split = joined, split

    def add(self, w: _Witness) -> None:
        """Keep witness ``w``, made in this pass: it vouches for the pairs it joins."""
        changers, joiners = self.changers, self.joiners
        states = w.states
        for i, q in enumerate(w.pairs):
            changers[q].append(w)
            if states[i] == JOINED:
                joiners[q].append(w)

    def vouched(self, q: int) -> bool:
        """Whether a kept witness that still holds joins pair ``q`` (the dropped ones are forgotten on the way)."""
        ws = self.joiners[q]
        for w in ws:
            if w.holds:
                return True
        if ws:
            ws.clear()
        return False


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
    t = s.tables
    node = propagate_position(t, s.joined_pairs(), s.split_pairs())
    # (a position contradicting by the rules alone refutes every supposition)
    refuted = [q for q in range(len(s.pair_states)) if _open(s, q)] if node is None else _refuted(s, node, solution)
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


def _refuted(s: SolvingState, node: Node, solution: int) -> list[int]:
    """The open pairs whose joining contradicts the propagated position ``node`` by rules 1-6, ascending: each
    probed unless a kept witness or the solution vouches for it.

    A pair the position already joins (the state not yet told) is consistent, and one it splits refuted, as a
    probe would find them."""
    t = s.tables
    position = node.pstate
    kept = _passing(s, position)
    known = kept.known_solution(solution)
    probe: _Probe | None = None
    pair_states, covered, pair_a, pair_b = s.pair_states, s.covered, t.pair_a, t.pair_b
    refuted: list[int] = []
    for q in range(len(pair_states)):
        if pair_states[q] != UNDECIDED or known[q] or position[q] == JOINED:
            continue
        if covered[pair_a[q]] and covered[pair_b[q]]:
            continue  # (not a pair the step finder tries: see _open)
        if position[q] == SPLIT:
            refuted.append(q)
            continue
        if kept.vouched(q):
            continue
        if probe is None:
            probe = _Probe(node)
        w = probe.join(q)
        if w is None:
            refuted.append(q)
        else:
            kept.add(w)
    return refuted


def _open(s: SolvingState, q: int) -> bool:
    """Whether the step finder tries pair ``q``: undecided, with a cell not covered."""
    t, covered = s.tables, s.covered
    return s.pair_states[q] == UNDECIDED and not (covered[t.pair_a[q]] and covered[t.pair_b[q]])


class _Probe:
    """Suppositions on one scratch copy of a propagated position, each undone after it by the trail of the pairs it
    decided, not made on a fresh copy: on order 50 a copy of the node's arrays cost three times the propagation
    of a supposition, and reading the fixed point off the whole array as bitsets twice that.

    The copy records its trail as the search's nodes do (:class:`~dominosa.deductions.search.Engine`): the
    node's ``record`` on, with scratch arrays for the levels, reasons and weights it writes and this module never
    reads. Every pair the propagation decides is on the trail, and every count it changed is a cell's or a
    domino's of such a pair, so restoring those from the position undoes the supposition, contradiction or not.
    """

    __slots__ = ("node", "cells", "dominoes", "n_joined")

    def __init__(self, position: Node) -> None:
        t = position.t
        work = position.copy()
        work.record = True
        work.lev, work.why, work.trail = [0] * t.n_pairs, [0] * t.n_pairs, []
        work.weights = [0] * (t.n_cells + t.n_dominoes)
        self.node, self.cells, self.dominoes, self.n_joined = work, position.ccount, position.dcount, position.n_joined

    def join(self, q: int) -> _Witness | None:
        """Suppose open pair ``q`` joined: the consistent fixed point's witness, or None on a contradiction."""
        work = self.node
        consistent = work.join(q)
        t = work.t
        pair_a, pair_b, pd = t.pair_a, t.pair_b, t.pair_domino
        pstate, ccount, dcount, cells, dominoes = work.pstate, work.ccount, work.dcount, self.cells, self.dominoes
        trail = work.trail
        found = _Witness(tuple(trail), tuple([pstate[p] for p in trail])) if consistent else None
        for p in trail:
            pstate[p] = UNDECIDED
            a, b, d = pair_a[p], pair_b[p], pd[p]
            ccount[a], ccount[b], dcount[d] = cells[a], cells[b], dominoes[d]
        trail.clear()
        work.n_joined = self.n_joined
        return found


def _passing(s: SolvingState, position: list[int]) -> _Kept:
    """What the passes keep, its witnesses those that still hold in the propagated ``position`` (a position that
    does not hold the last pass's, another line of play sharing the memo, starts afresh): the new facts are the
    pairs decided since the last pass (see :func:`_tell`)."""
    now_joined, now_split = pair_bits(bytes(position))
    kept = s.memo.get(_KEPT)
    if not isinstance(kept, _Kept) or kept.joined & ~now_joined or kept.split & ~now_split:
        kept = s.memo[_KEPT] = _Kept(len(position))
    _tell(kept, s.tables, position, bit_indices((now_joined & ~kept.joined) | (now_split & ~kept.split)))
    kept.now(now_joined, now_split)
    return kept


def _tell(kept: _Kept, t: Tables, position: list[int], new: Iterable[int]) -> None:
    """Drop the kept witnesses that the ``new`` facts of ``position`` (pairs) leave without a fixed point.

    Only a witness whose changes share a cell or a domino with the new facts is looked at, found from the pairs at
    those: it is dropped if the union of its fixed point and the position is not one (see the module) at one of
    those cells and dominoes, as :func:`_closed` reads it (a new fact deciding one of its pairs otherwise is at
    such a cell)."""
    places_of, changers = _places(t), kept.changers
    near: dict[_Witness, list[int]] = {}  # each witness near the new facts: the cells and dominoes it shares
    seen: set[int] = set()
    for r in new:
        for k in places_of[r]:
            if k in seen:
                continue
            seen.add(k)
            for q in t.cell_pairs[k] if k < t.n_cells else t.placements[k - t.n_cells]:
                ws = changers[q]
                if ws:
                    living = [w for w in ws if w.holds]
                    changers[q] = living
                    for w in living:
                        near.setdefault(w, []).append(k)
    for w, shared in near.items():
        changes = w.changes()
        if not all(_closed(t, k, position, changes) for k in shared):
            w.holds = False


class Suppositions:
    """Short contradictions probed one pair after another on one position that takes in each refutation, so that
    later suppositions start from more (the closure mode's bulk finder, :mod:`~dominosa.deductions.levels`),
    vouched for by the witnesses the passes keep (see the module) instead of by fixed points holding the whole
    position (:class:`~dominosa.deductions.probe.PairProbe`, whose interface this is: after each split those
    were mostly left behind, and every later pair probed again). Each answer is a probe's: the refuted pairs, the
    position and what follows are the same.

    >>> from dominosa import read_puzzle
    >>> s = SolvingState(read_puzzle("3:22223101012330103310"))
    >>> suppose = Suppositions(s)
    >>> [q for q in range(len(s.pair_states)) if suppose.refutes(q)][:4]
    [0, 3, 4, 5]
    """

    __slots__ = ("node", "kept", "probe")

    def __init__(self, s: SolvingState) -> None:
        node = propagate_position(s.tables, s.joined_pairs(), s.split_pairs())
        self.node = node
        self.kept = _passing(s, node.pstate) if node is not None else None
        self.probe = _Probe(node) if node is not None else None

    def refutes(self, q: int) -> bool:
        """Whether joining pair ``q`` leads by rules 1-6 alone to a contradiction (every pair does when the
        position itself contradicts)."""
        node, kept, probe = self.node, self.kept, self.probe
        if node is None or kept is None or probe is None:
            return True
        if node.pstate[q]:  # decided in the position: refuted if split
            return node.pstate[q] == SPLIT
        if kept.vouched(q):
            return False
        w = probe.join(q)
        if w is None:
            return True
        kept.add(w)
        return False

    def decide(self, q: int, join: bool) -> bool:
        """Join (or split) open pair ``q`` in the position and draw every consequence; False on a contradiction
        (the position is then spoilt). The probe's scratch node takes the same step, and its trail (the new
        facts) tells the witnesses."""
        node, kept, probe = self.node, self.kept, self.probe
        if node is None or kept is None or probe is None or not (node.join(q) if join else node.split(q)):
            return False
        work = probe.node
        work.join(q) if join else work.split(q)  # (the same arrays, the same propagation: consistent too)
        _tell(kept, node.t, node.pstate, work.trail)
        work.trail.clear()
        probe.n_joined = node.n_joined
        return True


def _closed(t: Tables, k: int, position: list[int], changes: dict[int, int]) -> bool:
    """Whether the union of ``position`` (pair states) and a witness's ``changes`` agree at cell or domino ``k`` (a
    domino ``d`` as ``n_cells + d``), and rules 1-6 find there nothing to add nor a contradiction: one pair joined
    and the others split, or two open or more (and if those all show one domino, or all share one cell, that
    domino's other places, or that cell's other pairs, are split: rules 4 and 6)."""
    n_cells, pd, pair_a, pair_b = t.n_cells, t.pair_domino, t.pair_a, t.pair_b
    placed = 0
    left: list[int] = []
    for q in t.cell_pairs[k] if k < n_cells else t.placements[k - n_cells]:
        state = position[q]
        changed = changes.get(q, UNDECIDED)
        if state == UNDECIDED:
            state = changed
        elif changed != UNDECIDED and changed != state:
            return False  # decided otherwise since
        if state == JOINED:
            placed += 1
        elif state == UNDECIDED:
            left.append(q)
    if placed:
        return placed == 1 and not left
    if len(left) < 2:
        return False  # one place left (the rules would take it) or none
    if k < n_cells:  # rule 4: the open pairs of a cell all show one domino
        d = pd[left[0]]
        if any(pd[q] != d for q in left):
            return True
        return all(_split(r, position, changes) or pair_a[r] == k or pair_b[r] == k for r in t.placements[d])
    first = left[0]  # rule 6: the open places share a cell (two places never share both)
    for x in (pair_a[first], pair_b[first]):
        if all(pair_a[q] == x or pair_b[q] == x for q in left):
            return all(_split(r, position, changes) or pd[r] == k - n_cells for r in t.cell_pairs[x])
    return True


def _split(q: int, position: list[int], changes: dict[int, int]) -> bool:
    """Whether pair ``q`` is split in the union of ``position`` and a witness's ``changes``."""
    return position[q] == SPLIT or changes.get(q, UNDECIDED) == SPLIT


@lru_cache(maxsize=8)
def _places(t: Tables) -> tuple[tuple[int, ...], ...]:
    """Each pair's two cells and its domino (``n_cells + d``), the cells and dominoes rules 1-6 read it at (kept
    per puzzle, as its tables are)."""
    return tuple((t.pair_a[q], t.pair_b[q]) + ((t.n_cells + t.pair_domino[q],) if t.pair_domino[q] >= 0 else ())
                 for q in range(len(t.pair_a)))


_KEPT = "every short contradiction: witnesses"
