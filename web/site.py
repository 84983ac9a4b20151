"""A static puzzle-of-the-day site: a folder that plays, checks and hints puzzles with no server, opened from
``file://`` or put on any static host (``dominosa site``).

It reuses the studio's own play modules (``static/board.js``, ``game.js``, ``daily-page.js``, ...) rather than a
second player. Browsers refuse ES modules and ``fetch`` from ``file://``, so the modules are joined here into one
classic script (each module's body in a function of its own, its imports read from the modules before it), and
the puzzles come as a script too (``puzzles.js``, setting ``window.DOMINOSA_SITE``), besides one JSON file per
puzzle for anyone who wants the data. Hints need no engine in the browser: each puzzle carries the deduction path
that ``dominosa explain`` gives, and the page's hint is the first step of it not yet on the board.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from dominosa.atomic import atomic_write
from dominosa.cli import explain as explain_command
from dominosa.deductions import rate
from dominosa.formats import PuzzleRecord, puzzle_to_dict
from dominosa.puzzle import Puzzle

__all__ = ["SitePuzzle", "site_entry", "bundle", "write_site", "MODULES"]

STATIC = files("dominosa.web") / "static"
# The modules the site's script is made of, each after those it imports.
MODULES = ("api.js", "board.js", "stats.js", "theme.js", "game.js", "daily-page.js", "site.js")
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
    return text


def write_site(folder: Path, days: list[dict[str, Any]], archive: list[dict[str, Any]], *, title: str) -> list[Path]:
    """Write the site into ``folder`` (made if missing), each file atomically; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "puzzles").mkdir(exist_ok=True)
    data = {"title": title, "days": days, "archive": archive}
    written = [
        atomic_write(folder / "index.html", page().replace("<!--#title-->", _escape(title))),
        atomic_write(folder / "studio.css", (STATIC / "studio.css").read_text(encoding="utf-8")),
        atomic_write(folder / "dominosa.js", bundle()),
        atomic_write(
            folder / "puzzles.js", "window.DOMINOSA_SITE = " + json.dumps(data, separators=(",", ":")) + ";\n"
        ),
    ]
    for entry in days:
        written.append(
            atomic_write(folder / "puzzles" / f"{entry['date']}-{entry['grade']}.json", json.dumps(entry) + "\n")
        )
    for entry in archive:
        written.append(
            atomic_write(folder / "puzzles" / f"archive-{entry['number']:03}.json", json.dumps(entry) + "\n")
        )
    return written


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
