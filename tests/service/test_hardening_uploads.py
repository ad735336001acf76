"""Issue 11, hardening, row 7: uploads over the limit, on a real server (the other rows are in
tests/unit/test_hardening.py)."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator

import httpx2
import pytest

from bench.load import HOST, free_port, start_server
from nonogen.service.limits import UPLOAD_BYTES

pytestmark = pytest.mark.slow  # a server in a child process, and 21 to 28 MB uploads


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """``nonogen.service.serve`` (uvicorn) in a child process on a free loopback port, with
    the production limits; its port."""
    port = free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    child = start_server(port, "thread", log)
    try:
        yield port
    finally:
        child.terminate()
        child.wait(timeout=30)


TOO_LARGE = b"#" * (UPLOAD_BYTES + 2**20)
"""21 MB: one megabyte over the upload limit."""
STREAMED = b"#" * (UPLOAD_BYTES + 8 * 2**20)
"""28 MB, sent in chunks: what is left after the limit must outgrow the sockets' buffers."""


def assert_413(status: int, body: bytes) -> None:
    """The answer is the 413 JSON error about the upload limit."""
    assert status == 413
    error = json.loads(body)
    assert (error["status"], error["error"]) == (413, "LimitError")
    assert "larger than the limit of 20971520 bytes" in error["message"]


def test_httpx_sending_21_mb_receives_the_413(server: int) -> None:
    url = f"http://{HOST}:{server}/api/check"
    response = httpx2.post(url, content=TOO_LARGE, timeout=30)
    assert_413(response.status_code, response.content)
    upload = {"picture": ("big.png", TOO_LARGE)}
    response = httpx2.post(f"http://{HOST}:{server}/api/puzzles", files=upload, timeout=30)
    assert_413(response.status_code, response.content)


@pytest.mark.parametrize("chunked", [False, True], ids=["declared", "streamed"])
def test_a_client_that_sends_it_all_before_reading_receives_the_413(
    server: int, chunked: bool
) -> None:
    # http.client (like urllib and many scripts) sends the whole body before it reads: a
    # server that answers and closes early resets the connection under it.
    connection = http.client.HTTPConnection(HOST, server, timeout=30)
    try:
        if chunked:
            chunks = (STREAMED[i : i + 2**16] for i in range(0, len(STREAMED), 2**16))
            connection.request("POST", "/api/check", body=chunks, encode_chunked=True)
        else:
            connection.request("POST", "/api/check", body=TOO_LARGE)
        response = connection.getresponse()
        assert_413(response.status, response.read())
    finally:
        connection.close()
