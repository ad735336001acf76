"""Abuse probes of the service and the CLI: ``python -m bench.abuse [--only slow,json,...]``.

Issue 35's eight findings, replayed against ``nonogen.service.serve`` started on 127.0.0.1 (a
free port) in a child process with the production limits, and against the CLI, each bounded in
count and time; every request goes to loopback only. It prints one line per figure with its
target and whether it was met, and exits 1 if one was missed.

- ``slow``: ``--slow`` connections each send one byte of a declared 1 MB upload every
  ``--interval`` seconds for ``--slow-seconds``, while ``/api/health`` and a ``check`` are asked
  every half second: the slowest answer of each (target 1 s), how soon the server closed the
  slow connections, and the tracebacks in the server's log (target none).
- ``json``: 20 MB JSON bodies of several shapes (6.8 million empty clues, one long clue, deep
  nesting, many keys) to ``hint``, ``fix``, ``pdf`` and ``check``: each one's answer and seconds
  (target 1 s) and the server's memory growth (target 100 MB); then ten at once while health is
  asked (target 1 s).
- ``uploads``: ``--uploads`` picture uploads at once while check, hint and fix are asked in a
  loop: the share answered within 2 s (target 95 %), and the server's memory after the burst.
- ``cli``: ``-o /dev/full`` (exit 4), a FIFO or a device as output (exit 4, not replaced), a
  symlink followed, ``/dev/zero`` and endless stdin as input (exit 3 within 1 s), and the same
  seed with a time budget (the same bytes, or the documented note).
- ``budget``, ``lanes``, ``memory``, ``outputs``, ``numbers``, ``headers``, ``codes``: issue
  50's findings, one probe each (``bench.hardening``).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import stat
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from bench.hardening import PROBES as HARDENING
from bench.hardening import Figure, cli, server
from bench.load import (
    HOST,
    Answer,
    Call,
    children,
    multipart,
    png_bytes,
    send,
    status_kb,
    synthetic_photo,
)

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
BIG_JSON = 20 * 2**20 - 4096
"""The JSON bodies' size: just under the service's 20 MB upload limit."""
SMALL = {"rows": [[1], [1, 1], [3], [1, 1], [1]], "cols": [[1], [1, 1], [3], [1, 1], [1]]}
"""A 5x5 puzzle (a diamond with its centre filled) for the cheap requests."""
PROBES = ("slow", "json", "uploads", "cli", *HARDENING)


def cheap_calls() -> list[Call]:
    """A check, a hint and a fix of the small puzzle."""
    puzzle = json.dumps(SMALL).encode()
    hint = json.dumps({**SMALL, "grid": ["....."] * 5}).encode()
    fix = json.dumps({"grid": ["..#..", ".#.#.", "#####", ".#.#.", "..#.."]}).encode()
    kind = "application/json"
    return [
        Call("POST", "/api/check", puzzle, kind),
        Call("POST", "/api/hint", hint, kind),
        Call("POST", "/api/fix", fix, kind),
    ]


class Prober:
    """Asks the given calls in turn, every ``every`` seconds, in a thread, until stopped."""

    def __init__(self, port: int, calls: Sequence[Call], every: float) -> None:
        self.port, self.calls, self.every = port, list(calls), every
        self.answers: list[tuple[str, Answer]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        turn = 0
        while not self._stop.is_set():
            call = self.calls[turn % len(self.calls)]
            self.answers.append((call.path, send(self.port, call)))
            turn += 1
            self._stop.wait(self.every)

    def __enter__(self) -> Prober:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(timeout=120)

    def slowest(self, path: str) -> float:
        """The slowest answer to the path, in seconds (inf if one failed)."""
        times = [
            a.seconds if a.status == 200 else float("inf") for p, a in self.answers if p == path
        ]
        return max(times, default=float("inf"))

    def statuses(self) -> str:
        """The answers' statuses and their counts, as ``200: 40, 503: 3``."""
        counts = Counter(a.status for _, a in self.answers)
        return ", ".join(f"{status}: {n}" for status, n in sorted(counts.items()))

    def within(self, seconds: float) -> tuple[int, int]:
        """How many answers were 200 within ``seconds``, of how many."""
        fast = sum(a.status == 200 and a.seconds <= seconds for _, a in self.answers)
        return fast, len(self.answers)


class Memory:
    """The server's resident memory (its own, without workers) sampled every 20 ms."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.before = status_kb(pid, "VmRSS")
        self.peak = self.before
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            self.peak = max(self.peak, status_kb(self.pid, "VmRSS"))

    def __enter__(self) -> Memory:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    @property
    def growth_mb(self) -> float:
        """How far the server grew above where it started, in MB."""
        return (self.peak - self.before) / 1024


def slow_connections(port: int, count: int) -> list[socket.socket]:
    """``count`` connections that have sent the headers of a declared 1 MB upload and the
    start of its body."""
    head = (
        f"POST /api/puzzles HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
        "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000\r\n\r\n"
        '--x\r\nContent-Disposition: form-data; name="picture"; filename="slow.png"\r\n\r\n'
    ).encode()
    socks = []
    for _ in range(count):
        sock = socket.create_connection((HOST, port), timeout=5)
        sock.sendall(head)
        sock.setblocking(False)
        socks.append(sock)
    time.sleep(0.5)  # the server has them all before anything else is asked
    return socks


def trickle(connections: list[socket.socket], interval: float, seconds: float) -> list[float]:
    """Send one byte on each connection every ``interval`` s for ``seconds``; the seconds
    after which the server answered or closed each (``seconds`` for one it never did)."""
    socks: list[socket.socket | None] = list(connections)
    closed = [seconds] * len(socks)
    started = time.monotonic()
    while (elapsed := time.monotonic() - started) < seconds and any(s is not None for s in socks):
        for i, sock in enumerate(socks):
            if sock is None:
                continue
            try:
                sock.recv(4096)
                raise ConnectionResetError  # the server answered (and closes it)
            except BlockingIOError:
                sock.send(b"A")
            except OSError:
                closed[i] = elapsed
                sock.close()
                socks[i] = None
        time.sleep(interval)
    for sock in socks:
        if sock is not None:
            sock.close()
    return closed


def probe_slow(args: argparse.Namespace, log: Path) -> list[Figure]:
    """Slow bodies: health and check answered throughout; stalled connections closed quietly."""
    with server(log) as (port, _):
        connections = slow_connections(port, args.slow)
        with Prober(port, [Call("GET", "/api/health"), cheap_calls()[0]], 0.5) as prober:
            closed = trickle(connections, args.interval, args.slow_seconds)
        time.sleep(1)  # the server sees the ones still open leave
    tracebacks = log.read_text(errors="replace").count("Traceback")
    health, check = prober.slowest("/api/health"), prober.slowest("/api/check")
    longest = max(closed)
    return [
        Figure(
            f"slow x{args.slow}: health and check answers",
            prober.statuses(),
            "all 200",
            prober.statuses().startswith("200") and "," not in prober.statuses(),
        ),
        Figure(f"slow x{args.slow}: slowest /api/health", f"{health:.3f} s", "<= 1 s", health <= 1),
        Figure(f"slow x{args.slow}: slowest /api/check", f"{check:.3f} s", "<= 1 s", check <= 1),
        Figure(
            f"slow x{args.slow}: last slow connection closed after",
            f"{longest:.1f} s",
            f"< {args.slow_seconds:g} s",
            longest < args.slow_seconds,
        ),
        Figure("slow: tracebacks in the server's log", str(tracebacks), "0", tracebacks == 0),
    ]


def _filled(head: bytes, item: bytes, tail: bytes, size: int) -> bytes:
    """``head + item, item, ... + tail``, about ``size`` bytes."""
    count = max(1, (size - len(head) - len(tail)) // (len(item) + 1))
    return head + b",".join([item] * count) + tail


def json_bodies(size: int) -> dict[str, Call]:
    """20 MB JSON bodies of different shapes, each to the endpoint it aims at."""
    kind = "application/json"
    empty_rows = _filled(b'{"rows":[', b"[]", b'],"cols":[[1]],"grid":["#"]}', size)
    long_clue = _filled(b'{"rows":[[', b"1", b']],"cols":[[1]],"grid":["#"]}', size)
    deep = b"[" * (size // 2) + b"]" * (size // 2)
    keys = _filled(b'{"puzzle":{', b'"k":0', b"}}", size)
    grid = _filled(b'{"grid":[', b'"#"', b"]}", size)
    row = b'{"grid":["' + b"#" * (size - 20) + b'"]}'
    title = b'{"puzzle":{"title":"' + b"x" * (size - 60) + b'","rows":[[1]],"cols":[[1]]}}'
    row8 = b'{"grid":["' + b"#" * (8 * 10**6) + b'"]}'
    under = _filled(b'{"rows":[[', b"1", b']],"cols":[[1]],"grid":["#"]}', 300_000)
    return {
        "hint, 6.8 M empty row clues": Call("POST", "/api/hint", empty_rows, kind),
        "hint, one clue of 10 M numbers": Call("POST", "/api/hint", long_clue, kind),
        "hint, nested 10 M deep": Call("POST", "/api/hint", deep, kind),
        "fix, 5 M one-cell rows": Call("POST", "/api/fix", grid, kind),
        "pdf, 3.5 M keys": Call("POST", "/api/pdf", keys, kind),
        "fix, one row of 20 M cells": Call("POST", "/api/fix", row, kind),
        "pdf, a title of 20 M characters": Call("POST", "/api/pdf", title, kind),
        "fix, one row of 8 M cells (under 8 MB)": Call("POST", "/api/fix", row8, kind),
        "hint, a clue of 150,000 numbers": Call("POST", "/api/hint", under, kind),
        "check, 6.8 M empty row clues": Call("POST", "/api/check", empty_rows, kind),
    }


def probe_json(args: argparse.Namespace, log: Path) -> list[Figure]:
    """Big JSON bodies: each refused or answered within 1 s, memory within 100 MB; ten at once
    leave health under 1 s."""
    figures = []
    bodies = json_bodies(BIG_JSON)
    with server(log) as (port, pid):
        for name, call in bodies.items():
            with Memory(pid) as memory:
                answer = send(port, call)
            figures.append(
                Figure(
                    f"json: {name} -> {answer.status}",
                    f"{answer.seconds:.2f} s, +{memory.growth_mb:.0f} MB",
                    "1 s, 100 MB",
                    answer.status in (200, 400, 413, 422)
                    and answer.seconds <= 1
                    and memory.growth_mb <= 100,
                )
            )
        burst = [bodies["hint, 6.8 M empty row clues"]] * 10
        health_calls = [Call("GET", "/api/health")]
        with (
            Memory(pid) as memory,
            Prober(port, health_calls, 0.1) as prober,
            ThreadPoolExecutor(10) as pool,
        ):
            answers = list(pool.map(lambda call: send(port, call), burst))
        health = prober.slowest("/api/health")
        statuses = sorted({a.status for a in answers})
        figures += [
            Figure(
                f"json x10 at once ({statuses}): slowest health",
                f"{health:.3f} s",
                "<= 1 s",
                health <= 1,
            ),
            Figure(
                "json x10 at once: server memory growth",
                f"+{memory.growth_mb:.0f} MB",
                "<= 1000 MB",
                memory.growth_mb <= 1000,
            ),
        ]
    return figures


def probe_uploads(args: argparse.Namespace, log: Path) -> list[Figure]:
    """Many uploads at once: check, hint and fix still answered within 2 s."""
    rng = np.random.default_rng(1)
    pictures = [png_bytes(synthetic_photo(args.side, rng)) for _ in range(8)]
    calls = []
    for i in range(args.uploads):
        body, kind = multipart(
            {"width": "30", "seed": str(i)}, "picture", f"p{i}.png", pictures[i % 8]
        )
        calls.append(Call("POST", "/api/puzzles", body, kind))
    with server(log) as (port, pid):
        rest = status_kb(pid, "VmRSS") / 1024
        with Prober(port, cheap_calls(), 0.05) as prober, ThreadPoolExecutor(args.uploads) as pool:
            answers = list(pool.map(lambda call: send(port, call), calls))
        time.sleep(5)
        after = status_kb(pid, "VmRSS") / 1024
        time.sleep(10)
        later = status_kb(pid, "VmRSS") / 1024
        workers = sum(status_kb(w, "VmRSS") for w in children(pid)) / 1024
    fast, asked = prober.within(2.0)
    made = sum(a.status == 200 for a in answers)
    busy = sum(a.status == 503 for a in answers)
    others = Counter(a.status for a in answers if a.status not in (200, 503))
    failed = "".join(f", {n} {status or 'reset'}" for status, n in sorted(others.items()))
    share = fast / asked if asked else 0.0
    return [
        Figure(
            f"uploads x{args.uploads} of {args.side} px ({made} made, {busy} busy{failed}): "
            "check/hint/fix within 2 s",
            f"{fast}/{asked} ({share:.0%})",
            ">= 95 %",
            share >= 0.95,
        ),
        Figure(
            "uploads: server memory at rest -> 5 s, 15 s after (workers)",
            f"{rest:.0f} -> {after:.0f}, {later:.0f} MB ({workers:.0f})",
            "+100 MB",
            later - rest <= 100,
        ),
    ]


def probe_cli(args: argparse.Namespace, log: Path) -> list[Figure]:
    """Outputs through devices, FIFOs and links; endless inputs; the same seed on a budget."""
    figures = []
    source = str(SAMPLES / "diagonal.non")
    code, _, _ = cli("convert", source, "--to", "non", "-o", "/dev/full")
    figures.append(Figure("cli: convert -o /dev/full", f"exit {code}", "exit 4", code == 4))
    with tempfile.TemporaryDirectory() as work:
        fifo = Path(work) / "fifo"
        os.mkfifo(fifo)
        code, _, _ = cli("convert", source, "--to", "non", "-o", str(fifo), seconds=10)
        kept = stat.S_ISFIFO(fifo.stat().st_mode)
        figures.append(
            Figure(
                "cli: convert -o FIFO (still a FIFO)",
                f"exit {code}, {kept}",
                "exit 4, True",
                code == 4 and kept,
            )
        )
        target, link = Path(work) / "target.non", Path(work) / "link.non"
        target.write_text("old")
        link.symlink_to(target)
        code, _, _ = cli("convert", source, "--to", "non", "-o", str(link))
        followed = link.is_symlink() and target.read_text() != "old"
        figures.append(
            Figure(
                "cli: convert -o SYMLINK (written through)",
                f"exit {code}, {followed}",
                "exit 0, True",
                code == 0 and followed,
            )
        )
        for endless in (
            ("check", "/dev/zero"),
            ("make", "/dev/zero", "-o", str(Path(work) / "z.json")),
        ):
            code, seconds, _ = cli(*endless)
            figures.append(
                Figure(
                    f"cli: {' '.join(endless[:2])}",
                    f"exit {code}, {seconds:.2f} s",
                    "exit 3, 1 s",
                    code == 3 and seconds <= 1.5,
                )
            )
        with open("/dev/zero", "rb") as zero:
            code, seconds, _ = cli("check", "-", stdin=zero.fileno())
        figures.append(
            Figure(
                "cli: check - < /dev/zero",
                f"exit {code}, {seconds:.2f} s",
                "exit 3, 1 s",
                code == 3 and seconds <= 1.5,
            )
        )
        picture = SAMPLES / "chelsea.jpg"
        outs = []
        for run in range(args.runs):
            out = Path(work) / f"budget{run}.json"
            argv: tuple[str, ...] = (
                "make",
                str(picture),
                "--seed",
                "1",
                "--width",
                "100",
                "--seconds",
                "2",
                "--force",
            )
            cli(*argv, "-o", str(out))
            outs.append(out.read_bytes() if out.exists() else b"")
        same = len(set(outs)) == 1
        noted = all(b'"time_budget"' in data for data in outs)
        figures.append(
            Figure(
                f"cli: make --seconds 2 x{args.runs}: same bytes, or the note",
                f"same {same}, noted {noted}",
                "one of them",
                same or noted,
            )
        )
    return figures


def _hardening(name: str) -> Callable[[argparse.Namespace, Path], list[Figure]]:
    """Issue 50's probe of that name (``bench.hardening``) as a run."""
    return lambda args, log: HARDENING[name](log, args.connections)


RUNS: dict[str, Callable[[argparse.Namespace, Path], list[Figure]]] = {
    "slow": probe_slow,
    "json": probe_json,
    "uploads": probe_uploads,
    "cli": probe_cli,
    **{name: _hardening(name) for name in HARDENING},
}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options, checked: bounded counts and seconds."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.abuse", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--only", default=",".join(PROBES), help=f"comma-separated: {', '.join(PROBES)}"
    )
    parser.add_argument("--slow", type=int, default=64, help="slow connections (1-512)")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between their bytes")
    parser.add_argument(
        "--slow-seconds", type=float, default=30.0, help="how long they send (1-120)"
    )
    parser.add_argument("--uploads", type=int, default=200, help="upload clients at once (1-400)")
    parser.add_argument("--side", type=int, default=400, help="upload pictures' side (64-2000)")
    parser.add_argument("--runs", type=int, default=3, help="makes on a budget compared (2-8)")
    parser.add_argument(
        "--connections", type=int, default=1000, help="never-finished requests (1-2000)"
    )
    args = parser.parse_args(argv)
    unknown = set(args.only.split(",")) - set(PROBES)
    if unknown or not (1 <= args.slow <= 512 and 1 <= args.slow_seconds <= 120):
        parser.error(f"--only takes {', '.join(PROBES)}; --slow 1-512, --slow-seconds 1-120")
    if not (1 <= args.uploads <= 400 and 2 <= args.runs <= 8 and 0.1 <= args.interval <= 30):
        parser.error("--uploads 1-400, --runs 2-8, --interval 0.1-30")
    if not 64 <= args.side <= 2000:
        parser.error("--side 64-2000")
    if not 1 <= args.connections <= 2000:
        parser.error("--connections 1-2000")
    return args


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Run the probes asked for, print a line per figure; 1 if a target was missed."""
    args = parse_args(argv)
    missed = 0
    with tempfile.TemporaryDirectory() as logs:
        for name in args.only.split(","):
            log = Path(logs) / f"{name}.log"
            started = time.perf_counter()
            figures = RUNS[name](args, log)
            for figure in figures:
                out(figure.line())
            out(f"  ({name}: {time.perf_counter() - started:.0f} s)")
            missed += sum(not f.met for f in figures)
    out(f"{missed} target(s) missed")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
