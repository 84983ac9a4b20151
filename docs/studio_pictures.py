"""The README's pictures of the studio (the studio-*.png files beside this script), taken from a real
``dominosa serve`` in Debian's Chromium, so that they always show the studio as it is:

    python docs/studio_pictures.py            # writes studio-{setter,play,phone,dark,tiling}.png here

Each picture is a fixed scene (a known puzzle, a few moves, a hint), so a new run differs only where the studio
changed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
# order 5, basic: dominosa generate --order 5 --grade basic --seed 11
GAME_ID = "5:332511015054442335410550132022541023013442"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def studio() -> tuple[subprocess.Popen, str]:
    program = Path(sys.executable).with_name("dominosa")
    process = subprocess.Popen(
        [str(program), "serve", "--port", "0", "--workers", "1"], stdout=subprocess.PIPE, text=True
    )
    match = re.search(r"(http://\S+/)", process.stdout.readline())
    if not match:
        process.kill()
        raise SystemExit("dominosa serve did not start")
    return process, match.group(1)


def ready(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready]")


def play_scene(page) -> None:
    """A few dominoes of the solution placed and a hint asked for: what a player sees mid-game."""
    from dominosa.deductions import solve
    from dominosa.formats import read_puzzle

    for a, b in solve(read_puzzle(GAME_ID)).placements[::7]:
        page.click(f'#board rect.cell[data-cell="{a[0]},{a[1]}"]')
        page.click(f'#board rect.cell[data-cell="{b[0]},{b[1]}"]')
    page.click('#numbers .num[data-n="4"]')
    page.click("#hint")
    page.click("#hint")
    page.wait_for_selector("#hint-box .tech")


def main() -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    process, url = studio()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])

            def page_for(viewport, scheme="light", touch=False):
                context = browser.new_context(viewport=viewport, color_scheme=scheme, has_touch=touch, is_mobile=touch)
                return context.new_page()

            page = page_for(DESKTOP)
            ready(page, f"{url}#puzzle={GAME_ID}")
            page.click("#next")
            page.click("#next")
            page.screenshot(path=str(HERE / "studio-setter.png"))

            page = page_for(DESKTOP)
            ready(page, f"{url}play#p={GAME_ID}")
            play_scene(page)
            page.screenshot(path=str(HERE / "studio-play.png"))

            page = page_for(PHONE, touch=True)
            ready(page, f"{url}play#p={GAME_ID}")
            play_scene(page)
            page.screenshot(path=str(HERE / "studio-phone.png"))

            page = page_for(DESKTOP, scheme="dark")
            ready(page, f"{url}play#p={GAME_ID}")
            play_scene(page)
            page.screenshot(path=str(HERE / "studio-dark.png"))

            page = page_for(DESKTOP)
            ready(page, f"{url}tile")
            page.fill("#date", "2026-11-24")
            page.dispatch_event("#date", "change")
            page.wait_for_selector("#picture svg")
            page.screenshot(path=str(HERE / "studio-tiling.png"))
            browser.close()
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    main()
