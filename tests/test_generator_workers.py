"""The engines' job queues: the smallest waiting key goes to the workers first, never more than the limit at once,
results come back with their keys (errors too), and a queue closed early leaks nothing into the next one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from waiting import wait_until

from dominosa.generator.workers import JobQueue, MapWorkers, PoolWorkers, SerialWorkers, Workers, WorkersError


def _square(x: int) -> int:
    return x * x


def _fail(x: int) -> int:
    raise ValueError(f"job {x} fails")


def _die(code: int) -> int:
    os._exit(code)


class _RecordingQueue(JobQueue):
    """Runs jobs in this process, oldest started first, and records the keys in the order they were started."""

    def __init__(self, limit: int | None) -> None:
        super().__init__(limit)
        self.started: list[Any] = []
        self._running: list[tuple[Any, Callable[[Any], Any], Any]] = []

    def _start(self, function: Callable[[Any], Any], job: Any, key: Any) -> None:
        self.started.append(key)
        self._running.append((key, function, job))

    def _finished(self) -> tuple[Any, Any]:
        key, function, job = self._running.pop(0)
        return key, function(job)


def test_the_smallest_waiting_key_goes_first_and_at_most_limit_run():
    jobs = _RecordingQueue(limit=2)
    for key in (5, 3, 4):
        jobs.submit(_square, key, key)
    assert jobs.started == [5, 3] and jobs.outstanding == 3
    jobs.submit(_square, 1, 1)  # submitted last, waits, and still goes before 4
    assert jobs.next_done() == (5, 25)
    assert jobs.started == [5, 3, 1]
    assert [jobs.next_done() for _ in range(3)] == [(3, 9), (1, 1), (4, 16)]
    assert jobs.started == [5, 3, 1, 4] and jobs.outstanding == 0
    with pytest.raises(RuntimeError, match="no job outstanding"):
        jobs.next_done()


def _recorder() -> tuple[list[int], Callable[[int], int]]:
    """A job function that notes each job it runs, and the list it notes them in."""
    calls: list[int] = []

    def record(x: int) -> int:
        calls.append(x)
        return -x

    return calls, record


def test_the_serial_queue_runs_one_job_at_a_time_in_key_order():
    calls, record = _recorder()

    with SerialWorkers().queue() as jobs:
        for key in (2, 0, 1):
            jobs.submit(record, key, key)
        assert calls == []  # nothing runs before a result is asked for
        assert [jobs.next_done() for _ in range(3)] == [(2, -2), (0, 0), (1, -1)]
    assert calls == [2, 0, 1]  # 2 was started on submission (the limit is one); then the smallest waiting


def test_a_withdrawn_job_never_runs_and_a_started_one_still_comes_back():
    calls, record = _recorder()

    with SerialWorkers().queue() as jobs:
        for key in (0, 1, 2, 3):
            jobs.submit(record, key, key)
        assert jobs.withdraw([0, 2, 3, 9]) == {2, 3}  # 0 is started (the limit is one), 9 was never submitted
        assert jobs.outstanding == 2
        assert [jobs.next_done() for _ in range(2)] == [(0, 0), (1, -1)]
    assert calls == [0, 1]


def test_map_keeps_the_order_of_the_jobs_whatever_order_results_come_back_in():
    class Newest(JobQueue):
        def __init__(self) -> None:
            super().__init__(limit=None)
            self.jobs: list[tuple[Any, Callable[[Any], Any], Any]] = []

        def _start(self, function, job, key) -> None:
            self.jobs.append((key, function, job))

        def _finished(self):
            key, function, job = self.jobs.pop()
            return key, function(job)

    class Engine(Workers):
        def queue(self) -> JobQueue:
            return Newest()

    assert Engine().map(_square, range(5)) == [0, 1, 4, 9, 16]
    batches: list[int] = []

    def plain_map(function, jobs):
        batches.append(len(jobs))
        return [function(job) for job in jobs]

    with MapWorkers(plain_map).queue() as jobs:
        for key in range(4):
            jobs.submit(_square, key, key)
        assert sorted(jobs.next_done() for _ in range(4)) == [(0, 0), (1, 1), (2, 4), (3, 9)]
    assert batches == [4]


def test_a_pool_queue_gives_results_with_their_keys_and_raises_a_job_error():
    with PoolWorkers(2) as pool:
        with pool.queue() as jobs:
            for x in range(10):
                jobs.submit(_square, x, ("job", x))
            assert sorted(jobs.next_done() for _ in range(10)) == [(("job", x), x * x) for x in range(10)]
        with pool.queue() as jobs:
            jobs.submit(_fail, 7, 0)
            with pytest.raises(ValueError, match="job 7 fails"):
                jobs.next_done()


def test_a_queue_closed_with_jobs_outstanding_leaks_nothing_into_the_next():
    with PoolWorkers(2) as pool:
        with pool.queue() as first:
            for x in range(20):
                first.submit(_square, x, x)
            first.next_done()
        with pool.queue() as second:
            second.submit(_square, 100, "mine")
            assert second.next_done() == ("mine", 10000)
            assert second.outstanding == 0
        assert pool.map(_square, [1, 2, 3]) == [1, 4, 9]


def test_a_worker_that_dies_is_an_error_not_a_hang():
    with PoolWorkers(2) as pool, pool.queue() as jobs:
        jobs.submit(_die, 3, 0)
        with pytest.raises(WorkersError, match="exit code 3"):
            jobs.next_done()


def test_pool_workers_leave_when_their_parent_is_killed_outright():
    # A run killed with SIGKILL cannot stop its pool; the workers must notice and leave rather than linger.
    script = (
        "import sys, time\n"
        "from dominosa.generator.workers import PoolWorkers\n"
        "pool = PoolWorkers(2)\n"
        "print(' '.join(str(p.pid) for p in pool._processes), flush=True)\n"
        "time.sleep(600)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        pids = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(pids) == 2 and all(_alive(pid) for pid in pids)
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    wait_until(lambda: not any(_alive(pid) for pid in pids), "the orphaned workers' exit")


def _alive(pid: int) -> bool:
    """True while the process exists and is not a zombie (a worker of a killed parent is reaped by init)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False
