"""The studio in a real headless Chromium: `dominosa serve` started as a user starts it, each page loaded and used
with clicks and keys, a screenshot of each kept in test-artifacts/ (git-ignored; DOMINOSA_ARTIFACTS moves it).

Chromium is Debian's (``apt-get install chromium``), driven by Playwright's Python package; Playwright's own
browser download is never used. Without Chromium these tests skip, unless ``DOMINOSA_REQUIRE_BROWSER=1`` (what
``.ci/run`` sets when it installed Chromium), which turns the skip into a failure.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from browser_session import CHROMIUM

from dominosa.deductions import count_solutions, rate, solve
from dominosa.formats import read_puzzle

REQUIRED = os.environ.get("DOMINOSA_REQUIRE_BROWSER") == "1"
ARTIFACTS = Path(os.environ.get("DOMINOSA_ARTIFACTS", Path(__file__).resolve().parent.parent / "test-artifacts"))
GAME_ID = "3:22223101012330103310"
AMBIGUOUS = "03200\n31223\n12101\n10332\n"  # a full double-3 set with two solutions
# The two screens the browser tests play on: a phone with touch, and a desktop.
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright's Python package is not installed (pip install -e '.[dev]')"
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set DOMINOSA_CHROMIUM)"
    return None


if _missing():
    if REQUIRED:
        pytest.fail(f"DOMINOSA_REQUIRE_BROWSER=1 but {_missing()}", pytrace=False)
    pytest.skip(_missing(), allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

VIEWPORT = {"width": 1280, "height": 900}


@pytest.fixture
def page(contexts):
    """A page of the module's kept desktop context (browser_session.KeptContexts: empty storage at each test's
    start). A test that changes the whole context (a fake clock: Playwright installs it on the context) takes
    :func:`lone_page` instead."""
    page = contexts.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, errors  # no script of ours may throw


@pytest.fixture
def lone_page(browser):
    """A page in a context of its own, closed with it after the test."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors  # no script of ours may throw


def shot(page, name: str, *, full_page: bool = True) -> None:
    """A screenshot in test-artifacts/NAME.png, for a person to look at (the whole page unless ``full_page`` is
    False: the screen as the player sees it)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def open_page(page, url: str) -> None:
    """Load a page and wait until its script has set it up (its module awaits the API before it is ready)."""
    page.goto(url)
    page.wait_for_selector("body[data-ready]")


def cell(r: int, c: int) -> str:
    return f'#board rect.cell[data-cell="{r},{c}"]'


# -- the setter -------------------------------------------------------------------------------------------------


def test_setter_grades_a_pasted_puzzle(studio, page):
    open_page(page, studio)
    expect(page.locator("#verdict")).to_have_text("unique")  # the example, loaded at start
    page.fill("#text", GAME_ID)
    grade = rate(read_puzzle(GAME_ID)).grade.name
    expect(page.locator("#grade")).to_have_text(grade)
    expect(page.locator(".grades span.on")).to_have_text(grade)
    expect(page.locator("#board rect.cell")).to_have_count(20)
    shot(page, "setter")


def test_setter_highlights_where_an_ambiguous_grid_differs(studio, page):
    open_page(page, studio)
    expect(page.locator("#verdict")).to_have_text("unique")
    page.fill("#text", AMBIGUOUS)
    expect(page.locator("#verdict")).to_contain_text("solutions")
    one, two = count_solutions(read_puzzle(AMBIGUOUS), 2, keep_solutions=True).solutions
    partner = [{x: y for a, b in s.placements for x, y in ((a, b), (b, a))} for s in (one, two)]
    differ = [c for c in partner[0] if partner[0][c] != partner[1][c]]
    assert differ
    expect(page.locator("#board rect.cell.hl-diff")).to_have_count(len(differ))
    page.click('[data-show="1"]')  # the second solution drawn on the board
    expect(page.locator("#board rect.domino")).to_have_count(10)
    shot(page, "setter-ambiguous")


def test_setter_steps_through_the_explanation(studio, page):
    open_page(page, studio)
    page.fill("#text", GAME_ID)
    steps = rate(read_puzzle(GAME_ID)).step_count
    expect(page.locator("#step-count")).to_have_text(f"{steps} steps")  # this puzzle's, not the example's
    page.click("#next")
    expect(page.locator("#step-count")).to_have_text(f"step 1 of {steps}")
    expect(page.locator("#sentence .tech")).not_to_be_empty()
    assert page.locator("#board rect.cell.hl-step").count() >= 1


def test_setter_exports_a_game_id_and_a_picture(studio, page):
    open_page(page, studio)
    page.fill("#text", "22223\n10101\n23301\n03310\n")
    expect(page.locator("#board rect.cell")).to_have_count(20)
    page.click('[data-export="game-id"]')
    expect(page.locator("#export-out")).to_have_text(GAME_ID)
    with page.expect_download() as download:
        page.click('[data-export="svg"]')
    assert download.value.suggested_filename == "puzzle.svg"


def test_setter_puzzle_is_in_the_address_and_goes_to_play(studio, page, browser):
    open_page(page, studio)
    page.fill("#text", GAME_ID)
    expect(page.locator("#board rect.cell")).to_have_count(20)
    other = browser.new_page()
    open_page(other, page.url)  # a bookmark of the page opens the same puzzle
    expect(other.locator("#text")).to_have_value(GAME_ID)
    other.close()
    page.click("#play-link")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#board rect.cell")).to_have_count(20)


def test_setter_edits_a_cell_with_the_keyboard(studio, page):
    open_page(page, studio)
    page.fill("#text", GAME_ID)
    expect(page.locator("#board rect.cell")).to_have_count(20)  # this puzzle's board, not the example's
    page.click(cell(3, 4))
    page.keyboard.press("1")  # r4c5 was 0: now the set has one 0 too few
    expect(page.locator("#text")).to_have_value(re.compile(r"^22223\n10101\n23301\n03311\n"))
    expect(page.locator("#error")).to_contain_text("number")


def test_setter_types_a_whole_grid_cell_by_cell(studio, page):
    open_page(page, studio)
    page.select_option("#new-order", "2")
    page.click("#blank")  # a 3x4 grid of zeros, the first cell selected
    expect(page.locator("#board rect.cell")).to_have_count(12)
    page.keyboard.type("120210121020")  # each digit moves on to the next cell
    expect(page.locator("#text")).to_have_value("1202\n1012\n1020\n")
    expect(page.locator("#verdict")).to_have_text("unique")
    page.click('[data-size="cols,1"]')
    expect(page.locator("#text")).to_have_value("12020\n10120\n10200\n")
    page.click('[data-size="cols,-1"]')
    page.click('[data-size="rows,-1"]')
    expect(page.locator("#text")).to_have_value("1202\n1012\n")


def test_digits_typed_while_the_server_reads_the_grid_are_kept(studio, lone_page):
    """An answer about an older text must not undo what was typed since (a slow server, a loaded machine): the
    grid is read back while the second row is typed, and the third row goes in after that answer came."""
    page = lone_page  # a fake clock, installed on the whole context
    page.clock.install()  # the page's timers moved by the test: the read is asked for when the test says
    open_page(page, studio)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.select_option("#new-order", "2")
    held = []
    page.route("**/api/export", lambda route: held.append(route))
    page.click("#blank")
    page.keyboard.type("1202")
    page.clock.run_for(1000)  # the pause after typing: the grid so far is sent to be read, and held there
    page.wait_for_function("() => document.body.classList.contains('busy')")
    page.keyboard.type("1012")  # typed while the server reads
    with page.expect_response("**/api/export"):
        for route in held:
            route.continue_()
    page.unroute("**/api/export")
    page.wait_for_function("() => !document.body.classList.contains('busy')")  # that answer taken or left
    page.keyboard.type("1020")
    page.clock.run_for(1000)
    expect(page.locator("#text")).to_have_value("1202\n1012\n1020\n")
    expect(page.locator("#verdict")).to_have_text("unique")

def test_setter_follows_the_puzzles_order_and_marks_a_bad_cell(studio, page):
    open_page(page, studio)
    page.fill("#text", GAME_ID)
    expect(page.locator("#verdict")).to_have_text("unique")
    expect(page.locator("#new-order")).to_have_value("3")  # a double-3, whatever the selector said before
    page.fill("#text", "22223\n10a01\n23301\n03310\n")
    expect(page.locator("#verdict")).to_have_text("not a puzzle")
    expect(page.locator("#error")).to_contain_text("line 2, column 3")
    expect(page.locator("#grade")).to_have_text("–")  # the old verdict and grade are gone
    expect(page.locator("#board rect.cell")).to_have_count(20)  # this text's grid, not the old board
    expect(page.locator('#board rect.cell.bad-cell[data-cell="1,2"]')).to_have_count(1)
    shot(page, "setter-bad-cell")


@pytest.mark.parametrize(("order", "verdict"), [(6, "56 solutions"), (7, "more than 100 solutions")])
def test_setter_counts_the_solutions_of_an_ambiguous_grid(studio, page, order, verdict):
    pairs = [(a, b) for a in range(order + 1) for b in range(a, order + 1)]
    numbers = [n for pair in pairs for n in pair]
    rows = [numbers[i : i + order + 2] for i in range(0, len(numbers), order + 2)]
    text = "\n".join(" ".join(map(str, row)) for row in rows) + "\n"
    expected = count_solutions(read_puzzle(text), 101)
    assert (expected.count == 56) == (order == 6)  # the figures the page must show, counted here
    open_page(page, studio)
    page.fill("#text", text)
    expect(page.locator("#verdict")).to_have_text(verdict)


def test_setter_on_a_phone_explains_beside_the_board(studio, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_page(page, f"{studio}#puzzle={GAME_ID}")
    expect(page.locator("#verdict")).to_have_text("unique")
    page.tap("#next")
    top = {
        name: page.locator(name).bounding_box()["y"]
        for name in ("#board-card", "#verdict-card", "#steps-card", "#text-card")
    }
    assert top["#board-card"] < top["#verdict-card"] < top["#steps-card"] < top["#text-card"]
    assert top["#steps-card"] < 844  # the explanation starts in the first screen, under the board
    shot(page, "setter-phone")
    context.close()


# -- play -------------------------------------------------------------------------------------------------------


def test_play_solves_a_small_puzzle_by_clicks(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    expect(page.locator("#board rect.cell")).to_have_count(20)
    solution = solve(read_puzzle(GAME_ID))
    for a, b in solution.placements:
        page.click(cell(*a))
        page.click(cell(*b))
    expect(page.locator("#status")).to_contain_text("Solved")
    expect(page.locator("#dominoes .tile.used")).to_have_count(10)
    assert "j=" in page.url  # the position is in the address
    shot(page, "play-solved")


def test_play_places_a_domino_by_dragging(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    expect(page.locator("#board rect.cell")).to_have_count(20)
    start = page.locator(cell(0, 0)).bounding_box()
    end = page.locator(cell(1, 0)).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=5)
    page.mouse.up()
    expect(page.locator('#board rect.domino[data-pair="0,0-1,0"]')).to_have_count(1)
    expect(page.locator("#status")).to_have_text("1 of 10 dominoes placed")


def test_play_hint_undo_and_a_shared_position(studio, page, browser):
    open_page(page, f"{studio}play#p={GAME_ID}")
    expect(page.locator("#board rect.cell")).to_have_count(20)
    page.click("#hint")
    expect(page.locator("#board rect.cell.hl-hint")).not_to_have_count(0)
    page.click("#hint")
    expect(page.locator("#hint-box .tech")).not_to_be_empty()
    page.click("#hint")
    expect(page.locator("#apply")).to_be_visible()
    page.click("#apply")
    expect(page.locator("#board rect.domino")).to_have_count(1)
    page.click("#undo")
    expect(page.locator("#board rect.domino")).to_have_count(0)
    page.click("#redo")
    expect(page.locator("#board rect.domino")).to_have_count(1)
    # the address holds the position: a new tab opens it as it stands
    shared = page.url
    other = browser.new_page()
    open_page(other, shared)
    expect(other.locator("#board rect.domino")).to_have_count(1)
    other.close()
    shot(page, "play-hint")


def test_play_keyboard_and_split_marks(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    expect(page.locator("#board rect.cell")).to_have_count(20)
    page.click(cell(0, 0))  # selects r1c1
    page.click(cell(0, 0))  # and lets it go
    page.keyboard.press("Shift+ArrowDown")  # r1c1-r2c1, a domino
    expect(page.locator("#board rect.domino")).to_have_count(1)
    page.keyboard.press("Control+ArrowRight")  # r2c1|r2c2 marked split
    expect(page.locator("#board line.split")).to_have_count(1)
    page.keyboard.press("Control+z")
    expect(page.locator("#board line.split")).to_have_count(0)
    click_border(page, (0, 1), (0, 2))
    expect(page.locator("#board line.split")).to_have_count(1)
    page.click("#check")
    expect(page.locator("#status")).to_contain_text("mistake")  # r1c2|r1c3 is a domino of the solution


def test_play_deals_a_new_puzzle_of_a_grade(studio, page):
    open_page(page, f"{studio}play")
    expect(page.locator("#facts")).to_contain_text("order 5")
    page.select_option("#order", "4")
    page.select_option("#grade", "basic")
    page.click("#new")
    expect(page.locator("#facts")).to_contain_text("order 4 · basic")
    expect(page.locator("#board rect.cell")).to_have_count(30)


# -- play as people expect (issue 24) ----------------------------------------------------------------------------


def wrong_pair():
    """A domino that is not in GAME_ID's solution, as two cells."""
    right = {frozenset(p) for p in solve(read_puzzle(GAME_ID)).placements}
    return next(p for p in (((0, 0), (0, 1)), ((0, 0), (1, 0))) if frozenset(p) not in right)


def place(page, a, b):
    page.click(cell(*a))
    page.click(cell(*b))


def click_border(page, a, b):
    """A click on the border between two neighbouring cells, at its middle."""
    one, two = (page.locator(cell(*c)).bounding_box() for c in (a, b))
    centre = [(one[k] + one[size] / 2 + two[k] + two[size] / 2) / 2 for k, size in (("x", "width"), ("y", "height"))]
    page.mouse.click(*centre)


def test_play_board_has_the_labels_hints_use(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    expect(page.locator("#board text.label")).to_have_count(4 + 5)
    labels = page.locator("#board text.label").all_text_contents()
    assert labels == ["c1", "c2", "c3", "c4", "c5", "r1", "r2", "r3", "r4"]
    page.click("#hint")
    expect(page.locator("#hint-box")).to_contain_text(re.compile(r"r\dc\d"))


def test_play_hint_is_withdrawn_after_a_move_and_clears_when_solved(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    placements = solve(read_puzzle(GAME_ID)).placements
    page.click("#hint")
    expect(page.locator("#hint-box")).to_contain_text("Look at")
    place(page, *placements[0])
    # the old hint may no longer hold, and a new one comes only when asked for (issue 43)
    expect(page.locator("#hint-box")).to_have_text("Press Hint for a hint on the position as it is now.")
    expect(page.locator("#board rect.cell.hl-hint")).to_have_count(0)
    for a, b in placements[1:]:
        place(page, a, b)
    expect(page.locator("#status")).to_contain_text("Solved in")
    expect(page.locator("#hint-box")).to_have_text("Solved: nothing left to hint.")
    expect(page.locator("#board rect.cell.hl-hint")).to_have_count(0)
    stats = page.evaluate("JSON.parse(localStorage.getItem('dominosa-stats'))")
    assert stats["solved"] == 1 and stats["streak"] == 1 and stats["hints"] == 1
    expect(page.locator("#stats")).to_contain_text("1 solved")


def test_play_points_out_a_wrong_move_gently(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    a, b = wrong_pair()
    place(page, a, b)
    page.click("#hint")  # first only the region
    expect(page.locator("#hint-box")).to_contain_text("not right in this region")
    expect(page.locator("#board rect.cell.hl-region")).not_to_have_count(0)
    expect(page.locator("#board .badge-mark.wrong")).to_have_count(0)
    page.click("#hint")  # then the move, with a cross (a shape, not only a colour)
    expect(page.locator("#board .badge-mark.wrong")).to_have_count(1)
    expect(page.locator("#hint-box")).to_contain_text(f"r{a[0] + 1}c{a[1] + 1}-r{b[0] + 1}c{b[1] + 1}")


def test_play_marks_duplicates_on_the_board_and_splits_by_shape(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    place(page, (0, 0), (0, 1))  # a 2-2
    place(page, (0, 2), (0, 3))  # and another
    expect(page.locator("#board rect.domino.dup")).to_have_count(2)
    expect(page.locator("#board .badge-mark.dup")).to_have_count(2)
    expect(page.locator("#dominoes .tile.twice")).to_have_count(1)
    click_border(page, (1, 0), (2, 0))
    split = page.locator("#board line.split")
    expect(split).to_have_count(1)
    assert page.locator("#board line.split .badge-mark").count() == 0
    shot(page, "play-duplicates")


def test_play_highlights_every_cell_of_a_number(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    grid = read_puzzle(GAME_ID).grid
    page.click('#numbers .num[data-n="3"]')
    expect(page.locator("#board rect.cell.hl-num")).to_have_count(sum(row.count(3) for row in grid))
    page.locator("#board").focus()
    page.keyboard.press("0")  # its key
    expect(page.locator("#board rect.cell.hl-num")).to_have_count(sum(row.count(0) for row in grid))
    page.keyboard.press("0")  # again: off
    expect(page.locator("#board rect.cell.hl-num")).to_have_count(0)


def test_play_pause_hides_the_board_and_stops_the_clock(studio, lone_page):
    page = lone_page  # a fake clock, installed on the whole context
    page.clock.install()  # the page's clock, moved by the test: no waiting
    open_page(page, f"{studio}play#p={GAME_ID}")
    page.clock.run_for(65_000)
    expect(page.locator("#timer")).to_have_text("1:05")
    page.click("#pause")
    expect(page.locator("#board svg.board")).to_be_hidden()
    page.click(".paused-cover p")  # nothing to play while paused
    expect(page.locator("#board rect.domino")).to_have_count(0)
    page.clock.run_for(600_000)
    expect(page.locator("#timer")).to_have_text("1:05")
    page.click("#resume")
    expect(page.locator("#board svg.board")).to_be_visible()
    page.clock.run_for(10_000)
    expect(page.locator("#timer")).to_have_text("1:15")
    place(page, (0, 0), (0, 1))
    expect(page.locator("#board rect.domino")).to_have_count(1)


def test_play_dark_mode_follows_the_system_and_the_toggle(browser, studio):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page = context.new_page()
    open_page(page, f"{studio}play#p={GAME_ID}")
    card = "getComputedStyle(document.querySelector('.card')).backgroundColor"
    assert page.evaluate(card) == "rgb(28, 35, 45)"  # the dark palette's paper
    page.click('#numbers .num[data-n="2"]')
    shot(page, "play-dark")
    page.click("[data-theme-toggle]")  # the reader's choice wins, and is kept
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate(card) == "rgb(255, 255, 255)"
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    context.close()


def test_play_on_a_phone(browser, studio):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_page(page, f"{studio}play#p={GAME_ID}")
    page.tap("#hint")
    expect(page.locator("#board rect.cell.hl-hint")).not_to_have_count(0)
    for what in ("#board svg.board", "#hint-box"):  # board and hint in one screen
        box = page.locator(what).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, what
    expect(page.locator(".keys")).to_be_hidden()  # no keyboard help on a touch screen
    cell_box = page.locator(cell(0, 0)).bounding_box()
    assert cell_box["width"] >= 44 and cell_box["height"] >= 44
    for button in ("#mode", "#undo", "#check", "#hint", '#numbers .num[data-n="0"]'):
        assert page.locator(button).bounding_box()["height"] >= 44, button
    page.tap("#mode")  # split mode: a cell, then its neighbour, marks a split (targets are whole cells)
    page.tap(cell(1, 0))
    page.tap(cell(1, 1))
    expect(page.locator("#board line.split")).to_have_count(1)
    expect(page.locator("#board rect.domino")).to_have_count(0)
    shot(page, "play-phone")
    context.close()


def test_play_prints_the_puzzle_alone(studio, page):
    open_page(page, f"{studio}play#p={GAME_ID}")
    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#board svg.board")).to_be_visible()
    expect(page.locator("#board text.number").first).to_be_visible()  # the numbers, not an empty grid
    assert page.locator("#board text.number").count() == 20
    shot(page, "play-print")


def test_daily_puzzle_is_solved_and_shared_without_spoilers(studio, page):
    from dominosa.generator.daily import daily_puzzle

    made = daily_puzzle("2026-11-24", "trivial")
    open_page(page, f"{studio}daily#date=2026-11-24&grade=trivial")
    expect(page.locator("#facts")).to_contain_text("2026-11-24 · trivial")
    grid = page.evaluate("[...document.querySelectorAll('#board text.number')].map((t) => Number(t.textContent))")
    assert grid == [v for row in made.puzzle.grid for v in row]  # the day's puzzle, the same as everywhere
    for a, b in made.solution:
        place(page, a, b)
    expect(page.locator("#share-card")).to_be_visible()
    line = page.locator("#share-line").inner_text()
    assert "2026-11-24" in line and "trivial" in line and "no hints" in line and re.search(r"\d+:\d\d", line)
    assert "r1" not in line and str(made.puzzle.grid[0][:3]) not in line  # no spoilers
    shot(page, "daily")
    page.click("#day-after")
    expect(page.locator("#facts")).to_contain_text("2026-11-25")


# -- the static site, from file:// ------------------------------------------------------------------------------


def test_static_site_plays_hints_and_shares_from_file(site, page):
    from dominosa.generator.daily import daily_puzzle

    open_page(page, f"{(site / 'index.html').as_uri()}#date=2026-11-24&grade=trivial")
    made = daily_puzzle("2026-11-24", "trivial")
    expect(page.locator("#facts")).to_contain_text("2026-11-24 · trivial")
    for _ in range(3):  # where, the technique, the deduction: from the precomputed path
        page.click("#hint")
    expect(page.locator("#hint-box .tech")).not_to_be_empty()
    page.click("#apply")
    expect(page.locator("#board rect.domino")).to_have_count(1)
    shot(page, "site")
    for a, b in made.solution:
        if page.locator(f'#board rect.domino[data-pair="{a[0]},{a[1]}-{b[0]},{b[1]}"]').count() == 0:
            place(page, a, b)
    expect(page.locator("#status")).to_contain_text("Solved in")
    expect(page.locator("#share-line")).to_contain_text("2026-11-24 (trivial)")
    page.select_option("#daily-grade", "basic")
    expect(page.locator("#facts")).to_contain_text("2026-11-24 · basic")
    page.click("#archive button")
    expect(page.locator("#facts")).to_contain_text("archive no. 1")


def test_static_site_on_a_phone_in_the_dark(site, browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, color_scheme="dark"
    )
    page = context.new_page()
    open_page(page, f"{(site / 'index.html').as_uri()}#date=2026-11-25&grade=basic")
    page.tap("#hint")
    expect(page.locator("#board rect.cell.hl-hint")).not_to_have_count(0)
    box = page.locator("#hint-box").bounding_box()
    assert box["y"] + box["height"] <= 844  # the hint in the first screen, under the board
    assert page.evaluate("getComputedStyle(document.querySelector('.card')).backgroundColor") == "rgb(28, 35, 45)"
    shot(page, "site-phone-dark")
    context.close()


# -- tiling and docs ----------------------------------------------------------------------------------------------


def test_tiling_page_flips_through_a_dates_solutions(studio, page):
    open_page(page, f"{studio}tile")
    page.fill("#date", "2026-11-24")
    page.dispatch_event("#date", "change")
    expect(page.locator("#title")).to_have_text("A-Puzzle-A-Day: Nov 24")
    expect(page.locator("#count")).to_have_text(re.compile(r"^\d+$"))
    count = int(page.locator("#count").inner_text())
    expect(page.locator("#which")).to_have_text(f"1 of {count}")
    page.click("#next")
    expect(page.locator("#which")).to_have_text(f"2 of {count}")
    shot(page, "tile-calendar")
    page.click('[data-tab="dominopeg"]')
    expect(page.locator("#title")).to_contain_text("DominoPeg")
    expect(page.locator("#picture circle.peg")).not_to_have_count(0)
    expect(page.locator("#picture circle.ring")).to_have_count(5)  # the challenge's five empty circles
    shot(page, "tile-dominopeg")
    page.click('[data-tab="pentominoes"]')
    page.select_option("#size", "3x20")
    page.click("#solve")
    expect(page.locator("#count")).to_have_text("8")  # 2 tilings of the 3x20 box, each 4 ways round
    expect(page.locator("#picture text.piece")).to_have_count(12)


def test_docs_page(studio, page):
    page.goto(f"{studio}docs")
    expect(page.locator("h1")).to_have_text("The JSON API")
    expect(page.locator("table tr")).not_to_have_count(0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))


# -- shaped puzzles (boards with holes) ------------------------------------------------------------------------


def _heart_puzzle():
    """A double-5 puzzle on the shape library's heart: a board with holes, as a book's shaped section prints."""
    from dominosa.generator.generate import generate, make_request
    from dominosa.generator.shapes import shape_board

    (made,) = generate(make_request(board=shape_board("heart", 5), seed=3), 1)
    return made.puzzle


def test_setter_and_play_take_a_shaped_puzzle_with_its_holes(studio, page):
    from urllib.parse import quote

    from dominosa.formats import write_plain

    puzzle = _heart_puzzle()
    text = write_plain(puzzle)
    open_page(page, studio)
    page.fill("#text", text)
    expect(page.locator("#board rect.cell")).to_have_count(len(puzzle.board))  # a hole is no cell
    expect(page.locator("#verdict")).to_contain_text("unique")
    hole = next((r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r, c) not in puzzle.board)
    expect(page.locator(cell(*hole))).to_have_count(0)
    shot(page, "setter-shaped")
    open_page(page, f"{studio}play#p={quote(text)}")
    expect(page.locator("#board rect.cell")).to_have_count(len(puzzle.board))
    for a, b in solve(puzzle).placements:
        page.click(cell(*a))
        page.click(cell(*b))
    expect(page.locator("#status")).to_contain_text("Solved")
    expect(page.locator("#dominoes .tile.used")).to_have_count(21)
    shot(page, "play-shaped-solved")


def test_play_deals_a_new_puzzle_on_a_shape_at_its_nearest_set(studio, page):
    from dominosa.generator.shapes import shape_board

    open_page(page, f"{studio}play")
    page.select_option("#order", "5")
    page.select_option("#shape", "star")  # drawn from double-6 up: the order follows
    expect(page.locator("#order")).to_have_value("6")
    page.click("#new")
    board = shape_board("star", 6)
    expect(page.locator("#board rect.cell")).to_have_count(len(board), timeout=60_000)
    expect(page.locator("#facts")).to_contain_text("order 6 · star")
    hole = next((r, c) for r in range(board.rows) for c in range(board.cols) if (r, c) not in board)
    expect(page.locator(cell(*hole))).to_have_count(0)
    expect(page.locator("#dominoes .tile")).to_have_count(28)
    shot(page, "play-shape")
