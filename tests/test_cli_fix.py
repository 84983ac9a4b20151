"""``dominosa fix`` as a user runs it: the text with the fix drawn, the JSON that chains into ``rate``, exit codes.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from cli_run import dominosa, in_process, one_line_error
from cli_run import in_process as _cmd

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import count_solutions
from dominosa.formats import read_puzzle, write_plain
from dominosa.generator.fix_drafts import raw_draft
from dominosa.generator.fix_search import proved_by_bound

# Three solutions (see tests/test_generator_fixing.py); one clue or one swap makes it unique.
AMBIGUOUS = "1110\n1220\n0220\n"
PROPER = "3:22223101012330103310"


@pytest.fixture
def grid(tmp_path):
    path = tmp_path / "grid.txt"
    path.write_text(AMBIGUOUS)
    return path


def test_text_draws_the_clue_and_says_it_in_a_sentence(grid):
    done = dominosa("fix", grid)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "ambiguous: 3 solutions" in out
    assert "1 clue makes it unique, proved the fewest" in out
    assert "Give the 1-2 as a clue at r2c1 and r2c2." in out
    assert "┣━━━┷━━━╅" in out  # the clue drawn as a placed domino


def test_text_for_swaps_marks_the_changed_cells(grid, capsys):
    done = _cmd(capsys, "fix", grid, "--swaps")
    assert done.returncode == 0, done.stderr
    assert "1 swap makes it unique, proved the fewest" in done.stdout
    sentence = re.search(r"Swap the (\d) at r(\d)c(\d) with the (\d) at r(\d)c(\d)\.", done.stdout)
    x, r1, c1, y, r2, c2 = map(int, sentence.groups())
    rows = AMBIGUOUS.split()
    assert (int(rows[r1 - 1][c1 - 1]), int(rows[r2 - 1][c2 - 1])) == (x, y)  # the numbers the grid has there
    board = done.stdout.split("changed cells in brackets")[1]
    assert sorted(re.findall(r"\[(\d)\]", board)) == sorted([str(y), str(x)])  # both cells marked, new numbers


def test_json_has_the_issues_keys_and_the_fixed_puzzle(grid, capsys):
    done = _cmd(capsys, "fix", grid, "--format", "json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    for key in ("verdict", "solutions", "clues", "swaps", "minimal", "grade", "puzzle"):
        assert key in out
    assert out["verdict"] == "ambiguous" and out["solutions"] == 3 and out["minimal"] is True
    assert out["clues"] == [{"domino": [1, 2], "cells": [[1, 0], [1, 1]]}]
    assert out["swaps"] == []
    fixed = read_puzzle(json.dumps(out["puzzle"]))
    assert count_solutions_exact_cover(fixed, 2) == (1, True)


def test_json_chains_into_rate(grid, capsys):
    fixed = _cmd(capsys, "fix", grid, "--format", "json")
    rated = _cmd(capsys, "rate", "-", "--format", "json", stdin=fixed.stdout)
    assert rated.returncode == 0, rated.stderr
    answer = json.loads(rated.stdout)
    assert answer["verdict"] == "proper"
    assert answer["clues"] == [[[1, 0], [1, 1]]]
    assert answer["grade"] == json.loads(fixed.stdout)["grade"]


def test_swaps_json_chains_into_solve(grid, capsys):
    fixed = _cmd(capsys, "fix", grid, "--swaps", "--format", "json")
    answer = json.loads(fixed.stdout)
    ((swap),) = answer["swaps"]
    grid = [[int(v) for v in row] for row in AMBIGUOUS.split()]
    (r1, c1), (r2, c2) = swap["cells"]
    assert swap["numbers"] == [grid[r1][c1], grid[r2][c2]]
    grid[r1][c1], grid[r2][c2] = grid[r2][c2], grid[r1][c1]
    assert answer["puzzle"]["grid"] == grid
    solved = _cmd(capsys, "solve", "-", "--format", "json", stdin=fixed.stdout)
    assert json.loads(solved.stdout)["unique"] is True


def test_a_proper_puzzle_needs_nothing_and_a_grade_gets_swaps(capsys):
    done = _cmd(capsys, "fix", PROPER)
    assert done.returncode == 0 and "nothing to change" in done.stdout
    graded = json.loads(_cmd(capsys, "fix", PROPER, "--format", "json").stdout)["grade"]
    other = "basic" if graded != "basic" else "trivial"
    aimed = _cmd(capsys, "fix", PROPER, "--grade", other, "--format", "json")
    out = json.loads(aimed.stdout)
    if aimed.returncode == 0:
        assert out["grade"] == other and out["swaps"] and out["unique"]
    else:  # said so, with the nearest found
        assert aimed.returncode == 1 and out["note"]


def test_keep_picks_the_solution(grid, capsys):
    out = json.loads(_cmd(capsys, "fix", grid, "--keep", "3", "--format", "json").stdout)
    assert out["kept"] == 3 and out["minimal"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--keep", "9"), "cannot keep solution 9: the puzzle has 3 solutions"),
        (("--keep", "0"), "--keep counts solutions from 1, not 0"),
        (("--cap", "1"), "--cap must be at least 2, not 1"),
        (("--grade", "easy"), "invalid choice: 'easy'"),
        (("--timeout", "0"), "must be a positive number of seconds"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(grid, capsys, args, message):
    assert message in one_line_error(in_process(capsys, "fix", grid, *args))  # a process's own: the next test


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("1110\n1220\n0221\n")
    assert "bad.txt" in one_line_error(_cmd(capsys, "fix", bad))
    assert "no puzzle given" in one_line_error(_cmd(capsys, "fix"))


def test_a_timeout_gives_the_best_found(tmp_path, capsys):
    # A double-7 board dealt with many ambiguities: thousands of solutions.
    from random import Random

    from dominosa.formats import write_plain
    from dominosa.generator.layouts import random_layout

    puzzle, _ = random_layout(7, Random(4), avoid_trivial_squares=False)
    path = tmp_path / "big.txt"
    path.write_text(write_plain(puzzle))
    done = _cmd(capsys, "fix", path, "--timeout", "0.2", "--format", "json")
    assert done.returncode in (0, 1), done.stderr
    out = json.loads(done.stdout)
    if out["unique"]:
        assert count_solutions_exact_cover(read_puzzle(json.dumps(out["puzzle"])), 2) == (1, True)
    if out["stopped"]:
        assert out["minimal"] is False


def test_ctrl_c_prints_the_best_fix_found_so_far_and_exits_130(grid, monkeypatch, capsys):
    """Ctrl-C in the middle of a search: the best fix found until then is printed, marked stopped (a proof it had
    made stays made), and the command ends as every command does on Ctrl-C (exit code 130, one line)."""
    from dominosa.cli import fix as fix_command
    from dominosa.cli.main import main
    from dominosa.generator.fixing import fix as real_fix

    def interrupted(puzzle, **options):
        options["progress"].best = real_fix(puzzle)  # the search had found this much
        raise KeyboardInterrupt

    monkeypatch.setattr(fix_command, "fix", interrupted)
    assert main(["fix", str(grid), "--format", "json"]) == 130
    out, err = capsys.readouterr()
    answer = json.loads(out)
    assert answer["stopped"] is True and answer["minimal"] is True
    assert count_solutions_exact_cover(read_puzzle(json.dumps(answer["puzzle"])), 2) == (1, True)
    assert err.strip() == "dominosa: interrupted: 0 of 1 puzzles finished"


# -- never silent at the edges (issue 34) ---------------------------------------------------------------------


@pytest.fixture
def draft(tmp_path):
    """A raw draft of order 20: the full set dealt onto a fixed tiling, thousands of solutions."""
    path = tmp_path / "draft.txt"
    path.write_text(write_plain(raw_draft(20, seed=2)))
    return path


def test_a_timeout_on_a_raw_draft_answers_with_clues_that_leave_one_solution(draft, capsys):
    done = _cmd(capsys, "fix", draft, "--timeout", "1", "--format", "json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["verdict"] == "ambiguous" and out["unique"] and out["clues"]
    assert count_solutions(read_puzzle(json.dumps(out["puzzle"])), 2).unique


def test_swaps_on_a_raw_draft_print_the_best_so_far_in_text_and_json(draft, capsys):
    for form in ("text", "json"):
        done = _cmd(capsys, "fix", draft, "--swaps", "--timeout", "0.5", "--format", form)
        assert done.stdout.strip(), done.stderr  # never silent
        if form == "json":
            out = json.loads(done.stdout)
            assert out["verdict"] == "ambiguous"
            assert done.returncode == (0 if out["unique"] else 1)
        else:
            assert "ambiguous" in done.stdout and "up to 0" not in done.stdout


def _interrupted_in(monkeypatch, module, name):
    """Make ``module.name`` raise KeyboardInterrupt, as Ctrl-C landing in it would."""

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(module, name, stop)


@pytest.mark.parametrize("form", ["text", "json"])
def test_ctrl_c_during_the_real_search_prints_the_first_fix_found(draft, form, monkeypatch, capsys):
    """Ctrl-C landing once the first unique clue set is found (while it is being graded): that set is printed,
    marked stopped, and the command ends with 130 as every command does on Ctrl-C."""
    from dominosa.cli.main import main
    from dominosa.generator import fix_clues

    _interrupted_in(monkeypatch, fix_clues, "grade_proper")
    assert main(["fix", str(draft), "--cap", "100", "--format", form]) == 130
    out, err = capsys.readouterr()
    assert err.strip() == "dominosa: interrupted: 0 of 1 puzzles finished"
    if form == "json":
        answer = json.loads(out)
        assert answer["stopped"] is True and answer["unique"] is True and answer["clues"]
        assert count_solutions(read_puzzle(json.dumps(answer["puzzle"])), 2).unique
    else:
        assert "make it unique" in out and "best fix found so far" in out and "Give the" in out


def test_ctrl_c_before_any_fix_still_says_the_verdict(draft, monkeypatch, capsys):
    from dominosa.cli.main import main
    from dominosa.generator import fix_search

    _interrupted_in(monkeypatch, fix_search, "pair_mask")  # while the solutions are being listed
    assert main(["fix", str(draft), "--format", "json"]) == 130
    answer = json.loads(capsys.readouterr().out)
    assert answer["stopped"] is True and answer["unique"] is False and answer["note"]


def test_the_hard_stop_past_the_timeout_prints_the_best_so_far(draft, monkeypatch, capsys):
    """A step that runs past --timeout (here the grading) is cut by the hard stop: the answer found before it is
    printed, and it is what was asked (unique), so the exit code is 0."""
    from dominosa.cli.main import main
    from dominosa.cli.timeout import TimedOut
    from dominosa.generator import fix_clues

    def too_long(*args, **kwargs):
        raise TimedOut

    monkeypatch.setattr(fix_clues, "grade_proper", too_long)
    assert main(["fix", str(draft), "--cap", "100", "--timeout", "30"]) == 0
    out = capsys.readouterr().out
    assert "make it unique" in out and "grade not worked out in the time" in out


def test_a_proof_by_the_lower_bound_says_proved_not_the_opposite(grid):
    from dominosa.cli.fix import as_text
    from dominosa.formats import PuzzleRecord
    from dominosa.generator.fixing import fix

    puzzle = read_puzzle(AMBIGUOUS)
    found = dataclasses.replace(fix(puzzle, keep=1), minimal=False, kept_minimal=False)
    found = dataclasses.replace(found, lower_bound=len(found.clues))
    text = as_text(PuzzleRecord(puzzle, source="grid.txt"), proved_by_bound(found))
    assert "proved the fewest" in text and "not proved" not in text


def test_swaps_to_a_grade_on_a_unique_grid_say_what_they_do(capsys):
    done = _cmd(capsys, "fix", "-", "--grade", "hard", "--timeout", "20", stdin=PROPER)
    assert done.returncode in (0, 1), done.stderr
    summary = done.stdout.splitlines()[1]
    if "swap" in summary:
        assert "unique," not in summary.split(";")[0] or "still unique" in summary
        assert " a extreme" not in done.stdout
        assert re.search(r"swaps? makes? it an? \w+ puzzle, still unique", summary), summary
