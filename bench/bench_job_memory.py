"""Memory of a studio job: the peak data a worker holds while it runs ``/api/fix`` on a first draft, against the
estimate the studio goes by (:func:`dominosa.web.budget.fix_allowance`, the generator's own estimate of the fix
as the studio holds it) and the worker's limit.

Each case runs in a fresh process that imports the jobs as a worker does, then samples its own ``VmData`` (what
``RLIMIT_DATA`` counts) every 10 ms while the job runs, with no limit set, so the figure is what the job would
take. The drafts are random layouts of the generator with trivially ambiguous squares allowed (seed 1 unless
given), the kind of grid with thousands of solutions a setter starts from. A job is stopped after ``--seconds``
(the server's time limit, 10 s by default), and its peak so far reported.

Also printed: a worker's own data after importing the jobs and after drawing one picture of each kind (matplotlib
and numpy come in then), and what the same worker maps in all (``VmSize``, what ``RLIMIT_AS`` would count).

    python bench/bench_job_memory.py                    # the cases below (about two minutes)
    python bench/bench_job_memory.py --case 40:clues:1  # one case: order, clues or swaps, seed
    python bench/bench_job_memory.py --case 40:swaps:1 --seconds 60 --fix-seconds 30  # a longer search
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time

CLUES = ["20:clues:1", "30:clues:1", "40:clues:1", "100:clues:2"]
CASES = CLUES + [case.replace("clues", "swaps") for case in CLUES]
GAME_ID = "3:22223101012330103310"


def status(*keys: str) -> dict[str, int]:
    """This process's figures from /proc/self/status, in MB."""
    found = {}
    with open("/proc/self/status", encoding="ascii") as lines:
        for line in lines:
            key, _, value = line.partition(":")
            if key in keys:
                found[key] = int(value.split()[0]) // 1024
    return found


def worker_baseline() -> dict[str, dict[str, int]]:
    """A worker's own memory: after importing the jobs, and after drawing a PNG, an SVG and a PDF."""
    from dominosa.web.jobs import run_job

    figures = {"imported": status("VmData", "VmSize")}
    for fmt in ("png", "svg", "pdf"):
        run_job("export", {"puzzle": GAME_ID, "format": fmt})
    figures["after drawing"] = status("VmData", "VmSize")
    return figures


def one_case(case: str, seconds: float, fix_seconds: float) -> None:
    """Run one fix (in this process) and report its peak data above the worker's own."""
    import random

    from dominosa.formats import write_game_id
    from dominosa.generator.layouts import random_layout
    from dominosa.web.budget import fix_allowance
    from dominosa.web.jobs import run_job

    order, mode, seed = case.split(":")
    puzzle, _ = random_layout(int(order), random.Random(int(seed)), avoid_trivial_squares=False)
    cells = len(puzzle.board)
    allowance = fix_allowance(puzzle, swaps=mode == "swaps")
    base = status("VmData")["VmData"]
    peak = [base]
    started = time.monotonic()

    def sample() -> None:
        while True:
            peak[0] = max(peak[0], status("VmData")["VmData"])
            if time.monotonic() - started > seconds:
                report(stopped=True)
                os._exit(0)
            time.sleep(0.01)

    def report(**more: object) -> None:
        print(
            json.dumps(
                {
                    "case": case,
                    "cells": cells,
                    "listed at most": allowance.cap,
                    "moves MB at most": None if allowance.moves_budget is None else allowance.moves_budget >> 20,
                    "estimate MB": round(allowance.need / 2**20),
                    "refused": not allowance.fits,
                    "peak above the worker MB": peak[0] - base,
                    "seconds": round(time.monotonic() - started, 1),
                    **more,
                }
            ),
            flush=True,
        )

    threading.Thread(target=sample, daemon=True).start()
    body = {"puzzle": write_game_id(puzzle), "swaps": mode == "swaps", "seconds": fix_seconds}
    outcome, value = run_job("fix", body)
    report(outcome=outcome, solutions=value.get("solutions") if isinstance(value, dict) else None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--case", action="append", help="ORDER:clues|swaps:SEED (repeatable; default a set)")
    parser.add_argument("--seconds", type=float, default=10.0, help="stop a job after this long (default 10)")
    parser.add_argument("--fix-seconds", type=float, default=4.0, help="the fix's own search time (default 4)")
    parser.add_argument("--inside", help=argparse.SUPPRESS)  # one case, in this process
    args = parser.parse_args()
    if args.inside:
        one_case(args.inside, args.seconds, args.fix_seconds)
        return 0
    if not os.path.exists("/proc/self/status"):
        print("needs Linux's /proc to read a process's memory")
        return 1
    from dominosa.web.budget import JOB_MEMORY, WORKER_MEMORY

    print(f"worker limit {WORKER_MEMORY >> 20} MB (RLIMIT_DATA), a job's share {JOB_MEMORY >> 20} MB")
    for stage, figures in worker_baseline().items():
        print(f"a worker {stage}: data {figures['VmData']} MB, mapped in all {figures['VmSize']} MB")
    for case in args.case or CASES:
        command = [sys.executable, __file__, "--inside", case, "--seconds", str(args.seconds)]
        command += ["--fix-seconds", str(args.fix_seconds)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=args.seconds + 120)
        print(done.stdout.strip() or f"{case}: no report: {done.stderr.strip()[-300:]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
