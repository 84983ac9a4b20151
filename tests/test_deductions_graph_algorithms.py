"""The hand-written graph algorithms of the engine and the generator, checked against networkx on random graphs.

They stay hand-written for speed (``bench/bench_graphs.py``: on the graphs they meet, networkx takes 1.4 to 2 times
as long for the tilings and 6 times as long for set analysis, and importing it costs a generator worker 200 ms);
these tests make sure they answer as networkx does: the bridges and cut cells behind parity, the bipartite
matching and the alternating graph's reach behind set analysis (Régin's filter), and the board tilings of the
layouts.
"""

from __future__ import annotations

import random

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import layouts

from dominosa import Board
from dominosa.deductions import SolvingState, iter_deductions, parity
from dominosa.deductions.driver import settle
from dominosa.deductions.grades import TECHNIQUES, Technique
from dominosa.deductions.matching import alternating_reach
from dominosa.deductions.matching import perfect_matching as match_cells_to_slots
from dominosa.deductions.state import UNDECIDED, Contradiction
from dominosa.generator.layouts import perfect_matching

SOME = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- bipartite matching and the alternating graph's reach (set analysis) ------------------------------------------


@st.composite
def bipartite(draw, spare_slots=2):
    """Cells 0..m-1 each linked to a few of n slots: the shape set analysis meets (at most four links a cell)."""
    m = draw(st.integers(min_value=1, max_value=9))
    n = draw(st.integers(min_value=m, max_value=m + spare_slots))
    adj = [sorted(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=min(4, n)))) for _ in range(m)]
    return adj, n


def _nx_bipartite(adj, n):
    g = nx.Graph()
    g.add_nodes_from(("cell", u) for u in range(len(adj)))
    g.add_nodes_from(("slot", r) for r in range(n))
    g.add_edges_from((("cell", u), ("slot", r)) for u, rs in enumerate(adj) for r in rs)
    return g


@SOME
@given(bipartite())
def test_perfect_matching_exists_exactly_when_networkx_finds_one(graph):
    adj, n = graph
    match_cell, match_slot = match_cells_to_slots(adj, n)
    g = _nx_bipartite(adj, n)
    size = len(nx.bipartite.maximum_matching(g, top_nodes=[("cell", u) for u in range(len(adj))])) // 2
    assert (match_cell is not None) == (size == len(adj))
    if match_cell is not None:
        assert all(match_cell[u] in adj[u] for u in range(len(adj)))
        assert len(set(match_cell)) == len(adj)
        assert all(match_slot[r] == u for u, r in enumerate(match_cell))


@SOME
@given(bipartite(spare_slots=0))
def test_alternating_reach_is_networkx_reachability_and_regins_test(graph):
    """As many slots as cells, as set analysis always has: each cell's reach is what networkx finds in the
    alternating graph, and an unmatched link lies in some perfect matching (both ends in one strongly connected
    part: Régin) exactly when the cell matched with its slot reaches back."""
    adj, n = graph
    match_cell, match_slot = match_cells_to_slots(adj, n)
    if match_cell is None:
        return
    m = len(adj)
    reach = alternating_reach(adj, match_cell, match_slot)
    g = nx.DiGraph()
    g.add_nodes_from(range(m + n))
    g.add_edges_from((u, m + r) for u in range(m) for r in adj[u] if match_cell[u] != r)
    g.add_edges_from((m + r, match_slot[r]) for r in range(n))
    for c in range(m):
        theirs = {y for y in nx.descendants(g, c) | {c} if y < m}
        assert {y for y in range(m) if reach[c] >> y & 1} == theirs
    part = {v: k for k, c in enumerate(nx.strongly_connected_components(g)) for v in c}
    for c in range(m):
        for r in adj[c]:
            if match_cell[c] != r:
                assert (part[c] == part[m + r]) == bool(reach[match_slot[r]] >> c & 1)


# -- bridges and cut cells (parity) --------------------------------------------------------------------------------


def _expected_parity(s: SolvingState) -> set[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Parity's deductions worked out with networkx: (cells, joins, splits) of each."""
    t = s.tables
    g = nx.Graph()
    g.add_nodes_from(x for x in range(t.n_cells) if not s.covered[x])
    edge_pair = {}
    for q in range(t.n_pairs):
        if s.pair_states[q] == UNDECIDED:
            a, b = t.pair_a[q], t.pair_b[q]
            g.add_edge(a, b)
            edge_pair[frozenset((a, b))] = q
    found = set()
    whole = {x: len(c) for c in nx.connected_components(g) for x in c}
    for a, b in nx.bridges(g):
        if whole[a] % 2:
            continue
        h = g.copy()
        h.remove_edge(a, b)
        part = len(nx.node_connected_component(h, a))
        q = edge_pair[frozenset((a, b))]
        found.add(((t.pair_a[q], t.pair_b[q]), (q,), ()) if part % 2 else ((t.pair_a[q], t.pair_b[q]), (), (q,)))
    for x in g.nodes:
        h = g.copy()
        h.remove_node(x)
        parts = [c for c in nx.connected_components(h) if any(h.has_node(y) and g.has_edge(x, y) for y in c)]
        odd = [c for c in parts if len(c) % 2]
        if len(odd) != 1:
            continue
        away = tuple(q for q in t.cell_pairs[x] if s.pair_states[q] == UNDECIDED
                     and (t.pair_b[q] if t.pair_a[q] == x else t.pair_a[q]) not in odd[0])
        if away:
            found.add(((x,), (), away))
    return found


@SOME
@given(layouts(min_order=2, max_order=7, irregular=True, clues=False), st.integers(0, 30))
def test_parity_finds_the_bridges_and_cut_cells_networkx_finds(layout, steps):
    puzzle, _ = layout
    s = SolvingState(puzzle)
    try:
        for k, _ in enumerate(iter_deductions(s, techniques=[t for t in TECHNIQUES if t <= 6], guess=True)):
            if k >= steps:
                break
        settle(s)
    except Contradiction:
        return
    basic, beyond = list(parity.iter_parity(s)), list(parity.iter_cut_parity(s))
    ours = {(d.cells, d.joins, d.splits) for d in (*basic, *beyond)}
    assert ours == _expected_parity(s)
    # Simon Tatham's form (basic): an even bridge split; the rest is the fiendish cut-cell parity (issue 37)
    assert all(d.rule == Technique.PARITY and not d.joins and len(d.cells) == 2 for d in basic)
    assert all(d.rule == Technique.CUT_PARITY and (d.joins or len(d.cells) == 1) for d in beyond)


# -- board tilings (the layouts) -----------------------------------------------------------------------------------


@SOME
@given(st.integers(2, 7), st.integers(2, 7), st.sets(st.integers(0, 48), max_size=12), st.integers(0, 2**16))
def test_a_board_has_a_tiling_exactly_when_networkx_finds_a_perfect_matching(rows, cols, holes, seed):
    cells = [(r, c) for r in range(rows) for c in range(cols) if r * cols + c not in holes]
    if not cells:
        return
    board = Board.from_cells(tuple(cells))
    g = nx.Graph()
    g.add_nodes_from(range(len(board.cells)))
    g.add_edges_from(board.pairs)
    perfect = 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == len(board.cells)
    try:
        tiling = perfect_matching(board, random.Random(seed))
    except ValueError:
        assert not perfect
        return
    assert perfect
    covered = [x for q in tiling for x in board.pairs[q]]
    assert sorted(covered) == list(range(len(board.cells)))
