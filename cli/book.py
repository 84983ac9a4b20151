"""``dominosa book``: one print-ready PDF from puzzle files, or from puzzles generated on the spot.

Title page, how to play, the puzzles by grade, solutions at the back; trim size, bleed, mirrored margins with
the gutter the page count needs, an even page count. The PDF is written whole or not at all, and the command
prints one line: where it went, pages, puzzles, trim.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from dominosa.cli.common import add_puzzle_arguments, read_inputs
from dominosa.cli.main import UsageError
from dominosa.rendering.pages import TRIMS, parse_trim

__all__ = ["register", "run", "generate_entries"]

DEFAULT_OUT = Path("output") / "book.pdf"

EPILOG = """\
examples:
  dominosa book
      generate 20 puzzles (double-6) and build output/book.pdf, 6x9 in
  dominosa book puzzles.jsonl --trim A4 --per-page 4 --out my-book.pdf
      a book of the puzzles in a file (JSON, plain grids or game IDs), four to a page
  dominosa book --count 100 --order 7 --seed 3 --trim 8.5x11in --bleed
      100 generated double-7 puzzles, letter size, with 0.125 in of bleed
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
    generate = parser.add_argument_group("generating puzzles (when no FILE is given)")
    generate.add_argument("--count", type=int, default=20, metavar="N", help="how many puzzles (default 20)")
    generate.add_argument("--order", type=int, default=6, metavar="N", help="double-N sets (default 6)")
    generate.add_argument("--seed", type=int, default=1, help="random seed: the same seed, the same book (default 1)")
    parser.add_argument("--pips", action="store_true", help="die pips instead of digits (above 9, digits)")
    parser.add_argument("--colour", "--color", action="store_true", help="colour instead of black and grey")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Build the book and print its one-line summary; exit code 0."""
    from dominosa.rendering.book import BookError, entries_from_records, grade_order_from, read_annotations, write_book

    for name in ("per_page", "solutions_per_page"):
        value = getattr(args, name)
        if value is not None and not 1 <= value <= 24:
            raise UsageError(f"--{name.replace('_', '-')} must be between 1 and 24, not {value}")
    grade_order = None
    if args.files or args.example:
        records = read_inputs(args)
        notes = read_annotations(records)  # grades and scores that rate or generate wrote into JSON
        entries = entries_from_records(records, notes)
        grade_order = grade_order_from(notes)
    else:
        if not 1 <= args.count <= 2000:
            raise UsageError(f"--count must be between 1 and 2000, not {args.count}")
        if not 1 <= args.order <= 15:
            raise UsageError(f"--order must be between 1 and 15, not {args.order}")
        entries = generate_entries(args.count, args.order, args.seed)
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


def generate_entries(count: int, order: int, seed: int) -> list:
    """``count`` proper double-``order`` puzzles with their solutions (``BookEntry``, ungraded), the same for the
    same seed."""
    from dominosa.generator.proper import proper_layout
    from dominosa.rendering.book import BookEntry

    rng = random.Random(seed)
    return [BookEntry(*proper_layout(order, random.Random(rng.getrandbits(64)))) for _ in range(count)]


def _trim(text: str):
    try:
        return parse_trim(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
