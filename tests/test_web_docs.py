"""The studio's API page shows what the API answers: every ``curl`` example on /docs is sent to the API and its
answer compared with the one the page prints, word for word (up to a closing ``...}`` where the page shortens it).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from dominosa.web import Settings, create_app

DOCS = Path(__file__).resolve().parents[1] / "web" / "static" / "docs.html"
_CURL = re.compile(r"curl -s localhost:8000(?P<path>/api/[\w/-]+) -d '(?P<body>[^']*)'")


def examples() -> list[tuple[str, dict, str]]:
    """Every (endpoint path, request body, answer shown) of the page's ``<pre>`` blocks."""
    found = []
    for block in re.findall(r"<pre[^>]*>(.*?)</pre>", DOCS.read_text("utf-8"), re.DOTALL):
        lines = html.unescape(block).splitlines()
        for k, line in enumerate(lines):
            call = _CURL.fullmatch(line.strip())
            if call:
                found.append((call["path"], json.loads(call["body"]), lines[k + 1].strip()))
    return found


def test_the_page_has_examples_to_check():
    assert {path for path, _, _ in examples()} >= {"/api/rate", "/api/hint"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(workers=1)), base_url="http://127.0.0.1") as c:
        yield c


@pytest.mark.parametrize(("path", "body", "shown"), examples())
def test_each_example_answer_is_the_apis(client, path, body, shown):
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.text
    if shown.endswith(",...}"):
        assert answer.text.startswith(shown.removesuffix("...}")), answer.text
    else:
        assert answer.text == shown
