"""What keeps the studio safe as a server on someone's desktop: only its own pages may use it.

A page on any other site can make the browser send requests to ``http://127.0.0.1:8000`` (a ``no-cors`` fetch or a
form posting ``text/plain``), and by DNS rebinding can even read the answers under a name of its own. So every
request passes :class:`Guard` first, which

- answers only requests addressed to this server by name: the ``Host`` header must be the address it was bound
  to, ``localhost``, ``127.0.0.1`` or ``[::1]`` (Jupyter's rule), unless it was bound to every address on purpose;
- refuses API requests a browser marks as coming from another site (``Sec-Fetch-Site``) or another origin
  (``Origin``);
- adds the headers that keep its pages out of foreign frames and stop content sniffing (a Content-Security-Policy
  with ``frame-ancestors 'none'``, ``X-Content-Type-Options: nosniff`` and friends) to every answer.

Refusals are JSON ``{"error": ...}`` with status 403, like every other error of the API.
"""

from __future__ import annotations

import base64
import hashlib
import json
from importlib.resources import files

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["Guard", "SECURITY_HEADERS", "allowed_hosts", "theme_first_tag"]

# The one inline script a page may run: the theme chosen, set before the first paint (static/theme-first.js, its
# comment lines dropped). Inline, it costs the first paint no request; the policy names it by its hash.
_THEME_FIRST = "".join(
    line for line in (files("dominosa.web") / "static" / "theme-first.js").read_text(encoding="utf-8").splitlines()
    if not line.startswith("//")
)
_THEME_FIRST_HASH = base64.b64encode(hashlib.sha256(_THEME_FIRST.encode()).digest()).decode()


def theme_first_tag() -> str:
    """The ``<script>`` element that sets the reader's theme before the page paints."""
    return f"<script>{_THEME_FIRST}</script>"


SECURITY_HEADERS = {
    "Content-Security-Policy": (
        f"default-src 'self'; script-src 'self' 'sha256-{_THEME_FIRST_HASH}'; style-src 'self' 'unsafe-inline';"
        " img-src 'self' data: blob:;"
        " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
_ENCODED_HEADERS = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
# Binding to these means "every address": the studio was opened to the network on purpose (and warned about).
EVERY_ADDRESS = frozenset({"", "0.0.0.0", "::", "[::]"})


def allowed_hosts(bound: str) -> frozenset[str] | None:
    """The host names a request may address, for a server bound to ``bound``; None when any name will do."""
    bound = bound.lower()
    if bound in EVERY_ADDRESS:
        return None
    if ":" in bound and not bound.startswith("["):
        bound = f"[{bound}]"  # an IPv6 address as it appears in a Host header
    return LOCAL_NAMES | {bound}


def _host_name(host: str) -> str:
    """``Host`` without its port: ``localhost:8000`` -> ``localhost``, ``[::1]:8000`` -> ``[::1]``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware: the Host allowlist, the cross-site refusal and the security headers (see the module)."""

    def __init__(self, app: ASGIApp, bound_host: str = "127.0.0.1") -> None:
        self.app = app
        self.hosts = allowed_hosts(bound_host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
        refusal = self.refusal(scope, headers)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _ENCODED_HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        if refusal is None:
            await self.app(scope, receive, send_with_headers)
            return
        body = json.dumps({"error": refusal}).encode("utf-8")
        await send_with_headers(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send_with_headers({"type": "http.response.body", "body": body})

    def refusal(self, scope: Scope, headers: dict[str, str]) -> str | None:
        """Why this request is refused, or None."""
        host = headers.get("host", "")
        if self.hosts is not None and _host_name(host) not in self.hosts:
            return (
                f"this studio answers only at its own address (localhost, 127.0.0.1, [::1]), not {host!r}:"
                " open it at the address `dominosa serve` printed"
            )
        if not scope["path"].startswith("/api/"):
            return None  # pages and static files may be reached from anywhere, as a link would
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return f"the studio's API answers its own pages only, not a request from another site ({site})"
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"{scope.get('scheme', 'http')}://{host.lower()}":
            return f"the studio's API answers its own pages only, not a page from {origin}"
        return None
