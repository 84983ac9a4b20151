"""The studio's lanes: short requests run in processes of their own, so that long ones never hold them up; making
puzzles has a bounded queue, refused at once past it with Retry-After; a process dying twice under one request
is a 503 that says so.

Long work is held in place by freezing (SIGSTOP) the processes that run it, so that "while two long solves run"
holds however fast or slow the machine is; nothing here waits for a guessed length of time."""

from __future__ import annotations

import os
import signal
import threading

import pytest
from starlette.testclient import TestClient
from waiting import PATIENCE, wait_until

from dominosa.web import Settings, create_app
from dominosa.web.lanes import GENERATE, LONG, QUICK, QUICK_TEXT, lane

GAME_ID = "3:22223101012330103310"
SLOW = {"puzzle": "pentominoes", "count": True}  # 9356 tilings: many seconds of work
# The long lane's processes are frozen in these tests, so every request that reaches them waits; this limit bounds
# how long (a request the quick lane answers never gets near it).
LIMIT = 30.0


def pids(pool) -> list[int]:
    return [w.process.pid for w in list(pool._all)]


def in_background(client: TestClient, path: str, body: dict) -> tuple[threading.Thread, list]:
    """POST ``body`` to ``path`` from a thread of its own: the thread and the list its answer will be put in."""
    answers: list = []

    def ask() -> None:
        try:
            answers.append(client.post(path, json=body))
        except RuntimeError as stopped:  # the test client's portal closed while the studio's stop answered it
            answers.append(stopped)

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    return thread, answers


# -- which lane --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("job", "body", "expected"),
    [
        ("rate", {"puzzle": GAME_ID}, QUICK),
        ("hint", {"puzzle": GAME_ID, "joined": [[[0, 0], [1, 0]]]}, QUICK),
        ("explain", {"puzzle": {"grid": [[0, 0, 1], [0, 1, 1]]}}, QUICK),
        ("solve", {"puzzle": GAME_ID}, QUICK),
        ("solve", {"puzzle": GAME_ID, "max_solutions": 10}, QUICK),
        ("solve", {"puzzle": GAME_ID, "max_solutions": 11}, LONG),
        ("solve", {"puzzle": GAME_ID, "all": True}, LONG),
        ("rate", {"puzzle": "1" * (QUICK_TEXT + 1)}, LONG),
        ("export", {"puzzle": GAME_ID, "format": "plain"}, QUICK),
        ("export", {"puzzle": GAME_ID, "format": "png"}, LONG),
        ("tile-board", {"puzzle": "calendar"}, QUICK),
        ("tile", SLOW, LONG),
        ("fix", {"puzzle": GAME_ID}, LONG),
        ("daily", {"date": "2026-12-01"}, LONG),
        ("generate", {"order": 3}, GENERATE),
    ],
)
def test_each_request_has_its_lane(job, body, expected):
    assert lane(job, body) == expected


# -- short requests beside long ones -----------------------------------------------------------------------------


def test_a_small_rate_and_hint_are_answered_while_two_long_solves_hold_every_solving_process():
    app = create_app(Settings(workers=2, timeout=LIMIT))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        long_lane = app.pools[LONG]
        for pid in pids(long_lane):
            os.kill(pid, signal.SIGSTOP)  # the two pentomino counts below never end while the rate is asked
        held = [in_background(c, "/api/tile", SLOW) for _ in range(2)]
        wait_until(lambda: all(w.busy for w in list(long_lane._all)), "both long solves' hand-over")
        rate = c.post("/api/rate", json={"puzzle": GAME_ID})
        hint = c.post("/api/hint", json={"puzzle": GAME_ID, "joined": [[[0, 0], [1, 0]]]})
        assert all(w.busy for w in list(long_lane._all))  # still held: the answers did not wait for them
        assert rate.status_code == 200 and rate.json()["unique"] is True, rate.text
        assert hint.status_code == 200 and hint.json()["status"] == "hint", hint.text
    for thread, _ in held:  # the studio's stop answered them (and stopped their frozen processes)
        thread.join(PATIENCE)


# -- making puzzles: a bounded queue -------------------------------------------------------------------------------


def test_past_the_generation_queue_a_request_is_refused_at_once_with_retry_after():
    app = create_app(Settings(workers=1, generate_queue=1, generate_timeout=LIMIT))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        pool = app.pools[GENERATE]
        (pid,) = pids(pool)
        os.kill(pid, signal.SIGSTOP)  # the generation it is handed never ends
        running = in_background(c, "/api/generate", {"order": 3, "seed": 1})
        wait_until(lambda: all(w.busy for w in list(pool._all)), "the first generation's hand-over")
        queued = in_background(c, "/api/generate", {"order": 3, "seed": 2})
        wait_until(lambda: pool._waiting == 1, "the second generation's place in the queue")
        refused = c.post("/api/generate", json={"order": 3, "seed": 3})
        assert not running[1] and not queued[1]  # answered while both still wait: at once
        assert refused.status_code == 503, refused.text
        retry = int(refused.headers["Retry-After"])
        assert LIMIT < retry <= 2 * LIMIT + 1  # the running job's deadline, then one for the one waiting
        assert refused.json()["retry_after"] == retry
        assert "busy with making puzzles" in refused.json()["error"] and f"in {retry} s" in refused.json()["error"]
        os.kill(pid, signal.SIGKILL)  # the first is run again on a fresh process, and the queued one after it
        for thread, answers in (running, queued):
            thread.join(PATIENCE)
            assert answers[0].status_code == 200, answers[0].text


# -- a request whose processes die -------------------------------------------------------------------------------


def test_a_request_whose_process_dies_twice_is_a_503_that_says_so():
    """Both quick processes frozen: the rate goes to one, which is killed; it runs again on the other (waiting in
    the queue ahead of the first one's replacement), which is killed too."""
    app = create_app(Settings(workers=1, quick_workers=2, timeout=LIMIT))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        pool = app.pools[QUICK]
        for pid in pids(pool):
            os.kill(pid, signal.SIGSTOP)
        thread, answers = in_background(c, "/api/rate", {"puzzle": GAME_ID})
        killed: list[int] = []
        holders: list = []

        def holding() -> bool:
            holders[:] = [w for w in list(pool._all) if w.busy and w.process.pid not in killed]
            return bool(holders)

        for _ in range(2):
            wait_until(holding, "the rate's hand-over")
            killed.append(holders[0].process.pid)
            os.kill(killed[-1], signal.SIGKILL)
        thread.join(PATIENCE)
        (answer,) = answers
        assert answer.status_code == 503, answer.text
        error = answer.json()["error"]
        assert "stopped" in error and "and so did the one that ran it again" in error and "try again" in error
        assert c.post("/api/rate", json={"puzzle": GAME_ID}).status_code == 200  # on the replacements
