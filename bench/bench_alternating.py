"""This checkout against a git revision, alternating: grade(), the level alone, lean grade() (all the techniques;
the trivial tier; the trivial and basic tiers, the generator's quick rejections) and rate() on the grading
record's puzzles, each side in a fresh process per round, each puzzle's best time over the rounds.

A shared machine's load moves a single timing by more than the 5% a change may cost, and it moves slowly: so the
two sides take turns (this code, the revision, this code, ...), every puzzle keeps its best CPU time over the
rounds and its best of three within a round (rate once, its path search is the long part), and the figures are
the median over the puzzles, the sum, and the median of each puzzle's ratio, which a few long puzzles cannot
decide alone. The revision is unpacked by ``bench/old_revision.py`` (its pure-Python sources; ``--compiled`` is
not offered: compare compiled builds with ``bench_rating.py --compiled``).

    python bench/bench_alternating.py --orders 6,9 --puzzles 30 --rounds 3
    python bench/bench_alternating.py --orders 12,15,20 --puzzles 6 --rounds 3 --against main

The puzzles are those of ``tests/data/grading_sequences.jsonl`` (the 717-puzzle grading record) of each order, a
seeded sample of ``--puzzles``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from old_revision import alternating, run_side

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "grading_sequences.jsonl"
KINDS = ("grade", "level", "lean", "trivial", "basic", "rate")


def kind_runs(package_dir: str) -> dict[str, Callable[[Any], object]]:
    """Each kind of run (:data:`KINDS`) as a function of a puzzle, from the ``dominosa`` imported from
    ``package_dir`` (checked: an editable install of this checkout would otherwise answer for a revision). Only
    names every compared revision offers are used. Also what ``bench_instructions.py`` runs."""
    import dominosa
    from dominosa.deductions import TECHNIQUES, grade, grade_level, rate

    assert dominosa.__file__.startswith(package_dir), dominosa.__file__

    def up_to(name: str) -> tuple:
        return tuple(t for t in TECHNIQUES if t.level <= grade_level(name))

    return {
        "grade": lambda p: grade(p, verdict="proper"),
        "level": lambda p: grade(p, verdict="proper", level_only=True),
        "lean": lambda p: grade(p, verdict="proper", lean=True, keep_deductions=True),
        "trivial": lambda p: grade(p, verdict="proper", lean=True, techniques=up_to("trivial")),
        "basic": lambda p: grade(p, verdict="proper", lean=True, techniques=up_to("basic")),
        "rate": lambda p: rate(p, verdict="proper"),
    }


def sampled_ids(orders: list[str], puzzles: int, seed: int) -> dict[str, list[str]]:
    """A seeded sample of at most ``puzzles`` game ids of each order from the grading record."""
    rows = [json.loads(line) for line in RECORD.read_text("utf-8").splitlines() if line.strip()]
    by_order: dict[str, list[str]] = {}
    for row in rows:
        by_order.setdefault(row["game_id"].split(":")[0], []).append(row["game_id"])
    rng = random.Random(seed)
    return {o: rng.sample(by_order[o], min(puzzles, len(by_order[o]))) for o in orders}


def _worker(package_dir: str, kinds: tuple[str, ...]) -> None:
    """Time each of ``kinds`` of run on the game ids read from standard input; print the best times as JSON."""
    runs = kind_runs(package_dir)
    from dominosa.formats.game_id import read_game_id

    puzzles = [read_game_id(game_id) for game_id in json.loads(sys.stdin.read())]
    out = {}
    for kind in kinds:
        times = []
        for puzzle in puzzles:
            best = float("inf")
            for _ in range(1 if kind == "rate" else 3):
                start = time.process_time()
                runs[kind](puzzle)
                best = min(best, time.process_time() - start)
            times.append(best)
        out[kind] = times
    print(json.dumps(out))


def timed_alternately(
    ids: dict[str, list[str]], kinds: tuple[str, ...], against: str, rounds: int
) -> dict[tuple[str, str, str], list[float]]:
    """Each set of game ids timed by this checkout and by ``against`` in turn (``old_revision.alternating``),
    each side in a fresh process per set and round: by (set, kind, side "new" or "old"), each puzzle's best CPU
    time over the rounds. Also what ``bench_settle.py`` times its sets by."""
    best: dict[tuple[str, str, str], list[float]] = {}
    for side, site, package_dir, folder in alternating(against, rounds):
        for name, game_ids in ids.items():
            argv = [str(Path(__file__).resolve()), "--worker", package_dir, "--kinds", ",".join(kinds)]
            found = json.loads(run_side(site, argv, cwd=folder, input=json.dumps(game_ids)))
            for kind, times in found.items():
                key = (name, kind, side)
                best[key] = [min(a, b) for a, b in zip(best[key], times, strict=True)] if key in best else times
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--orders", default="6,9", help="comma-separated orders of the record's puzzles")
    parser.add_argument("--puzzles", type=int, default=30, help="puzzles per order at most")
    parser.add_argument("--rounds", type=int, default=3, help="alternations (each side once a round)")
    parser.add_argument("--against", default="main", help="the git revision to compare with")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--kinds", default=",".join(KINDS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, tuple(args.kinds.split(",")))
        return
    orders = args.orders.split(",")
    ids = sampled_ids(orders, args.puzzles, args.seed)
    best = timed_alternately(ids, KINDS, args.against, args.rounds)
    print(f"this checkout against {args.against}, pure Python sources, best CPU time of {args.rounds} alternations")
    for o in orders:
        for kind in KINDS:
            new, old = best[(o, kind, "new")], best[(o, kind, "old")]
            ratio = statistics.median(a / b for a, b in zip(new, old, strict=True))
            print(f"order {o:>2} {kind:5} ({len(new)} puzzles)  median {statistics.median(new) * 1e3:8.3f} ms "
                  f"against {statistics.median(old) * 1e3:8.3f} ms;  sum {sum(new) * 1e3:8.1f} against "
                  f"{sum(old) * 1e3:8.1f} ms ({sum(new) / sum(old):.3f}x);  median ratio {ratio:.3f}x")


if __name__ == "__main__":
    main()
