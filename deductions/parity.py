"""Parity: every region of open cells must be even in size, since dominoes cover cells two at a time; its
stronger form past the even bridge (cut parity). The reasoning and cost are in :func:`iter_parity`.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa.deductions.grades import Technique
from dominosa.deductions.scanning import other_cell
from dominosa.deductions.sentences import Names, Sentence
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState

__all__ = ["iter_parity", "parity", "iter_cut_parity", "cut_parity"]

PARITY = Technique.PARITY
CUT_PARITY = Technique.CUT_PARITY


def iter_parity(s: SolvingState, *, beyond_bridges: bool = False) -> Iterator[Deduction]:
    """Parity. Dominoes cover cells two at a time, so every region of open cells must be even in size.

    Look at the open cells joined by undecided pairs. If a single pair (a bridge) is all that connects two
    parts of a region, the number of dominoes crossing between them has the parity of either part: the bridge
    must be joined when the parts are odd and split when they are even. Likewise, a cell whose removal cuts
    off an odd part must be covered from inside that part: its pairs leading elsewhere are split.

    Its two strengths are two techniques: the bridge between two even parts, split (``beyond_bridges`` False),
    is all Simon Tatham's solver does at his Basic level; the bridge between two odd parts, joined, and the cut
    cell (``beyond_bridges`` True) are beyond every level of his solver, so they are
    :attr:`~dominosa.deductions.grades.Technique.CUT_PARITY`, a fiendish technique.

    Notes
    -----
    One depth-first search of the live-pair graph finds every bridge and cut cell with the sizes of the parts
    they separate (Tarjan's bridge algorithm): O(cells + pairs), not one trial per pair.
    """
    search = _search_bridges_and_cuts(s)
    yield from _bridge_deductions(s, search, beyond_bridges)
    if beyond_bridges:
        yield from _cut_deductions(s, search)


class _BridgesAndCuts:
    """What one depth-first search of the live-pair graph found: each bridge with its child side's size, each cut
    cell's parts below it, each region's size and root, and the pair each cell was reached by."""

    __slots__ = ("bridges", "cut_parts", "region_size", "root_of", "parent_pair")

    def __init__(
        self,
        bridges: list[tuple[int, int, int]],
        cut_parts: dict[int, list[tuple[int, int]]],
        region_size: dict[int, int],
        root_of: list[int],
        parent_pair: list[int],
    ) -> None:
        self.bridges = bridges  # (pair, child cell, child side's size)
        self.cut_parts = cut_parts  # cell -> [(child cell, part size)]
        self.region_size = region_size  # root cell -> its region's size
        self.root_of = root_of
        self.parent_pair = parent_pair


def _search_bridges_and_cuts(s: SolvingState) -> _BridgesAndCuts:
    """The search of :func:`_bridges_and_cuts_of` for the position, made once: parity and cut parity (its
    fiendish strength) ask it in turn, and in a step run most often of one position, every technique between them
    having found nothing (order 50 seed 1: 65 searches for 115 asks). It is kept in the state's memo, which
    copies of the state share, keyed by the pair states it was made from (the open cells follow from them); its
    readers never change it."""
    key = bytes(s.pair_states)
    kept = s.memo.get(_SEARCHED)
    if kept is not None and kept[0] == key:
        found: _BridgesAndCuts = kept[1]
        return found
    found = _bridges_and_cuts_of(s)
    s.memo[_SEARCHED] = (key, found)
    return found


_SEARCHED = "parity: the last search of bridges and cut cells"


def _bridges_and_cuts_of(s: SolvingState) -> _BridgesAndCuts:
    """Tarjan's bridge and cut-cell search over the open cells and undecided pairs, iteratively (no recursion
    limit on big boards), with the size of each subtree so that each part's size is known when it is cut off."""
    t, pair_states, covered = s.tables, s.pair_states, s.covered
    pa, pb, cell_pairs = t.pair_a, t.pair_b, t.cell_pairs
    n = t.n_cells
    disc = [-1] * n
    low = [0] * n
    size = [1] * n
    parent_pair = [-1] * n
    timer = 0
    found_bridge: list[tuple[int, int, int]] = []  # (pair, child cell, child side size)
    cut_parts: dict[int, list[tuple[int, int]]] = {}  # cell -> [(child cell, part size)]
    comp_size: dict[int, int] = {}
    root_of = [-1] * n
    for start in range(n):
        if covered[start] or disc[start] >= 0:
            continue
        disc[start] = low[start] = timer
        timer += 1
        root_of[start] = start
        stack = [(start, iter(cell_pairs[start]))]
        order = [start]
        while stack:
            x, it = stack[-1]
            advanced = False
            for q in it:
                if pair_states[q] != UNDECIDED or q == parent_pair[x]:
                    continue
                y = pb[q] if pa[q] == x else pa[q]
                if disc[y] < 0:
                    disc[y] = low[y] = timer
                    timer += 1
                    parent_pair[y] = q
                    root_of[y] = start
                    order.append(y)
                    stack.append((y, iter(cell_pairs[y])))
                    advanced = True
                    break
                if disc[y] < low[x]:
                    low[x] = disc[y]
            if advanced:
                continue
            stack.pop()
            if stack:
                p = stack[-1][0]
                size[p] += size[x]
                if low[x] < low[p]:
                    low[p] = low[x]
                if low[x] > disc[p]:
                    found_bridge.append((parent_pair[x], x, size[x]))
                if low[x] >= disc[p]:
                    cut_parts.setdefault(p, []).append((x, size[x]))
        comp_size[start] = len(order)
    return _BridgesAndCuts(found_bridge, cut_parts, comp_size, root_of, parent_pair)


def _bridge_deductions(s: SolvingState, search: _BridgesAndCuts, beyond_bridges: bool) -> Iterator[Deduction]:
    """The bridges' deductions: an even bridge split (parity), or with ``beyond_bridges`` an odd one joined."""
    t = s.tables
    comp_size, root_of = search.region_size, search.root_of
    for q, child, part in sorted(search.bridges):
        whole = comp_size[root_of[child]]
        if whole % 2:
            continue  # an odd region is a contradiction, reported by the counts, not a deduction
        a, b = t.pair_a[q], t.pair_b[q]
        if part % 2 != int(beyond_bridges):
            continue  # the other strength's deduction
        if part % 2:
            yield Deduction(
                rule=CUT_PARITY,
                joins=(q,),
                cells=(a, b),
                domino=t.pair_domino[q],
                reason=Sentence(
                    "{pair} is the only link between two parts of {part} and {rest} open cells; both are odd, so a "
                    "domino must cross: {pair} is joined.",
                    pair=s.pair_label(q), part=part, rest=whole - part,
                ),
            )
        else:
            yield Deduction(
                rule=PARITY,
                splits=(q,),
                cells=(a, b),
                domino=t.pair_domino[q],
                reason=Sentence(
                    "{pair} is the only link between two parts of {part} and {rest} open cells; both are even, so "
                    "no domino may cross: {pair} is split.",
                    pair=s.pair_label(q), part=part, rest=whole - part,
                ),
            )


def _cut_deductions(s: SolvingState, search: _BridgesAndCuts) -> Iterator[Deduction]:
    """The cut cells' deductions: a cell whose covering would cut off one odd part is covered from inside it."""
    t, pair_states = s.tables, s.pair_states
    cut_parts, comp_size, root_of = search.cut_parts, search.region_size, search.root_of
    parent_pair = search.parent_pair
    for x in sorted(cut_parts):
        # Covering x splits its region into the parts below it in the search tree and the rest above it.
        pieces = [(child, k) for child, k in cut_parts[x]]
        above = comp_size[root_of[x]] - 1 - sum(k for _, k in pieces)
        if root_of[x] != x and above > 0:
            pieces.append((other_cell(s, parent_pair[x], x), above))
        odd = [(child, k) for child, k in pieces if k % 2]
        if len(odd) != 1:
            continue  # none odd: nothing to say; several odd: a contradiction the counts will meet
        child, k = odd[0]
        inside = _subtree(s, child, x)
        away = tuple(q for q in t.cell_pairs[x] if pair_states[q] == UNDECIDED and other_cell(s, q, x) not in inside)
        if not away:
            continue
        yield Deduction(
            rule=CUT_PARITY,
            splits=away,
            cells=(x,),
            reason=Sentence(
                "Covering {cell} from outside would cut off {k} open cells, an odd number that dominoes cannot "
                "fill: {pairs} is split.",
                "Covering {cell} from outside would cut off {k} open cells, an odd number that dominoes cannot "
                "fill: {pairs} are split.",
                len(away),
                cell=s.cell_label(x), k=k, pairs=Names(s.pair_label(q) for q in away),
            ),
        )


def _subtree(s: SolvingState, child: int, cut: int) -> set[int]:
    """The open cells reachable from ``child`` without passing through ``cut``."""
    t, pair_states = s.tables, s.pair_states
    pa, pb = t.pair_a, t.pair_b
    seen = {child}
    todo = [child]
    while todo:
        x = todo.pop()
        for q in t.cell_pairs[x]:
            if pair_states[q] != UNDECIDED:
                continue
            y = pb[q] if pa[q] == x else pa[q]
            if y != cut and y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def parity(s: SolvingState) -> Deduction | None:
    """Parity: the first deduction of :func:`iter_parity` (the reasoning and its cost are told there), or None."""
    return next(iter_parity(s), None)


def iter_cut_parity(s: SolvingState) -> Iterator[Deduction]:
    """Parity beyond the even bridge: an odd bridge joined, a cut cell's pairs away from its odd part split (see
    :func:`iter_parity`)."""
    return iter_parity(s, beyond_bridges=True)


def cut_parity(s: SolvingState) -> Deduction | None:
    """The first deduction of :func:`iter_cut_parity`, or None."""
    return next(iter_cut_parity(s), None)
