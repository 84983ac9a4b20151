"""Benchmark of the shape library: one puzzle on every shape at every set it is drawn for, timed, and each proved
to have exactly one solution by the independent exact-cover counter (``cover/dominosa.py``).

```sh
python bench/bench_shapes.py                    # any proper puzzle, then a hard one, on each shape and set
python bench/bench_shapes.py --grade extreme    # the grade asked of the second puzzle
python bench/bench_shapes.py --shapes heart,star --seeds 3
```

It generates serially (one process), as ``dominosa generate --shape NAME --order N --workers 1`` does, so the
times add up to the work and do not depend on the pool. A puzzle the exact-cover count does not find unique
stops the run with ``NOT UNIQUE``; a grade a shape cannot reach within the search's patience is reported, not
hidden.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.generator.evolve import NoPuzzleFound
from dominosa.generator.generate import generate, make_request
from dominosa.generator.shapes import load_shape, shape_names


def _made(board, grade: str | None, seed: int):
    started = time.perf_counter()
    try:
        (made,) = generate(make_request(board=board, grade=grade, seed=seed), 1)
    except NoPuzzleFound:
        return None, time.perf_counter() - started
    return made, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time one puzzle on each shape and set, and prove each unique.")
    parser.add_argument("--shapes", help="comma-separated names (default: every shape of the library)")
    parser.add_argument("--grade", default="hard", help="the grade of the second puzzle (default hard)")
    parser.add_argument("--seeds", type=int, default=1, help="puzzles of each kind per shape and set (default 1)")
    args = parser.parse_args(argv)
    names = args.shapes.split(",") if args.shapes else list(shape_names())
    print(f"load average {os.getloadavg()[0]:.2f}; serial; grade of the second puzzle: {args.grade}")
    print(f"{'shape':<10} {'set':>8} {'cells':>5} {'any (s)':>8} {args.grade + ' (s)':>10}  unique")
    every: list[float] = []
    graded: list[float] = []
    for name in names:
        shape = load_shape(name)
        for order in shape.orders:
            board = shape.board(order)
            times, grade_times, proved = [], [], 0
            for seed in range(1, args.seeds + 1):
                for grade, into in ((None, times), (args.grade, grade_times)):
                    made, seconds = _made(board, grade, seed)
                    into.append(seconds)
                    if made is None:
                        continue
                    if count_solutions_exact_cover(made.puzzle, 2) != (1, True):
                        print(f"NOT UNIQUE: {name} double-{order} seed {seed} grade {grade}", file=sys.stderr)
                        return 1
                    proved += 1
            every += times
            graded += grade_times
            print(
                f"{name:<10} {'double-' + str(order):>8} {len(board):>5} {statistics.median(times):>8.2f}"
                f" {statistics.median(grade_times):>10.2f}  {proved} of {2 * args.seeds}"
            )
    print(f"median: any {statistics.median(every):.2f} s, {args.grade} {statistics.median(graded):.2f} s;"
          f" longest {args.grade} {max(graded):.2f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
