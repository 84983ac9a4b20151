"""Instructions, not seconds: this checkout against a git revision, counted by valgrind's callgrind.

On a shared two-core machine the load moves a timing by more than the few per cent a change may cost, and
``bench_alternating.py``'s best-of-rounds still wavers by 3-4% between runs. Callgrind counts the instructions a
process executes, which no other process can move: the same process, run again, gives the same count. It is not
free of noise, though: objects hashed by address (sets of them) are iterated in an order that depends on where
memory lies. The same revision counted the trivial run of a dozen order-6 puzzles 1.3% apart from two working
folders; padding the environment (each of ``--runs`` by another length, default 3) moved counts by under 0.2%.
Where the modules are imported from matters as much: main imported in place (its editable install) counted 3.9%
more than the same revision laid out in a temporary folder, which made a change that was no change. So with pure
sources both sides are copied into twin folders of one temporary folder (``old_revision.checkout_package`` for
this checkout, uncommitted changes included) and imported from there. A side's figure is the median with its
range; a difference under about 1% on a small kind is not proved by this bench alone.
Instructions are not seconds (a cache miss costs more than an add), but for two builds of the same interpreter
running nearly the same code they are a steady proxy for CPU.

Each side runs each kind of run (``bench_alternating.KINDS``) on the same puzzles (``bench_alternating``'s seeded
sample of the grading record) in a fresh process under callgrind, and once with the puzzles only read; the kind's
count is the difference, so start-up and imports are left out. ``PYTHONHASHSEED`` is fixed so that both sides
iterate their sets alike. Runs are about 50 times slower than without callgrind: the default (orders 6 and 9, 12
puzzles each, six kinds, three runs) takes 30 to 60 minutes.

    python bench/bench_instructions.py                          # pure Python sources on both sides, against main
    python bench/bench_instructions.py --against c73fcb1 --kinds grade,rate --orders 9
    python bench/bench_instructions.py --compiled               # this compiled build against the revision's wheel
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_alternating import KINDS, kind_runs, sampled_ids
from old_revision import checkout_package, old_package

COLLECTED = re.compile(r"Collected : (\d+)")


def _worker(package_dir: str, kind: str) -> None:
    """Read the game ids on standard input and run ``kind`` on each (``none``: only read them)."""
    runs = kind_runs(package_dir)
    from dominosa.formats.game_id import read_game_id

    puzzles = [read_game_id(game_id) for game_id in json.loads(sys.stdin.read())]
    if kind != "none":
        for puzzle in puzzles:
            runs[kind](puzzle)


def instructions(site: Path | None, package_dir: str, kind: str, game_ids: list[str], *, pure: bool,
                 cwd: str, pad: int = 0) -> int:
    """The instructions one fresh process executes to read ``game_ids`` and run ``kind`` on them, under
    callgrind; ``site`` as ``old_revision.run_side`` takes it (None: this checkout); ``pad`` characters of
    environment move where memory lies (see the module's docstring)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DOMINOSA_PURE_PYTHON")}
    env["PYTHONHASHSEED"] = "0"
    env["BENCH_INSTRUCTIONS_PAD"] = "x" * pad
    if pure:
        env["DOMINOSA_PURE_PYTHON"] = "1"
    if site is not None:
        env["PYTHONPATH"] = str(site)
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
            str(Path(__file__).resolve()), "--worker", package_dir, "--kinds", kind]
    done = subprocess.run(argv, input=json.dumps(game_ids), capture_output=True, text=True, env=env, cwd=cwd,
                          check=True)
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count: {done.stderr[-500:]}")
    return int(found.group(1))


def counted(ids: dict[str, list[str]], kinds: list[str], against: str, *, pure: bool, runs: int
            ) -> dict[tuple[str, str, str], list[int]]:
    """By (order, kind, side), the instructions of each of ``runs`` runs, the reading of the puzzles taken off."""
    here = str(Path(__file__).resolve().parent.parent)
    out: dict[tuple[str, str, str], list[int]] = {}
    with tempfile.TemporaryDirectory() as folder:
        site = old_package(against, Path(folder) / "old", compiled=not pure)
        # Pure sources on both sides are imported from twin folders (paths of the same length); the compiled
        # build of this checkout is its editable install.
        mine = checkout_package(Path(folder) / "new") if pure else None
        sides = {"new": (mine, here if mine is None else str(mine)), "old": (site, str(site))}
        for order, game_ids in ids.items():
            for side, (side_site, package_dir) in sides.items():
                for run in range(runs):
                    pad = 97 * run  # each run another layout of memory
                    base = instructions(side_site, package_dir, "none", game_ids, pure=pure, cwd=folder, pad=pad)
                    for kind in kinds:
                        total = instructions(side_site, package_dir, kind, game_ids, pure=pure, cwd=folder, pad=pad)
                        out.setdefault((order, kind, side), []).append(total - base)
                    print(f"  order {order} {side}: done", file=sys.stderr, flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--orders", default="6,9", help="comma-separated orders of the record's puzzles")
    parser.add_argument("--puzzles", type=int, default=12, help="puzzles per order at most")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds of run")
    parser.add_argument("--against", default="main", help="the git revision to compare with")
    parser.add_argument("--compiled", action="store_true",
                        help="this compiled build against the revision's own (a pip wheel: minutes)")
    parser.add_argument("--runs", type=int, default=3, help="runs per side, each with its environment padded")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, args.kinds)
        return
    if shutil.which("valgrind") is None:
        sys.exit("bench_instructions: valgrind is not installed (apt install valgrind)")
    print(f"load average {os.getloadavg()[0]:.1f} (it slows the run, not the counts)", flush=True)
    kinds = args.kinds.split(",")
    orders = args.orders.split(",")
    counts = counted(sampled_ids(orders, args.puzzles, args.seed), kinds, args.against, pure=not args.compiled,
                     runs=args.runs)
    build = "compiled builds" if args.compiled else "pure Python sources"
    print(f"this checkout against {args.against}, {build}, instructions (callgrind) beyond reading the puzzles, "
          f"median of {args.runs} runs (and their range)")
    for order in orders:
        for kind in kinds:
            news, olds = counts[(order, kind, "new")], counts[(order, kind, "old")]
            new, old = statistics.median(news), statistics.median(olds)
            print(f"order {order:>2} {kind:7} {new / 1e6:9.1f} M ({min(news) / 1e6:.1f}-{max(news) / 1e6:.1f}) "
                  f"against {old / 1e6:9.1f} M ({min(olds) / 1e6:.1f}-{max(olds) / 1e6:.1f})  ({new / old:.3f}x)")


if __name__ == "__main__":
    main()
