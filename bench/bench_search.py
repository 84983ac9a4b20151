"""How many layouts the generator's search evaluates for a puzzle of a grade, and which layouts make good parents.

The time a search takes at a target grade is about the layouts it evaluates (each developed, then graded) times
what one costs; the fitness decides which layouts the search keeps to breed from. Two measures:

- **evaluations** (default): one puzzle per seed at ``--grade`` and ``--order``, by this code and, with
  ``--against REV``, by that revision's (unpacked by ``old_revision.py``), each in a fresh process started from
  outside the checkout, side by side: the layouts evaluated by every search of the run (not only the one that
  found the puzzle), the grading runs among them, and the CPU time; totals and medians over the seeds. Over many
  seeds this is steadier than ``bench_generator.py``'s median of nine.
- **parents** (``--parents N``): N random proper layouts (this code's), each graded in full and sorted into a
  class (its grade below the target; the target; above it, split by whether the target's own techniques made
  steps before they got stuck), then given ``--children`` children by the search's own moves (one or two),
  each developed and graded up to the target: per class, the share of children that meet the target. A class
  whose children meet it more often is a better parent, and the fitness should keep it first.

Run ``python bench/bench_search.py --help``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from old_revision import old_package, run_side

from dominosa.board import Board
from dominosa.deductions import GRADES, PROPER, TECHNIQUES, Technique, grade, grade_level
from dominosa.dominoes import full_set
from dominosa.generator.fitness import Budgets, develop
from dominosa.generator.mutations import mutate, random_start

# Run in a fresh process by this code or by a revision's (its folder first on PYTHONPATH): one puzzle per seed,
# counting the evaluations and grading runs of every search; one JSON line per seed.
_COUNTER = """
import json, sys, time
import dominosa
from dominosa.generator import fitness
from dominosa.generator.generate import generate, make_request
where, order, grade, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
assert where == "-" or dominosa.__file__.startswith(where), dominosa.__file__
counts = {"evaluations": 0, "gradings": 0}
evaluate, grade_run = fitness.evaluate, fitness.grade
def counted_evaluate(job):
    counts["evaluations"] += 1
    return evaluate(job)
def counted_grade(*args, **kwargs):
    counts["gradings"] += 1
    return grade_run(*args, **kwargs)
fitness.evaluate, fitness.grade = counted_evaluate, counted_grade
list(generate(make_request(order=order, grade=grade, seed=-1), 1))
for seed in seeds:
    counts.update(evaluations=0, gradings=0)
    start = time.process_time()
    (made,) = generate(make_request(order=order, grade=grade, seed=seed), 1)
    row = {"seed": seed, "s": time.process_time() - start, "grade": made.grade, **counts}
    print(json.dumps(row), flush=True)
"""


def _counted(site: Path | None, folder: str, args: argparse.Namespace, seeds: list[int]) -> list[dict]:
    where = str(site) if site is not None else "-"
    out = run_side(site, ["-c", _COUNTER, where, str(args.order), args.grade, json.dumps(seeds)], cwd=folder)
    return [json.loads(line) for line in out.splitlines()]


def _summary(label: str, rows: list[dict]) -> str:
    evaluations = [r["evaluations"] for r in rows]
    seconds = [r["s"] for r in rows]
    return (
        f"  {label:<10} evaluations {sum(evaluations):6d} (median {statistics.median(evaluations):5.1f} a puzzle)"
        f"  gradings {sum(r['gradings'] for r in rows):6d}  CPU {sum(seconds):7.2f} s"
        f" (median {statistics.median(seconds) * 1000:6.1f} ms a puzzle)"
    )


def evaluations(args: argparse.Namespace) -> None:
    """This code (and ``--against``'s) on the same seeds: evaluations, gradings and CPU time per puzzle."""
    seeds = list(range(args.seed, args.seed + args.samples))
    print(f"order {args.order} {args.grade}, seeds {seeds[0]}-{seeds[-1]}, one puzzle per seed, fresh processes")
    with tempfile.TemporaryDirectory(prefix="bench-search-") as folder:
        site = old_package(args.against, Path(folder)) if args.against else None
        ours = _counted(None, folder, args, seeds)
        theirs = _counted(site, folder, args, seeds) if site is not None else None
    assert all(r["grade"] == args.grade for r in ours), "a puzzle of another grade"
    print(_summary("this code", ours))
    if theirs is not None:
        print(_summary(args.against, theirs))
        ratio = sum(r["s"] for r in ours) / sum(r["s"] for r in theirs)
        share = sum(r["evaluations"] for r in ours) / sum(r["evaluations"] for r in theirs)
        print(f"  ratio: evaluations {share:.2f}x, CPU {ratio:.2f}x")


def _parent_class(puzzle, target: int) -> str:
    """A parent's class: its grade below the target, the target, or above it stuck with or without steps of the
    target's own techniques (read off the full grading run up to its first step above the target)."""
    run = grade(puzzle, verdict=PROPER, keep_deductions=True)
    if run.level is not None and run.level <= target:
        return GRADES[run.level]
    used = False
    for d in run.deductions:
        level = Technique(d.rule).level
        if level > target:
            break
        used = used or level == target
    return f"above, {GRADES[target]} steps first" if used else f"above, no {GRADES[target]} step"


def parents(args: argparse.Namespace) -> None:
    """The share of children meeting the target, by their parent's class (see the module)."""
    board = Board.rectangle(args.order + 1, args.order + 2)
    dominoes = tuple(sorted(full_set(args.order)))
    target = grade_level(args.grade)
    upto = tuple(t for t in TECHNIQUES if t.level <= target)
    rng = random.Random(f"bench-search:{args.seed}")
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # parents, children proper, children met

    def developed(layout):
        return develop(board, dominoes, layout, random.Random(rng.getrandbits(64)), Budgets())

    for _ in range(args.parents):
        layout, proper, _, puzzle = developed(random_start(board, rng, dominoes))
        if not proper:
            continue
        row = tally[_parent_class(puzzle, target)]
        row[0] += 1
        for _ in range(args.children):
            _, proper, _, child = developed(mutate(board, layout, rng, moves=rng.randint(1, 2)))
            if proper:
                row[1] += 1
                row[2] += grade(child, techniques=upto, verdict=PROPER).level == target
    print(f"order {args.order}, target {args.grade}: {args.parents} random layouts, {args.children} children each")
    order = [*GRADES[: target + 1], f"above, {GRADES[target]} steps first", f"above, no {GRADES[target]} step"]
    for name in sorted(tally, key=order.index):
        count, proper, met = tally[name]
        print(f"  {name:<28} parents {count:5d}  children {proper:6d}  {args.grade} {met:5d}  {met / proper:6.1%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--order", type=int, default=6)
    parser.add_argument("--grade", default="extreme")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=60, help="seeds (one puzzle each) for the evaluations")
    parser.add_argument("--against", metavar="REV", help="also count a git revision's search on the same seeds")
    parser.add_argument("--parents", type=int, help="instead: this many random parents, sorted by class")
    parser.add_argument("--children", type=int, default=12, help="children per parent (default 12)")
    args = parser.parse_args(argv)
    if args.parents:
        parents(args)
    else:
        evaluations(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
