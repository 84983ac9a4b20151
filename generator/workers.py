"""Where evaluations run: in this process, on a local process pool, or on a Dask cluster.

The search hands every batch of evaluations to one ``map(function, jobs) -> results`` (registered as DEAP's
``toolbox.map``), and each engine here offers exactly that, results in the order of the jobs. Jobs and results
are plain tuples and the functions are pure, so which engine runs them, and on how many workers, changes how
fast a run goes and never what it finds.

- :class:`SerialWorkers`: a plain loop; what ``--workers 1`` uses, and the easiest to profile.
- :class:`PoolWorkers`: a ``multiprocessing`` pool of N processes (the default, N = the number of cores).
  Workers ignore Ctrl-C so that only the parent reacts to it: it stops the pool and reports what it saved.
- :class:`DaskWorkers`: a Dask distributed cluster, for users who outgrow one machine: an existing scheduler
  by address (``tcp://host:8786``), or ``"local"`` for a cluster started here on the loopback interface.
  Dask is an optional extra (``pip install 'dominosa[dask]'``), imported only when asked for.

Use an engine as a context manager, or call :meth:`Workers.close`.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Workers", "SerialWorkers", "PoolWorkers", "DaskWorkers", "WorkersError", "open_workers"]


class WorkersError(RuntimeError):
    """The workers asked for cannot be had (Dask not installed, a scheduler that does not answer, a bad count).

    The message is one line meant for the person running the program.
    """


class Workers:
    """An evaluation engine: ``map`` in job order, ``close`` when done; ``workers`` is how many run at once."""

    workers: int = 1

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers (nothing to do for the serial engine)."""

    def describe(self) -> str:
        """The engine in a few words, for progress lines."""
        return f"{self.workers} worker{'s' if self.workers != 1 else ''}"

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SerialWorkers(Workers):
    """Every job in this process, one after another."""

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        return [function(job) for job in jobs]

    def describe(self) -> str:
        return "1 worker (serial)"


def _ignore_interrupts() -> None:
    """Pool initializer: Ctrl-C is the parent's business (it stops the pool); a worker must not print a trace."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class PoolWorkers(Workers):
    """A pool of ``workers`` processes on this machine.

    Jobs go out in chunks of about a quarter of an even share, which keeps both cores busy when evaluations
    differ in cost (a layout needing repairs, a board hard to grade) while sending few messages.
    """

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise WorkersError(f"the number of workers must be at least 1, not {workers}")
        self.workers = workers
        self._pool = multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupts)

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        jobs = list(jobs)
        if len(jobs) <= 1:  # not worth a round trip
            return [function(job) for job in jobs]
        return self._pool.map(function, jobs, chunksize=1)

    def close(self) -> None:
        """Stop the pool at once: unfinished work is dropped (it was never recorded anywhere)."""
        self._pool.terminate()
        self._pool.join()

    def describe(self) -> str:
        return f"{self.workers} worker processes"


class DaskWorkers(Workers):
    """A Dask distributed client: to a running scheduler at ``address``, or to a local cluster it starts.

    ``address="local"`` starts ``workers`` single-threaded worker processes and a scheduler on 127.0.0.1 (random
    ports, no dashboard), closed again by :meth:`close`.
    """

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

    def map(self, function: Callable[[Any], Any], jobs: Iterable[Any]) -> list[Any]:
        # pure=False: no hashing of every job to build task keys; the jobs are all distinct anyway.
        futures = self._client.map(function, list(jobs), pure=False)
        return self._client.gather(futures)

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()

    def describe(self) -> str:
        where = "a local Dask cluster" if self.address == "local" else f"the Dask scheduler at {self.address}"
        return f"{self.workers} worker{'s' if self.workers != 1 else ''} of {where}"


def open_workers(workers: int | None = None, scheduler: str | None = None) -> Workers:
    """The engine the options ask for: Dask when ``scheduler`` is given, else a pool of ``workers`` processes
    (all cores when None), or the serial engine for one worker."""
    if workers is not None and workers < 1:
        raise WorkersError(f"--workers must be at least 1, not {workers}")
    if scheduler:
        return DaskWorkers(scheduler, workers)
    count = workers if workers is not None else (os.cpu_count() or 1)
    return SerialWorkers() if count == 1 else PoolWorkers(count)
