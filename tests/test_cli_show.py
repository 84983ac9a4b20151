"""``dominosa show`` run as a user runs it.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time.

The runner is shared with the other command tests (``cli_run``).
"""

from __future__ import annotations

import json
import subprocess

import pytest
from cli_run import COMMAND, board_lines, dominosa
from cli_run import in_process as _cmd

from dominosa.formats import puzzle_from_dict, read_example, read_puzzle

ID = "3:22223101012330103310"
PLAIN = "22223\n10101\n23301\n03310\n"


def test_show_a_game_id_prints_a_four_by_five_board():
    done = dominosa("show", ID)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "order     3" in out
    assert "4 rows x 5 columns, 20 cells (the standard rectangle)" in out
    assert "double-3 set, 10 dominoes" in out
    drawing = board_lines(out)
    assert len(drawing) == 9
    assert drawing[1] == "┃ 2 │ 2 │ 2 │ 2 │ 3 ┃"
    assert drawing[7] == "┃ 0 │ 3 │ 3 │ 1 │ 0 ┃"


def test_show_the_bundled_example(capsys):
    done = _cmd(capsys, "show", "--example")
    assert done.returncode == 0, done.stderr
    assert "puzzle: example double-6, line 4 (plain grid)" in done.stdout
    assert "double-6 set, 28 dominoes" in done.stdout
    assert "7 rows x 8 columns, 56 cells" in done.stdout


def test_show_several_files_and_standard_input(tmp_path, capsys):
    path = tmp_path / "two.txt"
    path.write_text(f"# two puzzles\n{PLAIN}\n00x\n110\n1\n-\n0-0@r1c1,r1c2\n", encoding="utf-8")
    done = _cmd(capsys, "show", path, "-", stdin=ID + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert f"puzzle 1 of 3: {path}, line 2 (plain grid)" in out
    assert f"puzzle 2 of 3: {path}, line 7 (plain grid)" in out
    assert "puzzle 3 of 3: standard input, line 1 (game ID)" in out
    assert "irregular: 3 of the 9 squares are not cells" in out
    assert "clues     0-0@r1c1,r1c2" in out


def test_json_output_reads_back(tmp_path, capsys):
    done = _cmd(capsys, "show", "--format", "json", "--example", ID)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    first, second = map(json.loads, lines)
    assert puzzle_from_dict(first) == read_example()[0].puzzle
    assert puzzle_from_dict(second) == read_puzzle(ID)
    assert {k: second[k] for k in ("order", "rows", "cols", "cells", "irregular", "format")} == {
        "order": 3,
        "rows": 4,
        "cols": 5,
        "cells": 20,
        "irregular": False,
        "format": "game-id",
    }
    path = tmp_path / "again.jsonl"
    path.write_text(done.stdout, encoding="utf-8")
    again = _cmd(capsys, "show", "--format", "json", path)
    assert [json.loads(line)["grid"] for line in again.stdout.splitlines()] == [first["grid"], second["grid"]]


def test_help_teaches_with_an_example(capsys):
    done = _cmd(capsys, "show", "--help")
    assert done.returncode == 0
    assert "examples:" in done.stdout
    assert "dominosa show --example" in done.stdout
    assert "dominosa show 3:22223101012330103310" in done.stdout
    top = _cmd(capsys, "--help")
    assert top.returncode == 0 and "show" in top.stdout


def _bad_cases() -> list[tuple[str, list[str], bytes | None, str]]:
    """(test id, arguments, file content or None for no file, what the one line must say)."""
    clued = PLAIN + "-\n"
    return [
        ("missing file", ["show", "{missing}"], None, "cannot use {missing}: No such file or directory"),
        ("empty file", ["show", "{file}"], b"", "{file}: the file is empty"),
        (
            "binary junk",
            ["show", "{file}"],
            b"\x89PNG\r\n\x1a\n\x00\x00",
            "{file}: line 3, column 1: binary data",
        ),
        ("not utf-8", ["show", "{file}"], b"22223\n\xff", "{file}: line 2, column 1: not UTF-8 text"),
        (
            "bad character",
            ["show", "{file}"],
            b"22223\n10101\n23z01\n",
            "line 3, column 3: bad character 'z'",
        ),
        ("ragged rows", ["show", "{file}"], b"22223\n1010\n23301\n03310", "line 2, column 5: ragged rows"),
        ("wrong count", ["show", "{file}"], b"22223\n10101\n23301\n03311", "number 0 appears 4 times"),
        (
            "above range",
            ["show", "{file}"],
            b"22223\n10101\n23501\n03310",
            "line 3, column 3: number 5 at r3c3",
        ),
        ("odd cells", ["show", "{file}"], b"222\n101\n233", "odd number of cells (9)"),
        ("no set fits", ["show", "{file}"], b"2222\n1010\n2330\n0331", "16 cells fit no full domino set"),
        (
            "clue overlap",
            ["show", "{file}"],
            (clued + "2-2@r1c1,r1c2 2-2@r1c2,r1c3").encode(),
            "overlaps clue",
        ),
        ("clue off board", ["show", "{file}"], (clued + "3-3@r1c5,r1c6").encode(), "leaves the board"),
        ("clue mismatch", ["show", "{file}"], (clued + "6-4@r1c1,r2c1").encode(), "the cells show 2-1"),
        ("game ID length", ["show", "3:2222310101233010331"], None, "column 22: wrong length"),
        ("game ID bracket", ["show", "{file}"], b"3:22223101012330103[10", "line 1, column 20: missing ']'"),
        (
            "malformed JSON",
            ["show", "{file}"],
            b'{"grid": [[0, 0, 1],\n [1, 1 0]]}',
            "line 2, column 8: malformed JSON",
        ),
        ("unknown format", ["show", "{file}"], b"Dominosa puzzle\n", "line 1, column 1: unknown format"),
        ("comment alone", ["show", "{file}"], b"# a grid to come\n", "no puzzle found: only comments and blank lines"),
        ("comments, blanks", ["show", "{file}"], b"\n# one\n\n# two\n\n", "only comments and blank lines"),
        ("empty JSON lists", ["show", "{file}"], b"# none yet\n[]\n", "no puzzle found: only empty JSON lists"),
        ("blank", ["show", "{file}"], b"\n \n", "the file is blank: no puzzle in it"),
        ("no puzzle named", ["show"], None, "no puzzle given"),
        ("bad option", ["show", "--format", "xml", "--example"], None, "invalid choice: 'xml'"),
        ("directory", ["show", "{dir}"], None, "cannot use {dir}: Is a directory"),
    ]


@pytest.mark.parametrize(
    ("args", "content", "expected"), [c[1:] for c in _bad_cases()], ids=[c[0] for c in _bad_cases()]
)
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, args, content, expected, capsys):
    file = tmp_path / "puzzle.txt"
    if content is not None:
        file.write_bytes(content)
    names = {"file": str(file), "missing": str(tmp_path / "missing.txt"), "dir": str(tmp_path)}
    done = _cmd(capsys, *[a.format(**names) for a in args])
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.endswith("\n"), done.stderr
    assert done.stderr.startswith("dominosa")
    assert expected.format(**names) in done.stderr


def test_a_closed_pipe_ends_quietly(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join([ID] * 300) + "\n", encoding="utf-8")
    process = subprocess.Popen([*COMMAND, "show", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0
    assert stderr == ""


def test_game_ids_out_read_back_as_the_same_puzzles_and_clues_are_refused(tmp_path, capsys):
    done = _cmd(capsys, "show", "--example", "3:22223101012330103310", "--format", "gameid")
    assert done.returncode == 0, done.stderr
    ids = done.stdout.splitlines()
    assert ids[1] == "3:22223101012330103310"
    assert read_puzzle(ids[0]) == read_example()[0].puzzle
    clued = tmp_path / "clued.txt"
    clued.write_text("22223\n10101\n23301\n03310\n-\n2-2@r1c2,r1c3\n")
    refused = _cmd(capsys, "show", clued, "--format", "gameid")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "clued.txt" in refused.stderr and "cannot hold clues" in refused.stderr
