"""Readiness handshakes for tests: wait for a sign that something is ready, with a deadline,
instead of sleeping for a guessed time.

Tests wait by condition (``wait_until``; in the browser, Playwright's ``expect`` and its
``page.clock``), never by sleeping a guessed time and then asserting. The few sleeps left are
the behaviour under test, not a wait for it:

* slow clients (``tests/service/test_connections.py``): bytes sent a quarter of a second apart,
  and a connection kept idle past the server's deadline;
* work that takes time (``test_backends.py``, ``test_runner.py``: a job that sleeps;
  ``test_solve.py``: an encoding that eats its budget);
* a finger at rest (``test_browser_input.py``): Chromium's gesture detector reads a touch
  lifted while moving as a fling, by real time;
* ``wait_until``'s own poll (POLL_SECONDS).
"""

from __future__ import annotations

import fcntl
import struct
import termios
import time
from collections.abc import Callable
from typing import IO

POLL_SECONDS = 0.01


def wait_until(ready: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    """Return once ``ready()`` holds; fail naming ``what`` did not happen if ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds:g} s"
        time.sleep(POLL_SECONDS)


def unread(pipe: IO[str] | IO[bytes]) -> int:
    """How many bytes written into a pipe its reader has not taken yet (FIONREAD, which Linux
    answers on either end of a pipe)."""
    count = fcntl.ioctl(pipe.fileno(), termios.FIONREAD, b"\0\0\0\0")
    return int(struct.unpack("i", count)[0])
