"""Benchmark of the remembered scans: grading with local duplicate and must overlap incremental, against full scans.

The driver loop asks each technique for its first deduction again after every step. ``local_duplicate`` and
``must_overlap`` keep what their last scan found on the state (``scanning.lowest_by_remembered_scan``) and check
again only the pairs or dominoes near a pair decided since; the reference, measured in the same run and process, is
the first deduction of a full scan in item order (what they did before the speed issue). Both are run alternately,
best of ``--rounds`` per puzzle, and must give the same grade and the same rule uses on every puzzle.

Run ``python bench/bench_scans.py`` (``--quick`` for a short run).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from dominosa.deductions import PROPER, Technique, grade
from dominosa.deductions import local_duplicate as duplicates
from dominosa.deductions import must_overlap as overlaps
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState
from dominosa.deductions.techniques import FINDERS
from dominosa.generator.proper import proper_layout

SIZES = ((6, 60), (9, 20), (15, 10), (20, 6))
QUICK_SIZES = ((6, 20), (9, 8), (15, 4))


def full_scan_local_duplicate(s: SolvingState) -> Deduction | None:
    live = duplicates._LiveEnds(s)
    for q in range(s.tables.n_pairs):
        if s.pair_states[q] == UNDECIDED:
            found = duplicates._local_duplicate_at(s, q, live)
            if found is not None:
                return found
    return None


def full_scan_must_overlap(s: SolvingState) -> Deduction | None:
    for d in range(s.tables.n_dominoes):
        found = overlaps.must_overlap_of(s, d)
        if found is not None:
            return found
    return None


def _use(finders: tuple) -> None:
    duplicates.local_duplicate, overlaps.must_overlap = finders
    FINDERS[Technique.LOCAL_DUPLICATE], FINDERS[Technique.MUST_OVERLAP] = finders


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles, orders 6-15")
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the two (best of, per puzzle)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"bench_scans: Python {sys.version.split()[0]}, load average {load}; best of {args.rounds} rounds")
    remembered = (duplicates.local_duplicate, overlaps.must_overlap)
    full = (full_scan_local_duplicate, full_scan_must_overlap)
    same_everywhere = True
    try:
        for order, count in QUICK_SIZES if args.quick else SIZES:
            rng_seed = args.seed * 1000 + order * 100
            puzzles = [proper_layout(order, random.Random(rng_seed + k))[0] for k in range(count)]
            best = {"full": [float("inf")] * count, "remembered": [float("inf")] * count}
            results: dict[str, list] = {}
            for _ in range(args.rounds):
                for name, finders in (("full", full), ("remembered", remembered)):
                    _use(finders)
                    results[name] = []
                    for i, p in enumerate(puzzles):
                        start = time.perf_counter()
                        graded = grade(p, verdict=PROPER)
                        best[name][i] = min(best[name][i], (time.perf_counter() - start) * 1000)
                        results[name].append((graded.level, graded.uses))
            same = results["full"] == results["remembered"]
            same_everywhere &= same
            old, new = statistics.median(best["full"]), statistics.median(best["remembered"])
            total = sum(best["remembered"]) / sum(best["full"])
            print(
                f"grade order {order:>2}: {count:>3} puzzles  median {new:8.2f} ms  full scans {old:8.2f} ms"
                f"  ratio {new / old:.2f}x  (total {total:.2f}x)  same grades and uses: {same}"
            )
    finally:
        _use(remembered)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if same_everywhere else 1


if __name__ == "__main__":
    sys.exit(main())
