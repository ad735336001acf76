"""Security headers on every answer, the page's CSP, and CORS (off unless configured, with
``Limits.cors_origins`` or ``nonogen serve --cors-origin``). The CSP in a real browser is
tested in ``tests/browser/test_browser_csp.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import nonogen.service
from nonogen.cli import app as cli
from nonogen.service.app import STATIC, create_app
from nonogen.service.headers import DOCS_CSP, HEADERS, PAGE_CSP
from nonogen.service.limits import Limits, cors_origin

ORIGIN = "https://puzzles.example"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(pool="thread")), raise_server_exceptions=False) as test:
        yield test


def assert_secured(response: Any, csp: str = PAGE_CSP) -> None:
    """The response carries every security header, with this CSP."""
    assert response.headers["content-security-policy"] == csp
    for name, value in HEADERS.items():
        assert response.headers[name] == value


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/static/app.js", 200),
        ("GET", "/api/health", 200),
        ("HEAD", "/api/health", 200),
        ("GET", "/openapi.json", 200),
        ("GET", "/api/puzzles/0123.png", 404),
        ("GET", "/nothing", 404),
        ("DELETE", "/api/health", 405),
        ("POST", "/api/hint", 422),
        ("POST", "/api/check", 400),
    ],
)
def test_every_answer_carries_the_security_headers(
    client: TestClient, method: str, path: str, status: int
) -> None:
    response = client.request(method, path)
    assert response.status_code == status
    assert_secured(response)


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_docs_pages_get_their_own_policy(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert "swagger-ui" in response.text or "redoc" in response.text
    assert_secured(response, DOCS_CSP)
    assert "'unsafe-inline'" not in DOCS_CSP.split("script-src")[1].split(";")[0]


def test_the_limits_answers_and_a_bug_carry_them_too() -> None:
    with TestClient(create_app(Limits(pool="thread", upload_bytes=10, requests=1))) as small:
        assert_secured(small.post("/api/check", content=b"#" * 11))  # 413 from BodyLimit

    app = create_app(Limits(pool="thread"))

    async def broken() -> None:
        raise RuntimeError("a bug")

    app.add_api_route("/broken", broken)
    with TestClient(app, raise_server_exceptions=False) as buggy:
        response = buggy.get("/broken")
        assert response.json()["error"] == "InternalError"
        assert_secured(response)  # sent from outside every middleware, so added by on_bug


def test_the_page_has_nothing_inline_for_its_policy_to_allow() -> None:
    assert "'unsafe-inline'" not in PAGE_CSP
    assert "frame-ancestors 'none'" in PAGE_CSP
    assert "frame-ancestors 'none'" in DOCS_CSP
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"inline script: {page}"
        assert not re.search(r"<style|\sstyle=|\son[a-z]+=", html), f"inline style: {page}"


# --- CORS ---------------------------------------------------------------------------------


def preflight(client: TestClient, origin: str) -> Any:
    """A browser's CORS preflight of a JSON POST to /api/check."""
    headers = {
        "Origin": origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    return client.options("/api/check", headers=headers)


def test_no_cors_unless_configured(client: TestClient) -> None:
    response = client.get("/api/health", headers={"Origin": ORIGIN})
    assert response.status_code == 200
    assert "access-control-allow-origin" not in response.headers
    response = preflight(client, ORIGIN)
    assert response.status_code == 405
    assert "access-control-allow-origin" not in response.headers


def test_cors_for_the_configured_origin_only() -> None:
    limits = Limits(pool="thread", cors_origins=(ORIGIN,), upload_bytes=10)
    with TestClient(create_app(limits)) as client:
        response = client.get("/api/health", headers={"Origin": ORIGIN})
        assert response.headers["access-control-allow-origin"] == ORIGIN
        allowed = preflight(client, ORIGIN)
        assert allowed.status_code == 200
        assert allowed.headers["access-control-allow-origin"] == ORIGIN
        assert "POST" in allowed.headers["access-control-allow-methods"]
        assert_secured(allowed)
        # A browser can read the limits' answers too.
        over = client.post("/api/check", content=b"#" * 11, headers={"Origin": ORIGIN})
        assert over.status_code == 413
        assert over.headers["access-control-allow-origin"] == ORIGIN
        other = "https://elsewhere.example"
        response = client.get("/api/health", headers={"Origin": other})
        assert "access-control-allow-origin" not in response.headers
        assert preflight(client, other).status_code == 400


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("https://Puzzles.Example/", "https://puzzles.example"),
        ("http://localhost:5173", "http://localhost:5173"),
        ("http://[::1]:8000", "http://[::1]:8000"),
    ],
)
def test_an_origin_is_written_as_browsers_send_it(text: str, origin: str) -> None:
    assert cors_origin(text) == origin


@pytest.mark.parametrize("text", ["*", "example.com", "ftp://x", "https://x.example/path", ""])
def test_what_is_not_an_origin_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"expected a web origin like https://example\.com"):
        cors_origin(text)
    with pytest.raises(ValueError, match="expected a web origin"):
        Limits(cors_origins=(text,))


def test_limits_take_origins_as_browsers_send_them() -> None:
    with pytest.raises(ValueError, match=r"as browsers send it, 'https://a\.example', got"):
        Limits(cors_origins=("https://A.example/",))


def test_serve_takes_cors_origins(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[Limits] = []

    def serve(host: str, port: int, *, limits: Limits) -> None:
        served.append(limits)

    monkeypatch.setattr(nonogen.service, "serve", serve)
    runner = CliRunner()
    result = runner.invoke(cli, ["serve"])
    assert result.exit_code == 0, result.output
    args = ["serve", "--cors-origin", "https://A.example/", "--cors-origin", "http://b:81"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert [limits.cors_origins for limits in served] == [(), ("https://a.example", "http://b:81")]
    result = runner.invoke(cli, ["serve", "--cors-origin", "https://x.example/app"])
    assert result.exit_code == 2
    assert "expected a web origin" in result.output
