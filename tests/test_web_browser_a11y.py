"""Every eye and every hand on the board (issue 43, items 4 and 5), in Debian's headless Chromium as
test_web_browser.py drives it (its fixtures).

Eyes: every mark on the board at least 3:1 against what it sits on (WCAG 2.2, 1.4.11), measured from the computed
styles with WCAG's relative luminance, light and dark, in the plain and the colour-blind palette; the palette a
remembered setting whose hint and selection stay apart under simulated red-green blindness, and told by shape
too; the board read by a screen reader cell by cell, its moves announced. Hands: zoom buttons of 44 x 44 px, a
phone's board never opened with cells under 44 px, a split's strip at least 24 px each way, a split marked by a
right-drag of the mouse and by a long press of a finger. Screenshots go to test-artifacts/a11y-*.png.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_web_browser import (  # noqa: F401  (fixtures; expect once it checked Playwright is there)
    DESKTOP,
    GAME_ID,
    PHONE,
    cell,
    expect,
    open_page,
)
from test_web_browser import (
    shot as screenshot,
)

from dominosa.deductions import solve
from dominosa.formats import read_puzzle, write_game_id
from dominosa.generator.layouts import random_layout

DOUBLE_6 = "6:53340153422061056233554614221150250624442131134300056666"
DOUBLE_12 = write_game_id(random_layout(12, random.Random(12))[0])  # a layout (not proper: no matter here)
MONTHLY = write_game_id(read_puzzle((Path(__file__).parent / "data" / "monthly-2025-11-o40.json").read_text()))

# WCAG 2.2's relative luminance and contrast ratio, and a colour as the browser computed it.
COLOUR = r"""
  const parse = (text) => {
    const m = /rgba?\(([^)]*)\)/.exec(text);
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below) => top.slice(0, 3).map((v, i) => v * top[3] + below[i] * (1 - top[3])).concat(1);
  const linear = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => p - q); return (y + 0.05) / (x + 0.05); };
  const round = (x) => Math.round(x * 100) / 100;
"""

# Draw each situation the issue names with the page's own board.js and stylesheet, and measure every mark in it
# against each cell it lies on. A mark drawn on a halo passes when its line stands out from the cell, or when its
# halo does and its line stands out from its halo (the halo wide enough to show around the line).
MARKS = (
    "async (situations) => {"
    + COLOUR
    + r"""
  const { Board } = await import("/static/board.js");
  const card = document.createElement("div");
  card.className = "card";
  const frame = document.createElement("div");
  frame.className = "board-wrap";
  card.append(frame);
  document.querySelector("main").prepend(card);
  const board = new Board(frame, { onBorder: () => {} });
  const found = [];
  const cellBehind = (k) => {
    const rect = frame.querySelector(`rect.cell[data-cell="${k}"]`);
    const paper = parse(getComputedStyle(card).backgroundColor);
    return { rect, fill: over(parse(getComputedStyle(rect).fill), paper) };
  };
  const measure = (what, line, halo, cells) => {
    const ink = parse(getComputedStyle(line).stroke) || parse(getComputedStyle(line).fill); // a line, or a shape
    const lineWidth = parseFloat(getComputedStyle(line).strokeWidth) || 0;
    for (const k of cells) {
      const bg = cellBehind(k);
      let best = ratio(ink, bg.fill);
      if (halo) {
        const ring = parse(getComputedStyle(halo).stroke);
        if (ring && parseFloat(getComputedStyle(halo).strokeWidth) >= lineWidth + 2)
          best = Math.max(best, Math.min(ratio(ring, bg.fill), ratio(ink, ring)));
      }
      found.push({ what, on: `${k} ${bg.rect.getAttribute("class")}`, ratio: round(best) });
    }
  };
  for (const [name, view] of situations) {
    board.draw(view);
    for (const line of frame.querySelectorAll("[data-pair]")) {
      const halo = line.parentElement.querySelector(".halo");
      const cells = line.dataset.pair.split("-");
      measure(`${name}: ${line.getAttribute("class")}`, line, halo, cells);
    }
    for (const rect of frame.querySelectorAll("rect.cell")) {
      const stroked = ["hl-num", "hl-region", "hl-diff", "bad-cell"].filter((c) => rect.classList.contains(c));
      if (stroked.length) measure(`${name}: the outline of ${stroked.join(" ")}`, rect, null, [rect.dataset.cell]);
    }
    for (const mark of frame.querySelectorAll(".corner")) {
      const k = [...frame.querySelectorAll("rect.cell")].find((r) => {
        const a = r.getBoundingClientRect(), b = mark.getBoundingClientRect();
        return b.left >= a.left && b.right <= a.right && b.top >= a.top && b.bottom <= a.bottom;
      }).dataset.cell;
      measure(`${name}: ${mark.getAttribute("class")}`, mark, null, [k]);
    }
    const ring = frame.querySelector(".cursor-ring");
    if (ring && ring.style.display !== "none" && view.cursor)
      measure(`${name}: the keyboard's cell`, ring.querySelector(".ring-line"), ring.querySelector(".ring-halo"),
        [view.cursor.join(",")]);
    else if (view.cursor) { // a board that marks its keyboard's cell by the cell's own outline
      const rect = frame.querySelector(`rect.cell[data-cell="${view.cursor.join(",")}"]`);
      measure(`${name}: the keyboard's cell`, rect, null, [view.cursor.join(",")]);
    }
  }
  card.remove();
  return found;
}"""
)

GRID = [[0, 1, 2, 3, 0, 1], [1, 2, 3, 0, 1, 2], [2, 3, 0, 1, 2, 3], [3, 0, 1, 2, 3, 0]]
HIGHLIGHTS = ["hl-hint", "hl-num", "hl-region", "hl-wrong", "hl-step", "hl-fix", "hl-diff"]


def situations() -> list:
    """What the issue found lost on highlights, and every highlight under a placed domino and a split."""
    ghost = {
        "grid": GRID,
        "cellClass": {"0,0": "hl-hint", "0,1": "hl-hint", "1,0": "hl-hint", "1,1": "hl-hint"},
        "pairClass": {"0,0-0,1": "ghost-join", "1,0-1,1": "ghost-split"},
        "cursor": [0, 0],
    }
    duplicate = {
        "grid": GRID,
        "joined": [[[2, 0], [2, 1]], [[0, 0], [0, 1]]],
        "cellClass": {"2,0": "hl-region", "2,1": "hl-region", "3,0": "hl-region"},
        "pairClass": {"2,0-2,1": "dup", "0,0-0,1": "dup"},
        "cursor": [3, 0],
    }
    placed = []
    for index, highlight in enumerate(HIGHLIGHTS):
        cells = {f"{r},{c}": highlight for r in range(4) for c in range(6)}
        placed.append(
            [
                f"placed on {highlight}",
                {
                    "grid": GRID,
                    "joined": [[[0, 0], [0, 1]], [[1, 2], [2, 2]]],
                    "split": [[[3, 3], [3, 4]], [[2, 4], [3, 4]]],
                    "cellClass": cells,
                    "pairClass": {"1,2-2,2": "wrong"} if index % 2 else {},
                    "cursor": [1, 4],
                    "selected": [3, 0],
                },
            ]
        )
    bad = {"grid": GRID, "cellClass": {"1,1": "hl-wrong bad-cell"}, "cursor": [1, 1]}
    selected = {"grid": GRID, "selected": [2, 2], "cursor": [2, 2], "joined": [[[2, 2], [2, 3]]]}
    return [
        ["ghost on its hint", ghost],
        ["a duplicate on its region", duplicate],
        *placed,
        ["setter's bad cell", bad],
        ["selected", selected],
    ]


def open_look(browser, theme: str, palette: str, device: dict = DESKTOP):  # noqa: F811
    context = browser.new_context(color_scheme=theme, **device)
    if palette == "cb":
        context.add_init_script("localStorage.setItem('dominosa-palette', 'cb')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def shot(page, name: str) -> None:
    screenshot(page, f"a11y-{name}", full_page=False)


# -- every eye ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("palette", ["plain", "cb"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_mark_stands_out_from_what_it_lies_on(studio, browser, theme, palette):  # noqa: F811
    context, page, errors = open_look(browser, theme, palette)
    open_page(page, f"{studio}play#p={GAME_ID}")
    found = page.evaluate(MARKS, situations())
    assert len(found) > 60
    worst = min(found, key=lambda f: f["ratio"])
    print(f"{theme} {palette}: lowest mark contrast {worst['ratio']}:1, {worst['what']} on {worst['on']}")
    poor = [f for f in found if f["ratio"] < 3]
    assert not poor, f"{len(poor)} marks under 3:1, e.g. " + json.dumps(poor[:6])
    for what in ("ghost", "dup", "bad-cell", "keyboard's cell", "selected-mark", "hint-mark", "split"):
        assert any(what in f["what"] for f in found), what  # every kind of mark was measured
    assert not errors, errors
    context.close()


FOCUS_RING = (
    "() => {"
    + COLOUR
    + r"""
  const frame = document.getElementById("board");
  const s = getComputedStyle(frame);
  const behind = parse(getComputedStyle(frame.closest(".card")).backgroundColor);
  const against = round(ratio(parse(s.outlineColor), behind));
  return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), ratio: against };
}"""
)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_focused_board_has_a_ring_that_shows(studio, browser, theme):  # noqa: F811
    context, page, _ = open_look(browser, theme, "plain")
    open_page(page, f"{studio}play#p={GAME_ID}")
    page.keyboard.press("Tab")
    for _ in range(40):  # by the keyboard, as a player without a mouse gets there
        if page.evaluate("document.activeElement.id") == "board":
            break
        page.keyboard.press("Tab")
    ring = page.evaluate(FOCUS_RING)
    assert ring["style"] != "none" and ring["width"] >= 2
    assert ring["ratio"] >= 3, ring
    context.close()


def test_the_keyboards_rings_wait_for_a_key_after_a_tap(studio, browser):  # noqa: F811
    """A tap focuses the board (for its keys) but draws no focus ring around it nor on a cell; a key brings both."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_page(page, f"{studio}play#p={GAME_ID}")
    page.tap(cell(1, 1))
    expect(page.locator("#board")).to_be_focused()
    ring = page.locator("#board .cursor-ring")
    expect(ring).to_be_hidden()
    outline = "getComputedStyle(document.getElementById('board')).outlineColor"
    assert page.evaluate(outline) == "rgba(0, 0, 0, 0)"
    page.keyboard.press("ArrowRight")
    expect(ring).to_be_visible()
    assert page.evaluate(outline) != "rgba(0, 0, 0, 0)"
    context.close()


# Colours as a red-green blind eye sees them (Machado, Oliveira and Fernandes 2009, severity 1, on linear RGB),
# and CIE76's difference of two colours in L*a*b*.
BLINDNESS = (
    "([one, two]) => {"
    + COLOUR
    + r"""
  const kinds = {
    deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
    protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  };
  const fill = (selector) => parse(getComputedStyle(document.querySelector(selector)).fill).slice(0, 3).map(linear);
  const lab = (rgb) => {
    const [r, g, b] = rgb.map((v) => Math.min(1, Math.max(0, v)));
    const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
      (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
    const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const [x, y, z] = xyz.map(f);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const seen = (rgb, m) => m.map((row) => row.reduce((sum, k, i) => sum + k * rgb[i], 0));
  const out = {};
  for (const [kind, m] of Object.entries(kinds)) {
    const [p, q] = [lab(seen(fill(one), m)), lab(seen(fill(two), m))];
    out[kind] = Math.round(Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) * 10) / 10;
  }
  return out;
}"""
)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_colour_blind_palette_is_kept_and_tells_hint_from_selection(studio, browser, theme):  # noqa: F811
    context = browser.new_context(color_scheme=theme, **DESKTOP)
    page = context.new_page()
    open_page(page, f"{studio}play#p={GAME_ID}")
    toggle = page.locator("[data-palette-toggle]")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(page.locator("html")).to_have_attribute("data-palette", "cb")
    page.reload()  # remembered, and set before the page paints
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("html")).to_have_attribute("data-palette", "cb")
    expect(page.locator("[data-palette-toggle]")).to_have_attribute("aria-pressed", "true")
    page.click("#hint")
    expect(page.locator("#board rect.cell.hl-hint").first).to_be_visible()
    hinted = page.locator("#board rect.cell.hl-hint").first.get_attribute("data-cell")
    other = next(f"{r},{c}" for r in range(4) for c in range(5) if f"{r},{c}" != hinted)
    page.click(f'#board rect.cell[data-cell="{other}"]')
    expect(page.locator("#board rect.cell.selected")).to_have_count(1)
    apart = page.evaluate(BLINDNESS, ["#board rect.cell.hl-hint", "#board rect.cell.selected"])
    print(f"{theme}: hint and selection apart by ΔE {apart} under simulated colour blindness")
    assert min(apart.values()) >= 20, apart  # the plain palette's were 3.8 (light) under deuteranopia
    # and told by shape, not colour alone
    expect(page.locator("#board .selected-mark")).to_have_count(1)
    expect(page.locator("#board .hint-mark")).to_have_count(page.locator("#board rect.cell.hl-hint").count())
    shot(page, f"palette-{theme}")
    page.locator("[data-palette-toggle]").click()
    expect(page.locator("html")).not_to_have_attribute("data-palette", "cb")
    context.close()


def test_a_screen_reader_reads_the_cells_and_hears_the_moves(studio, browser):  # noqa: F811
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    open_page(page, f"{studio}play#p={GAME_ID}")
    grid = read_puzzle(GAME_ID).grid
    expect(page.get_by_role("gridcell")).to_have_count(20)
    expect(page.get_by_role("row")).to_have_count(4)
    expect(page.get_by_role("gridcell", name=f"r1c1, {grid[0][0]}", exact=True)).to_have_count(1)
    page.click(cell(0, 0))
    page.click(cell(0, 1))
    joined = f"r1c1, {grid[0][0]}, joined to r1c2"
    expect(page.get_by_role("gridcell", name=joined, exact=True)).to_have_count(1)
    expect(page.get_by_role("gridcell", name=f"r1c2, {grid[0][1]}, joined to r1c1", exact=True)).to_have_count(1)
    live = page.locator(".board-live")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text(f"placed {grid[0][0]}-{grid[0][1]} on r1c1 and r1c2")
    page.click("#undo")
    expect(live).to_contain_text("lifted the domino on r1c1 and r1c2")
    expect(page.get_by_role("gridcell", name=f"r1c1, {grid[0][0]}", exact=True)).to_have_count(1)
    # the keyboard's cell (last on r1c2, where the last click was) is the one the reader is on
    page.locator("#board").focus()
    page.keyboard.press("ArrowDown")
    active = page.evaluate(
        "document.getElementById(document.activeElement.getAttribute('aria-activedescendant'))"
        "?.getAttribute('aria-label')"
    )
    assert active == f"r2c2, {grid[1][1]}"
    page.keyboard.press("Control+ArrowRight")
    expect(page.get_by_role("gridcell", name=f"r2c2, {grid[1][1]}, split from r2c3", exact=True)).to_have_count(1)
    expect(live).to_contain_text("split marked between r2c2 and r2c3")
    # where to look, the technique, the deduction itself: drawn, and told
    for level in ("Press Hint again for the technique", "Press Hint again for the whole deduction"):
        page.click("#hint")
        expect(page.locator("#hint-box")).to_contain_text(level)
    page.click("#hint")
    expect(page.locator("#board .ghost")).not_to_have_count(0)
    expect(live).to_contain_text("hint: a")
    expect(page.get_by_role("gridcell", name="hinted")).not_to_have_count(0)
    context.close()


ACTIVE_NAME = "document.getElementById(document.activeElement.getAttribute('aria-activedescendant'))?.ariaLabel"


def test_a_screen_reader_follows_the_setters_selection_and_its_edits(studio, browser):  # noqa: F811
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    open_page(page, studio)
    page.fill("#text", GAME_ID)
    expect(page.get_by_role("gridcell")).to_have_count(20)
    page.click(cell(3, 3))
    page.keyboard.press("ArrowRight")  # the setter's keys move its selection: the reader is on it
    assert page.evaluate(ACTIVE_NAME).startswith("r4c5, 0")
    page.keyboard.press("1")  # and a number typed is the cell's new name
    expect(page.get_by_role("gridcell", name="r4c5, 1", exact=False)).to_have_count(1)
    context.close()


def test_a_move_on_a_big_board_renames_only_its_cells(studio, browser):  # noqa: F811
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    open_page(page, f"{studio}play#p={MONTHLY}")
    page.evaluate(
        """() => {
          window.renamed = new Set();
          new MutationObserver((records) => {
            for (const r of records) window.renamed.add(r.target.dataset.cell);
          }).observe(document.querySelector("#board svg"),
            { attributes: true, attributeFilter: ["aria-label"], subtree: true });
        }"""
    )
    puzzle = read_puzzle(MONTHLY)
    right = {frozenset(p) for p in solve(puzzle).placements}
    pair = next(p for p in (((5, 5), (5, 6)), ((5, 5), (6, 5))) if frozenset(p) in right)
    page.click(cell(*pair[0]))
    page.click(cell(*pair[1]))
    expect(page.locator("#board rect.domino")).to_have_count(1)
    renamed = page.evaluate("[...window.renamed].sort()")
    assert renamed == sorted(f"{r},{c}" for r, c in pair)  # the two cells the domino joined, and no other
    context.close()


# -- every hand -------------------------------------------------------------------------------------------------


def test_zoom_buttons_are_a_fingertip_wide(studio, browser):  # noqa: F811
    for device in (PHONE, DESKTOP):
        context = browser.new_context(**device)
        page = context.new_page()
        open_page(page, f"{studio}play#p={MONTHLY}")
        for button in ("#zoom-in", "#zoom-out", "#zoom"):
            box = page.locator(button).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, (button, box)
        context.close()


def cell_size(page) -> float:
    return page.locator(cell(0, 0)).bounding_box()["height"]


@pytest.mark.parametrize("game_id", [DOUBLE_6, DOUBLE_12], ids=["double-6", "double-12"])
def test_a_phone_never_opens_a_board_with_cells_under_44_px(studio, browser, game_id):  # noqa: F811
    context = browser.new_context(color_scheme="dark", **PHONE)
    page = context.new_page()
    open_page(page, f"{studio}play#p={game_id}")
    expect(page.locator("#board")).to_have_class("board-wrap zoomed")
    assert cell_size(page) >= 44
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
    if game_id == DOUBLE_6:
        page.tap(cell(0, 0))
        shot(page, "phone-dark")
    context.close()


def test_a_desktop_board_with_room_opens_fitted(studio, browser):  # noqa: F811
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    open_page(page, f"{studio}play#p={DOUBLE_6}")
    expect(page.locator("#board")).not_to_have_class("board-wrap zoomed")
    assert cell_size(page) >= 44
    page.click(cell(0, 0))
    page.click("#hint")
    expect(page.locator("#board rect.cell.hl-hint")).not_to_have_count(0)
    shot(page, "desktop-light")
    context.close()


def line_between(page, a, b) -> dict:
    """The line between two neighbouring cells: its middle and which way it runs."""
    one, two = (page.locator(cell(*c)).bounding_box() for c in (a, b))
    vertical = a[0] == b[0]
    x = (one["x"] + one["width"] / 2 + two["x"] + two["width"] / 2) / 2
    y = (one["y"] + one["height"] / 2 + two["y"] + two["height"] / 2) / 2
    return {"x": x, "y": y, "vertical": vertical}


def test_a_splits_strip_is_24_px_each_way_on_a_phone(studio, browser):  # noqa: F811
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_page(page, f"{studio}play#p={DOUBLE_6}")
    line = line_between(page, (1, 1), (1, 2))
    splits = page.locator("#board line.split")
    count = 0
    # taps 11.5 px across the line either side, and 11.5 px along it either way from its middle: each one a split
    # marked or taken away, never a cell selected
    for across, along in ((-11.5, 0), (11.5, 0), (0, -11.5), (0, 11.5), (-11.5, 11.5), (11.5, -11.5)):
        page.touchscreen.tap(line["x"] + across, line["y"] + along)
        count = 1 - count
        expect(splits).to_have_count(count)
        expect(page.locator("#board rect.cell.selected")).to_have_count(0)
    context.close()


@pytest.mark.parametrize("game_id", [DOUBLE_6, MONTHLY], ids=["double-6", "double-40"])
def test_a_splits_strip_shows_24_px_each_way_to_a_mouse(studio, browser, game_id):  # noqa: F811
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    open_page(page, f"{studio}play#p={game_id}")
    if game_id == MONTHLY:
        page.click("#zoom-out")  # its cells as small as they come: fitted
    line = line_between(page, (3, 3), (3, 4))
    page.mouse.move(line["x"], line["y"])
    strip = page.locator("#board .border-hit")
    expect(strip).to_be_visible()
    box = strip.bounding_box()
    size = cell_size(page)
    print(f"cells {size:.1f} px: the strip {box['width']:.1f} x {box['height']:.1f} px")
    if game_id == DOUBLE_6:
        assert size >= 44 and min(box["width"], box["height"]) >= 24 - 0.01  # (the browser's rounding)
    else:  # a cell too small to give it 24 px keeps the rest of itself to be pressed
        assert size < 40 and 0.6 * size - 1 <= box["width"] < 24


def test_a_long_press_on_a_line_marks_a_split(studio, browser):  # noqa: F811
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_page(page, f"{studio}play#p={DOUBLE_6}")
    box = page.locator(cell(2, 2)).bounding_box()
    # inside the cell (off the strip), nearer its right side than any other: the line to its right neighbour
    x, y = box["x"] + box["width"] * 0.68, box["y"] + box["height"] * 0.5
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    expect(page.locator('#board line.split[data-pair="2,2-2,3"]')).to_have_count(1)  # while the finger is held
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(page.locator("#board rect.cell.selected")).to_have_count(0)  # its release is no tap
    page.tap(cell(4, 4))  # a short tap is still a tap
    expect(page.locator("#board rect.cell.selected")).to_have_count(1)
    expect(page.locator("#board line.split")).to_have_count(1)
    context.close()


def test_a_right_drag_across_a_line_marks_a_split(studio, browser):  # noqa: F811
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    open_page(page, f"{studio}play#p={DOUBLE_6}")
    one, two = (page.locator(cell(*c)).bounding_box() for c in ((3, 1), (4, 1)))
    page.mouse.move(one["x"] + one["width"] / 2, one["y"] + one["height"] / 2)
    page.mouse.down(button="right")
    page.mouse.move(two["x"] + two["width"] / 2, two["y"] + two["height"] / 2, steps=5)
    page.mouse.up(button="right")
    expect(page.locator('#board line.split[data-pair="3,1-4,1"]')).to_have_count(1)
    expect(page.locator("#board rect.domino")).to_have_count(0)
    page.mouse.move(one["x"] + one["width"] / 2, one["y"] + one["height"] / 2)  # and back again: taken away
    page.mouse.down(button="right")
    page.mouse.move(two["x"] + two["width"] / 2, two["y"] + two["height"] / 2, steps=5)
    page.mouse.up(button="right")
    expect(page.locator("#board line.split")).to_have_count(0)
    context.close()
