"""Propagation of rules 1-6 on flat integer arrays: the one core every fast path starts from.

Counting solutions (:mod:`~dominosa.deductions.counting`) propagates its starting position here, and so does the
short-contradiction technique (:mod:`~dominosa.deductions.advanced`), which asks whether the simple rules alone
refute a placement. It reaches the same fixed point as the readable rules of :mod:`~dominosa.deductions.rules`
applied one deduction at a time (``tests/test_deductions_soundness.py`` checks it on random puzzles), by a
different schedule: every consequence is drawn as soon as a pair changes, with work lists instead of rescans.

A position is three flat arrays (a :class:`Node`):

- ``pstate[q]``: pair ``q``'s state, ``UNDECIDED``, ``JOINED`` or ``SPLIT`` (:mod:`~dominosa.deductions.state`'s
  values; every consequence is drawn at once, so there is no "newly");
- ``ccount[x]``: how many undecided pairs cell ``x`` still has, or ``DONE`` once the cell is covered;
- ``dcount[d]``: how many undecided placements domino ``d`` still has, or ``DONE`` once it is placed.

The search itself (``counting._Engine.propagate``) runs the same rules in a loop of its own that also records
why each pair was decided, for its clause learning, and inlines the splits of a join: the innermost loop of the
program, where a function call per split pair cost about a quarter of the counting time. It is checked against
the rules in ``tests/test_deductions_counting.py``. The positions of most generated puzzles need no search
at all, and they never pay for building it: at orders 6 and 9 building the search engine would cost a quarter to a
third of the whole count (the figures: ``bench/README.md``, bench_uniqueness).
"""

from __future__ import annotations

from collections.abc import Iterable

from dominosa.deductions.state import JOINED, SPLIT
from dominosa.deductions.tables import Tables

__all__ = ["DONE", "Node", "propagate", "propagate_position", "probe"]

# A covered cell's or placed domino's count is set this high, so that the "one left" and "none left" tests
# on decrements never fire for it and min() over the counts finds the most constrained open choice.
DONE = 1 << 30
DONE_BELOW = DONE - 64


class Node:
    __slots__ = ("pstate", "ccount", "dcount", "placed")

    def __init__(self, pstate: bytearray, ccount: list[int], dcount: list[int], placed: int) -> None:
        self.pstate = pstate
        self.ccount = ccount
        self.dcount = dcount
        self.placed = placed

    def copy(self) -> Node:
        return Node(self.pstate[:], self.ccount[:], self.dcount[:], self.placed)


def propagate(
    t: Tables,
    node: Node,
    joins: list[int],
    cells: list[int],
    doms: list[int],
    check_cells: list[int] | None = None,
    check_doms: list[int] | None = None,
) -> bool:
    """Draw every consequence of joining ``joins`` and of the pending checks; False on a contradiction.

    The rules, as they are applied here:
    joining a pair splits every other pair touching its cells and every other placement of its domino (rule 2);
    a cell left with one undecided pair has it joined (rule 1); a domino left with one placement has it
    joined (rules 3 and 5); a cell whose undecided pairs all show one domino rules out that domino's other
    placements (rule 4); a domino whose placements all share a cell rules out that cell's other pairs (rule 6).
    """
    pstate: bytearray = node.pstate
    ccount: list[int] = node.ccount
    dcount: list[int] = node.dcount
    pair_a: tuple[int, ...] = t.pair_a
    pair_b: tuple[int, ...] = t.pair_b
    pd: tuple[int, ...] = t.pair_domino
    cell_pairs: tuple[tuple[int, ...], ...] = t.cell_pairs
    placements: tuple[tuple[int, ...], ...] = t.placements
    touching: tuple[tuple[int, ...], ...] = t.touching
    if check_cells is None:
        check_cells = []
    if check_doms is None:
        check_doms = []

    while True:
        while joins:
            p = joins.pop()
            s = pstate[p]
            if s:
                if s == SPLIT:
                    return False
                continue
            a, b = pair_a[p], pair_b[p]
            d = pd[p]
            if ccount[a] >= DONE_BELOW or ccount[b] >= DONE_BELOW or dcount[d] >= DONE_BELOW:
                return False
            pstate[p] = JOINED
            node.placed += 1
            ccount[a] = ccount[b] = dcount[d] = DONE
            # Rule 2: split every open pair touching p and every other open place of p's domino. This is the
            # innermost loop of every propagation, so the split is written out here rather than called: it
            # decrements both cells (one of them may be p's own, whose count is DONE and stays above DONE_BELOW)
            # and the domino, and queues what may now be forced.
            for qs in (touching[p], placements[d]):
                for q in qs:
                    if pstate[q]:
                        continue
                    pstate[q] = SPLIT
                    for k in range(2):
                        x = pair_b[q] if k else pair_a[q]
                        c = ccount[x] - 1
                        ccount[x] = c
                        if c <= 4:
                            if c <= 1:
                                if c == 0:
                                    return False
                                cells.append(x)
                            else:
                                check_cells.append(x)
                    e = pd[q]
                    c = dcount[e] - 1
                    dcount[e] = c
                    if c <= 4:
                        if c <= 1:
                            if c == 0:
                                return False
                            doms.append(e)
                        else:
                            check_doms.append(e)
        if cells:
            x = cells.pop()
            if ccount[x] == 1:
                for q in cell_pairs[x]:
                    if not pstate[q]:
                        joins.append(q)
                        break
            continue
        if doms:
            d = doms.pop()
            if dcount[d] == 1:
                for q in placements[d]:
                    if not pstate[q]:
                        joins.append(q)
                        break
            continue
        if check_cells:
            # Rule 4: every undecided pair of this cell shows the same domino, so that domino covers the cell.
            x = check_cells.pop()
            if 2 <= ccount[x] <= 4:
                d = -1
                for q in cell_pairs[x]:
                    if not pstate[q]:
                        if d < 0:
                            d = pd[q]
                        elif pd[q] != d:
                            d = -2
                            break
                if d >= 0:
                    for q in placements[d]:
                        if (
                            not pstate[q]
                            and pair_a[q] != x
                            and pair_b[q] != x
                            and not _split(t, node, q, cells, doms, check_cells, check_doms)
                        ):
                            return False
            continue
        if check_doms:
            # Rule 6: all undecided placements of this domino share a cell, so that cell's other pairs go.
            d = check_doms.pop()
            if 2 <= dcount[d] <= 4:
                shared = None
                for q in placements[d]:
                    if not pstate[q]:
                        here = {pair_a[q], pair_b[q]}
                        shared = here if shared is None else shared & here
                        if not shared:
                            break
                if shared:
                    (x,) = shared
                    for q in cell_pairs[x]:
                        if pstate[q] or pd[q] == d:
                            continue
                        if not _split(t, node, q, cells, doms, check_cells, check_doms):
                            return False
            continue
        return True


def _split(
    t: Tables, node: Node, q: int, cells: list[int], doms: list[int], check_cells: list[int], check_doms: list[int]
) -> bool:
    """Split open pair ``q`` (rules 4 and 6; a join's own splits are written out in :func:`propagate`), update
    the counts and queue what may now be forced; False on a contradiction."""
    pstate, ccount, dcount = node.pstate, node.ccount, node.dcount
    pstate[q] = SPLIT
    for x in (t.pair_a[q], t.pair_b[q]):
        c = ccount[x] - 1
        ccount[x] = c
        if c <= 4:
            if c <= 1:
                if c == 0:
                    return False
                cells.append(x)
            else:
                check_cells.append(x)
    d = t.pair_domino[q]
    c = dcount[d] - 1
    dcount[d] = c
    if c <= 4:
        if c <= 1:
            if c == 0:
                return False
            doms.append(d)
        else:
            check_doms.append(d)
    return True


def propagate_position(t: Tables, joined: Iterable[int] = (), split: Iterable[int] = ()) -> Node | None:
    """The starting node: pairs showing no domino of the set split, clues joined, everything propagated.

    ``joined`` and ``split`` start the search from a partly solved position instead.
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
    node = Node(pstate, ccount, dcount, 0)
    # Every cell and domino is checked once at the start: rules 1, 4, 5 and 6 may apply before any move.
    ok = propagate(
        t,
        node,
        list(t.clue_pairs) + list(joined),
        [x for x in range(t.n_cells) if ccount[x] == 1],
        [d for d in range(t.n_dominoes) if dcount[d] == 1],
        [x for x in range(t.n_cells) if 2 <= ccount[x] <= 4],
        [d for d in range(t.n_dominoes) if 2 <= dcount[d] <= 4],
    )
    return node if ok else None


def probe(t: Tables, node: Node) -> tuple[bool, int]:
    """Failed-literal probing: for each cell with two pairs left, join one of them on a scratch copy; if that
    contradicts at once, the cell must take the other. Repeats until nothing more is forced. Returns False on a
    contradiction, and how many probes it made.

    This is rule 7 restricted to one step of lookahead, done once at the root of small boards (see
    ``counting._PROBE_MAX_CELLS``): it costs a propagation per open two-way cell but often settles the puzzle
    outright.
    """
    cell_pairs, pstate, ccount = t.cell_pairs, node.pstate, node.ccount
    probes = 0
    changed = True
    while changed:
        changed = False
        for x in range(t.n_cells):
            if ccount[x] != 2:
                continue
            first, second = (q for q in cell_pairs[x] if not pstate[q])
            for tried, other in ((first, second), (second, first)):
                probes += 1
                if not propagate(t, node.copy(), [tried], [], []):
                    if not propagate(t, node, [other], [], []):
                        return False, probes
                    changed = True
                    break
    return True, probes
