"""Where bulk work runs: one function mapped over many items, on a backend from one table.

``run_all(fn, items, backend=...)`` runs ``fn(item.load())`` for every item and yields
``(index, Outcome)`` as each completes. Every backend is a ``concurrent.futures.Executor``
(``BACKENDS``), so the scheduling is written once:

- the largest items (``Item.cost``) are submitted first, so that the run does not wait for a
  slow item started last; at most ``window`` items are in flight, their inputs loaded only
  when submitted, so 10 000 inputs never sit in memory at once;
- each item runs in a killable child process (``Worker``) under a hard time limit
  (``Item.seconds``): a stuck item is abandoned and comes back as a failed ``Outcome``, its
  child is killed and replaced, and the run goes on;
- an item whose worker process died under it (killed, out of memory) is run again, up to
  ``RETRIES`` times; each item is yielded exactly once.

The backends: ``inline`` runs the items in this process one by one (one worker: no process to
start, so a single check stays instant; the items' own budgets are their only limit);
``local`` runs them in ``workers`` child processes of this one; ``dask`` sends them to a Dask
cluster (``distributed.Client(scheduler).get_executor()``), where each Dask worker thread runs
its item in a child process of its own, so that a stuck item is killed without taking down
the Dask worker (a watchdog that ended the Dask worker instead would lose its other tasks,
and the scheduler would run the stuck item again on ``allowed-failures`` more workers). A
Dask worker that dies has its items run elsewhere by the scheduler (up to its
``distributed.scheduler.allowed-failures``; past that ``KilledWorker``, and ``RETRIES`` here).

Every worker process exits when the process that started it dies (``workers``).
"""

from __future__ import annotations

import functools
import os
import re
import socket
import urllib.parse
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Final, Generic, ParamSpec, TypeVar

from nonogen.backends.workers import (
    Children,
    Outcome,
    Worker,
    here,
    in_child,
    run_in,
    watch_parent,
)
from nonogen.errors import InputError, NonogenError, UsageError, WorkerError
from nonogen.wording import words

__all__ = [
    "BACKENDS",
    "START_SECONDS",
    "Backend",
    "Children",
    "Item",
    "Outcome",
    "Worker",
    "choose_backend",
    "hard_limit",
    "in_input_order",
    "loaded",
    "resolve_jobs",
    "run_all",
    "submission_order",
    "watch_parent",
]

A = TypeVar("A")
R = TypeVar("R")
T = TypeVar("T")
P = ParamSpec("P")

RETRIES: Final = 2
"""Times an item lost with its worker is run again before it is reported failed."""
WINDOW: Final = 4
"""Items in flight per worker slot: enough to keep every slot busy, few enough to bound the
client's memory."""
START_SECONDS: Final = 5.0
"""What a fresh worker process may spend loading the stages on its first item."""
LIMIT: Final = (1.25, START_SECONDS)
"""An item is stopped at ``1.25 * budget + 5`` seconds: its own budget, plus the imports a
fresh worker does on its first item."""
CONNECT_SECONDS: Final = 10.0
"""How long to try to reach a Dask scheduler."""
ADDRESS: Final = r"([a-z]+://)?(\[[0-9a-fA-F:.]+\]|[^\s/:\[\]]+):\d+"
"""A scheduler's address: [PROTOCOL://]HOST:PORT."""


def hard_limit(budget: float) -> float:
    """Seconds after which an item with this time budget is stuck and is stopped."""
    share, extra = LIMIT
    return share * budget + extra


def resolve_jobs(jobs: int) -> int:
    """Worker count: 0 means every core."""
    return jobs if jobs > 0 else os.cpu_count() or 1


@dataclass(frozen=True)
class Item(Generic[A]):
    """One input of a bulk run."""

    load: Callable[[], A]
    """Gives the function's argument (reads the input); called when the item is submitted."""
    cost: float = 0.0
    """Estimated work (cells, or earlier seconds): larger items are submitted first."""
    seconds: float = 60.0
    """Hard limit on the worker, after which the item is abandoned (see ``hard_limit``)."""


def loaded(value: A) -> Callable[[], A]:
    """The load of an input already in memory."""
    return lambda: value


@dataclass(frozen=True)
class Backend:
    """Where a bulk run goes: a name in ``BACKENDS`` and how to reach it."""

    name: str = "local"
    workers: int = 0
    """local: worker processes; 0 uses every core."""
    scheduler: str = ""
    """dask: the scheduler's address, e.g. tcp://10.0.0.5:8786."""
    notify: Callable[[str], None] | None = field(default=None, compare=False, repr=False)
    """Receives the backend's one-line notices (the Dask dashboard link)."""

    def __post_init__(self) -> None:
        if self.name not in BACKENDS:
            raise UsageError(f"expected a backend among {', '.join(BACKENDS)}, got {self.name!r}")
        if self.name == "dask" and not re.fullmatch(ADDRESS, self.scheduler):
            raise UsageError(
                words("expected {scheduler} like tcp://HOST:8786, got {got!r}", got=self.scheduler)
            )


def choose_backend(
    workers: int = 0, scheduler: str | None = None, *, notify: Callable[[str], None] | None = None
) -> Backend:
    """dask when a scheduler is given, else local on ``workers`` processes (inline for one)."""
    if scheduler:
        return Backend("dask", workers, scheduler, notify)
    return Backend("inline" if resolve_jobs(workers) == 1 else "local", workers, "", notify)


Runner = Callable[[Callable[[Any], Any], Any, float], Outcome[Any]]
"""run(fn, payload, seconds) -> Outcome: how a backend's worker runs one item."""


@dataclass(frozen=True)
class Pool:
    """An open backend: the executor, how many items to keep in flight, how items run."""

    executor: Executor
    window: int
    run: Runner
    notice: str = ""


class _Here(Executor):
    """An executor that runs each call when it is submitted, in this thread."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """The call's finished future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


@contextmanager
def inline_pool(backend: Backend, items: int) -> Iterator[Pool]:
    """Run the items in this process, one at a time, in input order."""
    yield Pool(_Here(), 1, here)


@contextmanager
def local_pool(backend: Backend, items: int) -> Iterator[Pool]:
    """Run the items in ``backend.workers`` worker processes of this process."""
    jobs = max(1, min(resolve_jobs(backend.workers), items))
    children = Children()
    children.start(jobs)
    executor = ThreadPoolExecutor(jobs, thread_name_prefix="nonogen-item")
    try:
        yield Pool(executor, WINDOW * jobs, functools.partial(run_in, children))
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        children.stop()  # a run stopped early (Ctrl-C) does not wait for its items
        executor.shutdown(wait=True)


@contextmanager
def dask_pool(backend: Backend, items: int) -> Iterator[Pool]:
    """Run the items on the Dask cluster whose scheduler is ``backend.scheduler``."""
    try:
        import distributed  # noqa: PLC0415  (only when a cluster is used)
    except ImportError:
        raise UsageError(
            words(
                "{scheduler} needs the cluster extra (dask.distributed): pip install "
                "'nonogen[cluster]' (or, in a checkout, pip install -e '.[cluster]')"
            )
        ) from None
    address = backend.scheduler
    try:
        connect: Any = distributed.Client  # untyped
        client = connect(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise InputError(
            words(
                "cannot reach the Dask scheduler at {address!r}: {error}; start one with "
                "`dask scheduler` or fix {scheduler} (or NONOGEN_SCHEDULER)",
                address=address,
                error=error,
            )
        ) from None
    with client:
        slots = sum(client.nthreads().values())
        notice = f"Dask cluster at {address}: {slots} worker threads{_dashboard(client)}"
        yield Pool(client.get_executor(pure=False), WINDOW * max(1, slots), in_child, notice)


def _dashboard(client: Any) -> str:
    """ "; dashboard LINK" when the scheduler's dashboard answers, else nothing (a scheduler
    started with --no-dashboard still names a port)."""
    try:
        link = str(client.dashboard_link)
        url = urllib.parse.urlsplit(link)
        with socket.create_connection((url.hostname or "", url.port or 80), timeout=1):
            return f"; dashboard {link}"
    except (OSError, KeyError, TypeError, AttributeError, ValueError):
        return ""


BACKENDS: Final[dict[str, Callable[[Backend, int], AbstractContextManager[Pool]]]] = {
    "inline": inline_pool,
    "local": local_pool,
    "dask": dask_pool,
}
"""Every backend: (backend, item count) -> an open pool. Adding one is one function here."""


def submission_order(items: Sequence[Item[Any]]) -> list[int]:
    """Item indexes, largest cost first (ties in input order)."""
    return sorted(range(len(items)), key=lambda i: (-items[i].cost, i))


def run_all(
    fn: Callable[[A], R],
    items: Sequence[Item[A]],
    *,
    backend: Backend,
    on_progress: Callable[[int, int], None] | None = None,
) -> Iterator[tuple[int, Outcome[R]]]:
    """``fn(item.load())`` for every item on the backend: ``(index, outcome)`` as each
    completes, every index exactly once. ``fn`` must be picklable (a module's function)."""
    if not items:
        return
    with BACKENDS[backend.name](backend, len(items)) as pool:
        if pool.notice and backend.notify:
            backend.notify(pool.notice)
        yield from _drive(fn, items, pool, on_progress)


def _drive(
    fn: Callable[[A], R],
    items: Sequence[Item[A]],
    pool: Pool,
    on_progress: Callable[[int, int], None] | None,
) -> Iterator[tuple[int, Outcome[R]]]:
    """Keep ``pool.window`` items in flight, largest first; retry those lost with a worker."""
    # One item in flight cannot finish the run sooner in any order: keep the input order.
    order = submission_order(items) if pool.window > 1 else range(len(items))
    queue = deque((index, 1) for index in order)
    running: dict[Future[Outcome[R]], tuple[int, int]] = {}
    done = 0
    if on_progress:
        on_progress(done, len(items))  # the start, from which rates are measured
    while queue or running:
        while queue and len(running) < pool.window:
            index, attempt = queue.popleft()
            running[_submit(pool, fn, items[index])] = (index, attempt)
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        for future in sorted(finished, key=lambda f: running[f]):
            index, attempt = running.pop(future)
            outcome = _settled(future, attempt)
            if outcome is None:
                queue.appendleft((index, attempt + 1))
                continue
            done += 1
            if on_progress:
                on_progress(done, len(items))
            yield index, outcome


def _submit(pool: Pool, fn: Callable[[A], R], item: Item[A]) -> Future[Outcome[R]]:
    """The item loaded and submitted; a finished future if its input cannot be loaded."""
    try:
        payload = item.load()
    except NonogenError as error:
        failed: Future[Outcome[R]] = Future()
        failed.set_result(Outcome(error=str(error)))
        return failed
    return pool.executor.submit(pool.run, fn, payload, item.seconds)


def _settled(future: Future[Outcome[R]], attempt: int) -> Outcome[R] | None:
    """The item's outcome; None when its worker process died under it and it is to be run
    again (a Dask worker's death is the scheduler's to retry)."""
    try:
        outcome = future.result()
    except WorkerError as error:  # killed, out of memory
        if attempt <= RETRIES:
            return None
        return Outcome(error=f"lost with its worker {attempt} times: {error}", attempts=attempt)
    except Exception as error:  # Dask's KilledWorker (after its retries), a graph it cannot load
        why = f"could not be run: {type(error).__name__}: {error}"
        return Outcome(error=why, attempts=attempt)
    return replace(outcome, attempts=attempt)


def in_input_order(results: Iterable[tuple[int, T]], *, start: int = 0) -> Iterator[T]:
    """``(index, value)`` pairs in any order, as values in index order: each as soon as every
    earlier one is in."""
    waiting: dict[int, T] = {}
    following = start
    for index, value in results:
        waiting[index] = value
        while following in waiting:
            yield waiting.pop(following)
            following += 1
