"""``dominosa serve``: the studio, a local web app to set, rate, play and tile puzzles in a browser.

The command checks its options, binds the address itself (so a port in use is one line, not a traceback), warns
when the studio would be reachable from other machines, and hands the socket to uvicorn. The application is
:mod:`dominosa.web` (Starlette and uvicorn, installed with dominosa).
"""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import socket
import sys
import threading
import webbrowser

from dominosa.cli.usage import UsageError

__all__ = ["register", "run", "is_loopback"]

EPILOG = """\
examples:
  dominosa serve --open
      start the studio on http://127.0.0.1:8000/ and open it in the browser
  dominosa serve --store output/puzzles.sqlite
      the play page deals puzzles from the store (read only)
  dominosa serve --store output/puzzles.sqlite --allow-save
      and puzzles generated in the studio are kept in the store
  dominosa serve --port 0
      any free port (the address is printed)

Files of your own in these examples: output/puzzles.sqlite.

Pages: / the setter (type a grid: verdict, grade, explanation, export),
/play (play with undo, hints and a shareable URL), /daily (the puzzle of
the day), /tile (A-Puzzle-A-Day, DominoPeg, pentominoes) and /docs (the
JSON API). Only this machine's pages may use it. Each request is stopped
after --timeout seconds; bodies over 1 MB are refused. Ctrl-C stops it.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``serve`` to the ``dominosa`` command."""
    parser = subparsers.add_parser(
        "serve",
        help="the studio: set, rate, play and tile puzzles in a web page",
        description="Start the studio, a local web app: the setter, play and tiling pages and a JSON API.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 for any free one)")
    parser.add_argument("--store", metavar="PATH", help="a puzzle store the play page deals puzzles from")
    parser.add_argument(
        "--allow-save", action="store_true", help="keep puzzles generated in the studio in --store (made if missing)"
    )
    parser.add_argument("--open", action="store_true", help="open the studio in the web browser once it is up")
    parser.add_argument(
        "--timeout", type=float, default=10.0, metavar="SECONDS", help="stop any request after this long (default 10)"
    )
    parser.add_argument("--workers", type=int, metavar="N", help="processes solving and rating (default: one per core)")
    parser.set_defaults(run=run)


def is_loopback(host: str) -> bool:
    """True when ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C (or SIGTERM); exit code 0, requests still in flight answered 503 (bad options are 2,
    before anything starts)."""
    if args.timeout <= 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    if args.workers is not None and not 1 <= args.workers <= 64:
        raise UsageError(f"--workers must be between 1 and 64, not {args.workers}")
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, not {args.port}")
    if args.allow_save and not args.store:
        raise UsageError("--allow-save needs --store: it says where generated puzzles are kept")
    if args.store:
        _check_store(args.store, create=args.allow_save)
    sock = _listen(args.host, args.port)
    # Loaded once the options, the store and the port are checked: a mistake is told without a second's wait.
    try:
        from dominosa.web import Settings, create_app
        from dominosa.web.serving import StudioServer, server_config
    except ImportError as error:
        raise UsageError(f"the studio's web server is not installed: pip install -e . again ({error})") from None
    host, port = sock.getsockname()[:2]
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    if not is_loopback(args.host):
        print(
            f"dominosa: warning: listening on {args.host}: anyone who can reach this machine can use the studio"
            " (the default, 127.0.0.1, is this machine only)",
            file=sys.stderr,
        )
    settings = Settings(timeout=args.timeout, store=args.store, allow_save=args.allow_save, host=args.host)
    if args.workers is not None:
        settings = dataclasses.replace(settings, workers=args.workers)
    studio = create_app(settings)
    server = StudioServer(server_config(studio), studio)
    print(f"dominosa studio at {url} (Ctrl-C to stop)", flush=True)
    if args.open:
        threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
    server.run(sockets=[sock])
    return 0


def _check_store(path: str, *, create: bool) -> None:
    """The store must be one, and exist unless the studio may save to it (then it is made): opened once here,
    so that a typo fails now rather than on a click."""
    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError

    try:
        PuzzleStore(path, create=create, read_only=not create).close()
    except StoreError as error:
        raise UsageError(str(error)) from None


def _listen(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise UsageError(f"--host {host!r}: {error.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.set_inheritable(True)
    return sock


def _open_when_up(server, url: str) -> None:
    """Open the browser once the server answers, however long a busy machine takes to start it (not at all if it
    stops first)."""
    import time

    while not server.should_exit:
        if server.started:
            webbrowser.open(url)
            return
        time.sleep(0.05)
