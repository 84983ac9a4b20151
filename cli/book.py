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

The options, and the checks that refuse what cannot work before any work, are in
:mod:`dominosa.cli.book_options`; what the book reads from files in :mod:`dominosa.cli.book_input`.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import secrets
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from dominosa.atomic import atomic_write
from dominosa.cli.book_options import DEFAULT_COUNT, DEFAULT_OUT, EPILOG, add_book_options, check_options, shapes_asked
from dominosa.cli.book_store import record_volume, series_volume, store_entries, without_repeats
from dominosa.cli.common import read_inputs, warn
from dominosa.cli.interrupts import finished
from dominosa.cli.timeout import limits_whole_run
from dominosa.cli.usage import UsageError
from dominosa.generator.grade_mix import DEFAULT_MIX, MIX_GIVE_UP, share_out
from dominosa.rendering.i18n import _ as tr
from dominosa.rendering.i18n import ngettext, use_language
from dominosa.rendering.i18n import number as count_text

if TYPE_CHECKING:
    from dominosa.puzzle import Puzzle
    from dominosa.rendering.book import BookSummary
    from dominosa.rendering.book_cover import CoverSummary

__all__ = ["register", "run", "generate_entries", "DEFAULT_MIX"]

SEED_RANGE = 1_000_000  # a fresh seed is drawn below this, short enough to note down
# A generated book's puzzles are the best that this many evaluations per puzzle find (generate --best --budget),
# not the first found; an evaluations budget, so --seed still rebuilds the book byte for byte. The default book
# (36 double-6 puzzles) measured 2.1x the time of taking the first found, mean score 73.5 against 64.6
# (bench/bench_best.py --book-only); the whole command about 1.7x (README).
BOOK_BUDGET: int | None = 20


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
    add_book_options(parser, budget=BOOK_BUDGET)
    parser.set_defaults(run=run)


@limits_whole_run("the book was not written")
def run(args: argparse.Namespace) -> int:
    """Build the book and print its one-line summary; exit code 0: check the options, gather the puzzles, lay
    the book out (and its cover), then write every file."""
    from dominosa.cli.book_input import read_excluded

    outputs = check_options(args)
    excluded = read_excluded(args.exclude, max_bytes=args.max_input) if args.exclude else []
    said_later: list[str] = []  # what a volume left out, said once the book is written (not before an error)
    volume = (
        args.volume if args.series is None else series_volume(args.store, args.series, args.volume, args.new_series)
    )
    entries, grade_order, seed = _gather(args, excluded, said_later)
    if DEFAULT_OUT.parent in (path.parent for _, path in outputs if path is not None):
        DEFAULT_OUT.parent.mkdir(exist_ok=True)  # the default folder (output/) is made when missing
    finished(len(entries), len(entries), lost=NOT_WRITTEN)  # (Ctrl-C from here on: all made, none written)
    examples = _chapter_examples(entries, seed, excluded) if args.techniques else None
    data, summary = _build(args, entries, grade_order, seed=seed, volume=volume, examples=examples)
    # The cover is made (and checked) before anything is written, so that a cover the preflight refuses leaves no
    # book behind it either.
    cover = _cover(args, summary, entries, volume) if args.cover_out is not None else None
    summary = dataclasses.replace(summary, path=atomic_write(args.out, data))
    line = summary.line()
    if args.puzzles_out is not None:
        written = _write_puzzles(args.puzzles_out, entries, grade_order)
        line += f"; {written}: {summary.puzzles} puzzles as JSON lines"
    if cover is not None:
        cover_data, made = cover
        line += f"; {atomic_write(args.cover_out, cover_data)}: {made.line()}"
    if args.series is not None:  # last: only a book whose every file is written counts as a volume
        line += "; " + record_volume(args, entries, grade_order, volume)
    print(line)
    for note in said_later:
        warn(note)
    warning = summary.warning()
    if warning:
        print(warning, file=sys.stderr)
    return 0


def _gather(args: argparse.Namespace, excluded: Sequence[Puzzle], said_later: list[str]):
    """The book's entries, the order of their grades (None: the engine's), and the seed they were made from (None
    for puzzles read): from files, from a store, or generated."""
    from dominosa.cli.book_input import entries_from_records, grade_order_from, read_annotations

    if args.files or args.example:
        if args.store:
            raise UsageError("give puzzle files or --store, not both")
        records = read_inputs(args)
        if excluded:
            records = without_repeats(records, excluded, said_later)
        notes = read_annotations(records)  # grades and scores that rate or generate wrote into JSON
        return entries_from_records(records, notes), grade_order_from(notes), None
    if args.store:
        entries, grade_order = store_entries(
            args.store,
            notes=said_later,
            grade=args.grade,
            count=args.count,
            order=args.order,
            best=args.best,
            exclude=excluded,
            series=args.series,
        )
        return entries, grade_order, None
    seed = secrets.randbelow(SEED_RANGE) if args.seed is None else args.seed
    return _generated(args, seed, excluded), None, seed


def _generated(args: argparse.Namespace, seed: int, excluded: Sequence[Puzzle]) -> list:
    """A generated book's entries (``--count`` of the mix, then the ``--shapes`` section), with progress on
    standard error unless ``--quiet``."""
    shapes = shapes_asked(args)
    count = DEFAULT_COUNT if args.count is None else args.count
    shaped = _shape_count(args, shapes, whole=not count) if shapes else 0
    progress = None if args.quiet else BookProgress(count + shaped, sys.stderr)
    order = args.orders or (6 if args.order is None else args.order)
    try:
        noting = _noting_made(count + shaped, progress)
        entries = (
            generate_entries(count, order, seed, grade=args.grade, progress=noting, exclude=excluded) if count else []
        )
        if shapes:
            made = len(entries)
            entries += _shaped(
                args, shapes, seed, count=shaped, whole=not count, progress=noting, made=made, exclude=excluded
            )
    finally:
        if progress is not None:
            progress.clear()
    return entries


def _build(args: argparse.Namespace, entries, grade_order, *, seed, volume, examples) -> tuple[bytes, BookSummary]:
    """The book's PDF bytes and summary, laid out as the options ask; a book that cannot be made is a usage
    error (one line saying what to change)."""
    from dominosa.rendering.book import build_book
    from dominosa.rendering.book_sections import BookError, Imprint

    try:
        return build_book(
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
                year=args.year or datetime.date.today().year,
                isbn=args.isbn,
                publisher=args.publisher,
                seed=seed,
                volume=volume,
            ),
            min_pages=args.min_pages,
            checklist=args.checklist,
            techniques=args.techniques,
            hints=args.hints,
            lang=args.lang,
            examples=examples,
        )
    except BookError as error:
        raise UsageError(str(error)) from None


def _cover(args: argparse.Namespace, summary, entries, volume: int | None) -> tuple[bytes, CoverSummary]:
    """The cover, made and checked in the book's language; one the preflight refuses is a usage error."""
    from dominosa.rendering.book_cover import CoverError

    with use_language(args.lang):  # the cover's words; the summary line stays English
        try:
            return _make_cover(args, summary, entries, volume)
        except CoverError as error:
            raise UsageError(str(error)) from None


def _chapter_examples(entries, seed: int | None, excluded: Sequence[Puzzle]) -> list[Puzzle]:
    """The techniques chapter's own small puzzles (see :mod:`dominosa.cli.book_lessons`), none of them a puzzle
    of the book or of ``excluded`` (an earlier volume); a line on standard error for a technique none shows."""
    from dominosa.cli.book_lessons import chapter_examples, examples_seed
    from dominosa.rendering.lessons import techniques_needed

    puzzles = [entry.puzzle for entry in entries]
    needed = techniques_needed(puzzles)
    examples, missing = chapter_examples(needed, examples_seed(seed, puzzles), [*puzzles, *excluded])
    if missing:
        names = ", ".join(sorted(t.label for t in missing))
        warn(f"the techniques chapter leaves out {names}: no small puzzle made for it showed it")
    return examples


def _write_puzzles(path: Path, entries, grade_order) -> Path:
    """The book's puzzles in book order, one JSON object a line, written atomically: ``number``, ``section`` (as
    the book heads it), ``grade``, ``score``, then the puzzle and its ``solution`` as ``dominosa`` reads them, so
    the file is also the input of another book or of ``rate``."""
    import json

    from dominosa.atomic import atomic_write
    from dominosa.formats.json_format import puzzle_to_dict
    from dominosa.rendering.book_sections import book_order, display_name

    lines = []
    for number, section, entry in book_order(entries, grade_order):
        head = {"number": number, "section": display_name(section), "grade": entry.grade, "score": entry.score}
        lines.append(json.dumps({**head, **puzzle_to_dict(entry.puzzle, entry.solution)}, separators=(",", ":")))
    return atomic_write(path, "\n".join(lines) + "\n")


def _volume_words(volume: int | None) -> list[str]:
    """"Volume N" in the book's language, for the cover's subtitle; nothing outside a series."""
    return [] if volume is None else [tr("Volume {number}").format(number=volume)]


def _make_cover(args: argparse.Namespace, summary, entries, volume: int | None = None) -> tuple[bytes, CoverSummary]:
    """The cover of the book just composed, as PDF bytes and what it is (checked by the cover's preflight; a
    :class:`~dominosa.rendering.book_cover.CoverError` when it fails)."""
    from dominosa.rendering.book_cover import build_cover
    from dominosa.rendering.book_sections import book_order, display_name

    grades = [display_name(name) for name, _ in summary.sections]
    count = ngettext("{count} puzzle", "{count} puzzles", summary.puzzles).format(count=count_text(summary.puzzles))
    span = tr("{first} to {last}").format(first=grades[0], last=grades[-1]) if len(grades) > 1 else grades[0]
    inside = [tr("how to play with a worked example")]
    if args.techniques:
        inside.append(
            tr("a chapter on the techniques the puzzles need, each shown at work in a small puzzle of its own")
        )
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
        subtitle=args.subtitle or " · ".join([*_volume_words(volume), count, span]),
        author=args.author,
        blurb=blurb,
        heading=tr("Find every domino"),
        picture=(first.puzzle, first.solution),
        grades=grades,
        theme=args.theme,
        lang=args.lang,
    )
    return data, cover


class BookProgress:
    """How many puzzles of the book are made, said as each one is made: one line redrawn in place on a
    terminal (shown at once, so a big board's first minutes are not silent), else a line a puzzle, each with
    the time so far, so a log shows how long each took."""

    def __init__(self, total: int, stream) -> None:
        self.total = total
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.started = time.monotonic()
        self.shown = 0
        if self.tty:
            self(0)

    def __call__(self, done: int) -> None:
        elapsed = time.monotonic() - self.started
        if self.tty:
            filled = round(24 * done / self.total) if self.total else 24
            text = f"book: [{'#' * filled}{'.' * (24 - filled)}] {done}/{self.total} puzzles, {elapsed:.0f} s"
            self.stream.write("\r" + text + " " * max(0, self.shown - len(text)))
            self.shown = len(text)
        elif done:
            self.stream.write(f"book: {done} of {self.total} puzzles made, {elapsed:.0f} s\n")
        self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


NOT_WRITTEN = "the book was not written"


def _noting_made(count: int, progress: BookProgress | None):
    """The progress callback of the book's generation: notes how many puzzles are made (for Ctrl-C's line:
    'interrupted: 12 of 40 puzzles finished; the book was not written'), and shows them unless --quiet."""
    finished(0, count, lost=NOT_WRITTEN)

    def made(done: int) -> None:
        finished(done, count, lost=NOT_WRITTEN)
        if progress is not None:
            progress(done)

    return made


def generate_entries(
    count: int,
    order: int | Sequence[int],
    seed: int,
    *,
    grade: str | None = None,
    progress=None,
    exclude: Iterable[Puzzle] = (),
) -> list:
    """``count`` proper, graded double-``order`` puzzles (``BookEntry`` with grade and score), the same for the
    same seed whatever the machine. With several orders (``--orders 5,6,7``) sizes grow through the book: the
    puzzles in book order (sections by grade) take the orders in turn, an even share each.

    Without ``grade`` the count is shared out over :data:`DEFAULT_MIX`; a grade of the mix that the board cannot
    reach (small boards) gives its share to puzzles of any grade. The evaluations run on a local process pool.
    ``progress`` (when given) is called with the number of puzzles made after each one. No two puzzles share more
    than :data:`~dominosa.generator.twins.BOOK_TWIN_SHARE` of their cells (a near-twin is refused and the search
    goes on), nor is one the other turned, mirrored or renamed; nor is any of them one of ``exclude`` (an earlier
    volume's puzzles) or a near-twin of one: the search goes on past them, so the book is as long as asked and
    the same for the same seed and exclusions.
    """
    from dominosa.generator.best import Budget
    from dominosa.generator.evolve import NoPuzzleFound, Settings
    from dominosa.generator.generate import generate, make_request
    from dominosa.generator.workers import open_workers
    from dominosa.rendering.book_sections import BookEntry

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
    fresh = book_guard(exclude)

    with open_workers() as workers:
        for wanted, size, share in runs:
            left = share
            for target in (wanted, None) if grade is None else (wanted,):
                best = Budget(evaluations=BOOK_BUDGET) if target is not None and BOOK_BUDGET else None
                try:  # the generator's own limits (its largest order) say why in one line
                    request = make_request(order=size, grade=target, seed=seed, settings=settings, best=best)
                except ValueError as error:
                    raise UsageError(str(error)) from None
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


def _shape_count(args: argparse.Namespace, shapes: list[str], *, whole: bool) -> int:
    """How many shaped puzzles the book holds: ``--shape-count``, else two a shape (or a whole book's worth)."""
    return args.shape_count or (DEFAULT_COUNT if whole else 2 * len(shapes))


def _shaped(
    args: argparse.Namespace, shapes: list[str], seed: int, *, count: int, whole: bool, progress, made: int, exclude=()
) -> list:
    """The book's shaped puzzles: a section of their own, or (``whole``) the whole book in sections by grade;
    none of them one of ``exclude`` or a near-twin of one."""
    from dominosa.cli.book_shapes import SECTION, plan_shapes, shaped_entries
    from dominosa.generator.workers import open_workers

    plan = plan_shapes(shapes, count, args.orders or [6 if args.order is None else args.order], args.grade)
    with open_workers() as workers:
        return shaped_entries(
            plan,
            seed,
            section=None if whole else SECTION,
            fresh=book_guard(exclude),
            workers=workers,
            budget=BOOK_BUDGET,
            progress=lambda done: progress(made + done),
        )


def book_guard(exclude: Iterable[Puzzle] = ()):
    """``fresh(made)``: True, and the puzzle recorded, when it is neither a puzzle the guard has seen or one of
    ``exclude`` (up to symmetry and renaming) nor a near-twin of one; a book asks it of every puzzle it
    generates."""
    from dominosa.generator.twins import RepeatGuard

    repeats = RepeatGuard(exclude)

    def fresh(made) -> bool:
        if not repeats.admits(made.puzzle):
            return False
        repeats.take(made.puzzle)
        return True

    return fresh


