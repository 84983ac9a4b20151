"""The studio as a real server: slow clients are cut off (S5), workers die with the server (S9), and Ctrl-C with
requests in flight answers them 503 and exits quietly (S10). Each finding of issue 24's security review is
reproduced against uvicorn on 127.0.0.1, with raw sockets where a browser would not behave so badly."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from cli_run import COMMAND, as_from_a_terminal
from waiting import PATIENCE, wait_until

from dominosa.web import Settings, create_app
from dominosa.web.serving import StudioServer, server_config

SLOW = {"puzzle": "pentominoes", "count": True}  # 9356 tilings: many seconds of work
HEADER_TIMEOUT = 0.5
BODY_TIMEOUT = 0.5
# How long a test waits for the server to cut a slow client off: far past the limits above (a loaded machine is
# late, never early), and far short of forever, which is what a client gets without them.
CUT_OFF = 30.0


@pytest.fixture(scope="module")
def server():
    """The studio under uvicorn in a thread, with short header and body limits; its (host, port)."""
    studio = create_app(Settings(workers=1, body_timeout=BODY_TIMEOUT))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    uvicorn_server = StudioServer(server_config(studio, header_timeout=HEADER_TIMEOUT), studio)
    thread = threading.Thread(target=uvicorn_server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    wait_until(lambda: uvicorn_server.started, "the server's start")
    yield sock.getsockname()
    uvicorn_server.should_exit = True
    thread.join(PATIENCE)
    sock.close()


def connect(address) -> socket.socket:
    conn = socket.create_connection(address, timeout=PATIENCE)
    return conn


def closed_within(conn: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Read until the server closes the connection; whether it did within ``seconds``, and what it sent."""
    started = time.monotonic()
    received = b""
    conn.settimeout(seconds)
    try:
        while chunk := conn.recv(65536):
            received += chunk
    except TimeoutError:
        return False, received
    except ConnectionResetError:
        pass
    return time.monotonic() - started <= seconds, received


# -- S5: slow clients ------------------------------------------------------------------------------------------


def test_s5_headers_sent_a_byte_at_a_time_are_cut_off(server):
    conn = connect(server)
    conn.sendall(b"GET /api/info HTTP/1.1\r\nHo")  # and never the rest
    closed, received = closed_within(conn, CUT_OFF)
    conn.close()
    assert closed and received == b""


def test_s5_a_connection_that_sends_nothing_is_closed(server):
    conns = [connect(server) for _ in range(10)]
    for conn in conns:
        assert closed_within(conn, CUT_OFF)[0]
        conn.close()


def test_s5_a_body_trickling_in_is_answered_408(server):
    conn = connect(server)
    conn.sendall(
        b"POST /api/rate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    )
    closed, received = closed_within(conn, CUT_OFF)
    conn.close()
    assert closed and received.startswith(b"HTTP/1.1 408")
    assert b'"error"' in received


def test_s5_a_keep_alive_connection_gets_the_same_limit_for_its_next_request(server):
    conn = connect(server)
    conn.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    conn.settimeout(PATIENCE)
    first = conn.recv(65536)
    assert first.startswith(b"HTTP/1.1 200")
    conn.sendall(b"GET /api/info HTTP/1.1\r\nHo")
    closed, _ = closed_within(conn, CUT_OFF)
    conn.close()
    assert closed


def test_s5_a_prompt_client_is_served(server):
    client = http.client.HTTPConnection(*server, timeout=PATIENCE)
    client.request(
        "POST", "/api/rate", json.dumps({"puzzle": "3:22223101012330103310"}), {"Content-Type": "application/json"}
    )
    answer = client.getresponse()
    assert answer.status == 200 and json.loads(answer.read())["unique"]
    client.close()


# -- requests the HTTP parser refuses: JSON like every other error -------------------------------------------------


@pytest.mark.parametrize(
    ("request_bytes", "words"),
    [
        (b"POST /api/rate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n", "not valid HTTP/1.1"),
        (b"GET /api/info HTTP/1.1\r\n\r\n", "Host"),
        (b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: 127.0.0.1\r\n\r\n", "Host"),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40), "plain HTTP, not HTTPS"),
    ],
    ids=["negative-length", "no-host", "two-hosts", "tls"],
)
def test_a_request_the_parser_refuses_is_a_json_400_that_names_the_fault(server, request_bytes, words):
    conn = connect(server)
    conn.sendall(request_bytes)
    closed, received = closed_within(conn, CUT_OFF)
    conn.close()
    head, _, body = received.partition(b"\r\n\r\n")
    assert closed and head.startswith(b"HTTP/1.1 400"), received
    assert b"content-type: application/json" in head.lower()
    assert b"x-content-type-options: nosniff" in head.lower()
    error = json.loads(body)["error"]
    assert words in error and "\n" not in error


# -- a real `dominosa serve`: S9 and S10 -----------------------------------------------------------------------


def start_studio(*options: str, nohup: bool = False) -> tuple[subprocess.Popen, str, int]:
    """``dominosa serve`` as started from a terminal (with ``nohup``: with SIGHUP ignored); it, its host and port."""

    def signals() -> None:
        as_from_a_terminal()
        if nohup:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)

    process = subprocess.Popen(
        [*COMMAND, "serve", "--port", "0", "--workers", "1", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a terminal gives it: Ctrl-C reaches every process in it
        preexec_fn=signals,  # SIGHUP and SIGINT as a terminal leaves them, whatever runs the tests
    )
    line = process.stdout.readline()
    match = re.search(r"http://([\d.]+):(\d+)/", line)
    if not match:
        process.kill()
        pytest.fail(f"dominosa serve did not start: {line!r} {process.stderr.read()}")
    return process, match.group(1), int(match.group(2))


def post_in_background(host: str, port: int, endpoint: str, body: dict) -> dict:
    """POST in a thread; the dict gets "status", "type" and "body" when the answer comes (or "error")."""
    result: dict = {}

    def send() -> None:
        try:
            client = http.client.HTTPConnection(host, port, timeout=PATIENCE)
            client.request("POST", f"/api/{endpoint}", json.dumps(body), {"Content-Type": "application/json"})
            answer = client.getresponse()
            result.update(status=answer.status, type=answer.getheader("Content-Type"), body=answer.read())
        except OSError as error:
            result["error"] = error

    threading.Thread(target=send, daemon=True).start()
    return result


def busy_workers(server_pid: int) -> list[int]:
    """The server's worker processes (children of its fork server) that have used 0.3 s of CPU or more: the one
    working on a job (an idle worker, forked from the preloaded fork server, uses a few milliseconds)."""

    def children(pid: int) -> list[int]:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
        return found

    def cpu_seconds(pid: int) -> float:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime

    workers = [w for forkserver in children(server_pid) for w in children(forkserver)]
    return [w for w in workers if cpu_seconds(w) >= 0.3]


def state(pid: int) -> str:
    """The process's state letter (R running, S sleeping, Z zombie), or "gone"."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


@linux_only
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGHUP], ids=["SIGKILL", "SIGHUP"])
def test_s9_a_busy_worker_dies_with_the_server(sig):
    process, host, port = start_studio()
    try:
        post_in_background(host, port, "tile", SLOW)
        busy: list[int] = []
        wait_until(lambda: busy.extend(busy_workers(process.pid)) or busy, "a worker's start on the job")
        process.send_signal(sig)
        process.wait(PATIENCE)
        wait_until(lambda: all(state(w) in ("gone", "Z") for w in busy), "the workers' exit")
        if sig == signal.SIGHUP:  # a stop asked for (the terminal closed), not a crash: quiet, exit code 0
            assert process.returncode == 0
            assert "Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@linux_only
def test_s10_ctrl_c_answers_requests_in_flight_503_and_exits_quietly():
    process, host, port = start_studio()
    try:
        result = post_in_background(host, port, "tile", SLOW)
        wait_until(lambda: busy_workers(process.pid), "a worker's start on the job")
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C in the terminal: the whole group gets it
        wait_until(lambda: result, "the answer to the request in flight")
        assert result.get("status") == 503, result
        assert result["type"] == "application/json" and "stopping" in json.loads(result["body"])["error"]
        assert process.wait(PATIENCE) == 0
        stderr = process.stderr.read()
        assert "Traceback" not in stderr, stderr
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def info_status(host: str, port: int) -> int:
    client = http.client.HTTPConnection(host, port, timeout=PATIENCE)
    try:
        client.request("GET", "/api/info")
        return client.getresponse().status
    finally:
        client.close()


def handled_signals(pid: int) -> tuple[set[int], set[int]]:
    """The signals the process ignores and those it catches, from /proc."""
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    fields = dict(line.split(":\t", 1) for line in lines if ":\t" in line)

    def numbers(mask: str) -> set[int]:
        bits = int(mask, 16)
        return {n for n in range(1, 65) if bits >> (n - 1) & 1}

    return numbers(fields["SigIgn"]), numbers(fields["SigCgt"])


@linux_only
def test_s9_sighup_is_a_stop_except_under_nohup():
    """SIGHUP (the terminal closed) stops the server as Ctrl-C does (the test above); ``nohup dominosa serve``
    asked it to outlive its terminal, so there SIGHUP stays ignored and the studio goes on serving."""
    for nohup in (False, True):
        process, host, port = start_studio(nohup=nohup)
        try:
            assert info_status(host, port) == 200  # serving: its signal handlers are in place
            ignored, caught = handled_signals(process.pid)
            assert (signal.SIGHUP in ignored, signal.SIGHUP in caught) == (nohup, not nohup)
            if nohup:
                process.send_signal(signal.SIGHUP)  # an ignored signal is dropped as it is sent
                assert info_status(host, port) == 200 and process.poll() is None
            process.terminate()
            assert process.wait(PATIENCE) == 0
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
