"""The evolutionary search (DEAP) for proper puzzles at a target grade and score.

One *search* looks for one puzzle. It starts from a population of random layouts, each made proper by repair
(see :mod:`dominosa.generator.fitness`), then runs a (mu + lambda) evolution: parents drawn by tournament
(``tools.selTournament``) each give a child by one to a few moves (:mod:`dominosa.generator.mutations`); the
children are evaluated by the workers; the best mu of parents and children survive (``tools.selBest``). There is
no crossover: two layouts cannot be cut and joined without breaking the domino set, and the moves alone climb
well. A search stops as soon as a layout meets the target; that layout is then proved proper with no budget and
fully rated (``finish``, which takes the proof and the grade its evaluation already made), and is the search's
puzzle. A search that reaches its generation limit without one gives up, and a fresh search takes its place.
For targets up to extreme, layouts above the target come back as quick rejections, graded in full only if the
search needs their fitness after all (see :mod:`dominosa.generator.fitness`; above a hard or extreme target,
never: the run that found them above is their measure); the search's course is the same.

**Out of step.** Several searches run side by side in *lanes*, each on its own: its jobs go to a
:class:`~dominosa.generator.workers.JobQueue`, and it moves on (selection, the next children, or its finishing
job) as soon as *its* results are back, while the jobs of the other lanes keep the workers busy. Nothing waits
for the slowest evaluation of a round, and a long finishing job holds up only its own search. (This is where the
search leaves DEAP's usual ``toolbox.map``, a call that returns when its whole batch is done.) A lane that
finds its puzzle takes no workers while it waits for its turn (below), and a new search starts in its place, as
long as the searches under way are fewer than the puzzles still wanted.

**Reproducibility.** Search ``i`` of a run draws everything from one ``random.Random`` keyed by the seed, the
target and ``i`` (:func:`search_rng`): its moves, its tournaments, and the seed of every evaluation (from which
a worker draws a random start and the repairs). Evaluations are pure functions of their jobs, so a search's
course depends on its number alone, never on when its results come back, with one exception: whether
``accept`` takes its puzzle (a duplicate of an earlier one is refused, and the search goes on). So puzzles are
*settled in search order*: a search's puzzle is offered to ``accept`` only once every earlier search has ended,
with its puzzle taken or given up; one found earlier waits. Every ``accept`` call therefore sees the same
puzzles before it, and the same seed gives the same puzzles in the same order with one worker, a process pool or
a Dask cluster, whatever order the jobs finish in and however many lanes run. DEAP's selection operators draw
from the ``random`` module itself; they run inside :func:`_deap_random`, which seeds that module from the
search's generator and puts its state back afterwards.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple

from deap import base, tools

from dominosa.board import Board
from dominosa.deductions import DEFAULT_NODE_BUDGET, DEFAULT_WEIGHTS, GRADES, ScoreWeights, grade_level
from dominosa.dominoes import Domino, domino
from dominosa.generator.develop_big import EXTREME_OFFSPRING, logic_first_board, probe_bar
from dominosa.generator.fitness import (
    RATINGS,
    Budgets,
    Evaluation,
    Final,
    FinishJob,
    Job,
    Target,
    measured_when_stuck,
    work,
)
from dominosa.generator.mutations import Layout, mutate, to_puzzle, to_solution
from dominosa.generator.workers import JobQueue, SerialWorkers, Workers
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "Settings",
    "Found",
    "Progress",
    "Evolution",
    "LayoutFitness",
    "Individual",
    "NoPuzzleFound",
    "search_rng",
]


# No grade and no score range: any proper puzzle.
ANY = Target()


class LayoutFitness(base.Fitness):
    """Four values, all maximised, compared in order: proper, -grade distance, gradient, score (see fitness)."""

    weights = (1.0, 1.0, 1.0, 1.0)


class Individual:
    """A layout with its DEAP fitness and its last evaluation (kept in the parent process only)."""

    __slots__ = ("layout", "fitness", "evaluation")

    def __init__(self, layout: Layout, evaluation: Evaluation | None = None) -> None:
        self.layout = layout
        self.fitness = LayoutFitness()
        self.evaluation = evaluation
        if evaluation is not None:
            self.fitness.values = evaluation.fitness

    def __repr__(self) -> str:
        return f"<Individual fitness={self.fitness.values}>"


class NoPuzzleFound(RuntimeError):
    """The run gave up: too many searches in a row ended without a puzzle of the grade asked for."""


@dataclass(frozen=True)
class Settings:
    """The search's parameters; the defaults find an order-6 puzzle of any grade in well under a second.

    Attributes
    ----------
    population : mu, the layouts kept from one generation to the next.
    offspring : lambda, the children made and evaluated per generation.
    tournament : how many parents compete for each child.
    max_moves : each child gets between 1 and this many moves.
    generations : a search gives up after this many generations without meeting the target.
    lanes : searches evolving side by side, each at its own pace; enough to keep the workers busy. It sets only
        how fast a run goes: the puzzles are the same for any number of lanes.
    start_repairs : repairs allowed to make a random start proper (children get ``budgets.repairs``).
    budgets : node and repair budgets of one evaluation.
    rating : how the chosen puzzles are rated: "path", "grade" or "none" (see ``fitness.RATINGS``).
    path_budget : positions the deduction path may expand when rating with "path".
    give_up : the run stops with :class:`NoPuzzleFound` after this many searches in a row find nothing.
    weights : the score's weights, for the evaluations' cheap score and the chosen puzzles' full rating.
    """

    population: int = 4
    offspring: int = 8
    tournament: int = 3
    max_moves: int = 2
    generations: int = 60
    lanes: int = 8
    start_repairs: int = 400
    budgets: Budgets = Budgets()
    rating: str = "path"
    path_budget: int = DEFAULT_NODE_BUDGET
    give_up: int = 40
    weights: ScoreWeights = DEFAULT_WEIGHTS

    @cached_property
    def weight_values(self) -> tuple[float, ...]:
        """The weights as jobs carry them (plain numbers); worked out once (every job asks)."""
        return tuple(self.weights.to_dict().values())

    def __post_init__(self) -> None:
        if self.rating not in RATINGS:
            raise ValueError(f"rating must be one of {', '.join(RATINGS)}, not {self.rating!r}")
        for name in ("population", "offspring", "tournament", "max_moves", "generations", "lanes", "give_up"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")


@dataclass(frozen=True)
class Found:
    """A puzzle a search found, proved proper and rated.

    Attributes
    ----------
    puzzle, solution : the puzzle and its only solution.
    level, grade, score : its rating (None when rated with "none"); ``rating`` the rater's JSON form.
    search : the search's number in the run (its random stream; kept to resume runs).
    generations, evaluations : what the search took.
    seconds : wall time from the search's start to its puzzle's acceptance (lanes share the workers, and a
        puzzle waits for the earlier searches, so this is not its cost alone).
    """

    puzzle: Puzzle
    solution: Solution
    level: int | None
    grade: str | None
    score: float | None
    rating: dict[str, Any]
    search: int
    generations: int
    evaluations: int
    seconds: float


@dataclass
class Progress:
    """A snapshot after each generation of any lane, for progress lines: counts so far (``generation`` counts the
    generations of all searches together) and the best layout of any lane."""

    generation: int = 0
    evaluations: int = 0
    searches: int = 0
    failed: int = 0
    found: int = 0
    wanted: int = 0
    best_fitness: tuple[float, ...] | None = None
    best_level: int | None = None
    best_score: float | None = None
    seconds: float = 0.0

    @property
    def best_grade(self) -> str | None:
        return GRADES[self.best_level] if self.best_level is not None else None


class _Plan(NamedTuple):
    """A generation's children: per layout its known evaluation (None: in ``jobs``, in order). Or, with
    ``completing``, the jobs completing quick rejections (``fitness.complete``), and what to do with their full
    evaluations, in order: it returns whether a generation was absorbed."""

    cached: list[Evaluation | None]
    jobs: list[Job]
    completing: Callable[[list[Evaluation]], bool] | None = None


@dataclass
class _Search:
    """One search: its number and random stream, its population, and where it stands.

    At any time a search has one thing under way: a generation's children with the workers (``plan``, their
    results gathered by position in ``results``), the completion of quick rejections (``plan`` too), the finishing
    job of ``pending``, or nothing: its puzzle (``pending`` confirmed by ``final``) waits for its turn to be
    offered, or it ``failed``.

    ``deferred`` is the pool (parents and children) of the last generation when some of it came back as quick
    rejections and another layout met the target: the population was chosen with their stand-in fitness, which
    is enough to pick that layout; if it is rejected, the quick rejections are completed first and the
    population chosen again, as if they had been graded in full from the start.
    """

    index: int
    rng: random.Random
    started: float
    population: list[Individual] = field(default_factory=list)
    generation: int = 0
    evaluations: int = 0
    rejected: set[Layout] = field(default_factory=set)
    pending: Individual | None = None
    plan: _Plan | None = None
    results: dict[int, Evaluation] = field(default_factory=dict)
    final: Final | None = None
    failed: bool = False
    deferred: list[Individual] | None = None
    probed: int | None = None

    @property
    def evolving(self) -> bool:
        """Whether it has work with the workers (children or a finishing job), i.e. takes a lane."""
        return self.final is None and not self.failed


# The key of a search's finishing job in the job queue: (search number, FINISH); children go by (number, position).
FINISH = -1

# Quick rejection (see fitness) for targets up to this grade: there many layouts of a search's last generation are
# above the target and costly to grade in full (short contradictions), and searches are short, so few generations
# need their quick rejections completed. Measured in one process, alternating with and without (order 6, 40-60
# seeds, load 3.5-4.3): trivial 0.79x, basic 0.77x, hard 0.80x and 0.97x; order-9 hard 0.97x and 0.79x; extreme
# 1.43x: its searches run for many generations that meet no target, each completing its quick rejections. Since
# layouts above hard and extreme targets are measured by the quick run itself (fitness.measured_when_stuck), no
# completion is ever asked for them, and extreme is in too: order 6 0.62x against main (15 seeds, load 3.9).
QUICK_REJECT_UP_TO = EXTREME = grade_level("extreme")
FIENDISH = grade_level("fiendish")


def search_rng(seed: int | str, index: int, target: Target = ANY) -> random.Random:
    """The random stream of search ``index`` of a run with this seed and target (stable across Python versions:
    a text seed goes through SHA-512). The target is part of the key so that runs for different grades with
    one seed start from different layouts, and cannot end on near-copies of each other."""
    key = f"{target.level}:{target.min_score}:{target.max_score}"
    return random.Random(f"dominosa-generate:{seed}:{key}:{index}")


def extreme_big_board_settings(settings: Settings) -> Settings:
    """The settings of a logic-first search for an extreme puzzle: at most
    :data:`~dominosa.generator.develop_big.EXTREME_OFFSPRING` children a generation, with the generations raised
    so that a search may still grade as many layouts before it gives up.

    Such a search climbs one stuck layout after another until some child is solved outright; a generation that
    grades fewer children moves to a better parent sooner (bench/README.md, bench_monster)."""
    offspring = min(settings.offspring, EXTREME_OFFSPRING)
    generations = -(-settings.generations * settings.offspring // offspring)
    return replace(settings, offspring=offspring, generations=generations)


def probed_at(probed: int | None, children: Iterable[tuple[int | None, Evaluation]]) -> int | None:
    """The fewest dominoes the shorter closure left unplaced on a child whose full closure then left it stuck (its
    job's ``probe_under`` above what the shorter one left), or ``probed`` if none was lower
    (:func:`~dominosa.generator.develop_big.probe_bar`)."""
    for under, e in children:
        if under is not None and e.level is None and e.fitness[1] < 0:
            unplaced = -int(e.fitness[2])
            if unplaced < under and (probed is None or unplaced < probed):
                probed = unplaced
    return probed


@contextmanager
def _deap_random(rng: random.Random) -> Iterator[None]:
    """Let DEAP's operators, which draw from the ``random`` module, draw from ``rng`` instead: the module is
    seeded from ``rng`` for the duration and its own state put back afterwards, so nothing else is disturbed."""
    saved = random.getstate()
    random.seed(rng.getrandbits(64))
    try:
        yield
    finally:
        random.setstate(saved)


class Evolution:
    """Searches for puzzles on one board with one target; :meth:`run` yields them as they are found.

    Parameters
    ----------
    board : the board; every layout tiles it.
    dominoes : the domino set dealt onto it (each once).
    target : grade level and score range wanted.
    seed : the run's seed.
    workers : where the evaluations run (:mod:`dominosa.generator.workers`); in this process when None.
    settings : see :class:`Settings`.
    """

    # Whether the search may ask for quick rejections at any grade up to QUICK_REJECT_UP_TO (a subclass that needs
    # every evaluation's grade says no, and then gets them only above a hard or extreme target, where a layout above
    # is measured by the quick run itself and never comes back as a stand-in: fitness.measured_when_stuck).
    QUICK_REJECT = True

    def __init__(
        self,
        board: Board,
        dominoes: Sequence[Domino],
        target: Target,
        seed: int | str,
        workers: Workers | None = None,
        settings: Settings = Settings(),
    ) -> None:
        self.board = board
        self.dominoes = tuple(sorted(dominoes))
        # The workers build their puzzles unchecked (the layouts are tilings dealt from this set): check it once.
        distinct = {domino(a, b) for a, b in self.dominoes}
        if len(distinct) != len(self.dominoes) or any(a < 0 for a, _ in distinct):
            raise ValueError("the domino set must hold distinct dominoes of non-negative numbers")
        if 2 * len(self.dominoes) != len(board.cells):
            raise ValueError(f"{len(self.dominoes)} dominoes cannot cover {len(board.cells)} cells")
        self.target = target
        self.seed = seed
        if not target.graded:  # any proper puzzle: nothing to climb, one layout per search is enough
            settings = replace(settings, population=1, offspring=1, lanes=max(settings.lanes, 16))
        self.quick_reject = (
            (self.QUICK_REJECT or measured_when_stuck(target))
            and target.level is not None
            and target.level <= QUICK_REJECT_UP_TO
            and target.min_score is None
            and target.max_score is None
        )
        # A search for a grade alone stops at its first layout of that grade and needs no score to pick it: on a big
        # board such a layout comes back unstepped (fitness.Job.scored). A subclass without quick rejections needs
        # every evaluation's grade, and its score too (best.py ranks them).
        self.scored = not self.QUICK_REJECT or target.min_score is not None or target.max_score is not None
        # There every layout of the grade is as good as another, and the first in a generation's order is the one
        # picked: so the generation ends at it, its later children never evaluated (_first_met).
        self.stop_at_first = not self.scored and logic_first_board(board)
        # An extreme or fiendish search on a big board climbs by a shorter closure, its own made only near the best
        # (develop_big.probe_bar).
        self.probing = target.level in (EXTREME, FIENDISH) and logic_first_board(board)
        if target.level == EXTREME and logic_first_board(board):
            settings = extreme_big_board_settings(settings)
        self.settings = settings
        self.workers = workers if workers is not None else SerialWorkers()
        self.toolbox = base.Toolbox()
        # What the workers run: evaluate or finish (fitness.py), by the task's kind.
        self.toolbox.register("work", work)
        self.toolbox.register("mutate", mutate, board)
        self.toolbox.register("select", tools.selTournament, tournsize=settings.tournament)
        self.toolbox.register("survivors", tools.selBest)

    # -- the run ------------------------------------------------------------------------------------------

    def run(
        self,
        count: int,
        *,
        first_search: int = 0,
        accept: Callable[[Found], bool] | None = None,
        progress: Callable[[Progress], None] | None = None,
    ) -> Iterator[Found]:
        """Yield ``count`` puzzles in search order, each as soon as it and every earlier search are settled.

        Parameters
        ----------
        count : how many puzzles.
        first_search : the number of the first search (a resumed run starts after the searches already done).
        accept : called with each puzzle found, in search order; False rejects it (a duplicate, say) and its
            search goes on.
        progress : called after every generation of any lane.

        Raises
        ------
        NoPuzzleFound : ``settings.give_up`` searches in a row (by number) ended without a puzzle.

        Notes
        -----
        The loop: settle what the earliest searches allow (see the module), start searches while a lane is free
        and the searches under way are fewer than the puzzles still wanted, then take one result from the
        queue and move its search on if that completes what it was waiting for. Searches that are not needed
        are never started: if every search under way gives its puzzle, the run ends with no work thrown away.
        """
        s = self.settings
        clock = time.perf_counter()
        state = Progress(wanted=count)
        live: dict[int, _Search] = {}  # started and not settled, by number
        next_index = first_search
        frontier = first_search  # the earliest search not settled: the only one that may offer its puzzle
        failures = 0  # searches in a row, by number, settled without a puzzle
        retired = 0  # evaluations of the settled searches
        ignored: set[tuple[int, int]] = set()  # keys of children started before their generation ended early
        with self.workers.queue() as jobs:
            while state.found < count:
                while frontier in live and not live[frontier].evolving:  # settle in search order
                    search = live[frontier]
                    found = None
                    if search.final is not None:
                        assert search.pending is not None
                        found = self._found(search, search.pending.layout, search.final)
                        if accept is not None and not accept(found):
                            self._reject(search, jobs)
                            self._advance(search, jobs, state)
                            continue  # it goes on (or has failed at once)
                    del live[frontier]
                    frontier += 1
                    retired += search.evaluations
                    if found is not None:
                        failures = 0
                        state.found += 1
                        yield found
                        if state.found >= count:
                            return
                        continue
                    failures += 1
                    if failures >= s.give_up:
                        raise NoPuzzleFound(
                            f"{failures} searches in a row ended after {s.generations} generations without a"
                            f" puzzle {self._wanted()}"
                        )
                next_index = self._start_searches(live, next_index, count - state.found, jobs, state)
                assert jobs.outstanding, "the earliest search is evolving, so some job is out"
                (index, position), result = jobs.next_done()
                if (index, position) in ignored:
                    ignored.discard((index, position))
                    continue
                search = live[index]
                if position == FINISH:
                    self._finished(search, result, jobs, state)
                    continue
                search.results[position] = result
                assert search.plan is not None
                if len(search.results) < len(search.plan.jobs):
                    first = self._first_met(search)
                    if first is None:
                        continue
                    ignored |= self._end_early(search, first, jobs)
                plan, search.plan = search.plan, None
                done = [search.results[i] for i in range(len(plan.jobs))]
                search.results = {}
                if plan.completing is not None:
                    absorbed = plan.completing(done)
                else:
                    probes = [(job.probe_under, e) for job, e in zip(plan.jobs, done, strict=True)]
                    search.probed = probed_at(search.probed, probes)
                    absorbed = self._take(search, plan, done, jobs)
                self._advance(search, jobs, state)
                if absorbed:
                    state.generation += 1
                    state.evaluations = retired + sum(x.evaluations for x in live.values())
                    self._report(state, live.values(), clock, progress)

    def _start_searches(self, live: dict[int, _Search], next_index: int, wanted: int, jobs: JobQueue,
                        state: Progress) -> int:
        """Start searches, numbered from ``next_index``, while a lane is free and the searches that may still
        give a puzzle are fewer than the ``wanted`` puzzles still to come; the number of the next search."""
        hopeful = sum(not x.failed for x in live.values())
        evolving = sum(x.evolving for x in live.values())
        while evolving < self.settings.lanes and hopeful < wanted:
            search = _Search(next_index, search_rng(self.seed, next_index, self.target), time.perf_counter())
            live[next_index] = search
            next_index += 1
            state.searches += 1
            self._advance(search, jobs, state)
            hopeful += 1
            evolving += 1
        return next_index

    # -- one lane's steps -----------------------------------------------------------------------------------

    def _advance(self, search: _Search, jobs: JobQueue, state: Progress) -> None:
        """Give a search with nothing under way its next work: the finishing job of the layout it picked, or the
        next generation's children; or end it, failed, at the generation limit."""
        s = self.settings
        if search.plan is not None:  # quick rejections being completed: it goes on when they are back
            return
        while True:
            if search.pending is not None:
                picked = search.pending
                graded = picked.evaluation.graded if picked.evaluation is not None else None
                value = picked.evaluation.score if picked.evaluation is not None else None
                job = FinishJob(
                    self.board.cells, self.dominoes, picked.layout, s.rating, s.path_budget, s.weight_values, graded,
                    value,
                )
                jobs.submit(self.toolbox.work, ("finish", job), (search.index, FINISH))
                return
            if search.generation >= s.generations:
                search.failed = True
                state.failed += 1
                return
            plan = self._offspring(search)
            if not plan.jobs:  # every child is a layout the population already holds
                self._absorb(search, plan, iter(()))
                continue
            search.plan = plan
            for position, job in enumerate(plan.jobs):
                jobs.submit(self.toolbox.work, ("evaluate", job), (search.index, position))
            return

    def _finished(self, search: _Search, final: Final, jobs: JobQueue, state: Progress) -> None:
        """The finishing job's answer: a puzzle to settle in its turn if the full rating confirms the target;
        else the layout is set aside for good and the search goes on."""
        if self._final_meets(final):
            search.final = final
        else:
            self._reject(search, jobs)
            self._advance(search, jobs, state)

    def _offspring(self, search: _Search) -> _Plan:
        """The lane's next layouts to evaluate: its random starts, or children of tournament winners.

        A child identical to a layout already in the population keeps that layout's evaluation instead of a job.
        """
        s = self.settings
        rng = search.rng
        layouts: list[Layout | None]
        if not search.population:
            layouts = [None] * s.population  # random starts, drawn by the workers from each job's seed
            budgets = s.budgets._replace(repairs=s.start_repairs)
        else:
            with _deap_random(rng):
                parents = self.toolbox.select(search.population, s.offspring)
            layouts = [self.toolbox.mutate(p.layout, rng, moves=rng.randint(1, s.max_moves)) for p in parents]
            budgets = s.budgets
        known: dict[Layout | None, Evaluation | None] = {ind.layout: ind.evaluation for ind in search.population}
        probe = self._probe_under(search)
        cached: list[Evaluation | None] = []
        jobs: list[Job] = []
        for layout in layouts:
            seed = rng.getrandbits(64)  # drawn for every child, evaluated or not: the stream stays aligned
            hit = known.get(layout)
            cached.append(hit)
            if hit is None:
                jobs.append(
                    Job(
                        self.board.cells,
                        self.dominoes,
                        layout,
                        self.target,
                        seed,
                        budgets,
                        s.weight_values,
                        self.quick_reject,
                        self.scored,
                        probe,
                    )
                )
        return _Plan(cached, jobs)

    def _probe_under(self, search: _Search) -> int | None:
        """An extreme or fiendish search on a big board: the children's ``probe_under`` from the population (a layout's
        stuck measure is the dominoes left unplaced, its fitness's third value negated) and the search's last
        full closure that left a child stuck (``probed``); None for every other."""
        if not self.probing:
            return None
        return probe_bar(
            [None if ind.evaluation is None or ind.evaluation.level is not None else -int(ind.fitness.values[2])
             for ind in search.population],
            search.probed,
        )

    def _take(self, search: _Search, plan: _Plan, done: list[Evaluation], jobs: JobQueue) -> bool:
        """A generation's evaluations are back: absorb them (True), unless some are quick rejections and no layout
        meets the target, when the search needs their full fitness to choose its population: they are completed
        first, and absorbed when back (False)."""
        above = [k for k, e in enumerate(done) if e.above]
        if above and not self._meets_any(search, [*plan.cached, *done]):

            def absorb(full: list[Evaluation]) -> bool:
                merged = list(done)
                for k, evaluation in zip(above, full, strict=True):
                    merged[k] = evaluation._replace(repairs=done[k].repairs)
                self._absorb(search, plan, iter(merged))
                return True

            self._complete(search, [done[k] for k in above], absorb, jobs)
            return False
        self._absorb(search, plan, iter(done))
        return True

    def _first_met(self, search: _Search) -> int | None:
        """The position of the generation's first child meeting the target, once every child before it is back,
        for a search that stops at it (``stop_at_first``); None otherwise.

        Such a search's layouts of the target grade all have one fitness (no score is made: ``fitness.Job.scored``),
        and the parents hold none (it would have stopped), so the one it picks is the first child of the grade in
        the generation's order whatever the later children are: they need not be evaluated. The same children
        back give the same answer, in whatever order the workers finish them."""
        plan = search.plan
        if not self.stop_at_first or plan is None or plan.completing is not None:
            return None
        position = 0
        while position in search.results:
            e = search.results[position]
            if e.proper and not e.above and e.layout not in search.rejected and self.target.met(e.level, e.score):
                return position
            position += 1
        return None

    def _end_early(self, search: _Search, first: int, jobs: JobQueue) -> set[tuple[int, int]]:
        """Cut the search's generation after child ``first`` (:meth:`_first_met`): the later children's jobs are
        withdrawn, their results dropped, and the plan keeps the children up to it. Returns the keys of the jobs
        already started, whose results are to be ignored when they come."""
        plan = search.plan
        assert plan is not None
        later = {(search.index, p) for p in range(first + 1, len(plan.jobs))}
        withdrawn = jobs.withdraw(later)
        running = {key for key in later - withdrawn if key[1] not in search.results}
        search.results = {p: r for p, r in search.results.items() if p <= first}
        kept, evaluated = [], 0
        for hit in plan.cached:
            if evaluated > first:
                break
            kept.append(hit)
            evaluated += hit is None
        search.plan = plan._replace(cached=kept, jobs=plan.jobs[: first + 1])
        return running

    def _meets_any(self, search: _Search, evaluations: Iterable[Evaluation | None]) -> bool:
        """Whether a layout of the population or of these evaluations meets the target (and is not set aside)."""
        known = [ind.evaluation for ind in search.population] + list(evaluations)
        return any(
            e is not None
            and e.proper
            and not e.above
            and e.layout not in search.rejected
            and self.target.met(e.level, e.score)
            for e in known
        )

    def _complete(
        self, search: _Search, partial: list[Evaluation], then: Callable[[list[Evaluation]], bool], jobs: JobQueue
    ) -> None:
        """Send the quick rejections to be completed; ``then`` takes their full evaluations, in order."""
        s = self.settings
        completing = [
            Job(self.board.cells, self.dominoes, e.layout, self.target, 0, s.budgets, s.weight_values) for e in partial
        ]
        search.plan = _Plan([], completing, then)
        for position, job in enumerate(completing):
            jobs.submit(self.toolbox.work, ("complete", job), (search.index, position))

    def _absorb(self, search: _Search, plan: _Plan, results: Iterator[Evaluation]) -> None:
        """Take the lane's evaluations from ``results``, keep the best (mu + lambda), and pick the layout to
        finish if one meets the target."""
        children = []
        for hit in plan.cached:
            evaluation = hit if hit is not None else next(results)
            if hit is None:
                search.evaluations += 1
            if evaluation.layout not in search.rejected:
                children.append(Individual(evaluation.layout, evaluation))
        pool: dict[Layout, Individual] = {}
        for ind in search.population + children:  # a layout once, its first evaluation kept
            pool.setdefault(ind.layout, ind)
        search.population = self.toolbox.survivors(list(pool.values()), self.settings.population)
        search.generation += 1
        search.pending = self._pick(search)
        partial = any(ind.evaluation is not None and ind.evaluation.above for ind in pool.values())
        search.deferred = list(pool.values()) if partial else None

    def _pick(self, search: _Search) -> Individual | None:
        """The best layout of the lane that meets the target (the population is sorted best first)."""
        for ind in search.population:
            e = ind.evaluation
            if e is not None and e.proper and ind.layout not in search.rejected and self.target.met(e.level, e.score):
                return ind
        return None

    def _reject(self, search: _Search, jobs: JobQueue) -> None:
        """Set the picked layout aside for good (not the target after all, or refused by ``accept``): the search
        goes on with the next layout meeting the target, if any, else with its next generation."""
        assert search.pending is not None
        layout = search.pending.layout
        search.final = None
        search.rejected.add(layout)
        if search.deferred is not None:  # the population was chosen with quick rejections: complete them first
            pool, search.deferred = search.deferred, None
            partial = [ind for ind in pool if ind.evaluation is not None and ind.evaluation.above]

            def choose_again(full: list[Evaluation]) -> bool:
                graded = {
                    ind.layout: e._replace(repairs=ind.evaluation.repairs)
                    for ind, e in zip(partial, full, strict=True)
                    if ind.evaluation is not None
                }
                whole = [Individual(ind.layout, graded[ind.layout]) if ind.layout in graded else ind for ind in pool]
                search.population = self.toolbox.survivors(whole, self.settings.population)
                self._set_aside(search, layout)
                return False

            search.pending = None
            self._complete(search, [ind.evaluation for ind in partial], choose_again, jobs)
            return
        self._set_aside(search, layout)

    def _set_aside(self, search: _Search, layout: Layout) -> None:
        search.population = [ind for ind in search.population if ind.layout != layout]
        search.pending = self._pick(search)

    def _final_meets(self, final: Final) -> bool:
        """Whether the full rating confirms the target (the cheap score may differ from the path's)."""
        if not final.proper:
            return False
        if self.settings.rating == "none":
            return True
        return self.target.met(final.level, final.score)

    def _found(self, search: _Search, layout: Layout, final: Final) -> Found:
        return Found(
            puzzle=to_puzzle(self.board, self.dominoes, layout),
            solution=to_solution(self.board, layout),
            level=final.level,
            grade=final.grade,
            score=final.score,
            rating=final.rating,
            search=search.index,
            generations=search.generation,
            evaluations=search.evaluations,
            seconds=time.perf_counter() - search.started,
        )

    def _report(
        self, state: Progress, live: Iterable[_Search], clock: float, progress: Callable[[Progress], None] | None
    ) -> None:
        if progress is None:
            return
        lanes = [x for x in live if x.evolving]
        best = max((ind for x in lanes for ind in x.population[:1]), key=lambda i: i.fitness, default=None)
        if best is not None and best.evaluation is not None:
            state.best_fitness = best.fitness.values
            state.best_level = best.evaluation.level
            state.best_score = best.evaluation.score
        state.seconds = time.perf_counter() - clock
        progress(state)

    def _wanted(self) -> str:
        t = self.target
        parts = []
        if t.level is not None:
            parts.append(f"of grade {GRADES[t.level]}")
        if t.min_score is not None or t.max_score is not None:
            lo = "" if t.min_score is None else f"{t.min_score:g}"
            hi = "" if t.max_score is None else f"{t.max_score:g}"
            parts.append(f"with a score in [{lo}, {hi}]")
        return " ".join(parts) or "proper"
