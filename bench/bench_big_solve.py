"""A setter's big grids: proving random unique layouts of orders 30 to 50 unique, against a revision and Minisat.

The grids are ``proper_layout(order, Random(seed))`` for each ``order:seed`` of ``--grids`` (default: orders 30
to 50, seed 1 each, and a second seed at 40 and 50), and a random layout, ``random_layout(Board.rectangle(order +
1, order + 2), Random(seed))`` (the generator's start, unique or not), for each ``rORDER:SEED`` (``r50:3``; a
range of seeds as ``r50:1-20``; only the unique ones are kept: Minisat counts each first, a line says which were
dropped). They are made once by this checkout and handed to every side as game IDs, so that all sides count the
same puzzles. Each side, in a fresh process, counts each grid to 2 solutions
(``count_solutions(puzzle, 2)``: what ``dominosa solve`` runs to say a grid is unique) ``--runs`` times; CPU
seconds (``time.process_time``) and search nodes are printed, the median per grid and side, with the ratio of
this checkout to the revision.
Python-sat's Minisat 2.2 counts the same grids to 2 in this process with the plain encoding (one variable per
pair, exactly one per cell and per domino, pairwise: ``bench_uniqueness.encode``), the encoding and both solves
timed; its nodes are its decisions plus its conflicts (ours count the same things: a node is a decision or a
propagation after learning, plus the root), read from one more, untimed, run. Without python-sat that row is
skipped with one line.

``--rate`` also times ``rate`` (``dominosa rate``'s call, path included) once per grid and side: on the revision
it can take minutes a grid. This checkout's is also timed with trial and error searching every guess, as before it
kept the solutions and refutations its searches find (``dominosa.deductions.known_solutions``): the same grade,
the reference for what keeping saves, in the same process.

Run from the checkout's root in the environment where it is installed::

    python bench/bench_big_solve.py                              # the default grids, 3 runs, against main
    python bench/bench_big_solve.py --grids 40:2 --runs 5 --rate
    DOMINOSA_PURE_PYTHON=1 python bench/bench_big_solve.py       # the pure-Python sources on both sides
    python bench/bench_big_solve.py --compiled                   # this compiled build against main's
    python bench/bench_big_solve.py --compiled --grids r50:3,r50:8,r45:1-10   # random unique layouts

Without ``--compiled`` the revision runs from its Python sources: compare it with ``DOMINOSA_PURE_PYTHON=1`` set,
or with a compiled checkout only to see what the build gains.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from old_revision import forget_tables, old_package, run_side  # noqa: E402

# The grids (30:1, 40:1, 40:2, 50:1) and one of each order between; making 40:1, 45:1 and 50:1 takes about a
# minute each (proper_layout counts many candidates).
DEFAULT_GRIDS = "30:1,35:1,40:1,40:2,45:1,50:1,50:2"


def timing_child(site: str, runs: int, with_rate: bool, max_nodes: int | None = None) -> None:
    """One side (a fresh process): for each game ID on stdin, the CPU seconds and nodes of each count, as JSON."""
    import dominosa
    from dominosa.deductions import count_solutions, rate
    from dominosa.formats.game_id import read_game_id

    assert not site or dominosa.__file__.startswith(site), f"the old code was not imported: {dominosa.__file__}"
    out = []
    for line in sys.stdin.read().split():
        puzzle = read_game_id(line)
        counts = []
        for _ in range(runs):
            forget_tables()
            started = time.process_time()
            result = count_solutions(puzzle, 2, max_nodes=max_nodes)
            count = result.count if result.complete else f">{result.count} (out of nodes)"
            counts.append({"seconds": time.process_time() - started, "count": count,
                           "nodes": result.stats.nodes})
        rated = unkept = None
        if with_rate:
            rated = _rated(rate, read_game_id, line, True, site)
            unkept = _rated(rate, read_game_id, line, False, site)
        out.append({"counts": counts, "rate": rated, "unkept": unkept})
    json.dump(out, sys.stdout)


def _rated(rate: Any, read_game_id: Any, line: str, keep: bool, site: str) -> dict | None:
    """CPU seconds and grade of one ``rate``, trial and error keeping the solutions and refutations its searches
    find (``keep``, what rate does) or searching every guess (the reference: None on a side without the choice)."""
    try:
        from dominosa.deductions import known_solutions
    except ImportError:  # a revision from before kept solutions
        known_solutions = None
    # (An editable install's finder may hand an old revision this checkout's module: that one is not the side's.)
    if known_solutions is None or (site and not known_solutions.__file__.startswith(site)):
        if not keep:
            return None
    else:
        known_solutions.keeping(False)  # forgets what an earlier rate kept
        known_solutions.keeping(keep)
    forget_tables()
    started = time.process_time()
    rating = rate(read_game_id(line))
    seconds = time.process_time() - started
    if not keep:
        known_solutions.keeping(True)
    return {"seconds": seconds, "grade": rating.grade_name}


def minisat_seconds(game_id: str, runs: int) -> tuple[float, int] | None:
    """The median CPU seconds of Minisat 2.2 counting the grid to 2 (encoding included), and the count; None
    without python-sat."""
    try:
        import bench_uniqueness as unique
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    if not unique.HAVE_PYSAT:
        return None
    from dominosa.formats.game_id import read_game_id

    unique.CLOCK[0] = time.process_time
    puzzle = read_game_id(game_id)
    times, count = [], 0
    for _ in range(runs):
        count, _, (encoding, building, solving) = unique.count_minisat(puzzle, unique.DEFAULT_ENCODING)
        times.append(encoding + building + solving)
    return statistics.median(times), count


def minisat_nodes(game_id: str) -> int:
    """Minisat's decisions plus conflicts counting the grid to 2 (the same two solves, untimed): its figure to
    set beside our nodes."""
    import bench_uniqueness as unique
    from pysat.solvers import Minisat22

    from dominosa.formats.game_id import read_game_id

    clauses, var_pair = unique.encode(read_game_id(game_id), unique.DEFAULT_ENCODING)
    with Minisat22(bootstrap_with=clauses) as solver:
        if solver.solve():
            model = solver.get_model()
            solver.add_clause([-v for v in model[: len(var_pair)] if v > 0])
            solver.solve()
        stats = solver.accum_stats()
    return stats["decisions"] + stats["conflicts"]


def make_grids(spec: str) -> list[tuple[str, str]]:
    """The labels of ``spec`` and their grids' game IDs: ``order:seed`` a proper layout, ``rORDER:SEED`` (or
    ``rORDER:FIRST-LAST``) a random layout, kept only when unique (Minisat's count; without python-sat, all)."""
    import random

    from dominosa.board import Board
    from dominosa.formats.game_id import write_game_id
    from dominosa.generator.layouts import random_layout
    from dominosa.generator.proper import proper_layout

    grids, dropped = [], []
    for item in spec.split(","):
        if not item.startswith("r"):
            order, seed = (int(part) for part in item.split(":"))
            puzzle, _ = proper_layout(order, random.Random(seed))
            grids.append((item, write_game_id(puzzle)))
            continue
        order_text, _, seeds = item[1:].partition(":")
        first, _, last = seeds.partition("-")
        order = int(order_text)
        for seed in range(int(first), int(last or first) + 1):
            label = f"r{order}:{seed}"
            puzzle, _ = random_layout(Board.rectangle(order + 1, order + 2), random.Random(seed))
            if _minisat_count(puzzle) == 1:
                grids.append((label, write_game_id(puzzle)))
            else:
                dropped.append(label)
    if dropped:
        print(f"not unique, dropped: {', '.join(dropped)}")
    return grids


def _minisat_count(puzzle: Any) -> int:
    """Minisat's count of the puzzle's solutions, to 2 (1 without python-sat: every grid is kept)."""
    try:
        import bench_uniqueness as unique
    except ImportError:  # pragma: no cover - depends on the environment
        return 1
    if not unique.HAVE_PYSAT:
        return 1
    count, _, _ = unique.count_minisat(puzzle, unique.DEFAULT_ENCODING)
    return count


def timed_sides(grids: list[tuple[str, str]], against: str, compiled: bool, child_args: Any) -> dict[str, Any]:
    """Each side's answer for the grids' game IDs: this checkout's, then revision ``against``'s, each a fresh run
    of the calling bench's own ``--timing-child`` with ``child_args(site)`` (the site "" for this checkout)."""
    ids = "\n".join(game_id for _, game_id in grids)
    here = os.path.abspath(sys.argv[0])
    with tempfile.TemporaryDirectory() as folder:
        old = old_package(against, Path(folder), compiled=compiled)
        sides = {}
        for name, site in (("this checkout", None), (against, old)):
            child = [here, "--timing-child", *child_args(str(site or ""))]
            sides[name] = json.loads(run_side(site, child, cwd=folder, input=ids))
    return sides


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--grids", default=DEFAULT_GRIDS, help=f"order:seed,... (default {DEFAULT_GRIDS})")
    parser.add_argument("--runs", type=int, default=3, help="counts per grid and side; the median is kept")
    parser.add_argument("--rate", action="store_true", help="also time rate once per grid and side")
    parser.add_argument("--against", default="main", help="the git revision to compare with (default main)")
    parser.add_argument("--compiled", action="store_true",
                        help="time the revision's own compiled build (pip wheel: a few minutes), not its sources")
    parser.add_argument("--max-nodes", type=int, default=0,
                        help="stop each count after this many nodes (a tail on the revision's side; 0: none)")
    parser.add_argument("--timing-child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.timing_child:
        site, runs, with_rate, max_nodes = args.timing_child
        timing_child(site, int(runs), with_rate == "1", int(max_nodes) or None)
        return 0
    from dominosa.native import build_description

    load = os.getloadavg()
    print(f"bench_big_solve: {build_description()}; load average {load[0]:.2f}; CPU s, median of {args.runs}")
    grids = make_grids(args.grids)
    rate_flag = "1" if args.rate else "0"
    child = [str(args.runs), rate_flag, str(args.max_nodes)]
    sides = timed_sides(grids, args.against, args.compiled, lambda site: [str(site), *child])
    print(f"{'grid':<8} {'side':<14} {'solve s':>8} {'nodes':>8} {'rate s':>8}  grade")
    for k, (label, game_id) in enumerate(grids):
        medians = {}
        for name, done in sides.items():
            counts = done[k]["counts"]
            medians[name] = statistics.median(c["seconds"] for c in counts)
            rated = done[k]["rate"]
            rate_text = f"{rated['seconds']:8.2f}  {rated['grade']}" if rated else f"{'-':>8}"
            print(f"{label:<8} {name:<14} {medians[name]:8.3f} {counts[0]['nodes']:8,} {rate_text}"
                  f"  count {counts[0]['count']}")
            unkept = done[k].get("unkept")
            if unkept:
                print(f"{label:<8} {'  guess search':<14} {'':>8} {'':>8} {unkept['seconds']:8.2f}  "
                      f"{unkept['grade']} (every guess searched: the reference for what keeping saves)")
        sat = minisat_seconds(game_id, args.runs)
        if sat is None:
            print(f"{label:<8} {'minisat':<14} skipped: python-sat is not installed (pip install python-sat)")
        else:
            print(f"{label:<8} {'minisat':<14} {sat[0]:8.3f} {minisat_nodes(game_id):8,} {'':>8}  count {sat[1]}")
        ours, theirs = medians["this checkout"], medians[args.against]
        ratio = f"{ours / theirs:.2f}x {args.against}" if theirs else "-"
        versus_sat = f", {ours / sat[0]:.2f}x minisat" if sat and sat[0] else ""
        print(f"{label:<8} {'ratio':<14} {ratio}{versus_sat}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
