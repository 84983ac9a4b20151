"""``dominosa store`` as a user runs it: the first test through the installed console script, in a separate process
(set ``DOMINOSA_COMMAND``, e.g. ``"python -m dominosa.cli.main"``, to test another way of starting the command); the
others call the command in this process (:func:`_cmd`), since they check what it prints and its exit code, and a
process of its own for each of some fifty commands was most of this module's time.

Stores are filled through the library (quick), then looked into through the command.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cli_run import board_lines, dominosa
from cli_run import in_process as _cmd

from dominosa import problems
from dominosa.deductions import SCORE_VERSION, count_solutions, rate
from dominosa.formats import (
    puzzle_from_dict,
    read_file_records,
    read_puzzle,
    read_puzzles,
    solution_from_dict,
    write_plain,
)
from dominosa.generator.layouts import random_irregular_board, random_layout
from dominosa.generator.store import PuzzleStore

ID = "3:22223101012330103310"
NO_SOLUTION = "010\n101\n"
PLAIN_ROWS = ["22223", "10101", "23301", "03310"]  # the game ID above, as rows


def assert_bad_input(done: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit code 2, nothing on standard output, one line on standard error, no traceback."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr


@pytest.fixture(scope="module")
def store_path(tmp_path_factory) -> Path:
    """Four puzzles: two of order 3 (hard, easy), one of order 4 (hard), one irregular of order 3 (no grade)."""
    path = tmp_path_factory.mktemp("store") / "puzzles.sqlite"
    made = datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)
    with PuzzleStore(path) as store:
        store.add(*random_layout(3, random.Random(1)), grade="hard", level=3, score=7.5, seed=1, made=made)
        store.add(*random_layout(3, random.Random(2)), grade="easy", level=1, score=2.0, seed=2, made=made)
        store.add(
            *random_layout(4, random.Random(3)), grade="hard", level=3, score=9.25, params={"order": 4}, made=made
        )
        board = random_irregular_board(3, random.Random(4), holes=0.3)
        store.add(*random_layout(board, random.Random(5)), made=made)
    return path


# -- list -----------------------------------------------------------------------------------------------------


def test_list_prints_one_line_per_puzzle(store_path):
    done = dominosa("store", "list", "--store", store_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["id", "order", "size", "grade", "score", "made"]
    assert len(lines) == 5
    assert lines[1].split() == ["1", "3", "4x5", "hard", "7.5", "2024-01-02", "03:04:05"]
    assert lines[3].split()[:5] == ["3", "4", "5x6", "hard", "9.25"]
    assert "irregular" in lines[4] and lines[4].split()[4:6] == ["-", "-"]


def test_list_filters_and_json(store_path, capsys):
    done = _cmd(capsys, "store", "list", "--store", store_path, "--order", "3", "--grade", "hard")
    assert [line.split()[0] for line in done.stdout.splitlines()[1:]] == ["1"]
    done = _cmd(capsys, "store", "list", "--store", store_path, "--by", "score", "--limit", "2", "--format", "json")
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["id"] for o in objects] == [3, 1]
    assert objects[0] == {
        "id": 3,
        "order": 4,
        "rows": 5,
        "cols": 6,
        "cells": 30,
        "irregular": False,
        "grade": "hard",
        "level": 3,
        "score": 9.25,
        "score_version": SCORE_VERSION,
        "seed": None,
        "made": "2024-01-02T03:04:05+00:00",
    }
    done = _cmd(capsys, "store", "list", "--store", store_path, "--grade", "extreme")
    assert done.returncode == 0 and done.stdout.strip() == f"no puzzles match in {store_path}"


@pytest.mark.parametrize("action", ["list", "export"])
@pytest.mark.parametrize("grade", ["nonsense", "hardest"])
def test_an_unknown_grade_is_refused_not_matched_by_nothing(store_path, action, grade, capsys):
    done = _cmd(capsys, "store", action, "--store", store_path, "--grade", grade)
    assert_bad_input(done, f"unknown grade {grade!r}", "trivial, basic, hard, extreme, fiendish, guessing")


def test_a_grade_is_read_as_the_engine_spells_it(store_path, capsys):
    done = _cmd(capsys, "store", "list", "--store", store_path, "--grade", "HARD", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["grade"] for line in done.stdout.splitlines()] == ["hard", "hard"]


def test_every_grade_in_the_help_examples_is_a_grade(capsys):
    from dominosa.deductions import GRADES

    for action in ("", "list", "export", "stats", "add"):
        text = _cmd(capsys, "store", *([action] if action else []), "--help").stdout
        for named in re.findall(r"^  dominosa store .*--grade (\w+)", text, re.MULTILINE):
            assert named in GRADES, (action, named)


def test_an_export_to_standard_output_that_matches_nothing_says_so(store_path, capsys):
    done = _cmd(capsys, "store", "export", "--store", store_path, "--grade", "extreme")
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr.strip() == f"dominosa: no puzzles match in {store_path}"


# -- show -----------------------------------------------------------------------------------------------------


def test_show_draws_the_puzzle_with_its_solution(store_path, capsys):
    done = _cmd(capsys, "store", "show", "3", "--store", store_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(f"puzzle 3 of {store_path}\n")
    assert "  grade     hard\n" in out
    assert "  score     9.25" in out
    assert '  params    {"order": 4}' in out
    drawing = board_lines(out)
    assert len(drawing) == 2 * 5 + 1
    with PuzzleStore(store_path, create=False) as store:
        record = store.get(3)
    first_row = [int(x) for x in drawing[1].replace("┃", " ").replace("│", " ").split()]
    assert first_row == list(record.puzzle.grid[0])


def test_show_json_reads_back_and_several_ids(store_path, capsys):
    done = _cmd(capsys, "store", "show", "1", "4", "--store", store_path, "--format", "json")
    assert done.returncode == 0, done.stderr
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["id"] for o in objects] == [1, 4]
    puzzle = puzzle_from_dict(objects[1])
    assert objects[1]["irregular"] is True
    assert problems(puzzle, solution_from_dict(objects[1], puzzle)) == []


# -- export ---------------------------------------------------------------------------------------------------


def test_export_plain_text_to_standard_output_reads_back(store_path, capsys):
    done = _cmd(capsys, "store", "export", "--store", store_path, "--order", "3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# puzzle 1: order 3, 4x5, grade hard, score 7.5\n")
    with PuzzleStore(store_path, create=False) as store:
        assert read_puzzles(done.stdout) == [r.puzzle for r in store.query(order=3)]


def test_export_game_ids_one_a_line_and_refuses_a_store_with_irregular_boards(store_path, tmp_path, capsys):
    done = _cmd(capsys, "store", "export", "--store", store_path, "--grade", "hard", "--format", "gameid")
    assert done.returncode == 0, done.stderr
    with PuzzleStore(store_path, create=False) as store:
        wanted = [r.puzzle for r in store.query(grade="hard")]
    assert [read_puzzle(line) for line in done.stdout.splitlines()] == wanted
    assert [line[:2] for line in done.stdout.splitlines()] == ["3:", "4:"]
    out = tmp_path / "ids.txt"
    refused = _cmd(capsys, "store", "export", "--store", store_path, "--format", "gameid", "--out", out)
    assert refused.returncode == 2 and "game ID" in refused.stderr and refused.stderr.count("\n") == 1
    assert not out.exists()  # written whole or not at all


def test_export_json_lines_to_a_file(store_path, tmp_path, capsys):
    out = tmp_path / "hard.jsonl"
    done = _cmd(capsys, "store", "export", "--store", store_path, "--grade", "hard", "--format", "json", "--out", out)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr.strip() == f"dominosa: exported 2 puzzles to {out}"
    records = read_file_records(out)
    assert len(records) == 2 and all(r.solution is not None for r in records)
    assert [json.loads(line)["score"] for line in out.read_text(encoding="utf-8").splitlines()] == [7.5, 9.25]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hard.jsonl"]  # no temporary file left
    # The export is an input file: every command reads it.
    shown = _cmd(capsys, "show", out)
    assert shown.returncode == 0 and "puzzle 2 of 2" in shown.stdout


# -- stats ----------------------------------------------------------------------------------------------------


def test_stats_table_json_and_chart(store_path, tmp_path, capsys):
    chart = tmp_path / "counts.png"
    done = _cmd(capsys, "store", "stats", "--store", store_path, "--plot", chart)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"4 puzzles in {store_path}"
    assert lines[1].split() == ["order", "easy", "hard", "ungraded", "total"]
    assert lines[2].split() == ["3", "1", "1", "1", "3"]
    assert lines[3].split() == ["4", "-", "1", "-", "1"]
    assert lines[4].split() == ["total", "1", "2", "1", "4"]
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["counts.png"]
    done = _cmd(capsys, "store", "stats", "--store", store_path, "--format", "json")
    assert _cmd(capsys, "store", "stats", store_path, "--format", "json").stdout == done.stdout  # FILE, as rescore
    data = json.loads(done.stdout)
    assert data["total"] == 4
    assert data["by_grade"] == [
        {"grade": "easy", "count": 1},
        {"grade": "hard", "count": 2},
        {"grade": None, "count": 1},
    ]


# -- add ------------------------------------------------------------------------------------------------------


def _ambiguous_text() -> str:
    for seed in range(100):
        puzzle, _ = random_layout(3, random.Random(seed))
        if count_solutions(puzzle, 2).count == 2:
            return write_plain(puzzle)
    raise AssertionError("no ambiguous order-3 layout among 100 seeds")


def test_add_keeps_proper_puzzles_and_reports_the_others(tmp_path, capsys):
    store = tmp_path / "out" / "new.sqlite"
    files = tmp_path / "mixed.txt"
    files.write_text(f"{ID}\n\n{NO_SOLUTION}\n{_ambiguous_text()}", encoding="utf-8")
    done = _cmd(capsys, "store", "add", files, "--store", store)
    assert done.returncode == 1, done.stderr  # some puzzles were not proper
    lines = done.stdout.splitlines()
    rated = rate(read_puzzle(ID))  # a puzzle added without a grade is graded, so a grade's best can include it
    assert lines[0] == f"{files}, line 1: added as puzzle 1 ({rated.grade_name})"
    assert lines[1] == f"{files}, line 3: not added: it has no solution"
    assert lines[2] == f"{files}, line 6: not added: it is ambiguous: 2 or more solutions"
    assert lines[3] == f"added 1 of 3 puzzles to {store} (2 not proper)"
    # The same puzzle turned half round and renamed, from standard input: a duplicate, exit code 0.
    turned = "\n".join("".join(str(3 - int(ch)) for ch in reversed(row)) for row in reversed(PLAIN_ROWS))
    done = _cmd(capsys, "store", "add", "-", "--store", store, "--format", "json", stdin=turned + "\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "source": "standard input",
        "line": 1,
        "status": "duplicate",
        "id": 1,
        "count": None,
        "complete": None,
        "timed_out": False,
        "grade": None,
    }
    with PuzzleStore(store, create=False) as opened:
        assert len(opened) == 1
        assert opened.get(1).params == {"imported_from": f"{files}, line 1"}
        stored = opened.get(1)
        assert (stored.grade, stored.level, stored.score) == (rated.grade_name, rated.level, rated.score)


def test_add_checks_every_input_before_touching_the_store(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("0012\n1x\n", encoding="utf-8")
    store = tmp_path / "never.sqlite"
    done = _cmd(capsys, "store", "add", ID, bad, "--store", store)
    assert_bad_input(done, str(bad))
    assert not store.exists()


# -- bad input --------------------------------------------------------------------------------------------------


def test_a_missing_store_is_one_line_and_exit_code_2(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for action in (["list"], ["show", "1"], ["stats"], ["export"]):
        done = _cmd(capsys, "store", *action)
        assert_bad_input(done, "no puzzle store at output/puzzles.sqlite", "--store")
    assert not (tmp_path / "output").exists()


def test_bad_stores_and_arguments_are_one_line_and_exit_code_2(store_path, tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n", encoding="utf-8")
    assert_bad_input(_cmd(capsys, "store", "list", "--store", text), "is not a puzzle store")
    assert_bad_input(_cmd(capsys, "store", "add", ID, "--store", text), "is not a puzzle store")
    assert_bad_input(_cmd(capsys, "store", "stats", "--store", tmp_path), "is a folder")
    assert_bad_input(_cmd(capsys, "store", "show", "99", "--store", store_path), "no puzzle 99")
    assert_bad_input(_cmd(capsys, "store", "show", "one", "--store", store_path), "expected a whole number")
    assert_bad_input(_cmd(capsys, "store", "list", "--limit", "0", "--store", store_path), "--limit")
    assert_bad_input(_cmd(capsys, "store", "list", "--order", "-1", "--store", store_path), "--order")
    assert_bad_input(_cmd(capsys, "store", "stats", "--plot", tmp_path / "c.gif", "--store", store_path), ".png")
    assert_bad_input(_cmd(capsys, "store", "stats", "--plot", tmp_path / "no" / "c.png", "--store", store_path), "no")
    assert_bad_input(_cmd(capsys, "store", "export", "--out", tmp_path / "no" / "x.txt", "--store", store_path), "no")
    assert_bad_input(_cmd(capsys, "store"), "ACTION")
    assert_bad_input(_cmd(capsys, "store", "remove"), "invalid choice")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_help_teaches_with_examples(capsys):
    done = _cmd(capsys, "store", "--help")
    assert done.returncode == 0
    for action in ("list", "show", "export", "stats", "add"):
        assert f"dominosa store {action}" in done.stdout
    done = _cmd(capsys, "store", "export", "--help")
    assert "--out" in done.stdout and "examples:" in done.stdout and "atomically" in done.stdout
    assert "store" in _cmd(capsys, "--help").stdout


def test_list_unused_needs_a_series_and_a_series_without_volumes_says_so(store_path, capsys):
    assert_bad_input(_cmd(capsys, "store", "list", "--store", store_path, "--unused"), "--unused", "--series")
    done = _cmd(capsys, "store", "list", "--store", store_path, "--series", "classic")
    assert done.returncode == 0 and done.stdout == f"the series 'classic' has no volume in {store_path}\n"
    left = _cmd(capsys, "store", "list", "--store", store_path, "--series", "classic", "--unused", "--limit", "2")
    assert left.returncode == 0, left.stderr
    last = f"the first 2 puzzles left in {store_path} for volume 1 of the series 'classic'"
    assert left.stdout.splitlines()[-1] == last
    assert len(left.stdout.splitlines()) == 4  # the head, two puzzles, the count


# -- rescoring the scores of an older measure ----------------------------------------------------------------------


def _version_4_store(path: Path, count: int) -> list[int]:
    """A store file as a version-4 dominosa left it (no score_version column), holding ``count`` small puzzles
    each scored 1 by the older measure."""
    import sqlite3

    with PuzzleStore(path) as store:
        ids = [
            store.add(*random_layout(3, random.Random(k)), grade="basic", level=1, score=1.0, seed=k)
            for k in range(count)
        ]
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE puzzles DROP COLUMN score_version")
    db.execute("DELETE FROM schema_version WHERE version > 4")
    db.commit()
    db.close()
    return ids


def _hint(path: Path, count: int) -> str:
    holds = "puzzle holds" if count == 1 else "puzzles hold"
    return (
        f"dominosa: {count} {holds} a score of an older measure (shown as 'old');"
        f" run 'dominosa store rescore {path}' to measure them again"
    )


def test_old_scores_are_listed_as_old_with_a_hint_until_store_rescore_measures_them_again(tmp_path, capsys):
    path = tmp_path / "old.sqlite"
    ids = _version_4_store(path, 3)
    listed = _cmd(capsys, "store", "list", "--store", path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr.splitlines() == [_hint(path, 3)]  # one line, saying how
    assert all(line.split()[4:6] == ["1", "(old)"] for line in listed.stdout.splitlines()[1:])
    shown = _cmd(capsys, "store", "show", ids[0], "--store", path)
    assert "score     1 (old)" in shown.stdout and shown.stderr.splitlines() == [_hint(path, 3)]
    with PuzzleStore(path, create=False) as store:  # opening it (and migrating it) left the scores alone
        assert [store.get(i).score_version for i in ids] == [1, 1, 1]

    done = _cmd(capsys, "store", "rescore", path)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(rf"rescored 3 puzzles in {re.escape(str(path))} \(\d+ s\)\n", done.stdout)
    assert done.stderr == ""  # a short run prints no progress
    with PuzzleStore(path, create=False) as store:
        assert [store.get(i).score for i in ids] == [rate(store.get(i).puzzle).score for i in ids]
        assert store.count_old_scores() == 0
    again = _cmd(capsys, "store", "rescore", "--store", path)
    assert (
        again.returncode == 0 and again.stdout == f"nothing to rescore in {path}: every score is of today's measure\n"
    )
    listed = _cmd(capsys, "store", "list", "--store", path)
    assert listed.stderr == "" and "(old)" not in listed.stdout


def test_store_rescore_stopped_by_ctrl_c_says_what_it_did_and_the_next_run_finishes(tmp_path, monkeypatch, capsys):
    from dominosa.cli import store as store_command
    from dominosa.cli.main import main
    from dominosa.generator import store_writing

    path = tmp_path / "old.sqlite"
    ids = _version_4_store(path, 3)
    monkeypatch.setattr(store_writing, "RESCORE_BATCH", 1)
    shown = store_command.RescoreProgress.__call__

    def ctrl_c_after_the_first_batch(self, done: int, total: int) -> None:
        shown(self, done, total)
        raise KeyboardInterrupt

    monkeypatch.setattr(store_command.RescoreProgress, "__call__", ctrl_c_after_the_first_batch)
    assert main(["store", "rescore", str(path)]) == 130
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"dominosa: interrupted: rescored 1 puzzle of {path}, 2 left; run 'dominosa store rescore {path}' again"
        " to go on\n"
    )
    with PuzzleStore(path, create=False) as store:  # the batch done is kept
        assert [store.get(i).old_score for i in ids] == [False, True, True]
    monkeypatch.undo()
    assert main(["store", "rescore", str(path), "--quiet"]) == 0
    assert capsys.readouterr().out.startswith(f"rescored 2 puzzles in {path} (")


def test_store_rescore_shows_progress_on_a_long_run(tmp_path, monkeypatch, capsys):
    from dominosa.cli import store as store_command
    from dominosa.cli.main import main
    from dominosa.generator import store_writing

    path = tmp_path / "old.sqlite"
    _version_4_store(path, 3)
    monkeypatch.setattr(store_writing, "RESCORE_BATCH", 1)
    monkeypatch.setattr(store_command.RescoreProgress, "AFTER", 0.0)  # every batch counts as long enough
    assert main(["store", "rescore", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split(",")[0] for line in err] == [f"rescore: {n} of 3 puzzles rescored" for n in (1, 2)]
    assert all(re.search(r", \d+ s, about \d+ s left$", line) for line in err)


def test_store_rescore_refuses_bad_input_in_one_line(tmp_path, monkeypatch, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n", encoding="utf-8")
    assert_bad_input(_cmd(capsys, "store", "stats", tmp_path / "none.sqlite"), "no puzzle store at")
    assert_bad_input(_cmd(capsys, "store", "stats", text, "--store", tmp_path / "b.sqlite"), "give the store once")
    assert_bad_input(_cmd(capsys, "store", "rescore", tmp_path / "none.sqlite"), "no puzzle store at")
    assert_bad_input(_cmd(capsys, "store", "rescore", text), "is not a puzzle store")
    assert_bad_input(_cmd(capsys, "store", "rescore", tmp_path), "is a folder")
    assert not (tmp_path / "none.sqlite").exists()

    from dominosa.cli.main import main
    from dominosa.generator import store as store_module

    path = tmp_path / "old.sqlite"
    _version_4_store(path, 1)
    PuzzleStore(path).close()  # brought up to date where it can be written, its score still old
    monkeypatch.setattr(store_module, "writable", lambda path: False)  # as a file of another user is
    assert main(["store", "rescore", str(path)]) == 2
    assert (
        capsys.readouterr().err == f"dominosa: cannot rescore {path}: the file is read-only (rescoring writes"
        " the new scores into it)\n"
    )


def test_store_rescore_help_has_an_example(capsys):
    done = _cmd(capsys, "store", "rescore", "--help")
    assert done.returncode == 0 and "examples:" in done.stdout
    assert "dominosa store rescore output/puzzles.sqlite" in done.stdout and "Ctrl-C" in done.stdout


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write anywhere")
def test_store_rescore_of_a_file_one_may_not_write_is_one_line_and_exit_code_2(tmp_path, capsys):
    path = tmp_path / "old.sqlite"
    _version_4_store(path, 1)
    PuzzleStore(path).close()  # brought up to date while it could be written, its score still old
    path.chmod(0o444)
    try:
        assert_bad_input(_cmd(capsys, "store", "rescore", path), f"cannot rescore {path}: the file is read-only")
        with PuzzleStore(path, create=False) as store:
            assert store.count_old_scores() == 1
    finally:
        path.chmod(0o644)
