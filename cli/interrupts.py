"""Ctrl-C for the ``dominosa`` command: the first stops the work cleanly, a second one stops at once.

The first SIGINT raises ``KeyboardInterrupt`` as usual, so open files are discarded whole and store
transactions roll back on the way out; ``main`` then prints one line saying what was finished. A second SIGINT
while that cleanup runs (or a slow worker pool shuts down) used to land in some ``finally`` block as a second
traceback; here it ends the process quietly with exit code 130. The handler is in place from the first line
of ``main``, so Ctrl-C while the command starts (loading matplotlib, say) is just as quiet; before that, from
the entry point on, ``dominosa/__main__.py`` has its own (one line, exit code 130, nothing to clean up yet).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["EXIT_INTERRUPTED", "handling_interrupts", "finished", "interrupted_message"]

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it

_progress: dict[str, object] = {}


def finished(done: int, total: int | None, noun: str = "puzzles", *, lost: str | None = None) -> None:
    """Note how much of the work is done, for the line printed if Ctrl-C stops the rest; ``lost`` says what is
    then not made at all (``the book was not written``), for work whose result is one piece."""
    _progress.update(done=done, total=total, noun=noun, lost=lost)


def interrupted_message() -> str:
    """``dominosa: interrupted``, with what was finished when the command said so."""
    if not _progress:
        return "dominosa: interrupted"
    done, total, noun = _progress["done"], _progress["total"], _progress["noun"]
    lost = f"; {_progress['lost']}" if _progress.get("lost") else ""
    if total is None:  # a big input read as the work goes: how many there are is not known yet
        return f"dominosa: interrupted: {done} {noun} finished{lost}"
    return f"dominosa: interrupted: {done} of {total} {noun} finished{lost}"


def _first(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGINT, _again)
    raise KeyboardInterrupt


def _again(signum: int, frame: FrameType | None) -> None:
    try:
        sys.stderr.write(interrupted_message() + " (stopped at once by a second Ctrl-C)\n")
        sys.stderr.flush()
    finally:
        os._exit(EXIT_INTERRUPTED)


@contextmanager
def handling_interrupts() -> Iterator[None]:
    """Our SIGINT handler for the length of the block (main thread only), the previous one restored after."""
    _progress.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _first)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
