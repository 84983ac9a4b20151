"""The studio's worker processes: jobs answered away from the event loop, a job past its deadline stopped and its
process replaced, a dead process reported and replaced, and the wait for a free process counted in the deadline."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from dominosa.web.workers import JobFailed, JobTimeout, WorkerPool

GAME_ID = "3:22223101012330103310"
SLOW = {"puzzle": "pentominoes", "count": True}  # 9356 tilings: many seconds


def run(coroutine):
    return asyncio.run(coroutine)


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
    assert outcome == "ok" and answer["unique"] is True


def test_bad_input_is_an_answer_not_a_failure():
    async def work(pool):
        return await pool.run("rate", {"puzzle": "22223\n10101\n23301\n03311\n"}, timeout=30)

    outcome, line = run(with_pool(1, work))
    assert outcome == "error" and line.startswith("line 2, column 2:")


def test_a_job_past_its_deadline_is_stopped_and_its_process_replaced():
    async def work(pool):
        before = {w.process.pid for w in pool._all}
        with pytest.raises(JobTimeout):
            await pool.run("tile", SLOW, timeout=0.3)
        after = {w.process.pid for w in pool._all}
        answer = await pool.run("rate", {"puzzle": GAME_ID}, timeout=30)
        return before, after, answer, pool.restarts

    before, after, answer, restarts = run(with_pool(1, work))
    assert before.isdisjoint(after) and len(after) == 1
    assert answer[0] == "ok" and restarts == 1
    for pid in before:  # the stopped process is gone, not left running
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_waiting_for_a_free_process_counts_in_the_deadline():
    async def work(pool):
        first = asyncio.create_task(pool.run("tile", SLOW, timeout=1.5))
        await asyncio.sleep(0.1)
        with pytest.raises(JobTimeout, match="stayed busy"):
            await pool.run("rate", {"puzzle": GAME_ID}, timeout=0.3)
        with pytest.raises(JobTimeout):
            await first

    run(with_pool(1, work, name="solving"))


def test_a_process_that_dies_is_reported_and_replaced():
    async def work(pool):
        (worker,) = pool._all
        job = asyncio.create_task(pool.run("tile", SLOW, timeout=30))
        await asyncio.sleep(0.3)
        os.kill(worker.process.pid, signal.SIGKILL)
        with pytest.raises(JobFailed):
            await job
        return await pool.run("rate", {"puzzle": GAME_ID}, timeout=30)

    assert run(with_pool(1, work))[0] == "ok"


def test_separate_pools_do_not_wait_for_each_other():
    async def work(pool):
        other = WorkerPool(1, name="generating", nice=10)
        await other.start()
        try:
            busy = asyncio.create_task(other.run("tile", SLOW, timeout=60))
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
