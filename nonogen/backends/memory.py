"""A memory budget, measured as the process runs: past it the process stops cleanly.

Solving a large puzzle can take memory without bound until its time runs out (a random
400x400 puzzle: 6 GB in 10 s), and no C solver can be asked to stop at a size. So a thread
reads the process's resident memory every ``POLL_SECONDS`` and, past the budget, ends the
process at once with ``MEMORY_EXIT`` after one line on stderr: a command exits 3, and a
worker process's parent (``nonogen.backends.workers``) answers that the item went over the
budget (a 413 in the service, the item's error in a batch). The budget is given on the
command line (``--memory``), by the service's limits, or to worker processes by
``MEMORY_ENV``; outputs are written atomically, so nothing half-written is left.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import Final

MEMORY_MB: Final = 2048
"""The default budget of ``check``, ``solve``, ``fix`` and of every service job, in MB."""
MIN_MEMORY_MB: Final = 256
"""The least budget that may be given: the interpreter and its libraries take about 150 MB."""
MAX_MEMORY_MB: Final = 1024 * 1024
"""The most that may be given (a terabyte): more is a usage error, not a budget."""
POLL_SECONDS: Final = 0.005
"""How often the resident memory is read (a read of ``/proc/self/statm``: a few microseconds)."""
HEADROOM: Final = 16
"""The process stops at its budget less a sixteenth (at least ``MIN_HEADROOM_MB``): what it
may still take between two reads, so that its peak stays under the budget."""
MIN_HEADROOM_MB: Final = 64
MEMORY_EXIT: Final = 3
"""The exit status of a process stopped for its memory (bad input: exit 3)."""
MEMORY_ENV: Final = "NONOGEN_MEMORY_MB"
"""The environment variable by which a worker process learns its budget."""

_PAGE: Final = os.sysconf("SC_PAGE_SIZE")


def resident_bytes() -> int:
    """This process's resident memory (RSS) in bytes; 0 where ``/proc`` cannot tell."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return 0


def over_budget_message(megabytes: int) -> str:
    """What a process stopped for its memory says."""
    return (
        f"stopped: the process went over its memory budget of {megabytes} MB (the puzzle is "
        "too large or too hard to settle within it); give --memory with more MB, or a "
        "smaller puzzle"
    )


@contextmanager
def memory_guard(megabytes: int) -> Iterator[None]:
    """Within the block, end this process (``MEMORY_EXIT``, one line on stderr) as soon as its
    resident memory passes ``megabytes``; worker processes started meanwhile get the same
    budget (``MEMORY_ENV``)."""
    stop = threading.Event()
    limit = (megabytes - max(MIN_HEADROOM_MB, megabytes // HEADROOM)) * 1024 * 1024

    def watch() -> None:
        while not stop.wait(POLL_SECONDS):
            if resident_bytes() > limit:
                line = f"nonogen: error: {over_budget_message(megabytes)}\n"
                with suppress(OSError, ValueError):
                    os.write(sys.stderr.fileno(), line.encode())
                os._exit(MEMORY_EXIT)

    watcher = threading.Thread(target=watch, name="memory-guard", daemon=True)
    before = os.environ.get(MEMORY_ENV)
    os.environ[MEMORY_ENV] = str(megabytes)
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join()
        if before is None:
            os.environ.pop(MEMORY_ENV, None)
        else:
            os.environ[MEMORY_ENV] = before


def env_budget() -> int | None:
    """The budget ``MEMORY_ENV`` gives this process, if it gives one."""
    return env_budget_of(os.environ)


def env_budget_of(env: Mapping[str, str]) -> int | None:
    """The budget ``MEMORY_ENV`` gives in an environment, if it gives one (in MB)."""
    given = env.get(MEMORY_ENV, "")
    return int(given) if given.isdigit() and len(given) <= 9 and int(given) > 0 else None
