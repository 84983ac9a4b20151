"""Worker processes for the studio: the jobs run away from the server's event loop, each within a time limit.

Solving, rating and generating are CPU work in pure Python; run in the server's process they would hold the
interpreter lock and stall every other request. So each pool keeps a few long-lived processes (started once,
with the engine already imported, through a fork server), hands a job to an idle one over a pipe, and waits for
the answer without blocking the loop. A process takes no job before it says it is ready (its set-up done), so the
time a process takes to start, seconds on a loaded machine, never counts against a job's limit: a job handed to a
process still starting would run out of time there, its process would be stopped and replaced, and the next job
handed to the replacement would meet the same fate, every request failing for as long as the load lasted. A job
that runs past its deadline cannot be interrupted politely, so its
process is killed and replaced: the time limit is a real bound, and a runaway request costs one process start,
never a stuck server. Requests beyond the pool's size wait for a free process; a job's time limit counts from the
moment a process takes it, so a job that waited still gets all of its time. The wait has a bound of its own, and a
pool may also bound how many jobs wait at all: past either, the job is refused with :class:`PoolBusy`, which says
when a process is likely to be free (the soonest deadline of the jobs running, and those waiting ahead).

The server keeps three pools, its lanes (see :mod:`dominosa.web.lanes`): one for generation, one for short
requests (a rating or a hint of a small board) and one for the other long ones, so that a short request never
waits behind a long one (and a short one takes a free process of the long lane when its own are busy or still
starting). A pool may run at a lower CPU priority (``nice``); the studio's generation no longer does, as its own
lane already keeps it from the reads, and at a lower priority a loaded machine starved it past its time limit
(:data:`dominosa.web.app.GENERATION_NICE`).

A pool never shrinks and never drops a job to a dead process. The loop watches every process's sentinel (a file
descriptor the system makes readable when the process ends), so a process killed from outside while idle is
replaced at once, in the background, before any job needs it; a process that cannot be started (say the server is
out of file descriptors) is started again a moment later, until it is. A job whose process dies under it (killed,
or crashed) is run once more on another process; only a second death is a failure. Each worker may hold at most
:data:`WORKER_MEMORY` bytes of data (``RLIMIT_DATA``, set as it starts): a job that needs more raises
``MemoryError`` in the worker, which answers :class:`JobOutOfMemory` and is replaced, so one request can never take
the machine's memory.

Workers never outlive the server: each watches a pipe only the server holds open (and, on Linux, asks the kernel
for SIGKILL when its parent dies), so a ``kill -9`` of the server stops a busy worker at once rather than letting
it compute on. The answer is encoded as JSON in the worker and refused there when it is larger than
:data:`MAX_ANSWER`, so the server only moves bytes, off its event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

from dominosa.web.budget import WORKER_MEMORY

__all__ = [
    "WorkerPool",
    "JobTimeout",
    "JobFailed",
    "JobOutOfMemory",
    "PoolBusy",
    "WorkersDied",
    "PoolClosing",
    "MAX_ANSWER",
    "WORKER_MEMORY",
    "OUT_OF_MEMORY",
    "out_of_memory",
]

# Largest answer (encoded JSON) a job may send back: thousands of solutions of a big puzzle would otherwise cost
# the server hundreds of megabytes to hold and the browser seconds to read. Larger answers are a one-line error.
MAX_ANSWER = 8_000_000
# How long to wait before trying again to start a process that could not be started, and the longest such wait.
RESPAWN_DELAY = 0.2
RESPAWN_DELAY_MAX = 5.0


def out_of_memory(limit: int) -> str:
    """The line a job past its worker's memory limit is answered with."""
    return f"the job needed more memory than a worker may use ({limit >> 20} MB)"


OUT_OF_MEMORY = out_of_memory(WORKER_MEMORY)


class JobTimeout(Exception):
    """The job did not finish within its time limit (its process was stopped)."""


class PoolBusy(Exception):
    """No process of the pool took the job within its wait, or too many jobs wait already: try again in
    ``retry_after`` seconds (a whole number, at least 1, as HTTP's ``Retry-After`` has it)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class JobFailed(Exception):
    """The job's process died or the job raised something other than bad input: a fault of ours, not the user's."""


class WorkersDied(JobFailed):
    """The job's process died under it twice (killed from outside, or by the system): not a fault of the job's
    own code, so the server answers it as unavailable rather than as an internal error."""


class JobOutOfMemory(Exception):
    """The job needed more than :data:`WORKER_MEMORY` (its process was replaced): the server's 503."""


class _WorkerDied(JobFailed):
    """The job's process ended while it held the job (killed from outside, or crashed): worth one more try."""


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


def _limit_memory(limit: int | None) -> None:
    """Hold this process to ``limit`` bytes of data (soft and hard, so no job can raise it again); a system
    without RLIMIT_DATA, or one whose hard limit is lower already, keeps what it has.

    RLIMIT_DATA (heap and private writable mappings) rather than RLIMIT_AS: address space a worker reserves but
    never fills (shared libraries, numpy's and matplotlib's mappings, thread stacks) counts in the latter, so the
    same cap would leave a job less room, and less predictably (bench/README.md has the figures)."""
    if limit is None:
        return
    with contextlib.suppress(ValueError, OSError, AttributeError):
        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


READY = "ready"
"""What a process sends once it is set up: from then on it takes jobs."""


def _serve(
    conn: Connection,
    nice: int,
    lifeline: Connection | None = None,
    memory: int | None = None,
    setup: Callable[[], object] | None = None,
) -> None:
    """A worker's life: set up (``setup`` last, if any), say :data:`READY`, then answer jobs until the pipe closes
    (the server stopped or died)."""
    from dominosa.web.jobs import run_job

    _limit_memory(memory)

    # Ctrl-C reaches every process of the terminal's group: the server decides what stops, not the worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if lifeline is not None:
        _watch_lifeline(lifeline)
    if nice:
        with contextlib.suppress(OSError, AttributeError):  # not every system lets a process lower its priority
            os.nice(nice)
    if setup is not None:
        setup()
    try:
        conn.send(READY)
    except (BrokenPipeError, OSError):
        return

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
        except MemoryError:  # the job's frames are gone by now, and with them what it held
            answer = ("memory", out_of_memory(memory or WORKER_MEMORY))
        except Exception as error:  # a bug: report it rather than die, so the server can say so
            answer = ("failed", f"{type(error).__name__}: {error}")
        try:
            conn.send(answer)
        except MemoryError:  # pickling a large answer is one more copy of it
            with contextlib.suppress(OSError, MemoryError):
                conn.send(("memory", out_of_memory(memory or WORKER_MEMORY)))
        except (BrokenPipeError, OSError):
            return


class _Worker:
    def __init__(
        self,
        context: multiprocessing.context.BaseContext,
        nice: int = 0,
        memory: int | None = WORKER_MEMORY,
        setup: Callable[[], object] | None = None,
    ) -> None:
        self.busy = False
        self.ready = False  # set up and said so: only then does it take jobs
        # When the job it holds runs out of time (time.monotonic()), for the pool's estimate of a free process.
        self.until = 0.0
        self.conn, child = context.Pipe()
        # Only this process holds the sending end: when it dies, the worker reads end-of-file and exits.
        lifeline, self.lifeline = context.Pipe(duplex=False)
        try:
            self.process = context.Process(
                target=_serve,
                args=(child, nice, lifeline, memory, setup),
                daemon=True,
                name="dominosa-studio-worker",
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
            self.process.join(timeout=5)  # bounded: a process killed is reaped by the fork server, not by us
        self.conn.close()
        self.lifeline.close()


class WorkerPool:
    """``size`` worker processes answering jobs of :mod:`dominosa.web.jobs`; start it inside the event loop.

    >>> pool = WorkerPool(2)          # doctest: +SKIP
    >>> await pool.start()            # doctest: +SKIP
    >>> await pool.run("rate", {"puzzle": "3:22223101012330103310"}, timeout=10)   # doctest: +SKIP
    ('ok', {...})
    """

    def __init__(
        self,
        size: int,
        *,
        name: str = "jobs",
        nice: int = 0,
        memory: int | None = WORKER_MEMORY,
        max_waiting: int | None = None,
        setup: Callable[[], object] | None = None,
    ) -> None:
        """``setup``: a picklable function each process runs before it says it is ready (tests slow a process's
        start with it; a job never waits on it once handed over)."""
        if size < 1:
            raise ValueError(f"a pool needs at least one process, not {size}")
        self.size = size
        self.name = name
        self.nice = nice
        self.memory = memory
        self.setup = setup
        # Most jobs that may wait for a process (None: no bound but the wait's own); one more is refused at once.
        self.max_waiting = max_waiting
        self._waiting = 0
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["dominosa.web.jobs"])
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: set[_Worker] = set()
        self._respawning: set[asyncio.Task[None]] = set()
        # Receiving an answer (up to MAX_ANSWER bytes) happens here, never on the event loop: one thread per process.
        self._readers = ThreadPoolExecutor(size, thread_name_prefix=f"{name}-answers")
        self._closing: asyncio.Event | None = None
        # Told whenever a process says it is ready or is retired: start() waits on it for its first processes.
        self._started: asyncio.Condition | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.restarts = 0

    def _spawn(self) -> _Worker:
        return _Worker(self._context, self.nice, self.memory, self.setup)

    @property
    def pids(self) -> set[int]:
        """The process ids of the pool's live slots (a slot being refilled has none yet)."""
        return {w.process.pid for w in self._all if w.process.pid is not None}

    async def start(self) -> None:
        """Start the processes (off the event loop: the first start launches the fork server) and wait until each
        is ready, or has ended (a slot whose process ended before that is refilled in the background)."""
        self._closing = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self._started = asyncio.Condition()
        workers = await asyncio.to_thread(lambda: [self._spawn() for _ in range(self.size)])
        for worker in workers:
            self._welcome(worker)
        async with self._started:
            await self._started.wait_for(lambda: all(w.ready or w not in self._all for w in workers))

    def abandon(self) -> None:
        """The server is stopping: every job waiting or running gives up now with :class:`PoolClosing`, so that
        its request can be answered (the processes themselves are stopped by :meth:`close`)."""
        if self._closing is not None:
            self._closing.set()

    async def close(self) -> None:
        """Stop every process, busy or not (slots being refilled stop theirs as they see the pool closing)."""
        self.abandon()
        if self._respawning:
            await asyncio.wait(set(self._respawning), timeout=5)
        for task in self._respawning:
            task.cancel()
        workers, self._all = list(self._all), set()
        for worker in workers:
            self._unwatch(worker)
        await asyncio.to_thread(lambda: [w.stop(kill=True) for w in workers])
        self._readers.shutdown(wait=False, cancel_futures=True)

    async def run(
        self, job: str, body: dict[str, Any], *, timeout: float, wait: float | None = None
    ) -> tuple[str, Any]:
        """The job's answer within ``timeout`` seconds of a process taking it: ``("ok", bytes)`` (the result as
        JSON), ``("ok", dict)`` (a file: see :func:`dominosa.web.jobs.export_job`) or ``("error", one line)``.

        The job waits at most ``wait`` seconds (default ``timeout``) for a free process, and not at all when
        :attr:`max_waiting` jobs wait already: either way it is refused with :class:`PoolBusy`. A job whose process
        dies under it is run once more on another process, within the same deadline. Raises :class:`JobTimeout`
        past the deadline, :class:`JobFailed` when the job crashes, :class:`WorkersDied` when its second process
        dies too, :class:`JobOutOfMemory` when it needed more than the worker may hold, and :class:`PoolClosing`
        when the server stops meanwhile.
        """
        worker: _Worker | None = await self._first_take(timeout, timeout if wait is None else wait)
        deadline = time.monotonic() + timeout  # counted from the job's start, not from its arrival
        for tries_left in (1, 0):
            if worker is None:  # the second try, on another process, within the same deadline
                worker = await self._take(deadline)
                if worker is None:
                    raise JobTimeout(f"every {self.name} process stayed busy until the job's deadline")
            worker.until = deadline
            healthy = False
            answer = None
            try:
                answer = await self._until_closing(self._exchange(worker, (job, body), deadline - time.monotonic()))
                healthy = answer[0] not in ("memory", "failed")  # a process that failed once gets no second job
            except _WorkerDied:
                if not tries_left:
                    raise WorkersDied(
                        "the process running this request stopped (killed from outside, or by the system), and so"
                        " did the one that ran it again: the request was not finished; try again"
                    ) from None
            finally:
                if healthy:
                    worker.busy = False
                    self._idle.put_nowait(worker)
                else:  # timed out, cancelled (the client left), died or broken: never hand it another job
                    self._retire(worker)
            if answer is None:  # its process died: once more, on another
                worker = None
                continue
            if answer[0] == "memory":
                raise JobOutOfMemory(answer[1])
            if answer[0] == "failed":
                raise JobFailed(answer[1])
            return answer
        raise AssertionError("unreachable: the last try returns or raises")

    async def _first_take(self, timeout: float, wait: float) -> _Worker:
        """A process for a new job, within ``wait`` seconds; :class:`PoolBusy` when none is free by then, or at once
        when :attr:`max_waiting` jobs wait already."""
        if self.max_waiting is not None and self._waiting - self._idle.qsize() >= self.max_waiting:
            raise PoolBusy(
                f"every {self.name} process is busy and its queue is full ({self._waiting} waiting)",
                self.retry_after(timeout),
            )
        self._waiting += 1
        try:
            worker = await self._take(time.monotonic() + wait)
        finally:
            self._waiting -= 1
        if worker is None:
            raise PoolBusy(f"every {self.name} process stayed busy for {wait:g} s", self.retry_after(timeout))
        return worker

    def has_idle(self) -> bool:
        """Whether a ready process waits for a job now (one killed meanwhile may be among them until noticed)."""
        return not self._idle.empty()

    def retry_after(self, timeout: float) -> int:
        """Whole seconds until a process is likely free for one more job of up to ``timeout`` seconds: the soonest
        deadline of the jobs running, plus a full ``timeout`` for each round of the jobs waiting ahead."""
        now = time.monotonic()
        ends = [w.until - now for w in self._all if w.busy and w.until > now]
        soonest = min(ends) if ends and len(ends) >= self.size else 0.0
        rounds = self._waiting // self.size
        return max(1, math.ceil(soonest + rounds * timeout))

    async def _take(self, deadline: float) -> _Worker | None:
        """An idle live process by ``deadline``, or None; dead ones met on the way (killed while idle, not yet
        noticed) are retired."""
        while True:
            try:
                worker = await self._until_closing(
                    asyncio.wait_for(self._idle.get(), max(deadline - time.monotonic(), 0))
                )
            except TimeoutError:
                return None
            if worker in self._all and worker.process.is_alive():
                worker.busy = True
                return worker
            self._retire(worker)

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
            raise _WorkerDied("a worker process stopped unexpectedly") from None
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
            raise _WorkerDied("a worker process stopped unexpectedly") from None

    # -- slots: watched, retired, refilled -----------------------------------------------------------------------

    def _welcome(self, fresh: _Worker) -> None:
        """Put a started process in a slot, and watch for its end; it takes jobs once it says it is ready."""
        self._all.add(fresh)
        assert self._loop is not None
        self._loop.add_reader(fresh.process.sentinel, self._ended, fresh)
        self._loop.add_reader(fresh.conn.fileno(), self._said_ready, fresh)

    def _said_ready(self, worker: _Worker) -> None:
        """The first word of a process: :data:`READY` puts it among the idle; anything else (its end) retires it."""
        self._unwatch_pipe(worker)
        try:
            word = worker.conn.recv() if worker.conn.poll() else None
        except (EOFError, OSError):
            word = None
        if word != READY:
            self._retire(worker)
        elif worker in self._all:
            worker.ready = True
            self._idle.put_nowait(worker)
        self._tell_started()

    def _tell_started(self) -> None:
        started = self._started
        if started is None:
            return

        async def tell() -> None:
            async with started:
                started.notify_all()

        assert self._loop is not None
        task = self._loop.create_task(tell())
        self._respawning.add(task)
        task.add_done_callback(self._respawning.discard)

    def _unwatch_pipe(self, worker: _Worker) -> None:
        if self._loop is not None and not worker.conn.closed:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(worker.conn.fileno())

    def _unwatch(self, worker: _Worker) -> None:
        if self._loop is not None:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(worker.process.sentinel)
        if not worker.ready:
            self._unwatch_pipe(worker)

    def _ended(self, worker: _Worker) -> None:
        """A process ended: an idle one is replaced now; a busy one by the job that held it (which runs again)."""
        self._unwatch(worker)
        if not worker.busy:
            self._retire(worker)

    def _retire(self, worker: _Worker) -> None:
        """Stop ``worker`` and start a fresh process in its slot, in the background (at most once a process)."""
        if worker not in self._all:
            return
        self._all.discard(worker)
        self._unwatch(worker)
        self.restarts += 1
        self._tell_started()
        assert self._loop is not None
        task = self._loop.create_task(self._refill(worker))
        self._respawning.add(task)
        task.add_done_callback(self._respawning.discard)

    def _stopping(self) -> bool:
        return self._closing is not None and self._closing.is_set()

    async def _refill(self, old: _Worker) -> None:
        """Stop ``old``, then start its successor; a start that fails is tried again later, waiting longer each
        time, until one succeeds or the pool closes."""
        await asyncio.to_thread(old.stop, kill=True)
        delay = RESPAWN_DELAY
        while not self._stopping():
            try:
                fresh = await asyncio.to_thread(self._spawn)
            except (OSError, ValueError, RuntimeError):  # out of file descriptors or processes: try again soon
                assert self._closing is not None
                with contextlib.suppress(TimeoutError):  # a wait the pool's closing cuts short
                    await asyncio.wait_for(self._closing.wait(), delay)
                delay = min(delay * 2, RESPAWN_DELAY_MAX)
                continue
            if self._stopping():
                await asyncio.to_thread(fresh.stop, kill=True)
            else:
                self._welcome(fresh)
            return
