"""``dominosa render``: draw puzzles, their solutions, or both side by side, as PNG, SVG or PDF files.

Each puzzle becomes one file. For one puzzle ``--out`` may name the file; for several it names a folder (files
``puzzle-1.png``, ``puzzle-2.png``, ...) or a pattern with ``{n}``. Solutions come from the input when it
states them (JSON), otherwise from the solver; everything is read and solved before the first file is written,
so bad input never leaves a half-done folder.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from dominosa import rendering
from dominosa.cli.common import add_puzzle_arguments, read_inputs
from dominosa.cli.main import UsageError
from dominosa.errors import PuzzleError
from dominosa.formats import PuzzleRecord
from dominosa.rendering.files import FORMATS
from dominosa.solution import Solution

__all__ = ["register", "run", "output_paths"]

DEFAULT_FOLDER = "output"

EPILOG = """\
examples:
  dominosa render --example --out puzzle.png
      the double-6 puzzle that comes with dominosa, as a PNG picture
  dominosa render --example --what both --format pdf --out example.pdf
      the puzzle and its solution side by side, as a vector PDF
  dominosa render puzzles.txt --what solution --format svg --out pictures/
      every puzzle's solution, as pictures/puzzle-1-solution.svg, ...
  dominosa render puzzles.txt --out 'print/p{n:03}.png' --dpi 300 --pips
      die pips instead of digits, at print resolution, as print/p001.png, ...

Without --out the files go to the output/ folder. The format comes from
--format, else from --out's suffix, else PNG. --colour adds colour; the
default black and grey prints the same on any printer.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``render`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "render",
        help="draw puzzles and solutions as PNG, SVG or PDF",
        description="Draw each puzzle (its numbers, with guides to draw on), its solution (every domino\n"
        "outlined), or both side by side, as a PNG, SVG or PDF file.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    parser.add_argument("--what", choices=rendering.WHATS, default="puzzle", help="what to draw (default: the puzzle)")
    parser.add_argument("--format", choices=FORMATS, help="file format (default: from --out's suffix, else png)")
    parser.add_argument(
        "--out",
        metavar="PATH",
        help="a file (one puzzle), a folder (ending in /, or existing), or a pattern with {n} such as"
        " out/p{n:03}.png (default: the output/ folder)",
    )
    parser.add_argument(
        "--dpi", type=float, default=rendering.DEFAULT_DPI, help="PNG resolution, pixels per inch (default 100)"
    )
    parser.add_argument(
        "--cell", type=float, default=rendering.DEFAULT_CELL, help="size of a cell in points, 1/72 in (default 30)"
    )
    parser.add_argument("--pips", action="store_true", help="die pips instead of digits (above 9, digits)")
    parser.add_argument("--colour", "--color", action="store_true", help="colour instead of black and grey")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write one picture per puzzle, one line per file on standard error; exit code 0, or 1 when some puzzle
    had no solution to draw (the others are still drawn, and each one left out is named), 2 when none had."""
    if not 1 <= args.dpi <= 2400:
        raise UsageError(f"--dpi must be between 1 and 2400, not {args.dpi:g}")
    if not 2 <= args.cell <= 500:
        raise UsageError(f"--cell must be between 2 and 500 points, not {args.cell:g}")
    fmt = _format(args.format, args.out)
    records = read_inputs(args)
    targets = output_paths(args.out, len(records), fmt, args.what)
    solutions = [_solution(record) if args.what != "puzzle" else None for record in records]
    style = "colour" if args.colour else "mono"
    failed = [s for s in solutions if isinstance(s, PuzzleError)]
    if failed and len(failed) == len(records):
        raise failed[0]  # nothing to draw at all: bad input, one line, exit code 2
    skipped = 0
    for record, target, solution in zip(records, targets, solutions, strict=True):
        if isinstance(solution, PuzzleError):
            print(f"dominosa: {solution}; {target} not written", file=sys.stderr)
            skipped += 1
            continue
        rendering.save(
            target,
            record.puzzle,
            solution=solution,
            what=args.what,
            fmt=fmt,
            dpi=args.dpi,
            cell=args.cell,
            style=style,
            pips=args.pips,
        )
        puzzle = record.puzzle
        print(f"wrote {target} ({args.what}, {puzzle.rows}x{puzzle.cols}, {record.location})", file=sys.stderr)
    return 1 if skipped else 0


def output_paths(out: str | None, count: int, fmt: str, what: str) -> list[Path]:
    """Where each of ``count`` pictures goes: a file, files in a folder, or a ``{n}`` pattern filled in.

    A folder named by the default, or by a path ending in a separator, is created when missing (its parent must
    exist). Raises ``UsageError`` for one file named for several puzzles, or a pattern that does not format.
    """
    if out is not None and "{" in out:
        try:
            paths = [Path(out.format(n=n, what=what)) for n in range(1, count + 1)]
        except (KeyError, IndexError, ValueError):
            raise UsageError(f"--out pattern {out!r} does not format: use {{n}}, e.g. out/p{{n:03}}.{fmt}") from None
        if len(set(paths)) < count:
            raise UsageError(f"--out pattern {out!r} gives the same name to several puzzles: put {{n}} in it")
        return paths
    folder = out is None or out.endswith(("/", os.sep)) or Path(out).is_dir()
    if not folder:
        if count > 1:
            raise UsageError(
                f"{count} puzzles but --out names one file: give a folder (ending in /) or a pattern with {{n}},"
                f" such as out/puzzle-{{n}}.{fmt}"
            )
        return [Path(out)]
    where = Path(out or DEFAULT_FOLDER)
    where.mkdir(exist_ok=True)
    tail = "" if what == "puzzle" else f"-{what}"
    width = len(str(count)) if count > 9 else 1
    return [where / f"puzzle-{n:0{width}}{tail}.{fmt}" for n in range(1, count + 1)]


def _format(fmt: str | None, out: str | None) -> str:
    """The file format: --format, else --out's suffix, else png; a contradiction between them is an error."""
    suffix = Path(out).suffix.lower().lstrip(".") if out and "{" not in Path(out).suffix else ""
    if fmt and suffix in FORMATS and suffix != fmt:
        raise UsageError(f"--format {fmt} but --out {out!r} ends in .{suffix}")
    return fmt or (suffix if suffix in FORMATS else "png")


def _solution(record: PuzzleRecord) -> Solution | PuzzleError:
    """The solution to draw, or the error that says there is none (the other puzzles are drawn all the same)."""
    if record.solution is not None:
        return record.solution
    from dominosa.deductions import solve

    found = solve(record.puzzle)
    if found is None:
        return PuzzleError(f"{record.location}: the puzzle has no solution to draw")
    return found
