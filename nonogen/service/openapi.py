"""What the OpenAPI schema says beyond the routes' signatures: the documented answers (every
error with its body, the files with their media types) and the examples.

Schemathesis fuzzes the API from this schema (tests/fuzz/test_api_fuzz.py), so it must say what
the service answers: each status, its content type and its body.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic.config import JsonDict

from nonogen.service.errors import ErrorBody

Responses = dict[int | str, dict[str, Any]]
"""The ``responses`` of a route, as FastAPI takes them."""

ERRORS: Final[Responses] = {
    413: {"model": ErrorBody, "description": "Over a limit: upload bytes, pixels or grid size"},
    422: {
        "model": ErrorBody,
        "description": "A malformed request (each field and what is wrong), or a job stopped "
        "past its time budget",
    },
    500: {"model": ErrorBody, "description": "A bug, or a worker process that died mid-job"},
    503: {"model": ErrorBody, "description": "Busy: every job slot is taken; see Retry-After"},
}
"""The errors any request may get (each route adds its own)."""
BAD_INPUT: Final[Responses] = {
    400: {"model": ErrorBody, "description": "Bad input: the message says what and how to fix it"}
}
UNKNOWN_ID: Final[Responses] = {
    404: {"model": ErrorBody, "description": "No puzzle is kept under that id (or it expired)"}
}
NOT_MADE: Final[Responses] = {
    422: {"model": ErrorBody, "description": "Could not make a good puzzle, or malformed"}
}
JSON_FILE: Final = {"application/json": {"schema": {"type": "object"}}}
PNG: Final = {"image/png": {"schema": {"type": "string", "format": "binary"}}}
PDF: Final = {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}
CONVERTED: Final = {
    **JSON_FILE,
    "application/xml": {"schema": {"type": "string"}},
    "text/plain": {"schema": {"type": "string"}},
}
"""What POST /api/convert answers: JSON, webpbn XML, or text (.non, text, r)."""
CLUES: Final[JsonDict] = {"rows": [[2], [1]], "cols": [[2], [1]]}
"""A 2x2 puzzle with one solution: the examples of the API docs."""
UPLOAD_BODY: Final = {
    "requestBody": {
        "description": "The puzzle: the request body as text, or a multipart field `file`.",
        "content": {
            "text/plain": {
                "schema": {"type": "string"},
                "example": "width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\n",
            },
            "application/json": {"schema": {"type": "object"}, "example": CLUES},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "properties": {
                        "file": {"type": "string", "format": "binary"},
                        "format": {"type": "string"},
                    },
                    "required": ["file"],
                }
            },
        },
    }
}
"""The body of the routes that read a puzzle file (FastAPI cannot infer it)."""


def download(content: dict[str, Any], description: str) -> Responses:
    """The answer of a route that answers a file, with its media types."""
    return {200: {"description": description, "content": content}}


def without_null(schema: dict[str, Any]) -> None:
    """Drop ``null`` from the schema of each optional form field: a form leaves such a field
    out (or empty) for its default, and has no way to send a null."""
    for field in schema.get("properties", {}).values():
        options = field.pop("anyOf", None)
        if options is not None:
            kept = [option for option in options if option.get("type") != "null"]
            field.update(kept[0] if len(kept) == 1 else {"anyOf": kept})
