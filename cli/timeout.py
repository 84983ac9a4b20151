"""``--timeout SECONDS`` for every command that can run long on a big board: one mechanism for all of them.

The engine knows nothing of clocks (see the design), so the limit is kept here, at the edge: a timer signal
(``SIGALRM``) interrupts the work in the main thread with :class:`TimedOut`, the same way Ctrl-C interrupts it
with ``KeyboardInterrupt``: between two Python steps, so within milliseconds wherever the engine is (the compiled
counter pauses for signals every few dozen nodes: ``deductions/signals.py``). Each
command wraps one unit of work (a puzzle) in :func:`time_limit` and says in its output what ran out of time.
"""

from __future__ import annotations

import argparse
import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from types import FrameType

from dominosa.cli.common import numbered, print_json, print_text
from dominosa.formats import PuzzleRecord

__all__ = [
    "EXIT_TIMED_OUT",
    "TimedOut",
    "add_timeout_argument",
    "limits_whole_run",
    "positive_seconds",
    "report_timed_out",
    "time_limit",
]


class TimedOut(Exception):
    """The ``--timeout`` of one piece of work ran out."""


def positive_seconds(text: str) -> float:
    """An argparse type: a finite number of seconds above 0 (``nan`` and ``inf`` are refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text!r}")
    return value


def add_timeout_argument(parser: argparse.ArgumentParser, what: str = "a puzzle", *, whole_run: str = "") -> None:
    """``--timeout SECONDS``: give up on one piece of work (``what``) after that long and go on with the next.

    A command whose ``--timeout`` bounds the whole run (see :func:`limits_whole_run`) passes ``whole_run``, what
    is left when the time runs out, and its help says that instead.
    """
    if whole_run:
        help = f"stop the whole run after this many seconds, say so, and exit with code 1 ({whole_run})"
    else:
        help = f"give up on {what} after this many seconds, say so, and go on with the next"
    parser.add_argument("--timeout", type=positive_seconds, metavar="SECONDS", help=help)


def _expired(signum: int, frame: FrameType | None) -> None:
    raise TimedOut


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TimedOut` in the block once ``seconds`` pass (None: no limit).

    Only the main thread can receive the timer signal; elsewhere (a web server's worker thread) the block runs
    without a limit rather than misbehaving.
    """
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expired)
    started = time.monotonic()
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer > 0:  # a timer set around ours (a caller's own limit) keeps running for what it had left
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 0.001))


EXIT_TIMED_OUT = 1
"""The exit code when ``--timeout`` stopped work before it gave its answer (as ``generate`` giving up)."""


def report_timed_out(
    record: PuzzleRecord, outcome: str, args: argparse.Namespace, *, index: int, total: int | None
) -> None:
    """Print, in the command's ``--format``, that a puzzle ran out of time and what it lacks (``"not rated"``)."""
    line = f"timed out after --timeout {args.timeout:g} s, {outcome}"
    if args.format == "json":
        print_json({"source": record.source, "line": record.line, "timed_out": True, "note": line})
    else:
        print_text(("\n" if index > 1 else "") + f"{numbered('puzzle', index, total)}: {record.location}: {line}")


Run = Callable[[argparse.Namespace], int]


def limits_whole_run(outcome: str) -> Callable[[Run], Run]:
    """For a command whose work is one piece (a book): ``--timeout`` bounds the whole run.

    When the time runs out the command prints one line (``outcome`` says what is lost, e.g. "the book was not
    written") and exits with :data:`EXIT_TIMED_OUT`; files are written atomically, so nothing half-made is left.
    """

    def decorate(run: Run) -> Run:
        @wraps(run)
        def limited(args: argparse.Namespace) -> int:
            try:
                with time_limit(args.timeout):
                    return run(args)
            except TimedOut:
                print(f"dominosa: timed out after --timeout {args.timeout:g} s: {outcome}", file=sys.stderr)
                return EXIT_TIMED_OUT

        return limited

    return decorate
