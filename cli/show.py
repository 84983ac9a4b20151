"""``dominosa show``: read puzzles, check them, and print each one's board, size, domino set and clues.

The first command to try: it proves a file reads (every problem comes back as one line with its position) and
shows what the program understood, before any solving or rating.
"""

from __future__ import annotations

import argparse
from typing import Any

from dominosa.cli.common import Inputs, add_format_argument, add_puzzle_arguments, numbered, print_json, print_text
from dominosa.cli.usage import UsageError
from dominosa.dominoes import domino_name
from dominosa.errors import PuzzleError
from dominosa.formats import PuzzleRecord, draw_solution, format_clue, puzzle_to_dict, write_game_id

__all__ = ["register", "run", "describe", "summary"]

FORMAT_NAMES = {"plain": "plain grid", "game-id": "game ID", "json": "JSON"}

EPILOG = """\
examples:
  dominosa show --example
      the double-6 puzzle that comes with dominosa
  dominosa show 3:22223101012330103310
      a game ID copied from Simon Tatham's Dominosa: order 3, 4 rows x 5 columns
  dominosa show puzzles.txt more.jsonl
      every puzzle of both files, one after the other
  dominosa show --format json puzzles.txt > puzzles.jsonl
      the same puzzles as JSON lines, one object per puzzle, for other programs

Files of your own in these examples: puzzles.txt, more.jsonl.

A plain puzzle file holds one row of numbers per line (x or . for a square that
is not a cell), # for comments, and a blank line between puzzles:

  # my first puzzle
  22223
  10101
  23301
  03310

Bad input is reported as one line naming the file, line and column, and the
exit code is 2.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``show`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "show",
        help="check puzzles and print their boards",
        description="Read puzzles in any format (plain grid, game ID, JSON), check them, and print\n"
        "each one's board, order, size, domino set and clues.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    add_format_argument(parser, game_id=True)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print every puzzle the arguments name; exit code 0."""
    records = Inputs(args)  # read as they are shown: a file of any length in the memory of one puzzle
    for k, record in enumerate(records):
        if args.format == "json":
            print_json(describe(record))
        elif args.format == "gameid":
            print_text(game_id_of(record.puzzle, record.location))
        else:
            print_text(("\n" if k else "") + summary(record, index=k + 1, total=records.total))
    return 0


def game_id_of(puzzle, where: str) -> str:
    """The puzzle's game ID, or a one-line error naming the puzzle when a game ID cannot hold it."""
    try:
        return write_game_id(puzzle)
    except PuzzleError as error:
        raise UsageError(f"{where}: {error}") from None


def describe(record: PuzzleRecord) -> dict[str, Any]:
    """The puzzle's JSON form (which reads back as the same puzzle) plus where it came from and its size."""
    puzzle = record.puzzle
    return {
        "source": record.source,
        "line": record.line,
        "format": record.format,
        "order": puzzle.order,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "cells": len(puzzle.board),
        "irregular": not puzzle.board.is_rectangle,
        **puzzle_to_dict(puzzle, record.solution),
    }


def summary(record: PuzzleRecord, *, index: int = 1, total: int | None = 1) -> str:
    """The text ``show`` prints for one puzzle: a few labelled facts, then the board drawn."""
    puzzle = record.puzzle
    board = puzzle.board
    n = puzzle.order
    squares = puzzle.rows * puzzle.cols
    if not board.is_rectangle:
        shape = f"irregular: {squares - len(board)} of the {squares} squares are not cells"
    elif puzzle.rows == n + 1 and puzzle.cols == n + 2:
        shape = "the standard rectangle"
    else:
        shape = "a rectangle"
    if puzzle.is_full_set:
        dominoes = f"double-{n} set, {len(puzzle.dominoes)} dominoes"
    else:
        names = " ".join(domino_name(d) for d in puzzle.dominoes)
        dominoes = f"{len(puzzle.dominoes)} dominoes, not a full set: {names}"
    clues = " ".join(format_clue(puzzle, clue) for clue in puzzle.clues) or "none"
    lines = [
        f"{numbered('puzzle', index, total)}: {record.location} ({FORMAT_NAMES.get(record.format, record.format)})",
        f"  order     {n}",
        f"  board     {puzzle.rows} rows x {puzzle.cols} columns, {len(board)} cells ({shape})",
        f"  dominoes  {dominoes}",
        f"  clues     {clues}",
    ]
    if record.solution is not None:
        lines.append("  solution  given in the input, and correct")
    lines.append(draw_solution(puzzle))
    return "\n".join(lines)
