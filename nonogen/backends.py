"""Where bulk work runs: worker processes that never outlive the process that started them.

A worker started by ``process_pool`` (the book's and the check's pool) or by the service's
runner watches its parent: when the parent is gone, even killed with SIGKILL so that it
could not stop its pool, the worker exits within ``WATCH_SECONDS`` instead of finishing
its job for nobody.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Final

WATCH_SECONDS: Final = 0.5
"""How often a worker checks that the process that started it is still alive."""


def watch_parent(parent: int) -> None:
    """Exit this process (at once, without cleanup) as soon as ``parent`` is no longer its
    parent: it died and this process was handed to init or a subreaper."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes, each of which exits when this process dies."""
    return ProcessPoolExecutor(max_workers=jobs, initializer=watch_parent, initargs=(os.getpid(),))
