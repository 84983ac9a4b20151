"""The studio answers its own pages only (S1, S2) and keeps them out of foreign frames (S3): each finding of the
security review of issue 24 reproduced as a request, through Starlette's test client."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from dominosa.web import Settings, create_app
from dominosa.web.guard import allowed_hosts

GAME_ID = "3:22223101012330103310"
HOME = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(workers=1)), base_url=HOME) as c:
        yield c


# -- S1: cross-site requests are refused -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example", "Content-Type": "text/plain"},  # a form or a no-cors fetch
        {"Origin": "null", "Content-Type": "text/plain"},  # a sandboxed frame or a file:// page
        {"Origin": "http://127.0.0.1:9999"},  # another server on this machine
        {"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_a_request_from_another_site_is_refused(client, headers):
    answer = client.post("/api/generate", content=b'{"order": 3}', headers=headers)
    assert answer.status_code == 403
    assert "own pages" in answer.json()["error"]


def test_the_studios_own_pages_and_command_line_clients_are_served(client):
    same_origin = {"Origin": HOME, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
    assert client.post("/api/rate", json={"puzzle": GAME_ID}, headers=same_origin).status_code == 200
    # curl -d sends neither Origin nor Sec-Fetch-Site (and a form's content type): it is no browser page
    assert client.post("/api/rate", content=f'{{"puzzle": "{GAME_ID}"}}'.encode()).status_code == 200


def test_a_link_from_another_site_still_opens_the_page(client):
    answer = client.get("/play", headers={"Sec-Fetch-Site": "cross-site"})
    assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]


def test_the_pages_send_json_with_its_content_type():
    """The pages' fetches name application/json, which a foreign page cannot send without a CORS preflight."""
    from dominosa.web.app import STATIC

    for name in ("api.js", "play.js", "setter.js", "tile.js"):
        text = (STATIC / name).read_text(encoding="utf-8")
        posts = text.count("method: \"POST\"")
        assert text.count('"Content-Type": "application/json"') >= posts, name


# -- S2: only the studio's own host names ----------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "192.168.1.5"])
def test_a_foreign_host_header_is_refused(client, host):
    for answer in (client.get("/api/info", headers={"Host": host}), client.get("/", headers={"Host": host})):
        assert answer.status_code == 403
        assert "own address" in answer.json()["error"]


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST", "127.0.0.1"])
def test_the_local_names_are_served(client, host):
    assert client.get("/api/info", headers={"Host": host}).status_code == 200


def test_the_bound_address_is_allowed_and_every_address_allows_all():
    assert "192.168.1.5" in allowed_hosts("192.168.1.5")
    assert "[fe80::1]" in allowed_hosts("fe80::1")
    assert allowed_hosts("0.0.0.0") is None and allowed_hosts("::") is None


# -- S3: security headers and a typed 404 -----------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/play", "/tile", "/docs", "/static/studio.css", "/api/info", "/nowhere"])
def test_every_answer_carries_the_security_headers(client, path):
    answer = client.get(path)
    csp = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["content-type"]


def test_the_404_names_its_content_type(client):
    answer = client.get("/nowhere")
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/plain")
