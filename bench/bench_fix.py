"""Benchmark of ``dominosa fix``: the fewest clues for ambiguous grids, and swaps to a grade for proper ones.

Targets (issue 25), on the 2-core project machine: median per ambiguous puzzle, clues proved minimal where the
solutions can be enumerated, order 6 <= 0.5 s and order 9 <= 2 s; swaps to a grade at order 6 <= 5 s. The run
also says how often minimality is proved at each order.

The ambiguous puzzles are random layouts (the generator's random starts, seeds from 0 up, the ambiguous ones
kept) in two kinds: ``plain`` as the generator deals them (no trivially ambiguous 2x2 square; a few solutions
each, like a careful setter's grid) and ``raw`` with such squares allowed (dozens to thousands of solutions,
like a first draft). The reference measured in the same run is one full rating (``rate``: grade, path and score)
of the fixed puzzle, the work the setter asks for next; the ratio says what the fix costs against it.

Swaps for uniqueness (``--swaps``) on the same ambiguous puzzles. Swaps to a grade: proper puzzles of
``proper_layout`` (seeds from 0), each asked for the next harder grade up to extreme (``next``; hard for an
extreme or harder one), or for extreme (``extreme``; hard for an extreme one); the reference is again one rating.

Raw drafts (``--drafts``, issue 34): the full double-n set dealt at random onto a fixed tiling
(:func:`~dominosa.generator.fix_drafts.raw_draft`), thousands of solutions and more, at orders 20, 30 and 50 by
default. Each is fixed in a child process, ``dominosa fix --timeout`` as a user runs it (clues, and swaps at the
orders of ``--swap-orders``), timed from outside, with the child's peak memory (its maximum resident set); the
clues it gives are checked to leave exactly one solution by the exact-cover counter, which shares no code with
the fix (by the counter of ``deductions/counting.py``, run afresh, past order 30, and past 12 for swaps). A run
is within target when the answer comes within ``--timeout`` + 2 s (the command's start-up included) and under
1 GB.

Run ``python bench/bench_fix.py --help``; ``--quick`` for a short run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import GRADES, count_solutions, grade, rate
from dominosa.formats import read_puzzle, write_plain
from dominosa.generator.fix_drafts import raw_draft
from dominosa.generator.fixing import fix
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout

# The largest order whose fixed drafts are checked by the exact-cover counter (slow beyond it; a swapped grid has
# no clues to cut its search short).
_EXACT_COVER_UP_TO = 30
_EXACT_COVER_SWAPS_UP_TO = 12
TARGETS_S = {("clues", 6): 0.5, ("clues", 9): 2.0, ("grade", 6): 5.0}


def ambiguous_puzzles(order: int, count: int, raw: bool):
    """The first ``count`` ambiguous random layouts of the order, seeds from 0 up."""
    seed = 0
    made = 0
    while made < count:
        puzzle, _ = random_layout(order, random.Random(seed), avoid_trivial_squares=not raw)
        seed += 1
        if count_solutions(puzzle, 2).count == 2:
            made += 1
            yield puzzle


def timed(call):
    start = time.perf_counter()
    value = call()
    return value, time.perf_counter() - start


def bench_clues(order: int, count: int, raw: bool, timeout: float) -> None:
    times, ratios, sizes, solutions = [], [], [], []
    proved = fixed = 0
    for puzzle in ambiguous_puzzles(order, count, raw):
        found, seconds = timed(lambda p=puzzle: fix(p, timeout=timeout))
        _, reference = timed(lambda f=found: rate(f.puzzle))
        times.append(seconds)
        ratios.append(seconds / reference)
        sizes.append(len(found.clues))
        solutions.append(found.solutions)
        proved += found.minimal
        fixed += found.proper
    kind = "raw" if raw else "plain"
    target = TARGETS_S.get(("clues", order))
    print(
        f"clues order {order:>2} {kind:<5} {count} puzzles: median {statistics.median(times):.3f} s,"
        f" max {max(times):.3f} s, {statistics.median(ratios):.2f}x one rating (median ratio);"
        f" solutions median {statistics.median(solutions):g} (max {max(solutions):,}),"
        f" clues median {statistics.median(sizes):g} (max {max(sizes)}); proved minimal {proved}/{count},"
        f" unique {fixed}/{count}" + (f"; target {target} s" if target else ""),
        flush=True,
    )


def bench_swaps(order: int, count: int, raw: bool, timeout: float) -> None:
    times, ratios, sizes = [], [], []
    proved = fixed = 0
    for puzzle in ambiguous_puzzles(order, count, raw):
        found, seconds = timed(lambda p=puzzle: fix(p, swaps=True, timeout=timeout))
        _, reference = timed(lambda f=found: rate(f.puzzle))
        times.append(seconds)
        ratios.append(seconds / reference)
        proved += found.minimal
        fixed += found.proper
        if found.proper:
            sizes.append(len(found.swaps))
    kind = "raw" if raw else "plain"
    print(
        f"swaps  order {order:>2} {kind:<7} {count} puzzles: median {statistics.median(times):.3f} s,"
        f" max {max(times):.3f} s, {statistics.median(ratios):.2f}x one rating;"
        f" swaps median {statistics.median(sizes) if sizes else '-'} (max {max(sizes) if sizes else '-'});"
        f" proved fewest {proved}/{count}, unique {fixed}/{count}",
        flush=True,
    )


def bench_grade(order: int, count: int, timeout: float, aim: str) -> None:
    times, ratios, swaps = [], [], []
    reached = proved = 0
    for seed in range(count):
        puzzle, _ = proper_layout(order, random.Random(seed))
        level = grade(puzzle).level
        assert level is not None
        if aim == "next":
            wanted = GRADES[min(level + 1, 3)] if level < 3 else GRADES[2]
        else:
            wanted = "extreme" if level != 3 else "hard"
        found, seconds = timed(lambda p=puzzle, g=wanted: fix(p, grade=g, timeout=timeout))
        _, reference = timed(lambda p=puzzle: rate(p))
        times.append(seconds)
        ratios.append(seconds / reference)
        reached += found.grade == wanted
        proved += found.minimal
        if found.grade == wanted:
            swaps.append(len(found.swaps))
    target = TARGETS_S.get(("grade", order))
    print(
        f"grade  order {order:>2} {aim:<7} {count} puzzles: median {statistics.median(times):.3f} s,"
        f" max {max(times):.3f} s, {statistics.median(ratios):.2f}x one rating; reached {reached}/{count},"
        f" swaps median {statistics.median(swaps) if swaps else '-'} (max {max(swaps) if swaps else '-'}),"
        f" proved fewest {proved}/{count}" + (f"; target {target} s" if target else ""),
        flush=True,
    )


def bench_draft(order: int, seed: int, timeout: float, swaps: bool) -> None:
    """One raw draft fixed by the command in a child process: wall time, peak memory, and the answer checked."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, f"d{order}.txt")
        with open(path, "w") as out:
            out.write(write_plain(raw_draft(order, seed)))
        command = [sys.executable, "-m", "dominosa", "fix", path, "--timeout", f"{timeout:g}", "--format", "json"]
        if swaps:
            command.append("--swaps")
        # /usr/bin/time gives each child's own peak (getrusage's children figure is the largest of all so far).
        timer = ["/usr/bin/time", "-f", "maxrss %M"] if os.path.exists("/usr/bin/time") else []
        start = time.perf_counter()
        done = subprocess.run([*timer, *command], capture_output=True, text=True)
        seconds = time.perf_counter() - start
    kept = [line for line in done.stderr.splitlines() if line.startswith("maxrss ")]
    peak_mb = int(kept[-1].split()[1]) / 1024 if kept else resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    answer = json.loads(done.stdout) if done.stdout.strip() else None
    kind = "swaps" if swaps else "clues"
    if answer is None:
        print(f"draft  order {order:>2} {kind}: NO ANSWER after {seconds:.2f} s, exit {done.returncode}", flush=True)
        return
    size = len(answer["swaps"]) if swaps else len(answer["clues"])
    check = "-"
    if answer["unique"]:
        fixed = read_puzzle(json.dumps(answer["puzzle"]))
        if order <= (_EXACT_COVER_SWAPS_UP_TO if swaps else _EXACT_COVER_UP_TO):
            counted = count_solutions_exact_cover(fixed, 2)
        else:  # the exact-cover search is too slow there: the counter of deductions/counting.py, run afresh
            again = count_solutions(fixed, 2)
            counted = (again.count, again.complete)
        check = "one solution" if counted == (1, True) else f"WRONG: {counted}"
    proof = "proved" if answer["minimal"] else "proved for the kept" if answer["kept_minimal"] else "not proved"
    within = seconds <= timeout + 2 and peak_mb <= 1024
    peak = f"{peak_mb:.0f} MB peak"
    print(
        f"draft  order {order:>2} {kind}: {seconds:.2f} s, {peak}, exit {done.returncode};"
        f" solutions {'' if answer['complete'] else 'more than '}{answer['solutions']:,}, {size} {kind}"
        f" ({proof}, at least {answer['lower_bound']}), unique {answer['unique']} (independent count: {check}),"
        f" stopped {answer['stopped']}; {'within' if within else 'OVER'} target",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--puzzles", type=int, default=30, help="puzzles per row (default 30)")
    parser.add_argument("--orders", type=int, nargs="+", default=[6, 9], help="orders of the clue rows")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per fix (default 20)")
    parser.add_argument("--quick", action="store_true", help="10 puzzles a row")
    parser.add_argument("--drafts", action="store_true", help="raw drafts only, fixed by the command (see above)")
    parser.add_argument("--draft-orders", type=int, nargs="*", default=[20, 30, 50], help="orders of the drafts")
    parser.add_argument("--swap-orders", type=int, nargs="*", default=[30], help="drafts also fixed by --swaps")
    parser.add_argument("--seed", type=int, default=0, help="the drafts' deal (default 0)")
    args = parser.parse_args()
    if args.drafts:
        timeout = 5.0 if args.timeout == parser.get_default("timeout") else args.timeout
        print(f"load {os.getloadavg()[0]:.1f}; raw drafts, --timeout {timeout:g} s", flush=True)
        for order in args.draft_orders:
            bench_draft(order, args.seed, timeout, swaps=False)
        for order in args.swap_orders:
            bench_draft(order, args.seed, timeout, swaps=True)
        print(f"load {os.getloadavg()[0]:.1f} at the end", flush=True)
        return
    count = 10 if args.quick else args.puzzles
    print(f"load {os.getloadavg()[0]:.1f}; {count} puzzles a row; --timeout {args.timeout:g} s per fix", flush=True)
    for order in args.orders:
        for raw in (False, True):
            bench_clues(order, count, raw, args.timeout)
    for order in args.orders:
        for raw in (False, True):
            bench_swaps(order, count, raw, args.timeout)
    for aim in ("next", "extreme"):
        bench_grade(6, count, args.timeout, aim)
    print(f"load {os.getloadavg()[0]:.1f} at the end", flush=True)


if __name__ == "__main__":
    main()
