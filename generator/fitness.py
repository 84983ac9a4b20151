"""What a worker computes for the search: make a layout proper, grade it, and turn that into a fitness.

Both entry points, :func:`evaluate` and :func:`finish`, take one plain-data job and return plain data, and
each is a pure function of its job: the randomness a repair needs comes from the seed inside the job, drawn by
the parent process. That is what lets the same search run serially, on a process pool or on a Dask cluster and
give the same puzzles for the same seed, whatever the number of workers.

**evaluate** (every individual, the hot path):

1. *Develop*: count the layout's solutions up to two under a node budget (a job without a layout first draws a
   random one from its seed). A second solution names the dominoes it moves; one of them trades places with
   another (:func:`~dominosa.generator.mutations.repair`) and the count runs again, up to a repair budget. The
   repaired layout comes back with the result, so the search keeps it (the repair is inherited, which is what
   makes random starts and rough mutations cheap).
2. *Grade* a proper layout with :func:`~dominosa.deductions.grade` (no deduction path: fast), and score the
   grading run's steps with :func:`~dominosa.deductions.score.path_score`: a cheap stand-in for the real score. The
   score reads only each step's rule and pairs, so the run is asked for lean deductions (``lean=True``): the run
   is then made settled, its bookkeeping drawn and counted without a step of its own (the quick rejections below
   at the trivial and basic grades among them, and the stuck runs below, whose measure reads the dominoes placed
   off the run's counts). (Not a full grading run for a hard or extreme target, whose measure of a layout above
   it counts the dominoes placed up to the first step above the target, bookkeeping steps included.)
3. *Fitness*, a tuple compared lexicographically (DEAP's rule for several weights): proper first; then how
   many grades away from the target; then a gradient inside a grade, so that the search can climb even when
   no neighbour changes grade yet (too easy: more steps of the hardest technique used is closer, since every
   such step is a place where easier logic is stuck; too hard: fewer steps above the target is closer); then
   the score, or its distance from the target range. Above a *hard or extreme* target the measure is another
   one (:func:`measured_when_stuck`): one grade away whatever the grade (half a grade for an extreme target on a
   small board when the extreme techniques made steps before they got stuck: such layouts have extreme children
   more often), closer the fewer dominoes the techniques up to the target leave unplaced where they get stuck,
   and no score. That needs only the techniques up to the target, never the full grading run, whose harder
   techniques on big boards cost several times the rest of an evaluation: at order 30 nearly every random layout
   is above hard, most above extreme, and a search for either spent most of its time grading them in full
   (hard, seed 3: 36.8 s of CPU, 7.5 s with this measure; extreme, seeds 1-5: median 15 s, 8.2 s; see
   bench/README.md).

*Big boards* (:mod:`~dominosa.generator.develop_big`, double-30 and up, any target but "any proper puzzle": a
grade, a score range, both, fiendish and ``--best`` runs included): steps 1 and 2 trade places. The layout is
graded with the techniques up to the target first (up to fiendish for a score range alone), which proves it
unique when they solve it; only where they get stuck does the counter look for a second solution to repair,
from the stuck position and under a small budget. A layout they leave stuck is measured as a hard or extreme
target's layouts above it are, whatever the target; the puzzle finally picked is proved by the counter in
:func:`finish`. (Counting every layout first cost a fiendish search at order 40 over ten times as much, and
``--best`` and score ranges there never finished: bench/README.md, bench_monster.)

*Quick rejection* (a job with ``quick_reject``, for a target that is a grade alone): a layout is first graded with
the techniques up to the target's grade only. If they solve it, that run is the grading run (the techniques are
tried easiest first, so the harder ones would never have been reached). If they do not, the layout is above the
target, which is all the search needs to know when another layout of the same generation meets it: the
evaluation comes back ``above``, without its grade. Only if the search needs its full fitness after all does it
ask for it (:func:`complete`), so the grading run of a layout that is much too hard (short contradictions,
say) is made only when it matters; the fitness is the same either way. Above a hard or extreme target the
stuck run is
the whole measure (above), so such a layout comes back with its fitness, never ``above``, and is never
completed.

**finish** (only the puzzles chosen): prove the puzzle proper with no budget, then rate it in full
(:func:`~dominosa.deductions.rate`, with the shortest deduction path under a node budget) for the grade and
score that are stored and printed (for a puzzle graded trivial, from the path's moves found on the positions'
bitsets: the same rating, without the deductions' sentences). A layout chosen from its evaluation is already
proved (its count was complete) and graded: the evaluation's grade travels with the finishing job, so no puzzle
is counted or graded twice. On a board developed logic-first the path rating is ``rate``'s own, whose count is the
proof (:func:`_big_final`); a layout a search for a grade alone took unstepped is graded there for the first time.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import lru_cache
from typing import Any, NamedTuple

from dominosa.board import Board, Cell
from dominosa.deductions import (
    DEFAULT_WEIGHTS,
    GRADES,
    PROPER,
    TECHNIQUES,
    UNDECIDED_VERDICT,
    Deduction,
    GradeResult,
    Rating,
    ScoreWeights,
    Technique,
    count_solution_pairs,
    count_solutions,
    dominoes_to_place,
    grade,
    grade_level,
    path_score,
    rate,
    shortest_path,
)
from dominosa.dominoes import Domino
from dominosa.generator.develop_big import LOGIC_FIRST_CEILING, develop_by_logic, logic_first_board
from dominosa.generator.mutations import Layout, random_start, repair, to_puzzle
from dominosa.puzzle import Puzzle

__all__ = [
    "Target",
    "Budgets",
    "Job",
    "Evaluation",
    "FinishJob",
    "Final",
    "RATINGS",
    "evaluate",
    "complete",
    "finish",
    "work",
    "develop",
    "IMPROPER_FITNESS",
    "WeightValues",
    "DEFAULT_WEIGHT_VALUES",
]

TRIVIAL, HARD, EXTREME = grade_level("trivial"), grade_level("hard"), grade_level("extreme")
GUESSING = grade_level("guessing")

# How the chosen puzzles are rated: "path" (rate with the shortest deduction path: the real score),
# "grade" (grade and a score from the grading run: faster on big boards), "none" (proved proper only).
RATINGS = ("path", "grade", "none")

# The fitness of a layout still not proper after its repairs: below every proper one.
IMPROPER_FITNESS = (0.0, -float(len(GRADES)), 0.0, 0.0)


class Target(NamedTuple):
    """What the search looks for: a grade (its level in ``GRADES``; None for any) and a score range."""

    level: int | None = None
    min_score: float | None = None
    max_score: float | None = None

    @property
    def graded(self) -> bool:
        """Whether telling a good layout from a bad one needs the grader (a grade or a score range is asked)."""
        return self.level is not None or self.min_score is not None or self.max_score is not None

    def score_gap(self, value: float | None) -> float:
        """How far a score lies outside the target range (0 inside it; infinite for no score)."""
        if self.min_score is None and self.max_score is None:
            return 0.0
        if value is None:
            return math.inf
        if self.min_score is not None and value < self.min_score:
            return self.min_score - value
        if self.max_score is not None and value > self.max_score:
            return value - self.max_score
        return 0.0

    def met(self, level: int | None, value: float | None) -> bool:
        """Whether a proper puzzle of this level and score is what was asked for."""
        return (self.level is None or level == self.level) and self.score_gap(value) == 0.0


class Budgets(NamedTuple):
    """Work limits of one evaluation, counted in search nodes and repairs (never seconds: a budget counted in
    time would make the result depend on the machine and its load)."""

    count_nodes: int = 20_000
    repairs: int = 30


# The score's weights as they travel in a job: a plain tuple, in ScoreWeights' field order.
WeightValues = tuple[float, ...]
DEFAULT_WEIGHT_VALUES: WeightValues = tuple(DEFAULT_WEIGHTS.to_dict().values())


class Job(NamedTuple):
    """One evaluation's input: the board (its cells), the domino set, the layout, the target, the seed for the
    repairs, the budgets and the score's weights. Plain tuples only.

    A job without a layout asks for a random start: a random layout drawn from the seed, then developed like any
    other. Drawing it in the worker rather than in the parent keeps the parent's share of a round small, which
    is what lets two workers come close to twice the speed of one.

    ``quick_reject`` (for a target that is a grade and no score range) lets a layout above the target grade come
    back ``above``, without its grade (see the module).

    ``scored`` False (a search that stops at its first layout of a grade alone) lets a big board's layout solved at
    the target grade come back with its level and no score, unstepped (see
    :func:`~dominosa.generator.develop_big.develop_by_logic`); its rating is made only if it is chosen.

    ``probe_under`` (an extreme or fiendish search on a big board) makes the target's own closure only for a
    layout that the shorter one leaves with fewer than that many dominoes unplaced
    (:func:`~dominosa.generator.develop_big.probe_bar`).
    """

    cells: tuple[Cell, ...]
    dominoes: tuple[Domino, ...]
    layout: Layout | None
    target: Target
    seed: int
    budgets: Budgets = Budgets()
    weights: WeightValues = DEFAULT_WEIGHT_VALUES
    quick_reject: bool = False
    scored: bool = True
    probe_under: int | None = None


class Evaluation(NamedTuple):
    """One evaluation's output.

    Attributes
    ----------
    layout : the layout after repairs (the individual inherits it).
    proper : proved proper within the budgets.
    level : its grade's level, None when not proper or not graded (no target needs it).
    score : the cheap score of the grading run, None when not graded.
    fitness : the tuple the search maximises, lexicographically.
    repairs : repairs made.
    graded : the grade of a proper graded layout without its deductions (proved proper: the count was complete),
        for the finishing job of the layout if it is chosen; None otherwise.
    above : proved proper and above the target grade, but not graded (a quick rejection): ``level`` and
        ``score`` are None and ``fitness`` is a stand-in below every layout meeting the target;
        :func:`complete` gives the real evaluation.
    """

    layout: Layout
    proper: bool
    level: int | None
    score: float | None
    fitness: tuple[float, float, float, float]
    repairs: int
    graded: GradeResult | None = None
    above: bool = False


class FinishJob(NamedTuple):
    """A chosen puzzle to prove and rate: board cells, domino set, layout, how to rate it, the path budget, the
    score's weights, and its evaluation's grade if it has one (``Evaluation.graded``: proved, and graded) with
    its score (``Evaluation.score``, by the same weights)."""

    cells: tuple[Cell, ...]
    dominoes: tuple[Domino, ...]
    layout: Layout
    rating: str = "path"
    path_budget: int = 300
    weights: WeightValues = DEFAULT_WEIGHT_VALUES
    graded: GradeResult | None = None
    score: float | None = None


class Final(NamedTuple):
    """The proof and rating of a chosen puzzle: proper (proved with no budget), grade level and name, score,
    and the rater's JSON form (empty when not rated)."""

    proper: bool
    level: int | None
    grade: str | None
    score: float | None
    rating: dict[str, Any]


@lru_cache(maxsize=64)
def _board(cells: tuple[Cell, ...]) -> Board:
    """The board of a job's cells (the board's own, so already checked), looked up by the tuple: every job of a
    run brings the same cells, and making the board from them again cost more than a count's set-up."""
    return Board.from_cells(cells)


def develop(board: Board, dominoes: tuple[Domino, ...], layout: Layout, rng: random.Random, budgets: Budgets):
    """Repair the layout until it is proved proper or the repair budget is spent.

    Returns (layout, proper, repairs, puzzle). A count that runs out of nodes counts as not proved: a layout that
    hard to prove is of no use to the generator, and a random move follows.
    """
    pairs = board.pairs
    for repairs in range(budgets.repairs + 1):
        puzzle = to_puzzle(board, dominoes, layout)
        result, solutions = count_solution_pairs(puzzle, 2, max_nodes=budgets.count_nodes)
        if result.complete and result.count == 1:
            return layout, True, repairs, puzzle
        if repairs == budgets.repairs:
            break
        truth = set(layout.tiles)
        unused: list[int] = []
        for joined in solutions:
            used = {pairs[q] for q in joined}  # each (a, b), a < b, as a layout's tiles are
            if used != truth:
                unused = [t for t, tile in enumerate(layout.tiles) if tile not in used]
                break
        layout = repair(board, layout, rng, unused)
    return layout, False, budgets.repairs, None


# Far below any score a puzzle can have (guessing puzzles go down to a few hundred below zero).
_OUTSIDE_RANGE = -1e9


def _steps_above(uses: dict[int, int], level: int) -> int:
    return sum(n for rule, n in uses.items() if Technique(rule).level > level)


def _steps_at(uses: dict[int, int], level: int) -> int:
    return sum(n for rule, n in uses.items() if Technique(rule).level == level and not Technique(rule).bookkeeping)


def measured_when_stuck(target: Target) -> bool:
    """Whether a layout above this target is measured by what the target's techniques leave undone (see the
    module): for a hard or an extreme target, where on big boards nearly every random layout is above the
    target, so that grading each one in full (for the old measure, its steps above the target) was most of the
    search's time."""
    return target.level in (HARD, EXTREME)


def _lean(target: Target) -> bool:
    """Whether a layout's full grading run may keep lean deductions (rule and pairs, no bookkeeping steps): not
    where a layout above the target is measured when stuck, since :func:`stuck_in_run` counts every domino placed
    up to the first step above the target, and a split's consequences (rule 3, bookkeeping) can place one. (The
    quick run, which ends where the target's techniques are stuck, is always lean: :func:`stuck_in_quick_run`.)"""
    return not measured_when_stuck(target)


class Stuck(NamedTuple):
    """Where the techniques up to a target's grade get stuck on a layout above it: the dominoes they leave
    unplaced, and the steps of the target's own tier they made before (bookkeeping left out)."""

    unplaced: int
    at_target: int


def stuck_in_run(deductions: list[Deduction], dominoes: int, level: int) -> Stuck:
    """Where a full grading run (bookkeeping steps kept) first needs a technique above ``level``: what the
    techniques up to ``level`` did before (they are tried easiest first, so the run up to there is theirs)."""
    placed = at_target = 0
    for d in deductions:
        technique = Technique(d.rule)
        if technique.level > level:
            break
        placed += len(d.joins)
        at_target += technique.level == level and not technique.bookkeeping
    return Stuck(dominoes - placed, at_target)


def stuck_in_quick_run(graded: GradeResult, dominoes: int, level: int) -> Stuck:
    """:func:`stuck_in_run` read off the uses of a run with the techniques up to ``level`` alone, which ends where
    they are stuck: every domino placed had its join's consequences drawn once (rule 2, counted whether the run
    keeps its bookkeeping steps or settles them), so the run may be lean."""
    placed = graded.uses.get(Technique.JOIN_CONSEQUENCES, 0)
    return Stuck(dominoes - placed, _steps_at(graded.uses, level))


# The largest domino set (the double-nine) on which a layout stuck after an extreme target's own techniques is
# kept half a grade away (:func:`stuck_fitness`): where it was measured to help. On bigger boards nearly every
# stuck run makes such steps, so they tell little, and at order 30 keeping such layouts first did not help.
HALF_GRADE_UP_TO = 55


def stuck_fitness(stuck: Stuck, dominoes: int, level: int) -> tuple[float, float, float, float]:
    """The fitness of a layout above a target of this ``level`` measured when stuck, closer the fewer of its
    ``dominoes`` the target's techniques leave unplaced; no score (a quick rejection never makes the full grading
    run).

    One grade away; or half a grade, for an extreme target on a board of up to :data:`HALF_GRADE_UP_TO` dominoes,
    when the extreme techniques made steps before they got stuck: such a layout already holds some of what makes
    the grade, and its children are extreme about twice as often as those of a hard layout or of one stuck
    without them, so the search keeps it before them. (Above a hard target the same holds of the children, but
    the search spent what it saved in evaluations on grading more layouts that are stuck: see
    bench/README.md.)"""
    near = level == EXTREME and stuck.at_target > 0 and dominoes <= HALF_GRADE_UP_TO
    return (1.0, -0.5 if near else -1.0, float(-stuck.unplaced), 0.0)


def fitness_of(target: Target, level: int, uses: dict[int, int], value: float) -> tuple[float, float, float, float]:
    """The fitness of a proper layout of this level, rule uses (grading run) and cheap score; see the module (a
    layout above a target :func:`measured_when_stuck` has :func:`stuck_fitness` instead)."""
    if target.level is None:
        distance, inside = 0, 0
    else:
        distance = abs(level - target.level)
        if level > target.level:
            inside = -_steps_above(uses, target.level)
        elif level < target.level:
            inside = _steps_at(uses, level)
        else:
            inside = 0
    # Inside the score range (or with none) the score itself, so the search keeps climbing toward more interesting
    # puzzles; outside it, below every score inside, by the distance to the range.
    gap = target.score_gap(value)
    last = value if gap == 0.0 else _OUTSIDE_RANGE - gap
    return (1.0, float(-distance), float(inside), float(last))


def evaluate(job: Job) -> Evaluation:
    """Develop (after drawing a random start if the job has no layout), grade and score one layout (see the
    module); a pure function of the job."""
    board = _board(job.cells)
    rng = random.Random(job.seed)
    start = job.layout if job.layout is not None else random_start(board, rng, job.dominoes)
    if job.target.graded and logic_first_board(board):
        return _evaluated_by_logic(job, board, start, rng)
    layout, proper, repairs, puzzle = develop(board, job.dominoes, start, rng, job.budgets)
    if not proper:
        return Evaluation(layout, False, None, None, IMPROPER_FITNESS, repairs)
    if not job.target.graded:
        return Evaluation(layout, True, None, None, (1.0, 0.0, 0.0, 0.0), repairs)
    target = job.target
    quick = job.quick_reject and target.level is not None and target.min_score is None and target.max_score is None
    # The grading run without bookkeeping steps (the score reads only each step's rule and pairs): made settled,
    # which finishes most layouts at the easy targets at a fraction of a stepped run's cost.
    if quick and target.level is not None:
        upto = tuple(t for t in TECHNIQUES if t.level <= target.level)
        graded = grade(puzzle, techniques=upto, verdict=PROPER, keep_deductions=True, lean=True)
        if graded.level is None and measured_when_stuck(target):  # above it, and that run is all the measure needs
            stuck = stuck_in_quick_run(graded, len(job.dominoes), target.level)
            return Evaluation(layout, True, None, None, stuck_fitness(stuck, len(job.dominoes), target.level), repairs)
        if graded.level is None:  # stuck: above the target
            return Evaluation(layout, True, None, None, ABOVE_FITNESS, repairs, above=True)
        return _graded(job, layout, repairs, graded)
    return _graded(job, layout, repairs, grade(puzzle, verdict=PROPER, keep_deductions=True, lean=_lean(target)))


def _evaluated_by_logic(job: Job, board: Board, start: Layout, rng: random.Random) -> Evaluation:
    """The evaluation of a layout on a big board, developed logic-first
    (:mod:`~dominosa.generator.develop_big`): graded if the techniques up to the target solve it, else measured
    by what they leave unplaced (proved proper or not: the search only needs to know it is not yet a puzzle of
    the target grade)."""
    level = job.target.level if job.target.level is not None else LOGIC_FIRST_CEILING
    developed = develop_by_logic(
        board, job.dominoes, start, rng, level, job.budgets.repairs, scored=job.scored, probe_under=job.probe_under
    )
    layout, graded, repairs = developed.layout, developed.graded, developed.repairs
    if graded.level is None:
        stuck = Stuck(developed.unplaced, developed.at_target)
        return Evaluation(layout, False, None, None, stuck_fitness(stuck, len(job.dominoes), level), repairs)
    if not developed.stepped:  # its level alone: the closure's, or a guessing layout proved by the counter
        if job.target.min_score is None and job.target.max_score is None:
            # No score is needed to tell it from the rest: graded (with its score) only if chosen (finish).
            value = 0.0 if graded.level == GUESSING else None
            fitness = fitness_of(job.target, graded.level, graded.uses, 0.0)
            return Evaluation(layout, True, graded.level, value, fitness, repairs)
        graded = grade(to_puzzle(board, job.dominoes, layout), verdict=PROPER, keep_deductions=True)
    return _graded(job, layout, repairs, graded)


def complete(job: Job) -> Evaluation:
    """The full evaluation of a layout that came back ``above``: ``job.layout`` is the developed layout (proved
    proper), graded with every technique; ``repairs`` is 0 (the caller keeps the first evaluation's)."""
    puzzle = to_puzzle(_board(job.cells), job.dominoes, job.layout)
    return _graded(job, job.layout, 0, grade(puzzle, verdict=PROPER, keep_deductions=True, lean=_lean(job.target)))


# What a quick rejection reports until the real fitness is needed: below every layout of the target grade.
ABOVE_FITNESS = (1.0, -1.0, -math.inf, -math.inf)


def _graded(job: Job, layout: Layout, repairs: int, graded: GradeResult) -> Evaluation:
    """The evaluation of a proper layout from its grading run, with its deductions."""
    if graded.level is None:  # pragma: no cover - the full technique list always finishes a proper puzzle
        return Evaluation(layout, True, None, None, IMPROPER_FITNESS, repairs)
    # (a lean run has kept none; Deduction.is_bookkeeping reads the rule number, no enum call per deduction)
    steps = [d for d in graded.deductions if not d.is_bookkeeping]
    value = path_score(steps, dominoes=len(job.dominoes), weights=ScoreWeights(*job.weights))
    target = job.target
    if target.level is not None and graded.level > target.level and measured_when_stuck(target):
        stuck = stuck_in_run(graded.deductions, len(job.dominoes), target.level)
        fitness = stuck_fitness(stuck, len(job.dominoes), target.level)
    else:
        fitness = fitness_of(target, graded.level, graded.uses, value)
    return Evaluation(layout, True, graded.level, value, fitness, repairs, replace(graded, deductions=[]))


def finish(job: FinishJob) -> Final:
    """Prove a chosen layout proper with no budget, then rate it as the job asks; a pure function of the job.

    With the evaluation's grade (``job.graded``) the proof is already made and, for the path rating, the grade
    too: only the path is left. For the grade-only rating, with the evaluation's score as well, nothing is left:
    the rating is the grade and that score, as ``rate`` would make them again (its grading run has the same
    uses, and its steps but the bookkeeping are the lean run's, which the evaluation scored by the same weights).
    """
    board = _board(job.cells)
    puzzle = to_puzzle(board, job.dominoes, job.layout)
    if job.rating == "path" and logic_first_board(board):
        return _big_final(puzzle, job)
    if job.graded is None or logic_first_board(board):  # a layout developed logic-first is proved here
        proof = count_solutions(puzzle, 2)
        if not (proof.complete and proof.count == 1):
            return Final(False, None, None, None, {})
    if job.rating == "none":
        return Final(True, None, None, None, {})
    if job.rating == "grade" and job.graded is not None and job.score is not None:
        return _graded_final(job.graded, job.score)
    weights = ScoreWeights(*job.weights)
    with_path = job.rating == "path"
    graded = job.graded if with_path else None  # the grade-only rating scores the grading run's deductions
    if graded is not None and graded.level == TRIVIAL:
        rating = _trivial_rating(puzzle, graded, job.path_budget, weights)
    else:
        rating = rate(
            puzzle, node_budget=job.path_budget, with_path=with_path, verdict=PROPER, weights=weights, graded=graded
        )
    return Final(rating.unique, rating.level, rating.grade_name, rating.score, rating.to_dict())


def _big_final(puzzle: Puzzle, job: FinishJob) -> Final:
    """The proof and path rating of a layout developed logic-first: ``rate``'s own, whose count on a big board
    (:mod:`~dominosa.deductions.big_rating`: one count to two, one step run) is the proof, so the puzzle is counted
    once, not once to prove it and again to rate it. The evaluation's grade is not read (``rate`` makes the grade
    and the path in one run there), and a puzzle graded trivial is rated as ``rate`` rates it, not by the state
    graph's search (:func:`_trivial_rating`, which on a board this big is ``rate``'s no longer). A count that does
    not finish within ``rate``'s budget is made again with none."""
    weights = ScoreWeights(*job.weights)
    rating = rate(puzzle, node_budget=job.path_budget, weights=weights)
    if rating.verdict == UNDECIDED_VERDICT and count_solutions(puzzle, 2).unique:
        rating = rate(puzzle, node_budget=job.path_budget, weights=weights, verdict=PROPER)
    if rating.verdict != PROPER:
        return Final(False, None, None, None, {})
    return Final(True, rating.level, rating.grade_name, rating.score, rating.to_dict())


def _graded_final(graded: GradeResult, value: float) -> Final:
    """The grade-only rating of a proper puzzle from its evaluation's grade and score (see :func:`finish`)."""
    rating = Rating(PROPER, graded, None, value)
    return Final(True, rating.level, rating.grade_name, rating.score, rating.to_dict())


def _trivial_rating(puzzle: Puzzle, graded: GradeResult, budget: int, weights: ScoreWeights) -> Rating:
    """``rate``'s rating of a proper puzzle graded trivial, its path searched on the positions' bitsets with the
    steps of the trivial moves left as their rule and pair (:func:`~dominosa.deductions.graph.shortest_path` with
    ``sentences=False``): the same path (rules, pairs, cost, proved cheapest), carrying what the rating's JSON form
    and the score read, so that no deduction is made again for sentences nobody reads here."""
    path = shortest_path(puzzle, node_budget=budget, trivial=True, sentences=False)
    value = path_score(path.steps, dominoes=dominoes_to_place(puzzle), weights=weights)
    return Rating(PROPER, graded, path, value, path.steps)


def work(task: tuple[str, Job | FinishJob]) -> Evaluation | Final:
    """``("evaluate", Job)``, ``("complete", Job)`` or ``("finish", FinishJob)``: one function for the workers, so
    that a round of the search (children of some lanes, finishing jobs of others) is a single ``map``."""
    kind, job = task
    if kind == "evaluate":
        return evaluate(job)  # type: ignore[arg-type]
    if kind == "complete":
        return complete(job)  # type: ignore[arg-type]
    if kind == "finish":
        return finish(job)  # type: ignore[arg-type]
    raise ValueError(f"unknown task kind {kind!r}")
