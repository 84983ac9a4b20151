"""A setter's big grids rated: ``rate`` of random unique layouts of orders 30 to 50, this checkout against a revision.
The grids are ``proper_layout(order, Random(seed))`` for each ``order:seed`` of ``--grids`` (default the issue's
grids, 30:1, 40:1, 40:2, 45:1, 50:1, and seeds no one tuned on, 40:7, 45:6, 50:5 and 50:8: each made in seconds,
where 50:3 took a minute), made once by this checkout and handed to both sides as game IDs. Each side, in a fresh
process, rates each grid ``--runs`` times (``rate(puzzle, with_reason=True)``: what ``dominosa rate`` runs, verdict,
grade, path and score); the median CPU seconds (``time.process_time``) are printed per grid and side, with grade,
guesses, depth and score, and the ratio of this checkout to the revision. Issue 45's goal: every grid within 2 s
(compiled). A revision's side can take minutes a grid: ``--against-runs 1`` times it once.

Run from the checkout's root in the environment where it is installed::

    python bench/bench_big_rate.py                          # the default grids, 3 runs, against main's sources
    python bench/bench_big_rate.py --compiled               # this compiled build against main's (pip wheel: minutes)
    DOMINOSA_PURE_PYTHON=1 python bench/bench_big_rate.py   # the pure-Python sources on both sides
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_big_solve import make_grids, timed_sides  # noqa: E402
from old_revision import forget_tables  # noqa: E402

DEFAULT_GRIDS = "30:1,40:1,40:2,45:1,50:1,40:7,45:6,50:5,50:8"


def timing_child(site: str, runs: int) -> None:
    """One side (a fresh process): for each game ID on stdin, the CPU seconds of each rating and what it said."""
    import dominosa
    from dominosa.deductions import rate
    from dominosa.formats.game_id import read_game_id

    assert not site or dominosa.__file__.startswith(site), f"the old code was not imported: {dominosa.__file__}"
    out = []
    for line in sys.stdin.read().split():
        seconds = []
        shown: dict = {}
        for _ in range(runs):
            puzzle = read_game_id(line)
            forget_tables()
            _forget_known_solutions()
            started = time.process_time()
            shown = rate(puzzle, with_reason=True).to_dict()
            seconds.append(time.process_time() - started)
        said = {key: shown.get(key) for key in ("grade", "guesses", "guess_depth", "score", "steps")}
        out.append({"seconds": seconds, "said": said})
    json.dump(out, sys.stdout)


def _forget_known_solutions() -> None:
    """Forget what trial and error kept from an earlier rating of the same grid, so that every run pays in full."""
    try:
        from dominosa.deductions import known_solutions
    except ImportError:  # a revision from before kept solutions
        return
    known_solutions.keeping(False)
    known_solutions.keeping(True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--grids", default=DEFAULT_GRIDS, help=f"order:seed,... (default {DEFAULT_GRIDS})")
    parser.add_argument("--game-ids", help="a file of 'label game_id' lines to rate instead of making --grids")
    parser.add_argument("--runs", type=int, default=3, help="ratings per grid on this side; the median is kept")
    parser.add_argument("--against-runs", type=int, default=3, help="ratings per grid on the revision's side")
    parser.add_argument("--against", default="main", help="the git revision to compare with (default main)")
    parser.add_argument("--compiled", action="store_true",
                        help="time the revision's own compiled build (pip wheel: a few minutes), not its sources")
    parser.add_argument("--timing-child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.timing_child:
        site, runs = args.timing_child
        timing_child(site, int(runs))
        return 0
    from dominosa.native import build_description

    load = os.getloadavg()
    print(f"bench_big_rate: {build_description()}; load average {load[0]:.2f}; CPU s, median")
    if args.game_ids:  # big layouts take a minute each to make: a run can reuse those another made
        lines = Path(args.game_ids).read_text(encoding="utf-8").splitlines()
        grids = [(label, game_id) for label, game_id in (line.split() for line in lines)]
    else:
        grids = make_grids(args.grids)

    def child_args(site: str) -> list[str]:  # this checkout (site "") rates --runs times, the revision fewer
        return [site, str(args.runs if not site else args.against_runs)]

    sides = timed_sides(grids, args.against, args.compiled, child_args)
    print(f"{'grid':<6} {'side':<14} {'rate s':>8}  what it said")
    for k, (label, _) in enumerate(grids):
        medians = {}
        for name, done in sides.items():
            medians[name] = statistics.median(done[k]["seconds"])
            print(f"{label:<6} {name:<14} {medians[name]:8.2f}  {done[k]['said']}")
        ours, theirs = medians["this checkout"], medians[args.against]
        print(f"{label:<6} {'ratio':<14} {ours / theirs:.2f}x {args.against}" if theirs else f"{label:<6} ratio -")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
