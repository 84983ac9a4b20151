"""Benchmark of ``generate --best``: how much more interesting its puzzles are, and what that costs.

At orders 6 and 9 and at each grade asked (trivial, basic, hard, extreme by default), three sets of puzzles of
that grade, each scored by the full rating (``rate``, deduction path, default weights):

- **first**: the first-found generator, ``generate(request, K)`` (what ``generate`` does without ``--best``);
- **best**: ``generate --best`` with the same seed, ``--budget`` evaluations per puzzle (default: the command's);
- **random**: random proper puzzles of the grade, by rejection sampling (random layouts until one is proper and
  of the grade), the reference for "what a puzzle of this grade scores by chance". A sample gives up after
  ``--random-limit`` seconds; the number found is shown.

For each: mean, median and 90th percentile of the score, and the time per puzzle (one worker, so the times
compare; the machine is shared, so the load is printed at the start and the end). Targets (from the issue):
the median *best* puzzle scores at least the 90th percentile of the *first* ones, at no more than 10x their time
per puzzle; the lift and the time ratio are printed per line, and ``--strict`` exits 1 when a target is missed.

``--book`` also times the default book (``dominosa book``: 36 double-6 puzzles of the default mix, generated
with the book's evaluations budget) against the same book from first-found puzzles, in the same run.

Sizes: ``--count`` puzzles per grade at order 6 (default 10) and ``--count9`` at order 9 (default 5: an order-9
evaluation costs about three times an order-6 one, and the random reference is slow there). ``--quick`` runs
order 6 only, 5 puzzles a grade.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from dominosa.deductions import PROPER, count_solutions, grade, rate
from dominosa.generator.best import DEFAULT_BUDGET, Budget
from dominosa.generator.generate import generate, make_request
from dominosa.generator.layouts import random_layout

TARGET_TIME_RATIO = 10.0
GRADES = ("trivial", "basic", "hard", "extreme")


def summary(scores: list[float]) -> tuple[float, float, float]:
    """Mean, median and 90th percentile (nan for none; the one value for one)."""
    if not scores:
        return (float("nan"),) * 3
    p90 = statistics.quantiles(scores, n=10, method="inclusive")[-1] if len(scores) > 1 else scores[0]
    return statistics.fmean(scores), statistics.median(scores), p90


def generated(order: int, grade_name: str, count: int, seed: int, budget: Budget | None) -> tuple[list[float], float]:
    """Scores of ``count`` generated puzzles (first found, or best of the budget) and the seconds per puzzle."""
    request = make_request(order=order, grade=grade_name, seed=seed, best=budget)
    start = time.perf_counter()
    made = list(generate(request, count))
    seconds = (time.perf_counter() - start) / count
    return [m.score for m in made], seconds


def random_proper(order: int, grade_name: str, count: int, seed: int, limit: float) -> tuple[list[float], float]:
    """Scores of up to ``count`` random proper puzzles of the grade (each within ``limit`` seconds) and the
    seconds per puzzle found."""
    rng = random.Random(f"bench-best:{seed}:{order}:{grade_name}")
    scores: list[float] = []
    start = time.perf_counter()
    for _ in range(count):
        began = time.perf_counter()
        while time.perf_counter() - began < limit:
            puzzle, _ = random_layout(order, rng)
            result = count_solutions(puzzle, 2)
            if not (result.complete and result.count == 1):
                continue
            if grade(puzzle, verdict=PROPER).name == grade_name:
                scores.append(rate(puzzle, verdict=PROPER).score)
                break
    seconds = (time.perf_counter() - start) / max(len(scores), 1)
    return scores, seconds


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _row(name: str, scores: list[float], seconds: float, wanted: int) -> str:
    mean, median, p90 = summary(scores)
    found = f"{len(scores)}/{wanted}"
    return (
        f"    {name:<7} n={found:<6} mean {mean:6.1f}  median {median:6.1f}  p90 {p90:6.1f}   {seconds:7.2f} s/puzzle"
    )


def book_runs(seed: int) -> tuple[tuple[float, list[float]], tuple[float, list[float]]]:
    """Seconds and scores of the default book's puzzles: with the book's budget, and first found (same seed)."""
    from dominosa.cli import book
    from dominosa.cli.book_options import DEFAULT_COUNT

    start = time.perf_counter()
    entries = book.generate_entries(DEFAULT_COUNT, 6, seed)
    with_budget = time.perf_counter() - start, [e.score for e in entries]
    saved = book.BOOK_BUDGET
    book.BOOK_BUDGET = None
    try:
        start = time.perf_counter()
        entries = book.generate_entries(DEFAULT_COUNT, 6, seed)
        first = time.perf_counter() - start, [e.score for e in entries]
    finally:
        book.BOOK_BUDGET = saved
    return with_budget, first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--orders", type=int, nargs="+", default=[6, 9])
    parser.add_argument("--grades", nargs="+", default=list(GRADES))
    parser.add_argument("--count", type=int, default=10, help="puzzles per grade at order 6 (default 10)")
    parser.add_argument("--count9", type=int, default=5, help="puzzles per grade at orders above 6 (default 5)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET.evaluations, help="evaluations per puzzle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-limit", type=float, default=20.0, help="seconds per random sample (default 20)")
    parser.add_argument("--no-random", action="store_true", help="skip the random reference")
    parser.add_argument("--book", action="store_true", help="also time the default book against first found")
    parser.add_argument("--book-only", action="store_true", help="only time the default book")
    parser.add_argument("--quick", action="store_true", help="order 6 only, 5 puzzles a grade")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    if args.quick:
        args.orders, args.count = [6], 5
    if args.book_only:
        args.orders, args.book = [], True
    budget = Budget(evaluations=args.budget)
    print(f"bench_best: --budget {args.budget}, seed {args.seed}, one worker; {_load()}", flush=True)
    missed = 0
    for order in args.orders:
        count = args.count if order <= 6 else args.count9
        for grade_name in args.grades:
            print(f"order {order}, {grade_name} ({count} puzzles each):", flush=True)
            first, first_s = generated(order, grade_name, count, args.seed, None)
            print(_row("first", first, first_s, count), flush=True)
            best, best_s = generated(order, grade_name, count, args.seed, budget)
            print(_row("best", best, best_s, count), flush=True)
            if not args.no_random:
                found, found_s = random_proper(order, grade_name, count, args.seed, args.random_limit)
                print(_row("random", found, found_s, count), flush=True)
            lift = summary(best)[1] - summary(first)[2]
            ratio = best_s / first_s
            ok = lift >= 0 and ratio <= TARGET_TIME_RATIO
            missed += not ok
            print(
                f"    lift: median best - p90 first = {lift:+.1f}; time best/first = {ratio:.1f}x"
                f" {'(targets met)' if ok else '(TARGET MISSED)'}; {_load()}",
                flush=True,
            )
    if args.book:
        (budget_s, budget_scores), (first_s, first_scores) = book_runs(args.seed)
        print(
            f"default book (36 double-6 puzzles, puzzles only, {os.cpu_count()} workers): {budget_s:.1f} s with"
            f" the book's budget, {first_s:.1f} s first found, {budget_s / first_s:.1f}x; mean score"
            f" {statistics.fmean(budget_scores):.1f} against {statistics.fmean(first_scores):.1f}, median"
            f" {statistics.median(budget_scores):.1f} against {statistics.median(first_scores):.1f}; {_load()}",
            flush=True,
        )
    print(f"done; {_load()}")
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
