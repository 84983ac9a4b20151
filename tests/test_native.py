"""The optional compiled build (dominosa/native.py, setup.py): the Python sources of the compiled modules give the
same answers, node for node and deduction for deduction, as the modules in use, and the build says truthfully
which one runs.

Where the package was built with mypyc these compare compiled code with its source; in a pure-Python install
both sides run the source (the comparison is then trivially true, and the pure-Python counter is still tested by
every other counting test). ``.ci/run`` sets ``DOMINOSA_REQUIRE_COMPILED`` where it can build the extensions, so
that a build that silently fell back to pure Python fails there.
"""

from __future__ import annotations

import importlib
import json
import os
import pickle
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from grading_sequences import NO_FIENDISH, digest
from hypothesis import HealthCheck, given, settings
from strategies import layouts

from dominosa import Board, native
from dominosa.deductions import PROPER, Technique, count_solutions, grade, shortest_path
from dominosa.formats.game_id import read_game_id, write_game_id
from dominosa.generator.layouts import random_layout
from dominosa.generator.proper import proper_layout
from dominosa.puzzle import Puzzle

# The counter and the three modules under it, all from source (a source copy of the search must subclass a
# source Node).
PURE = native.source_module(
    "dominosa.deductions.counting",
    along=("dominosa.deductions.node", "dominosa.deductions.probe", "dominosa.deductions.search"),
)
# The source copy runs the Python search, the reference, even where the C core is built (the installed counter
# runs that core: these tests then compare the core with the Python search as well).
sys.modules["_dominosa_source.dominosa.deductions.search"]._core = None
COMPILED = native.compiled_modules()
# The engine the compiled build must hold where it can be built (DOMINOSA_REQUIRE_COMPILED): the counter and the
# grading engine (pair states, the rules, the advanced techniques, the driver loop, grading, the puzzle's tables,
# the level-only grader) and the generator's random layouts.
ENGINE = {f"dominosa.deductions.{name}" for name in
          ("counting", "node", "probe", "search", "state", "rules", "driver", "grading", "tables", "levels",
           "scanning", "parity", "local_duplicate", "must_overlap", "set_analysis", "matching", "forcing_chains",
           "short_contradiction")} | {
    "dominosa.generator.layouts"}


def _observed(count, puzzle: Puzzle, limit: int | None, budget: int | None):
    """Everything a count shows, the search's own figures included, so that any change of path is seen."""
    r = count(puzzle, limit, keep_solutions=True, max_nodes=budget)
    s = r.stats
    return (r.count, r.complete, r.out_of_nodes, s.nodes, s.branches, s.max_depth, s.probes,
            [sorted(sol.placements) for sol in r.solutions])


def test_the_source_copies_are_python():
    assert PURE.__file__.endswith("counting.py")
    assert PURE.count_solutions is not count_solutions


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=1, max_order=9, clues=True))
def test_source_and_installed_counters_walk_the_same_search(layout):
    puzzle, _ = layout
    for limit, budget in ((2, None), (None, 300), (3, 40)):
        ours = _observed(count_solutions, puzzle, limit, budget)
        assert _observed(PURE.count_solutions, puzzle, limit, budget) == ours


@pytest.mark.parametrize("order", [12, 20, 30])
def test_source_and_installed_counters_agree_on_large_boards(order):
    for seed in range(3):
        puzzle, _ = random_layout(order, random.Random(1000 * order + seed))
        assert _observed(PURE.count_solutions, puzzle, 2, 3000) == _observed(count_solutions, puzzle, 2, 3000)


def test_the_build_says_which_modules_run_compiled():
    description = native.build_description()
    if COMPILED:
        assert description.startswith("compiled (mypyc)")
        assert all(not sys.modules[name].__file__.endswith(".py") for name in COMPILED)
    else:
        assert description.startswith("pure Python")
    assert set(native.COMPILED_MODULES) >= ENGINE
    if os.environ.get("DOMINOSA_REQUIRE_COMPILED"):
        assert list(native.COMPILED_MODULES) == COMPILED, f"the compiled build is missing: {description}"
        assert native.counter_core() is not None, f"the counter's C core is missing: {description}"


def test_the_counter_core_is_used_unless_pure_python_is_asked_for():
    """``DOMINOSA_PURE_PYTHON=1`` at run time bypasses the C core as it does the compiled modules; without it, the
    core is used wherever it was built (asked of the import system, since this process may itself run pure)."""
    code = "from dominosa.deductions import search; print(search._core is None)"
    built = importlib.util.find_spec(native.COUNTER_CORE) is not None
    for pure, expected in (("1", "True"), ("", str(not built))):
        env = {**os.environ, native.PURE_ENV: pure}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == expected


def test_compiled_layouts_draw_what_their_source_draws():
    """The random starts, tilings and trivial-square checks of the compiled layouts module against its source:
    the same tiles and numbers from the same seeds (rectangles, a board with holes, a generator subclass with its
    own draws), and the same random state after them."""
    source = native.source_module("dominosa.generator.layouts")
    compiled = importlib.import_module("dominosa.generator.layouts")

    class FloatRandom(random.Random):
        def random(self) -> float:
            return super().random()

    holes = source.random_irregular_board(6, random.Random(3), holes=0.1)
    for board in (Board.rectangle(7, 8), Board.rectangle(10, 11), holes):
        dealt = source.dealt_set(board, None)
        for seed in range(12):
            for make in (random.Random, FloatRandom):
                ours, theirs = make(seed), make(seed)
                assert compiled.random_tiles(board, ours, dealt) == source.random_tiles(board, theirs, dealt)
                assert ours.random() == theirs.random()
                tiles = [board.pairs[k] for k in compiled.random_tiling(board, ours)]
                numbers = [(a * 7 + seed) % 3 for a in range(len(board.cells))]
                partner = list(range(len(board.cells)))
                for a, b in tiles:
                    partner[a], partner[b] = b, a
                squares, _ = source.board_squares(board)
                which = range(len(squares))
                assert compiled.trivial_square_indices(squares, which, partner, numbers) == [
                    s for s in which if source.is_trivial_square(squares[s], partner, numbers)
                ]


@pytest.mark.parametrize("name", native.COMPILED_MODULES)
def test_pure_python_can_be_asked_for_at_run_time(name):
    """Each compiled module imported first thing in a fresh process (its package must install the finder)."""
    code = f"import {name} as m, dominosa.native as n; print(m.__file__.endswith('.py'), n.build_description())"
    env = {**os.environ, native.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split(maxsplit=1) == ["True", "pure Python (DOMINOSA_PURE_PYTHON is set)\n"]


@pytest.mark.skipif(not COMPILED, reason="the package is pure Python here: there is no compiled module to go stale")
def test_a_compiled_module_older_than_its_source_is_not_used(monkeypatch):
    """An editable checkout edited since its build runs the edited source, with a warning to rebuild."""
    import importlib.util

    name = COMPILED[0]
    finder = next(f for f in sys.meta_path if isinstance(f, native._PreferSource))
    path = importlib.import_module(name.rsplit(".", 1)[0]).__path__
    assert finder.find_spec(name, path).origin.endswith(".so")
    real = os.path.getmtime
    monkeypatch.setattr(os.path, "getmtime", lambda p: real(p) + (1e6 if p.endswith(".py") else 0))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        spec = finder.find_spec(name, path)
    assert spec.origin.endswith(".py")
    assert any("older than" in str(w.message) for w in caught)
    assert importlib.util.find_spec(name) is not None


def test_the_command_reports_the_build():
    out = subprocess.run([sys.executable, "-m", "dominosa.cli.main", "--version"], capture_output=True, text=True)
    assert out.returncode == 0
    assert native.build_description() in out.stdout


def _graded(game_id: str, with_path: bool) -> list:
    """Digests (every field of every deduction, sentences included) of grading, of grading without the fiendish
    tier (trial and error then) and of the shortest path, as JSON reads them back."""
    puzzle = read_game_id(game_id)
    g = grade(puzzle, verdict=PROPER, keep_deductions=True)
    row = [g.name, g.uses, digest(g.deductions),
           digest(grade(puzzle, verdict=PROPER, techniques=NO_FIENDISH, keep_deductions=True).deductions)]
    return json.loads(json.dumps(row + [digest(shortest_path(puzzle).steps) if with_path else None], default=str))


# The same, in a fresh process with DOMINOSA_PURE_PYTHON=1.
_PURE_GRADER = """
import json, sys
sys.path.insert(0, sys.argv[1])
from dominosa import Board, native
from test_native import _graded
assert native.compiled_modules() == [], native.build_description()
for line in sys.stdin:
    print(json.dumps(_graded(*json.loads(line))))
"""


def test_pure_python_grades_as_the_engine_in_use():
    """Random proper puzzles (orders 4-10, other seeds than the grading record's), graded here and in pure Python:
    the same deductions in the same order, sentences included, with trial and error, and the same shortest paths.
    In a compiled build this compares the compiled grading engine with its sources."""
    puzzles = [proper_layout(n, random.Random(7_000 + 10 * n + k))[0] for n in range(4, 11) for k in range(6)]
    jobs = [(write_game_id(p), p.order <= 6 and k % 2 == 0) for k, p in enumerate(puzzles)]
    env = {**os.environ, native.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", _PURE_GRADER, str(Path(__file__).parent)], env=env, text=True,
                         input="".join(json.dumps(job) + "\n" for job in jobs), capture_output=True, check=True).stdout
    pure = [json.loads(line) for line in out.splitlines()]
    here = [_graded(game_id, with_path) for game_id, with_path in jobs]
    assert len(pure) == len(here) == len(puzzles)
    assert {row[0] for row in here} >= {"trivial", "basic", "hard"}
    wrong = [game_id for (game_id, _), a, b in zip(jobs, here, pure, strict=True) if a != b]
    assert not wrong, wrong


def test_deductions_keep_their_technique_and_pickle_with_their_sentence():
    """The advanced techniques' deductions carry their Technique (a compiled field typed int would make it a plain
    int, and change their repr); a deduction pickles whole, its sentence made, compiled or not."""
    puzzle = next(p for p in (proper_layout(7, random.Random(seed))[0] for seed in range(50))
                  if grade(p).level >= 2)
    made = grade(puzzle, verdict=PROPER, keep_deductions=True).deductions
    advanced = [d for d in made if d.rule >= 8]
    assert advanced and all(type(d.rule) is Technique for d in advanced)
    assert all(repr(d).startswith(f"Deduction(rule={d.rule!r}, ") for d in made)
    again = pickle.loads(pickle.dumps(made))
    assert again == made and [repr(d) for d in again] == [repr(d) for d in made]
    assert [type(d.rule) for d in again] == [type(d.rule) for d in made]


_CORE = native.counter_core()


@pytest.mark.skipif(
    _CORE is None or not native._in_checkout(_CORE.__file__),
    reason="the counter's C core is not built here, or not in a checkout (no source to go stale against)",
)
def test_a_counter_core_older_than_its_c_source_is_not_used(monkeypatch):
    """An editable checkout whose ``_counter.c`` was edited since the build runs the Python search, with a
    warning to rebuild (a stale core would walk a search the source no longer describes)."""
    real = os.path.getmtime
    monkeypatch.setattr(os.path, "getmtime", lambda p: real(p) + (1e6 if p.endswith("_counter.c") else 0))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert native.counter_core() is None
    assert any("older than" in str(w.message) for w in caught)
