"""Benchmark of the score across sizes: does a score mean the same at double-6 and at double-40?

The score (``deductions/score.py``) counts the scans, guesses and longest chain per double-six set of the board,
so that a board's size does not move it. This measures that, as issue 37 asks:

- the **median score of hard puzzles** made by the generator at orders 6, 12, 20 and 30 (one worker, fixed seed,
  the generator's own rating: the shortest deduction path), and how far each lies from order 6's (target: within
  25% at orders 12, 20 and 30);
- the **10th and 90th percentiles of double-six basic puzzles** made the same way, and the score of the real
  double-40 monthly puzzle of puzzle-dominosa.com (``tests/data/monthly-2025-11-o40.json``, graded basic; target:
  inside that band).

Each puzzle is also rated again to show its score as version 1 measured it (every count as it is, as if every
board were a double-six one), beside today's: the column ``v1``.

Sizes (``--count``): 20 hard puzzles at order 6, 10 at 12, 6 at 20, 4 at 30, and 20 basic at order 6; ``--quick``
makes 8, 4, 3, 2 and 8. ``--strict`` exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from dominosa.deductions import path_score, rate
from dominosa.formats import puzzle_from_dict
from dominosa.generator.generate import generate, make_request
from dominosa.puzzle import Puzzle

MONTHLY = Path(__file__).resolve().parents[1] / "tests" / "data" / "monthly-2025-11-o40.json"
HARD_COUNTS = {6: 20, 12: 10, 20: 6, 30: 4}
QUICK_HARD_COUNTS = {6: 8, 12: 4, 20: 3, 30: 2}
BASIC_COUNT, QUICK_BASIC_COUNT = 20, 8
TOLERANCE = 0.25  # the medians at orders 12, 20 and 30 within 25% of order 6's


def scores_of(puzzle: Puzzle) -> tuple[float, float]:
    """The puzzle's score (today's measure) and the score version 1 gave it (each count as it is)."""
    rating = rate(puzzle)
    return rating.score, path_score(rating.steps_taken, dominoes=28)


def generated(order: int, grade: str, count: int, seed: int) -> tuple[list[tuple[float, float]], float]:
    """(score, version-1 score) of ``count`` generated puzzles of the grade, and the seconds per puzzle."""
    start = time.perf_counter()
    made = list(generate(make_request(order=order, grade=grade, seed=seed), count))
    seconds = (time.perf_counter() - start) / count
    out = []
    for one in made:
        now, old = scores_of(one.puzzle)
        assert now == one.score, "the generator's rating and rate() disagree"
        out.append((now, old))
    return out, seconds


def deciles(values: list[float]) -> tuple[float, float]:
    """The 10th and 90th percentiles (inclusive method: inside the values' range)."""
    cuts = statistics.quantiles(values, n=10, method="inclusive")
    return cuts[0], cuts[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles per order (a minute or two)")
    parser.add_argument("--seed", type=int, default=2026, help="the generator's seed (default 2026)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    hard_counts = QUICK_HARD_COUNTS if args.quick else HARD_COUNTS
    basic_count = QUICK_BASIC_COUNT if args.quick else BASIC_COUNT
    print(f"load average {os.getloadavg()[0]:.2f}; seed {args.seed}; one worker", flush=True)
    print(
        f"{'order':>5} {'grade':<6} {'n':>3} {'median':>7} {'v1 med':>7} {'min':>7} {'max':>7} "
        f"{'vs o6':>7} {'s/puzzle':>8}  target"
    )
    missed = []
    medians: dict[int, float] = {}
    for order, count in hard_counts.items():
        found, seconds = generated(order, "hard", count, args.seed)
        now = [s for s, _ in found]
        medians[order] = statistics.median(now)
        ratio = medians[order] / medians[6] - 1
        target = "reference"
        if order != 6:
            ok = abs(ratio) <= TOLERANCE
            target = f"within {TOLERANCE:.0%}: {'yes' if ok else 'NO'}"
            if not ok:
                missed.append(f"order {order} hard median")
        print(
            f"{order:>5} {'hard':<6} {len(now):>3} {medians[order]:>7.1f} "
            f"{statistics.median(o for _, o in found):>7.1f} {min(now):>7.1f} {max(now):>7.1f} "
            f"{ratio:>+7.0%} {seconds:>8.2f}  {target}",
            flush=True,
        )
    basic, seconds = generated(6, "basic", basic_count, args.seed)
    low, high = deciles([s for s, _ in basic])
    old_low, old_high = deciles([o for _, o in basic])
    print(
        f"\norder-6 basic ({len(basic)} puzzles, {seconds:.2f} s each): 10th-90th percentile {low:.1f} to {high:.1f}"
        f" (v1: {old_low:.1f} to {old_high:.1f})"
    )
    monthly = puzzle_from_dict(json.loads(MONTHLY.read_text(encoding="utf-8")))
    start = time.perf_counter()
    rating = rate(monthly)
    seconds = time.perf_counter() - start
    old = path_score(rating.steps_taken, dominoes=28)
    inside = low <= rating.score <= high
    if not inside:
        missed.append("the monthly's score")
    print(
        f"monthly double-40 ({rating.grade_name}, rated in {seconds:.1f} s): score {rating.score:.1f} (v1: {old:.1f});"
        f" inside the order-6 basic band: {'yes' if inside else 'NO'}"
    )
    print(f"load average {os.getloadavg()[0]:.2f}")
    if missed:
        print("missed: " + ", ".join(missed))
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
