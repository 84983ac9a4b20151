"""Benchmark of the rater: grade alone, and grade plus the shortest deduction path.

Targets (from the rating issue), on the 2-core project machine: grade plus shortest path for order 6 <= 0.3 s
median and <= 2 s worst over 100 puzzles; order 9 <= 2 s median; grade alone for order 6 <= 5 ms median and
order 15 <= 100 ms; peak memory <= 500 MB at order 9.

The reference measured in the same run is one plain solve (``solve_by_steps``, every technique, easiest
first, guessing last): the cost of simply stepping through the puzzle once. The ratio says how much grading
and path finding cost on top of that.

Grading alone, against an older version: the same puzzles graded with the verdict known
(``grade(p, verdict="proper")``) by this code and by the code of a git revision (``--against``, default
``main``), unpacked from git into a temporary folder and run in a subprocess, in the same run, at orders 6, 9, 15
and 20. Targets (the speed issue's, within about 5x of Simon Tatham's C solver): median per puzzle order 6 <= 0.5
ms, order 9 <= 2 ms, order 15 <= 3 ms, order 20 <= 5 ms. ``--profile N`` prints where the time of grading order N
goes (cProfile).

Rating with the shortest path, against the same revision: ``rate()`` (grade and path) at orders 6 and 9 by
both sides in fresh workers on the same puzzles, median per puzzle of CPU time, the path alone of the puzzles
graded trivial, and whether every path is the same (steps, sentences, cost, proof); left out with
``--grading-only``.

Beside each grading row, the level-only grade (``grade(..., level_only=True)``, the driver's closure mode: the
grade by closures in bulk, no steps recorded): its median and worst on the same puzzles, grade() timed alternately
with it in one fresh worker of this code, the ratio to both and to ``--against``'s grade(), whether every grade
agrees, and the time of the level-only run with the techniques up to extreme only, which stops where the C solver
stops.

Run ``python bench/bench_rating.py --help``; ``--quick`` for a short run.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from old_revision import old_package, run_side

import dominosa
from dominosa.deductions import PROPER, grade, rate, solve_by_steps
from dominosa.formats import write_json
from dominosa.generator.proper import proper_layout

TARGETS_MS = {
    ("path", 6): 300.0,
    ("path", 9): 2000.0,
    ("grade", 6): 5.0,
    ("grade", 15): 100.0,
}
WORST_PATH_MS_ORDER_6 = 2000.0
# Grading alone (the verdict known), the speed issue's targets.
GRADING_TARGETS_MS = {6: 0.5, 9: 2.0, 15: 3.0, 20: 5.0}

# Run by the older code in a subprocess: puzzles as JSON lines on standard input, one result line each.
_WORKER = """
import json, statistics, sys, time
import dominosa
from dominosa.formats import puzzle_from_dict
from dominosa.deductions import grade
assert dominosa.__file__.startswith(sys.argv[2]), dominosa.__file__
repeats = int(sys.argv[1])
for line in sys.stdin:
    puzzle = puzzle_from_dict(json.loads(line))
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = grade(puzzle, verdict="proper")
        times.append((time.perf_counter() - start) * 1000)
    print(json.dumps({"ms": statistics.median(times), "grade": result.name}), flush=True)
"""

# Run by both sides, like _WORKER: rate() (grade and shortest path, as the "path" rows below) and, for a puzzle
# graded trivial, the shortest path alone as rate() asks for it; CPU time (the machine may be shared), and what
# the path is, so that the two sides' paths can be compared.
_PATH_WORKER = """
import hashlib, json, statistics, sys, time
import dominosa
from dominosa.formats import puzzle_from_dict
from dominosa.deductions import rate
from dominosa.deductions import shortest_path
assert dominosa.__file__.startswith(sys.argv[2]), dominosa.__file__
repeats = int(sys.argv[1])
for line in sys.stdin:
    puzzle = puzzle_from_dict(json.loads(line))
    times = {"rate": [], "trivial": []}
    for _ in range(repeats):
        start = time.process_time()
        rating = rate(puzzle)
        times["rate"].append((time.process_time() - start) * 1000)
        if rating.grade_name == "trivial":
            start = time.process_time()
            shortest_path(puzzle, trivial=True)
            times["trivial"].append((time.process_time() - start) * 1000)
    path = rating.path
    shown = repr([(d.rule, d.joins, d.splits, d.reason) for d in path.steps]) + repr((path.cost, path.exhaustive))
    print(json.dumps({"ms": statistics.median(times["rate"]),
                      "trivial ms": statistics.median(times["trivial"]) if times["trivial"] else None,
                      "path": hashlib.sha256(shown.encode()).hexdigest()}), flush=True)
"""

# Run by this code only (the level-only grader is new): grade(), the level-only grade and the level-only run up
# to extreme (where the C solver stops), alternately on each puzzle, one result line each.
_LEVEL_WORKER = """
import json, statistics, sys, time
import dominosa
from dominosa.formats import puzzle_from_dict
from dominosa.deductions import grade_level, ordered_by_tier
from dominosa.deductions import grade
assert dominosa.__file__.startswith(sys.argv[2]), dominosa.__file__
repeats = int(sys.argv[1])
up_to_extreme = ordered_by_tier(grade_level("extreme"))
for line in sys.stdin:
    puzzle = puzzle_from_dict(json.loads(line))
    times = {"grade": [], "level": [], "extreme": []}
    for _ in range(repeats):
        for kind, run in (("grade", lambda: grade(puzzle, verdict="proper")),
                          ("level", lambda: grade(puzzle, verdict="proper", level_only=True)),
                          ("extreme", lambda: grade(puzzle, verdict="proper", techniques=up_to_extreme,
                                                    level_only=True))):
            start = time.perf_counter()
            result = run()
            times[kind].append((time.perf_counter() - start) * 1000)
            if kind != "extreme":
                times[kind + " name"] = result.describe()
    print(json.dumps({"grade ms": statistics.median(times["grade"]), "level ms": statistics.median(times["level"]),
                      "extreme ms": statistics.median(times["extreme"]), "grade": times["grade name"],
                      "level": times["level name"]}), flush=True)
"""


def _puzzles(order: int, count: int, seed: int) -> list:
    return [proper_layout(order, random.Random(seed * 1000 + order * 100 + k))[0] for k in range(count)]


def _median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _measure(kind: str, order: int, puzzles: list, repeats: int) -> None:
    ours, ref, exhaustive, grades = [], [], 0, Counter()
    for p in puzzles:
        if kind == "grade":
            ours.append(_median_ms(lambda p=p: grade(p), repeats))
        else:
            ours.append(_median_ms(lambda p=p: rate(p), repeats))
            r = rate(p)
            exhaustive += r.exhaustive
            grades[r.grade_name] += 1
        ref.append(_median_ms(lambda p=p: solve_by_steps(p), repeats))
    med, worst, ref_med = statistics.median(ours), max(ours), statistics.median(ref)
    target = TARGETS_MS.get((kind, order))
    verdict = "" if target is None else ("pass" if med <= target else "FAIL")
    line = (
        f"{kind:>5} order {order:>2}: {len(puzzles):>3} puzzles  median {med:8.1f} ms"
        f"  (target {target if target else '-':>6})  {verdict:4}  worst {worst:8.1f} ms"
        f"  reference median {ref_med:7.1f} ms  ratio {med / ref_med:5.2f}x"
    )
    if kind == "path":
        line += f"  exhaustive {exhaustive}/{len(puzzles)}"
        if order == 6:
            ok = "pass" if worst <= WORST_PATH_MS_ORDER_6 else "FAIL"
            line += f"  worst target {WORST_PATH_MS_ORDER_6:.0f} ms {ok}"
    print(line, flush=True)
    if grades:
        print(f"      grades: {dict(sorted(grades.items(), key=lambda kv: str(kv[0])))}", flush=True)


def _grading_old_vs_new(
    revision: str, sets: dict[int, list], repeats: int, compiled: bool = False, path_orders: tuple[int, ...] = ()
) -> None:
    """Grading alone, median per puzzle, by this code and by ``revision``'s, on the same puzzles; then, at
    ``path_orders``, rating with the shortest path (see :func:`_path_rows`).

    Both sides run the same worker in a fresh process, reading the puzzles from the same JSON lines: timing this
    code in the benchmark's own process instead (with every order's puzzle set alive, and the puzzles as the
    generator made them rather than as read) measured it up to 1.2x slower than the same code in a worker.
    """
    here = str(Path(dominosa.__file__).resolve().parent.parent)
    with tempfile.TemporaryDirectory(prefix="bench-rating-") as folder:
        site = old_package(revision, Path(folder), compiled=compiled)
        how = "its compiled build" if compiled else "its pure-Python sources"
        print(f"grading alone (verdict known), this code against {revision} ({how}, in a temporary folder), "
              "each in a fresh worker process")
        for order, puzzles in sets.items():
            lines = "".join(write_json(p) + "\n" for p in puzzles)
            new = _worker_times(None, here, lines, repeats, folder)
            old = _worker_times(site, str(site), lines, repeats, folder)
            new_ms = [r["ms"] for r in new]
            med, old_med = statistics.median(new_ms), statistics.median(r["ms"] for r in old)
            target = GRADING_TARGETS_MS.get(order)
            verdict = "" if target is None else ("pass" if med <= target else "FAIL")
            print(f"grade order {order:>2}: {len(puzzles):>3} puzzles  median {med:7.2f} ms (target {target} ms) "
                  f"{verdict:4}  worst {max(new_ms):7.1f} ms  {revision}: median {old_med:7.2f} ms worst "
                  f"{max(r['ms'] for r in old):7.1f} ms  ratio new/old {med / old_med:4.2f}x", flush=True)
            print(f"      grades now: {dict(sorted(Counter(r['grade'] for r in new).items()))};  {revision}: "
                  f"{dict(sorted(Counter(r['grade'] for r in old).items()))}", flush=True)
            _level_rows(order, puzzles, run_side(None, ["-c", _LEVEL_WORKER, str(repeats), here], cwd=folder,
                                                 input=lines), old_med, revision)
        for order in path_orders:
            lines = "".join(write_json(p) + "\n" for p in sets[order])
            new, old = ([json.loads(row) for row in run_side(side, ["-c", _PATH_WORKER, str(repeats), root],
                                                             cwd=folder, input=lines).splitlines()]
                        for side, root in ((None, here), (site, str(site))))
            _path_rows(order, new, old, revision)


def _path_rows(order: int, new: list[dict], old: list[dict], revision: str) -> None:
    """rate() with the shortest path, median per puzzle of CPU time, by this code and by ``revision``'s in the
    same run, and the shortest path alone of the puzzles graded trivial; whether every path is the same."""
    med, old_med = (statistics.median(r["ms"] for r in rows) for rows in (new, old))
    same = sum(a["path"] == b["path"] for a, b in zip(new, old, strict=True))
    print(f" path order {order:>2}: {len(new):>3} puzzles  rate() median {med:7.2f} ms (CPU)  {revision}: "
          f"{old_med:7.2f} ms  ratio new/old {med / old_med:4.2f}x;  same path (steps, sentences, cost, proof): "
          f"{same}/{len(new)}", flush=True)
    trivial = [(a["trivial ms"], b["trivial ms"]) for a, b in zip(new, old, strict=True)
               if a["trivial ms"] is not None and b["trivial ms"] is not None]
    if trivial:
        med, old_med = (statistics.median(t[k] for t in trivial) for k in (0, 1))
        print(f"      the path alone of the {len(trivial)} puzzles graded trivial: median {med:6.3f} ms  {revision}: "
              f"{old_med:6.3f} ms  ratio new/old {med / old_med:4.2f}x", flush=True)


def _level_rows(order: int, puzzles: list, out: str, old_grade_ms: float, revision: str) -> None:
    """The level-only grader's rows (``grade(..., level_only=True)``): median and worst per puzzle against grade() timed
    alternately in the same worker, against ``revision``'s grade() (its median from the worker above), and the
    level-only run up to extreme, which stops where the C solver stops (the fair comparison with it)."""
    rows = [json.loads(line) for line in out.splitlines()]
    grade_ms, level_ms, extreme_ms = ([r[k] for r in rows] for k in ("grade ms", "level ms", "extreme ms"))
    med = statistics.median(level_ms)
    target = GRADING_TARGETS_MS.get(order)
    verdict = "" if target is None else ("pass" if med <= target else "FAIL")
    differ = [r for r in rows if r["grade"] != r["level"]]
    print(f"level order {order:>2}: {len(puzzles):>3} puzzles  median {med:7.2f} ms (target {target} ms) {verdict:4}  "
          f"worst {max(level_ms):7.1f} ms  grade() here: median {statistics.median(grade_ms):7.2f} ms worst "
          f"{max(grade_ms):7.1f} ms  ratio {med / statistics.median(grade_ms):4.2f}x;  {revision} grade(): ratio "
          f"{med / old_grade_ms:4.2f}x", flush=True)
    print(f"      stuck at extreme (techniques up to extreme, where the C solver stops): median "
          f"{statistics.median(extreme_ms):7.2f} ms worst {max(extreme_ms):7.1f} ms;  same grade as grade(): "
          f"{len(rows) - len(differ)}/{len(rows)}" + "".join(f"\n      DIFFERENT: {r}" for r in differ), flush=True)


def _worker_times(site: Path | None, package_root: str, lines: str, repeats: int, cwd: str) -> list[dict]:
    """Run the grading worker on the puzzles (JSON lines) by the code at ``site`` (None: this checkout's), which
    must be found under ``package_root``."""
    out = run_side(site, ["-c", _WORKER, str(repeats), package_root], cwd=cwd, input=lines)
    return [json.loads(line) for line in out.splitlines()]


def _level_only(puzzle, **options):
    return grade(puzzle, level_only=True, **options)


def _profile(order: int, puzzles: list) -> None:
    """Where the time of grading goes: cProfile over the puzzles, top entries by own time and cumulative, for
    grade() and for the level-only grader."""
    for name, run in (("grading", grade), ("level-only grading", _level_only)):
        profiler = cProfile.Profile()
        profiler.enable()
        for p in puzzles:
            run(p, verdict=PROPER)
        profiler.disable()
        for key in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(key).print_stats(14)
            text = out.getvalue()
            print(f"profile of {name} of {len(puzzles)} order-{order} puzzles, by {key}:")
            print(text[text.find("   ncalls"):].rstrip())


def _floor(sets: dict[int, list]) -> None:
    """The floor of proving a puzzle beyond extreme: one pass of every technique up to extreme over the position
    where they stop (``stuck``), on a fresh state, so with nothing remembered from earlier scans. Any grader that
    uses these techniques pays at least that much to find that none applies there."""
    from dominosa.deductions import TECHNIQUES, SolvingState, grade_level, next_deduction

    trivial, extreme = grade_level("trivial"), grade_level("extreme")

    for order, puzzles in sets.items():
        per: dict[str, list[float]] = {}
        totals = []
        for p in puzzles:
            stuck = grade(p, verdict=PROPER, level_only=True).stuck
            if stuck is None:
                continue
            total = 0.0
            for t in TECHNIQUES:
                if trivial < t.level <= extreme:
                    s = SolvingState.from_position(p, *stuck)
                    start = time.perf_counter()
                    found = next_deduction(s, (t,))
                    ms = (time.perf_counter() - start) * 1000
                    assert not found, (t.label, "applies where the techniques up to extreme are stuck")
                    per.setdefault(t.label, []).append(ms)
                    total += ms
            totals.append(total)
        if not totals:
            print(f"floor order {order:>2}: no puzzle beyond extreme")
            continue
        parts = ", ".join(f"{label} {statistics.median(v):.2f}" for label, v in per.items())
        print(f"floor order {order:>2}: {len(totals)} puzzles beyond extreme; one pass of every technique up to "
              f"extreme at the stuck position: median {statistics.median(totals):.2f} ms ({parts})", flush=True)


def _peak_memory(order: int, count: int, seed: int) -> None:
    code = (
        "import random, resource\n"
        "from dominosa.deductions import rate\n"
        "from dominosa.generator.proper import proper_layout\n"
        f"ps = [proper_layout({order}, random.Random({seed} * 1000 + {order} * 100 + k))[0] for k in range({count})]\n"
        "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "for p in ps: rate(p)\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, base)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    peak, base = int(out[0]) / 1024, int(out[1]) / 1024
    print(f"peak memory rating order {order} ({count} puzzles, fresh process): max RSS {peak:.0f} MB "
          f"({peak - base:.0f} MB above the baseline after imports and puzzle making); target 500 MB: "
          f"{'pass' if peak <= 500 else 'FAIL'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer puzzles and repeats")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--against", default="main", metavar="REV",
                        help="the git revision whose grading is timed on the same puzzles (default main)")
    parser.add_argument("--grading-only", action="store_true", help="only grading alone, against --against")
    parser.add_argument("--compiled", action="store_true",
                        help="build the --against revision (pip wheel, mypyc) and time its compiled engine")
    parser.add_argument("--floor", action="store_true",
                        help="also time one pass of every technique up to extreme where they stop (the floor)")
    parser.add_argument("--profile", type=int, metavar="ORDER",
                        help="also profile grading at this order (6, 9, 15, 20)")
    args = parser.parse_args(argv)
    n6 = 20 if args.quick else 100
    n9 = 6 if args.quick else 20
    n15 = 5 if args.quick else 15
    n20 = 3 if args.quick else 8
    repeats = 1 if args.quick else args.repeats
    print(f"bench_rating: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; seed {args.seed}, {repeats} repeats")
    start = time.perf_counter()
    sets = {6: _puzzles(6, n6, args.seed), 9: _puzzles(9, n9, args.seed), 15: _puzzles(15, n15, args.seed)}
    grading_sets = {**sets, 20: _puzzles(20, n20, args.seed)}
    print(f"made the puzzle sets in {time.perf_counter() - start:.1f} s (not timed below)")
    _grading_old_vs_new(args.against, grading_sets, repeats, args.compiled, () if args.grading_only else (6, 9))
    if args.floor:
        _floor(grading_sets)
    if args.profile:
        _profile(args.profile, grading_sets[args.profile])
    if args.grading_only:
        return 0
    _measure("grade", 6, sets[6], repeats)
    _measure("grade", 15, sets[15], repeats)
    _measure("path", 6, sets[6], repeats)
    _measure("path", 9, sets[9], repeats)
    _peak_memory(9, n9, args.seed)
    print(f"max RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
