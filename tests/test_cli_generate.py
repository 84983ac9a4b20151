"""``dominosa generate`` run as a user runs it, including a run killed with SIGKILL in the middle and resumed (a
process of its own).

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time."""

from __future__ import annotations

import json
import random
import re
import signal
import sqlite3
import subprocess

import pytest
from cli_run import COMMAND, as_from_a_terminal, dominosa, in_process, one_line_error
from cli_run import in_process as _cmd
from waiting import PATIENCE, wait_until

from dominosa.canonical import canonical_key
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import grade
from dominosa.formats import puzzle_from_dict, read_puzzle, read_puzzles, solution_from_dict
from dominosa.generator.store import PuzzleStore


def test_json_lines_hold_grid_solution_grade_and_score():
    done = dominosa("generate", "--order", "4", "--grade", "basic", "--count", "2", "--format", "json", "--workers=1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    for line in lines:
        data = json.loads(line)
        assert {"grid", "solution", "grade", "level", "score"} <= set(data)
        puzzle = puzzle_from_dict(data)
        assert solution_from_dict(data, puzzle) is not None
        assert count_solutions_exact_cover(puzzle, 2) == (1, True)
        assert data["grade"] == "basic" == grade(puzzle).name and data["level"] == 1
        assert data["rating"].get("grade_reason", "left out") is not None  # a reason, or no key: never null


def test_path_budget_is_one_name_with_the_old_one_hidden(capsys):
    for command in ("generate", "rate", "explain"):
        shown = in_process(capsys, command, "--help")
        assert "--path-budget" in shown.stdout and "--node-budget" not in shown.stdout, command
    done = in_process(capsys, "generate", "--order", "3", "--count", "1", "--seed", "2", "--node-budget", "-1")
    assert done.returncode == 2 and "--path-budget cannot be negative" in done.stderr  # the old name still read


def test_text_output_reads_back_and_is_the_same_with_two_workers(capsys):
    args = ("generate", "--order", "5", "--grade", "hard", "--count", "3", "--seed", "4")
    one = _cmd(capsys, *args, "--workers", "1")
    two = _cmd(capsys, *args, "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    assert one.stdout.count("# puzzle ") == 3 and "grade hard" in one.stdout and "score" in one.stdout
    puzzles = read_puzzles(one.stdout)
    assert len(puzzles) == 3 and all(grade(p).name == "hard" for p in puzzles)


def test_an_irregular_board_from_a_shape_file(tmp_path, capsys):
    shape = tmp_path / "shape.txt"
    shape.write_text("# a double-3 board with its corners cut\n.oooo.\noooooo\noooooo\n.oooo.\n")
    done = _cmd(capsys, "generate", "--shape", shape, "--format", "json", "--workers", "1")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["grid"][0][0] is None and data["order"] == 3


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--grade", "impossible"], ["unknown grade", "fiendish"]),
        (["--grade", "tricky"], ["tricky", "basic"]),
        (["--order", "0"], ["--order"]),
        (["--order", "51"], ["--order must be between 1 and 50 (the largest order dominosa makes), not 51"]),
        (["--count", "0"], ["--count"]),
        (["--resume"], ["--resume needs --store"]),
        (["--workers", "0"], ["--workers"]),
        (["--min-score", "80", "--max-score", "20"], ["score range is empty"]),
        (["--shape", "/nonexistent/shape.txt"], ["cannot use"]),
        (["--order", "6", "--shape", "x.txt"], ["--order goes with a shape of the library", "x.txt"]),
        (["--shape", "unicorn"], ["no file and no shape called 'unicorn'", "heart", "star", "house"]),
        (["--shape", "butterfly", "--order", "5"], ["butterfly shape comes in double-7 to double-9, not double-5"]),
        (["--list-shapes", "--shape", "unicorn"], ["unicorn", "heart"]),
        (["--list-shapes", "--shape", "butterfly", "--order", "6"], ["double-7 to double-9"]),
        (["--store", "/nonexistent-folder/sub"], []),
        (["--grade", "hard", "--score-weights", "speed=2"], ["--score-weights", "unknown score weight", "variety"]),
        (["--grade", "hard", "--score-weights", "variety=lots"], ["--score-weights", "must be a number"]),
        (["--grade", "hard", "--score-weights", "variety=nan"], ["--score-weights", "finite"]),
        (["--grade", "hard", "--score-weights", "/nonexistent/w.json"], ["--score-weights", "cannot read"]),
        (["--grade", "hard", "--budget", "50"], ["--budget", "--best"]),
        (["--grade", "hard", "--best", "--budget", "soon"], ["--budget", "30s"]),
        (["--grade", "hard", "--best", "--budget", "0"], ["--budget", "at least 1"]),
        (["--best"], ["--best", "--grade"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, args, words):
    if args[:1] == ["--store"]:
        (tmp_path / "folder").mkdir()
        args = ["--store", str(tmp_path / "folder")]  # a folder, not a store file
        words = ["folder"]
    monkeypatch.chdir(tmp_path)
    line = one_line_error(in_process(capsys, "generate", "--workers", "1", *args))
    assert line.startswith("dominosa")
    for word in words:
        assert word in line, line


def test_bad_input_from_a_shell_is_exit_2_and_one_line(capsys):
    """The checks above run in this process; here the command's own process, as a shell sees it."""
    assert "unknown grade" in one_line_error(_cmd(capsys, "generate", "--grade", "impossible"))


def test_a_shape_of_the_library_by_name_at_the_order_asked(capsys):
    done = _cmd(capsys, "generate", "--shape", "heart", "--order", "7", "--format", "json", "--workers", "1")
    assert done.returncode == 0, done.stderr
    puzzle = puzzle_from_dict(json.loads(done.stdout))
    assert puzzle.order == 7 and len(puzzle.board) == 72 and not puzzle.board.is_rectangle
    assert count_solutions_exact_cover(puzzle, 2) == (1, True)


def test_a_shape_by_name_without_an_order_takes_its_set_nearest_double_6(capsys):
    done = _cmd(capsys, "generate", "--shape", "Butterfly", "--format", "json", "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert puzzle_from_dict(json.loads(done.stdout)).order == 7  # the butterfly is drawn from double-7 up


def test_list_shapes_names_each_shape_with_its_sets(capsys):
    done = _cmd(capsys, "generate", "--list-shapes")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    heart = next(line for line in lines if line.split()[:1] == ["heart"])
    assert "double-5 to double-9" in heart
    assert len([line for line in lines if line.startswith("  ")]) >= 8


def test_list_shapes_draws_one_shape_at_one_set(capsys):
    done = _cmd(capsys, "generate", "--list-shapes", "--shape", "house", "--order", "6")
    assert done.returncode == 0, done.stderr
    head, *rows = done.stdout.strip().splitlines()
    assert head == "house, double-6 (56 cells):"
    assert sum(row.count("#") for row in rows) == 56


def test_a_shape_no_full_set_fits_is_refused(tmp_path, capsys):
    shape = tmp_path / "odd.txt"
    shape.write_text("ooo\nooo\noo\n")
    line = one_line_error(_cmd(capsys, "generate", "--shape", shape, "--workers", "1"))
    assert "fits no full domino set" in line


def _stored(path) -> int:
    """How many puzzles the store holds, read without the store class (as another process would)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]
    except sqlite3.Error:
        return 0


def _start(*args: object) -> subprocess.Popen:
    return subprocess.Popen(
        [*COMMAND, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        preexec_fn=as_from_a_terminal,  # Ctrl-C as a terminal delivers it, whatever runs the tests
    )


def _wait_for(path, at_least: int, process: subprocess.Popen) -> int:
    """Wait until the store holds ``at_least`` puzzles (or the run ended); how many it holds."""
    wait_until(lambda: _stored(path) >= at_least or process.poll() is not None, f"{at_least} puzzles stored")
    return _stored(path)


def test_a_killed_run_loses_nothing_and_resumes_without_duplicates(tmp_path, capsys):
    path = tmp_path / "puzzles.sqlite"
    args = ("generate", "--order", "7", "--grade", "hard", "--count", "10", "--store", path, "--workers", "1")
    process = _start(*args, "--quiet")
    seen = _wait_for(path, 3, process)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=PATIENCE)
    assert process.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    with PuzzleStore(path) as store:
        before = {r.id: canonical_key(r.puzzle) for r in store.query()}
    assert 3 <= seen <= len(before) < 10
    done = _cmd(capsys, *args, "--resume")
    assert done.returncode == 0, done.stderr
    assert f"with the {len(before)} already there that makes 10" in done.stdout
    with PuzzleStore(path) as store:
        records = store.query()
        assert len(records) == 10
        assert {r.id: canonical_key(r.puzzle) for r in records if r.id in before} == before  # nothing lost
        assert len({canonical_key(r.puzzle) for r in records}) == 10  # nothing twice
        for record in records:
            assert record.grade == "hard" and record.order == 7
            assert count_solutions_exact_cover(record.puzzle, 2) == (1, True)
    again = _cmd(capsys, *args, "--resume")
    assert again.returncode == 0 and "nothing to do" in again.stdout


def test_ctrl_c_stops_cleanly_and_says_what_was_saved(tmp_path):
    path = tmp_path / "puzzles.sqlite"
    process = _start("generate", "--order", "7", "--grade", "hard", "--count", "50", "--store", path, "--workers", "2")
    _wait_for(path, 1, process)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 130, err
    saved = _stored(path)
    last = err.decode().strip().splitlines()[-1]
    assert last.startswith("dominosa: interrupted: saved") and f"saved {saved} of 50" in last, last
    assert "Traceback" not in err.decode()
    assert out.decode().count("saved puzzle") in (saved - 1, saved)  # Ctrl-C may come between saving and printing


def test_help_teaches_with_examples(capsys):
    done = _cmd(capsys, "generate", "--help")
    assert done.returncode == 0
    assert "examples:" in done.stdout and "--store output/puzzles.sqlite" in done.stdout and "--resume" in done.stdout


def test_a_book_from_the_store_by_grade(tmp_path, capsys):
    path = tmp_path / "puzzles.sqlite"
    for grade_name in ("trivial", "basic"):
        made = ("--order=4", "--grade", grade_name, "--count=2", "--store", path, "--workers=1")
        done = in_process(capsys, "generate", *made)
        assert done.returncode == 0, done.stderr
    book = in_process(capsys, "book", "--store", path, "--grade", "basic", "--out", tmp_path / "basic.pdf")
    assert book.returncode == 0, book.stderr
    assert "2 puzzles" in book.stdout
    everything = in_process(capsys, "book", "--store", path, "--count", "3", "--out", tmp_path / "all.pdf")
    assert everything.returncode == 0 and "3 puzzles" in everything.stdout
    assert "no hard puzzles" in one_line_error(in_process(capsys, "book", "--store", path, "--grade", "hard"))
    assert "no puzzle store" in one_line_error(in_process(capsys, "book", "--store", tmp_path / "missing.sqlite"))
    assert "files or --store" in one_line_error(in_process(capsys, "book", "--store", path, "--example"))


def test_game_ids_out_play_in_the_common_apps(capsys):
    done = _cmd(capsys, "generate", "--order", "4", "--count", "2", "--seed", "3", "--format", "gameid", "--quiet")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("4:") and len(line) == 2 + 5 * 6 for line in lines)
    for puzzle in map(read_puzzle, lines):
        assert count_solutions_exact_cover(puzzle, 2)[0] == 1  # each proper, by the independent counter


def test_best_prints_the_puzzles_best_first_the_same_with_two_workers_and_stores_the_weights(tmp_path, capsys):
    args = ("generate", "--order", "5", "--grade", "basic", "--count", "3", "--best", "--budget", "30", "--seed", "6")
    one = _cmd(capsys, *args, "--format", "json", "--workers", "1")
    two = _cmd(capsys, *args, "--format", "json", "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    records = [json.loads(line) for line in one.stdout.splitlines()]
    assert len(records) == 3 and all(r["grade"] == "basic" for r in records)
    assert [r["score"] for r in records] == sorted((r["score"] for r in records), reverse=True)
    assert len({canonical_key(puzzle_from_dict(r)) for r in records}) == 3
    assert "best of" in one.stderr and "searches" in one.stderr
    store = tmp_path / "p.sqlite"
    saved = _cmd(capsys, *args, "--workers", "1", "--store", store, "--score-weights", "variety=20,scan=0")
    assert saved.returncode == 0, saved.stderr
    with PuzzleStore(store, create=False) as opened:
        stored = opened.query(by="score")
    assert len(stored) == 3 and all(r.weights["variety"] == 20.0 and r.weights["scan"] == 0.0 for r in stored)
    assert all(r.params["weights"]["variety"] == 20.0 and r.params["best"] for r in stored)


def test_ctrl_c_during_best_saves_the_best_found_so_far(tmp_path):
    path = tmp_path / "puzzles.sqlite"
    args = ("generate", "--order", "6", "--grade", "hard", "--count", "3", "--best", "--budget", "100000")
    process = _start(*args, "--store", path, "--workers", "2")
    while True:  # progress lines, until the searches have met as many candidates as puzzles are wanted
        line = process.stderr.readline().decode()
        assert line.startswith("best: ") and "best score so far" in line, line
        if int(re.search(r"(\d+) candidates", line)[1]) >= 3:
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 130, err
    with PuzzleStore(path, create=False) as store:
        records = store.query()
    # The candidates met are rated in full only after the Ctrl-C, so a few may fall short of hard: what is saved is
    # the best of them, each hard, and the last line says exactly how many.
    n = len(records)
    rest = "" if n == 3 else "; run again with --resume to make the rest"
    last = err.decode().strip().splitlines()[-1]
    assert last == f"dominosa: interrupted; the best found before it: saved {n} of 3 puzzles to {path}{rest}", last
    assert n >= 1 and all(r.grade == "hard" for r in records)
    assert [r.score for r in records] == sorted((r.score for r in records), reverse=True)
    assert out.decode().count("saved puzzle") == n


def test_generate_into_a_store_with_old_scores_says_once_how_to_measure_them_again(tmp_path, capsys):
    from dominosa.generator.proper import proper_layout

    path = tmp_path / "s.sqlite"
    with PuzzleStore(path) as store:
        store.add(*proper_layout(5, random.Random(1)), grade="basic", level=1, score=5.0, score_version=1)
        store.add(*proper_layout(5, random.Random(2)), grade="basic", level=1, score=5.0, score_version=1)
    done = _cmd(capsys, "generate", "--order", "3", "--count", "1", "--store", path, "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        f"dominosa: 2 puzzles hold a score of an older measure (shown as 'old'); run 'dominosa store rescore"
        f" {path}' to measure them again"
    ]
    with PuzzleStore(path, create=False) as store:  # generating into it left the old scores alone
        assert store.count_old_scores() == 2 and len(store) == 3
