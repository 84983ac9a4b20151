"""``fix`` (generator/fixing.py): every fix is checked unique by the independent exact-cover counter, clue sets
are proved the fewest against brute force over every smaller set of clues, and swaps keep the domino set whole."""

from __future__ import annotations

import dataclasses
import doctest
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from strategies import boards, seeds

from dominosa import Puzzle
from dominosa.cover.dominosa import count_solutions_exact_cover, solutions_exact_cover
from dominosa.deductions import GRADES, count_solutions, grade
from dominosa.generator import Fix, fix, fix_clues, fix_drafts, fix_memory, fixing
from dominosa.generator.fix_drafts import raw_draft
from dominosa.generator.fix_result import FixProgress
from dominosa.generator.fix_search import article, proved_by_bound
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout
from dominosa.generator.swaps import apply_moves, cells_mask, moves_keeping
from dominosa.solution import validate

# Three solutions: a 1-2 in the second row pins one of them (the example of the module's docstring).
SMALL = Puzzle.from_grid([[1, 1, 1, 0], [1, 2, 2, 0], [0, 2, 2, 0]])
PROPERTY = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


def unique_by_cover(puzzle: Puzzle) -> bool:
    return count_solutions_exact_cover(puzzle, 2) == (1, True)


def fewest_clues_by_brute_force(puzzle: Puzzle, below: int) -> int | None:
    """The fewest clues under ``below`` that leave one solution, trying every set of dominoes of every solution
    (by the exact-cover counter), or None when no set that small works."""
    every = list(solutions_exact_cover(puzzle))
    for size in range(below):
        for solution in every:
            free = [p for p in solution.placements if p not in puzzle.clues]
            for chosen in combinations(free, size):
                if unique_by_cover(puzzle.with_clues([*puzzle.clues, *chosen])):
                    return size
    return None


@st.composite
def ambiguous(draw, min_order=3, max_order=7, clues=None):
    """An ambiguous puzzle: a random layout (trivial squares allowed, to make ambiguity common) on a rectangle or
    an irregular board, with some of its dominoes as clues or none."""
    board = draw(boards(min_order, max_order))
    rng = random.Random(draw(seeds()))
    puzzle, solution = random_layout(board, rng, avoid_trivial_squares=False)
    with_clues = draw(st.booleans()) if clues is None else clues
    if with_clues:
        puzzle = puzzle.with_clues(rng.sample(solution.placements, draw(st.integers(1, 3))))
    assume(count_solutions(puzzle, 2).count == 2)
    return puzzle


def check_clue_fix(puzzle: Puzzle, found: Fix) -> None:
    """What every clue fix must be: unique (by exact cover), the old clues and the numbers kept, each new clue a
    domino of the solution kept, and the grade the grader gives."""
    assert found.verdict == "ambiguous" and found.proper
    assert unique_by_cover(found.puzzle)
    assert found.puzzle.numbers == puzzle.numbers
    assert set(puzzle.clues) <= set(found.puzzle.clues)
    assert set(found.puzzle.clues) == set(puzzle.clues) | set(found.clues)
    assert not set(found.clues) & set(puzzle.clues)
    kept = count_solutions(puzzle, None, keep_solutions=True).solutions[found.kept - 1]
    assert kept == found.solution
    assert set(found.clues) <= set(kept.placements)
    assert found.grade == grade(found.puzzle).name


def fewest_clues_by_brute_force_keeping(puzzle: Puzzle, found: Fix) -> int | None:
    """The fewest clues under the fix's size that single out the solution it keeps (by exact cover), or None."""
    for size in range(len(found.clues)):
        for chosen in combinations(found.solution.placements, size):
            if unique_by_cover(puzzle.with_clues([*puzzle.clues, *chosen])):
                return size
    return None


def check_swap_fix(puzzle: Puzzle, found: Fix) -> None:
    """What every swap fix must be: unique (by exact cover), the same numbers in other places, clue cells
    untouched, and the solution kept still a solution: its domino set whole."""
    assert found.proper and unique_by_cover(found.puzzle)
    assert Counter(found.puzzle.numbers) == Counter(puzzle.numbers)
    clue_cells = {c for clue in puzzle.clues for c in clue}
    changed = {
        cell
        for cell, before, after in zip(puzzle.board.cells, puzzle.numbers, found.puzzle.numbers, strict=True)
        if before != after
    }
    assert changed <= set(found.cells_changed)
    assert not changed & clue_cells
    assert found.puzzle.clues == puzzle.clues
    numbers = list(puzzle.numbers)
    index = puzzle.board.index
    for a, b in found.swaps:  # the swaps, made in order, give the fixed grid
        numbers[index[a]], numbers[index[b]] = numbers[index[b]], numbers[index[a]]
    assert tuple(numbers) == found.puzzle.numbers
    if found.kept is not None and found.verdict == "ambiguous":
        kept = count_solutions(puzzle, None, keep_solutions=True).solutions[found.kept - 1]
        assert validate(found.puzzle, kept)
        assert found.solution == kept


# -- clues ----------------------------------------------------------------------------------------------------


def test_the_example_needs_one_clue_and_proves_it():
    found = fix(SMALL)
    check_clue_fix(SMALL, found)
    assert (found.solutions, found.complete, len(found.clues)) == (3, True, 1)
    assert found.minimal and found.lower_bound == 1


def test_a_proper_puzzle_needs_nothing():
    puzzle, _ = proper_layout(5, random.Random(3))
    found = fix(puzzle)
    assert found.verdict == "proper" and found.proper and found.minimal
    assert found.clues == () and found.swaps == () and found.puzzle == puzzle


@pytest.mark.parametrize("seed", range(12))
def test_clue_fixes_are_the_fewest_by_brute_force(seed):
    rng = random.Random(seed)
    while True:  # the first ambiguous one of the seed's layouts
        puzzle, solution = random_layout(rng.choice((2, 3)), rng, avoid_trivial_squares=False)
        if rng.random() < 0.4:
            puzzle = puzzle.with_clues([rng.choice(solution.placements)])
        if count_solutions(puzzle, 2).count == 2:
            break
    found = fix(puzzle)
    check_clue_fix(puzzle, found)
    assert found.minimal and found.lower_bound == len(found.clues)
    assert fewest_clues_by_brute_force(puzzle, len(found.clues)) is None  # no smaller set works


def test_keep_chooses_the_solution_kept():
    every = count_solutions(SMALL, None, keep_solutions=True).solutions
    for k in range(1, len(every) + 1):
        found = fix(SMALL, keep=k)
        check_clue_fix(SMALL, found)
        assert found.kept == k and found.solution == every[k - 1]
        assert found.minimal
        # Brute force over the kept solution alone: no smaller set of its dominoes singles it out.
        for size in range(len(found.clues)):
            for chosen in combinations(every[k - 1].placements, size):
                assert not unique_by_cover(SMALL.with_clues(chosen))


def test_keep_beyond_the_solutions_is_refused():
    with pytest.raises(ValueError, match="cannot keep solution 4: the puzzle has 3 solutions"):
        fix(SMALL, keep=4)
    with pytest.raises(ValueError, match="counted from 1"):
        fix(SMALL, keep=0)
    with pytest.raises(ValueError, match="unknown grade"):
        fix(SMALL, grade="easy")


def test_among_the_smallest_clue_sets_the_hardest_is_chosen():
    # Puzzles whose smallest clue sets give different grades: the one chosen grades hardest among all of them.
    checked = 0
    for seed in range(40):
        puzzle, _ = random_layout(5, random.Random(seed), avoid_trivial_squares=False)
        if not 2 <= count_solutions(puzzle, 40).count < 40:
            continue
        found = fix(puzzle)
        check_clue_fix(puzzle, found)
        if len(found.clues) > 2:
            continue  # brute force over larger sets takes too long for the suite
        every = count_solutions(puzzle, None, keep_solutions=True).solutions
        levels = set()
        for solution in every:
            for chosen in combinations(solution.placements, len(found.clues)):
                with_clues = puzzle.with_clues(chosen)
                if count_solutions(with_clues, 2).count == 1:
                    levels.add(grade(with_clues).level)
        assert found.level == max(levels)
        if len(levels) > 1:
            checked += 1
            target = min(levels)
            aimed = fix(puzzle, grade=GRADES[target])
            check_clue_fix(puzzle, aimed)
            assert aimed.level == target and aimed.note is None and len(aimed.clues) == len(found.clues)
        if checked >= 2:
            break
    assert checked >= 1


def test_past_the_cap_the_implicit_search_still_proves_the_kept_solutions_fewest():
    puzzle, _ = random_layout(4, random.Random(7), avoid_trivial_squares=False)
    total = count_solutions(puzzle, None).count
    assert total > 3
    exact = fix(puzzle, keep=1)
    capped = fix(puzzle, keep=1, cap=2)
    assert not capped.complete and capped.solutions == 2
    assert capped.proper and unique_by_cover(capped.puzzle)
    assert capped.minimal and len(capped.clues) == len(exact.clues)
    unkept = fix(puzzle, cap=2)  # no solution named: not every one could be tried, so no proof claimed
    assert unkept.proper and unique_by_cover(unkept.puzzle) and not unkept.minimal
    assert 1 <= unkept.lower_bound <= len(unkept.clues)


@PROPERTY
@given(ambiguous())
def test_any_ambiguous_puzzle_gets_a_proved_smallest_clue_fix(puzzle):
    found = fix(puzzle)
    check_clue_fix(puzzle, found)
    if found.complete and found.solutions <= 400:
        assert found.minimal and found.lower_bound == len(found.clues)
    else:
        assert found.lower_bound <= len(found.clues)


# -- swaps ----------------------------------------------------------------------------------------------------


def test_one_swap_fixes_the_example():
    found = fix(SMALL, swaps=True)
    check_swap_fix(SMALL, found)
    assert len(found.swaps) == 1 and found.minimal and found.clues == ()


@PROPERTY
@given(ambiguous(max_order=5))
def test_any_ambiguous_puzzle_gets_a_swap_fix_that_keeps_the_domino_set_whole(puzzle):
    found = fix(puzzle, swaps=True, timeout=20)
    assume(not found.stopped)
    check_swap_fix(puzzle, found)
    if found.minimal and len(found.swaps) > 1:
        # Proved the fewest: no single swap that keeps some solution's domino set whole leaves one solution.
        for solution in count_solutions(puzzle, None, keep_solutions=True).solutions:
            index = puzzle.board.index
            tiles = [(index[a], index[b]) for a, b in solution.placements]
            clue_cells = cells_mask([x for q in puzzle.clue_pairs for x in puzzle.board.pairs[q]])
            for move in moves_keeping(tiles, puzzle.numbers, fixed=clue_cells, whole_dominoes=False):
                swapped = Puzzle(puzzle.board, apply_moves(puzzle.numbers, [move]), puzzle.dominoes, puzzle.clues)
                assert not unique_by_cover(swapped)


@pytest.mark.parametrize("seed", range(3))
def test_a_proper_puzzle_is_swapped_to_the_grade_asked_for(seed):
    puzzle, _ = proper_layout(6, random.Random(seed))
    before = grade(puzzle).level
    target = GRADES[2] if before != 2 else GRADES[1]
    found = fix(puzzle, grade=target, timeout=30)
    assert found.verdict == "proper"
    check_swap_fix(puzzle, found)
    assert found.grade == target == grade(found.puzzle).name
    if found.minimal:
        assert len(found.swaps) == 1


def test_a_proper_puzzle_of_the_grade_asked_for_is_left_alone():
    puzzle, _ = proper_layout(6, random.Random(1))
    found = fix(puzzle, grade=grade(puzzle).name)
    assert found.swaps == () and found.puzzle == puzzle and found.minimal


def no_solution_puzzles(count: int):
    rng = random.Random(11)
    made = 0
    for seed in range(200):
        puzzle, _ = proper_layout(5, random.Random(seed))
        numbers = list(puzzle.numbers)
        for _ in range(2):
            x, y = rng.sample(range(len(numbers)), 2)
            numbers[x], numbers[y] = numbers[y], numbers[x]
        broken = Puzzle(puzzle.board, tuple(numbers), puzzle.dominoes)
        if count_solutions(broken, 1).count == 0:
            yield broken
            made += 1
            if made == count:
                return


def test_a_puzzle_without_solution_gets_the_swaps_that_give_it_one():
    seen = 0
    for broken in no_solution_puzzles(5):
        found = fix(broken)
        assert found.verdict == "no solution" and found.solutions == 0
        if not found.swaps:
            # Said so, and proved: no single swap of two cells gives it a solution.
            assert found.lower_bound == 2 and found.note
            for x, y in combinations(range(len(broken.numbers)), 2):
                numbers = list(broken.numbers)
                numbers[x], numbers[y] = numbers[y], numbers[x]
                assert count_solutions_exact_cover(Puzzle(broken.board, tuple(numbers), broken.dominoes), 1)[0] == 0
            continue
        seen += 1
        assert found.proper and unique_by_cover(found.puzzle)
        assert Counter(found.puzzle.numbers) == Counter(broken.numbers)
        if len(found.swaps) == 1:
            assert found.minimal
        else:
            assert not found.minimal and found.lower_bound == 2
    assert seen


# -- bounds ---------------------------------------------------------------------------------------------------


def test_the_best_so_far_is_kept_for_a_caller_that_stops_the_work():
    progress = FixProgress()
    found = fix(SMALL, progress=progress)
    assert progress.best is found


def test_a_timeout_returns_the_best_found_and_claims_no_proof_it_lacks():
    puzzle, _ = random_layout(7, random.Random(4), avoid_trivial_squares=False)
    found = fix(puzzle, timeout=0.05)
    if found.proper:
        assert unique_by_cover(found.puzzle)
    if found.minimal or found.kept_minimal:  # a proof made before the time ran out stays, and is a real one
        assert found.proper and found.lower_bound == len(found.clues)
        if len(found.clues) <= 3:  # brute force beyond that takes too long for the suite
            assert fewest_clues_by_brute_force_keeping(puzzle, found) is None


def test_the_module_examples_run():
    for module in (fixing, fix_memory, fix_drafts):
        assert doctest.testmod(module).failed == 0


# -- raw drafts: an answer at any size, in bounded time and memory (issue 34) ---------------------------------------


@pytest.mark.parametrize(("order", "seconds"), [(12, 0.5), (20, 1.0)])
def test_a_raw_draft_gets_a_unique_clue_set_within_its_time(order, seconds):
    # The full set dealt onto a fixed tiling: thousands of solutions. A unique clue set is found first, fast.
    puzzle = raw_draft(order, seed=3)
    assert not count_solutions(puzzle, 100).complete
    found = fix(puzzle, timeout=seconds)
    assert found.proper and found.clues
    assert count_solutions(found.puzzle, 2).unique  # the counter checks the clues leave exactly one solution
    assert set(found.clues) <= set(found.solution.placements)
    assert found.lower_bound <= len(found.clues)


def test_a_raw_draft_swapped_gives_its_best_so_far_not_silence():
    found = fix(raw_draft(16, seed=1), swaps=True, timeout=0.5)
    assert found.verdict == "ambiguous" and found.solutions >= 2
    if found.proper:
        check_swap_fix(raw_draft(16, seed=1), found)
    else:
        assert found.note and "up to 0" not in found.note


def test_the_solutions_listed_are_capped_by_bytes_not_by_count(monkeypatch):
    big, small = raw_draft(50), raw_draft(5)
    assert fix_memory.listing_cap(big, 10**9) < fix_memory.listing_cap(small, 10**9)
    assert fix_memory.listing_cap(big, 10**9) * fix_memory.solution_bytes(big) <= fix_memory.LISTING_BUDGET
    assert fix_memory.fix_memory_estimate(big) < 2**30
    assert fix_memory.fix_memory_estimate(big, swaps=True) < 2**30
    # A budget of ten solutions' bytes: ten are listed, the count says "at least", the fix is still unique.
    puzzle = raw_draft(6, seed=0)
    monkeypatch.setattr(fix_memory, "LISTING_BUDGET", 10 * fix_memory.solution_bytes(puzzle))
    found = fix(puzzle)
    assert (found.solutions, found.complete) == (10, False)
    assert found.proper and unique_by_cover(found.puzzle)


def test_swap_moves_are_capped_by_bytes_and_a_cut_list_proves_nothing(monkeypatch):
    monkeypatch.setattr(fix_memory, "MOVES_BUDGET", 3 * fix_memory.move_bytes(SMALL))
    found = fix(SMALL, swaps=True)
    assert found.proper  # the greedy swaps need no list of moves
    check_swap_fix(SMALL, found)


def test_a_caller_holds_the_swap_moves_to_its_own_budget():
    # The studio's worker has less room than the generator's budget: three moves' bytes cut the list, the fix
    # is still a fix but no longer proved the fewest for its kept solution, as it is with the whole list.
    puzzle = raw_draft(6, seed=0)
    held = fix(puzzle, swaps=True, moves_budget=3 * fix_memory.move_bytes(puzzle), timeout=30)
    check_swap_fix(puzzle, held)
    assert not held.kept_minimal
    assert fix(puzzle, swaps=True, timeout=30).kept_minimal


def test_a_lower_bound_equal_to_the_size_is_a_proof():
    found = fix(SMALL, keep=1)
    unproved = dataclasses.replace(found, minimal=False, kept_minimal=False, lower_bound=len(found.clues))
    settled = proved_by_bound(unproved)
    assert settled.kept_minimal and settled.lower_bound == len(found.clues)
    assert not proved_by_bound(dataclasses.replace(unproved, lower_bound=0)).kept_minimal


def test_a_fully_listed_grid_with_more_solutions_than_are_tried_as_kept_is_still_proved(monkeypatch):
    # Too many solutions to try each as the one to keep (here: more than 4): the others are checked for a
    # smaller clue set, so the proof holds over all of them, as brute force confirms.
    monkeypatch.setattr(fix_clues, "_MAX_KEPT", 4)
    puzzle = raw_draft(5, seed=1)
    assert count_solutions(puzzle, None).count > 4
    found = fix(puzzle)
    check_clue_fix(puzzle, found)
    assert found.minimal and found.lower_bound == len(found.clues)
    assert fewest_clues_by_brute_force(puzzle, len(found.clues)) is None


def test_the_grade_note_uses_the_right_article():
    found = fix(SMALL, grade="extreme")
    assert found.note is not None and "an extreme" in found.note and "a extreme" not in found.note
    assert article("hard") == "a hard" and article("extreme") == "an extreme"


def test_raw_drafts_are_the_full_set_on_a_fixed_tiling():
    for order in (3, 4, 9):
        puzzle = raw_draft(order, seed=5)
        assert puzzle.is_full_set and puzzle.order == order
        assert raw_draft(order, seed=5) == puzzle and raw_draft(order, seed=6) != puzzle
