"""``dominosa generate``: new proper puzzles at a grade, printed or saved to a puzzle store as they are found.

The work is :mod:`dominosa.generator.generate`; this module reads the options, opens the workers and the store,
prints, shows progress on standard error, and turns Ctrl-C into a clean stop with a summary of what was saved.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from dominosa.board import Board
from dominosa.cli.common import (
    add_format_argument,
    add_path_budget_argument,
    check_made_order,
    check_workers,
    finite_number,
    grade_argument,
    numbered,
    print_json,
    print_text,
)
from dominosa.cli.show import game_id_of
from dominosa.cli.store import warn_old_scores
from dominosa.cli.usage import UsageError
from dominosa.deductions import DEFAULT_NODE_BUDGET, DEFAULT_WEIGHTS, GRADES, read_score_weights
from dominosa.formats import draw_solution, write_plain
from dominosa.formats.reader import read_input_text
from dominosa.generator.best import DEFAULT_BUDGET, BestRun, Budget
from dominosa.generator.evolve import NoPuzzleFound, Progress, Settings
from dominosa.generator.generate import (
    GeneratedPuzzle,
    Request,
    StoreRun,
    generate,
    make_request,
    read_shape,
)
from dominosa.generator.shapes import ShapeError, load_shape, picture, shape_names
from dominosa.generator.store import PuzzleStore
from dominosa.generator.store_records import StoreError
from dominosa.generator.workers import WorkersError, open_workers

__all__ = ["register", "run", "as_text", "ProgressLine", "EXIT_GAVE_UP", "EXIT_INTERRUPTED"]

EXIT_GAVE_UP = 1
EXIT_INTERRUPTED = 130
# Progress lines start after this many seconds, then come at most this often.
PROGRESS_AFTER = 2.0

EPILOG = """\
examples:
  dominosa generate --order 6 --grade hard
      one hard double-6 puzzle, drawn with its grade and score
  dominosa generate --order 7 --count 4 --grade hard --store output/puzzles.sqlite
      4 distinct hard double-7 puzzles, each saved as soon as it is found
  dominosa generate --order 7 --count 4 --grade hard --store output/puzzles.sqlite --resume
      after a Ctrl-C (or a crash): make only the puzzles still missing
  dominosa generate --order 6 --count 3 --grade hard --best --store output/puzzles.sqlite
      the 3 most interesting hard puzzles {budget} finds, best first
  dominosa generate --order 9 --grade extreme --best --budget 5s --score-weights scan=0,chain=5
      the best extreme double-9 puzzle five seconds find, by a score of your own
  dominosa generate --order 9 --count 5 --grade fiendish --format json > fiendish.jsonl
      JSON lines: grid, solution, grade, level, score, seed, ... (a puzzle file)
  dominosa generate --shape heart --order 7 --grade hard --count 3
      double-7 puzzles on the heart of the shape library
  dominosa generate --list-shapes
      the library's shapes (heart, star, house, ...) and the sets each comes in
  dominosa generate --list-shapes --shape star --order 8
      the star drawn for the double-8 set, a '#' for each cell
  dominosa generate --shape heart.txt --grade hard --count 3
      puzzles on an irregular board drawn in a file ('x' or '.' for a hole)
  dominosa generate --order 7 --grade hard --scheduler local
      evaluations on a local Dask cluster (needs pip install 'dominosa[dask]');
      --scheduler tcp://HOST:8786 uses a running one

Files of your own in these examples: heart.txt.

The grades, easiest first:
  {grades}.
Without --grade any proper puzzle will do. trivial, basic, hard and extreme
are the levels of Simon Tatham's Dominosa (his solver gives our puzzles the
same level); fiendish needs logic beyond his (strong forms of parity, local
duplicates and forcing chains; short contradictions); "guessing" is seldom if
ever reached, since the techniques finish nearly every proper puzzle by logic.

Puzzles are searched for by evolution: layouts are mutated
(two dominoes swapped, one turned round, a 2x2 block re-tiled) toward the grade
asked for; each one kept is proved to have exactly one solution and rated in
full (grade, score). The same --seed gives the same puzzles whatever --workers
or --scheduler says. A store never holds a puzzle twice (up to symmetry and
renaming of numbers); a second run with the same seed goes on where the first
one stopped. Progress goes to standard error (--quiet to silence it).

--best makes first-found puzzles with part of the budget, climbs from the
best of them with the rest, then returns the most interesting ones (highest
score; see the README for the score and its weights), no two alike: never the
same up to symmetry and renaming, never near-twins sharing more than half
their placements. --budget N (layout evaluations per puzzle wanted, all
counted) gives the same puzzles for the same seed on any machine; --budget 30s does not (how much a machine does in
30 s varies); it stops when the time is up, and reports the --budget N that repeats
its result when the climbs finished within it.
Ctrl-C during --best returns (and saves) the best found so far.
""".replace("{budget}", f"--budget {DEFAULT_BUDGET.evaluations}").replace("{grades}", ", ".join(GRADES))


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``generate`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "generate",
        help="make new proper puzzles at a grade, printed or saved to a puzzle store",
        description="Make new puzzles with exactly one solution, at the grade asked for, and print them or\n"
        "save each to a puzzle store as soon as it is found.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--order",
        type=int,
        metavar="N",
        help="double-N puzzles on the (N+1)x(N+2) board, or on the --shape NAME drawn for that set (default 6)",
    )
    parser.add_argument(
        "--shape",
        metavar="NAME|FILE",
        help="an irregular board: a shape of the library (heart, star, ...; see --list-shapes), or a picture or"
        " puzzle file of your own (- for stdin)",
    )
    parser.add_argument(
        "--list-shapes",
        action="store_true",
        help="list the library's shapes and the sets each comes in; with --shape NAME draw it (--order: one size)",
    )
    parser.add_argument("--count", type=int, default=1, metavar="K", help="how many puzzles (default 1)")
    parser.add_argument(
        "--grade", type=grade_argument, metavar="G", help=f"the grade wanted: {', '.join(GRADES)} (default: any)"
    )
    parser.add_argument("--min-score", type=finite_number, metavar="X", help="the lowest interestingness score wanted")
    parser.add_argument("--max-score", type=finite_number, metavar="X", help="the highest interestingness score wanted")
    parser.add_argument("--seed", type=int, default=1, help="random seed: the same seed, the same puzzles (default 1)")
    parser.add_argument(
        "--workers", type=int, metavar="W", help="processes evaluating layouts (default: one per core; 1 runs serially)"
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="evaluate on Dask: a scheduler's address, or 'local' to start a cluster"
    )
    parser.add_argument("--store", metavar="PATH", help="save each puzzle to this puzzle store as it is found")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="with --store: count the puzzles of this kind already saved and make only the rest",
    )
    add_format_argument(parser, game_id=True)
    parser.add_argument("--solution", action="store_true", help="text format: also draw each solution")
    add_path_budget_argument(
        parser,
        DEFAULT_NODE_BUDGET,
        f"positions the path search may expand per puzzle (default {DEFAULT_NODE_BUDGET}); 0 scores from the"
        " grading run instead (faster on big boards)",
    )
    parser.add_argument(
        "--generations",
        type=int,
        default=Settings.generations,
        metavar="N",
        help=f"a search starts afresh after this many generations without a puzzle (default {Settings.generations})",
    )
    best = parser.add_argument_group("the most interesting puzzles (--best)")
    best.add_argument(
        "--best",
        action="store_true",
        help="keep searching after the first puzzles of the grade and return the most interesting found",
    )
    best.add_argument(
        "--budget",
        metavar="N|Ts",
        help=f"with --best: N layout evaluations per puzzle wanted, spent on first-found puzzles and climbs from"
        f" the best of them; the same puzzles on any machine (default {DEFAULT_BUDGET.evaluations}). Or T"
        " seconds, which differ from machine to machine",
    )
    parser.add_argument(
        "--score-weights",
        metavar="NAME=X,...|FILE",
        help="the score's weights (variety, tier, chain, scan, guess, needs_guessing), inline or a JSON file;"
        " recorded with each stored puzzle",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on standard error")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Generate as asked; 0 when every puzzle was made, 1 when the search gave up, 130 on Ctrl-C."""
    if args.list_shapes:
        print_text(list_shapes(args.shape, args.order))
        return 0
    request = _request(args)
    if args.count < 1:
        raise UsageError(f"--count must be at least 1, not {args.count}")
    if args.resume and not args.store:
        raise UsageError("--resume needs --store: it counts what the store already holds")
    progress = None if args.quiet else ProgressLine(best=request.best)
    made: list[GeneratedPuzzle] = []
    store_run: StoreRun | None = None
    report = BestRun() if request.best is not None else None
    try:
        with _store(args.store) as store:
            if store is not None:
                store_run = StoreRun(store, request, args.count, resume=args.resume)
                if store_run.wanted == 0:
                    print_text(f"{args.store} already holds {store_run.already} such puzzles: nothing to do")
                    return 0
            check_workers(args.workers, local=args.scheduler is None)
            try:
                workers = open_workers(args.workers, args.scheduler)
            except WorkersError as error:
                raise UsageError(str(error)) from None
            with workers:
                if progress is not None:
                    progress.engine = workers.describe()
                puzzles = (
                    store_run.puzzles(workers=workers, progress=progress, report=report)
                    if store_run is not None
                    else generate(request, args.count, workers=workers, progress=progress, report=report)
                )
                total = store_run.wanted if store_run is not None else args.count
                for made_one in puzzles:
                    made.append(made_one)
                    _print(made_one, args, len(made), total)
    except KeyboardInterrupt:
        best = "; the best found before it" if report is not None and report.interrupted else ""
        print(f"dominosa: interrupted{best}: {_summary(args, store_run, made)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except NoPuzzleFound as error:
        print(f"dominosa: gave up: {error}; {_summary(args, store_run, made)}", file=sys.stderr)
        return EXIT_GAVE_UP
    except StoreError as error:
        raise UsageError(str(error)) from None
    if store_run is not None and args.format == "text":
        print_text(_summary(args, store_run, made))
    if report is not None and not args.quiet:
        print(_best_summary(request, report), file=sys.stderr)
    return 0


def _best_summary(request: Request, report: BestRun) -> str:
    """What a --best run spent, and for a time budget the evaluations budget that repeats it."""
    words = (
        f"best of {report.candidates} candidates from {report.searches} searches and {report.climbs} climbs"
        f" ({report.evaluations} layouts"
        f" evaluated, {report.rated} rated in full)"
    )
    if request.best is not None and request.best.seconds is not None and report.equivalent is not None:
        words += f"; --budget {report.equivalent} gives these puzzles again on any machine"
    elif report.out_of_time:
        words += "; the climbs stopped when the time was up"
    return words


def _request(args: argparse.Namespace) -> Request:
    """The checked request; bad values are one-line usage errors."""
    weights = DEFAULT_WEIGHTS
    if args.score_weights is not None:
        try:
            weights = read_score_weights(args.score_weights)
        except ValueError as error:
            raise UsageError(f"--score-weights: {error}") from None
    best = None
    if args.budget is not None and not args.best:
        raise UsageError("--budget is the budget of --best: give --best too")
    if args.best:
        try:
            best = Budget.parse(args.budget) if args.budget is not None else DEFAULT_BUDGET
        except ValueError as error:
            raise UsageError(f"--budget: {error}") from None
        if args.grade is None and args.min_score is None and args.max_score is None:
            raise UsageError("--best finds the best puzzles of a grade: give --grade (or a score range)")
    settings = Settings(
        rating="path" if args.path_budget > 0 else "grade",
        path_budget=max(args.path_budget, 1),
        generations=max(args.generations, 1),
        weights=weights,
    )
    if args.path_budget < 0:
        raise UsageError(f"--path-budget cannot be negative, not {args.path_budget}")
    if args.generations < 1:
        raise UsageError(f"--generations must be at least 1, not {args.generations}")
    board = None
    if args.shape is not None:
        board = shape_from_option(args.shape, args.order)
    order = None if board is not None else (6 if args.order is None else args.order)
    if order is not None:
        check_made_order(order)
    try:
        return make_request(
            order=order,
            board=board,
            grade=args.grade,
            min_score=args.min_score,
            max_score=args.max_score,
            seed=args.seed,
            settings=settings,
            best=best,
        )
    except ValueError as error:
        where = f"{args.shape}: " if args.shape and "board" in str(error) else ""
        raise UsageError(f"{where}{error}") from None


def shape_from_option(value: str, order: int | None) -> Board:
    """The board ``--shape`` names: a file (or ``-``) when there is one of that name, else a shape of the library
    at ``order`` (its set nearest double-6 when no order is given); one-line usage errors otherwise."""
    if value == "-" or Path(value).exists() or any(sep in value for sep in ("/", "\\")) or "." in value:
        if order is not None:
            raise UsageError(f"--order goes with a shape of the library; the size of {value} is its own cell count")
        text, source = read_input_text(value)  # "-": standard input; limits checked while reading
        try:
            return read_shape(text, source)
        except ValueError as error:
            raise UsageError(str(error)) from None
    try:
        shape = load_shape(value)
        return shape.board(shape.nearest_order(6) if order is None else order)
    except ShapeError as error:
        raise UsageError(f"--shape: {error}".replace("no shape called", "no file and no shape called")) from None


def list_shapes(name: str | None, order: int | None) -> str:
    """The library as a table (name, sets, title), or one shape drawn for each set it comes in (or ``order``)."""
    if name is None:
        if order is not None:
            names = [n for n in shape_names() if order in load_shape(n).orders]
            head = f"shapes drawn for the double-{order} set ({(order + 1) * (order + 2)} cells):"
        else:
            names, head = list(shape_names()), "shapes (generate --shape NAME --order N):"
        rows = [f"  {n:<10} {load_shape(n).sizes():<22} {load_shape(n).title}" for n in names]
        return "\n".join([head, *rows]) if rows else f"no shape is drawn for the double-{order} set"
    try:
        shape = load_shape(name)
        orders = shape.orders if order is None else (shape.board(order) and (order,))
    except ShapeError as error:
        raise UsageError(f"--shape: {error}") from None
    parts = []
    for n in orders:
        board = shape.boards[n]
        parts.append(f"{shape.name}, double-{n} ({len(board)} cells):\n" + "\n".join(picture(board)))
    return "\n\n".join(parts)


class _NoStore:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _store(path: str | None) -> PuzzleStore | _NoStore:
    if path is None:
        return _NoStore()
    try:
        store = PuzzleStore(path)
    except StoreError as error:
        raise UsageError(str(error)) from None
    try:
        warn_old_scores(store, path)  # a score range and --resume count only scores of today's measure
    except StoreError as error:
        store.close()
        raise UsageError(str(error)) from None
    return store


def _print(made: GeneratedPuzzle, args: argparse.Namespace, index: int, total: int) -> None:
    if args.format == "json":
        print_json(made.to_dict())
    elif args.format == "gameid":
        print_text(game_id_of(made.puzzle, f"puzzle {index}"))
    elif args.store:
        print_text(f"saved puzzle {made.id}: {_facts(made)} ({index} of {total})")
    else:
        print_text(("\n" if index > 1 else "") + as_text(made, index=index, total=total, solution=args.solution))
    sys.stdout.flush()


def _facts(made: GeneratedPuzzle) -> str:
    board = made.puzzle.board
    size = f"{board.rows}x{board.cols}" + ("" if board.is_rectangle else " irregular")
    facts = [f"order {made.puzzle.order}", size]
    if made.grade is not None:
        facts.append(f"grade {made.grade}")
    if made.score is not None:
        facts.append(f"score {made.score:g}")
    facts.append(f"seed {made.seed} search {made.search}")
    return ", ".join(facts)


def as_text(made: GeneratedPuzzle, *, index: int = 1, total: int = 1, solution: bool = False) -> str:
    """A comment line with the facts, the puzzle as a plain grid (it reads back), and the solution if asked."""
    text = f"# {numbered('puzzle', index, total)}: {_facts(made)}\n{write_plain(made.puzzle)}"
    if solution:
        text += draw_solution(made.puzzle, made.solution) + "\n"
    return text.rstrip("\n")


def _summary(args: argparse.Namespace, store_run: StoreRun | None, made: list[GeneratedPuzzle]) -> str:
    if store_run is None:
        return f"{len(made)} of {args.count} puzzle{'s' if args.count != 1 else ''} made"
    n = len(store_run.saved)  # counted at each commit: exact even when Ctrl-C came before the puzzle was printed
    words = f"saved {n} of {store_run.wanted} puzzle{'s' if store_run.wanted != 1 else ''} to {args.store}"
    if store_run.duplicates:
        words += f" ({store_run.duplicates} found already there, skipped)"
    if n < store_run.wanted:
        words += "; run again with --resume to make the rest"
    elif store_run.resume and store_run.already:
        words += f"; with the {store_run.already} already there that makes {store_run.already + n}"
    return words


class ProgressLine:
    """Prints a progress line to standard error every few seconds of a long run (nothing on short ones)."""

    def __init__(self, best: Budget | None = None) -> None:
        self.started = time.monotonic()
        self.last = self.started
        self.engine = ""
        self.best = best

    def __call__(self, state: Progress) -> None:
        now = time.monotonic()
        if now - self.started < PROGRESS_AFTER or now - self.last < PROGRESS_AFTER:
            return
        self.last = now
        on = f" on {self.engine}" if self.engine else ""
        if self.best is not None:
            spent = f"{state.evaluations} layouts evaluated"
            if self.best.evaluations is not None:
                spent += f" of {self.best.evaluations * state.wanted}"
            top = f", best score so far {state.best_score:g} (estimate)" if state.best_score is not None else ""
            print(
                f"best: {state.searches} searches, {spent}, {state.found} candidates{top},"
                f" {now - self.started:.0f} s{on}",
                file=sys.stderr,
                flush=True,
            )
            return
        best = ""
        if state.best_fitness is not None:
            grade = state.best_grade or "proper"
            score = f", score {state.best_score:g}" if state.best_score is not None else ""
            fitness = ", ".join(f"{v:g}" for v in state.best_fitness)
            best = f", best so far {grade}{score} (fitness {fitness})"
        gave_up = f", {state.failed} gave up" if state.failed else ""
        print(
            f"generation {state.generation}: {state.found} of {state.wanted} found, {state.searches} searches"
            f"{gave_up}, {state.evaluations} layouts evaluated{best}, {now - self.started:.0f} s"
            + (f" on {self.engine}" if self.engine else ""),
            file=sys.stderr,
            flush=True,
        )
