"""The state graph: solving positions linked by single deductions, and the shortest deduction path.

Nodes are settled positions (:class:`~dominosa.deductions.state.Position`: joined and split pairs, covered cells and
placed dominoes as bitsets); an edge is one deduction, labelled with its rule
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

It is one search, whatever the puzzle: each position is known by its ``Position`` (its key in every map of the
search: see :mod:`~dominosa.deductions.settled`), and the successor function decides, per position, whether the
bitsets are enough. Where a position has a lonely cell or a lonely domino (most positions of an easy puzzle's
search), its edges are the trivial tier's, which the bitsets give
(:func:`~dominosa.deductions.settled.trivial_moves`), kept as moves (rule, pair, domino). Elsewhere its
:class:`~dominosa.deductions.state.SolvingState` is made, from its parent's (stepped and settled along the engine's
one replay, :func:`~dominosa.deductions.driver.walk`; the parent's first, the same way, if it has none yet), and
the engine's finders give its edges (:func:`successors`), the position's bitsets telling rules 4 and 6 and "must
overlap" where they apply. Every edge's child is worked out from its parent's
(:func:`~dominosa.deductions.settled.settled_after`: the child's ``Position``, or a contradiction); a child's state
is made only if it is expanded and needs one, and a position expanded is never expanded again, so its state is the
one its children would have had. A trivial puzzle's search, started on bitsets (``trivial``), makes no state at all:
since the trivial rules only add information, each position it reaches has a lonely cell or domino. The moves of the
path found are made into the engine's deductions (sentences included) by replaying it once, or, when the caller
reads no sentences (the generator's rating), left as their rule and pair. The graph kept for ``keep_graph`` is built
by a search that steps every position it expands (its edges carry the deductions' words).

The search breaks its ties in the order it meets cells, pairs and dominoes (the lowest lonely cell, the first
position reached among equal ones, where it guesses, how it completes a path after its budget), which is the cell
numbering: so it runs on the puzzle's canonical form (:func:`~dominosa.canonical.canonical_image`), the same
puzzle for every copy turned, mirrored or with its numbers renamed, and the path found is carried back to the
puzzle given (:mod:`~dominosa.deductions.carrying`). Path, cost and score are then the puzzle's, not its
orientation's; the graph kept for ``keep_graph`` is the canonical form's.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dominosa.canonical import canonical_image
from dominosa.deductions import must_overlap, rules
from dominosa.deductions.carrying import Carrier
from dominosa.deductions.driver import iter_deductions, settled_start, walk
from dominosa.deductions.grades import TECHNIQUES, Technique
from dominosa.deductions.settled import (
    Move,
    must_overlap_dominoes,
    same_neighbour_cells,
    settled_after,
    shared_cell_dominoes,
    start_position,
    trivial_moves,
)
from dominosa.deductions.state import Deduction, Position, SolvingState
from dominosa.deductions.tables import masks_of, tables_for
from dominosa.deductions.techniques import ALL_FINDERS
from dominosa.puzzle import Puzzle

if TYPE_CHECKING:  # networkx is imported only when a graph is kept (a tenth of a second at every start)
    import networkx as nx

__all__ = ["DeductionPath", "shortest_path", "DEFAULT_NODE_BUDGET", "successors"]

DEFAULT_NODE_BUDGET = 300
"""How many positions :func:`shortest_path` expands before it stops and completes its best path by the step mode
(the path is then not proved cheapest); the commands' ``--path-budget`` default."""


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
    stepped : positions whose SolvingState the search made (those the engine's finders were asked at, and the
        positions on the way to them): the rest were worked on bitsets alone.
    """

    steps: list[Deduction] = field(default_factory=list)
    cost: float = 0.0
    exhaustive: bool = False
    explored: int = 0
    graph: nx.DiGraph | None = None
    stepped: int = 0

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
    position: Position | None = None,
) -> list[Deduction]:
    """The deductions to follow from a settled position (see the module docstring for the reductions).

    ``position``, the same position as bitsets (joined, split, covered cells, placed dominoes), lets rules 4 and
    6 and "must overlap" look only at the cells and dominoes where the bitsets show they apply
    (``same_neighbour_cells``, ``shared_cell_dominoes`` and ``must_overlap_dominoes`` of
    :mod:`~dominosa.deductions.settled`): the same deductions, in the same order.
    """
    first = rules.single_neighbour(state)
    if first is not None:
        return [first]
    found: list[Deduction] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    level = None  # the level of the first technique that found one
    for technique in techniques:
        if level is not None and technique.level > level:
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
                level = technique.level
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
    Technique.MUST_OVERLAP: (must_overlap_dominoes, must_overlap.must_overlap_of),
}


def _on_bitsets(state: SolvingState, technique: Technique, position: Position) -> list[Deduction]:
    where, rule_at = _ON_BITSETS[technique]
    found = (rule_at(state, i) for i in where(masks_of(state.tables), position))
    return [d for d in found if d is not None]


def shortest_path(
    puzzle: Puzzle,
    *,
    node_budget: int = DEFAULT_NODE_BUDGET,
    techniques: tuple[Technique, ...] | None = None,
    keep_graph: bool = False,
    trivial: bool = False,
    sentences: bool = True,
    start: SolvingState | None = None,
) -> DeductionPath:
    """The cheapest deduction path from the start to the solved position.

    Parameters
    ----------
    puzzle : a proper puzzle (an improper one has no solved position every path agrees on).
    node_budget : positions to expand at most.
    techniques : the techniques allowed (default all, guessing included).
    keep_graph : return the explored graph as a networkx DiGraph (nodes are (joined, split) bitsets; edges
        carry ``rule``, ``pairs``, ``reason`` and ``weight``), the canonical form's (see the module).
    trivial : the puzzle is known to be proper and graded trivial (the generator and the rater know it): the
        search starts on bitsets (if it has no clues), with no SolvingState, and skips the consistency check of the
        trivial tier's children, which the sound steps of a proper puzzle always pass. The same path, the same
        positions.
    sentences : False to leave the steps of trivial moves as the rule and the pair joined (what the score and
        the rating's counts read), so that no SolvingState is made for them; the other steps are the engine's.
    start : the puzzle's start, settled (the bookkeeping drawn), as another run made it: the grade run's
        (:func:`~dominosa.deductions.rating.rate` passes it), so that neither the search (on a puzzle that is its
        own canonical form) nor the steps carried back make it again. It is read, never changed.

    Raises
    ------
    Contradiction : the puzzle has no solution.

    Examples
    --------
    The README's puzzle: one unique placement, then four single neighbours, proved the cheapest way.

    >>> from dominosa import read_puzzle
    >>> path = shortest_path(read_puzzle("3:22223101012330103310"))
    >>> [step.rule for step in path.steps], path.cost, path.exhaustive
    ([5, 1, 1, 1, 1], 7.0, True)
    >>> path.steps[0].reason
    'The 1-1 can only go at r2c5-r3c5.'
    """
    image, cells = canonical_image(puzzle)
    if image == puzzle:
        return _searched(puzzle, node_budget, techniques, keep_graph, trivial, sentences, start)
    found = _searched(image, node_budget, techniques, keep_graph, trivial, False, None)
    carrier = Carrier(puzzle, image, cells)
    found.steps = carrier.carried(found.steps, start, sentences)
    return found


def _searched(
    puzzle: Puzzle,
    node_budget: int,
    techniques: tuple[Technique, ...] | None,
    keep_graph: bool,
    trivial: bool,
    sentences: bool,
    start: SolvingState | None,
) -> DeductionPath:
    """The search itself, on the puzzle as it is given (:func:`shortest_path` gives it the canonical form)."""
    techniques = techniques or TECHNIQUES
    if keep_graph:
        import networkx as nx
    graph = nx.DiGraph() if keep_graph else None  # built only when asked for: its edges cost time for nothing
    search = _PathSearch(puzzle, on_bitsets=trivial and not puzzle.clues, start=start)
    masks, start_key, best = search.masks, search.start_key, search.best
    solved = (1 << masks.n_cells) - 1
    if graph is not None:
        graph.add_node(start_key[:2])
    # Where the trivial tier applies, its edges are found on bitsets and kept as moves (see the module).
    on_moves = graph is None and (techniques is TECHNIQUES or _trivial_tier_first(techniques))
    moves_checked = not trivial
    explored = 0
    goal = None
    frontier_best, frontier_progress = start_key, (start_key[0] | start_key[1]).bit_count()
    queue = search.queue
    while queue:
        cost, fewer, _, key = heapq.heappop(queue)  # fewer: minus the pairs decided (0 for the start)
        if cost > best[key]:
            continue
        if key[2] == solved:  # every cell covered (read by index: the compiled build's fastest)
            goal = key
            break
        if explored >= node_budget:
            break
        explored += 1
        if -fewer > frontier_progress:
            frontier_best, frontier_progress = key, -fewer
        # The successor function: the trivial tier's moves on bitsets alone where they apply, else the engine's
        # deductions on the position's state. Each edge's child is worked out on bitsets.
        moves = trivial_moves(masks, key) if on_moves else None
        if moves is not None:
            for move in moves:
                after = settled_after(masks, key, (move[1],), checked=moves_checked)
                if after is not None:
                    search.reach(key, cost + _COST[move[0]], after, move)
            continue
        for d in successors(search.state_of(key), techniques, key):
            after = settled_after(masks, key, d.joins, d.splits, d.quiet_splits)
            if after is None:
                continue  # a contradiction: only trial and error on an improper position can get here
            step = _COST[d.rule]
            if graph is not None:
                pairs = d.joins + d.splits
                graph.add_edge(key[:2], after[0][:2], rule=d.rule, pairs=pairs, reason=d.reason, weight=step)
            search.reach(key, cost + step, after, d)
    end = goal if goal is not None else frontier_best
    steps = search.made(path_to(end, search.came), sentences)
    if goal is None:
        steps += _complete(search.state_of(frontier_best), techniques)
    total = sum(_COST[d.rule] for d in steps)
    return DeductionPath(steps, total, goal is not None, explored, graph, search.stepped)


_NEVER = float("inf")
Edge = Deduction | Move  # an edge of the search: a deduction, or a trivial move found on bitsets
# Each rule's cost, by number: read at every edge, and looked up without the enum.
_COST = {int(t): t.cost for t in Technique}


def _trivial_tier_first(techniques: tuple[Technique, ...]) -> bool:
    """Whether :func:`successors` asks unique placement first of the techniques it lists (after rule 1, which it
    always asks): then a position with a lonely cell or domino has the edges
    :func:`~dominosa.deductions.settled.trivial_moves` gives."""
    listed = [t for t in techniques if t in ALL_FINDERS]
    return bool(listed) and listed[0] is Technique.UNIQUE_PLACEMENT


class _PathSearch:
    """The positions a search has reached and how: each by its settled :class:`~dominosa.deductions.state.Position`
    (its key), with its cheapest cost known, the parent and edge it was reached by, and its
    SolvingState once made; and the queue of positions to expand, cheapest first.

    The state of a position is made only when the engine's finders need it (:meth:`state_of`), from its parent's;
    the start's too, when the search starts on bitsets (``on_bitsets``: a puzzle without clues, whose settled
    start :func:`~dominosa.deductions.settled.start_position` gives).
    """

    def __init__(self, puzzle: Puzzle, *, on_bitsets: bool, start: SolvingState | None = None) -> None:
        self.puzzle = puzzle
        self.given = start  # a settled start made elsewhere, used as the start's state
        self.masks = masks_of(tables_for(puzzle))
        self.states: dict[Position, SolvingState] = {}
        self.came: dict[Position, tuple[Position, Edge]] = {}
        self.stepped = 0  # the states made (the start's included)
        if on_bitsets:
            self.start_key = start_position(self.masks)
        else:
            start = self._start()
            self.start_key = start.position()
            self.states[self.start_key] = start
        self.best = {self.start_key: 0.0}
        self.tick = 0
        self.queue: list[tuple[float, int, int, Position]] = [(0.0, 0, 0, self.start_key)]

    def _start(self) -> SolvingState:
        self.stepped += 1
        return self.given if self.given is not None else settled_start(self.puzzle)

    def start(self) -> SolvingState:
        """The start's SolvingState (made now if the search started on bitsets)."""
        if self.start_key not in self.states:
            self.states[self.start_key] = self._start()
        return self.states[self.start_key]

    def state_of(self, key: Position) -> SolvingState:
        """The position's SolvingState: its parent's, stepped and settled along the replay
        (:func:`~dominosa.deductions.driver.walk`; the parent's made first, the same way, if it has none yet: a
        position expanded on bitsets has none). A move on the way becomes its deduction, in the map of edges too."""
        states, came = self.states, self.came
        chain = []
        while key not in states and key in came:
            chain.append(key)
            key = came[key][0]
        if key not in states:
            self.start()
        if not chain:
            return states[key]
        chain.reverse()
        for child, replayed in zip(chain, walk(states[key], [came[k][1] for k in chain], _deduction_at), strict=True):
            came[child] = (came[child][0], replayed.step)
            states[child] = replayed.after
            self.stepped += 1
        return states[chain[-1]]

    def reach(self, parent: Position, cost: float, after: tuple[Position, int], edge: Edge) -> None:
        """Record a child reached by ``edge`` from ``parent`` at ``cost`` (its settled position first in ``after``,
        as :func:`~dominosa.deductions.settled.settled_after` gives it), and queue it, if no cheaper way to it is
        known. The queue's order: cost, then the most pairs decided, then the order reached."""
        child = after[0]
        if cost < self.best.get(child, _NEVER):
            self.best[child] = cost
            self.came[child] = (parent, edge)
            self.tick += 1
            heapq.heappush(self.queue, (cost, -(child[0] | child[1]).bit_count(), self.tick, child))

    def bare(self, move: Move) -> Deduction:
        """A move as its deduction without the sentence: its rule, pair, cells (the lonely cell first for rule 1)
        and domino."""
        rule, q, where = move
        m = self.masks
        a, b = m.pair_a[q], m.pair_b[q]
        if rule == _SINGLE:
            return Deduction(rule=rule, joins=(q,), cells=(where, b if a == where else a), domino=m.pair_domino[q])
        return Deduction(rule=rule, joins=(q,), cells=(a, b), domino=where)

    def made(self, edges: list[Edge], sentences: bool) -> list[Deduction]:
        """A path's edges as deductions: each move made on a position stepped along the path from the start (one
        copy, not one per position), the deductions as they are; without ``sentences``, the moves as the rule and
        the pair joined alone."""
        if not sentences:
            return [self.bare(e) if isinstance(e, tuple) else e for e in edges]
        if all(isinstance(e, Deduction) for e in edges):
            return edges  # type: ignore[return-value]
        return walk(self.start(), edges, _deduction_at).deductions()


def path_to(key: Position, came: dict) -> list:
    """The edges (deductions or moves) that led from the start to ``key`` in a search's map from each position to
    its parent and the edge from there, in order."""
    edges = []
    while key in came:
        key, edge = came[key]
        edges.append(edge)
    edges.reverse()
    return edges


def deduction_of(state: SolvingState, move: Move) -> Deduction:
    """The engine's deduction of a trivial move at a settled position: the one :func:`successors` makes there."""
    rule, q, d = move
    found = rules.single_neighbour(state) if rule == _SINGLE else rules.unique_placement_of(state, d)
    if found is None or found.joins != (q,):  # pragma: no cover - a guard: the bitsets follow the rules
        raise AssertionError(f"the move {move} is not the engine's deduction")
    return found


def _deduction_at(state: SolvingState, edge: Edge) -> Deduction:
    """An edge of the search as the engine's deduction at its settled position (a move made one; a deduction as
    it is): how :func:`~dominosa.deductions.driver.walk` replays a path of the search."""
    return deduction_of(state, edge) if isinstance(edge, tuple) else edge


_SINGLE = int(Technique.SINGLE_NEIGHBOUR)


def _complete(state: SolvingState, techniques: tuple[Technique, ...]) -> list[Deduction]:
    """Finish from a position with the driver's loop (easiest deduction first), bookkeeping folded (drawn by the
    settled loop where the techniques start with it, as grading's)."""
    return list(iter_deductions(state.copy(), techniques=techniques, with_bookkeeping=False))
