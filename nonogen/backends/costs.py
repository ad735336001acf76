"""What an item will cost: its cells, scaled by the seconds earlier runs recorded.

A bulk run submits its largest items first. Before any has run, cells rank them; a run that
keeps a work folder appends each item's seconds to ``TIMINGS`` there (by a digest of the
input's bytes), so the next run over the same inputs (resumed, or with other options) ranks
them by what they really took, scaled to their cells now.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

TIMINGS: Final = "timings.jsonl"
"""In the work folder: one JSON object a line, {digest, cells, seconds}, for each item run."""

Timing = tuple[int, float]
"""(cells, seconds) an input took in an earlier run."""


def read_timings(work: Path | None) -> dict[str, Timing]:
    """The seconds earlier runs took, by digest of the input's bytes (the last run's)."""
    found: dict[str, Timing] = {}
    if work is None or not (work / TIMINGS).is_file():
        return found
    for line in (work / TIMINGS).read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            record = json.loads(line)
            found[str(record["digest"])] = (int(record["cells"]), float(record["seconds"]))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short by a killed run
    return found


def seconds_per_cell(timings: Iterable[Timing]) -> float:
    """Seconds a cell took in earlier runs (1 when none: cells alone rank the inputs)."""
    cells = seconds = 0.0
    for count, spent in timings:
        cells, seconds = cells + count, seconds + spent
    return seconds / cells if cells and seconds else 1.0


def estimate(earlier: Timing | None, cells: int, rate: float) -> float:
    """An input's expected seconds: its earlier time scaled to its cells now, or its cells
    at the earlier runs' rate."""
    if earlier is None:
        return cells * rate
    then, seconds = earlier
    return seconds * cells / then if then and cells else seconds


@contextmanager
def recording(work: Path | None) -> Iterator[Callable[[str, int, float], None]]:
    """A writer of lines to the work folder's timings file (none without a work folder)."""
    if work is None:
        yield lambda digest, cells, seconds: None
        return
    with (work / TIMINGS).open("a", encoding="utf-8") as out:

        def write(digest: str, cells: int, seconds: float) -> None:
            record = {"digest": digest, "cells": cells, "seconds": round(seconds, 3)}
            out.write(json.dumps(record) + "\n")
            out.flush()

        yield write
