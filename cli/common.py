"""What every subcommand shares: where puzzles come from, the ``--format`` option, and printing.

Puzzles come from files (any format, many per file), ``-`` for standard input, a game ID typed on the command
line, or a bundled example (``--example``), so every command can be tried without preparing a file.
"""

from __future__ import annotations

import argparse
import json
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
            records.extend(read_file_records(name))
    if not records:
        raise UsageError("no puzzle given: name a FILE (- for standard input), a game ID, or use --example")
    return records


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
