"""The studio's worker processes: jobs answered away from the event loop, a job past its deadline stopped and its
process replaced, a job whose process dies run again once, dead processes replaced in the background, each
process held to its memory limit, a job's time counted from its start (never from a process's own start, however
slow), and the wait for a process bounded."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from waiting import PATIENCE, gone

from dominosa.web import workers
from dominosa.web.workers import (
    MAX_ANSWER,
    WORKER_MEMORY,
    JobFailed,
    JobTimeout,
    PoolBusy,
    PoolClosing,
    WorkerPool,
    encode_answer,
)

GAME_ID = "3:22223101012330103310"
SLOW = {"puzzle": "pentominoes", "count": True}  # 9356 tilings: many seconds


def run(coroutine):
    """``asyncio.run`` in a thread of its own: the browser tests' Chromium, open for the whole session in this
    worker (browser_session.py), keeps Playwright's event loop running in the main thread."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


async def with_pool(size: int, work, **options):
    pool = WorkerPool(size, **options)
    await pool.start()
    try:
        return await work(pool)
    finally:
        await pool.close()


def test_a_job_answers_as_its_command_does():
    async def work(pool):
        return await pool.run("rate", {"puzzle": GAME_ID}, timeout=30)

    outcome, answer = run(with_pool(1, work))
    assert outcome == "ok" and json.loads(answer)["unique"] is True  # encoded in the worker


def test_bad_input_is_an_answer_not_a_failure():
    async def work(pool):
        return await pool.run("rate", {"puzzle": "22223\n10101\n23301\n03311\n"}, timeout=30)

    outcome, line = run(with_pool(1, work))
    assert outcome == "error" and line.startswith("line 2, column 2:")


def test_a_job_past_its_deadline_is_stopped_and_its_process_replaced():
    async def work(pool):
        before = pool.pids
        with pytest.raises(JobTimeout):
            await pool.run("tile", SLOW, timeout=0.3)
        answer = await pool.run("rate", {"puzzle": GAME_ID}, timeout=30)  # on the replacement
        return before, pool.pids, answer, pool.restarts

    before, after, answer, restarts = run(with_pool(1, work))
    assert before.isdisjoint(after) and len(after) == 1
    assert answer[0] == "ok" and restarts == 1
    for pid in before:  # the stopped process is gone, not left running
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_jobs_time_counts_from_its_start_and_its_wait_has_a_bound_of_its_own():
    """The one process frozen, holding a job that runs out its 2 s: a job refused after its own short wait says
    when to retry; one allowed to wait starts when the process is replaced and gets all of its 1.5 s (counted
    from its arrival, as before, it would run out while waiting)."""

    async def work(pool):
        freeze(pool)
        first = asyncio.create_task(pool.run("rate", {"puzzle": GAME_ID}, timeout=2))
        await until(lambda: all(w.busy for w in list(pool._all)), "the first job's hand-over")
        with pytest.raises(PoolBusy, match="stayed busy for 0.2 s") as refused:
            await pool.run("rate", {"puzzle": GAME_ID}, timeout=30, wait=0.2)
        second = await pool.run("rate", {"puzzle": GAME_ID}, timeout=1.5, wait=PATIENCE)
        with pytest.raises(JobTimeout):
            await first
        return refused.value.retry_after, second

    retry_after, second = run(with_pool(1, work, name="solving"))
    assert 1 <= retry_after <= 2  # the first job's deadline
    assert second[0] == "ok" and json.loads(second[1])["unique"] is True


def test_past_its_queue_a_pool_refuses_at_once_saying_when_a_process_is_likely_free():
    async def work(pool):
        freeze(pool)
        running = asyncio.create_task(pool.run("rate", {"puzzle": GAME_ID}, timeout=PATIENCE))
        await until(lambda: all(w.busy for w in list(pool._all)), "the first job's hand-over")
        waiting = asyncio.create_task(pool.run("rate", {"puzzle": GAME_ID}, timeout=PATIENCE, wait=PATIENCE))
        await until(lambda: pool._waiting == 1, "the second job's place in the queue")
        with pytest.raises(PoolBusy, match="queue is full") as refused:
            await pool.run("rate", {"puzzle": GAME_ID}, timeout=10)
        for task in (running, waiting):
            task.cancel()
        await asyncio.gather(running, waiting, return_exceptions=True)
        return refused.value.retry_after

    retry_after = run(with_pool(1, work, max_waiting=1))
    assert PATIENCE - 30 < retry_after <= PATIENCE + 10 + 1  # the running job's deadline, then the waiting one's turn


def wait_for_gate(path: str) -> None:
    """A process's set-up that lasts until the file ``path`` exists: a start as slow as the test wants (a loaded
    machine's, where starting a process took longer than a read's whole time limit)."""
    while not os.path.exists(path):
        time.sleep(0.01)


def test_a_process_still_starting_takes_no_job_so_its_start_costs_a_job_no_time(tmp_path):
    """A job handed to a process still starting ran out of time there; its process was replaced, and the next job
    met the replacement starting: reads failed for minutes under load. Now a job waits for a process that says it
    is ready, and its time counts from there."""
    gate = tmp_path / "open"
    gate.touch()

    async def work(pool):
        gate.unlink()  # from now on a process starting waits at the gate
        with pytest.raises(JobTimeout):
            await pool.run("tile", SLOW, timeout=0.3)  # its process stopped; the replacement waits at the gate
        job = asyncio.create_task(pool.run("rate", {"puzzle": GAME_ID}, timeout=30, wait=PATIENCE))
        await until(lambda: pool._waiting == 1 or job.done(), "the job's wait for a ready process")
        handed_over = job.done() or any(w.busy for w in list(pool._all))
        gate.touch()
        return handed_over, await job

    handed_over, answer = run(with_pool(1, work, setup=functools.partial(wait_for_gate, str(gate))))
    assert not handed_over  # the job waited for the process, rather than running its clock inside it
    assert answer[0] == "ok" and json.loads(answer[1])["unique"] is True


async def until(condition, what: str, seconds: float = 60) -> None:
    """Wait (without blocking the loop) until ``condition()`` holds; fail after ``seconds``."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            pytest.fail(f"{what} did not happen within {seconds:g} s")
        await asyncio.sleep(0.02)


def freeze(pool) -> None:
    """Stop every idle process of the pool (SIGSTOP): a job handed to one waits, whatever the machine's speed."""
    for worker in list(pool._all):
        os.kill(worker.process.pid, signal.SIGSTOP)


async def kill_the_holder(pool, spared: tuple[int, ...] = ()) -> int:
    """Wait until a (frozen) process of the pool holds the job, other than ``spared``, and kill it: its pid."""
    holders: list = []

    def holding() -> bool:
        holders[:] = [w for w in list(pool._all) if w.busy and w.process.pid not in spared]
        return bool(holders)

    await until(holding, "the job's hand-over")
    os.kill(holders[0].process.pid, signal.SIGKILL)
    return holders[0].process.pid


def test_a_job_whose_process_dies_runs_again_on_a_fresh_one():
    async def work(pool):
        freeze(pool)
        job = asyncio.create_task(pool.run("rate", {"puzzle": GAME_ID}, timeout=PATIENCE))
        killed = await kill_the_holder(pool)
        return killed, await job, pool.pids

    killed, answer, pids = run(with_pool(1, work))
    assert answer[0] == "ok" and json.loads(answer[1])["unique"] is True
    assert killed not in pids and len(pids) == 1


def test_a_job_whose_second_process_dies_too_fails():
    """Both processes frozen: the job goes to one, and when it is killed, runs again on the other (already
    waiting in the queue, ahead of the first one's replacement), which is killed too."""

    async def work(pool):
        freeze(pool)
        job = asyncio.create_task(pool.run("rate", {"puzzle": GAME_ID}, timeout=PATIENCE))
        first = await kill_the_holder(pool)
        await kill_the_holder(pool, spared=(first,))
        with pytest.raises(JobFailed, match="ran it again"):
            await job
        return await pool.run("rate", {"puzzle": GAME_ID}, timeout=PATIENCE)

    assert run(with_pool(2, work))[0] == "ok"


def test_idle_processes_killed_from_outside_cost_the_next_job_nothing():
    async def work(pool):
        killed = pool.pids
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        await until(lambda: all(gone(pid) for pid in killed), "the processes' end")
        return await pool.run("rate", {"puzzle": GAME_ID}, timeout=PATIENCE)

    assert run(with_pool(2, work))[0] == "ok"


def test_an_idle_process_killed_from_outside_is_replaced_without_waiting_for_a_job():
    async def work(pool):
        (killed,) = pool.pids
        os.kill(killed, signal.SIGKILL)
        await until(lambda: len(pool.pids) == 1 and killed not in pool.pids, "the replacement")
        (fresh,) = pool.pids
        return gone(fresh), pool.restarts

    fresh_gone, restarts = run(with_pool(1, work, name="generating", nice=10))
    assert not fresh_gone and restarts == 1


def test_each_process_is_held_to_the_memory_limit():
    """The limit is set, and a job that brings in numpy and matplotlib (a PNG: a few seconds of imports, the
    heaviest a worker does) still runs under it."""

    async def work(pool):
        answer = await pool.run("export", {"puzzle": GAME_ID, "format": "png"}, timeout=PATIENCE)  # numpy, matplotlib
        (pid,) = pool.pids  # the worker set its limit before it took the job
        return Path(f"/proc/{pid}/limits").read_text(), answer

    if not Path("/proc/self/limits").exists():
        pytest.skip("no /proc on this system")
    limits, answer = run(with_pool(1, work))
    data = next(line for line in limits.splitlines() if line.startswith("Max data size")).split()
    assert data[3:5] == [str(WORKER_MEMORY)] * 2
    assert answer[0] == "ok" and answer[1]["data"].startswith(b"\x89PNG")


def test_separate_pools_do_not_wait_for_each_other():
    async def work(pool):
        other = WorkerPool(1, name="generating", nice=10)
        await other.start()
        try:
            busy = asyncio.create_task(other.run("tile", SLOW, timeout=PATIENCE))
            await asyncio.sleep(0.1)
            answer = await pool.run("rate", {"puzzle": GAME_ID}, timeout=30)
            still_busy = not busy.done()
            busy.cancel()  # a cancelled request: its process is stopped and replaced
            with pytest.raises(asyncio.CancelledError):
                await busy
            return answer, still_busy, other.restarts
        finally:
            await other.close()

    answer, still_busy, restarts = run(with_pool(1, work))
    assert answer[0] == "ok" and still_busy and restarts == 1


def test_a_pool_needs_a_process():
    with pytest.raises(ValueError, match="at least one"):
        WorkerPool(0)


# -- the pool never loses a slot, and never a job to an idle process killed from outside (S6, S8) ---------------


def test_a_process_that_cannot_be_started_is_started_again_later(monkeypatch):
    """S6: a replacement that fails (here EMFILE, as when the server runs out of file descriptors) is retried in
    the background; the pool keeps its size and later jobs are answered."""
    monkeypatch.setattr(workers, "RESPAWN_DELAY", 0.01)

    async def work(pool):
        real_spawn = pool._spawn
        failures = []

        def failing_spawn():
            if len(failures) < 3:
                failures.append(1)
                raise OSError(24, "Too many open files")
            return real_spawn()

        pool._spawn = failing_spawn
        with pytest.raises(JobTimeout):
            await pool.run("tile", SLOW, timeout=0.3)
        answer = await pool.run("rate", {"puzzle": GAME_ID}, timeout=30)
        return answer, len(failures), len(pool._all)

    answer, failures, size = run(with_pool(1, work))
    assert answer[0] == "ok" and failures == 3 and size == 1


def test_jobs_give_up_when_the_server_stops():
    """S10: a job in flight when the server stops raises PoolClosing at once, so its request gets an answer."""

    async def work(pool):
        job = asyncio.create_task(pool.run("tile", SLOW, timeout=PATIENCE))
        await asyncio.sleep(0.1)
        pool.abandon()
        with pytest.raises(PoolClosing):
            await asyncio.wait_for(job, PATIENCE)

    run(with_pool(1, work))


# -- answers are encoded in the worker and capped (S4) ------------------------------------------------------------


def test_an_answer_too_large_is_a_one_line_error():
    outcome, line = encode_answer(("ok", {"solutions": ["x" * 100] * (MAX_ANSWER // 100)}))
    assert outcome == "error" and "MB" in line and "fewer solutions" in line
    assert encode_answer(("ok", {"count": 1})) == ("ok", b'{"count":1}')
    assert encode_answer(("error", "bad")) == ("error", "bad")
