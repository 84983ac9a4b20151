"""The setter's smaller items of issue 43, in Debian's headless Chromium (test_web_browser.py's fixtures): a cell
selected on one grid is forgotten when another grid comes, a grid with three solutions shows each of them, and a
studio that cannot answer now (503, no network) is told apart from a text that is not a puzzle.
"""

from __future__ import annotations

import json

import pytest
from test_web_browser import (  # noqa: F401  (fixtures; expect once it checked Playwright is there)
    GAME_ID,
    cell,
    expect,
    open_page,
    page,
)
from waiting import PATIENCE

from dominosa.deductions import count_solutions
from dominosa.formats import read_puzzle

THREE_SOLUTIONS = "30222\n11000\n13310\n32132\n"  # a full double-3 set with exactly three solutions


def test_a_selected_cell_is_forgotten_when_another_grid_is_typed(studio, page):  # noqa: F811
    open_page(page, studio)
    expect(page.locator("#verdict")).to_have_text("unique")
    page.click(cell(1, 1))
    expect(page.locator("#board rect.cell.selected")).to_have_count(1)
    page.fill("#text", GAME_ID)
    expect(page.locator("#board rect.cell")).to_have_count(20)
    expect(page.locator("#board rect.cell.selected")).to_have_count(0)
    page.locator("#board").focus()
    page.keyboard.press("7")  # and a digit typed on the board then edits no cell of the new grid
    expect(page.locator("#text")).to_have_value(GAME_ID)


def test_every_solution_of_a_grid_with_three_can_be_viewed(studio, page):  # noqa: F811
    solutions = count_solutions(read_puzzle(THREE_SOLUTIONS), 10, keep_solutions=True).solutions
    assert len(solutions) == 3
    open_page(page, studio)
    expect(page.locator("#verdict")).to_have_text("unique")
    page.fill("#text", THREE_SOLUTIONS)
    expect(page.locator("#verdict")).to_have_text("3 solutions")
    drawn = set()
    for n in range(3):
        page.click(f'[data-show="{n}"]')
        expect(page.locator(f'[data-show="{n}"]')).to_have_class("on")
        expect(page.locator("#board rect.domino")).to_have_count(10)
        drawn.add(frozenset(page.locator("#board rect.domino").evaluate_all("(ds) => ds.map((d) => d.dataset.pair)")))
    assert len(drawn) == 3  # three different tilings
    page.click('[data-show="-1"]')
    expect(page.locator("#board rect.domino")).to_have_count(0)


def _busy_once(answer):
    """A route handler that answers the first request with ``answer(route)`` and lets the rest through."""
    seen = []

    def handle(route):
        seen.append(route.request.url)
        if len(seen) == 1:
            answer(route)
        else:
            route.continue_()

    return handle


def _unavailable(route):
    body = json.dumps({"error": "the studio is busy with this kind of request; try again in 1 s", "retry_after": 1})
    route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="application/json", body=body)


def _unreachable(route):
    route.abort("connectionfailed")


@pytest.mark.parametrize("failure", [_unavailable, _unreachable], ids=["503", "network"])
def test_a_busy_studio_is_not_a_bad_puzzle_and_the_text_is_read_again(studio, page, failure):  # noqa: F811
    open_page(page, studio)
    expect(page.locator("#verdict")).to_have_text("unique")
    page.route("**/api/export", _busy_once(failure))
    page.fill("#text", GAME_ID)
    expect(page.locator("#verdict")).to_have_text("busy")
    expect(page.locator("#verdict-words")).to_contain_text("your text is kept and read again")
    expect(page.locator("#error")).to_be_hidden()  # no reading error: nothing is wrong with the text
    expect(page.locator("#text")).to_have_value(GAME_ID)
    # Read again after the back-off (a second; the 503's Retry-After asks for as much): the grid is a puzzle.
    expect(page.locator("#verdict")).to_have_text("unique", timeout=PATIENCE * 1000)
    expect(page.locator("#board rect.cell")).to_have_count(20)

