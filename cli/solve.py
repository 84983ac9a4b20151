"""``dominosa solve``: solve puzzles, say whether each has one solution, several or none, and show how.

By default the search stops at the second solution: enough to prove a puzzle proper (or not) quickly. ``--all``
counts every solution; ``--steps`` shows the deductions a person would make, in order.
"""

from __future__ import annotations

import argparse
from typing import Any

from dominosa.cli.common import Inputs, add_format_argument, add_puzzle_arguments, numbered, print_json, print_text
from dominosa.cli.timeout import positive_seconds
from dominosa.cli.usage import UsageError
from dominosa.deductions import CountResult, StepLog, Technique, count_solutions, solve_by_steps
from dominosa.formats import PuzzleRecord, draw_solution, puzzle_to_dict

__all__ = ["register", "run", "verdict"]

EPILOG = """\
examples:
  dominosa solve --example
      solve the double-6 puzzle that comes with dominosa and prove it has one solution
  dominosa solve 3:22223101012330103310 --all
      count every solution of a game ID
  dominosa solve puzzles.txt --format json
      one JSON object per puzzle: count, complete, unique, solutions (cells 0-based)
  dominosa solve --example --steps
      the deductions, one sentence each, in the order a person would make them

Files of your own in these examples: puzzles.txt.

The verdict is "unique" (one solution, proved), "N solutions" (with --all, or
"at least N" when the limit stopped the count) or "no solution". --timeout
stops a long search cleanly and says how far it got.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``solve`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "solve",
        help="solve puzzles and prove whether each has exactly one solution",
        description="Solve puzzles, count their solutions and draw them.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--all", action="store_true", help="count (and show) every solution")
    limit.add_argument(
        "--max-solutions",
        type=int,
        default=2,
        metavar="N",
        help="stop after N solutions (default 2: enough to prove a puzzle has only one)",
    )
    parser.add_argument("--steps", action="store_true", help="print the deductions, one sentence each")
    parser.add_argument(
        "--timeout", type=positive_seconds, metavar="SECONDS", help="give up on a puzzle after this many seconds"
    )
    add_format_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve every puzzle named; exit code 0 (bad input is 2, raised before any solving starts)."""
    if not args.all and args.max_solutions < 1:
        raise UsageError(f"--max-solutions must be at least 1, not {args.max_solutions}")
    records = Inputs(args)
    limit = None if args.all else args.max_solutions
    for k, record in enumerate(records):
        result = count_solutions(record.puzzle, limit, keep_solutions=True, timeout=args.timeout)
        log = solve_by_steps(record.puzzle) if args.steps else None
        if args.format == "json":
            print_json(as_json(record, result, log))
        else:
            text = as_text(record, result, log, index=k + 1, total=records.total, timeout=args.timeout)
            print_text(("\n" if k else "") + text)
    return 0


def verdict(result: CountResult, timeout: float | None = None) -> str:
    """One line saying what the count proved."""
    n = result.count
    if result.timed_out:
        found = "no solution" if n == 0 else f"{n} solution{'s' if n != 1 else ''}"
        return f"timed out after {timeout:g} s: {found} found so far, the search did not finish"
    if result.complete:
        if n == 0:
            return "no solution"
        return "unique: exactly one solution" if n == 1 else f"ambiguous: {n} solutions"
    return f"ambiguous: at least {n} solutions (the count stopped at {n})"


def as_text(
    record: PuzzleRecord,
    result: CountResult,
    log: StepLog | None,
    *,
    index: int = 1,
    total: int | None = 1,
    timeout: float | None = None,
) -> str:
    lines = [f"{numbered('puzzle', index, total)}: {record.location}: {verdict(result, timeout)}"]
    if log is not None:
        lines.extend(_steps_text(log))
    for k, solution in enumerate(result.solutions):
        if len(result.solutions) > 1:
            lines.append(f"solution {k + 1}:")
        lines.append(draw_solution(record.puzzle, solution))
    if record.solution is not None and result.solutions:
        agrees = any(s.placements == record.solution.placements for s in result.solutions)
        lines.append("the solution given in the input " + ("is among these" if agrees else "is a different one"))
    return "\n".join(lines)


def _steps_text(log: StepLog) -> list[str]:
    lines = ["deductions:"]
    shown = [d for d in log.deductions if d.joins or d.splits or d.quiet_splits]
    width = len(str(len(shown)))
    for k, d in enumerate(shown, 1):
        lines.append(f"  {k:>{width}}. [{Technique(d.rule).label}] {d.reason}")
    if log.contradiction:
        lines.append(f"  contradiction: {log.contradiction}")
    elif not log.solved:
        lines.append("  no rule applies any more: the puzzle is not solved by these deductions")
    return lines


def as_json(record: PuzzleRecord, result: CountResult, log: StepLog | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "source": record.source,
        "line": record.line,
        "count": result.count,
        "complete": result.complete,
        "unique": result.unique,
        "timed_out": result.timed_out,
        "solutions": [s.to_list() for s in result.solutions],
    }
    out.update(puzzle_to_dict(record.puzzle, result.solutions[0] if result.unique else None))  # reads as input
    if log is not None:
        out["deductions"] = [
            {"rule": d.rule, "technique": Technique(d.rule).label, "reason": d.reason}
            for d in log.deductions
            if d.joins or d.splits or d.quiet_splits
        ]
        out["solved_by_deductions"] = log.solved
    return out
