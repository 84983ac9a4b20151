"""Signals reach the engine's long loops in the compiled build too (deductions/signals.py).

A count on a random double-50 board runs for seconds. A timer signal whose handler raises, as ``--timeout`` and
Ctrl-C do, must stop it at once: the CPU time the count used by the moment the exception arrives is a small
part of the whole, whatever else the machine is doing (CPU time, not the wall clock, so a busy machine does not
change the verdict). Without the engine's pauses the compiled count ran to its end before the handler ran.
"""

from __future__ import annotations

import gc
import random
import signal
import time

from dominosa.board import Board
from dominosa.deductions.counting import count_solutions
from dominosa.generator.layouts import random_layout


class _Rang(Exception):
    pass


_caught: list[bool] = []


def _ring(signum, frame):
    if _caught:
        return
    signal.setitimer(signal.ITIMER_REAL, 0.1)  # again soon, should this one land where Python ignores exceptions
    raise _Rang


def test_a_timer_signal_stops_a_long_count_at_once():
    # (seed 8: a proof of several seconds of CPU; seed 1's, 0.2 s since the big-board search, can end first)
    puzzle, _ = random_layout(Board.rectangle(51, 52), random.Random(8))
    previous = signal.signal(signal.SIGALRM, _ring)
    gc.disable()  # a handler run inside a garbage collector's callback (hypothesis keeps one) has its raise ignored
    started = time.process_time()
    _caught.clear()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        try:
            count_solutions(puzzle, 2)
        except _Rang:
            _caught.append(True)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        gc.enable()
    assert _caught, "the count ended before the signal stopped it"
    assert time.process_time() - started < 1.5  # the whole count takes several seconds of CPU
