"""``dominosa serve`` as a user starts it: bad options are one line with exit code 2 before anything listens;
the studio answers on the address it prints; any address but this machine's own is warned about."""

from __future__ import annotations

import json
import socket
import subprocess
import urllib.request

import pytest
from cli_run import COMMAND, dominosa, one_line_error
from waiting import PATIENCE

from dominosa.cli.serve import is_loopback


def test_allow_save_needs_a_store():
    assert "--allow-save needs --store" in one_line_error(dominosa("serve", "--allow-save"))


def test_a_missing_store_is_one_line(tmp_path):
    line = one_line_error(dominosa("serve", "--store", tmp_path / "nothing.sqlite"))
    assert "no puzzle store" in line


def test_allow_save_makes_a_missing_store(tmp_path):
    process, line = serve("--store", str(tmp_path / "new.sqlite"), "--allow-save", "--workers", "1")
    process.terminate()
    process.communicate(timeout=PATIENCE)
    assert "dominosa studio at" in line
    assert (tmp_path / "new.sqlite").exists()


def test_bad_numbers_are_one_line():
    assert "--timeout" in one_line_error(dominosa("serve", "--timeout", "0"))
    assert "--workers" in one_line_error(dominosa("serve", "--workers", "0"))
    assert "--port" in one_line_error(dominosa("serve", "--port", "70000"))


def test_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(dominosa("serve", "--port", port))
    assert f"cannot listen on 127.0.0.1:{port}" in line


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                                ("0.0.0.0", False), ("192.168.1.2", False), ("example.org", False)])
def test_is_loopback(host, loopback):
    assert is_loopback(host) is loopback


def serve(*args: str) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([*COMMAND, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    return process, process.stdout.readline()


def test_serves_on_the_address_it_prints_and_warns_off_loopback():
    process, line = serve("--host", "0.0.0.0", "--workers", "1")
    try:
        url = line.split(" at ")[1].split()[0]
        with urllib.request.urlopen(url + "api/info", timeout=PATIENCE) as answer:
            assert "guessing" in json.loads(answer.read())["grades"]
    finally:
        process.terminate()
        _, err = process.communicate(timeout=PATIENCE)
    assert "warning: listening on 0.0.0.0" in err
    assert process.returncode == 0 or process.returncode < 0


def test_help_teaches_with_examples():
    done = dominosa("serve", "--help")
    assert done.returncode == 0
    assert "dominosa serve --open" in done.stdout
