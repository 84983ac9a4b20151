"""One move on a big board in the studio's play page, in headless Chromium: this checkout against a revision.

Issue 37 asks that the page stay quick on a double-50 (2,652 cells). A move here is a tap on a cell and a tap on
its neighbour (the domino placed); its time runs from the second tap to the frame after it was drawn, so it counts
the page's script and the browser's style, layout and paint. Boards: the double-40 monthly of
tests/data/monthly-2025-11-o40.json and a random double-50 layout (``random_layout(50, seed 5)``; not proper,
which a move does not care about). Servers take turns per board so that a busy minute hits both alike. See
bench/README.md.

    python bench/bench_big_board.py                    # 15 moves per board, this checkout against main
    python bench/bench_big_board.py --moves 25 --against 4ad30e7
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
from pathlib import Path

from bench_paint import Server
from old_revision import old_package

ROOT = Path(__file__).resolve().parents[1]
MONTHLY = ROOT / "tests" / "data" / "monthly-2025-11-o40.json"

# Tap a cell, then (timed) its neighbour; the time ends a frame after the move was drawn.
MOVE = """async ([a, b]) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const tap = (r, c) => {
    const target = document.querySelector(`#board rect.cell[data-cell="${r},${c}"]`);
    target.scrollIntoView({ block: "center", inline: "center" });
    const box = target.getBoundingClientRect();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    const at = { bubbles: true, clientX: x, clientY: y, pointerId: 1, isPrimary: true };
    target.dispatchEvent(new PointerEvent("pointerdown", at));
    target.dispatchEvent(new PointerEvent("pointerup", at));
  };
  await frame();
  tap(...a);
  await frame();
  const started = performance.now();
  tap(...b);
  await frame();
  return performance.now() - started;
}"""


def boards() -> dict[str, str]:
    """Each board's game ID, by name."""
    from dominosa.formats import read_puzzle, write_game_id
    from dominosa.generator.layouts import random_layout

    puzzle, _ = random_layout(50, random.Random(5))
    return {"double-40 monthly": write_game_id(read_puzzle(MONTHLY.read_text())), "double-50": write_game_id(puzzle)}


def move_times(browser, url: str, game_id: str, moves: int) -> list[float]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{url}play#p={game_id}")
    page.wait_for_selector("body[data-ready]", timeout=180_000)
    rows = page.locator("#board rect.cell").count() // (page.locator('#board rect.cell[data-cell^="0,"]').count())
    times = [page.evaluate(MOVE, [[(3 * k) % rows, 0], [(3 * k) % rows, 1]]) for k in range(moves)]
    page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=15, help="moves timed per board and server (15)")
    parser.add_argument("--against", default="main", help="the git revision to compare with (main)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        servers = {"this checkout": Server(None), args.against: Server(old_package(args.against, Path(tmp)))}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
                for name, game_id in boards().items():
                    for side, server in servers.items():
                        times = move_times(browser, server.url, game_id, args.moves)
                        print(
                            f"{name:18} {side:14} move median {statistics.median(times):7.1f} ms,"
                            f" max {max(times):7.1f} ms ({len(times)} moves)",
                            flush=True,
                        )
                browser.close()
        finally:
            for server in servers.values():
                server.stop()


if __name__ == "__main__":
    main()
