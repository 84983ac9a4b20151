"""Benchmark of the generator: proper puzzles, puzzles at a target grade, and two workers against one.

Targets (from the generator issue), medians per puzzle on the 2-core project machine:

- any proper puzzle (proved, not rated): order 6 <= 20 ms, order 15 <= 300 ms;
- at a target grade (proved and fully rated, deduction path included): order 6 at every grade <= 1 s; order 9 at
  the top two logical grades ("extreme", "fiendish") <= 5 s; with ``--heavy``, order 12 at them <= 30 s and
  order 15 <= 120 s;
- with ``--heavy``, also "hard" at orders 12 and 15: a grade random layouts seldom have there, where climbing
  toward the grade matters most (no target in the issue; shown against the same time limits);
- two workers give >= 1.7x the throughput of one on a batch of 20 puzzles (order 7, hard). The machine is
  shared: beside each ratio the benchmark measures what two busy-loop processes get against one meanwhile,
  the most any program could get at that moment.

Each "per puzzle" figure is the median over ``--samples`` runs of ``generate(request, 1)`` with different seeds,
serially (one worker), so it is the cost of one puzzle from nothing. The reference measured in the same run is
plain rejection sampling: random layouts (no trivial squares) until one is proper, and for a grade until one
is proper and of that grade, then rated the same way as ours. A reference sample that has not found its puzzle
within ``--reference-limit`` seconds stops and shows as ">limit". Every grade but "guessing" (which logic
nearly always avoids) is measured; a grade the search gives up on shows as "gave up".

Against another revision (the speed issue): ``--against REV`` (e.g. ``main``) times, instead of the above, one
puzzle at a time from nothing with ``--samples`` seeds at every grade of order 6 and at order-9 hard, by this code
and by REV's (unpacked by ``old_revision.py`` into a temporary folder), each in a fresh process started from
outside the checkout, alternately for ``--rounds`` rounds; every seed keeps its best round, and the figure is the
median over the seeds, against the speed issue's targets (order 6: trivial and basic 5 ms, hard 30 ms, extreme
100 ms; order-9 hard 300 ms). It also says whether both made the same puzzles with the same scores. REV runs as
its pure-Python sources, unless ``--compiled`` builds it (``pip wheel``: its engine compiled with mypyc, as this
checkout's is when installed so), which is the fair comparison for a change that is not about compiling. ``--phases``
adds where this code's time goes per grade: developing (count and repair), grading the layouts, and the chosen
puzzle's finishing (its proof, its grade, its deduction path).

Run ``python bench/bench_generator.py --help``; ``--quick`` for a short run, ``--strict`` to exit 1 when a target
is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from old_revision import old_package, run_side

from dominosa import native
from dominosa.deductions import GRADES, count_solutions, grade, rate
from dominosa.generator.evolve import NoPuzzleFound, Settings
from dominosa.generator.generate import generate, make_request
from dominosa.generator.layouts import random_layout
from dominosa.generator.workers import PoolWorkers, SerialWorkers

ANY_TARGETS_S = {6: 0.020, 15: 0.300}
GRADE_TARGETS_S = {6: 1.0, 9: 5.0, 12: 30.0, 15: 120.0}
TOP_TWO = ("extreme", "fiendish")
THROUGHPUT_TARGET = 1.7
THROUGHPUT_BATCH = 20
SPIN = 3_000_000  # busy-loop steps for the machine's own two-core ceiling (about a quarter second)
# The speed issue's targets per puzzle, (order, grade): seconds.
AGAINST_TARGETS_S = {
    (6, "trivial"): 0.005,
    (6, "basic"): 0.005,
    (6, "hard"): 0.030,
    (6, "extreme"): 0.100,
    (9, "hard"): 0.300,
}

# Run in a fresh process by this code or by an older revision's (its folder first on PYTHONPATH): one puzzle at a
# time from nothing, a warm-up first; one JSON line per seed with the time and what was made.
_TIMER = """
import json, sys, time
import dominosa
from dominosa.formats.game_id import write_game_id
from dominosa.generator.generate import generate, make_request
where, order, grade, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
assert where == "-" or dominosa.__file__.startswith(where), dominosa.__file__
list(generate(make_request(order=order, grade=grade, seed=-1), 1))
for seed in seeds:
    start = time.perf_counter()
    (made,) = generate(make_request(order=order, grade=grade, seed=seed), 1)
    seconds = time.perf_counter() - start
    print(json.dumps({"seed": seed, "s": seconds, "id": write_game_id(made.puzzle), "score": made.score}), flush=True)
"""


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _fmt(seconds: float) -> str:
    if seconds != seconds:  # nan
        return "-"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def ours_once(order: int, grade_name: str | None, seed: int, rating: str) -> tuple[float, int, str | None]:
    """Seconds to make one puzzle, the layouts evaluated, and its grade."""
    request = make_request(order=order, grade=grade_name, seed=seed, settings=Settings(rating=rating))
    start = time.perf_counter()
    (made,) = generate(request, 1)
    return time.perf_counter() - start, made.evaluations, made.grade


def reference_once(order: int, grade_name: str | None, seed: int, limit: float) -> float | None:
    """Rejection sampling: random layouts until one is proper (and of the grade), then rated like ours."""
    rng = random.Random(f"reference:{seed}")
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        puzzle, _ = random_layout(order, rng)
        result = count_solutions(puzzle, 2)
        if not (result.complete and result.count == 1):
            continue
        if grade_name is None:
            return time.perf_counter() - start
        if grade(puzzle, verdict="proper").name == grade_name:
            rate(puzzle)
            return time.perf_counter() - start
    return None


def measure(
    label: str,
    order: int,
    grade_name: str | None,
    target: float,
    args: argparse.Namespace,
    missed: list[str],
    rating: str = "path",
) -> None:
    times, evaluations = [], []
    gave_up = False
    for k in range(args.samples):
        try:
            seconds, evals, got = ours_once(order, grade_name, args.seed + k, rating)
        except NoPuzzleFound:
            gave_up = True
            break
        assert grade_name is None or got == grade_name, (got, grade_name)
        times.append(seconds)
        evaluations.append(evals)
    refs = []
    for k in range(args.reference_samples):
        found = reference_once(order, grade_name, args.seed + k, args.reference_limit)
        refs.append(found if found is not None else float("inf"))
    ours = _median(times)
    ref = _median(refs)
    ref_text = f">{args.reference_limit:g} s" if ref == float("inf") else _fmt(ref)
    ok = not gave_up and ours <= target
    if not ok:
        missed.append(label)
    verdict = "gave up" if gave_up else ("pass" if ok else "FAIL")
    print(
        f"  {label:<28} ours {_fmt(ours):>10} (worst {_fmt(max(times) if times else float('nan')):>9},"
        f" {_median(evaluations):>5.0f} layouts)  target <= {_fmt(target):>8}  {verdict:<7}"
        f"  rejection {ref_text:>10}",
        flush=True,
    )


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def _batch_seconds(workers: int, request) -> tuple[float, list[dict]]:
    start = time.perf_counter()
    with SerialWorkers() if workers == 1 else PoolWorkers(workers) as engine:
        made = [m.to_dict() for m in generate(request, THROUGHPUT_BATCH, workers=engine)]
    return time.perf_counter() - start, made


def throughput(args: argparse.Namespace, missed: list[str]) -> None:
    """One worker against two on the same batch, alternated ``--throughput-repeats`` times (the median ratio),
    beside the machine's own ceiling: pure-Python busy loops, two in a row against two at once."""
    request = make_request(order=7, grade="hard", seed=args.seed)
    ratios, ceilings, same = [], [], True
    with PoolWorkers(2) as pool:
        pool.map(_spin, [1, 1])  # started before the clock
        for _ in range(args.throughput_repeats):
            one, serial = _batch_seconds(1, request)
            two, pooled = _batch_seconds(2, request)
            same = same and serial == pooled
            ratios.append(one / two)
            start = time.perf_counter()
            _spin(SPIN)
            _spin(SPIN)
            alone = time.perf_counter() - start
            start = time.perf_counter()
            pool.map(_spin, [SPIN, SPIN])
            ceilings.append(alone / (time.perf_counter() - start))
            print(
                f"  {THROUGHPUT_BATCH} hard order-7 puzzles: 1 worker {one:.2f} s, 2 workers {two:.2f} s"
                f" ({one / two:.2f}x); busy loops {ceilings[-1]:.2f}x",
                flush=True,
            )
    ratio, ceiling = _median(ratios), _median(ceilings)
    ok = ratio >= THROUGHPUT_TARGET and same
    if not ok:
        missed.append("throughput")
    print(
        f"  median speed-up {ratio:.2f}x (target >= {THROUGHPUT_TARGET}x; the machine gave busy loops"
        f" {ceiling:.2f}x meanwhile), same puzzles: {same}  {'pass' if ok else 'FAIL'}"
    )


def per_puzzle(args: argparse.Namespace, missed: list[str]) -> None:
    """The per-puzzle figures: any proper puzzle, every grade at order 6, the top grades at 9 (and more with
    ``--heavy``)."""
    print("any proper puzzle (proved, not rated):")
    for order in (6, 15):
        measure(f"order {order}", order, None, ANY_TARGETS_S[order], args, missed, rating="none")
    print("at a target grade (proved and rated with the deduction path):")
    for name in GRADES[:-1]:
        measure(f"order 6 {name}", 6, name, GRADE_TARGETS_S[6], args, missed)
    heavy_orders = (9, 12, 15) if args.heavy else (9,)
    for order in heavy_orders:
        for name in TOP_TWO:
            measure(f"order {order} {name}", order, name, GRADE_TARGETS_S[order], args, missed)
    if args.heavy:
        print("a grade that random layouts rarely have at these orders (no target of its own):")
        for order in (12, 15):
            measure(f"order {order} hard", order, "hard", GRADE_TARGETS_S[order], args, missed)


def _timed(
    site: Path | None, folder: str, order: int, grade_name: str, seeds: list[int], cpu: bool = False
) -> dict[int, dict]:
    """One fresh process of this code (``site`` None) or of the revision unpacked at ``site``: per seed, its line.
    ``cpu``: the process's CPU time rather than the wall clock."""
    where = str(site) if site is not None else "-"
    timer = _TIMER.replace("time.perf_counter()", "time.process_time()") if cpu else _TIMER
    out = run_side(site, ["-c", timer, where, str(order), grade_name, json.dumps(seeds)], cwd=folder)
    return {row["seed"]: row for row in map(json.loads, out.splitlines())}


def against(args: argparse.Namespace, missed: list[str]) -> None:
    """This code against ``args.against`` on the same seeds, alternately in fresh processes (see the module)."""
    seeds = [args.seed + k for k in range(args.samples)]
    with tempfile.TemporaryDirectory(prefix="bench-generator-") as folder:
        site = old_package(args.against, Path(folder), compiled=args.compiled)
        how = "its compiled build" if args.compiled else "its pure-Python sources"
        how += ", CPU time" if args.cpu else ""
        print(f"one puzzle from nothing, this code ({native.build_description()}) against {args.against} ({how}):"
              f" {len(seeds)} seeds, best of {args.rounds} alternating rounds per seed, median over the seeds",
              flush=True)
        for (order, grade_name), target in AGAINST_TARGETS_S.items():
            new: dict[int, list[dict]] = {seed: [] for seed in seeds}
            old: dict[int, list[dict]] = {seed: [] for seed in seeds}
            for _ in range(args.rounds):
                for seed, row in _timed(None, folder, order, grade_name, seeds, args.cpu).items():
                    new[seed].append(row)
                for seed, row in _timed(site, folder, order, grade_name, seeds, args.cpu).items():
                    old[seed].append(row)
            ours = _median([min(r["s"] for r in new[seed]) for seed in seeds])
            theirs = _median([min(r["s"] for r in old[seed]) for seed in seeds])
            same = all((new[s][0]["id"], new[s][0]["score"]) == (old[s][0]["id"], old[s][0]["score"]) for s in seeds)
            ok = ours <= target
            if not ok:
                missed.append(f"order {order} {grade_name}")
            print(
                f"  order {order} {grade_name:<8} ours {_fmt(ours):>9}  {args.against} {_fmt(theirs):>9}"
                f"  ratio {ours / theirs:4.2f}x  target <= {_fmt(target):>8} {'pass' if ok else 'FAIL':<4}"
                f"  same puzzles and scores: {'yes' if same else 'NO'}  (load {os.getloadavg()[0]:.2f})",
                flush=True,
            )
            if not same:
                missed.append(f"order {order} {grade_name}: different puzzles")


def phases(args: argparse.Namespace) -> None:
    """Where this code's time goes per grade, by wrapping the generator's steps with clocks (one process)."""
    import dominosa.deductions.rating as rating_module
    import dominosa.generator.fitness as fitness

    spent: dict[str, float] = {}

    def clocked(module, name: str, label: str) -> None:
        inner = getattr(module, name)

        def wrapper(*a, **k):
            start = time.perf_counter()
            try:
                return inner(*a, **k)
            finally:
                spent[label] = spent.get(label, 0.0) + time.perf_counter() - start

        setattr(module, name, wrapper)

    clocked(fitness, "develop", "develop (count and repair)")
    clocked(fitness, "grade", "grade the layouts")
    clocked(fitness, "finish", "finish: all")
    clocked(rating_module, "grade", "finish: grade")
    clocked(rating_module, "shortest_path", "finish: deduction path")
    clocked(fitness, "shortest_path", "finish: deduction path")  # a trivial puzzle's path, sentences left out
    print("where the time goes (this code, one process, clocks around each step; per puzzle):")
    for (order, grade_name) in AGAINST_TARGETS_S:
        spent.clear()
        start = time.perf_counter()
        layouts = 0
        for k in range(args.samples):
            (made,) = generate(make_request(order=order, grade=grade_name, seed=args.seed + k), 1)
            layouts += made.evaluations
        total = time.perf_counter() - start
        parts = ", ".join(f"{label} {_fmt(t / args.samples)} ({100 * t / total:.0f}%)" for label, t in spent.items())
        print(f"  order {order} {grade_name:<8} {_fmt(total / args.samples)}, {layouts / args.samples:.1f} layouts:"
              f" {parts}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=7, help="puzzles per figure (default 7)")
    parser.add_argument("--reference-samples", type=int, default=5, help="rejection-sampling runs per figure")
    parser.add_argument("--reference-limit", type=float, default=30.0, help="seconds before a reference run stops")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--heavy", action="store_true", help="also orders 12 and 15 at the top two grades")
    parser.add_argument("--quick", action="store_true", help="3 samples, 2 reference runs of at most 10 s")
    parser.add_argument("--no-throughput", action="store_true", help="skip the one-against-two-workers batch")
    parser.add_argument("--only-throughput", action="store_true", help="only the one-against-two-workers batch")
    parser.add_argument(
        "--throughput-repeats", type=int, help="alternations of 1 and 2 workers (default 3; 1 with --quick)"
    )
    parser.add_argument("--strict", action="store_true", help="exit status 1 if a target is missed")
    parser.add_argument("--against", metavar="REV", help="only: this code against a git revision (see the module)")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: alternations per figure (default 3)")
    parser.add_argument("--phases", action="store_true", help="with --against: also where this code's time goes")
    parser.add_argument("--compiled", action="store_true",
                        help="with --against: build the revision (pip wheel, mypyc) and time its compiled engine")
    parser.add_argument("--cpu", action="store_true",
                        help="with --against: time CPU time, not the wall clock (for a busy machine)")
    args = parser.parse_args(argv)
    if args.quick:
        args.samples, args.reference_samples, args.reference_limit = 3, 2, 10.0
    if args.throughput_repeats is None:  # an explicit count wins over --quick's
        args.throughput_repeats = 1 if args.quick else 3
    if args.no_throughput and args.only_throughput:
        parser.error("--no-throughput and --only-throughput exclude each other")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
    missed: list[str] = []
    if args.against:
        against(args, missed)
        if args.phases:
            phases(args)
        print("all targets met" if not missed else f"missed: {', '.join(missed)}")
        return 1 if args.strict and missed else 0
    if not args.only_throughput:
        per_puzzle(args, missed)
    if not args.no_throughput:
        print(f"throughput on a batch of {THROUGHPUT_BATCH}:")
        throughput(args, missed)
    print("all targets met" if not missed else f"missed: {', '.join(missed)}")
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
