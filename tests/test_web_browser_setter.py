"""The setter's smaller items of issue 43, in Debian's headless Chromium (test_web_browser.py's fixtures): a cell
selected on one grid is forgotten when another grid comes, and a grid with three solutions shows each of them.
"""

from __future__ import annotations

from test_web_browser import (  # noqa: F401  (fixtures; expect once it checked Playwright is there)
    GAME_ID,
    cell,
    expect,
    open_page,
    page,
)

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
