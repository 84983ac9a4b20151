"""The best puzzles of a budget (generator/best.py): K distinct puzzles of the grade, score descending, no near-twins,
the same for one worker or a real process pool, a time budget repeated by the evaluations budget it reports,
Ctrl-C keeping the best met so far, climbs that never end below their starts; and the score's weights from the
command line."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace

import pytest

from dominosa import Board, full_set
from dominosa.canonical import canonical_key
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import DEFAULT_WEIGHTS, PROPER, ScoreWeights, grade, grade_level, rate, read_score_weights
from dominosa.generator import best as best_module
from dominosa.generator import evolve as evolve_module
from dominosa.generator.best import BestRun, BestSettings, Budget, climb_work, placements, placements_shared
from dominosa.generator.evolve import NoPuzzleFound, Settings
from dominosa.generator.fitness import FinishJob, Job, Target, fitness_of
from dominosa.generator.generate import StoreRun, generate, make_request
from dominosa.generator.mutations import layout_of, random_start, swap_dominoes, to_puzzle
from dominosa.generator.store import PuzzleStore
from dominosa.generator.workers import PoolWorkers

# Small enough for CI: double-5, a few searches of 24 evaluations.
SMALL = BestSettings()


def best_request(grade_name: str = "hard", *, seed: int = 3, budget: Budget | None = None, **settings):
    budget = budget or Budget(evaluations=24)
    return make_request(order=5, grade=grade_name, seed=seed, best=budget, settings=Settings(**settings))


def signature(made) -> tuple:
    return (made.search, canonical_key(made.puzzle), made.score)


def test_k_distinct_proper_puzzles_of_the_grade_best_first_and_no_near_twins():
    request = best_request("hard", seed=5)
    report = BestRun()
    made = list(generate(request, 4, report=report, best_settings=SMALL))
    assert len(made) == 4
    scores = [m.score for m in made]
    assert scores == sorted(scores, reverse=True)
    assert len({canonical_key(m.puzzle) for m in made}) == 4
    for m in made:
        assert count_solutions_exact_cover(m.puzzle, 2) == (1, True)  # the independent counter
        assert m.grade == "hard" == grade(m.puzzle).name
        assert m.score == rate(m.puzzle, verdict=PROPER).score
    shapes = [placements(request.board, layout_of(m.puzzle, m.solution)) for m in made]
    assert all(placements_shared(a, b) <= SMALL.twin_share for a, b in itertools.permutations(shapes, 2))
    # The budget (24 evaluations a puzzle) goes to first-found searches (one start at least per puzzle), then to
    # at most one climb per puzzle.
    assert report.searches >= 4 and report.climbs <= 4 and report.rated >= 4 and report.equivalent == 24
    assert 4 * 24 / 2 <= report.evaluations <= 4 * 24 + 4 * Settings().offspring


def test_the_best_beat_the_first_found_of_the_same_seed():
    # The first-found run's puzzles come from the same searches, stopped at their first hit: the best run's
    # puzzles are chosen from all that the searches met after it, so their median is at least as high.
    first = sorted(m.score for m in generate(make_request(order=5, grade="hard", seed=7), 4))
    best = sorted(m.score for m in generate(best_request("hard", seed=7, budget=Budget(evaluations=48)), 4))
    assert best[2] >= first[2] and best[-1] >= first[-1]


def test_the_same_seed_gives_the_same_puzzles_with_one_worker_and_a_process_pool():
    request = best_request("basic", seed=11)
    serial = [signature(m) for m in generate(request, 3, best_settings=SMALL)]
    with PoolWorkers(2) as pool:
        pooled = [signature(m) for m in generate(request, 3, workers=pool, best_settings=SMALL)]
    assert serial == pooled and len(serial) == 3


class _SteadyClock:
    """A stand-in for the time module in best.py: every reading is 10 ms after the last, so how many searches a
    time budget starts does not depend on the machine's load (a busy machine used to give fewer searches than
    the two puzzles needed, a second round, and no single equivalent budget). With ``stop_at`` the clock stands
    still there: a run whose climbs the budget's end never stops."""

    def __init__(self, stop_at: float = float("inf")) -> None:
        self.now = 0.0
        self.stop_at = stop_at

    def perf_counter(self) -> float:
        self.now = min(self.now + 0.01, self.stop_at)
        return self.now


def test_a_time_budget_reports_the_evaluations_budget_that_repeats_it(monkeypatch):
    # sampling has 40% of the 0.3 s (its deadline at 0.12 s); the clock stops past that, before the climbs' end
    monkeypatch.setattr(best_module, "time", _SteadyClock(stop_at=0.2))
    timed = BestRun()
    made = [
        signature(m) for m in generate(best_request(budget=Budget(seconds=0.3)), 2, report=timed, best_settings=SMALL)
    ]
    assert not timed.out_of_time
    assert timed.equivalent is not None and timed.searches >= 1
    again = best_request(budget=Budget(evaluations=timed.equivalent))
    assert [signature(m) for m in generate(again, 2, best_settings=SMALL)] == made


def test_a_time_budget_stops_the_climbs_at_its_end_and_then_offers_no_equivalent(monkeypatch):
    """A climb rates each child in full, far dearer than a first-found search's evaluation, so climbs sharing the
    evaluations a time budget's sampling paid for would outrun the time asked (``--budget 5s`` took 15 s): they
    stop at the budget's end, and the run says no evaluations budget repeats it."""
    monkeypatch.setattr(best_module, "time", _SteadyClock())
    timed = BestRun()
    made = list(generate(best_request(budget=Budget(seconds=0.3)), 2, report=timed, best_settings=SMALL))
    assert timed.out_of_time and timed.equivalent is None
    assert len(made) == 2 and all(m.grade == "hard" for m in made)
    unbounded = BestRun()
    monkeypatch.setattr(best_module, "time", _SteadyClock(stop_at=0.2))
    list(generate(best_request(budget=Budget(seconds=0.3)), 2, report=unbounded, best_settings=SMALL))
    assert timed.evaluations < unbounded.evaluations  # the same searches, climbs cut short


def test_ctrl_c_returns_the_best_met_so_far():
    calls = itertools.count()

    def progress(state):
        if next(calls) == 12 and state.best_score is not None:
            raise KeyboardInterrupt

    report = BestRun()
    made = []
    with pytest.raises(KeyboardInterrupt):
        for m in generate(best_request("basic", budget=Budget(evaluations=500)), 3, progress=progress, report=report):
            made.append(m)
    assert report.interrupted and report.equivalent is None
    assert 1 <= len(made) <= 3 and report.evaluations < 3 * 500
    assert all(m.grade == "basic" and count_solutions_exact_cover(m.puzzle, 2) == (1, True) for m in made)
    assert [m.score for m in made] == sorted((m.score for m in made), reverse=True)


def test_the_store_keeps_each_puzzle_with_its_score_and_weights(tmp_path):
    weights = ScoreWeights(variety=20.0, scan=0.0)
    request = best_request("basic", seed=2, weights=weights)
    with PuzzleStore(tmp_path / "p.sqlite") as store:
        run = StoreRun(store, request, 2)
        made = list(run.puzzles())
        records = [store.get(i) for i in run.saved]
    assert {r.id: r.score for r in records} == {m.id: m.score for m in made}
    assert all(r.weights == weights.to_dict() and r.params["best"] == "24 evaluations per puzzle" for r in records)
    assert all(r.score == rate(r.puzzle, verdict=PROPER, weights=weights).score for r in records)


def test_near_twins_share_most_placements_and_strangers_few():
    request = best_request()
    rng = random.Random(1)
    a = random_start(request.board, rng, request.dominoes)
    b = random_start(request.board, rng, request.dominoes)
    child = swap_dominoes(request.board, a, rng)
    mirrored = layout_of(*_mirror(to_puzzle(request.board, request.dominoes, a), a, request.board))
    pa, pb, pc, pm = (placements(request.board, x) for x in (a, b, child, mirrored))
    assert placements_shared(pa, pa) == 1.0 == placements_shared(pa, pm)
    assert placements_shared(pa, pc) > BestSettings().twin_share > placements_shared(pa, pb)


def _mirror(puzzle, layout, board):
    """The puzzle and its solution mirrored left to right."""
    from dominosa.puzzle import Puzzle
    from dominosa.solution import Solution

    width = board.cols
    cells = board.cells
    moved = {(r, width - 1 - c): v for (r, c), v in zip(cells, puzzle.numbers, strict=True)}
    tiles = tuple(
        ((cells[a][0], width - 1 - cells[a][1]), (cells[b][0], width - 1 - cells[b][1])) for a, b in layout.tiles
    )
    image = Puzzle.from_cells(moved, dominoes=puzzle.dominoes)
    return image, Solution(tiles)


@pytest.mark.parametrize(
    ("text", "budget"),
    [("200", Budget(evaluations=200)), ("30s", Budget(seconds=30.0)), ("1.5s", Budget(seconds=1.5))],
)
def test_budgets_read_as_evaluations_or_seconds(text, budget):
    assert Budget.parse(text) == budget


@pytest.mark.parametrize("text", ["0", "-3", "0s", "abc", "10m", ""])
def test_bad_budgets_are_one_line_errors(text):
    with pytest.raises(ValueError) as error:
        Budget.parse(text)
    assert "\n" not in str(error.value)


def test_best_needs_a_grade_or_a_score_range():
    with pytest.raises(ValueError, match="grade"):
        make_request(order=5, best=Budget(evaluations=10))
    assert make_request(order=5, min_score=40, best=Budget(evaluations=10)).best is not None


def test_score_weights_inline_from_a_file_and_validated(tmp_path):
    assert read_score_weights("variety=12, scan=0") == replace(DEFAULT_WEIGHTS, variety=12.0, scan=0.0)
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"chain": 5, "guess": 20.5}))
    assert read_score_weights(str(path)) == replace(DEFAULT_WEIGHTS, chain=5.0, guess=20.5)
    for bad, words in [
        ("speed=3", "unknown score weight 'speed'"),
        ("variety=many", "must be a number"),
        ("variety=nan", "finite"),
        ("variety=inf", "finite"),
        ("variety", "cannot read"),
    ]:
        with pytest.raises(ValueError, match=words):
            read_score_weights(bad)
    path.write_text("[1, 2]")
    with pytest.raises(ValueError, match="one JSON object"):
        read_score_weights(str(path))
    path.write_text('{"tier": true}')
    with pytest.raises(ValueError, match="must be a number"):
        read_score_weights(str(path))


def test_inside_a_score_range_a_higher_score_is_fitter():
    target = Target(2, min_score=50, max_score=90)
    assert fitness_of(target, 2, {}, 80) > fitness_of(target, 2, {}, 60) > fitness_of(target, 2, {}, 95)
    assert fitness_of(target, 2, {}, 50) > fitness_of(target, 2, {}, 49.9)


def test_a_grade_out_of_reach_gives_up_with_the_reason():
    request = make_request(
        order=3, grade="extreme", seed=1, best=Budget(evaluations=10), settings=Settings(give_up=2, generations=3)
    )
    report = BestRun()
    with pytest.raises(NoPuzzleFound, match="2 searches in a row"):
        list(generate(request, 2, report=report))
    assert report.gave_up and report.searches >= 2 and report.equivalent is None


def test_best_runs_skip_the_full_grading_of_layouts_above_a_hard_or_extreme_target_and_make_the_same_puzzles(
    monkeypatch,
):
    # Above a hard or extreme target the quick run is the layout's whole measure, so a best run may ask for it;
    # below hard a layout above the target needs its full grade for its fitness.
    board, dominoes = Board.rectangle(7, 8), full_set(6)
    assert best_module.BestEvolution(board, dominoes, Target(grade_level("hard")), 1).quick_reject
    assert best_module.BestEvolution(board, dominoes, Target(grade_level("extreme")), 1).quick_reject
    assert not best_module.BestEvolution(board, dominoes, Target(grade_level("basic")), 1).quick_reject
    request = make_request(order=5, grade="hard", seed=3, best=Budget(evaluations=8))
    quick = [(canonical_key(m.puzzle), m.score) for m in generate(request, 2)]
    monkeypatch.setattr(evolve_module, "measured_when_stuck", lambda target: False)
    assert not best_module.BestEvolution(board, dominoes, Target(grade_level("hard")), 1).quick_reject
    assert [(canonical_key(m.puzzle), m.score) for m in generate(request, 2)] == quick


def test_a_climb_rates_what_meets_the_target_in_full_and_climbs_that_score():
    request = make_request(order=5, grade="hard", seed=4)
    made = next(generate(request, 1))
    layout = layout_of(made.puzzle, made.solution)
    job = Job(request.board.cells, request.dominoes, layout, request.target, 0)
    evaluation, final = climb_work((job, FinishJob(request.board.cells, request.dominoes, layout)))
    assert final is not None and final.score == made.score == rate(made.puzzle, verdict=PROPER).score
    assert evaluation.score == final.score and evaluation.fitness[-1] == final.score


def test_the_puzzles_score_at_least_as_high_as_the_starts_of_the_climbs(monkeypatch):
    # Each climb rates its start first and keeps a child only if it scores at least as high, so the K puzzles,
    # best first, are each at least the K starts' full scores, best first; and the budget bounds the work.
    starts: list[float] = []
    climbs = best_module.BestEvolution._climbs

    def watched(self, count, evaluations, best, met, *rest):
        climbs(self, count, evaluations, best, met, *rest)
        starts.extend(c.score for a in met.values() for c in a.values() if c.rank[2] == best_module._CLIMBED)

    monkeypatch.setattr(best_module.BestEvolution, "_climbs", watched)
    report = BestRun()
    request = make_request(order=6, grade="hard", seed=2, best=Budget(evaluations=60))
    made = [m.score for m in generate(request, 3, report=report)]
    assert report.climbs == 3 == len(starts) and report.searches >= 3
    assert all(m >= s for m, s in zip(made, sorted(starts, reverse=True), strict=True))
    assert report.evaluations <= 3 * 60 + 3 * Settings().offspring and report.equivalent == 60
