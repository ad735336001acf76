"""A real server for tests: the app under uvicorn, in a thread, on a free loopback port."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

from bench.load import HOST, free_port
from nonogen.service import Limits
from nonogen.service.connections import headed_protocol
from tests.waiting import wait_until

START_SECONDS = 30


@contextmanager
def serving(app: FastAPI, limits: Limits | None = None) -> Iterator[str]:
    """Serve the app until the block ends, as ``nonogen serve`` does (its connections held to
    the limits' header deadline and cap); its base URL, once it accepts connections."""
    http = headed_protocol(limits or Limits())
    config = uvicorn.Config(app, host=HOST, port=free_port(), log_level="warning", http=http)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()

    def started() -> bool:
        assert thread.is_alive(), "the server thread stopped"
        return bool(server.started)

    wait_until(started, "the server's start", START_SECONDS)
    try:
        yield f"http://{HOST}:{config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
