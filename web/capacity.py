"""What the studio can make within its time limit, so that a request it cannot answer in time is refused at once.

A request to make a puzzle is stopped at the studio's limit (120 s by default). On big boards the cost of a
puzzle depends on the grade far more than on anything else: a double-50 trivial puzzle is made in seconds, a
double-50 guessing one can take many minutes. Queueing such a request only to answer "not found within 120 s"
two minutes later (or six, behind others) is the failure issue 43 reports; the honest answer comes before the
queue: a 400 that names the orders the studio does make at that grade within its limit, and the command that
makes the one asked for with no limit.

The table is measured, not guessed: :data:`CPU_SECONDS` holds the most CPU time the studio's own generation path
took for a grade at an order (``bench/bench_studio_orders.py``: the generate job in a studio worker, seeds 1-3,
the compiled build; bench/README.md has the runs). An order between two rows costs what the next row up costs. A
request is made in time when that cost, times :data:`SHARE`, fits the limit: a seed not measured may cost more
than those that were, and the generating process shares the machine, so a cost must fit the limit several times
over to be promised. The promise holds while the process gets at least 1/SHARE of a core; on a machine loaded
past that (a load of 16 on 2 cores gave it a twelfth), a request can still run out of time, and is answered 503
at the limit saying so.
Orders below the table's first row are always made (seconds at most).
"""

from __future__ import annotations

from typing import Any

from dominosa.deductions import GRADES

__all__ = ["CPU_SECONDS", "SHARE", "largest_in_time", "refusal", "makes_in_time"]

# Most CPU seconds the generation of one puzzle took, by grade, at orders 40, 45 and 50 (see the module's
# docstring), or bench_monster's runs where those cost more (order-50 basic 28 s and hard 43 s; order-40 extreme and
# fiendish, the most of seeds 1-10, 9.1 s each). Extreme, fiendish and guessing were measured again once their
# searches climbed by a shorter closure (issue 45 item 3, 8 December 2026, bench/README.md); before, order-50
# extreme (104.2 s), fiendish (82.0 s) and guessing and order-45 fiendish and guessing took over the 48 s of CPU
# the 120 s limit allows on some seed, and were refused. Order-50 extreme is the most of seeds 1-6: seeds 4-6 were
# made by `generate` itself, not the studio's worker, after the rating and counter work of the same day (31.2, 37.7
# and 19.6 s; seeds 1-3 gave at most 16.3 s). None would mark a run that did not finish in the time the bench gave it.
CPU_SECONDS: dict[str, dict[int, float | None]] = {
    "trivial": {40: 5.1, 45: 9.3, 50: 13.6},
    "basic": {40: 6.1, 45: 12.2, 50: 28.0},
    "hard": {40: 7.8, 45: 16.5, 50: 43.0},
    "extreme": {40: 9.1, 45: 19.4, 50: 37.7},
    "fiendish": {40: 9.1, 45: 14.4, 50: 33.0},
    "guessing": {40: 5.5, 45: 33.7, 50: 8.4},
}
# How many times over a measured cost must fit the limit for the studio to promise it.
SHARE = 2.5


def _cost(grade: str, order: int) -> float | None:
    """The measured cost of ``grade`` at ``order`` (the next measured order up); 0 below the table; None when
    unmeasured (too slow to finish) or above it."""
    rows = CPU_SECONDS[grade]
    if order < min(rows):
        return 0.0
    for measured in sorted(rows):
        if order <= measured:
            return rows[measured]
    return None


def makes_in_time(order: int, grade: str, limit: float) -> bool:
    """Whether a ``grade`` puzzle of ``order`` is made within ``limit`` seconds every time."""
    cost = _cost(grade, order)
    return cost is not None and cost * SHARE <= limit


def largest_in_time(grade: str, limit: float, top: int) -> int | None:
    """The largest order up to ``top`` the studio makes a ``grade`` puzzle of within ``limit``; None if none of
    the table's."""
    made = [order for order in range(1, top + 1) if makes_in_time(order, grade, limit)]
    return max(made) if made else None


def refusal(order: Any, grade: Any, limit: float, top: int) -> dict[str, Any] | None:
    """The 400 answer to a request for a ``grade`` puzzle of ``order`` the studio cannot make within ``limit``
    (``{"error", "in_time"}``, the latter each grade's largest order made in time), or None to make it. Values
    the job itself refuses (not a whole number, no such grade) are left to it."""
    if isinstance(order, bool) or not isinstance(order, int) or grade not in GRADES or not 1 <= order <= top:
        return None
    if makes_in_time(order, grade, limit):
        return None
    in_time = {g: largest_in_time(g, limit, top) for g in GRADES}
    largest = in_time[grade]
    made = f"it makes {grade} puzzles up to order {largest}" if largest else f"it makes no {grade} puzzle"
    fits = [g for g in GRADES if (in_time[g] or 0) >= order]
    if fits:
        made += f"; at order {order}: {', '.join(fits)}"
    return {
        "error": (
            f"the studio cannot make a {grade} puzzle of order {order} within its {limit:g} s limit ({made}):"
            f" choose a lower grade or a smaller order, or make it with"
            f" 'dominosa generate --order {order} --grade {grade}' (no time limit)"
        ),
        "in_time": in_time,
    }
