"""``dominosa hint``: the next deduction from a partly solved position, as vague or as full as you like.

The hint is the deduction grading would make next: the consequences of what is already decided (rules 2 and 3)
are drawn silently, then the first deduction of the easiest technique that makes progress is given. A position
that contradicts the puzzle's solution is reported as such (exit code 1), since no hint can help there.
"""

from __future__ import annotations

import argparse
import os
import re
from typing import Any

from dominosa.board import cell_name
from dominosa.cli.common import (
    add_format_argument,
    add_puzzle_arguments,
    emphasis,
    numbered,
    print_json,
    print_text,
)
from dominosa.cli.timeout import add_timeout_argument, limits_whole_run
from dominosa.cli.usage import UsageError
from dominosa.deductions import (
    CONSISTENT,
    GRADES,
    Deduction,
    Hint,
    PositionCheck,
    SolvingState,
    Technique,
    check_position,
    position_hint,
)
from dominosa.formats import draw_solution, puzzle_to_dict, read_example
from dominosa.formats.drawing import Emphasis
from dominosa.formats.positions import PositionRecord, read_positions
from dominosa.formats.reader import read_input_text
from dominosa.puzzle import Puzzle

__all__ = ["register", "run", "read_inputs", "hint_json", "hint_text", "LEVELS", "EXIT_CONTRADICTION"]

# How much a hint says: 1 = where to look, 2 = the technique and the cells it uses, 3 = the whole deduction.
LEVELS = (1, 2, 3)
EXIT_CONTRADICTION = 1
# An argument like 3:2222... that names no file is a game ID typed on the command line (as for every command).
_INLINE_GAME_ID = re.compile(r"\d+[A-Za-z]*[:#]\S*")

EPILOG = """\
examples:
  dominosa hint --example
      the first deduction to make in the double-6 puzzle that comes with dominosa
  dominosa hint position.txt --vague
      only the technique and the cells to look at, not what follows
  dominosa hint position.txt --detail 1
      only where to look
  dominosa hint position.json --format json
      rule, technique, reason, joins, splits and cells (0-based) as JSON

Files of your own in these examples: position.txt, position.json.

A position is a puzzle with some pairs decided. As text: the puzzle (a plain
grid, its clues after a '-' line as usual), then a '+' line and the dominoes
you placed, then a '=' line and the pairs you ruled out, both as pairs of
cells, rows and columns from 1:

    22223
    10101
    23301
    03310
    +
    r1c1-r2c1
    =
    r1c2-r2c2 r3c4-r4c4

As JSON: the puzzle's JSON with "joined" and "split" lists of pairs of
0-based cells: {"grid": [[2,2,2,2,3], ...], "joined": [[[0,0],[1,0]]],
"split": [[[0,1],[1,1]]]}. A bare puzzle (any format) is a hint from the
start. If the position contradicts the puzzle's solution, the command says so
and exits with code 1.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``hint`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "hint",
        help="the next easiest deduction from a partly solved position",
        description="Give the next easiest deduction from a partly solved position (or from the start):\n"
        "the technique, the deduction in one sentence, and the board as it stands.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    how = parser.add_mutually_exclusive_group()
    # --detail, not --level: a level is a grade's rank everywhere else (rate's JSON); --level still works, unlisted.
    how.add_argument(
        "--detail",
        dest="level",
        type=int,
        choices=LEVELS,
        default=3,
        help="how much to say: 1 where to look, 2 the technique and its cells, 3 everything (the default)",
    )
    how.add_argument("--level", dest="level", type=int, choices=LEVELS, help=argparse.SUPPRESS)
    how.add_argument("--vague", action="store_const", const=2, dest="level", help="the same as --detail 2")
    add_format_argument(parser)
    add_timeout_argument(parser, whole_run="the hints printed so far stand")
    parser.set_defaults(run=run)


def read_inputs(args: argparse.Namespace) -> list[PositionRecord]:
    """Every position named, in order, all read and checked before any work (like the common reader)."""
    positions: list[PositionRecord] = []
    if getattr(args, "example", None):
        positions.extend(PositionRecord(record) for record in read_example(args.example))
    for name in args.files:
        if name != "-" and _INLINE_GAME_ID.fullmatch(name) and not os.path.exists(name):
            positions.extend(read_positions(name, "command line"))
        else:
            positions.extend(read_positions(*read_input_text(name, max_bytes=args.max_input)))
    if not positions:
        raise UsageError("no puzzle given: name a FILE (- for standard input), a game ID, or use --example")
    return positions


@limits_whole_run("no more hints given")
def run(args: argparse.Namespace) -> int:
    """A hint for every position named; exit code 1 when any position contradicts its puzzle, else 0."""
    positions = read_inputs(args)
    code = 0
    for k, position in enumerate(positions):
        check = check_position(position)
        if check.contradicts:
            code = EXIT_CONTRADICTION
            hint = None
        else:
            hint = position_hint(position)
        if args.format == "json":
            print_json(hint_json(position, hint, check, level=args.level))
        else:
            text = hint_text(
                position, hint, check, level=args.level, index=k + 1, total=len(positions), marks=emphasis()
            )
            print_text(("\n" if k else "") + text)
    return code


def _pair_cells(puzzle: Puzzle, pairs: tuple[int, ...] | list[int]) -> list[list[list[int]]]:
    return [[list(a), list(b)] for a, b in (puzzle.board.pair_cells(q) for q in pairs)]


def _cells(puzzle: Puzzle, deduction: Deduction) -> list[tuple[int, int]]:
    return [puzzle.board.cells[x] for x in deduction.cells]


def _named_cells(puzzle: Puzzle, deduction: Deduction, level: int) -> list[tuple[int, int]]:
    """The cells the hint names: at level 1 only the first, so that the hint points without telling."""
    cells = _cells(puzzle, deduction)
    return cells[:1] if level == 1 else cells


def _where(cells: list[tuple[int, int]], marks: Emphasis) -> str:
    """The cells to look at in words ('r1c1 and r2c1'), and how the board below shows them."""
    names = [cell_name(c) for c in cells]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed} ({'highlighted' if marks == 'ansi' else 'in brackets'} on the board)"


def _board(position: PositionRecord, state: SolvingState, marked: list[tuple[int, int]], marks: Emphasis) -> str:
    """The position as it stands once the bookkeeping is drawn: placed dominoes, walls where pairs are split, and
    the cells the hint names marked."""
    puzzle = position.puzzle
    joined = [puzzle.board.pair_cells(q) for q in state.joined_pairs()]
    split = [puzzle.board.pair_cells(q) for q in state.split_pairs()]
    return draw_solution(puzzle, joined=joined, split=split, marked=marked, emphasis=marks)


def hint_text(
    position: PositionRecord,
    hint: Hint | None,
    check: PositionCheck,
    *,
    level: int = 3,
    index: int = 1,
    total: int = 1,
    marks: Emphasis = "brackets",
) -> str:
    """The hint for people: what to look at (and, at level 3, what follows), then the board with the cells the
    hint names marked (``marks``: in brackets, or bold reverse video on a terminal).

    ``hint`` is None when the position contradicts the puzzle: then the pairs that are wrong are listed
    instead, since they, not a next step, are what the asker needs.
    """
    head = f"{numbered('position', index, total)}: {position.record.location}"
    if hint is None:
        return "\n".join([f"{head}: {check.why}", *(f"  {m}" for m in check.mistakes)])
    lines = [head + (" (the start)" if position.is_start else "")]
    if check.status != CONSISTENT:
        lines.append(f"note: {check.why}")
    d = hint.deduction
    marked: list[tuple[int, int]] = []
    if hint.solved:
        lines.append("the position is solved: nothing is left to deduce")
    elif d is None:
        lines.append("no technique applies to this position")
    else:
        technique = Technique(d.rule)
        marked = _named_cells(position.puzzle, d, level)
        if level == 1:
            lines.append(f"hint: look at {_where(marked, marks)}")
        elif level == 2:
            lines.append(f"hint: {technique.label} ({GRADES[technique.level]}), at {_where(marked, marks)}")
        else:
            lines.append(f"hint: {technique.label} ({GRADES[technique.level]}), at {_where(marked, marks)}")
            lines.append(f"  {d.reason}")
            if hint.forced:
                lines.append("already forced by the position (no hint needed):")
                lines.extend(f"  {f.reason}" for f in hint.forced)
    lines.append(_board(position, hint.state, marked, marks))
    return "\n".join(lines)


def hint_json(position: PositionRecord, hint: Hint | None, check: PositionCheck, *, level: int = 3) -> dict[str, Any]:
    """The hint for programs; fields that would say more than ``level`` allows are left out.

    ``status`` is "hint", "solved", "stuck" (no technique applies) or "contradiction" (with ``message`` and
    ``mistakes``); ``check`` says what the comparison with the puzzle's solution found: consistent, several,
    contradicts or unknown.
    """
    puzzle = position.puzzle
    out: dict[str, Any] = {"source": position.record.source, "line": position.record.line, "check": check.status}
    out.update(puzzle_to_dict(puzzle))  # the puzzle itself, so the output reads as input
    if hint is None:
        out.update(status="contradiction", message=check.why, mistakes=list(check.mistakes))
        return out
    d = hint.deduction
    if hint.solved or d is None:
        out["status"] = "solved" if hint.solved else "stuck"
        return out
    out.update(status="hint", detail=level)  # how much the hint says (``level`` is a grade, as rate has it)
    if level == 1:
        out["cells"] = [list(c) for c in _cells(puzzle, d)[:1]]
        return out
    technique = Technique(d.rule)
    out.update(rule=d.rule, technique=technique.label, tier=technique.level, cells=[list(c) for c in _cells(puzzle, d)])
    if level == 3:
        out.update(
            reason=d.reason,
            joins=_pair_cells(puzzle, d.joins),
            splits=_pair_cells(puzzle, d.splits + d.quiet_splits),
            forced=[pair for f in hint.forced for pair in _pair_cells(puzzle, f.joins)],
        )
    return out
