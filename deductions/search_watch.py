"""Who watches the solution counter's search: the hook behind the progress line of long single-puzzle work.

A count on a big guessing board (``rate``, ``explain``, ``fix`` on a double-50) can search for minutes, and it is
called from deep inside grading and repair, many layers below the command that a person is waiting on. Passing a
callback down through every layer would touch them all for a line on standard error; instead the command installs
a watcher here for as long as it runs (:func:`watching_searches`), and the counter reports to whoever is installed
(:func:`searched`) at the pause it already makes every few dozen nodes for signals, and once when a search ends.
With no watcher installed a report is one test of an empty list, so the generator's many small counts pay nothing
measurable. Like :mod:`dominosa.deductions.signals`, this module is never compiled, so the watcher may be any
Python callable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["SearchWatcher", "searched", "watching_searches"]

# Called with the nodes the current search has visited so far, and whether that search has ended.
SearchWatcher = Callable[[int, bool], None]

_watchers: list[SearchWatcher] = []


@contextmanager
def watching_searches(watcher: SearchWatcher) -> Iterator[None]:
    """Report every search of the counter to ``watcher`` for the length of the block (the innermost one wins)."""
    _watchers.append(watcher)
    try:
        yield
    finally:
        _watchers.remove(watcher)


def searched(nodes: int, ended: bool) -> None:
    """The counter's report: the current search has visited ``nodes`` nodes, and has ``ended`` or not."""
    if _watchers:
        _watchers[-1](nodes, ended)
