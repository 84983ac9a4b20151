"""``dominosa render``: draw puzzles, their solutions, or both side by side, as PNG, SVG or PDF files.

Each puzzle becomes one file. For one puzzle ``--out`` may name the file; for several it names a folder (files
``puzzle-1.png``, ``puzzle-2.png``, ...) or a pattern with ``{n}``. Solutions come from the input when it
states them (JSON), otherwise from the solver; everything is read and solved before the first file is written,
so bad input never leaves a half-done folder.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from string import Formatter

from dominosa import rendering
from dominosa.cli.common import add_puzzle_arguments, read_inputs
from dominosa.cli.interrupts import finished
from dominosa.cli.timeout import EXIT_TIMED_OUT, TimedOut, add_timeout_argument, time_limit
from dominosa.cli.usage import UsageError
from dominosa.errors import PuzzleError
from dominosa.formats import PuzzleRecord
from dominosa.rendering.files import FORMATS
from dominosa.solution import Solution

__all__ = ["register", "run", "output_paths"]

DEFAULT_FOLDER = "output"
# A PNG from this command is most often printed: 300 pixels per inch is print resolution. (The library's own
# default, rendering.DEFAULT_DPI, stays a screen's, for the studio and explain's step pictures.)
PRINT_DPI = 300.0

EPILOG = """\
examples:
  dominosa render --example --out puzzle.png
      the double-6 puzzle that comes with dominosa, as a PNG picture
  dominosa render --example --what both --format pdf --out example.pdf
      the puzzle and its solution side by side, as a vector PDF
  dominosa render puzzles.txt --what solution --format svg --out pictures/
      every puzzle's solution, as pictures/puzzle-1-solution.svg, ...
  dominosa render puzzles.txt --out 'screen/p{n:03}.png' --dpi 96 --pips
      die pips instead of digits, at screen resolution, as screen/p001.png, ...

Files of your own in these examples: puzzles.txt.

Without --out the files go to the output/ folder. The format comes from
--format, else from --out's suffix, else PNG. A PNG is at print resolution
(300 pixels per inch): with the default 30 pt cell, a cell prints 10.6 mm
(0.42 in) wide and the double-6 example is 1050x925 pixels; --dpi 96 suits a
screen. --colour adds colour; the default black and grey prints the same on
any printer.
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
        "--dpi",
        type=float,
        default=PRINT_DPI,
        help=f"PNG resolution, pixels per inch (default {PRINT_DPI:g}, for print; 96 for a screen)",
    )
    parser.add_argument(
        "--cell", type=float, default=rendering.DEFAULT_CELL, help="size of a cell in points, 1/72 in (default 30)"
    )
    parser.add_argument("--pips", action="store_true", help="die pips instead of digits (above 9, digits)")
    parser.add_argument("--colour", "--color", action="store_true", help="colour instead of black and grey")
    parser.add_argument("--labels", action="store_true", help="row and column labels (r1.., c1..) outside the board")
    add_timeout_argument(parser, "a puzzle")
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
    style = "colour" if args.colour else "mono"
    timed_out = 0
    failed: list[tuple[PuzzleError, Path]] = []  # puzzles with no solution to draw: the others are drawn
    finished(0, len(records), "pictures")
    for k, (record, target) in enumerate(zip(records, targets, strict=True)):
        puzzle = record.puzzle
        try:
            with time_limit(args.timeout):
                solution = _solution(record) if args.what != "puzzle" else None
                if isinstance(solution, PuzzleError):
                    failed.append((solution, target))
                else:
                    rendering.save(
                        target,
                        puzzle,
                        solution=solution,
                        what=args.what,
                        fmt=fmt,
                        dpi=args.dpi,
                        cell=args.cell,
                        style=style,
                        pips=args.pips,
                        labels=args.labels,
                    )
                    print(
                        f"wrote {target} ({args.what}, {puzzle.rows}x{puzzle.cols}, {record.location})", file=sys.stderr
                    )
        except TimedOut:
            timed_out += 1
            print(
                f"timed out after --timeout {args.timeout:g} s: {target} not written ({record.location})",
                file=sys.stderr,
            )
        finished(k + 1, len(records), "pictures")
    if failed and len(failed) == len(records):
        raise failed[0][0]  # nothing to draw at all: bad input, one line, exit code 2
    for error, target in failed:
        print(f"dominosa: {error}; {target} not written", file=sys.stderr)
    return EXIT_TIMED_OUT if timed_out or failed else 0


def output_paths(out: str | None, count: int, fmt: str, what: str) -> list[Path]:
    """Where each of ``count`` pictures goes: a file, files in a folder, or a ``{n}`` pattern filled in.

    A folder named by the default, or by a path ending in a separator, is created when missing (its parent must
    exist). Raises ``UsageError`` for one file named for several puzzles, or a pattern that does not format.
    """
    if out is not None and "{" in out:
        check_pattern(out, fmt)
        try:
            paths = [Path(out.format(n=n, what=what)) for n in range(1, count + 1)]
        except ValueError:  # {what:d}, {n:s}: a format that does not suit the field
            raise UsageError(f"--out pattern {out!r} does not format: use {{n}}, e.g. out/p{{n:03}}.{fmt}") from None
        if len(set(paths)) < count:
            raise UsageError(f"--out pattern {out!r} gives the same name to several puzzles: put {{n}} in it")
        for parent in sorted({p.parent for p in paths}):  # its folder is made, as --out's folder is (one level)
            parent.mkdir(exist_ok=True)
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


# A field's format: at most a fill, an alignment and a width of two digits, as in {n:03} or {n:>4}.
_SAFE_SPEC = re.compile(r"(.?[<>^=])?0?[0-9]{0,2}[ds]?")


def check_pattern(out: str, fmt: str) -> None:
    """Refuse an ``--out`` pattern that is anything but text with ``{n}`` and ``{what}`` fields.

    ``str.format`` would otherwise follow ``{n.real}`` into attributes, index with ``{n[0]}``, or pad to a width of
    three hundred million characters with ``{n:>300000000}``: a pattern is text from the user, not code.
    """
    shown = out if len(out) <= 60 else out[:57] + "..."
    usage = f"use {{n}} (and {{what}}), e.g. out/p{{n:03}}.{fmt}"
    try:
        fields = [(name, spec, conversion) for _, name, spec, conversion in Formatter().parse(out) if name is not None]
    except ValueError:
        raise UsageError(f"--out pattern {shown!r} does not format: {usage}") from None
    for name, spec, conversion in fields:
        if name not in ("n", "what") or conversion is not None or not _SAFE_SPEC.fullmatch(spec or ""):
            field = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            field = field if len(field) <= 30 else field[:27] + "..."
            raise UsageError(f"--out pattern {shown!r}: {field} is not a field it can hold; {usage}")
    if not fields:
        raise UsageError(f"--out pattern {shown!r} has no {{n}}: {usage}")


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
