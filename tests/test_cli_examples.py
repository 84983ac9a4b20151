"""Every example in every command's ``--help`` runs as printed, so the examples stay true as the commands change.

The commands are found in the ``dominosa`` parser itself (nested ones too, such as ``store list``), so a command
added later is covered without touching this file. A command's examples run in order in a scratch folder, those
that name the same file together (one writes what the next reads) and the others apart, as tests of their own (see
:func:`runs_of`). An example that pipes, redirects or chains with ``&&`` runs through a shell, with ``dominosa`` on
the PATH; a plain ``dominosa ARGS`` line runs in this process (``cli_run.in_process``, its words split as the shell
splits them): what it proves is that the command takes the line and succeeds, and a process of its own for each of
some eighty lines was most of this file's CPU. The console script itself is tested in tests/test_cli_main.py.

What an example may need is declared in the help text, and handled here explicitly:

- **your own files**: a line ``Files of your own in these examples: puzzles.txt, position.txt.`` after the
  examples. Each file named there is put in the scratch folder from :data:`OWN_FILES` before the examples run
  (a file the table lacks fails the test: add a sample of it here);
- **an extra**: ``pip install 'dominosa[NAME]'`` in the example's description. Where the extra is installed the
  example must succeed; where it is not, it must fail with exit code 2 and one line naming that extra;
- **the studio** (``dominosa serve``): the server is started as printed, must answer on its address, and is then
  stopped; ``--open`` is given a stand-in browser (``BROWSER``) that only records the address.

Every other example must exit with code 0, within :data:`EXAMPLE_TIMEOUT` seconds: an example shows what a
command does, quickly (the whole file takes about 40 s of CPU).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import re
import select
import shlex
import signal
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_run import COMMAND, in_process
from tatham_data import tatham_rows
from waiting import PATIENCE, wait_until

from dominosa.cli.main import build_parser, main

_OWN_LINE = re.compile(r"^Files of your own in these examples: (?P<names>.+)\.$", re.MULTILINE)
_EXTRA = re.compile(r"pip install 'dominosa\[(?P<extra>\w+)\]'")
# An example's own runtime limit, a guard against a hang on a busy machine: the help must choose examples that
# show the command quickly (the slowest, the default book, takes about 10 s).
EXAMPLE_TIMEOUT = 120


@dataclass(frozen=True)
class Example:
    command: str  # e.g. "store list"
    line: str  # the shell line as printed
    description: str
    own_files: tuple[str, ...]  # every file of your own the command's examples name

    @property
    def extra(self) -> str | None:
        found = _EXTRA.search(self.description)
        return found["extra"] if found else None


def _commands(parser: argparse.ArgumentParser, prefix: str = "") -> list[tuple[str, argparse.ArgumentParser]]:
    """Every command and nested command of the parser, by name, each once (aliases left out)."""
    found: list[tuple[str, argparse.ArgumentParser]] = []
    seen: set[int] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if id(sub) in seen:
                    continue
                seen.add(id(sub))
                found.append((f"{prefix}{name}", sub))
                found += _commands(sub, f"{prefix}{name} ")
    return found


def examples_of(command: str, epilog: str) -> list[Example]:
    """The examples of one command's help: the lines after ``examples:`` up to the first blank line."""
    own = _OWN_LINE.search(epilog)
    own_files = tuple(n.strip() for n in own["names"].split(",")) if own else ()
    block = epilog.split("examples:\n", 1)[1].split("\n\n", 1)[0] if "examples:\n" in epilog else ""
    found: list[Example] = []
    for line in block.splitlines():
        if line.startswith("  dominosa "):
            found.append(Example(command, line.strip(), "", own_files))
        elif found and line.startswith("      "):
            last = found[-1]
            found[-1] = Example(command, last.line, f"{last.description} {line.strip()}".strip(), own_files)
    return found


def every_example() -> list[Example]:
    """The examples of every command, each once (an old name kept for a command shows the same help)."""
    found: dict[str, Example] = {}
    for name, parser in _commands(build_parser()):
        for example in examples_of(name, parser.epilog or ""):
            found.setdefault(example.line, example)
    return list(found.values())


# -- the files of your own, as a user would have them ----------------------------------------------------------

_PUZZLES = "22223\n10101\n23301\n03310\n\n3:22223101012330103310\n\n402110\n320124\n123200\n440441\n133332\n"
_TEXTS = {
    "puzzles.txt": _PUZZLES,
    "puzzle.txt": "22223\n10101\n23301\n03310\n",
    "position.txt": "22223\n10101\n23301\n03310\n+\nr1c1-r2c1\n=\nr1c2-r2c2 r3c4-r4c4\n",
    "position.json": '{"grid": [[2,2,2,2,3],[1,0,1,0,1],[2,3,3,0,1],[0,3,3,1,0]], "joined": [[[0,0],[1,0]]], '
    '"split": [[[0,1],[1,1]]]}\n',
    # A heart of 42 cells, 21 of each colour of a chessboard: the double-5 set on an irregular board.
    "heart.txt": "x##xxxx##x\n##########\n##########\nx########x\nxx######xx\nxxx####xxx\n",
    # A hand-made double-5 grid with three solutions, for `fix` (a random numbering of a random tiling).
    "mygrid.txt": "0231132\n0552014\n1453310\n5221450\n5042354\n2144330\n",
    "my-puzzle.txt": "title: two bars\nboard:\n. . .\n. . .\npiece a:\n###\npiece b:\n###\n",
}
# Stores: generated once, with enough puzzles of each grade for the examples that read them.
_STORES = {"output/puzzles.sqlite": ("--order", "6"), "my.sqlite": ("--order", "5")}
OWN_FILES = (*_TEXTS, "more.jsonl", "puzzles.jsonl", "tatham-ids.txt", *_STORES)


def _dominosa_on_path(folder: Path) -> dict[str, str]:
    """An environment whose ``dominosa`` is the command under test (see cli_run), as a user's shell finds it."""
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    script = bin_dir / "dominosa"
    script.write_text(f"#!/bin/sh\nexec {shlex.join(COMMAND)} \"$@\"\n")
    script.chmod(0o755)
    browser = bin_dir / "browser"  # a stand-in for the web browser that `serve --open` starts
    browser.write_text('#!/bin/sh\necho "$1" > opened.txt\n')
    browser.chmod(0o755)
    path = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, "PATH": path, "BROWSER": str(browser), "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> Path:
    """A folder with a sample of every file of your own (:data:`OWN_FILES`)."""
    from dominosa.formats import read_puzzles, write_json

    folder = tmp_path_factory.mktemp("own")
    for name, text in _TEXTS.items():
        (folder / name).write_text(text, "utf-8")
    lines = "".join(write_json(p) + "\n" for p in read_puzzles(_PUZZLES))
    (folder / "more.jsonl").write_text(lines, "utf-8")
    (folder / "puzzles.jsonl").write_text(lines, "utf-8")
    his = [row["game_id"] for row in tatham_rows() if row["order"] == 4][::25]  # one of each of his levels
    (folder / "tatham-ids.txt").write_text("\n".join(his) + "\n", "utf-8")
    for store, order in _STORES.items():
        # A mix of grades, and hard puzzles asked for by name (a mix of 16 need not hold one): made in this process,
        # as the samples' other files are (the command's own examples run `generate --store` as printed).
        (folder / store).parent.mkdir(parents=True, exist_ok=True)
        for kind in (("--count", "12"), ("--grade", "hard", "--count", "4")):
            assert main(["generate", *order, *kind, "--seed", "1", "--store", str(folder / store), "--quiet"]) == 0
    return folder


# -- running them -------------------------------------------------------------------------------------------------


def _installed(package: str, extra: str | None = None) -> bool:
    """Whether a package is installed, with every package its ``extra`` asks for (and theirs, in turn)."""
    try:
        wanted = importlib.metadata.requires(package) or []
    except importlib.metadata.PackageNotFoundError:
        return False
    if extra is None:
        return True
    needs = [r for r in wanted if re.search(rf"extra\s*==\s*['\"]{re.escape(extra)}['\"]", r)]
    assert needs, f"{package} has no extra {extra!r}"
    for requirement in needs:
        found = re.match(r"([A-Za-z0-9_.-]+)(?:\[([\w,\s]+)\])?", requirement)
        extras = [e.strip() for e in found[2].split(",")] if found[2] else [None]
        if not all(_installed(found[1], e) for e in extras):
            return False
    return True


def _run_server(example: Example, folder: Path, env: dict[str, str]) -> None:
    """Start ``dominosa serve`` as printed, check it answers on the address it prints, and stop it.

    It listens on a port the system picks (``--port 0`` after the line's own options, the last one counting): the
    printed default, 8000, may be taken on the machine (another run of this suite, a user's studio)."""
    server = subprocess.Popen(
        ["/bin/sh", "-c", f"exec {example.line} --port 0"], cwd=folder, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    try:
        address = None
        deadline = time.monotonic() + PATIENCE
        while address is None and select.select([server.stdout], [], [], max(deadline - time.monotonic(), 0))[0]:
            line = server.stdout.readline()
            if not line:
                break
            found = re.search(r"http://[\w.:\[\]]+/", line)
            address = found[0] if found else None
        assert address, f"{example.line}: printed no address"
        with urllib.request.urlopen(address + "api/info", timeout=PATIENCE) as answer:
            assert answer.status == 200
        if "--open" in example.line:
            opened = folder / "opened.txt"
            wait_until(lambda: opened.exists() and opened.read_text().strip(), "--open's call of the browser")
            assert opened.read_text().strip().startswith(address), "--open did not open the studio's address"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=PATIENCE)


def test_every_command_shows_examples():
    every = _commands(build_parser())
    commands = {name for name, _ in every}
    with_examples = {name for name, parser in every if examples_of(name, parser.epilog or "")}
    assert {"show", "solve", "rate", "hint", "explain", "generate", "render", "book", "serve"} <= commands
    assert commands - with_examples <= {"store"}, "a command with no example in its --help"


def test_own_files_declared_in_the_help_have_samples_here():
    for name, parser in _commands(build_parser()):
        examples = examples_of(name, parser.epilog or "")
        for own in examples[0].own_files if examples else ():
            assert own in OWN_FILES, f"'{name}' declares {own}: add a sample of it to OWN_FILES in this test"


def _shared_by(example: Example) -> set[str]:
    """What an example uses that another may use too: the files its line names (a word with a dot or a slash that
    is not an option), and the studio's default port when it starts one without ``--port``."""
    try:
        words = shlex.split(example.line)
    except ValueError:
        words = example.line.split()
    # A word ending in a slash is a folder an example writes whole (site's public/, explain's steps/): examples
    # writing the same one do not read each other's.
    shared = {w for w in words if not w.startswith("-") and not w.endswith("/") and ("." in w or "/" in w)}
    if example.line.startswith("dominosa serve") and "--port" not in words:
        shared.add("the studio's default port")
    return shared


def runs_of(examples: list[Example]) -> list[list[Example]]:
    """A command's examples in runs that share nothing: two examples naming the same file (one writes what the next
    reads, such as a first volume's puzzles that the second excludes), or two studios on the default port, are in
    one run, in their printed order.

    Each run is a test of its own, in a folder of its own, so that a command with many examples (``book`` has
    sixteen) is spread over the workers instead of pinning one for minutes."""
    runs: list[tuple[set[str], list[int]]] = []
    for index, example in enumerate(examples):
        files = _shared_by(example)
        joined = [run for run in runs if run[0] & files]
        merged = (files.union(*(run[0] for run in joined)), sorted([index, *(i for run in joined for i in run[1])]))
        runs = [run for run in runs if not any(run is j for j in joined)] + [merged]
    return [[examples[i] for i in indices] for _, indices in sorted(runs, key=lambda run: run[1][0])]


def test_examples_that_name_the_same_file_run_together_in_order():
    line = "  dominosa book --count 4 --out {out}.pdf{more}\n"
    lines = [("vol1", " --puzzles-out vol1.jsonl"), ("other", ""), ("vol2", " --exclude vol1.jsonl"), ("x", " a.txt")]
    epilog = "examples:\n" + "".join(line.format(out=out, more=more) for out, more in lines)
    runs = runs_of(examples_of("book", epilog))
    outs = [[example.line.split("--out ")[1].split(".pdf")[0] for example in run] for run in runs]
    assert outs == [["vol1", "vol2"], ["other"], ["x"]]


_BY_COMMAND: dict[str, list[Example]] = {}
for _example in every_example():
    _BY_COMMAND.setdefault(_example.command, []).append(_example)
_RUNS = {
    f"{command} {examples.index(run[0]) + 1}": run  # the command and its first example's number, e.g. "book 13"
    for command, examples in sorted(_BY_COMMAND.items())
    for run in runs_of(examples)
}


_SHELL_SYNTAX = set("|&;<>$`*?")  # a pipe, a redirection, a chain, a variable or a pattern: the shell's work


def _plain(example: Example) -> bool:
    """Whether an example is one ``dominosa ARGS`` with nothing for a shell to do, so that it can run in this process:
    not a studio (it is started, asked and stopped as a process), nor a line needing an extra (whether it fails as it
    should without the extra is about the process's exit)."""
    return not (set(example.line) & _SHELL_SYNTAX or example.line.startswith("dominosa serve") or example.extra)


@pytest.mark.parametrize("run", sorted(_RUNS))
def test_the_examples_run_as_printed(run, samples, tmp_path, monkeypatch, capsys):
    folder = tmp_path
    env = _dominosa_on_path(folder)
    examples = _RUNS[run]
    for own in examples[0].own_files:
        target = folder / own
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((samples / own).read_bytes())
    for example in examples:
        if example.line.startswith("dominosa serve"):
            _run_server(example, folder, env)
            continue
        if _plain(example):
            monkeypatch.chdir(folder)
            monkeypatch.setenv("NO_COLOR", "1")
            started = time.monotonic()
            done = in_process(capsys, *shlex.split(example.line)[1:], stdin="")
            assert time.monotonic() - started < EXAMPLE_TIMEOUT, example.line
        else:
            done = subprocess.run(
                ["/bin/sh", "-c", example.line], cwd=folder, env=env, capture_output=True, text=True,
                timeout=EXAMPLE_TIMEOUT,
            )
        if example.extra and not _installed("dominosa", example.extra):
            assert done.returncode == 2, (example.line, done.stderr)
            assert f"dominosa[{example.extra}]" in done.stderr and done.stderr.count("\n") == 1, done.stderr
            continue
        assert done.returncode == 0, f"{example.line}\nexit code {done.returncode}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr
