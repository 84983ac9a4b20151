"""A static puzzle-of-the-day site: a folder that plays, checks and hints puzzles with no server, opened from
``file://`` or put on any static host (``dominosa site``).

It reuses the studio's own play modules (``static/board.js``, ``game.js``, ``daily-page.js``, ...) rather than a
second player. Browsers refuse ES modules and ``fetch`` from ``file://``, so the modules are joined here into one
classic script (each module's body in a function of its own, its imports read from the modules before it), and
the puzzles come as a script too (``puzzles.js``, setting ``window.DOMINOSA_SITE``: the one copy of the data).
Hints need no engine in the browser: each puzzle carries the deduction path that ``dominosa explain`` gives, and
the page's hint is the first step of it not yet on the board.

Served over http(s) the site is also an installable web app that plays offline: a manifest, PNG icons drawn here
with Pillow, and a service worker (``static/site-sw.js``) that keeps the files it has served. From ``file://``
the page registers none of that and works as before.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from dominosa.atomic import atomic_write
from dominosa.cli import explain as explain_command
from dominosa.deductions import GRADES, rate
from dominosa.formats import PuzzleRecord, puzzle_to_dict
from dominosa.puzzle import Puzzle
from dominosa.web.guard import theme_first_tag

__all__ = ["SitePuzzle", "site_entry", "bundle", "write_site", "MODULES"]

STATIC = files("dominosa.web") / "static"
# The modules the site's script is made of, each after those it imports.
MODULES = (
    "api.js", "board-voice.js", "board.js", "zoom.js", "stats.js", "progress.js", "screen.js", "theme.js", "game.js",
    "daily-page.js", "site.js",
)
_IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w.-]+)";\s*$')
_EXPORT = re.compile(r"^export (?:async )?(?:function|class|const|let) ([A-Za-z_$][\w$]*)")


@dataclass(frozen=True)
class SitePuzzle:
    """One puzzle of the site: a day's (``date`` and ``grade``) or the archive's (``number``)."""

    puzzle: Puzzle
    solution: Iterable[Any]
    grade: str | None
    date: str | None = None
    number: int | None = None


def site_entry(item: SitePuzzle) -> dict[str, Any]:
    """The puzzle as the site's page reads it: its JSON with the solution, grade, order, and the deduction path
    (``dominosa explain``'s steps) that the page's hints walk."""
    rating = rate(item.puzzle)
    explained = explain_command.as_json(PuzzleRecord(item.puzzle, source="site", line=1), rating)
    entry = puzzle_to_dict(item.puzzle, item.solution)
    entry.update(
        grade=item.grade or rating.grade.name,
        order=item.puzzle.order,
        steps=[
            {key: step[key] for key in ("technique", "reason", "cells", "joins", "splits")}
            for step in explained["deductions"] or []
        ],
    )
    if item.date is not None:
        entry["date"] = item.date
    if item.number is not None:
        entry["number"] = item.number
    return entry


def bundle(modules: Iterable[str] = MODULES) -> str:
    """The modules joined into one classic script (see the module's docstring), which runs them in order."""
    parts = [
        "// dominosa: the studio's play modules joined into one script for a static site (file:// too).",
        "(async () => {",
        "const modules = {};",
    ]
    for name in modules:
        body, exported = [], []
        for line in (STATIC / name).read_text(encoding="utf-8").splitlines():
            imported = _IMPORT.match(line)
            if imported:
                names = ", ".join(n.strip().replace(" as ", ": ") for n in imported.group(1).split(","))
                body.append(f'const {{ {names} }} = modules["{imported.group(2)}"];')
                continue
            exported_name = _EXPORT.match(line)
            if exported_name:
                exported.append(exported_name.group(1))
                line = line[len("export ") :]
            elif line.startswith("export "):
                raise ValueError(f"{name}: an export the site's bundler cannot read: {line!r}")
            body.append(line)
        parts += [
            f"// ---- {name}",
            f'modules["{name}"] = await (async () => {{',
            *body,
            f"return {{ {', '.join(exported)} }};",
            "})();",
        ]
    parts.append("})().catch((error) => { document.body.dataset.error = String(error); throw error; });")
    return "\n".join(parts) + "\n"


def page() -> str:
    """The site's one page: the studio's game cards in a frame of its own (no studio navigation)."""
    text = (STATIC / "site.html").read_text(encoding="utf-8")
    for part in ("game", "game-aside", "day-picker"):
        text = text.replace(f"<!--#{part}-->\n", (STATIC / f"{part}.html").read_text(encoding="utf-8"))
    return text.replace("<!--#theme-first-->", theme_first_tag())


ICON_SIZES = (192, 512)
# The app's colours: the studio header's, and the domino's face.
_ICON_GROUND = "#1f2a38"
_ICON_FACE = "#fffdf7"


def icon_png(size: int) -> bytes:
    """The app's icon: a domino (two halves, a pip pattern each) on the studio's header colour, as a PNG."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (size, size), _ICON_GROUND)
    draw = ImageDraw.Draw(image)
    unit = size / 16
    left, top, right, bottom = 3 * unit, 5.5 * unit, 13 * unit, 10.5 * unit  # inside the maskable safe zone
    draw.rounded_rectangle((left, top, right, bottom), radius=unit, fill=_ICON_FACE)
    middle = (left + right) / 2
    draw.line((middle, top + unit * 0.6, middle, bottom - unit * 0.6), fill=_ICON_GROUND, width=max(1, round(unit / 3)))
    pip = unit * 0.55
    for cx, cy in ((left + 1.4 * unit, top + 1.3 * unit), ((left + middle) / 2, (top + bottom) / 2),
                   (middle - 1.4 * unit, bottom - 1.3 * unit), (middle + 1.4 * unit, top + 1.3 * unit),
                   (right - 1.4 * unit, bottom - 1.3 * unit)):
        draw.ellipse((cx - pip, cy - pip, cx + pip, cy + pip), fill=_ICON_GROUND)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def manifest(title: str) -> str:
    """The web app manifest: the site installs as an app of its own that opens its page full screen."""
    return json.dumps(
        {
            "name": title,
            "short_name": "Dominosa",
            "start_url": "./index.html",
            "scope": "./",
            "display": "standalone",
            "background_color": "#f4f1ea",
            "theme_color": _ICON_GROUND,
            "icons": [
                {"src": f"icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any maskable"}
                for size in ICON_SIZES
            ],
        },
        indent=1,
    )


def service_worker(files_kept: dict[str, str]) -> str:
    """The service worker's script: ``static/site-sw.js`` with the files to keep and a version naming this build
    (a hash of them), so that a new build's worker replaces the old cache."""
    version = hashlib.sha256("".join(f"{n}\0{t}" for n, t in sorted(files_kept.items())).encode()).hexdigest()[:16]
    script = (STATIC / "site-sw.js").read_text(encoding="utf-8")
    return script.replace('"@VERSION@"', json.dumps(version)).replace('["@FILES@"]', json.dumps(sorted(files_kept)))


# Run after the data in puzzles.js, before the page's modules read it: the days after the reader's own date are
# dropped (hidden, not secret: they are in the file above), and the dates left are listed oldest first, with the
# reader's date, for the archive's calendar. The date is the reader's local one, as the day picker's is.
HIDE_LATER_DAYS = """\
// Days after the reader's date are hidden until it comes (they are in this file: hidden, not secret).
(function (site) {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  site.days = site.days.filter((day) => day.date <= today);
  site.dates = [...new Set(site.days.map((day) => day.date))].sort();
  site.today = today;
})(window.DOMINOSA_SITE);
"""


def write_site(folder: Path, days: list[dict[str, Any]], archive: list[dict[str, Any]], *, title: str) -> list[Path]:
    """Write the site into ``folder`` (made if missing), each file atomically; the files written.

    ``days`` may hold days after today: the page hides each until its date (:data:`HIDE_LATER_DAYS`)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = {"title": title, "grades": list(GRADES), "days": days, "archive": archive}
    texts = {
        "index.html": page().replace("<!--#title-->", _escape(title)),
        "studio.css": (STATIC / "studio.css").read_text(encoding="utf-8"),
        "dominosa.js": bundle(),
        "puzzles.js": "window.DOMINOSA_SITE = " + json.dumps(data, separators=(",", ":")) + ";\n" + HIDE_LATER_DAYS,
        "manifest.webmanifest": manifest(title) + "\n",
    }
    icons = {f"icon-{size}.png": icon_png(size) for size in ICON_SIZES}
    kept = {**texts, **{name: hashlib.sha256(png).hexdigest() for name, png in icons.items()}}
    written = [atomic_write(folder / name, text) for name, text in texts.items()]
    written += [atomic_write(folder / name, png) for name, png in icons.items()]
    written.append(atomic_write(folder / "sw.js", service_worker(kept)))
    return written


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
