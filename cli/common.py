"""What every subcommand shares: where puzzles come from, the ``--format`` option, and printing.

Puzzles come from files (any format, many per file), ``-`` for standard input, a game ID typed on the command
line, or a bundled example (``--example``), so every command can be tried without preparing a file.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections.abc import Iterator
from typing import Any

from dominosa.cli.usage import UsageError
from dominosa.formats import (
    DEFAULT_EXAMPLE,
    PuzzleRecord,
    iter_file_records,
    read_example,
    read_records,
)
from dominosa.formats.drawing import Emphasis
from dominosa.limits import MAX_INPUT_BYTES, MAX_MADE_ORDER, WORKERS_PER_CORE, max_workers

__all__ = [
    "wipe_line",
    "add_puzzle_arguments",
    "add_format_argument",
    "add_path_budget_argument",
    "read_inputs",
    "Inputs",
    "numbered",
    "print_text",
    "print_json",
    "emphasis",
    "FORMATS",
    "grade_argument",
    "plural",
    "warn",
    "check_made_order",
    "MADE_ORDERS",
]

FORMATS = ("text", "json")

# An argument like 3:2222... (or 6db:..., or a malformed one) that names no file is read as a game ID.
# (Any script's digits here, so that a game ID typed with other digits gets the reader's message about them.)
_INLINE_GAME_ID = re.compile(r"\d+[A-Za-z]*[:#]\S*")


def add_puzzle_arguments(parser: argparse.ArgumentParser) -> None:
    """``FILE...`` and ``--example``; read them with :func:`read_inputs`.

    ``--example`` takes no value on purpose: an optional value would swallow the FILE after it.
    """
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="a puzzle file in any format (several puzzles per file are fine), - for standard input,"
        " or a game ID such as 3:22223101012330103310",
    )
    parser.add_argument(
        "--example",
        action="store_const",
        const=DEFAULT_EXAMPLE,
        help=f"also use the {DEFAULT_EXAMPLE} puzzle that comes with dominosa, to try things without a file",
    )
    parser.add_argument(
        "--max-input",
        type=byte_size,
        default=MAX_INPUT_BYTES,
        metavar="SIZE",
        help=f"read at most this much from each file, e.g. 200M or 1G (default {MAX_INPUT_BYTES // 2**20}M)",
    )


def add_path_budget_argument(parser: argparse.ArgumentParser, default: int, help: str) -> None:
    """``--path-budget N`` (``args.path_budget``): the positions the shortest-path search may expand, one name
    wherever a command runs that search. ``--node-budget``, the name rate and explain used before, still works
    (hidden from --help), so that scripts written for it keep running."""
    parser.add_argument("--path-budget", type=int, default=default, metavar="N", help=help)
    hidden = {"default": argparse.SUPPRESS, "help": argparse.SUPPRESS}
    parser.add_argument("--node-budget", type=int, dest="path_budget", **hidden)


def add_format_argument(parser: argparse.ArgumentParser, *, game_id: bool = False) -> None:
    """``--format text|json``: text for people, JSON (one object per line) for programs; with ``game_id`` also
    ``gameid``, one game ID per line, for the common Dominosa apps."""
    parser.add_argument(
        "--format",
        choices=(*FORMATS, "gameid") if game_id else FORMATS,
        default="text",
        help="text for people (the default), or json: one JSON object per line, for programs"
        + ("; gameid: one game ID per line, to play in the common Dominosa apps" if game_id else ""),
    )


def read_inputs(args: argparse.Namespace) -> list[PuzzleRecord]:
    """Every puzzle the arguments name, in order, all checked before any work starts.

    For commands that need them all at once (a book, the names of the pictures, one store transaction); the
    others go through :class:`Inputs`. Raises ``PuzzleError`` for bad content, ``OSError`` for a file
    that cannot be read, and ``UsageError`` when no puzzle is named at all; the command's ``main`` turns each
    into one line and exit code 2.
    """
    return list(Inputs(args))


LOOKAHEAD_CELLS = 100_000
"""How many cells of puzzles :class:`Inputs` reads and checks before the work starts: some 1,800 double-6
puzzles, or ten double-100 ones (about 15 MB of puzzles, whatever their size)."""


class Inputs:
    """The puzzles the arguments name, read as the work goes, after a bounded look-ahead.

    The first puzzles, up to :data:`LOOKAHEAD_CELLS` cells of them, are read and checked when this is built,
    so an input of ordinary size behaves as if read whole: a bad puzzle anywhere in it stops the command before
    any work, and ``total`` is the number of puzzles. A bigger input is read a chunk at a time as the loop goes,
    so memory stays that of one puzzle however many there are; ``total`` is then None (unknown until the end),
    and a bad puzzle late in it stops the command there, after the results of the puzzles before it.

    Raises what :func:`read_inputs` raises.
    """

    def __init__(self, args: argparse.Namespace, *, lookahead_cells: int = LOOKAHEAD_CELLS) -> None:
        self._rest = _all_records(args)
        self._head: list[PuzzleRecord] = []
        self.total: int | None = None
        cells = 0
        for record in self._rest:
            self._head.append(record)
            cells += len(record.puzzle.board)
            if cells >= lookahead_cells:
                break
        else:
            self.total = len(self._head)
            if not self._head:
                raise UsageError("no puzzle given: name a FILE (- for standard input), a game ID, or use --example")

    def __iter__(self) -> Iterator[PuzzleRecord]:
        head, self._head = self._head, []  # handed out once: the look-ahead is not kept for the whole run
        yield from head
        yield from self._rest


def _all_records(args: argparse.Namespace) -> Iterator[PuzzleRecord]:
    if getattr(args, "example", None):
        yield from read_example(args.example)
    for name in args.files:
        if name != "-" and _INLINE_GAME_ID.fullmatch(name) and not os.path.exists(name):
            yield from read_records(name, source="command line")
        else:
            yield from iter_file_records(name, max_bytes=getattr(args, "max_input", MAX_INPUT_BYTES))


def emphasis(stream: Any = None) -> Emphasis:
    """How a drawing marks cells on ``stream`` (standard output by default): bold reverse video on a terminal
    that takes it, brackets in a file, a pipe, a dumb terminal or when NO_COLOR is set (https://no-color.org)."""
    stream = sys.stdout if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    plain = os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb"
    return "ansi" if isatty is not None and isatty() and not plain else "brackets"


def numbered(noun: str, index: int, total: int | None) -> str:
    """``puzzle 3 of 12`` (``puzzle 3`` while the total is not known yet; ``puzzle`` when it is the only one)."""
    if total is None:
        return f"{noun} {index}"
    return f"{noun} {index} of {total}" if total > 1 else noun


_SIZE = re.compile(r"([0-9]{1,15})\s*([KMG]?)i?B?", re.IGNORECASE)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}


def byte_size(text: str) -> int:
    """An argparse type: a number of bytes, with an optional K, M or G (powers of 1024)."""
    match = _SIZE.fullmatch(text.strip())
    if match is None or int(match.group(1)) == 0:
        raise argparse.ArgumentTypeError(f"expected a size such as 200M or 1G, not {text!r}")
    return int(match.group(1)) * _UNITS[match.group(2).upper()]


def grade_argument(text: str) -> str:
    """An argparse type, the one every option taking a grade uses: the grade's name as the engine spells it
    (case and spaces forgiven), or argparse's one-line error naming the grades. A grade nobody has is refused
    rather than matched by nothing: a filter that matches nothing would end in silence and exit code 0."""
    from dominosa.deductions import GRADES, grade_level

    try:
        return GRADES[grade_level(text)]
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def finite_number(text: str) -> float:
    """An argparse type: a number, never ``nan`` or ``inf`` (which compare false with everything)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, not {text!r}")
    return value


MADE_ORDERS = f"between 1 and {MAX_MADE_ORDER} (the largest order dominosa makes)"
"""The orders a command that makes puzzles takes, in the words of its errors (the limit is
:data:`~dominosa.limits.MAX_MADE_ORDER`)."""


def check_made_order(order: int, option: str = "--order") -> int:
    """Refuse an order of puzzles to make beyond :data:`~dominosa.limits.MAX_MADE_ORDER`, naming the limit, so
    ``generate``, ``book`` and ``site`` refuse alike."""
    if not 1 <= order <= MAX_MADE_ORDER:
        raise UsageError(f"{option} must be {MADE_ORDERS}, not {order}")
    return order


def check_workers(workers: int | None, *, local: bool = True) -> None:
    """Refuse ``--workers`` beyond :func:`~dominosa.limits.max_workers` local processes (a cluster is not capped)."""
    if local and workers is not None and workers > max_workers():
        raise UsageError(
            f"--workers {workers} is more than {max_workers()}, the limit on local processes"
            f" ({WORKERS_PER_CORE} per core on this machine): more only adds switching, never speed"
        )


def print_text(text: str) -> None:
    """Print text for people, box-drawing characters included, even where the terminal cannot show them.

    On a console whose encoding lacks those characters, unprintable ones become ``?`` rather than the
    command dying with an encoding error halfway through its output.
    """
    line = text + "\n"  # one write, not two: unbuffered output (PYTHONUNBUFFERED) makes each a system call
    try:
        sys.stdout.write(line)
    except UnicodeEncodeError:
        if hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(errors="replace")
        sys.stdout.write(line)


def plural(n: int, word: str) -> str:
    """``1 puzzle``, ``3 puzzles``, ``1,204 puzzles``: a count and its noun, agreeing."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def warn(message: str) -> None:
    """One line on standard error for something the user should know while the command goes on (``dominosa: ...``):
    never on standard output, where it would mix with the results."""
    print(f"dominosa: {message}", file=sys.stderr, flush=True)


def print_json(value: Any) -> None:
    """Print one JSON value on one line (JSON lines), as every command's ``--format json`` does."""
    sys.stdout.write(json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n")


def wipe_line(stream: Any, width: int) -> None:
    """Blank a progress line of ``width`` characters that a terminal shows in place (``\\r``, no newline), and
    leave the cursor at its start, so that what is printed next starts on a clean line."""
    if width:
        stream.write("\r" + " " * width + "\r")
        stream.flush()
