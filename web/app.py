"""The studio's web application: the JSON API, the three pages and their static files.

Starlette, served by uvicorn (see :mod:`dominosa.cli.serve`). Every API endpoint is ``POST /api/NAME`` with a JSON
body and answers with the JSON object the matching command prints with ``--format json``; bad input is HTTP 400
with ``{"error": "<the command's one line>"}``. The work itself runs in worker processes
(:mod:`dominosa.web.workers`) under a time limit; this module only checks sizes, routes, and turns outcomes into
responses.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dominosa import __version__
from dominosa.deductions import GRADES
from dominosa.formats import DEFAULT_EXAMPLE, read_example, write_plain
from dominosa.web.jobs import EXPORT_FORMATS, MAX_PLAY_ORDER, TILE_PUZZLES
from dominosa.web.workers import JobFailed, JobTimeout, WorkerPool

__all__ = ["Settings", "create_app", "MAX_BODY"]

MAX_BODY = 1_000_000  # bytes: a double-30 puzzle as JSON is under 10 kB
STATIC = files("dominosa.web") / "static"
PAGES = {"/": "setter.html", "/play": "play.html", "/tile": "tile.html", "/docs": "docs.html"}
# Endpoints and the job each runs; generation has a pool of its own so that it never delays the others.
# How much lower the generating process's CPU priority is: a player waiting for a hint outranks a new puzzle.
GENERATION_NICE = 10
ENDPOINTS = ("solve", "rate", "hint", "explain", "fix", "generate", "tile", "tile-board", "export")


@dataclass(frozen=True)
class Settings:
    """How the studio runs: time limit per request, worker processes, and the puzzle store (if any)."""

    timeout: float = 10.0
    workers: int = max(1, min(os.cpu_count() or 1, 4))
    store: str | None = None
    allow_save: bool = False


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with HTTP 413, before reading more than that.

    The declared length is checked first; then the body is read here, counting what actually arrives (a chunked
    body declares no length), and handed on whole. Bodies are small, so holding one costs nothing.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left
                return
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        whole: Message | None = {"type": "http.request", "body": b"".join(chunks), "more_body": False}

        async def replay() -> Message:
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        error = f"the request body is over {self.limit // 1_000_000} MB: send one puzzle at a time"
        await JSONResponse({"error": error}, status_code=413)(scope, receive, send)


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(settings: Settings | None = None) -> ASGIApp:
    """The studio as an ASGI application; its worker processes start with the application's lifespan."""
    settings = settings or Settings()
    pools: dict[str, WorkerPool] = {}
    example = write_plain(read_example(DEFAULT_EXAMPLE)[0].puzzle)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        pools["jobs"] = WorkerPool(settings.workers, name="solving")
        pools["generate"] = WorkerPool(1, name="generating", nice=GENERATION_NICE)
        try:
            for pool in pools.values():
                await pool.start()
            yield
        finally:
            for pool in pools.values():
                await pool.close()

    async def read_body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        try:
            body = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError) as error:
            raise _BadBody(f"the body is not JSON: {error}") from None
        if not isinstance(body, dict):
            raise _BadBody('the body must be a JSON object such as {"puzzle": "3:22223101012330103310"}')
        return body

    async def run(job: str, body: dict[str, Any]) -> tuple[int, Any]:
        pool = pools["generate" if job == "generate" else "jobs"]
        try:
            outcome, value = await pool.run(job, body, timeout=settings.timeout)
        except JobTimeout:
            return 503, {"error": timeout_message(job, body, settings.timeout)}
        except JobFailed as error:
            return 500, {"error": f"internal error: {error}"}
        if outcome == "error":
            return 400, {"error": value}
        return 200, value

    def endpoint(job: str):
        async def handle(request: Request) -> Response:
            try:
                body = await read_body(request)
            except _BadBody as error:
                return _error(str(error))
            status, value = await run(job, body)
            if job == "export" and status == 200:
                return _file_response(value)
            if job == "generate" and status == 200 and settings.allow_save and settings.store is not None:
                saved = await asyncio.to_thread(_save, settings.store, value)
                if saved is not None:
                    value["id"] = saved  # as `generate --store` reports it
            return JSONResponse(value, status_code=status)

        return handle

    async def info(request: Request) -> Response:
        """What the pages need to build their controls: grades, orders, tiling puzzles, export formats, store."""
        return JSONResponse(
            {
                "version": __version__,
                "grades": list(GRADES),
                "max_order": MAX_PLAY_ORDER,
                "tile_puzzles": list(TILE_PUZZLES),
                "export_formats": list(EXPORT_FORMATS),
                "store": settings.store is not None,
                "allow_save": settings.allow_save,
                "timeout": settings.timeout,
                "example": example,
            }
        )

    async def store_pick(request: Request) -> Response:
        """A puzzle from the store at ``order`` and ``grade`` (``store export --format json``'s object), chosen
        at random, or 404 when the store holds none such; 404 too when the server has no store."""
        try:
            body = await read_body(request)
        except _BadBody as error:
            return _error(str(error))
        if settings.store is None:
            return _error("the studio was started without --store", 404)
        status, value = await run_store_pick(settings, body)
        return JSONResponse(value, status_code=status)

    pages = {path: build_page(path) for path in PAGES}

    async def page(request: Request) -> Response:
        return HTMLResponse(pages[request.url.path])

    routes = [Route(path, page) for path in PAGES]
    routes += [Route(f"/api/{job}", endpoint(job), methods=["POST"]) for job in ENDPOINTS]
    routes += [
        Route("/api/info", info, methods=["GET"]),
        Route("/api/store/pick", store_pick, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: _not_found, 405: _not_allowed})
    return BodyLimit(app)


def timeout_message(job: str, body: dict[str, Any], timeout: float) -> str:
    """What to say when a request ran out of time, with what to try instead."""
    if job == "generate":
        wanted = f"{body.get('grade') or 'proper'} puzzle of order {body.get('order', 6)}"
        return f"no {wanted} found within {timeout:g} s: try a lower grade or a smaller order"
    return (
        f"stopped after {timeout:g} s: this request takes too long for the studio"
        " (the command line has no such limit; the server's --timeout sets this one)"
    )


class _BadBody(Exception):
    pass


async def _not_found(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return _error(f"no such endpoint: {request.url.path}", 404)
    return Response("Not found. The studio's pages are / (setter), /play, /tile and /docs.", 404)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return _error(f"{request.method} is not allowed on {request.url.path}: the API takes POST with a JSON body", 405)


def build_page(path: str) -> str:
    """A page with the head and the header every page shares (``static/frame.html``), its own tab marked."""
    head, header = (STATIC / "frame.html").read_text(encoding="utf-8").split("<!--#split-->\n")
    header = header.replace(f'<a href="{path}">', f'<a href="{path}" class="current">')
    text = (STATIC / PAGES[path]).read_text(encoding="utf-8")
    return text.replace("<!--#head-->\n", head).replace("<!--#header-->\n", header)


def _file_response(value: dict[str, Any]) -> Response:
    content = value["text"].encode("utf-8") if "text" in value else value["data"]
    headers = {"Content-Disposition": f'attachment; filename="{value["filename"]}"'}
    return Response(content, media_type=value["media_type"], headers=headers)


async def run_store_pick(settings: Settings, body: dict[str, Any]) -> tuple[int, Any]:
    """Pick from the store in a thread (SQLite is quick; no worker process needed)."""
    return await asyncio.to_thread(_store_pick, settings, body)


def _save(path: str, made: dict[str, Any]) -> int | None:
    """Keep a generated puzzle in the store (only with --allow-save); its id, or None when already there."""
    from dominosa.formats import puzzle_from_dict, solution_from_dict
    from dominosa.generator.store import PuzzleStore

    puzzle = puzzle_from_dict(made)
    with PuzzleStore(Path(path), create=False) as store:
        return store.add(
            puzzle,
            solution_from_dict(made, puzzle),
            grade=made.get("grade"),
            level=made.get("level"),
            score=made.get("score"),
            params={"made_by": "dominosa serve"},
            seed=made.get("seed"),
        )


def _store_pick(settings: Settings, body: dict[str, Any]) -> tuple[int, Any]:
    from dominosa.generator.store import PuzzleStore, StoreError

    order, grade, seed = body.get("order"), body.get("grade"), body.get("seed")
    if order is not None and (isinstance(order, bool) or not isinstance(order, int)):
        return 400, {"error": f'"order" must be a whole number, not {order!r}'}
    if grade is not None and grade not in GRADES:
        return 400, {"error": f'"grade" must be one of {", ".join(GRADES)}, not {grade!r}'}
    try:
        with PuzzleStore(Path(settings.store), create=False, read_only=not settings.allow_save) as store:
            count = store.count(order=order, grade=grade)
            if not count:
                return 404, {"error": f"the store holds no {grade or 'graded'} puzzle of order {order}"}
            chooser = random.Random(seed) if isinstance(seed, int) else random.SystemRandom()
            picked = store.query(order=order, grade=grade, limit=1, offset=chooser.randrange(count))
    except StoreError as error:
        return 500, {"error": str(error)}
    return 200, picked[0].to_dict()
