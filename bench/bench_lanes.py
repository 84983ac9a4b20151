"""The studio under a burst of long work, as issue 43 met it: a small rate beside two long solves and ten
big generations, against the same rate with the studio idle, measured in the same run.

A real ``dominosa serve --port 0`` (bench_serve.Studio), HTTP from threads:

1. **Reference**: ``POST /api/rate`` of a double-3 with the studio idle, median of ``--repeats``.
2. **Burst**: two pentomino counts (``/api/tile``, seconds of work each, held to the studio's 10 s) and
   ``--burst`` generations of order ``--order`` at no grade, all sent at once; then the same rate, median of
   ``--repeats``, while they run. Target: under 1 s each, and the ratio to the reference is what the burst costs.
3. **Refusals**: how the generations were answered: how many were refused (503 with Retry-After) and how long
   the refusals took (target: at once, under a second), and for those that ran: status, grade, seconds.
   ``--finish`` waits for them (up to the generation limit each, one after the other); otherwise they are
   abandoned once the rates are measured (closing a connection stops its job).

``--against REVISION`` measures that revision's studio first, the same way (unpacked by bench/old_revision.py).

The machine is shared: the load average is printed before and after.

    python bench/bench_lanes.py                       # order 50, ten generations, 7 rates each way
    python bench/bench_lanes.py --order 40 --finish   # and wait for the generations that run
    python bench/bench_lanes.py --against main        # main's studio first, then this one
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_serve import Studio, load  # noqa: E402

GAME_ID = "3:22223101012330103310"
SLOW = {"puzzle": "pentominoes", "count": True}


def timed_post(studio: Studio, path: str, body: dict, timeout: float = 600) -> dict:
    """POST and time it: status, seconds, the answer and its Retry-After header."""
    conn = http.client.HTTPConnection(studio.host, studio.port, timeout=timeout)
    started = time.perf_counter()
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        data = json.loads(response.read())
        return {
            "status": response.status,
            "seconds": time.perf_counter() - started,
            "data": data,
            "retry_after": response.getheader("Retry-After"),
        }
    finally:
        conn.close()


def rate_medians(studio: Studio, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        got = timed_post(studio, "/api/rate", {"puzzle": GAME_ID})
        if got["status"] != 200:
            raise SystemExit(f"the rate failed: {got}")
        times.append(got["seconds"])
    return times


def in_background(studio: Studio, path: str, body: dict, results: list) -> threading.Thread:
    thread = threading.Thread(target=lambda: results.append(timed_post(studio, path, body)), daemon=True)
    thread.start()
    return thread


def measure(studio: Studio, args: argparse.Namespace, side: str) -> None:
    """The three figures of the module's docstring for one studio, printed under ``side``."""
    timed_post(studio, "/api/rate", {"puzzle": GAME_ID})  # every process started and warm
    idle = rate_medians(studio, args.repeats)
    long_answers: list = []
    made: list = []
    threads = [in_background(studio, "/api/tile", SLOW, long_answers) for _ in range(2)]
    sent = time.perf_counter()
    threads += [
        in_background(studio, "/api/generate", {"order": args.order, "seed": k + 1}, made) for k in range(args.burst)
    ]
    time.sleep(0.5)  # a benchmark, not a test: the burst is under way
    busy = rate_medians(studio, args.repeats)
    early = [m for m in made if m["status"] == 503]
    print(f"[{side}] rate of a double-3, studio idle: median {statistics.median(idle) * 1000:.1f} ms (reference)")
    print(
        f"[{side}] rate beside 2 long solves and {args.burst} order-{args.order} generations: median"
        f" {statistics.median(busy) * 1000:.1f} ms, max {max(busy) * 1000:.1f} ms"
        f" ({statistics.median(busy) / statistics.median(idle):.2f}x the reference)"
    )
    print(
        f"[{side}] generations answered 503 while the rates were timed: {len(early)} of {args.burst}, within"
        f" {max((m['seconds'] for m in early), default=0):.2f} s of being sent; Retry-After"
        f" {sorted({m['retry_after'] for m in early}, key=str)}"
    )
    if args.finish:
        for thread in threads:
            thread.join()
        for m in sorted(made, key=lambda m: m["seconds"]):
            if m not in early:
                what = m["data"].get("grade") or m["data"].get("error", "")[:90]
                print(f"[{side}]   generation: {m['status']} after {m['seconds']:.1f} s: {what}")
        print(f"[{side}]   long solves: {[(m['status'], round(m['seconds'], 1)) for m in long_answers]}")
    print(f"[{side}] burst sent {time.perf_counter() - sent:.1f} s ago; {load()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--order", type=int, default=50, help="order of the generations (default 50)")
    parser.add_argument("--burst", type=int, default=10, help="generations sent at once (default 10)")
    parser.add_argument("--repeats", type=int, default=7, help="rates timed each way (default 7)")
    parser.add_argument("--finish", action="store_true", help="wait for the generations that run")
    parser.add_argument("--against", metavar="REVISION", help="measure this git revision's studio too, first")
    args = parser.parse_args()

    print(load())
    if args.against:
        from old_revision import old_package

        with tempfile.TemporaryDirectory() as folder:
            studio = Studio(site=old_package(args.against, Path(folder)))
            try:
                measure(studio, args, args.against)
            finally:
                studio.stop()
    studio = Studio()
    try:
        measure(studio, args, "this checkout")
    finally:
        studio.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
