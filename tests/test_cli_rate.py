"""``dominosa rate`` run as a user runs it.

The first test that runs the command runs the installed console script, in a separate process (its exit code
as a shell sees it); the others call it in this process (``in_process``, imported as ``_cmd``): they check what
it prints and its exit code, and a process of its own for each was most of this module's time.

The helpers here (:func:`layouts`, :func:`puzzle_file`, :func:`assert_one_line_error`) are shared with the hint
and explain tests; the command itself is run by ``cli_run``.
"""

from __future__ import annotations

import json
import os
import pty
import random
import re
import subprocess
from pathlib import Path

import pytest
from cli_run import COMMAND, dominosa, one_line_error
from cli_run import in_process as _cmd
from tatham_data import tatham_rows

from dominosa.cli.rate import grade_words, path_proof, plot_rules, technique_words
from dominosa.deductions import GRADES, SolvingState, grade_level, next_deduction, ordered_by_tier, rate
from dominosa.formats import puzzle_from_dict, puzzle_to_dict, read_example, write_json
from dominosa.generator.proper import proper_layout
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

AMBIGUOUS_JSON = '{"grid": [[0, 0, 1], [0, 1, 1]]}'
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def layouts(*orders: int, seed: int = 1) -> list[tuple[Puzzle, Solution]]:
    """Proper puzzles with their solutions, one per order, reproducible."""
    return [proper_layout(order, random.Random(seed * 100 + order)) for order in orders]


def puzzle_file(path: Path, puzzles: list[Puzzle], *extra: str) -> Path:
    """A JSON lines file of the puzzles, then any extra lines."""
    path.write_text("".join(write_json(p) + "\n" for p in puzzles) + "".join(e + "\n" for e in extra), "utf-8")
    return path


def assert_one_line_error(done: subprocess.CompletedProcess[str]) -> None:
    """Exit code 2, one line on standard error, no traceback, and nothing on standard output."""
    one_line_error(done)
    assert done.stdout == ""


def test_rate_the_example_in_text():
    done = dominosa("rate", "--example")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    expected = rate(read_example()[0].puzzle)
    assert out.startswith("puzzle: example double-6, line 4: proper (exactly one solution)\n")
    assert f"  grade   {grade_words(expected.grade.describe(), expected.level)}\n" in out
    assert f"  graded  easiest technique first: {technique_words(expected.grade.techniques)}\n" in out
    assert f"  score   {expected.score:g}\n" in out
    proof = "proved shortest" if expected.exhaustive else "not proved shortest"
    assert "  clues" not in out  # the example has none
    assert f"  path    {expected.step_count} steps, cost {expected.path.cost:g}, {proof}" in out
    chart = [line for line in out.splitlines() if "█" in line]
    counts = {}
    for line in chart:
        found = re.fullmatch(r"    (.+?) +(\d+) (█+)", line)
        assert found, line
        counts[found.group(1)] = int(found.group(2))
        assert len(found.group(3)) == int(found.group(2))  # short counts are drawn to scale
    assert counts == expected.rules
    assert sum(counts.values()) == expected.step_count


def test_rate_json_has_the_keys_and_matches_the_engine(tmp_path, capsys):
    found = layouts(3, 4, 5, 6)
    path = puzzle_file(tmp_path / "some.jsonl", [p for p, _ in found], AMBIGUOUS_JSON)
    done = _cmd(capsys, "rate", path, "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(rows) == 5
    for k, (row, (puzzle, _)) in enumerate(zip(rows, found, strict=False), 1):
        assert {"unique", "grade", "level", "score", "steps", "rules", "exhaustive", "source", "line"} <= row.keys()
        assert row["source"] == str(path) and row["line"] == k
        assert row["unique"] is True
        assert row["level"] == GRADES.index(row["grade"])
        assert sum(row["rules"].values()) == row["steps"] > 0
        assert isinstance(row["exhaustive"], bool)
        engine = {"source": str(path), "line": k, **rate(puzzle, with_reason=True).to_dict(), **puzzle_to_dict(puzzle)}
        unclued = {"stuck": None, "settled_by_clues": None, "domino_count": len(puzzle.dominoes)}
        assert row == {**engine, **unclued}  # deterministic, the engine's own, the puzzle, nowhere stuck
    last = rows[-1]
    assert last["unique"] is False and last["verdict"] == "ambiguous" and last["level"] is None


def test_no_path_grades_only(tmp_path, capsys):
    (puzzle, _), = layouts(5)
    path = puzzle_file(tmp_path / "one.json", [puzzle])
    done = _cmd(capsys, "rate", path, "--no-path", "--format", "json")
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    full = rate(puzzle)
    assert row["grade"] == full.grade_name and row["level"] == full.level and row["unique"] is True
    assert row["steps"] is None and row["rules"] is None and row["exhaustive"] is None
    text = _cmd(capsys, "rate", path, "--no-path")
    assert "  path    not searched (--no-path)" in text.stdout
    assert "█" not in text.stdout


def test_plot_several_puzzles(tmp_path, capsys):
    path = puzzle_file(tmp_path / "three.jsonl", [p for p, _ in layouts(3, 4, 4, seed=7)])
    several = tmp_path / "several.png"
    done = _cmd(capsys, "rate", path, "--plot", several, "--format", "json")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 3  # standard output stays pure JSON lines ...
    assert f"wrote {several}" in done.stderr  # ... the note goes to standard error
    assert several.read_bytes().startswith(PNG_SIGNATURE)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["several.png", "three.jsonl"]  # no temp files left


def test_plot_of_one_puzzle_and_of_none(tmp_path):
    record = read_example()[0]
    rating = rate(record.puzzle, node_budget=50)
    target = tmp_path / "one.svg"
    assert plot_rules(target, [(record, rating)]) == target
    text = target.read_text("utf-8")
    assert "<svg" in text and "steps on the shortest deduction path" in text
    improper = rate(puzzle_from_dict(json.loads(AMBIGUOUS_JSON)))
    assert plot_rules(tmp_path / "none.png", [(record, improper)]) is None
    assert not (tmp_path / "none.png").exists()


def test_progress_only_on_a_terminal_and_for_many_puzzles(tmp_path, capsys):
    path = puzzle_file(tmp_path / "many.jsonl", [proper_layout(3, random.Random(s))[0] for s in range(20)])
    quiet = _cmd(capsys, "rate", path, "--no-path", "--format", "json")
    assert quiet.returncode == 0 and quiet.stderr == ""
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [*COMMAND, "rate", str(path), "--no-path", "--format", "json"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=follower,
            timeout=60,
            text=True,
            encoding="utf-8",
        )
        os.close(follower)
        follower = -1
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other end is closed: everything has been read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        if follower >= 0:
            os.close(follower)
        os.close(leader)
    assert done.returncode == 0
    assert len(done.stdout.splitlines()) == 20
    shown = seen.decode()
    assert "rated 1/20" in shown and "rated 19/20" in shown
    assert shown.endswith("\r")  # the line is cleared at the end


@pytest.mark.parametrize(
    "args, says",
    [
        (["--example", "--path-budget", "0"], "--path-budget must be at least 1"),
        (["--example", "--node-budget", "0"], "--path-budget must be at least 1"),  # the old name, hidden
        (["--example", "--plot", "chart.txt"], "must end in .png, .svg or .pdf"),
        (["--example", "--plot", "no/such/folder/chart.png"], "does not exist"),
        (["--example", "--no-path", "--plot", "chart.png"], "--no-path"),
        (["missing.txt"], "missing.txt"),
        (["bad.txt"], "bad character"),
        ([], "no puzzle given"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, args, says, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.txt").write_text("2222y\n10101\n", "utf-8")
    done = _cmd(capsys, "rate", *args)
    assert_one_line_error(done)
    assert says in done.stderr
    assert not (tmp_path / "chart.png").exists()


def test_rate_json_reads_back_as_the_same_puzzle_partial_sets_and_clues_included(tmp_path, capsys):
    partial = Puzzle.from_grid([[0, 1, 1], [0, 2, 2]], dominoes=[(0, 0), (1, 1), (2, 2)])
    clued = puzzle_from_dict({"grid": [[2, 2, 2, 2, 3], [1, 0, 1, 0, 1], [2, 3, 3, 0, 1], [0, 3, 3, 1, 0]],
                              "clues": [[[0, 1], [0, 2]]]})  # fmt: skip
    path = puzzle_file(tmp_path / "two.jsonl", [partial, clued])
    done = _cmd(capsys, "rate", path, "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert rows[0]["dominoes"] == [[0, 0], [1, 1], [2, 2]] and "dominoes" not in rows[1]
    assert rows[1]["clues"] == [[[0, 1], [0, 2]]]
    assert [puzzle_from_dict(row) for row in rows] == [partial, clued]


def test_rate_names_his_levels_and_says_which_techniques_each_puzzle_needs(tmp_path, capsys):
    # Game IDs of Simon Tatham's Dominosa, one of each of his levels: ours are the same names.
    ids = {
        "4:140234142140024322342103003311": "trivial",
        "4:344203321220231134430124100104": None,  # one of the few he grades harder (hard): ours is basic
    }
    for level in ("basic", "hard", "extreme"):
        ids[next(r["game_id"] for r in tatham_rows() if r["level"] == level and r["order"] == 5)] = level
    path = tmp_path / "his.txt"
    path.write_text("".join(game_id + "\n" for game_id in ids), "utf-8")
    done = _cmd(capsys, "rate", path, "--no-path", "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    for row, level in zip(rows, ids.values(), strict=True):
        if level is not None:
            assert row["grade"] == level
        assert row["techniques"] and all(count > 0 for count in row["techniques"].values())
        assert row["stuck"] is None
    text = _cmd(capsys, "rate", path, "--no-path").stdout
    assert "  grade   trivial (the 1st of 6 grades, trivial to guessing)\n" in text
    assert "\n  graded  easiest technique first: single neighbour" in text


def test_a_grade_is_named_with_its_place_on_the_scale():
    assert grade_words("trivial", 0) == "trivial (the 1st of 6 grades, trivial to guessing)"
    assert grade_words("hard", GRADES.index("hard")) == "hard (the 3rd of 6 grades, trivial to guessing)"
    guessing = grade_words("guessing (2 guesses, depth 3)", GRADES.index("guessing"))
    assert guessing == "guessing (2 guesses, depth 3) (the 6th of 6 grades, trivial to guessing)"
    assert grade_words("ambiguous", None) == "ambiguous"


def test_stuck_draws_where_logic_up_to_extreme_stops(tmp_path, capsys):
    candidates = (proper_layout(5, random.Random(k))[0] for k in range(200))
    puzzle = next(p for p in candidates if rate(p, with_path=False).grade_name == "fiendish")
    path = puzzle_file(tmp_path / "one.jsonl", [puzzle])
    done = _cmd(capsys, "rate", path, "--no-path", "--stuck")
    assert done.returncode == 0, done.stderr
    assert "  grade   fiendish" in done.stdout and "short contradiction" in done.stdout
    assert "  stuck   where the techniques up to extreme stop" in done.stdout and "┏" in done.stdout
    row = json.loads(_cmd(capsys, "rate", path, "--no-path", "--format", "json").stdout)
    stuck = row["stuck"]
    assert stuck["joined"] and stuck["split"]
    # No technique up to extreme moves the position on.
    board = puzzle.board
    joined = [board.pair_of(tuple(a), tuple(b)) for a, b in stuck["joined"]]
    split = [board.pair_of(tuple(a), tuple(b)) for a, b in stuck["split"]]
    state = SolvingState.from_position(puzzle, joined, split)
    assert next_deduction(state, ordered_by_tier(grade_level("extreme"))) is None


def test_a_puzzle_its_clues_settle_says_so_instead_of_a_bare_score_of_0(tmp_path, capsys):
    puzzle, solution = layouts(5)[0]
    placements = sorted(solution.placements)
    clued = puzzle.with_clues(placements)  # every domino a clue: nothing at all is left to deduce
    done = _cmd(capsys, "rate", puzzle_file(tmp_path / "clued.jsonl", [clued]))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    n = len(placements)
    assert f"  clues   the {n} clues settle all {n} dominoes; nothing is left to deduce\n" in out
    assert "  score   0 (the score counts deductions, and there are none to make)" in out
    assert "  path    0 steps: nothing is left to deduce" in out
    assert "  score   0\n" not in out and "(none)" not in out
    row = json.loads(_cmd(capsys, "rate", tmp_path / "clued.jsonl", "--format", "json").stdout)
    assert (row["score"], row["steps"], row["settled_by_clues"], row["domino_count"]) == (0, 0, n, n)


def test_a_clued_puzzle_says_how_many_dominoes_its_clues_settle_and_rates_the_rest(tmp_path, capsys):
    puzzle, solution = layouts(6)[0]
    clues = sorted(solution.placements)[::4]
    path = puzzle_file(tmp_path / "clued.jsonl", [puzzle.with_clues(clues)])
    row = json.loads(_cmd(capsys, "rate", path, "--format", "json").stdout)
    settled, n = row["settled_by_clues"], row["domino_count"]
    assert len(clues) <= settled < n and row["steps"] > 0
    out = _cmd(capsys, "rate", path).stdout
    more = settled - len(clues)
    follow = f" ({more} more follow{'s' if more == 1 else ''} from them)" if more else ""
    left = "the last domino is" if n - settled == 1 else f"the other {n - settled} are"
    assert f"  clues   the {len(clues)} clues settle {settled} of {n} dominoes{follow}; {left} rated below\n" in out
    assert f"  path    {row['steps']} step{'s' if row['steps'] != 1 else ''}, cost" in out


def test_rate_says_why_the_grade_is_what_it_is(tmp_path, capsys):
    # A puzzle of our generator that needs cut-cell parity, a strong form beyond Simon Tatham's solver (issue 37).
    path = tmp_path / "p.txt"
    path.write_text("6:53340153422061056233554614221150250624442131134300056666\n", "utf-8")
    text = _cmd(capsys, "rate", str(path), "--no-path")
    assert text.returncode == 0, text.stderr
    assert "  why     fiendish: needs cut-cell parity (a cell cutting off an odd part: r4c3)\n" in text.stdout
    assert "\n          Covering r4c3 (2) from outside would cut off" in text.stdout  # the deduction's own sentence
    done = _cmd(capsys, "rate", str(path), "--no-path", "--format", "json")
    assert done.returncode == 0, done.stderr
    reason = json.loads(done.stdout)["grade_reason"]
    assert reason["grade"] == "fiendish" and reason["technique"] == "cut-cell parity"
    assert reason["cells"] == ["r4c3"] and "would cut off" in reason["sentence"]
    ambiguous = _cmd(capsys, "rate", "--format", "json", "-", stdin="1:001011\n")
    assert "grade_reason" not in json.loads(ambiguous.stdout)  # no reason: no key, never null


def test_the_path_of_a_big_board_says_it_was_not_searched():
    # Above 300 dominoes rate takes the grading run's path (no search, so no budget ran out); below, the budget.
    big = rate(proper_layout(24, random.Random(1))[0])
    assert path_proof(big, 300) == ("not proved shortest (a board this big is not searched: the path is the grading"
                                    " run's)")
    small = rate(proper_layout(6, random.Random(1))[0], node_budget=1)
    assert path_proof(small, 1) == "not proved shortest (the search stopped at --path-budget 1)"
