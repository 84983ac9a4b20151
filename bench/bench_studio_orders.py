"""The studio's big orders as the API makes them: orders 40, 45 and 50 at every grade it offers, seeds 1-3.

Issue 43 item 8 asks that a request to make a puzzle of order 40 to 50, at any grade, be answered within the
studio's limit every time. Each sample here is what ``POST /api/generate`` runs: the ``generate`` job
(:func:`dominosa.web.jobs.generate_job`) in a generating worker pool of the studio's own kind (one process, at the
studio's lower CPU priority, its memory limit, its time limit), handed ``{"order", "grade", "seed"}``. A job past
the limit is stopped as the studio stops it and shows as ``MISSED``; a refusal (the studio saying up front that it
cannot make that in time) shows as ``refused``.

Per sample: wall seconds (what the user waits), the worker's CPU seconds (user + system, read from /proc while it
runs, so a stopped job still shows what it spent) and the 1-minute load average when it started. The machine is
shared: wall time on a loaded machine is several times the CPU time, and the limit is counted in wall time.

The reference measured in the same run: the first request of the run, order 40 at the default grade, seed 1
(repeated at the end, so that a change in the machine's load shows). ``--out FILE`` appends one JSON object per
sample as it comes, so a long run can be read before it ends.

    python bench/bench_studio_orders.py                       # 40 45 50 x every grade x seeds 1-3
    python bench/bench_studio_orders.py --orders 50 --grades fiendish guessing --seeds 1
    python bench/bench_studio_orders.py --orders 45 50 --grades extreme fiendish guessing --cpu-cap 48 --limit 400
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

from dominosa.deductions import GRADES
from dominosa.web.app import GENERATE_TIMEOUT, GENERATION_NICE
from dominosa.web.workers import JobTimeout, WorkerPool

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc), or None when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS


async def sample(pool: WorkerPool, body: dict, limit: float, cpu_cap: float | None = None) -> dict:
    """One request to make a puzzle, as the studio runs it: its outcome, wall and CPU seconds, the load. With
    ``cpu_cap``, a job that has spent that much CPU is stopped (``OVER``), as a client leaving stops it: past the
    cap the studio would not promise the row anyway, and the rest of its run would only load the machine."""
    while not pool.pids:  # the process of a job stopped at the limit is still being replaced
        await asyncio.sleep(0.1)
    (pid,) = pool.pids
    before = cpu_seconds(pid) or 0.0
    spent = [0.0]
    over = [False]
    job = asyncio.ensure_future(pool.run("generate", body, timeout=limit))

    async def watch() -> None:
        while True:
            now = cpu_seconds(pid)
            if now is not None:
                spent[0] = now - before
            if cpu_cap is not None and spent[0] > cpu_cap and not job.done():
                over[0] = True
                job.cancel()
            await asyncio.sleep(0.2)

    watcher = asyncio.create_task(watch())
    load = os.getloadavg()[0]
    started = time.perf_counter()
    try:
        outcome, value = await job
        made = json.loads(value) if outcome == "ok" else None
        result = "ok" if made else f"refused: {value}"
    except JobTimeout:
        made, result = None, "MISSED"
    except asyncio.CancelledError:
        if not over[0]:
            raise
        made, result = None, "OVER"
    wall = time.perf_counter() - started
    watcher.cancel()
    end = cpu_seconds(pid)
    if end is not None:
        spent[0] = end - before
    return {
        **body,
        "result": result,
        "made_grade": made and made.get("grade"),
        "wall": round(wall, 2),
        "cpu": round(spent[0], 2),
        "load": round(load, 2),
    }


async def main(args: argparse.Namespace) -> int:
    pool = WorkerPool(1, name="generating", nice=args.nice)
    await pool.start()
    out = open(args.out, "a") if args.out else None  # noqa: SIM115  (appended to as samples come)
    rows = []
    try:
        reference = {"order": 40, "seed": 1}
        plan = [] if args.no_reference else [reference]
        plan += [
            {"order": order, "grade": grade, "seed": seed}
            for seed in args.seeds
            for order in args.orders
            for grade in args.grades
        ]
        plan += [] if args.no_reference else [reference]
        over: set[tuple[int, str | None]] = set()  # rows a seed took past --cpu-cap: their later seeds are skipped
        for body in plan:
            body = {k: v for k, v in body.items() if v is not None}
            if (body["order"], body.get("grade")) in over:
                continue
            row = await sample(pool, body, args.limit, args.cpu_cap)
            if row["result"] in ("OVER", "MISSED"):
                over.add((body["order"], body.get("grade")))
            rows.append(row)
            print(
                f"order {row['order']:>2} {row.get('grade', '(default)'):>9} seed {row['seed']}:"
                f" {row['result'][:60]:<12} made {row['made_grade'] or '-':>9}  wall {row['wall']:7.2f} s"
                f"  cpu {row['cpu']:7.2f} s  load {row['load']:.2f}",
                flush=True,
            )
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    finally:
        await pool.close()
        if out:
            out.close()
    missed = [r for r in rows if r["result"] in ("MISSED", "OVER") or r.get("grade") not in (None, r["made_grade"])]
    print(f"{len(rows)} samples, {len(missed)} missed the {args.limit:g} s limit or the grade asked", flush=True)
    return 1 if args.strict and missed else 0


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--orders", type=int, nargs="+", default=[40, 45, 50])
    parser.add_argument("--grades", nargs="+", default=list(GRADES), choices=GRADES)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--limit", type=float, default=GENERATE_TIMEOUT, help="seconds (the studio's limit)")
    parser.add_argument("--out", help="append one JSON line per sample to this file")
    parser.add_argument(
        "--nice", type=int, default=GENERATION_NICE, help="the worker's CPU priority (the studio's by default)"
    )
    parser.add_argument(
        "--cpu-cap",
        type=float,
        help="stop a job past this many CPU seconds (OVER) and skip its row's later seeds (the studio promises a row"
        " only when every seed fits: web/capacity.py)",
    )
    parser.add_argument("--no-reference", action="store_true", help="skip the reference samples")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a sample misses the limit or the grade")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse())))
