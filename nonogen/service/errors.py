"""The service's one error shape: every failure answers JSON with its status and a message.

    {"version": 1, "status": 413, "error": "LimitError", "message": "what failed, how to fix"}

Errors of the nonogen family carry their HTTP status; FastAPI's request validation (422),
unknown routes and methods (404, 405), bodies over the upload limit (413) and the body
gate's refusals (408, 413, 503, ``bodies.py``) answer in the same shape, and anything else is
a 500 that says it is a bug. ``ErrorBody`` is that shape, as the OpenAPI schema documents it.
"""

from __future__ import annotations

import json
from typing import Any, Final

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nonogen.errors import BusyError, LimitError, NonogenError
from nonogen.service.headers import security_headers
from nonogen.service.limits import DRAIN_BYTES
from nonogen.wording import Words, field, label, utf8_safe

ERROR_VERSION = 1


class FieldProblem(BaseModel):
    """What is wrong with one field of a malformed request."""

    field: str = Field(description="The field, dotted for nested ones: `width`, `rows.0`.")
    message: str = Field(description="What is wrong with it.")


class ErrorBody(BaseModel):
    """The JSON body of every failed request."""

    version: int = Field(description="The version of this shape (1).")
    status: int = Field(description="The HTTP status, repeated.")
    error: str = Field(
        description="The kind: the nonogen error class (InputError, LimitError, NotFoundError, "
        "BusyError, ...), ValidationError (422), HTTPError (404, 405) or InternalError (a bug)."
    )
    message: str = Field(description="What failed, the offending value and how to fix it.")
    page_message: str | None = Field(
        None,
        description="The message as the web page says it: its controls by their labels, "
        "suggesting only what the page offers (a nonogen error only).",
    )
    fields: list[FieldProblem] | None = Field(
        None, description="For a ValidationError (422): each malformed field."
    )


def error_response(
    status: int, kind: str, message: str, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """The JSON answer of a failed request (its message UTF-8-safe, whatever it quotes)."""
    safe = utf8_safe(message)
    body = {"version": ERROR_VERSION, "status": status, "error": kind, "message": safe}
    return JSONResponse({**body, **extra}, status_code=status, headers=headers)


async def on_nonogen_error(request: Request, exc: Exception) -> Response:
    """The answer to a nonogen error: its HTTP status and its message with the options it
    names spelled as the request's fields (``max_flips``, ``tight=false``), with Retry-After
    when busy."""
    assert isinstance(exc, NonogenError)
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, BusyError) else None
    return error_response(
        exc.http_status,
        type(exc).__name__,
        exc.spelled(field),
        headers,
        page_message=utf8_safe(exc.spelled(label)),
    )


def _field(loc: tuple[Any, ...] | list[Any]) -> str:
    """The name of the field an error is about, without the part of the request it is in."""
    parts = [str(part) for part in loc if part not in ("body", "query", "path", "header")]
    return ".".join(parts) or "body"


class FieldWordsError(ValueError):
    """A form field's problem as ``Words``, raised in a pydantic validator (which answers a
    ValueError with its 422): the answer spells it for the request and for the page."""

    def __init__(self, said: Words | NonogenError) -> None:
        super().__init__(said.spelled(field))
        self.said = said


async def on_validation_error(request: Request, exc: Exception) -> Response:
    """FastAPI's 422 for a malformed request, as one sentence per field; again as the page
    says it (``page_message``: its controls by their labels, without pydantic's words)."""
    assert isinstance(exc, RequestValidationError)
    fields: list[dict[str, str]] = []
    page: list[str] = []
    for error in exc.errors():
        name = _field(error.get("loc", ()))
        cause = error.get("ctx", {}).get("error")
        if isinstance(cause, FieldWordsError):
            fields.append({"field": name, "message": cause.said.spelled(field)})
            page.append(cause.said.spelled(label))
            continue
        said = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        fields.append({"field": name, "message": said})
        page.append(f"{label(name) or name}: {said}")
    message = "; ".join(f"{f['field']}: {f['message']}" for f in fields)
    return error_response(
        422,
        "ValidationError",
        f"{message} (see /docs for the request format)",
        fields=fields,
        page_message=utf8_safe("; ".join(page)),
    )


async def on_http_error(request: Request, exc: Exception) -> Response:
    """Starlette's HTTP errors (unknown route, wrong method) in the same JSON shape."""
    assert isinstance(exc, HTTPException)
    path = _shown(request.url.path)
    messages = {
        404: f"no such page or endpoint: {path}; see /docs for the API",
        405: f"{request.method} is not allowed on {path}; see /docs for the API",
    }
    message = messages.get(exc.status_code, str(exc.detail))
    return error_response(exc.status_code, "HTTPError", message, dict(exc.headers or {}))


SHOWN_PATH: Final = 200
"""The most characters of a request's path an error answer repeats (a 100 KB path is not
echoed whole)."""


def _shown(path: str) -> str:
    """A path as an error answer repeats it: at most SHOWN_PATH characters."""
    return path if len(path) <= SHOWN_PATH else f"{path[:SHOWN_PATH]}... ({len(path)} characters)"


async def on_bug(request: Request, exc: Exception) -> Response:
    """Anything else: a bug, said plainly (with the security headers: Starlette sends this
    answer from outside every middleware)."""
    message = f"an internal error ({type(exc).__name__}); please report it"
    return error_response(500, "InternalError", message, security_headers(request.url.path))


async def send_json(send: Send, status: int, body: dict[str, Any], headers: dict[str, str]) -> None:
    """Send a whole JSON response from ASGI middleware."""
    data = json.dumps({"version": ERROR_VERSION, "status": status, **body}).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    raw += [(key.lower().encode(), value.encode()) for key, value in headers.items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": data})


class BodyLimit:
    """ASGI middleware: answer 413 to a request body over ``max_bytes``, declared or streamed.

    A declared Content-Length over the limit is refused before the app sees the request. A
    body that streams past the limit stops the request where it is read, and whatever the app
    would have answered then is replaced by the 413. Either way the rest of the body is read
    and dropped first (up to ``drain_bytes``): a server that answers and closes while the
    client still sends resets the connection, and the client never sees the answer. A client
    that waits for ``100 Continue`` before it sends is answered at once.
    """

    def __init__(self, app: ASGIApp, max_bytes: int, drain_bytes: int = DRAIN_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.drain_bytes = drain_bytes

    def _too_large(self) -> LimitError:
        return LimitError(
            f"the request body is larger than the limit of {self.max_bytes} bytes "
            f"({self.max_bytes / 2**20:g} MB); send a smaller picture or puzzle file"
        )

    async def _drain(self, receive: Receive) -> None:
        """Read and drop the rest of the request body, at most ``drain_bytes`` of it."""
        left = self.drain_bytes
        while left >= 0:
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                return
            left -= len(message.get("body", b""))

    async def _refuse(self, receive: Receive, send: Send, *, drain: bool = True) -> None:
        """Drop the rest of the body (if ``drain``), then answer 413 and close."""
        if drain:
            await self._drain(receive)
        body = {"error": "LimitError", "message": str(self._too_large())}
        await send_json(send, 413, body, {"Connection": "close"})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, counting its body; answer 413 once it is over the limit."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.max_bytes:
            waits = headers.get(b"expect", b"").lower() == b"100-continue"
            await self._refuse(receive, send, drain=not waits and int(declared) <= self.drain_bytes)
            return
        seen = 0
        over = started = ended = False

        async def counted() -> Message:
            nonlocal seen, over, ended
            message = await receive()
            seen += len(message.get("body", b""))
            ended = message["type"] != "http.request" or not message.get("more_body", False)
            if seen > self.max_bytes:
                over = True
                raise self._too_large()
            return message

        async def replaced(message: Message) -> None:
            nonlocal started
            if not over:
                await send(message)
            elif not started:
                await self._refuse(receive, send, drain=not ended)
            if message["type"] == "http.response.start":
                started = True

        try:
            await self.app(scope, counted, replaced)
        except LimitError:
            if not over or started:
                raise
            started = True
            await self._refuse(receive, send, drain=not ended)
