"""The static site (`dominosa site`) as issue 36 asks, in Debian's headless Chromium (test_web_browser.py's
fixtures): its lists of days and the archive in order, filtered by grade and marked once solved here; over http
an installable app that plays offline, while from file:// it asks for none of that.
"""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
from test_web_browser import (  # noqa: F401  (fixtures; expect once it checked Playwright is there)
    ARTIFACTS,
    browser,
    expect,
    open_page,
    place,
    site,
)

from dominosa.generator.daily import daily_puzzle


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # no line per request on the test's output
        pass


@pytest.fixture(scope="module")
def hosted(site):  # noqa: F811
    """The site on a static web server (Python's own, port 0); its address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def days(page) -> list[str]:
    return [t.strip() for t in page.locator("#days button").all_inner_texts()]


def test_the_days_are_listed_newest_first_filtered_by_grade_and_marked_when_solved(site, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, f"{(site / 'index.html').as_uri()}#date=2026-11-24&grade=trivial")
    listed = ["2026-11-25 · trivial", "2026-11-25 · basic", "2026-11-24 · trivial", "2026-11-24 · basic"]
    assert days(page) == listed  # by date, newest first; a day's grades easiest first
    page.select_option("#list-grade", "basic")
    assert days(page) == ["2026-11-25 · basic", "2026-11-24 · basic"]
    page.select_option("#list-grade", "")
    for a, b in daily_puzzle("2026-11-24", "trivial").solution:
        place(page, a, b)
    expect(page.locator("#status")).to_contain_text("Solved in")
    expect(page.locator("#days button.solved")).to_have_text(["✓ 2026-11-24 · trivial · solved"])
    expect(page.locator("#solved-count")).to_have_text("1 of 4 solved here")
    page.reload()  # kept in this browser
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#days button.solved")).to_have_count(1)
    context.close()


def test_over_http_the_site_installs_and_plays_offline_and_from_file_as_before(site, hosted, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, (site / "index.html").as_uri())
    assert page.locator("link[rel=manifest]").count() == 0  # nor a worker: the same test guards both in site.js
    expect(page.locator("#facts")).to_contain_text("order")  # and it plays, as before
    open_page(page, f"{hosted}index.html#date=2026-11-25&grade=basic")
    expect(page.locator("link[rel=manifest]")).to_have_attribute("href", "manifest.webmanifest")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.goto(f"{hosted}index.html#date=2026-11-24&grade=trivial")  # another day, never opened, from the copy kept
    page.reload()  # the address changed its hash only: load it again, offline
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#facts")).to_contain_text("2026-11-24 · trivial")
    page.click("#hint")
    expect(page.locator("#hint-box")).to_contain_text("Look at")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site36-offline.png"), full_page=True)
    context.close()
