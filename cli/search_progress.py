"""The progress line of long single-puzzle work: ``counting solutions: 2,400 search steps, 12 s``.

``rate``, ``solve``, ``explain``, ``hint`` and ``fix`` on a big guessing board spend most of their time in the
solution counter's search, called deep inside grading and repair. :func:`showing_search_progress` watches those
searches (through :mod:`dominosa.deductions.search_watch`) for the length of a command and, once the command has
run a couple of seconds, tells the person waiting that it is working: on a terminal one line updated in place and
wiped whenever a search ends (so that it never mixes with what the command prints next), elsewhere (a log, a
pipe) a line every few seconds, as ``generate`` and ``store rescore`` do. A command that finishes in a couple of
seconds prints nothing. Ctrl-C needs nothing from here: it stops the search where it is, the line is wiped on the
way out, and ``main`` prints its one line (exit code 130).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from dominosa.cli.common import wipe_line
from dominosa.deductions import watching_searches

__all__ = ["SearchProgress", "showing_search_progress"]


class SearchProgress:
    """Adds up the search nodes of every count of one command and shows them with the time spent (see the module)."""

    AFTER = 2.0  # seconds of work before the first line
    EVERY_LINE = 5.0  # seconds between lines when standard error is not a terminal
    EVERY_REDRAW = 0.2  # seconds between updates of the line on a terminal

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        isatty = getattr(stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.started = time.monotonic()
        self.last = self.started - self.EVERY_LINE  # when a line was last written
        self.before = 0  # the nodes of the searches that have ended
        self.shown = 0  # the width of the line on a terminal, 0 when none is there

    def __call__(self, nodes: int, ended: bool) -> None:
        nodes_so_far = self.before + nodes
        if ended:
            self.before = nodes_so_far
            self.clear()
            return
        now = time.monotonic()
        if now - self.started < self.AFTER or now - self.last < (self.EVERY_REDRAW if self.tty else self.EVERY_LINE):
            return
        self.last = now
        text = f"counting solutions: {nodes_so_far:,} search steps, {now - self.started:.0f} s"
        if self.tty:
            self.stream.write("\r" + text.ljust(self.shown))
            self.shown = len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def clear(self) -> None:
        """Wipe the line on a terminal (nothing to wipe elsewhere: lines there are whole)."""
        wipe_line(self.stream, self.shown)
        self.shown = 0


@contextmanager
def showing_search_progress(stream: TextIO | None = None) -> Iterator[SearchProgress]:
    """Show the progress of the counter's searches on ``stream`` (standard error) for the length of the block."""
    progress = SearchProgress(sys.stderr if stream is None else stream)
    try:
        with watching_searches(progress):
            yield progress
    finally:
        progress.clear()
