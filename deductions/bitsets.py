"""Positions as bitsets: a settled position is its joined pairs, split pairs, covered cells and placed dominoes,
four integers, and a deduction's bookkeeping (rules 2 and 3) is a few bit operations per pair.

What runs on them, each giving exactly what the engine gives (:class:`~dominosa.deductions.state.SolvingState`,
stepped and settled), many times faster:

- :func:`settled_after`: the position a deduction and its bookkeeping lead to, or None for a contradiction. The
  state graph works out every edge's child with it (see :mod:`~dominosa.deductions.graph`).
- :func:`trivial_path`: the state graph's search for a puzzle the trivial techniques solve. Since those rules
  only ever add information, every position that graph reaches is solved by them too: each unsettled position
  has a single neighbour or a unique placement, so the graph never looks past the trivial tier, and its search
  can run on bitsets alone. It walks the same graph in the same order as the general search: the same edges
  (the lowest cell's single neighbour when there is one, else every unique placement by domino number), the
  same costs, the same tie-breaks (cost, then the most pairs decided, then the order found), the same budget.
  :func:`replay` then makes the path's deductions on a real position, so the steps are the very deductions the
  general search gives (sentences included). It answers None whenever that search would do something else: a
  position with neither rule (the puzzle is not trivial after all), or the budget spent before the solved
  position (the general search then completes the path from its most promising position), or clues.
- grading with the trivial and basic techniques, the driver loop's run on these bitsets:
  :mod:`~dominosa.deductions.bitsets_basic`.

Cost: O(pairs / 64) per bit operation; per position O(cells + dominoes) to find its single neighbour or unique
placements, and per deduction O(pairs it settles). At order 6 about a fifth of the engine's time.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from functools import lru_cache

from dominosa.board import Board
from dominosa.deductions import rules
from dominosa.deductions.driver import settle
from dominosa.deductions.grades import Technique
from dominosa.deductions.state import Deduction, SolvingState
from dominosa.deductions.tables import Tables, tables_for
from dominosa.puzzle import Puzzle

__all__ = [
    "Masks",
    "Move",
    "masks_of",
    "settled_after",
    "trivial_path",
    "path_to",
    "replay",
    "deduction_of",
    "move_steps",
    "start_position",
    "trivial_moves",
    "same_neighbour_cells",
    "shared_cell_dominoes",
    "must_overlap_dominoes",
]

# A move of the search: (rule, pair joined, domino). The Deduction is made only for the steps of the path found.
Move = tuple[int, int, int]

_SINGLE = int(Technique.SINGLE_NEIGHBOUR)
_UNIQUE = int(Technique.UNIQUE_PLACEMENT)


class Masks:
    """One puzzle's tables as bitsets: the pairs of each cell, the placements of each domino, the pairs touching
    each pair, and each pair's two cells and domino."""

    __slots__ = ("cell_pairs", "placements", "touching", "pair_a", "pair_b", "pair_domino", "all_pairs", "n_cells")

    def __init__(self, t: Tables) -> None:
        self.cell_pairs, self.touching = _board_masks(t.puzzle.board)
        placements = [0] * t.n_dominoes  # the one part that changes with the numbers: one pass over the pairs
        for q, d in enumerate(t.pair_domino):
            if d >= 0:
                placements[d] |= 1 << q
        self.placements = tuple(placements)
        self.pair_a, self.pair_b, self.pair_domino = t.pair_a, t.pair_b, t.pair_domino
        self.all_pairs = (1 << t.n_pairs) - 1
        self.n_cells = t.n_cells


@lru_cache(maxsize=64)
def _board_masks(board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The masks that depend on the board alone (every candidate of a generator shares its board): each cell's
    pairs, and the pairs touching each pair (those of its two cells but itself)."""
    cell_pairs = tuple(_bits(ps) for ps in board.cell_pairs)
    return cell_pairs, tuple((cell_pairs[a] | cell_pairs[b]) & ~(1 << q) for q, (a, b) in enumerate(board.pairs))


def _bits(items) -> int:
    mask = 0
    for q in items:
        mask |= 1 << q
    return mask


@lru_cache(maxsize=64)
def masks_of(t: Tables) -> Masks:
    """The bitsets of a puzzle's tables (cached with them)."""
    return Masks(t)


def start_position(m: Masks) -> tuple[int, int, int, int]:
    """The settled start of a puzzle without clues: nothing joined, covered or placed, and the pairs showing no
    domino of the set split (as :class:`~dominosa.deductions.state.SolvingState` starts)."""
    shown = 0
    for places in m.placements:
        shown |= places
    return 0, m.all_pairs & ~shown, 0, 0


def settled_after(
    m: Masks,
    position: tuple[int, int, int, int],
    joins: tuple[int, ...] = (),
    splits: tuple[int, ...] = (),
    quiet_splits: tuple[int, ...] = (),
    *,
    checked: bool = True,
) -> tuple[int, int, int, int, int] | None:
    """The settled position after a deduction: (joined, split, covered cells, placed dominoes) bitsets and the
    number of pairs newly split on the way (each one step of rule 3's bookkeeping), or None where
    :class:`~dominosa.deductions.state.SolvingState` would raise a contradiction.

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
    new_joins = new_splits = changed = newly_split = 0
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
                    newly_split += 1
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
                newly_split += near.bit_count()
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
    return joined, split, covered, placed, newly_split


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


def trivial_moves(
    m: Masks, joined: int, split: int, covered: int, placed: int, first_only: bool = False
) -> list[Move] | None:
    """The edges the state graph follows from a settled position (see :func:`~dominosa.deductions.graph.successors`):
    the lowest lonely cell's pair, else every unique placement by domino (the lowest only with ``first_only``:
    the driver loop's choice); None when there is neither."""
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
            if first_only:
                break
    return moves or None


def same_neighbour_cells(m: Masks, position: tuple[int, int, int, int]) -> list[int]:
    """The cells where rule 4 (all the same neighbours) makes a deduction in a settled position, lowest first:
    open, with two pairs or more left that all show one domino, which has a place left away from the cell."""
    joined, split, covered, _ = position
    open_ = m.all_pairs & ~(joined | split)
    cell_pairs, placements, pair_domino = m.cell_pairs, m.placements, m.pair_domino
    cells = []
    for x in range(m.n_cells):
        if covered >> x & 1:
            continue
        live = cell_pairs[x] & open_
        if live & (live - 1) == 0:
            continue
        places = placements[pair_domino[live.bit_length() - 1]]
        if live & ~places == 0 and places & open_ & ~cell_pairs[x]:
            cells.append(x)
    return cells


def shared_cell_dominoes(m: Masks, position: tuple[int, int, int, int]) -> list[int]:
    """The dominoes for which rule 6 (shared cell) makes a deduction in a settled position, lowest first: not
    placed, with two places or more left that all use one cell, which has a pair left showing another domino."""
    open_ = m.all_pairs & ~(position[0] | position[1])
    cell_pairs = m.cell_pairs
    return [
        d
        for d, places, _, shared in _spread_dominoes(m, position)
        if shared and cell_pairs[shared.bit_length() - 1] & open_ & ~places
    ]


def must_overlap_dominoes(m: Masks, position: tuple[int, int, int, int]) -> list[int]:
    """The dominoes for which "must overlap" makes a deduction in a settled position, lowest first: not placed,
    with two places or more left that share no one cell, and a pair left showing another domino that every one
    of those places overlaps (such a pair touches the first of them)."""
    open_ = m.all_pairs & ~(position[0] | position[1])
    touching = m.touching
    dominoes = []
    for d, places, live, shared in _spread_dominoes(m, position):
        if shared:
            continue  # one cell shared by all: rule 6's case
        near = touching[(live & -live).bit_length() - 1] & open_ & ~places
        while near:
            low = near & -near
            near ^= low
            if live & ~touching[low.bit_length() - 1] == 0:
                dominoes.append(d)
                break
    return dominoes


def _spread_dominoes(m: Masks, position: tuple[int, int, int, int]) -> Iterator[tuple[int, int, int, int]]:
    """The dominoes not placed with two places or more left, lowest first: (domino, its placements, those left,
    the cells every one of those uses, as a bitset: one cell at most)."""
    joined, split, _, placed = position
    open_ = m.all_pairs & ~(joined | split)
    pair_a, pair_b = m.pair_a, m.pair_b
    for d, places in enumerate(m.placements):
        if placed >> d & 1:
            continue
        live = places & open_
        if live & (live - 1) == 0:
            continue
        shared, rest = -1, live
        while rest and shared:
            low = rest & -rest
            rest ^= low
            q = low.bit_length() - 1
            shared &= (1 << pair_a[q]) | (1 << pair_b[q])
        yield d, places, live, shared


def trivial_path(puzzle: Puzzle, node_budget: int) -> tuple[list[Move], int] | None:
    """Search the state graph of a proper puzzle the trivial techniques solve as
    :func:`~dominosa.deductions.graph.shortest_path` does: (the moves of the cheapest path, positions expanded),
    the path proved cheapest. None when that search would leave the trivial tier or run out of budget (see the
    module). :func:`replay` makes the moves' deductions; :func:`move_steps` their steps as the score reads them.
    """
    if puzzle.clues:
        return None
    m = masks_of(tables_for(puzzle))
    start = start_position(m)[:2]
    nodes = {start: (0, 0)}  # key -> (covered cells, placed dominoes)
    best = {start: 0.0}
    came: dict[tuple[int, int], tuple[tuple[int, int], Move]] = {}
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
            return path_to(key, came), explored
        if explored >= node_budget:
            return None
        explored += 1
        moves = trivial_moves(m, joined, split, covered, placed)
        if moves is None:
            return None
        for move in moves:
            after = settled_after(m, (joined, split, covered, placed), (move[1],), checked=False)
            if after is None:  # pragma: no cover - a proper puzzle's trivial steps never contradict
                return None
            cj, cs, cc, cp, _ = after
            child = (cj, cs)
            new_cost = cost + costs[move[0]]
            if new_cost < best.get(child, inf):
                best[child] = new_cost
                nodes[child] = (cc, cp)
                came[child] = (key, move)
                tick += 1
                heapq.heappush(queue, (new_cost, -((cj | cs).bit_count()), tick, child))
    return None  # pragma: no cover - a trivial puzzle's solved position is always reached


def path_to(key: tuple[int, int], came: dict) -> list:
    """The edges (deductions or moves) that led from the start to ``key`` in a search's map from each position to
    its parent and the edge from there, in order."""
    edges = []
    while key in came:
        key, edge = came[key]
        edges.append(edge)
    edges.reverse()
    return edges


def move_steps(moves: list[Move]) -> list[Deduction]:
    """The moves as the steps the score and the rating's counts read: the rule and the pair joined, nothing else
    (no cells, domino or sentence; :func:`replay` makes the full deductions)."""
    return [Deduction(rule=rule, joins=(q,)) for rule, q, _ in moves]


def deduction_of(state: SolvingState, move: Move) -> Deduction | None:
    """The engine's deduction of a trivial move at a settled position (the one the state graph's general search
    makes there), or None if the move is not what the rules give there, which the bitsets never lead to."""
    rule, q, d = move
    found = rules.single_neighbour(state) if rule == _SINGLE else rules.unique_placement_of(state, d)
    return found if found is not None and found.joins == (q,) else None


def replay(puzzle: Puzzle, moves: list[Move]) -> list[Deduction] | None:
    """The deductions of a path of moves, made on a real position: the very deductions the general search makes
    (None if a move is not what the rules give there, which the bitsets never lead to)."""
    state = SolvingState(puzzle)
    settle(state)
    steps = []
    for move in moves:
        found = deduction_of(state, move)
        if found is None:  # pragma: no cover - a guard: the bitsets follow the rules
            return None
        state.apply(found)
        settle(state)
        steps.append(found)
    return steps
