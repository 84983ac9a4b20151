"""A studio fix is held to a job's share of its worker by the generator's own estimate of the fix: run as the
command runs it when that fits, with fewer solutions listed and fewer swap moves when not, and refused with a line
naming the limit when even two solutions would not fit."""

from __future__ import annotations

import pytest

from dominosa.generator import fix_memory
from dominosa.generator.fix_drafts import raw_draft
from dominosa.generator.fix_result import DEFAULT_CAP
from dominosa.limits import MAX_ORDER
from dominosa.web import budget
from dominosa.web.budget import JOB_MEMORY, WORKER_MEMORY, fix_allowance, too_large_to_fix


@pytest.mark.parametrize("swaps", [False, True])
def test_a_small_board_is_fixed_as_the_command_would(swaps):
    puzzle = raw_draft(6)
    allowance = fix_allowance(puzzle, swaps=swaps)
    assert (allowance.cap, allowance.moves_budget) == (DEFAULT_CAP, None)
    assert allowance.need == fix_memory.fix_memory_estimate(puzzle, swaps=swaps)
    assert too_large_to_fix(allowance, puzzle, swaps=swaps) is None


@pytest.mark.parametrize(("order", "swaps"), [(30, True), (40, True), (MAX_ORDER, False), (MAX_ORDER, True)])
def test_large_drafts_run_within_the_share_by_the_generators_estimate(order, swaps):
    puzzle = raw_draft(order)
    allowance = fix_allowance(puzzle, swaps=swaps)
    assert allowance.fits and too_large_to_fix(allowance, puzzle, swaps=swaps) is None
    estimate = fix_memory.fix_memory_estimate(
        puzzle, swaps=swaps, cap=allowance.cap, moves_budget=allowance.moves_budget
    )
    assert allowance.need == estimate <= JOB_MEMORY
    assert allowance.cap >= 2


def test_swap_moves_are_held_to_the_share_and_the_solutions_keep_their_part():
    puzzle = raw_draft(40)
    assert fix_memory.fix_memory_estimate(puzzle, swaps=True) > JOB_MEMORY  # as the command runs it: too big
    allowance = fix_allowance(puzzle, swaps=True)
    assert allowance.moves_budget is not None and 0 < allowance.moves_budget < fix_memory.MOVES_BUDGET
    assert allowance.cap == DEFAULT_CAP  # the listing is small next to the moves: it keeps all it wants


def test_the_solutions_listed_are_the_most_that_fit_what_the_engine_leaves(monkeypatch):
    puzzle = raw_draft(20)
    room = 500 * fix_memory.solution_bytes(puzzle)
    monkeypatch.setattr(budget, "JOB_MEMORY", fix_memory.engine_bytes(puzzle) + room)
    allowance = fix_allowance(puzzle, swaps=False)
    assert allowance.cap == 500 and allowance.fits
    assert fix_memory.fix_memory_estimate(puzzle, cap=501) > budget.JOB_MEMORY


@pytest.mark.parametrize("swaps", [False, True])
def test_a_board_without_room_for_two_solutions_is_refused_naming_the_limit(monkeypatch, swaps):
    puzzle = raw_draft(30)
    monkeypatch.setattr(budget, "JOB_MEMORY", fix_memory.engine_bytes(puzzle) + fix_memory.solution_bytes(puzzle))
    allowance = fix_allowance(puzzle, swaps=swaps)
    assert not allowance.fits and allowance.cap == 2
    line = too_large_to_fix(allowance, puzzle, swaps=swaps)
    assert line is not None and "\n" not in line
    assert ("992 cells with swaps" if swaps else "992 cells would") in line
    assert allowance.need >= fix_memory.engine_bytes(puzzle) + 2 * fix_memory.solution_bytes(puzzle)
    assert f"about {allowance.need / 2**20:.0f} MB" in line
    assert f"({budget.JOB_MEMORY >> 20} MB of a worker's {WORKER_MEMORY >> 20} MB)" in line
    assert line.endswith("use the command line (dominosa fix)")
