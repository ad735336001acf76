"""A load test of the service: ``python -m bench.load [--uploads 50] [--checks 200]``.

It starts ``nonogen.service.serve`` on 127.0.0.1 (a free port) in a child process, then
sends a bounded number of requests and prints, per phase, the latency percentiles (p50, p90,
p99, max) and the answers by HTTP status, and at the end the server's peak memory (VmHWM of
the server and of its worker processes, from /proc). The phases:

1. idle: uploads one at a time, each a synthetic 1-megapixel photo made into a 30x30 puzzle;
2. burst: ``--uploads`` such uploads, ``--concurrency`` at a time (503s here are deliberate:
   more jobs than slots waited too long);
3. checks: ``--checks`` puzzle checks, ``--concurrency`` at a time, of the puzzles made (or
   of the ``--puzzles`` files given: harder puzzles load the solver rather than the picture
   stage).

Every request goes to loopback only, each loop is bounded in count and time, and the server
is stopped at the end. The exit status is 1 if any answer was a 5xx other than 503.

A soak is ``python -m bench.soak`` (the same options): ``--clients`` clients loop over a
mixed workload for ``--soak`` seconds while the server's memory is sampled.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import struct
import subprocess
import sys
import time
import uuid
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

HOST = "127.0.0.1"
TIMEOUT = 60.0
"""Seconds one request may take before the client gives up on it."""
START_SECONDS = 60.0
"""Seconds the server may take to answer its first health check."""

Pixels = npt.NDArray[np.uint8]
"""A picture: grey ``(rows, cols)`` or RGB ``(rows, cols, 3)`` 8-bit values."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(pixels: Pixels) -> bytes:
    """The PNG file of a grey or RGB picture (no Pillow needed)."""
    height, width = pixels.shape[:2]
    colour = 2 if pixels.ndim == 3 else 0
    rows = np.ascontiguousarray(pixels, dtype=np.uint8).reshape(height, -1)
    scanlines = np.concatenate([np.zeros((height, 1), dtype=np.uint8), rows], axis=1)
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(scanlines.tobytes(), 6)),
            _chunk(b"IEND", b""),
        )
    )


def synthetic_photo(side: int, rng: np.random.Generator) -> Pixels:
    """An RGB photo-like picture: a lit background, a few shaded blobs and sensor noise."""
    ys, xs = np.mgrid[0:side, 0:side] / side
    grey = 0.75 + 0.2 * xs - 0.1 * ys
    for _ in range(int(rng.integers(3, 7))):
        cy, cx, ry, rx = rng.uniform(0.2, 0.8, 2).tolist() + rng.uniform(0.08, 0.3, 2).tolist()
        inside = ((ys - cy) / ry) ** 2 + ((xs - cx) / rx) ** 2 < 1
        grey = np.where(inside, rng.uniform(0.05, 0.45) + 0.15 * ys, grey)
    tint = rng.uniform(0.85, 1.0, 3)
    noisy = grey[..., None] * tint + rng.normal(0, 0.04, (side, side, 3))
    return np.asarray(np.clip(noisy * 255, 0, 255), dtype=np.uint8)


def multipart(fields: dict[str, str], name: str, filename: str, data: bytes) -> tuple[bytes, str]:
    """A multipart/form-data body with text fields and one file, and its content type."""
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
        f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
        + data
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


@dataclass(frozen=True)
class Call:
    """One request: method, path, body and content type."""

    method: str
    path: str
    body: bytes = b""
    content_type: str = "application/octet-stream"


@dataclass
class Answer:
    """What came back: the status (0 for a failed connection), the body and the seconds."""

    status: int
    body: bytes
    seconds: float


def send(port: int, call: Call) -> Answer:
    """Send one request to the server on loopback and wait for the whole answer."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    try:
        connection.request(
            call.method, call.path, body=call.body, headers={"Content-Type": call.content_type}
        )
        response = connection.getresponse()
        return Answer(response.status, response.read(), time.perf_counter() - started)
    except OSError as error:
        return Answer(0, str(error).encode(), time.perf_counter() - started)
    finally:
        connection.close()


@dataclass
class Phase:
    """The answers of one phase of the load test."""

    name: str
    answers: list[Answer] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        """One line: count, percentiles, statuses and throughput."""
        times = np.array([a.seconds for a in self.answers]) * 1000
        p50, p90, p99 = np.percentile(times, [50, 90, 99]).tolist() if len(times) else [0.0] * 3
        statuses = Counter(a.status for a in self.answers)
        by_status = ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()))
        rate = len(self.answers) / self.seconds if self.seconds else 0.0
        return (
            f"{self.name:<8} n={len(self.answers):<4} p50={p50:7.1f} ms  p90={p90:7.1f} ms  "
            f"p99={p99:7.1f} ms  max={times.max(initial=0):7.1f} ms  "
            f"{rate:5.1f}/s  status {{{by_status}}}"
        )


def run_phase(name: str, port: int, calls: Sequence[Call], concurrency: int) -> Phase:
    """Send the calls, ``concurrency`` at a time, and collect the answers in order."""
    phase = Phase(name)
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        phase.answers = list(pool.map(lambda call: send(port, call), calls))
    phase.seconds = time.perf_counter() - started
    return phase


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(port: int, pool: str, log: Path) -> subprocess.Popen[bytes]:
    """``serve`` in a child process; returns once it answers its health check."""
    code = (
        "from nonogen.service import Limits, serve; "
        f"serve({HOST!r}, {port}, limits=Limits(pool={pool!r}))"
    )
    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-c", code], stdout=out, stderr=out)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}; see {log}")
        if send(port, Call("GET", "/api/health")).status == 200:
            return server
        time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"the server did not answer within {START_SECONDS:g} s; see {log}")


def status_kb(pid: int, key: str) -> int:
    """A memory figure of /proc/PID/status in kB (0 if the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{key}:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    """The process ids whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def memory_report(pid: int) -> str:
    """Peak and current resident memory of the server and its workers, in MB."""
    workers = children(pid)
    peak = status_kb(pid, "VmHWM")
    peaks = [status_kb(w, "VmHWM") for w in workers]
    now = status_kb(pid, "VmRSS") + sum(status_kb(w, "VmRSS") for w in workers)
    return (
        f"memory: server peak {peak / 1024:.0f} MB; workers' peaks "
        f"{', '.join(f'{p / 1024:.0f}' for p in peaks) or '-'} MB; "
        f"sum of peaks {(peak + sum(peaks)) / 1024:.0f} MB; resident now {now / 1024:.0f} MB"
    )


def upload_calls(count: int, side: int, width: int, rng: np.random.Generator) -> list[Call]:
    """``count`` uploads of synthetic photos (8 distinct pictures, each seed different)."""
    pictures = [png_bytes(synthetic_photo(side, rng)) for _ in range(min(count, 8))]
    calls = []
    for i in range(count):
        fields = {"width": str(width), "height": str(width), "seed": str(i)}
        body, kind = multipart(fields, "picture", f"photo{i}.png", pictures[i % len(pictures)])
        calls.append(Call("POST", "/api/puzzles", body, kind))
    return calls


def check_calls(count: int, made: Sequence[Answer], files: Sequence[Path]) -> list[Call]:
    """``count`` checks of the given puzzle files, or else of the puzzles made."""
    puzzles = [multipart({}, "file", path.name, path.read_bytes()) for path in files]
    for answer in made if not files else ():
        if answer.status == 200:
            record = json.loads(answer.body)
            keep = {key: record[key] for key in ("rows", "cols", "solution")}
            puzzles.append((json.dumps(keep).encode(), "application/json"))
    if not puzzles:
        return []
    return [Call("POST", "/api/check", *puzzles[i % len(puzzles)]) for i in range(count)]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line of the load test."""
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--uploads", type=int, default=50, help="burst uploads (default 50)")
    parser.add_argument("--checks", type=int, default=200, help="checks (default 200)")
    parser.add_argument("--idle", type=int, default=10, help="idle uploads one at a time")
    parser.add_argument("--concurrency", type=int, default=8, help="requests in flight")
    parser.add_argument("--side", type=int, default=1000, help="photo side in pixels (1 MP)")
    parser.add_argument("--width", type=int, default=30, help="puzzle side in cells")
    parser.add_argument("--pool", choices=("process", "thread"), default="process")
    parser.add_argument("--seed", type=int, default=0, help="seed of the synthetic photos")
    parser.add_argument(
        "--puzzles", type=Path, nargs="*", default=[], help="check these files (default: made)"
    )
    parser.add_argument("--soak", type=float, default=0, help="soak for this many seconds")
    parser.add_argument("--clients", type=int, default=200, help="soak clients (default 200)")
    args = parser.parse_args(argv)
    for name in ("uploads", "checks", "idle", "concurrency"):
        if not 0 <= getattr(args, name) <= 10_000:
            parser.error(f"--{name} must be between 0 and 10000")
    if not (0 <= args.soak <= 86_400 and 1 <= args.clients <= 1000):
        parser.error("--soak must be between 0 and 86400 s and --clients between 1 and 1000")
    return args


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Run the load test and print its figures; 1 if the server answered a 5xx but 503."""
    args = parse_args(argv)
    if args.soak:
        out("a soak is its own tool: python -m bench.soak --soak SECONDS --clients N")
        return 2
    rng = np.random.default_rng(args.seed)
    uploads = upload_calls(max(args.uploads, args.idle), args.side, args.width, rng)
    mb = sum(len(c.body) for c in uploads) / len(uploads) / 2**20 if uploads else 0.0
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"nonogen-load-{port}.log"
    server = start_server(port, args.pool, log)
    try:
        out(f"server pid {server.pid} on {HOST}:{port}, pool {args.pool}, {os.cpu_count()} cores")
        if uploads:
            out(f"photos {args.side}x{args.side} px ({mb:.2f} MB PNG) -> {args.width}x{args.width}")
        phases = [run_phase("idle", port, uploads[: args.idle], 1)]
        phases.append(run_phase("burst", port, uploads[: args.uploads], args.concurrency))
        made = phases[0].answers + phases[1].answers
        checks = check_calls(args.checks, made, args.puzzles)
        phases.append(run_phase("checks", port, checks, args.concurrency))
        for phase in phases:
            if phase.answers:
                out(phase.summary())
        out(memory_report(server.pid))
    finally:
        server.terminate()
        server.wait(timeout=30)
    errors = [a for p in phases for a in p.answers if a.status >= 500 and a.status != 503]
    failed = [a for p in phases for a in p.answers if a.status == 0]
    out(f"unexpected 5xx: {len(errors)}; failed connections: {len(failed)}")
    return 1 if errors or failed else 0


if __name__ == "__main__":
    sys.exit(main())
