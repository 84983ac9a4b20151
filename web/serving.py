"""How the studio is served: uvicorn, with the limits a server on a desktop needs and a quiet stop.

uvicorn closes idle keep-alive connections but never a client that sends its headers one byte at a time, so such
clients pile up until the server runs out of sockets. :func:`guarded_protocol` gives every connection
``header_timeout`` seconds to send a request's headers (from the moment it opens, or from the end of the previous
answer); the body has its own limit in the application (:class:`dominosa.web.app.BodyLimit`). A request the
HTTP parser itself refuses (a negative Content-Length, a missing or repeated Host header, TLS spoken to this
plain-HTTP port) is answered 400 in JSON like every other error, naming the fault, rather than uvicorn's plain text.

:class:`StudioServer` tells the application the moment a stop is asked for (Ctrl-C, SIGTERM, and SIGHUP: the
terminal it ran in was closed), so that requests in flight are answered 503 ``{"error": "the studio is
stopping..."}`` at once instead of being cut off with a traceback when the grace period ends. A server started
with SIGHUP ignored (``nohup``) keeps ignoring it, as it was asked to.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from dominosa.web.app import Studio
from dominosa.web.guard import SECURITY_HEADERS

__all__ = ["guarded_protocol", "StudioServer", "server_config", "bad_request_line", "HEADER_TIMEOUT", "KEEP_ALIVE"]

HEADER_TIMEOUT = 10.0  # seconds a client has to send a request's headers
KEEP_ALIVE = 5.0  # seconds an idle keep-alive connection stays open


def guarded_protocol(header_timeout: float = HEADER_TIMEOUT) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request headers take over ``header_timeout``."""

    class GuardedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None
        _first_byte: bytes | None = None  # the connection's first byte: 0x16 opens a TLS handshake

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(header_timeout, self._headers_too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            if self.cycle is None or self.cycle.response_complete:  # still waiting for a request's headers
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not None and not self.cycle.response_complete:  # the headers arrived
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on this connection gets the same time

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._first_byte is None and data:
                self._first_byte = data[:1]
            super().data_received(data)

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request h11 cannot read, as JSON like every other error of the studio, naming
            the fault (called while h11's exception is being handled)."""
            fault = sys.exc_info()[1]
            body = json.dumps({"error": bad_request_line(self._first_byte, fault)}).encode("utf-8")
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
                *((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()),
            ]
            with contextlib.suppress(h11.LocalProtocolError):  # h11 may refuse to answer at all: then just close
                self.transport.write(self.conn.send(h11.Response(status_code=400, headers=headers)))
                self.transport.write(self.conn.send(h11.Data(data=body)))
                self.transport.write(self.conn.send(h11.EndOfMessage()))
            self.transport.close()

    return GuardedH11Protocol


class StudioServer(uvicorn.Server):
    """uvicorn's server, telling the studio to abandon its jobs as soon as a stop is asked for."""

    def __init__(self, config: uvicorn.Config, studio: Studio) -> None:
        super().__init__(config)
        self.studio = studio
        self._loop: asyncio.AbstractEventLoop | None = None

    async def startup(self, sockets: Any = None) -> None:
        self._loop = asyncio.get_running_loop()
        await super().startup(sockets=sockets)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """uvicorn's Ctrl-C and SIGTERM handling, and SIGHUP the same way: uvicorn leaves SIGHUP alone, and its
        default action would kill the server outright, requests in flight and all."""
        hangup = getattr(signal, "SIGHUP", None)
        if hangup is None or threading.current_thread() is not threading.main_thread():
            with super().capture_signals():
                yield
            return
        previous = signal.getsignal(hangup)
        if previous != signal.SIG_IGN:  # nohup asked for the server to outlive its terminal
            signal.signal(hangup, self.handle_exit)
        try:
            with super().capture_signals():
                yield
        finally:
            if previous is not None:  # None: a handler set outside Python, which cannot be put back
                signal.signal(hangup, previous)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        # uvicorn raises the signal again once it has stopped, which would make Ctrl-C exit 130 with a traceback
        # from whoever catches it; a stop asked for is the normal end of a server: exit 0, quietly.
        captured = getattr(self, "_captured_signals", None)
        if isinstance(captured, list):
            captured.clear()
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop already closed
                self._loop.call_soon_threadsafe(self.studio.abandon_work)


# What a TLS connection's first byte is (a handshake record): someone opened https:// on the plain-HTTP port.
_TLS_HANDSHAKE = b"\x16"


def bad_request_line(first_byte: bytes | None, fault: BaseException | None) -> str:
    """The one line answering a request that is not HTTP/1.1 the server can read: what h11 found, or that TLS was
    spoken to a plain-HTTP port."""
    if first_byte == _TLS_HANDSHAKE:
        return "this port speaks plain HTTP, not HTTPS: open the studio at the http:// address `dominosa serve` printed"
    detail = str(fault).strip() if isinstance(fault, h11.RemoteProtocolError) and str(fault).strip() else ""
    return "the request is not valid HTTP/1.1" + (f": {detail}" if detail else "")


def server_config(studio: Studio, *, header_timeout: float = HEADER_TIMEOUT, **options: Any) -> uvicorn.Config:
    """uvicorn's settings for the studio: the guarded protocol, short keep-alive, quiet logs, a short grace."""
    options = {"log_level": "warning", "timeout_graceful_shutdown": 2, "timeout_keep_alive": KEEP_ALIVE, **options}
    return uvicorn.Config(studio, http=guarded_protocol(header_timeout), lifespan="on", **options)
