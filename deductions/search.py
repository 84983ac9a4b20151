"""The counter's search: conflict-driven clause learning over the propagation of rules 1-6.

A literal is a pair and a sign: 2 * q means "q is joined", 2 * q + 1 "q is split". Every assignment the search
makes goes on a trail with its reason, and every join with its decision level, so that a contradiction can be
traced back to the decisions that caused it (to the first unique implication point) and summed up in a learned
clause: a nogood that no later part of the search can run into again. The search then jumps back to the
highest level where the clause forces its first literal. Learned clauses, and one blocking clause per solution
found, propagate by two watched literals after the rules.

A reason is an int: a pair p >= 0 when the assignment is a split caused by joining p (the common case; such a
split shares p's level, which is therefore not stored for it), or ~(arg << 3 | kind) for the other kinds
in :mod:`dominosa.deductions.node`; Node.reason lists the pairs each kind depends on.

The search (:class:`Engine`) branches by joining a pair of the most constrained cell or domino, and learns from
every contradiction: it traces the contradiction back through the reasons of the assignments that led to it and
keeps a clause (a nogood) that prunes every later node where the same cause would recur, then jumps back to where
that clause first bites. That is the conflict-driven clause learning of SAT solvers, with the rules as its
propagation; it needs an order of magnitude fewer nodes than plain depth-first search on large boards. Going back
a level takes over the three arrays saved when the level was opened; there is no undo log to get wrong, and no
recursion. The counting API over it is :mod:`dominosa.deductions.counting`.

Where the build has a C compiler, the search past the root runs in ``deductions/_counter.c`` instead
(:func:`_core_solutions`): :class:`Engine` step for step on C arrays, about fifteen times faster on big boards,
whose proofs take thousands of nodes (``bench/README.md``, bench_big_solve). A change to the search here must be
made there too; ``tests/test_deductions_counter_core.py`` compares the two, node for node.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from dominosa.deductions.node import DECISION, DONE, K_CELL, K_CLAUSE, K_DOM, Node, propagate_position
from dominosa.deductions.probe import PROBE_MAX_CELLS, probe
from dominosa.deductions.search_watch import searched
from dominosa.deductions.signals import let_signals_in
from dominosa.deductions.state import JOINED
from dominosa.deductions.tables import Tables, tables_for
from dominosa.native import counter_core
from dominosa.puzzle import Puzzle

__all__ = ["Engine", "OutOfNodes", "SearchStats", "search_solutions"]


@dataclass
class SearchStats:
    """What a count cost: search nodes visited and branches taken (guesses, in the design's words)."""

    nodes: int = 0
    branches: int = 0
    max_depth: int = 0
    probes: int = 0



class OutOfNodes(Exception):
    """The search used up its node budget."""


# How many of the heaviest cells and dominoes the branching heuristic keeps in view (see Engine.choose).
_TOP: Final = 48
# Restarts: after _RESTART_BASE * luby(i) conflicts (1, 1, 2, 1, 1, 2, 4, ...), the search goes back to level 0,
# keeping its clauses and weights and, for the cell or domino it branches on, the pair it last had joined there.
# A typical proof needs fewer conflicts than the first restart; they are for the few that go astray. At each
# restart, once _REDUCE_EVERY more clauses have been learned, the worse half of those whose literals span more
# than _GLUE_KEEP levels is forgotten (blocking clauses never are), so that long searches do not slow down.
_RESTART_BASE: Final = 512
_REDUCE_EVERY: Final = 1000
_GLUE_KEEP: Final = 3
# Big boards (more than _BIG_DOMINOES dominoes: order 26 and up; the node record, tests/search_nodes.py, stops at
# order 25 and keeps its walk) search more as MiniSat does: the cells and dominoes are ranked by activities that
# decay (each bump weighs 1 / _DECAY times the one before, so that recent contradictions count most: the weights
# above never decay, stay stuck on old contradictions and left random unique double-50s a tail of ten and more
# times MiniSat's time), learned clauses are minimised recursively and propagate as soon as the queued joins are
# done, and every jump back saves the phase, not only a restart.
_BIG_DOMINOES: Final = 351
_DECAY: Final = 0.95

# The search core in C (deductions/_counter.c: the same walk as Engine, on C arrays), or None where it was not
# built or pure Python is asked for (dominosa.native.counter_core). Not Final: the tests set a source copy's to
# None to run the Python Engine, the reference, beside it.
_core: Any = counter_core()
# What the C core's run() returns.
_DONE: Final = 0
_SOLUTION: Final = 1
_PAUSE: Final = 2
_OUT_OF_NODES: Final = 3


class Engine(Node):
    """One search's state: the current node (pair states and counts, recording the reasons of its propagation),
    the trail, a snapshot of the node at the end of every decision level (jumping back takes over its three
    arrays), the learned clauses and the branching weights."""

    __slots__ = (
        "qhead",
        "snaps",
        "decisions",
        "clauses",
        "watches",
        "seen",
        "dead",
        "glue",
        "phase",
        "top",
        "top_floor",
        "big",
        "act",
        "inc",
    )

    def __init__(self, t: Tables, root: Node) -> None:
        super().__init__(t, root.pstate[:], root.ccount[:], root.dcount[:], root.n_joined, root.dupc, root.dupd)
        n = t.n_pairs
        self.record = True
        self.lev = [0] * n  # decision level of each join and of each split not caused by a join
        self.why = [DECISION] * n  # reason of each assignment (the root's are never asked for)
        self.trail = []
        self.qhead = 0  # how much of the trail the learned clauses have seen
        self.snaps: list[tuple[list[int], list[int], list[int], int, int]] = []
        self.decisions: list[int] = []  # the literal decided at each level
        self.clauses: list[list[int]] = []
        self.clause_pairs = []  # the pairs of each clause (its literals move about)
        # The clauses watching each literal, made at the first watch (a list per literal: a compiled build reads a
        # list's items directly, a dict's through hashing); empty while no clause watches anything.
        self.watches: list[list[int]] = []
        self.seen = [0] * n
        self.dead: list[int] = []  # forgotten clauses
        self.glue: list[int] = []  # per clause: how many levels its literals spanned when learned (0: keep)
        self.phase = [0] * n  # the last state of each pair before a restart
        self.weights = [1] * (t.n_cells + t.n_dominoes)  # cells, then dominoes at n_cells + d
        # The heaviest cells and dominoes, heaviest first, and the lightest weight among them once there are _TOP.
        self.top: list[int] = []
        self.top_floor = 0
        self.big = t.n_dominoes > _BIG_DOMINOES
        self.clauses_early = self.big
        self.act = [0.0] * (t.n_cells + t.n_dominoes)  # a big board's activities, as weights
        self.inc = 1.0  # the next bump

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
        pstate: list[int] = self.pstate
        clauses, dead = self.clauses, self.dead
        n_pending = len(pending)
        qhead: int = self.qhead
        while qhead < n_trail:  # (the look adds to no trail: only to the work lists)
            v = trail[qhead]
            qhead += 1
            false_lit = 2 * v + 2 - pstate[v]
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
                        watches[lit].append(ci)
                        break
                else:
                    kept.append(ci)
                    if fv:  # every literal false
                        kept.extend(ws[j:])
                        watches[false_lit] = kept
                        self.qhead = qhead
                        return self.clause_pairs[ci]
                    if first & 1:
                        splits.append((first >> 1, ~(ci << 3 | K_CLAUSE)))
                    else:
                        pending.append((first >> 1, ~(ci << 3 | K_CLAUSE)))
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
                if kind == K_CELL:
                    vs = cell_pairs[~code >> 3]
                elif kind == K_DOM:
                    vs = placements[~code >> 3]
                elif kind == K_CLAUSE:
                    vs = clause_pairs[~code >> 3]
                else:
                    vs = reason(v, code)
        learnt[0] = 2 * v + 2 - pstate[v]
        if len(learnt) > 2:
            learnt = self.minimised_deep(learnt) if self.big else self.minimised(learnt)
        for v in marked:
            seen[v] = 0
        if self.big:
            self.bump_activity(marked)
        else:
            self.bump(marked)
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

    def minimised(self, learnt: list[int]) -> list[int]:
        """The learned clause without the literals whose reason lies wholly within the clause (and level 0): they
        add nothing. (Marked pairs of the current level are never in such a reason: it is all of lower levels.)
        ``seen`` still marks the pairs the contradiction was traced through."""
        lev, seen, why = self.lev, self.seen, self.why
        kept = [learnt[0]]
        for lit in learnt[1:]:
            x = lit >> 1
            code = why[x]
            if code == DECISION:
                kept.append(lit)
            elif code >= 0:
                if not seen[code] and lev[code]:
                    kept.append(lit)
            else:
                for r in self.reason(x, code):
                    if not seen[r]:
                        c = why[r]
                        if lev[c if c >= 0 else r]:
                            kept.append(lit)
                            break
        return kept

    def minimised_deep(self, learnt: list[int]) -> list[int]:
        """A big board's learned clause without its literals that follow from the others: every path back from
        one through the reasons meets a pair of the clause (or level 0) before a decision (MiniSat's recursive
        minimising; the local one of :meth:`minimised` leaves clauses of 40-50 literals at order 50)."""
        why, seen = self.why, self.seen
        levels = 0
        for lit in learnt[1:]:
            levels |= 1 << (self.level_of(lit >> 1) & 31)
        toclear: list[int] = []
        kept = [learnt[0]]
        for lit in learnt[1:]:
            x = lit >> 1
            if why[x] == DECISION or not self.redundant(x, levels, toclear):
                kept.append(lit)
        for v in toclear:
            seen[v] = 0
        return kept

    def redundant(self, x: int, levels: int, toclear: list[int]) -> bool:
        """Whether pair ``x`` of the clause follows from the pairs marked in ``seen`` (MiniSat's litRedundant,
        ``levels`` the clause's levels as bits): the pairs shown to follow stay marked (and are listed in
        ``toclear``); a failure unmarks its own."""
        why, seen = self.why, self.seen
        top = len(toclear)
        stack = [x]
        while stack:
            v = stack.pop()
            for u in self.reason(v, why[v]):
                if seen[u]:
                    continue
                lv = self.level_of(u)
                if not lv:
                    continue
                if why[u] != DECISION and (1 << (lv & 31)) & levels:
                    seen[u] = 1
                    stack.append(u)
                    toclear.append(u)
                else:
                    for r in toclear[top:]:
                        seen[r] = 0
                    del toclear[top:]
                    return False
        return True

    def bump_activity(self, marked: list[int]) -> None:
        """A big board's branching weight: the activity of each cell and domino of the pairs a contradiction was
        traced through rises by the current bump, which then grows by 1 / _DECAY (all scaled down together
        before they overflow)."""
        t = self.t
        pa, pb, pd = t.pair_a, t.pair_b, t.pair_domino
        act: list[float] = self.act
        n_cells = t.n_cells
        inc: float = self.inc
        for v in marked:
            act[pa[v]] += inc
            act[pb[v]] += inc
            act[n_cells + pd[v]] += inc
        inc = inc / _DECAY
        if inc > 1e100:
            for k in range(len(act)):
                act[k] *= 1e-100
            inc *= 1e-100
        self.inc = inc

    def bump(self, marked: list[int]) -> None:
        """Branching weight, once per pair a contradiction was traced through for each of its two cells and its
        domino. Those that climb above the lightest of the top few join them."""
        t = self.t
        pa, pb, pd = t.pair_a, t.pair_b, t.pair_domino
        weights = self.weights
        n_cells = t.n_cells
        floor = self.top_floor
        climbed = []
        for v in marked:
            for x in (pa[v], pb[v], n_cells + pd[v]):
                w = weights[x] + 1
                weights[x] = w
                if w > floor:
                    climbed.append(x)
        if climbed:
            climbed += self.top
            # (Equals stay in the set's order: the C core follows CPython's, see its in_set_order.)
            top = self.top = sorted(set(climbed), key=weights.__getitem__, reverse=True)[:_TOP]
            self.top_floor = weights[top[-1]] if len(top) == _TOP else 0

    def backjump(self, level: int) -> None:
        """Return to the node as it was at the end of ``level``'s propagation. (The level's snapshot is dropped
        with the levels above, so its arrays are taken over rather than copied.)"""
        pstate, ccount, dcount, n_joined, n_trail = self.snaps[level]
        if self.big:  # the phase of each pair undone
            phase, now = self.phase, self.pstate
            for v in self.trail[n_trail:]:
                phase[v] = now[v]
        self.pstate, self.ccount, self.dcount, self.n_joined = pstate, ccount, dcount, n_joined
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
            if not watches:
                watches = self.watches = [[] for _ in range(2 * self.t.n_pairs)]
            watches[lits[0]].append(ci)
            watches[lits[1]].append(ci)
        first = lits[0]
        code = ~(ci << 3 | K_CLAUSE)
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
        self.snaps.append((self.pstate, self.ccount, self.dcount, self.n_joined, len(self.trail)))
        self.pstate, self.ccount, self.dcount = self.pstate[:], self.ccount[:], self.dcount[:]
        self.level += 1
        self.decisions.append(2 * q)
        return self.propagate(((q, DECISION),), [])

    def choose(self) -> int:
        """The pair to join next: in the open cell or domino with the fewest options, among those the one
        involved in the most contradictions so far (the "dom/wdeg" heuristic of constraint solvers, the weights
        raised by every pair a learned clause was traced through); its first open pair.

        The heaviest few (``top``, kept by :meth:`analyze`) are looked at first, and most often one of them has
        the fewest options; only when none has are all the counts scanned. A big board ranks by the activities
        (:meth:`bump_activity`) instead, all scanned."""
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
        if self.big:
            best = self.most_weighed(least, self.act)
        else:
            for best in self.top:
                if (ccount[best] if best < n_cells else dcount[best - n_cells]) == least:
                    break
            else:
                best = self.most_weighed(least, self.weights)
        options = t.placements[best - n_cells] if best >= n_cells else t.cell_pairs[best]
        phase = self.phase
        for q in options:
            if not pstate[q] and phase[q] == JOINED:
                return q
        for q in options:
            if not pstate[q]:
                return q
        raise AssertionError("an open cell or domino without an open pair")

    def most_weighed(self, least: int, weights: Sequence[float]) -> int:
        """The cell or domino (dominoes at n_cells + d) of most weight among those with ``least`` options, the
        first of equals (cells, then dominoes): the weights' or, on a big board, the activities'. The list's own
        count and index find them natively, so only those with the least count are looked at here."""
        ccount: list[int] = self.ccount
        dcount: list[int] = self.dcount
        n_cells = self.t.n_cells
        best = -1
        most = -1.0
        x = -1
        for _ in range(ccount.count(least)):
            x = ccount.index(least, x + 1)
            if weights[x] > most:
                best, most = x, weights[x]
        d = -1
        for _ in range(dcount.count(least)):
            d = dcount.index(least, d + 1)
            if weights[n_cells + d] > most:
                best, most = n_cells + d, weights[n_cells + d]
        return best


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


def search_solutions(
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

    Raises ``TimeoutError`` when ``timeout`` seconds pass before the search ends, and :class:`OutOfNodes`
    when it has visited ``max_nodes`` nodes (a budget that, unlike time, gives the same answer every run).
    """
    t = tables_for(puzzle)
    total = t.n_cells // 2
    root = propagate_position(t, joined, split)
    if root is None:
        return
    stats.nodes += 1
    if t.n_cells <= PROBE_MAX_CELLS and root.n_joined < total:
        consistent, probes = probe(root)
        stats.probes += probes
        if not consistent:
            return
    if root.n_joined == total:  # solved by propagation alone, as most small puzzles are
        if keep:
            yield [q for q in range(t.n_pairs) if root.pstate[q] == JOINED]
        else:
            yield None
        return
    deadline = None if timeout is None else time.monotonic() + timeout
    if _core is not None:
        yield from _core_solutions(_core, t, root, keep, deadline, stats, max_nodes)
        return
    next_check = 0
    eng = Engine(t, root)
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
        if eng.n_joined == total:
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
            raise OutOfNodes
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


def _core_solutions(
    core: Any, t: Tables, root: Node, keep: bool, deadline: float | None, stats: SearchStats, max_nodes: int | None
) -> Iterator[list[int] | None]:
    """The loop of :func:`search_solutions` run by the C core from ``root``: the same solutions, nodes and
    branches, and the same pause every 64 nodes for signals, the progress line and the timeout."""
    search = core.Search(
        t.n_cells, t.pair_a, t.pair_b, t.pair_domino, t.cell_pairs, t.placements, root.dupc, root.dupd,
        root.pstate, root.ccount, root.dcount, root.n_joined, stats.nodes, _TOP, _RESTART_BASE, _REDUCE_EVERY,
        _GLUE_KEEP, _DECAY if t.n_dominoes > _BIG_DOMINOES else 0.0,
    )
    budget = -1 if max_nodes is None else max_nodes
    branches, depth = stats.branches, stats.max_depth
    next_check = 0
    while True:
        status: int = search.run(next_check, budget)
        nodes, more, deepest = search.figures()
        stats.nodes, stats.branches, stats.max_depth = nodes, branches + more, max(depth, deepest)
        if status == _SOLUTION:
            yield search.joined() if keep else None
        elif status == _PAUSE:
            next_check = nodes + 64
            let_signals_in()
            searched(nodes, False)
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError
        elif status == _OUT_OF_NODES:
            raise OutOfNodes
        else:
            return
