"""Benchmark of the generator's hot path: proving a puzzle proper by counting its solutions up to 2.

Targets (from the issue), median per puzzle on the 2-core project machine, pure Python:
order 6 <= 2 ms, order 9 <= 5 ms, order 15 <= 30 ms, order 30 <= 300 ms, peak memory under 200 MB, and within
3x of python-sat's Minisat 2.2 on the same puzzles, timed in the same run.

What is timed, and why:

- Ours: building a fresh ``Puzzle`` (it validates and derives its tables, as the generator does for every
  candidate) and ``count_solutions(puzzle, 2)``, with the per-puzzle ``tables_for`` cache cleared first, because a
  generator never counts the same puzzle twice. The board's own tables stay warm: every candidate of one order
  shares one board in the real generator.
- Theirs: the same fresh ``Puzzle``, the CNF encoding, building the Minisat 2.2 solver, one solve, a blocking
  clause, and a second solve that must be UNSAT. That is the whole cost a generator using Minisat would pay.
- Generating the puzzle set is not timed in the table (its duration is printed separately).

Peak memory is measured in a fresh subprocess (``ru_maxrss`` of a process that only imports the engine and
counts), so the interpreter's state and this script's puzzle set do not pollute it; ``tracemalloc`` runs there
in a separate pass, never in a timed run, because it slows allocation several times over.

Run ``python bench/bench_uniqueness.py --help`` for the options; ``pip install python-sat`` first for the
comparison (it is the benchmark's own dependency, not the project's).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import json
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from old_revision import forget_tables, old_package, run_side

from dominosa.deductions import count_solutions
from dominosa.generator.proper import proper_layout
from dominosa.native import build_description
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

try:  # The comparison is optional: the project itself never depends on python-sat.
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Minisat22

    HAVE_PYSAT = True
except ImportError:  # pragma: no cover - depends on the environment
    HAVE_PYSAT = False

T = TypeVar("T")

# The clock every figure is read from: the wall clock, or with --cpu this process's CPU time (C code run by
# python-sat in this process counts too), which other users of a busy shared machine disturb far less.
CLOCK: list[Callable[[], float]] = [time.perf_counter]

# Median ms per puzzle the issue asks for, by order.
TARGET_MS: dict[int, float] = {6: 2.0, 9: 5.0, 15: 30.0, 30: 300.0}
TARGET_RATIO = 3.0
TARGET_PEAK_MB = 200.0

# The encodings worth comparing for "exactly one" in Minisat (which has no native cardinality constraints).
ENCODINGS = ("pairwise", "seqcounter", "ladder", "totalizer", "bitwise", "mixed")
# Chosen by measurement (--compare-encodings): pairwise. A cell has at most 4 pairs and a domino of a random
# double-n layout averages under 4 placements, so pairwise needs no auxiliary variables and the fewest clauses;
# the others add variables that cost Minisat propagation work and cost us Python-side encoding time.
DEFAULT_ENCODING = "pairwise"
# "mixed": pairwise up to this many literals, sequential counter above (the usual crossover is around 5-6).
MIXED_PAIRWISE_MAX = 5


# -- the puzzle set --------------------------------------------------------------------------------------------


@dataclass
class Case:
    """One proper puzzle of the set, with the hidden solution it was generated from (for the agreement check)."""

    order: int
    index: int
    puzzle: Puzzle
    truth: Solution


def puzzle_rng(seed: int, order: int, index: int) -> random.Random:
    """An rng of its own for each puzzle, so that --quick's puzzles are the first ones of the default set and a
    change in one puzzle's generation never shifts the others. String seeds are hashed deterministically."""
    return random.Random(f"bench-uniqueness:{seed}:{order}:{index}")


def make_cases(order: int, count: int, seed: int) -> list[Case]:
    """``count`` proper puzzles of ``order``, made exactly as the generator makes them (its default repair and
    search budgets), so the set is the distribution the hot path really sees. Only ``rng`` is passed on purpose:
    the set must not depend on options that may change."""
    cases = []
    for i in range(count):
        puzzle, truth = proper_layout(order, puzzle_rng(seed, order, i))
        cases.append(Case(order, i, puzzle, truth))
    return cases


def fresh(p: Puzzle) -> Puzzle:
    """A new Puzzle equal to ``p``: its cached_property tables start empty and validation runs again."""
    return Puzzle(p.board, p.numbers, p.dominoes, p.clues)


# -- ours ------------------------------------------------------------------------------------------------------


def count_ours(p: Puzzle) -> tuple[int, bool, int]:
    """One timed unit of our hot path: (count, complete, search nodes)."""
    forget_tables()
    q = fresh(p)
    r = count_solutions(q, 2)
    return r.count, r.complete, r.stats.nodes


# -- theirs: python-sat ----------------------------------------------------------------------------------------


def _exactly_one(lits: list[int], top: int, encoding: str) -> tuple[list[list[int]], int]:
    """Clauses saying exactly one of ``lits`` is true, and the new top variable id.

    Pairwise is written out here: it needs no auxiliary variables, and building it in Python is cheaper than a
    round trip through pysat's C encoder for lists this short. The others go through ``CardEnc.equals``.
    """
    n = len(lits)
    if n == 1:
        return [[lits[0]]], top
    if encoding == "pairwise" or (encoding == "mixed" and n <= MIXED_PAIRWISE_MAX):
        clauses = [lits]
        for i in range(n - 1):
            a = -lits[i]
            for j in range(i + 1, n):
                clauses.append([a, -lits[j]])
        return clauses, top
    kind = EncType.seqcounter if encoding == "mixed" else getattr(EncType, encoding)
    cnf = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=kind)
    return cnf.clauses, max(top, cnf.nv)


def encode(p: Puzzle, encoding: str) -> tuple[list[list[int]], list[int]]:
    """The CNF of a puzzle: one variable per pair showing a domino of the set (pair index + 1), exactly one per
    cell over its pairs, exactly one per domino over its placements, a unit clause per clue.

    Returns the clauses and, per variable, its pair index (variables are numbered 1..len(var_pair)).
    """
    pd = p.pair_domino
    var_pair = [q for q, d in enumerate(pd) if d >= 0]
    var_of = {q: v for v, q in enumerate(var_pair, 1)}
    top = len(var_pair)
    clauses: list[list[int]] = []
    for pairs in p.board.cell_pairs:
        lits = [var_of[q] for q in pairs if pd[q] >= 0]
        if not lits:
            return [[]], var_pair  # a cell no domino of the set can cover: unsatisfiable
        more, top = _exactly_one(lits, top, encoding)
        clauses += more
    for pairs in p.placements:
        if not pairs:
            return [[]], var_pair
        more, top = _exactly_one([var_of[q] for q in pairs], top, encoding)
        clauses += more
    for q in p.clue_pairs:
        clauses.append([var_of[q]])
    return clauses, var_pair


def count_minisat(p: Puzzle, encoding: str) -> tuple[int, list[int], tuple[float, float, float]]:
    """One timed unit of theirs: count to 2 with Minisat 2.2.

    Returns the count, the first model's pairs, and the seconds spent in (fresh Puzzle + encoding, building the
    solver, the two solves) so the report can say where Minisat's time goes; reading the clock costs well under
    a microsecond, far below what is measured.
    """
    t0 = CLOCK[0]()
    q = fresh(p)
    clauses, var_pair = encode(q, encoding)
    n = len(var_pair)
    t1 = CLOCK[0]()
    with Minisat22(bootstrap_with=clauses) as solver:
        t2 = CLOCK[0]()
        if not solver.solve():
            return 0, [], (t1 - t0, t2 - t1, CLOCK[0]() - t2)
        model = solver.get_model()
        chosen = [v for v in model[:n] if v > 0]
        solver.add_clause([-v for v in chosen])
        count = 2 if solver.solve() else 1
        t3 = CLOCK[0]()
    return count, [var_pair[v - 1] for v in chosen], (t1 - t0, t2 - t1, t3 - t2)


# -- timing ----------------------------------------------------------------------------------------------------


def time_once(fn: Callable[..., T], *args: object) -> tuple[float, T]:
    """Seconds one call takes. The garbage of earlier runs is collected first so that it is not billed to this
    one; the collector stays on during the run, as it is in the generator."""
    gc.collect()
    t0 = CLOCK[0]()
    out = fn(*args)
    return CLOCK[0]() - t0, out


@dataclass
class OrderResult:
    """Per-puzzle medians (seconds) and facts of one order."""

    order: int
    ours: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    phases: list[tuple[float, float, float]] = field(default_factory=list)
    build: list[float] = field(default_factory=list)


def median_ours(p: Puzzle, repeats: int, name: str) -> tuple[float, int]:
    """Median seconds of :func:`count_ours` on ``p`` over ``repeats`` runs, and its search nodes; stops the
    benchmark if the count is not exactly one."""
    runs = []
    for _ in range(repeats):
        dt, (count, complete, nodes) = time_once(count_ours, p)
        if count != 1 or not complete:
            raise SystemExit(f"DISAGREEMENT: ours counts {count} (complete={complete}) on proper {name}")
        runs.append(dt)
    return statistics.median(runs), nodes


def bench_order(cases: Sequence[Case], repeats: int, encoding: str | None) -> OrderResult:
    """Time ours (and Minisat, unless ``encoding`` is None) on every case; fail loudly on any disagreement."""
    res = OrderResult(cases[0].order)
    for case in cases:
        p = case.puzzle
        name = f"order {case.order} puzzle #{case.index}"
        median, nodes = median_ours(p, repeats, name)
        res.ours.append(median)
        res.nodes.append(nodes)
        res.build.append(statistics.median(time_once(fresh, p)[0] for _ in range(repeats)))
        if encoding is None:
            continue
        runs, phases = [], []
        for _ in range(repeats):
            dt, (count, model_pairs, split) = time_once(count_minisat, p, encoding)
            if count != 1:
                raise SystemExit(f"DISAGREEMENT: minisat counts {count}, ours 1, on {name}")
            runs.append(dt)
            phases.append(split)
        if sorted(model_pairs) != list(case.truth.pairs(p.board)):
            raise SystemExit(f"DISAGREEMENT: minisat's only solution of {name} is not the generated layout")
        res.theirs.append(statistics.median(runs))
        res.phases.append(tuple(statistics.median(ph[i] for ph in phases) for i in range(3)))  # type: ignore[arg-type]
    return res


def compare_encodings(cases_by_order: dict[int, list[Case]], repeats: int) -> None:
    """Median Minisat time per order for each encoding, to justify DEFAULT_ENCODING.

    The encodings take turns within each repeat (rather than one encoding's runs back to back), so that a burst
    of load from other users of this shared machine hits them all alike.
    """
    orders = sorted(cases_by_order)
    table: dict[str, list[str]] = {e: [] for e in ENCODINGS}
    for order in orders:
        cases = cases_by_order[order]
        runs: dict[str, list[list[tuple[float, float, float]]]] = {e: [[] for _ in cases] for e in ENCODINGS}
        for _ in range(repeats):
            for i, c in enumerate(cases):
                for enc in ENCODINGS:
                    runs[enc][i].append(count_minisat(c.puzzle, enc)[2])
        for enc in ENCODINGS:
            totals = [statistics.median(sum(r) for r in rs) for rs in runs[enc]]
            solves = [statistics.median(r[2] for r in rs) for rs in runs[enc]]
            table[enc].append(f"{1000 * statistics.median(totals):.2f} / {1000 * statistics.median(solves):.2f}")
    print("\nMinisat 2.2 by 'exactly one' encoding, median ms per puzzle: whole count to 2 / the two solves alone")
    print(f"{'encoding':<11}" + "".join(f"{'order ' + str(o):>18}" for o in orders))
    for enc in ENCODINGS:
        print(f"{enc:<11}" + "".join(f"{cell:>18}" for cell in table[enc]))


# -- memory (in a child process) -------------------------------------------------------------------------------


def _puzzle_data(p: Puzzle) -> dict:
    """Plain data for the child process (no pickled engine objects, so nothing precomputed crosses over)."""
    return {"cells": p.board.cells, "numbers": p.numbers, "dominoes": p.dominoes, "clues": p.clues}


def _read_puzzle_data(data: list[dict]) -> list[Puzzle]:
    from dominosa.board import Board

    return [
        Puzzle(
            Board.from_cells(tuple(map(tuple, d["cells"]))),
            tuple(d["numbers"]),
            tuple(map(tuple, d["dominoes"])),
            tuple((tuple(a), tuple(b)) for a, b in d["clues"]),
        )
        for d in data
    ]


def timing_child(repeats: int, site: str) -> None:
    """Entry point of the ``--against`` subprocess: this script run on another revision's package (``site``,
    first on ``PYTHONPATH``); times :func:`count_ours` on the puzzles read as JSON on stdin, as
    :func:`bench_order` does, and prints the median seconds of each."""
    import dominosa

    assert not site or dominosa.__file__.startswith(site), f"the old code was not imported: {dominosa.__file__}"
    puzzles = _read_puzzle_data(json.load(sys.stdin))
    for p in puzzles:  # the board's tables warm, as making the puzzles left them in the parent
        count_ours(p)
    json.dump([median_ours(p, repeats, f"puzzle #{k} (code in {site or 'this checkout'})")[0]
               for k, p in enumerate(puzzles)], sys.stdout)


def time_in_child(site: Path | None, cases: Sequence[Case], repeats: int) -> list[float]:
    """Median seconds per puzzle of ``cases`` in a fresh process (see :func:`timing_child`), by the code in
    ``site`` or, when None, by this checkout's: both sides of ``--against`` are timed alike."""
    out = run_side(
        site,
        [os.path.abspath(__file__), "--timing-child", str(repeats), str(site or ""),
         *(["--cpu"] if CLOCK[0] is time.process_time else [])],
        cwd=None if site is None else site.parent,
        input=json.dumps([_puzzle_data(c.puzzle) for c in cases]),
    )
    return json.loads(out)


def memory_child() -> None:
    """Entry point of the memory subprocess: read puzzles as JSON on stdin, print peak figures as JSON.

    ``ru_maxrss`` is the high-water mark of the whole process, so the baseline is taken after imports and after
    rebuilding the puzzles; the tracemalloc pass comes last so that its own records cannot raise the RSS
    figure of the plain pass.
    """
    puzzles = _read_puzzle_data(json.load(sys.stdin))
    gc.collect()
    base_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for p in puzzles:
        count_ours(p)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    traced = 0
    for p in puzzles:
        gc.collect()
        tracemalloc.start()
        count_ours(p)
        traced = max(traced, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    json.dump({"base_kb": base_kb, "peak_kb": peak_kb, "traced_peak_bytes": traced}, sys.stdout)


def measure_memory(cases: Sequence[Case]) -> dict:
    """Run :func:`memory_child` in a fresh interpreter over ``cases``."""
    out = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--memory-child"],
        input=json.dumps([_puzzle_data(c.puzzle) for c in cases]),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


# -- profile ---------------------------------------------------------------------------------------------------


def profile_order(cases: Sequence[Case], top: int = 15) -> None:
    """cProfile over one count of each puzzle (same unit as the timed runs), top functions two ways."""
    prof = cProfile.Profile()
    for c in cases:
        prof.runcall(count_ours, c.puzzle)
    stats = pstats.Stats(prof, stream=sys.stdout)
    stats.strip_dirs()
    print(f"\n== cProfile, order {cases[0].order}, {len(cases)} puzzles, top {top} by cumulative time ==")
    stats.sort_stats("cumulative").print_stats(top)
    print(f"== top {top} by own (total) time ==")
    stats.sort_stats("tottime").print_stats(top)


def engine_fingerprint() -> str:
    """A short hash of the engine's source files, printed with every run: the tree changes under benchmarks,
    and two runs are only comparable when they timed the same code. (Read from the files, not from git, so that
    it also covers uncommitted edits and never touches the repository's state.)"""
    import dominosa.deductions as deductions
    import dominosa.generator as generator

    h = hashlib.sha256()
    for pkg in (deductions, generator):
        folder = os.path.dirname(os.path.abspath(pkg.__file__ or ""))
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                with open(os.path.join(folder, name), "rb") as f:
                    h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()[:12]


# -- main ------------------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--orders", default="6,9,15,30", help="comma-separated orders (default 6,9,15,30)")
    ap.add_argument("--puzzles", type=int, help="puzzles per order (default 15, or 9 for orders above 15)")
    ap.add_argument("--quick", action="store_true", help="5 puzzles per order (3 above order 15)")
    ap.add_argument("--repeats", type=int, default=5, help="timed runs per puzzle; the median is kept (default 5)")
    ap.add_argument("--seed", type=int, default=2026, help="seed of the puzzle set (default 2026)")
    ap.add_argument("--no-sat", action="store_true", help="skip the python-sat comparison")
    ap.add_argument(
        "--sat-encoding", default=DEFAULT_ENCODING, choices=ENCODINGS, help="'exactly one' encoding for Minisat"
    )
    ap.add_argument("--compare-encodings", action="store_true", help="also time Minisat with every encoding")
    ap.add_argument("--no-memory", action="store_true", help="skip the peak-memory subprocess")
    ap.add_argument("--profile", type=int, metavar="ORDER", help="only profile our counts of this order's puzzles")
    ap.add_argument("--strict", action="store_true", help="exit 1 if any target is missed")
    ap.add_argument(
        "--against",
        metavar="REV",
        help="also time the same counts by a git revision's code (e.g. main), unpacked to a temporary folder",
    )
    ap.add_argument("--rounds", type=int, default=3, help="with --against: rounds of new then old (default 3)")
    ap.add_argument("--compiled", action="store_true",
                    help="with --against: build the revision (pip wheel, mypyc) and time its compiled engine")
    ap.add_argument("--cpu", action="store_true", help="time CPU time, not the wall clock (for a busy machine)")
    ap.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--timing-child", nargs=2, metavar=("REPEATS", "SITE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    args.orders = [int(o) for o in args.orders.split(",") if o.strip()]
    if args.profile is not None:
        args.orders = [args.profile]
    return args


def puzzles_for(order: int, args: argparse.Namespace) -> int:
    if args.puzzles is not None:
        return args.puzzles
    if args.quick:
        return 5 if order <= 15 else 3
    return 15 if order <= 15 else 9


def _print_counts(results: list[OrderResult], use_sat: bool, sat_encoding: str) -> bool:
    """The table of counts to 2, order by order, beside minisat's when it ran; whether a target was missed."""
    missed = False
    print()
    enc_note = f"minisat = python-sat Minisat22, {sat_encoding} encoding" if use_sat else "minisat: not run"
    print(f"Count to 2 (prove proper), median ms per puzzle; ours = fresh Puzzle + count_solutions; {enc_note}")
    head = (
        f"{'order':>5} {'puzzles':>7} {'ours ms':>9} {'target':>7} {'':>4} {'worst ms':>9} {'nodes':>8} "
        f"{'puzzle ms':>9} {'minisat ms':>10} {'ours/minisat':>12}"
    )
    print(head)
    print("-" * len(head))
    for r in results:
        ours = 1000 * statistics.median(r.ours)
        target = TARGET_MS.get(r.order)
        ok = target is None or ours <= target
        missed |= not ok
        verdict = "" if target is None else ("pass" if ok else "FAIL")
        line = (
            f"{r.order:>5} {len(r.ours):>7} {ours:>9.2f} {target if target is not None else '-':>7} {verdict:>4} "
            f"{1000 * max(r.ours):>9.2f} {statistics.mean(r.nodes):>8.1f} {1000 * statistics.median(r.build):>9.2f}"
        )
        if r.theirs:
            theirs = 1000 * statistics.median(r.theirs)
            ratio = ours / theirs
            missed |= ratio > TARGET_RATIO
            line += f" {theirs:>10.2f} {ratio:>11.2f}x" + ("" if ratio <= TARGET_RATIO else " FAIL")
        else:
            line += f" {'-':>10} {'-':>12}"
        print(line)
    print(
        "(nodes: mean search nodes per puzzle; puzzle ms: median cost of just building the fresh Puzzle, included in"
        f" both columns; ratio target <= {TARGET_RATIO:g}x)"
    )
    return missed


def _print_memory(big: int, cases: list[Case]) -> bool:
    """The peak memory of counting the largest order's puzzles in a fresh process; whether it missed its target."""
    mem = measure_memory(cases)
    peak_mb = mem["peak_kb"] / 1024
    grew_mb = (mem["peak_kb"] - mem["base_kb"]) / 1024
    traced_mb = mem["traced_peak_bytes"] / 2**20
    ok = peak_mb < TARGET_PEAK_MB
    print(
        f"\npeak memory, order {big} ({len(cases)} puzzles, fresh process): "
        f"max RSS {peak_mb:.1f} MB ({'pass' if ok else 'FAIL'} < {TARGET_PEAK_MB:g} MB), "
        f"{grew_mb:.1f} MB above the baseline after imports; tracemalloc peak of one count {traced_mb:.2f} MB"
    )
    return not ok


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.cpu:
        CLOCK[0] = time.process_time
    if args.memory_child:
        memory_child()
        return 0
    if args.timing_child:
        timing_child(int(args.timing_child[0]), args.timing_child[1])
        return 0
    use_sat = HAVE_PYSAT and not args.no_sat
    load = os.getloadavg()
    print(
        f"bench_uniqueness: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; seed {args.seed}, {args.repeats} repeats; "
        f"engine sources {engine_fingerprint()}; {'CPU time' if args.cpu else 'wall clock'}"
    )
    print(f"this checkout's engine: {build_description()} (DOMINOSA_PURE_PYTHON=1 times the pure-Python sources)")
    if not HAVE_PYSAT and not args.no_sat:
        print("python-sat is not installed: timing ours only. For the comparison: pip install python-sat")

    cases_by_order: dict[int, list[Case]] = {}
    for order in args.orders:
        n = puzzles_for(order, args)
        t0 = time.perf_counter()
        cases_by_order[order] = make_cases(order, n, args.seed)
        print(f"made {n} proper puzzles of order {order} in {time.perf_counter() - t0:.2f} s (not timed below)")

    if args.profile is not None:
        profile_order(cases_by_order[args.profile])
        return 0

    results = []
    old: dict[int, list[float]] = {}
    new: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-uniqueness-") as folder:
        site = old_package(args.against, Path(folder), compiled=args.compiled) if args.against else None
        for order in args.orders:  # old right after new, order by order, so both meet the same load
            results.append(bench_order(cases_by_order[order], args.repeats, args.sat_encoding if use_sat else None))
            if site is not None:  # rounds of new then old; each puzzle's best round, the least disturbed by load
                rounds = [(time_in_child(None, cases_by_order[order], args.repeats),
                           time_in_child(site, cases_by_order[order], args.repeats)) for _ in range(args.rounds)]
                new[order] = [min(column) for column in zip(*(r[0] for r in rounds), strict=True)]
                old[order] = [min(column) for column in zip(*(r[1] for r in rounds), strict=True)]

    missed = _print_counts(results, use_sat, args.sat_encoding)
    if old:
        how = "its compiled build" if args.compiled else "its pure-Python sources"
        print(f"\nthis code against {args.against} ({how}, in a temporary folder), each in a fresh process, one "
              f"right after the other, on the same puzzles, {args.rounds} rounds; median over the puzzles of each "
              "puzzle's best round, in ms")
        for r in results:
            ours, before = 1000 * statistics.median(new[r.order]), 1000 * statistics.median(old[r.order])
            print(f"  order {r.order:>2}: ours {ours:8.2f}  {args.against} {before:8.2f}  "
                  f"ratio new/old {ours / before:5.2f}x")
    if use_sat:
        print("where minisat's time goes (median ms): puzzle + encode in Python | build the solver | the two solves")
        for r in results:
            enc_ms, build_ms, solve_ms = (1000 * statistics.median(ph[k] for ph in r.phases) for k in range(3))
            print(f"  order {r.order:>2}: {enc_ms:.2f} | {build_ms:.2f} | {solve_ms:.2f}")
        print("agreement: ours and minisat both count exactly 1 on every puzzle, and minisat's solution is the layout")

    if not args.no_memory:
        missed |= _print_memory(max(args.orders), cases_by_order[max(args.orders)])

    if args.compare_encodings and use_sat:
        compare_encodings(cases_by_order, args.repeats)

    return 1 if (missed and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
