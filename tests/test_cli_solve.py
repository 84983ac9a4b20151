"""``dominosa solve`` as a user runs it: verdicts on a file of a few hundred puzzles, steps, limits, bad input.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time."""

from __future__ import annotations

import json
import random

from cli_run import dominosa, one_line_error
from cli_run import in_process as _cmd

from dominosa import Puzzle, Solution, problems
from dominosa.board import Board
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.formats import write_json
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout

NO_SOLUTION = Puzzle.from_grid([[2, 0, 0, 2], [2, 2, 1, 1], [1, 0, 1, 0]])


def test_verdicts_for_a_file_of_a_few_hundred_puzzles_are_all_right(tmp_path):
    rng = random.Random(2026)
    puzzles = []
    for k in range(240):
        order = rng.randint(2, 7)
        if k % 3 == 0:
            puzzles.append(proper_layout(order, rng)[0])
        else:
            puzzles.append(random_layout(order, rng, avoid_trivial_squares=k % 2 == 0)[0])
    puzzles.append(NO_SOLUTION)
    path = tmp_path / "many.jsonl"
    path.write_text("".join(write_json(p) + "\n" for p in puzzles))
    done = dominosa("solve", path, "--format", "json")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(puzzles)
    kinds = set()
    for puzzle, line in zip(puzzles, lines, strict=True):
        answer = json.loads(line)
        expected, _ = count_solutions_exact_cover(puzzle, 2)
        assert answer["count"] == expected
        assert answer["unique"] == (expected == 1)
        assert answer["complete"] == (expected < 2)
        for cells in answer["solutions"]:
            assert problems(puzzle, Solution(tuple((tuple(a), tuple(b)) for a, b in cells))) == []
        kinds.add(min(expected, 2))
    assert kinds == {0, 1, 2}


def test_text_output_draws_the_solution_and_says_unique(capsys):
    done = _cmd(capsys, "solve", "--example")
    assert done.returncode == 0, done.stderr
    assert "unique: exactly one solution" in done.stdout
    assert "┏" in done.stdout or "┌" in done.stdout


def _several_solutions() -> tuple[Puzzle, int]:
    """A random double-4 puzzle with 3 to 20 solutions, and how many (counted by exact cover)."""
    rng = random.Random(5)
    while True:
        puzzle, _ = random_layout(4, rng, avoid_trivial_squares=False)
        count, complete = count_solutions_exact_cover(puzzle)
        if complete and 3 <= count <= 20:
            return puzzle, count


def test_text_output_calls_a_puzzle_with_several_solutions_ambiguous_as_rate_does(capsys):
    puzzle, count = _several_solutions()
    stopped = _cmd(capsys, "solve", "-", stdin=write_json(puzzle))
    assert "ambiguous: at least 2 solutions (the count stopped at 2)" in stopped.stdout
    every = _cmd(capsys, "solve", "--all", "-", stdin=write_json(puzzle))
    assert f"ambiguous: {count} solutions\n" in every.stdout
    assert "ambiguous" in _cmd(capsys, "rate", "-", stdin=write_json(puzzle)).stdout


def test_steps_are_sentences_that_end_in_the_solution(capsys):
    done = _cmd(capsys, "solve", "--example", "--steps")
    assert done.returncode == 0, done.stderr
    steps = [line for line in done.stdout.splitlines() if line.strip()[:1].isdigit() and ". [" in line]
    assert len(steps) > 10
    assert all(line.rstrip().endswith(".") for line in steps)
    assert any("[single neighbour]" in line for line in steps)  # each step names its technique


def test_all_counts_every_solution(capsys):
    puzzle, count = _several_solutions()
    done = _cmd(capsys, "solve", "--all", "--format", "json", "-", stdin=write_json(puzzle))
    answer = json.loads(done.stdout)
    assert answer["count"] == count and answer["complete"] and len(answer["solutions"]) == count


def test_timeout_stops_cleanly_and_says_so(capsys):
    # A double-50 whose count the C core had not finished after 15 s of CPU (most take under a second).
    puzzle, _ = random_layout(Board.rectangle(51, 52), random.Random(3))
    done = _cmd(capsys, "solve", "--all", "--timeout", "0.05", "-", stdin=write_json(puzzle))
    assert done.returncode == 0, done.stderr
    assert "timed out after 0.05 s" in done.stdout


def test_no_solution_is_a_verdict(tmp_path, capsys):
    done = _cmd(capsys, "solve", "-", stdin=write_json(NO_SOLUTION))
    assert done.returncode == 0
    assert "no solution" in done.stdout


def test_bad_input_is_one_line_and_exit_code_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("22223\n10101\n23301\n0331\n")
    assert "ragged rows" in one_line_error(_cmd(capsys, "solve", bad))
    assert "--max-solutions" in one_line_error(_cmd(capsys, "solve", "--example", "--max-solutions", "0"))
    assert "--timeout" in one_line_error(_cmd(capsys, "solve", "--example", "--timeout", "-1"))
    assert "missing.txt" in one_line_error(_cmd(capsys, "solve", tmp_path / "missing.txt"))
