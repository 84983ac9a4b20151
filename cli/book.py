"""``dominosa book``: one print-ready PDF from puzzle files, a puzzle store, or puzzles generated on the spot.

Title page, how to play, the puzzles by grade, solutions at the back; trim size, bleed, mirrored margins with
the gutter the page count needs, an even page count. The PDF is written whole or not at all, and the command
prints one line: where it went, pages, puzzles, trim.

Generated puzzles come from the graded generator (:mod:`dominosa.generator.generate`): by default a mix of
basic, tricky and hard puzzles, each proved proper and rated, so the book has sections by grade.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from dominosa.atomic import refuse_unusual_target
from dominosa.cli.common import add_puzzle_arguments, read_inputs
from dominosa.cli.main import UsageError
from dominosa.cli.timeout import add_timeout_argument, limits_whole_run
from dominosa.rendering.pages import TRIMS, parse_trim

__all__ = ["register", "run", "generate_entries", "store_entries", "DEFAULT_MIX", "DEFAULT_COUNT"]

DEFAULT_OUT = Path("output") / "book.pdf"
DEFAULT_COUNT = 20
# The grades of a generated book when --grade is not given, shared out evenly (the first ones get any extra).
DEFAULT_MIX = ("basic", "tricky", "hard")
# A grade of the mix that a small board cannot reach is given up after this many fruitless searches, and its
# share goes to puzzles of any grade.
_MIX_GIVE_UP = 3

EPILOG = """\
examples:
  dominosa book
      generate 20 double-6 puzzles (basic, tricky and hard) and build
      output/book.pdf, 6x9 in
  dominosa book puzzles.jsonl --trim A4 --per-page 4 --out my-book.pdf
      a book of the puzzles in a file (JSON, plain grids or game IDs), four to a page
  dominosa book --store output/puzzles.sqlite --grade hard --count 50
      50 hard puzzles from a puzzle store ('dominosa generate --store' fills it)
  dominosa book --count 100 --order 7 --seed 3 --trim 8.5x11in --bleed
      100 generated double-7 puzzles, letter size, with 0.125 in of bleed
  dominosa book --grade extreme --count 10
      10 generated extreme double-6 puzzles
  dominosa book puzzles.txt --large-print --trim 170x240mm
      large print on a custom trim (WIDTHxHEIGHT in in, mm, cm or pt)

Trim presets: {presets}. The gutter (inside margin) follows the page count
as print-on-demand services require: 0.375 in up to 150 pages, 0.5 in up to
300, 0.625 in up to 500, and so on. Puzzles must have exactly one solution.
""".format(presets=", ".join(t.name for t in TRIMS.values()))


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
    parser.add_argument("--author", help="the author's name, on the title page")
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
    stored.add_argument("--seed", type=int, default=1, help="random seed: the same seed, the same book (default 1)")
    parser.add_argument("--pips", action="store_true", help="die pips instead of digits (above 9, digits)")
    parser.add_argument("--colour", "--color", action="store_true", help="colour instead of black and grey")
    add_timeout_argument(parser, "making the book (the whole run)")
    parser.set_defaults(run=run)


@limits_whole_run("the book was not written")
def run(args: argparse.Namespace) -> int:
    """Build the book and print its one-line summary; exit code 0."""
    from dominosa.rendering.book import BookError, entries_from_records, grade_order_from, read_annotations, write_book

    for name in ("per_page", "solutions_per_page"):
        value = getattr(args, name)
        if value is not None and not 1 <= value <= 24:
            raise UsageError(f"--{name.replace('_', '-')} must be between 1 and 24, not {value}")
    grade_order = None
    if args.count is not None and not 1 <= args.count <= 2000:
        raise UsageError(f"--count must be between 1 and 2000, not {args.count}")
    if args.order is not None and not 1 <= args.order <= 15:
        raise UsageError(f"--order must be between 1 and 15, not {args.order}")
    if args.grade is not None:
        args.grade = _grade(args.grade)
    refuse_unusual_target(Path(args.out))  # a folder, FIFO or symlink is refused now, not after the work
    if args.files or args.example:
        if args.store:
            raise UsageError("give puzzle files or --store, not both")
        records = read_inputs(args)
        notes = read_annotations(records)  # grades and scores that rate or generate wrote into JSON
        entries = entries_from_records(records, notes)
        grade_order = grade_order_from(notes)
    elif args.store:
        entries, grade_order = store_entries(args.store, grade=args.grade, count=args.count, order=args.order)
    else:
        count = DEFAULT_COUNT if args.count is None else args.count
        entries = generate_entries(count, 6 if args.order is None else args.order, args.seed, grade=args.grade)
    if args.out == DEFAULT_OUT:
        DEFAULT_OUT.parent.mkdir(exist_ok=True)
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
        )
    except BookError as error:
        raise UsageError(str(error)) from None
    print(summary.line())
    return 0


def generate_entries(count: int, order: int, seed: int, *, grade: str | None = None) -> list:
    """``count`` proper, graded double-``order`` puzzles (``BookEntry`` with grade and score), the same for the
    same seed whatever the machine.

    Without ``grade`` the count is shared out over :data:`DEFAULT_MIX`; a grade of the mix that the board cannot
    reach (small boards) gives its share to puzzles of any grade. The evaluations run on a local process pool.
    """
    from dominosa.generator.evolve import NoPuzzleFound, Settings
    from dominosa.generator.generate import generate, make_request
    from dominosa.generator.workers import open_workers
    from dominosa.rendering.book import BookEntry

    grades: list[str | None] = [grade] if grade is not None else list(DEFAULT_MIX)
    shares = [count // len(grades) + (k < count % len(grades)) for k in range(len(grades))]
    settings = Settings(give_up=_MIX_GIVE_UP) if grade is None else Settings()
    entries: list = []
    keys: set[str] = set()
    with open_workers() as workers:
        for wanted, share in zip(grades, shares, strict=True):
            left = share
            for target in (wanted, None) if grade is None else (wanted,):
                request = make_request(order=order, grade=target, seed=seed, settings=settings)
                try:
                    for made in generate(request, left, workers=workers, accept=lambda m: _new(m.puzzle, keys)):
                        entries.append(BookEntry(made.puzzle, made.solution, made.grade, made.score))
                        left -= 1
                except NoPuzzleFound:
                    if target is None or grade is not None:
                        raise UsageError(f"no {target or 'proper'} double-{order} puzzle could be made") from None
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


def store_entries(path: str, *, grade: str | None = None, count: int | None = None, order: int | None = None):
    """The puzzles of a store as book entries (with their grades and scores), oldest first, and the order of
    their grades (by the levels the store records)."""
    from dominosa.generator.store import PuzzleStore, StoreError
    from dominosa.rendering.book import BookEntry, grade_order_from

    try:
        with PuzzleStore(path, create=False) as store:
            records = store.query(grade=grade, order=order, limit=count)
    except StoreError as error:
        raise UsageError(str(error)) from None
    if not records:
        what = " ".join(part for part in (grade, f"double-{order}" if order is not None else None) if part)
        raise UsageError(f"no {what + ' ' if what else ''}puzzles in {path} (see 'dominosa store stats')")
    entries = [BookEntry(r.puzzle, r.solution, r.grade, r.score) for r in records]
    return entries, grade_order_from([{"grade": r.grade, "level": r.level} for r in records])


def _grade(name: str) -> str:
    from dominosa.deductions.grades import GRADES, grade_level

    try:
        return GRADES[grade_level(name)]
    except ValueError as error:
        raise UsageError(str(error)) from None


def _trim(text: str):
    try:
        return parse_trim(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
