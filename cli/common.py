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
from typing import Any

from dominosa.cli.main import UsageError
from dominosa.formats import (
    DEFAULT_EXAMPLE,
    PuzzleRecord,
    read_example,
    read_file_records,
    read_records,
)
from dominosa.limits import MAX_INPUT_BYTES, WORKERS_PER_CORE, max_workers

__all__ = [
    "add_puzzle_arguments",
    "add_format_argument",
    "read_inputs",
    "print_text",
    "print_json",
    "FORMATS",
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

    Raises ``PuzzleError`` for bad content, ``OSError`` for a file that cannot be read, and ``UsageError``
    when no puzzle is named at all; the command's ``main`` turns each into one line and exit code 2.
    """
    records: list[PuzzleRecord] = []
    if getattr(args, "example", None):
        records.extend(read_example(args.example))
    for name in args.files:
        if name != "-" and _INLINE_GAME_ID.fullmatch(name) and not os.path.exists(name):
            records.extend(read_records(name, source="command line"))
        else:
            records.extend(read_file_records(name, max_bytes=getattr(args, "max_input", MAX_INPUT_BYTES)))
    if not records:
        raise UsageError("no puzzle given: name a FILE (- for standard input), a game ID, or use --example")
    return records


_SIZE = re.compile(r"([0-9]{1,15})\s*([KMG]?)i?B?", re.IGNORECASE)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30}


def byte_size(text: str) -> int:
    """An argparse type: a number of bytes, with an optional K, M or G (powers of 1024)."""
    match = _SIZE.fullmatch(text.strip())
    if match is None or int(match.group(1)) == 0:
        raise argparse.ArgumentTypeError(f"expected a size such as 200M or 1G, not {text!r}")
    return int(match.group(1)) * _UNITS[match.group(2).upper()]


def finite_number(text: str) -> float:
    """An argparse type: a number, never ``nan`` or ``inf`` (which compare false with everything)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, not {text!r}")
    return value


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
    try:
        print(text)
    except UnicodeEncodeError:
        if hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(errors="replace")
        print(text)


def print_json(value: Any) -> None:
    """Print one JSON value on one line (JSON lines), as every command's ``--format json`` does."""
    print(json.dumps(value, separators=(",", ":"), ensure_ascii=False))
