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
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import time
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["WorkerPool", "JobTimeout", "JobFailed"]


class JobTimeout(Exception):
    """The job did not finish within its time limit (its process was stopped)."""


class JobFailed(Exception):
    """The job's process died or the job raised something other than bad input: a fault of ours, not the user's."""


def _serve(conn: Connection, nice: int) -> None:
    """A worker's life: answer jobs until the pipe closes (the server stopped or died)."""
    from dominosa.web.jobs import run_job

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
            answer = run_job(name, body)
        except Exception as error:  # a bug: report it rather than die, so the server can say so
            answer = ("failed", f"{type(error).__name__}: {error}")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


class _Worker:
    def __init__(self, context: multiprocessing.context.BaseContext, nice: int = 0) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(child, nice), daemon=True, name="dominosa-studio-worker"
        )
        self.process.start()
        child.close()

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
        self.restarts = 0

    async def start(self) -> None:
        """Start the processes (off the event loop: the first start launches the fork server)."""
        workers = await asyncio.to_thread(lambda: [_Worker(self._context, self.nice) for _ in range(self.size)])
        for worker in workers:
            self._all.add(worker)
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        """Stop every process, busy or not."""
        workers, self._all = list(self._all), set()
        await asyncio.to_thread(lambda: [w.stop(kill=True) for w in workers])

    async def run(self, job: str, body: dict[str, Any], *, timeout: float) -> tuple[str, Any]:
        """The job's answer, ``("ok", result)`` or ``("error", one line)``, within ``timeout`` seconds in all.

        Raises :class:`JobTimeout` past the deadline (waiting for a free process included) and
        :class:`JobFailed` when the process dies or the job crashes.
        """
        deadline = time.monotonic() + timeout
        try:
            worker = await asyncio.wait_for(self._idle.get(), timeout)
        except TimeoutError:
            raise JobTimeout(f"every {self.name} process stayed busy for {timeout:g} s") from None
        healthy = False
        try:
            answer = await self._exchange(worker, (job, body), deadline - time.monotonic())
            healthy = True
        finally:
            if healthy:
                self._idle.put_nowait(worker)
            else:  # timed out, cancelled (the client left) or died: never hand this process another job
                await self._replace(worker)
        if answer[0] == "failed":
            raise JobFailed(answer[1])
        return answer

    async def _exchange(self, worker: _Worker, message: tuple[str, dict[str, Any]], timeout: float) -> Any:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()
        worker.conn.send(message)
        loop.add_reader(fd, lambda: ready.done() or ready.set_result(None))
        try:
            await asyncio.wait_for(ready, max(timeout, 0.001))
        except TimeoutError:
            raise JobTimeout("the job ran out of time") from None
        finally:
            loop.remove_reader(fd)
        try:
            return worker.conn.recv()
        except (EOFError, OSError):
            raise JobFailed("a worker process stopped unexpectedly") from None

    async def _replace(self, worker: _Worker) -> None:
        self._all.discard(worker)
        self.restarts += 1
        fresh = await asyncio.to_thread(self._swap, worker)
        self._all.add(fresh)
        self._idle.put_nowait(fresh)

    def _swap(self, worker: _Worker) -> _Worker:
        worker.stop(kill=True)
        return _Worker(self._context, self.nice)
