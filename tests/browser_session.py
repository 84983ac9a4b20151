"""The browser tests' fixtures (test_web_browser*.py, split by subject), offered to every module by conftest.py.
The studio (``dominosa serve`` with its worker processes) and a small static site are set up once per worker for
the whole session, instead of once per module; the headless Chromium too (see :func:`browser`). Each
test opens its own context or page, so no test sees another's storage.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from cli_run import COMMAND
from waiting import PATIENCE

CHROMIUM = os.environ.get("DOMINOSA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def studio(tmp_path_factory):
    """`dominosa serve --port 0` in a process of its own, for every browser test this worker runs; its address.

    The studio keeps nothing between requests (no store), so tests sharing it cannot see each other's work. Its
    standard error goes to a file, not a pipe that nobody reads and that a long session could fill."""
    errors = tmp_path_factory.mktemp("studio") / "stderr.txt"
    with errors.open("w") as stderr:
        process = subprocess.Popen(
            [*COMMAND, "serve", "--port", "0", "--workers", "2"], stdout=subprocess.PIPE, stderr=stderr, text=True
        )
    try:
        line = process.stdout.readline()
        match = re.search(r"(http://\S+/)", line)
        if not match:
            pytest.fail(f"dominosa serve did not start: {line!r} {errors.read_text()}")
        yield match.group(1)
    finally:
        process.terminate()
        try:
            process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=PATIENCE)


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium through Playwright, launched once per worker for the whole session (a launch
    costs a few tenths of a second of CPU, and there are nine browser modules); each test opens its own context
    or page in it. The browser modules skip before asking for it when either is missing (test_web_browser.py).

    While it is open, Playwright's synchronous API keeps an asyncio event loop running in this thread: a test that
    runs a coroutine of its own does so in another thread (test_web_workers.py's ``run``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """`dominosa site` for two days (trivial and basic) and a one-puzzle archive; the folder. Only read by the
    tests (from file:// or a static server)."""
    folder = tmp_path_factory.mktemp("site") / "public"
    days = ["--from", "2026-11-24", "--to", "2026-11-25", "--grade", "trivial", "--grade", "basic"]
    done = subprocess.run(
        [*COMMAND, "site", str(folder), *days, "--count", "1", "--order", "3"],
        capture_output=True, text=True, timeout=PATIENCE,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return folder
