"""Running the ``dominosa`` command as a user does: the installed console script, in a separate process.

Set ``DOMINOSA_COMMAND`` (e.g. ``"python -m dominosa.cli.main"``) to test another way of starting the command.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path


def _command() -> list[str]:
    if os.environ.get("DOMINOSA_COMMAND"):
        return shlex.split(os.environ["DOMINOSA_COMMAND"])
    beside = Path(sys.executable).with_name("dominosa")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("dominosa")
    return [found] if found else [sys.executable, "-m", "dominosa.cli.main"]


COMMAND = _command()


def dominosa(
    *args: object, stdin: str | bytes = b"", cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``dominosa ARGS`` and return its exit code and output as text (UTF-8)."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [*COMMAND, *map(str, args)],
        input=data,
        capture_output=True,
        timeout=timeout,
        cwd=cwd,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    )


def in_process(capsys, *args: object, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``dominosa ARGS`` in this process (``dominosa.cli.main.main``) and return its exit code and output as
    :func:`dominosa` does, from ``capsys``; ``stdin`` (text or bytes), if given, is what the command reads from its
    standard input, as a pipe into the process would give it.

    For what the command says about its input (a bad option, one line and exit code 2): a process of its own would
    spend most of its time starting (``generate`` loads the generator's numpy and DEAP, half a second of CPU), and
    the suite has hundreds of such checks. What is about the process itself (exit codes seen by a shell, signals,
    the console script) keeps to :func:`dominosa`."""
    from dominosa.cli.main import main

    capsys.readouterr()
    kept_stdin = sys.stdin
    if stdin is not None:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        code = main([str(arg) for arg in args])
    except SystemExit as stop:  # argparse's own exits (--help, a parse error) leave main as they leave the process
        code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    finally:
        sys.stdin = kept_stdin
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["dominosa", *map(str, args)], code, out, err)


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    """The single line a bad input must give: exit code 2, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


_BOARD_LINE = re.compile(r"(?:r\d+)? *([┏┃┠┣┗].*)")


def board_lines(text: str) -> list[str]:
    """The lines of a rectangular board drawn in ``text``, without the row labels before them (the column labels'
    line above is not among them)."""
    return [found[1] for line in text.splitlines() if (found := _BOARD_LINE.fullmatch(line.strip()))]


def as_from_a_terminal() -> None:
    """For ``preexec_fn``: SIGHUP and SIGINT back to their defaults in the child, as a terminal starts a command.

    A child inherits ignored signals: under ``nohup``, or started in the background by a script, the test runner
    (and so every command it starts) may ignore them, and a test of what the command does on SIGHUP or Ctrl-C
    would then test that environment instead of the command."""
    for name in ("SIGHUP", "SIGINT"):
        signal.signal(getattr(signal, name), signal.SIG_DFL)
