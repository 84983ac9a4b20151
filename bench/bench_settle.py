"""Grading and the level alone by this code and by another revision's, in alternate fresh processes, CPU time.

The settle kernel (issue 35) is drawn after every step of a settled run and several times a batch of the closure,
so a change to it shows in ``grade()`` and in ``grade(..., level_only=True)`` on the random proper puzzles of
``bench_rating.py`` (its seeds) and on his order-9 puzzles (``tests/data/tatham-graded.jsonl``). Each round runs
one worker of this code, then one of ``--against`` (unpacked by ``old_revision.py``), each timing one pass over
every set with ``time.process_time`` (a busy shared machine moves the wall clock far more); the rows are the sums
over the rounds and the ratio new/old. Run from the checkout's root: ``python bench/bench_settle.py``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from old_revision import old_package, run_side

ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import json, random, sys, time
from dominosa.deductions.grading import PROPER, grade
from dominosa.formats.game_id import read_game_id
from dominosa.generator.proper import proper_layout
sets = {f"order {o}": [proper_layout(o, random.Random(2026 * 1000 + o * 100 + k))[0] for k in range(n)]
        for o, n in ((6, 60), (9, 30), (15, 10), (20, 4))}
rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
sets["his order 9"] = [read_game_id(r["game_id"]) for r in rows if r["order"] == 9]
out = {}
for level_only in (False, True):
    for name, puzzles in sets.items():
        t = time.process_time()
        for p in puzzles:
            grade(p, verdict=PROPER, level_only=level_only)
        out[("level " if level_only else "grade ") + name] = time.process_time() - t
print(json.dumps(out))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", metavar="REV", help="the revision to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="alternate runs of each side")
    args = parser.parse_args(argv)
    data = str(ROOT / "tests" / "data" / "tatham-graded.jsonl")
    totals: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = old_package(args.against, Path(tmp))
        for _ in range(args.rounds):
            for side, where in (("new", None), ("old", site)):
                times = json.loads(run_side(where, ["-c", WORKER, data], cwd=tmp))
                for row, seconds in times.items():
                    totals.setdefault(row, [0.0, 0.0])[side == "old"] += seconds
    print(f"this code against {args.against}, {args.rounds} alternate rounds, CPU seconds summed over the rounds")
    for row, (new, old) in totals.items():
        print(f"{row:<22} {new:7.3f} s  {args.against}: {old:7.3f} s  ratio new/old {new / old:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
