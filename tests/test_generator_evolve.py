"""The out-of-step search: whatever order the workers finish jobs in, and however many lanes run, a seed gives the
same puzzles in the same order, ``accept`` sees the same offers, and the run gives up at the same point.

The engine here runs every job in this process but hands results back scrambled (newest first, or at random),
so searches overtake one another: the tests check that they did, and that it changed nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from dominosa.generator import evolve
from dominosa.generator.evolve import FINISH, NoPuzzleFound, Settings
from dominosa.generator.generate import generate, make_request
from dominosa.generator.workers import JobQueue, MapWorkers, Workers


class _ScrambledQueue(JobQueue):
    """Every job is taken at once; each result asked for is that of a started job ``pick`` chooses."""

    def __init__(self, pick: Callable[[int], int], log: list[Any]) -> None:
        super().__init__(limit=None)
        self._pick = pick
        self._started_jobs: list[tuple[Any, Callable[[Any], Any], Any]] = []
        self._log = log

    def _start(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        self._log.append(("start", key))
        self._started_jobs.append((key, function, job))

    def _finished(self) -> tuple[Any, Any]:
        key, function, job = self._started_jobs.pop(self._pick(len(self._started_jobs)))
        self._log.append(("done", key))
        return key, function(job)


class ScrambledWorkers(Workers):
    """Results in a scrambled order: ``"newest"`` (the last job started comes back first) or ``"random"``."""

    def __init__(self, order: str, seed: int = 0) -> None:
        rng = random.Random(seed)
        self._pick: Callable[[int], int] = (lambda n: n - 1) if order == "newest" else rng.randrange
        self.log: list[Any] = []

    def queue(self) -> JobQueue:
        return _ScrambledQueue(self._pick, self.log)

    def finished_searches(self) -> list[int]:
        """Search numbers in the order their finishing jobs came back."""
        return [key[0] for event, key in self.log if event == "done" and key[1] == FINISH]

    def overtaken(self) -> bool:
        """Whether some job came back before one started earlier."""
        started = [key for event, key in self.log if event == "start"]
        done = [key for event, key in self.log if event == "done"]
        return done != started


def dicts(puzzles) -> list[dict]:
    return [made.to_dict() for made in puzzles]


@pytest.mark.parametrize(("order", "seed"), [("newest", 0), ("random", 1), ("random", 2)])
def test_scrambled_results_give_the_serial_puzzles(order, seed):
    request = make_request(order=5, grade="hard", seed=11)
    serial = dicts(generate(request, 6))
    scrambled = ScrambledWorkers(order, seed)
    assert dicts(generate(request, 6, workers=scrambled)) == serial
    assert scrambled.overtaken()
    finished = scrambled.finished_searches()
    assert finished != sorted(finished), "a later search should have found its puzzle first and waited"
    assert [made["search"] for made in serial] == sorted(made["search"] for made in serial)


def test_the_number_of_lanes_and_batching_in_step_change_nothing():
    request = make_request(order=5, grade="basic", seed=4)
    expected = dicts(generate(request, 5))
    for lanes in (1, 3, 20):
        narrow = make_request(order=5, grade="basic", seed=4, settings=Settings(lanes=lanes))
        assert dicts(generate(narrow, 5, workers=ScrambledWorkers("random", lanes))) == expected
    batches: list[int] = []

    def counting_map(function, jobs):
        batches.append(len(jobs))
        return [function(job) for job in jobs]

    assert dicts(generate(request, 5, map=counting_map)) == expected
    assert max(batches) > 1, "the map adapter sends what is waiting in one call"
    with pytest.raises(ValueError, match="not both"):
        list(generate(request, 1, workers=MapWorkers(counting_map), map=counting_map))


def test_accept_sees_the_same_offers_in_the_same_order_and_a_refused_search_goes_on():
    """Refusing the first puzzle of every other search makes those searches go on; which puzzles are offered,
    in which order, and what comes out must not depend on the order of results."""
    request = make_request(order=5, grade="basic", seed=7)

    def run(workers: Workers | None) -> tuple[list[tuple[int, str]], list[dict]]:
        offers: list[tuple[int, str]] = []

        def accept(made) -> bool:
            offers.append((made.search, made.to_dict()["grid"]))
            return not (made.search % 2 == 0 and [s for s, _ in offers].count(made.search) == 1)

        return offers, dicts(generate(request, 4, workers=workers, accept=accept))

    offers, made = run(None)
    assert len(offers) > len(made)
    refused_then_taken = [s for s, _ in offers if [t for t, _ in offers].count(s) > 1]
    assert refused_then_taken and all(s in {m["search"] for m in made} for s in refused_then_taken)
    for order, seed in (("newest", 0), ("random", 5)):
        assert run(ScrambledWorkers(order, seed)) == (offers, made)


def test_giving_up_is_the_same_whatever_the_order_of_results():
    """Searches of one generation at order 4 "hard" often fail: found and failed ones alternate, then three fail
    in a row; the failures are counted in search order, not in the order they happen."""
    request = make_request(order=4, grade="hard", seed=0, settings=Settings(generations=1, give_up=3, lanes=4))

    def outcome(workers: Workers | None) -> tuple[list[dict], str]:
        made: list[dict] = []
        with pytest.raises(NoPuzzleFound) as error:
            for one in generate(request, 50, workers=workers):
                made.append(one.to_dict())
        return made, str(error.value)

    serial = outcome(None)
    assert "3 searches in a row" in serial[1]
    searches = [made["search"] for made in serial[0]]
    assert len(searches) >= 3 and searches != list(range(len(searches))), "some failed before the last three"
    assert outcome(ScrambledWorkers("newest")) == serial
    assert outcome(ScrambledWorkers("random", 9)) == serial


@pytest.mark.parametrize(("grade", "seed"), [("trivial", 3), ("basic", 7), ("hard", 12), ("extreme", 2)])
def test_quick_rejections_change_nothing_even_when_a_search_goes_on(monkeypatch, grade, seed):
    """Layouts above a trivial, basic, hard or extreme target come back without their grade; above a trivial or
    basic one, a search that needs their fitness (no layout of its generation met the target, or its puzzle was
    refused) completes them first; above a hard or extreme one, the run that found them stuck is their whole
    measure (fitness' measured_when_stuck). Offers, puzzles, generations and evaluations must be those of grading
    every layout in full."""
    request = make_request(order=6, grade=grade, seed=seed)

    def run() -> tuple[list[tuple[int, str]], list[dict], dict[str, int]]:
        offers: list[tuple[int, str]] = []
        kinds: dict[str, int] = {}

        def accept(made) -> bool:
            offers.append((made.search, made.to_dict()["grid"]))
            return [s for s, _ in offers].count(made.search) > 1  # every search's first puzzle is refused

        def counting_map(function, tasks):
            results = [function(task) for task in tasks]
            for (_, (kind, _)), result in zip(tasks, results, strict=True):  # tasks: (work, (kind, job))
                if kind == "evaluate" and result.proper and result.level is None:
                    kind = "above" if result.above else "stuck"
                kinds[kind] = kinds.get(kind, 0) + 1
            return results

        return offers, dicts(generate(request, 4, map=counting_map, accept=accept)), kinds

    offers, made, kinds = run()
    if grade in ("hard", "extreme"):
        assert kinds.get("stuck") and "above" not in kinds and "complete" not in kinds, kinds
    else:
        assert kinds.get("above") and kinds.get("complete"), kinds  # both ways of going on were taken
    monkeypatch.setattr(evolve, "QUICK_REJECT_UP_TO", -1)
    full_offers, full_made, full_kinds = run()
    assert "above" not in full_kinds and "complete" not in full_kinds
    assert (offers, made) == (full_offers, full_made)
    assert kinds["evaluate"] + kinds.get("above", 0) + kinds.get("stuck", 0) == full_kinds["evaluate"]
