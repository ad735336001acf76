"""Issue 35, rows 1-3: slow bodies, fat JSON and lanes, on a real server on loopback (uvicorn
in a thread, with small limits so that each case takes a second or two)."""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import httpx2
import pytest

from nonogen.budgets import json_value_limit, json_values
from nonogen.errors import LimitError
from nonogen.formats.shared import check_json_values
from nonogen.service.app import create_app
from nonogen.service.bodies import TRIM_BYTES, Gauges, lane_of
from nonogen.service.limits import Limits
from tests.servers import serving
from tests.waiting import wait_until

FAST = Limits(pool="thread", body_grace=0.5, body_rate=1000, body_seconds=3.0)
"""A body may take half a second, then must come at 1000 bytes a second, 3 s at most."""
PREFIX = b'--x\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n\r\n'
SMALL = {"rows": [[1], [1]], "cols": [[1], [1]], "solution": ["#.", ".#"]}


@contextmanager
def server_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """The started server's log lines (uvicorn's config replaced the handlers and the level of
    its error log, which does not reach the root logger)."""
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(caplog.handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    try:
        yield caplog
    finally:
        logger.removeHandler(caplog.handler)
        logger.setLevel(level)


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def _body_bytes(url: str) -> int:
    """The bytes of bodies the server holds now (its health answer)."""
    return int(httpx2.get(f"{url}/api/health").json()["body_bytes"])


def _left(log: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The log lines of clients that left mid-body."""
    return [r for r in log.records if "client left" in r.getMessage()]


@contextmanager
def upload_started(
    url: str, length: int = 100_000, sent: bytes = PREFIX
) -> Iterator[socket.socket]:
    """A connection that has sent an upload's headers and the start of its body, no more."""
    sock = socket.create_connection(("127.0.0.1", _port(url)), timeout=10)
    head = (
        "POST /api/puzzles HTTP/1.1\r\nHost: test\r\n"
        f"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: {length}\r\n\r\n"
    )
    sock.sendall(head.encode() + sent)
    try:
        yield sock
    finally:
        sock.close()


def answer_of(sock: socket.socket) -> tuple[bytes, bool]:
    """Everything the server sends until it closes the connection (or 10 s pass), and whether
    it closed it."""
    chunks = []
    try:
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    except TimeoutError:
        return b"".join(chunks), False
    return b"".join(chunks), True


@pytest.mark.slow
def test_a_stalled_body_gets_408_its_connection_closed_one_log_line_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with serving(create_app(FAST)) as url, server_log(caplog) as log, upload_started(url) as sock:
        started = time.monotonic()
        assert httpx2.get(f"{url}/api/health").status_code == 200  # answered meanwhile
        raw, closed = answer_of(sock)
        elapsed = time.monotonic() - started
    assert raw.startswith(b"HTTP/1.1 408"), raw[:80]
    assert closed
    assert 0.4 <= elapsed < 2.5
    body = json.loads(raw.split(b"\r\n\r\n", 1)[1])
    assert body["error"] == "SlowBodyError"
    assert "too slowly" in body["message"]
    slow = [r for r in log.records if "slow request body" in r.getMessage()]
    assert len(slow) == 1
    assert not [r for r in log.records if r.exc_info]


@pytest.mark.slow
def test_a_body_trickled_byte_by_byte_is_cut_at_its_rate() -> None:
    with serving(create_app(FAST)) as url, upload_started(url) as sock:
        started = time.monotonic()
        sock.settimeout(0.2)
        raw = b""
        while not raw and time.monotonic() - started < 6:
            try:
                sock.sendall(b"A")  # 5 bytes a second: under the 1000 a second asked
                raw = sock.recv(65536)
            except TimeoutError:
                continue
        assert raw.startswith(b"HTTP/1.1 408")
        assert time.monotonic() - started < 1.5


@pytest.mark.slow
def test_a_client_that_leaves_mid_body_is_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with serving(create_app(FAST)) as url, server_log(caplog) as log:
        for path in ("/api/puzzles", "/api/check"):
            sock = socket.create_connection(("127.0.0.1", _port(url)))
            sock.sendall(
                f"POST {path} HTTP/1.1\r\nHost: t\r\nContent-Type: multipart/form-data; "
                "boundary=x\r\nContent-Length: 5000\r\n\r\n".encode()
                + PREFIX
            )
            wait_until(lambda: _body_bytes(url) == len(PREFIX), "the body's start read")
            sock.close()
            wait_until(lambda: _body_bytes(url) == 0, "the body let go")
        wait_until(lambda: len(_left(log)) == 2, "two log lines of clients that left")
        assert httpx2.get(f"{url}/api/health").status_code == 200
    assert len(_left(log)) == 2
    assert not [r for r in log.records if r.exc_info]


@pytest.mark.slow
def test_slow_uploads_hold_no_place_in_either_lane() -> None:
    limits = replace(FAST, body_grace=30.0, requests=2)
    with serving(create_app(limits)) as url:
        slow = [upload_started(url) for _ in range(3)]
        with slow[0], slow[1], slow[2]:
            wait_until(lambda: _body_bytes(url) == 3 * len(PREFIX), "three bodies' starts read")
            health = httpx2.get(f"{url}/api/health").json()
            assert health["lanes"]["pictures"]["in_flight"] == 0
            assert health["body_bytes"] == 3 * len(PREFIX)
            assert httpx2.post(f"{url}/api/check", json=SMALL).status_code == 200


def test_bodies_over_the_memory_budget_are_503() -> None:
    limits = replace(FAST, body_grace=30.0, bodies_bytes=len(PREFIX) + 10)
    with serving(create_app(limits)) as url, upload_started(url):
        wait_until(lambda: _body_bytes(url) == len(PREFIX), "the body's start read")
        response = httpx2.post(f"{url}/api/check", json=SMALL)
        assert response.status_code == 503
        assert "MB of bodies" in response.json()["message"]
        assert response.headers["retry-after"] == "2"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/api/hint", b'{"rows":[' + b"[]," * 20_000 + b'[]],"cols":[[1]],"grid":["#"]}', "values"),
        ("/api/fix", b'{"grid":["' + b"#" * 100_000 + b'"]}', "bytes"),
        ("/api/pdf", b"[" * 40_000 + b"]" * 40_000, "values"),
        ("/api/check", b'{"rows":[' + b"[]," * 20_000 + b'[]],"cols":[[1]]}', "values"),
    ],
    ids=["clues", "long-string", "deep", "check"],
)
def test_fat_json_is_refused_before_it_is_parsed(path: str, body: bytes, words: str) -> None:
    limits = Limits(pool="thread", max_side=10)  # 4,896 values, 85,536 bytes
    with serving(create_app(limits)) as url:
        kind = {"content-type": "application/json"}
        response = httpx2.post(f"{url}{path}", content=body, headers=kind, timeout=10)
        assert response.status_code == 413, response.text
        assert words in response.json()["message"]
        assert "10x10 cells" in response.json()["message"]
        as_text = httpx2.post(
            f"{url}/api/check", content=body, headers={"content-type": "text/plain"}
        )
        assert as_text.status_code in (400, 413)  # the job's own bound, in its worker


def test_an_answer_before_the_body_is_read_closes_the_connection() -> None:
    with serving(create_app(FAST)) as url:
        sock = socket.create_connection(("127.0.0.1", _port(url)), timeout=5)
        sock.sendall(b"POST /api/nothing HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n{")
        raw, closed = answer_of(sock)
        sock.close()
    assert raw.startswith(b"HTTP/1.1 404")
    assert b"connection: close" in raw.lower()
    assert closed


def test_lanes_and_json_counting() -> None:
    assert lane_of("POST", "/api/puzzles") == "pictures"
    assert lane_of("POST", "/api/mosaics") == "pictures"
    assert lane_of("GET", "/api/puzzles/abc.pdf") == "puzzles"
    assert lane_of("POST", "/api/hint") == "puzzles"
    assert lane_of("GET", "/api/health") is None
    assert lane_of("GET", "/static/app.js") is None
    assert json_values(b'{"a": [1, 2], "b": {}}') == json_values('{"a": [1, 2], "b": {}}') == 6
    assert json_value_limit(200) == 8 * 200 * 200 + 4096
    check_json_values("[1]" * 10, "x.json", side=2)
    with pytest.raises(LimitError, match=r"x.json: the JSON holds about 8,201 values"):
        check_json_values("[]," * 4100, "x.json", side=1)


def test_the_heap_is_trimmed_once_no_body_is_held() -> None:
    gauges = Gauges(body_bytes=10, freed=TRIM_BYTES)
    gauges.settle()
    assert gauges.freed == TRIM_BYTES  # a body still held: not yet
    gauges.body_bytes = 0
    gauges.settle()
    assert gauges.freed == 0


def test_the_server_heap_gives_big_blocks_back() -> None:
    import ctypes.util  # noqa: PLC0415
    import platform  # noqa: PLC0415

    from nonogen.service.bodies import tune_heap  # noqa: PLC0415

    glibc = platform.libc_ver()[0] == "glibc" and ctypes.util.find_library("c") is not None
    assert tune_heap() is glibc  # taken where the C library is glibc, refused elsewhere
