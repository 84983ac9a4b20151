"""The limits dominosa holds any input to, stated once, so hostile input fails fast with one clear line.

A puzzle file can come from anywhere: ``/dev/zero``, a megabyte on one line, a number of five thousand digits,
JSON nested a hundred thousand deep. Each limit below is checked where the input is first met (while reading,
not after), so the error comes in well under a second and in a few megabytes of memory, and every message
names the limit (and the option that raises it, where one does). The README's "Limits" section lists them.

The numbers are generous for real puzzles: the largest board is the double-100 set (101 x 102 cells, far past
any printed puzzle), the largest input some 70,000 double-6 puzzles with their solutions in JSON lines.
"""

from __future__ import annotations

import os

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_LINE_BYTES",
    "MAX_NUMBER_DIGITS",
    "MAX_ORDER",
    "MAX_MADE_ORDER",
    "MAX_CELLS",
    "MAX_NESTING",
    "MAX_PLAIN_PUZZLE_CHARS",
    "WORKERS_PER_CORE",
    "max_workers",
    "READ_CHUNK_BYTES",
]

MAX_INPUT_BYTES = 64 * 1024 * 1024
"""The most bytes read from one file or standard input (64 MiB); ``--max-input`` raises it."""

MAX_LINE_BYTES = 1024 * 1024
"""The longest line read (1 MiB): one JSON line holds a double-100 puzzle with its solution well within it."""

MAX_NUMBER_DIGITS = 7
"""The most digits of any number read (a grid number, a row or column, an order): a longer run of digits is
refused before Python turns it into an integer (which, at thousands of digits, raises an error of its own)."""

MAX_ORDER = 100
"""The largest order of a domino set: numbers run 0..100 at most."""

MAX_MADE_ORDER = 50
"""The largest order dominosa makes puzzles of (``generate``, ``book``, the studio, ``site``): the double-50 set
(51 x 52 cells), past the largest puzzles published monthly (double-40). Reading, rating, hints, explanations and
``fix`` go up to :data:`MAX_ORDER`; making is held lower because the generator's time grows with the board and a
printed or played board past this size is no longer a puzzle a person finishes."""

MAX_CELLS = (MAX_ORDER + 1) * (MAX_ORDER + 2)
"""The most cells on a board: those of the double-100 set (10,302)."""

MAX_NESTING = 32
"""The deepest nesting of JSON lists and objects (a puzzle needs 4, an array of puzzles 5)."""

MAX_PLAIN_PUZZLE_CHARS = 1024 * 1024
"""The most text one puzzle in the plain format may take, up to the blank line after it (1 Mi characters): a
double-100 grid with every domino given as a clue takes about 155 KB. Puzzles are read one at a time, so this,
not the whole input, bounds what a grid that never ends (``yes 22223 | dominosa show -``) holds in memory."""

WORKERS_PER_CORE = 4
"""``--workers`` allows at most this many local processes per core: more only adds switching, never speed."""

READ_CHUNK_BYTES = 256 * 1024
"""How much is read at a time: small enough that Ctrl-C and the limits above are noticed at once."""


def max_workers() -> int:
    """The most local worker processes ``--workers`` accepts on this machine."""
    cores = os.process_cpu_count() if hasattr(os, "process_cpu_count") else os.cpu_count()
    return WORKERS_PER_CORE * (cores or 1)
