"""The ``book`` command's options: registered in groups as its help shows them, and checked before any work.

A book may take minutes to make (the puzzles, the techniques chapter), so every choice that cannot work (a
count out of range, an output that cannot be written, options that would do nothing together, a page too small
for the puzzles asked) is refused here, up front, with one line that says what to change.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from dominosa.atomic import check_writable, refuse_unusual_target
from dominosa.cli.common import MADE_ORDERS, add_puzzle_arguments, check_made_order, grade_argument
from dominosa.cli.timeout import add_timeout_argument
from dominosa.cli.usage import UsageError
from dominosa.generator.grade_mix import DEFAULT_MIX
from dominosa.limits import MAX_MADE_ORDER
from dominosa.rendering.book_cover import DEFAULT_THEME, THEMES
from dominosa.rendering.i18n import LANGUAGES, check_language
from dominosa.rendering.pages import PRINT_MIN_PAGES, TRIMS, parse_trim

DEFAULT_OUT = Path("output") / "book.pdf"
# 40 puzzles, ten in each grade of the mix (an even count, so no section ends on a half-empty page), two to a
# page, with the front matter, the techniques chapter and the solutions make 36 pages: above the 24 print
# services ask.
DEFAULT_COUNT = 40

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
  dominosa book --count 12 --shapes heart,star,house
      12 double-6 puzzles, then a section of 6 on shapes ('dominosa generate
      --list-shapes' lists them), each at its set nearest the size asked
  dominosa book --count 0 --shapes all --shape-count 5 --order 7
      a whole book of shaped puzzles, one on each shape, in sections by grade
      (--shape-count 40 --orders 7,8 for a full book)
  dominosa book puzzles.txt --large-print --trim 170x240mm
      large print on a custom trim (WIDTHxHEIGHT in in, mm, cm or pt)
  dominosa book --count 4 --order 5 --out vol1.pdf --puzzles-out vol1.jsonl
      a first volume, and its puzzles as JSON lines
  dominosa book --count 4 --order 5 --out vol2.pdf --exclude vol1.jsonl --volume 2
      volume 2: none of volume 1's puzzles, turned, mirrored or renamed, nor
      a near-twin of one; "Volume 2" on its title and copyright pages
  dominosa book --store output/puzzles.sqlite --series classic --count 6
      the next volume of the series 'classic', recorded in the store once
      written; 'dominosa store list --series classic --unused' shows what is left
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


def add_book_options(parser: argparse.ArgumentParser, *, budget: int | None) -> None:
    """Every option of ``book``, group by group, in the order its help lists them; ``budget`` is the evaluations
    a generated puzzle gets (for ``--best``'s help)."""
    add_puzzle_arguments(parser)
    _add_page_options(parser)
    _add_front_options(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    _add_source_options(parser, budget)
    _add_series_options(parser)
    _add_look_options(parser)
    add_timeout_argument(parser, whole_run="the book is not written; nothing half-made is left")


def _add_page_options(parser: argparse.ArgumentParser) -> None:
    """Where the PDF goes, its pages (trim, bleed, print size, counts to a page), its title page and language."""
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


def _add_front_options(parser: argparse.ArgumentParser) -> None:
    """The copyright page, the book's length, the cover, and the puzzles written beside the book."""
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


def _add_source_options(parser: argparse.ArgumentParser, budget: int | None) -> None:
    """Which puzzles: from a store, or generated (grade, count, sizes, shapes, seed)."""
    stored = parser.add_argument_group("puzzles from a store, or generated (when no FILE is given)")
    stored.add_argument("--store", metavar="PATH", help="take the puzzles from this puzzle store")
    stored.add_argument(
        "--grade",
        type=grade_argument,
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
        f" take the best of {budget} evaluations per puzzle",
    )
    stored.add_argument(
        "--shapes",
        metavar="NAME,...|all",
        help="generated: add a section of puzzles on these shapes of the library (heart,star,...; all for every one;"
        " 'dominosa generate --list-shapes' shows them); with --count 0 a whole book of them, in sections by grade",
    )
    stored.add_argument(
        "--shape-count",
        type=int,
        metavar="N",
        help=f"with --shapes: how many shaped puzzles (default 2 a shape; with --count 0, {DEFAULT_COUNT})",
    )
    stored.add_argument(
        "--seed", type=int, help="random seed: the same seed, the same book (default: a fresh one, printed)"
    )


def _add_series_options(parser: argparse.ArgumentParser) -> None:
    """Volumes of a series, which never repeat a puzzle."""
    series = parser.add_argument_group("series of books: volumes that never repeat a puzzle")
    series.add_argument(
        "--exclude",
        action="extend",
        nargs="+",
        type=Path,
        default=[],
        metavar="FILE",
        help="leave out every puzzle of these files (an earlier volume's --puzzles-out, or any puzzle file), turned,"
        " mirrored or renamed, and every near-twin of one (more than 40%% of cells alike); a generated book"
        " makes others in their place. It takes every FILE up to the next option: give puzzle files before it",
    )
    series.add_argument(
        "--series",
        metavar="NAME",
        help="with --store: record this book as the next volume of the series NAME in the store, once its PDF is"
        " written (date, the PDF's SHA-256, its puzzles), and leave out what earlier volumes printed",
    )
    series.add_argument(
        "--new-series",
        action="store_true",
        help="with --series: begin a series of this name although one in the store is named alike (the same but"
        " for case or one letter: without this the name is refused as a likely slip)",
    )
    series.add_argument(
        "--volume",
        type=int,
        metavar="N",
        help="the volume's number, printed as 'Volume N' on the title and copyright pages (default with --series:"
        " one more than the series' last)",
    )


def _add_look_options(parser: argparse.ArgumentParser) -> None:
    """How the puzzles look and what the book teaches besides them."""
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


Outputs = tuple[tuple[str, Path | None], ...]


def check_options(args: argparse.Namespace) -> Outputs:
    """Refuse, before any work, every choice that cannot work, in the order a reader meets them; returns the
    outputs asked for (option, path or None). ``--lang`` is set to its canonical spelling."""
    _check_numbers(args)
    _check_series(args)
    outputs = (("--out", args.out), ("--cover-out", args.cover_out), ("--puzzles-out", args.puzzles_out))
    _check_output_folders(outputs)
    _check_sizes(args, shapes_asked(args))
    _check_writable(outputs)
    _check_best(args)
    _refuse_choices_that_do_nothing(args)
    _check_order_fits(args)
    return outputs


def _check_numbers(args: argparse.Namespace) -> None:
    """Counts to a page, the language, the length, the year, the seed and the ISBN, each within what works."""
    for name in ("per_page", "solutions_per_page"):
        value = getattr(args, name)
        if value is not None and not 1 <= value <= 24:
            raise UsageError(f"--{name.replace('_', '-')} must be between 1 and 24, not {value}")
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


def _check_output_folders(outputs: Outputs) -> None:
    """Each output a file of its own, in a folder that exists (the default folder, output/, is made later)."""
    given = [(option, path.resolve()) for option, path in outputs if path is not None]
    for k, (option, path) in enumerate(given):  # before any work, like every other refusal
        for other, elsewhere in given[:k]:
            if path == elsewhere:
                raise UsageError(f"{option} must differ from {other}")
    for option, path in outputs:
        # before any puzzle is made: a long run should not end on a missing folder
        if path is not None and path.parent != DEFAULT_OUT.parent and not path.resolve().parent.is_dir():
            raise UsageError(f"cannot use {option} {path}: there is no folder {path.parent}")


def _check_sizes(args: argparse.Namespace, shapes: list[str]) -> None:
    """--count, --order and --orders within range, and --orders only for a generated book."""
    if args.count is not None and not (0 if shapes else 1) <= args.count <= 2000:
        low = "0 (with --shapes)" if shapes else "1"
        raise UsageError(f"--count must be between {low} and 2000, not {args.count}")
    if args.order is not None:
        check_made_order(args.order)
    if args.orders is not None:
        if args.order is not None:
            raise UsageError("give --order N or --orders N,N,..., not both")
        if args.files or args.example or args.store:
            raise UsageError("--orders is for generated books: the sizes of puzzles read are as they are")


def _check_writable(outputs: Outputs) -> None:
    """An unwritable destination is refused now, not after the work."""
    for _, path in outputs:
        if path is None:
            continue
        if path.parent.is_dir():
            check_writable(path)
        else:  # the default folder (output/), made when the book is written
            refuse_unusual_target(path)


def _check_best(args: argparse.Namespace) -> None:
    """--best only with a store, not with --count, and within range."""
    if args.best is None:
        return
    if not args.store:
        raise UsageError(
            "--best takes the best puzzles of a store: give --store (a generated book already"
            " takes the best its budget finds)"
        )
    if args.count is not None:
        raise UsageError("give --best N (N of each grade) or --count N (N in all), not both")
    if not 1 <= args.best <= 2000:
        raise UsageError(f"--best must be between 1 and 2000, not {args.best}")


def _check_order_fits(args: argparse.Namespace) -> None:
    """A generated book whose puzzles would not fit its pages is refused before a single puzzle is made."""
    if args.files or args.example or args.store or args.count == 0:
        return
    from dominosa.rendering.book_fit import check_order_fits
    from dominosa.rendering.book_sections import BookError

    try:
        check_order_fits(
            max(args.orders or [6 if args.order is None else args.order]),
            args.trim,
            large_print=args.large_print,
            per_page=args.per_page,
            solutions_per_page=args.solutions_per_page,
            count=DEFAULT_COUNT if args.count is None else args.count,
        )
    except BookError as error:
        raise UsageError(str(error)) from None


def shapes_asked(args: argparse.Namespace) -> list[str]:
    """The shapes of ``--shapes`` (checked), or none; ``--shape-count`` checked with them."""
    from dominosa.cli.book_shapes import parse_shapes

    if args.shapes is None:
        if args.shape_count is not None:
            raise UsageError("--shape-count is the size of the --shapes section: give --shapes too")
        return []
    if args.files or args.example or args.store:
        raise UsageError("--shapes generates its puzzles: it goes with a generated book, not puzzle files or --store")
    if args.shape_count is not None and not 1 <= args.shape_count <= 2000:
        raise UsageError(f"--shape-count must be between 1 and 2000, not {args.shape_count}")
    return parse_shapes(args.shapes)

def _check_series(args: argparse.Namespace) -> None:
    """--series, --volume and --exclude as they may be combined, refused before any work."""
    if args.volume is not None and not 1 <= args.volume <= 100_000:
        raise UsageError(f"--volume must be between 1 and 100000, not {args.volume}")
    if args.series is None:
        if args.new_series:
            raise UsageError("--new-series begins the series --series names: give --series NAME")
        return
    if not args.series.strip() or len(args.series) > 200 or not args.series.isprintable():
        raise UsageError(f"--series {args.series!r}: a series needs a name of printable characters (200 at most)")
    if not args.store:
        raise UsageError(
            "--series records the book as a volume in a puzzle store: give --store (a generated book leaves out"
            " earlier volumes with --exclude of their --puzzles-out files)"
        )
    store = Path(args.store)
    if store.is_file() and not (os.access(store, os.W_OK) and os.access(store.resolve().parent, os.W_OK)):
        raise UsageError(f"--series: cannot record the volume in {store}: the store is read-only")

def _refuse_choices_that_do_nothing(args: argparse.Namespace) -> None:
    """Refuse an option that would be ignored: a book of files takes all their puzzles, a store's are taken by
    id (or by score with --best), so --grade, --count, --order or --seed there would silently do nothing."""
    if args.files or args.example:
        options = {"--grade": args.grade, "--count": args.count, "--order": args.order, "--seed": args.seed}
        given = [option for option, value in options.items() if value is not None]
        if given and not args.store:
            raise UsageError(
                f"{' and '.join(given)}: a book of puzzle files takes every puzzle of the files as they are"
                " (these choose the puzzles of --store or of a generated book)"
            )
    elif args.store and args.seed is not None:
        raise UsageError("--seed is for generated books: a store's puzzles are taken oldest first (or by --best)")

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

def _orders(text: str) -> list[int]:
    """``5,6,7``: orders of puzzles to make (up to :data:`~dominosa.limits.MAX_MADE_ORDER`), each at least the one
    before (sizes grow through the book)."""
    try:
        orders = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of orders such as 5,6,7") from None
    if not all(1 <= n <= MAX_MADE_ORDER for n in orders) or orders != sorted(orders):
        raise argparse.ArgumentTypeError(f"{text!r}: orders must be {MADE_ORDERS}, smallest first, such as 5,6,7")
    return orders

def _trim(text: str):
    try:
        return parse_trim(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
