"""Tail benchmark of the counter: count to 2 on a saved set of puzzles (median, mean, worst, nodes).

The puzzle sets are generated once and saved as JSON grids, because ``proper_layout`` itself counts solutions
(the set it makes depends on the engine's search order) and generating order-30 sets is slow::

    python bench/bench_counting_tail.py make-bench /tmp/dom/bench.json          # the bench_uniqueness set
    python bench/bench_counting_tail.py make-proper 30 30 /tmp/dom/p30.json     # 30 proper order-30 puzzles
    python bench/bench_counting_tail.py make-random 30 40 /tmp/dom/r30.json     # 40 random (improper) layouts
    python bench/bench_counting_tail.py time /tmp/dom/p30.json [--repeats 3] [--limit 2] [--cpu] [-v]

``make-proper 30 100`` is the tail the issue means: 100 random proper order-30 puzzles (seeds 0-99), made once
by the code of the day and then kept, so that an engine change is timed on the same puzzles. ``time`` prints
the median, the worst and the five slowest with their index (= seed for ``make-proper``). It times whichever
engine is installed; ``DOMINOSA_PURE_PYTHON=1`` times the pure-Python sources of a compiled build.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import time

from dominosa.deductions import count_solutions, tables_for
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout
from dominosa.native import build_description
from dominosa.puzzle import Puzzle


def _grid(p: Puzzle) -> list:
    return [list(row) for row in p.grid]


def make_bench(out: str) -> None:
    sys.path.insert(0, "bench")
    import bench_uniqueness as bu

    data = {}
    for order, n in ((6, 15), (9, 15), (15, 15), (30, 9)):
        t0 = time.perf_counter()
        data[str(order)] = [_grid(c.puzzle) for c in bu.make_cases(order, n, 2026)]
        print(f"order {order}: {n} puzzles in {time.perf_counter() - t0:.1f} s", flush=True)
    with open(out, "w") as f:
        json.dump(data, f)


def make_proper(order: int, n: int, out: str, seed0: int = 0) -> None:
    grids = []
    for s in range(seed0, seed0 + n):
        t0 = time.perf_counter()
        p, _ = proper_layout(order, random.Random(s))
        grids.append(_grid(p))
        print(f"seed {s}: {time.perf_counter() - t0:.1f} s", flush=True)
        with open(out, "w") as f:
            json.dump({str(order): grids}, f)


def make_random(order: int, n: int, out: str) -> None:
    grids = [_grid(random_layout(order, random.Random(1000 + s))[0]) for s in range(n)]
    with open(out, "w") as f:
        json.dump({str(order): grids}, f)


def time_set(path: str, repeats: int, limit: int, only: str | None, cpu: bool = False) -> None:
    clock = time.process_time if cpu else time.perf_counter
    load = os.getloadavg()
    print(f"engine: {build_description()}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
          f"{'CPU' if cpu else 'wall'} time, median of {repeats}")
    with open(path) as f:
        data = json.load(f)
    for order, grids in data.items():
        if only and order not in only.split(","):
            continue
        puzzles = [Puzzle.from_grid(g) for g in grids]
        times, nodes, counts = [], [], []
        for p in puzzles:
            runs = []
            for _ in range(repeats):
                tables_for.cache_clear()
                q = Puzzle(p.board, p.numbers, p.dominoes, p.clues)
                gc.collect()
                t0 = clock()
                r = count_solutions(q, limit)
                runs.append(clock() - t0)
            times.append(statistics.median(runs))
            nodes.append(r.stats.nodes)
            counts.append(r.count)
        ms = sorted(1000 * t for t in times)
        print(
            f"order {order:>2} n={len(ms):>3}: median {statistics.median(ms):8.2f} ms  mean {statistics.mean(ms):8.2f}"
            f"  p90 {ms[int(0.9 * (len(ms) - 1))]:8.2f}  worst {ms[-1]:8.2f}  total {sum(ms) / 1000:6.2f} s"
            f"  nodes mean {statistics.mean(nodes):8.1f} median {statistics.median(nodes):6.0f} max {max(nodes):6d}"
            f"  counts {dict(sorted((c, counts.count(c)) for c in set(counts)))}",
            flush=True,
        )
        worst = sorted(range(len(times)), key=times.__getitem__, reverse=True)[:5]
        print("   slowest (index in the set: ms, nodes):",
              ", ".join(f"#{i}: {1000 * times[i]:.0f}, {nodes[i]}" for i in worst))
        if "-v" in sys.argv:
            print("   per puzzle ms:", " ".join(f"{1000 * t:.0f}" for t in times))
            print("   per puzzle nodes:", " ".join(map(str, nodes)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd")
    ap.add_argument("args", nargs="*")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--limit", type=int, default=2)
    ap.add_argument("--only")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="CPU time of this process (less noise on a shared machine)")
    a = ap.parse_args()
    if a.cmd == "make-bench":
        make_bench(a.args[0])
    elif a.cmd == "make-proper":
        make_proper(int(a.args[0]), int(a.args[1]), a.args[2], int(a.args[3]) if len(a.args) > 3 else 0)
    elif a.cmd == "make-random":
        make_random(int(a.args[0]), int(a.args[1]), a.args[2])
    elif a.cmd == "time":
        time_set(a.args[0], a.repeats, a.limit, a.only, a.cpu)


if __name__ == "__main__":
    main()
