"""Generating puzzles as a user asks for them: a board, a grade, a count, a seed; into a store or not.

- :func:`make_request` checks what is asked (one line per problem) and fixes the board, the domino set and the
  target; :meth:`Request.params` is what the store keeps to recognise the same kind of run later.
- :func:`generate` yields proper, rated, distinct puzzles (:class:`GeneratedPuzzle`), each as soon as it is
  found; the search itself is :class:`~dominosa.generator.evolve.Evolution`. A request with a ``best`` budget
  asks for the most interesting puzzles that budget finds instead (:mod:`~dominosa.generator.best`), all
  yielded at the end, score descending.
- :class:`StoreRun` generates into a :class:`~dominosa.generator.store.PuzzleStore`, committing each puzzle as it
  is found, so a run stopped by Ctrl-C or killed loses nothing; run again with ``resume=True`` it makes only
  the puzzles still missing. Search numbers continue after those the store has seen with this seed, so a second
  run with the same seed never replays (or nearly replays) the first one.
- :func:`read_shape` reads a board for irregular puzzles from a picture or a puzzle file.
"""

from __future__ import annotations

import hashlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from dominosa.board import Board
from dominosa.canonical import canonical_key
from dominosa.deductions import DEFAULT_WEIGHTS, GRADES, grade_level
from dominosa.dominoes import Domino, full_set, order_for_cells
from dominosa.errors import PuzzleError
from dominosa.formats import puzzle_to_dict, read_puzzles
from dominosa.formats.plain import HOLES
from dominosa.generator.best import BestEvolution, BestRun, BestSettings, Budget
from dominosa.generator.evolve import Evolution, Found, NoPuzzleFound, Progress, Settings
from dominosa.generator.fitness import Target
from dominosa.generator.layouts import perfect_matching
from dominosa.generator.store import PuzzleStore
from dominosa.generator.workers import MapWorkers, Workers
from dominosa.limits import MAX_MADE_ORDER
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "GENERATOR",
    "MAX_ORDER",
    "Request",
    "GeneratedPuzzle",
    "StoreRun",
    "make_request",
    "generate",
    "read_shape",
]

# Written into every stored puzzle's parameters; a later generator with different searches gets a new name,
# so a resumed run never counts puzzles of another kind of run as its own.
GENERATOR = "evolve-1"
MAX_ORDER = MAX_MADE_ORDER  # the name cli/ and web/ import: the largest order made, set in dominosa/limits.py

MapFunction = Callable[[Callable[[Any], Any], Sequence[Any]], list[Any]]


@dataclass(frozen=True)
class Request:
    """A checked generation request: board, domino set, target, seed and search settings; with ``best``, the
    budget for the most interesting puzzles rather than the first ones found."""

    board: Board
    dominoes: tuple[Domino, ...]
    target: Target
    seed: int
    settings: Settings = Settings()
    best: Budget | None = None

    @property
    def order(self) -> int:
        return max(b for _, b in self.dominoes)

    @property
    def grade(self) -> str | None:
        return GRADES[self.target.level] if self.target.level is not None else None

    @property
    def board_name(self) -> str:
        """``7x8`` for a rectangle; ``shape-`` and a digest of the cells for a board with holes."""
        board = self.board
        if board.is_rectangle:
            return f"{board.rows}x{board.cols}"
        digest = hashlib.sha256(repr(board.cells).encode()).hexdigest()[:16]
        return f"shape-{digest}"

    def params(self) -> dict[str, Any]:
        """What makes two runs the same kind of run (the seed is kept apart, in the store's seed column): with
        ``best``, its budget, and weights that are not the defaults (the store also keeps every puzzle's
        weights in a column of their own)."""
        params: dict[str, Any] = {
            "generator": GENERATOR,
            "board": self.board_name,
            "grade": self.grade,
            "min_score": self.target.min_score,
            "max_score": self.target.max_score,
        }
        if self.best is not None:
            params["best"] = str(self.best)
        if self.settings.weights != DEFAULT_WEIGHTS:
            params["weights"] = self.settings.weights.to_dict()
        return params


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A puzzle the generator made: proper (proved), rated, with where it came from.

    ``id`` is its number in the store when it was saved to one.
    """

    puzzle: Puzzle
    solution: Solution
    grade: str | None
    level: int | None
    score: float | None
    rating: dict[str, Any]
    seed: int
    search: int
    generations: int
    evaluations: int
    seconds: float
    id: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the puzzle with its solution (``puzzle_to_dict``), then grade, level, score, and the
        search facts. It reads back as a puzzle."""
        out = puzzle_to_dict(self.puzzle, self.solution)
        out.update(
            {
                "grade": self.grade,
                "level": self.level,
                "score": self.score,
                "order": self.puzzle.order,
                "seed": self.seed,
                "search": self.search,
                "generations": self.generations,
                "evaluations": self.evaluations,
            }
        )
        if self.rating:
            out["rating"] = self.rating
        if self.id is not None:
            out["id"] = self.id
        return out


def make_request(
    *,
    order: int | None = None,
    board: Board | None = None,
    grade: str | None = None,
    min_score: float | None = None,
    max_score: float | None = None,
    seed: int = 0,
    settings: Settings | None = None,
    best: Budget | None = None,
) -> Request:
    """A checked request: an ``order`` (the standard (n+1) x (n+2) rectangle) or a ``board`` with holes; with
    ``best``, the most interesting puzzles that budget finds (a grade or a score range is then needed).

    Raises
    ------
    ValueError : with a one-line message: no board or both, an order out of range, a board no full set fits or
        that has no tiling, an unknown grade, a grade the board cannot have, an empty score range.
    """
    if (order is None) == (board is None):
        raise ValueError("give either an order or a board")
    if board is None:
        assert order is not None
        if not 1 <= order <= MAX_MADE_ORDER:
            raise ValueError(f"the order must be between 1 and {MAX_MADE_ORDER}, not {order}")
        board = Board.rectangle(order + 1, order + 2)
    else:
        found = order_for_cells(len(board))
        if found is None:
            raise ValueError(_no_set_fits(len(board)))
        if found > MAX_MADE_ORDER:
            raise ValueError(
                f"the board fits the double-{found} set; the largest supported is double-{MAX_MADE_ORDER}"
            )
        order = found
        perfect_matching(board)  # ValueError naming why there is no tiling
    level = None
    if grade is not None:
        level = grade_level(grade)  # ValueError naming the grades
    if min_score is not None and max_score is not None and min_score > max_score:
        raise ValueError(f"the score range is empty: minimum {min_score:g} is above maximum {max_score:g}")
    target = Target(level, min_score, max_score)
    if best is not None and not target.graded:
        raise ValueError("the best puzzles are the best of a grade: give a grade (or a score range) with them")
    dominoes = tuple(sorted(full_set(order)))
    return Request(board, dominoes, target, seed, settings or Settings(), best)


def generate(
    request: Request,
    count: int,
    *,
    workers: Workers | None = None,
    map: MapFunction | None = None,
    first_search: int = 0,
    accept: Callable[[GeneratedPuzzle], bool] | None = None,
    progress: Callable[[Progress], None] | None = None,
    report: BestRun | None = None,
    best_settings: BestSettings | None = None,
) -> Iterator[GeneratedPuzzle]:
    """Yield ``count`` distinct proper puzzles as the request asks, each as soon as it is found; with
    ``request.best``, the ``count`` most interesting ones the budget finds, score descending, when it is spent.

    Parameters
    ----------
    request : from :func:`make_request`.
    count : how many.
    workers : where the evaluations run (see :mod:`dominosa.generator.workers`); serial when None.
    map : instead of ``workers``, a plain ``map(function, jobs) -> results``: the searches then go in step,
        one call per batch, with no overlap between batches (the same puzzles, more slowly on several workers).
    first_search : the first search's number (see :class:`StoreRun`).
    accept : called with each new puzzle; False rejects it (its search goes on), e.g. when a store already
        holds it.
    progress : called after every generation of any search with a :class:`~dominosa.generator.evolve.Progress`.
    report : with ``request.best``, a :class:`~dominosa.generator.best.BestRun` filled in with what the run did.
    best_settings : with ``request.best``, how the budget is spent.

    Raises
    ------
    NoPuzzleFound : the searches keep failing (the grade is out of reach on this board).
    KeyboardInterrupt : with ``request.best``, after the best puzzles met before a Ctrl-C have been yielded.
    """
    if count < 0:
        raise ValueError(f"the count cannot be negative, not {count}")
    if workers is not None and map is not None:
        raise ValueError("give workers or a map function, not both")
    if workers is None and map is not None:
        workers = MapWorkers(map)
    seen: set[str] = set()

    def take(found: Found) -> bool:
        key = canonical_key(found.puzzle)
        if key in seen:
            return False
        made = _generated(request, found)
        if accept is not None and not accept(made):
            return False
        seen.add(key)
        taken.append(made)
        return True

    taken: list[GeneratedPuzzle] = []
    if request.best is not None:
        run = report if report is not None else BestRun()
        best = BestEvolution(request.board, request.dominoes, request.target, request.seed, workers, request.settings)
        found = best.run_best(
            count,
            request.best,
            best=best_settings or BestSettings(),
            first_search=first_search,
            accept=take,
            progress=progress,
            report=run,
        )
        by_search = {(made.search, canonical_key(made.puzzle)): made for made in taken}
        for one in found:  # score descending
            yield by_search[(one.search, canonical_key(one.puzzle))]
        if run.interrupted:
            raise KeyboardInterrupt
        if run.gave_up is not None:
            raise NoPuzzleFound(run.gave_up)
        return
    evolution = Evolution(request.board, request.dominoes, request.target, request.seed, workers, request.settings)
    for _ in evolution.run(count, first_search=first_search, accept=take, progress=progress):
        yield taken.pop()


def _generated(request: Request, found: Found, puzzle_id: int | None = None) -> GeneratedPuzzle:
    return GeneratedPuzzle(
        puzzle=found.puzzle,
        solution=found.solution,
        grade=found.grade,
        level=found.level,
        score=found.score,
        rating=found.rating,
        seed=request.seed,
        search=found.search,
        generations=found.generations,
        evaluations=found.evaluations,
        seconds=found.seconds,
        id=puzzle_id,
    )


@dataclass
class StoreRun:
    """A generation run into a puzzle store; :meth:`puzzles` does the work, the counts stay readable after a
    Ctrl-C.

    Attributes
    ----------
    already : puzzles of this kind of run the store held before (same board, grade, score range, generator).
    wanted : puzzles this run makes: ``count``, or with ``resume`` what ``already`` leaves of ``count``.
    first_search : where the search numbers start: after every search of this seed the store has seen.
    saved : ids of the puzzles saved so far, in order.
    duplicates : puzzles found that the store already held (up to symmetry), rejected and searched past.
    """

    store: PuzzleStore
    request: Request
    count: int
    resume: bool = False
    already: int = 0
    wanted: int = 0
    first_search: int = 0
    saved: list[int] = field(default_factory=list)
    duplicates: int = 0

    def __post_init__(self) -> None:
        self.already, self.first_search = resume_point(self.store, self.request)
        self.wanted = max(0, self.count - self.already) if self.resume else self.count

    def puzzles(
        self,
        *,
        workers: Workers | None = None,
        map: MapFunction | None = None,
        progress: Callable[[Progress], None] | None = None,
        report: BestRun | None = None,
    ) -> Iterator[GeneratedPuzzle]:
        """Generate the puzzles wanted, committing each to the store before yielding it (with its id); ``workers``,
        ``map`` and ``report`` as for :func:`generate`. (With ``request.best`` the puzzles are committed when the
        budget is spent, or at a Ctrl-C, best first.)

        ``saved`` grows the moment a puzzle is committed, so after an interruption it says what the store got.
        """

        def accept(made: GeneratedPuzzle) -> bool:
            params = {**self.request.params(), "search": made.search}
            with signals_held():  # a Ctrl-C between the commit and the count would make the summary one short
                new = self.store.add(
                    made.puzzle,
                    made.solution,
                    grade=made.grade,
                    level=made.level,
                    score=made.score,
                    params=params,
                    seed=self.request.seed,
                    weights=self.request.settings.weights.to_dict() if made.score is not None else None,
                )
                if new is not None:
                    self.saved.append(new)
            if new is None:
                self.duplicates += 1
                return False
            ids[canonical_key(made.puzzle)] = new
            return True

        ids: dict[str, int] = {}

        for made in generate(
            self.request,
            self.wanted,
            workers=workers,
            map=map,
            first_search=self.first_search,
            accept=accept,
            progress=progress,
            report=report,
        ):
            yield replace(made, id=ids[canonical_key(made.puzzle)])


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back for the length of the block, delivering them (once) when it ends.

    A store commit and the count that reports it must happen together: a ``KeyboardInterrupt`` raised between them
    would leave a puzzle in the store that the run's summary does not count. For the block the signals' handlers
    only note that they came; the handlers before are put back after it, and a noted signal is raised again, so
    they see it (a second Ctrl-C still means what it meant). Handlers run in the main thread only, so elsewhere
    the block runs as it is. (Blocking the signals at the operating system would not do: another thread, such as
    a worker pool's, would take the signal and the main thread would still run the handler at once.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    before = {number: signal.signal(number, lambda number, frame: came.append(number)) for number in held}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(came):
            signal.raise_signal(number)


def resume_point(store: PuzzleStore, request: Request) -> tuple[int, int]:
    """How many puzzles of this kind of run the store holds, and the first search number not yet used by a run
    of this kind with this seed."""
    wanted = request.params()
    have = 0
    next_search = 0
    rows = store.iter_query(order=request.order, grade=request.grade, irregular=not request.board.is_rectangle)
    for record in rows:
        params = dict(record.params)
        search = params.pop("search", None)
        if params != wanted:
            continue
        have += 1
        if record.seed == request.seed and isinstance(search, int):
            next_search = max(next_search, search + 1)
    return have, next_search


def _no_set_fits(cells: int) -> str:
    """Why a board of this many cells takes no full set, and the nearest sizes that do, so the user knows how
    many cells to add or take away."""
    below = max((n for n in range(0, MAX_MADE_ORDER + 1) if (n + 1) * (n + 2) < cells), default=None)
    above = next((n for n in range(0, MAX_MADE_ORDER + 1) if (n + 1) * (n + 2) > cells), None)
    options = []
    if below is not None:
        size = (below + 1) * (below + 2)
        options.append(f"take away {cells - size} for the double-{below} set ({size} cells)")
    if above is not None:
        size = (above + 1) * (above + 2)
        options.append(f"add {size - cells} for the double-{above} set ({size} cells)")
    return (
        f"the board has {cells} cells, which fits no full domino set (a double-n set covers (n+1)(n+2) cells): "
        + " or ".join(options)
    )


def _is_comment(line: str) -> bool:
    """A line starting with ``#`` is a comment, unless it holds nothing but ``#``, holes and spaces: ``#`` is the
    natural character to draw cells with, so `` ## ## `` and ``#######`` are rows of the picture."""
    stripped = line.strip()
    return stripped.startswith("#") and any(ch != "#" and ch not in HOLES and not ch.isspace() for ch in stripped)


def read_shape(text: str, source: str | None = None) -> Board:
    """A board from a picture (one line per row: ``x``, ``X``, ``.`` or a space for a square that is not a cell,
    any other character, ``#`` included, for a cell; a line starting with ``#`` that holds other text, such as
    ``# a heart``, is a comment), or from a puzzle file in any format (its numbers are ignored).

    Raises
    ------
    ValueError : no cell at all.
    """
    try:
        puzzles = read_puzzles(text, source)
    except PuzzleError:
        puzzles = []
    if puzzles:
        return puzzles[0].board
    cells = []
    rows = [line.rstrip("\r\n") for line in text.splitlines() if not _is_comment(line)]
    while rows and not rows[0].strip():
        rows.pop(0)
    for r, line in enumerate(rows):
        if not line.strip() and r and rows[r - 1].strip():
            break  # a blank line ends the picture
        cells.extend((r, c) for c, ch in enumerate(line) if ch not in HOLES and not ch.isspace())
    if not cells:
        raise ValueError(f"{source or 'the shape'} shows no cell: draw cells with any character but x, X, . or space")
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return Board.from_cells((r - top, c - left) for r, c in cells)
