"""``dominosa site``: a static folder whose puzzles are the days' puzzles of the day (the same as the studio's),
each with its solution and the deduction path its hints walk, plus an archive; bad options are one line.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time."""

from __future__ import annotations

import datetime
import json
import re
import subprocess

import pytest
from cli_run import dominosa, one_line_error
from cli_run import in_process as _cmd
from PIL import Image
from waiting import PATIENCE

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.formats import puzzle_from_dict
from dominosa.generator.daily import daily_puzzle
from dominosa.web.site import MODULES, bundle


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("site") / "public"
    done = dominosa(
        "site",
        folder,
        "--from",
        "2026-11-24",
        "--to",
        "2026-11-25",
        "--grade",
        "trivial",
        "--count",
        "1",
        "--order",
        "3",
        "--seed",
        "4",
    )
    assert done.returncode == 0, done.stderr
    assert "2 days, 1 grade: 2 puzzles of the day and 1 in the archive" in done.stdout
    return folder


def embedded(folder):
    """The site's data as built: the first line of puzzles.js (the script after it hides the days to come)."""
    first = (folder / "puzzles.js").read_text().split("\n", 1)[0]
    assert first.startswith("window.DOMINOSA_SITE = ") and first.endswith(";")
    return json.loads(first[len("window.DOMINOSA_SITE = ") : -1])


def as_the_page_reads_it(folder, today: datetime.date) -> dict:
    """The data puzzles.js leaves for the page on ``today`` (the reader's clock, set in node)."""
    noon = f"{today.year}, {today.month - 1}, {today.day}, 12"  # JavaScript counts months from 0
    script = f"""
        const Real = Date;
        globalThis.Date = class extends Real {{
            constructor(...given) {{ super(...(given.length ? given : [{noon}])); }}
        }};
        globalThis.window = {{}};
        require({json.dumps(str(folder / "puzzles.js"))});
        const site = window.DOMINOSA_SITE;
        console.log(JSON.stringify({{ days: site.days.map((d) => d.date), dates: site.dates, today: site.today }}));
    """
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=PATIENCE, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def days_from(today: datetime.date, *offsets: int) -> list[str]:
    return [(today + datetime.timedelta(days=k)).isoformat() for k in offsets]


def test_by_default_the_days_end_today_newest_first(tmp_path):
    today = datetime.date.today()
    yesterday = today - datetime.timedelta(days=1)
    done = dominosa("site", tmp_path / "out", "--from", yesterday.isoformat(), "--grade", "trivial")
    assert done.returncode == 0, done.stderr
    assert "2 days, 1 grade" in done.stdout and "hidden" not in done.stdout
    assert [d["date"] for d in embedded(tmp_path / "out")["days"]] == days_from(today, 0, -1)


def test_days_built_ahead_are_in_the_files_but_hidden_by_the_page_until_their_date(tmp_path, capsys):
    today = datetime.date.today()
    args = ("--from", today.isoformat(), "--ahead", "2", "--grade", "trivial")
    done = _cmd(capsys, "site", tmp_path / "out", *args)
    assert done.returncode == 0, done.stderr
    assert "3 days (2 of them hidden until their date), 1 grade" in done.stdout
    built = [d["date"] for d in embedded(tmp_path / "out")["days"]]
    assert built == days_from(today, 2, 1, 0)  # newest first, in the file
    shown = as_the_page_reads_it(tmp_path / "out", today)
    assert shown == {"days": days_from(today, 0), "dates": days_from(today, 0), "today": today.isoformat()}
    later = as_the_page_reads_it(tmp_path / "out", today + datetime.timedelta(days=2))
    assert later["days"] == built and later["dates"] == days_from(today, 0, 1, 2)
    help_text = _cmd(capsys, "site", "--help").stdout
    assert "--ahead" in help_text and "determined" in help_text and "reader can find them" in help_text


def test_the_folder_holds_the_page_its_script_and_the_puzzles(site):
    names = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert names == [
        "dominosa.js",
        "icon-192.png",
        "icon-512.png",
        "index.html",
        "manifest.webmanifest",
        "puzzles.js",
        "studio.css",
        "sw.js",
    ]  # the puzzles once only (puzzles.js), no JSON copy of each beside them
    page = (site / "index.html").read_text()
    assert 'src="puzzles.js"' in page and 'src="dominosa.js"' in page and 'type="module"' not in page
    assert "/static/" not in page and "/api/" not in page  # nothing a static host or file:// cannot serve


def test_the_days_puzzles_are_the_puzzles_of_the_day(site):
    data = embedded(site)
    for entry in data["days"]:
        made = daily_puzzle(entry["date"], entry["grade"])
        assert entry["grid"] == [list(row) for row in made.puzzle.grid]
    assert data["grades"][:3] == ["trivial", "basic", "hard"]  # the grades in their order, for the archive's list


def test_the_site_installs_as_an_app_with_icons_and_a_worker_that_keeps_every_file(site, tmp_path, capsys):
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Dominosa: puzzle of the day" and manifest["display"] == "standalone"
    assert (site / manifest["start_url"]).exists()
    for icon in manifest["icons"]:
        width, height = map(int, icon["sizes"].split("x"))
        with Image.open(site / icon["src"]) as image:
            assert image.format == "PNG" and image.size == (width, height)
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}  # what browsers ask to install
    worker = (site / "sw.js").read_text()
    kept = json.loads(re.search(r"const FILES = (\[.*\]);", worker).group(1))
    names = {p.name for p in site.iterdir() if p.is_file()} - {"sw.js"}
    assert set(kept) == names  # every file but the worker itself, so that the site plays offline
    version = re.search(r'const VERSION = "(\w+)";', worker).group(1)
    again = tmp_path / "again"
    dates = ("--from", "2026-11-24", "--to", "2026-11-26")
    done = _cmd(capsys, "site", again, *dates, "--grade", "trivial", "--count", "0")
    assert done.returncode == 0, done.stderr
    assert re.search(r'const VERSION = "(\w+)";', (again / "sw.js").read_text()).group(1) != version  # a new build


def test_every_puzzle_is_unique_with_its_solution_and_a_path_that_solves_it(site):
    data = embedded(site)
    for entry in data["days"] + data["archive"]:
        puzzle = puzzle_from_dict(entry)
        assert count_solutions_exact_cover(puzzle, 2) == (1, True)
        joined = {frozenset(map(tuple, pair)) for step in entry["steps"] for pair in step["joins"]}
        solution = {frozenset(map(tuple, pair)) for pair in entry["solution"]}
        assert joined <= solution and entry["steps"][0]["reason"]
    assert data["archive"][0]["number"] == 1 and data["archive"][0]["order"] == 3


def test_the_script_is_the_studios_modules_without_imports_or_exports():
    script = bundle()
    for name in MODULES:
        assert f'modules["{name}"] = await' in script
    assert not re.search(r"^\s*(import|export) ", script, re.MULTILINE)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--from", "2026-13-01"), "--from: the date must be written YYYY-MM-DD"),
        (("--from", "2026-11-25", "--to", "2026-11-24"), "is before --from"),
        (("--grade", "fiendish"), "--grade must be one of trivial, basic, hard"),
        (("--grade", "hardest"), "unknown grade 'hardest': the grades are trivial, basic, hard, extreme"),
        (("--order", "51"), "--order must be between 1 and 50 (the largest order dominosa makes), not 51"),
        (("--count", "-1"), "--count must be between"),
        (("--ahead", "-1"), "--ahead must be between 0 and 366 days, not -1"),
        (("--ahead", "367"), "--ahead must be between 0 and 366 days, not 367"),
        (("--store", "nowhere.sqlite"), "no puzzle store at nowhere.sqlite"),
    ],
)
def test_bad_options_are_one_line(tmp_path, args, words, capsys):
    assert words in one_line_error(_cmd(capsys, "site", tmp_path / "out", *args))
    assert not (tmp_path / "out").exists()


def test_the_days_and_the_archive_come_from_a_store(tmp_path, capsys):
    store = tmp_path / "puzzles.sqlite"
    made = _cmd(capsys,
        "generate",
        "--order",
        "3",
        "--grade",
        "trivial",
        "--count",
        "3",
        "--seed",
        "5",
        "--store",
        store,
        "--workers",
        "1",
        "--quiet",
    )
    assert made.returncode == 0, made.stderr
    from dominosa.generator.store import PuzzleStore

    with PuzzleStore(store, create=False) as opened:
        grids = {tuple(map(tuple, p.puzzle.grid)) for p in opened.query()}
    sites = []
    for name in ("public", "again"):  # twice: the same store and dates give the same site
        options = ("--from", "2026-11-24", "--to", "2026-11-26", "--grade", "trivial", "--count", "2", "--seed", "3")
        done = _cmd(capsys, "site", tmp_path / name, "--store", store, *options)
        assert done.returncode == 0, done.stderr
        sites.append(embedded(tmp_path / name))
    data = sites[0]
    assert len(data["days"]) == 3 and len(data["archive"]) == 2 and sites[1] == data
    for entry in data["days"] + data["archive"]:
        assert tuple(map(tuple, entry["grid"])) in grids


def test_a_store_with_fewer_puzzles_than_asked_is_said_with_the_counts(tmp_path, capsys):
    store = tmp_path / "puzzles.sqlite"
    options = ("--order=3", "--grade=trivial", "--count=2", "--seed=5", "--workers=1")
    made = _cmd(capsys, "generate", *options, "--store", store)
    assert made.returncode == 0, made.stderr
    options = ("--from", "2026-11-24", "--to", "2026-11-24", "--grade", "Trivial", "--grade", "basic", "--count", "5")
    done = _cmd(capsys, "site", tmp_path / "public", "--store", store, *options)
    assert done.returncode == 0, done.stderr
    assert "1 day, 2 grades: 2 puzzles of the day and 2 in the archive" in done.stdout
    warnings = done.stderr.splitlines()
    assert f"dominosa: {store} holds 2 puzzles, fewer than --count 5: the archive has those 2" in warnings
    assert f"dominosa: no basic puzzles in {store}: the basic days have the generated puzzles of the day" in warnings
    assert len(embedded(tmp_path / "public")["archive"]) == 2
