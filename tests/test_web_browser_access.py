"""The studio and the static site for every eye and hand (issue 36), in Debian's headless Chromium as
test_web_browser.py drives it (its fixtures).

Contrast is measured as WCAG 2.2 defines it, on what the page shows: every visible text against the colour
behind it (the backgrounds of its ancestors composited, or the board's shapes under an SVG text), 4.5:1, or 3:1
for large text; every board highlight's fill against a plain cell, 3:1. Sizes: every visible control on a phone
at least 44 x 44 CSS pixels. Light and dark, desktop (1280 x 800) and phone (390 x 844, touch). Screenshots go to
test-artifacts/access-*.png.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from test_web_browser import (  # noqa: F401  (fixtures)
    AMBIGUOUS,
    ARTIFACTS,
    DESKTOP,
    GAME_ID,
    PHONE,
    cell,
    open_page,
    place,
    wrong_pair,
)
from test_web_browser_play import solve_daily

DEVICES = {"desktop": DESKTOP, "phone": PHONE}
LOOKS = [(theme, device) for theme in ("light", "dark") for device in DEVICES]

# Every visible text's contrast, and every board highlight's; WCAG 2.2's relative luminance and ratio.
CONTRAST = r"""() => {
  const parse = (text) => {
    const hex = /^#([0-9a-f]{6})$/i.exec(text.trim());
    if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1);
    const m = /rgba?\(([^)]*)\)/.exec(text);
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below) => top.slice(0, 3).map((v, i) => v * top[3] + below[i] * (1 - top[3])).concat(1);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => p - q); return (y + 0.05) / (x + 0.05); };
  const style = (e) => getComputedStyle(e);
  // The colour behind an HTML element: its and its ancestors' backgrounds, composited over a white canvas.
  const behind = (e) => {
    const layers = [];
    for (let n = e; n; n = n.parentElement) {
      const bg = parse(style(n).backgroundColor);
      if (bg && bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
    }
    return layers.reverse().reduce((c, layer) => over(layer, c), [255, 255, 255, 1]);
  };
  const fade = (e) => { let o = 1; for (let n = e; n; n = n.parentElement) o *= Number(style(n).opacity); return o; };
  // The colour behind an SVG text: the shapes before it in the drawing whose box holds its centre (a board's
  // numbers lie in a layer of their own over the board: its drawing is the whole stack).
  const behindSvg = (text) => {
    const svg = text.closest(".board-stack") || text.ownerSVGElement;
    const box = text.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    let c = behind(svg);
    for (const shape of svg.querySelectorAll("rect, circle")) {
      if (!(shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      const r = shape.getBoundingClientRect();
      if (x < r.left || x > r.right || y < r.top || y > r.bottom) continue;
      const fill = parse(style(shape).fill);
      if (!fill) continue;
      fill[3] *= Number(style(shape).fillOpacity) * fade(shape);
      c = over(fill, c);
    }
    return c;
  };
  const seen = (e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    && e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0;
  const large = (s) => parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.66 && Number(s.fontWeight) >= 700);
  const found = [];
  const measure = (e, words, fg, bg) => {
    const s = style(e);
    fg[3] *= fade(e);
    const r = ratio(over(fg, bg), bg);
    found.push({ what: `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}.${e.getAttribute("class") || ""}`,
      text: words.slice(0, 40), ratio: Math.round(r * 100) / 100, need: large(s) ? 3 : 4.5, kind: "text" });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const parents = new Set();
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const e = t.parentElement;
    if (!t.textContent.trim() || parents.has(e) || e.closest("script, style, option, noscript, title")) continue;
    if (e.closest(":disabled") || !seen(e)) continue;  // inactive controls are exempt (WCAG 1.4.3)
    parents.add(e);
    if (e instanceof SVGElement) measure(e, t.textContent, parse(style(e).fill), behindSvg(e));
    else measure(e, t.textContent, parse(style(e).color), behind(e));
  }
  for (const e of document.querySelectorAll("select, input, textarea")) {
    if (e.disabled || !seen(e) || !(e.value || (e.selectedOptions && e.selectedOptions.length))) continue;
    measure(e, e.value || e.selectedOptions[0].textContent, parse(style(e).color), behind(e));
  }
  const plain = parse(getComputedStyle(document.documentElement).getPropertyValue("--cell"));
  for (const e of document.querySelectorAll("svg.board rect.cell")) {
    const extra = [...e.classList].filter((k) => k !== "cell" && k !== "cursor");
    if (!extra.length || !seen(e)) continue;
    const fill = parse(style(e).fill);
    found.push({ what: `cell ${e.dataset.cell} ${extra.join(" ")}`, text: "", kind: "highlight", need: 3,
      ratio: Math.round(ratio(over(fill, plain), plain) * 100) / 100 });
  }
  return found;
}"""

# Every visible control's box, on a phone: 44 x 44 px at least (WCAG 2.5.5).
CONTROLS = r"""() => [...document.querySelectorAll("button, select, input, textarea, summary, a[href], [role=button]")]
  .filter((e) => e.checkVisibility({ visibilityProperty: true }) && e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect();
    const words = (e.textContent || e.value || "").trim().slice(0, 24);
    return { what: `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""} ${words}`,
      width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 }; })"""


def looks(contexts, theme: str, device: str):
    """A page in the look's kept context (browser_session.KeptContexts) and the list of its script errors."""
    page = contexts.new_page(color_scheme=theme, **DEVICES[device])
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def check_contrast(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_function("!document.body.classList.contains('busy')")
    # A full-page capture drops Chromium's touch emulation (the page re-laid as without a touch screen): on a
    # phone, the screen as the player sees it.
    page.screenshot(path=str(ARTIFACTS / f"access-{name}.png"), full_page=not page.evaluate("navigator.maxTouchPoints"))
    found = page.evaluate(CONTRAST)
    assert any(f["kind"] == "text" for f in found)
    worst = min(found, key=lambda f: f["ratio"] / f["need"])
    print(f"lowest contrast against its need, {name}: {worst['ratio']} (need {worst['need']}) {worst['what']}")
    poor = [f for f in found if f["ratio"] < f["need"]]
    assert not poor, f"{name}: {len(poor)} below WCAG AA, e.g. " + json.dumps(poor[:6], ensure_ascii=False)


def check_controls(page, name: str) -> None:
    controls = page.evaluate(CONTROLS)
    least = min(controls, key=lambda c: min(c["width"], c["height"]))
    print(f"smallest control on a phone, {name}: {least['width']} x {least['height']} {least['what']}")
    small = [c for c in controls if c["width"] < 44 or c["height"] < 44]
    assert not small, f"{name}: controls under 44 x 44 px on a phone: " + json.dumps(small[:8], ensure_ascii=False)


# -- contrast and size, page by page --------------------------------------------------------------------------


@pytest.mark.parametrize(("theme", "device"), LOOKS)
def test_setter_reads_in_every_look(studio, contexts, theme, device):
    page, errors = looks(contexts, theme, device)
    open_page(page, f"{studio}#puzzle={quote(AMBIGUOUS)}")
    page.wait_for_selector("#board rect.cell.hl-diff")  # two solutions: where they differ is highlighted
    check_contrast(page, f"setter-ambiguous-{theme}-{device}")
    if device == "phone":
        check_controls(page, "setter")
    page.fill("#text", GAME_ID)
    page.wait_for_selector(".grades span.on")
    page.click("#next")  # the explanation's step highlight, and the grade chips
    page.wait_for_selector("#board rect.cell.hl-step")
    check_contrast(page, f"setter-step-{theme}-{device}")
    assert not errors, errors


@pytest.mark.parametrize(("theme", "device"), LOOKS)
def test_play_reads_in_every_look(studio, contexts, theme, device):
    page, errors = looks(contexts, theme, device)
    open_page(page, f"{studio}play#p={GAME_ID}")
    page.click("#hint")
    page.wait_for_selector("#board rect.cell.hl-hint")  # the first level's answer, before asking the second
    page.click("#hint")
    page.wait_for_selector("#hint-box .tech")
    page.click('#numbers .num[data-n="2"]')
    check_contrast(page, f"play-hint-{theme}-{device}")
    if device == "phone":
        check_controls(page, "play")
    a, b = wrong_pair()
    place(page, a, b)  # a mistake: a hint asked for now shows its region (none comes unasked)
    page.click("#hint")
    page.wait_for_selector("#board rect.cell.hl-region")
    page.click("#check")
    page.wait_for_selector("#board .badge-mark.wrong")
    check_contrast(page, f"play-mistake-{theme}-{device}")
    assert not errors, errors


@pytest.mark.parametrize(("theme", "device"), LOOKS)
def test_daily_reads_in_every_look(studio, contexts, theme, device):
    page, errors = looks(contexts, theme, device)
    open_page(page, f"{studio}daily#date=2026-11-24&grade=trivial")
    page.click("#hint")
    page.wait_for_selector("#board rect.cell.hl-hint")
    check_contrast(page, f"daily-{theme}-{device}")
    if device == "phone":
        check_controls(page, "daily")
    solve_daily(page, "2026-11-24", "trivial")
    page.wait_for_selector("#share-card:not([hidden])")
    check_contrast(page, f"daily-solved-{theme}-{device}")
    assert not errors, errors


@pytest.mark.parametrize(("theme", "device"), LOOKS)
def test_static_site_reads_in_every_look(site, contexts, theme, device):
    page, errors = looks(contexts, theme, device)
    open_page(page, f"{(site / 'index.html').as_uri()}#date=2026-11-24&grade=trivial")
    page.click("#hint")
    page.wait_for_selector("#board rect.cell.hl-hint")
    check_contrast(page, f"site-{theme}-{device}")
    if device == "phone":
        check_controls(page, "site")
        toggle, brand = page.locator("[data-theme-toggle]").bounding_box(), page.locator(".brand").bounding_box()
        assert toggle["y"] < brand["y"] + brand["height"], "the title pushed the theme toggle onto a second row"
    assert not errors, errors


@pytest.mark.parametrize(("theme", "device"), LOOKS)
def test_tiling_reads_in_every_look(studio, contexts, theme, device):
    page, errors = looks(contexts, theme, device)
    page.goto(f"{studio}tile")
    page.wait_for_selector("svg.tiling .label.open")  # today's solution drawn, the date's cells left open
    check_contrast(page, f"tiling-{theme}-{device}")
    if device == "phone":
        check_controls(page, "tiling")
    assert not errors, errors
