"""``dominosa book``: one print-ready PDF from puzzle files, a puzzle store, or puzzles generated on the spot.

Title, copyright and contents pages, how to play, the solving techniques, the puzzles by grade (with
checklists and difficulty markers), hints (``--hints``), solutions at the back; trim size, bleed, mirrored
margins with the gutter the page count needs, an even page count, notes pages up to ``--min-pages``; with
``--cover-out`` the wrap-around cover too (``--theme``), with ``--puzzles-out`` the puzzles as JSON lines.
The files are written whole or not at all, and the command prints one line: where it went, pages, puzzles,
trim, seed (and the cover's size); a book too short for print services gets one warning on standard error.

Without ``--seed`` a generated book draws a fresh seed, so no two default books are the same (print services flag
duplicate content); the seed is printed and set on the copyright page, and ``--seed N`` rebuilds the book byte
for byte.

Generated puzzles come from the graded generator (:mod:`dominosa.generator.generate`): by default the mix of
grades in :data:`~dominosa.generator.grade_mix.DEFAULT_MIX` (the one place it is named), each puzzle proved
proper and rated, so the book has sections by grade.
"""

from __future__ import annotations

import argparse
import datetime
import secrets
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from dominosa.atomic import check_writable, refuse_unusual_target
from dominosa.cli.common import add_puzzle_arguments, read_inputs
from dominosa.cli.main import UsageError
from dominosa.cli.timeout import add_timeout_argument, limits_whole_run
from dominosa.generator.grade_mix import DEFAULT_MIX, MIX_GIVE_UP, share_out
from dominosa.rendering.book_cover import DEFAULT_THEME, THEMES
from dominosa.rendering.i18n import LANGUAGES, check_language, ngettext, use_language
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.i18n import number as count_text
from dominosa.rendering.pages import PRINT_MIN_PAGES, TRIMS, parse_trim

__all__ = ["register", "run", "generate_entries", "store_entries", "DEFAULT_MIX", "DEFAULT_COUNT"]

DEFAULT_OUT = Path("output") / "book.pdf"
# 40 puzzles, ten in each grade of the mix (an even count, so no section ends on a half-empty page), two to a
# page, with the front matter, the techniques chapter and the solutions make 36 pages: above the 24 print
# services ask.
DEFAULT_COUNT = 40
SEED_RANGE = 1_000_000  # a fresh seed is drawn below this, short enough to note down
# A generated book's puzzles are the best that this many evaluations per puzzle find (generate --best --budget),
# not the first found; an evaluations budget, so --seed still rebuilds the book byte for byte. The default book
# (36 double-6 puzzles) measured 2.1x the time of taking the first found, mean score 73.5 against 64.6
# (bench/bench_best.py --book-only); the whole command about 1.7x (README).
BOOK_BUDGET: int | None = 20

EPILOG = """\
examples:
  dominosa book
      generate {count} double-6 puzzles ({mix}) and build output/book.pdf,
      6x9 in, from a fresh seed (printed, and on the copyright page)
  dominosa book --seed 42 --count 12 --author "Ann Lee" --year 2026 --cover-out output/cover.pdf
      12 puzzles, the same book for the same seed, with its copyright page and
      wrap-around cover (spine from the page count; --paper cream for cream paper,
      --theme forest|crimson|ivory for other colours)
  dominosa book --count 24 --orders 5,6,7 --hints --puzzles-out output/puzzles.jsonl
      sizes growing through the book, a hints section, and the puzzles in
      book order as JSON lines for your website or errata
  dominosa rate puzzles.txt --format json > rated.jsonl && dominosa book rated.jsonl
      a book of your own puzzles, in sections by the grades rate gave them
  dominosa book puzzles.jsonl --trim A4 --per-page 4 --out my-book.pdf
      a book of the puzzles in a file (JSON, plain grids or game IDs), four to a page
  dominosa book --store output/puzzles.sqlite --grade hard --count 50
      50 hard puzzles from a puzzle store ('dominosa generate --store' fills it)
  dominosa book --store output/puzzles.sqlite --best 20
      the 20 highest-scoring puzzles of each grade in the store
  dominosa book --count 12 --order 7 --seed 3 --trim 8.5x11in --bleed
      12 generated double-7 puzzles, letter size, with 0.125 in of bleed
  dominosa book --grade extreme --count 4
      4 generated extreme double-6 puzzles
  dominosa book puzzles.txt --large-print --trim 170x240mm
      large print on a custom trim (WIDTHxHEIGHT in in, mm, cm or pt)
  dominosa book puzzles.jsonl --lang de --cover-out output/umschlag.pdf
      a book of your puzzles in German, cover included (--lang fr, es: French,
      Spanish; the line printed here stays English)

Files of your own in these examples: puzzles.txt, puzzles.jsonl, output/puzzles.sqlite.

Trim presets: {presets}. The gutter (inside margin) follows the page count
as print-on-demand services require: 0.375 in up to 150 pages, 0.5 in up to
300, 0.625 in up to 500, and so on. Puzzles must have exactly one solution.
Print services refuse books under {minimum} pages and text under 7 pt: a shorter
book is built with a warning (--min-pages {minimum} pads it with notes pages),
and no page carries smaller text.
""".format(
    presets=", ".join(t.name for t in TRIMS.values()),
    count=DEFAULT_COUNT,
    mix=", ".join(DEFAULT_MIX),
    minimum=PRINT_MIN_PAGES,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``book`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "book",
        help="build a print-ready PDF puzzle book with solutions",
        description="Build one PDF book: title page, how to play, puzzles by grade, solutions at the back.\n"
        "Without puzzle files it generates the puzzles it needs.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    parser.add_argument(
        "--out", metavar="PATH", type=Path, default=DEFAULT_OUT, help=f"the PDF (default {DEFAULT_OUT})"
    )
    parser.add_argument(
        "--trim", type=_trim, default="6x9in", help="page size: a preset or WIDTHxHEIGHTunit (default 6x9in)"
    )
    parser.add_argument("--bleed", action="store_true", help="add 0.125 in of bleed (top, bottom, outside edge)")
    parser.add_argument("--large-print", action="store_true", help="bigger type and cells, one puzzle per page")
    parser.add_argument("--per-page", type=int, metavar="N", help="puzzles per page (default 2, large print 1)")
    parser.add_argument(
        "--solutions-per-page", type=int, metavar="N", help="solutions per page (default: as many as stay legible)"
    )
    parser.add_argument("--title", default="Dominosa", help="the book's title (default Dominosa)")
    parser.add_argument("--subtitle", help="the line under the title (default: N puzzles with solutions)")
    parser.add_argument("--author", help="the author's name, on the title page, copyright page and cover")
    parser.add_argument(
        "--lang",
        default="en",
        metavar="LANG",
        help=f"the language of the book and its cover: {', '.join(LANGUAGES)} (default en); this summary stays"
        " English",
    )
    front = parser.add_argument_group("copyright page, length and cover")
    front.add_argument("--year", type=int, metavar="YYYY", help="the year on the copyright page (default this year)")
    front.add_argument("--isbn", help="the ISBN on the copyright page")
    front.add_argument("--publisher", help="the publisher on the copyright page")
    front.add_argument(
        "--min-pages",
        type=int,
        metavar="N",
        default=0,
        help=f"pad the book with notes pages up to N pages (print services ask {PRINT_MIN_PAGES})",
    )
    front.add_argument(
        "--cover-out", metavar="PATH", type=Path, help="also write the wrap-around cover (back, spine, front) here"
    )
    front.add_argument(
        "--theme",
        choices=tuple(THEMES),
        default=DEFAULT_THEME,
        help=f"the cover's colours (default {DEFAULT_THEME}); every scheme keeps its text at 7:1 contrast or more",
    )
    front.add_argument(
        "--paper",
        choices=("white", "cream", "premium-colour"),
        default="white",
        help="the paper, for the spine width of the cover (default white)",
    )
    front.add_argument(
        "--puzzles-out",
        metavar="PATH",
        type=Path,
        help="also write the book's puzzles in book order as JSON lines (number, section, grade, score, grid,"
        " solution): for a website or errata; the same seed gives the same file",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    stored = parser.add_argument_group("puzzles from a store, or generated (when no FILE is given)")
    stored.add_argument("--store", metavar="PATH", help="take the puzzles from this puzzle store")
    stored.add_argument(
        "--grade",
        metavar="G",
        help=f"only puzzles of this grade (default: from a store any, generated a mix of {', '.join(DEFAULT_MIX)})",
    )
    stored.add_argument(
        "--count",
        type=int,
        metavar="N",
        help=f"how many puzzles (default: generated {DEFAULT_COUNT}, from a store all that match)",
    )
    stored.add_argument("--order", type=int, metavar="N", help="double-N puzzles (default: generated 6, stored any)")
    stored.add_argument(
        "--orders",
        type=_orders,
        metavar="N,N,...",
        help="generated: sizes growing through the book, e.g. 5,6,7 (the first third double-5, and so on)",
    )
    stored.add_argument(
        "--best",
        type=int,
        metavar="N",
        help="with --store: the N highest-scoring puzzles of each grade (or of --grade); generated books always"
        f" take the best of {BOOK_BUDGET} evaluations per puzzle",
    )
    stored.add_argument(
        "--seed", type=int, help="random seed: the same seed, the same book (default: a fresh one, printed)"
    )
    parser.add_argument("--pips", action="store_true", help="die pips instead of digits (above 9, digits)")
    parser.add_argument(
        "--hints",
        action="store_true",
        help="a hints section before the solutions: each puzzle's first hard step, where and which technique",
    )
    parser.add_argument(
        "--no-techniques",
        dest="techniques",
        action="store_false",
        help="leave out the solving-techniques chapter (each technique the puzzles need, shown at work in one)",
    )
    parser.add_argument(
        "--no-checklist",
        dest="checklist",
        action="store_false",
        help="no domino tick-off triangle beside each puzzle (there is one by default, up to double-9 sets)",
    )
    parser.add_argument("--colour", "--color", action="store_true", help="colour instead of black and grey")
    add_timeout_argument(parser, whole_run="the book is not written; nothing half-made is left")
    parser.set_defaults(run=run)


@limits_whole_run("the book was not written")
def run(args: argparse.Namespace) -> int:
    """Build the book and print its one-line summary; exit code 0."""
    from dominosa.cli.book_input import entries_from_records, grade_order_from, read_annotations
    from dominosa.rendering.book import BookError, Imprint, write_book

    for name in ("per_page", "solutions_per_page"):
        value = getattr(args, name)
        if value is not None and not 1 <= value <= 24:
            raise UsageError(f"--{name.replace('_', '-')} must be between 1 and 24, not {value}")
    grade_order = None
    args.lang = args.lang.strip().lower()
    try:
        check_language(args.lang)
    except ValueError as error:
        raise UsageError(f"--lang: {error}") from None
    if not 0 <= args.min_pages <= 2000:
        raise UsageError(f"--min-pages must be between 0 and 2000, not {args.min_pages}")
    if args.year is not None and not 1000 <= args.year <= 9999:
        raise UsageError(f"--year must have four digits, not {args.year}")
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must be 0 or more, not {args.seed}")
    if args.isbn is not None:
        _check_isbn(args.isbn)
    outputs = (("--out", args.out), ("--cover-out", args.cover_out), ("--puzzles-out", args.puzzles_out))
    for option, path in outputs:
        # before any puzzle is made: a long run should not end on a missing folder
        if path is not None and path.parent != DEFAULT_OUT.parent and not path.resolve().parent.is_dir():
            raise UsageError(f"cannot use {option} {path}: there is no folder {path.parent}")
    seed = None
    if args.count is not None and not 1 <= args.count <= 2000:
        raise UsageError(f"--count must be between 1 and 2000, not {args.count}")
    if args.order is not None and not 1 <= args.order <= 15:
        raise UsageError(f"--order must be between 1 and 15, not {args.order}")
    if args.grade is not None:
        args.grade = _grade(args.grade)
    if args.orders is not None:
        if args.order is not None:
            raise UsageError("give --order N or --orders N,N,..., not both")
        if args.files or args.example or args.store:
            raise UsageError("--orders is for generated books: the sizes of puzzles read are as they are")
    for _, path in outputs:  # an unwritable destination is refused now, not after the work
        if path is None:
            continue
        if path.parent.is_dir():
            check_writable(path)
        else:  # the default folder (output/), made when the book is written
            refuse_unusual_target(path)
    if args.best is not None:
        if not args.store:
            raise UsageError(
                "--best takes the best puzzles of a store: give --store (a generated book already"
                " takes the best its budget finds)"
            )
        if args.count is not None:
            raise UsageError("give --best N (N of each grade) or --count N (N in all), not both")
        if not 1 <= args.best <= 2000:
            raise UsageError(f"--best must be between 1 and 2000, not {args.best}")
    if args.files or args.example:
        if args.store:
            raise UsageError("give puzzle files or --store, not both")
        records = read_inputs(args)
        notes = read_annotations(records)  # grades and scores that rate or generate wrote into JSON
        entries = entries_from_records(records, notes)
        grade_order = grade_order_from(notes)
    elif args.store:
        entries, grade_order = store_entries(
            args.store, grade=args.grade, count=args.count, order=args.order, best=args.best
        )
    else:
        count = DEFAULT_COUNT if args.count is None else args.count
        seed = secrets.randbelow(SEED_RANGE) if args.seed is None else args.seed
        progress = None if args.quiet else BookProgress(count, sys.stderr)
        order = args.orders or (6 if args.order is None else args.order)
        try:
            entries = generate_entries(count, order, seed, grade=args.grade, progress=progress)
        finally:
            if progress is not None:
                progress.clear()
    given = [(option, path.resolve()) for option, path in outputs if path is not None]
    for k, (option, path) in enumerate(given):
        for other, elsewhere in given[:k]:
            if path == elsewhere:
                raise UsageError(f"{option} must differ from {other}")
    if DEFAULT_OUT.parent in (path.parent for _, path in outputs if path is not None):
        DEFAULT_OUT.parent.mkdir(exist_ok=True)  # the default folder (output/) is made when missing
    try:
        summary = write_book(
            args.out,
            entries,
            trim=args.trim,
            bleed=args.bleed,
            large_print=args.large_print,
            per_page=args.per_page,
            solutions_per_page=args.solutions_per_page,
            title=args.title,
            subtitle=args.subtitle,
            author=args.author,
            style="colour" if args.colour else "mono",
            pips=args.pips,
            grade_order=grade_order,
            imprint=Imprint(
                year=args.year or datetime.date.today().year, isbn=args.isbn, publisher=args.publisher, seed=seed
            ),
            min_pages=args.min_pages,
            checklist=args.checklist,
            techniques=args.techniques,
            hints=args.hints,
            lang=args.lang,
        )
    except BookError as error:
        raise UsageError(str(error)) from None
    line = summary.line()
    if args.puzzles_out is not None:
        written = _write_puzzles(args.puzzles_out, entries, grade_order)
        line += f"; {written}: {summary.puzzles} puzzles as JSON lines"
    if args.cover_out is not None:
        with use_language(args.lang):  # the cover's words; the summary line stays English
            line += "; " + _write_cover(args, summary, entries)
    print(line)
    warning = summary.warning()
    if warning:
        print(warning, file=sys.stderr)
    return 0


def _write_puzzles(path: Path, entries, grade_order) -> Path:
    """The book's puzzles in book order, one JSON object a line, written atomically: ``number``, ``section`` (as
    the book heads it), ``grade``, ``score``, then the puzzle and its ``solution`` as ``dominosa`` reads them, so
    the file is also the input of another book or of ``rate``."""
    import json

    from dominosa.atomic import atomic_write
    from dominosa.formats.json_format import puzzle_to_dict
    from dominosa.rendering.book import book_order, display_name

    lines = []
    for number, section, entry in book_order(entries, grade_order):
        head = {"number": number, "section": display_name(section), "grade": entry.grade, "score": entry.score}
        lines.append(json.dumps({**head, **puzzle_to_dict(entry.puzzle, entry.solution)}, separators=(",", ":")))
    return atomic_write(path, "\n".join(lines) + "\n")


def _write_cover(args: argparse.Namespace, summary, entries) -> str:
    """Write the cover of the book just built; the words that describe it in the summary line."""
    from dominosa.atomic import atomic_write
    from dominosa.rendering.book import book_order, display_name
    from dominosa.rendering.book_cover import build_cover

    grades = [display_name(name) for name, _ in summary.sections]
    count = ngettext("{count} puzzle", "{count} puzzles", summary.puzzles).format(count=count_text(summary.puzzles))
    span = tr("{first} to {last}").format(first=grades[0], last=grades[-1]) if len(grades) > 1 else grades[0]
    inside = [tr("how to play with a worked example")]
    if args.techniques:
        inside.append(tr("a chapter on the techniques the puzzles need, shown on the puzzles themselves"))
    if args.checklist:
        inside.append(tr("a tick-off checklist beside every grid"))
    if args.hints:
        inside.append(tr("hints"))
    blurb = [
        tr("A Dominosa grid of numbers hides a full set of dominoes, every pair of numbers exactly once. Find where "
           "each domino lies: no guessing, every puzzle has exactly one solution and yields to reasoning alone."),
        tr("{count}, graded from {first} to {last}, each marked with its grade and its place within it.").format(
            count=count, first=grades[0], last=grades[-1]
        )
        if len(grades) > 1
        else tr("{count}, each marked with its place within the grade.").format(count=count),
        tr("Inside: {items}, and every solution at the back.").format(items=", ".join(inside)),
    ]
    first = book_order(entries)[0][2]
    data, cover = build_cover(
        args.trim,
        summary.pages,
        paper=args.paper,
        title=args.title,
        subtitle=args.subtitle or f"{count} · {span}",
        author=args.author,
        blurb=blurb,
        heading=tr("Find every domino"),
        picture=(first.puzzle, first.solution),
        grades=grades,
        theme=args.theme,
        lang=args.lang,
    )
    written = atomic_write(args.cover_out, data)
    return f"{written}: {cover.line()}"


class BookProgress:
    """How many puzzles of the book are made: a bar redrawn in place on a terminal, else a plain line every
    few seconds (a log or a pipe should not fill with carriage returns)."""

    EVERY = 5.0  # seconds between plain lines

    def __init__(self, total: int, stream) -> None:
        self.total = total
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.started = self.last = time.monotonic()
        self.shown = 0

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if self.tty:
            filled = round(24 * done / self.total)
            text = f"book: [{'#' * filled}{'.' * (24 - filled)}] {done}/{self.total} puzzles"
            self.stream.write("\r" + text)
            self.shown = len(text)
        elif now - self.last >= self.EVERY and done < self.total:
            self.last = now
            self.stream.write(f"book: {done} of {self.total} puzzles made, {now - self.started:.0f} s\n")
        self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


def generate_entries(
    count: int, order: int | Sequence[int], seed: int, *, grade: str | None = None, progress=None
) -> list:
    """``count`` proper, graded double-``order`` puzzles (``BookEntry`` with grade and score), the same for the
    same seed whatever the machine. With several orders (``--orders 5,6,7``) sizes grow through the book: the
    puzzles in book order (sections by grade) take the orders in turn, an even share each.

    Without ``grade`` the count is shared out over :data:`DEFAULT_MIX`; a grade of the mix that the board cannot
    reach (small boards) gives its share to puzzles of any grade. The evaluations run on a local process pool.
    ``progress`` (when given) is called with the number of puzzles made after each one. No two puzzles share more
    than :data:`~dominosa.generator.twins.BOOK_TWIN_SHARE` of their cells (a near-twin is refused and the search
    goes on), nor is one the other turned, mirrored or renamed.
    """
    from dominosa.generator.best import Budget
    from dominosa.generator.evolve import NoPuzzleFound, Settings
    from dominosa.generator.generate import generate, make_request
    from dominosa.generator.twins import TwinGuard
    from dominosa.generator.workers import open_workers
    from dominosa.rendering.book import BookEntry

    grades: list[str | None] = [grade] if grade is not None else list(DEFAULT_MIX)
    orders = [order] if isinstance(order, int) else list(order)
    runs: list[tuple[str | None, int, int]] = []  # (grade, order, how many), in book order
    position = 0
    for wanted, share in zip(grades, share_out(count, grades), strict=True):
        sizes = [orders[(position + k) * len(orders) // count] for k in range(share)]
        position += share
        runs += [(wanted, size, sizes.count(size)) for size in dict.fromkeys(sizes)]
    settings = Settings(give_up=MIX_GIVE_UP) if grade is None else Settings()
    entries: list = []
    keys: set[str] = set()
    twins = TwinGuard()

    def fresh(made) -> bool:  # neither a puzzle of the book again nor a near-twin of one
        if not twins.admits(made.puzzle) or not _new(made.puzzle, keys):
            return False
        twins.take(made.puzzle)
        return True

    with open_workers() as workers:
        for wanted, size, share in runs:
            left = share
            for target in (wanted, None) if grade is None else (wanted,):
                best = Budget(evaluations=BOOK_BUDGET) if target is not None and BOOK_BUDGET else None
                request = make_request(order=size, grade=target, seed=seed, settings=settings, best=best)
                try:
                    for made in generate(request, left, workers=workers, accept=fresh):
                        entries.append(BookEntry(made.puzzle, made.solution, made.grade, made.score))
                        left -= 1
                        if progress is not None:
                            progress(len(entries))
                except NoPuzzleFound:
                    if target is None or grade is not None:
                        raise UsageError(f"no {target or 'proper'} double-{size} puzzle could be made") from None
                    continue
                break
    return entries


def _new(puzzle, keys: set[str]) -> bool:
    """True the first time a puzzle (up to symmetry and renaming) is seen: a book never repeats one."""
    from dominosa.generator.canonical import canonical_key

    key = canonical_key(puzzle)
    if key in keys:
        return False
    keys.add(key)
    return True


def store_entries(
    path: str, *, grade: str | None = None, count: int | None = None, order: int | None = None, best: int | None = None
):
    """The puzzles of a store as book entries (with their grades and scores), oldest first, and the order of
    their grades (by the levels the store records). With ``best``, the ``best`` highest-scoring puzzles of each
    graded grade (or of ``grade``), best first within a grade; the scores are compared as stored, so a store
    filled with one set of score weights ranks fairly."""
    from dominosa.cli.book_input import grade_order_from
    from dominosa.generator.store import PuzzleStore, StoreError
    from dominosa.rendering.book import BookEntry

    try:
        with PuzzleStore(path, create=False) as store:
            if best is None:
                records = store.query(grade=grade, order=order, limit=count)
            else:
                grades = [grade] if grade is not None else [g for g in store.stats().grades if g is not None]
                records = _best_without_twins(store, grades, order, best)
    except StoreError as error:
        raise UsageError(str(error)) from None
    if not records:
        what = " ".join(part for part in (grade, f"double-{order}" if order is not None else None) if part)
        raise UsageError(f"no {what + ' ' if what else ''}puzzles in {path} (see 'dominosa store stats')")
    entries = [BookEntry(r.puzzle, r.solution, r.grade, r.score) for r in records]
    return entries, grade_order_from([{"grade": r.grade, "level": r.level} for r in records])


def _best_without_twins(store, grades, order: int | None, best: int) -> list:
    """The ``best`` highest-scoring records of each grade, passing over any near-twin of one taken (of any
    grade): a store filled by long runs holds puzzles of one lineage side by side."""
    from dominosa.generator.twins import TwinGuard

    twins = TwinGuard()
    records = []
    for grade in grades:
        taken = 0
        for record in store.iter_query(grade=grade, order=order, by="score"):
            if taken == best:
                break
            if twins.admits(record.puzzle):
                twins.take(record.puzzle)
                records.append(record)
                taken += 1
    return records


def _check_isbn(text: str) -> None:
    """An ISBN-13 (or ISBN-10) with its check digit right: a wrong one on the copyright page would be printed in
    every copy."""
    digits = text.replace("-", "").replace(" ", "").upper()
    if len(digits) == 13 and digits.isdigit():
        ok = sum(int(d) * (1 if k % 2 == 0 else 3) for k, d in enumerate(digits)) % 10 == 0
    elif len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        values = [int(d) for d in digits[:9]] + [10 if digits[9] == "X" else int(digits[9])]
        ok = sum((10 - k) * v for k, v in enumerate(values)) % 11 == 0
    else:
        raise UsageError(f"--isbn {text!r} is not an ISBN: 13 digits (or 10), hyphens allowed")
    if not ok:
        raise UsageError(f"--isbn {text!r}: the check digit is wrong (a typo?)")


def _grade(name: str) -> str:
    from dominosa.deductions.grades import GRADES, grade_level

    try:
        return GRADES[grade_level(name)]
    except ValueError as error:
        raise UsageError(str(error)) from None


def _orders(text: str) -> list[int]:
    """``5,6,7``: orders from 1 to 15, each at least the one before (sizes grow through the book)."""
    try:
        orders = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of orders such as 5,6,7") from None
    if not all(1 <= n <= 15 for n in orders) or orders != sorted(orders):
        raise argparse.ArgumentTypeError(f"{text!r}: orders go from 1 to 15, smallest first, such as 5,6,7")
    return orders


def _trim(text: str):
    try:
        return parse_trim(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
