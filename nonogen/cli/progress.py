"""Progress on stderr: a bar or JSON Lines over the items of a bulk run, the one line of a
long make, and where a bulk run's items run."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from nonogen.backends import Backend, choose_backend
from nonogen.cli.root import err

if TYPE_CHECKING:
    from nonogen.pipeline import MakeProgress

Meter = Callable[[str, int, int], None]
"""meter(stage, done, total): progress of a bulk run, printed on stderr."""
BAR_WIDTH = 30
TICK_SECONDS = 0.25
"""How often the line of a long make is rewritten."""
QUIET_SECONDS = 1.0
"""A make that ends sooner shows no progress line at all."""


def meter(*, bar: bool, json_lines: bool) -> Meter | None:
    """Progress over all items with rate and ETA: a bar rewritten in place (on a terminal), or
    one JSON object a line for scripts; None when neither is wanted."""
    if not (bar or json_lines):
        return None
    first: dict[str, tuple[float, int]] = {}  # each stage's first report: rate from there

    def show(stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        since, before = first.setdefault(stage, (now, done))
        rate = (done - before) / (now - since) if now > since else 0.0
        eta = (total - done) / rate if rate > 0 else None
        if json_lines:
            event = {"stage": stage, "done": done, "total": total, "rate": round(rate, 3)}
            err(json.dumps({**event, "eta_seconds": None if eta is None else round(eta, 1)}))
            return
        filled = BAR_WIDTH * done // max(1, total)
        timing = f" {rate:.2f}/s ETA {clock(eta)}" if done < total else ""
        print(
            f"\r{stage} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}{timing}   ",
            end="" if done < total else "\n",
            file=sys.stderr,
            flush=True,
        )

    return show


def clock(seconds: float | None) -> str:
    """Seconds as H:MM:SS (? when unknown)."""
    if seconds is None:
        return "?"
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class Ticker:
    """Where a long make is, on one stderr line rewritten in place (only on a terminal)."""

    def __init__(self, budget: float, *, shown: bool) -> None:
        self.budget, self.shown = budget, shown
        from nonogen.pipeline import MakeProgress  # noqa: PLC0415  (only a make ticks)

        self.latest = MakeProgress("reading")
        self.started = time.monotonic()
        self.done = threading.Event()
        self.drawn = False
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __call__(self, progress: MakeProgress) -> None:
        """Note where the make is (its listener)."""
        self.latest = progress

    def __enter__(self) -> Ticker:
        if self.shown:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        if self.thread.is_alive():
            self.thread.join()
        if self.drawn:
            print("\r\033[K", end="", file=sys.stderr, flush=True)

    def line(self) -> str:
        """``making: repairing grid 1 of 3, 142 cells open after 12 moves; 4.2 s of 30 s``."""
        at = self.latest
        text = at.stage
        if at.stage == "repairing":
            text += f" grid {at.attempt} of {at.attempts}"
            if at.open_cells is not None:
                moves = f"{at.moves} move" + ("" if at.moves == 1 else "s")
                text += f", {at.open_cells} cells open after {moves}"
        spent = time.monotonic() - self.started
        return f"making: {text}; {spent:.1f} s of {self.budget:g} s"

    def _run(self) -> None:
        if self.done.wait(QUIET_SECONDS):
            return
        while not self.done.wait(TICK_SECONDS):
            self.drawn = True
            print(f"\r\033[K{self.line()}", end="", file=sys.stderr, flush=True)


def backend(jobs: int, scheduler: str | None) -> Backend:
    """Where a bulk command runs: the Dask cluster given, else ``jobs`` local processes."""
    return choose_backend(jobs, scheduler, notify=lambda notice: err(f"nonogen: {notice}"))
