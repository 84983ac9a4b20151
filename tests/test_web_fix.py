"""``POST /api/fix`` through Starlette's test client: the answer of ``dominosa fix --format json``, checked unique by
the exact-cover counter, and bad input as HTTP 400 with the command's one line."""

from __future__ import annotations

import json

import pytest
from cli_run import dominosa
from starlette.testclient import TestClient

from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.formats import read_puzzle
from dominosa.web import Settings, create_app

AMBIGUOUS = "1110\n1220\n0220\n"  # three solutions; one clue or one swap makes it unique


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(workers=1)), base_url="http://127.0.0.1") as c:
        yield c


def without(d: dict, *keys: str) -> dict:
    return {k: v for k, v in d.items() if k not in keys}


@pytest.mark.parametrize(("body", "args"), [({}, ()), ({"swaps": True}, ("--swaps",)), ({"keep": 2}, ("--keep", "2"))])
def test_fix_answers_as_the_command_does(client, body, args):
    answer = client.post("/api/fix", json={"puzzle": AMBIGUOUS, **body})
    assert answer.status_code == 200, answer.text
    done = dominosa("fix", "-", *args, "--format", "json", stdin=AMBIGUOUS)
    assert without(answer.json(), "source") == without(json.loads(done.stdout), "source")
    fixed = read_puzzle(json.dumps(answer.json()["puzzle"]))
    assert count_solutions_exact_cover(fixed, 2) == (1, True)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"keep": 7}, "cannot keep solution 7: the puzzle has 3 solutions"),
        ({"grade": "easy"}, '"grade" must be one of'),
        ({"swaps": "yes"}, '"swaps" must be true or false'),
        ({"seconds": 0}, '"seconds" must be a number from 0.1 to 60'),
    ],
)
def test_bad_fix_requests_are_400_with_one_line(client, body, message):
    answer = client.post("/api/fix", json={"puzzle": AMBIGUOUS, **body})
    assert answer.status_code == 400
    assert message in answer.json()["error"]


def test_a_bad_puzzle_is_400(client):
    answer = client.post("/api/fix", json={"puzzle": "1110\n1220\n0221\n"})
    assert answer.status_code == 400 and "appears" in answer.json()["error"]
