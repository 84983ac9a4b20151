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
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
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
from dominosa.generator.daily import DAILY_ORDERS
from dominosa.generator.shapes import load_shape, shape_names
from dominosa.limits import MAX_MADE_ORDER, MAX_ORDER
from dominosa.web import capacity
from dominosa.web.budget import WORKER_MEMORY
from dominosa.web.guard import Guard, theme_first_tag
from dominosa.web.jobs import EXPORT_FORMATS, FIX_SECONDS, TILE_PUZZLES, grade_to_make
from dominosa.web.lanes import GENERATE, LONG, QUICK, lane
from dominosa.web.workers import (
    JobFailed,
    JobOutOfMemory,
    JobTimeout,
    PoolBusy,
    PoolClosing,
    WorkerPool,
    WorkersDied,
)

__all__ = ["Settings", "Studio", "create_app", "MAX_BODY", "MAX_DEPTH"]

MAX_BODY = 1_000_000  # bytes: a double-30 puzzle as JSON is under 10 kB
# Deepest nesting of a request body: a position is 5 levels deep; hundreds would only exhaust the stack.
MAX_DEPTH = 32
STATIC = files("dominosa.web") / "static"
PAGES = {"/": "setter.html", "/play": "play.html", "/daily": "daily.html", "/tile": "tile.html", "/docs": "docs.html"}
# How much lower the generating process's CPU priority is. None: reads have lanes of their own (web.lanes), and on
# a loaded machine (load 16, 2 cores) the same double-45 basic took 88 s at nice 0 and 320 s at nice 10, side by
# side: a lower priority made the studio miss its 120 s limit with puzzles it makes in 7 s of CPU (bench/README.md).
GENERATION_NICE = 0
# Most requests to make a puzzle that wait for the generating process; one more is answered 503 at once, with
# Retry-After. Each that waits gets its whole time limit once it starts, so a short queue keeps waits bounded.
GENERATE_QUEUE = 2
# Time the answer of a fix takes to build after its search stops (listing solutions, encoding): a request's
# "seconds" may ask for the time limit less this, so that its search never runs into the limit.
FIX_ANSWER_SECONDS = 2.0
# The least time a request to make a puzzle gets, in seconds: a double-40 or double-50 board takes far longer to
# make than a rating takes (the page counts the seconds and offers Cancel meanwhile), and generation has its own
# process, so a long one delays no other kind of request.
GENERATE_TIMEOUT = 120.0
ENDPOINTS = ("solve", "rate", "hint", "explain", "fix", "generate", "tile", "tile-board", "export")


@dataclass(frozen=True)
class Settings:
    """How the studio runs: time limit per request, worker processes, and the puzzle store (if any)."""

    timeout: float = 10.0
    workers: int = max(1, min(os.cpu_count() or 1, 4))
    store: str | None = None
    allow_save: bool = False
    # The address the server is bound to: requests must name it (or localhost) in their Host header.
    host: str = "127.0.0.1"
    # Longest a client may take to send a request's body; the headers' own limit is the server's (web.serving).
    body_timeout: float = 10.0
    # Most data each worker process may hold, in bytes (see dominosa.web.budget); a job past it is answered 503.
    worker_memory: int = WORKER_MEMORY
    # Time limit of a request to make a puzzle; None: the larger of ``timeout`` and GENERATE_TIMEOUT.
    generate_timeout: float | None = None
    # Processes of the quick lane (web.lanes), beside ``workers`` for long work and one for generation.
    quick_workers: int = 1
    # Requests to make a puzzle that may wait for the generating process (see GENERATE_QUEUE).
    generate_queue: int = GENERATE_QUEUE

    def time_limit(self, job: str) -> float:
        """How long a request for ``job`` may run."""
        if job != "generate":
            return self.timeout
        return self.generate_timeout if self.generate_timeout is not None else max(self.timeout, GENERATE_TIMEOUT)

    def fix_seconds(self) -> float:
        """The most search time a fix may ask for: what its job gets, less the time its answer takes."""
        return max(self.timeout - FIX_ANSWER_SECONDS, self.timeout / 2)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with HTTP 413, before reading more than that.

    The declared length is checked first; then the body is read here, counting what actually arrives (a chunked
    body declares no length), and handed on whole. Bodies are small, so holding one costs nothing.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, timeout: float = 10.0) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

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
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(deadline - time.monotonic(), 0))
            except TimeoutError:  # a client trickling its body holds a connection: it gets this long in all
                error = f"the request body took over {self.timeout:g} s to arrive"
                await JSONResponse({"error": error}, status_code=408, headers={"Connection": "close"})(
                    scope, receive, send
                )
                return
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


class Studio:
    """The studio as an ASGI application (see :func:`create_app`), with the one thing a server needs to tell it:
    :meth:`abandon_work` when it begins to stop, so that requests in flight are answered 503 at once."""

    def __init__(self, app: ASGIApp, pools: dict[str, WorkerPool]) -> None:
        self.app = app
        self.pools = pools

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)

    def abandon_work(self) -> None:
        for pool in self.pools.values():
            pool.abandon()


def create_app(settings: Settings | None = None) -> Studio:
    """The studio as an ASGI application; its worker processes start with the application's lifespan.

    The routes come in groups, one small function each: the pages, the jobs the worker processes run, what the
    pages need to know, and what is read from the puzzle store.
    """
    serving = _Serving(settings or Settings())
    routes = [
        *_page_routes(),
        *_job_routes(serving),
        *_info_routes(serving),
        *_store_routes(serving),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    handlers = {404: _not_found, 405: _not_allowed, Exception: _internal_error}
    app = Starlette(routes=routes, lifespan=serving.lifespan, exception_handlers=handlers)
    return Studio(Guard(BodyLimit(app, timeout=serving.settings.body_timeout), serving.settings.host), serving.pools)


class _Serving:
    """What the routes share while the studio serves: its settings, its worker pools (started and closed with the
    application's lifespan) and the threads that do SQLite work."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.pools: dict[str, WorkerPool] = {}
        # SQLite work runs here rather than in the default threads, so that a locked store never starves anything
        # else.
        self.store_threads = ThreadPoolExecutor(2, thread_name_prefix="store")

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette):
        settings, pools = self.settings, self.pools
        memory = settings.worker_memory
        pools[QUICK] = WorkerPool(settings.quick_workers, name="quick", memory=memory)
        pools[LONG] = WorkerPool(settings.workers, name="solving", memory=memory)
        pools[GENERATE] = WorkerPool(
            1, name="generating", nice=GENERATION_NICE, memory=memory, max_waiting=settings.generate_queue
        )
        try:
            for pool in pools.values():
                await pool.start()
            yield
        finally:
            for pool in pools.values():
                await pool.close()
            self.store_threads.shutdown(wait=False, cancel_futures=True)

    async def run(self, job: str, body: dict[str, Any]) -> tuple[int, Any]:
        """The job's outcome as a status and a value; a refusal for want of a process is ``(503, PoolBusy)``."""
        settings = self.settings
        which = lane(job, body)
        if which == QUICK and not self.pools[QUICK].has_idle() and self.pools[LONG].has_idle():
            which = LONG  # a short job never waits while a process is free: the quick ones are busy or starting
        limit = settings.time_limit(job)
        # A request to make a puzzle waits behind at most the queue's jobs, each of which gets its whole limit.
        wait = limit * (settings.generate_queue + 1) if which == GENERATE else limit
        if job == "generate":  # what cannot be made in time is refused now, not after the queue and the limit
            refused = _beyond_capacity(body, limit)
            if refused is not None:
                return 400, refused
        if job == "fix" and "seconds" not in body:  # the default search, within what the job gets
            body = {**body, "seconds": min(FIX_SECONDS, settings.fix_seconds())}
        if job == "fix" and not _fix_seconds_fit(body, settings.fix_seconds()):
            return 400, {"error": fix_seconds_message(body, settings)}
        try:
            outcome, value = await self.pools[which].run(job, body, timeout=limit, wait=wait)
        except PoolBusy as busy:
            return 503, busy
        except JobTimeout:
            return 503, {"error": timeout_message(job, body, limit)}
        except JobOutOfMemory as error:
            return 503, {"error": str(error)}
        except WorkersDied as error:
            return 503, {"error": str(error)}
        except JobFailed as error:
            return 500, {"error": f"internal error: {error}"}
        except PoolClosing:
            return 503, {"error": STOPPING}
        if outcome == "error":
            return 400, {"error": value}
        return 200, value

    async def in_store_thread(self, work: Any, *args: Any, deadline: float) -> tuple[int, Any]:
        """``work(*args)`` on a store thread, answered by ``deadline`` whatever SQLite does meanwhile."""
        future = asyncio.get_running_loop().run_in_executor(self.store_threads, work, *args)
        try:
            return await asyncio.wait_for(future, max(deadline - time.monotonic(), 0.001))
        except TimeoutError:
            return 503, {"error": STORE_BUSY}


async def _read_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, refused (:class:`_BadBody`) when nested too deep, not JSON or not an object."""
    raw = await request.body()
    if _depth(raw) > MAX_DEPTH:
        raise _BadBody(f"the body is nested more than {MAX_DEPTH} levels deep: no puzzle is")
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError) as error:
        raise _BadBody(f"the body is not JSON: {error}") from None
    if not isinstance(body, dict):
        raise _BadBody('the body must be a JSON object such as {"puzzle": "3:22223101012330103310"}')
    return body


async def _unless_client_leaves(request: Request, work: Any) -> Any:
    """``work``'s result; None, with ``work`` cancelled, when the client goes away first (a page's Cancel, or a
    closed tab): a cancelled job's process is stopped and replaced (:meth:`WorkerPool.run`), so a long
    generation nobody waits for any more frees the generating process at once."""
    task = asyncio.ensure_future(work)
    left = asyncio.ensure_future(_client_left(request))
    try:
        await asyncio.wait({task, left}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        left.cancel()
    if task.done():
        return task.result()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return None


def _page_routes() -> list[Route]:
    """The pages, each built once with the frame every page shares."""
    pages = {path: build_page(path) for path in PAGES}

    async def page(request: Request) -> Response:
        return HTMLResponse(pages[request.url.path])

    return [Route(path, page) for path in PAGES]


def _job_routes(serving: _Serving) -> list[Route]:
    """``POST /api/JOB`` for each job a worker process runs (:data:`ENDPOINTS`)."""
    return [Route(f"/api/{job}", _endpoint(serving, job), methods=["POST"]) for job in ENDPOINTS]


def _endpoint(serving: _Serving, job: str):
    """The handler of one job: its body read, the job run unless the client leaves, the outcome answered (a made
    puzzle saved to the store first when the studio may save)."""
    settings = serving.settings

    async def handle(request: Request) -> Response:
        started = time.monotonic()
        try:
            body = await _read_body(request)
        except _BadBody as error:
            return _error(str(error))
        answered = await _unless_client_leaves(request, serving.run(job, body))
        if answered is None:  # nobody to answer: the job was stopped, its process replaced
            return Response(status_code=499)
        status, value = answered
        if isinstance(value, PoolBusy):
            return busy_response(job, value)
        if job == "export" and status == 200:
            return _file_response(value)
        if job == "generate" and status == 200 and settings.allow_save and settings.store is not None:
            made = json.loads(value)
            status, saved = await serving.in_store_thread(
                _save, settings.store, made, settings.timeout, deadline=started + settings.timeout
            )
            if status != 200:
                return JSONResponse(saved, status_code=status)
            if saved is not None:
                made["id"] = saved  # as `generate --store` reports it
            value = made
        if isinstance(value, bytes):  # encoded by the worker
            return Response(value, status_code=status, media_type="application/json")
        return JSONResponse(value, status_code=status)

    return handle


def _info_routes(serving: _Serving) -> list[Route]:
    """``GET /api/info``: what the pages need to build their controls."""
    settings = serving.settings
    example = write_plain(read_example(DEFAULT_EXAMPLE)[0].puzzle)

    async def info(request: Request) -> Response:
        """Grades, orders, shapes (with the sets each is drawn for), tiling puzzles, export formats, store."""
        return JSONResponse(
            {
                "version": __version__,
                "grades": list(GRADES),
                "daily_grades": list(DAILY_ORDERS),
                "max_order": MAX_MADE_ORDER,
                "shapes": {name: list(load_shape(name).orders) for name in shape_names()},
                "tile_puzzles": list(TILE_PUZZLES),
                "export_formats": list(EXPORT_FORMATS),
                "store": settings.store is not None,
                "allow_save": settings.allow_save,
                "timeout": settings.timeout,
                "generate_timeout": settings.time_limit("generate"),
                # Each grade's largest order made within that limit; a larger one is refused at once.
                "in_time": {
                    g: capacity.largest_in_time(g, settings.time_limit("generate"), MAX_MADE_ORDER) for g in GRADES
                },
                "fix_seconds": settings.fix_seconds(),
                "example": example,
            }
        )

    return [Route("/api/info", info, methods=["GET"])]


def _store_routes(serving: _Serving) -> list[Route]:
    """What is read from the puzzle store: a puzzle picked by order and grade, and the puzzle of the day (made when
    the studio has no store, or none of that grade)."""
    settings = serving.settings

    async def store_pick(request: Request) -> Response:
        """A puzzle from the store at ``order`` and ``grade`` (``store export --format json``'s object), chosen
        at random, or 404 when the store holds none such; 404 too when the server has no store."""
        try:
            body = await _read_body(request)
        except _BadBody as error:
            return _error(str(error))
        if settings.store is None:
            return _error("the studio was started without --store", 404)
        deadline = time.monotonic() + settings.timeout
        status, value = await serving.in_store_thread(_store_pick, settings, body, deadline=deadline)
        return JSONResponse(value, status_code=status)

    async def daily(request: Request) -> Response:
        """``GET /api/daily?date=YYYY-MM-DD&grade=G``: the puzzle of the day, the same for everyone. From the store
        when the studio has one (chosen by the date alone among the store's puzzles of that grade), else made."""
        started = time.monotonic()
        body = {key: request.query_params[key] for key in ("date", "grade") if key in request.query_params}
        if settings.store is not None:
            deadline = started + settings.timeout
            status, value = await serving.in_store_thread(_store_daily, settings, body, deadline=deadline)
            if status != 404:
                return JSONResponse(value, status_code=status)
        status, value = await serving.run("daily", body)
        if isinstance(value, PoolBusy):
            return busy_response("daily", value)
        if isinstance(value, bytes):
            return Response(value, status_code=status, media_type="application/json")
        return JSONResponse(value, status_code=status)

    return [Route("/api/store/pick", store_pick, methods=["POST"]), Route("/api/daily", daily, methods=["GET"])]


STOPPING = "the studio is stopping: start it again and retry"
STORE_BUSY = "the puzzle store is busy (another program holds it): try again in a moment"


def _depth(raw: bytes) -> int:
    """How deeply the JSON text nests (brackets outside strings), without parsing it: a body nested thousands
    deep would exhaust the parser's stack, and one nested hundreds deep the worker's."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


async def _client_left(request: Request) -> None:
    """Return once the client has closed its connection (its request body was read already)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def busy_response(job: str, busy: PoolBusy) -> JSONResponse:
    """A request refused for want of a process: 503 at once, with when to try again (``Retry-After``)."""
    what = "making puzzles" if job == "generate" else "this kind of request"
    error = f"the studio is busy with {what}: {busy}; try again in {busy.retry_after} s"
    return JSONResponse(
        {"error": error, "retry_after": busy.retry_after},
        status_code=503,
        headers={"Retry-After": str(busy.retry_after)},
    )


def _beyond_capacity(body: dict[str, Any], limit: float) -> dict[str, Any] | None:
    """The refusal of a request to make a puzzle the studio cannot make within ``limit`` (:mod:`.capacity`): the
    grade asked, or on a big board with none asked the one the studio would ask for."""
    order, grade = body.get("order", 6), body.get("grade")
    if grade is None and isinstance(order, int) and body.get("shape") is None and 1 <= order <= MAX_MADE_ORDER:
        grade = grade_to_make(order, None, None)
    return capacity.refusal(order, grade, limit, MAX_MADE_ORDER)


def _fix_seconds_fit(body: dict[str, Any], most: float) -> bool:
    """Whether a fix's ``seconds`` fits its job's time (anything that is not a number is the job's to refuse)."""
    seconds = body.get("seconds")
    return isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= most


def fix_seconds_message(body: dict[str, Any], settings: Settings) -> str:
    """Why a fix's ``seconds`` is refused: more than the job gets."""
    return (
        f'"seconds" must be at most {settings.fix_seconds():g}, not {body.get("seconds")!r}: the studio stops a'
        f" request after {settings.timeout:g} s (its --timeout), and the answer needs the rest"
        " (the command line's 'dominosa fix --seconds' has no such limit)"
    )


def timeout_message(job: str, body: dict[str, Any], timeout: float) -> str:
    """What to say when a request ran out of time, with what to try instead."""
    if job == "generate":
        grade, order = body.get("grade"), body.get("order", 6)
        if grade is None and isinstance(order, int) and body.get("shape") is None and 1 <= order <= MAX_MADE_ORDER:
            grade = grade_to_make(order, None, None)  # what the studio asked for on a big board
        wanted = f"{grade or 'proper'} puzzle of order {order}"
        command = f"dominosa generate --order {order}" + (f" --grade {grade}" if grade else "")
        return (
            f"no {wanted} found within {timeout:g} s, the studio's limit for making one: try a lower grade or a"
            f" smaller order, or make it with '{command}' (no time limit)"
        )
    return (
        f"stopped after {timeout:g} s: this request takes too long for the studio"
        " (the command line has no such limit; the server's --timeout sets this one)"
    )


class _BadBody(Exception):
    pass


async def _not_found(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return _error(f"no such endpoint: {request.url.path}", 404)
    return Response(
        "Not found. The studio's pages are / (setter), /play, /daily (the puzzle of the day), /tile and /docs.",
        404,
        media_type="text/plain",
    )


async def _internal_error(request: Request, exc: Exception) -> Response:
    """A fault of ours outside the workers: the API still answers JSON (the page shows its "error"), and the
    traceback goes to the server's log as usual."""
    if request.url.path.startswith("/api/"):
        return _error(f"internal error: {type(exc).__name__}: {exc}", 500)
    return Response("Internal error: the studio's log says what went wrong.", 500, media_type="text/plain")


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return _error(f"{request.method} is not allowed on {request.url.path}: the API takes POST with a JSON body", 405)


def build_page(path: str) -> str:
    """A page with the head and the header every page shares (``static/frame.html``), its own tab marked."""
    head, header = (STATIC / "frame.html").read_text(encoding="utf-8").split("<!--#split-->\n")
    header = header.replace(f'<a href="{path}">', f'<a href="{path}" class="current">')
    text = (STATIC / PAGES[path]).read_text(encoding="utf-8")
    for part in ("game", "game-aside", "day-picker"):  # the game's own cards, shared by the play and daily pages
        text = text.replace(f"<!--#{part}-->\n", (STATIC / f"{part}.html").read_text(encoding="utf-8"))
    head = head.replace("<!--#theme-first-->", theme_first_tag())
    return text.replace("<!--#head-->\n", head).replace("<!--#header-->\n", header)


def _file_response(value: dict[str, Any]) -> Response:
    content = value["text"].encode("utf-8") if "text" in value else value["data"]
    headers = {"Content-Disposition": f'attachment; filename="{value["filename"]}"'}
    return Response(content, media_type=value["media_type"], headers=headers)


def _save(path: str, made: dict[str, Any], busy_timeout: float) -> tuple[int, Any]:
    """Keep a generated puzzle in the store (only with --allow-save): ``(200, its id)``, the id None when already
    there, or an error status with ``{"error": ...}`` when the store cannot take it now."""
    from dominosa.formats import puzzle_from_dict, solution_from_dict
    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError

    puzzle = puzzle_from_dict(made)
    try:
        with PuzzleStore(Path(path), create=False, busy_timeout=busy_timeout) as store:
            return 200, store.add(
                puzzle,
                solution_from_dict(made, puzzle),
                grade=made.get("grade"),
                level=made.get("level"),
                score=made.get("score"),
                params={"made_by": "dominosa serve"},
                seed=made.get("seed"),
            )
    except sqlite3.OperationalError:
        return 503, {"error": STORE_BUSY}
    except (StoreError, sqlite3.Error) as error:
        return 500, {"error": f"cannot save to the puzzle store: {error}"}


def _store_pick(settings: Settings, body: dict[str, Any]) -> tuple[int, Any]:
    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError

    order, grade, seed = body.get("order"), body.get("grade"), body.get("seed")
    if order is not None and (isinstance(order, bool) or not isinstance(order, int)):
        return 400, {"error": f'"order" must be a whole number, not {order!r}'}
    if order is not None and not 1 <= order <= MAX_ORDER:  # a store holds what dominosa reads, no larger
        reason = f" ({MAX_ORDER} is the largest order dominosa reads)" if order > MAX_ORDER else ""
        return 400, {"error": f'"order" must be between 1 and {MAX_ORDER}, not {order}{reason}'}
    if grade is not None and grade not in GRADES:
        return 400, {"error": f'"grade" must be one of {", ".join(GRADES)}, not {grade!r}'}
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        return 400, {"error": f'"seed" must be a whole number, not {seed!r}'}
    try:
        with PuzzleStore(
            Path(settings.store), create=False, read_only=not settings.allow_save, busy_timeout=settings.timeout
        ) as store:
            count = store.count(order=order, grade=grade)
            if not count:
                return 404, {"error": f"the store holds no {grade or 'graded'} puzzle of order {order}"}
            chooser = random.Random(seed) if isinstance(seed, int) else random.SystemRandom()
            picked = store.query(order=order, grade=grade, limit=1, offset=chooser.randrange(count))
    except sqlite3.OperationalError:
        return 503, {"error": STORE_BUSY}
    except (StoreError, sqlite3.Error) as error:
        return 500, {"error": str(error)}
    return 200, picked[0].to_dict()


def _store_daily(settings: Settings, body: dict[str, Any]) -> tuple[int, Any]:
    """The day's puzzle from the store: among its puzzles of the grade (by id), the one the date's hash names;
    404 when the store holds none of that grade (the caller then makes one)."""
    from dominosa.generator.daily import DEFAULT_GRADE, parse_date, store_pick
    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError

    date, grade = body.get("date"), body.get("grade", DEFAULT_GRADE)
    try:
        parse_date(date or "")
    except ValueError as error:
        return 400, {"error": str(error)}
    if grade not in GRADES:
        return 400, {"error": f'"grade" must be one of {", ".join(GRADES)}, not {grade!r}'}
    try:
        with PuzzleStore(Path(settings.store), create=False, read_only=True, busy_timeout=settings.timeout) as store:
            count = store.count(grade=grade)
            if not count:
                return 404, {"error": f"the store holds no {grade} puzzle"}
            picked = store.query(grade=grade, limit=1, offset=store_pick(date, grade, count))[0]
    except sqlite3.OperationalError:
        return 503, {"error": STORE_BUSY}
    except (StoreError, sqlite3.Error) as error:
        return 500, {"error": str(error)}
    return 200, {**picked.to_dict(), "date": date, "grade": grade, "source": "store"}
