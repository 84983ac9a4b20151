"""A studio job's memory estimate: the fix lists only as many solutions as fit in a job's share of a worker, the
largest board the engine reads can still be fixed with clues, and a swap fix of a large draft is refused with a
line that names the limit."""

from __future__ import annotations

import pytest

from dominosa.generator.fixing import DEFAULT_CAP
from dominosa.limits import MAX_CELLS, MAX_ORDER
from dominosa.web.budget import JOB_MEMORY, MIN_LISTED, WORKER_MEMORY, fix_memory, fix_solution_cap, too_large_to_fix


def cells(order: int) -> int:
    return (order + 1) * (order + 2)


@pytest.mark.parametrize("mode", ["clues", "swaps"])
def test_a_small_board_lists_as_many_solutions_as_the_fix_would(mode):
    assert fix_solution_cap(cells(6), 6, mode, DEFAULT_CAP) == DEFAULT_CAP


@pytest.mark.parametrize(("order", "mode"), [(20, "clues"), (60, "clues"), (MAX_ORDER, "clues"), (20, "swaps")])
def test_the_list_shrinks_to_fit_a_job(order, mode):
    cap = fix_solution_cap(cells(order), order, mode, DEFAULT_CAP)
    assert MIN_LISTED <= cap < DEFAULT_CAP
    assert fix_memory(cells(order), order, mode, cap) <= JOB_MEMORY < fix_memory(cells(order), order, mode, cap + 1)


def test_larger_boards_list_fewer():
    caps = [fix_solution_cap(cells(order), order, "clues", DEFAULT_CAP) for order in (20, 40, 80, MAX_ORDER)]
    assert caps == sorted(caps, reverse=True) and len(set(caps)) == len(caps)


def test_every_board_the_engine_reads_can_be_fixed_with_clues():
    assert too_large_to_fix(MAX_CELLS, MAX_ORDER, "clues", DEFAULT_CAP) is None


def test_a_swap_fix_of_a_large_draft_is_refused_naming_the_limit():
    assert too_large_to_fix(cells(12), 12, "swaps", DEFAULT_CAP) is None
    line = too_large_to_fix(cells(30), 30, "swaps", DEFAULT_CAP)
    assert line is not None and "992 cells with swaps" in line
    assert f"{WORKER_MEMORY >> 20} MB" in line and f"{JOB_MEMORY >> 20} MB" in line and "\n" not in line
