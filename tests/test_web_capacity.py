"""What the studio makes within its time limit (:mod:`dominosa.web.capacity`): a measured cost, times a margin,
against the limit; the refusal names each grade's largest order made in time, and leaves bad values to the job."""

from __future__ import annotations

import pytest

from dominosa.deductions import GRADES
from dominosa.limits import MAX_MADE_ORDER
from dominosa.web import capacity
from dominosa.web.capacity import CPU_SECONDS, SHARE, largest_in_time, makes_in_time, refusal


def test_every_grade_is_measured_at_the_big_orders():
    assert set(CPU_SECONDS) == set(GRADES)
    assert all(set(rows) == {40, 45, 50} for rows in CPU_SECONDS.values())


def test_small_orders_are_always_made_and_an_unmeasured_cost_never(monkeypatch):
    assert all(makes_in_time(order, grade, 1.0) for order in (1, 6, 39) for grade in GRADES)
    monkeypatch.setitem(CPU_SECONDS, "guessing", {40: 36.1, 45: None, 50: None})  # a run that did not finish
    unmeasured = [(o, g) for g, rows in CPU_SECONDS.items() for o, cost in rows.items() if cost is None]
    assert unmeasured and not any(makes_in_time(o, g, 10**6) for o, g in unmeasured)


def test_a_cost_is_promised_only_when_it_fits_the_limit_with_the_margin(monkeypatch):
    monkeypatch.setitem(CPU_SECONDS, "hard", {40: 10.0, 45: 20.0, 50: 40.0})
    assert makes_in_time(41, "hard", 20.0 * SHARE)  # an order between rows costs the next row's
    assert not makes_in_time(46, "hard", 40.0 * SHARE - 1)
    assert largest_in_time("hard", 40.0 * SHARE - 1, MAX_MADE_ORDER) == 45
    assert largest_in_time("hard", 40.0 * SHARE, MAX_MADE_ORDER) == 50


def test_the_refusal_names_what_is_made_in_time_and_the_command_without_a_limit(monkeypatch):
    monkeypatch.setattr(capacity, "CPU_SECONDS", {g: {40: 1.0, 45: 1.0, 50: None} for g in GRADES})
    answer = refusal(50, "hard", 120.0, MAX_MADE_ORDER)
    assert answer["in_time"] == dict.fromkeys(GRADES, 45)
    assert answer["error"] == (
        "the studio cannot make a hard puzzle of order 50 within its 120 s limit (it makes hard puzzles up to order"
        " 45): choose a lower grade or a smaller order, or make it with 'dominosa generate --order 50 --grade hard'"
        " (no time limit)"
    )
    assert refusal(45, "hard", 120.0, MAX_MADE_ORDER) is None


@pytest.mark.parametrize(("order", "grade"), [("50", "hard"), (True, "hard"), (0, "hard"), (51, "hard"), (50, "x")])
def test_values_the_job_refuses_are_left_to_it(order, grade):
    assert refusal(order, grade, 0.001, MAX_MADE_ORDER) is None
