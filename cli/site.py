"""``dominosa site``: a static puzzle-of-the-day site in a folder, for publishers who want their puzzles on their
own website: it plays, checks and hints with no server, from ``file://`` or any static host.

The days run up to today by default: a site never shows a day before it comes. ``--ahead N`` builds N more days
(so that the site need not be rebuilt every day), which the page hides until their date comes on the reader's
clock; they are in the site's files all the same, where a determined reader can find them. The days' puzzles are
the puzzles of the day (:mod:`dominosa.generator.daily`: the same as the studio's /daily
for those dates), or, with ``--store``, the store's (chosen by the date, as the studio chooses them). The archive
holds ``--count`` more: from the store (chosen with ``--seed``) or generated from ``--seed`` on. The folder is
:mod:`dominosa.web.site`'s.
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
from pathlib import Path
from typing import Any

from dominosa.cli.common import check_made_order, grade_argument, plural, warn
from dominosa.cli.usage import UsageError

__all__ = ["register", "run", "MAX_DAYS"]

MAX_DAYS = 3660  # ten years of days is a site; more is a typo
MAX_AHEAD = 366  # a year of days ahead: the site then needs building once a year
EPILOG = """\
examples:
  dominosa site public/ --grade basic
      the last seven days' basic puzzles of the day, today's included, in
      public/ (open public/index.html); without --grade, every daily grade
  dominosa site public/ --grade basic --ahead 7
      the last seven days' basic puzzles and the next seven days', each shown
      from its date on: build once a week (--ahead 30: once a month)
  dominosa site public/ --from 2026-12-25 --to 2026-12-31 --grade basic --count 5
      the last week of December's basic puzzles and an archive of 5 more
  dominosa site public/ --store output/puzzles.sqlite --count 50 --seed 7
      the days' and the archive's puzzles from a store
Files of your own in these examples: output/puzzles.sqlite.

The folder holds index.html, studio.css, dominosa.js (the studio's play
modules) and puzzles.js (the puzzles with their solutions and deduction
paths, which the page reads; browsers cannot fetch files from file://); and,
for a site served over http(s), manifest.webmanifest, icon-*.png and sw.js,
which make it installable and playable offline. Copy it anywhere.

Days after today (those --ahead adds, or a --to in the future) are hidden
by the page until their date comes on the reader's clock. Hidden is not
secret: their puzzles and solutions are in puzzles.js, where a determined
reader can find them; build ahead only as far as you mind that.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``site`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "site",
        help="a static puzzle-of-the-day site that plays and hints with no server",
        description="Write a static website of puzzles of the day (and an archive) into a folder.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("folder", metavar="OUT", help="the folder to write (made if missing)")
    parser.add_argument(
        "--from", dest="first", metavar="DATE", help="the first day, YYYY-MM-DD (default six days before --to)"
    )
    parser.add_argument(
        "--to", dest="last", metavar="DATE", help="the last day (default today, or --from when that is later)"
    )
    parser.add_argument(
        "--ahead",
        type=int,
        default=0,
        metavar="N",
        help="also build the N days after --to, each hidden by the page until its date (default 0)",
    )
    parser.add_argument(
        "--grade",
        action="append",
        type=grade_argument,
        metavar="GRADE",
        help="a daily grade (repeat for more; default every one)",
    )
    parser.add_argument("--count", type=int, default=0, metavar="N", help="puzzles in the archive (default 0)")
    parser.add_argument("--order", type=int, default=5, metavar="N", help="the archive's order when generated (5)")
    parser.add_argument("--store", metavar="PATH", help="take the puzzles from this store")
    parser.add_argument("--seed", type=int, default=1, help="where the archive starts (default 1)")
    parser.add_argument("--title", default="Dominosa: puzzle of the day", help="the site's title")
    parser.set_defaults(run=run)


def _date(text: str | None, option: str, default: datetime.date) -> datetime.date:
    from dominosa.generator.daily import parse_date

    if text is None:
        return default
    try:
        return parse_date(text)
    except ValueError as error:
        raise UsageError(f"{option}: {error}") from None


def run(args: argparse.Namespace) -> int:
    """Write the site; exit code 0 (2 for bad options, before anything is written)."""
    from dominosa.generator.daily import DAILY_ORDERS

    if not 0 <= args.ahead <= MAX_AHEAD:
        raise UsageError(f"--ahead must be between 0 and {MAX_AHEAD} days, not {args.ahead}")
    today = datetime.date.today()
    if args.first is not None and args.last is None:  # --from alone: up to today (or that one day, if later)
        first = _date(args.first, "--from", today)
        last = max(first, today)
    else:
        last = _date(args.last, "--to", today)
        first = _date(args.first, "--from", last - datetime.timedelta(days=6))
    if last < first:
        raise UsageError(f"--to ({last}) is before --from ({first})")
    last += datetime.timedelta(days=args.ahead)
    days = (last - first).days + 1
    if days > MAX_DAYS:
        raise UsageError(f"--from and --to span {days} days: at most {MAX_DAYS}")
    grades = args.grade or list(DAILY_ORDERS)
    for grade in grades:
        if grade not in DAILY_ORDERS:
            raise UsageError(f"--grade must be one of {', '.join(DAILY_ORDERS)} (the daily grades), not {grade!r}")
    if not 0 <= args.count <= 10_000:
        raise UsageError(f"--count must be between 0 and 10000, not {args.count}")
    check_made_order(args.order)
    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is a file, not a folder")
    store = _open_store(args.store) if args.store else None
    try:
        # Newest first, as an archive lists them (the page hides those after the reader's date).
        dates = [(last - datetime.timedelta(days=k)).isoformat() for k in range(days)]
        day_entries = _days(dates, grades, store)
        archive = _archive(args, store)
    finally:
        if store is not None:
            store.close()
    from dominosa.web.site import write_site

    written = write_site(folder, day_entries, archive, title=args.title)
    hidden = max(0, (last - max(first - datetime.timedelta(days=1), today)).days)
    later = f" ({hidden} of them hidden until their date)" if hidden else ""
    print(
        f"{folder}: {plural(days, 'day')}{later}, {plural(len(grades), 'grade')}:"
        f" {plural(len(day_entries), 'puzzle')} of the day and {len(archive)} in the archive, {len(written)} files;"
        f" open {folder / 'index.html'}"
    )
    return 0


def _progress(done: int, total: int, what: str) -> None:
    if sys.stderr.isatty():
        print(f"\r{what}: {done} of {total}", end="" if done < total else "\n", file=sys.stderr, flush=True)


def _open_store(path: str):
    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError

    try:
        return PuzzleStore(path, create=False, read_only=True)
    except StoreError as error:
        raise UsageError(str(error)) from None


def _days(dates: list[str], grades: list[str], store) -> list[dict[str, Any]]:
    from dominosa.generator.daily import daily_puzzle, store_pick
    from dominosa.web.site import SitePuzzle, site_entry

    entries = []
    total = len(dates) * len(grades)
    in_store = {grade: store.count(grade=grade) for grade in grades} if store is not None else {}
    for grade in grades:
        if store is not None and not in_store[grade]:  # said, or the site would quietly not be the store's
            warn(f"no {grade} puzzles in {store.path}: the {grade} days have the generated puzzles of the day")
    for date in dates:
        for grade in grades:
            item = None
            if count := in_store.get(grade):
                stored = store.query(grade=grade, limit=1, offset=store_pick(date, grade, count))[0]
                item = SitePuzzle(stored.puzzle, stored.solution.placements, grade, date=date)
            if item is None:
                made = daily_puzzle(date, grade)
                item = SitePuzzle(made.puzzle, made.solution, grade, date=date)
            entries.append(site_entry(item))
            _progress(len(entries), total, "days")
    return entries


def _archive(args: argparse.Namespace, store) -> list[dict[str, Any]]:
    from dominosa.web.site import SitePuzzle, site_entry

    items = []
    if store is not None and args.count:
        total = len(store)
        if total < args.count:
            have = plural(total, "puzzle")
            warn(f"{store.path} holds {have}, fewer than --count {args.count}: the archive has those {total}")
        picks = random.Random(args.seed).sample(range(total), min(args.count, total))
        for offset in picks:
            stored = store.query(limit=1, offset=offset)[0]
            items.append(SitePuzzle(stored.puzzle, stored.solution.placements, stored.grade))
    elif args.count:
        from dominosa.generator.generate import generate, make_request

        for k in range(args.count):
            try:  # the generator's own limits (its largest order) say why in one line
                request = make_request(order=args.order, seed=args.seed + k)
            except ValueError as error:
                raise UsageError(str(error)) from None
            made = next(generate(request, 1))
            items.append(SitePuzzle(made.puzzle, made.solution.placements, made.grade))
            _progress(k + 1, args.count, "archive")
    entries = []
    for number, item in enumerate(items, 1):
        entries.append(site_entry(SitePuzzle(item.puzzle, item.solution, item.grade, number=number)))
    return entries
