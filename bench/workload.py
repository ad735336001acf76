"""The soak test's workload: the kinds of request its clients send, and how to make each.

    upload    POST /api/puzzles: a synthetic photo made into a puzzle 20-30 cells wide
    check     POST /api/check: a made puzzle, with its solution or its clues only
    pdf       POST /api/pdf: a made (so unique) puzzle, pages "puzzle" or "both"
    pdf-get   GET /api/puzzles/{id}.pdf of a made puzzle
    hint      POST /api/hint: a made puzzle's clues and a partly filled grid
    bad       malformed JSON, an unknown format, bad pages or width, not a picture: must be 4xx

Every kind is one builder of one signature and one line of ``KINDS`` with its share.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from bench.load import Call, multipart

WIDTHS: Final = (20, 30)
"""The smallest and largest puzzle width of an upload, in cells."""
KEEP: Final = 50
"""Made puzzles the clients pick from: the latest, so that their links are still kept."""

Record = dict[str, Any]
"""A made puzzle: the JSON answer of POST /api/puzzles."""


class Puzzles:
    """The latest puzzles made, shared by the clients."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: deque[Record] = deque(maxlen=KEEP)

    def add(self, record: Record) -> None:
        """Keep a made puzzle (the oldest drops out)."""
        with self._lock:
            self._records.append(record)

    def pick(self, rng: np.random.Generator) -> Record:
        """One of the puzzles kept, at random."""
        with self._lock:
            return self._records[int(rng.integers(len(self._records)))]


@dataclass(frozen=True)
class Workload:
    """What the clients send: the photos to upload and the puzzles made from them."""

    pictures: list[bytes]
    """PNG files of synthetic photos."""
    puzzles: Puzzles = field(default_factory=Puzzles)


Builder = Callable[[Workload, np.random.Generator], Call]
"""Makes one request of a kind."""


def json_call(path: str, obj: object) -> Call:
    """A POST of a JSON body."""
    return Call("POST", path, json.dumps(obj).encode(), "application/json")


def upload_call(work: Workload, rng: np.random.Generator) -> Call:
    """An upload of one of the photos, to be made 20-30 cells wide."""
    width = int(rng.integers(WIDTHS[0], WIDTHS[1] + 1))
    fields = {"width": str(width), "seed": str(int(rng.integers(2**31)))}
    picture = work.pictures[int(rng.integers(len(work.pictures)))]
    return Call("POST", "/api/puzzles", *multipart(fields, "picture", "photo.png", picture))


def check_call(work: Workload, rng: np.random.Generator) -> Call:
    """A check of a made puzzle, with its solution as the goal or its clues only."""
    record = work.puzzles.pick(rng)
    keys = ("rows", "cols", "solution") if rng.random() < 0.5 else ("rows", "cols")
    return json_call("/api/check", {key: record[key] for key in keys})


def pdf_call(work: Workload, rng: np.random.Generator) -> Call:
    """A PDF of a made puzzle: its page, or its page and its answer key (printed even if a
    puzzle with many clues would get small numbers: a 413 would be the puzzle's, not the
    load's)."""
    pages = "both" if rng.random() < 0.5 else "puzzle"
    body = {"puzzle": work.puzzles.pick(rng), "pages": pages, "force_small": True}
    return json_call("/api/pdf", body)


def pdf_get_call(work: Workload, rng: np.random.Generator) -> Call:
    """The PDF link of a made puzzle."""
    return Call("GET", f"/api/puzzles/{work.puzzles.pick(rng)['id']}.pdf")


def hint_call(work: Workload, rng: np.random.Generator) -> Call:
    """A hint for a made puzzle from a grid with 20-70 % of its cells filled in correctly."""
    record = work.puzzles.pick(rng)
    solution = np.array([list(row) for row in record["solution"]])
    shown = rng.random(solution.shape) < rng.uniform(0.2, 0.7)
    grid = ["".join(row) for row in np.where(shown, solution, "?")]
    return json_call("/api/hint", {"rows": record["rows"], "cols": record["cols"], "grid": grid})


def bad_calls(record: Record) -> list[Call]:
    """Requests that must be refused with a 4xx: malformed JSON, bad options, no picture."""
    clues = json.dumps({"rows": record["rows"], "cols": record["cols"]}).encode()
    return [
        Call("POST", "/api/check", clues[: len(clues) // 2], "application/json"),
        Call("POST", "/api/hint", clues[: len(clues) // 2], "application/json"),
        Call("POST", "/api/check?format=bogus", clues, "application/json"),
        json_call("/api/pdf", {"puzzle": record, "pages": "sideways"}),
        Call("POST", "/api/puzzles", *multipart({}, "picture", "photo.png", b"not a picture")),
        Call("POST", "/api/puzzles", *multipart({"width": "wide"}, "picture", "a.png", b"")),
    ]


def bad_call(work: Workload, rng: np.random.Generator) -> Call:
    """One of the bad requests, at random."""
    calls = bad_calls(work.puzzles.pick(rng))
    return calls[int(rng.integers(len(calls)))]


KINDS: Final[dict[str, tuple[float, Builder]]] = {
    "upload": (0.15, upload_call),
    "check": (0.25, check_call),
    "pdf": (0.15, pdf_call),
    "pdf-get": (0.10, pdf_get_call),
    "hint": (0.25, hint_call),
    "bad": (0.10, bad_call),
}
"""Every kind of request: its share of the workload and how to make one."""
