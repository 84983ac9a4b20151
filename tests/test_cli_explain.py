"""``dominosa explain`` run as a user runs it: numbered steps, JSON steps that replay, pictures of every step.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time."""

from __future__ import annotations

import json
import re

import pytest
from cli_run import dominosa
from cli_run import in_process as _cmd
from test_cli_rate import AMBIGUOUS_JSON, PNG_SIGNATURE, assert_one_line_error, layouts, puzzle_file

from dominosa.cli.rate import grade_words
from dominosa.deductions import Deduction, SolvingState, count_solutions, rate, walk
from dominosa.formats import read_example, write_json
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution


def _replay(puzzle: Puzzle, steps: list[dict]) -> SolvingState:
    """Apply the steps as JSON gives them (cells, not pair numbers), drawing bookkeeping after each."""
    board = puzzle.board

    def pairs(items: list) -> tuple[int, ...]:
        found = tuple(board.pair_of(tuple(a), tuple(b)) for a, b in items)
        assert None not in found
        return found  # type: ignore[return-value]

    made = [Deduction(rule=step["rule"], joins=pairs(step["joins"]), splits=pairs(step["splits"])) for step in steps]
    replay = walk(puzzle, made)
    state = replay.start
    for replayed in replay:
        state = replayed.after
    return state


def test_numbered_steps_under_the_grade_and_score():
    done = dominosa("explain", "--example")
    assert done.returncode == 0, done.stderr
    expected = rate(read_example()[0].puzzle)
    lines = done.stdout.splitlines()
    assert lines[0] == "puzzle: example double-6, line 4: proper (exactly one solution)"
    assert lines[1].startswith(f"grade: {grade_words(expected.grade.describe(), expected.level)}, ")
    assert lines[1].endswith(f"score {expected.score:g}")
    assert lines[2].startswith(f"path: {expected.step_count} steps, cost {expected.path.cost:g}, ")
    assert ("proved shortest" in lines[2]) == expected.exhaustive
    steps, last = lines[3:-1], lines[-1]
    assert len(steps) == expected.step_count
    width = len(str(expected.step_count))
    for k, (line, step) in enumerate(zip(steps, expected.steps_taken, strict=True), 1):
        assert re.fullmatch(rf" *{k}\. \[[a-z ]+\] .+", line) and len(line.split(".")[0]) == width
        # the step's own sentence, then any dominoes it leaves with one place
        follows = re.escape(step.reason) + r" Then .+ one remaining place\.$"
        assert line.endswith(step.reason) or re.search(follows, line)
    assert last.strip() == "Solved: all 28 dominoes are in place."


def test_json_steps_replay_to_the_solution_and_improper_puzzles_have_no_path(tmp_path, capsys):
    found: list[tuple[Puzzle, Solution]] = layouts(3, 5, 6, seed=4)
    path = puzzle_file(tmp_path / "some.jsonl", [p for p, _ in found], AMBIGUOUS_JSON)
    done = _cmd(capsys, "explain", path, "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(rows) == 4
    for row, (puzzle, solution) in zip(rows, found, strict=False):
        assert row["unique"] is True and row["deductions"] and row["steps"] == len(row["deductions"])
        for k, step in enumerate(row["deductions"], 1):
            assert step["number"] == k
            assert {"rule", "technique", "reason", "joins", "splits", "cells"} <= step.keys()
            assert all(len(cell) == 2 for cell in step["cells"])
        state = _replay(puzzle, row["deductions"])
        assert state.solved
        assert {puzzle.board.pair_cells(q) for q in state.joined_pairs()} == set(solution.placements)
    assert rows[3]["verdict"] == "ambiguous" and rows[3]["deductions"] is None


def test_improper_puzzle_is_said_and_exits_0(tmp_path, capsys):
    path = tmp_path / "two.json"
    path.write_text(AMBIGUOUS_JSON, "utf-8")
    done = _cmd(capsys, "explain", path, "--render", tmp_path / "pictures")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"puzzle: {path}, line 1: ambiguous: two or more solutions, so no grade",
        "no deduction path: only a puzzle with exactly one solution has one",
    ]
    assert list((tmp_path / "pictures").iterdir()) == []


def test_render_draws_one_picture_per_step(tmp_path, capsys):
    (puzzle, _), = layouts(5, seed=2)
    path = puzzle_file(tmp_path / "one.json", [puzzle])
    folder = tmp_path / "steps"
    done = _cmd(capsys, "explain", path, "--render", folder, "--format", "json")
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    count = len(row["deductions"]) + 1  # and the solved board last
    names = [f"step-{k:03}.png" for k in range(1, count + 1)]
    assert sorted(p.name for p in folder.iterdir()) == names  # nothing else: no temporary files left behind
    assert row["pictures"] == [str(folder / name) for name in names]
    for name in names:
        assert (folder / name).read_bytes().startswith(PNG_SIGNATURE)


def test_render_several_puzzles_as_svg_in_a_folder_each(tmp_path, capsys):
    path = puzzle_file(tmp_path / "two.jsonl", [p for p, _ in layouts(3, 4, seed=6)])
    folder = tmp_path / "steps"
    done = _cmd(capsys, "explain", path, "--render", folder, "--render-format", "svg")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["puzzle-1", "puzzle-2"]
    for sub in sorted(folder.iterdir()):
        pictures = sorted(sub.iterdir())
        assert pictures and all(p.suffix == ".svg" and "<svg" in p.read_text("utf-8") for p in pictures)
        # every step picture names its rows and columns as the sentences name cells (r1c1 ..)
        texts = [p.read_text("utf-8") for p in pictures]
        assert all('class="labels"' in t and ">r1</text>" in t and ">c1</text>" in t for t in texts)
        assert f"wrote {len(pictures)} picture{'s' if len(pictures) != 1 else ''} to {sub}" in done.stderr


@pytest.mark.parametrize(
    "args, says",
    [
        (["--example", "--render", "a-file.txt"], "is a file, not a folder"),
        (["--example", "--path-budget", "-3"], "--path-budget must be at least 1"),
        (["--example", "--render", "out", "--render-format", "gif"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, args, says, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file.txt").write_text("not a folder", "utf-8")
    done = _cmd(capsys, "explain", *args)
    assert_one_line_error(done)
    assert says in done.stderr
    assert not (tmp_path / "out").exists()


def test_the_explanation_names_every_domino_once_and_ends_solved(tmp_path, capsys):
    found = layouts(4, 5, 6, seed=9)
    path = puzzle_file(tmp_path / "three.jsonl", [p for p, _ in found])
    done = _cmd(capsys, "explain", path, "--format", "json")
    assert done.returncode == 0, done.stderr
    for line, (_, solution) in zip(done.stdout.splitlines(), found, strict=True):
        row = json.loads(line)
        named = [frozenset(map(tuple, pair)) for step in row["deductions"] for pair in step["joins"] + step["follows"]]
        # Every domino is placed by a step or named as following from one, and none twice: the last picture
        # (the solved board) holds nothing a sentence has not named.
        assert len(named) == len(set(named)) == len(solution)
        assert set(named) == {frozenset(p) for p in solution}
    text = _cmd(capsys, "explain", path)
    assert text.stdout.count("Solved: all ") == 3 and "one remaining place." in text.stdout


def test_a_clued_puzzle_says_what_its_clues_settle_before_the_steps(tmp_path, capsys):
    puzzle = read_example()[0].puzzle
    solution = count_solutions(puzzle, 2, keep_solutions=True).solutions[0]
    clued = puzzle.with_clues(sorted(solution.placements))
    path = tmp_path / "clued.json"
    path.write_text(write_json(clued) + "\n", "utf-8")
    done = _cmd(capsys, "explain", path, "--render", tmp_path / "steps")
    lines = done.stdout.splitlines()
    assert lines[2] == "clues: the 28 clues settle all 28 dominoes; nothing is left to deduce"
    assert lines[3] == "path: 0 steps, cost 0, proved shortest"
    assert done.stderr == f"no pictures for {path}, line 1: it has no step to draw\n"  # not an empty folder in silence
