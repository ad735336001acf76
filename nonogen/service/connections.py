"""Connections held to account: a deadline for a request's headers, a cap per client.

uvicorn bounds a connection's idle time only between two requests (its keep-alive timeout):
a connection that never sends a byte, or sends its request line and headers one byte every
few seconds, is held open for ever, each costing a file and some memory, until the process
runs out of files. ``HeadedProtocol`` (uvicorn's h11 protocol, one method each added) gives
every request ``Limits.header_seconds`` from the connection's opening, or from its first byte
after the last response, to finish its request line and headers (at most h11's 16 KiB: a
minimum rate of about 3 KiB/s), then closes it with one log line. A client (an address) holds
at most ``Limits.client_connections`` connections: a new one past that closes the client's
oldest connection still waiting for its headers (so that a flood cannot lock its own sender's
other requests out), or is itself closed when none is waiting. The body's own deadline
(``nonogen.service.bodies``) starts once the headers are in.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from nonogen.service.limits import Limits


class HeadedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a header deadline and a cap on connections per client."""

    header_seconds: float = Limits.header_seconds
    client_connections: int = Limits.client_connections
    _open: dict[str, dict[HeadedProtocol, None]]
    """Each client's open connections, oldest first (shared by every connection of a class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._host = ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the header deadline; make room under the client's cap."""
        super().connection_made(transport)
        self._host = self.client[0] if self.client else ""
        self._arm()
        mine = self._open.setdefault(self._host, {})
        mine[self] = None
        if len(mine) > self.client_connections:
            waiting = next((c for c in mine if c._header_timer is not None and c is not self), None)
            (waiting or self)._close(
                f"closed: the client holds more than {self.client_connections} connections"
            )

    def data_received(self, data: bytes) -> None:
        """Start the deadline on a new request's first byte; end it once its headers are in."""
        if self._header_timer is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before:  # a request's headers are complete
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection."""
        self._disarm()
        mine = self._open.get(self._host)
        if mine is not None:
            mine.pop(self, None)
            if not mine:
                del self._open[self._host]
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        self._close(f"closed: no complete request headers within {self.header_seconds:g} s")

    def _close(self, why: str) -> None:
        """Close the connection with one log line (no response: no request was read)."""
        self._disarm()
        if not self.transport.is_closing():
            prefix = "%s:%d - " % self.client if self.client else ""  # noqa: UP031  (uvicorn's)
            self.logger.warning("%s%s", prefix, why)
            self.transport.close()


def headed_protocol(limits: Limits) -> type[HeadedProtocol]:
    """``HeadedProtocol`` with the limits' deadline and cap, and a registry of its own."""
    return type(
        "HeadedProtocol",
        (HeadedProtocol,),
        {
            "header_seconds": limits.header_seconds,
            "client_connections": limits.client_connections,
            "_open": {},
        },
    )
