"""Worker processes for the studio: the jobs run away from the server's event loop, each within a time limit.

Solving, rating and generating are CPU work in pure Python; run in the server's process they would hold the
interpreter lock and stall every other request. So each pool keeps a few long-lived processes (started once,
with the engine already imported, through a fork server), hands a job to an idle one over a pipe, and waits for
the answer without blocking the loop. A job that runs past its deadline cannot be interrupted politely, so its
process is killed and replaced: the time limit is a real bound, and a runaway request costs one process start,
never a stuck server. Requests beyond the pool's size wait for a free process, and the wait counts toward their
deadline.

The server keeps two pools (see :mod:`dominosa.web.app`): one for generation and one for everything else, so a
long generation never delays a rating; the generation pool also runs at a lower CPU priority (``nice``), so that
on a machine with few cores the ratings people wait for come first.

A pool never shrinks: a process that cannot be started (say the server is out of file descriptors) is started
again a moment later, in the background, until it is. Workers never outlive the server: each watches a pipe only
the server holds open (and, on Linux, asks the kernel for SIGKILL when its parent dies), so a ``kill -9`` of the
server stops a busy worker at once rather than letting it compute on. The answer is encoded as JSON in the worker
and refused there when it is larger than :data:`MAX_ANSWER`, so the server only moves bytes, off its event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["WorkerPool", "JobTimeout", "JobFailed", "PoolClosing", "MAX_ANSWER"]

# Largest answer (encoded JSON) a job may send back: thousands of solutions of a big puzzle would otherwise cost
# the server hundreds of megabytes to hold and the browser seconds to read. Larger answers are a one-line error.
MAX_ANSWER = 8_000_000
# How long to wait before trying again to start a process that could not be started, and the longest such wait.
RESPAWN_DELAY = 0.2
RESPAWN_DELAY_MAX = 5.0


class JobTimeout(Exception):
    """The job did not finish within its time limit (its process was stopped)."""


class JobFailed(Exception):
    """The job's process died or the job raised something other than bad input: a fault of ours, not the user's."""


class PoolClosing(Exception):
    """The server is stopping: the job was abandoned and its process will be stopped."""


def _die_with_parent() -> None:
    """Linux: have the kernel kill this process when its parent (the fork server, which itself exits the moment
    the studio's server dies) goes away. Elsewhere a no-op; :func:`_watch_lifeline` covers every system."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
        if os.getppid() == 1:  # the parent died before the request above was made
            os._exit(1)


def _watch_lifeline(lifeline: Connection) -> None:
    """Exit as soon as the server's end of ``lifeline`` closes, that is when the server stopped or died, even in
    the middle of a job (a thread of its own waits for that; nothing is ever sent on the pipe)."""

    def wait() -> None:
        with contextlib.suppress(EOFError, OSError):
            while True:
                lifeline.recv_bytes()
        os._exit(0)

    threading.Thread(target=wait, daemon=True, name="lifeline").start()


def encode_answer(answer: tuple[str, Any]) -> tuple[str, Any]:
    """A job's answer as the worker sends it: a JSON result as UTF-8 bytes (refused above :data:`MAX_ANSWER`),
    anything else (a file's bytes, an error line) as it is."""
    outcome, value = answer
    if outcome != "ok" or not isinstance(value, dict) or "data" in value or "media_type" in value:
        return answer
    encoded = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(encoded) > MAX_ANSWER:
        return "error", (
            f"the answer would be {len(encoded) / 1e6:.0f} MB, more than the studio sends"
            f" ({MAX_ANSWER // 1_000_000} MB): ask for fewer solutions, or use the command line"
        )
    return "ok", encoded


def _serve(conn: Connection, nice: int, lifeline: Connection | None = None) -> None:
    """A worker's life: answer jobs until the pipe closes (the server stopped or died)."""
    from dominosa.web.jobs import run_job

    # Ctrl-C reaches every process of the terminal's group: the server decides what stops, not the worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if lifeline is not None:
        _watch_lifeline(lifeline)
    if nice:
        with contextlib.suppress(OSError, AttributeError):  # not every system lets a process lower its priority
            os.nice(nice)

    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if message is None:
            return
        name, body = message
        try:
            answer = encode_answer(run_job(name, body))
        except MemoryError:
            answer = ("error", "this request needs more memory than the studio has: use the command line")
        except Exception as error:  # a bug: report it rather than die, so the server can say so
            answer = ("failed", f"{type(error).__name__}: {error}")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


class _Worker:
    def __init__(self, context: multiprocessing.context.BaseContext, nice: int = 0) -> None:
        self.conn, child = context.Pipe()
        # Only this process holds the sending end: when it dies, the worker reads end-of-file and exits.
        lifeline, self.lifeline = context.Pipe(duplex=False)
        try:
            self.process = context.Process(
                target=_serve, args=(child, nice, lifeline), daemon=True, name="dominosa-studio-worker"
            )
            self.process.start()
        except BaseException:
            self.conn.close()
            self.lifeline.close()
            raise
        finally:
            child.close()
            lifeline.close()

    def stop(self, *, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            with contextlib.suppress(OSError):
                self.conn.send(None)
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()
        self.lifeline.close()


class WorkerPool:
    """``size`` worker processes answering jobs of :mod:`dominosa.web.jobs`; start it inside the event loop.

    >>> pool = WorkerPool(2)          # doctest: +SKIP
    >>> await pool.start()            # doctest: +SKIP
    >>> await pool.run("rate", {"puzzle": "3:22223101012330103310"}, timeout=10)   # doctest: +SKIP
    ('ok', {...})
    """

    def __init__(self, size: int, *, name: str = "jobs", nice: int = 0) -> None:
        if size < 1:
            raise ValueError(f"a pool needs at least one process, not {size}")
        self.size = size
        self.name = name
        self.nice = nice
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["dominosa.web.jobs"])
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self._respawning: set[asyncio.Task[None]] = set()
        # Receiving an answer (up to MAX_ANSWER bytes) happens here, never on the event loop: one thread per process.
        self._readers = ThreadPoolExecutor(size, thread_name_prefix=f"{name}-answers")
        self._closing: asyncio.Event | None = None
        self.restarts = 0

    def _spawn(self) -> _Worker:
        return _Worker(self._context, self.nice)

    async def start(self) -> None:
        """Start the processes (off the event loop: the first start launches the fork server)."""
        self._closing = asyncio.Event()
        workers = await asyncio.to_thread(lambda: [self._spawn() for _ in range(self.size)])
        for worker in workers:
            self._all.add(worker)
            self._idle.put_nowait(worker)

    def abandon(self) -> None:
        """The server is stopping: every job waiting or running gives up now with :class:`PoolClosing`, so that
        its request can be answered (the processes themselves are stopped by :meth:`close`)."""
        if self._closing is not None:
            self._closing.set()

    async def close(self) -> None:
        """Stop every process, busy or not."""
        self.abandon()
        for task in self._respawning:
            task.cancel()
        workers, self._all = list(self._all), set()
        await asyncio.to_thread(lambda: [w.stop(kill=True) for w in workers])
        self._readers.shutdown(wait=False, cancel_futures=True)

    async def run(self, job: str, body: dict[str, Any], *, timeout: float) -> tuple[str, Any]:
        """The job's answer within ``timeout`` seconds in all: ``("ok", bytes)`` (the result as JSON), ``("ok",
        dict)`` (a file: see :func:`dominosa.web.jobs.export_job`) or ``("error", one line)``.

        Raises :class:`JobTimeout` past the deadline (waiting for a free process included), :class:`JobFailed`
        when the process dies or the job crashes, and :class:`PoolClosing` when the server stops meanwhile.
        """
        deadline = time.monotonic() + timeout
        for attempt in range(2):
            worker = await self._take(deadline, timeout)
            if attempt == 0 and not worker.process.is_alive():
                # An idle process was killed from outside: replace it and use another, rather than fail the job.
                await self._replace(worker)
                continue
            break
        healthy = False
        try:
            answer = await self._until_closing(self._exchange(worker, (job, body), deadline - time.monotonic()))
            healthy = True
        finally:
            if healthy:
                self._idle.put_nowait(worker)
            else:  # timed out, cancelled (the client left) or died: never hand this process another job
                await self._replace(worker)
        if answer[0] == "failed":
            raise JobFailed(answer[1])
        return answer

    async def _take(self, deadline: float, timeout: float) -> _Worker:
        try:
            return await self._until_closing(asyncio.wait_for(self._idle.get(), max(deadline - time.monotonic(), 0)))
        except TimeoutError:
            raise JobTimeout(f"every {self.name} process stayed busy for {timeout:g} s") from None

    async def _until_closing(self, work: Any) -> Any:
        """``work``'s result, or :class:`PoolClosing` as soon as the server stops (``work`` is then cancelled)."""
        task = asyncio.ensure_future(work)
        if self._closing is None:
            return await task
        closing = asyncio.ensure_future(self._closing.wait())
        try:
            await asyncio.wait({task, closing}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            task.cancel()
            raise
        finally:
            closing.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            raise PoolClosing("the studio is stopping")
        return task.result()

    async def _exchange(self, worker: _Worker, message: tuple[str, dict[str, Any]], timeout: float) -> Any:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()
        try:
            worker.conn.send(message)
        except OSError:
            raise JobFailed("a worker process stopped unexpectedly") from None
        loop.add_reader(fd, lambda: ready.done() or ready.set_result(None))
        deadline = time.monotonic() + timeout
        try:
            await asyncio.wait_for(ready, max(timeout, 0.001))
        except TimeoutError:
            raise JobTimeout("the job ran out of time") from None
        finally:
            loop.remove_reader(fd)
        try:
            receiving = loop.run_in_executor(self._readers, worker.conn.recv)
            return await asyncio.wait_for(receiving, max(deadline - time.monotonic(), 0.001))
        except TimeoutError:
            raise JobTimeout("the job ran out of time") from None
        except (EOFError, OSError):
            raise JobFailed("a worker process stopped unexpectedly") from None

    async def _replace(self, worker: _Worker) -> None:
        """Stop ``worker`` and put a fresh process in its slot; when none can be started now, keep trying in the
        background, so that the pool never loses a slot for good."""
        self._all.discard(worker)
        self.restarts += 1
        await asyncio.to_thread(worker.stop, kill=True)
        if self._closing is not None and self._closing.is_set():
            return
        try:
            fresh = await asyncio.to_thread(self._spawn)
        except (OSError, ValueError, RuntimeError):  # out of file descriptors or processes: try again soon
            task = asyncio.get_running_loop().create_task(self._refill())
            self._respawning.add(task)
            task.add_done_callback(self._respawning.discard)
            return
        self._welcome(fresh)

    def _welcome(self, fresh: _Worker) -> None:
        self._all.add(fresh)
        self._idle.put_nowait(fresh)

    async def _refill(self) -> None:
        delay = RESPAWN_DELAY
        while True:
            await asyncio.sleep(delay)
            delay = min(delay * 2, RESPAWN_DELAY_MAX)
            try:
                fresh = await asyncio.to_thread(self._spawn)
            except (OSError, ValueError, RuntimeError):
                continue
            if self._closing is not None and self._closing.is_set():
                await asyncio.to_thread(fresh.stop, kill=True)
            else:
                self._welcome(fresh)
            return
