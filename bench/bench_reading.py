"""Reading big JSON lines files: wall time and peak memory of ``show``, ``solve`` and ``rate``, against another
revision's code in the same run (issue 13, row 5: 20k, 40k and 100k puzzles).

The files are made in a temporary folder from one generated double-6 puzzle (``generate --order 6 --count 1
--seed 1 --format json``, as the fuzzing used), its line written N times with a different ``seed`` each, so
every line is a full ``generate`` record: grid, solution, grade, score and the rating's details (about 1 KB).

Each command runs in a fresh process, ``python -m dominosa.cli.main``, for this checkout and for the other
revision (unpacked by ``old_revision.py``, run with ``PYTHONPATH``), alternating, ``--repeats`` times; the
figures are medians. Peak memory is the child's maximum resident set (``wait4``). Both run with
``PYTHONUNBUFFERED`` and ``PYTHONDONTWRITEBYTECODE`` removed from the environment, as a user's shell has them,
after a first run that writes the bytecode caches.

The floor: what it costs to decode each line with ``json.loads``, encode an object of its puzzle's keys with
``json.dumps`` and write it, and nothing else, in one process. No reader that checks its input can beat it.

``rate`` takes tens of milliseconds a puzzle, so at these sizes it is measured for memory, not time: it runs
for ``--rate-seconds`` and is stopped with Ctrl-C (SIGINT); the figures are the peak memory by then and how
many puzzles it had rated (read whole first, a big file is still being read when the time is up).

    python bench/bench_reading.py                              # 20k, 40k, 100k; show, solve, rate; main
    python bench/bench_reading.py --sizes 20000 --repeats 5 --commands show-json,show-text
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from old_revision import old_package  # noqa: E402

COMMANDS = {
    "show-json": ["show", "--format", "json"],
    "show-text": ["show"],
    "solve": ["solve", "--format", "json"],
    "rate": ["rate", "--format", "json"],
}

FLOOR = """
import json, sys
write = sys.stdout.write
with open(sys.argv[1], "rb") as lines:
    for line in lines:
        value = json.loads(line)
        keys = {"grid": value["grid"], "clues": value["clues"], "solution": value["solution"]}
        write(json.dumps(keys, separators=(",", ":")) + "\\n")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="20000,40000,100000", help="puzzles per file, comma-separated")
    parser.add_argument("--commands", default=",".join(COMMANDS), help=f"of {', '.join(COMMANDS)}")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each command, alternating (median)")
    parser.add_argument("--against", default="main", metavar="REV", help="the revision to compare with")
    parser.add_argument("--rate-seconds", type=float, default=20.0, help="how long rate runs before Ctrl-C")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    commands = args.commands.split(",")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (on {os.cpu_count()} cores)")

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")}
    with tempfile.TemporaryDirectory(prefix="bench-reading-") as folder:
        root = Path(folder)
        site = old_package(args.against, root / "old")
        sides = {"new": dict(env, PYTHONPATH=""), args.against: dict(env, PYTHONPATH=str(site))}
        for name, side_env in sides.items():  # which code each side runs (an editable install could answer)
            where = _run_python(["-c", "import dominosa; print(dominosa.__file__)"], side_env, root).strip()
            print(f"{name}: {where}")
            if name != "new":
                assert where.startswith(str(site)), where
        files = _make_files(root, sizes, sides["new"])
        for size in sizes:
            path = files[size]
            floor = _floor(path, root, env, args.repeats)
            print(f"\n{size:,} puzzles ({path.stat().st_size / 2**20:.0f} MiB); floor (json.loads + json.dumps +"
                  f" write, nothing else): {floor:.2f} s;  load {os.getloadavg()[0]:.2f}")
            for command in commands:
                if command == "rate":
                    for name, side_env in sides.items():
                        rss, done = _rate_for(path, side_env, root, args.rate_seconds)
                        print(f"  {'rate':10s} {name:>6s}: peak {rss:6.0f} MB after {args.rate_seconds:g} s,"
                              f" {done} puzzles rated")
                    continue
                runs: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
                for _ in range(args.repeats):
                    for name, side_env in sides.items():
                        runs[name].append(_timed([*COMMANDS[command], "--max-input", "1G", str(path)], side_env, root))
                new_t, new_m = _medians(runs["new"])
                old_t, old_m = _medians(runs[args.against])
                print(f"  {command:10s} new {new_t:6.2f} s {new_m:6.0f} MB | {args.against} {old_t:6.2f} s"
                      f" {old_m:6.0f} MB | time {new_t / old_t:.2f}x, memory {new_m / old_m:.2f}x;"
                      f" new / floor {new_t / floor:.1f}x")


def _make_files(root: Path, sizes: list[int], env: dict[str, str]) -> dict[int, Path]:
    line = _run_python(
        ["-m", "dominosa.cli.main", "generate", "--order", "6", "--count", "1", "--seed", "1", "--format", "json"],
        env,
        root,
    )
    record = json.loads(line)
    files = {}
    for size in sizes:
        path = root / f"p{size}.jsonl"
        with path.open("w") as out:
            for k in range(size):
                record["seed"] = k + 1
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
        files[size] = path
    return files


def _run_python(argv: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env, cwd=cwd, check=True)
    return done.stdout


def _timed(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Wall seconds and peak resident MB of one run of the command (its output thrown away)."""
    with open(os.devnull, "wb") as devnull:
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "dominosa.cli.main", *argv], stdout=devnull,
                                 stderr=subprocess.PIPE, env=env, cwd=cwd)
        err = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{argv}: exit code {child.returncode}: {err.decode()[-500:]}")
    return elapsed, usage.ru_maxrss / 1024


def _rate_for(path: Path, env: dict[str, str], cwd: Path, seconds: float) -> tuple[float, int]:
    """Peak resident MB of ``rate`` stopped by Ctrl-C after ``seconds``, and how many puzzles it had rated."""
    child = subprocess.Popen(
        [sys.executable, "-m", "dominosa.cli.main", "rate", "--format", "json", "--max-input", "1G", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=cwd,
    )
    lines = 0
    deadline = time.monotonic() + seconds
    os.set_blocking(child.stdout.fileno(), False)
    while time.monotonic() < deadline:
        chunk = child.stdout.read()
        lines += chunk.count(b"\n") if chunk else 0
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    os.set_blocking(child.stdout.fileno(), True)
    lines += child.stdout.read().count(b"\n")
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss / 1024, lines


def _floor(path: Path, root: Path, env: dict[str, str], repeats: int) -> float:
    script = root / "floor.py"
    script.write_text(FLOOR)
    times = []
    with open(os.devnull, "wb") as devnull:
        for _ in range(repeats):
            started = time.perf_counter()
            subprocess.run([sys.executable, str(script), str(path)], stdout=devnull, env=env, check=True)
            times.append(time.perf_counter() - started)
    return statistics.median(times)


def _medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(t for t, _ in runs), statistics.median(m for _, m in runs)


if __name__ == "__main__":
    main()
