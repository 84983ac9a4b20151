"""``dominosa hint`` run as a user runs it: positions as JSON and as text, vague and full hints, contradictions.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time."""

from __future__ import annotations

import json
import random

import pytest
from cli_run import board_lines, dominosa
from cli_run import in_process as _cmd
from test_cli_rate import assert_one_line_error, layouts

from dominosa.board import cell_name
from dominosa.formats import puzzle_to_dict, read_example
from dominosa.puzzle import Placement, Puzzle
from dominosa.solution import Solution


def _pairs(pairs: list[Placement]) -> list[list[list[int]]]:
    return [[list(a), list(b)] for a, b in pairs]


def _as_placements(pairs: list[list[list[int]]]) -> set[Placement]:
    return {((a[0], a[1]), (b[0], b[1])) for a, b in pairs}


def _text_pair(pair: Placement) -> str:
    return f"{cell_name(pair[0])}-{cell_name(pair[1])}"


def _position(puzzle: Puzzle, solution: Solution, seed: int) -> tuple[list[Placement], list[Placement]]:
    """Some dominoes of the solution and some pairs outside it: a position a careful solver could reach."""
    rng = random.Random(seed)
    truth = set(solution.placements)
    joined = [p for p in solution.placements if rng.random() < 0.4]
    everything = [puzzle.board.pair_cells(q) for q in range(len(puzzle.board.pairs))]
    split = [p for p in everything if p not in truth and rng.random() < 0.3]
    return joined, split


def _assert_agrees(row: dict, solution: Solution) -> None:
    truth = set(solution.placements)
    assert row["status"] == "hint" and row["check"] == "consistent"
    assert row["joins"] or row["splits"]
    assert _as_placements(row["joins"]) <= truth
    assert not _as_placements(row["splits"]) & truth
    assert _as_placements(row["forced"]) <= truth
    assert row["cells"] and all(len(c) == 2 for c in row["cells"])


def test_hints_from_the_start_and_from_a_position_in_json_and_text_agree(tmp_path):
    (start, start_solution), (puzzle, solution) = layouts(4, 5, seed=3)
    joined, split = _position(puzzle, solution, 5)
    data = {**puzzle_to_dict(puzzle), "joined": _pairs(joined), "split": _pairs(split)}
    as_json = tmp_path / "position.jsonl"
    as_json.write_text(json.dumps(puzzle_to_dict(start)) + "\n" + json.dumps(data) + "\n", "utf-8")
    grid = "\n".join("".join(str(v) for v in row) for row in puzzle.grid)
    text = f"{grid}\n+\n{' '.join(map(_text_pair, joined))}\n=\n{' '.join(map(_text_pair, split))}\n"
    as_text = tmp_path / "position.txt"
    as_text.write_text(text, "utf-8")
    done = dominosa("hint", as_json, as_text, "--format", "json")
    assert done.returncode == 0, done.stderr
    first, second, third = map(json.loads, done.stdout.splitlines())
    _assert_agrees(first, start_solution)
    _assert_agrees(second, solution)
    assert (second["source"], second["line"]) == (str(as_json), 2)
    where = ("source", "line")
    assert {k: v for k, v in third.items() if k not in where} == {k: v for k, v in second.items() if k not in where}
    assert second["technique"] and second["rule"] and isinstance(second["tier"], int)


def test_text_hint_names_the_technique_says_why_and_draws_the_board(capsys):
    done = _cmd(capsys, "hint", "--example")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "position: example double-6, line 4 (the start)"
    assert lines[1].startswith("hint: ")
    assert lines[2].startswith("  ") and lines[2].rstrip().endswith(".")  # the deduction in one sentence
    board = board_lines(done.stdout)
    assert len(board) == 15  # 7 rows of numbers and 8 lines of edges
    assert lines[3].split() == [f"c{j}" for j in range(1, 9)]  # labelled as the hint names cells
    assert [line.split()[0] for line in lines[5:18:2]] == [f"r{i}" for i in range(1, 8)]


def _marked_in_brackets(text: str) -> list[str]:
    """The cells drawn in brackets on the board of a hint's text, by name (r1c1), row by row."""
    lines = text.splitlines()
    head = next(k for k, line in enumerate(lines) if line.split()[:1] == ["c1"])
    marked = []
    for line in lines[head + 2 :: 2]:
        row, _, cells = line.partition(" ")
        for j, cell in enumerate(cells.strip()[1:].replace("┃", "│").split("│")[:-1]):
            if cell.startswith("["):
                marked.append(f"{row}c{j + 1}")
    return marked


@pytest.mark.parametrize("detail", [1, 2, 3])
def test_the_board_marks_the_cells_the_hint_names(detail, capsys):
    named = json.loads(_cmd(capsys, "hint", "--example", "--format", "json").stdout)["cells"]
    names = [cell_name(tuple(c)) for c in (named[:1] if detail == 1 else named)]
    done = _cmd(capsys, "hint", "--example", "--detail", detail)  # not a terminal: brackets
    assert done.returncode == 0, done.stderr
    assert " and ".join(names) + " (in brackets on the board)" in done.stdout.splitlines()[1]
    assert _marked_in_brackets(done.stdout) == names
    assert "\x1b[" not in done.stdout


def test_on_a_terminal_the_named_cells_are_in_bold_reverse_unless_no_color(monkeypatch):
    from dominosa.cli.common import emphasis
    from dominosa.cli.hint import hint_text
    from dominosa.deductions import check_position, position_hint
    from dominosa.formats.positions import PositionRecord

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert emphasis(Terminal()) == "ansi"
    monkeypatch.setenv("NO_COLOR", "1")
    assert emphasis(Terminal()) == "brackets"
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert emphasis(Terminal()) == "brackets"
    position = PositionRecord(read_example()[0])
    hint = position_hint(position)
    text = hint_text(position, hint, check_position(position), level=1, marks="ansi")
    assert "(highlighted on the board)" in text
    assert text.count("\x1b[1;7m") == 1 and "\x1b[1;7m 1 \x1b[0m" in text and "[1]" not in text


def test_vague_hints_keep_the_conclusion_back(capsys):
    full = _cmd(capsys, "hint", "--example", "--format", "json")
    row = json.loads(full.stdout)
    vague = _cmd(capsys, "hint", "--example", "--vague")
    assert vague.returncode == 0, vague.stderr
    cells = " and ".join(cell_name(c) for c in row["cells"])
    assert f"hint: {row['technique']} " in vague.stdout and cells in vague.stdout
    assert row["reason"] not in vague.stdout
    vaguest = _cmd(capsys, "hint", "--example", "--detail", "1", "--format", "json")
    assert _cmd(capsys, "hint", "--example", "--level", "1", "--format", "json").stdout == vaguest.stdout  # old name
    assert json.loads(vaguest.stdout) == {
        "source": "example double-6",
        "line": 4,
        "check": "consistent",
        "status": "hint",
        "detail": 1,  # how much the hint says; ``level`` is a grade's, as in rate
        "cells": row["cells"][:1],
        **puzzle_to_dict(read_example()[0].puzzle),  # the puzzle itself, so the output reads as input
    }


def test_a_position_that_contradicts_the_solution_exits_1_and_names_the_wrong_pairs(tmp_path, capsys):
    (puzzle, solution), = layouts(4, seed=9)
    truth = set(solution.placements)
    right = solution.placements[0]
    wrong = next(
        puzzle.board.pair_cells(q)
        for q in range(len(puzzle.board.pairs))
        if puzzle.board.pair_cells(q) not in truth and not set(puzzle.board.pair_cells(q)) & set(right)
    )
    data = {**puzzle_to_dict(puzzle), "joined": _pairs([right, wrong])}
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data), "utf-8")
    done = _cmd(capsys, "hint", path)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "contradicts the puzzle's solution" in done.stdout
    assert f"{_text_pair(wrong)} is joined, but it is not a domino of the solution" in done.stdout
    assert _text_pair(right) not in done.stdout
    solved = {**puzzle_to_dict(puzzle), "joined": _pairs(list(solution.placements))}
    done = _cmd(capsys, "hint", "-", "--format", "json", stdin=json.dumps(data) + "\n" + json.dumps(solved))
    assert done.returncode == 1
    contradiction, finished = map(json.loads, done.stdout.splitlines())
    assert contradiction["status"] == "contradiction" and len(contradiction["mistakes"]) == 1
    assert finished["status"] == "solved"


@pytest.mark.parametrize(
    "content, says",
    [
        ("22223\n10101\n23301\n03310\n=\nr1c1-r2c2\n", "line 6, column 1: pair r1c1-r2c2: r1c1 and r2c2 are not"),
        ('{"grid": [[0, 0, 1], [0, 1, 1]], "joined": 3}', '"joined" must be a list'),
        ("22223\n10101\n23301\n03310\n=\nnonsense\n", "bad pair 'nonsense'"),
    ],
)
def test_bad_positions_exit_2_with_one_line(tmp_path, content, says, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(content, "utf-8")
    done = _cmd(capsys, "hint", path)
    assert_one_line_error(done)
    assert says in done.stderr


def test_the_position_in_the_help_gives_a_hint(capsys):
    shown = _cmd(capsys, "hint", "--help").stdout
    block = shown.split("rows and columns from 1:\n\n", 1)[1].split("\n\n", 1)[0]
    text = "\n".join(line.strip() for line in block.splitlines()) + "\n"
    assert "+\n" in text and "=\n" in text
    done = _cmd(capsys, "hint", "-", stdin=text)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "hint: single neighbour" in done.stdout
