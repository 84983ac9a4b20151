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

``--landscape`` shows instead whether the score can be climbed at all: per row and seed, 20 first-found puzzles;
for their best three and two from the middle, children made by the search's own moves (one or two) until 15 keep
the grade; per parent, its score, the children's mean and best full-rating scores, the share of children scoring
above it, and the share of children that kept the grade.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from dominosa.generator.best import DEFAULT_BUDGET, Budget
from dominosa.generator.fitness import FinishJob, Job, evaluate, finish
from dominosa.generator.generate import generate, make_request
from dominosa.generator.mutations import layout_of, mutate

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


def landscape(order: int, grade: str, seed: int, children: int = 15) -> None:
    """Print, for the best three and two middle ones of 20 first-found puzzles, what their children score."""
    request = make_request(order=order, grade=grade, seed=seed)
    board, dominoes, target = request.board, request.dominoes, request.target
    made = sorted(generate(request, 20), key=lambda m: -(m.score or 0.0))
    rng = random.Random(f"landscape:{order}:{grade}:{seed}")
    print(f"{order:>5} {grade:<8} {seed:>4}  first-found median {statistics.median(m.score for m in made):.1f}")
    for parent in made[:3] + made[9:11]:
        layout = layout_of(parent.puzzle, parent.solution)
        scores: list[float] = []
        tried = 0
        while len(scores) < children and tried < 20 * children:
            child = mutate(board, layout, rng, moves=rng.randint(1, 2))
            tried += 1
            job = Job(board.cells, dominoes, child, target, rng.getrandbits(64), quick_reject=True)
            evaluation = evaluate(job)
            if not evaluation.proper or evaluation.level != target.level:
                continue
            final = finish(FinishJob(board.cells, dominoes, evaluation.layout, graded=evaluation.graded))
            if final.proper and final.level == target.level and final.score is not None:
                scores.append(final.score)
        if not scores:
            continue
        above = sum(x > (parent.score or 0.0) for x in scores) / len(scores)
        print(
            f"      parent {parent.score:6.1f}  children mean {statistics.fmean(scores):6.1f} best {max(scores):6.1f}"
            f"  above the parent {above:4.0%}  kept the grade {len(scores) / tried:4.0%}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=_rows, default=list(DEFAULT_ROWS), help="ORDER:GRADE,... (default 6:hard,"
                        "6:extreme,9:hard)")
    parser.add_argument("--seeds", type=int, default=10, help="seeds 1..N per row (default 10)")
    parser.add_argument("--count", type=int, default=5, help="K, the puzzles asked for (default 5)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET.evaluations,
                        help=f"--best's evaluations per puzzle (default {DEFAULT_BUDGET.evaluations})")
    parser.add_argument("--landscape", action="store_true", help="what children of good puzzles score instead")
    args = parser.parse_args(argv)
    if args.landscape:
        for order, grade in args.rows:
            for seed in range(1, args.seeds + 1):
                landscape(order, grade, seed)
        return 0
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
