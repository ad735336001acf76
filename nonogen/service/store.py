"""The made puzzles the service keeps for their links: a bounded, least-recently-used store."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Final

from nonogen.errors import NotFoundError
from nonogen.service.jobs import MadePuzzle

ID_PATTERN: Final = re.compile(r"^[0-9a-f]{16}$")
"""A content id: 16 lower-case hex digits."""


class Store:
    """At most ``size`` made puzzles and ``max_bytes`` bytes; the least recently used go first."""

    def __init__(self, size: int, max_bytes: int) -> None:
        self._items: OrderedDict[str, MadePuzzle] = OrderedDict()
        self._size = size
        self._max_bytes = max_bytes
        self._bytes = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    @property
    def bytes(self) -> int:
        """Bytes held."""
        return self._bytes

    def put(self, made: MadePuzzle) -> None:
        """Keep a made puzzle (the same content keeps one entry), dropping the oldest if full."""
        with self._lock:
            old = self._items.pop(made.id, None)
            if old is not None:
                self._bytes -= old.size
            self._items[made.id] = made
            self._bytes += made.size
            while len(self._items) > 1 and (
                len(self._items) > self._size or self._bytes > self._max_bytes
            ):
                _, dropped = self._items.popitem(last=False)
                self._bytes -= dropped.size

    def get(self, ident: str) -> MadePuzzle:
        """The made puzzle kept under ``ident``; NotFoundError if it is not (or no longer) kept."""
        with self._lock:
            made = self._items.get(ident) if ID_PATTERN.match(ident) else None
            if made is None:
                raise NotFoundError(
                    f"no puzzle with id {ident!r}: it was never made here or has expired "
                    f"(the last {self._size} are kept); make it again with POST /api/puzzles"
                )
            self._items.move_to_end(ident)
            return made
