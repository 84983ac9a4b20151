"""Hostile input through the real ``dominosa`` command: one line, exit code 2, bounded memory, no traceback.

The inputs that could make the reader grow run the installed console script in a child process whose address space
is capped (RLIMIT_AS), so an input that made the reader grow without bound fails the test by a ``MemoryError``
traceback instead of eating the machine; the generous ``timeout`` only guards against a hang, it measures nothing.
Refusals of an option or a path that read nothing big call the command in this process (``in_process``): a
process of its own for each was most of their time.
"""

from __future__ import annotations

import functools
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from cli_run import COMMAND, dominosa, in_process, one_line_error
from waiting import PATIENCE

MEMORY_CAP = 400 * 1024 * 1024  # address space, not resident memory: Python itself maps ~100 MB
HANG_GUARD = PATIENCE  # a bound on commands that must not hang, never reached when they do not


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_capped(*args: object, stdin=subprocess.DEVNULL, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the command with its memory capped; stdin may be an open file."""
    done = subprocess.run(
        [*COMMAND, *map(str, args)],
        stdin=stdin,
        capture_output=True,
        timeout=HANG_GUARD,
        cwd=cwd,
        preexec_fn=_capped,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


# Row 1: endless input, read with the limits checked while reading.


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_refused_at_once(device):
    assert "binary data" in one_line_error(run_capped("show", device))


def test_endless_zeros_on_standard_input():
    with open("/dev/zero", "rb") as zeros:
        assert "binary data" in one_line_error(run_capped("show", "-", stdin=zeros))


def test_endless_text_on_standard_input_stops_at_the_limit_on_one_puzzle():
    """Puzzles are read one at a time, so a grid that never ends meets the limit on one puzzle's text (1 Mi
    characters), long before the limit on the whole input (64 MiB)."""
    yes = subprocess.Popen(["yes", "22223"], stdout=subprocess.PIPE)
    try:
        line = one_line_error(run_capped("show", "-", stdin=yes.stdout))
    finally:
        yes.kill()
        yes.wait()
    assert "standard input: line 1: more than 1,048,576 characters" in line and "the limit on" in line


def test_endless_game_ids_on_standard_input_stop_at_the_input_limit(tmp_path):
    yes = subprocess.Popen(["yes", "3:22223101012330103310"], stdout=subprocess.PIPE)
    try:
        line = one_line_error(run_capped("show", "--format", "gameid", "--max-input", "200K", "-", stdin=yes.stdout))
    finally:
        yes.kill()
        yes.wait()
    assert "more than 204,800 bytes of input" in line and "--max-input" in line


def test_max_input_lowers_and_raises_the_limit(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text("3:22223101012330103310\n" * 100)
    assert "more than 1,000 bytes" in one_line_error(in_process(capsys, "show", "--max-input", "1000", path))
    assert in_process(capsys, "show", "--max-input", "1M", path).returncode == 0
    assert "--max-input" in one_line_error(in_process(capsys, "show", "--max-input", "lots", path))


def test_ctrl_c_while_reading_a_pipe_that_never_ends():
    reader, writer = os.pipe()  # nothing is ever written: the command waits in read()
    try:
        child = subprocess.Popen([*COMMAND, "show", "-"], stdin=reader, stderr=subprocess.PIPE)
        _wait_until_reading(child)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=HANG_GUARD)
    finally:
        os.close(reader)
        os.close(writer)
    assert child.returncode == 130
    assert b"Traceback" not in err and err.strip() == b"dominosa: interrupted"


def _wait_until_reading(child: subprocess.Popen) -> None:
    """Until the child blocks reading its standard input (seen in /proc), with a hang guard."""
    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        try:
            wchan = Path(f"/proc/{child.pid}/wchan").read_text()
            stat = Path(f"/proc/{child.pid}/stat").read_text().split()
        except OSError:
            return
        if stat[2] == "S" and "pipe" in wchan:
            return
        time.sleep(0.05)


# Rows 2-4 and 17: numbers, nesting, long lines, digits of other scripts.

BIG = "1" * 5000


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"3:[{BIG}]\n", "5,000 digits"),
        (f"{BIG}:22223101012330103310\n", "the limit on orders"),
        (f"{BIG}#12345\n", "random-seed ID"),
        ('{"grid": [[' + BIG + "]]}\n", "5,000 digits"),
        ('{"grid": [[0, 0, 1], [1, 1, 0]], "clues": [[[' + BIG + ", 0], [0, 1]]]}\n", "5,000 digits"),
        (f"22223\n10101\n23301\n03310\n-\n2-2@r1c{BIG},r1c2\n", "bad clue"),
        (f"{BIG} 2\n2 2\n", "5,000 digits"),
        ("[" * 100000 + "\n", "the limit on nesting"),
        ('{"x": ' + "[" * 100000 + "]" * 100000 + ', "grid": [[0, 0, 1], [1, 1, 0]]}\n', "the limit on nesting"),
        ("1" * 1_000_000 + "\n", "the limit on boards"),
        ("1" * 10_000_000 + "\n", "the limit on one line"),
        ("1 " * 500_000 + "\n", "the limit on boards"),
        ("٣:22223101012330103310\n", "unknown format"),
        ("3:2222٣101012330103310\n", "bad character"),
        ("22223\n10101\n23301\n03310\n-\n2-2@r١c1,r1c2\n", "bad clue"),
    ],
    ids=[
        "game-id-number",
        "game-id-order",
        "random-seed-id",
        "json-grid",
        "json-clue",
        "plain-clue",
        "plain-grid",
        "json-deep",
        "json-deep-ignored-key",
        "1MB-line",
        "10MB-line",
        "1MB-spaced-line",
        "arabic-order",
        "arabic-digit",
        "arabic-clue",
    ],
)
def test_hostile_files_give_one_line(tmp_path, text, expected):
    path = tmp_path / "hostile.txt"
    path.write_text(text, encoding="utf-8")
    line = one_line_error(run_capped("show", path))
    assert expected in line and len(line) < 300


def test_an_unreadable_special_file_is_named():
    line = one_line_error(run_capped("show", "/proc/self/mem"))
    assert "/proc/self/mem" in line


def test_a_large_json_lines_file_reads_in_linear_time(tmp_path):
    one = dominosa("show", "--format", "json", "3:22223101012330103310").stdout
    path = tmp_path / "many.jsonl"
    path.write_text(one * 20_000)
    done = dominosa("show", "--format", "json", path, timeout=HANG_GUARD * 2)
    assert done.returncode == 0 and done.stdout.count("\n") == 20_000


# Address space: `show` reading a file as it goes maps under 30 MB of it (Python, its modules, one chunk of the
# file); the same file read whole (the look-ahead made unbounded) needs more than this from 16,000 of these puzzles.
STREAMING_CAP = 64 * 1024 * 1024


def _capped_for_streaming() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (STREAMING_CAP, STREAMING_CAP))


@pytest.fixture(scope="module")
def solved_line(tmp_path_factory) -> str:
    """One JSON line of a double-6 puzzle with its solution and the keys solve adds, as files of them hold."""
    done = dominosa("solve", "--example", "--format", "json")
    assert done.returncode == 0
    return done.stdout


def test_a_json_lines_file_of_20_000_puzzles_is_read_as_it_goes(tmp_path, solved_line):
    """Read whole first, these puzzles (21 MB of text, some 5 KB each once read) would not fit under the cap on
    the command's address space; read as they are shown, the memory of one. (bench/bench_reading.py shows 100,000
    and more.)"""
    count = 20_000
    path = tmp_path / "many.jsonl"
    path.write_text(solved_line * count)
    done = subprocess.run(
        [*COMMAND, "show", "--format", "gameid", "--max-input", "200M", str(path)],
        capture_output=True,
        timeout=HANG_GUARD * 10,
        preexec_fn=_capped_for_streaming,
    )
    assert done.returncode == 0, done.stderr.decode()[-500:]
    assert done.stdout.count(b"\n") == count and done.stderr == b""


@pytest.mark.parametrize("count", [100, 5_000])  # within the look-ahead, and past it
def test_a_bad_puzzle_at_the_end_of_a_file(tmp_path, solved_line, count):
    """Within the look-ahead nothing is shown before the error; past it, the puzzles before the bad one are
    shown as they were read, then the one line; exit code 2 either way."""
    path = tmp_path / "late.jsonl"
    path.write_text(solved_line * (count - 1) + solved_line.replace('"grid":[[', '"grid":[["x",', 1))
    done = dominosa("show", "--format", "gameid", path, timeout=HANG_GUARD * 2)
    assert f"{path}: line {count}, " in one_line_error(done)
    assert done.stdout.count("\n") == (0 if count == 100 else count - 1)


def test_standard_input_closed(tmp_path):
    done = subprocess.run(
        [*COMMAND, "generate", "--shape", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=HANG_GUARD,
        close_fds=True,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert len(done.stderr.decode().strip().splitlines()) == 1


# Rows 7, 12 and 13: option values out of range.


@pytest.fixture(scope="module")
def store_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("store") / "puzzles.sqlite"
    done = dominosa("generate", "--order", "3", "--store", path, "--quiet")
    assert done.returncode == 0, done.stderr
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["store", "show", "99999999999999999999999"],
        ["store", "list", "--order", "99999999999999999999999"],
        ["store", "list", "--order", "101"],
        ["store", "list", "--limit", "99999999999999999999999"],
    ],
)
def test_huge_store_numbers(store_path, args, capsys):
    assert "at most" in one_line_error(in_process(capsys, *args, "--store", store_path))


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["generate", "--workers", "1000"], "the limit on local processes"),
        (["solve", "--example", "--timeout", "nan"], "--timeout"),
        (["rate", "--example", "--timeout", "inf"], "--timeout"),
        (["generate", "--min-score", "nan"], "--min-score"),
        (["generate", "--max-score", "inf"], "--max-score"),
    ],
)
def test_options_out_of_range(capsys, args, expected):
    assert expected in one_line_error(in_process(capsys, *args))  # through a process: the test above


# Row 6: --timeout on every command that can run long on a big board, and Ctrl-C reporting what was finished.


@pytest.fixture(scope="module")
def order_50(tmp_path_factory):
    """A random double-50 board: counting its solutions alone takes far longer than any test may (seed 3: not
    done after 15 s of CPU with the counter's C core, which counts most such boards in under a second)."""
    import random

    from dominosa.board import Board
    from dominosa.formats import write_json
    from dominosa.generator.layouts import random_layout

    puzzle, _ = random_layout(Board.rectangle(51, 52), random.Random(3))
    path = tmp_path_factory.mktemp("big") / "order-50.jsonl"
    path.write_text(write_json(puzzle) + "\n")
    return path


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["rate"], "not rated"),
        (["explain"], "not explained"),
        (["render", "--what", "both", "--out", "{dir}/big.png"], "not written"),
        (["book", "--out", "{dir}/big.pdf"], "the book was not written"),
        (["hint"], "no more hints"),
        (["solve"], "timed out"),
    ],
    ids=["rate", "explain", "render", "book", "hint", "solve"],
)
def test_timeout_on_a_big_board(order_50, tmp_path, args, expected):
    args = [a.replace("{dir}", str(tmp_path)) for a in args]
    done = dominosa(*args, order_50, "--timeout", "1", timeout=HANG_GUARD)
    assert "Traceback" not in done.stderr
    assert expected in done.stdout + done.stderr
    assert done.returncode == (0 if args[0] == "solve" else 1)  # solve's verdict says "timed out"
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_rating_falls_back_to_the_grade_when_the_path_takes_too_long(tmp_path, monkeypatch):
    from dominosa.cli import rate as rate_command

    calls = []

    def slow_with_path(puzzle, *, with_path=True, **kwargs):
        calls.append(with_path)
        if with_path:
            while True:  # a path search that would never end
                pass
        return real_rate(puzzle, with_path=False, **kwargs)

    real_rate = rate_command.rate
    monkeypatch.setattr(rate_command, "rate", slow_with_path)
    from dominosa.cli.main import main

    assert main(["rate", "--example", "--timeout", "0.5", "--format", "json"]) == 0
    assert calls == [True, False]


def test_rating_falls_back_in_text(capsys, monkeypatch):
    from dominosa.cli import rate as rate_command
    from dominosa.cli.main import main

    real_rate = rate_command.rate

    def slow_with_path(puzzle, *, with_path=True, **kwargs):
        while with_path:
            pass
        return real_rate(puzzle, with_path=False, **kwargs)

    monkeypatch.setattr(rate_command, "rate", slow_with_path)
    assert main(["rate", "--example", "--timeout", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "grade" in out and "takes more than --timeout 0.5 s, so graded without it" in out


# Row 18: Ctrl-C during start-up, and a second Ctrl-C, end quietly with exit code 130.


def test_ctrl_c_during_start_up_is_quiet():
    script = (
        "import os, signal, sys\n"
        "import dominosa.cli.main as m\n"
        "build = m.build_parser\n"
        "def interrupted_while_loading(*args):\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    return build(*args)\n"
        "m.build_parser = interrupted_while_loading\n"
        "sys.exit(m.main(['show', '--example']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=HANG_GUARD, text=True)
    assert done.returncode == 130
    assert done.stderr.strip() == "dominosa: interrupted"


# The moments of start-up, each marked by the opening of a module's file (its source or its cached bytecode) as
# it is loaded: from the first module after the entry point (which puts the quiet handler in) through argparse
# and the command's modules (``show`` loads only its own) to the reading of the puzzle. (The audit event "open"
# is used, not "import": the subcommands are loaded with importlib.import_module, which raises no "import" event.)
START_UP_MOMENTS = [
    "cli/__init__.",
    "cli/main.",
    "/argparse.",
    "cli/interrupts.",
    "cli/show.",
    "cli/common.",
    "formats/reader.",
    "dominosa/puzzle.",
    "formats/plain.",
    "formats/drawing.",
    "examples/double-6.",
]


@pytest.mark.parametrize("moment", START_UP_MOMENTS)
def test_ctrl_c_at_any_moment_of_start_up_through_the_console_script(moment):
    """The console script pip wrote, run as it is, with a SIGINT sent the moment a file matching ``moment`` is
    opened: exactly then, every time (an audit hook sends it, no sleeping), so each moment is tested, not the
    odds of hitting it."""
    script = (
        "import os, runpy, signal, sys\n"
        f"moment = {moment!r}\n"
        "def hook(event, args):\n"
        "    global moment\n"
        "    if moment and event == 'open' and isinstance(args[0], str)"
        " and moment in args[0].replace('__pycache__/', ''):\n"
        "        moment = None\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "sys.addaudithook(hook)\n"
        f"sys.argv = [{COMMAND[-1]!r}, 'show', '--example']\n"
        f"runpy.run_path({COMMAND[-1]!r}, run_name='__main__')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=HANG_GUARD, text=True)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""  # stopped before the puzzle was shown: the signal did come at that moment
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "dominosa: interrupted"


def test_the_console_script_starts_at_the_quiet_entry_point():
    """pip's script imports the module ``[project.scripts]`` names before it calls anything: that module must be
    the small one that puts the handler in first (and ``import dominosa`` must load nothing else before it)."""
    if len(COMMAND) != 1:
        pytest.skip(f"DOMINOSA_COMMAND runs {COMMAND}, not the console script")
    text = Path(COMMAND[0]).read_text()
    assert "from dominosa.__main__ import main" in text
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, dominosa; print(sorted(m for m in sys.modules if m[:8] == 'dominosa'))"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert loaded.stdout.strip() == "['dominosa', 'dominosa.lazy']"


def test_ctrl_c_twice_while_rating_a_big_board(order_50):
    child = subprocess.Popen(
        [*COMMAND, "rate", "--example", order_50], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().startswith("puzzle 1 of 2")  # the first is done; the big one is running
        child.send_signal(signal.SIGINT)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=HANG_GUARD)
    finally:
        child.kill()
    assert child.returncode == 130
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("dominosa: interrupted: 1 of 2 puzzles finished")


# Rows 8, 9 and 16: outputs are never a surprise.


@pytest.mark.parametrize("kind", ["fifo", "symlink"])  # (render --out FOLDER writes into the folder)
def test_outputs_that_are_not_regular_files_are_refused(tmp_path, kind):
    target = tmp_path / "out.png"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(tmp_path / "elsewhere.png")
    line = one_line_error(dominosa("render", "--example", "--out", target))
    assert str(target) in line and ".part" not in line
    assert target.is_fifo() if kind == "fifo" else target.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.png"]


def test_a_device_is_refused(capsys):
    assert "/dev/full" in one_line_error(in_process(capsys, "render", "--example", "--out", "/dev/full"))


def test_a_book_onto_a_folder_names_the_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.pdf").mkdir()
    line = one_line_error(in_process(capsys, "book", "--out", tmp_path / "d.pdf", "--count", "1"))
    assert "d.pdf" in line and ".part" not in line


@pytest.mark.parametrize("option", ["--out", "--cover-out"])
def test_a_book_into_a_folder_where_no_file_can_be_made_is_refused_before_any_puzzle(tmp_path, option):
    """/proc takes no new file, even from root. 2,000 puzzles would take minutes, far past the hang guard, if
    the destination were only tried once they were made."""
    target = "/proc/dominosa-book.pdf"
    paths = ["--out", target] if option == "--out" else ["--out", tmp_path / "b.pdf", "--cover-out", target]
    line = one_line_error(dominosa("book", *paths, "--count", "2000", cwd=tmp_path, timeout=HANG_GUARD))
    assert target in line and ".part" not in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("pattern", ["p{n.foo}.png", "p{n[0]}.png", "p{n:>300000000}.png", "p{x}.png", "p{n!r}.png"])
def test_out_patterns_are_text_not_code(tmp_path, pattern):
    line = one_line_error(run_capped("render", "--example", "--out", pattern, cwd=tmp_path))
    assert "--out pattern" in line and len(line) < 200
    assert list(tmp_path.iterdir()) == []


def test_a_plain_out_pattern_still_works(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = in_process(capsys, "render", "--example", "--out", "p{n:03}-{what}.png")
    assert done.returncode == 0 and (tmp_path / "p001-puzzle.png").exists()


# Rows 11 and 15: a store in a read-only place can be read; a store the disk cannot hold is not left behind.


# Root ignores permissions: run as the unprivileged user to see what users see (setpriv from util-linux).
AS_USER = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.getuid() == 0 else []


@functools.cache
def _unreachable_as_user() -> str | None:
    """Why the unprivileged user cannot run the command here, or None. Root's own folders (a virtualenv or a
    checkout in a private temporary folder) may be closed to that user; then the read-only case cannot be shown."""
    if not AS_USER:
        return None
    done = subprocess.run([*AS_USER, *COMMAND, "--version"], capture_output=True, text=True, timeout=HANG_GUARD)
    if done.returncode == 0:
        return None
    return f"the unprivileged user (uid 65534) cannot run {COMMAND[-1]} here: {done.stderr.strip()[-200:]}"


@pytest.fixture
def read_only_store(store_path):
    if (why := _unreachable_as_user()) is not None:
        pytest.skip(why)
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o755)
        store = Path(folder) / "ro" / "puzzles.sqlite"
        store.parent.mkdir()
        shutil.copy(store_path, store)
        os.chmod(store, 0o444)
        os.chmod(store.parent, 0o555)
        out = Path(folder) / "out"
        out.mkdir()
        os.chmod(out, 0o777)
        try:
            yield store, out
        finally:
            os.chmod(store.parent, 0o755)


@pytest.mark.parametrize(
    "args",
    [
        ["store", "stats"],
        ["store", "list"],
        ["store", "show", "1"],
        ["store", "export", "--out", "{out}/e.jsonl"],
        ["book", "--out", "{out}/b.pdf"],
    ],
    ids=["stats", "list", "show", "export", "book"],
)
def test_a_read_only_store_can_be_read(read_only_store, args):
    store, out = read_only_store
    args = [a.replace("{out}", str(out)) for a in args]
    done = subprocess.run(
        [*AS_USER, *COMMAND, *args, "--store", str(store)], capture_output=True, text=True, timeout=HANG_GUARD
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in store.parent.iterdir()) == ["puzzles.sqlite"]  # nothing made beside it


def test_writing_to_a_read_only_store_says_so(read_only_store):
    store, _ = read_only_store
    done = subprocess.run(
        [*AS_USER, *COMMAND, "generate", "--order", "3", "--store", str(store), "--quiet"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert "read-only" in one_line_error(done)


def _small_disk() -> None:
    """A disk that fills up after 2,000 bytes: writing past them fails with EFBIG, as a full disk fails."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))


def test_a_store_the_disk_cannot_hold_is_not_left_behind(tmp_path):
    store = tmp_path / "puzzles.sqlite"
    done = subprocess.run(
        [*COMMAND, "generate", "--order", "3", "--store", str(store), "--quiet"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        preexec_fn=_small_disk,
    )
    line = one_line_error(done)
    assert str(store) in line and "rollback" not in line
    assert list(tmp_path.iterdir()) == []
