"""Benchmark of monster puzzles: ``generate`` at orders 30, 40 and 50, one puzzle at a time, one worker.

Targets (issue 37, item 1; issue 45, item 3 for trivial and fiendish), CPU seconds per puzzle, median over the
seeds: order 40 at every grade, trivial to fiendish, <= 10 s each; order 50 hard <= 30 s. (Order 30 and the
other order-50 grades have no target: they are shown for the trend.)

Each sample is ``generate(request, 1)`` with its own seed, from nothing, in this process, serially: the cost of
one proved, fully rated puzzle. CPU time (``time.process_time``) rather than wall time, so that the figures hold
on a shared machine; the load average is printed beside them.

The reference measured in the same run is ``rate`` on the real double-40 monthly of puzzle-dominosa.com
(``tests/data/monthly-2025-11-o40.json``: proved unique, graded and its deduction path found), the median of a few
repeats; each row shows its median as a multiple of it, a figure that moves less with the machine than seconds do.

``--counting`` makes every row with the development small boards get (each layout counted before it is graded)
instead of the logic-first one: at order 30 that is where the threshold of logic-first development comes from.

Run ``python bench/bench_monster.py --help``; ``--quick`` for order 40 hard with three seeds, ``--strict`` to exit
1 when a target is missed.

``--against REV`` times each seed on this checkout and on git revision REV (``main``, say) in one run, taking turns
seed by seed, each sample a fresh process (:mod:`old_revision` unpacks the revision). When this checkout runs
compiled and the revision's compiled modules have the same sources as this checkout's (a change to the generator
alone), the revision is given this checkout's compiled modules, so both sides run compiled; otherwise the revision
runs its Python sources (set ``DOMINOSA_PURE_PYTHON=1`` to compare like with like then). Each side's evaluations
are printed beside its seconds: they say whether the searches differ, which load cannot move.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from old_revision import old_package, run_side  # noqa: E402

from dominosa.deductions import count_solutions, rate
from dominosa.formats import puzzle_from_dict
from dominosa.generator import develop_big
from dominosa.generator.generate import generate, make_request

MONTHLY = Path(__file__).resolve().parents[1] / "tests" / "data" / "monthly-2025-11-o40.json"
# Issue 37's targets, CPU seconds per puzzle: (order, grade) -> seconds.
TARGETS_S = {
    (40, "trivial"): 10.0,
    (40, "basic"): 10.0,
    (40, "hard"): 10.0,
    (40, "extreme"): 10.0,
    (40, "fiendish"): 10.0,
    (50, "hard"): 30.0,
}
GRADES = ("trivial", "basic", "hard", "extreme", "fiendish")


def _numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def _names(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    for name in names:
        if name not in GRADES:
            raise argparse.ArgumentTypeError(f"unknown grade {name!r}: choose from {', '.join(GRADES)}")
    return names


def reference_seconds(repeats: int) -> float:
    """CPU seconds of ``rate`` on the double-40 monthly, the median of ``repeats`` runs."""
    monthly = puzzle_from_dict(json.loads(MONTHLY.read_text(encoding="utf-8")))
    times = []
    for _ in range(repeats):
        start = time.process_time()
        rate(monthly)
        times.append(time.process_time() - start)
    return statistics.median(times)


def one_puzzle(order: int, grade: str, seed: int) -> tuple[float, str | None, float | None, bool, int]:
    """One puzzle from nothing: its CPU seconds, its grade and score, whether it is unique (checked again here,
    outside the timing, by the counter with no budget), and the evaluations its search made."""
    request = make_request(order=order, grade=grade, seed=seed)
    start = time.process_time()
    made = next(generate(request, 1))
    seconds = time.process_time() - start
    unique = count_solutions(made.puzzle, 2).unique
    return seconds, made.grade, made.score, unique, made.evaluations


def _child(site: str, order: int, grade: str, seed: int) -> None:
    """One sample in a fresh process, for :func:`_against`: its figures as a JSON line."""
    import dominosa

    assert not site or dominosa.__file__.startswith(site), f"the old code was not imported: {dominosa.__file__}"
    seconds, made, value, unique, evaluations = one_puzzle(order, grade, seed)
    print(json.dumps({"seconds": seconds, "grade": made, "score": value, "unique": unique, "evals": evaluations}))


def _compiled_into(site: Path, source: Path) -> bool:
    """Copy this checkout's compiled modules into the revision's package at ``site`` when this process runs
    compiled and the revision's compiled modules have this checkout's sources (``source``: the revision's files);
    whether it did."""
    from dominosa import native

    if not native.compiled_modules():
        return False
    root = Path(__file__).resolve().parents[1]
    folders = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    for name in native.COMPILED_MODULES:
        package, module = name.rsplit(".", 1)
        if not filecmp.cmp(root / folders[package] / f"{module}.py", source / folders[package] / f"{module}.py",
                           shallow=False):
            return False
    for package, folder in folders.items():
        for built in (root / folder).glob("*.so"):
            shutil.copy(built, site.joinpath(*package.split(".")) / built.name)
    return True


def _against(revision: str, rows: list[tuple[int, str]], seeds: range) -> None:
    """Each row's seeds on this checkout and on ``revision``, taking turns (see the module)."""
    here = os.path.abspath(__file__)
    with tempfile.TemporaryDirectory() as folder:
        site = old_package(revision, Path(folder))
        compiled = _compiled_into(site, Path(folder) / "source")
        print(f"{revision}: {'compiled (the modules of this checkout)' if compiled else 'Python sources'}")
        print(f"{'order':>5} {'grade':<8} {'seed':>4} {'this s':>7} {'evals':>5} {revision + ' s':>9} {'evals':>5}")
        for order, grade in rows:
            sums: dict[str, list[float]] = {"new": [], "old": []}
            for seed in seeds:
                got = {}
                for side, path in (("new", None), ("old", site)):
                    argv = [here, "--child", str(path or ""), str(order), grade, str(seed)]
                    got[side] = json.loads(run_side(path, argv, cwd=folder).strip().splitlines()[-1])
                    sums[side].append(got[side]["seconds"])
                new, old = got["new"], got["old"]
                print(f"{order:>5} {grade:<8} {seed:>4} {new['seconds']:>7.2f} {new['evals']:>5} "
                      f"{old['seconds']:>9.2f} {old['evals']:>5}", flush=True)
            print(f"{order:>5} {grade:<8} {'med':>4} {statistics.median(sums['new']):>7.2f} {'':>5} "
                  f"{statistics.median(sums['old']):>9.2f}   max {max(sums['new']):.2f} / {max(sums['old']):.2f}",
                  flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--orders", type=_numbers, default=[40, 50], help="orders to make (default 40,50)")
    parser.add_argument("--grades", type=_names, default=list(GRADES), help="grades (default: all five)")
    parser.add_argument("--seeds", type=int, default=5, help="samples (seeds 1..N) per row (default 5)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of the reference (default 5)")
    parser.add_argument("--quick", action="store_true", help="order 40 hard only, three seeds")
    parser.add_argument("--counting", action="store_true", help="count every layout first, as on small boards")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--against", metavar="REV", help="also time git revision REV, seed by seed (see above)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        site, order, grade, seed = args.child
        _child(site, int(order), grade, int(seed))
        return 0
    rows = [(order, grade) for order in args.orders for grade in args.grades]
    seeds = range(1, args.seeds + 1)
    if args.quick:
        rows, seeds = [(40, "hard")], range(1, 4)
    if args.against:
        _against(args.against, rows, seeds)
        return 0
    if args.counting:
        develop_big.LOGIC_FIRST_CELLS = sys.maxsize
    reference = reference_seconds(args.repeats)
    print(f"reference: rate on the double-40 monthly, {reference:.2f} s of CPU (median of {args.repeats})")
    print("development: " + ("counting first (as on small boards)" if args.counting else "logic-first on big boards"))
    head = f"{'order':>5} {'grade':<8} {'n':>2} {'median':>7} {'min':>6} {'max':>6} {'x ref':>6}  {'target':<8}"
    print(head + " seconds by seed")
    missed = []
    for order, grade in rows:
        times = []
        for seed in seeds:
            seconds, made, value, unique, _ = one_puzzle(order, grade, seed)
            if made != grade or not unique:
                print(f"seed {seed}: made {made} (unique: {unique}), not a proper {grade} puzzle", file=sys.stderr)
                missed.append(f"order {order} {grade} seed {seed}")
            times.append(seconds)
            print(f"  order {order} {grade} seed {seed}: {seconds:.2f} s", file=sys.stderr, flush=True)
        median = statistics.median(times)
        target = TARGETS_S.get((order, grade))
        verdict = "" if target is None else f"<= {target:g} " + ("ok" if median <= target else "MISSED")
        if target is not None and median > target:
            missed.append(f"order {order} {grade}")
        by_seed = " ".join(f"{t:.1f}" for t in times)
        print(
            f"{order:>5} {grade:<8} {len(times):>2} {median:>7.2f} {min(times):>6.2f} {max(times):>6.2f}"
            f" {median / reference:>6.1f}  {verdict:<8} {by_seed}",
            flush=True,
        )
    print(f"load average {os.getloadavg()[0]:.2f}")
    if missed:
        print("missed: " + ", ".join(missed))
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
