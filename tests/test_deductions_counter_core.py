"""The counter's C core (deductions/_counter.c) against the Python search it mirrors (deductions/search.py's Engine):
the same walk, so every count, solution, node, branch and depth, and every pause for the progress line, must be
the same on the same grids. Skipped where the core was not built (no compiler) or pure Python is asked for: the
Python search is then the only one, and the other counting tests test it.

The core's memory safety is checked by running some of these under valgrind (CPython's own noise suppressed):

    PYTHONMALLOC=malloc valgrind --suppressions=tests/valgrind-python.supp --error-exitcode=1 \
        .venv/bin/python -m pytest -n 0 -p no:randomly tests/test_deductions_counter_core.py -k "position or pause"
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import layouts

from dominosa import native
from dominosa.deductions import search
from dominosa.deductions.counting import count_from_position, count_solutions
from dominosa.deductions.search_watch import watching_searches
from dominosa.deductions.tables import tables_for
from dominosa.generator.layouts import random_layout
from dominosa.puzzle import Puzzle

CORE = native.counter_core()
pytestmark = pytest.mark.skipif(CORE is None, reason="the counter's C core is not built here (or pure Python is set)")


@contextmanager
def python_search() -> Iterator[None]:
    """Run the Python Engine instead of the C core for the block (search.py reads its ``_core`` at each count)."""
    saved = search._core
    search._core = None
    try:
        yield
    finally:
        search._core = saved


def _observed(puzzle: Puzzle, limit: int | None, budget: int | None) -> tuple:
    r = count_solutions(puzzle, limit, keep_solutions=True, max_nodes=budget)
    s = r.stats
    return (r.count, r.complete, r.out_of_nodes, s.nodes, s.branches, s.max_depth, s.probes,
            [sorted(sol.placements) for sol in r.solutions])


def _both(puzzle: Puzzle, limit: int | None, budget: int | None) -> tuple[tuple, tuple]:
    ours = _observed(puzzle, limit, budget)
    with python_search():
        return ours, _observed(puzzle, limit, budget)


def test_the_core_is_the_one_in_use():
    assert search._core is CORE
    assert native.build_description().endswith("counter core in C")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=1, max_order=10, clues=True))
def test_both_cores_walk_the_same_search_on_random_layouts(layout):
    """Rectangles and boards with holes (pairs showing no domino of the set), clues or not, counted to the end,
    to a limit and on a budget."""
    puzzle, _ = layout
    for limit, budget in ((2, None), (None, 300), (3, 40)):
        ours, reference = _both(puzzle, limit, budget)
        assert ours == reference


@pytest.mark.parametrize("order", [10, 15, 25, 35])
def test_both_cores_agree_on_big_boards_with_many_solutions(order):
    """Long searches: restarts, clause forgetting and the blocking clauses of many solutions all happen."""
    for seed in range(2):
        puzzle, _ = random_layout(order, random.Random(7000 + 10 * order + seed))
        for limit, budget in ((2, None), (40, 20000), (None, 3000)):
            ours, reference = _both(puzzle, limit, budget)
            assert ours == reference


def test_both_cores_count_the_same_from_a_position():
    puzzle, solution = random_layout(20, random.Random(3))
    t = tables_for(puzzle)
    pairs = [t.cell_pairs[a][0] for a in range(0, t.n_cells, 9)]
    joined = [q for q in range(t.n_pairs) if (t.pair_a[q], t.pair_b[q]) in solution.placements][:5]
    results = []
    for use_python in (False, True):
        with python_search() if use_python else nullcontext():
            r = count_from_position(puzzle, joined, [p for p in pairs if p not in joined], max_solutions=30,
                                    keep_solutions=True)
            results.append((r.count, r.complete, r.stats.nodes, [sorted(s.placements) for s in r.solutions]))
    assert results[0] == results[1]


def test_both_cores_pause_at_the_same_nodes():
    """The progress line sees the same reports: the core stops every 64 nodes as the Python loop checks."""
    puzzle, _ = random_layout(30, random.Random(11))
    seen: list[list[tuple[int, bool]]] = []
    for use_python in (False, True):
        reports: list[tuple[int, bool]] = []
        seen.append(reports)
        with watching_searches(lambda nodes, ended, into=reports: into.append((nodes, ended))), (
            python_search() if use_python else nullcontext()
        ):
            count_solutions(puzzle, 20, max_nodes=5000)
    assert seen[0] == seen[1] and len(seen[0]) > 3


def test_a_timeout_stops_the_core():
    puzzle, _ = random_layout(40, random.Random(2))
    result = count_solutions(puzzle, None, timeout=0.0)
    assert result.timed_out and not result.complete


def test_the_core_refuses_tables_out_of_range():
    """The constructor checks what it is given: a bad table is an exception, never a read out of bounds."""
    assert CORE is not None
    puzzle, _ = random_layout(3, random.Random(1))
    t = tables_for(puzzle)
    good = dict(n_cells=t.n_cells, pair_a=t.pair_a, pair_b=t.pair_b, pair_domino=t.pair_domino,
                cell_pairs=t.cell_pairs, placements=t.placements, dupc=bytes(t.n_cells), dupd=bytes(t.n_dominoes),
                pstate=[0] * t.n_pairs, ccount=[len(c) for c in t.cell_pairs],
                dcount=[len(p) for p in t.placements], n_joined=0, nodes=0, top=48, restart_base=512,
                reduce_every=1000, glue_keep=3)
    CORE.Search(**good)
    for key, bad in (("pair_a", (t.n_cells,) * t.n_pairs), ("cell_pairs", ((t.n_pairs,),) * t.n_cells),
                     ("pstate", [3] * t.n_pairs), ("dupc", b""), ("ccount", [1])):
        with pytest.raises(ValueError):
            CORE.Search(**{**good, key: bad})
