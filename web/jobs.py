"""The studio's work: one function per API endpoint, from a request body (a dict) to the JSON object the matching
command prints with ``--format json``.

Each job reads the body the way the command reads its arguments, calls the engine, and hands the result to the
command's own JSON builder (``dominosa.cli.<command>``), so the page and the terminal can never disagree. The
jobs are plain functions of plain data: they run in the studio's worker processes (:mod:`dominosa.web.workers`)
and know nothing of HTTP. Bad input raises :class:`BadRequest` (or the ``PuzzleError``/``UsageError`` the
command would raise), whose message is the command's one line.

No value of a request ever names a file: puzzles come as text, tiling puzzles by their bundled names only, and
the store is the one the server was started with.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from dominosa.board import Board
from dominosa.cli import explain as explain_command
from dominosa.cli import fix as fix_command
from dominosa.cli import hint as hint_command
from dominosa.cli import rate as rate_command
from dominosa.cli import solve as solve_command
from dominosa.cli import tile as tile_command
from dominosa.cli.usage import UsageError
from dominosa.cover.tiling import PackingCover, tilings
from dominosa.deductions import (
    DEFAULT_NODE_BUDGET,
    GRADES,
    check_position,
    count_solutions,
    position_hint,
    rate,
    solve_by_steps,
)
from dominosa.errors import PuzzleError
from dominosa.formats import PuzzleRecord, puzzle_to_dict, read_records, write_game_id, write_json, write_plain
from dominosa.formats.positions import read_positions
from dominosa.generator.develop_big import logic_first_board
from dominosa.generator.evolve import NoPuzzleFound
from dominosa.generator.fixing import fix
from dominosa.generator.generate import generate, make_request
from dominosa.generator.shapes import shape_board, shape_names
from dominosa.limits import MAX_MADE_ORDER
from dominosa.tiling import bundled
from dominosa.web.budget import fix_allowance, too_large_to_fix

__all__ = [
    "BadRequest",
    "JOBS",
    "run_job",
    "read_record",
    "grade_to_make",
    "EXPORT_FORMATS",
    "TILE_PUZZLES",
    "MAX_TILINGS",
]

# The tiling puzzles a request may name; anything else is refused (a name is never read as a file).
TILE_PUZZLES = ("calendar", "dominopeg", "pentominoes")
# Most tilings one request returns: every A-Puzzle-A-Day date has fewer; pentominoes have thousands.
MAX_TILINGS = 500
EXPORT_FORMATS = ("game-id", "plain", "json", "png", "svg", "pdf")
# Most solutions one request lists, and the largest answer it may promise (checked before solving).
MAX_SOLUTIONS = 1000
MAX_SOLUTIONS_BYTES = 4_000_000
_PICTURE_TYPES = {"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}


class BadRequest(ValueError):
    """A request the studio cannot serve as asked: HTTP 400 with this one line."""


# -- reading a body ---------------------------------------------------------------------------------------------


def _text(body: dict[str, Any], key: str = "puzzle") -> str:
    value = body.get(key)
    if value is None:
        raise BadRequest(f'the body needs "{key}": the puzzle as text (a plain grid, a game ID or JSON)')
    if isinstance(value, dict | list):
        return json.dumps(value)  # a JSON puzzle sent as an object rather than as text
    if not isinstance(value, str):
        raise BadRequest(f'"{key}" must be text, not {type(value).__name__}')
    return value


def _int(
    body: dict[str, Any], key: str, default: int | None, low: int, high: int, *, why: str | None = None
) -> int | None:
    """The whole number ``body[key]`` between ``low`` and ``high``; ``why`` says what the upper limit is, in the
    message that refuses a number past it."""
    value = body.get(key, default)
    if value is None and default is not None:
        raise BadRequest(f'"{key}" must be a whole number between {low} and {high} (or left out), not null')
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f'"{key}" must be a whole number, not {value!r}')
    if not low <= value <= high:
        reason = f" ({high} is {why})" if why and value > high else ""
        raise BadRequest(f'"{key}" must be between {low} and {high}, not {value}{reason}')
    return value


def _bool(body: dict[str, Any], key: str, default: bool = False) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise BadRequest(f'"{key}" must be true or false, not {value!r}')
    return value


def _choice(body: dict[str, Any], key: str, choices: tuple[str, ...], default: str | None) -> str | None:
    value = body.get(key, default)
    if value is None:
        return None
    if value not in choices:
        raise BadRequest(f'"{key}" must be one of {", ".join(choices)}, not {value!r}')
    return value


def read_record(text: str) -> PuzzleRecord:
    """The one puzzle in the text, in any format the commands read (several puzzles is an error)."""
    records = read_records(text)
    first = next(records)
    second = next(records, None)
    if second is not None:
        raise PuzzleError("more than one puzzle: send one at a time", line=second.line)
    return first


# -- the endpoints ------------------------------------------------------------------------------------------------


def solve_job(body: dict[str, Any]) -> dict[str, Any]:
    """``dominosa solve --format json``: ``max_solutions`` (default 2) or ``all``, and ``steps``."""
    record = read_record(_text(body))
    want_all = _bool(body, "all")
    limit = MAX_SOLUTIONS + 1 if want_all else _int(body, "max_solutions", 2, 1, MAX_SOLUTIONS)
    assert limit is not None
    size = limit * len(record.puzzle.grid) * len(record.puzzle.grid[0]) * 8  # about 8 bytes a cell in JSON
    if size > MAX_SOLUTIONS_BYTES:
        raise BadRequest(
            f"{limit} solutions of a puzzle this size would make an answer of about {size / 1e6:.0f} MB:"
            f" ask for fewer (max_solutions), or use the command line"
        )
    result = count_solutions(record.puzzle, limit, keep_solutions=True)
    if want_all and result.count > MAX_SOLUTIONS:
        raise BadRequest(
            f"the puzzle has more than {MAX_SOLUTIONS} solutions, more than the studio lists:"
            " ask for max_solutions, or use the command line"
        )
    log = solve_by_steps(record.puzzle) if _bool(body, "steps") else None
    return solve_command.as_json(record, result, log)


def rate_job(body: dict[str, Any]) -> dict[str, Any]:
    """``dominosa rate --format json``: ``path`` (default true; false is ``--no-path``) and ``node_budget``."""
    record = read_record(_text(body))
    with_path = _bool(body, "path", True)
    budget = _int(body, "node_budget", DEFAULT_NODE_BUDGET, 1, 1_000_000)
    rating = rate(record.puzzle, node_budget=budget, with_path=with_path, with_reason=True)
    return rate_command.as_json(record, rating, with_path=with_path)


def explain_job(body: dict[str, Any]) -> dict[str, Any]:
    """``dominosa explain --format json``: the rating with every step of the shortest path."""
    record = read_record(_text(body))
    budget = _int(body, "node_budget", DEFAULT_NODE_BUDGET, 1, 1_000_000)
    return explain_command.as_json(record, rate(record.puzzle, node_budget=budget))


def hint_job(body: dict[str, Any]) -> dict[str, Any]:
    """``dominosa hint --format json``: the position is the puzzle plus ``joined`` and ``split`` (lists of two
    0-based cells each), or a position written as the command reads it; ``detail`` 1, 2 or 3 (default 3), as the
    command's ``--detail`` (``level``, its old name, is still read)."""
    text = _text(body)
    if "joined" in body or "split" in body:
        record = read_record(text)
        position = dict(puzzle_to_dict(record.puzzle), joined=body.get("joined", []), split=body.get("split", []))
        text = json.dumps(position)
    positions = read_positions(text)
    if len(positions) > 1:
        raise PuzzleError("more than one position: send one at a time", line=positions[1].record.line)
    position = positions[0]
    level = _int(body, "detail" if "detail" in body else "level", 3, 1, 3)
    check = check_position(position)
    hint = None if check.contradicts else position_hint(position)
    return hint_command.hint_json(position, hint, check, level=level)


# How long the fix search runs by default before it answers with the best found, in seconds; below the server's
# time limit (10 s by default), which stops a job outright.
FIX_SECONDS = 4.0


def fix_job(body: dict[str, Any]) -> dict[str, Any]:
    """``dominosa fix --format json``: ``swaps`` (true for swaps instead of clues), ``grade``, ``keep`` and
    ``seconds`` (how long to search before answering with the best fix found, default 4).

    The fix lists no more of the draft's solutions, nor swap moves, than fit in a job's memory
    (:mod:`dominosa.web.budget`), and a board too large for even that is refused before the search starts."""
    record = read_record(_text(body))
    seconds = body.get("seconds", FIX_SECONDS)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0.1 <= seconds <= 60:
        raise BadRequest(f'"seconds" must be a number from 0.1 to 60, not {seconds!r}')
    keep = _int(body, "keep", None, 1, 10**6)
    grade = _choice(body, "grade", GRADES, None)
    swaps = _bool(body, "swaps")
    allowance = fix_allowance(record.puzzle, swaps=swaps)
    refusal = too_large_to_fix(allowance, record.puzzle, swaps=swaps)
    if refusal is not None:
        raise BadRequest(refusal)
    try:
        found = fix(
            record.puzzle,
            keep=keep,
            grade=grade,
            swaps=swaps,
            cap=allowance.cap,
            moves_budget=allowance.moves_budget,
            timeout=float(seconds),
        )
    except ValueError as error:
        raise BadRequest(str(error)) from None
    return fix_command.as_json(record, found)


# The grade a big board (one developed logic-first: double-30 and up) is made at when the request names none. With
# no grade the generator proves every layout unique by counting, minutes at order 40 and 50 and often past the
# studio's limit, and the puzzle it lands on is as likely "guessing" as not; at a grade the layouts are developed
# logic-first, and basic is the grade made fastest there and the one a board of a thousand cells plays well at
# (bench/README.md, "the studio's big orders").
BIG_BOARD_GRADE = "basic"


def grade_to_make(order: int, board: Board | None, grade: str | None) -> str | None:
    """The grade the studio asks the generator for: the one asked, else :data:`BIG_BOARD_GRADE` on a big board
    (``board``, or the double-``order`` rectangle), else none."""
    if grade is None and logic_first_board(board or Board.rectangle(order + 1, order + 2)):
        return BIG_BOARD_GRADE
    return grade


def generate_job(body: dict[str, Any]) -> dict[str, Any]:
    """``dominosa generate --format json``: one puzzle of ``order`` (default 6) at ``grade`` (default any; on a
    big board :data:`BIG_BOARD_GRADE`), from ``seed`` (default a random one, returned in the answer so the puzzle
    can be made again); with ``shape`` (a name of the shape library), on that shape as drawn for the
    double-``order`` set."""
    order = _int(body, "order", 6, 1, MAX_MADE_ORDER, why="the largest order the studio makes puzzles of")
    grade = _choice(body, "grade", GRADES, None)
    shape = _choice(body, "shape", shape_names(), None)
    seed = _int(body, "seed", None, 0, 2**63 - 1)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    try:
        board = None if shape is None else shape_board(shape, order)
        grade = grade_to_make(order, board, grade)
        request = make_request(order=None if board else order, board=board, grade=grade, seed=seed)
    except ValueError as error:
        raise BadRequest(str(error)) from None
    try:
        made = next(generate(request, 1))
    except NoPuzzleFound as error:
        raise BadRequest(f"gave up: {error}") from None
    return made.to_dict()


def tile_job(body: dict[str, Any]) -> dict[str, Any]:
    """``dominosa tile PUZZLE --format json`` for a bundled puzzle: ``date`` (calendar),
    ``empty`` (DominoPeg circles), ``size`` (pentominoes), and ``count``/``all``/``limit``/``up_to_symmetry``
    as the command's options. Without ``count`` or ``all`` the first solution is found, as the command does."""
    args = tile_arguments(body)
    packing = tile_command.build_packing(args)
    reason = packing.mismatch()
    if reason is not None:
        raise BadRequest(f"{packing.title or args.puzzle} cannot be solved: {reason}")
    cover = PackingCover(packing)
    shown: list[Any] = []
    found, complete = 0, True
    limit = args.limit if (args.count or args.all) else 1
    started = time.perf_counter()
    for tiling in tilings(cover, up_to_symmetry=args.up_to_symmetry, method=args.method):
        found += 1
        if args.all or (found == 1 and not args.count):
            shown.append(tiling)
        if limit is not None and found >= limit:
            complete = False
            break
    seconds = time.perf_counter() - started
    symmetries = len(cover.symmetry) if args.up_to_symmetry else 1
    return tile_command.as_json(packing, args, shown, found, complete, symmetries, seconds)


def tile_arguments(body: dict[str, Any]) -> argparse.Namespace:
    """The tiling command's options from a body, checked; ``all`` is capped at :data:`MAX_TILINGS` solutions."""
    name = _choice(body, "puzzle", TILE_PUZZLES, None)
    if name is None:
        raise BadRequest(f'the body needs "puzzle": one of {", ".join(TILE_PUZZLES)}')
    options = {}
    for key in ("date", "empty", "size"):
        value = body.get(key)
        if value is not None and not isinstance(value, str):
            raise BadRequest(f'"{key}" must be text, not {value!r}')
        options[key] = value
    want_all = _bool(body, "all")
    limit = _int(body, "limit", MAX_TILINGS if want_all else None, 1, MAX_TILINGS if want_all else 10**9)
    return argparse.Namespace(
        puzzle=name,
        count=_bool(body, "count"),
        all=want_all,
        limit=limit,
        up_to_symmetry=_bool(body, "up_to_symmetry"),
        method="bitmask",
        **options,
    )


def tile_board_job(body: dict[str, Any]) -> dict[str, Any]:
    """The board of a bundled tiling puzzle, for the page to draw solutions on: cells with their labels, the
    circles that must hold pegs and those left empty, and the pieces' names. (No command prints this.)"""
    args = tile_arguments(body)
    packing = tile_command.build_packing(args)
    whole = bundled(args.puzzle) if args.puzzle == "calendar" else packing
    return {
        "puzzle": packing.title,
        "rows": packing.rows,
        "cols": packing.cols,
        "top": packing.top,
        "left": packing.left,
        "cells": sorted([list(c) for c in packing.cells]),
        "labels": [[r, c, label] for (r, c), label in sorted(packing.labels.items())],
        # Squares of the bundled board left open by this puzzle (the calendar's date), with their labels.
        "open": [[r, c, whole.labels.get((r, c), "")] for r, c in sorted(whole.cells - packing.cells)],
        "circles": sorted([list(q) for q in packing.circles]),
        "empty_circles": sorted([list(q) for q in packing.empty_circles]),
        "pieces": [p.name for p in packing.pieces],
        "mismatch": packing.mismatch(),
    }


def export_job(body: dict[str, Any]) -> dict[str, Any]:
    """The puzzle as a file: ``format`` game-id, plain, json (text) or png, svg, pdf (pictures of ``what``:
    puzzle, solution or both). Returns ``{"media_type", "filename", "text"}`` or ``{..., "data": bytes}``."""
    from dominosa import rendering

    record = read_record(_text(body))
    fmt = _choice(body, "format", EXPORT_FORMATS, None)
    if fmt is None:
        raise BadRequest(f'the body needs "format": one of {", ".join(EXPORT_FORMATS)}')
    puzzle = record.puzzle
    if fmt == "game-id":
        return {"media_type": "text/plain", "filename": "puzzle.txt", "text": write_game_id(puzzle) + "\n"}
    if fmt == "plain":
        return {"media_type": "text/plain", "filename": "puzzle.txt", "text": write_plain(puzzle)}
    if fmt == "json":
        return {"media_type": "application/json", "filename": "puzzle.json", "text": write_json(puzzle) + "\n"}
    what = _choice(body, "what", rendering.WHATS, "puzzle")
    picture = rendering.diagram(puzzle, what=what, style=_choice(body, "style", ("colour", "mono"), "mono"))
    data = rendering.render(picture, fmt, title="Dominosa")
    return {"media_type": _PICTURE_TYPES[fmt], "filename": f"puzzle.{fmt}", "data": data}


def daily_job(body: dict[str, Any]) -> dict[str, Any]:
    """The puzzle of the day (:mod:`dominosa.generator.daily`): ``date`` (YYYY-MM-DD) and ``grade`` (default
    basic); the puzzle's JSON with its solution, and the date, grade, order and version it was made by."""
    from dominosa.generator.daily import DAILY_ORDERS, DAILY_VERSION, DEFAULT_GRADE, daily_puzzle, parse_date

    date = body.get("date")
    if not isinstance(date, str):
        raise BadRequest('the daily puzzle needs "date", written YYYY-MM-DD')
    grade = _choice(body, "grade", tuple(DAILY_ORDERS), DEFAULT_GRADE)
    try:
        parse_date(date)
    except ValueError as error:
        raise BadRequest(str(error)) from None
    made = daily_puzzle(date, grade)
    out = puzzle_to_dict(made.puzzle, made.solution)
    out.update(date=date, grade=grade, order=made.puzzle.order, version=DAILY_VERSION, source="daily")
    return out


JOBS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "daily": daily_job,
    "solve": solve_job,
    "rate": rate_job,
    "explain": explain_job,
    "hint": hint_job,
    "fix": fix_job,
    "generate": generate_job,
    "tile": tile_job,
    "tile-board": tile_board_job,
    "export": export_job,
}


def run_job(name: str, body: dict[str, Any]) -> tuple[str, Any]:
    """Run one job: ``("ok", result)``, or ``("error", one line)`` for bad input, the way the command says it."""
    try:
        return "ok", JOBS[name](body)
    except (BadRequest, PuzzleError, UsageError) as error:
        return "error", str(error)
    except RecursionError:  # JSON text nested hundreds deep inside the puzzle's text
        return "error", "the puzzle's text is nested too deeply to be a puzzle"
