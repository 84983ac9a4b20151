"""The driver's runs on settled positions: the deduction path's search finds the same path whether it works a
position on its bitsets or on its state (the functions on bitsets themselves are held to the state's in
tests/test_deductions_settled.py); and settled runs (grading's lean runs, the trivial and basic tiers on bitsets
among them) are the stepped runs, with the same counts and steps.

Random layouts (rectangles and boards with holes) are repaired until proper, as the generator does; for a
trivial one the search started on bitsets must give the general search's steps (the deductions themselves,
sentences included), cost, proof and positions expanded, under the default budget and under small ones, making
no state at all when its path is proved cheapest.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from strategies import layouts

from dominosa.deductions import grade, rate, solve
from dominosa.deductions.grades import BASIC, TRIVIAL, Technique, ordered_by_tier
from dominosa.deductions.grading import PROPER, graded_by_steps
from dominosa.deductions.graph import shortest_path
from dominosa.deductions.score import dominoes_to_place, path_score
from dominosa.formats.game_id import read_game_id
from dominosa.generator.fitness import Budgets, develop
from dominosa.generator.layouts import random_layout
from dominosa.generator.mutations import layout_of

SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _proper(layout, seed):
    puzzle, solution = layout
    rng = random.Random(seed)
    _, proper, _, developed = develop(puzzle.board, puzzle.dominoes, layout_of(puzzle, solution), rng, Budgets())
    return developed if proper else None


@SOME
@given(layouts(min_order=2, max_order=9), st.integers(0, 2**32), st.sampled_from([300, 25, 6]))
def test_a_trivial_puzzle_is_searched_on_bitsets_alone_and_finds_the_general_searchs_path(layout, seed, budget):
    puzzle = _proper(layout, seed)
    if puzzle is None:
        return
    general = shortest_path(puzzle, node_budget=budget)
    trivial = grade(puzzle).level == TRIVIAL
    event(f"trivial, {'proved cheapest' if general.exhaustive else 'completed'}" if trivial else "beyond trivial")
    fast = shortest_path(puzzle, node_budget=budget, trivial=True)  # started on bitsets, its path replayed
    assert fast.steps == general.steps
    assert [d.reason for d in fast.steps] == [d.reason for d in general.steps]
    assert (fast.cost, fast.exhaustive, fast.explored) == (general.cost, general.exhaustive, general.explored)
    if fast.exhaustive and fast.stepped == 0:  # no state made: the trivial tier throughout
        assert trivial
    if not trivial:
        return
    bare = shortest_path(puzzle, node_budget=budget, trivial=True, sentences=False)
    assert [(d.rule, d.joins) for d in bare.steps] == [(d.rule, d.joins) for d in general.steps]
    assert (bare.cost, bare.exhaustive, bare.explored) == (general.cost, general.exhaustive, general.explored)
    assert bare.stepped == 0 or not bare.exhaustive  # only the completion after a spent budget makes states


@SOME
@given(layouts(min_order=3, max_order=9), st.integers(0, 2**32), st.sampled_from([300, 40, 8]))
def test_the_search_with_trivial_edges_on_bitsets_finds_the_stepped_searchs_path(layout, seed, budget):
    """Any puzzle (proper or not, any grade), any budget: the search that finds the trivial tier's edges on
    bitsets gives the path (deductions, sentences included), cost, proof and positions expanded of the search
    that steps every position it expands (the one that keeps the graph)."""
    puzzle = _proper(layout, seed) or layout[0]
    _same_paths(puzzle, budget)


@SOME
@given(layouts(min_order=2, max_order=7, clues=True), st.sampled_from([300, 8]))
def test_the_search_with_trivial_edges_on_bitsets_takes_clues(layout, budget):
    _same_paths(layout[0], budget)


def _same_paths(puzzle, budget: int) -> None:
    """The search with trivial edges on bitsets against the one that keeps the graph (every position stepped)."""
    fast = shortest_path(puzzle, node_budget=budget)
    stepped = shortest_path(puzzle, node_budget=budget, keep_graph=True)
    event("proved cheapest" if stepped.exhaustive else "completed after the budget")
    assert fast.steps == stepped.steps
    assert [d.reason for d in fast.steps] == [d.reason for d in stepped.steps]
    assert (fast.cost, fast.exhaustive, fast.explored) == (stepped.cost, stepped.exhaustive, stepped.explored)


@SOME
@given(layouts(min_order=3, max_order=8, irregular=False), st.integers(0, 2**32))
def test_a_trivial_puzzle_searched_from_bitsets_is_rated_the_same(layout, seed):
    puzzle = _proper(layout, seed)
    if puzzle is None or grade(puzzle).level != TRIVIAL:
        return
    general = shortest_path(puzzle)
    fast = shortest_path(puzzle, trivial=True)
    assert (fast.steps, fast.cost, fast.exhaustive, fast.explored) == (
        general.steps,
        general.cost,
        general.exhaustive,
        general.explored,
    )
    rating = rate(puzzle)  # starts on bitsets, as the puzzle grades trivial
    assert (rating.path.steps, rating.path.cost, rating.path.exhaustive) == (
        general.steps,
        general.cost,
        general.exhaustive,
    )
    assert rating.score == path_score(general.steps, dominoes=dominoes_to_place(puzzle))


# Lean grading runs settled (driver.stepping with counted=: the bookkeeping drawn by settle and counted; with the
# trivial, or the trivial and basic techniques on a small board, the generator's quick rejections, on the settled
# positions' bitsets): it must be the same run as the stepped one.


@SOME
@given(layouts(min_order=2, max_order=9), st.integers(0, 2**32))
def test_the_trivial_tier_settled_is_grading_with_the_trivial_techniques(layout, seed):
    puzzle = _proper(layout, seed)
    if puzzle is None:
        return
    event(_lean_as_full(puzzle, ordered_by_tier(TRIVIAL)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=4, max_order=9), st.integers(0, 2**32))
def test_the_basic_tier_settled_is_grading_with_the_techniques_up_to_basic(layout, seed):
    """The same level, rule counts (in the same order) and steps as grade() with the techniques up to basic, and
    stuck exactly where it is stuck."""
    puzzle = _proper(layout, seed)
    if puzzle is not None:
        event(_lean_as_full(puzzle, ordered_by_tier(BASIC)))


def test_the_basic_tier_grades_random_order_6_and_7_puzzles_as_grading_does():
    """Layouts as the generator meets them (random, then repaired until proper), where rule 4, rule 6 and the
    rest of the basic tier are common: every kind of run is met (local duplicate or parity included)."""
    seen = set()
    for seed in range(70):
        rng = random.Random(seed)
        layout = random_layout(6 + seed % 2, rng)
        puzzle = _proper(layout, seed)
        if puzzle is not None:
            seen.add(_lean_as_full(puzzle, ordered_by_tier(BASIC)))
    assert seen == {"stuck", "solved at level 0", "solved at level 1", "solved at level 1 by local duplicate or parity"}


def _lean_as_full(puzzle, techniques) -> str:
    """Check the settled run (lean grading's) against grade() stepped with its sentences; say what kind of run it
    was."""
    full = grade(puzzle, techniques=techniques, verdict=PROPER, keep_deductions=True)
    lean = graded_by_steps(puzzle, PROPER, tuple(techniques), keep=True, lean=True)
    assert replace(lean, deductions=[]) == replace(full, deductions=[])
    assert list(lean.uses) == list(full.uses)  # the same order too (the rules' numbers)
    steps = [d for d in full.deductions if not Technique(d.rule).bookkeeping]
    assert [(d.rule, d.joins) for d in lean.deductions] == [(d.rule, d.joins) for d in steps]
    if full.decisive is not None:  # the deduction that sets the grade, as the lean run keeps it
        assert (lean.decisive.rule, lean.decisive.joins) == (full.decisive.rule, full.decisive.joins)
        assert full.decisive in steps
    dominoes = dominoes_to_place(puzzle)
    assert path_score(lean.deductions, dominoes=dominoes) == path_score(steps, dominoes=dominoes)
    assert grade(puzzle, techniques=techniques, verdict=PROPER, lean=True) == replace(full, deductions=[])
    if full.level is None:
        return "stuck"
    last = " by local duplicate or parity" if set(full.uses) & _LAST_OF_BASIC else ""
    return f"solved at level {full.level}{last}"


_LAST_OF_BASIC = {Technique.LOCAL_DUPLICATE, Technique.PARITY}


def test_lean_grading_takes_clues():
    puzzle = read_game_id("3:22223101012330103310")
    clued = replace(puzzle, clues=(solve(puzzle).placements[0],))  # a clue of its solution: still proper
    lean = grade(clued, techniques=ordered_by_tier(BASIC), keep_deductions=True, lean=True)
    assert lean.verdict == PROPER and lean.level is not None
    assert lean.deductions and all(d.reason for d in lean.deductions)  # the engine's own steps, sentences kept


# The one stepping loop (driver.stepping) and what reads it.


def _random_propers(count, order=6):
    found = []
    for seed in range(count):
        puzzle = _proper(random_layout(order, random.Random(seed)), seed)
        if puzzle is not None:
            found.append(puzzle)
    return found


def test_the_loop_yields_a_deduction_in_the_position_it_was_found_in_or_after_applying_it():
    from dominosa.deductions.driver import StepWalk, stepping
    from dominosa.deductions.grades import TECHNIQUES
    from dominosa.deductions.state import SolvingState
    from dominosa.deductions.techniques import FINDERS

    puzzle = _random_propers(3)[0]
    finders = ([FINDERS[t] for t in TECHNIQUES],)
    before, after = SolvingState(puzzle), SolvingState(puzzle)
    early, late = stepping(StepWalk(before), finders, applied=False), stepping(StepWalk(after), finders)
    for found, same in zip(early, late, strict=True):
        assert (found.rule, found.joins, found.splits) == (same.rule, same.joins, same.splits)
        assert all(before.pair_states[q] == 0 for q in found.joins + found.splits)  # not applied yet
        assert all(after.pair_states[q] != 0 for q in same.joins + same.splits)  # applied
    assert before.solved and after.solved


def test_iter_deductions_without_bookkeeping_is_the_full_run_without_its_bookkeeping_steps():
    from dominosa.deductions.driver import iter_deductions

    for puzzle in _random_propers(6):
        full = [d for d in iter_deductions(puzzle) if not Technique(d.rule).bookkeeping]
        settled = list(iter_deductions(puzzle, with_bookkeeping=False))
        assert settled == full  # the same deductions, sentences included
        assert settled


def test_the_next_deduction_is_the_runs_next_step_and_leaves_the_position_as_it_was():
    from dominosa.deductions.driver import iter_deductions, next_deduction
    from dominosa.deductions.state import SolvingState

    puzzle = _random_propers(3)[0]
    state = SolvingState(puzzle)
    for step in iter_deductions(puzzle):
        key = (bytes(state.pair_states), state.key())
        assert next_deduction(state) == step
        assert (bytes(state.pair_states), state.key()) == key
        state.apply(step)


def test_rate_makes_the_start_position_once_for_the_grade_and_the_path(monkeypatch):
    """The path search starts from the settled start the grade run made (issue 35, item 5), and the rating is the
    same as grading and searching apart. (Watched at rate's calls, which stay Python in both builds: a compiled
    class cannot be patched to count its constructions.)"""
    from dominosa.deductions import rating as rating_module

    puzzles = [p for p in _random_propers(12) if grade(p).level != TRIVIAL][:3]
    assert puzzles
    made: list = []  # the settled starts the grade runs kept
    given: list = []  # the starts the path searches were handed

    def grading_keeping(*args, **kwargs):
        result = graded_by_steps(*args, **kwargs)
        made.extend(args[5] if len(args) > 5 else kwargs.get("started", []))
        return result

    def searching(puzzle, **kwargs):
        given.append(kwargs.get("start"))
        return shortest_path(puzzle, **kwargs)

    monkeypatch.setattr(rating_module, "graded_by_steps", grading_keeping)
    monkeypatch.setattr(rating_module, "shortest_path", searching)
    for puzzle in puzzles:
        made.clear()
        given.clear()
        rating = rate(puzzle)
        assert len(made) == 1 and given == made  # the very state the grade run settled, not a new one
        assert (rating.grade, rating.path) == (grade(puzzle, verdict=PROPER), shortest_path(puzzle))
