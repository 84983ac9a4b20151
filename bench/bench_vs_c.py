"""Side by side with Simon Tatham's C: generation and grading on the same puzzles, in one run (issue 28).

The reference is his unmodified ``dominosa.c`` in a small timing harness, built by ``build.sh`` in the folder
given by ``--tatham`` (default ``shared/reference/tatham`` beside the checkout or its worktrees' folder). Where
gcc or that folder is missing, one line says the C side is skipped and ours is timed alone.

What is timed, CPU time of the process doing the work (``time.process_time`` here; the harness reads its own
process clock), so a busy shared machine disturbs the figures less than it would the wall clock:

- **generation** of one puzzle from nothing: his generator at his Basic and Hard levels at order 6 and Hard at
  order 9 (``harness gen 6db SEED``), ours at the grade that is his level (our trivial, basic, hard and extreme
  are his four levels: ``tests/test_deductions_tatham.py`` checks it on 600 of his puzzles) with ``generate``
  as the command line runs it, one worker. Each side makes ``--gen-samples`` puzzles at order 6 and ``--samples``
  at order 9 (its own seeds: the two generators cannot share a seed), each ``--runs`` times; a puzzle keeps its
  median. The time a puzzle takes swings several-fold from seed to seed on both sides (one search is lucky, the
  next repairs many layouts), so a row of nine puzzles moved by 1.5x between runs: the order-6 rows take sixty.
  A row prints the mean over its puzzles (the CPU time a book of such puzzles costs, a puzzle at a time; the goal
  applies to it) and the median beside it.
  Ours is timed twice, both printed: rated by grade only (``generate --path-budget 0``, ``rating="grade"``), which
  is what his generator does (it grades, it never makes a shortest deduction path), and with our default rating,
  which also makes the chosen puzzle's shortest deduction path for its score. The goal is applied to the
  like-for-like grade-only figure; the path figure is what our default costs on top, shown beside it.
- **grading** his puzzles: at order 9 the 100 of ``tests/data/tatham-graded.jsonl`` (25 per level), at orders 15
  and 20 puzzles his generator makes in this run at his Basic level (his Hard level takes minutes per puzzle
  there). His solver (``harness solve``: set up, solve to the end, his level) against our ``grade()`` with the
  verdict known, and against our level alone (``grade(..., level_only=True)``: the driver's closure mode, no
  steps recorded).
  Each puzzle ``--runs`` times, its median; the row the median over the puzzles.
- **order 30**, ours alone (his generator does not finish there): hard and extreme, seeds ``--order30-seeds``.

The ratios ours/his are printed with pass/FAIL against the issue's goals (``GOALS``). Run from the checkout's
root in the environment where it is installed: ``python bench/bench_vs_c.py`` (``--quick`` for a short look,
``--help`` for the rest).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from dominosa import native
from dominosa.deductions import PROPER, grade
from dominosa.formats.game_id import read_game_id, write_game_id
from dominosa.generator.evolve import Settings
from dominosa.generator.generate import generate, make_request
from dominosa.generator.proper import proper_layout

ROOT = Path(__file__).resolve().parent.parent
TATHAM_GRADED = ROOT / "tests" / "data" / "tatham-graded.jsonl"
# His folder beside the checkout, or beside the folder of worktrees a checkout may sit in.
DEFAULT_TATHAM = next((folder / "shared" / "reference" / "tatham" for folder in (ROOT.parent, ROOT.parent.parent)
                       if (folder / "shared" / "reference" / "tatham").is_dir()),
                      ROOT.parent / "shared" / "reference" / "tatham")
# His level letters and our grade of the same name.
LEVELS = {"t": "trivial", "b": "basic", "h": "hard", "e": "extreme"}
GENERATION_ROWS = ((6, "b"), (6, "h"), (9, "h"))
GRADING_ORDERS = (9, 15, 20)
# The issues' goals, ours/his at most: generation per (order, level); grading per order, grade() and level alone
# (issue 45 item 5: grade() within 3x, as the level alone).
GOALS = {("gen", 6, "b"): 2.5, ("gen", 6, "h"): 1.0, ("gen", 9, "h"): 0.3,
         ("grade", 9): 3.0, ("grade", 15): 3.0, ("grade", 20): 3.0,
         ("level", 9): 3.0, ("level", 15): 3.0, ("level", 20): 3.0}
ORDER30_GOAL_S = {"hard": 15.0}


class Harness:
    """His generator and solver behind the timing harness's two commands."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def generate(self, order: int, level: str, seed: str) -> dict:
        """One puzzle at his level: its CPU seconds and game ID (the harness's JSON line)."""
        out = subprocess.run([str(self.path), "gen", f"{order}d{level}", seed], capture_output=True, text=True,
                             check=True).stdout
        return json.loads(out)

    def solve(self, game_ids: list[str], repeats: int) -> list[dict]:
        """His solver on each game ID, ``repeats`` times: median CPU seconds, his level name."""
        out = subprocess.run([str(self.path), "solve", str(repeats)], input="\n".join(game_ids) + "\n",
                             capture_output=True, text=True, check=True).stdout
        return [json.loads(line) for line in out.splitlines() if line.strip()]


def build_harness(folder: Path) -> Harness | None:
    """The harness built from ``folder`` (his sources and build.sh), or None with one line saying why not."""
    script = folder / "build.sh"
    if shutil.which("gcc") is None:
        print("C side skipped: no gcc on this machine; timing ours alone")
        return None
    if not script.is_file():
        print(f"C side skipped: no reference harness at {folder} (give its folder with --tatham); timing ours alone")
        return None
    out = Path(tempfile.gettempdir()) / "tatham-harness"
    done = subprocess.run(["bash", str(script), str(folder / "src"), str(out)], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"C side skipped: building the harness failed ({done.stderr.strip().splitlines()[-1:]}); ours alone")
        return None
    return Harness(out / "harness")


def cpu_seconds(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def median_of_runs(work: Callable[[], object], runs: int) -> float:
    return statistics.median(cpu_seconds(work) for _ in range(runs))


def fmt(seconds: float) -> str:
    if seconds != seconds:  # nan: not measured
        return "-"
    if seconds < 0.01:
        return f"{seconds * 1e3:.3f} ms"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def verdict(key: tuple, ratio: float | None) -> str:
    if ratio is None:
        return ""
    goal = GOALS[key]
    return f"{ratio:5.2f}x (goal <= {goal}x) {'pass' if ratio <= goal else 'FAIL'}"


# Our two ratings of a generated puzzle: grade only (his generator's work: like for like, the goal applies) and our
# default, which adds the chosen puzzle's shortest deduction path.
RATED_BY = {"grade": Settings(rating="grade"), "path": Settings(rating="path")}


def ours_generation(order: int, grade_name: str, seed: int, rating: str = "grade") -> None:
    (made,) = generate(make_request(order=order, grade=grade_name, seed=seed, settings=RATED_BY[rating]), 1)
    assert made.grade == grade_name, (order, grade_name, seed, made.grade)


def generation_rows(harness: Harness | None, samples: int, gen_samples: int, runs: int) -> list[str]:
    failures = []
    print("generation: ours rated by grade only, as his generator does (the goal applies to it), and with our "
          "default rating, which also makes the shortest deduction path (shown, no goal)", flush=True)
    for rating in RATED_BY:
        ours_generation(6, "basic", -1, rating)  # warm-up: imports and tables
    for order, level in GENERATION_ROWS:
        name = LEVELS[level]
        count = gen_samples if order == 6 else max(3, samples // 2)
        ours = {rating: [median_of_runs(lambda o=order, g=name, s=seed, r=rating: ours_generation(o, g, s, r), runs)
                         for seed in range(count)]
                for rating in RATED_BY}
        his = [float("nan")]
        if harness is not None:
            his = [statistics.median(harness.generate(order, level, f"bench-{seed}")["cpu_s"] for _ in range(runs))
                   for seed in range(count)]
        mean, median = statistics.mean, statistics.median
        ratio = mean(ours["grade"]) / mean(his) if harness is not None else None
        line = verdict(("gen", order, level), ratio)
        failures += ["gen"] if "FAIL" in line else []
        medians = f"  medians: his {fmt(median(his))}, ours {fmt(median(ours['grade']))}" + (
            f" {median(ours['grade']) / median(his):4.2f}x" if harness else "")
        path = f"  with path {fmt(mean(ours['path']))}" + (
            f" {mean(ours['path']) / mean(his):4.2f}x" if harness else "")
        print(f"generate order {order:>2} his {name:<8} ({count} puzzles x {runs}), means: his {fmt(mean(his))}  "
              f"ours grade-only {fmt(mean(ours['grade']))} {line}{medians}{path}", flush=True)
    return failures


def his_puzzles(harness: Harness | None, order: int, count: int) -> list[str]:
    """Game IDs to grade: his graded set at order 9, his generator's Basic puzzles above; ours without the C."""
    if order == 9:
        rows = [json.loads(line) for line in TATHAM_GRADED.read_text().splitlines() if line.strip()]
        return [row["game_id"] for row in rows if row["order"] == order]
    if harness is not None:
        return [harness.generate(order, "b", f"grade-{seed}")["game_id"] for seed in range(count)]
    return [write_game_id(proper_layout(order, random.Random(seed))[0]) for seed in range(count)]


def grading_rows(harness: Harness | None, samples: int, runs: int) -> list[str]:
    failures = []
    for order in GRADING_ORDERS:
        ids = his_puzzles(harness, order, samples if order < 20 else max(3, samples // 2))
        puzzles = [read_game_id(game_id) for game_id in ids]
        ours = statistics.median(median_of_runs(lambda p=p: grade(p, verdict=PROPER), runs) for p in puzzles)
        level = statistics.median(median_of_runs(lambda p=p: grade(p, verdict=PROPER, level_only=True), runs)
                                  for p in puzzles)
        his = float("nan")
        if harness is not None:
            solved = harness.solve(ids, runs)
            his = statistics.median(row["cpu_median_s"] for row in solved)
        ratios = (ours / his, level / his) if harness is not None else (None, None)
        lines = verdict(("grade", order), ratios[0]), verdict(("level", order), ratios[1])
        failures += ["grade"] if any("FAIL" in line for line in lines) else []
        whose = "his" if harness is not None or order == 9 else "our proper"
        print(f"grade order {order:>2} ({len(ids)} of {whose} puzzles x {runs})  his solver {fmt(his):>10}  "
              f"grade() {fmt(ours):>10} {lines[0]}  level alone {fmt(level):>10} {lines[1]}", flush=True)
    return failures


def order30_rows(seeds: list[int]) -> list[str]:
    failures = []
    for name in ("hard", "extreme"):
        times = [cpu_seconds(lambda g=name, s=seed: ours_generation(30, g, s, "path")) for seed in seeds]
        goal = ORDER30_GOAL_S.get(name)
        worst = max(times)
        line = "" if goal is None else f"(goal <= {goal:.0f} s) {'pass' if worst <= goal else 'FAIL'}"
        failures += ["order30"] if "FAIL" in line else []
        each = ", ".join(f"seed {s}: {fmt(t)}" for s, t in zip(seeds, times, strict=True))
        print(f"generate order 30 {name:<8} ours alone: median {fmt(statistics.median(times))}, worst {fmt(worst)} "
              f"{line}  [{each}]", flush=True)
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tatham", type=Path, default=DEFAULT_TATHAM, help="the reference folder (build.sh, src/)")
    parser.add_argument("--samples", type=int, default=9,
                        help="puzzles per grading row (half at order 20) and half as many for generation at order 9")
    parser.add_argument("--gen-samples", type=int, default=60, help="puzzles per generation row at order 6")
    parser.add_argument("--runs", type=int, default=3, help="timings of each puzzle, its median kept")
    parser.add_argument("--order30-seeds", default="3", help="comma-separated seeds for order 30; '' skips it")
    parser.add_argument("--only", choices=("gen", "grade", "30"), help="one part only")
    parser.add_argument("--quick", action="store_true",
                        help="5 puzzles (10 for generation at order 6), 1 run each, order 30 skipped")
    parser.add_argument("--strict", action="store_true", help="exit status 1 if a goal is missed")
    args = parser.parse_args(argv)
    if args.quick:
        args.samples, args.gen_samples, args.runs, args.order30_seeds = 5, 10, 1, ""
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores; ours {native.build_description()}; CPU time, ratios ours/his (C)", flush=True)
    harness = build_harness(args.tatham.resolve()) if args.only != "30" else None
    failures = []
    if args.only in (None, "gen"):
        failures += generation_rows(harness, args.samples, args.gen_samples, args.runs)
    if args.only in (None, "grade"):
        failures += grading_rows(harness, args.samples, args.runs)
    seeds = [int(s) for s in args.order30_seeds.split(",") if s.strip()]
    if args.only in (None, "30") and seeds:
        failures += order30_rows(seeds)
    print(f"load average at the end {os.getloadavg()[0]:.2f}", flush=True)
    return 1 if args.strict and failures else 0


if __name__ == "__main__":
    sys.exit(main())
