"""The progress line of long single-puzzle work (cli/search_progress.py), and Ctrl-C during a search."""

from __future__ import annotations

import io
import random

import pytest

from dominosa.cli.main import main
from dominosa.cli.search_progress import SearchProgress, showing_search_progress
from dominosa.formats import write_plain
from dominosa.generator.layouts import random_layout


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def at_once(monkeypatch):
    """Every report shown: no wait before the first line nor between lines."""
    monkeypatch.setattr(SearchProgress, "AFTER", 0.0)
    monkeypatch.setattr(SearchProgress, "EVERY_LINE", 0.0)
    monkeypatch.setattr(SearchProgress, "EVERY_REDRAW", 0.0)


def test_nothing_is_shown_in_the_first_seconds():
    stream = io.StringIO()
    progress = SearchProgress(stream)
    progress(5000, False)
    assert stream.getvalue() == ""


def test_off_a_terminal_whole_lines_add_up_every_search_of_the_command(at_once):
    stream = io.StringIO()
    progress = SearchProgress(stream)
    progress(1200, False)
    progress(2000, True)
    progress(400, False)
    lines = stream.getvalue().splitlines()
    assert [line.rsplit(",", 1)[0] for line in lines] == [
        "counting solutions: 1,200 search steps",
        "counting solutions: 2,400 search steps",
    ]
    assert all(line.endswith(" s") for line in lines)


def test_on_a_terminal_the_line_is_updated_in_place_and_wiped_when_a_search_ends(at_once):
    stream = _Terminal()
    with showing_search_progress(stream) as progress:
        progress(12_345, False)
        assert stream.getvalue().startswith("\rcounting solutions: 12,345 search steps, ")
        assert "\n" not in stream.getvalue()
        progress(12_400, True)
        assert progress.shown == 0 and stream.getvalue().endswith(" \r")
        progress(10, False)
        assert progress.shown
    assert progress.shown == 0 and stream.getvalue().endswith("\r")


@pytest.fixture
def searching_puzzle(tmp_path):
    """A puzzle file whose count needs a search past the root (it has several solutions)."""
    puzzle, _ = random_layout(8, random.Random(3))
    path = tmp_path / "several.txt"
    path.write_text(write_plain(puzzle), "utf-8")
    return path


@pytest.mark.parametrize("command", ["solve", "rate"])
def test_a_searching_command_shows_the_line_on_standard_error(command, searching_puzzle, capsys, at_once):
    assert main([command, str(searching_puzzle)]) == 0
    captured = capsys.readouterr()
    assert "counting solutions: " in captured.err
    assert "counting solutions" not in captured.out


def test_other_commands_show_no_search_progress(searching_puzzle, capsys, at_once):
    assert main(["show", str(searching_puzzle)]) == 0
    assert "counting solutions" not in capsys.readouterr().err


def test_ctrl_c_during_a_search_is_one_line_and_exit_code_130(searching_puzzle, capsys, at_once, monkeypatch):
    def interrupted(self, nodes, ended):
        raise KeyboardInterrupt

    monkeypatch.setattr(SearchProgress, "__call__", interrupted)
    assert main(["solve", str(searching_puzzle)]) == 130
    captured = capsys.readouterr()
    assert captured.err.splitlines() == ["dominosa: interrupted"]
    assert "Traceback" not in captured.err
