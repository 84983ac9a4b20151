"""Benchmark of rendering: one puzzle as a PNG, and a 100-puzzle book with solutions as a PDF.

Targets (from the issue), median on the 2-core project machine: one puzzle PNG <= 100 ms; a 100-puzzle book with
solutions (6x9 in, 2 puzzles per page) <= 10 s of rendering.

What is timed, and why:

- **PNG**: ``rendering.png(puzzle)`` for a double-6 puzzle at 100 dpi (and, for information, at 300 dpi, and
  the SVG and one-page PDF of the same puzzle). One warm-up call first: the first call of a process pays for
  importing matplotlib and loading its font, which a command pays once, not per picture.
- **Book**: ``build_book(entries)`` from 100 ready entries (puzzle and solution) to the PDF's bytes: layout,
  diagrams, text, font subsetting, the file structure. Making the puzzles is not timed (it is the generator's
  job); writing the bytes to disk is not either.
- **Reference, measured in the same run**: what the book costs with matplotlib's ``PdfPages`` used plainly
  (a figure per page, a ``Text`` artist per number, a line per cell edge, rounded ``FancyBboxPatch`` tiles
  for solutions), on a sample of the same pages, given as milliseconds per page and projected to the whole
  book. The ratio says how much the project's own PDF writer saves.

Run from the repository root: ``python bench/bench_rendering.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

from dominosa import rendering
from dominosa.generator.proper import proper_layout
from dominosa.rendering.book import build_book, compose_book
from dominosa.rendering.book_sections import BookEntry

PNG_TARGET_MS = 100.0
BOOK_TARGET_S = 10.0


def median_time(work: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``repeats`` calls, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def make_entries(count: int, order: int, seed: int) -> list[BookEntry]:
    rng = random.Random(seed)
    return [BookEntry(*proper_layout(order, random.Random(rng.getrandbits(64)))) for _ in range(count)]


def reference_pages(entries: list[BookEntry], pages: int) -> float:
    """Seconds for ``pages`` pages of the same book drawn plainly with matplotlib's PdfPages (see the docstring)."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import FancyBboxPatch

    matplotlib.rcParams["pdf.fonttype"] = 42

    def board(fig: Figure, entry: BookEntry, left: float, top: float, cell: float, solved: bool) -> None:
        puzzle = entry.puzzle
        w, h = fig.get_size_inches()
        for (r, c), value in zip(puzzle.board.cells, puzzle.numbers, strict=True):
            x, y = (left + (c + 0.5) * cell) / w, 1 - (top + (r + 0.5) * cell) / h
            fig.text(x, y, str(value), ha="center", va="center", fontsize=cell * 72 * 0.5)
        if solved:
            for (r0, c0), (r1, c1) in entry.solution.placements:
                x0, y1 = left + c0 * cell, top + (r1 + 1) * cell
                box = FancyBboxPatch(
                    (x0 / w, 1 - y1 / h),
                    (c1 - c0 + 1) * cell / w,
                    (r1 - r0 + 1) * cell / h,
                    boxstyle="round,pad=0,rounding_size=0.01",
                    fill=False,
                    transform=fig.transFigure,
                )
                fig.add_artist(box)
        else:
            for r in range(puzzle.rows + 1):
                y = 1 - (top + r * cell) / h
                fig.add_artist(Line2D([left / w, (left + puzzle.cols * cell) / w], [y, y], color="k", lw=0.8))
            for c in range(puzzle.cols + 1):
                x = (left + c * cell) / w
                fig.add_artist(Line2D([x, x], [1 - top / h, 1 - (top + puzzle.rows * cell) / h], color="k", lw=0.8))

    start = time.perf_counter()
    with PdfPages(io.BytesIO()) as pdf:
        for page in range(pages):
            fig = Figure(figsize=(6, 9))
            if page % 5 == 4:  # about one page in five of the real book is a page of 12 solutions
                for k in range(12):
                    board(fig, entries[k], 0.6 + (k % 3) * 1.7, 0.8 + (k // 3) * 2.0, 0.18, True)
            else:
                board(fig, entries[2 * page % len(entries)], 1.0, 0.9, 0.5, False)
                board(fig, entries[(2 * page + 1) % len(entries)], 1.0, 4.9, 0.5, False)
            fig.text(0.9, 0.04, str(page + 1))
            pdf.savefig(fig)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100, help="puzzles in the book (default 100)")
    parser.add_argument("--order", type=int, default=6, help="double-N puzzles (default 6)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeats", type=int, default=5, help="timed runs, median kept (default 5)")
    parser.add_argument(
        "--reference-pages", type=int, default=10, help="pages of the PdfPages reference to time (default 10; 0: skip)"
    )
    parser.add_argument("--strict", action="store_true", help="exit status 1 if a target is missed")
    args = parser.parse_args(argv)

    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} cores")
    start = time.perf_counter()
    entries = make_entries(args.count, args.order, args.seed)
    print(f"made {len(entries)} proper double-{args.order} puzzles in {time.perf_counter() - start:.1f} s (not timed)")
    puzzle, solution = entries[0].puzzle, entries[0].solution

    rendering.png(puzzle)  # warm-up: imports matplotlib, loads the font
    rendering.pdf(puzzle)
    png_ms = 1000 * median_time(lambda: rendering.png(puzzle), args.repeats * 4)
    print()
    print(
        f"one puzzle PNG, 100 dpi:        {png_ms:7.1f} ms   target <= {PNG_TARGET_MS:g} ms   "
        f"{'pass' if png_ms <= PNG_TARGET_MS else 'FAIL'}"
    )
    for label, work in (
        ("one solution PNG, 100 dpi:    ", lambda: rendering.png(puzzle, solution=solution)),
        ("one puzzle PNG, 300 dpi:      ", lambda: rendering.png(puzzle, dpi=300)),
        ("one puzzle SVG:               ", lambda: rendering.svg(puzzle)),
        ("one puzzle PDF (one page):    ", lambda: rendering.pdf(puzzle)),
    ):
        print(f"{label}  {1000 * median_time(work, args.repeats * 2):7.1f} ms")

    layout = compose_book(entries)
    pages = layout.summary.pages
    book_s = median_time(lambda: build_book(entries), args.repeats)
    data, summary = build_book(entries)
    print()
    print(f"book of {summary.puzzles} puzzles: {pages} pages, {len(data) / 1024:.0f} KiB ({summary.line()})")
    print(
        f"book, rendering:               {book_s:7.2f} s    target <= {BOOK_TARGET_S:g} s      "
        f"{'pass' if book_s <= BOOK_TARGET_S else 'FAIL'}   ({1000 * book_s / pages:.1f} ms a page)"
    )
    if args.reference_pages > 0:
        ref_s = reference_pages(entries, args.reference_pages)
        per_page = ref_s / args.reference_pages
        print(
            f"reference, plain PdfPages:     {1000 * per_page:7.1f} ms a page, projected {per_page * pages:.1f} s "
            f"for {pages} pages ({args.reference_pages} pages timed)"
        )
        print(f"ratio reference / ours:        {per_page * pages / book_s:7.1f}x")
    missed = png_ms > PNG_TARGET_MS or book_s > BOOK_TARGET_S
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
