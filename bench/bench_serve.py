"""The studio's speed, measured as a user meets it: a real ``dominosa serve`` process, HTTP, a real Chromium.

Three figures, each against a reference measured in the same run:

1. **Rate round trip, order 9**: ``POST /api/rate`` (the full rating, path included, as ``dominosa rate`` does)
   on order-9 puzzles, median over puzzles x repeats. Target <= 150 ms. Reference: ``rate()`` on the same
   puzzles in this process, so the ratio is what the server adds (HTTP, JSON, the hop to a worker process).
2. **Load**: 16 clients (threads, one keep-alive connection each) rating order-6 puzzles as fast as they get
   answers for ``--duration`` seconds (30) while generation requests run back to back. Targets: no error, p95
   <= 500 ms. Reference: the same clients for a third of the time with no generation running.
3. **First paint** of each page in headless Chromium (Debian's, driven by Playwright), median of ``--loads``
   fresh page loads. Target <= 1 s. Reference: the API documentation page, which runs no script.
4. **The static site's first paint** from ``file://``: a week of puzzles of the day (``dominosa site``), median of
   ``--loads`` cold loads. Target <= 1 s. Reference: a page of the same folder with the stylesheet and no script.

``--against COMMAND`` runs figures 1 to 3 also against another build's ``dominosa`` (say main's, installed in a
venv of its own), one after the other in the same run, and prints the ratios: the studio must be no slower.

The machine is shared (2 cores): the load average is printed before and after; figures on a busy machine are
worth little, and 16 clients on 2 cores measure queueing as much as speed.

    python bench/bench_serve.py                 # everything (about a minute and a half)
    python bench/bench_serve.py --quick         # 10 s of load, fewer puzzles
    python bench/bench_serve.py --strict        # exit status 1 if a target is missed
    python bench/bench_serve.py --against /tmp/main-venv/bin/dominosa
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from dominosa.deductions import rate
from dominosa.formats import write_game_id
from dominosa.generator.generate import generate, make_request

RATE_TARGET_MS = 150
P95_TARGET_MS = 500
PAINT_TARGET_MS = 1000
CLIENTS = 16


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def puzzles(order: int, count: int, seed: int) -> list[str]:
    """Proper puzzles of an order as game IDs, made here (not timed)."""
    return [write_game_id(next(generate(make_request(order=order, seed=seed + k), 1)).puzzle) for k in range(count)]


class Studio:
    """``dominosa serve --port 0`` in a process of its own."""

    def __init__(self, program: str | None = None, *, site: Path | None = None) -> None:
        """``program``: another build's ``dominosa``; ``site``: another revision's package to import instead
        (bench/old_revision.py), run by this Python."""
        command = [program or str(Path(sys.executable).with_name("dominosa")), "serve", "--port", "0"]
        if site is not None or not Path(command[0]).exists():
            command = [sys.executable, "-m", "dominosa.cli.main", "serve", "--port", "0"]
        env = None if site is None else {**os.environ, "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
        # Started outside any checkout, so that its processes import the build being measured, not a source tree.
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=tempfile.gettempdir(), env=env)
        line = self.process.stdout.readline()
        match = re.search(r"http://([\d.]+):(\d+)/", line)
        if not match:
            self.process.kill()
            raise SystemExit(f"dominosa serve did not start: {line!r}")
        self.url = match.group(0)
        self.host, self.port = match.group(1), int(match.group(2))

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=60)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def post(conn: http.client.HTTPConnection, path: str, body: dict) -> tuple[int, dict]:
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    response = conn.getresponse()
    return response.status, json.loads(response.read())


def ms(seconds: float) -> float:
    return seconds * 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# -- 1. the rate round trip --------------------------------------------------------------------------------------


def rate_round_trip(studio: Studio, games: list[str], repeats: int) -> tuple[float, float]:
    from dominosa.formats import read_puzzle

    conn = studio.connection()
    post(conn, "/api/rate", {"puzzle": games[0]})  # warm the worker
    served, direct = [], []
    for game in games:
        puzzle = read_puzzle(game)
        for _ in range(repeats):
            started = time.perf_counter()
            status, answer = post(conn, "/api/rate", {"puzzle": game})
            served.append(time.perf_counter() - started)
            assert status == 200 and answer["unique"], answer
            started = time.perf_counter()
            rate(puzzle)
            direct.append(time.perf_counter() - started)
    conn.close()
    return ms(statistics.median(served)), ms(statistics.median(direct))


# -- 2. load ------------------------------------------------------------------------------------------------------


def hammer(studio: Studio, games: list[str], seconds: float, generating: bool) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    generations: list[float] = []
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def client(k: int) -> None:
        conn = studio.connection()
        n = k
        while time.monotonic() < stop:
            game = games[n % len(games)]
            n += CLIENTS
            started = time.perf_counter()
            try:
                status, answer = post(conn, "/api/rate", {"puzzle": game})
                ok = status == 200 and answer.get("unique") is True
                why = "" if ok else f"HTTP {status}: {answer.get('error', answer)}"
            except (OSError, http.client.HTTPException, ValueError) as error:
                ok, why = False, f"{type(error).__name__}: {error}"
                conn.close()
                conn = studio.connection()
            took = time.perf_counter() - started
            with lock:
                latencies.append(took)
                if not ok:
                    errors.append(why)
        conn.close()

    def generator() -> None:
        conn = studio.connection()
        seed = 1
        while time.monotonic() < stop:
            started = time.perf_counter()
            status, _ = post(conn, "/api/generate", {"order": 9, "grade": "hard", "seed": seed})
            generations.append(time.perf_counter() - started)
            seed += 1
        conn.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
    if generating:
        threads.append(threading.Thread(target=generator))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {
        "requests": len(latencies),
        "errors": errors,
        "median": ms(statistics.median(latencies)),
        "p95": ms(percentile(latencies, 0.95)),
        "max": ms(max(latencies)),
        "per_second": len(latencies) / seconds,
        "generations": len(generations),
    }


# -- 3. first paint ---------------------------------------------------------------------------------------------


def first_paints(studio: Studio, loads: int) -> dict[str, float] | str:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "Playwright is not installed (pip install -e '.[dev]')"
    if not os.path.exists(chromium):
        return "no Chromium (apt-get install chromium)"
    figures = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for path in ("docs", "", "play", "daily", "tile"):
            paints = []
            for _ in range(loads):
                context = browser.new_context(viewport={"width": 1280, "height": 900})  # a cold cache each time
                paints.append(paint_of(context, studio.url + path))
            figures["/" + path] = statistics.median(paints)
        browser.close()
    return figures


def paint_of(context, url: str) -> float:
    """First contentful paint of ``url`` in a fresh context (closed afterwards), in ms."""
    page = context.new_page()
    page.goto(url, wait_until="load")
    paint = page.evaluate(
        """() => new Promise((done) => {
            const find = () => performance.getEntriesByName("first-contentful-paint")[0];
            if (find()) return done(find().startTime);
            new PerformanceObserver(() => find() && done(find().startTime))
                .observe({ type: "paint", buffered: true });
        })"""
    )
    context.close()
    return paint


# -- 4. the static site -------------------------------------------------------------------------------------------


def site_paints(loads: int) -> tuple[float, float] | str:
    """First paint of a week's static site from file://, and of a scriptless page beside it (the reference)."""
    import datetime

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "Playwright is not installed (pip install -e '.[dev]')"
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(chromium):
        return "no Chromium (apt-get install chromium)"
    with tempfile.TemporaryDirectory() as folder:
        first = datetime.date.today()
        program = str(Path(sys.executable).with_name("dominosa"))
        subprocess.run(
            [program, "site", folder, "--from", first.isoformat(), "--count", "5"], check=True, capture_output=True
        )
        plain = Path(folder) / "plain.html"
        plain.write_text('<!doctype html><link rel="stylesheet" href="studio.css"><main><h1>Dominosa</h1></main>')
        site, reference = [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for _ in range(loads):
                site.append(
                    paint_of(
                        browser.new_context(viewport={"width": 1280, "height": 900}),
                        (Path(folder) / "index.html").as_uri(),
                    )
                )
                reference.append(paint_of(browser.new_context(viewport={"width": 1280, "height": 900}), plain.as_uri()))
            browser.close()
    return statistics.median(site), statistics.median(reference)


def measure(
    studio: Studio, name: str, games9: list[str], games6: list[str], duration: float, loads: int, missed: list[str]
) -> dict[str, float]:
    """Figures 1 to 3 for one studio (stopped afterwards); the figures for comparing builds."""
    print(f"-- {name}")
    figures: dict[str, float] = {}
    try:
        served, direct = rate_round_trip(studio, games9, repeats=3)
        figures["rate"] = served
        ok = served <= RATE_TARGET_MS
        missed += [] if ok else ["rate round trip"]
        print(
            f"rate round trip, order 9: median {served:.0f} ms"
            f" (target <= {RATE_TARGET_MS}: {'pass' if ok else 'FAIL'}); rate() in process {direct:.0f} ms;"
            f" ratio {served / direct:.2f}"
        )
        quiet = hammer(studio, games6, duration / 3, generating=False)
        busy = hammer(studio, games6, duration, generating=True)
        figures.update(p95=busy["p95"], per_second=busy["per_second"])
        ok = not busy["errors"] and busy["p95"] <= P95_TARGET_MS
        missed += [] if ok else ["load"]
        print(
            f"{CLIENTS} clients rating order 6 for {duration:g} s while generating (order 9, hard):"
            f" {busy['requests']} requests, {len(busy['errors'])} errors, median {busy['median']:.0f} ms,"
            f" p95 {busy['p95']:.0f} ms (target <= {P95_TARGET_MS}: {'pass' if ok else 'FAIL'}), max {busy['max']:.0f}"
            f" ms, {busy['per_second']:.1f} ratings/s, {busy['generations']} generations finished"
        )
        if busy["errors"]:
            print(f"  first error: {busy['errors'][0]}")
        print(
            f"  reference, no generation, {duration / 3:.0f} s: {quiet['requests']} requests, {len(quiet['errors'])}"
            f" errors, median {quiet['median']:.0f} ms, p95 {quiet['p95']:.0f} ms; p95 ratio"
            f" {busy['p95'] / quiet['p95']:.2f}"
        )
        paints = first_paints(studio, loads)
        if isinstance(paints, str):
            print(f"first paint: not measured: {paints}")
        else:
            reference = paints.pop("/docs")
            worst = max(paints.values())
            figures["paint"] = paints["/play"]
            ok = worst <= PAINT_TARGET_MS
            missed += [] if ok else ["first paint"]
            each = ", ".join(f"{page} {value:.0f} ms" for page, value in paints.items())
            print(
                f"first paint, median of {loads} cold loads: {each} (target <= {PAINT_TARGET_MS}:"
                f" {'pass' if ok else 'FAIL'}); reference /docs {reference:.0f} ms; worst ratio {worst / reference:.2f}"
            )
    finally:
        studio.stop()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="10 s of load, 3 order-9 puzzles, 3 page loads")
    parser.add_argument("--duration", type=float, help="seconds of load with generation running (default 30)")
    parser.add_argument("--loads", type=int, help="page loads per page (default 5)")
    parser.add_argument("--strict", action="store_true", help="exit status 1 if a target is missed")
    parser.add_argument("--against", metavar="COMMAND", help="another build's dominosa to measure in the same run")
    args = parser.parse_args()
    duration = args.duration or (10.0 if args.quick else 30.0)
    loads = args.loads or (3 if args.quick else 5)
    print(f"before: {load()}")
    games9 = puzzles(9, 3 if args.quick else 6, seed=900)
    games6 = puzzles(6, 24, seed=600)
    missed: list[str] = []
    mine = measure(Studio(), "this build", games9, games6, duration, loads, missed)
    if args.against:
        other = measure(Studio(args.against), args.against, games9, games6, duration, loads, [])
        print(
            f"against {args.against}: rate round trip {mine['rate'] / other['rate']:.2f}x,"
            f" p95 under load {mine['p95'] / other['p95']:.2f}x,"
            f" ratings/s {mine['per_second'] / other['per_second']:.2f}x"
            + (
                f", /play first paint {mine['paint'] / other['paint']:.2f}x"
                if mine.get("paint") and other.get("paint")
                else ""
            )
            + " (below 1 is faster, except ratings/s)"
        )
    site = site_paints(loads)
    if isinstance(site, str):
        print(f"static site first paint: not measured: {site}")
    else:
        ok = site[0] <= PAINT_TARGET_MS
        missed += [] if ok else ["static site first paint"]
        print(
            f"static site (a week, file://) first paint, median of {loads} cold loads: {site[0]:.0f} ms"
            f" (target <= {PAINT_TARGET_MS}: {'pass' if ok else 'FAIL'}); reference, a scriptless page beside it,"
            f" {site[1]:.0f} ms; ratio {site[0] / site[1]:.2f}"
        )
    print(f"after: {load()}")
    if missed:
        print(f"missed: {', '.join(missed)}")
    return 1 if (args.strict and missed) else 0


if __name__ == "__main__":
    sys.exit(main())
