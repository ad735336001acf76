"""The service's job runner: slots, worker processes, and jobs stopped at their budget."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Awaitable, Callable

import anyio
import pytest

from nonogen.errors import InputError, TimeLimitError, WorkerError
from nonogen.service.limits import Limits
from nonogen.service.runner import Runner, kill_after


def stuck(seconds: float) -> str:
    """A job that does not look at the clock (as one stuck inside the SAT solver)."""
    time.sleep(seconds)
    return "late"


def double(value: int) -> int:
    return 2 * value


def refuse(text: str) -> None:
    raise InputError(f"expected a puzzle, got {text!r}")


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def with_runner(limits: Limits, scenario: Callable[[Runner], Awaitable[None]]) -> None:
    """Run a scenario against a started runner, stopped afterwards."""

    async def main() -> None:
        runner = Runner(limits)
        await runner.start()
        try:
            await scenario(runner)
        finally:
            runner.stop()

    anyio.run(main)


@pytest.mark.slow
def test_a_stuck_job_is_stopped_at_its_budget_and_the_next_job_runs() -> None:
    async def scenario(runner: Runner) -> None:
        started = time.monotonic()
        with pytest.raises(TimeLimitError, match="time budget of 1 s"):
            await runner.run(stuck, 60)
        elapsed = time.monotonic() - started
        # Stopped, not left to sleep its 60 s; the slack past the kill is wide so that a busy
        # machine cannot fail it (test_kill_after_holds_the_budget_within_ten_percent checks
        # the arithmetic of the kill itself).
        assert 1.0 <= elapsed <= kill_after(1.0) + 5.0
        assert await runner.run(double, 21) == 42  # a fresh worker took the stuck one's place
        assert runner.running == 0

    with_runner(Limits(jobs=1, solver_seconds=1.0, pool="process"), scenario)


@pytest.mark.slow
def test_a_job_error_comes_back_as_itself_and_a_dead_worker_is_replaced() -> None:
    async def scenario(runner: Runner) -> None:
        with pytest.raises(InputError, match="expected a puzzle"):
            await runner.run(refuse, "nothing")
        with pytest.raises(WorkerError, match="died"):
            await runner.run(die)
        assert await runner.run(double, 5) == 10

    with_runner(Limits(jobs=1, solver_seconds=5.0, pool="process"), scenario)


def test_kill_after_holds_the_budget_within_ten_percent() -> None:
    assert kill_after(10.0) == pytest.approx(11.2)
    assert kill_after(2.0) == pytest.approx(2.4)
