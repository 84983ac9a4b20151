"""``dominosa explain``: the shortest deduction path of a puzzle, as numbered steps in plain English.

Each step is one deduction a person makes (the bookkeeping of rules 2 and 3 is folded into the step that caused
it), named by its technique. ``--render`` draws every step: the position just before it, with the cells the
step looks at and the pairs it decides highlighted, so a solver can follow the path on paper.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from dominosa import rendering
from dominosa.board import cell_name
from dominosa.cli.common import (
    Inputs,
    add_format_argument,
    add_path_budget_argument,
    add_puzzle_arguments,
    numbered,
    plural,
    print_json,
    print_text,
)
from dominosa.cli.interrupts import finished
from dominosa.cli.rate import ClueSettlement, grade_words, path_proof, verdict_words
from dominosa.cli.timeout import EXIT_TIMED_OUT, TimedOut, add_timeout_argument, report_timed_out, time_limit
from dominosa.cli.usage import UsageError
from dominosa.deductions import DEFAULT_NODE_BUDGET, Deduction, Rating, SolvingState, Technique, rate, walk
from dominosa.dominoes import domino_name
from dominosa.formats import PuzzleRecord, puzzle_to_dict
from dominosa.puzzle import Placement, Puzzle
from dominosa.rendering.files import FORMATS

__all__ = ["register", "run", "as_text", "as_json", "step_json", "render_steps", "step_names"]

_STEP_FILE = re.compile(r"step-\d{3,}\.(png|svg|pdf)")

EPILOG = f"""\
examples:
  dominosa explain --example
      the double-6 puzzle that comes with dominosa, solved step by step
  dominosa explain puzzle.txt --render steps/
      also draw every step as steps/step-001.png, steps/step-002.png, ...
  dominosa explain puzzle.txt --render steps/ --render-format svg
      the same pictures as SVG
  dominosa explain puzzle.txt --format json
      the steps as JSON objects: rule, technique, reason, and the joins,
      splits and cells as [row, column] from 0

Files of your own in these examples: puzzle.txt.

The top says the grade, the score and whether the path is proved the
shortest (the search finished within --path-budget, default
{DEFAULT_NODE_BUDGET} positions). A puzzle with two or more solutions, or
none, has no path: the command says so and exits with code 0. Each picture
shows the position before its step, the step's cells and pairs highlighted.
With several puzzles, --render puts each puzzle's steps in a folder of its
own: DIR/puzzle-1/, DIR/puzzle-2/, ...
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``explain`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "explain",
        help="the shortest deduction path as numbered plain-English steps",
        description="Explain how to solve each puzzle: the shortest deduction path, one numbered sentence\n"
        "per step, with the grade and score at the top; optionally a picture of every step.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    add_path_budget_argument(
        parser, DEFAULT_NODE_BUDGET, f"positions the path search may expand per puzzle (default {DEFAULT_NODE_BUDGET})"
    )
    parser.add_argument("--render", metavar="DIR", help="draw every step as DIR/step-001.png, ...")
    parser.add_argument("--render-format", choices=FORMATS, default="png", help="the pictures' format (default png)")
    add_format_argument(parser)
    add_timeout_argument(parser, "a puzzle")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Explain every puzzle named; exit code 0, improper puzzles included (bad input is 2:
    before any work, or, in a file too big to read ahead, where the bad puzzle is met)."""
    if args.path_budget < 1:
        raise UsageError(f"--path-budget must be at least 1, not {args.path_budget}")
    records = Inputs(args)
    folder = _prepare_folder(args.render) if args.render else None
    timed_out = 0
    finished(0, records.total)
    for k, record in enumerate(records):
        try:
            with time_limit(args.timeout):
                rating = rate(record.puzzle, node_budget=args.path_budget)
                pictures: list[Path] = []
                if folder is not None and rating.path is not None:
                    where = folder if records.total == 1 else folder / f"puzzle-{k + 1}"
                    pictures = render_steps(where, record.puzzle, rating.steps_taken, fmt=args.render_format)
        except TimedOut:
            finished(k + 1, records.total)
            timed_out += 1
            report_timed_out(record, "not explained", args, index=k + 1, total=records.total)
            continue
        finished(k + 1, records.total)
        if args.format == "json":
            print_json(as_json(record, rating, pictures))
        else:
            text = as_text(record, rating, index=k + 1, total=records.total, node_budget=args.path_budget)
            print_text(("\n" if k else "") + text)
        if pictures:  # a status message: standard error, whatever the format
            count = len(pictures)
            print(f"wrote {count} picture{'s' if count != 1 else ''} to {pictures[0].parent}", file=sys.stderr)
        elif folder is not None:  # said, or --render would end in silence with an empty folder
            why = "it has no step to draw" if rating.path is not None else "only a proper puzzle has steps"
            print(f"no pictures for {record.location}: {why}", file=sys.stderr)
    return EXIT_TIMED_OUT if timed_out else 0


def _prepare_folder(name: str) -> Path:
    """The --render folder, created before any work so that a bad path fails at once (its parent must exist)."""
    folder = Path(name)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--render {name!r} is a file, not a folder")
    folder.mkdir(exist_ok=True)
    return folder


def as_text(
    record: PuzzleRecord,
    rating: Rating,
    *,
    index: int = 1,
    total: int | None = 1,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> str:
    """The verdict, then (for a proper puzzle) grade, score, path summary and the numbered steps."""
    number = numbered("puzzle", index, total)
    lines = [f"{number}: {record.location}: {verdict_words(rating.verdict)}"]
    if rating.path is None:
        if not rating.unique:
            lines.append("no deduction path: only a puzzle with exactly one solution has one")
        return "\n".join(lines)
    lines.append(f"grade: {grade_words(rating.grade.describe(), rating.level)}, score {rating.score:g}")
    settled = ClueSettlement.of(record.puzzle)
    if settled is not None:  # else a clued puzzle's short path (or none at all) would read as a fault
        lines.append(f"clues: {settled.words(then='explained below')}")
    proof = path_proof(rating, node_budget)
    lines.append(f"path: {plural(rating.step_count, 'step')}, cost {rating.path.cost:g}, {proof}")
    width = len(str(len(rating.steps_taken)))
    replayed = replay(record.puzzle, rating.steps_taken)
    for k, (_, step, follows, _) in enumerate(replayed, 1):
        then = f" {follow_sentence(record.puzzle, follows)}" if follows else ""
        lines.append(f"{k:>{width}}. [{Technique(step.rule).label}] {step.reason}{then}")
    if replayed and replayed[-1][3].solved:
        lines.append(f"{'':>{width}}  Solved: all {len(record.puzzle.dominoes)} dominoes are in place.")
    return "\n".join(lines)


def replay(
    puzzle: Puzzle, steps: list[Deduction]
) -> list[tuple[SolvingState, Deduction, tuple[int, ...], SolvingState]]:
    """Each step with the position before it, the pairs its consequences join besides its own, and the position
    after it.

    A path folds bookkeeping away: a step that leaves some domino one place puts it there without a step of
    its own. The explanation names those dominoes after the step that forced them, so no domino appears in a
    picture before a sentence has named it, and the last position shows the solved board.
    """
    return [(r.before, r.step, tuple(q for d in r.forced for q in d.joins if q not in r.step.joins), r.after)
            for r in walk(puzzle, steps)]


def follow_sentence(puzzle: Puzzle, pairs: tuple[int, ...]) -> str:
    """``Then the 1-2 at r3c1-r4c1 follows: it has one remaining place.`` for the dominoes a step forces."""
    board = puzzle.board
    named = []
    for pair in pairs:
        a, b = board.pair_cells(pair)
        named.append(f"the {domino_name(puzzle.domino_at(a, b))} at {cell_name(a)}-{cell_name(b)}")
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    verb = "follows: it has" if len(named) == 1 else "follow: each has"
    return f"Then {listed} {verb} one remaining place."


def step_json(puzzle: Puzzle, step: Deduction, number: int, follows: tuple[int, ...] = ()) -> dict[str, Any]:
    """One step for programs: cells as [row, column] and pairs as two cells, all 0-based; ``follows`` the
    dominoes the step's consequences place (each left with one place)."""
    board = puzzle.board
    return {
        "follows": [[list(a), list(b)] for a, b in map(board.pair_cells, follows)],
        "number": number,
        "rule": step.rule,
        "technique": Technique(step.rule).label,
        "reason": step.reason,
        "joins": [[list(a), list(b)] for a, b in map(board.pair_cells, step.joins)],
        "splits": [[list(a), list(b)] for a, b in map(board.pair_cells, step.splits + step.quiet_splits)],
        "cells": [list(board.cells[x]) for x in step.cells],
    }


def as_json(record: PuzzleRecord, rating: Rating, pictures: list[Path] | None = None) -> dict[str, Any]:
    """The rating's fields, the puzzle, and where it was read; ``deductions`` lists the step objects."""
    out: dict[str, Any] = {"source": record.source, "line": record.line, **rating.to_dict()}
    out.update(puzzle_to_dict(record.puzzle))  # the puzzle itself, so the output reads as input
    # ``steps`` stays the count, as rate gives it; the step objects are ``deductions``.
    replayed = replay(record.puzzle, rating.steps_taken)
    out["deductions"] = [step_json(record.puzzle, s, k, f) for k, (_, s, f, _) in enumerate(replayed, 1)]
    if rating.path is None:
        out["deductions"] = None  # no path, as opposed to an empty one
    if pictures:
        out["pictures"] = [str(p) for p in pictures]
    return out


def step_names(count: int, fmt: str) -> list[str]:
    """``step-001.png``, ...: three digits at least, more when the path is longer, so names sort in order."""
    width = max(3, len(str(count)))
    return [f"step-{k:0{width}}.{fmt}" for k in range(1, count + 1)]


def render_steps(folder: Path, puzzle: Puzzle, steps: list[Deduction], *, fmt: str = "png") -> list[Path]:
    """Draw each step on the position before it, highlighted, and last the solved board; each file is written
    atomically.

    Pictures of an earlier, longer explanation left in the folder would read as part of this one, so they are
    reported on standard error (not deleted: the folder is the user's).
    """
    folder.mkdir(exist_ok=True)
    replayed = replay(puzzle, steps)
    solved = bool(replayed) and replayed[-1][3].solved
    names = step_names(len(steps) + solved, fmt)
    written = []
    for name, (state, step, _, _) in zip(names, replayed, strict=False):
        technique = Technique(step.rule).label
        written.append(
            rendering.save(
                folder / name,
                puzzle,
                fmt=fmt,
                labels=True,
                title=f"{name.split('.')[0]}: {technique}",
                joined=_placements(state, state.joined_pairs()),
                split=_placements(state, state.split_pairs()),
                highlight_cells=[puzzle.board.cells[x] for x in step.cells],
                highlight_pairs=_placements(state, step.joins + step.splits),
            )
        )
    if solved:  # the last picture: the board as the last step leaves it, every domino in place
        final = replayed[-1][3]
        written.append(
            rendering.save(
                folder / names[-1],
                puzzle,
                fmt=fmt,
                labels=True,
                title=f"{names[-1].split('.')[0]}: solved",
                joined=_placements(final, final.joined_pairs()),
            )
        )
    ours = set(names)
    stale = sorted(p.name for p in folder.iterdir() if _STEP_FILE.fullmatch(p.name) and p.name not in ours)
    if stale:
        print(
            f"dominosa: note: {folder} also holds {len(stale)} older step picture{'s' if len(stale) != 1 else ''}"
            f" ({stale[0]}, ...) not from this explanation",
            file=sys.stderr,
        )
    return written


def _placements(state: SolvingState, pairs: list[int] | tuple[int, ...]) -> list[Placement]:
    board = state.puzzle.board
    return [board.pair_cells(q) for q in pairs]
