"""The setter's "Make it unique" button in a real headless Chromium (the set-up is tests/test_web_browser.py's): the
suggestion drawn on the board, applied with one click (the verdict turns unique), and undone."""

from __future__ import annotations

import re

# The fixtures and helpers of the studio's browser tests (that module skips when Chromium or Playwright is missing).
from test_web_browser import expect, open_page, page, shot  # noqa: F401

AMBIGUOUS = "03200\n31223\n12101\n10332\n"  # a full double-3 set with two solutions


def test_make_it_unique_draws_applies_and_undoes_a_clue(studio, page):  # noqa: F811
    open_page(page, studio)
    page.fill("#text", AMBIGUOUS)
    expect(page.locator("#verdict")).to_contain_text("solutions")
    page.click("#fix")
    expect(page.locator("#fix-out .fix-summary")).to_contain_text("1 clue makes it unique (the fewest possible)")
    expect(page.locator("#board rect.domino.ghost")).to_have_count(1)  # the clue, drawn dashed
    expect(page.locator("#fix-out .fix-step")).to_contain_text("Give the")
    shot(page, "setter-fix")
    page.click("#fix-apply")
    expect(page.locator("#verdict")).to_have_text("unique")
    expect(page.locator("#text")).to_have_value(re.compile(r"\n-\n\d-\d@r\dc\d,r\dc\d\n"))  # the clue, written
    expect(page.locator("#board rect.domino.clue")).to_have_count(1)
    page.click("#fix-undo")
    expect(page.locator("#verdict")).to_contain_text("solutions")
    expect(page.locator("#text")).to_have_value(AMBIGUOUS)


def test_make_it_unique_by_swaps_marks_the_cells(studio, page):  # noqa: F811
    open_page(page, studio)
    page.fill("#text", AMBIGUOUS)
    expect(page.locator("#verdict")).to_contain_text("solutions")
    page.select_option("#fix-mode", "swaps")
    page.click("#fix")
    expect(page.locator("#fix-out .fix-step").first).to_contain_text("Swap the")
    expect(page.locator("#board rect.cell.hl-fix")).to_have_count(2)
    page.click("#fix-apply")
    expect(page.locator("#verdict")).to_have_text("unique")
    shot(page, "setter-fix-swaps")
