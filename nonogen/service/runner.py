"""Run CPU-heavy jobs off the event loop, a bounded number at a time, each within its time.

A job first waits up to ``Limits.wait_seconds`` for one of ``Limits.jobs`` slots, else it is
refused with a 503 (``BusyError``) so that a burst cannot queue work without end. It then runs
in a worker process of its own (``pool="process"``: the solver is pure Python and holds the
GIL, so threads would take turns on one core) or in a thread. Its slot is held until the job
is done, even if the client has gone, so the count of slots is the count of busy workers.

Every job holds its own time budget (the solver's and the generator's); a job still running
at ``kill_after(budget)`` is stuck (inside the SAT solver, or in a loop that does not look at
the clock): its worker process is killed, a fresh one takes its place, and the request gets
a ``TimeLimitError``. Threads cannot be killed; the thread pool is for tests.

With ``Limits.scheduler`` (``nonogen serve --scheduler tcp://HOST:8786``) the jobs go to a
Dask cluster instead, so several web servers share one pool of solver workers: each job runs
there in a worker process of the Dask worker's own, stopped at the same limit plus the
``START_SECONDS`` a cold worker process may spend loading the stages.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any, Final, ParamSpec, TypeVar

import anyio
import anyio.to_thread

from nonogen.backends import BACKENDS, START_SECONDS, Backend, Children, Outcome, Worker
from nonogen.errors import (
    BusyError,
    MemoryLimitError,
    NonogenError,
    TimeLimitError,
    WorkerError,
)
from nonogen.service.jobs import warm
from nonogen.service.limits import Limits

P = ParamSpec("P")
T = TypeVar("T")

GRACE: Final = (1.1, 0.2)
"""A job is killed at ``1.1 * budget + 0.2`` seconds: its budget held within 10 %."""


def kill_after(budget: float) -> float:
    """Seconds after which a job with this time budget is stuck and is killed."""
    share, extra = GRACE
    return share * budget + extra


def _captured(call: Callable[[], T]) -> tuple[bool, Any]:
    """Run a job on a cluster worker: (True, its result) or (False, the nonogen error it
    raised), so that the error keeps its class (its HTTP status) on the way back."""
    try:
        return True, call()
    except NonogenError as error:
        return False, error


class Runner:
    """Job slots and the workers the jobs run in, for one lane; open it in the event loop that
    will use it. ``jobs`` slots (default ``limits.jobs``), each worker process started with
    ``warm``; ``cluster=False`` keeps the lane's jobs on this machine even with a scheduler."""

    def __init__(
        self,
        limits: Limits,
        *,
        jobs: int | None = None,
        warm: Callable[[], object] = warm,
        cluster: bool = True,
    ) -> None:
        self.limits = limits
        self.jobs = limits.jobs if jobs is None else jobs
        self.running = 0
        """Jobs holding a slot now."""
        self._slots = anyio.Semaphore(self.jobs)
        self._children = Children(warm, idle=None, memory=limits.job_memory)
        self._scheduler = limits.scheduler if cluster else ""
        self._processes = limits.pool == "process" and self.jobs > 0 and not self._scheduler
        self._cluster = ExitStack()
        self._remote: Callable[[Callable[[], Any]], Any] | None = None

    async def start(self) -> None:
        """Connect to the cluster, or start the worker processes (if any) and wait until each
        has loaded the stages."""
        if self._scheduler:
            await anyio.to_thread.run_sync(self._connect)
            return
        if not self._processes:
            return
        workers = self._children.start(self.jobs)
        async with anyio.create_task_group() as group:
            for worker in workers:
                group.start_soon(anyio.to_thread.run_sync, worker.warmed)

    def _connect(self) -> None:
        """Open the Dask backend (UsageError or InputError if the scheduler is unreachable)."""
        backend = Backend("dask", scheduler=self._scheduler)
        pool = self._cluster.enter_context(BACKENDS["dask"](backend, self.jobs))
        # A cluster's worker processes are started cold (they load the stages on their first
        # job, inside its time): a stuck job there is stopped that much later.
        seconds = kill_after(self.limits.solver_seconds) + START_SECONDS

        def remote(call: Callable[[], Any]) -> Any:
            return pool.executor.submit(pool.run, _captured, call, seconds).result()

        self._remote = remote

    def stop(self) -> None:
        """Stop the worker processes, or leave the cluster."""
        self._cluster.close()
        self._children.stop()

    async def run(self, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """The job's result, computed by a worker; BusyError if no slot frees up in time,
        TimeLimitError if the job runs past its budget (``Limits.solver_seconds``)."""
        with anyio.move_on_after(self.limits.wait_seconds) as waited:
            await self._slots.acquire()
        if waited.cancelled_caught:
            raise BusyError(
                f"the server is busy: all {self.jobs} job slots stayed taken for "
                f"{self.limits.wait_seconds:g} s; retry in {self.limits.retry_after} s",
                self.limits.retry_after,
            )
        return await self._hold_slot(functools.partial(job, *args, **kwargs))

    async def _hold_slot(self, call: Callable[[], T]) -> T:
        """Run the call with the slot just acquired, and free the slot when it is done."""
        self.running += 1
        try:
            with anyio.CancelScope(shield=True):  # the job runs on; keep its slot till it ends
                if self._remote is not None:
                    result = await self._on_cluster(self._remote, call)
                elif self._processes:
                    result = await self._in_worker(call)
                else:
                    result = await anyio.to_thread.run_sync(call)
            return result
        finally:
            self.running -= 1
            self._slots.release()

    async def _in_worker(self, call: Callable[[], T]) -> T:
        """Run the call in an idle worker; replace the worker if it died or was stuck."""
        worker = self._children.take()  # a slot is held, so a worker is idle
        budget = self.limits.solver_seconds
        try:
            result = await anyio.to_thread.run_sync(worker.call, call, kill_after(budget))
        except MemoryLimitError:
            await self._replace(worker)  # it stopped itself: over its memory budget
            raise
        except NonogenError:
            self._children.give(worker)  # the job's own error: the worker is fine
            raise
        except TimeoutError:
            await self._replace(worker)
            raise TimeLimitError(
                f"the job ran past its time budget of {budget:g} s and was stopped; send a "
                "smaller picture or puzzle, or ask for fewer cells"
            ) from None
        except (EOFError, OSError):
            await self._replace(worker)
            raise WorkerError(
                "a worker process died while running the job (out of memory?); it was "
                "restarted: retry, or send a smaller picture or puzzle"
            ) from None
        self._children.give(worker)
        return result

    async def _on_cluster(
        self, remote: Callable[[Callable[[], Any]], Any], call: Callable[[], T]
    ) -> T:
        """Run the call on the cluster; its error, or TimeLimitError when it was stopped."""
        outcome: Outcome[tuple[bool, Any]] = await anyio.to_thread.run_sync(remote, call)
        if outcome.value is None:
            raise TimeLimitError(
                f"the job was stopped on the cluster: {outcome.error}; send a smaller picture "
                "or puzzle, or ask for fewer cells"
            )
        ok, value = outcome.value
        if not ok:
            raise value
        return value  # type: ignore[no-any-return]

    async def _replace(self, worker: Worker) -> None:
        """Kill a worker and start a fresh one in its place (it warms up on its own)."""
        await anyio.to_thread.run_sync(self._children.drop, worker)
        self._children.start(1)
