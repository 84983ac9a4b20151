"""``dominosa render`` run as a user runs it.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time.

The runner is shared with the other command tests (``cli_run``).
"""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET

import pytest
from cli_run import dominosa
from cli_run import in_process as _cmd
from PIL import Image

ID = "3:22223101012330103310"
TWO = "22223\n10101\n23301\n03310\n\n3:22223101012330103310\n"


def assert_one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("dominosa"), done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def test_render_one_puzzle_to_a_png_file(tmp_path):
    done = dominosa("render", ID, "--out", tmp_path / "p.png", "--dpi", "150")
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and "p.png" in done.stderr and done.stdout == ""  # status: stderr
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


def test_render_several_puzzles_into_a_folder_and_a_pattern(tmp_path, capsys):
    source = tmp_path / "two.txt"
    source.write_text(TWO)
    done = _cmd(capsys, "render", source, "--what", "solution", "--format", "svg", "--out", f"{tmp_path}/pics/")
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in (tmp_path / "pics").iterdir())
    assert files == ["puzzle-1-solution.svg", "puzzle-2-solution.svg"]
    root = ET.parse(tmp_path / "pics" / files[0]).getroot()
    assert root.tag.endswith("svg")
    done = _cmd(capsys, "render", source, "--what", "both", "--out", f"{tmp_path}/p{{n:02}}.pdf", "--pips", "--colour")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "p01.pdf").read_bytes()[:5] == b"%PDF-" and (tmp_path / "p02.pdf").exists()
    done = _cmd(capsys, "render", source, "--out", f"{tmp_path}/new/p{{n}}.png")  # the pattern's folder is made
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["p1.png", "p2.png"]


def test_a_puzzle_without_a_solution_is_named_and_the_others_are_still_drawn(tmp_path, capsys):
    source = tmp_path / "three.txt"
    source.write_text(TWO + "\n010\n101\n")  # the third: no two 0s side by side, so no 0-0
    done = _cmd(capsys, "render", source, "--what", "solution", "--format", "svg", "--out", f"{tmp_path}/pics/")
    assert done.returncode == 1  # done, but not all that was asked
    files = sorted(p.name for p in (tmp_path / "pics").iterdir())
    assert files == ["puzzle-1-solution.svg", "puzzle-2-solution.svg"]
    bad = [line for line in done.stderr.splitlines() if "no solution" in line]
    assert len(bad) == 1 and "three.txt, line" in bad[0] and "puzzle-3-solution.svg not written" in bad[0]


def test_a_png_is_at_print_resolution_by_default_as_the_help_says(tmp_path, capsys):
    done = _cmd(capsys, "render", "--example", "--out", tmp_path / "p.png")
    assert done.returncode == 0, done.stderr
    with Image.open(tmp_path / "p.png") as image:
        size, dpi = image.size, image.info["dpi"]
    assert [round(d) for d in dpi] == [300, 300]
    help_text = " ".join(_cmd(capsys, "render", "--help").stdout.split())
    assert f"the double-6 example is {size[0]}x{size[1]} pixels" in help_text
    assert "(300 pixels per inch)" in help_text and "(default 300, for print" in help_text
    # A cell of 30 points is 30/72 in: 125 pixels at 300 per inch, so the board is 8 and 7 cells plus a margin.
    assert 8 * 125 <= size[0] < 8 * 125 + 100 and 7 * 125 <= size[1] < 7 * 125 + 100


def test_render_defaults_to_the_output_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = _cmd(capsys, "render", ID)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "output" / "puzzle-1.png").exists()


def test_render_uses_the_solution_a_json_input_states(tmp_path, capsys):
    from dominosa.deductions import solve
    from dominosa.formats import read_puzzle, write_json

    puzzle = read_puzzle(ID)
    source = tmp_path / "p.json"
    source.write_text(write_json(puzzle, solve(puzzle)))
    done = _cmd(capsys, "render", source, "--what", "solution", "--out", tmp_path / "s.svg")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "s.svg").read_text().count("<rect x=") == 10


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["render", "no-such-file.txt"], ["no-such-file.txt"]),
        (["render", ID, "--dpi", "0"], ["--dpi"]),
        (["render", ID, "--format", "svg", "--out", "x.png"], ["--format svg"]),
        (["render", ID, "--what", "all"], ["--what"]),
        (["render", ID, "--out", "/nonexistent-folder/p.png"], ["cannot use", "p.png"]),
        (["render", "-", "--out", "one.png"], ["--out names one file"]),
        (["render", "-", "--what", "solution"], ["no solution"]),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, args, words, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    stdin = TWO if "one.png" in args else "101\n010\n" if "solution" in args else ""
    done = _cmd(capsys, *args, stdin=stdin)
    assert_one_line_error(done, *words)
    assert not any(p.suffix in (".png", ".pdf", ".svg") for p in tmp_path.rglob("*"))


def test_render_help_teaches_with_examples(capsys):
    done = _cmd(capsys, "render", "--help")
    assert done.returncode == 0
    assert "examples:" in done.stdout and "--what both" in done.stdout


def test_render_labels_adds_row_and_column_labels_only_when_asked(tmp_path, capsys):
    assert _cmd(capsys, "render", ID, "--out", tmp_path / "plain.svg").returncode == 0
    done = _cmd(capsys, "render", ID, "--out", tmp_path / "labelled.svg", "--labels")
    assert done.returncode == 0, done.stderr
    svg = "{http://www.w3.org/2000/svg}"
    labelled = ET.parse(tmp_path / "labelled.svg").getroot()
    names = [t.text for g in labelled.iter(f"{svg}g") if g.get("class") == "labels" for t in g.iter(f"{svg}text")]
    assert names == ["r1", "r2", "r3", "r4", "c1", "c2", "c3", "c4", "c5"]
    assert 'class="labels"' not in (tmp_path / "plain.svg").read_text("utf-8")
