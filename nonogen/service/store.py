"""The made puzzles the service keeps for their links: bounded in count, bytes and time.

Each is kept under a random id (``ID_BYTES`` from ``secrets``), not one derived from its
content: its links then work for whoever made it, and cannot be guessed by someone who can
make the same puzzle. The least recently used go first when the store is full, and each goes
``seconds`` after it was made (measured on ``time.monotonic``, or the clock given).
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from nonogen.errors import NotFoundError
from nonogen.service.jobs import MadePuzzle
from nonogen.service.limits import ID_BYTES

ID_PATTERN: Final = re.compile(rf"^[0-9a-f]{{{2 * ID_BYTES}}}$")
"""A puzzle id: ``2 * ID_BYTES`` lower-case hex digits."""
Clock = Callable[[], float]
"""Seconds from any fixed start, never going back (``time.monotonic``)."""


def new_id() -> str:
    """A fresh random puzzle id."""
    return secrets.token_hex(ID_BYTES)


@dataclass(frozen=True)
class Kept:
    """A made puzzle in the store."""

    made: MadePuzzle
    expires: float
    """When it goes, on the store's clock."""


class Store:
    """At most ``size`` made puzzles and ``max_bytes`` bytes, each for ``seconds``; the least
    recently used go first when full."""

    def __init__(
        self, size: int, max_bytes: int, seconds: float, *, clock: Clock = time.monotonic
    ) -> None:
        self._items: OrderedDict[str, Kept] = OrderedDict()
        self._size = size
        self._max_bytes = max_bytes
        self._seconds = seconds
        self._clock = clock
        self._bytes = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    @property
    def bytes(self) -> int:
        """Bytes held."""
        return self._bytes

    def put(self, made: MadePuzzle) -> str:
        """Keep a made puzzle under a new random id, dropping expired ones and then the least
        recently used if full; the id."""
        ident = new_id()
        with self._lock:
            now = self._clock()
            self._drop_expired(now)
            self._items[ident] = Kept(made, now + self._seconds)
            self._bytes += made.size
            while len(self._items) > 1 and (
                len(self._items) > self._size or self._bytes > self._max_bytes
            ):
                self._drop(next(iter(self._items)))
        return ident

    def get(self, ident: str) -> MadePuzzle:
        """The made puzzle kept under ``ident``; NotFoundError if it is not (or no longer) kept."""
        with self._lock:
            kept = self._items.get(ident) if ID_PATTERN.match(ident) else None
            if kept is not None and kept.expires <= self._clock():
                self._drop(ident)
                raise NotFoundError(
                    f"the puzzle with id {ident!r} has expired: puzzles are kept for "
                    f"{self._seconds:g} s after they are made; make it again with POST /api/puzzles"
                )
            if kept is None:
                raise NotFoundError(
                    f"no puzzle with id {ident!r}: it was never made here or is no longer kept "
                    f"(at most the last {self._size}, each for {self._seconds:g} s); make it "
                    "again with POST /api/puzzles"
                )
            self._items.move_to_end(ident)
            return kept.made

    def _drop(self, ident: str) -> None:
        """Forget one puzzle (the lock held)."""
        self._bytes -= self._items.pop(ident).made.size

    def _drop_expired(self, now: float) -> None:
        """Forget every puzzle whose time is up (the lock held)."""
        for ident in [ident for ident, kept in self._items.items() if kept.expires <= now]:
            self._drop(ident)
