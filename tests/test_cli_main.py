"""The ``dominosa`` command itself (``cli/main.py``): its help and its manners with a mistyped command, action,
choice or option, run as a user runs it."""

from __future__ import annotations

import pytest
from cli_run import dominosa, in_process, one_line_error
from test_cli_examples import every_example, examples_of

from dominosa.cli.main import build_parser


def test_the_help_teaches_with_examples_that_the_commands_own_help_runs():
    done = dominosa("--help")
    assert done.returncode == 0, done.stderr
    top = examples_of("", done.stdout.split("\ncommands:", 1)[1])
    assert len(top) >= 5
    run_elsewhere = {example.line for example in every_example()}  # test_cli_examples runs each of these
    for example in top:
        assert example.description, example.line
        assert example.line in run_elsewhere, example.line


def test_the_old_name_of_tile_works_but_is_not_offered(capsys):
    assert in_process(capsys, "cover", "--help").returncode == 0
    listed = in_process(capsys, "--help").stdout.split("\ncommands:", 1)[1].split("\nexamples:", 1)[0]
    assert "\n    tile " in listed and "\n    cover " not in listed
    line = one_line_error(in_process(capsys, "nonsense"))
    assert "tile" in line and "cover" not in line


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("sovle", "--example"), "dominosa: error: argument COMMAND: invalid choice: 'sovle' (did you mean 'solve'?)"),
        (("store", "lsit"), "dominosa store: error: argument ACTION: invalid choice: 'lsit' (did you mean 'list'?)"),
        (("show", "--format", "jsno", "--example"), "invalid choice: 'jsno' (did you mean 'json'?)"),
        (("show", "--exampel"), "dominosa show: error: unrecognized arguments: --exampel (did you mean --example?)"),
        (("store", "list", "--grde", "hard"), "store list: error: unrecognized arguments: --grde hard (did you mean"),
        (("rate", "--example", "--no-pth=1"), "(did you mean --no-path?)"),
    ],
)
def test_a_mistyped_name_gets_a_did_you_mean(capsys, args, said):
    """In this process: a line whose first word is no command's builds the whole parser, every command's modules
    loaded (half a second of a process's start). The process's own exit code and line: the next test."""
    assert said in one_line_error(in_process(capsys, *args))


def test_a_name_near_nothing_gets_the_choices_and_no_guess():
    line = one_line_error(dominosa("zzz"))
    assert "did you mean" not in line
    assert line.endswith("the choices: " + ", ".join(_listed_commands()))
    assert "did you mean" not in one_line_error(dominosa("show", "--zzzzzz"))


def _listed_commands() -> list[str]:
    parser = build_parser()
    return [choice.dest for choice in parser._subparsers._group_actions[0]._choices_actions]
