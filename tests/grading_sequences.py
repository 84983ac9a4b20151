"""The fixed record of what grading deduces, step by step, on a varied set of puzzles.

The generator's fitness reads the grading run's deductions and how often it used each technique, and the same
seed must give the same puzzles for every grade whose meaning did not change. So making grading faster must not
change a single deduction, nor their order. ``tests/data/grading_sequences.jsonl`` records, for each puzzle of the
set, the grade and a digest of the full deduction sequence of ``grade()`` (every field of every deduction,
bookkeeping included, sentences too), for the fiendish ones also the digest of grading without the fiendish
tier (where trial and error takes over: real guessing puzzles are too rare among random ones to find; the effort
of each guess is the counting engine's node count, so a change to its search shows here too), and for the smaller
puzzles a digest of the shortest deduction path the state graph finds (which asks every technique for all its
deductions in many positions).
``tests/test_deductions_grading_sequences.py`` checks the code against it.

The record must only change when a grade's meaning changes (a technique added, removed or made stronger): then
regenerate it, from the repository root, with

    python tests/grading_sequences.py

and say in the commit why the deductions changed. A speed-up must leave it as it is.

The set: the 600 puzzles of tests/data/tatham-graded.jsonl (orders 4-9, his four levels), random proper puzzles
at orders 5-12, 15 and 20 (``proper_layout`` with fixed seeds), and fiendish puzzles found among further random
ones. Each is stored by its game id, so that changes to the generator do not change the set.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from dominosa.deductions import PROPER, TECHNIQUES, Deduction, grade, grade_level, shortest_path
from dominosa.formats.game_id import write_game_id
from dominosa.puzzle import Puzzle

RECORD = Path(__file__).resolve().parent / "data" / "grading_sequences.jsonl"
# Paths are recorded for puzzles up to this order (the state graph costs more than grading).
PATH_MAX_ORDER = 6
PATH_EVERY = 4  # and for one puzzle in this many of those, to keep the test quick
# Grading without the fiendish tier: fiendish puzzles then need trial and error.
FIENDISH = grade_level("fiendish")
NO_FIENDISH = tuple(t for t in TECHNIQUES if t.level != FIENDISH)  # the techniques up to extreme, and guessing


def digest(deductions: list[Deduction]) -> str:
    """A digest of a deduction sequence: every field of every deduction, in order."""
    h = hashlib.sha256()
    for d in deductions:
        fields = (d.rule, d.joins, d.splits, d.quiet_splits, d.settles, d.cells, d.domino, d.reason, d.effort)
        h.update(repr(fields).encode())
        h.update(b"\n")
    return h.hexdigest()


def record_of(puzzle: Puzzle, *, with_path: bool) -> dict:
    """What the record holds for one puzzle (as the test recomputes it)."""
    graded = grade(puzzle, verdict=PROPER, keep_deductions=True)
    row = {
        "game_id": write_game_id(puzzle),
        "grade": graded.name,
        "steps": len(graded.deductions),
        "uses": {str(k): v for k, v in graded.uses.items()},
        "digest": digest(graded.deductions),
    }
    if graded.level == FIENDISH:
        row["guessing"] = digest(grade(puzzle, verdict=PROPER, techniques=NO_FIENDISH, keep_deductions=True).deductions)
    if with_path:
        path = shortest_path(puzzle)
        row["path"] = digest(path.steps)
    return row


def puzzle_set() -> list[tuple[Puzzle, bool]]:
    """The puzzles of the record, each with whether its path is recorded too."""
    from dominosa.formats.game_id import read_game_id
    from dominosa.generator.proper import proper_layout

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from tatham_data import tatham_rows

    puzzles: list[Puzzle] = [read_game_id(row["game_id"]) for row in tatham_rows()]
    for order in range(5, 13):
        puzzles += [proper_layout(order, random.Random(15_000 + order * 100 + k))[0] for k in range(12)]
    for order in (15, 20):
        puzzles += [proper_layout(order, random.Random(15_000 + order * 100 + k))[0] for k in range(3)]
    # Beyond extreme: fiendish puzzles among further random ones at orders 6-10.
    fiendish = 0
    for k in range(1000):
        if fiendish >= 15:
            break
        puzzle = proper_layout(6 + k % 5, random.Random(16_000 + k))[0]
        if grade(puzzle, verdict=PROPER).level == FIENDISH:
            fiendish += 1
            puzzles.append(puzzle)
    small = [k for k, p in enumerate(puzzles) if p.order <= PATH_MAX_ORDER]
    with_path = set(small[::PATH_EVERY])
    return [(p, k in with_path) for k, p in enumerate(puzzles)]


def main() -> int:
    rows = [record_of(p, with_path=w) for p, w in puzzle_set()]
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    RECORD.write_text("".join(json.dumps(row, sort_keys=True) + "\n" for row in rows), "utf-8")
    grades: dict[str, int] = {}
    for row in rows:
        grades[row["grade"]] = grades.get(row["grade"], 0) + 1
    print(f"wrote {len(rows)} puzzles to {RECORD} ({sum('path' in r for r in rows)} with paths); grades {grades}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
