"""Benchmark of the book's near-twin test: the cost of the renamed comparison (best renaming of the numbers,
an assignment problem, under every symmetry) against the plain one (numbers as printed), per pair of puzzles.

Puzzles are random full-set grids (a random domino layout of each order; properness does not change the cost):
the guard holds ``--taken`` of them and is asked about another, ``--runs`` times. Printed for each order: the
median time per pair of the plain test alone (the reference, :class:`TwinGuard` with the renamed test off) and
of the whole test, and their ratio; both measured in the same run. The machine may be shared: compare ratios.

    python bench/bench_twins.py [--orders 6,20,40,50] [--taken 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from dominosa.generator.layouts import random_layout
from dominosa.generator.twins import TwinGuard


def _puzzles(order: int, count: int, seed: int) -> list:
    rng = random.Random(seed)
    return [random_layout(order, rng)[0] for _ in range(count)]


def _per_pair(guard: TwinGuard, puzzle, taken: int, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        guard.admits(puzzle)
        times.append((time.perf_counter() - start) / taken)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", default="6,20,40,50")
    parser.add_argument("--taken", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.1f}; {args.taken} puzzles taken, median of {args.runs} runs")
    print("order  plain ms/pair  with renaming ms/pair  ratio")
    for order in (int(part) for part in args.orders.split(",")):
        taken, other = _puzzles(order, args.taken, order)[:-1], _puzzles(order, args.taken + 1, order)[-1]
        plain = _per_pair(TwinGuard(taken=taken, renamed_limit=1.0), other, len(taken), args.runs)
        both = _per_pair(TwinGuard(taken=taken), other, len(taken), args.runs)
        print(f"{order:5d}  {plain * 1000:13.2f}  {both * 1000:21.2f}  {both / plain:5.1f}")
    print(f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
