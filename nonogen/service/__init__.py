"""The web service: an HTTP API over the pipeline, and a web page to make, edit and play.

    limits   every limit of the service, and its errors (404, 422, 503)
    jobs     the CPU-heavy work of each endpoint, plain functions of plain values
    runner   job slots (503 when full) and the worker processes the jobs run in
    store    made puzzles kept for their links: random ids; bounded in count, bytes and time
    errors   one JSON error shape; the upload limit
    headers  the security headers (CSP and the rest) on every answer
    openapi  what the API docs say besides the routes: every answer documented, examples
    forms    the request bodies (make form, PDF, hint) and their checks
    answers  the answers of make, hint and fix, as documented models
    app      the FastAPI routes and the static web page
    load     a load test: starts a server, sends bounded traffic, prints latency and memory
    soak     a soak test: many clients, a mixed workload, memory sampled over time
    workload the soak's kinds of request (uploads, checks, PDFs, hints, bad ones)

This module imports no web framework, so a job unpickled in a worker process loads none.
"""

from __future__ import annotations

from nonogen.service.limits import Limits

__all__ = ["Limits", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, *, limits: Limits | None = None) -> None:
    """Serve the API and the web page with uvicorn until interrupted.

    Jobs run in spawned worker processes, which import the main module again: a script that
    calls ``serve`` must do so under ``if __name__ == "__main__":``.
    """
    import uvicorn  # noqa: PLC0415  (the web stack only when serving)

    from nonogen.service.app import create_app  # noqa: PLC0415
    from nonogen.service.bodies import tune_heap  # noqa: PLC0415

    tune_heap()  # before the server's threads make their heaps
    uvicorn.run(create_app(limits), host=host, port=port, log_level="info")
