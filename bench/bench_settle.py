"""Grading and the level alone by this code and by another revision's, in alternate fresh processes, CPU time.

The settle kernel (issue 35) is drawn after every step of a settled run and several times a batch of the closure,
so a change to it shows in ``grade()`` and in ``grade(..., level_only=True)`` on the random proper puzzles of
``bench_rating.py`` (its seeds) and on his order-9 puzzles (``tests/data/tatham-graded.jsonl``). The sets are made
here, by this checkout, and both sides time the very same puzzles, in turns, by ``bench_alternating.py``'s
workers (each puzzle's best CPU time over the rounds, ``time.process_time``: a busy shared machine moves the wall
clock far more); the rows are the sums over each set and the ratio new/old. Run from the checkout's root:
``python bench/bench_settle.py``.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from bench_alternating import timed_alternately

from dominosa.formats.game_id import read_game_id, write_game_id
from dominosa.generator.proper import proper_layout

ROOT = Path(__file__).resolve().parent.parent
# bench_rating.py's random proper puzzles: (order, how many).
SETS = ((6, 60), (9, 30), (15, 10), (20, 4))


def _sets() -> dict[str, list[str]]:
    """The puzzle sets by name, as game ids."""
    sets = {f"order {o}": [write_game_id(proper_layout(o, random.Random(2026 * 1000 + o * 100 + k))[0])
                           for k in range(n)] for o, n in SETS}
    data = ROOT / "tests" / "data" / "tatham-graded.jsonl"
    rows = [json.loads(line) for line in data.read_text("utf-8").splitlines() if line.strip()]
    sets["his order 9"] = [write_game_id(read_game_id(r["game_id"])) for r in rows if r["order"] == 9]
    return sets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", metavar="REV", help="the revision to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="alternate runs of each side")
    args = parser.parse_args(argv)
    sets = _sets()
    best = timed_alternately(sets, ("grade", "level"), args.against, args.rounds)
    print(f"this code against {args.against}, {args.rounds} alternate rounds, CPU seconds: each puzzle's best, "
          "summed over the set")
    for kind in ("grade", "level"):
        for name in sets:
            new, old = sum(best[(name, kind, "new")]), sum(best[(name, kind, "old")])
            print(f"{kind} {name:<16} {new:7.3f} s  {args.against}: {old:7.3f} s  ratio new/old {new / old:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
