"""Fast solution counting: a conflict-driven search over the propagation of rules 1-6 on flat integer arrays.

This is the generator's hot path (proving a puzzle proper means counting its solutions up to 2), so it does not
go through the rule functions of :mod:`dominosa.deductions.rules` one deduction at a time. A position is a
:class:`Node` (the arrays ``pstate``, ``ccount``, ``dcount`` are described there), and :meth:`Node.propagate` is
the engine's one body of rules 1-6 on such arrays: every consequence is drawn as soon as a pair changes, with
work lists instead of rescans, to the same fixed point as the readable rules (``tests/test_deductions_soundness.py``
and ``tests/test_deductions_counting.py`` check it on random puzzles).

The search records, for its clause learning, why each pair was decided; nothing else needs to know. So a node
records only when asked (``Node.record``, set by the search): :func:`propagate_position` makes a plain node,
propagated from the puzzle or from any position, and the counter's start, its root probes (:func:`probe`) and the
short contradictions of grading (:mod:`~dominosa.deductions.advanced`, :mod:`~dominosa.deductions.levels`) work
on plain nodes and their copies. The positions of most generated puzzles are settled there, without any search,
and never pay for building it (the figures: ``bench/README.md``, bench_uniqueness).

This module is among those the optional compiled build turns into C with mypyc (:mod:`dominosa.native`): the
annotated locals of the hot functions are for it, and the hot loops avoid closures (mypyc keeps a closure's
variables in an environment object). The Python source stays the reference, run and tested as such;
``tests/test_native.py`` checks that both walk the same search, node for node. What the compiled build gains is
measured by ``bench/bench_counting_tail.py`` (figures in ``bench/README.md``).

The search (:class:`_Engine`) branches by
joining a pair of the most constrained cell or domino, and learns from every contradiction: it traces the
contradiction back through the reasons of the assignments that led to it and keeps a clause (a nogood) that
prunes every later node where the same cause would recur, then jumps back to where that clause first bites.
That is the conflict-driven clause learning of SAT solvers, with the rules as its propagation; it needs an
order of magnitude fewer nodes than plain depth-first search on large boards. Going back a level copies the three
arrays saved when the level was opened; there is no undo log to get wrong, and no recursion.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from dominosa.deductions.search_watch import searched
from dominosa.deductions.signals import let_signals_in
from dominosa.deductions.state import JOINED, SPLIT, UNDECIDED, pair_bits
from dominosa.deductions.tables import Tables, tables_for
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "DONE",
    "CountResult",
    "Node",
    "PairProbe",
    "SearchStats",
    "count_from_position",
    "count_solutions",
    "count_solution_pairs",
    "is_unique",
    "probe",
    "propagate_position",
    "solutions",
    "solve",
]

# Pair states are those of deductions/state.py without the "newly" ones (every consequence is drawn at once).
# The search writes SPLIT as the literal 2 in its innermost loop, and encodes "pair v joined" as the literal
# 2v and "v split" as 2v + 1, so that the literal a state makes false is 2v + 2 - state: both need these values.
assert (UNDECIDED, JOINED, SPLIT) == (0, 1, 2)


@dataclass
class SearchStats:
    """What a count cost: search nodes visited and branches taken (guesses, in the design's words)."""

    nodes: int = 0
    branches: int = 0
    max_depth: int = 0
    probes: int = 0


@dataclass
class CountResult:
    """The outcome of counting.

    ``count`` solutions were found; ``complete`` says whether that is all of them (False when the limit or the
    time ran out first); ``solutions`` holds them as :class:`Solution` values when they were asked for.
    """

    count: int
    complete: bool
    solutions: list[Solution] = field(default_factory=list)
    timed_out: bool = False
    stats: SearchStats = field(default_factory=SearchStats)
    out_of_nodes: bool = False

    @property
    def unique(self) -> bool:
        return self.count == 1 and self.complete


class _OutOfNodes(Exception):
    """The search used up its node budget."""


# -- the search: conflict-driven clause learning over the propagation of rules 1-6 ---------------------------------
#
# A literal is a pair and a sign: 2 * q means "q is joined", 2 * q + 1 "q is split". Every assignment the search
# makes goes on a trail with its reason, and every join with its decision level, so that a contradiction can be
# traced back to the decisions that caused it (to the first unique implication point) and summed up in a learned
# clause: a nogood that no later part of the search can run into again. The search then jumps back to the
# highest level where the clause forces its first literal. Learned clauses, and one blocking clause per solution
# found, propagate by two watched literals after the rules.
#
# A reason is an int: a pair p >= 0 when the assignment is a split caused by joining p (the common case; such a
# split shares p's level, which is therefore not stored for it), or ~(arg << 3 | kind) for the other kinds
# below. _Engine.reason lists the pairs each kind depends on.
_K_DECISION, _K_CELL, _K_DOM, _K_RULE4, _K_RULE6, _K_CLAUSE = 0, 1, 2, 3, 4, 5
_DECISION = ~_K_DECISION
# Counts are lists of ints (a compiled build reads and writes a list's items directly, a bytearray's through
# generic calls: the figures are in bench/README.md). A covered cell or placed domino has its count set to DONE
# and never counted down again (a join's splits skip what it covers), so that the "one left" and "none left" tests
# never fire for it and the least count is an open one's: every count below DONE is an open cell's or domino's.
DONE = 1 << 30


# What a plain node never records nor reads: empty lists shared by them all, never written (see Node.record).
_UNRECORDED: list[int] = []
_NO_CLAUSES: list[tuple[int, ...]] = []


# How many of the heaviest cells and dominoes the branching heuristic keeps in view (see _Engine.choose).
_TOP = 48
# Restarts: after _RESTART_BASE * luby(i) conflicts (1, 1, 2, 1, 1, 2, 4, ...), the search goes back to level 0,
# keeping its clauses and weights and, for the cell or domino it branches on, the pair it last had joined there.
# A typical proof needs fewer conflicts than the first restart; they are for the few that go astray. At each
# restart, once _REDUCE_EVERY more clauses have been learned, the worse half of those whose literals span more
# than _GLUE_KEEP levels is forgotten (blocking clauses never are), so that long searches do not slow down.
_RESTART_BASE = 512
_REDUCE_EVERY = 1000
_GLUE_KEEP = 3
# Root probing (probe) on boards up to this many cells. On small boards it often leaves nothing to
# search; on large ones a probe costs about as much as a search node and learning gets the same facts more cheaply.
_PROBE_MAX_CELLS = 512


class Node:
    """A position on flat arrays, and the propagation of rules 1-6 that draws its consequences.

    - ``pstate[q]``: pair ``q``'s state, ``UNDECIDED``, ``JOINED`` or ``SPLIT``;
    - ``ccount[x]``: how many undecided pairs cell ``x`` still has, or ``DONE`` once the cell is covered;
    - ``dcount[d]``: how many undecided places domino ``d`` still has, or ``DONE`` once it is placed;
    - ``placed``: how many pairs are joined.

    :meth:`propagate` is the one body of the rules on these arrays. Joining a pair splits every other pair touching
    its cells and every other place of its domino (rule 2); a cell left with one undecided pair has it joined
    (rule 1); a domino left with one place has it joined (rules 3 and 5); a cell whose undecided pairs all show
    one domino rules out that domino's other places (rule 4); a domino whose places all share a cell rules out
    that cell's other pairs (rule 6). The search (:class:`_Engine`, a ``Node`` with
    ``record`` set) has it write down why each pair was decided, for its clause learning; a plain node, as
    :func:`propagate_position` makes it for the counter's start, its root probes and the short contradictions of
    grading, leaves the reasons unwritten, and is cheap to make and to copy (:meth:`join`, :meth:`split`).
    """

    __slots__ = (
        "t",
        "pstate",
        "ccount",
        "dcount",
        "placed",
        "dupc",
        "dupd",
        "record",
        "level",
        "lev",
        "why",
        "trail",
        "weights",
        "clause_pairs",
    )

    def __init__(
        self, t: Tables, pstate: bytearray, ccount: list[int], dcount: list[int], placed: int, dupc: bytes, dupd: bytes
    ) -> None:
        self.t = t
        self.pstate = pstate
        self.ccount = ccount
        self.dcount = dcount
        self.placed = placed
        # Rule 4 can only fire at a cell two of whose pairs show one domino, and rule 6 only for a domino two of
        # whose places share a cell; elsewhere they say nothing that rules 1 and 3 do not (see _duplicates).
        self.dupc = dupc
        self.dupd = dupd
        # What the search records, and a plain node never touches: the decision level, the reason of each
        # assignment, the trail of assignments, the branching weights and the pairs of the learned clauses.
        self.record = False
        self.level = 0
        self.lev = self.why = self.trail = self.weights = _UNRECORDED
        self.clause_pairs = _NO_CLAUSES

    def copy(self) -> Node:
        """A plain node at the same position (a supposition's scratch copy)."""
        return Node(self.t, self.pstate[:], self.ccount[:], self.dcount[:], self.placed, self.dupc, self.dupd)

    def join(self, q: int) -> bool:
        """Join open pair ``q`` and draw every consequence; False on a contradiction (the node is then spoilt)."""
        return self.propagate(((q, _DECISION),), []) is None

    def split(self, q: int) -> bool:
        """Split open pair ``q`` and draw every consequence; False on a contradiction (the node is then spoilt)."""
        return self.propagate((), [(q, _DECISION)]) is None

    def watch_clauses(self, pending: list[tuple[int, int]], splits: list[tuple[int, int]]) -> Sequence[int] | None:
        """A plain node has no learned clauses (the search's own: :meth:`_Engine.watch_clauses`)."""
        return None

    def reason(self, v: int, code: int) -> Sequence[int]:
        """The pairs whose states forced pair ``v``'s (all assigned before it; ``v`` itself may be listed)."""
        if code >= 0:
            return (code,)
        t = self.t
        kind, arg = ~code & 7, ~code >> 3
        if kind == _K_CELL:
            return t.cell_pairs[arg]
        if kind == _K_DOM:
            return t.placements[arg]
        if kind == _K_CLAUSE:
            return self.clause_pairs[arg]
        if kind == _K_RULE4:
            # v shows domino d, and every pair of cell `arg` that shows another domino is split.
            pd = t.pair_domino
            d = pd[v]
            return [r for r in t.cell_pairs[arg] if pd[r] != d]
        if kind == _K_RULE6:
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

    def propagate(
        self,
        joins: Iterable[tuple[int, int]],
        splits: list[tuple[int, int]],
        starts: tuple[list[int], list[int], list[int], list[int]] | None = None,
    ) -> Sequence[int] | None:
        """Assign the pending (pair, reason) joins and splits and everything they force by rules 1-6 (as the
        class docstring states them) and the learned clauses; None at the fixed point, or the pairs of a
        constraint left with no way out (with ``record`` off, any pair of it will do: only the search traces a
        contradiction back). ``starts``, where a position is first propagated: the cells and dominoes to look at
        for rules 1, 3 and 5, then for rules 4 and 6.

        The work lists are first in, first out: a contradiction near the decision is met before the far
        consequences are drawn, and the learned clauses are shorter. Rules 4 and 6 (:meth:`same_neighbours`,
        :meth:`shared_cell`) and the clauses (:meth:`watch_clauses`) are asked only once rules 1-3 are done.
        """
        t = self.t
        # Typed locals: the pure-Python run ignores these annotations; a compiled build (mypyc) uses them.
        pstate: bytearray = self.pstate
        ccount: list[int] = self.ccount
        dcount: list[int] = self.dcount
        lev: list[int] = self.lev
        why: list[int] = self.why
        trail: list[int] = self.trail
        level: int = self.level
        pair_a: tuple[int, ...] = t.pair_a
        pair_b: tuple[int, ...] = t.pair_b
        pd: tuple[int, ...] = t.pair_domino
        cell_pairs: tuple[tuple[int, ...], ...] = t.cell_pairs
        placements: tuple[tuple[int, ...], ...] = t.placements
        n_cells: int = t.n_cells
        weights: list[int] = self.weights
        dupc: bytes = self.dupc
        dupd: bytes = self.dupd
        record: bool = self.record
        # First-in-first-out work lists as a list and the index of its head (what is before it is done).
        pending: list[tuple[int, int]] = list(joins)
        cells, doms, check_cells, check_doms = ([], [], [], []) if starts is None else starts
        ph = ch = dh = 0
        placed: int = self.placed

        while True:
            while splits:
                q, code = splits.pop()
                s = pstate[q]
                if s:
                    if s == JOINED:
                        return [*self.reason(q, code), q] if record else (q,)
                    continue
                confl = self.split_for(q, code, cells, doms, check_cells, check_doms)
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
                # p is open, so nothing covers its cells or places its domino: every neighbour is open or split.
                a, b = pair_a[p], pair_b[p]
                d = pd[p]
                pstate[p] = JOINED
                if record:
                    lev[p] = level
                    why[p] = code
                    trail.append(p)
                placed += 1
                ccount[a] = ccount[b] = dcount[d] = DONE
                # Rule 2. Every open pair touching p, and every other place of p's domino, is split: it loses its
                # cells' counts and its domino's, but for those p covers (a, b and d stay "done"). The body is
                # written out here, not called (as split_for is on the rarer paths): this is the innermost loop
                # of the whole program, and a function call per split pair cost about a quarter of the counting
                # time.
                for group in (cell_pairs[a], cell_pairs[b], placements[d]):
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
            if splits:
                continue
            if ch < len(cells):
                # Rule 1: a cell with one pair left.
                x = cells[ch]
                ch += 1
                if ccount[x] == 1:
                    for q in cell_pairs[x]:
                        if not pstate[q]:
                            pending.append((q, ~(x << 3 | _K_CELL)))
                            break
                continue
            if dh < len(doms):
                # Rules 3 and 5: a domino with one place left.
                d = doms[dh]
                dh += 1
                if dcount[d] == 1:
                    for q in placements[d]:
                        if not pstate[q]:
                            pending.append((q, ~(d << 3 | _K_DOM)))
                            break
                continue
            if check_cells:
                confl = self.same_neighbours(check_cells.pop(), cells, doms, check_cells, check_doms)
                if confl is not None:
                    return confl
                continue
            if check_doms:
                confl = self.shared_cell(check_doms.pop(), cells, doms, check_cells, check_doms)
                if confl is not None:
                    return confl
                continue
            confl = self.watch_clauses(pending, splits)
            if confl is not None:
                return confl
            if ph < len(pending) or splits:
                continue
            self.placed = placed
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
        pstate: bytearray = self.pstate
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
        code = ~(x << 3 | _K_RULE4)
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
        pstate: bytearray = self.pstate
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
                code = ~((d << 1 | (pair_b[q] == x)) << 3 | _K_RULE6)
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
    pstate = bytearray(t.n_pairs)
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
        [(q, _DECISION) for q in t.clue_pairs] + [(q, _DECISION) for q in joined],
        [],
        (
            [x for x in range(t.n_cells) if ccount[x] == 1],
            [d for d in range(t.n_dominoes) if dcount[d] == 1],
            [x for x in range(t.n_cells) if ccount[x] >= 2 and dupc[x]],
            [d for d in range(t.n_dominoes) if dcount[d] >= 2 and dupd[d]],
        ),
    )
    return node if conflict is None else None


class PairProbe:
    """The engine's one failed-pair probe: suppose a pair joined, follow rules 1-6 alone, and see whether they
    contradict.

    It works on a plain :class:`Node` propagated to its fixed point (the position the caller passes, or None when
    that position already contradicts by the rules: then every supposition does). :meth:`refutes` tries one pair
    on a scratch copy, so the position is untouched; :meth:`decide` joins or splits a pair in the position itself,
    as a caller does with what a refutation forced, so that later suppositions start from more.

    The rules only add what they know and reach the same fixed point in any order, so the position with a pair
    joined contradicts exactly when the propagated position with it joined does: one copy per supposition,
    never a propagation of every joined pair again. And a supposition that reached a consistent fixed point F
    (here or in an earlier position) *vouches* for every pair F joins while F holds all the position knows: the
    position with such a pair joined lies inside F, so its propagation stays inside F and meets no contradiction,
    and the pair is not tried. The fixed points are facts of the puzzle: a caller that keeps ``fixed_points``
    between positions (a grading run, the copies of one solving state) passes the same list each time, and the
    probe drops those that no longer hold the position. With ``fixed_points`` None nothing is vouched for and
    every supposition is propagated (the counter's root probe, whose count of probes the search reports).
    """

    __slots__ = ("node", "fixed_points", "vouched", "probes")

    def __init__(self, node: Node | None, fixed_points: list[tuple[int, int]] | None = None) -> None:
        self.node = node
        self.fixed_points = fixed_points
        self.vouched = 0  # the pairs the holding fixed points join, as a bitset
        self.probes = 0  # the suppositions propagated
        self._keep_holding()

    @staticmethod
    def at(
        t: Tables, joined: Iterable[int], split: Iterable[int], fixed_points: list[tuple[int, int]] | None = None
    ) -> PairProbe:
        """The probe of the position with these pairs joined and split (as pair indices), propagated first."""
        return PairProbe(propagate_position(t, joined, split), fixed_points)

    def _keep_holding(self) -> None:
        """Drop the fixed points that no longer hold the position, and vouch for the pairs the others join."""
        fixed_points, node = self.fixed_points, self.node
        if fixed_points is None or node is None:
            return
        now_joined, now_split = pair_bits(node.pstate)
        fixed_points[:] = [(j, sp) for j, sp in fixed_points if not (now_joined & ~j or now_split & ~sp)]
        vouched = 0
        for j, _ in fixed_points:
            vouched |= j
        self.vouched = vouched

    def refutes(self, q: int) -> bool:
        """Whether joining pair ``q`` leads by rules 1-6 alone to a contradiction. A supposition that does not is
        remembered (when the probe keeps fixed points) and vouches for the pairs its fixed point joins."""
        node = self.node
        if node is None:
            return True
        if self.vouched >> q & 1:
            return False
        self.probes += 1
        trial = node.copy()
        if not trial.join(q):
            return True
        if self.fixed_points is not None:
            fixed_point = pair_bits(trial.pstate)
            self.fixed_points.append(fixed_point)
            self.vouched |= fixed_point[0]
        return False

    def decide(self, q: int, join: bool) -> bool:
        """Join (or split) pair ``q`` in the position itself and draw every consequence; False on a contradiction
        (the position is then spoilt)."""
        node = self.node
        if node is None or not (node.join(q) if join else node.split(q)):
            return False
        self._keep_holding()
        return True


def probe(node: Node) -> tuple[bool, int]:
    """Failed-literal probing at the counter's root: for each cell with two pairs left, suppose each joined in
    turn (:class:`PairProbe`); if one is refuted, the cell must take the other. Repeats until nothing more is
    forced. Changes ``node`` in place; returns False on a contradiction, and how many probes it made.

    This is rule 7 restricted to one step of lookahead, done once at the root of small boards (see
    ``_PROBE_MAX_CELLS``): it costs a propagation per open two-way cell but often settles the puzzle outright.
    """
    t = node.t
    cell_pairs: tuple[tuple[int, ...], ...] = t.cell_pairs
    pstate: bytearray = node.pstate  # a plain node's joins change its arrays in place
    ccount: list[int] = node.ccount
    suppose = PairProbe(node)
    changed = True
    while changed:
        changed = False
        for x in range(t.n_cells):
            if ccount[x] != 2:
                continue
            # The cell's two open pairs, each tried in turn (plain loops: a compiled build runs them natively).
            first = second = -1
            for q in cell_pairs[x]:
                if not pstate[q]:
                    if first < 0:
                        first = q
                    else:
                        second = q
            for k in range(2):
                tried, other = (second, first) if k else (first, second)
                if suppose.refutes(tried):
                    if not suppose.decide(other, join=True):
                        return False, suppose.probes
                    changed = True
                    break
    return True, suppose.probes


class _Engine(Node):
    """One search's state: the current node (pair states and counts, recording the reasons of its propagation),
    the trail, a snapshot of the node at the end of every decision level (jumping back is a copy of three
    arrays), the learned clauses and the branching weights."""

    __slots__ = (
        "qhead",
        "snaps",
        "decisions",
        "clauses",
        "watches",
        "wflag",
        "seen",
        "dead",
        "glue",
        "phase",
        "top",
        "top_floor",
    )

    def __init__(self, t: Tables, root: Node) -> None:
        super().__init__(t, root.pstate[:], root.ccount[:], root.dcount[:], root.placed, root.dupc, root.dupd)
        n = t.n_pairs
        self.record = True
        self.lev = [0] * n  # decision level of each join and of each split not caused by a join
        self.why = [_DECISION] * n  # reason of each assignment (the root's are never asked for)
        self.trail = []
        self.qhead = 0  # how much of the trail the learned clauses have seen
        self.snaps: list[tuple[bytearray, list[int], list[int], int, int]] = []
        self.decisions: list[int] = []  # the literal decided at each level
        self.clauses: list[list[int]] = []
        self.clause_pairs = []  # the pairs of each clause (its literals move about)
        self.watches: dict[int, list[int]] = {}
        self.wflag = bytearray(2 * n)  # literals with a watch list
        self.seen = bytearray(n)
        self.dead = bytearray()  # forgotten clauses
        self.glue: list[int] = []  # per clause: how many levels its literals spanned when learned (0: keep)
        self.phase = bytearray(n)  # the last state of each pair before a restart
        self.weights = [1] * (t.n_cells + t.n_dominoes)  # cells, then dominoes at n_cells + d
        # The heaviest cells and dominoes, heaviest first, and the lightest weight among them once there are _TOP.
        self.top: list[int] = []
        self.top_floor = 0

    def level_of(self, v: int) -> int:
        code = self.why[v]
        return self.lev[code if code >= 0 else v]

    def watch_clauses(self, pending: list[tuple[int, int]], splits: list[tuple[int, int]]) -> Sequence[int] | None:
        """Once the rules are done: the learned clauses watching a literal made false since their last look
        (``qhead`` on the trail) move their watch to a literal not false, or force their last open literal (queued
        on ``pending`` or ``splits``; the look stops after the literal that queued one), or, every literal false,
        are the contradiction: its pairs are returned, else None. (Looking only now, when most clauses are
        satisfied, is cheaper than looking after every assignment.)"""
        trail: list[int] = self.trail
        n_trail = len(trail)
        watches = self.watches
        if not watches:
            self.qhead = n_trail
            return None
        pstate: bytearray = self.pstate
        clauses, dead, wflag = self.clauses, self.dead, self.wflag
        n_pending = len(pending)
        qhead: int = self.qhead
        for v in trail[qhead:n_trail]:  # (the look adds to no trail: only to the work lists)
            qhead += 1
            false_lit = 2 * v + 2 - pstate[v]
            if not wflag[false_lit]:
                continue
            ws = watches[false_lit]
            if not ws:
                continue
            kept = []
            j = 0
            n_ws = len(ws)
            while j < n_ws:
                ci = ws[j]
                j += 1
                if dead[ci]:
                    continue
                cl = clauses[ci]
                if cl[0] == false_lit:
                    cl[0] = cl[1]
                    cl[1] = false_lit
                first = cl[0]
                fv = pstate[first >> 1]
                if fv == 1 + (first & 1):  # satisfied
                    kept.append(ci)
                    continue
                for k in range(2, len(cl)):
                    lit = cl[k]
                    s = pstate[lit >> 1]
                    if not s or s == 1 + (lit & 1):  # not false: watch it instead
                        cl[1] = lit
                        cl[k] = false_lit
                        w = watches.get(lit)
                        if w is None:
                            watches[lit] = [ci]
                            wflag[lit] = 1
                        else:
                            w.append(ci)
                        break
                else:
                    kept.append(ci)
                    if fv:  # every literal false
                        kept.extend(ws[j:])
                        watches[false_lit] = kept
                        self.qhead = qhead
                        return self.clause_pairs[ci]
                    if first & 1:
                        splits.append((first >> 1, ~(ci << 3 | _K_CLAUSE)))
                    else:
                        pending.append((first >> 1, ~(ci << 3 | _K_CLAUSE)))
            watches[false_lit] = kept
            if len(pending) > n_pending or splits:
                break
        self.qhead = qhead
        return None

    def analyze(self, confl: Sequence[int]) -> tuple[list[int], int]:
        """Learn from a contradiction: the clause (its asserting literal first, then one of the highest level
        among the rest) and the level to jump back to. The cells and dominoes of every pair the contradiction
        is traced through gain branching weight."""
        lev, trail, seen, pstate, why = self.lev, self.trail, self.seen, self.pstate, self.why
        reason = self.reason
        cell_pairs, placements, clause_pairs = self.t.cell_pairs, self.t.placements, self.clause_pairs
        level = self.level
        learnt = [0]
        marked = []
        counter = 0  # pairs of the current level still to resolve
        i = len(trail) - 1
        vs = confl
        while True:
            for v in vs:
                if not seen[v]:
                    code = why[v]
                    lv = lev[code if code >= 0 else v]
                    if lv:
                        seen[v] = 1
                        marked.append(v)
                        if lv == level:
                            counter += 1
                        else:
                            learnt.append(2 * v + 2 - pstate[v])
            while not seen[trail[i]]:
                i -= 1
            v = trail[i]
            i -= 1
            counter -= 1
            if not counter:
                break
            # The pairs v's reason depends on (v itself may be among them: it is marked, so it is skipped).
            code = why[v]
            if code >= 0:
                vs = (code,)
            else:
                kind = ~code & 7
                if kind == _K_CELL:
                    vs = cell_pairs[~code >> 3]
                elif kind == _K_DOM:
                    vs = placements[~code >> 3]
                elif kind == _K_CLAUSE:
                    vs = clause_pairs[~code >> 3]
                else:
                    vs = reason(v, code)
        learnt[0] = 2 * v + 2 - pstate[v]
        # Drop a literal whose reason lies wholly within the clause (and level 0): it adds nothing. (Marked pairs
        # of the current level are never in such a reason: it is all of lower levels.)
        if len(learnt) > 2:
            kept = [learnt[0]]
            for lit in learnt[1:]:
                x = lit >> 1
                code = why[x]
                if code == _DECISION:
                    kept.append(lit)
                elif code >= 0:
                    if not seen[code] and lev[code]:
                        kept.append(lit)
                else:
                    for r in reason(x, code):
                        if not seen[r]:
                            c = why[r]
                            if lev[c if c >= 0 else r]:
                                kept.append(lit)
                                break
            learnt = kept
        for v in marked:
            seen[v] = 0
        # Branching weight, once per marked pair for each of its two cells and its domino. Those that climb
        # above the lightest of the top few join them.
        t = self.t
        pa, pb, pd = t.pair_a, t.pair_b, t.pair_domino
        weights = self.weights
        n_cells = t.n_cells
        floor = self.top_floor
        climbed = []
        for v in marked:
            x = pa[v]
            w = weights[x] + 1
            weights[x] = w
            if w > floor:
                climbed.append(x)
            x = pb[v]
            w = weights[x] + 1
            weights[x] = w
            if w > floor:
                climbed.append(x)
            x = n_cells + pd[v]
            w = weights[x] + 1
            weights[x] = w
            if w > floor:
                climbed.append(x)
        if climbed:
            climbed += self.top
            top = self.top = sorted(set(climbed), key=weights.__getitem__, reverse=True)[:_TOP]
            self.top_floor = weights[top[-1]] if len(top) == _TOP else 0
        back = 0
        if len(learnt) > 1:
            best = 1
            for k in range(1, len(learnt)):
                x = learnt[k] >> 1
                code = why[x]
                lv = lev[code if code >= 0 else x]
                if lv > back:
                    back, best = lv, k
            learnt[1], learnt[best] = learnt[best], learnt[1]
        return learnt, back

    def backjump(self, level: int) -> None:
        """Return to the node as it was at the end of ``level``'s propagation."""
        pstate, ccount, dcount, placed, n_trail = self.snaps[level]
        self.pstate, self.ccount, self.dcount, self.placed = pstate[:], ccount[:], dcount[:], placed
        del self.trail[n_trail:]
        self.qhead = n_trail
        del self.snaps[level:]
        del self.decisions[level:]
        self.level = level

    def learn(self, lits: list[int], keep: bool = False) -> Sequence[int] | None:
        """Add a clause whose first literal is open and whose others are false, and propagate its first.
        ``keep``: never forget it (a blocking clause)."""
        ci = len(self.clauses)
        self.clauses.append(lits)
        self.dead.append(0)
        if keep or len(lits) <= _GLUE_KEEP:
            self.glue.append(0)
        else:
            self.glue.append(len({self.level_of(lit >> 1) for lit in lits}))
        self.clause_pairs.append(tuple(lit >> 1 for lit in lits))
        if len(lits) > 1:
            watches = self.watches
            for lit in lits[:2]:
                w = watches.get(lit)
                if w is None:
                    watches[lit] = [ci]
                    self.wflag[lit] = 1
                else:
                    w.append(ci)
        first = lits[0]
        code = ~(ci << 3 | _K_CLAUSE)
        if first & 1:
            return self.propagate((), [(first >> 1, code)])
        return self.propagate(((first >> 1, code),), [])

    def restart(self, reduce: bool) -> None:
        """Go back to level 0, remembering which pairs were joined; forget clauses if ``reduce``."""
        if self.level:
            phase, pstate = self.phase, self.pstate
            for v in self.trail[self.snaps[0][4] :]:
                phase[v] = pstate[v]
            self.backjump(0)
        if reduce:
            glue, dead = self.glue, self.dead
            worse = [ci for ci in range(len(glue)) if glue[ci] > _GLUE_KEEP and not dead[ci]]
            worse.sort(key=glue.__getitem__)
            for ci in worse[len(worse) // 2 :]:
                dead[ci] = 1

    def decide(self, q: int) -> Sequence[int] | None:
        """Open a level by joining pair ``q``."""
        self.snaps.append((self.pstate, self.ccount, self.dcount, self.placed, len(self.trail)))
        self.pstate, self.ccount, self.dcount = self.pstate[:], self.ccount[:], self.dcount[:]
        self.level += 1
        self.decisions.append(2 * q)
        return self.propagate(((q, _DECISION),), [])

    def choose(self) -> int:
        """The pair to join next: in the open cell or domino with the fewest options, among those the one
        involved in the most contradictions so far (the "dom/wdeg" heuristic of constraint solvers, the weights
        raised by every pair a learned clause was traced through); its first open pair.

        The heaviest few (``top``, kept by :meth:`analyze`) are looked at first, and most often one of them has
        the fewest options; only when none has are all the counts scanned."""
        t = self.t
        pstate = self.pstate
        ccount: list[int] = self.ccount
        dcount: list[int] = self.dcount
        n_cells = t.n_cells
        # The least count (every open one is at least 2: a count of 1 is forced at the fixed point), by a plain
        # loop that a compiled build runs natively, stopping at the first 2.
        least = DONE
        for c in ccount:
            if c < least:
                least = c
                if c == 2:
                    break
        if least > 2:
            for c in dcount:
                if c < least:
                    least = c
                    if c == 2:
                        break
        for best in self.top:
            if (ccount[best] if best < n_cells else dcount[best - n_cells]) == least:
                break
        else:
            # The heaviest of those with the least count, the first of equals (cells, then dominoes). The list's
            # own count and index find them natively, so only those with the least count are looked at here.
            weights: list[int] = self.weights
            best = -1
            heaviest = 0
            x = -1
            for _ in range(ccount.count(least)):
                x = ccount.index(least, x + 1)
                if weights[x] > heaviest:
                    best, heaviest = x, weights[x]
            d = -1
            for _ in range(dcount.count(least)):
                d = dcount.index(least, d + 1)
                if weights[n_cells + d] > heaviest:
                    best, heaviest = n_cells + d, weights[n_cells + d]
        options = t.placements[best - n_cells] if best >= n_cells else t.cell_pairs[best]
        phase = self.phase
        for q in options:
            if not pstate[q] and phase[q] == JOINED:
                return q
        for q in options:
            if not pstate[q]:
                return q
        raise AssertionError("an open cell or domino without an open pair")


def _luby(i: int) -> int:
    """The i-th term (from 0) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    size, power = 1, 0
    while size < i + 1:
        power += 1
        size = 2 * size + 1
    while size - 1 != i:
        size = (size - 1) >> 1
        power -= 1
        i %= size
    return 1 << power


def _search(
    puzzle: Puzzle,
    keep: bool,
    timeout: float | None,
    stats: SearchStats,
    joined: Iterable[int] = (),
    split: Iterable[int] = (),
    max_nodes: int | None = None,
) -> Iterator[list[int] | None]:
    """Yield each solution as its joined pairs, ascending (or None when ``keep`` is off, to save listing them).

    Every propagation is a search node: the root's, each decision's, and each after learning a clause. After a
    solution, a blocking clause (not all of the same decisions again) rules out that solution and no other, and
    the search goes on for the next.

    Raises ``TimeoutError`` when ``timeout`` seconds pass before the search ends, and :class:`_OutOfNodes`
    when it has visited ``max_nodes`` nodes (a budget that, unlike time, gives the same answer every run).
    """
    t = tables_for(puzzle)
    total = t.n_cells // 2
    root = propagate_position(t, joined, split)
    if root is None:
        return
    stats.nodes += 1
    if t.n_cells <= _PROBE_MAX_CELLS and root.placed < total:
        consistent, probes = probe(root)
        stats.probes += probes
        if not consistent:
            return
    if root.placed == total:  # solved by propagation alone, as most small puzzles are
        if keep:
            yield [q for q in range(t.n_pairs) if root.pstate[q] == JOINED]
        else:
            yield None
        return
    deadline = None if timeout is None else time.monotonic() + timeout
    next_check = 0
    eng = _Engine(t, root)
    confl = None
    conflicts = restarts = 0
    next_restart = _RESTART_BASE * _luby(0) if _RESTART_BASE else -1
    next_reduce = _REDUCE_EVERY
    while True:
        if confl is not None:
            if not eng.level:
                return
            conflicts += 1
            learnt, back = eng.analyze(confl)
            eng.backjump(back)
            stats.nodes += 1
            confl = eng.learn(learnt)
            continue
        if eng.placed == total:
            if keep:
                pstate = eng.pstate
                yield [q for q in range(t.n_pairs) if pstate[q] == JOINED]
            else:
                yield None
            if not eng.level:
                return
            block = [lit ^ 1 for lit in reversed(eng.decisions)]
            eng.backjump(eng.level - 1)
            stats.nodes += 1
            confl = eng.learn(block, keep=True)
            continue
        if stats.nodes >= next_check:
            next_check = stats.nodes + 64
            let_signals_in()  # Ctrl-C and --timeout reach the compiled build here
            searched(stats.nodes, False)  # a command's progress line, when one watches
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError
        if max_nodes is not None and stats.nodes >= max_nodes:
            raise _OutOfNodes
        if conflicts >= next_restart > 0:
            restarts += 1
            next_restart += _RESTART_BASE * _luby(restarts)
            reduce = len(eng.clauses) >= next_reduce
            if reduce:
                next_reduce = len(eng.clauses) + _REDUCE_EVERY
            eng.restart(reduce)
        q = eng.choose()
        stats.branches += 1
        stats.nodes += 1
        confl = eng.decide(q)
        if eng.level > stats.max_depth:
            stats.max_depth = eng.level


def count_solutions(
    puzzle: Puzzle,
    max_solutions: int | None = None,
    *,
    keep_solutions: bool = False,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> CountResult:
    """Count the solutions of a puzzle, up to ``max_solutions`` if given.

    Parameters
    ----------
    puzzle : the puzzle (clues are respected).
    max_solutions : stop after this many; 2 is enough to prove a puzzle proper or not.
    keep_solutions : also return the solutions found.
    timeout : seconds; when they run out the result says ``timed_out`` and is not complete.
    max_nodes : a budget of search nodes; when it runs out the result says ``out_of_nodes`` and is not
        complete. Unlike a timeout, the same budget gives the same answer on every machine.

    Returns
    -------
    CountResult with ``count``, ``complete`` and, if asked for, ``solutions``.

    Notes
    -----
    Propagation costs time linear in the pairs it changes; the search branches on the most constrained cell or
    domino. Proper random puzzles rarely need more than a few branches.
    """
    return count_from_position(
        puzzle,
        (),
        (),
        max_solutions=max_solutions,
        keep_solutions=keep_solutions,
        timeout=timeout,
        max_nodes=max_nodes,
    )


def count_from_position(
    puzzle: Puzzle,
    joined: Iterable[int],
    split: Iterable[int],
    *,
    max_solutions: int | None = None,
    keep_solutions: bool = False,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> CountResult:
    """Count the solutions that extend a partly solved position (pairs ``joined`` and ``split``).

    Same as :func:`count_solutions` otherwise.
    """
    found: list[list[int]] = []
    result = _counted(puzzle, joined, split, max_solutions, keep_solutions, timeout, max_nodes, found)
    board = puzzle.board
    result.solutions = [Solution.from_pairs(board, pairs) for pairs in found]
    return result


def count_solution_pairs(
    puzzle: Puzzle, max_solutions: int | None = None, *, max_nodes: int | None = None
) -> tuple[CountResult, list[list[int]]]:
    """:func:`count_solutions` keeping the solutions as the engine's joined pairs (ascending pair indices) rather
    than as :class:`Solution` values (the result's ``solutions`` stay empty): for the generator, which compares
    them with its layout's tiles, pairs of cell indices as the board's pairs are."""
    found: list[list[int]] = []
    return _counted(puzzle, (), (), max_solutions, True, None, max_nodes, found), found


def _counted(
    puzzle: Puzzle,
    joined: Iterable[int],
    split: Iterable[int],
    max_solutions: int | None,
    keep: bool,
    timeout: float | None,
    max_nodes: int | None,
    found: list[list[int]],
) -> CountResult:
    """The count of :func:`count_from_position`, each solution's joined pairs put in ``found`` if ``keep``."""
    stats = SearchStats()
    count = 0
    it = _search(puzzle, keep, timeout, stats, joined, split, max_nodes)
    try:
        for pairs in it:
            count += 1
            if pairs is not None:
                found.append(pairs)
            if max_solutions is not None and count >= max_solutions:
                return CountResult(count, False, [], False, stats)
    except TimeoutError:
        return CountResult(count, False, [], True, stats)
    except _OutOfNodes:
        return CountResult(count, False, [], False, stats, out_of_nodes=True)
    finally:
        searched(stats.nodes, True)
    return CountResult(count, True, [], False, stats)


def solutions(puzzle: Puzzle, *, timeout: float | None = None) -> Iterator[Solution]:
    """Every solution of the puzzle, one at a time (raises ``TimeoutError`` if the time runs out)."""
    board = puzzle.board
    stats = SearchStats()
    try:
        for pairs in _search(puzzle, True, timeout, stats):
            assert pairs is not None
            yield Solution.from_pairs(board, pairs)
    finally:
        searched(stats.nodes, True)


def solve(puzzle: Puzzle, *, timeout: float | None = None) -> Solution | None:
    """One solution of the puzzle, or None if it has none."""
    result = count_solutions(puzzle, 1, keep_solutions=True, timeout=timeout)
    return result.solutions[0] if result.solutions else None


def is_unique(puzzle: Puzzle) -> bool:
    """True when the puzzle has exactly one solution (it is proper)."""
    return count_solutions(puzzle, 2).count == 1
