"""Playing and setting in the studio as issue 36 asks, in Debian's headless Chromium (test_web_browser.py's
fixtures): hints counted per deduction, a pause that hides the hint and stops the controls, the share card in view
after a solve, the setter's fix and Order on a bad grid, the theme before the first paint, and a board that fills
its card on a desktop and zooms on a phone. Screenshots go to test-artifacts/play36-*.png.
"""

from __future__ import annotations

import re

from test_web_browser import (  # noqa: F401  (fixtures; expect once it checked Playwright is there)
    GAME_ID,
    PHONE,
    cell,
    expect,
    open_page,
    place,
)
from test_web_browser import (
    shot as screenshot,
)

from dominosa.generator.daily import daily_puzzle

# An order-12 puzzle (`dominosa generate --order 12 --seed 1 --format gameid`): 13 x 14 cells.
ORDER_12 = (
    "12:1[10]882[11]966[12]553[12]567[12]7[10][12]5411593492[10]828233[12][12][11]46163[11]2821[11]26340008026493510584"
    "[11]68345[10]8[12]9071[12][10][12]99[11]5[11]72[10]509[11][11][10]68047614[11]76851[12]83173[10]25969000[11]275747"
    "39[11]313[10][10]604[10]151226[12]2[11]047[12]0[12]44[12]17737[10]9[10][10]8998[11]"
)


def shot(page, name: str) -> None:
    # A full-page capture drops Chromium's touch emulation: on a phone, the screen as the player sees it.
    screenshot(page, f"play36-{name}", full_page=not page.evaluate("navigator.maxTouchPoints"))


def solve_daily(page, date: str, grade: str) -> None:
    for a, b in daily_puzzle(date, grade).solution:
        if page.locator(f'#board rect.domino[data-pair="{a[0]},{a[1]}-{b[0]},{b[1]}"]').count() == 0:
            place(page, a, b)


def test_three_levels_of_one_hint_count_as_one(studio, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, f"{studio}daily#date=2026-11-24&grade=trivial")
    for level in ("Press Hint again for the technique", "Press Hint again for the whole deduction", "Technique"):
        page.click("#hint")
        expect(page.locator("#hint-box")).to_contain_text(level)
    expect(page.locator("#status")).to_contain_text("1 hint")
    solve_daily(page, "2026-11-24", "trivial")
    expect(page.locator("#status")).to_contain_text("with 1 hint.")
    expect(page.locator("#share-line")).to_contain_text("with 1 hint.")
    expect(page.locator("#stats")).to_contain_text("1 hint used")
    context.close()


def test_pause_hides_the_hint_and_stops_every_control(studio, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, f"{studio}play#p={GAME_ID}")
    place(page, (3, 3), (3, 4))
    page.click("#hint")
    expect(page.locator("#hint-box")).to_contain_text("Look at")
    page.click("#pause")
    expect(page.locator("#hint-box")).to_be_hidden()
    for control in ("#undo", "#redo", "#check", "#hint", "#mode", "#restart", '#numbers .num[data-n="1"]'):
        expect(page.locator(control)).to_be_disabled()
    page.keyboard.press("h")  # the keys are off too
    page.click("#resume")
    expect(page.locator("#hint-box")).to_be_visible()
    expect(page.locator("#hint-box")).to_contain_text("Look at")  # the same level: the paused press asked nothing
    for control in ("#undo", "#check", "#hint", "#mode", "#restart"):
        expect(page.locator(control)).to_be_enabled()
    context.close()


def test_the_share_card_is_in_view_after_a_solve_on_a_phone(studio, browser):  # noqa: F811
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_page(page, f"{studio}daily#date=2026-11-24&grade=trivial")
    solve_daily(page, "2026-11-24", "trivial")
    expect(page.locator("#share-card")).to_be_in_viewport()
    shot(page, "daily-solved-phone")
    context.close()


def test_setter_offers_no_fix_for_a_grid_that_does_not_read(studio, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, studio)
    expect(page.locator("#verdict")).to_have_text("unique")  # the example, of order 6
    expect(page.locator("#new-order")).to_have_value("6")
    page.fill("#text", "03200\n31a23\n12101\n10332\n")  # an order-3 board with a typo
    expect(page.locator("#error")).to_contain_text("line 2")
    expect(page.locator("#fix")).to_be_disabled()
    expect(page.locator("#new-order")).to_have_value("3")  # the Order of the grid on show
    error = page.locator("#error").inner_text()
    assert page.locator("body").inner_text().count(error) == 1  # said once
    page.fill("#text", "03200\n31223\n12101\n10332\n")
    expect(page.locator("#fix")).to_be_enabled()
    context.close()


def test_the_theme_is_chosen_before_any_script_file_runs(studio, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('dominosa-theme', 'dark')")
    context.route(re.compile(r".*\.js$"), lambda route: route.abort())  # no script file: the head's own line only
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and refused.append(m.text))
    page.goto(f"{studio}play")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate("getComputedStyle(document.querySelector('.card')).backgroundColor") == "rgb(28, 35, 45)"
    assert not refused, refused  # the studio's own policy lets that line run
    context.close()


def test_the_board_fills_its_card_on_a_desktop(studio, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, f"{studio}daily#date=2026-11-24&grade=basic")  # order 5: 6 x 7 cells
    size = page.locator(cell(0, 0)).bounding_box()["width"]
    board = page.locator("#board svg.board").bounding_box()
    assert size >= 60, size  # not the fixed 46 px of old
    assert board["height"] <= 800  # and never taller than the window
    shot(page, "daily-desktop")
    context.close()


def test_a_large_board_zooms_and_plays_on_a_phone(studio, browser):  # noqa: F811
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_page(page, f"{studio}play#p={ORDER_12}")
    # fitted, its cells would be under a fingertip's 44 px: it opens zoomed, in a frame that pans (issue 43)
    assert page.locator(cell(0, 0)).bounding_box()["width"] >= 44
    expect(page.locator("#zoom")).to_have_text("⤡ Fit board")
    assert page.evaluate("(w => w.scrollWidth > w.clientWidth)(document.getElementById('board'))")
    page.tap(cell(0, 0))
    page.tap(cell(0, 1))
    expect(page.locator("#board rect.domino")).to_have_count(1)
    page.evaluate("document.getElementById('board').scrollLeft = 1e6")  # panned to the far side, still playable
    page.tap("#mode")
    page.tap(cell(12, 13))
    page.tap(cell(12, 12))
    expect(page.locator("#board line.split")).to_have_count(1)
    shot(page, "zoomed-phone")
    page.tap("#zoom")
    assert page.locator(cell(0, 0)).bounding_box()["width"] < 40
    context.close()


def test_an_answer_for_a_puzzle_left_behind_never_draws_over_the_newer_one(studio, browser):  # noqa: F811
    """A loaded studio answers out of order: the board is the puzzle asked for last, whatever answer comes last
    (under load the play page once showed the board of an older request)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_page(page, f"{studio}play#p={GAME_ID}")
    expect(page.locator("#board rect.cell")).to_have_count(20)
    held = []

    def hold_the_big_one(route):
        if "12:1[10]" in (route.request.post_data or ""):
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/export", hold_the_big_one)
    page.click("details.pasted summary")
    with page.expect_request("**/api/export"):
        page.fill("#paste", ORDER_12)
        page.click("#play-pasted")
    card = page.locator(".card.game")
    expect(card).to_have_attribute("aria-busy", "true")
    page.fill("#paste", "1202\n1012\n1020\n")  # a double-2, asked for while the double-12 is read
    page.click("#play-pasted")
    expect(page.locator("#board rect.cell")).to_have_count(12)
    assert len(held) == 1
    with page.expect_response("**/api/export"):
        held[0].continue_()  # the older answer comes last
    expect(card).to_have_attribute("aria-busy", "false")  # every answer came, and was taken or dropped
    expect(page.locator("#board rect.cell")).to_have_count(12)
    assert "p=12" not in page.evaluate("location.hash")
    context.close()


def test_a_grade_not_made_in_time_at_the_order_chosen_is_offered_disabled(studio, browser):  # noqa: F811
    """The studio refuses at once what it cannot make within its limit (/api/info's in_time): the page offers
    such a grade disabled, saying up to which order it is made, and drops it when the order grows past that."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()

    def refusing(route):  # the studio now makes every grade up to order 50 in time: one refused above 45 here
        response = route.fetch()
        info = response.json()
        info["in_time"]["guessing"] = min(info["in_time"]["guessing"] or 45, 45)
        route.fulfill(response=response, json=info)

    page.route("**/api/info", refusing)
    open_page(page, f"{studio}play#p={GAME_ID}")
    in_time = page.evaluate("fetch('/api/info').then((r) => r.json()).then((i) => i.in_time)")
    late = min(in_time, key=lambda g: in_time[g] or 0)  # the grade made in time only up to the smallest order
    page.select_option("#order", str(in_time[late]))
    page.select_option("#grade", late)
    page.select_option("#order", "50")
    expect(page.locator(f'#grade option[value="{late}"]')).to_be_disabled()
    expect(page.locator(f'#grade option[value="{late}"]')).to_have_attribute("title", re.compile("up to order"))
    expect(page.locator("#grade")).to_have_value("")  # back to any grade
    expect(page.locator('#grade option[value="basic"]')).to_be_enabled()
    context.close()
