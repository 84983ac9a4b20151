"""First paint of the studio's pages against the studio before issue 24, and of the static site from file://.

Issue 36 asks that ``/play`` paints no later than it did before issue 24 brought its theme script. This starts
this checkout's ``dominosa serve --port 0`` and a git revision's (``--against``, by default the last commit before
issue 24), loads each page in a fresh Chromium context (a cold cache) alternately on the two servers, and
prints the median first contentful paint of each and their ratio; ``/docs`` (no game, no script of its own) is
the control that shows how much of a difference is noise. Then the static site (``dominosa site``) from
``file://``, against a script-free page in the same folder. See bench/README.md.

    python bench/bench_paint.py                 # 9 loads of each page on each side
    python bench/bench_paint.py --loads 15 --against main --against 29d7f5c
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_serve import load, paint_of, site_paints
from old_revision import old_package

BEFORE_ISSUE_24 = "29d7f5c"  # main just before the first commit of issue 24 (616a002)
PAGES = ("play", "docs", "daily", "")
SITE_TARGET_MS = 1000


class Server:
    """``dominosa serve --port 0`` of this checkout (``site`` None) or of an unpacked revision."""

    def __init__(self, site: Path | None) -> None:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if site is not None:
            env["PYTHONPATH"] = str(site)
        command = [sys.executable, "-m", "dominosa", "serve", "--port", "0", "--workers", "1"]
        # Started outside the checkout, so that the revision's package (or the installed one) answers.
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=tempfile.gettempdir())
        line = self.process.stdout.readline()
        match = re.search(r"http://\S+/", line)
        if not match:
            self.process.kill()
            raise SystemExit(f"dominosa serve did not start: {line!r}")
        self.url = match.group(0)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def page_paints(servers: dict[str, Server], loads: int) -> dict[str, dict[str, float]]:
    """The median first paint of every page on every server, loads alternating between the servers."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    paints: dict[str, dict[str, list[float]]] = {name: {p: [] for p in PAGES} for name in servers}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for _ in range(loads):
            for path in PAGES:
                for name, server in servers.items():
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    paints[name][path].append(paint_of(context, server.url + path))
        browser.close()
    return {name: {p: statistics.median(v) for p, v in pages.items()} for name, pages in paints.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--against",
        action="append",
        metavar="REV",
        help=f"a git revision to compare with (repeat for more; default"
        f" {BEFORE_ISSUE_24}, before issue 24); /play must paint no later than the first",
    )
    parser.add_argument("--loads", type=int, default=9, help="cold loads of each page on each side")
    parser.add_argument("--strict", action="store_true", help="exit status 1 if a target is missed")
    args = parser.parse_args()
    revisions = args.against or [BEFORE_ISSUE_24]
    print(load())
    if not os.path.exists(shutil.which("chromium") or "/usr/bin/chromium"):
        print("not measured: no Chromium (apt-get install chromium)")
        return 0
    missed = []
    with tempfile.TemporaryDirectory() as folder:
        servers = {"this": Server(None)}
        for k, revision in enumerate(revisions):
            servers[revision] = Server(old_package(revision, Path(folder) / str(k)))
        try:
            figures = page_paints(servers, args.loads)
        finally:
            for server in servers.values():
                server.stop()
    mine = figures["this"]
    for path in PAGES:
        against = ", ".join(
            f"{figures[r][path]:.0f} ms at {r} ({mine[path] / figures[r][path]:.2f}x)" for r in revisions
        )
        print(f"/{path:6} first paint, median of {args.loads}: {mine[path]:.0f} ms against {against}")
    if mine["play"] > figures[revisions[0]]["play"] * 1.1:  # a tenth: the noise of cold loads' medians, shared machine
        missed.append("/play first paint")
    site = site_paints(args.loads)
    if isinstance(site, str):
        print(f"static site: not measured: {site}")
    else:
        print(
            f"static site from file://, first paint median of {args.loads}: {site[0]:.0f} ms"
            f" (target <= {SITE_TARGET_MS}; a script-free page beside it {site[1]:.0f} ms)"
        )
        if site[0] > SITE_TARGET_MS:
            missed.append("static site first paint")
    print("targets missed: " + ", ".join(missed) if missed else "every target met")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
