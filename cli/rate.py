"""``dominosa rate``: how hard each puzzle is, how it is best solved, and how interesting it is to solve.

For each puzzle: the verdict (only a proper puzzle gets a grade), the grade, the interestingness score, and the
shortest deduction path: its length, how often each technique is used on it (as a small bar chart), and whether
the search proved it the shortest. ``--no-path`` grades without the state graph, for speed; ``--plot`` draws the
techniques' use with matplotlib.
"""

from __future__ import annotations

import argparse
import io
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

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
from dominosa.cli.timeout import EXIT_TIMED_OUT, TimedOut, add_timeout_argument, report_timed_out, time_limit
from dominosa.cli.usage import UsageError
from dominosa.deductions import (
    AMBIGUOUS,
    DEFAULT_NODE_BUDGET,
    GRADES,
    NO_SOLUTION,
    PROPER,
    TECHNIQUES,
    UNDECIDED_VERDICT,
    Rating,
    rate,
    settled_start,
)
from dominosa.formats import PuzzleRecord, puzzle_to_dict
from dominosa.puzzle import Puzzle

__all__ = [
    "register",
    "run",
    "as_text",
    "as_json",
    "verdict_words",
    "grade_words",
    "rule_chart",
    "technique_words",
    "stuck_pairs",
    "stuck_text",
    "PROGRESS_FROM",
]

# The scale for --help: each grade and the techniques it adds.
_SCALE = "\n".join(
    f"  {name:<9} {', '.join(t.label for t in TECHNIQUES if t.level == level and not t.bookkeeping)}"
    for level, name in enumerate(GRADES)
)
# Progress on standard error ("rated 37/300") appears from this many puzzles on, and only on a terminal.
PROGRESS_FROM = 20
# The longest bar of the text chart, in characters; longer counts are scaled down to it.
BAR_WIDTH = 30
PLOT_FORMATS = ("png", "svg", "pdf")

EPILOG = f"""\
examples:
  dominosa rate --example
      grade, score and shortest deduction path of the double-6 puzzle that
      comes with dominosa, with a chart of the techniques the path uses
  dominosa rate puzzles.txt --no-path
      grade every puzzle of a file quickly (no state graph, no path)
  dominosa rate puzzles.txt --format json > ratings.jsonl
      one JSON object per puzzle: unique, grade, level (0 = easiest), score,
      steps, rules (technique -> uses on the path), exhaustive, source, line,
      grade_reason (the deduction that sets the grade: technique, strength,
      cells, sentence; left out when there is none)
  dominosa rate --example --plot rules.png
      also draw the techniques' use on the path as a bar chart
  dominosa rate tatham-ids.txt --no-path --stuck
      grade game IDs of Simon Tatham's Dominosa (his level names are ours)
      and, for a fiendish or guessing puzzle, draw where logic up to
      extreme got stuck

Files of your own in these examples: puzzles.txt, tatham-ids.txt.

The grades, easiest first, and the techniques each adds:
{_SCALE}
Two tallies count deductions by technique. "graded" is the grading run, which
always takes the easiest technique that makes progress: its hardest technique
fixes the grade. "path" is the shortest deduction path, the cheapest way to
solve the puzzle, which may use fewer but harder steps: its count per
technique is the chart below it (and "rules" in the JSON).
A puzzle with two or more solutions (ambiguous) or none gets a verdict, not a
grade. "proved shortest" means the search finished within --path-budget positions
(default {DEFAULT_NODE_BUDGET}), otherwise it is the best found and the JSON says
"exhaustive": false. With --no-path, "steps", "rules" and "exhaustive" are null
in the JSON; "techniques" (what the grading used) is always there, and "stuck"
(pairs of 0-based cells, joined and split) for a fiendish or guessing puzzle.

--plot writes one picture for all the puzzles (png, svg or pdf, from the
suffix): for one puzzle a bar per technique; for several, one column per
puzzle, split into coloured parts by technique.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``rate`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "rate",
        help="grade puzzles, score them, and find their shortest deduction path",
        description="Grade each puzzle, score how interesting it is, and show the shortest deduction path:\n"
        "its length and how often each technique is used on it.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_puzzle_arguments(parser)
    parser.add_argument("--no-path", action="store_true", help="grade only, without the state graph (fast)")
    add_path_budget_argument(
        parser, DEFAULT_NODE_BUDGET, f"positions the path search may expand per puzzle (default {DEFAULT_NODE_BUDGET})"
    )
    parser.add_argument(
        "--plot", metavar="FILE", help="draw the techniques' use on the paths as a bar chart (png, svg or pdf)"
    )
    parser.add_argument(
        "--stuck",
        action="store_true",
        help="for a fiendish or guessing puzzle, draw the position where the techniques up to extreme got stuck",
    )
    add_format_argument(parser)
    add_timeout_argument(parser, "a puzzle")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle named, printing each as it is done; exit code 0 (bad input is 2: before any work,
    or, in a file too big to read ahead, where the bad puzzle is met)."""
    if args.path_budget < 1:
        raise UsageError(f"--path-budget must be at least 1, not {args.path_budget}")
    if args.plot is not None:
        _check_plot_target(args.plot, args.no_path)
    records = Inputs(args)
    progress = _Progress(records.total, sys.stderr)
    rated: list[tuple[PuzzleRecord, Rating]] = []
    timed_out = 0
    finished(0, records.total)
    for k, record in enumerate(records):
        rating, note = _rate_within(record, args)
        finished(k + 1, records.total)  # (before printing: once printed, Ctrl-C reports it finished)
        progress.clear()
        if rating is None:  # not even the grade came within --timeout
            timed_out += 1
            report_timed_out(record, "not rated", args, index=k + 1, total=records.total)
            sys.stdout.flush()
            progress.show(k + 1)
            continue
        if args.plot is not None:  # the chart needs every path; otherwise nothing is kept between puzzles
            rated.append((record, rating))
        if args.format == "json":
            print_json(as_json(record, rating, with_path=rating.path is not None or not rating.unique, note=note))
        else:
            text = as_text(
                record, rating, index=k + 1, total=records.total, node_budget=args.path_budget, path_note=note
            )
            if args.stuck:
                text += "\n" + stuck_text(record, rating)
            print_text(("\n" if k else "") + text)
        sys.stdout.flush()
        progress.show(k + 1)
    progress.clear()
    if args.plot is not None:
        written = plot_rules(args.plot, rated)
        message = f"wrote {written}" if written else f"no chart written to {args.plot}: no puzzle has a deduction path"
        print(message, file=sys.stderr)  # a status message, never mixed into the results
    return EXIT_TIMED_OUT if timed_out else 0


def _rate_within(record: PuzzleRecord, args: argparse.Namespace) -> tuple[Rating | None, str | None]:
    """The rating within ``--timeout``, and a note when it had to fall back.

    When the path search would run past the time, the puzzle is graded without it (its grade and a score from
    the grading run) within the same time again, and the note says so; None when even that does not finish.
    """
    try:
        with time_limit(args.timeout):
            return rate(record.puzzle, node_budget=args.path_budget, with_path=not args.no_path, with_reason=True), None
    except TimedOut:
        if args.no_path:
            return None, None
    try:
        with time_limit(args.timeout):
            rating = rate(record.puzzle, node_budget=args.path_budget, with_path=False, with_reason=True)
    except TimedOut:
        return None, None
    return rating, f"not searched: it takes more than --timeout {args.timeout:g} s, so graded without it"


def verdict_words(verdict: str) -> str:
    """The verdict as a person reads it, saying why an improper puzzle has no grade."""
    return {
        PROPER: "proper (exactly one solution)",
        AMBIGUOUS: "ambiguous: two or more solutions, so no grade",
        NO_SOLUTION: "no solution, so no grade",
        UNDECIDED_VERDICT: "undecided: the solution count ran out of its budget, so no grade",
    }.get(verdict, verdict)


def as_text(
    record: PuzzleRecord,
    rating: Rating,
    *,
    index: int = 1,
    total: int | None = 1,
    node_budget: int = DEFAULT_NODE_BUDGET,
    path_note: str | None = None,
) -> str:
    """The rating in a few lines: verdict, grade, score, path and the chart of its techniques."""
    number = numbered("puzzle", index, total)
    lines = [f"{number}: {record.location}: {verdict_words(rating.verdict)}"]
    if not rating.unique:
        return "\n".join(lines)
    settled = ClueSettlement.of(record.puzzle)
    if settled is not None:
        lines.append(f"  clues   {settled.words()}")
    lines.append(f"  grade   {grade_words(rating.grade.describe(), rating.level)}")
    if rating.reason is not None:
        lines.append(f"  why     {rating.reason.words()}")
        if rating.level:  # (a trivial grade's first step says nothing about it)
            lines.append(f"          {rating.reason.sentence}")
    if settled is not None and settled.complete:  # a score of 0 and a path of 0 steps are the clues' doing
        lines.append("  graded  nothing to deduce: the clues and their consequences place every domino")
        lines.append(f"  score   {rating.score:g} (the score counts deductions, and there are none to make)")
        lines.append("  path    0 steps: nothing is left to deduce")
        return "\n".join(lines)
    lines.append(f"  graded  easiest technique first: {technique_words(rating.grade.techniques)}")
    lines.append(f"  score   {rating.score:g}")
    if rating.path is None:
        lines.append(f"  path    {path_note or 'not searched (--no-path)'}")
        return "\n".join(lines)
    length = plural(rating.step_count, "step")
    proof = path_proof(rating, node_budget)
    lines.append(f"  path    {length}, cost {rating.path.cost:g}, {proof}; its steps by technique:")
    lines.extend("    " + line for line in rule_chart(rating.rules))
    return "\n".join(lines)


@dataclass(frozen=True)
class ClueSettlement:
    """What a clued puzzle's clues settle before any deduction: the dominoes they place and the ones that follow
    by bookkeeping alone (a domino left one place, a cell left one pair). Grade, score and path count deductions
    only, so a puzzle whose clues settle most of it rates low: this says why, rather than a bare 0."""

    clues: int
    settled: int
    dominoes: int

    @classmethod
    def of(cls, puzzle: Puzzle) -> ClueSettlement | None:
        """The settlement of a proper puzzle's clues; None without clues."""
        if not puzzle.clues:
            return None
        state = settled_start(puzzle)
        return cls(len(puzzle.clues), sum(state.placed), state.tables.n_dominoes)

    @property
    def complete(self) -> bool:
        return self.settled == self.dominoes

    def words(self, then: str = "rated below") -> str:
        """'the 5 clues settle 23 of 28 dominoes (18 more follow from them); the other 5 are rated below'."""
        which = f"all {self.dominoes}" if self.complete else f"{self.settled} of {self.dominoes}"
        following = self.settled - self.clues
        more = f" ({following} more follow{'s' if following == 1 else ''} from them)" if following else ""
        left = self.dominoes - self.settled
        rest = f"the last domino is {then}" if left == 1 else f"the other {left} are {then}"
        rest = "nothing is left to deduce" if self.complete else rest
        clues = "the clue settles" if self.clues == 1 else f"the {self.clues} clues settle"
        return f"{clues} {which} dominoes{more}; {rest}"


def grade_words(described: str, level: int | None) -> str:
    """The grade by name, with its place on the scale: 'hard (the 3rd of 6 grades, trivial to guessing)'."""
    if level is None:
        return described
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(level + 1, f"{level + 1}th")
    return f"{described} (the {ordinal} of {len(GRADES)} grades, {GRADES[0]} to {GRADES[-1]})"


def technique_words(techniques: dict[str, int]) -> str:
    """What the grading run used, easiest first: 'single neighbour 12, set analysis 2'."""
    return ", ".join(f"{name} {count}" for name, count in techniques.items()) or "nothing"


def stuck_pairs(record: PuzzleRecord, rating: Rating) -> dict[str, list] | None:
    """Where the techniques up to extreme got stuck, as joined and split pairs of 0-based cells, or None."""
    if rating.grade.stuck is None:
        return None
    board = record.puzzle.board
    joined, split = rating.grade.stuck
    return {
        "joined": [[list(a), list(b)] for a, b in map(board.pair_cells, joined)],
        "split": [[list(a), list(b)] for a, b in map(board.pair_cells, split)],
    }


def stuck_text(record: PuzzleRecord, rating: Rating) -> str:
    """``--stuck`` in text: the position drawn, or why there is none."""
    stuck = stuck_pairs(record, rating)
    if stuck is None:
        reason = "not proper" if not rating.unique else f"{rating.grade.name}: the techniques up to extreme finish it"
        return f"  stuck   no position ({reason})"
    from dominosa.formats.drawing import draw_solution

    picture = draw_solution(
        record.puzzle,
        joined=[tuple(map(tuple, p)) for p in stuck["joined"]],
        split=[tuple(map(tuple, p)) for p in stuck["split"]],
    )
    head = "  stuck   where the techniques up to extreme stop (placed dominoes and ruled-out pairs in heavy lines):"
    return "\n".join([head, *("    " + line for line in picture.splitlines())])


def path_proof(rating: Rating, node_budget: int) -> str:
    """Whether the path is proved the shortest, in words."""
    if rating.exhaustive:
        return "proved shortest"
    if rating.path is not None and rating.path.explored == 0:  # a big board: the grading run's path, no search
        return "not proved shortest (a board this big is not searched: the path is the grading run's)"
    return f"not proved shortest (the search stopped at --path-budget {node_budget})"


def rule_chart(rules: dict[str, int], width: int = BAR_WIDTH) -> list[str]:
    """One line per technique used, easiest first: name, count and a bar of █ (scaled to ``width`` at most)."""
    used = [(t.label, rules[t.label]) for t in TECHNIQUES if rules.get(t.label)]
    if not used:
        return ["(none)"]
    most = max(count for _, count in used)
    scale = min(1.0, width / most)
    name_width = max(len(name) for name, _ in used)
    count_width = len(str(most))
    return [
        f"{name:<{name_width}} {count:>{count_width}} {'█' * max(1, round(count * scale))}" for name, count in used
    ]


def as_json(
    record: PuzzleRecord, rating: Rating, *, with_path: bool = True, note: str | None = None
) -> dict[str, Any]:
    """The rating's JSON object with where the puzzle was read; path fields are null when no path was searched
    (``note`` then says why, when it was the ``--timeout``)."""
    out: dict[str, Any] = {"source": record.source, "line": record.line, **rating.to_dict()}
    out.update(puzzle_to_dict(record.puzzle))  # the puzzle itself, so the output reads as input (book, store add)
    out["stuck"] = stuck_pairs(record, rating)
    settled = ClueSettlement.of(record.puzzle) if rating.unique else None
    # The dominoes the clues place with what follows by bookkeeping (null without clues), and the set's size.
    out["settled_by_clues"] = settled.settled if settled is not None else None
    out["domino_count"] = len(record.puzzle.board) // 2  # ("dominoes" is a partial set's list)
    if not with_path and rating.unique:
        out.update(steps=None, rules=None, exhaustive=None)
    if note is not None:
        out.update(timed_out=True, note=f"path {note}")
    return out


# -- the picture --------------------------------------------------------------------------------------------------


def _check_plot_target(target: str, no_path: bool) -> None:
    """Refuse a --plot that cannot be written before any rating starts, not after minutes of work."""
    if no_path:
        raise UsageError("--plot draws the deduction path, which --no-path skips: use one or the other")
    suffix = Path(target).suffix.lower().lstrip(".")
    if suffix not in PLOT_FORMATS:
        raise UsageError(f"--plot {target!r}: the file name must end in .png, .svg or .pdf")
    folder = Path(target).parent
    if not folder.is_dir():
        raise UsageError(f"--plot {target!r}: the folder {str(folder)!r} does not exist")


def plot_rules(target: str | Path, rated: list[tuple[PuzzleRecord, Rating]]) -> Path | None:
    """Draw the techniques' use on the paths with matplotlib and write it atomically; None if nothing to draw.

    matplotlib is imported here, not at the top: it takes longer to load than rating a small puzzle, and only
    ``--plot`` needs it. The figure is built without pyplot, so no window or global state is involved.
    """
    with_path = [(record, rating) for record, rating in rated if rating.path is not None]
    if not with_path:
        return None
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    from dominosa.rendering.files import atomic_write

    # Each technique keeps its colour from chart to chart: the colour follows its place in the tier order.
    every = [t.label for t in TECHNIQUES if not t.bookkeeping]
    names = [name for name in every if any(r.rules.get(name) for _, r in with_path)]
    colours = [f"C{every.index(name) % 10}" for name in names]
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.add_subplot()
    if len(with_path) == 1:
        record, rating = with_path[0]
        counts = [rating.rules.get(name, 0) for name in names]
        axes.barh(names[::-1], counts[::-1], color=colours[::-1])
        axes.set_xlabel("steps on the shortest deduction path")
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_title(f"{record.location}: {rating.grade.describe()}, {rating.step_count} steps")
    else:
        positions = list(range(1, len(with_path) + 1))
        bottom = [0] * len(with_path)
        for name, colour in zip(names, colours, strict=True):
            counts = [rating.rules.get(name, 0) for _, rating in with_path]
            axes.bar(positions, counts, bottom=bottom, color=colour, label=name, width=0.8)
            bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
        axes.set_xlabel("puzzle")
        axes.set_ylabel("steps on the shortest deduction path")
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_title(f"techniques used on the paths of {len(with_path)} puzzles")
        if len(with_path) <= 30:
            axes.set_xticks(positions)
        axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    fmt = Path(target).suffix.lower().lstrip(".")
    # No creation date in SVG and PDF: the same ratings give the same file, byte for byte.
    metadata = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}.get(fmt, {})
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "dominosa"}):  # fixed ids inside the SVG, for the same reason
        figure.savefig(buffer, format=fmt, metadata=metadata)
    return atomic_write(target, buffer.getvalue())


# -- progress -------------------------------------------------------------------------------------------------------


class _Progress:
    """``rated 37/300`` on one line of standard error, for long runs watched on a terminal.

    Silent when there are few puzzles or standard error is not a terminal (a log file or a pipe should not
    fill with carriage returns). The line is cleared before every result is printed, so the two never mix.
    """

    def __init__(self, total: int | None, stream: TextIO) -> None:
        self.total = total  # None: a big input, read as the work goes
        self.stream = stream
        isatty = getattr(stream, "isatty", None)
        self.active = (total is None or total >= PROGRESS_FROM) and bool(isatty and isatty())
        self.shown = 0

    def show(self, done: int) -> None:
        if not self.active or (self.total is not None and done >= self.total):
            return
        text = f"rated {done}" + (f"/{self.total}" if self.total is not None else "")
        self.stream.write("\r" + text)
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0
