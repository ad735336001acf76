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
    serving  the app served by uvicorn (``serve``, loaded when first asked for)
    load     a load test: starts a server, sends bounded traffic, prints latency and memory
    soak     a soak test: many clients, a mixed workload, memory sampled over time
    workload the soak's kinds of request (uploads, checks, PDFs, hints, bad ones)

This module imports no web framework, so a job unpickled in a worker process loads none:
``serve`` (``serving``) loads uvicorn and the app when it is first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonogen.lazy import lazy_names
from nonogen.service.limits import Limits

if TYPE_CHECKING:
    from nonogen.service.serving import serve

__all__ = ["Limits", "serve"]

__getattr__ = lazy_names(__name__, {"serve": "nonogen.service.serving"})
