"""What a request goes through before the app reads its body: a deadline, a memory budget, a
bound on JSON and its lane's count of requests in flight.

- **Deadline.** A body of N bytes may take ``body_grace + N / body_rate`` seconds and at most
  ``body_seconds``; a slower one (a client sending a byte every few seconds to hold a slot) is
  answered 408 and its connection closed. A client that leaves mid-body is one log line.
- **Memory.** The bytes of every body being received or held by a request in flight are
  counted; past ``bodies_bytes`` the request is answered 503.
- **JSON.** A JSON body (``application/json``, ``+json`` or no content type) is counted as it
  streams and refused (413) if it is longer (``json_bytes``) or holds more values
  (``json_values``) than a request about the largest puzzle needs, before a Python object is
  made of it.
- **Lanes.** Picture requests (make, gallery, mosaic) and puzzle requests (check, convert, PDF,
  hint, fix, downloads) each have ``requests`` places, taken once the body is in, so slow
  uploads hold none; ``/api/health`` and the web page's files are not counted.

Each refusal replaces whatever the app would have answered (FastAPI turns an error raised while
it reads a body into a 400) by the error's own JSON answer.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, cast

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nonogen.budgets import json_values
from nonogen.errors import BusyError, LimitError, NonogenError, SlowBodyError
from nonogen.formats.shared import too_many_values
from nonogen.service.errors import send_json
from nonogen.service.limits import Limits
from nonogen.wording import field as request_field
from nonogen.wording import label as page_label

LOG: Final = logging.getLogger("uvicorn.error")
PICTURE_PATHS: Final = frozenset({"/api/puzzles", "/api/conversions", "/api/mosaics"})
"""The POST routes of the picture lane; every other route under /api/ but health is a puzzle's."""
LANES: Final = ("pictures", "puzzles")
CLOSE: Final = (b"connection", b"close")
TRIM_BYTES: Final = 16 * 2**20
"""Bytes of bodies let go, with none left held, after which the server trims its heap."""


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (musl, macOS)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    trim = getattr(libc, "malloc_trim", None)
    return cast("Callable[[int], int] | None", trim)


_TRIM: Final = _malloc_trim()
MMAP_BYTES: Final = 128 * 1024
"""Blocks from this size up are mapped on their own and given back when freed: glibc's
default threshold grows with the largest block freed, so that after a burst of 6 MB uploads
every body sat in a heap that never shrank (server 224 MB after 200 uploads, 166 MB with it)."""
ARENAS: Final = 2
"""Heap arenas of the server process (glibc makes up to 8 a core, one per busy thread)."""


def tune_heap() -> bool:
    """Set the server's heap as ``MMAP_BYTES`` and ``ARENAS`` say (glibc ``mallopt``); whether
    the C library took the settings (False elsewhere: musl, macOS)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    m_mmap_threshold, m_arena_max = -3, -8  # glibc's malloc.h
    return bool(mallopt(m_mmap_threshold, MMAP_BYTES)) and bool(mallopt(m_arena_max, ARENAS))


def lane_of(method: str, path: str) -> str | None:
    """The lane a request counts in (None: not counted)."""
    if not path.startswith("/api/") or path == "/api/health":
        return None
    return "pictures" if method == "POST" and path in PICTURE_PATHS else "puzzles"


def is_json(scope: Scope) -> bool:
    """Whether FastAPI would read the request's body as JSON."""
    kind = dict(scope["headers"]).get(b"content-type", b"").split(b";")[0].strip().lower()
    return kind in (b"", b"application/json") or kind.endswith(b"+json")


@dataclass
class Gauges:
    """What the requests in flight hold, shared by the gate and the health answer."""

    in_flight: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LANES, 0))
    body_bytes: int = 0
    freed: int = 0
    """Bytes of bodies let go since the heap was last given back."""

    def settle(self) -> None:
        """Once no request holds a body and ``TRIM_BYTES`` have been let go, give the heap's
        free memory back to the system (glibc's ``malloc_trim``): after a burst of uploads
        the server returns to its resting size rather than keeping its peak."""
        if self.body_bytes == 0 and self.freed >= TRIM_BYTES and _TRIM is not None:
            self.freed = 0
            _TRIM(0)


class BodyGate:
    """ASGI middleware: the deadline, memory budget, JSON bound and lanes of every request."""

    def __init__(self, app: ASGIApp, limits: Limits, gauges: Gauges) -> None:
        self.app = app
        self.limits = limits
        self.gauges = gauges

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass an HTTP request through the gate; anything else straight on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await _Request(self, scope, receive, send).run()


class _Request:
    """One request passing the gate."""

    def __init__(self, gate: BodyGate, scope: Scope, receive: Receive, send: Send) -> None:
        self.gate, self.limits, self.gauges = gate, gate.limits, gate.gauges
        self.scope, self._receive, self._send = scope, receive, send
        self.lane = lane_of(scope["method"], scope["path"])
        self.json = self.lane is not None and scope["method"] == "POST" and is_json(scope)
        self.started = time.monotonic()
        self.seen = 0
        self.done = self.admitted = self.answered = self.gone = False
        self.refused: NonogenError | None = None

    async def run(self) -> None:
        """Pass the request to the app through the gate; free what it held at the end."""
        try:
            if self.scope["method"] in ("GET", "HEAD"):
                self.done = True
                self._admit()
            await self.gate.app(self.scope, self.receive, self.send)
        except Exception:
            if self.gone:
                return  # logged when it left; nobody is there to answer
            if self.refused is None:
                raise
        finally:
            self.gauges.body_bytes -= self.seen
            self.gauges.freed += self.seen
            if self.admitted and self.lane is not None:
                self.gauges.in_flight[self.lane] -= 1
            self.gauges.settle()
        if self.refused is not None and not self.answered and not self.gone:
            await self._answer(self.refused)

    def _refuse(self, error: NonogenError) -> NonogenError:
        """Remember why the request is refused; the error to raise where the body is read."""
        self.refused = error
        return error

    def _admit(self) -> None:
        """Take a place in the lane, or refuse the request (503) if the lane is full."""
        if self.lane is None:
            return
        count, limit = self.gauges.in_flight[self.lane], self.limits.requests
        if count >= limit:
            retry = self.limits.retry_after
            raise self._refuse(
                BusyError(
                    f"the server is busy: {count} {self.lane} requests in flight (the limit is "
                    f"{limit}); retry in {retry} s",
                    retry,
                )
            )
        self.gauges.in_flight[self.lane] = count + 1
        self.admitted = True

    def _deadline(self) -> float:
        """Seconds from the start the body may take, for the bytes seen so far."""
        limits = self.limits
        return min(limits.body_seconds, limits.body_grace + self.seen / limits.body_rate)

    def _too_slow(self) -> SlowBodyError:
        limits = self.limits
        return SlowBodyError(
            f"the request body came too slowly: {self.seen} bytes in "
            f"{time.monotonic() - self.started:.0f} s; a body may take {limits.body_grace:g} s "
            f"plus 1 s per {limits.body_rate // 1024} kB, and at most {limits.body_seconds:g} s: "
            "send it in one go, over a faster connection"
        )

    async def _next(self) -> Message:
        """The next message of the body, within its deadline and the memory budget."""
        left = self._deadline() - (time.monotonic() - self.started)
        if left <= 0:
            raise self._refuse(self._too_slow())
        try:
            with anyio.fail_after(left):
                message = await self._receive()
        except TimeoutError:
            LOG.info("closed a slow request body: %s after %d bytes", self.scope["path"], self.seen)
            raise self._refuse(self._too_slow()) from None
        if message["type"] == "http.disconnect":
            self.gone = True
            LOG.info(
                "the client left while sending %s (%d bytes in)", self.scope["path"], self.seen
            )
            return message
        size = len(message.get("body", b""))
        self.seen += size
        self.gauges.body_bytes += size
        if self.gauges.body_bytes > self.limits.bodies_bytes:
            retry = self.limits.retry_after
            raise self._refuse(
                BusyError(
                    f"the server is busy: the requests in flight hold "
                    f"{self.gauges.body_bytes / 2**20:.0f} MB of bodies (the limit is "
                    f"{self.limits.bodies_bytes / 2**20:.0f} MB); retry in {retry} s",
                    retry,
                )
            )
        if not message.get("more_body", False):
            self.done = True
            self._admit()
        return message

    async def receive(self) -> Message:
        """The app's receive: the body through the gate (a JSON body whole, once counted),
        then whatever comes after it (a disconnect) untouched."""
        if self.done:
            return await self._receive()
        if not self.json:
            return await self._next()
        chunks: list[bytes] = []
        values, limit = 1, self.limits.json_values
        while not self.done:
            message = await self._next()
            if message["type"] != "http.request":
                return message
            chunk = message.get("body", b"")
            values += json_values(chunk) - 1
            if values <= limit and self.seen <= self.limits.json_bytes:
                chunks.append(chunk)
            else:
                chunks.clear()  # read to its end (so that the client gets the answer), not kept
        side = self.limits.max_side
        if self.seen > self.limits.json_bytes:
            raise self._refuse(
                LimitError(
                    f"the JSON body is {self.seen:,} bytes; a request about a puzzle of at most "
                    f"{side}x{side} cells takes no more than {self.limits.json_bytes:,}: send "
                    "one puzzle with its clues, grid and palette only"
                )
            )
        if values > limit:
            raise self._refuse(too_many_values("the JSON body", values, side))
        return {"type": "http.request", "body": b"".join(chunks), "more_body": False}

    async def send(self, message: Message) -> None:
        """The app's send: dropped once the client has gone, and replaced by the refusal's
        answer once the request is refused."""
        if self.gone:
            return
        if self.refused is not None:
            if not self.answered:
                await self._answer(self.refused)
            return
        if message["type"] == "http.response.start":
            self.answered = True
            if not self.done:  # answered before its body was read: the rest is not waited for
                message = {**message, "headers": [*message.get("headers", []), CLOSE]}
        await self._send(message)

    async def _answer(self, error: NonogenError) -> None:
        """Answer the refusal as JSON and close the connection (its body may be unread)."""
        self.answered = True
        headers = {"Connection": "close"}
        if isinstance(error, BusyError):
            headers["Retry-After"] = str(error.retry_after)
        body = {
            "error": type(error).__name__,
            "message": error.spelled(request_field),
            "page_message": error.spelled(page_label),
        }
        await send_json(self._send, error.http_status, body, headers)
