"""Run CPU-heavy jobs off the event loop, a bounded number at a time.

A job first waits up to ``Limits.wait_seconds`` for one of ``Limits.jobs`` slots, else it is
refused with a 503 (``BusyError``) so that a burst cannot queue work without end. It then runs
in a worker process (``pool="process"``: the solver is pure Python and holds the GIL, so
threads would take turns on one core) or in a thread. Its slot is held until the job is done,
even if the client has gone, so the count of slots is the count of busy workers.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

import anyio
import anyio.to_thread

from nonogen.errors import BusyError, WorkerError
from nonogen.service.jobs import start_worker, warm
from nonogen.service.limits import Limits

P = ParamSpec("P")
T = TypeVar("T")


class Runner:
    """Job slots and the pool the jobs run in; open it in the event loop that will use it."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.running = 0
        """Jobs holding a slot now."""
        self._slots = anyio.Semaphore(limits.jobs)
        self._pool: Executor | None = None

    async def start(self) -> None:
        """Start the worker processes (if any) and load the heavy stages in each."""
        if self.limits.pool != "process" or self.limits.jobs == 0:
            return
        # spawn, not fork: the server has threads, and a forked child may inherit held locks.
        pool = ProcessPoolExecutor(
            max_workers=self.limits.jobs,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
        )
        self._pool = pool
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, warm) for _ in range(self.limits.jobs)))

    async def _restart(self, broken: Executor) -> None:
        """Replace a broken pool (a worker was killed) with a fresh one, once."""
        if self._pool is not broken:
            return  # another job restarted it already
        self._pool = None
        broken.shutdown(wait=False, cancel_futures=True)
        await self.start()

    def stop(self) -> None:
        """Stop the worker processes, dropping queued jobs."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    async def run(self, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """The job's result, computed in the pool; BusyError if no slot frees up in time."""
        with anyio.move_on_after(self.limits.wait_seconds) as waited:
            await self._slots.acquire()
        if waited.cancelled_caught:
            raise BusyError(
                f"the server is busy: all {self.limits.jobs} job slots stayed taken for "
                f"{self.limits.wait_seconds:g} s; retry in {self.limits.retry_after} s",
                self.limits.retry_after,
            )
        return await self._hold_slot(functools.partial(job, *args, **kwargs))

    async def _hold_slot(self, call: Callable[[], T]) -> T:
        """Run the call with the slot just acquired, and free the slot when it is done."""
        self.running += 1
        try:
            pool = self._pool
            with anyio.CancelScope(shield=True):  # the job runs on; keep its slot till it ends
                if pool is not None:
                    result = await asyncio.wrap_future(pool.submit(call))
                else:
                    result = await anyio.to_thread.run_sync(call)
            return result
        except BrokenProcessPool:
            if pool is not None:
                await self._restart(pool)
            raise WorkerError(
                "a worker process died while running the job (out of memory?); the workers "
                "were restarted: retry, or send a smaller picture or puzzle"
            ) from None
        finally:
            self.running -= 1
            self._slots.release()
