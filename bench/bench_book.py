"""The book's speed: the default ``dominosa book`` against another revision's, and a 200-puzzle book in full.

```sh
python bench/bench_book.py                      # 3 seeds, this checkout and main alternated, then the big book
python bench/bench_book.py --runs 5 --against main~3
python bench/bench_book.py --no-big             # only the default book's comparison
python bench/bench_book.py --compiled           # main built with its compiled engine (when this one is too)
```

Targets (issue 23): the default book (``dominosa book --seed S``: generation, layout and writing) at most 1.5x
the reference revision's time measured in the same run; a 200-puzzle book with the techniques chapter, hints
and the cover (``--count 200 --hints --cover-out``) within 60 s. Each side runs as its own process, from a
folder outside the checkout, both on pure-Python engines unless ``--compiled``; the seeds alternate sides so
that a change in the machine's load falls on both. Printed: per seed, wall and CPU seconds (the process and
the workers it waited for), then the medians and the ratio ours/reference, for the wall clock and for CPU time
(the fairer one on a shared machine: the load average is printed first).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from old_revision import old_package  # noqa: E402

DEFAULT_LIMIT = 1.5
BIG_LIMIT = 60.0


def timed(site: Path | None, args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds of ``python -m dominosa ARGS`` (``site`` first on PYTHONPATH: another revision)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "dominosa", *args], env=env, cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="seeds timed on each side (default 3)")
    parser.add_argument("--against", default="main", help="the reference revision (default main)")
    parser.add_argument("--compiled", action="store_true", help="build the reference with its compiled engine")
    parser.add_argument("--no-big", action="store_true", help="skip the 200-puzzle book")
    args = parser.parse_args()
    if not args.compiled:
        os.environ["DOMINOSA_PURE_PYTHON"] = "1"
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}, "
          f"{os.cpu_count()} cores; engines {'compiled' if args.compiled else 'pure Python'}")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        site = old_package(args.against, work / "old", compiled=args.compiled)
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for run in range(args.runs):
            seed = str(run + 1)
            sides = [(None, ours), (site, theirs)]
            for side, into in sides if run % 2 == 0 else sides[::-1]:
                into.append(timed(side, ["book", "--seed", seed, "--quiet", "--out", "b.pdf"], work))
            print(f"seed {seed}: ours {ours[-1][0]:.1f} s wall, {ours[-1][1]:.1f} s CPU; "
                  f"{args.against} {theirs[-1][0]:.1f} s wall, {theirs[-1][1]:.1f} s CPU")  # fmt: skip
        for k, what in ((0, "wall"), (1, "CPU")):
            mine, ref = statistics.median(t[k] for t in ours), statistics.median(t[k] for t in theirs)
            verdict = "pass" if mine <= DEFAULT_LIMIT * ref else "FAIL"
            print(f"default book, median {what}: ours {mine:.2f} s, {args.against} {ref:.2f} s, "
                  f"ratio {mine / ref:.2f}x (target <= {DEFAULT_LIMIT}x): {verdict}")  # fmt: skip
        if not args.no_big:
            big = ["book", "--seed", "1", "--count", "200", "--hints", "--cover-out", "c.pdf", "--quiet", "--out",
                   "big.pdf"]  # fmt: skip
            wall, cpu = timed(None, big, work)
            verdict = "pass" if wall <= BIG_LIMIT else "FAIL"
            # CPU time is the whole work on the machine's cores; on a quiet 2-core machine the wall clock is less.
            busy = "pass" if cpu <= BIG_LIMIT else "FAIL"
            print(f"200 puzzles with the techniques chapter, hints and cover: {wall:.1f} s wall, {cpu:.1f} s CPU "
                  f"(target <= {BIG_LIMIT:g} s): wall {verdict}, CPU {busy}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
