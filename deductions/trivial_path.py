"""The shortest deduction path of a puzzle the trivial techniques solve, searched on two integers per position.

A puzzle graded trivial is solved by single neighbours and unique placements alone (with their bookkeeping), and
since those rules only ever add information, every position the state graph reaches from its start is solved by
them too: each unsettled position has a single neighbour or a unique placement. So the state graph of
:func:`~dominosa.deductions.graph.shortest_path` never looks past the trivial tier there, and its search can run
on the positions' keys alone (the joined-pair and the split-pair bitsets), drawing the bookkeeping (rules 2 and 3)
with a few bit operations per pair instead of a :class:`~dominosa.deductions.state.SolvingState` copied, stepped
and settled per edge.

:func:`trivial_path` walks the same graph in the same order as the general search: the same edges (the lowest
cell's single neighbour when there is one, else every unique placement by domino number), the same costs, the
same tie-breaks (cost, then the most pairs decided, then the order found), the same budget. It then replays the
path found on a real position, so the steps are the very deductions the general search gives (sentences
included). It answers None whenever that search would do something else: a position with neither rule (the
puzzle is not trivial after all), the budget spent before the solved position (the general search then
completes the path from its most promising position), clues, or techniques other than the full list. The caller
falls back to the general search then.

Cost: O(pairs / 64) per bit operation; per position O(cells + dominoes) to find its successors, and per edge
O(pairs settled). At order 6 about a fifth of the general search's time.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from dominosa.deductions import rules
from dominosa.deductions.grades import Technique
from dominosa.deductions.state import Deduction, SolvingState
from dominosa.deductions.stepper import settle
from dominosa.deductions.tables import Tables, tables_for
from dominosa.puzzle import Puzzle

__all__ = ["trivial_path", "replay"]

# A move of the search: (rule, pair joined, domino). The Deduction is made only for the steps of the path found.
_Move = tuple[int, int, int]

_SINGLE = int(Technique.SINGLE_NEIGHBOUR)
_UNIQUE = int(Technique.UNIQUE_PLACEMENT)


class Masks:
    """One puzzle's tables as bitsets: the pairs of each cell, the placements of each domino, the pairs touching
    each pair, and each pair's two cells and domino."""

    __slots__ = ("cell_pairs", "placements", "touching", "pair_a", "pair_b", "pair_domino", "all_pairs", "n_cells")

    def __init__(self, t: Tables) -> None:
        self.cell_pairs = tuple(_bits(ps) for ps in t.cell_pairs)
        self.placements = tuple(_bits(ps) for ps in t.placements)
        self.touching = tuple(_bits(ps) for ps in t.touching)
        self.pair_a, self.pair_b, self.pair_domino = t.pair_a, t.pair_b, t.pair_domino
        self.all_pairs = (1 << t.n_pairs) - 1
        self.n_cells = t.n_cells


def _bits(items) -> int:
    mask = 0
    for q in items:
        mask |= 1 << q
    return mask


@lru_cache(maxsize=64)
def masks_of(t: Tables) -> Masks:
    """The bitsets of a puzzle's tables (cached with them)."""
    return Masks(t)


def settled_after(
    m: Masks,
    position: tuple[int, int, int, int],
    joins: tuple[int, ...] = (),
    splits: tuple[int, ...] = (),
    quiet_splits: tuple[int, ...] = (),
    *,
    checked: bool = True,
) -> tuple[int, int, int, int] | None:
    """The settled position after a deduction: (joined, split, covered cells, placed dominoes) bitsets, or None
    where :class:`~dominosa.deductions.state.SolvingState` would raise a contradiction.

    ``position`` is a settled position as these four bitsets. The deduction is made as ``SolvingState.apply``
    makes it (quiet splits, splits, then joins), and its consequences are drawn in the order :func:`settle`
    draws them (the lowest newly joined pair first, then the lowest newly split one), with the same checks: a
    pair joined and split, a cell covered twice, a domino placed twice, an open cell or an unplaced domino left
    with no pair. ``checked=False`` leaves out the last check, which only a position that is no longer
    consistent with any solution fails (a proper puzzle's sound steps never reach one).
    """
    joined, split, covered, placed = position
    pair_a, pair_b, pair_domino = m.pair_a, m.pair_b, m.pair_domino
    touching, placements, every = m.touching, m.placements, m.all_pairs
    new_joins = new_splits = changed = 0
    for group, newly in ((quiet_splits, False), (splits, True)):
        for q in group:
            bit = 1 << q
            if joined & bit:
                return None
            if not split & bit:
                split |= bit
                changed |= bit
                if newly:
                    new_splits |= bit
    if changed and checked and not _alive(m, joined, split, covered, placed, changed):
        return None
    for q in joins:
        bit = 1 << q
        if joined & bit:
            continue
        cells, domino = (1 << pair_a[q]) | (1 << pair_b[q]), 1 << pair_domino[q]
        if split & bit or covered & cells or placed & domino:
            return None
        joined, covered, placed, new_joins = joined | bit, covered | cells, placed | domino, new_joins | bit
    while new_joins or new_splits:
        if new_joins:  # rule 2: the lowest newly joined pair
            low = new_joins & -new_joins
            new_joins ^= low
            p = low.bit_length() - 1
            open_ = every & ~(joined | split)
            near = touching[p] & open_
            changed = near | (placements[pair_domino[p]] & open_)  # its domino's other places: split quietly
            if changed:
                split |= changed
                new_splits |= near
                if checked and not _alive(m, joined, split, covered, placed, changed):
                    return None
            continue
        low = new_splits & -new_splits  # rule 3: the lowest newly split pair
        new_splits ^= low
        d = pair_domino[low.bit_length() - 1]
        if d < 0 or placed >> d & 1:
            continue
        left = placements[d] & every & ~(joined | split)
        if left & (left - 1) == 0 and left:  # one place left: it is joined
            only = left.bit_length() - 1
            cells = (1 << pair_a[only]) | (1 << pair_b[only])
            if covered & cells:
                return None
            joined, covered, placed, new_joins = joined | left, covered | cells, placed | (1 << d), new_joins | left
    return joined, split, covered, placed


def _alive(m: Masks, joined: int, split: int, covered: int, placed: int, changed: int) -> bool:
    """Whether every open cell and unplaced domino of the pairs just split still has a pair left."""
    open_ = m.all_pairs & ~(joined | split)
    while changed:
        low = changed & -changed
        changed ^= low
        q = low.bit_length() - 1
        for x in (m.pair_a[q], m.pair_b[q]):
            if not covered >> x & 1 and not m.cell_pairs[x] & open_:
                return False
        d = m.pair_domino[q]
        if d >= 0 and not placed >> d & 1 and not m.placements[d] & open_:
            return False
    return True


def _moves(m: Masks, joined: int, split: int, covered: int, placed: int) -> list[_Move] | None:
    """The edges the state graph follows from a settled position (see :func:`~dominosa.deductions.graph.successors`):
    the lowest lonely cell's pair, else every unique placement by domino; None when there is neither."""
    open_ = m.all_pairs & ~(joined | split)
    cell_pairs = m.cell_pairs
    for x in range(m.n_cells):
        if covered >> x & 1:
            continue
        live = cell_pairs[x] & open_
        if live & (live - 1) == 0 and live:  # one pair left (none cannot happen in a consistent position)
            q = live.bit_length() - 1
            return [(_SINGLE, q, m.pair_domino[q])]
    moves = []
    for d, places in enumerate(m.placements):
        if placed >> d & 1:
            continue
        live = places & open_
        if live & (live - 1) == 0 and live:
            moves.append((_UNIQUE, live.bit_length() - 1, d))
    return moves or None


def trivial_path(puzzle: Puzzle, node_budget: int):
    """Search the state graph of a proper puzzle the trivial techniques solve as
    :func:`~dominosa.deductions.graph.shortest_path` does: (the solved position's key, the map from each position's
    key to its parent's key and the move that led there, positions expanded), the path proved cheapest. None when
    that search would leave the trivial tier or run out of budget (see the module). :func:`replay` makes the
    deductions of the moves."""
    if puzzle.clues:
        return None
    t = tables_for(puzzle)
    m = masks_of(t)
    split = _bits(q for q, d in enumerate(t.pair_domino) if d < 0)  # pairs showing no domino of the set
    start = (0, split)
    nodes = {start: (0, 0)}  # key -> (covered cells, placed dominoes)
    best = {start: 0.0}
    came: dict[tuple[int, int], tuple[tuple[int, int], _Move]] = {}
    costs = {_SINGLE: Technique.SINGLE_NEIGHBOUR.cost, _UNIQUE: Technique.UNIQUE_PLACEMENT.cost}
    solved = (1 << m.n_cells) - 1
    tick = 0
    queue: list[tuple[float, int, int, tuple[int, int]]] = [(0.0, 0, tick, start)]
    explored = 0
    inf = float("inf")
    while queue:
        cost, _, _, key = heapq.heappop(queue)
        if cost > best.get(key, inf):
            continue
        joined, split = key
        covered, placed = nodes[key]
        if covered == solved:
            return key, came, explored
        if explored >= node_budget:
            return None
        explored += 1
        moves = _moves(m, joined, split, covered, placed)
        if moves is None:
            return None
        for move in moves:
            after = settled_after(m, (joined, split, covered, placed), (move[1],), checked=False)
            if after is None:  # pragma: no cover - a proper puzzle's trivial steps never contradict
                return None
            cj, cs, cc, cp = after
            child = (cj, cs)
            new_cost = cost + costs[move[0]]
            if new_cost < best.get(child, inf):
                best[child] = new_cost
                nodes[child] = (cc, cp)
                came[child] = (key, move)
                tick += 1
                heapq.heappush(queue, (new_cost, -((cj | cs).bit_count()), tick, child))
    return None  # pragma: no cover - a trivial puzzle's solved position is always reached


def replay(puzzle: Puzzle, moves: list[_Move]) -> list[Deduction] | None:
    """The deductions of a path of moves, made on a real position: the very deductions the general search makes
    (None if a move is not what the rules give there, which the bitsets never lead to)."""
    state = SolvingState(puzzle)
    settle(state)
    steps = []
    for rule, q, d in moves:
        found = rules.single_neighbour(state) if rule == _SINGLE else rules.unique_placement_of(state, d)
        if found is None or found.joins != (q,):  # pragma: no cover - a guard: the bitsets follow the rules
            return None
        state.apply(found)
        settle(state)
        steps.append(found)
    return steps
