"""``dominosa tile``: the tiling puzzles that exact cover also solves: pentominoes, A-Puzzle-A-Day, DominoPeg,
or any board and pieces described in a file.

By default the first solution is found and drawn; ``--count`` counts them all (``--up-to-symmetry`` counts one
per class under turning and flipping the board), ``--all`` shows them all, ``--render`` draws the first as a
picture. Long counts print their progress on standard error and stop cleanly on Ctrl-C, saying how far they got.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from typing import Any

from dominosa.cli.common import add_format_argument, print_json, print_text
from dominosa.cli.usage import UsageError
from dominosa.cover.tiling import METHODS, PackingCover, tally, tilings
from dominosa.formats.reader import read_input_text
from dominosa.tiling import BUNDLED, Packing, Tiling, dominopeg, pentominoes, read_packing
from dominosa.tiling import calendar as calendar_puzzle

__all__ = ["register", "run", "build_packing", "as_json"]

EPILOG = """\
examples:
  dominosa tile pentominoes
      the first way found to pack the twelve pentominoes into a 6x10 box
  dominosa tile pentominoes --size 4x15 --count --up-to-symmetry
      count the tilings of the 4x15 box, one per class under turning and flipping it (368)
  dominosa tile pentominoes --size 3x20 --all
      draw every tiling of the 3x20 box
  dominosa tile calendar --date 2026-11-21 --count --render date.png
      count today's A-Puzzle-A-Day solutions and draw the first one
  dominosa tile calendar --every-date
      how many solutions each date of the year has, in one search
  dominosa tile dominopeg --empty 0,7,14,21,28
      solve a DominoPeg challenge: the five circles named stay empty
  dominosa tile my-puzzle.txt --count
      a board and pieces of your own (see the README for the file format)

Files of your own in these examples: my-puzzle.txt.

Circles of DominoPeg are numbered 0-34 row by row on the 7x5 grid of corners.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``tile`` to the ``dominosa`` command, and its old name ``cover`` (unlisted: to a book maker a cover is a
    book's), so scripts written for it keep working."""
    _add(
        subparsers, "tile", help="solve tiling puzzles by exact cover: pentominoes, A-Puzzle-A-Day, DominoPeg, your own"
    )
    _add(subparsers, "cover")


def _add(subparsers: argparse._SubParsersAction, name: str, **listed) -> None:
    """One parser for the command; ``listed`` (a help line) puts it in ``dominosa --help``."""
    parser = subparsers.add_parser(
        name,
        description="Solve, count and draw tiling puzzles by exact cover.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        **listed,
    )
    parser.add_argument(
        "puzzle",
        metavar="PUZZLE",
        help=f"{', '.join(BUNDLED)}, or a FILE describing a board and pieces (- for standard input)",
    )
    parser.add_argument("--size", metavar="RxC", help="pentominoes: the box, 6x10 (default), 5x12, 4x15 or 3x20")
    parser.add_argument("--date", metavar="DATE", help="calendar: YYYY-MM-DD or MM-DD (default: today)")
    parser.add_argument(
        "--every-date", action="store_true", help="calendar: count the solutions of every date, in one search"
    )
    parser.add_argument(
        "--empty",
        metavar="CIRCLES",
        help="dominopeg: the five circles left empty, e.g. 0,7,14,21,28 (the default)",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--count", action="store_true", help="count the solutions instead of showing the first")
    what.add_argument("--all", action="store_true", help="show every solution")
    parser.add_argument("--limit", type=int, metavar="N", help="with --count or --all: stop after N solutions")
    parser.add_argument(
        "--up-to-symmetry",
        action="store_true",
        help="one solution per class under turning and flipping the board (the ones the pieces allow)",
    )
    parser.add_argument(
        "--method",
        choices=METHODS,
        default="bitmask",
        help="the search: bitmask (fill the first empty cell; the default, fastest on these boards) or dlx"
        " (dancing links, fewest choices first)",
    )
    parser.add_argument("--render", metavar="FILE", help="draw the first solution (or the board) as .png, .svg or .pdf")
    # --mono, as render and book say it (they take --colour; a tiling is drawn in colour unless told otherwise);
    # --style is the old spelling, kept working but unlisted.
    parser.add_argument("--mono", dest="style", action="store_const", const="mono", help="--render in black and grey")
    parser.add_argument("--style", choices=("colour", "mono"), default="colour", help=argparse.SUPPRESS)
    parser.add_argument("--quiet", action="store_true", help="no progress lines on standard error")
    add_format_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve the puzzle asked for; exit code 0 (bad input is 2, raised before any search starts)."""
    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit must be at least 1, not {args.limit}")
    if args.limit is not None and not (args.count or args.all):
        raise UsageError("--limit goes with --count or --all")
    if args.every_date:
        return _every_date(args)
    if args.render:
        _format(args.render)
    packing = build_packing(args)
    reason = packing.mismatch()
    if reason is not None:
        raise UsageError(f"{packing.title or args.puzzle} cannot be solved: {reason}")
    cover = PackingCover(packing)
    progress = None if args.quiet or args.format == "json" else _Progress()
    shown: list[Tiling] = []
    first: Tiling | None = None
    found = 0
    complete = True
    interrupted = False
    started = time.perf_counter()
    limit = args.limit if (args.count or args.all) else 1
    try:
        for tiling in tilings(cover, up_to_symmetry=args.up_to_symmetry, method=args.method):
            found += 1
            first = first or tiling
            if args.all or (found == 1 and not args.count):
                shown.append(tiling)
                if args.all and args.format == "text":
                    _print_tiling(tiling, found)
            if progress is not None:
                progress.update(found)
            if limit is not None and found >= limit:
                complete = False
                break
    except KeyboardInterrupt:
        interrupted = True
    if progress is not None:
        progress.clear()
    seconds = time.perf_counter() - started
    if args.render:
        _render(args, packing, first)
    if interrupted:
        print(f"dominosa: interrupted: {found} solutions found in {seconds:.1f} s", file=sys.stderr)
        return 130
    symmetries = len(cover.symmetry) if args.up_to_symmetry else 1
    if args.format == "json":
        print_json(as_json(packing, args, shown, found, complete, symmetries, seconds))
        return 0
    if not (args.all or args.count) and shown:
        print_text(f"{packing.title}: a solution")
        print_text(shown[0].text().rstrip("\n"))
    if args.count or args.all or not shown:
        print_text(f"{packing.title}: {_verdict(found, complete, args.up_to_symmetry, symmetries)} ({seconds:.2f} s)")
    return 0


def build_packing(args: argparse.Namespace) -> Packing:
    """The packing the arguments describe; options that do not fit the puzzle are refused with one line."""
    name = args.puzzle
    _refuse(args, "size", name == "pentominoes")
    _refuse(args, "date", name == "calendar")
    _refuse(args, "empty", name == "dominopeg")
    try:
        if name == "pentominoes":
            rows, cols = _size(args.size or "6x10")
            return pentominoes.pentomino_box(rows, cols)
        if name == "calendar":
            month, day = calendar_puzzle.parse_date(args.date or datetime.date.today().isoformat())
            return calendar_puzzle.date_packing(month, day)
        if name == "dominopeg":
            empty = dominopeg.parse_challenge(args.empty) if args.empty else dominopeg.DEFAULT_CHALLENGE
            return dominopeg.challenge_packing(empty)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if name != "-" and not os.path.exists(name):
        raise UsageError(f"no puzzle called {name!r}: use {', '.join(BUNDLED)} or the name of a file")
    text, source = read_input_text(name)  # OSError and PuzzleError (empty, not text) become one line
    return read_packing(text, source)


def _refuse(args: argparse.Namespace, option: str, fits: bool) -> None:
    if getattr(args, option) is not None and not fits:
        raise UsageError(f"--{option} does not apply to {args.puzzle}")


def _size(text: str) -> tuple[int, int]:
    rows, sep, cols = text.lower().partition("x")
    if not (sep and rows.isdigit() and cols.isdigit()):
        raise UsageError(f"--size {text!r}: write ROWSxCOLUMNS, such as 6x10")
    return int(rows), int(cols)


def _verdict(found: int, complete: bool, up_to_symmetry: bool, symmetries: int) -> str:
    what = "solution" if found == 1 else "solutions"
    if not complete:
        head = f"at least {found} {what} (stopped at the limit)"
    elif found == 0:
        head = "no solution"
    else:
        head = f"{found} {what}"
    if up_to_symmetry and found:
        head += f" up to symmetry ({symmetries} symmetries of the board)"
    return head


def _print_tiling(tiling: Tiling, number: int) -> None:
    print_text(f"solution {number}:")
    print_text(tiling.text().rstrip("\n"))


def as_json(
    packing: Packing,
    args: argparse.Namespace,
    shown: list[Tiling],
    found: int,
    complete: bool,
    symmetries: int,
    seconds: float,
) -> dict[str, Any]:
    """The object ``--format json`` prints; the studio's ``/api/tile`` answers with it too."""
    return {
        "source": packing.title,  # what the puzzle is, as every command's JSON names it
        "count": found,
        "complete": complete if (args.count or args.all) else found == 0,
        "up_to_symmetry": args.up_to_symmetry,
        "symmetries": symmetries,
        "seconds": round(seconds, 3),
        "solutions": [tiling.to_dict() for tiling in shown],
    }


def _every_date(args: argparse.Namespace) -> int:
    if args.puzzle != "calendar":
        raise UsageError("--every-date goes with the calendar puzzle")
    for option in ("date", "size", "empty", "render", "limit"):
        if getattr(args, option) is not None:
            raise UsageError(f"--{option} does not go with --every-date")
    if args.count or args.all or args.up_to_symmetry:
        raise UsageError("--every-date counts every date already: leave out --count, --all and --up-to-symmetry")
    started = time.perf_counter()
    counts = tally(
        calendar_puzzle.whole_calendar_packing(),
        (calendar_puzzle.MONTH_PIECE, calendar_puzzle.DAY_PIECE),
        method=args.method,
    )
    per_date: dict[tuple[int, int], int] = dict.fromkeys(calendar_puzzle.DATES, 0)
    for (month_cells, day_cells), n in counts.items():
        date = calendar_puzzle.date_of(month_cells[0], day_cells[0])
        if date in per_date:
            per_date[date] = n
    seconds = time.perf_counter() - started
    if args.format == "json":
        print_json(
            {
                "dates": {f"{m:02d}-{d:02d}": n for (m, d), n in per_date.items()},
                "total": sum(per_date.values()),
                "seconds": round(seconds, 3),
            }
        )
        return 0
    print_text(_calendar_table(per_date))
    fewest, most = min(per_date.values()), max(per_date.values())
    print_text(
        f"{len(per_date)} dates, {sum(per_date.values())} solutions in all ({seconds:.1f} s); "
        f"fewest {fewest} ({_dates_with(per_date, fewest)}), most {most} ({_dates_with(per_date, most)})"
    )
    unsolvable = [d for d, n in per_date.items() if n == 0]
    if unsolvable:
        print_text(f"no solution: {_dates_with(per_date, 0)}")
    return 0


def _calendar_table(per_date: dict[tuple[int, int], int]) -> str:
    width = max(3, len(str(max(per_date.values()))))
    head = "     " + "".join(f"{d:>{width + 1}}" for d in range(1, 32))
    lines = [head]
    for month in range(1, 13):
        cells = []
        for day in range(1, 32):
            n = per_date.get((month, day))
            cells.append(f"{'-' if n is None else n:>{width + 1}}")
        lines.append(f"{calendar_puzzle.MONTHS[month - 1]:<5}" + "".join(cells))
    return "\n".join(lines)


def _dates_with(per_date: dict[tuple[int, int], int], n: int) -> str:
    dates = [f"{calendar_puzzle.MONTHS[m - 1]} {d}" for (m, d), k in per_date.items() if k == n]
    return ", ".join(dates[:5]) + (f" and {len(dates) - 5} more" if len(dates) > 5 else "")


def _render(args: argparse.Namespace, packing: Packing, tiling: Tiling | None) -> None:
    """Draw the tiling (or the empty board when there is none) to ``--render``, atomically."""
    from dominosa.rendering import render
    from dominosa.rendering.files import atomic_write
    from dominosa.rendering.tiling import packing_diagram, tiling_diagram

    picture = (
        tiling_diagram(tiling, style=args.style) if tiling is not None else packing_diagram(packing, style=args.style)
    )
    atomic_write(args.render, render(picture, _format(args.render), title=packing.title))


def _format(path: str) -> str:
    """The picture format of ``--render``, checked before any search so a bad name costs nothing."""
    from dominosa.rendering.files import format_from_path

    try:
        fmt = format_from_path(path)
    except ValueError as error:
        raise UsageError(str(error)) from None
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {path}: there is no folder {folder}")
    return fmt


class _Progress:
    """A progress line on standard error, at most twice a second, only when it is a terminal."""

    def __init__(self) -> None:
        self.enabled = sys.stderr.isatty()
        self.started = self.last = time.perf_counter()
        self.shown = False

    def update(self, found: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last >= 0.5:
            self.last = now
            print(f"\r{found} solutions so far, {now - self.started:.0f} s", end="", file=sys.stderr, flush=True)
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
