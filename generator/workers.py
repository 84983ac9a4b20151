"""Where evaluations run: in this process, on a local process pool, or on a Dask cluster.

Every engine offers two ways in:

- :meth:`Workers.queue`, what the search uses: a :class:`JobQueue` to which jobs are submitted one at a time,
  each with a key, and from which ``(key, result)`` pairs come back as the workers finish them, in whatever
  order that is. The search runs several searches out of step on it: each goes on as soon as *its* jobs are
  back, so no worker waits for the slowest job of a round. Jobs wait in the queue (in this process) until a
  worker is about to be free, and the smallest key goes first: the search keys jobs by search number, so the
  earliest search, whose puzzle is next to be handed out, is never held up by later ones.
- :meth:`Workers.map`: one batch, results in the order of the jobs (for callers with one batch at a time).

Jobs and results are plain tuples and the functions are pure, so which engine runs them, on how many workers and
in which order they finish changes how fast a run goes and never what it finds.

- :class:`SerialWorkers`: a plain loop; what ``--workers 1`` uses, and the easiest to profile.
- :class:`PoolWorkers`: N worker processes on this machine (the default, N = the number of cores), each fed
  through its own pipe. Workers ignore Ctrl-C so that only the parent reacts to it: it stops them and reports
  what it saved.
- :class:`DaskWorkers`: a Dask distributed cluster, for users who outgrow one machine: an existing scheduler
  by address (``tcp://host:8786``), or ``"local"`` for a cluster started here on the loopback interface.
  Dask is an optional extra (``pip install 'dominosa[dask]'``), imported only when asked for.
- :class:`MapWorkers`: any ``map(function, jobs) -> results`` as an engine: the jobs submitted go through it
  together when a result is first wanted (in step, like one round of a plain DEAP ``toolbox.map``).

Use an engine as a context manager, or call :meth:`Workers.close`.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable
from multiprocessing.connection import Connection, wait
from typing import Any

__all__ = [
    "Workers",
    "JobQueue",
    "SerialWorkers",
    "PoolWorkers",
    "DaskWorkers",
    "MapWorkers",
    "WorkersError",
    "open_workers",
]

MapFunction = Callable[[Callable[[Any], Any], Iterable[Any]], list[Any]]
_PARENT_CHECK_SECONDS = 1.0  # how often an idle pool worker makes sure its parent is still there


class WorkersError(RuntimeError):
    """The workers asked for cannot be had (Dask not installed, a scheduler that does not answer, a bad count).

    The message is one line meant for the person running the program.
    """


class JobQueue:
    """Jobs in, ``(key, result)`` out as they finish; made by :meth:`Workers.queue`, one per run.

    ``submit(function, job, key)`` queues a job; ``next_done()`` blocks until one is finished and returns its key
    and result (or raises what the job raised). Keys are the caller's: unique among the jobs outstanding, and
    ordered, since the smallest waiting key is the next handed to a worker. At most ``limit`` jobs are with the
    workers at once (None: every job as soon as it is submitted); the rest wait here, so that a job submitted
    later with a smaller key still overtakes them.

    An engine subclasses this with ``_start`` (hand one job to the workers) and ``_finished`` (wait for any
    started job). :meth:`close` drops what is still outstanding: results of a closed queue never reach another.
    """

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self._waiting: list[tuple[Any, int, Callable[[Any], Any], Any]] = []  # a heap, smallest key first
        self._order = itertools.count()  # breaks no tie (keys are unique); keeps functions out of comparisons
        self._started = 0

    @property
    def outstanding(self) -> int:
        """Jobs submitted whose results have not been taken yet."""
        return len(self._waiting) + self._started

    def submit(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        """Queue ``function(job)``; its result comes back from :meth:`next_done` with ``key``."""
        heapq.heappush(self._waiting, (key, next(self._order), function, job))
        self._fill()

    def next_done(self) -> tuple[Any, Any]:
        """The key and result of a finished job, waiting for one if need be (in the order jobs finish)."""
        if not self.outstanding:
            raise RuntimeError("next_done() with no job outstanding")
        try:
            return self._finished()
        finally:
            self._started -= 1
            self._fill()

    def withdraw(self, keys: Iterable[Any]) -> set[Any]:
        """Take back the jobs of these keys that still wait here (not yet with a worker): they never run and
        their results never come. Returns the keys withdrawn; a job already started still comes back from
        :meth:`next_done`, for the caller to ignore."""
        wanted = set(keys)
        kept = [entry for entry in self._waiting if entry[0] not in wanted]
        withdrawn = {entry[0] for entry in self._waiting} & wanted
        heapq.heapify(kept)
        self._waiting = kept
        return withdrawn

    def close(self) -> None:
        """Forget every outstanding job (the engine cancels those it can); the queue is not used again."""
        self._waiting.clear()
        self._cancel()

    def _fill(self) -> None:
        while self._waiting and (self.limit is None or self._started < self.limit):
            key, _, function, job = heapq.heappop(self._waiting)
            self._started += 1
            self._start(function, job, key)

    def _start(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        raise NotImplementedError

    def _finished(self) -> tuple[Any, Any]:
        raise NotImplementedError

    def _cancel(self) -> None:
        """Stop or disown the started jobs (nothing by default: their results are simply never asked for)."""

    def __enter__(self) -> JobQueue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Workers:
    """An evaluation engine: :meth:`queue` for jobs out of step, :meth:`map` for one batch in job order,
    :meth:`close` when done; ``workers`` is how many jobs run at once."""

    workers: int = 1

    def queue(self) -> JobQueue:
        """A new job queue on these workers (see :class:`JobQueue`)."""
        raise NotImplementedError

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        """``[function(job) for job in jobs]``, computed by the workers."""
        with self.queue() as jobs_queue:
            jobs = list(jobs)
            for index, job in enumerate(jobs):
                jobs_queue.submit(function, job, index)
            results: list[Any] = [None] * len(jobs)
            for _ in jobs:
                index, result = jobs_queue.next_done()
                results[index] = result
            return results

    def close(self) -> None:
        """Stop the workers (nothing to do for the serial engine)."""

    def describe(self) -> str:
        """The engine in a few words, for progress lines."""
        return f"{self.workers} worker{'s' if self.workers != 1 else ''}"

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _SerialQueue(JobQueue):
    """One job at a time, run in this process when its result is asked for."""

    def __init__(self) -> None:
        super().__init__(limit=1)
        self._next: tuple[Callable[[Any], Any], Any, Any] | None = None

    def _start(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        self._next = (function, job, key)

    def _finished(self) -> tuple[Any, Any]:
        assert self._next is not None
        function, job, key = self._next
        self._next = None
        return key, function(job)

    def _cancel(self) -> None:
        self._next = None


class SerialWorkers(Workers):
    """Every job in this process, one after another."""

    def queue(self) -> JobQueue:
        return _SerialQueue()

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        return [function(job) for job in jobs]

    def describe(self) -> str:
        return "1 worker (serial)"


def _serve(connection: Connection, parent: int) -> None:
    """A pool worker: run each ``(function, job)`` received and send back ``(True, result)`` or ``(False, error)``,
    until the pipe closes or the parent process ``parent`` is gone. Ctrl-C is the parent's business (it stops the
    pool): a worker must not print a trace.

    The parent check matters when the parent is killed outright (SIGKILL): a forked worker holds copies of the
    parent's ends of the pipes made before it, so its own pipe may never report end-of-file; it looks at its
    parent's pid once a second while idle instead, and leaves when it has been re-parented.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            while not connection.poll(_PARENT_CHECK_SECONDS):
                if os.getppid() != parent:
                    return
            task = connection.recv()
        except (EOFError, OSError):
            return
        function, job = task
        try:
            reply = (True, function(job))
        except Exception as error:
            reply = (False, error)
        try:
            connection.send(reply)
        except Exception as error:  # a result or an error that cannot be pickled
            connection.send((False, WorkersError(f"a worker could not send back its answer: {error!r}")))


class _PoolQueue(JobQueue):
    """A job queue on a :class:`PoolWorkers`; the pool sorts results by queue, so a closed one's are dropped."""

    def __init__(self, pool: PoolWorkers, owner: int, limit: int) -> None:
        super().__init__(limit)
        self._pool = pool
        self._owner = owner

    def _start(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        self._pool._send(self._owner, key, function, job)

    def _finished(self) -> tuple[Any, Any]:
        key, ok, value = self._pool._receive(self._owner)
        if not ok:
            raise value
        return key, value

    def _cancel(self) -> None:
        self._pool._forget(self._owner)


class PoolWorkers(Workers):
    """A pool of ``workers`` processes on this machine, each fed through its own pipe.

    This process sends every job straight to a worker and reads every result itself: no helper threads, so a
    result wakes the search at once, which matters when evaluations take a few milliseconds. Each worker holds at
    most ``ahead`` jobs: one running and one already in its pipe, so that it starts the next without waiting for
    a round trip through this process; more would only make the jobs of the earliest searches queue behind later
    ones. Sending a job can wait (when it is larger than the pipe's free space) but cannot deadlock: the worker
    reads its next job as soon as it has written its last result, and a result (a few kB even at order 30) fits
    in the pipe whether or not this process is reading. A job cannot be stopped once sent: the jobs of a queue
    closed early still run, and their results are dropped.
    """

    ahead = 2

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise WorkersError(f"the number of workers must be at least 1, not {workers}")
        self.workers = workers
        context = multiprocessing.get_context()
        self._connections: list[Connection] = []
        self._processes: list[Any] = []
        self._sent: list[deque[tuple[int, Any]]] = []  # per worker: (queue, key) of its jobs, oldest first
        self._received: dict[int, deque[tuple[Any, bool, Any]]] = {}  # per open queue: results not yet taken
        self._owners = itertools.count()
        self._closed = False
        for number in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_serve, args=(theirs, os.getpid()), name=f"dominosa-worker-{number}", daemon=True
            )
            process.start()
            theirs.close()
            self._connections.append(ours)
            self._processes.append(process)
            self._sent.append(deque())

    def queue(self) -> JobQueue:
        owner = next(self._owners)
        self._received[owner] = deque()
        return _PoolQueue(self, owner, self.ahead * self.workers)

    def _send(self, owner: int, key: Any, function: Callable[[Any], Any], job: Any) -> None:
        """Give the job to the worker with the fewest, once one has fewer than ``ahead``."""
        while True:
            worker = min(range(self.workers), key=lambda w: len(self._sent[w]))
            if len(self._sent[worker]) < self.ahead:
                break
            self._collect()  # only with jobs of a closed queue still out, or two queues at once
        try:
            self._connections[worker].send((function, job))
        except OSError as error:
            raise WorkersError(f"worker process {worker} cannot take jobs: {error}") from None
        self._sent[worker].append((owner, key))

    def _receive(self, owner: int) -> tuple[Any, bool, Any]:
        """The next result for queue ``owner``: ``(key, ok, result or error)``."""
        received = self._received[owner]
        while not received:
            self._collect()
        return received.popleft()

    def _collect(self) -> None:
        """Wait for results and sort them to their queues (dropping those of closed queues)."""
        busy = [w for w in range(self.workers) if self._sent[w]]
        if not busy:
            raise RuntimeError("waiting for a result with no job out")
        waitables: dict[Any, int] = {self._connections[w]: w for w in busy}
        waitables.update({self._processes[w].sentinel: w for w in busy})
        for ready in wait(list(waitables)):
            worker = waitables[ready]
            connection = self._connections[worker]
            if ready is not connection and not connection.poll():
                raise self._stopped(worker)
            if ready is connection:
                try:
                    ok, value = connection.recv()
                except EOFError:
                    raise self._stopped(worker) from None
                owner, key = self._sent[worker].popleft()
                if owner in self._received:
                    self._received[owner].append((key, ok, value))

    def _stopped(self, worker: int) -> WorkersError:
        """The error for a worker process that ended with jobs out (killed, out of memory, a crash)."""
        process = self._processes[worker]
        process.join(timeout=5)
        return WorkersError(f"worker process {worker} stopped (exit code {process.exitcode}) with jobs unfinished")

    def _forget(self, owner: int) -> None:
        self._received.pop(owner, None)

    def close(self) -> None:
        """Stop the workers at once: unfinished work is dropped (it was never recorded anywhere)."""
        if self._closed:
            return
        self._closed = True
        for process in self._processes:
            process.terminate()
        for process in self._processes:
            process.join()
        for connection in self._connections:
            connection.close()

    def describe(self) -> str:
        return f"{self.workers} worker processes"


class _DaskQueue(JobQueue):
    """Jobs as Dask futures, taken back through ``as_completed``; closing cancels those still running."""

    def __init__(self, client: Any, limit: int) -> None:
        from dask.distributed import as_completed

        super().__init__(limit)
        self._client = client
        self._keys: dict[Any, Any] = {}  # future -> the caller's key
        self._completed = as_completed()

    def _start(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        # pure=False: no hashing of every job to build task keys; the jobs are all distinct anyway.
        future = self._client.submit(function, job, pure=False)
        self._keys[future] = key
        self._completed.add(future)

    def _finished(self) -> tuple[Any, Any]:
        future = next(self._completed)
        key = self._keys.pop(future)
        return key, future.result()

    def _cancel(self) -> None:
        if self._keys:
            self._client.cancel(list(self._keys))
            self._keys.clear()


class DaskWorkers(Workers):
    """A Dask distributed client: to a running scheduler at ``address``, or to a local cluster it starts.

    ``address="local"`` starts ``workers`` single-threaded worker processes and a scheduler on 127.0.0.1 (random
    ports, no dashboard), closed again by :meth:`close`. A queue keeps ``ahead`` jobs per worker with the
    cluster: more than the pool, since a Dask round trip (through the scheduler) takes longer.
    """

    ahead = 4

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise WorkersError(
                "--scheduler needs Dask distributed, which is not installed: pip install 'dominosa[dask]'"
            ) from None
        self._cluster = None
        try:
            if address == "local":
                count = workers or os.cpu_count() or 1
                self._cluster = LocalCluster(
                    n_workers=count,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    scheduler_port=0,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
                self._client = Client(self._cluster)
            else:
                self._client = Client(address, timeout="10s")
        except (OSError, TimeoutError, ValueError) as error:
            if self._cluster is not None:
                self._cluster.close()
            raise WorkersError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        self.address = address
        self.workers = max(1, len(self._client.scheduler_info().get("workers", {})))

    def queue(self) -> JobQueue:
        return _DaskQueue(self._client, self.ahead * self.workers)

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        futures = self._client.map(function, list(jobs), pure=False)
        return self._client.gather(futures)

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()

    def describe(self) -> str:
        where = "a local Dask cluster" if self.address == "local" else f"the Dask scheduler at {self.address}"
        return f"{self.workers} worker{'s' if self.workers != 1 else ''} of {where}"


class _MapQueue(JobQueue):
    """Every job started is kept until a result is wanted; then all of them go through ``map`` in one call."""

    def __init__(self, map: MapFunction) -> None:
        super().__init__(limit=None)
        self._map = map
        self._batch: list[tuple[Any, Callable[[Any], Any], Any]] = []
        self._ready: deque[tuple[Any, Any]] = deque()

    def _start(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        self._batch.append((key, function, job))

    def _finished(self) -> tuple[Any, Any]:
        if not self._ready:
            batch, self._batch = self._batch, []
            results = self._map(_call, [(function, job) for _, function, job in batch])
            self._ready.extend((key, result) for (key, _, _), result in zip(batch, results, strict=True))
        return self._ready.popleft()

    def _cancel(self) -> None:
        self._batch.clear()
        self._ready.clear()


def _call(task: tuple[Callable[[Any], Any], Any]) -> Any:
    """``function(job)`` for a batch of jobs that may not all share one function (module level: picklable)."""
    function, job = task
    return function(job)


class MapWorkers(Workers):
    """A plain ``map(function, jobs) -> results`` (in job order) as an engine, for callers that have only that:
    the jobs submitted since the last batch go through one ``map`` call when a result is first wanted."""

    def __init__(self, map: MapFunction, workers: int = 1) -> None:
        self._map = map
        self.workers = workers

    def queue(self) -> JobQueue:
        return _MapQueue(self._map)

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        return self._map(function, list(jobs))


def open_workers(workers: int | None = None, scheduler: str | None = None) -> Workers:
    """The engine the options ask for: Dask when ``scheduler`` is given, else a pool of ``workers`` processes
    (all cores when None), or the serial engine for one worker."""
    if workers is not None and workers < 1:
        raise WorkersError(f"--workers must be at least 1, not {workers}")
    if scheduler:
        return DaskWorkers(scheduler, workers)
    count = workers if workers is not None else (os.cpu_count() or 1)
    return SerialWorkers() if count == 1 else PoolWorkers(count)
