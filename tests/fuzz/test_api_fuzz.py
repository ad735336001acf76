"""The HTTP API fuzzed from its own OpenAPI schema by Schemathesis, against a real server.

Every operation gets generated requests, valid and invalid; every answer must be no server
error (5xx) and as documented: its status listed, its content type and body as the schema
says. The server is uvicorn in a thread on a free loopback port (tests/servers.py).
Random bytes are seldom a picture and a random id is never a kept puzzle, so the puzzle
operations are fuzzed a second time with a real picture or the id of a puzzle made first:
the fuzzer then reaches the make job and the downloads too.

The normal run is short and derandomized (the same requests every time). The long run is the
benchmark command:

    NONOGEN_FUZZ=long .venv/bin/pytest tests/fuzz/test_api_fuzz.py -q
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from nonogen.service.app import create_app
from nonogen.service.limits import Limits
from tests.servers import serving

PICTURE = (Path(__file__).resolve().parents[2] / "samples" / "ring.png").read_bytes()
LONG = os.environ.get("NONOGEN_FUZZ", "") == "long"
EXAMPLES = 1000 if LONG else 25
"""Generated requests per operation."""
MAKES = 200 if LONG else 8
"""Generated requests per puzzle operation with real data (each make takes up to a second)."""
LIMITS = Limits(pool="thread", jobs=2, solver_seconds=1.0, wait_seconds=5.0)
"""Jobs in threads, one second of solving each: a request answers in about a second at most."""
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(create_app(LIMITS)) as url:
        yield url


@pytest.fixture(scope="module")
def made_id(server: str) -> str:
    answer = httpx2.post(f"{server}/api/puzzles", files={"picture": ("ring.png", PICTURE)})
    assert answer.status_code == 200, answer.text
    ident: str = answer.json()["id"]
    return ident


schema = schemathesis.openapi.from_dict(create_app(LIMITS).openapi())
"""The schema the server publishes at /openapi.json (taken from the app: Schemathesis' pytest
fixture loader does not run under pytest 9)."""


def fuzzing(examples: int) -> settings:
    """Hypothesis settings: so many examples, derandomized unless long, no time limits."""
    return settings(
        max_examples=examples,
        derandomize=not LONG,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


def fuzzed(case: Any, server: str) -> None:
    """Send the case; every check passes, and the answer carries the security headers."""
    response = case.call_and_validate(base_url=server, checks=CHECKS)
    assert response.headers["x-content-type-options"] == ["nosniff"]
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"][0]


def test_the_schema_fuzzed_is_the_one_served(server: str) -> None:
    assert httpx2.get(f"{server}/openapi.json").json() == schema.raw_schema


@pytest.mark.slow
@schema.parametrize()
@fuzzing(EXAMPLES)
def test_every_answer_is_documented_and_no_server_error(case: Any, server: str) -> None:
    fuzzed(case, server)


@pytest.mark.slow
@schema.include(path_regex="^/api/puzzles").parametrize()
@fuzzing(MAKES)
def test_making_and_downloading_real_puzzles(case: Any, server: str, made_id: str) -> None:
    if "puzzle_id" in (case.path_parameters or {}):
        case.path_parameters["puzzle_id"] = made_id
    if isinstance(case.body, dict) and "picture" in case.body:
        case.body["picture"] = PICTURE
    fuzzed(case, server)
