"""Connections that never finish their headers are closed (issue 50, item 6): a deadline for
the request line and headers, a cap on a client's connections; a real server on loopback."""

from __future__ import annotations

import contextlib
import socket
import time
import urllib.request

import pytest

from nonogen.service import Limits
from nonogen.service.app import create_app
from tests.servers import serving

LIMITS = Limits(pool="thread", header_seconds=1.0, client_connections=20)


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed the connection (a read gives end of file or an error)."""
    try:
        return sock.recv(64) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


@pytest.mark.slow
def test_connections_that_never_finish_their_headers_are_closed() -> None:
    with serving(create_app(LIMITS), LIMITS) as base:
        host, port = base.removeprefix("http://").split(":")
        socks = [socket.create_connection((host, int(port))) for _ in range(60)]
        for sock in socks:
            sock.setblocking(False)
        started, slowest = time.monotonic(), 0.0
        while time.monotonic() - started < 4:
            for sock in socks:
                if not closed(sock):
                    with contextlib.suppress(OSError):
                        sock.send(b"G")  # a byte at a time, never a whole request line
            asked = time.monotonic()
            with urllib.request.urlopen(f"{base}/api/health", timeout=5) as answer:
                assert answer.status == 200
            slowest = max(slowest, time.monotonic() - asked)
            time.sleep(0.25)
        assert all(closed(sock) for sock in socks)  # every one, within the deadline's 1 s
        assert slowest < 1.0  # the flood's sender itself is still served
        for sock in socks:
            sock.close()


def response(sock: socket.socket) -> bytes:
    """One whole HTTP response from the socket: its head, then as many body bytes as its
    Content-Length says (a response may come in several reads)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, data  # the server closed the connection before a whole response
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        chunk = sock.recv(4096)
        assert chunk, body
        body += chunk
    assert len(body) == length  # nothing of a next response read ahead
    return head + b"\r\n\r\n" + body


@pytest.mark.slow
def test_a_request_sent_slowly_within_the_deadline_is_answered() -> None:
    with serving(create_app(LIMITS), LIMITS) as base:
        host, port = base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port))) as sock:
            request = f"GET /api/health HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
            for part in (request[:10], request[10:20], request[20:]):
                sock.sendall(part)
                time.sleep(0.25)
            assert response(sock).startswith(b"HTTP/1.1 200")
            time.sleep(1.5)  # kept alive between requests: the deadline starts at the next byte
            sock.sendall(request)
            assert response(sock).startswith(b"HTTP/1.1 200")
