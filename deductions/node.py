"""The counter's node: a position on flat arrays and the one body of rules 1-6 that propagates it.

A :class:`Node` holds a position as three arrays (described on the class), and :meth:`Node.propagate` draws every
consequence of rules 1-6 as soon as a pair changes, with work lists instead of rescans, to the same fixed point as
the readable rules of :mod:`dominosa.deductions.rules` (``tests/test_deductions_soundness.py`` and
``tests/test_deductions_counting.py`` check it on random puzzles). The search of
:mod:`dominosa.deductions.search` is a node that records why each pair was decided, for its clause learning; a
plain node (:func:`propagate_position`) records nothing and is cheap to make and to copy: the counter's start, its
root probes (:mod:`dominosa.deductions.probe`) and the short contradictions of grading work on plain nodes.

This module is among those the optional compiled build turns into C with mypyc (:mod:`dominosa.native`): the
annotated locals of the hot functions are for it, and the hot loops avoid closures (mypyc keeps a closure's
variables in an environment object).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from dominosa.deductions.state import JOINED, SPLIT, UNDECIDED
from dominosa.deductions.tables import Tables

__all__ = ["DECISION", "DONE", "K_CELL", "K_CLAUSE", "K_DOM", "K_RULE4", "K_RULE6", "Node", "propagate_position"]

# Pair states are those of deductions/state.py without the "newly" ones (every consequence is drawn at once).
# The search writes SPLIT as the literal 2 in its innermost loop, and encodes "pair v joined" as the literal
# 2v and "v split" as 2v + 1, so that the literal a state makes false is 2v + 2 - state: both need these values.
assert (UNDECIDED, JOINED, SPLIT) == (0, 1, 2)

# A reason is an int: a pair p >= 0 when the assignment is a split caused by joining p (the common case; such a
# split shares p's level, which is therefore not stored for it), or ~(arg << 3 | kind) for the other kinds
# below. Node.reason lists the pairs each kind depends on.
# (Final, as every constant of the hot loops here: the compiled build writes them into the code rather than
# looking them up in the module's dict at each use.)
K_DECISION: Final = 0
K_CELL: Final = 1
K_DOM: Final = 2
K_RULE4: Final = 3
K_RULE6: Final = 4
K_CLAUSE: Final = 5
DECISION: Final = ~K_DECISION
# Counts and pair states are lists of ints (a compiled build reads and writes a list's items directly, a
# bytearray's through generic calls that box the index, an allocation for every pair past 256: the figures are
# in bench/README.md). A covered cell or placed domino has its count set to DONE
# and never counted down again (a join's splits skip what it covers), so that the "one left" and "none left" tests
# never fire for it and the least count is an open one's: every count below DONE is an open cell's or domino's.
DONE: Final = 1 << 30


# What a plain node never records nor reads: empty lists shared by them all, never written (see Node.record).
UNRECORDED: list[int] = []
NO_CLAUSES: list[tuple[int, ...]] = []


class Node:
    """A position on flat arrays, and the propagation of rules 1-6 that draws its consequences.

    - ``pstate[q]``: pair ``q``'s state, ``UNDECIDED``, ``JOINED`` or ``SPLIT``;
    - ``ccount[x]``: how many undecided pairs cell ``x`` still has, or ``DONE`` once the cell is covered;
    - ``dcount[d]``: how many undecided places domino ``d`` still has, or ``DONE`` once it is placed;
    - ``n_joined``: how many pairs are joined.

    :meth:`propagate` is the one body of the rules on these arrays. Joining a pair splits every other pair touching
    its cells and every other place of its domino (rule 2); a cell left with one undecided pair has it joined
    (rule 1); a domino left with one place has it joined (rules 3 and 5); a cell whose undecided pairs all show
    one domino rules out that domino's other places (rule 4); a domino whose places all share a cell rules out
    that cell's other pairs (rule 6). The search (:class:`Engine`, a ``Node`` with
    ``record`` set) has it write down why each pair was decided, for its clause learning; a plain node, as
    :func:`propagate_position` makes it for the counter's start, its root probes and the short contradictions of
    grading, leaves the reasons unwritten, and is cheap to make and to copy (:meth:`join`, :meth:`split`).
    """

    __slots__ = (
        "t",
        "pstate",
        "ccount",
        "dcount",
        "n_joined",
        "dupc",
        "dupd",
        "record",
        "level",
        "lev",
        "why",
        "trail",
        "weights",
        "clause_pairs",
        "clauses_early",
    )

    def __init__(
        self,
        t: Tables,
        pstate: list[int],
        ccount: list[int],
        dcount: list[int],
        n_joined: int,
        dupc: bytes,
        dupd: bytes,
    ) -> None:
        self.t = t
        self.pstate = pstate
        self.ccount = ccount
        self.dcount = dcount
        self.n_joined = n_joined
        # Rule 4 can only fire at a cell two of whose pairs show one domino, and rule 6 only for a domino two of
        # whose places share a cell; elsewhere they say nothing that rules 1 and 3 do not (see _duplicates).
        self.dupc = dupc
        self.dupd = dupd
        # What the search records, and a plain node never touches: the decision level, the reason of each
        # assignment, the trail of assignments, the branching weights and the pairs of the learned clauses.
        self.record = False
        self.level = 0
        self.lev = self.why = self.trail = self.weights = UNRECORDED
        self.clause_pairs = NO_CLAUSES
        # The search's learned clauses propagate as soon as the joins queued are done, before rules 1 and 3-6 (a
        # big board's search: its unit clauses then cut the rules' work short), or only at their fixed point.
        self.clauses_early = False

    def copy(self) -> Node:
        """A plain node at the same position (a supposition's scratch copy)."""
        return Node(self.t, self.pstate[:], self.ccount[:], self.dcount[:], self.n_joined, self.dupc, self.dupd)

    def join(self, q: int) -> bool:
        """Join open pair ``q`` and draw every consequence; False on a contradiction (the node is then spoilt)."""
        return self.propagate(((q, DECISION),), []) is None

    def split(self, q: int) -> bool:
        """Split open pair ``q`` and draw every consequence; False on a contradiction (the node is then spoilt)."""
        return self.propagate((), [(q, DECISION)]) is None

    def watch_clauses(self, pending: list[tuple[int, int]], splits: list[tuple[int, int]]) -> Sequence[int] | None:
        """A plain node has no learned clauses (the search's own: :meth:`Engine.watch_clauses`)."""
        return None

    def reason(self, v: int, code: int) -> Sequence[int]:
        """The pairs whose states forced pair ``v``'s (all assigned before it; ``v`` itself may be listed)."""
        if code >= 0:
            return (code,)
        t = self.t
        kind, arg = ~code & 7, ~code >> 3
        if kind == K_CELL:
            return t.cell_pairs[arg]
        if kind == K_DOM:
            return t.placements[arg]
        if kind == K_CLAUSE:
            return self.clause_pairs[arg]
        if kind == K_RULE4:
            # v shows domino d, and every pair of cell `arg` that shows another domino is split.
            pd = t.pair_domino
            d = pd[v]
            return [r for r in t.cell_pairs[arg] if pd[r] != d]
        if kind == K_RULE6:
            # v meets cell x, and every place of domino d away from x is split.
            d, x = arg >> 1, (t.pair_b[v] if arg & 1 else t.pair_a[v])
            pa, pb = t.pair_a, t.pair_b
            return [r for r in t.placements[d] if pa[r] != x and pb[r] != x]
        raise AssertionError("a decision has no reason")

    def split_for(
        self, q: int, code: int, cells: list[int], doms: list[int], check_cells: list[int], check_doms: list[int]
    ) -> Sequence[int] | None:
        """Split open pair ``q`` for reason ``code`` on the rarer paths of :meth:`propagate` (rules 4 and 6,
        splits asked for, clauses: a join splits its neighbours inline there) and queue what may now be forced;
        the pairs of a cell or domino left with no way out, or None."""
        t = self.t
        ccount, dcount, weights = self.ccount, self.dcount, self.weights
        record = self.record
        self.pstate[q] = SPLIT
        if record:
            self.lev[q] = self.level
            self.why[q] = code
            self.trail.append(q)
        for x in (t.pair_a[q], t.pair_b[q]):
            c = ccount[x] - 1
            ccount[x] = c
            if c <= 1:
                if c == 0:
                    if record:
                        weights[x] += 1
                    return t.cell_pairs[x]
                cells.append(x)
            elif self.dupc[x]:
                check_cells.append(x)
        e = t.pair_domino[q]
        c = dcount[e] - 1
        dcount[e] = c
        if c <= 1:
            if c == 0:
                if record:
                    weights[t.n_cells + e] += 1
                return t.placements[e]
            doms.append(e)
        elif self.dupd[e]:
            check_doms.append(e)
        return None

    def propagate(self, joins: Iterable[tuple[int, int]], splits: list[tuple[int, int]],
                  starts: tuple[list[int], list[int], list[int], list[int]] | None = None) -> Sequence[int] | None:
        """Assign the pending (pair, reason) joins and splits and all they force by rules 1-6 and the clauses; None
        at the fixed point, or the pairs of a constraint with no way out (one with ``record`` off). ``starts``: the
        cells and dominoes for rules 1, 3 and 5, then 4 and 6, on a first propagation. FIFO work lists (a near
        contradiction is met first); rules 4-6 and the clauses wait for 1-3 (``clauses_early``: only for the joins)."""
        t = self.t
        pstate, ccount, dcount, n_joined = self.pstate, self.ccount, self.dcount, self.n_joined
        lev, why, trail, level, record, weights = self.lev, self.why, self.trail, self.level, self.record, self.weights
        pair_a, pair_b, pd, n_cells = t.pair_a, t.pair_b, t.pair_domino, t.n_cells
        cell_pairs, placements, dupc, dupd = t.cell_pairs, t.placements, self.dupc, self.dupd
        pending: list[tuple[int, int]] = list(joins)
        cells, doms, check_cells, check_doms = ([], [], [], []) if starts is None else starts
        ph = ch = dh = 0
        while True:
            confl = self.splits_asked(splits, cells, doms, check_cells, check_doms) if splits else None
            if confl is not None:
                return confl
            while ph < len(pending):
                p, code = pending[ph]
                ph += 1
                s = pstate[p]
                if s:
                    if s == SPLIT:
                        return [*self.reason(p, code), p] if record else (p,)
                    continue
                a, b, d = pair_a[p], pair_b[p], pd[p]  # open: every neighbour is open or split
                pstate[p] = JOINED
                if record:
                    lev[p], why[p] = level, code
                    trail.append(p)
                n_joined += 1
                ccount[a] = ccount[b] = dcount[d] = DONE
                for g in range(3):  # (not a loop over a tuple of the three: that tuple is made at every join)
                    group = cell_pairs[a] if g == 0 else cell_pairs[b] if g == 1 else placements[d]
                    for q in group:
                        if pstate[q]:
                            continue
                        pstate[q] = 2
                        if record:
                            why[q] = p
                            trail.append(q)
                        for k in range(2):
                            x = pair_b[q] if k else pair_a[q]
                            if x != a and x != b:
                                c = ccount[x] - 1
                                ccount[x] = c
                                if c <= 1:
                                    if c == 0:
                                        if record:
                                            weights[x] += 1
                                        return cell_pairs[x]
                                    cells.append(x)
                                elif dupc[x]:
                                    check_cells.append(x)
                        e = pd[q]
                        if e != d:
                            c = dcount[e] - 1
                            dcount[e] = c
                            if c <= 1:
                                if c == 0:
                                    if record:
                                        weights[n_cells + e] += 1
                                    return placements[e]
                                doms.append(e)
                            elif dupd[e]:
                                check_doms.append(e)
            if not splits and self.clauses_early and (confl := self.watch_clauses(pending, splits)) is not None:
                return confl
            if ph < len(pending) or splits:  # (only clauses_early's watch leaves joins queued here)
                continue
            if ch < len(cells):
                x = cells[ch]
                ch += 1
                if ccount[x] == 1:
                    for q in cell_pairs[x]:
                        if not pstate[q]:
                            pending.append((q, ~(x << 3 | K_CELL)))
                            break
                continue
            if dh < len(doms):
                d = doms[dh]
                dh += 1
                if dcount[d] == 1:
                    for q in placements[d]:
                        if not pstate[q]:
                            pending.append((q, ~(d << 3 | K_DOM)))
                            break
                continue
            if check_cells:
                confl = self.same_neighbours(check_cells.pop(), cells, doms, check_cells, check_doms)
            elif check_doms:
                confl = self.shared_cell(check_doms.pop(), cells, doms, check_cells, check_doms)
            else:
                confl = self.watch_clauses(pending, splits)
                if confl is None and ph == len(pending) and not splits:
                    self.n_joined = n_joined
                    return None
            if confl is not None:
                return confl

    def splits_asked(
        self, splits: list[tuple[int, int]], cells: list[int], doms: list[int], check_cells: list[int],
        check_doms: list[int]
    ) -> Sequence[int] | None:
        """The splits :meth:`propagate` is asked for (rules 4 and 6 and the clauses ask through
        :meth:`split_for`), until none is left: the pairs of a constraint left with no way out, or None."""
        pstate = self.pstate
        while splits:
            q, code = splits.pop()
            s = pstate[q]
            if s:
                if s == JOINED:
                    return [*self.reason(q, code), q] if self.record else (q,)
                continue
            confl = self.split_for(q, code, cells, doms, check_cells, check_doms)
            if confl is not None:
                return confl
        return None

    def same_neighbours(
        self, x: int, cells: list[int], doms: list[int], check_cells: list[int], check_doms: list[int]
    ) -> Sequence[int] | None:
        """Rule 4 at cell ``x``: if every pair left at it shows one domino, that domino covers the cell, and its
        places away from the cell are split (see :meth:`split` for the lists); the pairs of a cell or domino left
        with no way out, or None."""
        if not 2 <= self.ccount[x] <= 4:
            return None
        t = self.t
        pstate: list[int] = self.pstate
        pd: tuple[int, ...] = t.pair_domino
        d = -1
        for q in t.cell_pairs[x]:
            if not pstate[q]:
                if d < 0:
                    d = pd[q]
                elif pd[q] != d:
                    return None
        if d < 0:
            return None
        code = ~(x << 3 | K_RULE4)
        for q in t.placements[d]:
            if not pstate[q] and t.pair_a[q] != x and t.pair_b[q] != x:
                confl = self.split_for(q, code, cells, doms, check_cells, check_doms)
                if confl is not None:
                    return confl
        return None

    def shared_cell(
        self, d: int, cells: list[int], doms: list[int], check_cells: list[int], check_doms: list[int]
    ) -> Sequence[int] | None:
        """Rule 6 for domino ``d``: if every place left for it uses one cell, the cell's pairs showing other
        dominoes are split (see :meth:`split` for the lists); the pairs of a cell or domino left with no way
        out, or None."""
        if not 2 <= self.dcount[d] < DONE:
            return None
        t = self.t
        pstate: list[int] = self.pstate
        pd: tuple[int, ...] = t.pair_domino
        pair_a: tuple[int, ...] = t.pair_a
        pair_b: tuple[int, ...] = t.pair_b
        shared = None
        for q in t.placements[d]:
            if not pstate[q]:
                here = {pair_a[q], pair_b[q]}
                shared = here if shared is None else shared & here
                if not shared:
                    return None
        if not shared:
            return None
        (x,) = shared
        for q in t.cell_pairs[x]:
            if not pstate[q] and pd[q] != d:
                code = ~((d << 1 | (pair_b[q] == x)) << 3 | K_RULE6)
                confl = self.split_for(q, code, cells, doms, check_cells, check_doms)
                if confl is not None:
                    return confl
        return None


@lru_cache(maxsize=64)
def _duplicates(t: Tables) -> tuple[bytes, bytes]:
    """Where rules 4 and 6 can fire (a node's ``dupc`` and ``dupd``): the cells two of whose pairs show one
    domino, and those dominoes, which are the dominoes two of whose places share a cell. (Kept per puzzle, as
    its tables are: grading propagates a position of the same puzzle at every step.)"""
    pd: tuple[int, ...] = t.pair_domino
    cell_pairs: tuple[tuple[int, ...], ...] = t.cell_pairs
    dupc = bytearray(t.n_cells)
    dupd = bytearray(t.n_dominoes)
    for x in range(t.n_cells):
        ps = cell_pairs[x]
        for i in range(1, len(ps)):
            d = pd[ps[i]]
            if d >= 0:
                for j in range(i):
                    if pd[ps[j]] == d:
                        dupc[x] = dupd[d] = 1
    return bytes(dupc), bytes(dupd)


def propagate_position(t: Tables, joined: Iterable[int] = (), split: Iterable[int] = ()) -> Node | None:
    """The counter's starting node: pairs showing no domino of the set split, clues joined, everything
    propagated; None on a contradiction.

    ``joined`` and ``split`` start from a partly solved position instead (the short contradictions of grading
    start from theirs). The node is a plain one: the search is built on it only when it is not solved, and most
    generated puzzles are solved here (why that matters: ``bench/README.md``, bench_uniqueness).
    """
    pstate = [0] * t.n_pairs
    ccount = list(map(len, t.cell_pairs))
    dcount = list(map(len, t.placements))
    if -1 in t.pair_domino:  # only where the set is not the whole double-n set
        for q, d in enumerate(t.pair_domino):
            if d < 0:
                pstate[q] = SPLIT
                ccount[t.pair_a[q]] -= 1
                ccount[t.pair_b[q]] -= 1
    for q in split:
        if not pstate[q]:
            pstate[q] = SPLIT
            ccount[t.pair_a[q]] -= 1
            ccount[t.pair_b[q]] -= 1
            dcount[t.pair_domino[q]] -= 1
    if min(ccount, default=1) == 0 or min(dcount, default=1) == 0:
        return None
    dupc, dupd = _duplicates(t)
    node = Node(t, pstate, ccount, dcount, 0, dupc, dupd)
    # Every cell and domino is looked at once at the start: rules 1, 4, 5 and 6 may apply before any move.
    conflict = node.propagate(
        [(q, DECISION) for q in t.clue_pairs] + [(q, DECISION) for q in joined],
        [],
        (
            [x for x in range(t.n_cells) if ccount[x] == 1],
            [d for d in range(t.n_dominoes) if dcount[d] == 1],
            [x for x in range(t.n_cells) if ccount[x] >= 2 and dupc[x]],
            [d for d in range(t.n_dominoes) if dcount[d] >= 2 and dupd[d]],
        ),
    )
    return node if conflict is None else None
