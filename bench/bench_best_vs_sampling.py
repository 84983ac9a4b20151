"""Benchmark: does ``generate --best K`` beat keeping the best K of first-found puzzles made with the same CPU?

For each row (order and grade) and seed, in this process, serially, CPU time (``time.process_time``):

- **best**: ``generate(request with best=Budget(evaluations=B), K)``: its K puzzles' full-rating scores and the
  CPU seconds T it took;
- **sampling**: first-found puzzles of the same grade and seed (``generate(request, 1)`` search after search,
  each starting after the last one's search number), made one after another while the CPU spent stays within T;
  the best K of their full-rating scores are kept (fewer if fewer were made in T: the row says so).

Per seed both medians are printed with their ratio (best / sampling) and the number of first-found puzzles T
paid for; per row, the median of each side over the seeds, the median ratio and the seeds where best is above.
Target (issue 45, item 4): at every row, best's median above sampling's on most seeds, and the row's median
ratio above 1. The machine is shared, so the load average is printed: the CPU times are what both sides got, and
the comparison is made within each seed, so load moves both alike.

``python bench/bench_best_vs_sampling.py`` runs order 6 hard and extreme and order 9 hard on seeds 1-10 with
K = 5 and the command's default budget; ``--rows 6:hard --seeds 3`` for a short run; ``--budget`` to try others.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from dominosa.generator.best import DEFAULT_BUDGET, Budget
from dominosa.generator.generate import generate, make_request

DEFAULT_ROWS = ((6, "hard"), (6, "extreme"), (9, "hard"))


def _rows(text: str) -> list[tuple[int, str]]:
    rows = []
    for part in text.split(","):
        order, _, grade = part.strip().partition(":")
        if not order.isdigit() or not grade:
            raise argparse.ArgumentTypeError(f"a row is ORDER:GRADE, such as 6:hard, not {part!r}")
        rows.append((int(order), grade))
    return rows


def best_run(order: int, grade: str, seed: int, count: int, budget: int) -> tuple[list[float], float]:
    """The scores of ``generate --best count`` and its CPU seconds."""
    request = make_request(order=order, grade=grade, seed=seed, best=Budget(evaluations=budget))
    start = time.process_time()
    made = list(generate(request, count))
    return [m.score for m in made if m.score is not None], time.process_time() - start


def sampling_run(order: int, grade: str, seed: int, cpu: float) -> list[float]:
    """The scores of the first-found puzzles made one after another within ``cpu`` seconds of CPU (a puzzle
    finished after the budget ran out is not counted)."""
    request = make_request(order=order, grade=grade, seed=seed)
    scores: list[float] = []
    start = time.process_time()
    next_search = 0
    while True:
        made = next(generate(request, 1, first_search=next_search))
        if time.process_time() - start > cpu:
            return scores
        if made.score is not None:
            scores.append(made.score)
        next_search = made.search + 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=_rows, default=list(DEFAULT_ROWS), help="ORDER:GRADE,... (default 6:hard,"
                        "6:extreme,9:hard)")
    parser.add_argument("--seeds", type=int, default=10, help="seeds 1..N per row (default 10)")
    parser.add_argument("--count", type=int, default=5, help="K, the puzzles asked for (default 5)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET.evaluations,
                        help=f"--best's evaluations per puzzle (default {DEFAULT_BUDGET.evaluations})")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f}; K = {args.count}, budget {args.budget} evaluations per puzzle")
    print(f"{'order':>5} {'grade':<8} {'seed':>4} {'cpu s':>6} {'best':>6} {'sampled':>7} {'n':>3} {'ratio':>6}")
    missed = []
    for order, grade in args.rows:
        best_medians, sampled_medians, ratios = [], [], []
        for seed in range(1, args.seeds + 1):
            best, cpu = best_run(order, grade, seed, args.count, args.budget)
            sampled = sampling_run(order, grade, seed, cpu)
            kept = sorted(sampled, reverse=True)[: args.count]
            best_median = statistics.median(best)
            sampled_median = statistics.median(kept) if kept else float("nan")
            ratio = best_median / sampled_median if kept and sampled_median > 0 else float("nan")
            best_medians.append(best_median)
            sampled_medians.append(sampled_median)
            ratios.append(ratio)
            short = "" if len(kept) >= args.count else f"  (only {len(kept)} in the CPU)"
            print(
                f"{order:>5} {grade:<8} {seed:>4} {cpu:>6.2f} {best_median:>6.1f} {sampled_median:>7.1f}"
                f" {len(sampled):>3} {ratio:>6.3f}{short}",
                flush=True,
            )
        above = sum(b > s for b, s in zip(best_medians, sampled_medians, strict=True))
        row_ratio = statistics.median(ratios)
        print(
            f"{order:>5} {grade:<8} all  best median {statistics.median(best_medians):.1f}, sampling"
            f" {statistics.median(sampled_medians):.1f}, median ratio {row_ratio:.3f}, best above on {above} of"
            f" {len(ratios)} seeds",
            flush=True,
        )
        if not row_ratio > 1.0:
            missed.append(f"{order} {grade}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    if missed:
        print("best not above sampling: " + ", ".join(missed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
