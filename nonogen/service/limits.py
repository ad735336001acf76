"""The service's explicit limits (its errors are in ``nonogen.errors`` with the others)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Final

from nonogen.backends.memory import MEMORY_MB
from nonogen.budgets import json_value_limit
from nonogen.errors import LimitError
from nonogen.image.options import MAX_CELLS

UPLOAD_BYTES: Final = 20 * 1024 * 1024
"""The largest request body accepted (a picture or a puzzle file)."""
DRAIN_BYTES: Final = 64 * 1024 * 1024
"""The most bytes of a body over the upload limit read and dropped before the 413 is sent:
a client still sending then gets the answer, not a reset connection. Past it the 413 goes
out at once and the connection is closed."""
PICTURE_PIXELS: Final = 16_000_000
"""The most pixels the service decodes from a picture. A JPEG is decoded reduced (at most
about 10 Mpx), so it is taken up to ``MAX_PIXELS`` (50 Mpx, the CLI's limit); every other
format (PNG, GIF, WebP, BMP, TIFF, HEIC, AVIF) is decoded whole, so this is its limit. A worker
process making a puzzle peaks at about 250 MB for any JPEG up to 50 Mpx, and at 16 Mpx 250 MB
(PNG, HEIC) to 290 MB (AVIF, TIFF, PNG with alpha) and 365 MB (WebP): ``python -m
bench.memory``, docs/limits.md."""
QUICK_SECONDS: Final = 1.0
"""Seconds a check or hint may take in the quick lane before it moves to the expensive one."""
CLIENT_HEAVY: Final = 2
"""Expensive jobs (fixes, hard or large checks and hints) one client may run at once."""
HEADER_SECONDS: Final = 5.0
"""Seconds a request's line and headers may take (at most 16 KiB by h11: about 3 KiB/s)."""
CLIENT_CONNECTIONS: Final = 256
"""Connections one client address may hold open at once."""
BODY_GRACE: Final = 10.0
"""Seconds a request body may take before its rate is held to ``BODY_RATE``."""
BODY_RATE: Final = 16 * 1024
"""Bytes a second a request body must average once past ``BODY_GRACE``: a body of N bytes
may take ``BODY_GRACE + N / BODY_RATE`` seconds (1 MB: 74 s), and at most ``BODY_SECONDS``.
A slower one (a client sending a byte every few seconds) gets a 408 and its connection closed."""
BODY_SECONDS: Final = 120.0
"""The most seconds any request body may take (20 MB needs 175 kB/s)."""
BODIES_BYTES: Final = 256 * 1024 * 1024
"""The most bytes of request bodies the server holds at once, being received or waiting for
their job (503 over it): with the JSON bound, the memory requests can take is bounded."""
JSON_BYTES_PER_CELL: Final = 200
"""A JSON request body's bytes per cell of the largest puzzle the service takes: 8 MB at 200
cells a side, under the 20 MB upload limit, so that one long string cannot become 100 MB of
copies on its way through the parser, the model and the job."""
SOLVER_SECONDS: Final = 10.0
"""The solver's and the generator's time budget for one request."""
WAIT_SECONDS: Final = 2.0
"""How long a request waits for a free job slot before it is told to come back."""
STORE_SIZE: Final = 200
"""How many made puzzles are kept for their download links."""
STORE_BYTES: Final = 64 * 1024 * 1024
"""The most bytes the kept puzzles may hold (their JSON and PNG), oldest dropped first."""
STORE_SECONDS: Final = 3600.0
"""How long a made puzzle is kept for its links, from when it was made."""
ID_BYTES: Final = 16
"""Random bytes in a made puzzle's id (128 bits, from ``secrets``): its links cannot be guessed,
even by someone who makes the same puzzle."""
ORIGIN: Final = re.compile(r"^https?://(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:[0-9]{1,5})?$")
"""A web origin as a browser sends it: scheme, host and optional port, no path."""
POOLS: Final = ("process", "thread")
"""Where CPU-heavy jobs run: worker processes (parallel) or threads (share the GIL)."""


def cors_origin(text: str) -> str:
    """An origin for ``cors_origins``, as browsers write it (lower case, no trailing slash);
    ValueError if the text is not a scheme, host and optional port."""
    origin = text.strip().rstrip("/").lower()
    if not ORIGIN.match(origin):
        raise ValueError(
            f"expected a web origin like https://example.com or http://localhost:5173 "
            f"(scheme, host and optional port; no path), got {text!r}"
        )
    return origin


def _cores() -> int:
    """The number of CPU cores this process may run on (1 if unknown)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


@dataclass(frozen=True)
class Limits:
    """Every limit of the service, in one place; the defaults are the production ones."""

    upload_bytes: int = UPLOAD_BYTES
    """Largest request body, in bytes (413 above it)."""
    drain_bytes: int = DRAIN_BYTES
    """Bytes of a body over the limit read and dropped so that the client gets its 413."""
    picture_pixels: int = PICTURE_PIXELS
    """Most pixels decoded from a picture (413 above it); a JPEG, decoded reduced, may have
    up to ``MAX_PIXELS``."""
    max_side: int = MAX_CELLS
    """Largest puzzle side, in cells, for every endpoint (413 above it)."""
    solver_seconds: float = SOLVER_SECONDS
    """Solver (and generator) seconds per request."""
    job_memory: int = MEMORY_MB
    """Each job's memory budget in MB, measured in its worker process as it runs: past it the
    worker stops and the request gets a 413 (``nonogen.backends.memory``); process pool only."""
    jobs: int = field(default_factory=_cores)
    """Picture jobs (make, gallery, mosaic) run at once; 0 refuses them (for tests)."""
    quick_jobs: int = field(default_factory=_cores)
    """Puzzle jobs (check, convert, PDF, hint, fix) run at once, in a lane of their own so
    that they never wait behind pictures; 0 refuses them (for tests)."""
    heavy_jobs: int = field(default_factory=_cores)
    """Expensive puzzle jobs (fixes, and checks and hints that outgrow ``quick_seconds``) run
    at once, in a lane of their own at a lower CPU priority, so that the puzzle lane's quick
    requests never queue behind them."""
    quick_seconds: float = QUICK_SECONDS
    """Seconds a check or hint has in the quick lane; one not settled by then goes on in the
    expensive lane with the rest of ``solver_seconds``."""
    client_heavy: int = CLIENT_HEAVY
    """Expensive jobs one client address may have running at once (503 past it)."""
    wait_seconds: float = WAIT_SECONDS
    """How long a job waits for a slot before a 503."""
    retry_after: int = 2
    """The Retry-After seconds of a 503."""
    requests: int = 64
    """Requests in flight at once in each lane (pictures, puzzles), counted from when the
    body is in; 503 for more. Health and the web page's files are not counted."""
    header_seconds: float = HEADER_SECONDS
    """Seconds a request's line and headers may take, from the connection's opening or its
    first byte after the last response (``nonogen.service.connections``)."""
    client_connections: int = CLIENT_CONNECTIONS
    """Connections one client address may hold open; past it the oldest still waiting for its
    headers is closed."""
    body_grace: float = BODY_GRACE
    """Seconds a body may take before its rate counts."""
    body_rate: int = BODY_RATE
    """Bytes a second a body must average past the grace (408 below it)."""
    body_seconds: float = BODY_SECONDS
    """The most seconds a body may take (408 after)."""
    bodies_bytes: int = BODIES_BYTES
    """Bytes of request bodies held at once (503 over it)."""
    pool: str = "process"
    """``process`` runs jobs in worker processes, ``thread`` in threads of the server."""
    scheduler: str = ""
    """A Dask scheduler (``tcp://HOST:8786``) to run the jobs on; empty: this machine."""
    store_size: int = STORE_SIZE
    """Made puzzles kept for their links."""
    store_bytes: int = STORE_BYTES
    """Bytes the kept puzzles may hold."""
    store_seconds: float = STORE_SECONDS
    """Seconds a made puzzle is kept for its links (404 after)."""
    cors_origins: tuple[str, ...] = ()
    """Origins whose pages may call the API from a browser (CORS); none by default."""

    def __post_init__(self) -> None:
        if self.pool not in POOLS:
            raise ValueError(f"expected pool to be one of {', '.join(POOLS)}, got {self.pool!r}")
        if self.jobs < 0 or self.store_size < 1 or self.store_seconds <= 0:
            raise ValueError(
                f"expected jobs >= 0, store_size >= 1 and store_seconds > 0, got {self}"
            )
        for origin in self.cors_origins:
            if cors_origin(origin) != origin:  # (a ValueError too if it is not an origin)
                raise ValueError(
                    f"expected the CORS origin as browsers send it, {cors_origin(origin)!r}, "
                    f"got {origin!r}"
                )

    @property
    def json_bytes(self) -> int:
        """The largest JSON request body, in bytes (a 200x200 colour puzzle, pretty-printed
        with its goal, is about 2 MB): ``JSON_BYTES_PER_CELL`` a cell of the largest puzzle."""
        return JSON_BYTES_PER_CELL * self.max_side**2 + 65536

    @property
    def json_values(self) -> int:
        """The most JSON values (commas and opening brackets) a request body may hold."""
        return json_value_limit(self.max_side)

    def check_side(self, width: int, height: int) -> None:
        """LimitError when a puzzle is larger than ``max_side`` either way."""
        if max(width, height) > self.max_side:
            raise LimitError(
                f"the puzzle is {width}x{height} cells; the service takes at most "
                f"{self.max_side} cells a side (run nonogen on your machine for larger ones)"
            )
