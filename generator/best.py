"""The best puzzles a budget can find, not the first ones: sample first-found puzzles, then climb from the best.

:class:`~dominosa.generator.evolve.Evolution` stops a search at the first layout of the grade asked for. Here
(``generate --best``) a run for K puzzles spends its budget in two parts. First it *samples*: first-found
searches (the same searches as a first-found run's, :func:`search_rng`), each stopped at its first generation
holding a layout of the target; every such layout goes into the search's *archive* with its cheap score (from
the grading run). First-found puzzles are cheap, and the best of them are good starts. Then it *climbs*: from
the best K distinct layouts met (by cheap score; no duplicate, no near-twin of another), one climb each, a
(1 + lambda) evolution whose fitness (:mod:`~dominosa.generator.fitness`) keeps only children of the target
that score at least as high as their parent (a child scoring as its parent takes its place: the score has many
ties). A climb rates each layout of the target it meets in full at once (:func:`climb_work`), so that it climbs
the score the puzzles are chosen by: climbing the cheap stand-in, whose errors a climb selects for, gained
nothing over sampling (bench/bench_best_vs_sampling.py). Each start is rated first, so a climb never ends below
its start.

Why both: the best of N first-found puzzles rises slowly with N, while children of a good puzzle that keep its
grade often score above it (``--landscape`` in the bench: the best of 15 such children of the best of 20
first-found puzzles scored above it on most seeds). Sampling alone at the same CPU keeps the best K of more
first-found puzzles; the climbs give each of the K a way up.

**Budget.** ``evaluations`` per puzzle wanted, every evaluation counted: with K puzzles, first-found searches run in
search order until those kept made :attr:`BestSettings.sample_share` of K x N evaluations and at least K of them met
the target (searches started beyond that, lanes running ahead, are dropped: the kept ones are a prefix fixed by the
searches' own courses); the rest of the K x N is shared by the climbs (each a generation at least). A search that
never meets the target ends at the generation limit, as a first-found one would. Or ``seconds``: searches start one
after another until that share of the time is up, those already started run to their end, and the run then goes on
as the evaluations budget whose sampling share they fill (:attr:`BestRun.equivalent`), which reproduces the run
anywhere, unless the climbs are still going at the budget's end: a climb rates each child in full, so they stop
there (:attr:`BestRun.out_of_time`) and no budget repeats it. A time budget is *not* reproducible across machines,
nor from one run to the next on a busy one: how many searches fit in the time depends on the machine.

**Choosing.** When the climbs are done, the candidates of all searches and climbs (each offers its best
:attr:`BestSettings.offer`, distinct layouts) are ranked by score (a climb's layouts by their full rating, the
others by cheap score), best first. Down that list a shortlist is made, leaving out a candidate that is a duplicate
of a shortlisted one (same canonical key: equal up to symmetry and renaming of numbers) or its *near-twin*: sharing
more than :attr:`BestSettings.twin_share` of its placements (a domino with its two numbers on the same two cells,
compared under every symmetry of the board) with it. Twins come from one lineage, a parent and its child a few swaps
apart, which a book should not hold both of. The shortlist is proved and rated in full on the workers, but for the
climbs' layouts, already rated (the score stored and printed is the full rating's, along the shortest deduction
path, which may differ from the cheap one); the puzzles that keep the grade go to ``accept`` best first, until K are
taken. If too few are, more is shortlisted; if the list runs out, another round of searches and climbs runs with the
budget of the puzzles still wanted, and after ``give_up`` searches in a row without a candidate the run gives up.

**Reproducibility.** Search ``i`` is the same search as in a first-found run (:func:`search_rng`), a pure function
of its number, and with an evaluations budget the searches kept are fixed by their courses alone; the climbs' starts
are chosen from them by rank, and the climb from a layout of search ``i`` draws from its own stream
(:func:`climb_rng`); ranking breaks ties by search number and by the order in which the search (then its climb) met
its layouts; evaluations and ratings are pure functions. So the same seed gives the same puzzles with one worker or
many, whatever order the jobs finish in.

**Ctrl-C** during the searches or climbs stops them: the candidates met so far are chosen from as above, rated in this
process (the workers' state after an interrupt is not trusted), and returned; :attr:`BestRun.interrupted` says
so. A second Ctrl-C stops at once.
"""

from __future__ import annotations

import math
import random
import re
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from dominosa.board import Board
from dominosa.canonical import canonical_key, symmetry_squares
from dominosa.generator.evolve import (
    FINISH,
    Evolution,
    Found,
    Individual,
    Progress,
    _Plan,
    _Search,
    search_rng,
)
from dominosa.generator.fitness import Evaluation, Final, FinishJob, Job, Target, evaluate, finish, fitness_of
from dominosa.generator.mutations import Layout, to_puzzle, to_solution
from dominosa.generator.workers import JobQueue, SerialWorkers, Workers

__all__ = [
    "Budget",
    "BestSettings",
    "BestRun",
    "BestEvolution",
    "DEFAULT_BUDGET",
    "placements_shared",
]


@dataclass(frozen=True)
class Budget:
    """What a ``--best`` run may spend: ``evaluations`` per puzzle wanted (reproducible), or ``seconds`` in all
    (not reproducible across machines; see the module)."""

    evaluations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.evaluations is None) == (self.seconds is None):
            raise ValueError("a budget is either evaluations or seconds")
        if self.evaluations is not None and self.evaluations < 1:
            raise ValueError(f"the budget must be at least 1 evaluation per puzzle, not {self.evaluations}")
        if self.seconds is not None and not (math.isfinite(self.seconds) and self.seconds > 0):
            raise ValueError(f"the time budget must be a positive number of seconds, not {self.seconds:g}")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``200`` (evaluations per puzzle wanted) or ``30s`` (seconds in all).

        Raises
        ------
        ValueError : one line: not a whole number, not a number of seconds, zero or less.
        """
        words = text.strip().lower()
        match = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)\s*s", words)
        if match:
            return cls(seconds=float(match.group(1)))
        if re.fullmatch(r"\d+", words):
            return cls(evaluations=int(words))
        raise ValueError(
            f"the budget must be a whole number of evaluations per puzzle (200) or seconds (30s), not {text!r}"
        )

    def __str__(self) -> str:
        if self.evaluations is not None:
            return f"{self.evaluations} evaluations per puzzle"
        return f"{self.seconds:g} s"


# Evaluations per puzzle wanted when no budget is given, every evaluation counted (the first-found searches' and
# the climbs'). Climbing pays more the longer it goes, sampling less and less (the best of more first-found puzzles
# rises slowly): at 40, best's median was level with that of first-found puzzles made with the same CPU at order 6
# hard and extreme; at 100, above on 7 and 5 seeds of 10; at 200, 8 and 7 (seeds 11-20, which the bench does not
# use; bench/bench_best_vs_sampling.py).
DEFAULT_BUDGET = Budget(evaluations=200)


@dataclass(frozen=True)
class BestSettings:
    """How a best run spends its budget.

    Attributes
    ----------
    sample_share : the share of the evaluations budget spent on first-found searches (sampling); the rest climbs
        from the best of what they met (0.5 and 0.3 did about alike at 100 evaluations a puzzle, order 6 hard and
        extreme, on seeds the bench does not use; 0.4, between them, was measured at 200: bench/README.md).
    lineages : climbs per puzzle wanted, each from a distinct start (no duplicate, no near-twin of another): a
        run returns one puzzle of a lineage at most, so fewer could not fill it and more share the budget thinner.
    climb_population : the layouts a climb keeps from one generation to the next (1: the best child that keeps
        the grade replaces the parent if it scores at least as high, a (1 + lambda) climb).
    offer : candidates a search or a climb offers, its best by score.
    twin_share : two puzzles sharing more than this share of their placements are near-twins; one run returns
        at most one of them.
    spare : the shortlist holds this many candidates more per puzzle still wanted than it needs, since the full
        rating may move a candidate off its grade, or down the ranking.
    """

    sample_share: float = 0.4
    lineages: float = 1.0
    climb_population: int = 1
    offer: int = 6
    twin_share: float = 0.5
    spare: float = 1.0

    def __post_init__(self) -> None:
        if not 0.0 < self.sample_share <= 1.0:
            raise ValueError(f"sample_share must be in (0, 1], not {self.sample_share}")
        if self.lineages <= 0 or self.climb_population < 1 or self.offer < 1:
            raise ValueError("lineages must be positive, climb_population and offer at least 1")


class _Candidate(NamedTuple):
    """A layout of the target met by a search or a climb, with its evaluation; ``rank`` orders candidates best
    first (it is unique, so the evaluation is never compared): (-cheap score, the search it comes from, the order
    it was met in; a climb's layouts after its search's)."""

    rank: tuple[float, int, int]
    layout: Layout
    score: float
    evaluation: Evaluation
    final: Final | None = None  # a climb's layouts are rated in full when met


# A climb's layouts are numbered after those of the search it climbs from (a search meets far fewer).
_CLIMBED = 1_000_000


@dataclass
class _Choice:
    """The choosing so far: the shortlist (each with its placements), its canonical keys, full ratings by
    layout, the layouts offered to ``accept``, and the puzzles taken."""

    shortlist: list[tuple[_Candidate, tuple]] = field(default_factory=list)
    keys: set[str] = field(default_factory=set)
    finals: dict[Layout, Final] = field(default_factory=dict)
    offered: set[Layout] = field(default_factory=set)
    chosen: list[Found] = field(default_factory=list)


@dataclass
class BestRun:
    """What a best run did, readable after it (or after its Ctrl-C).

    Attributes
    ----------
    searches : first-found searches kept (numbered from ``first_search``).
    climbs : climbs made from the best of what they met.
    evaluations : evaluations made by them (searches and climbs).
    candidates : distinct layouts of the target they offered.
    rated : candidates proved and rated in full.
    interrupted : stopped by Ctrl-C; the puzzles are the best of what was met until then.
    gave_up : why the run gave up with fewer puzzles than wanted (``give_up`` searches in a row met none).
    equivalent : an evaluations budget that makes exactly these searches and climbs (so reproduces the run), or
        None when none does (an interrupted run, one that gave up, one that needed a second round, or one whose
        climbs a time budget stopped).
    out_of_time : a time budget ran out before the climbs had spent their share of the evaluations.
    """

    searches: int = 0
    climbs: int = 0
    evaluations: int = 0
    candidates: int = 0
    rated: int = 0
    interrupted: bool = False
    gave_up: str | None = None
    equivalent: int | None = None
    out_of_time: bool = False
    found: list[Found] = field(default_factory=list)


@dataclass
class _Sampling:
    """The first-found searches of a round: which to start, and which are kept.

    Search ``i`` is kept when the searches kept before it made fewer than ``budget`` evaluations, or fewer than
    ``need`` of them met the target (one start for each climb), unless ``give_up`` in a row met none: a prefix
    of the search numbers fixed by the searches' own courses, whatever order their jobs finish in. Searches
    started beyond it (lanes run ahead) are dropped. ``budget`` is None while a time budget runs: then searches
    start until ``deadline`` and every one started is run to its end.
    """

    first: int
    budget: int | None
    deadline: float | None
    need: int
    give_up: int
    estimate: int  # the evaluations a search is taken to cost before any has ended
    next: int = 0
    ended: dict[int, int] = field(default_factory=dict)  # evaluations, by search
    hit: set[int] = field(default_factory=set)  # the searches that met the target

    def __post_init__(self) -> None:
        self.next = self.first

    def kept(self) -> int | None:
        """How many searches are kept, once that is settled (None until then)."""
        if self.budget is None:
            return None
        made, hits, fruitless, index = 0, 0, 0, self.first
        while (made < self.budget or hits < self.need) and fruitless < self.give_up:
            if index not in self.ended:
                return None
            made += self.ended[index]
            hits += index in self.hit
            fruitless = 0 if index in self.hit else fruitless + 1
            index += 1
        return index - self.first

    def start_another(self, live: dict[int, _Lane]) -> bool:
        """Whether another search should start now (only ever those the prefix may still need)."""
        if self.budget is None:
            assert self.deadline is not None
            return self.next == self.first or time.perf_counter() < self.deadline
        if self.kept() is not None:
            return False
        each = round(statistics.fmean(self.ended.values())) if self.ended else self.estimate
        committed = sum(self.ended.values()) + sum(max(x.search.evaluations, each) for x in live.values())
        return committed < self.budget or len(self.hit) + len(live) < self.need or not live


@dataclass
class _Lane:
    """A search or a climb under way: its search state, where it keeps the layouts of the target it meets (the
    archive of the search it comes from, numbered from ``base``), and when it ends."""

    search: _Search
    origin: int  # the search's number (a climb's: the search that met its start)
    archive: dict[Layout, _Candidate]
    ended: Callable[[_Search], bool]
    keep: int  # the layouts it keeps from one generation to the next (mu)
    base: int = 0
    rating: FinishJob | None = None  # a climb's: how its layouts of the target are rated in full when met
    made: int = 0  # layouts it has archived

    @property
    def evolving(self) -> bool:
        return self.search.evolving


def sample_budget(count: int, per_puzzle: int, best: BestSettings) -> int:
    """The evaluations a round for ``count`` puzzles at ``per_puzzle`` each spends on first-found searches."""
    return max(1, math.floor(count * per_puzzle * best.sample_share))


def climb_rng(seed: int | str, search: int, target: Target) -> random.Random:
    """The random stream of the climb from a layout met by search ``search`` (see :func:`search_rng`)."""
    key = f"{target.level}:{target.min_score}:{target.max_score}"
    return random.Random(f"dominosa-best-climb:{seed}:{key}:{search}")


class BestEvolution(Evolution):
    """An :class:`~dominosa.generator.evolve.Evolution` that looks for the best puzzles within a budget; see the
    module. Construct it as an Evolution; :meth:`run_best` does the work."""

    # Every layout meeting the target is archived and the climbs go on after it: each needs its full grade, and
    # a layout above the target its fitness; so no stand-in quick rejections. Above a hard or extreme target the
    # quick run is that fitness (fitness.measured_when_stuck), so there the search still skips the full grading
    # run of layouts above the target: the same searches and puzzles, about a quarter less CPU at order 6 hard.
    QUICK_REJECT = False

    def run_best(
        self,
        count: int,
        budget: Budget,
        *,
        best: BestSettings = BestSettings(),
        first_search: int = 0,
        accept: Callable[[Found], bool] | None = None,
        progress: Callable[[Progress], None] | None = None,
        report: BestRun | None = None,
    ) -> list[Found]:
        """The ``count`` best distinct puzzles of the target the budget finds, score descending.

        ``accept`` as for :meth:`Evolution.run` (called best first, never with a near-twin of a puzzle taken);
        ``report`` (a :class:`BestRun`) is filled in as the run goes. Fewer than ``count`` only after Ctrl-C
        (``report.interrupted``) or when ``settings.give_up`` searches in a row met no layout of the target
        (``report.gave_up`` says so).
        """
        if not self.target.graded:
            raise ValueError("the best puzzles need a grade or a score range to be scored against")
        run = report if report is not None else BestRun()
        state = Progress(wanted=count)
        clock = time.perf_counter()
        per_puzzle = budget.evaluations
        deadline = None if budget.seconds is None else clock + budget.seconds * best.sample_share
        candidates: list[_Candidate] = []
        choice = _Choice()
        next_index = first_search
        fruitless = 0  # searches in a row (by number) that met no layout of the target
        rounds = 0  # rounds of searches and climbs, each followed by choosing
        workers: Workers = self.workers
        self._spent: dict[int, tuple[int, int]] = {}  # per search: generations and evaluations (its climb's too)
        while True:
            rounds += 1
            wanted = count - len(choice.chosen)
            met: dict[int, dict[Layout, _Candidate]] = {}  # what each search (and the climb from it) met
            try:
                sampling = _Sampling(
                    next_index,
                    None if per_puzzle is None else sample_budget(wanted, per_puzzle, best),
                    deadline,
                    math.ceil(wanted * best.lineages),
                    self.settings.give_up,
                    self.settings.population + self.settings.offspring,
                )
                self._sample(sampling, met, state, run, clock, progress)
                if per_puzzle is None:  # the time is up: the evaluations budget that keeps those searches
                    per_puzzle = _per_puzzle(sum(sampling.ended.values()), wanted, best)
                    sampling.budget, sampling.deadline = sample_budget(wanted, per_puzzle, best), None
                    self._sample(sampling, met, state, run, clock, progress)
                kept = sampling.kept()
                assert kept is not None
                searches = range(next_index, next_index + kept)
                for index in [i for i in met if i not in searches]:
                    del met[index]  # beyond the kept searches: dropped
                for index in searches:
                    fruitless = 0 if met[index] else fruitless + 1
                next_index += kept
                run.searches += kept
                spent = sum(sampling.ended[i] for i in searches)
                assert per_puzzle is not None
                climbs_end = None if budget.seconds is None or rounds > 1 else clock + budget.seconds
                self._climbs(wanted, wanted * per_puzzle - spent, best, met, state, run, clock, progress, climbs_end)
            except KeyboardInterrupt:
                run.interrupted = True
                workers = SerialWorkers()
            for index in sorted(met):
                candidates.extend(sorted(met[index].values())[: best.offer])
            self._choose(count, best, candidates, choice, workers, accept, run, clock)
            if len(choice.chosen) >= count or run.interrupted:
                break
            if fruitless >= self.settings.give_up:
                run.gave_up = (
                    f"{fruitless} searches in a row ended after {self.settings.generations} generations without a"
                    f" puzzle {self._wanted()}"
                )
                break
            deadline = None  # too few: another round, with the budget of the puzzles still wanted
        if not run.interrupted and run.gave_up is None and rounds == 1 and not run.out_of_time:
            run.equivalent = per_puzzle  # a second round chooses apart from the first: no single budget repeats it
        run.found = sorted(choice.chosen, key=lambda f: (-_score_of(f), f.search))
        return run.found

    # -- searches and climbs ----------------------------------------------------------------------------------

    def _sample(
        self,
        sampling: _Sampling,
        met: dict[int, dict[Layout, _Candidate]],
        state: Progress,
        run: BestRun,
        clock: float,
        progress: Callable[[Progress], None] | None,
    ) -> None:
        """Run first-found searches, each until its first generation holding a layout of the target (every one of
        that generation's goes into ``met``) or its generation limit, until ``sampling`` says which are kept."""
        limit = self.settings.generations

        def ended(search: _Search) -> bool:
            return bool(met[search.index]) or search.generation >= limit

        def start() -> None:
            index = sampling.next
            sampling.next += 1
            archive = met.setdefault(index, {})
            search = _Search(index, search_rng(self.seed, index, self.target), time.perf_counter())
            lane = _Lane(search, index, archive, ended, self.settings.population)
            live[index] = lane
            state.searches += 1
            self._step(lane, jobs)

        live: dict[int, _Lane] = {}
        with self.workers.queue() as jobs:
            while True:
                for index in [i for i, lane in live.items() if not lane.evolving]:
                    search = live.pop(index).search
                    sampling.ended[index] = search.evaluations
                    if met[index]:
                        sampling.hit.add(index)
                    self._spent[index] = (search.generation, search.evaluations)
                if sampling.budget is not None and sampling.kept() is not None:
                    return  # settled: searches still running are beyond the kept ones
                while len(live) < max(self.settings.lanes, 1) and sampling.start_another(live):
                    start()
                if not live:
                    return
                self._next_result(live, jobs, met, state, run, clock, progress)

    def _climbs(
        self,
        count: int,
        evaluations: int,
        best: BestSettings,
        met: dict[int, dict[Layout, _Candidate]],
        state: Progress,
        run: BestRun,
        clock: float,
        progress: Callable[[Progress], None] | None,
        deadline: float | None = None,
    ) -> None:
        """Climb from the best distinct layouts the searches met, ``ceil(count x best.lineages)`` climbs sharing
        ``evaluations``: each a (mu + lambda) evolution from its start alone, whose fitness keeps a child only if
        it keeps the target and scores higher, so a climb never ends below its start.

        A climb rates each child in full, so an evaluation costs it far more than a first-found search's: under a
        time budget the climbs also stop at ``deadline`` (a generation begun is finished), or ``--budget 5s``
        would take three times that; ``run.out_of_time`` then says the run is not repeated by an evaluations
        budget."""
        starts = self._starts(math.ceil(count * best.lineages), best, met)
        if not starts or evaluations <= 0:
            return
        each = evaluations // len(starts)
        offspring = self.settings.offspring

        def ended(search: _Search) -> bool:  # a generation only if it fits the climb's share (one at least)
            if search.generation == 0:
                return False
            if deadline is not None and time.perf_counter() >= deadline and search.evaluations + offspring <= each:
                run.out_of_time = True
                return True
            return search.evaluations + offspring > each

        s = self.settings
        rating = FinishJob(self.board.cells, self.dominoes, starts[0].layout, s.rating, s.path_budget, s.weight_values)
        live: dict[int, _Lane] = {}
        for k, start in enumerate(starts):
            origin = start.rank[1]
            search = _Search(k, climb_rng(self.seed, origin, self.target), time.perf_counter())
            live[k] = _Lane(search, origin, met[origin], ended, best.climb_population, _CLIMBED, rating)
            run.climbs += 1
        with self.workers.queue() as jobs:
            for lane in live.values():  # first the start itself, rated in full: the score the climb starts from
                job = Job(
                    self.board.cells,
                    self.dominoes,
                    starts[lane.search.index].layout,
                    self.target,
                    0,
                    s.budgets,
                    s.weight_values,
                    self.quick_reject,
                )
                self._submit(lane, _Plan([None], [job]), jobs)
            while True:
                for k in [k for k, lane in live.items() if not lane.evolving]:
                    lane = live.pop(k)
                    generations, evaluations = self._spent.get(lane.origin, (0, 0))
                    self._spent[lane.origin] = (
                        generations + lane.search.generation,
                        evaluations + lane.search.evaluations,
                    )
                if not live:
                    run.rated += sum(c.final is not None for archive in met.values() for c in archive.values())
                    return
                self._next_result(live, jobs, met, state, run, clock, progress)

    def _starts(self, count: int, best: BestSettings, met: dict[int, dict[Layout, _Candidate]]) -> list[_Candidate]:
        """The ``count`` best layouts met, by cheap score, leaving out duplicates and near-twins of those taken."""
        ranked = sorted(c for archive in met.values() for c in archive.values())
        keys: set[str] = set()
        taken: list[tuple[_Candidate, tuple]] = []
        for candidate in ranked:
            if len(taken) >= count:
                break
            key = canonical_key(to_puzzle(self.board, self.dominoes, candidate.layout))
            mine = placements(self.board, candidate.layout)
            if key in keys or any(placements_shared(mine, other) > best.twin_share for _, other in taken):
                continue
            keys.add(key)
            taken.append((candidate, mine))
        return [c for c, _ in taken]

    def _next_result(
        self,
        live: dict[int, _Lane],
        jobs: JobQueue,
        met: dict[int, dict[Layout, _Candidate]],
        state: Progress,
        run: BestRun,
        clock: float,
        progress: Callable[[Progress], None] | None,
    ) -> None:
        """Take one result from the queue; once it completes its lane's generation, absorb that and give the lane
        its next work (or end it)."""
        (index, position), result = jobs.next_done()
        lane = live[index]
        search = lane.search
        search.results[position] = result
        assert search.plan is not None
        if len(search.results) < len(search.plan.jobs):
            return
        plan, search.plan = search.plan, None
        self._absorb_best(lane, plan, (search.results[i] for i in range(len(plan.jobs))))
        search.results = {}
        state.generation += 1
        state.evaluations += len(plan.jobs)
        run.evaluations = state.evaluations
        self._step(lane, jobs)
        state.found = sum(len(a) for a in met.values())
        self._report_best(state, met, clock, progress)

    def _step(self, lane: _Lane, jobs: JobQueue) -> None:
        """Give a lane its next generation's children, or end it when it says so."""
        search = lane.search
        while True:
            if lane.ended(search):
                search.failed = True  # ended: not evolving, nothing pending (the archive holds what it met)
                return
            plan = self._offspring(search)
            if not plan.jobs:
                self._absorb_best(lane, plan, iter(()))
                continue
            self._submit(lane, plan, jobs)
            return

    def _submit(self, lane: _Lane, plan: _Plan, jobs: JobQueue) -> None:
        """Send a lane's generation to the workers (a climb's as climb jobs: see :func:`climb_work`)."""
        lane.search.plan = plan
        for position, job in enumerate(plan.jobs):
            key = (lane.search.index, position)
            if lane.rating is None:
                jobs.submit(self.toolbox.work, ("evaluate", job), key)
            else:
                jobs.submit(climb_work, (job, lane.rating), key)

    def _absorb_best(self, lane: _Lane, plan: _Plan, results: Iterator[Evaluation]) -> None:
        """Keep the best mu of parents and children, and archive every new layout that meets the target."""
        search, archive = lane.search, lane.archive
        children = []
        for hit in plan.cached:
            final = None
            if hit is not None:
                evaluation = hit
            elif lane.rating is None:
                evaluation = next(results)
            else:
                evaluation, final = next(results)  # type: ignore[misc]
            if hit is None:
                search.evaluations += 1
                if evaluation.proper and self.target.met(evaluation.level, evaluation.score):
                    layout = evaluation.layout
                    known = archive.get(layout)
                    if known is None or (final is not None and known.final is None):
                        score = evaluation.score if evaluation.score is not None else -math.inf
                        order = lane.base + lane.made
                        lane.made += 1
                        archive[layout] = _Candidate((-score, lane.origin, order), layout, score, evaluation, final)
            children.append(Individual(evaluation.layout, evaluation))
        pool: dict[Layout, Individual] = {}
        # A climb puts its children first, so that one scoring as its parent takes its place (the score has many
        # ties, and drifting across them finds the way up more often than standing still).
        climb = lane.rating is not None
        for ind in children + search.population if climb else search.population + children:
            pool.setdefault(ind.layout, ind)
        search.population = self.toolbox.survivors(list(pool.values()), lane.keep)
        search.generation += 1

    # -- choosing ---------------------------------------------------------------------------------------------

    def _choose(
        self,
        count: int,
        best: BestSettings,
        candidates: list[_Candidate],
        choice: _Choice,
        workers: Workers,
        accept: Callable[[Found], bool] | None,
        run: BestRun,
        clock: float,
    ) -> None:
        """Shortlist, rate and take candidates best first until ``count`` are chosen or the candidates run out;
        the candidates looked at are taken off ``candidates``."""
        candidates.sort()
        run.candidates = len(candidates) + len(choice.shortlist)
        while len(choice.chosen) < count and candidates:
            need = count - len(choice.chosen)
            want = need + math.ceil(need * best.spare)
            batch: list[_Candidate] = []
            while candidates and len(batch) < want:
                candidate = candidates.pop(0)
                key = canonical_key(to_puzzle(self.board, self.dominoes, candidate.layout))
                if key in choice.keys:
                    continue
                mine = placements(self.board, candidate.layout)
                if any(placements_shared(mine, other) > best.twin_share for _, other in choice.shortlist):
                    continue
                choice.keys.add(key)
                choice.shortlist.append((candidate, mine))
                batch.append(candidate)
            if not batch:
                break
            for candidate in batch:
                if candidate.final is not None:
                    choice.finals[candidate.layout] = candidate.final
            unrated = [c for c in batch if c.final is None]
            self._rate(unrated, choice.finals, workers)
            run.rated += len(unrated)
            good = [
                c
                for c, _ in choice.shortlist
                if c.layout not in choice.offered and self._final_meets(choice.finals[c.layout])
            ]
            good.sort(key=lambda c: (-_score_of(choice.finals[c.layout]), c.rank))
            for candidate in good:
                if len(choice.chosen) >= count:
                    break
                choice.offered.add(candidate.layout)
                found = self._found_best(candidate, choice.finals[candidate.layout], clock)
                if accept is None or accept(found):
                    choice.chosen.append(found)
            # Candidates refused or off their grade stay on the shortlist (their twins stay out), never taken.

    def _rate(self, batch: list[_Candidate], finals: dict[Layout, Final], workers: Workers) -> None:
        """Prove and rate the batch in full, on the workers (in this process after Ctrl-C)."""
        s = self.settings
        with workers.queue() as jobs:
            for k, candidate in enumerate(batch):
                job = FinishJob(
                    self.board.cells,
                    self.dominoes,
                    candidate.layout,
                    s.rating,
                    s.path_budget,
                    s.weight_values,
                    candidate.evaluation.graded,
                )
                jobs.submit(self.toolbox.work, ("finish", job), (k, FINISH))
            for _ in batch:
                (k, _), final = jobs.next_done()
                finals[batch[k].layout] = final

    def _found_best(self, candidate: _Candidate, final: Final, clock: float) -> Found:
        index = candidate.rank[1]
        generations, evaluations = self._spent.get(index, (0, 0))
        return Found(
            puzzle=to_puzzle(self.board, self.dominoes, candidate.layout),
            solution=to_solution(self.board, candidate.layout),
            level=final.level,
            grade=final.grade,
            score=final.score,
            rating=final.rating,
            search=index,
            generations=generations,
            evaluations=evaluations,
            seconds=time.perf_counter() - clock,
        )

    def _report_best(
        self,
        state: Progress,
        met: dict[int, dict[Layout, _Candidate]],
        clock: float,
        progress: Callable[[Progress], None] | None,
    ) -> None:
        top = max((c.score for archive in met.values() for c in archive.values()), default=None)
        if top is not None and (state.best_score is None or top > state.best_score):
            state.best_score = top
            state.best_level = self.target.level
        state.seconds = time.perf_counter() - clock
        if progress is not None:
            progress(state)


# The fitness of a climb's layout that the cheap score put in the target and its full rating did not.
_OFF_TARGET = (1.0, -1.0, -math.inf, -math.inf)


def climb_work(task: tuple[Job, FinishJob]) -> tuple[Evaluation, Final | None]:
    """A climb's evaluation: the layout evaluated as a search's, and when it meets the target, rated in full at
    once (``task[1]`` says how; its layout is replaced), its score and fitness then the full rating's: so a climb
    climbs the score its puzzles are chosen by, not the cheap stand-in, whose errors a climb would select for.
    A pure function of the task."""
    job, rating = task
    evaluation = evaluate(job)
    if not (evaluation.proper and evaluation.graded is not None and job.target.met(evaluation.level, evaluation.score)):
        return evaluation, None
    final = finish(rating._replace(layout=evaluation.layout, graded=evaluation.graded, score=evaluation.score))
    if final.score is None or final.level is None:  # rated "none": the cheap score is all there is
        return evaluation, final
    if not (final.proper and job.target.met(final.level, final.score)):
        return evaluation._replace(fitness=_OFF_TARGET), final
    fitness = fitness_of(job.target, final.level, evaluation.graded.uses, final.score)
    return evaluation._replace(score=final.score, fitness=fitness), final


def _per_puzzle(evaluations: int, count: int, best: BestSettings) -> int:
    """The evaluations budget per puzzle whose share for first-found searches is at most ``evaluations`` (the
    searches a time budget made), and at least 1."""
    value = max(1, math.floor(evaluations / (count * best.sample_share)))
    while value > 1 and sample_budget(count, value, best) > evaluations:
        value -= 1
    return value


def _score_of(rated: Final | Found) -> float:
    return rated.score if rated.score is not None else -math.inf


def placements(board: Board, layout: Layout) -> tuple[tuple[tuple[int, int], frozenset], ...]:
    """The layout's placements under each symmetry of the board (the identity first): the image's size and the
    set of (square, square, number, number) of its dominoes, as :func:`placements_shared` compares them."""
    numbers = layout.numbers
    return tuple(
        (
            (h, w),
            frozenset(
                (min(where[a], where[b]), max(where[a], where[b]), *sorted((numbers[a], numbers[b])))
                for a, b in layout.tiles
            ),
        )
        for h, w, where in symmetry_squares(board)
    )


def placements_shared(a: tuple, b: tuple) -> float:
    """The largest share of placements two layouts (from :func:`placements`) have in common over the symmetries
    of the board: 1.0 for the same layout turned or mirrored, near 0 for two random ones. Numbers are compared as
    they are, not renamed: a renamed near-twin is unlikely (the canonical key catches an exact one)."""
    size, mine = a[0]
    if not mine:
        return 1.0
    return max((len(mine & tiles) for other, tiles in b if other == size), default=0) / len(mine)
