"""The best puzzles a budget can find, not the first ones: the search keeps evolving after its first hit.

:class:`~dominosa.generator.evolve.Evolution` stops a search at the first layout of the grade asked for. Here
(``generate --best``) every search runs its whole share of the budget, and the population keeps climbing the
fitness, whose last part is the score once the grade is reached (see :mod:`~dominosa.generator.fitness`). Every
layout of the target it meets goes into the search's *archive* with its cheap score (from the grading run).

**Budget.** ``evaluations`` per puzzle wanted, spent *climbing*: a run for K puzzles makes K x N /
:attr:`BestSettings.search_evaluations` searches, and each one, once it has met its first layout of the target
(which costs what it costs the first-found generator), goes on for ``search_evaluations`` more (several short
climbs from fresh random starts find more, and more varied, good puzzles than one long climb from a single start:
measured with bench/bench_best.py). A search that never meets the target ends at the generation limit, as a
first-found one would. Or ``seconds``: searches start one after another
until the time is up; those already started run to their end. A time budget is *not* reproducible across
machines, nor from one run to the next on a busy one: how many searches fit in the time depends on the machine.
But the searches themselves are: when the time is up, the searches settled so far (a run of consecutive numbers
from the first) are kept and those still under way dropped, so the run reports how many it kept, and
:attr:`BestRun.equivalent` is the evaluations budget that plans exactly those searches, which reproduces the run
anywhere. The time counts the searches only: the full rating of the shortlist comes after it (about a tenth of
a second per candidate at double-6, a third at double-9).

**Choosing.** When the searches are done, the candidates of all of them (each search offers its best
:attr:`BestSettings.offer`, distinct layouts) are ranked by cheap score, best first. Down that list a shortlist
is made, leaving out a candidate that is a duplicate of a shortlisted one (same canonical key: equal up to
symmetry and renaming of numbers) or its *near-twin*: sharing more than :attr:`BestSettings.twin_share` of its
placements (a domino with its two numbers on the same two cells, compared under every symmetry of the board) with
it. Twins come from one lineage, a parent and its child a few swaps apart, which a book should not hold both of.
The shortlist is proved and rated in full on the workers (the score stored and printed is the full rating's,
along the shortest deduction path, which may differ from the cheap one); the puzzles that keep the grade go to
``accept`` best first, until K are taken. If too few are, more is shortlisted; if the list runs out, more searches
run (each with the budget of one puzzle), and after ``give_up`` searches in a row without a candidate the run
gives up.

**Reproducibility.** Search ``i`` is the same search as in a first-found run (:func:`search_rng`), a pure
function of its number, and with an evaluations budget the set of searches is fixed in advance; ranking breaks
ties by search number and by the order in which the search met its layouts; ratings are pure functions. So the
same seed gives the same puzzles with one worker or many, whatever order the jobs finish in.

**Ctrl-C** during the searches stops them: the candidates met so far are chosen from as above, rated in this
process (the workers' state after an interrupt is not trusted), and returned; :attr:`BestRun.interrupted` says
so. A second Ctrl-C stops at once.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from dominosa.board import Board
from dominosa.canonical import canonical_key, symmetry_squares
from dominosa.deductions import GradeResult
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
from dominosa.generator.fitness import Evaluation, Final, FinishJob
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


# Evaluations per puzzle wanted when no budget is given: measured (bench/bench_best.py) to lift the median puzzle
# to the 90th percentile of first-found ones or above at every grade of double-6 and double-9, at 2.5 to 7 times
# their time; 80 lifts further at 6 to 17 times.
DEFAULT_BUDGET = Budget(evaluations=40)


@dataclass(frozen=True)
class BestSettings:
    """How a best run spends its budget.

    Attributes
    ----------
    search_evaluations : evaluations a search goes on for after its first layout of the target, before it offers
        its best.
    offer : candidates a search offers, its best by cheap score.
    twin_share : two puzzles sharing more than this share of their placements are near-twins; one run returns
        at most one of them.
    spare : the shortlist holds this many candidates more per puzzle still wanted than it needs, since the full
        rating may move a candidate off its grade, or down the ranking.
    """

    search_evaluations: int = 20
    offer: int = 6
    twin_share: float = 0.5
    spare: float = 1.0


class _Candidate(NamedTuple):
    """A layout of the target met by a search, with its cheap score; ``rank`` orders candidates best first (it is
    unique, so the grade, which its finishing job takes, is never compared)."""

    rank: tuple[float, int, int]  # (-cheap score, search, the order the search met it)
    layout: Layout
    score: float
    graded: GradeResult | None = None


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
    searches : searches made (numbered from ``first_search``).
    evaluations : evaluations made by them.
    candidates : distinct layouts of the target they offered.
    rated : candidates proved and rated in full.
    interrupted : stopped by Ctrl-C; the puzzles are the best of what was met until then.
    gave_up : why the run gave up with fewer puzzles than wanted (``give_up`` searches in a row met none).
    equivalent : an evaluations budget that makes exactly these searches (so reproduces the run), or None when
        none does (an interrupted run, one that gave up, a time budget whose first searches found too few and
        needed more, or more puzzles wanted than a search makes evaluations).
    """

    searches: int = 0
    evaluations: int = 0
    candidates: int = 0
    rated: int = 0
    interrupted: bool = False
    gave_up: str | None = None
    equivalent: int | None = None
    found: list[Found] = field(default_factory=list)


class BestEvolution(Evolution):
    """An :class:`~dominosa.generator.evolve.Evolution` that looks for the best puzzles within a budget; see the
    module. Construct it as an Evolution; :meth:`run_best` does the work."""

    # Every layout meeting the target is archived and the searches go on after it: each needs its full grade, and
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
        deadline = None if budget.seconds is None else clock + budget.seconds
        per_puzzle = budget.evaluations if budget.evaluations is not None else best.search_evaluations
        planned = None if deadline is not None else self._planned(count, per_puzzle, best)
        candidates: list[_Candidate] = []
        choice = _Choice()
        next_index = first_search
        fruitless = 0  # searches in a row (by number) that met no layout of the target
        rounds = 1  # rounds of searches, each followed by choosing
        workers: Workers = self.workers
        self._spent: dict[int, tuple[int, int]] = {}  # per search ended: its generations and evaluations
        self._first_hit: dict[int, int] = {}  # per search: its evaluations when it first met the target
        while True:
            try:
                made, fruitless = self._searches(
                    next_index, planned, deadline, best, candidates, fruitless, state, run, clock, progress
                )
                next_index += made
            except KeyboardInterrupt:
                run.interrupted = True
                workers = SerialWorkers()
            run.searches = next_index - first_search if not run.interrupted else state.searches
            self._choose(count, best, candidates, choice, workers, accept, run, clock)
            if len(choice.chosen) >= count or run.interrupted:
                break
            if fruitless >= self.settings.give_up:
                run.gave_up = (
                    f"{fruitless} searches in a row ended after {self.settings.generations} generations without a"
                    f" puzzle {self._wanted()}"
                )
                break
            # Too few: more searches, with the budget of the puzzles still wanted, then choose from what is left.
            planned, deadline = self._planned(count - len(choice.chosen), per_puzzle, best), None
            rounds += 1
        if not run.interrupted and run.gave_up is None:
            if budget.evaluations is not None:
                run.equivalent = budget.evaluations
            elif rounds == 1:  # a second round chooses apart from the first: no single budget repeats that
                run.equivalent = self._equivalent(count, run.searches, best.search_evaluations)
        run.found = sorted(choice.chosen, key=lambda f: (-_score_of(f), f.search))
        return run.found

    @staticmethod
    def _planned(count: int, per_puzzle: int, best: BestSettings) -> int:
        """Searches for ``count`` puzzles at ``per_puzzle`` evaluations each."""
        return max(1, math.ceil(count * per_puzzle / best.search_evaluations))

    # -- the searches -----------------------------------------------------------------------------------------

    def _searches(
        self,
        first: int,
        planned: int | None,
        deadline: float | None,
        best: BestSettings,
        candidates: list[_Candidate],
        fruitless: int,
        state: Progress,
        run: BestRun,
        clock: float,
        progress: Callable[[Progress], None] | None,
    ) -> tuple[int, int]:
        """Run searches ``first``, ``first + 1``, ...: ``planned`` of them, or as many as start before the
        deadline (at least one). Each one's candidates are added to ``candidates`` in search order once it and
        every earlier one have ended. Returns how many searches ran and the fruitless count after them."""
        s = self.settings
        live: dict[int, _Search] = {}
        archives: dict[int, dict[Layout, _Candidate]] = {}
        done: dict[int, bool] = {}
        next_index = first
        settled = first
        lanes = max(s.lanes, 1)
        with self.workers.queue() as jobs:
            try:
                while True:
                    while len(live) < lanes and _more(next_index - first, planned, deadline):
                        search = _Search(
                            next_index, search_rng(self.seed, next_index, self.target), time.perf_counter()
                        )
                        live[next_index] = search
                        archives[next_index] = {}
                        next_index += 1
                        state.searches += 1
                        self._step(search, jobs, best, archives[search.index])
                        if not search.evolving:
                            del live[search.index]
                            done[search.index] = True
                    while settled in done:  # hand over candidates in search order
                        offered = sorted(archives.pop(settled).values())[: best.offer]
                        candidates.extend(offered)
                        fruitless = 0 if offered else fruitless + 1
                        del done[settled]
                        settled += 1
                    if not live:
                        return next_index - first, fruitless
                    if deadline is not None and settled > first and time.perf_counter() >= deadline:
                        # Time is up: keep the searches settled so far (a prefix, as an evaluations budget would
                        # plan them) and drop the rest, so the run is the same as that budget's.
                        return settled - first, fruitless
                    (index, position), result = jobs.next_done()
                    search = live[index]
                    search.results[position] = result
                    assert search.plan is not None
                    if len(search.results) < len(search.plan.jobs):
                        continue
                    plan, search.plan = search.plan, None
                    self._absorb_best(search, plan, (search.results[i] for i in range(len(plan.jobs))), archives[index])
                    search.results = {}
                    state.generation += 1
                    state.evaluations += len(plan.jobs)
                    run.evaluations = state.evaluations
                    self._step(search, jobs, best, archives[index])
                    if not search.evolving:
                        del live[index]
                        done[index] = True
                    state.found = sum(len(a) for a in archives.values()) + len(candidates)
                    self._report_best(state, archives, candidates, clock, progress)
            except KeyboardInterrupt:
                # The best of what was met: settled searches' offers plus those still running, in search order.
                for index in sorted(archives):
                    candidates.extend(sorted(archives[index].values())[: best.offer])
                raise

    def _step(self, search: _Search, jobs: JobQueue, best: BestSettings, archive: dict[Layout, _Candidate]) -> None:
        """Give a search its next generation's children; or end it once it has climbed for its budget after its
        first layout of the target, or at the generation limit (without one: fruitless)."""
        s = self.settings
        while True:
            hit = self._first_hit.get(search.index)
            climbed = hit is not None and search.evaluations - hit >= best.search_evaluations
            if climbed or search.generation >= s.generations:
                search.failed = True  # ended: not evolving, nothing pending (the archive holds what it met)
                self._spent[search.index] = (search.generation, search.evaluations)
                return
            plan = self._offspring(search)
            if not plan.jobs:
                self._absorb_best(search, plan, iter(()), archive)
                continue
            search.plan = plan
            for position, job in enumerate(plan.jobs):
                jobs.submit(self.toolbox.work, ("evaluate", job), (search.index, position))
            return

    def _absorb_best(
        self, search: _Search, plan: _Plan, results: Iterator[Evaluation], archive: dict[Layout, _Candidate]
    ) -> None:
        """Keep the best mu of parents and children, and archive every new layout that meets the target."""
        children = []
        for hit in plan.cached:
            evaluation = hit if hit is not None else next(results)
            if hit is None:
                search.evaluations += 1
                if evaluation.proper and self.target.met(evaluation.level, evaluation.score):
                    layout = evaluation.layout
                    if not archive:
                        self._first_hit[search.index] = search.evaluations
                    if layout not in archive:
                        score = evaluation.score if evaluation.score is not None else -math.inf
                        archive[layout] = _Candidate(
                            (-score, search.index, len(archive)), layout, score, evaluation.graded
                        )
            children.append(Individual(evaluation.layout, evaluation))
        pool: dict[Layout, Individual] = {}
        for ind in search.population + children:
            pool.setdefault(ind.layout, ind)
        search.population = self.toolbox.survivors(list(pool.values()), self.settings.population)
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
            self._rate(batch, choice.finals, workers)
            run.rated += len(batch)
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
                    candidate.graded,
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
        archives: dict[int, dict[Layout, _Candidate]],
        candidates: list[_Candidate],
        clock: float,
        progress: Callable[[Progress], None] | None,
    ) -> None:
        scores = [c.score for a in archives.values() for c in a.values()] + [c.score for c in candidates]
        if scores:
            top = max(scores)
            if state.best_score is None or top > state.best_score:
                state.best_score = top
                state.best_level = self.target.level
        state.seconds = time.perf_counter() - clock
        if progress is not None:
            progress(state)

    @staticmethod
    def _equivalent(count: int, searches: int, per_search: int) -> int | None:
        """The evaluations budget per puzzle that plans exactly ``searches`` searches, if one does."""
        value = searches * per_search // count
        for guess in (value, value + 1):
            if guess >= 1 and math.ceil(count * guess / per_search) == searches:
                return guess
        return None


def _more(started: int, planned: int | None, deadline: float | None) -> bool:
    """Whether another search starts: fewer than planned have, or (with a time budget) none has yet or there is
    time left."""
    if planned is not None:
        return started < planned
    assert deadline is not None
    return started == 0 or time.perf_counter() < deadline


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
