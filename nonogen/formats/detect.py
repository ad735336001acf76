"""Format names, and telling a puzzle file's format from its name or its content."""

from __future__ import annotations

import json
import re
from pathlib import PurePath
from typing import Final

from nonogen.budgets import json_value_limit, json_values
from nonogen.errors import InputError
from nonogen.grid import EMPTY_CHARS, FILLED_CHARS, UNKNOWN_CHARS
from nonogen.puzzle import MAX_SIDE

FORMATS: Final[tuple[str, ...]] = ("json", "non", "xml", "text", "r")
"""The single-puzzle formats nonogen reads and writes."""
READ_FORMATS: Final[tuple[str, ...]] = (*FORMATS, "jsonl")
"""Every format nonogen reads: the writable ones plus JSON Lines."""

_EXTENSIONS: Final = {
    ".json": "json",
    ".jsonl": "jsonl",
    ".non": "non",
    ".nonpack": "non",
    ".xml": "xml",
    ".pbn": "xml",
    ".txt": "text",
    ".text": "text",
}
_NON_KEYWORD: Final = re.compile(r"^[ \t]*(width|height|rows|columns)\b", re.MULTILINE)
_R_STRING: Final = re.compile(r"""\s*["']?[0-9,:]+-[0-9,:]+["']?\s*""")
_R_PREFIX: Final = re.compile(r"""[\s"'0-9,:-]*""")
_PICTURE_CHARS: Final = FILLED_CHARS | EMPTY_CHARS | UNKNOWN_CHARS


def format_from_name(name: str) -> str | None:
    """The format a file name's extension stands for (``.gz`` looked through), or None."""
    lower = name.lower()
    if lower.endswith(".gz"):
        lower = lower[: -len(".gz")]
    return _EXTENSIONS.get(PurePath(lower).suffix)


def detect_format(name: str, text: str) -> str:
    """The format of a puzzle file: from its extension first, else from its content."""
    by_name = format_from_name(name)
    if by_name == "text":
        # .txt is a generic name: it may hold R puzzle strings rather than a picture.
        return "r" if _looks_like_r(text) else "text"
    if by_name is not None:
        return by_name
    sniffed = sniff_format(text)
    if sniffed is None:
        raise InputError(
            f"{name}: cannot tell the puzzle format from the name or the content; "
            f"name it as one of {', '.join(READ_FORMATS)}"
        )
    return sniffed


def sniff_format(text: str) -> str | None:
    """The format a puzzle text looks like, or None if it looks like none of them."""
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("{"):
        return "jsonl" if _looks_like_jsonl(body) else "json"
    if body.startswith("<"):
        return "xml"
    if _NON_KEYWORD.search(body):
        return "non"
    if _looks_like_r(body):
        return "r"
    if _looks_like_picture(body):
        return "text"
    return None


def _content_lines(text: str) -> list[str]:
    """The lines of a text that are neither blank nor ``;`` comments."""
    return [line for line in text.splitlines() if line.strip() and not line.startswith(";")]


def _looks_like_jsonl(body: str) -> bool:
    """Whether a text starting with ``{`` holds several one-line JSON objects."""
    lines = [line for line in body.splitlines() if line.strip()]
    if len(lines) < 2 or json_values(lines[0]) > json_value_limit(MAX_SIDE):
        return False  # the reader then names the limit
    try:
        return isinstance(json.loads(lines[0]), dict)
    except (ValueError, RecursionError):
        return False


def _looks_like_r(text: str) -> bool:
    """Whether the text is R puzzle strings such as ``3:1,1-2:2``, well-formed or not: its
    first line opens with numbers and separators (the reader then names the character where a
    malformed string goes wrong). Of pictures, only one row of digits and '-' is taken."""
    lines = _content_lines(text)
    if not lines:
        return False
    if all(_R_STRING.fullmatch(line) for line in lines):
        return True
    opening = _R_PREFIX.match(lines[0])
    start = opening.group() if opening else ""
    r_like = any(ch.isdigit() for ch in start) and any(sep in start for sep in ",:-")
    if _looks_like_picture(text):
        # One row of digits and '-' ("1-1-1") is an R string gone wrong, not a picture.
        return r_like and len(lines) == 1 and start == lines[0]
    return r_like


def _looks_like_picture(text: str) -> bool:
    """Whether every line is made of text-notation cells only."""
    lines = _content_lines(text)
    return bool(lines) and all(set(line.rstrip("\r")) <= _PICTURE_CHARS for line in lines)
