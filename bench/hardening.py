"""Issue 50's probes for ``python -m bench.abuse``: one function a finding, each a list of
figures against their targets.

- ``budget``: ``make --seconds 0.6 --width 100`` three times: the same bytes, or the
  ``time_budget`` note every time.
- ``lanes``: two fixes of a random 200x200 grid at once while 20 checks of a 15x15 puzzle are
  sent one after another: each check within 1 s; a third fix from the same client is refused
  (503) while two run.
- ``memory``: ``check`` of a random 400x400 puzzle with the default budget: exit 3 or a
  verdict, and its peak memory within the documented 2 GB.
- ``outputs``: outputs over inputs and over each other (``book``, ``make``): exit 2, and no
  input changed.
- ``numbers``: a 5,000-digit number in ``--subject`` (make, report) and in a ``subjects.csv``,
  a 200,000-character ``titles.csv`` field: usage or data errors, never a crash report (70).
- ``headers``: 1,000 connections that send a byte a second and never finish their headers:
  all closed within 15 s, ``/api/health`` answered within 1 s meanwhile.
- ``codes``: malformed fields (``candidate``, ``tiles``, ``method=pointed`` without a subject)
  answer 422; ``report --subject`` outside the picture exits 2.
"""

from __future__ import annotations

import contextlib
import json
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.load import HOST, Answer, Call, free_port, multipart, send, start_server

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
CRASH = 70


@dataclass(frozen=True)
class Figure:
    """One measured figure, its target and whether it met it."""

    name: str
    value: str
    target: str
    met: bool

    def line(self) -> str:
        """The figure as one printed line."""
        mark = "met" if self.met else "MISSED"
        return f"{self.name:<58} {self.value:>22}   target {self.target:<14} {mark}"


def cli(
    *argv: str, stdin: int | None = None, seconds: float = 120, cwd: str | None = None
) -> tuple[int, float, str]:
    """Run ``nonogen ARGV`` (stdin from the file descriptor given, else none): its exit
    status, seconds and standard error."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "nonogen", *argv],
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        timeout=seconds,
        check=False,
        cwd=cwd,
    )
    return done.returncode, time.perf_counter() - started, done.stderr.decode(errors="replace")


def noise_rows(side: int, seed: int) -> list[str]:
    """A random grid, half filled, as text rows."""
    grid = np.random.default_rng(seed).random((side, side)) < 0.5
    return ["".join("#" if v else "." for v in row) for row in grid]


def noise_puzzle(side: int, seed: int) -> dict[str, list[list[int]]]:
    """The clues of a random grid, as nonogen JSON."""
    rows = noise_rows(side, seed)

    def runs(line: str) -> list[int]:
        return [len(run) for run in line.split(".") if run]

    cols = ["".join(row[c] for row in rows) for c in range(side)]
    return {"rows": [runs(r) for r in rows], "cols": [runs(c) for c in cols]}


@contextmanager
def server(log: Path) -> Iterator[tuple[int, int]]:
    """The service with production limits (worker processes) in a child process: its port
    and process id."""
    port = free_port()
    child = start_server(port, "process", log)
    try:
        yield port, child.pid
    finally:
        child.terminate()
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()


def probe_budget(runs: int) -> list[Figure]:
    """The same seed on a 0.6 s budget: the same bytes, or the note every time."""
    with tempfile.TemporaryDirectory() as work:
        outs = []
        for run in range(runs):
            out = Path(work) / f"budget{run}.json"
            picture = str(SAMPLES / "chelsea.jpg")
            cli(
                "make",
                picture,
                "--seed",
                "1",
                "--width",
                "100",
                "--seconds",
                "0.6",
                "--force",
                "-o",
                str(out),
            )
            outs.append(out.read_bytes() if out.exists() else b"")
    same = len(set(outs)) == 1
    noted = all(b'"time_budget"' in data for data in outs)
    return [
        Figure(
            f"budget: make --seconds 0.6 -w 100 x{runs}",
            f"same {same}, noted {noted}",
            "one of them",
            same or noted,
        )
    ]


def probe_lanes(log: Path) -> list[Figure]:
    """Two expensive fixes at once; quick checks meanwhile."""
    fix = json.dumps({"grid": noise_rows(200, 1)}).encode()
    small = json.dumps(noise_puzzle(15, 2) | {}).encode()
    heart = (SAMPLES / "heart.txt").read_bytes()
    kind = "application/json"
    with server(log) as (port, _):
        fixes: list[Answer] = []
        threads = [
            threading.Thread(
                target=lambda: fixes.append(send(port, Call("POST", "/api/fix", fix, kind)))
            )
            for _ in range(2)
        ]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # both fixes hold their slots
        third = send(port, Call("POST", "/api/fix", fix, kind))
        checks = []
        for turn in range(20):
            body = small if turn % 2 else heart
            checks.append(send(port, Call("POST", "/api/check", body, "text/plain")))
        busy = any(thread.is_alive() for thread in threads)
        for thread in threads:
            thread.join(timeout=120)
    slowest = max(a.seconds if a.status == 200 else float("inf") for a in checks)
    statuses = sorted({a.status for a in fixes})
    return [
        Figure(
            "lanes: 20 checks of 15x15 during two 200x200 fixes",
            f"slowest {slowest:.2f} s",
            "<= 1 s each",
            slowest <= 1.0,
        ),
        Figure("lanes: the fixes still running after the checks", str(busy), "True", busy),
        Figure("lanes: the two fixes' answers", str(statuses), "no 5xx", max(statuses) < 500),
        Figure(
            "lanes: a third fix from the same client",
            str(third.status),
            "503",
            third.status == 503,
        ),
    ]


def probe_memory() -> list[Figure]:
    """A random 400x400 check with the default budget."""
    with tempfile.TemporaryDirectory() as work:
        puzzle = Path(work) / "noise400.json"
        puzzle.write_text(json.dumps(noise_puzzle(400, 0)))
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        code, seconds, err = cli("check", str(puzzle), "--timeout", "30")
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    measured = peak / 1024 if peak > before else float("nan")
    return [
        Figure(
            "memory: check 400x400 --timeout 30",
            f"exit {code}, {seconds:.1f} s",
            "exit 3 or 0/1",
            code in (0, 1, 3) and "Traceback" not in err,
        ),
        Figure(
            "memory: its peak resident memory", f"{measured:.0f} MB", "<= 2048 MB", measured <= 2048
        ),
    ]


def probe_outputs() -> list[Figure]:
    """Outputs over inputs and over each other: exit 2, nothing overwritten."""
    ring = (SAMPLES / "ring.png").read_bytes()
    cases = [
        ("book", "victim.png", "--review", "victim.png", "-o", "v.pdf"),
        ("book", "victim.png", "-o", "victim.png"),
        ("book", "victim.png", "--review", "same.pdf", "-o", "same.pdf"),
        ("book", "victim.png", "--review", "rj.json", "-o", "rj.pdf"),
        ("book", "victim.png", "--cover", "rc.pdf", "-o", "rc.pdf"),
        ("make", "victim.png", "-o", "victim.png"),
        ("make", "victim.png", "-o", "victim.json", "--png"),
    ]
    codes, changed = [], 0
    with tempfile.TemporaryDirectory() as work:
        for case in cases:
            (Path(work) / "victim.png").write_bytes(ring)
            code, _, _ = cli(*case, cwd=work)
            codes.append(code)
            changed += (Path(work) / "victim.png").read_bytes() != ring
    return [
        Figure(
            f"outputs: {len(cases)} outputs over inputs",
            f"exits {sorted(set(codes))}",
            "all 2",
            set(codes) == {2},
        ),
        Figure("outputs: inputs overwritten", str(changed), "0", changed == 0),
    ]


def probe_numbers() -> list[Figure]:
    """Long numbers and long CSV fields: usage or data errors, never a crash report."""
    nines = "9" * 5000
    ring = str(SAMPLES / "ring.png")
    codes = []
    with tempfile.TemporaryDirectory() as work:
        codes.append(
            cli("make", ring, "--subject", f"0,0,{nines},10", "-o", str(Path(work) / "n.json"))[0]
        )
        codes.append(cli("report", ring, "--widths", "20", "--subject", f"0,0,{nines},10")[0])
        folder = Path(work) / "book"
        folder.mkdir()
        shutil.copy(ring, folder / "ring.png")
        (folder / "subjects.csv").write_text(f"ring.png,0,0,{nines},10\n")
        codes.append(cli("book", str(folder), "-o", str(Path(work) / "b.pdf"))[0])
        (folder / "subjects.csv").unlink()
        (folder / "titles.csv").write_text("ring.png," + "x" * 200_000 + "\n")
        codes.append(cli("book", str(folder), "-o", str(Path(work) / "c.pdf"))[0])
    crashes = sum(code == CRASH for code in codes)
    return [
        Figure(
            "numbers: 5,000 digits and 200,000-char fields",
            f"exits {codes}",
            "2 or 3",
            all(code in (2, 3) for code in codes),
        ),
        Figure("numbers: crash reports (exit 70)", str(crashes), "0", crashes == 0),
    ]


def probe_headers(log: Path, count: int) -> list[Figure]:
    """Connections that never finish their headers."""
    with server(log) as (port, _):
        socks = []
        for _ in range(count):
            sock = socket.create_connection((HOST, port), timeout=5)
            sock.setblocking(False)
            socks.append(sock)
        closed_at: dict[int, float] = {}
        started, slowest = time.monotonic(), 0.0
        while time.monotonic() - started < 20 and len(closed_at) < count:
            for i, sock in enumerate(socks):
                if i in closed_at:
                    continue
                try:
                    if sock.recv(64) == b"":
                        closed_at[i] = time.monotonic() - started
                        continue
                except BlockingIOError:
                    pass
                except OSError:
                    closed_at[i] = time.monotonic() - started
                    continue
                with contextlib.suppress(OSError):
                    sock.send(b"G")
            answer = send(port, Call("GET", "/api/health"))
            slowest = max(slowest, answer.seconds if answer.status == 200 else float("inf"))
            time.sleep(1.0)
        for sock in socks:
            sock.close()
    last = max(closed_at.values(), default=float("inf"))
    return [
        Figure(
            f"headers: {count} never-finished requests closed",
            f"{len(closed_at)} by {last:.1f} s",
            "all, 15 s",
            len(closed_at) == count and last <= 15,
        ),
        Figure(
            "headers: slowest /api/health meanwhile", f"{slowest:.3f} s", "<= 1 s", slowest <= 1
        ),
    ]


def probe_codes(log: Path) -> list[Figure]:
    """Malformed fields answer 422; report's usage error exits 2."""
    ring = (SAMPLES / "ring.png").read_bytes()
    fields = [
        ("/api/puzzles", {"candidate": "zzz"}),
        ("/api/puzzles", {"method": "pointed"}),
        ("/api/mosaics", {"tiles": "2by2"}),
        ("/api/mosaics", {"tiles": "9x9"}),
        ("/api/conversions", {"candidate": "otsu"}),
    ]
    with server(log) as (port, _):
        statuses = []
        for path, data in fields:
            body, kind = multipart(data, "picture", "ring.png", ring)
            statuses.append(send(port, Call("POST", path, body, kind)).status)
    code, _, _ = cli(
        "report", str(SAMPLES / "ring.png"), "--widths", "20", "--subject", "0,0,5000,5000"
    )
    return [
        Figure("codes: malformed fields", str(statuses), "all 422", set(statuses) == {422}),
        Figure("codes: report --subject outside", f"exit {code}", "exit 2", code == 2),
    ]


PROBES: dict[str, Callable[[Path, int], list[Figure]]] = {
    "budget": lambda log, n: probe_budget(3),
    "lanes": lambda log, n: probe_lanes(log),
    "memory": lambda log, n: probe_memory(),
    "outputs": lambda log, n: probe_outputs(),
    "numbers": lambda log, n: probe_numbers(),
    "headers": probe_headers,
    "codes": lambda log, n: probe_codes(log),
}
"""Each probe by name: called with its server log and ``--connections``."""
