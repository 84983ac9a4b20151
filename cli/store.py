"""``dominosa store``: look into a puzzle store, export puzzles from it for a book, count them, import more, and
measure again the scores of an older measure.

The store is the SQLite file that ``dominosa generate`` fills (``output/puzzles.sqlite`` unless ``--store``
says otherwise). Every action here calls one method of :class:`~dominosa.generator.store.PuzzleStore` and
prints; a missing or broken store is one line on standard error and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from dominosa.atomic import open_atomic
from dominosa.cli.common import add_format_argument, grade_argument, plural, print_json, print_text, read_inputs, warn
from dominosa.cli.interrupts import EXIT_INTERRUPTED, finished
from dominosa.cli.usage import UsageError
from dominosa.formats import draw_solution
from dominosa.generator.store import PuzzleStore
from dominosa.generator.store_queries import EXPORT_FORMATS
from dominosa.generator.store_records import StoredPuzzle, StoreError, StoreNotFound, StoreStats
from dominosa.limits import MAX_NUMBER_DIGITS, MAX_ORDER
from dominosa.puzzle import Puzzle

__all__ = ["register", "DEFAULT_STORE", "list_line", "stats_table", "plot_stats", "warn_old_scores", "RescoreProgress"]

DEFAULT_STORE = "output/puzzles.sqlite"
PLOT_FORMATS = (".png", ".svg", ".pdf")

EPILOG = """\
examples:
  dominosa store stats
      how many puzzles output/puzzles.sqlite holds, per order and grade
  dominosa store list --order 7 --grade hard --limit 20
      one line per puzzle: id, order, size, grade, score, when it was made
  dominosa store show 12
      puzzle 12 drawn with its solution, and everything known about it
  dominosa store export --grade hard --format json --out hard.jsonl
      the hard puzzles as JSON lines (grid, solution, grade, score, ...) for a book
  dominosa store add puzzles.txt 3:22223101012330103310
      solve puzzles from files or game IDs and keep the proper ones
  dominosa store stats --plot counts.png --store my.sqlite
      a bar chart of another store's puzzles per order, split by grade
  dominosa store rescore output/puzzles.sqlite
      measure again the scores an older dominosa gave (listed as 'old')

Files of your own in these examples: output/puzzles.sqlite, my.sqlite, puzzles.txt.

A store never holds a puzzle twice: a puzzle turned, mirrored, or with its
numbers renamed counts as the same puzzle. Run 'dominosa store ACTION --help'
for an action's options. A missing or broken store, or any other bad input, is
one line on standard error and exit code 2.
"""

LIST_EPILOG = """\
examples:
  dominosa store list
      every puzzle, oldest first
  dominosa store list --order 6 --grade hard --by score --limit 10
      the ten best-scored hard puzzles of order 6
  dominosa store list --format json
      one JSON object per puzzle, without its grid (export has the grids)
  dominosa store list --series classic
      the puzzles the volumes of the series 'classic' printed, volume by volume
  dominosa store list --series classic --unused --grade hard
      the hard puzzles the next volume may still print: none printed before,
      nor one turned, mirrored or renamed, nor a near-twin of one

Files of your own in these examples: output/puzzles.sqlite.
"""

SHOW_EPILOG = """\
examples:
  dominosa store show 12
      puzzle 12 drawn with its solution, its grade, score, seed and parameters
  dominosa store show 12 13 14 --format json
      the three puzzles as JSON lines, each with grid and solution

Files of your own in these examples: output/puzzles.sqlite.
"""

EXPORT_EPILOG = """\
examples:
  dominosa store export > all.txt
      every puzzle as a plain grid, each under a comment naming its id and grade
  dominosa store export --order 9 --grade extreme --by score --limit 50 --format json --out book.jsonl
      the 50 best-scored extreme double-9 puzzles as JSON lines with their
      solutions, ready for 'dominosa book'
  dominosa store export --by score --limit 100 --out best.txt
      the hundred best-scored puzzles

Files of your own in these examples: output/puzzles.sqlite.

Both forms read back with every dominosa command. --out writes the file
atomically: it appears complete, or not at all.
"""

STATS_EPILOG = """\
examples:
  dominosa store stats
      a table of counts: one row per order, one column per grade
  dominosa store stats --format json
      the same counts as one JSON object
  dominosa store stats --plot counts.png
      also draw them as stacked bars (.png, .svg or .pdf)
  dominosa store stats my.sqlite
      the counts of another store (as --store my.sqlite)

Files of your own in these examples: output/puzzles.sqlite, my.sqlite.
"""

ADD_EPILOG = """\
examples:
  dominosa store add puzzles.txt
      solve each puzzle of the file and keep the proper ones (exactly one solution)
  dominosa store add 3:22223101012330103310 --store my.sqlite
      a game ID typed on the command line, into another store
  dominosa generate --order 6 --format json | dominosa store add -
      puzzles from standard input

Files of your own in these examples: puzzles.txt.

Puzzles the store already holds (up to symmetry and renaming of numbers) are
reported and skipped. Each puzzle added is stored with its grade and score: the
ones its file states (as 'dominosa rate' and 'generate' write them), else they
are rated. The exit code is 0 when every puzzle was added or already there, 1
when some were not proper, and 2 for bad input.
"""

RESCORE_EPILOG = """\
examples:
  dominosa store rescore output/puzzles.sqlite
      score again every puzzle whose score an older dominosa measured
  dominosa store rescore my.sqlite --quiet
      the same for another store, without the progress lines

Files of your own in these examples: output/puzzles.sqlite, my.sqlite.

A score of an older measure does not compare with today's: until it is
measured again, 'list' and 'show' print it as 'old', a score range leaves it
out and sorting by score puts it last. Rescoring takes a moment per puzzle, so
opening a store never does it: this does, in batches, each saved as soon as it
is done. Ctrl-C stops it and keeps every batch done (exit code 130); run it
again to go on. Exit code 2 for bad input (no such file, not a puzzle store, a
file that cannot be written).
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``store`` and its actions to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "store",
        help="list, show, export, count, import and rescore the puzzles of a puzzle store",
        description="Look into a puzzle store (the SQLite file 'dominosa generate' fills), export its\n"
        "puzzles, count them, import more, or measure old scores again.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(title="actions", metavar="ACTION", dest="action", required=True)
    for add in (_register_list, _register_show, _register_export, _register_stats, _register_add, _register_rescore):
        add(actions)


def _action(
    actions: argparse._SubParsersAction, name: str, help: str, description: str, epilog: str, run: Callable[..., int]
) -> argparse.ArgumentParser:
    """One action's parser, with the --store every action takes and its run reporting store errors as usage
    errors (exit code 2)."""
    sub = actions.add_parser(
        name,
        help=help,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub.add_argument(
        "--store",
        default=DEFAULT_STORE,
        metavar="PATH",
        help=f"the puzzle store (default {DEFAULT_STORE})",
    )
    sub.set_defaults(run=_store_errors_as_usage_errors(run))
    return sub


def _register_list(actions: argparse._SubParsersAction) -> None:
    sub = _action(
        actions, "list", "one line per puzzle", "List the puzzles of a store, one line each.", LIST_EPILOG, run_list
    )
    _add_filters(sub)
    sub.add_argument(
        "--series",
        metavar="NAME",
        help="only the puzzles the volumes of this series printed ('book --store S --series NAME' records them)",
    )
    sub.add_argument(
        "--unused",
        action="store_true",
        help="with --series: instead, the puzzles a next volume may print (none printed, nor a near-twin of one)",
    )
    add_format_argument(sub)


def _register_show(actions: argparse._SubParsersAction) -> None:
    sub = _action(
        actions,
        "show",
        "draw puzzles with their solutions",
        "Draw stored puzzles with their solutions.",
        SHOW_EPILOG,
        run_show,
    )
    sub.add_argument("ids", nargs="+", type=_non_negative, metavar="ID", help="the id of a puzzle, as 'list' shows it")
    add_format_argument(sub)


def _register_export(actions: argparse._SubParsersAction) -> None:
    sub = _action(
        actions,
        "export",
        "write puzzles as plain text or JSON lines",
        "Write stored puzzles as plain grids or JSON lines, to standard output or a file.",
        EXPORT_EPILOG,
        run_export,
    )
    _add_filters(sub)
    sub.add_argument("--out", metavar="FILE", help="write to this file (atomically) instead of standard output")
    sub.add_argument(
        "--format",
        choices=EXPORT_FORMATS,
        default="text",
        help="text: plain grids under a comment line (the default); json: JSON lines with solutions;"
        " gameid: one game ID per line, for the common Dominosa apps",
    )


def _register_stats(actions: argparse._SubParsersAction) -> None:
    sub = _action(
        actions,
        "stats",
        "count puzzles per order and grade",
        "Count a store's puzzles per order and grade.",
        STATS_EPILOG,
        run_stats,
    )
    _add_store_file_argument(sub)
    sub.add_argument("--plot", metavar="FILE", help="also draw the counts as a bar chart (.png, .svg or .pdf)")
    add_format_argument(sub)


def _register_add(actions: argparse._SubParsersAction) -> None:
    sub = _action(
        actions,
        "add",
        "solve puzzles from files and keep the proper ones",
        "Import puzzles from files: solve each, keep the proper ones, skip those already stored.",
        ADD_EPILOG,
        run_add,
    )
    sub.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a puzzle file in any format, - for standard input, or a game ID such as 3:22223101012330103310",
    )
    sub.add_argument(
        "--timeout",
        type=_positive(float),
        metavar="SECONDS",
        help="give up on counting a puzzle's solutions after this long; grading it gets as long again (past it,"
        " the puzzle is stored ungraded)",
    )
    add_format_argument(sub)


def _register_rescore(actions: argparse._SubParsersAction) -> None:
    sub = _action(
        actions,
        "rescore",
        "measure again the scores of an older measure",
        "Score again, as 'dominosa rate' does today, every puzzle whose score an older dominosa measured.",
        RESCORE_EPILOG,
        run_rescore,
    )
    _add_store_file_argument(sub)
    sub.add_argument("--quiet", action="store_true", help="no progress lines on standard error")


def _add_store_file_argument(sub: argparse.ArgumentParser) -> None:
    """The store as an optional FILE, as well as --store (read with :func:`_store_path`): a command that works
    on one whole store takes its file the way people type it."""
    sub.add_argument("file", nargs="?", metavar="FILE", help=f"the puzzle store (default: --store, {DEFAULT_STORE})")


# -- actions ---------------------------------------------------------------------------------------------------


def run_list(args: argparse.Namespace) -> int:
    """One line (or JSON object) per puzzle that matches the filters."""
    if args.unused and args.series is None:
        raise UsageError("--unused lists what a series has not printed yet: give --series NAME")
    if args.series is not None:
        return _list_series(args)
    with PuzzleStore(args.store, create=False) as store:
        warn_old_scores(store, args.store)
        records = store.iter_query(**_filters(args))
        if args.format == "json":
            for record in records:
                print_json(_summary_dict(record))
            return 0
        lines = [list_line(record) for record in records]
    if not lines:
        print_text(_nothing_matches(args))
        return 0
    print_text(_columns([["id", "order", "size", "grade", "score", "made"], *lines]))
    return 0


def _list_series(args: argparse.Namespace) -> int:
    """``list --series NAME``: the puzzles its volumes printed, each with its volume; with ``--unused``, the
    puzzles left for the next volume, and a last line saying how many."""
    head = ["id", "order", "size", "grade", "score", "made"]
    with PuzzleStore(args.store, create=False) as store:
        warn_old_scores(store, args.store)
        volumes = store.volumes(args.series)
        if args.unused:
            rows = [(None, record) for record in store.iter_unused(args.series, **_filters(args))]
        else:
            which = {ident: volume.volume for volume in volumes for ident in volume.puzzle_ids}
            used = [
                record
                for record in store.used_in_series(args.series)
                if args.order in (None, record.order) and args.grade in (None, record.grade)
            ]
            if args.by == "score":
                used.sort(key=lambda r: (r.score is None or r.old_score, -(r.score or 0.0), r.id))
            rows = [(which[record.id], record) for record in used[: args.limit]]
    if args.format == "json":
        for volume, record in rows:
            print_json({**_summary_dict(record), **({} if volume is None else {"volume": volume})})
        return 0
    name = f"the series {args.series!r}"
    if args.unused:
        lines = [list_line(record) for _, record in rows]
        following = f"volume {volumes[-1].volume + 1 if volumes else 1} of {name}"
        count = f"{len(lines)} puzzle{'s' if len(lines) != 1 else ''}"
        limited = args.limit is not None and args.limit == len(lines)
        footer = f"{'the first ' if limited else ''}{count} left in {args.store} for {following}"
        print_text("\n".join(filter(None, (_columns([head, *lines]) if lines else "", footer))))
        return 0
    if not rows:
        print_text(f"{name} has no volume in {args.store}" if not volumes else f"no puzzles of {name} match")
        return 0
    print_text(_columns([["volume", *head], *([str(volume), *list_line(record)] for volume, record in rows)]))
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Each puzzle named, drawn with its solution (all checked to exist before any is printed)."""
    with PuzzleStore(args.store, create=False) as store:
        records = []
        for puzzle_id in args.ids:
            try:
                records.append(store.get(puzzle_id))
            except KeyError:
                raise UsageError(f"no puzzle {puzzle_id} in {args.store} (see 'dominosa store list')") from None
        if any(record.old_score for record in records):
            warn_old_scores(store, args.store)
    for k, record in enumerate(records):
        if args.format == "json":
            print_json(record.to_dict())
        else:
            print_text(("\n" if k else "") + _show_text(record, args.store))
    return 0


def run_export(args: argparse.Namespace) -> int:
    """Write the puzzles that match to standard output, or atomically to ``--out``."""
    if args.out is not None and not Path(args.out).parent.is_dir():
        raise UsageError(f"--out {args.out}: there is no folder {Path(args.out).parent}")
    with PuzzleStore(args.store, create=False) as store:
        warn_old_scores(store, args.store)
        if args.out is None:
            if not store.export(sys.stdout, format=args.format, **_filters(args)):
                print(f"dominosa: {_nothing_matches(args)}", file=sys.stderr)  # not a silent, empty success
            return 0
        count = store.export(args.out, format=args.format, **_filters(args))
    print(f"dominosa: exported {count} puzzle{'s' if count != 1 else ''} to {args.out}", file=sys.stderr)
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """The counts as a table or JSON, and as a chart with ``--plot``."""
    if args.plot is not None:
        _check_plot_path(args.plot)
    path = _store_path(args)
    with PuzzleStore(path, create=False) as store:
        stats = store.stats()
    if args.format == "json":
        print_json(stats.to_dict())
    else:
        print_text(stats_table(stats, path))
    if args.plot is not None:
        plot_stats(stats, args.plot, title=f"Puzzles in {Path(path).name}")
        print(f"dominosa: drew the counts in {args.plot}", file=sys.stderr)
    return 0


def _check_plot_path(path: str) -> None:
    """Refuse a chart that cannot be written before any output, so a bad --plot prints nothing else."""
    if Path(path).suffix.lower() not in PLOT_FORMATS:
        raise UsageError(f"--plot {path}: the file name must end in .png, .svg or .pdf")
    folder = Path(path).parent
    if not folder.is_dir():
        raise UsageError(f"--plot {path}: there is no folder {folder}")


def run_add(args: argparse.Namespace) -> int:
    """Solve and add every puzzle named; 1 when some were not proper."""
    from dominosa.cli.book_input import read_annotations

    records = read_inputs(args)  # every input checked before the store is touched
    ratings = read_annotations(records)  # the grades 'rate' and 'generate' wrote into JSON are kept
    added = duplicates = rejected = 0
    with PuzzleStore(args.store) as store:
        for record, rating in zip(records, ratings, strict=True):
            params = {"imported_from": record.location}
            outcome = store.add_if_proper(
                record.puzzle, timeout=args.timeout, params=params, rating=rating, grader=_grader(args.timeout)
            )
            added += outcome.status == "added"
            duplicates += outcome.status == "duplicate"
            rejected += outcome.status == "not proper"
            if args.format == "json":
                print_json(
                    {
                        "source": record.source,
                        "line": record.line,
                        "status": outcome.status,
                        "id": outcome.id,
                        "count": outcome.count,
                        "complete": outcome.complete,
                        "timed_out": outcome.timed_out,
                        "grade": outcome.grade,
                    }
                )
            elif outcome.status == "added":
                print_text(f"{record.location}: {outcome.reason}")
            else:
                print_text(f"{record.location}: not added: {outcome.reason}")
    if args.format == "text":
        parts = [f"{n} {what}" for n, what in ((duplicates, "already there"), (rejected, "not proper")) if n]
        more = f" ({', '.join(parts)})" if parts else ""
        print_text(f"added {added} of {len(records)} puzzle{'s' if len(records) != 1 else ''} to {args.store}{more}")
    return 1 if rejected else 0


def run_rescore(args: argparse.Namespace) -> int:
    """Measure again every old score of the store, batch by batch; 130 on Ctrl-C, with every batch done kept."""
    path = _store_path(args)
    with PuzzleStore(path, create=False) as store:
        if store.read_only:
            raise UsageError(f"cannot rescore {path}: the file is read-only (rescoring writes the new scores into it)")
        total = store.count_old_scores()
        if not total:
            print_text(f"nothing to rescore in {path}: every score is of today's measure")
            return 0
        progress = RescoreProgress(total, quiet=args.quiet)
        finished(0, total, "puzzles rescored")  # (the line a second Ctrl-C prints)
        try:
            done, damaged = store.rescore_old(progress=progress)
        except KeyboardInterrupt:
            left = store.count_old_scores()  # (counted from the file: exact even if Ctrl-C came as a batch ended)
            print(
                f"dominosa: interrupted: rescored {plural(max(total - left, 0), 'puzzle')} of {path}, {left:,} left;"
                f" run {_rescore_command(path)} again to go on",
                file=sys.stderr,
            )
            return EXIT_INTERRUPTED
    kept = f"; {plural(damaged, 'damaged puzzle')} could not be read and kept the old score" if damaged else ""
    print_text(f"rescored {plural(done, 'puzzle')} in {path} ({progress.elapsed():.0f} s){kept}")
    return 0


def _store_path(args: argparse.Namespace) -> str:
    """The store to work on: FILE, else --store; both naming different files is a mistake worth saying."""
    if args.file is not None and args.store != DEFAULT_STORE and args.file != args.store:
        raise UsageError(f"give the store once: FILE {args.file} or --store {args.store}, not both")
    return args.file if args.file is not None else args.store


def _rescore_command(path: str) -> str:
    """The command that rescores ``path``, quoted for a shell and between quotes for reading."""
    return f"'dominosa store rescore {shlex.quote(str(path))}'"


def warn_old_scores(store: PuzzleStore, path: str | Path) -> None:
    """One line on standard error when the store holds scores of an older measure, saying how to measure them
    again: until then they print as old, a score range leaves them out and a sort by score puts them last, which
    a user choosing puzzles by score needs to know."""
    old = store.count_old_scores()
    if old:
        holds = "puzzle holds" if old == 1 else "puzzles hold"
        warn(
            f"{old:,} {holds} a score of an older measure (shown as 'old'); run {_rescore_command(str(path))}"
            " to measure them again"
        )


class RescoreProgress:
    """The progress of a rescore: after a few seconds, a line on standard error every few seconds (how many of
    how many, how long so far, about how long left), so that a long run shows it is working; nothing on a short
    one or with ``quiet``."""

    AFTER = 2.0  # seconds before the first line, then between lines

    def __init__(self, total: int, *, quiet: bool = False) -> None:
        self.total = total
        self.quiet = quiet
        self.started = self.last = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def __call__(self, done: int, total: int) -> None:
        finished(done, self.total, "puzzles rescored")
        now = time.monotonic()
        if self.quiet or now - self.last < self.AFTER or done >= self.total:
            return
        self.last = now
        spent = now - self.started
        left = spent / done * (self.total - done) if done else None
        rest = f", about {_duration(left)} left" if left is not None else ""
        print(f"rescore: {done:,} of {self.total:,} puzzles rescored, {spent:.0f} s{rest}", file=sys.stderr, flush=True)


def _duration(seconds: float) -> str:
    """``40 s``, ``3 min``, ``2 h 5 min``: a time left, rounded as a person would say it."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60)} min"


def _grader(timeout: float | None) -> Callable[[Puzzle], dict[str, Any] | None]:
    """Rates a puzzle being added without a grade (as 'dominosa rate' would, path and score included) within
    ``--timeout``; None when that runs out, and the puzzle is stored ungraded."""

    def graded(puzzle: Puzzle) -> dict[str, Any] | None:
        from dominosa.cli.timeout import TimedOut, time_limit
        from dominosa.deductions import rate

        try:
            with time_limit(timeout):
                rating = rate(puzzle)
        except TimedOut:
            return None
        return {"grade": rating.grade_name, "score": rating.score}

    return graded


# -- text --------------------------------------------------------------------------------------------------------


def list_line(record: StoredPuzzle) -> list[str]:
    """The columns ``list`` prints for one puzzle: id, order, size, grade, score, made; a score of an older
    measure (not rescored yet) is marked ``(old)``."""
    return [
        str(record.id),
        str(record.order),
        record.size,
        record.grade if record.grade is not None else "-",
        _score_text(record, "-"),
        record.made.strftime("%Y-%m-%d %H:%M:%S"),
    ]


def _columns(rows: list[list[str]]) -> str:
    """Rows of cells as aligned columns: numbers to the right, words to the left."""
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    right = {0, 1, 4} if rows[0][0] != "volume" else {0, 1, 2, 5}
    return "\n".join(
        "  ".join(
            cell.rjust(w) if k in right else cell.ljust(w) for k, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    )


def _summary_dict(record: StoredPuzzle) -> dict[str, Any]:
    full = record.to_dict()
    return {
        key: full[key]
        for key in (
            "id",
            "order",
            "rows",
            "cols",
            "cells",
            "irregular",
            "grade",
            "level",
            "score",
            "score_version",
            "seed",
            "made",
        )
    }


def _score_text(record: StoredPuzzle, none: str) -> str:
    """The score as ``list`` and ``show`` print it: ``(old)`` after a score of an older measure, which does not
    compare with today's (until ``dominosa store rescore`` measures it again)."""
    if record.score is None:
        return none
    return f"{record.score:g} (old)" if record.old_score else f"{record.score:g}"


def _show_text(record: StoredPuzzle, store: str) -> str:
    puzzle = record.puzzle
    board = puzzle.board
    shape = "" if board.is_rectangle else f", irregular ({puzzle.rows * puzzle.cols - len(board)} squares empty)"
    grade = record.grade if record.grade is not None else "not graded"
    lines = [
        f"puzzle {record.id} of {store}",
        f"  order     {puzzle.order}",
        f"  board     {puzzle.rows} rows x {puzzle.cols} columns, {len(board)} cells{shape}",
        f"  grade     {grade}",
        f"  score     {_score_text(record, 'not scored')}",
        f"  seed      {record.seed if record.seed is not None else 'none'}",
        f"  params    {json.dumps(record.params, sort_keys=True) if record.params else 'none'}",
        f"  made      {record.made.strftime('%Y-%m-%d %H:%M:%S')} UTC",
        draw_solution(puzzle, record.solution),
    ]
    return "\n".join(lines)


def stats_table(stats: StoreStats, store: str) -> str:
    """The counts as a table: one row per order, one column per grade, totals at the right and bottom."""
    if not stats.total:
        return f"no puzzles in {store}"
    names = [grade if grade is not None else "ungraded" for grade in stats.grades]
    rows = [["order", *names, "total"]]
    for order in stats.orders:
        counts = [stats.counts.get((order, grade), 0) for grade in stats.grades]
        rows.append([str(order), *(str(n) if n else "-" for n in counts), str(sum(counts))])
    rows.append(["total", *(str(n) for n in stats.by_grade.values()), str(stats.total)])
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    table = "\n".join("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows)
    return f"{stats.total} puzzle{'s' if stats.total != 1 else ''} in {store}\n{table}"


def plot_stats(stats: StoreStats, path: str, *, title: str = "Puzzles per order and grade") -> None:
    """Stacked bars, one per order, one colour per grade; written atomically in the format the suffix names.

    Uses matplotlib's object interface (no pyplot), so no display or global state is touched.
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    figure = Figure(figsize=(max(4.0, 0.6 * len(stats.orders) + 2.5), 3.5), layout="constrained")
    axes = figure.subplots()
    positions = list(range(len(stats.orders)))
    bottom = [0] * len(positions)
    for grade in stats.grades:
        heights = [stats.counts.get((order, grade), 0) for order in stats.orders]
        axes.bar(positions, heights, bottom=bottom, label=grade if grade is not None else "ungraded")
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    axes.set_xticks(positions, [str(order) for order in stats.orders])
    axes.set_xlabel("order")
    axes.set_ylabel("puzzles")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_title(title)
    if stats.grades:
        axes.legend(title="grade", fontsize="small")
    with open_atomic(path, "wb") as out:
        figure.savefig(out, format=Path(path).suffix.lower().lstrip("."))


# -- options -----------------------------------------------------------------------------------------------------


def _add_filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--order", type=_order, metavar="N", help="only puzzles of order N")
    parser.add_argument("--grade", type=grade_argument, metavar="GRADE", help="only puzzles of this grade")
    parser.add_argument("--limit", type=_positive(int), metavar="N", help="at most N puzzles")
    parser.add_argument(
        "--by", choices=("id", "score"), default="id", help="id: oldest first (the default); score: best first"
    )


def _nothing_matches(args: argparse.Namespace) -> str:
    """What to say when the filters match no puzzle: 'no puzzles match in PATH', or 'no puzzles in PATH'."""
    filtered = args.order is not None or args.grade is not None
    return f"no puzzles{' match' if filtered else ''} in {args.store}"


def _filters(args: argparse.Namespace) -> dict[str, Any]:
    """The filters the arguments give, as keywords for the store's query methods (only those given)."""
    out = {name: getattr(args, name) for name in ("order", "grade", "limit") if getattr(args, name) is not None}
    return {**out, "by": args.by}


MAX_STORE_INTEGER = 2**63 - 1  # SQLite's largest integer: an id, order or limit beyond it cannot be looked up


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    if value > MAX_STORE_INTEGER:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_STORE_INTEGER} (the store's largest number)")
    return value


def _order(text: str) -> int:
    """An order to filter by: past :data:`~dominosa.limits.MAX_ORDER` no puzzle can be stored, and a filter that
    matches nothing by construction would end in silence."""
    digits = text.strip().lstrip("+")
    if digits.isdigit() and len(digits) > MAX_NUMBER_DIGITS or _non_negative(text) > MAX_ORDER:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_ORDER} (the largest order dominosa reads), not {text}")
    return int(text)


def _positive(kind: type) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
        if value > MAX_STORE_INTEGER:
            raise argparse.ArgumentTypeError(f"must be at most {MAX_STORE_INTEGER} (the store's largest number)")
        return value

    parse.__name__ = kind.__name__
    return parse


def _store_errors_as_usage_errors(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A store problem is bad input to the command: one line and exit code 2, like every other."""

    @wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except StoreNotFound as error:
            hint = "fill one with 'dominosa generate' or 'dominosa store add', or name another with --store"
            raise UsageError(f"{error} ({hint})") from None
        except StoreError as error:
            raise UsageError(str(error)) from None

    return wrapped
