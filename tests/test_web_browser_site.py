"""The static site (`dominosa site`) as issue 36 asks, in Debian's headless Chromium (test_web_browser.py's
fixtures): its lists of days and the archive in order, filtered by grade and marked once solved here; over http
an installable app that plays offline, while from file:// it asks for none of that.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading

import pytest
from test_web_browser import (  # noqa: F401  (fixtures; expect once it checked Playwright is there)
    ARTIFACTS,
    expect,
    open_page,
    place,
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


def calendar_days(page) -> list[str]:
    """The calendar's playable days, as their accessible names say them."""
    return [b.get_attribute("aria-label") for b in page.locator("#calendar button.day").all()]


def test_the_days_are_a_month_calendar_by_grade_with_solved_and_no_hint_marks(site, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, f"{(site / 'index.html').as_uri()}#date=2026-11-24&grade=trivial")
    expect(page.locator("#month-name")).to_have_text("November 2026")
    assert calendar_days(page) == ["24 November, trivial: not solved yet", "25 November, trivial: not solved yet"]
    assert page.locator("#calendar .weekday").all_inner_texts()[0] == "Mon"
    page.select_option("#list-grade", "basic")
    assert calendar_days(page) == ["24 November, basic: not solved yet", "25 November, basic: not solved yet"]
    page.select_option("#list-grade", "trivial")
    for a, b in daily_puzzle("2026-11-24", "trivial").solution:
        place(page, a, b)
    expect(page.locator("#status")).to_contain_text("Solved in")
    solved = page.locator("#calendar button.day.solved")
    expect(solved).to_have_attribute("aria-label", "24 November, trivial: solved without a hint")
    expect(solved.locator(".marks")).to_have_text("✓★")
    expect(page.locator("#solved-count")).to_have_text("1 of 4 solved here")
    page.locator("#calendar button.day").nth(1).click()  # the 25th, from the calendar
    expect(page.locator("#facts")).to_contain_text("2026-11-25 · trivial")
    page.click("#hint")
    a, b = daily_puzzle("2026-11-25", "trivial").solution[0]
    place(page, a, b)
    page.reload()  # kept in this browser: the solve, and the day begun with its hint
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#facts")).to_contain_text("2026-11-25 · trivial")
    expect(page.locator("#board rect.domino:not(.clue)")).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("1 hint")
    expect(page.locator("#calendar button.day.solved")).to_have_count(1)
    page.locator("#calendar button.day").first.click()
    expect(page.locator("#status")).to_contain_text("Solved in")  # a solved day opens solved
    expect(page.locator("#share-line")).to_contain_text("no hints")
    context.close()


def test_days_built_ahead_stay_hidden_until_their_date(site, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.clock.set_fixed_time("2026-11-24T12:00:00")
    open_page(page, f"{(site / 'index.html').as_uri()}#date=2026-11-25&grade=trivial")
    expect(page.locator("#facts")).to_contain_text("2026-11-24")  # the 25th is tomorrow: not on offer yet
    assert calendar_days(page) == ["24 November, trivial: not solved yet"]
    expect(page.locator("#day-after")).to_be_disabled()
    context.close()


def test_the_site_names_hint_cells_in_reading_order(site, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, f"{(site / 'index.html').as_uri()}#date=2026-11-25&grade=basic")
    for level in ("Press Hint again for the technique", "Press Hint again for the whole deduction"):
        page.click("#hint")
        expect(page.locator("#hint-box")).to_contain_text(level)
    text = page.locator("#hint-box").inner_text()
    names = [(int(r), int(c)) for r, c in re.findall(r"r(\d+)c(\d+)", text.split("Look at", 1)[1])]
    assert names and names == sorted(names), text
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
