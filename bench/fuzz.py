"""Long fuzz run: many hostile inputs through every reader and every puzzle-reading command, watched for
crashes, hangs and memory.

Each input is made from a valid puzzle in one of the formats (plain grid with clues, game ID, JSON, JSON lines,
arrays) by a random chain of mutations (bytes flipped, cut, repeated; numbers of thousands of digits; deep
nesting; digits of other scripts; random bytes; huge lines), then given to:

- the readers (``read_records`` on the text, ``read_file_records`` on the file): a result or ``PuzzleError``;
- ``dominosa.cli.main.main([...])`` in-process, for show, solve, rate, hint, explain and render, each with a
  short ``--timeout`` where it has one: exit code 0, 1 or 2, and exit 2 only with exactly one line on
  standard error and no traceback;
- one input in ``--subprocess-every`` through the real console script, with the same checks.

The inputs run in one worker process whose address space is capped (``--memory-mb``, default 500), so an
input that needs more fails as a ``MemoryError`` crash; an input that takes longer than ``--hang`` seconds
(default 30) is a hang. The run prints the counts, the slowest inputs, the worker's peak resident memory, and
the load average; every failing input is saved under ``--save`` (default output/fuzz-failures/) to replay.

    python bench/fuzz.py --count 100000          # the issue's figure; a few hours on a busy 2-core machine
    python bench/fuzz.py --count 2000 --seed 7   # a quick look
"""

from __future__ import annotations

import argparse
import contextlib
import io
import multiprocessing as mp
import os
import random
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

VALID = {
    "plain": "# a double-3 puzzle\n22223\n10101\n23301\n03310\n-\n2-2@r1c1,r1c2\n",
    "plain-spaced": "10 3 10 0\n3 3 0 0\n",
    "game-id": "3:22223101012330103310\n6db:[6]5",
    "json": '{"grid": [[2,2,2,2,3],[1,0,1,0,1],[2,3,3,0,1],[0,3,3,1,0]], "clues": [[[0,0],[0,1]]],'
    ' "solution": [[[0,0],[0,1]],[[0,2],[0,3]],[[0,4],[1,4]],[[1,0],[2,0]],[[1,1],[1,2]],[[1,3],[2,3]],'
    '[[2,1],[2,2]],[[2,4],[3,4]],[[3,0],[3,1]],[[3,2],[3,3]]]}\n',
    "json-lines": '{"grid": [[0,0,1],[1,1,0]]}\n{"grid": [[0,0,1],[1,1,0]], "dominoes": [[0,0],[0,1],[1,1]]}\n',
    "array": '[{"grid": [[0, 0, 1], [1, 1, 0]]}, {"grid": [[0, 1], [0, 1]]}]\n',
    "mixed": "3:22223101012330103310\n\n001\n110\n\n{\"grid\": [[0,0,1],[1,1,0]]}\n",
}

MAX_FUZZ_INPUT = 3_000_000  # characters; the 64 MiB input limit itself is tested in tests/test_cli_hostile_input.py
UNICODE_DIGITS = "٠١٢٣٤٥٦٧٨٩۳०३০৩੩૩୩௩౩೩൩๓໓༣၃០᠓０３𝟑"
TOKENS = ["[", "]", "{", "}", ",", ":", '"', "-", "@", "r", "c", "x", ".", "#", "\n", "\r\n", " ", ";", "\t",
          "null", "true", "1e999", "-1", "NaN", "\ufeff", "\u2028", "\x00", "\xff"]


def mutate(rng: random.Random, text: str) -> bytes:
    """A hostile variant of a valid input: one to four random mutations."""
    data = text
    for _ in range(rng.randint(1, 4)):
        data = rng.choice(_MUTATIONS)(rng, data)
        data = data[:MAX_FUZZ_INPUT]  # some mutations multiply: keep inputs to a few megabytes
        if isinstance(data, bytes):  # random bytes: nothing left to mutate as text
            break
    if isinstance(data, bytes):
        return data
    raw = data.encode("utf-8", "surrogatepass")
    if rng.random() < 0.05:  # a few byte-level changes that may break UTF-8
        raw = bytearray(raw)
        for _ in range(rng.randint(1, 5)):
            if raw:
                raw[rng.randrange(len(raw))] = rng.randrange(256)
        raw = bytes(raw)
    return raw


def _cut(rng, s):
    i = rng.randrange(len(s) + 1)
    return s[:i] if rng.random() < 0.5 else s[i:]


def _insert_token(rng, s):
    i = rng.randrange(len(s) + 1)
    return s[:i] + rng.choice(TOKENS) * rng.choice([1, 1, 2, 50, 5000]) + s[i:]


def _huge_number(rng, s):
    i = rng.randrange(len(s) + 1)
    return s[:i] + rng.choice(["", "-"]) + "9" * rng.choice([8, 20, 5000, 50000]) + s[i:]


def _replace_digit(rng, s):
    digits = [i for i, ch in enumerate(s) if ch.isdigit()]
    if not digits:
        return s
    i = rng.choice(digits)
    return s[:i] + rng.choice(UNICODE_DIGITS + "0123456789x.") + s[i + 1 :]


def _deep(rng, s):
    depth = rng.choice([40, 1000, 100000])
    opener = rng.choice(["[", "{\"a\":", "[{\"b\":"])
    closer = {"[": "]", "{\"a\":": "}", "[{\"b\":": "}]"}[opener]
    inner = opener * depth + (closer * depth if rng.random() < 0.7 else "")
    return '{"x": ' + inner + ', "grid": [[0,0,1],[1,1,0]]}\n' if rng.random() < 0.5 else inner + s


def _repeat_line(rng, s):
    lines = s.split("\n")
    i = rng.randrange(len(lines))
    lines[i] = lines[i] * rng.choice([2, 10, 1000])  # (30,000 puzzles on a line: a long job, not a hang)
    return "\n".join(lines)


def _repeat_whole(rng, s):
    return s * rng.choice([2, 10, 100])


def _random_bytes(rng, s):
    return bytes(rng.randrange(256) for _ in range(rng.choice([1, 10, 300, 5000])))


def _swap_lines(rng, s):
    lines = s.split("\n")
    rng.shuffle(lines)
    return "\n".join(lines)


def _blank(rng, s):
    return rng.choice(["", " ", "\n\n\n", "#\n", "-\n", "3:", "{}", "[]", "[[]]", '{"grid": []}', '{"grid": [[]]}'])


_MUTATIONS = [_cut, _insert_token, _insert_token, _huge_number, _replace_digit, _replace_digit, _deep,
              _repeat_line, _repeat_whole, _random_bytes, _swap_lines, _blank]

COMMANDS = [
    ["show"],
    ["show", "--format", "json"],
    ["solve", "--timeout", "2"],
    ["rate", "--timeout", "2", "--node-budget", "2000"],
    ["hint", "--timeout", "2"],
    ["explain", "--timeout", "2", "--node-budget", "2000"],
    ["render", "--timeout", "2", "--format", "svg", "--out", "{dir}/p{n}.svg"],
]


def make_inputs(seed: int, count: int):
    """``count`` (name, command, bytes) triples, the same for the same seed."""
    rng = random.Random(seed)
    names = sorted(VALID)
    for k in range(count):
        name = rng.choice(names)
        yield k, name, rng.choice(COMMANDS), mutate(rng, VALID[name])


# -- the worker ---------------------------------------------------------------------------------------------------


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang


def check_one(command: list[str], data: bytes, folder: Path) -> str | None:
    """None when the input got a result or a one-line error; else what went wrong."""
    from dominosa.cli.main import main
    from dominosa.errors import PuzzleError
    from dominosa.formats.reader import decode_bytes, read_file_records, read_records

    path = folder / "input.txt"
    path.write_bytes(data)
    try:  # the readers
        with contextlib.suppress(PuzzleError):
            list(read_records(decode_bytes(data), "fuzz"))
        with contextlib.suppress(PuzzleError):
            read_file_records(path)
    except Exception:
        return "reader raised " + traceback.format_exc(limit=-3).strip().splitlines()[-1]
    args = [a.replace("{dir}", str(folder)) for a in command] + [str(path)]
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    except SystemExit as exit_:  # argparse
        code = exit_.code
    except Exception:
        return f"main({args[:-1]}) raised " + traceback.format_exc(limit=-3).strip().splitlines()[-1]
    return _judge(code, err.getvalue(), args[:-1])


def _judge(code, stderr: str, args) -> str | None:
    if code not in (0, 1, 2):
        return f"{args}: exit code {code}: {stderr[-300:]!r}"
    if "Traceback" in stderr:
        return f"{args}: traceback: {stderr[-300:]!r}"
    if code == 2 and len(stderr.strip().splitlines()) != 1:
        return f"{args}: exit 2 with {len(stderr.strip().splitlines())} lines: {stderr[:300]!r}"
    if code == 2 and len(stderr) > 2000:
        return f"{args}: an error line of {len(stderr)} characters"
    return None


def check_subprocess(command: list[str], data: bytes, folder: Path, hang: float) -> str | None:
    """The same input through the installed console script (its own process, memory capped too)."""
    script = Path(sys.executable).with_name("dominosa")
    path = folder / "input.txt"
    path.write_bytes(data)
    args = [a.replace("{dir}", str(folder)) for a in command] + [str(path)]
    try:
        done = subprocess.run([str(script), *args], capture_output=True, timeout=hang, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return f"subprocess {args[:-1]}: hang (over {hang:g} s)"
    return _judge(done.returncode, done.stderr.decode("utf-8", "replace"), ["subprocess", *args[:-1]])


def worker(jobs, results, memory_mb: int, hang: float, subprocess_every: int) -> None:
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    import dominosa.cli.main  # noqa: F401  (loaded once, outside the timings)
    from dominosa.cli.main import build_parser

    build_parser()
    folder = Path(tempfile.mkdtemp(prefix="dominosa-fuzz-"))
    try:
        while (job := jobs.get()) is not None:
            k, name, command, data = job
            for leftover in folder.iterdir():
                leftover.unlink() if leftover.is_file() else shutil.rmtree(leftover)
            start = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, hang)
            try:
                problem = check_one(command, data, folder)
                if problem is None and subprocess_every and k % subprocess_every == 0:
                    problem = check_subprocess(command, data, folder, hang)
            except _Hang:
                problem = f"{command}: hang (over {hang:g} s)"
            except MemoryError:
                problem = f"{command}: MemoryError (over {memory_mb} MB)"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            elapsed = time.perf_counter() - start
            peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            results.put((k, name, command, len(data), elapsed, peak_kb, problem))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        results.put(None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000, help="how many inputs (default 100000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--memory-mb", type=int, default=500, help="address-space cap of the worker (default 500)")
    parser.add_argument("--hang", type=float, default=30.0, help="seconds after which an input is a hang")
    parser.add_argument("--subprocess-every", type=int, default=1000, help="every Nth input also as a real run")
    parser.add_argument("--save", default="output/fuzz-failures", help="where failing inputs are saved")
    parser.add_argument("--report-every", type=int, default=5000)
    args = parser.parse_args()

    print(f"load average at start: {os.getloadavg()} (2-core machine shared with other work)", flush=True)
    ctx = mp.get_context("spawn")
    jobs, results = ctx.Queue(maxsize=64), ctx.Queue()
    proc = ctx.Process(target=worker, args=(jobs, results, args.memory_mb, args.hang, args.subprocess_every))
    proc.start()
    inputs = make_inputs(args.seed, args.count)
    started = time.perf_counter()
    sent = received = 0
    times: list[float] = []
    slowest: list[tuple[float, int, str, list[str], int]] = []
    failures: list[tuple[int, str]] = []
    peak_kb = 0
    by_command: dict[str, int] = {}
    pending = True
    while received < args.count:
        while pending and sent - received < 32:
            job = next(inputs, None)
            if job is None:
                pending = False
                break
            jobs.put(job)
            sent += 1
        item = results.get()
        if item is None:
            print("the worker stopped early", file=sys.stderr)
            break
        k, name, command, size, elapsed, peak, problem = item
        received += 1
        times.append(elapsed)
        peak_kb = max(peak_kb, peak)
        by_command[command[0]] = by_command.get(command[0], 0) + 1
        slowest = sorted([*slowest, (elapsed, k, name, command, size)], reverse=True)[:5]
        if problem is not None:
            failures.append((k, problem))
            save = Path(args.save)
            save.mkdir(parents=True, exist_ok=True)
            for job in make_inputs(args.seed, k + 1):
                if job[0] == k:
                    (save / f"input-{k}.bin").write_bytes(job[3])
            print(f"FAIL input {k} ({name}): {problem}", flush=True)
        if received % args.report_every == 0:
            print(f"{received} inputs, {len(failures)} failures, {time.perf_counter() - started:.0f} s,"
                  f" peak RSS {peak_kb / 1024:.0f} MB, load {os.getloadavg()[0]:.2f}", flush=True)
    jobs.put(None)
    proc.join(timeout=60)
    total = time.perf_counter() - started
    print()
    print(f"inputs: {received} ({', '.join(f'{c} {n}' for c, n in sorted(by_command.items()))})")
    print(f"failures (crash, traceback, wrong exit, more than one line, hang, over {args.memory_mb} MB):"
          f" {len(failures)}")
    if times:
        print(f"time per input: median {statistics.median(times) * 1000:.1f} ms, max {max(times):.2f} s;"
              f" whole run {total:.0f} s")
    print(f"worker peak resident memory: {peak_kb / 1024:.0f} MB (address space capped at {args.memory_mb} MB)")
    for elapsed, k, name, command, size in slowest:
        print(f"  slow: input {k} ({name}, {size:,} bytes) {command[0]}: {elapsed:.2f} s")
    print(f"load average at end: {os.getloadavg()}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
