"""Which lane of worker processes a request runs in, so that a short request never waits behind a long one.

The studio keeps three pools of processes (:mod:`dominosa.web.workers`), its lanes:

- ``quick``: what a player waits for with the board in front of them, on a board small enough that it takes a
  moment: rating, explaining, hinting (with its check against the solution), solving for up to a few solutions,
  text exports and a tiling board. Two long solves or a pentomino count never hold these processes.
- ``long``: everything else that is not generation: the same work on big boards, fixes, tilings, pictures (their
  first one imports numpy and matplotlib, seconds of work), a day's puzzle.
- ``generate``: making puzzles, with a bounded queue (see :mod:`dominosa.web.app`).

A board's size is judged by the length of the puzzle's text, read without parsing it: parsing a body of up to a
megabyte is itself work the server's event loop must not do. :data:`QUICK_TEXT` characters hold a double-15 board
written plainly (16 rows of 17 numbers) or as JSON, and a double-12 board with its solution; a larger text is the
long lane's, whatever it holds.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["QUICK", "LONG", "GENERATE", "QUICK_TEXT", "QUICK_SOLUTIONS", "lane"]

QUICK, LONG, GENERATE = "quick", "long", "generate"
# Longest puzzle text (characters) a quick job may carry; see the module's docstring.
QUICK_TEXT = 2_500
# Most solutions a quick solve may list; asking for more (or for all) is the long lane's work.
QUICK_SOLUTIONS = 10
_QUICK_JOBS = frozenset({"rate", "explain", "hint", "solve", "export", "tile-board"})
_PICTURES = frozenset({"png", "svg", "pdf"})


def lane(job: str, body: dict[str, Any]) -> str:
    """The lane a request for ``job`` with ``body`` runs in: :data:`QUICK`, :data:`LONG` or :data:`GENERATE`."""
    if job == "generate":
        return GENERATE
    if job not in _QUICK_JOBS:
        return LONG
    if job == "tile-board":
        return QUICK  # a bundled board's outline: no search at all
    if job == "export" and body.get("format") in _PICTURES:
        return LONG
    if job == "solve" and (body.get("all") is True or not _few(body.get("max_solutions", 2))):
        return LONG
    return QUICK if _text_length(body.get("puzzle")) <= QUICK_TEXT else LONG


def _few(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value <= QUICK_SOLUTIONS


def _text_length(puzzle: Any) -> int:
    """The puzzle's length as text: a JSON puzzle sent as an object counts as the text it would be."""
    if isinstance(puzzle, str):
        return len(puzzle)
    if isinstance(puzzle, dict | list):
        return len(json.dumps(puzzle, separators=(",", ":")))
    return 0  # no puzzle, or not text: the job refuses it at once, wherever it runs
