"""Waiting for the event a test checks, never for a guessed length of time.

A test that sleeps a fixed moment, or gives a process, a socket or a server a short deadline, passes on a quiet
machine and fails on a busy one (other work, or the suite's own parallel workers). So a test waits for the thing
itself (a process's exit, a file, an answer) and fails only after :data:`PATIENCE`, a bound that is never reached
when things work: the cost of a real fault is a slower failure, never a false one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pytest

PATIENCE = 120.0  # seconds: the upper bound of every wait in the suite


def wait_until(condition: Callable[[], object], what: str, seconds: float = PATIENCE) -> None:
    """Poll ``condition`` until it is true; fail naming ``what`` if it is not after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {seconds:g} s")
        time.sleep(0.02)


def gone(pid: int) -> bool:
    """True once no process ``pid`` is left (a killed child that was reaped, or never was)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False
