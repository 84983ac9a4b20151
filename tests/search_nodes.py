"""The fixed record of what the counter's search costs, node for node, on a varied set of puzzles.

How many nodes, branches, levels and root probes a count takes depends on the order in which the propagation
draws its consequences (the reasons it records shape the clauses it learns), not only on the fixed point it
reaches. So a change to the propagation that keeps every count right can still change the search, and with it the
effort figure grading gives trial and error. ``tests/data/search_nodes.jsonl`` records, for each puzzle of the set,
the count and every figure of its :class:`~dominosa.deductions.counting.SearchStats`;
``tests/test_deductions_counting.py`` checks the code against it.

The record must only change when the search is meant to change (a new heuristic, a new kind of learning): then
regenerate it, from the repository root, with

    python tests/search_nodes.py

and say in the commit why the nodes changed. A speed-up must leave it as it is.

The set: 216 puzzles of orders 4-15 (18 each), random layouts on rectangles and on boards with holes, some with
clues, and random proper puzzles, then one proper puzzle of each order 16-25; each is stored as its JSON form, so
that changes to the generator do not change the set, with how far it is counted (see :func:`puzzle_set`).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from dominosa.deductions import count_solutions
from dominosa.formats.json_format import puzzle_from_dict, puzzle_to_dict
from dominosa.generator.layouts import random_irregular_board, random_layout
from dominosa.generator.proper import proper_layout
from dominosa.puzzle import Puzzle

RECORD = Path(__file__).resolve().parent / "data" / "search_nodes.jsonl"
ORDERS = range(4, 16)
PER_ORDER = 18
LARGE_ORDERS = (16, 17, 18, 19, 20, 21, 22, 23, 24, 25)


def record_of(puzzle: Puzzle, limit: int) -> dict:
    """What the record holds for one puzzle counted up to ``limit`` solutions (as the test recomputes it)."""
    result = count_solutions(puzzle, limit)
    s = result.stats
    return {
        "limit": limit,
        "count": result.count,
        "complete": result.complete,
        "nodes": s.nodes,
        "branches": s.branches,
        "max_depth": s.max_depth,
        "probes": s.probes,
    }


def puzzle_set() -> list[tuple[Puzzle, int]]:
    """The puzzles of the record, made afresh (only to write the record: the test reads them from it), each with
    the number of solutions it is counted up to: 2 (a proof of uniqueness) for most; 60 for one in three and
    600 for the random layouts with 2x2 squares left in (thousands of solutions from order 10 on), so that the
    search goes on after solutions (blocking clauses) and long enough to restart and forget clauses."""
    rng = random.Random(27)
    found = []
    for order in ORDERS:
        for k in range(PER_ORDER):
            kind = k % 6
            limit = 2 if k % 3 else 60
            if kind == 5:
                puzzle, _ = proper_layout(order, rng)
            elif kind == 2:
                puzzle, _ = random_layout(order, rng, avoid_trivial_squares=False)
                limit = 600
            else:
                board = random_irregular_board(order, rng, holes=rng.choice((0.15, 0.3))) if kind >= 3 else order
                puzzle, solution = random_layout(board, rng)
                if kind in (1, 4):
                    puzzle = puzzle.with_clues(rng.sample(solution.placements, rng.randint(1, len(solution) // 3)))
            found.append((puzzle, limit))
    for order in LARGE_ORDERS:  # proofs that need hundreds of conflicts
        found.append((proper_layout(order, rng)[0], 2))
    return found


def read_record() -> list[tuple[Puzzle, dict]]:
    with RECORD.open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    return [(puzzle_from_dict(row.pop("puzzle")), row) for row in rows]


def main() -> None:
    rows = []
    for puzzle, limit in puzzle_set():
        row = {"puzzle": puzzle_to_dict(puzzle), **record_of(puzzle, limit)}
        rows.append(json.dumps(row, separators=(",", ":")))
    tmp = RECORD.with_suffix(".tmp")
    tmp.write_text("\n".join(rows) + "\n", encoding="utf-8")
    tmp.replace(RECORD)
    print(f"wrote {len(rows)} puzzles to {RECORD}", file=sys.stderr)


if __name__ == "__main__":
    main()
