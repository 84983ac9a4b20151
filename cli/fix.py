"""``dominosa fix``: the fewest clues (or number swaps) that turn a hand-made grid into a proper puzzle.

For each puzzle: its verdict, and the smallest change that makes it proper, drawn on the board with one sentence
per clue or swap. The work is :func:`dominosa.generator.fixing.fix`; this module reads the arguments, bounds the
time, and prints. With ``--format json`` the object carries the fixed puzzle (``grid``, ``clues``), so it reads
as input to the next command (``dominosa fix x --format json | dominosa rate -``).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any

from dominosa.board import cell_name
from dominosa.cli.common import Inputs, add_format_argument, add_puzzle_arguments, numbered, print_json, print_text
from dominosa.cli.interrupts import finished
from dominosa.cli.timeout import TimedOut, add_timeout_argument, time_limit
from dominosa.cli.usage import UsageError
from dominosa.deductions import AMBIGUOUS, GRADES, NO_SOLUTION, PROPER, UNDECIDED_VERDICT
from dominosa.formats import PuzzleRecord, draw_solution, puzzle_to_dict
from dominosa.generator.fix_result import DEFAULT_CAP, Fix, FixProgress
from dominosa.generator.fix_search import article
from dominosa.generator.fix_swaps import MAX_SWAPS
from dominosa.generator.fixing import fix

__all__ = ["register", "run", "as_text", "as_json", "EXIT_NOT_FIXED"]

EXIT_NOT_FIXED = 1
"""The exit code when some puzzle could not be fixed as asked (not made proper, or not at the grade wanted)."""
# How much longer than --timeout the hard stop waits: the search watches the time itself and stops on it; the
# hard stop is for a single step (a count, a grading) that would run past it. The answer is then printed at once,
# within a second of --timeout.
_GRACE = 0.5

EPILOG = f"""\
examples:
  dominosa fix mygrid.txt
      an ambiguous grid: how many solutions, and the fewest clues that leave
      one (drawn on the board)
  dominosa fix mygrid.txt --swaps
      no clues: the fewest swaps of two cells' numbers that make it unique,
      every domino of the set still used once
  dominosa fix mygrid.txt --grade hard
      among the smallest fixes, one that grades hard; for a proper puzzle of
      another grade, the fewest swaps that keep it proper and make it hard
  dominosa fix mygrid.txt --keep 2
      keep the second solution (as 'dominosa solve --all' lists them)
  dominosa fix mygrid.txt --timeout 5 --format json | dominosa rate -
      the best fix found in 5 seconds, rated (the JSON carries it)
Files of your own in these examples: mygrid.txt.

A first fix is found fast (a unique clue set always, at any size), then made
smaller while time remains. It is proved the fewest:
- clues: when every solution could be listed (up to --cap, default
  {DEFAULT_CAP:,}, fewer on a board too big to hold that many) and the search
  finished: the fewest whichever solution is kept (or for --keep's). With only
  some listed, the clues are "proved the fewest that keep solution N" when the
  smallest set hitting every solution met leaves that one alone;
- swaps: when no fix of fewer swaps exists, searched through every count of
  swaps below (up to {MAX_SWAPS}) for every solution kept;
- any fix as small as the lower bound found ("at least N needed") is proved.
A grid with no solution gets the swap that gives it one (a single swap when
any does). Clues already on the board are kept and their cells never swapped.
--timeout stops the search and prints the best fix found so far within a second
of it, as Ctrl-C does at once; what was proved stays proved. The exit code is
1 when a puzzle could not be fixed as asked (not made unique, or not at
--grade), 130 after Ctrl-C (the best so far printed first).
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``fix`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "fix",
        help="the fewest clues or swaps that make a grid a proper puzzle (of a grade)",
        description="Make a hand-made grid a proper puzzle: the fewest clues (or number swaps) that leave\n"
        "exactly one solution, at the grade you want.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    parser.add_argument("--swaps", action="store_true", help="fix by swapping numbers instead of giving clues")
    parser.add_argument("--grade", choices=GRADES, help="aim at this grade")
    parser.add_argument(
        "--keep", type=int, metavar="N", help="keep solution N (as 'dominosa solve --all' numbers them)"
    )
    parser.add_argument(
        "--cap",
        type=int,
        default=DEFAULT_CAP,
        metavar="N",
        help=f"list at most this many solutions (default {DEFAULT_CAP:,}; fewer when they would not fit in memory);"
        " past it, only the fewest clues that keep one solution can be proved",
    )
    add_format_argument(parser)
    add_timeout_argument(parser, "the search for each puzzle's fix (the best found is given)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Fix every puzzle named, printing each as it is done; 1 when some could not be fixed as asked."""
    if args.keep is not None and args.keep < 1:
        raise UsageError(f"--keep counts solutions from 1, not {args.keep}")
    if args.cap < 2:
        raise UsageError(f"--cap must be at least 2, not {args.cap}")
    records = Inputs(args)
    code = 0
    finished(0, records.total)
    for k, record in enumerate(records):
        progress = FixProgress()
        interrupted = False
        try:
            found = _fix_within(record, args, progress)
        except KeyboardInterrupt:
            interrupted = True
            found = _stopped(record, progress)
        _print(record, found, args, index=k + 1, total=records.total)
        sys.stdout.flush()
        if interrupted:
            raise KeyboardInterrupt
        finished(k + 1, records.total)
        if not _as_asked(found, args):
            code = EXIT_NOT_FIXED
    return code


def _stopped(record: PuzzleRecord, progress: FixProgress) -> Fix:
    """The answer when the work is stopped from outside (Ctrl-C, the hard stop past --timeout): the best fix
    found so far, marked stopped (what it proved stays proved), or the verdict alone when none was found."""
    best = progress.best
    if best is None:
        note = "stopped before the solutions were counted: nothing found to give"
        return Fix(UNDECIDED_VERDICT, 0, False, record.puzzle, stopped=True, note=note)
    if not best.proper and best.note is None and best.verdict != PROPER:
        return dataclasses.replace(best, stopped=True, note="stopped before any fix was found")
    return dataclasses.replace(best, stopped=True)


def _fix_within(record: PuzzleRecord, args: argparse.Namespace, progress: FixProgress) -> Fix:
    hard = None if args.timeout is None else args.timeout + _GRACE
    try:
        with time_limit(hard):
            return fix(
                record.puzzle,
                keep=args.keep,
                grade=args.grade,
                swaps=args.swaps,
                cap=args.cap,
                timeout=args.timeout,
                progress=progress,
            )
    except ValueError as error:  # --keep beyond the solutions
        raise UsageError(f"{record.location}: {error}") from None
    except TimedOut:
        return _stopped(record, progress)


def _as_asked(found: Fix, args: argparse.Namespace) -> bool:
    return found.proper and (args.grade is None or found.grade == args.grade)


def _print(record: PuzzleRecord, found: Fix, args: argparse.Namespace, *, index: int, total: int | None) -> None:
    if args.format == "json":
        print_json(as_json(record, found))
    else:
        print_text(("\n" if index > 1 else "") + as_text(record, found, index=index, total=total))


# -- text -----------------------------------------------------------------------------------------------------


def _verdict_words(found: Fix) -> str:
    if found.verdict == PROPER:
        return "proper (exactly one solution)"
    if found.verdict == AMBIGUOUS:
        how_many = f"{found.solutions:,}" if found.complete else f"more than {found.solutions - 1:,}"
        return f"ambiguous: {how_many} solutions"
    if found.verdict == NO_SOLUTION:
        return "no solution"
    return "undecided: the count ran out of time"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _summary(found: Fix) -> str:
    """One line: what the fix is, whether it is proved the fewest, and the grade it gives."""
    grade = f"grades {found.grade}" if found.grade is not None else "grade not worked out in the time"
    if not found.clues and not found.swaps:
        if found.proper:
            return f"nothing to change: it {grade}"
        return "no fix found"
    what = _plural(len(found.clues), "clue") if found.clues else _plural(len(found.swaps), "swap")
    kept = f"solution {found.kept}" if found.kept is not None else "the solution"
    if found.minimal:
        proof = "proved the fewest"
    elif found.kept_minimal:
        proof = f"proved the fewest that keep {kept} (not every solution was tried as the one to keep)"
    elif found.lower_bound:
        proof = f"not proved the fewest (at least {found.lower_bound} needed)"
    else:
        proof = "not proved the fewest"
    keep = f"keeping solution {found.kept}, " if found.kept is not None and found.verdict == AMBIGUOUS else ""
    verb = "makes" if what.startswith("1 ") else "make"
    if found.proper and found.verdict == PROPER and found.grade is not None:
        # It was unique already: the swaps are for the grade.
        return f"{what} {verb} it {article(found.grade)} puzzle, still unique, {proof}"
    if found.proper:
        then = f"it then {grade}" if found.grade is not None else f"its {grade}"
        return f"{keep}{what} {verb} it unique, {proof}; {then}"
    need = f" (at least {found.lower_bound} needed)" if found.lower_bound else ""
    return f"{what} so far, not yet a fix: the puzzle is not proved unique{need}"


def _sentences(found: Fix) -> list[str]:
    numbers = dict(zip(found.puzzle.board.cells, found.puzzle.numbers, strict=True))
    lines = []
    for a, b in found.clues:
        low, high = sorted((numbers[a], numbers[b]))
        lines.append(f"Give the {low}-{high} as a clue at {cell_name(a)} and {cell_name(b)}.")
    for (a, b), (x, y) in zip(found.swaps, found.swapped, strict=True):
        lines.append(f"Swap the {x} at {cell_name(a)} with the {y} at {cell_name(b)}.")
    return lines


def as_text(record: PuzzleRecord, found: Fix, *, index: int = 1, total: int | None = 1) -> str:
    """The verdict, the fix in one line, the board with it drawn, and a sentence per clue or swap."""
    lines = [f"{numbered('puzzle', index, total)}: {record.location}: {_verdict_words(found)}"]
    lines.append("  " + _summary(found))
    if found.note:
        lines.append(f"  note: {found.note}")
    if found.stopped:
        lines.append("  stopped before the search finished: this is the best fix found so far")
    if found.clues or found.swaps:
        # changed cells in brackets, as hint marks the cells it names (the board's labels name them too)
        picture = draw_solution(found.puzzle, marked=found.cells_changed if found.swaps else ())
        legend = "clues in heavy lines" if found.clues else "changed cells in brackets"
        title = "the fixed puzzle" if found.proper else "the puzzle after them"
        lines.append(f"  {title} ({legend}):")
        lines.extend("    " + line for line in picture.splitlines())
        lines.extend("  " + sentence for sentence in _sentences(found))
    return "\n".join(lines)


def as_json(record: PuzzleRecord, found: Fix) -> dict[str, Any]:
    """The fix's JSON object: verdict, solutions, the clues to add (domino and cells), the swaps, minimal, grade...
    and ``puzzle``, the fixed puzzle (with its solution when proper), which the readers take as the line's puzzle:
    the line reads as input to the next command."""
    out: dict[str, Any] = {"source": record.source, "line": record.line, **found.to_dict()}
    out["puzzle"] = puzzle_to_dict(found.puzzle, found.solution)
    return out
