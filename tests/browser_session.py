"""The browser tests' fixtures (test_web_browser*.py, split by subject), offered to every module by conftest.py.
The studio (``dominosa serve`` with its worker processes) and a small static site are set up once per worker for
the whole session, instead of once per module; the headless Chromium too (see :func:`browser`). Each
test opens its own context or page, so no test sees another's storage.
"""

from __future__ import annotations

import json
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


class KeptContexts:
    """Browser contexts kept open for a module, one for each set of options (a phone, a desktop in the dark...):
    a page opened in a context that is already open costs about a third of the CPU of one in a context of its own
    (the context's renderer and caches are warm), and the browser modules open a page or two in each of over a
    hundred tests. Between tests :meth:`clean` closes the test's pages and clears what they stored (local storage,
    IndexedDB, caches) in every origin they visited, so no test sees another's storage. A test that changes a
    whole context (a fake clock: Playwright installs it on the context; permissions) opens a context of its own,
    and so does one that needs a second browser whose storage is not the first's."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.contexts: dict[str, tuple] = {}  # options as JSON: (context, its CDP session, its keeper page)
        self.visited: set[str] = set()

    def new_page(self, **options):
        """A new page in the kept context of ``options`` (``browser.new_context``'s), opened now if need be."""
        key = json.dumps(options, sort_keys=True)
        if key not in self.contexts:
            context = self.browser.new_context(**options)
            keeper = context.new_page()  # on about:blank: the context's processes stay up between tests
            self.contexts[key] = (context, context.new_cdp_session(keeper), keeper)
        page = self.contexts[key][0].new_page()
        page.on("framenavigated", lambda frame: self.visited.add(_origin(frame.url)))
        return page

    def clean(self) -> None:
        """Close every page the test opened (first: a page may save its state as it closes), then clear the
        storage of every origin they visited."""
        for context, _, keeper in self.contexts.values():
            for page in context.pages:
                if page is not keeper:
                    self.visited.add(_origin(page.url))
                    page.close()
        for _, cdp, _ in self.contexts.values():
            for origin in self.visited - {""}:
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        self.visited.clear()

    def close(self) -> None:
        for context, _, _ in self.contexts.values():
            context.close()


def _origin(url: str) -> str:
    """The origin that Chromium's storage is kept by: ``file://`` for a file, scheme and host for a web page, ""
    for about:blank."""
    if url.startswith("file:"):
        return "file://"
    found = re.match(r"(https?://[^/]+)", url)
    return found[1] if found else ""


@pytest.fixture(scope="module")
def kept_contexts(browser):
    """The module's :class:`KeptContexts`, closed after its last test; tests take :func:`contexts`."""
    kept = KeptContexts(browser)
    yield kept
    kept.close()


@pytest.fixture
def contexts(kept_contexts):
    """The module's kept contexts, for ``contexts.new_page(**options)``; cleaned after the test."""
    yield kept_contexts
    kept_contexts.clean()


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
