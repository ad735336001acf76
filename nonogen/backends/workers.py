"""One item in a killable worker process: started on demand, stopped past its limit.

A ``Worker`` is a plain child process (not ``multiprocessing``), so it can be started from a
daemonic process such as a Dask worker, and from a process with threads (it is exec'd, not
forked). It watches its parent: when the parent is gone, even killed with SIGKILL so that it
could not stop its children, the worker exits within ``WATCH_SECONDS``. ``run_in`` runs one
item in one of a set of workers (``Children``) and kills the worker when the item runs past
its limit.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from typing import Any, Final, Generic, TypeVar

from nonogen.backends.memory import (
    MEMORY_ENV,
    MEMORY_EXIT,
    env_budget,
    env_budget_of,
    memory_guard,
    over_budget_message,
)
from nonogen.errors import MemoryLimitError, NonogenError, WorkerError

A = TypeVar("A")
R = TypeVar("R")
T = TypeVar("T")

WATCH_SECONDS: Final = 0.5
"""How often a worker checks that the process that started it is still alive."""
WARM_SECONDS: Final = 120.0
"""How long a new worker may take to start (and warm up) before it counts as dead."""
IDLE_SECONDS: Final = 600.0
"""A bulk worker left idle this long exits (a Dask worker's children do not linger)."""


def watch_parent(parent: int) -> None:
    """Exit this process (at once, without cleanup) as soon as ``parent`` is no longer its
    parent: it died and this process was handed to init or a subreaper."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def serve(fd: int, parent: int) -> None:
    """A worker process: run each call received and send back its result or its error."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    watch_parent(parent)
    conn = Connection(fd)
    # Where the parent finds its modules (tests, a checkout), then what to load first.
    sys.path[:], idle = conn.recv()
    warm = conn.recv()
    if warm is not None:
        warm()
    conn.send((True, None))
    budget = env_budget()
    try:
        with memory_guard(budget) if budget is not None else contextlib.nullcontext():
            while conn.poll(idle):
                conn.send_bytes(_answer(conn.recv_bytes()))
    except (EOFError, OSError):
        return  # the parent closed the pipe, or died: nobody to answer, nothing to say


def _answer(message: bytes) -> bytes:
    """Run a pickled call; its pickled answer: (True, result) or (False, the error)."""
    try:
        return pickle.dumps((True, pickle.loads(message)()))
    except NonogenError as error:
        return pickle.dumps((False, error))
    except Exception as error:  # a bug (or a result that cannot be sent): the parent goes on
        return pickle.dumps(
            (False, WorkerError(f"the job failed: {type(error).__name__}: {error}"))
        )


_CHILD: Final = (
    "import sys; from nonogen.backends.workers import serve; serve(*map(int, sys.argv[1:]))"
)


class Worker:
    """One worker process, one call at a time, killable mid-call."""

    def __init__(
        self,
        warm: Callable[[], object] | None = None,
        *,
        idle: float | None = None,
        memory: int | None = None,
    ) -> None:
        self._conn, child = Pipe()
        env = dict(os.environ)
        if memory is not None:  # else the budget this process was given, if any
            env[MEMORY_ENV] = str(memory)
        self._memory = env_budget_of(env)
        self._process = subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(child.fileno()), str(os.getpid())],
            pass_fds=(child.fileno(),),
            stdin=subprocess.DEVNULL,
            env=env,
        )
        child.close()
        self._conn.send((sys.path, idle))
        self._conn.send(warm)
        self._warm = False

    @property
    def pid(self) -> int:
        """The worker's process id."""
        return self._process.pid

    def alive(self) -> bool:
        """Whether the worker process is still running."""
        return self._process.poll() is None

    def warmed(self) -> None:
        """Block until the worker has started (and warmed up), not counted against a call."""
        if not self._warm:
            self._answer(WARM_SECONDS)
            self._warm = True

    def call(self, call: Callable[[], T], seconds: float) -> T:
        """The call's result, run in this worker (blocks) once it is warm; TimeoutError when
        it is not done within ``seconds``, EOFError when the worker died."""
        self.warmed()
        self._conn.send(call)
        return self._answer(seconds)  # type: ignore[no-any-return]

    def _answer(self, seconds: float) -> Any:
        """Wait up to ``seconds`` for the worker's answer; MemoryLimitError when the worker
        stopped itself for going over its memory budget."""
        try:
            if not self._conn.poll(seconds):
                raise TimeoutError
            ok, value = self._conn.recv()
        except (EOFError, OSError):
            if self._memory is not None and self._exit_status() == MEMORY_EXIT:
                raise MemoryLimitError(over_budget_message(self._memory)) from None
            raise
        if not ok:
            raise value
        return value

    def _exit_status(self) -> int | None:
        """The worker's exit status once it has ended (waiting a moment for it), else None."""
        try:
            return self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Stop the worker process at once, reap it and close the pipe (by the thread that
        uses the worker: another thread may only ``end`` it)."""
        self.end()
        self._conn.close()

    def end(self) -> None:
        """Stop the worker process at once and reap it; a call waiting on it gets EOFError."""
        self._process.kill()
        self._process.wait()


class Children:
    """This process's bulk worker processes: idle ones are reused, dead ones replaced."""

    def __init__(
        self,
        warm: Callable[[], object] | None = None,
        *,
        idle: float | None = IDLE_SECONDS,
        memory: int | None = None,
    ) -> None:
        self._lock = threading.Lock()
        self._memory = memory
        """Each worker's memory budget in MB (None: this process's own, if any)."""
        self._idle: list[Worker] = []
        self._all: set[Worker] = set()
        self._closed = False
        self._warm = warm
        """What each worker loads when it starts, before its first call."""
        self._idle_seconds = idle
        """How long a worker waits for a call before it exits (None: for ever)."""

    def _new(self) -> Worker:
        return Worker(self._warm, idle=self._idle_seconds, memory=self._memory)

    def start(self, count: int) -> list[Worker]:
        """Start ``count`` idle workers now, so that the next calls do not wait for them."""
        with self._lock:
            self._closed = False
            return [self._add(self._new(), idle=True) for _ in range(count)]

    def _add(self, worker: Worker, *, idle: bool) -> Worker:
        self._all.add(worker)
        if idle:
            self._idle.append(worker)
        return worker

    def take(self) -> Worker:
        """A live idle worker, or a new one."""
        with self._lock:
            if self._closed:
                raise WorkerError("the pool was stopped")
            while self._idle:
                worker = self._idle.pop()
                if worker.alive():
                    return worker
                self._all.discard(worker)  # it was idle too long and left
            return self._add(self._new(), idle=False)

    def give(self, worker: Worker) -> None:
        """Put a worker back once its call is done."""
        with self._lock:
            if not self._closed:
                self._idle.append(worker)
                return
        worker.kill()

    def drop(self, worker: Worker) -> None:
        """Kill a worker that is stuck or dead."""
        worker.kill()
        with self._lock:
            self._all.discard(worker)

    def stop(self) -> None:
        """Kill every worker, busy or idle; take() fails until the next start()."""
        with self._lock:
            self._closed = True
            idle, busy = self._idle, self._all.difference(self._idle)
            self._all, self._idle = set(), []
        for worker in idle:
            worker.kill()
        for worker in busy:
            worker.end()  # its thread sees EOFError and closes the pipe itself


CHILDREN: Final = Children()
"""The worker processes of a process that runs items for others (a Dask worker)."""


@dataclass(frozen=True)
class Outcome(Generic[R]):
    """What became of one item."""

    value: R | None = None
    """What the function returned (None when it failed)."""
    error: str = ""
    """Why the item failed: the function raised, it ran past its limit, its worker was lost."""
    seconds: float = 0.0
    """Wall time of the item on its worker."""
    attempts: int = 1
    """Times it was started (more than one when a worker died under it)."""

    @property
    def ok(self) -> bool:
        """Whether the function returned."""
        return not self.error


def timed(fn: Callable[[A], R], payload: A) -> Outcome[R]:
    """Run ``fn(payload)`` here; its value and wall time, or why it failed."""
    started = time.perf_counter()
    try:
        value = fn(payload)
    except NonogenError as error:
        return Outcome(error=str(error), seconds=time.perf_counter() - started)
    except Exception as error:  # one bad item must never sink the run
        why = f"unexpected error: {type(error).__name__}: {error}"
        return Outcome(error=why, seconds=time.perf_counter() - started)
    return Outcome(value, seconds=time.perf_counter() - started)


def run_in(children: Children, fn: Callable[[A], R], payload: A, seconds: float) -> Outcome[R]:
    """Run ``fn(payload)`` in one of the worker processes, stopped (and replaced) past
    ``seconds``; WorkerError if the worker process died (the item is run again)."""
    worker = children.take()
    try:
        outcome: Outcome[R] = worker.call(functools.partial(timed, fn, payload), seconds)
    except TimeoutError:
        children.drop(worker)
        why = f"stopped after {seconds:g} s, past its time limit (stuck?); try a smaller size"
        return Outcome(error=why, seconds=seconds)
    except MemoryLimitError as error:  # the worker stopped itself: the item's error
        children.drop(worker)
        return Outcome(error=str(error))
    except (EOFError, OSError):
        children.drop(worker)
        raise WorkerError("the worker process died while running the item") from None
    except NonogenError as error:  # the call could not be loaded there (not importable)
        outcome = Outcome(error=str(error))
    children.give(worker)
    return outcome


def in_child(fn: Callable[[A], R], payload: A, seconds: float) -> Outcome[R]:
    """``run_in`` this process's own worker processes (a Dask worker's: one per thread)."""
    return run_in(CHILDREN, fn, payload, seconds)


def here(fn: Callable[[A], R], payload: A, seconds: float) -> Outcome[R]:
    """Run ``fn(payload)`` in this process (no limit but the item's own budget)."""
    return timed(fn, payload)
