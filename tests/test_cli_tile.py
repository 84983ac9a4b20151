"""``dominosa tile`` run as a user runs it: the bundled tiling puzzles, a puzzle file of one's own, counting,
listing, pictures, JSON, and one-line errors for bad input (the runner is shared: ``cli_run``).

The first test runs the installed console script, in a separate process; the others call the command in this
process (``in_process``): they check what it prints and its exit code, and a process of its own for each was most
of this module's time."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from cli_run import dominosa, in_process, one_line_error

from dominosa.tiling import calendar, dominopeg, read_packing

OWN = """\
title: a 2x5 box
board:
. . . . .
. . . . .
piece I:
#####
piece J:
#####
"""


def drawn_names(text: str) -> set[str]:
    """The piece names a text drawing shows (cell contents between walls)."""
    return set(re.findall(r"[|\s]([A-Za-z0-9]{1,3})\s", text))


def test_pentominoes_first_solution_is_drawn_with_every_piece():
    done = dominosa("tile", "pentominoes", "--size", "3x20")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("pentominoes 3x20: a solution")
    assert set("FILNPTUVWXYZ") <= drawn_names(done.stdout)


def test_pentomino_counts_all_and_up_to_symmetry_agree_with_the_group(capsys):
    box = ("tile", "pentominoes", "--size", "3x20", "--count")
    every = in_process(capsys, *box, "--format", "json")
    classes = in_process(capsys, *box, "--up-to-symmetry", "--format", "json")
    a, b = json.loads(every.stdout), json.loads(classes.stdout)
    assert (a["count"], a["complete"]) == (8, True)  # published: 2 tilings up to symmetry, 4 symmetries each
    assert (b["count"], b["symmetries"]) == (2, 4)
    assert b["up_to_symmetry"] is True and b["solutions"] == []


def test_all_lists_every_solution_and_the_limit_stops_early(capsys):
    done = in_process(capsys, "tile", "pentominoes", "--size", "3x20", "--all")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("solution ") == 8
    assert "8 solutions" in done.stdout.splitlines()[-1]
    limited = in_process(capsys, "tile", "pentominoes", "--size", "3x20", "--all", "--limit", "3", "--format", "json")
    out = json.loads(limited.stdout)
    assert out["count"] == 3 and out["complete"] is False and len(out["solutions"]) == 3


def test_calendar_date_solutions_leave_that_month_and_day_open(tmp_path, capsys):
    done = in_process(capsys, "tile", "calendar", "--date", "2026-11-21", "--all", "--format", "json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["complete"] and out["count"] == len(out["solutions"]) > 0
    open_squares = {calendar.month_cell(11), calendar.day_cell(21)}
    for solution in out["solutions"]:
        covered = {tuple(cell) for piece in solution["pieces"].values() for cell in piece["cells"]}
        assert not covered & open_squares and len(covered) == 41


def test_calendar_draws_the_date_and_renders_pictures(tmp_path, capsys):
    done = in_process(capsys, "tile", "calendar", "--date", "02-29", "--render", tmp_path / "d.svg")
    assert done.returncode == 0, done.stderr
    assert "Feb" in done.stdout and "29" in done.stdout
    root = ET.parse(tmp_path / "d.svg").getroot()
    texts = "".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    assert "Feb" in texts and "29" in texts
    png = in_process(capsys, "tile", "dominopeg", "--render", tmp_path / "p.png", "--mono")
    assert png.returncode == 0 and (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


def test_dominopeg_default_challenge_solution_keeps_the_five_circles_empty(capsys):
    done = in_process(capsys, "tile", "dominopeg", "--format", "json")
    out = json.loads(done.stdout)
    pegs = {tuple(p) for piece in out["solutions"][0]["pieces"].values() for p in piece["pegs"]}
    empty = {dominopeg.circle_corner(c) for c in dominopeg.DEFAULT_CHALLENGE}
    assert len(pegs) == 30 and not pegs & empty


def test_a_puzzle_file_of_ones_own(tmp_path, capsys):
    path = tmp_path / "own.txt"
    path.write_text(OWN)
    done = in_process(capsys, "tile", path, "--count", "--format", "json")
    assert done.returncode == 0, done.stderr
    # Two straight pieces fill a 2x5 box one above the other, either way round; turning the box over swaps them.
    assert json.loads(done.stdout)["count"] == 2
    classes = in_process(capsys, "tile", path, "--count", "--up-to-symmetry", "--format", "json")
    assert json.loads(classes.stdout)["count"] == 1
    assert len(read_packing(OWN).symmetries()) == 4


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("dominopeg", "--empty", "0,7,14,21,28,1"), ("impossible", "exactly 5 circles", "not 6")),
        (("dominopeg", "--empty", "0,7,14,21,35"), ("no circle 35",)),
        (("dominopeg", "--empty", "0,7,7,21,28"), ("twice",)),
        (("dominopeg", "--empty", "a,b"), ("not a circle",)),
        (("calendar", "--date", "2026-02-30"), ("not a date",)),
        (("calendar", "--date", "13-01"), ("not a date",)),
        (("pentominoes", "--size", "7x7"), ("49 cells",)),
        (("pentominoes", "--size", "six"), ("ROWSxCOLUMNS",)),
        (("pentominoes", "--date", "2026-01-01"), ("--date does not apply",)),
        (("nowhere.txt",), ("no puzzle called",)),
        (("pentominoes", "--render", "x.gif"), ("format",)),
        (("pentominoes", "--render", "/no/such/folder/x.png"), ("no folder",)),
        (("pentominoes", "--limit", "3"), ("--limit goes with",)),
        (("pentominoes", "--every-date"), ("calendar",)),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, words, capsys):
    line = one_line_error(in_process(capsys, "tile", *args))
    for word in words:
        assert word in line, line


def test_a_file_whose_pieces_cannot_fill_the_board_is_refused_with_the_reason(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(OWN.replace("piece J:\n#####\n", "piece J:\n###\n"))
    line = one_line_error(in_process(capsys, "tile", path))
    assert "cover 8 cells but the board has 10" in line
    broken = tmp_path / "broken.txt"
    broken.write_text("title: x\nboard:\n. .\npiece A:\n#.\n.#\n")
    assert "line 4" in one_line_error(in_process(capsys, "tile", broken))


def test_a_file_that_is_not_text_or_a_folder_is_one_line(tmp_path, capsys):
    binary = tmp_path / "bad.bin"
    binary.write_bytes(b"\xff\xfe\x00bad")
    assert "bad.bin" in one_line_error(in_process(capsys, "tile", binary))
    assert "cannot use" in one_line_error(in_process(capsys, "tile", tmp_path))


def test_a_puzzle_from_standard_input(capsys):
    done = in_process(capsys, "tile", "-", "--count", "--format", "json", stdin=OWN)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["count"] == 2


def test_the_old_name_cover_still_works_but_is_not_listed(capsys):
    old = in_process(capsys, "cover", "pentominoes", "--size", "3x20", "--count", "--format", "json")
    new = in_process(capsys, "tile", "pentominoes", "--size", "3x20", "--count", "--format", "json")
    assert old.returncode == 0 and new.returncode == 0
    timeless = [{k: v for k, v in json.loads(done.stdout).items() if k != "seconds"} for done in (old, new)]
    assert timeless[0] == timeless[1] and timeless[0]["count"] == 8
    listing = in_process(capsys, "--help").stdout
    assert re.search(r"^    tile ", listing, re.M) and not re.search(r"^    cover", listing, re.M)
