"""The state graph: solving positions linked by single deductions, and the shortest deduction path.

Nodes are positions (the joined-pair and split-pair bitsets); an edge is one deduction, labelled with its rule
and pairs and weighted by its technique's cost, with the bookkeeping it triggers (rules 2 and 3) folded in.
The cheapest path from the start to the solved position is the most economical way a person could solve the
puzzle with our techniques.

These reductions keep the graph small without changing what it finds in practice:

- single-neighbour steps (rule 1) commute and cost the least, so when any is available only the first (lowest
  cell) is followed: chains of them form a single line in the graph;
- otherwise the edges are every distinct deduction of the easiest tier that has one: the graph follows a
  person who always uses the easiest technique that works but chooses freely which of its deductions to make
  (the same principle as grading), and the shortest path is the cheapest such solve;
- short contradictions (one supposition followed by the simple rules) are followed at the three most
  constrained places only, since each costs a full propagation to find;
- trial and error (rule 7) is followed only where no logical technique applies.

The graph is explored cheapest-first (Dijkstra) under a node budget; the result says whether the path found is
proved cheapest (the solved position was reached before the budget ran out). When it is not, the path is
completed with the grading order (easiest deduction first) from the most promising position explored.

Most positions reached are never expanded (about 60% on order-6 basic puzzles): an edge's child is worked out on
bitsets (:func:`~dominosa.deductions.bitsets.settled_after`: its key, the cells it covers and the dominoes it
places, or a contradiction), and the child's :class:`~dominosa.deductions.state.SolvingState` is made, by its
parent's copy stepped and settled as before, only when it is expanded. A position expanded is never expanded
again, so its copy is the one the children would have had. The position's bitsets also tell rules 4 and 6 and
"must overlap" where they apply, so that each is asked only there (:func:`successors`). A puzzle graded trivial
is searched on bitsets alone (:mod:`~dominosa.deductions.bitsets`).

Where a position has a lonely cell or a lonely domino (most positions of an easy puzzle's search), its edges are
the trivial tier's and the bitsets give them (:func:`~dominosa.deductions.bitsets.trivial_moves`): such a
position is expanded with no SolvingState at all, and its edges are kept as moves (rule, pair, domino). A state
is made only for a position that needs the engine's finders (and for the positions on the way to it that have
none yet), and the moves of the path found are made into the engine's deductions by stepping along it once.
The graph kept for ``keep_graph`` is built by the stepped search alone (its edges carry the deductions' words).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

import networkx as nx

from dominosa.deductions import advanced, rules
from dominosa.deductions.bitsets import (
    Move,
    deduction_of,
    masks_of,
    must_overlap_dominoes,
    path_to,
    replay,
    same_neighbour_cells,
    settled_after,
    shared_cell_dominoes,
    trivial_moves,
    trivial_path,
)
from dominosa.deductions.driver import iter_deductions, settle
from dominosa.deductions.grades import TECHNIQUES, Technique
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState
from dominosa.deductions.techniques import ALL_FINDERS
from dominosa.puzzle import Puzzle

__all__ = ["DeductionPath", "shortest_path", "DEFAULT_NODE_BUDGET", "successors"]

DEFAULT_NODE_BUDGET = 300


@dataclass
class DeductionPath:
    """The cheapest deduction path found.

    Attributes
    ----------
    steps : the deductions in order (bookkeeping folded away: each is a deduction a person makes).
    cost : the sum of the steps' costs.
    exhaustive : True when the path is proved cheapest within the graph.
    explored : positions expanded.
    graph : the explored part of the state graph (networkx DiGraph), when asked for.
    """

    steps: list[Deduction] = field(default_factory=list)
    cost: float = 0.0
    exhaustive: bool = False
    explored: int = 0
    graph: nx.DiGraph | None = None

    @property
    def rules_used(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for d in self.steps:
            counts[d.rule] = counts.get(d.rule, 0) + 1
        return dict(sorted(counts.items()))


# Short contradictions are costly to find (one propagation per pair tried) and plentiful once they start: the
# graph follows the first few, those at the most constrained cells, as a person trying suppositions would.
_INSTANCE_CAP = {Technique.SHORT_CONTRADICTION: 3}


def successors(
    state: SolvingState,
    techniques: tuple[Technique, ...],
    position: tuple[int, int, int, int] | None = None,
) -> list[Deduction]:
    """The deductions to follow from a settled position (see the module docstring for the reductions).

    ``position``, the same position as bitsets (joined, split, covered cells, placed dominoes), lets rules 4 and
    6 and "must overlap" look only at the cells and dominoes where the bitsets show they apply
    (``same_neighbour_cells``, ``shared_cell_dominoes`` and ``must_overlap_dominoes`` of
    :mod:`~dominosa.deductions.bitsets`): the same deductions, in the same order.
    """
    first = rules.single_neighbour(state)
    if first is not None:
        return [first]
    found: list[Deduction] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    tier = None
    for technique in techniques:
        if tier is not None and technique.level > tier:
            break  # only the easiest level that can make progress
        make = ALL_FINDERS.get(technique)
        if make is None:
            continue
        on_bitsets = position is not None and technique in _ON_BITSETS
        made = _on_bitsets(state, technique, position) if on_bitsets else make(state)  # type: ignore[arg-type]
        for k, d in enumerate(made):
            if k >= _INSTANCE_CAP.get(technique, k + 1):
                break
            effect = (tuple(sorted(d.joins)), tuple(sorted(set(d.splits) | set(d.quiet_splits))))
            if effect not in seen:
                seen.add(effect)
                found.append(d)
                tier = technique.level
    if not found and Technique.GUESS in techniques:
        guess = rules.guess(state)
        if guess is not None:
            found.append(guess)
    return found


# Rules 4 and 6 and "must overlap" by their candidates on bitsets: which cells or dominoes to ask, and the
# technique at one of them.
_ON_BITSETS = {
    Technique.ALL_SAME_NEIGHBOURS: (same_neighbour_cells, rules.same_neighbours_at),
    Technique.SHARED_CELL: (shared_cell_dominoes, rules.shared_cell_of),
    Technique.MUST_OVERLAP: (must_overlap_dominoes, advanced._must_overlap_of),
}


def _on_bitsets(state: SolvingState, technique: Technique, position: tuple[int, int, int, int]) -> list[Deduction]:
    where, rule_at = _ON_BITSETS[technique]
    found = (rule_at(state, i) for i in where(masks_of(state.tables), position))
    return [d for d in found if d is not None]


def _progress(state: SolvingState) -> int:
    """How many pairs are decided: a tiebreak that prefers positions nearer the end."""
    return len(state.state) - state.state.count(UNDECIDED)


def shortest_path(
    puzzle: Puzzle,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    techniques: tuple[Technique, ...] | None = None,
    keep_graph: bool = False,
    trivial: bool = False,
) -> DeductionPath:
    """The cheapest deduction path from the start to the solved position.

    Parameters
    ----------
    puzzle : a proper puzzle (an improper one has no solved position every path agrees on).
    node_budget : positions to expand at most.
    techniques : the techniques allowed (default all, guessing included).
    keep_graph : return the explored graph as a networkx DiGraph (nodes are (joined, split) bitsets; edges
        carry ``rule``, ``pairs``, ``reason`` and ``weight``).
    trivial : the puzzle is known to be graded trivial (the generator and the rater know it): the graph is first
        searched on bitsets (:mod:`~dominosa.deductions.bitsets`, the same path about four times faster),
        and by the general search only when that gives no answer.

    Raises
    ------
    Contradiction : the puzzle has no solution.
    """
    if trivial and not keep_graph and techniques in (None, TECHNIQUES):
        found = trivial_path(puzzle, node_budget)
        steps = replay(puzzle, found[0]) if found is not None else None
        if found is not None and steps is not None:
            return DeductionPath(steps, sum(Technique(d.rule).cost for d in steps), True, found[1])
    techniques = techniques or TECHNIQUES
    start = SolvingState(puzzle)
    settle(start)
    masks = masks_of(start.tables)
    solved = (1 << start.tables.n_cells) - 1
    graph = nx.DiGraph() if keep_graph else None  # built only when asked for: its edges cost time for nothing
    start_key = start.key()
    if graph is not None:
        graph.add_node(start_key)
    # Each position reached is known by its bitsets (its key, and the covered cells and placed dominoes); the
    # SolvingState of a position is made only when it is expanded, from its parent's (see the module).
    states = {start_key: start}
    covers = {start_key: (_bits(start.covered), _bits(start.placed))}
    best = {start_key: 0.0}
    came: dict[tuple[int, int], tuple[tuple[int, int], Deduction | Move]] = {}
    # Where the trivial tier applies, its edges are found on bitsets and kept as moves (see the module).
    on_moves = graph is None and _trivial_tier_first(techniques)
    tick = 0
    queue: list[tuple[float, int, int, tuple[int, int]]] = [(0.0, 0, tick, start_key)]
    explored = 0
    goal = None
    frontier_best, frontier_progress = start_key, _progress(start)
    while queue:
        cost, _, _, key = heapq.heappop(queue)
        if cost > best.get(key, float("inf")):
            continue
        covered, placed = covers[key]
        if covered == solved:
            goal = key
            break
        if explored >= node_budget:
            break
        explored += 1
        progress = (key[0] | key[1]).bit_count()
        if progress > frontier_progress:
            frontier_best, frontier_progress = key, progress
        moves = trivial_moves(masks, *key, covered, placed) if on_moves else None
        edges: list[Deduction] | list[Move]
        if moves is not None:
            edges = moves
        else:
            edges = successors(_state_of(key, states, came), techniques, (*key, covered, placed))
        for d in edges:
            if isinstance(d, tuple):
                after = settled_after(masks, (*key, covered, placed), (d[1],))
                rule = d[0]
            else:
                after = settled_after(masks, (*key, covered, placed), d.joins, d.splits, d.quiet_splits)
                rule = d.rule
            if after is None:
                continue  # a contradiction: only trial and error on an improper position can get here
            child_key = after[:2]  # (joined, split); then covered cells, placed dominoes, pairs newly split
            step = Technique(rule).cost
            new_cost = cost + step
            if graph is not None and isinstance(d, Deduction):
                graph.add_edge(key, child_key, rule=d.rule, pairs=d.joins + d.splits, reason=d.reason, weight=step)
            if new_cost < best.get(child_key, float("inf")):
                best[child_key] = new_cost
                covers[child_key] = after[2:4]
                came[child_key] = (key, d)
                tick += 1
                heapq.heappush(queue, (new_cost, -(after[0] | after[1]).bit_count(), tick, child_key))
    exhaustive = goal is not None
    if goal is not None:
        steps = _made(start, path_to(goal, came))
    else:
        steps = _made(start, path_to(frontier_best, came))
        steps += _complete(_state_of(frontier_best, states, came), techniques)
    total = sum(Technique(d.rule).cost for d in steps)
    return DeductionPath(steps, total, exhaustive, explored, graph)


def _trivial_tier_first(techniques: tuple[Technique, ...]) -> bool:
    """Whether :func:`successors` asks unique placement first of the techniques it lists (after rule 1, which it
    always asks): then a position with a lonely cell or domino has the edges
    :func:`~dominosa.deductions.bitsets.trivial_moves` gives."""
    listed = [t for t in techniques if t in ALL_FINDERS]
    return bool(listed) and listed[0] is Technique.UNIQUE_PLACEMENT


def _deduction(state: SolvingState, move: Move) -> Deduction:
    """The deduction of a trivial move at its position: the one :func:`successors` makes there."""
    found = deduction_of(state, move)
    if found is None:  # pragma: no cover - a guard: the bitsets follow the rules
        raise AssertionError(f"the move {move} is not the engine's deduction")
    return found


def _state_of(
    key: tuple[int, int],
    states: dict[tuple[int, int], SolvingState],
    came: dict[tuple[int, int], tuple[tuple[int, int], Deduction | Move]],
) -> SolvingState:
    """The position's SolvingState: its parent's copy, stepped and settled (the parent's made first, the same
    way, if it has none yet: a position expanded on bitsets has none). A move on the way becomes its deduction."""
    chain = []
    while key not in states:
        chain.append(key)
        key = came[key][0]
    for key in reversed(chain):
        parent, made = came[key]
        before = states[parent]
        if isinstance(made, tuple):
            made = _deduction(before, made)
            came[key] = (parent, made)
        state = before.copy()
        state.apply(made)
        settle(state)
        states[key] = state
    return states[key]


def _made(start: SolvingState, edges: list[Deduction | Move]) -> list[Deduction]:
    """A path's edges as deductions: each move made on a position stepped along the path from the start (one copy,
    not one per position), the deductions as they are."""
    if all(isinstance(e, Deduction) for e in edges):
        return edges  # type: ignore[return-value]
    state = start.copy()
    steps = []
    for edge in edges:
        made = _deduction(state, edge) if isinstance(edge, tuple) else edge
        state.apply(made)
        settle(state)
        steps.append(made)
    return steps


def _bits(flags: bytearray) -> int:
    """Flags by index (covered cells, placed dominoes) as a bitset, index i bit i."""
    return int(bytes(flags).translate(_ONE_DIGITS)[::-1] or b"0", 2)


_ONE_DIGITS = bytes(ord("1") if v else ord("0") for v in range(256))


def _complete(state: SolvingState, techniques: tuple[Technique, ...]) -> list[Deduction]:
    """Finish from a position with the driver loop (easiest deduction first), bookkeeping folded."""
    steps = iter_deductions(state.copy(), techniques=techniques)
    return [d for d in steps if not Technique(d.rule).bookkeeping]
