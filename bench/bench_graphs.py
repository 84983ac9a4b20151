"""Benchmark: the engine's hand-written graph algorithms against networkx on the graphs they meet.

Why they are hand-written although networkx is a dependency: set analysis (``deductions/set_analysis.py``) runs a
bipartite matching and the strongly connected components of its alternating graph on a handful of cells many
times per grading, and the layouts (``generator/layouts.py``) tile a whole board for every generated candidate in
a worker process that should not pay for importing networkx. ``tests/test_deductions_graph_algorithms.py`` checks
that both answer as networkx does; this measures what writing them by hand buys, in the same run:

- board tilings: ``layouts.perfect_matching`` against ``networkx.bipartite.hopcroft_karp_matching`` (graph
  construction included, as the caller would pay it) on the standard boards of orders 6, 15 and 30;
- set analysis: ``matching.perfect_matching`` and ``alternating_reach`` against
  ``networkx.bipartite.maximum_matching``
  and ``strongly_connected_components`` on 200 random graphs of 3 to 9 cells, at most four links a cell;
- the import of networkx itself, in a fresh process.

    python bench/bench_graphs.py [--repeats N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import networkx as nx

from dominosa import Board
from dominosa.deductions.matching import alternating_reach
from dominosa.deductions.matching import perfect_matching as match_cells_to_slots
from dominosa.generator.layouts import perfect_matching


def median_us(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1e6 * statistics.median(times)


def networkx_tiling(board: Board) -> None:
    graph = nx.Graph()
    graph.add_edges_from(board.pairs)
    top = [i for i, (r, c) in enumerate(board.cells) if (r + c) % 2 == 0]
    nx.bipartite.hopcroft_karp_matching(graph, top_nodes=top)


def small_graphs(count: int, rng: random.Random) -> list[list[list[int]]]:
    graphs = []
    for _ in range(count):
        m = rng.randint(3, 9)
        graphs.append([sorted(rng.sample(range(m), rng.randint(1, min(4, m)))) for _ in range(m)])
    return graphs


def ours_set_analysis(graphs: list[list[list[int]]]) -> None:
    for adj in graphs:
        match_cell, match_slot = match_cells_to_slots(adj, len(adj))
        if match_cell is not None:
            alternating_reach(adj, match_cell, match_slot)


def networkx_set_analysis(graphs: list[list[list[int]]]) -> None:
    for adj in graphs:
        m = len(adj)
        graph = nx.Graph()
        graph.add_nodes_from(range(2 * m))
        graph.add_edges_from((u, m + r) for u in range(m) for r in adj[u])
        mate = nx.bipartite.maximum_matching(graph, top_nodes=range(m))
        if len(mate) // 2 == m:
            alternating = nx.DiGraph()
            alternating.add_nodes_from(range(2 * m))
            alternating.add_edges_from((u, m + r) for u in range(m) for r in adj[u] if mate[u] != m + r)
            alternating.add_edges_from((m + r, mate[m + r]) for r in range(m) if m + r in mate)
            list(nx.strongly_connected_components(alternating))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=15, help="timed runs per figure; the median is kept (default 15)")
    args = ap.parse_args()
    load = os.getloadavg()
    print(f"bench_graphs: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {args.repeats} repeats")
    for order in (6, 15, 30):
        board = Board.rectangle(order + 1, order + 2)
        rng = random.Random(order)
        ours = median_us(lambda board=board, rng=rng: perfect_matching(board, rng), args.repeats)
        theirs = median_us(lambda board=board: networkx_tiling(board), args.repeats)
        print(f"board tiling, order {order:>2}: ours {ours:8.0f} us  networkx {theirs:8.0f} us  "
              f"ratio ours/networkx {ours / theirs:4.2f}x")
    graphs = small_graphs(200, random.Random(2026))
    ours = median_us(lambda: ours_set_analysis(graphs), max(3, args.repeats // 3)) / len(graphs)
    theirs = median_us(lambda: networkx_set_analysis(graphs), max(3, args.repeats // 3)) / len(graphs)
    print(f"set analysis matching + components, per small graph: ours {ours:6.1f} us  networkx {theirs:6.1f} us  "
          f"ratio ours/networkx {ours / theirs:4.2f}x")
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import networkx"], capture_output=True,
                          text=True, check=True)
    total = max(int(line.split("|")[1]) for line in done.stderr.splitlines() if line.startswith("import time:")
                and line.split("|")[1].strip().isdigit())
    print(f"importing networkx in a fresh process: {total / 1000:.0f} ms (a generator worker importing the layouts"
          " or the counter never pays it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
