"""A soak test of the service: ``python -m bench.soak [--soak 300] [--clients 200]``.

It starts the server as the load test does (loopback, a free port), makes one puzzle (not
counted) so that every kind of request has one to work on, then runs ``--clients`` clients
for ``--soak`` seconds. Each client loops on its own keep-alive connection, picking every
request at random by weight from a mixed workload (``bench.workload``): uploads,
checks, PDFs (posted and by link), hints, and bad requests that must be refused with a 4xx.

A 503 makes the client sleep its Retry-After (at most 10 s), so this is a soak, not a hammer.
A thread samples the resident memory of the server's process tree (the server and its worker
processes, VmRSS from /proc) every second. The report gives, per kind, overall and for the
answers but 503 (``served``), the count, latency percentiles, statuses and 503 share; then
the memory peak, the figure after the warm-up (30 s, or half a shorter run) and at the end,
the verdict (flat: the end within 10 % + 20 MB of the warm figure) and the figures over
time. Every request has a timeout, no client starts one after the deadline, and the server
is stopped at the end. The exit status is 1 if an answer was a 5xx other than 503, a
connection failed or a bad request was not refused.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np

from bench.load import (
    HOST,
    Answer,
    Call,
    Phase,
    free_port,
    memory_report,
    parse_args,
    png_bytes,
    send,
    start_server,
    status_kb,
    synthetic_photo,
)
from bench.workload import KINDS, WIDTHS, Workload, upload_call

REQUEST_TIMEOUT: Final = 30.0
"""Seconds a socket may wait on one request (the solver's limit is 10 s, a slot wait 2 s)."""
MAX_RETRY_AFTER: Final = 10.0
"""The longest a client sleeps on a 503's Retry-After."""
FAILURE_PAUSE: Final = 1.0
"""Seconds a client waits after a failed connection before it tries again."""
WARM_SECONDS: Final = 30.0
"""When the memory is taken as warmed up (half the run if that is shorter)."""
RAMP_SECONDS: Final = 5.0
"""Clients start spread over this long (a tenth of the run if that is shorter)."""
FLAT_SHARE: Final = 0.10
FLAT_KB: Final = 20 * 1024
"""The memory is flat if the end is within 10 % + 20 MB of the warm figure."""
PICTURES: Final = 8
"""Distinct synthetic photos the uploads cycle through."""

Sample = tuple[float, int]
"""A memory sample: seconds since the start, resident kB of the server's process tree."""
Answers = dict[str, list[Answer]]
"""The answers (their bodies dropped) by kind of request."""


def retry_after(response: http.client.HTTPResponse) -> float:
    """The seconds a 503 asks to wait, bounded (1 s if it does not say)."""
    try:
        seconds = float(response.getheader("Retry-After") or 1)
    except ValueError:
        seconds = 1.0
    return min(max(seconds, 0.1), MAX_RETRY_AFTER)


def exchange(connection: http.client.HTTPConnection, call: Call) -> tuple[Answer, float]:
    """Send one request on a keep-alive connection: the answer, and the seconds to wait
    before the next (a 503's Retry-After, a pause after a failure, else 0)."""
    started = time.perf_counter()
    try:
        headers = {"Content-Type": call.content_type}
        connection.request(call.method, call.path, body=call.body, headers=headers)
        response = connection.getresponse()
        body = response.read()
        wait = retry_after(response) if response.status == 503 else 0.0
        return Answer(response.status, body, time.perf_counter() - started), wait
    except (OSError, http.client.HTTPException) as error:
        connection.close()
        return Answer(0, repr(error).encode(), time.perf_counter() - started), FAILURE_PAUSE


def pause(seconds: float, deadline: float) -> None:
    """Sleep that long, but not past the deadline."""
    time.sleep(max(0.0, min(seconds, deadline - time.monotonic())))


@dataclass(frozen=True)
class Plan:
    """What every client shares: the server's port, the workload, the ramp and the deadline."""

    port: int
    work: Workload
    ramp: float
    """Seconds over which the clients start."""
    deadline: float
    """The ``time.monotonic()`` after which no client starts a request."""
    seed: int


def client(plan: Plan, index: int, answers: Answers) -> None:
    """Client ``index``: starts at a random moment of the ramp, then sends requests on one
    connection until the deadline, each answer (its body dropped) kept by kind. Its first
    request is of kind ``index`` (so a short run sees every kind), the others at random."""
    rng = np.random.default_rng([plan.seed, index])
    names, weights = list(KINDS), np.array([share for share, _ in KINDS.values()])
    pause(float(rng.uniform(0, plan.ramp)), plan.deadline)
    connection = http.client.HTTPConnection(HOST, plan.port, timeout=REQUEST_TIMEOUT)
    try:
        kind = names[index % len(names)]
        while time.monotonic() < plan.deadline:
            answer, wait = exchange(connection, KINDS[kind][1](plan.work, rng))
            if kind == "upload" and answer.status == 200:
                plan.work.puzzles.add(json.loads(answer.body))
            answers.setdefault(kind, []).append(Answer(answer.status, b"", answer.seconds))
            if wait:
                pause(wait, plan.deadline)
                connection.close()  # a client back after a pause opens a new connection
            kind = names[int(rng.choice(len(names), p=weights / weights.sum()))]
    finally:
        connection.close()


def process_tree(root: int) -> list[int]:
    """The process ``root`` and all its descendants (from /proc)."""
    below: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            below.setdefault(parent, []).append(int(entry.name))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(below.get(pid, []))
    return tree


def tree_rss_kb(root: int) -> int:
    """The resident memory of a process and its descendants, in kB."""
    return sum(status_kb(pid, "VmRSS") for pid in process_tree(root))


def sample_memory(root: int, started: float, stop: threading.Event, into: list[Sample]) -> None:
    """Append the process tree's resident memory to ``into`` every second until stopped."""
    while True:
        into.append((time.monotonic() - started, tree_rss_kb(root)))
        if stop.wait(1.0):
            return


@dataclass(frozen=True)
class Memory:
    """The resident memory of the server's process tree over the run."""

    samples: list[Sample]
    """In time order, the last taken after the last answer."""
    warm_at: float
    """Seconds after which the server counts as warmed up."""

    def at(self, seconds: float) -> int:
        """The kB of the first sample at or after ``seconds`` (else the last)."""
        return next((kb for t, kb in self.samples if t >= seconds), self.samples[-1][1])

    @property
    def peak(self) -> int:
        """The highest sample, in kB."""
        return max(kb for _, kb in self.samples)

    @property
    def warm(self) -> int:
        """The sample once warmed up, in kB."""
        return self.at(self.warm_at)

    @property
    def end(self) -> int:
        """The last sample, in kB."""
        return self.samples[-1][1]

    @property
    def flat(self) -> bool:
        """Whether the end is within 10 % + 20 MB of the warm figure."""
        return self.end <= self.warm * (1 + FLAT_SHARE) + FLAT_KB

    def lines(self) -> list[str]:
        """The figures in MB, the verdict, and about ten figures over time."""
        step = max(1, int(self.samples[-1][0] // 10))
        times = range(0, int(self.samples[-1][0]) + 1, step)
        over_time = " ".join(f"{self.at(t) / 1024:.0f}" for t in times)
        verdict = "memory flat" if self.flat else "memory GREW"
        return [
            f"rss: peak {self.peak / 1024:.0f} MB; warm (at {self.warm_at:g} s) "
            f"{self.warm / 1024:.0f} MB; end {self.end / 1024:.0f} MB: {verdict} "
            f"(flat: end within {FLAT_SHARE:.0%} + {FLAT_KB // 1024} MB of warm)",
            f"rss MB every {step} s: {over_time}; end {self.end / 1024:.0f}",
        ]


@dataclass(frozen=True)
class Report:
    """What a soak found: the answers by kind and the memory over time."""

    clients: int
    seconds: float
    """How long the clients ran, up to the last answer."""
    answers: Answers
    memory: Memory

    def phases(self) -> list[Phase]:
        """The answers of each kind (in the order of ``KINDS``), all of them, and all but the
        503s (``served``: the latency of the requests the server took on)."""
        kinds = [Phase(kind, self.answers.get(kind, []), self.seconds) for kind in KINDS]
        every = [answer for phase in kinds for answer in phase.answers]
        served = [answer for answer in every if answer.status != 503]
        return [*kinds, Phase("all", every, self.seconds), Phase("served", served, self.seconds)]

    def count(self, test: Callable[[Answer], bool], kind: str | None = None) -> int:
        """How many answers (of one kind, or of all) pass the test."""
        kinds = [kind] if kind else list(self.answers)
        return sum(test(answer) for k in kinds for answer in self.answers.get(k, []))

    def unexpected(self) -> int:
        """Answers that were a 5xx other than 503."""
        return self.count(lambda a: a.status >= 500 and a.status != 503)

    def failed(self) -> int:
        """Requests whose connection failed or timed out."""
        return self.count(lambda a: a.status == 0)

    def unrefused(self) -> int:
        """Bad requests answered with neither a 4xx nor a 503."""
        return self.count(lambda a: not (400 <= a.status < 500 or a.status == 503), "bad")

    def exit_code(self) -> int:
        """0 if every answer was as it should be, else 1."""
        return 1 if self.unexpected() or self.failed() or self.unrefused() else 0

    def lines(self) -> list[str]:
        """The report: a line per kind and overall, the failures, and the memory."""
        rows = [f"{p.summary()}  503s {share_503(p):.1%}" for p in self.phases() if p.answers]
        return [
            *rows,
            f"503 share {share_503(self.phases()[-2]):.1%}; unexpected 5xx: {self.unexpected()}; "
            f"failed connections: {self.failed()}; bad requests not refused: {self.unrefused()}",
            *self.memory.lines(),
        ]


def share_503(phase: Phase) -> float:
    """The share of a phase's answers that were 503."""
    return sum(a.status == 503 for a in phase.answers) / max(1, len(phase.answers))


def prime(port: int, work: Workload, rng: np.random.Generator) -> None:
    """Make a first puzzle, so that every kind of request has one to work on."""
    for _ in range(3):
        answer = send(port, upload_call(work, rng))
        if answer.status == 200:
            work.puzzles.add(json.loads(answer.body))
            return
    raise SystemExit(f"could not make a first puzzle: {answer.status} {answer.body[:200]!r}")


def soak(port: int, pid: int, work: Workload, *, seconds: float, clients: int, seed: int) -> Report:
    """Run ``clients`` clients for ``seconds`` against the server ``pid`` on ``port``."""
    prime(port, work, np.random.default_rng([seed, clients]))
    started = time.monotonic()
    plan = Plan(port, work, min(RAMP_SECONDS, seconds / 10), started + seconds, seed)
    samples: list[Sample] = []
    stop = threading.Event()
    sampler = threading.Thread(target=sample_memory, args=(pid, started, stop, samples))
    sampler.start()
    try:
        answers = run_clients(plan, clients)
    finally:
        stop.set()
        sampler.join()
    elapsed = time.monotonic() - started
    samples.append((elapsed, tree_rss_kb(pid)))
    memory = Memory(samples, min(WARM_SECONDS, seconds / 2))
    return Report(clients, elapsed, answers, memory)


def run_clients(plan: Plan, clients: int) -> Answers:
    """Run the clients in threads until the deadline (and their last answers); their answers."""
    answers: list[Answers] = [{} for _ in range(clients)]
    threads = [
        threading.Thread(target=client, args=(plan, i, answers[i]), daemon=True)
        for i in range(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.0, plan.deadline + REQUEST_TIMEOUT + 5 - time.monotonic()))
    every: Answers = {}
    for some in answers:
        for kind, found in list(some.items()):
            every.setdefault(kind, []).extend(found)
    return every


def run_soak(args: argparse.Namespace, out: Callable[[str], None] = print) -> Report:
    """Start a server, soak it as ``args`` say, print the report, stop the server."""
    rng = np.random.default_rng(args.seed)
    work = Workload([png_bytes(synthetic_photo(args.side, rng)) for _ in range(PICTURES)])
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"nonogen-soak-{port}.log"
    server = start_server(port, args.pool, log)
    try:
        out(
            f"soak: {args.clients} clients for {args.soak:g} s; server pid {server.pid} on "
            f"{HOST}:{port}, pool {args.pool}, {os.cpu_count()} cores; photos "
            f"{args.side}x{args.side} px -> {WIDTHS[0]}-{WIDTHS[1]} cells wide"
        )
        report = soak(
            port, server.pid, work, seconds=args.soak, clients=args.clients, seed=args.seed
        )
        for line in [*report.lines(), memory_report(server.pid)]:
            out(line)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return report


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Soak a server (300 s and 200 clients unless told otherwise) and print the report; 1
    if the server answered a 5xx but 503 or its memory kept growing."""
    args = parse_args(
        ["--soak", "300", "--clients", "200", *(sys.argv[1:] if argv is None else argv)]
    )
    return run_soak(args, out).exit_code()


if __name__ == "__main__":
    sys.exit(main())
