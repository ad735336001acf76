"""The service served: uvicorn running the app until interrupted (``nonogen serve``)."""

from __future__ import annotations

import uvicorn

from nonogen.service.app import create_app
from nonogen.service.bodies import tune_heap
from nonogen.service.connections import headed_protocol
from nonogen.service.limits import Limits


def serve(host: str = "127.0.0.1", port: int = 8000, *, limits: Limits | None = None) -> None:
    """Serve the API and the web page with uvicorn until interrupted.

    Jobs run in spawned worker processes, which import the main module again: a script that
    calls ``serve`` must do so under ``if __name__ == "__main__":``.
    """
    tune_heap()  # before the server's threads make their heaps
    limits = limits or Limits()
    http = headed_protocol(limits)
    uvicorn.run(create_app(limits), host=host, port=port, log_level="info", http=http)
