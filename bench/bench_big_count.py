"""The counter on a big guessing board: a random double-40 layout counted to 2, this checkout against a revision.

A random (not proper) layout of a large order is what the guessing rule and ``fix`` hand the counter: a search
of tens of thousands of nodes. This times the same search on both sides, in one run and alternately, so that a
busy shared machine slows both alike: each side in a fresh process counts ``random_layout(ORDER, Random(SEED))``
to 2 solutions within a budget of ``--nodes`` search nodes (0: no budget, the whole count), ``--runs`` times;
CPU time (``time.process_time``), the median of each side is printed with the ratio. Both sides must walk the
same search, node for node (their :class:`~dominosa.deductions.counting.SearchStats` are compared): a speed-up
that changed the walk would also change the grading's effort figures.

Run from the checkout's root in the environment where it is installed::

    python bench/bench_big_count.py                      # double-40, seed 3, 20,000 nodes, 3 runs, against main
    python bench/bench_big_count.py --nodes 0 --runs 1   # the whole count (about a minute a side, pure Python)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from old_revision import old_package, run_side  # noqa: E402


def timing_child(order: int, seed: int, nodes: int, site: str) -> None:
    """One side's one run (a fresh process): the seconds of CPU and the search's figures, as JSON."""
    import random
    import time

    import dominosa
    from dominosa.deductions import count_solutions
    from dominosa.generator.layouts import random_layout

    assert not site or dominosa.__file__.startswith(site), f"the old code was not imported: {dominosa.__file__}"
    puzzle, _ = random_layout(order, random.Random(seed))
    started = time.process_time()
    result = count_solutions(puzzle, 2, max_nodes=nodes or None)
    seconds = time.process_time() - started
    s = result.stats
    json.dump({"seconds": seconds, "count": result.count, "stats": [s.nodes, s.branches, s.max_depth, s.probes]},
              sys.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--order", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=20_000, help="search-node budget, 0 for the whole count")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", default="main", help="the git revision to compare with (default main)")
    parser.add_argument("--timing-child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.timing_child:
        order, seed, nodes, site = args.timing_child
        timing_child(int(order), int(seed), int(nodes), site)
        return 0
    here = os.path.abspath(__file__)
    with tempfile.TemporaryDirectory() as folder:
        old = old_package(args.against, Path(folder))
        runs: dict[str, list[dict]] = {"this checkout": [], args.against: []}
        for _ in range(args.runs):
            for name, site in (("this checkout", None), (args.against, old)):
                child = [here, "--timing-child", str(args.order), str(args.seed), str(args.nodes), str(site or "")]
                runs[name].append(json.loads(run_side(site, child, cwd=folder)))
    budget = f"{args.nodes:,} nodes" if args.nodes else "no budget"
    print(f"random_layout({args.order}, Random({args.seed})) counted to 2, {budget}, CPU s, {args.runs} runs a side")
    medians = {}
    for name, done in runs.items():
        medians[name] = statistics.median(r["seconds"] for r in done)
        nodes, branches, depth, _ = done[0]["stats"]
        each = ", ".join(f"{r['seconds']:.2f}" for r in done)
        print(f"  {name:<14} median {medians[name]:7.2f}  (runs {each})"
              f"  count {done[0]['count']}, {nodes:,} nodes, {branches:,} branches, depth {depth}")
    walks = {json.dumps([r["count"], r["stats"]]) for done in runs.values() for r in done}
    print(f"  ratio this/{args.against}: {medians['this checkout'] / medians[args.against]:.2f}"
          + ("" if len(walks) == 1 else "  (the two sides walked different searches!)"))
    return 0 if len(walks) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
