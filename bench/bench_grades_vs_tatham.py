"""Our grades and Simon Tatham's levels, both ways (issue 37): his solver on our puzzles, ours on his.

The reference is his unmodified ``dominosa.c`` in the timing harness of ``bench_vs_c.py`` (built by ``build.sh``
in the folder given by ``--tatham``, default ``../shared/reference/tatham`` beside the checkout); where gcc or that
folder is missing, one line says so and the script stops (there is nothing to compare with).

- **Reverse check** (ours generated, his solver grading): ``generate`` makes ``--count`` puzzles at each of our
  grades trivial, basic, hard and extreme (his four levels) at each order of ``--orders``, from ``--seed``, one
  worker, as the command line does; his solver (``harness solve``) gives each its level, or says it cannot finish
  ("Ambiguous/undeduced": the puzzle needs more than his Extreme). The table is ours (rows) against his (columns);
  the goal is his same level for at least 95% of our basic, hard and extreme puzzles.
- **Forward check** (his puzzles, our grades): the 600 puzzles of ``tests/data/tatham-graded.jsonl`` (orders 4-9,
  25 per order and level, with the level his solver gave) and, with ``--held-out N``, N more per order of
  ``--orders`` and level made by his generator in the run from seeds the test data never used. The goal: at least
  98% the same, none harder.

``--strict`` makes the exit status 1 when a goal is missed. Run from the checkout's root: ``python
bench/bench_grades_vs_tatham.py`` (``--help`` for the rest).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_vs_c import DEFAULT_TATHAM, LEVELS, TATHAM_GRADED, Harness, build_harness  # noqa: E402

from dominosa.deductions import (  # noqa: E402
    GRADES,  # noqa: E402
    PROPER,
    grade,
)
from dominosa.formats.game_id import read_game_id, write_game_id  # noqa: E402
from dominosa.generator.generate import generate, make_request  # noqa: E402

# The reference beside the checkout, or beside the folder of worktrees that holds it.
TATHAM = next((p for p in (DEFAULT_TATHAM, DEFAULT_TATHAM.parents[3] / DEFAULT_TATHAM.relative_to(
    DEFAULT_TATHAM.parents[2])) if (p / "build.sh").is_file()), DEFAULT_TATHAM)
HIS = ("Trivial", "Basic", "Hard", "Extreme", "Ambiguous/undeduced")
OURS = tuple(LEVELS.values())  # trivial, basic, hard, extreme: his four levels by name
REVERSE_GOAL, FORWARD_GOAL = 0.95, 0.98


def table(rows: list[str], columns: tuple[str, ...], counts: Counter, corner: str) -> str:
    """A Markdown table of ``counts[(row, column)]``."""
    lines = [f"| {corner} | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for row in rows:
        lines.append(f"| {row} | " + " | ".join(str(counts[(row, c)] or "") for c in columns) + " |")
    return "\n".join(lines)


def reverse_check(harness: Harness, orders: list[int], count: int, seed: int) -> bool:
    """Our generated puzzles graded by his solver; True when the goal is met."""
    counts: Counter[tuple[str, str]] = Counter()
    for order in orders:
        for ours in OURS:
            start = time.process_time()
            made = list(generate(make_request(order=order, grade=ours, seed=seed), count))
            ids = [write_game_id(puzzle.puzzle) for puzzle in made]
            levels = [row["grade"] for row in harness.solve(ids, 1)]
            for game_id, his in zip(ids, levels, strict=True):
                counts[(ours, his)] += 1
                if his.lower() != ours:
                    print(f"  order {order} ours {ours}, his {his}: {game_id}")
            same = sum(1 for his in levels if his.lower() == ours)
            print(f"order {order} {ours:<8} {same}/{len(levels)} his same level "
                  f"({time.process_time() - start:.1f} s CPU to generate and ask)", flush=True)
    print(f"\nReverse check: our generated puzzles (orders {','.join(map(str, orders))}, {count} per order and "
          f"grade, seed {seed}) graded by his solver\n")
    print(table(list(OURS), HIS, counts, "ours \\ his"))
    met = True
    for ours in OURS[1:]:
        total = sum(counts[(ours, his)] for his in HIS)
        share = counts[(ours, ours.capitalize())] / total if total else 1.0
        ok = share >= REVERSE_GOAL
        met &= ok
        print(f"{ours}: {share:.1%} his same level (goal >= {REVERSE_GOAL:.0%}) {'pass' if ok else 'FAIL'}")
    return met


def forward_check(harness: Harness, orders: list[int], held_out: int) -> bool:
    """His puzzles graded by us; True when the goal is met."""
    import json

    rows = [json.loads(line) for line in TATHAM_GRADED.read_text("utf-8").splitlines() if line.strip()]
    puzzles = [(row["game_id"], row["level"], "test data") for row in rows]
    for order in orders if held_out else ():
        for letter, level in LEVELS.items():
            for k in range(held_out):
                made = harness.generate(order, letter, f"held-out-{order}{letter}-{k}")
                puzzles.append((made["game_id"], level, "held out"))
    counts: Counter[tuple[str, str]] = Counter()
    same = harder = 0
    for game_id, his, source in puzzles:
        ours = grade(read_game_id(game_id), verdict=PROPER).name or "?"  # his generator proves each unique
        counts[(his, ours)] += 1
        same += ours == his
        if GRADES.index(ours) > GRADES.index(his):
            harder += 1
            print(f"  harder ({source}): his {his}, ours {ours}: {game_id}")
    print(f"\nForward check: his puzzles graded by us ({len(rows)} of the test data"
          + (f", {len(puzzles) - len(rows)} held out from his generator" if held_out else "") + ")\n")
    print(table(list(OURS), GRADES, counts, "his \\ ours"))
    share = same / len(puzzles)
    ok = share >= FORWARD_GOAL and not harder
    print(f"{same}/{len(puzzles)} the same ({share:.1%}, goal >= {FORWARD_GOAL:.0%}), {harder} harder (goal 0) "
          f"{'pass' if ok else 'FAIL'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tatham", type=Path, default=TATHAM, help="the reference folder (build.sh, src/)")
    parser.add_argument("--orders", default="5,6,7,9", help="comma-separated orders (default 5,6,7,9)")
    parser.add_argument("--count", type=int, default=12, help="our puzzles per order and grade (default 12)")
    parser.add_argument("--seed", type=int, default=7, help="our generator's seed (default 7)")
    parser.add_argument("--held-out", type=int, default=0,
                        help="also grade N puzzles per order and level from his generator (his Extreme at order 9 "
                             "takes seconds each)")
    parser.add_argument("--only", choices=("reverse", "forward"), help="one check only")
    parser.add_argument("--strict", action="store_true", help="exit status 1 if a goal is missed")
    args = parser.parse_args(argv)
    try:
        orders = [int(k) for k in args.orders.split(",") if k.strip()]
    except ValueError:
        parser.error(f"--orders must be comma-separated whole numbers, not {args.orders!r}")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores", flush=True)
    harness = build_harness(args.tatham.resolve())
    if harness is None:
        return 1 if args.strict else 0
    met = True
    if args.only in (None, "reverse"):
        met &= reverse_check(harness, orders, args.count, args.seed)
    if args.only in (None, "forward"):
        met &= forward_check(harness, orders, args.held_out)
    return 1 if args.strict and not met else 0


if __name__ == "__main__":
    sys.exit(main())
