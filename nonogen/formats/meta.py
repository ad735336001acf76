"""Metadata as every reader hands it on: UTF-8-safe text, and a title within the limit.

One rule for every format: a character UTF-8 cannot encode (a lone surrogate, which JSON
writes as ``"\\ud800"`` and a ``str`` passed in may hold) is replaced by U+FFFD wherever it
is in the metadata, keys included, so a title can always be written, printed and served. A
title longer than ``TITLE_CHARS`` is refused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from nonogen.errors import InputError, LimitError
from nonogen.puzzle import Meta, Puzzle
from nonogen.wording import Option, utf8_safe, words

TITLE_CHARS: Final = 200
"""The longest title nonogen reads, in characters (files and service requests alike)."""


def check_title(title: str, where: str | Option) -> str:
    """The title itself if it is at most ``TITLE_CHARS`` long; LimitError saying the limit
    (``where``: the file and line, or the option that gave it)."""
    if len(title) > TITLE_CHARS:
        raise LimitError(
            words(
                "{where}: the title is {length} characters long, over the limit of {limit}; "
                "shorten it to {limit} characters or fewer",
                where=where,
                length=len(title),
                limit=TITLE_CHARS,
            )
        )
    return title


def safe_value(value: object) -> object:
    """A JSON-like value with every string in it, keys included, made UTF-8-safe."""
    if isinstance(value, str):
        return utf8_safe(value)
    if isinstance(value, dict):
        return {safe_value(key): safe_value(item) for key, item in value.items()}
    if isinstance(value, list):
        return [safe_value(item) for item in value]
    return value


def checked_meta(puzzle: Puzzle, where: str) -> Puzzle:
    """The puzzle with UTF-8-safe metadata (itself if it had them); LimitError for a long title."""
    try:
        meta = safe_value(dict(puzzle.meta))
    except RecursionError:
        raise InputError(f"{where}: the metadata is nested too deeply; flatten it") from None
    assert isinstance(meta, dict)  # a dict stays a dict
    safe: Meta = {str(key): value for key, value in meta.items()}
    title = safe.get("title")
    if title is not None and not isinstance(title, str):
        raise InputError(
            f"{where}: expected the title as text in quotes, got {type(title).__name__} "
            f"{str(title)[:40]!r}; write it as a string, or leave it out"
        )
    if safe != puzzle.meta:
        puzzle = replace(puzzle, meta=safe)
    check_title(puzzle.title, where)
    return puzzle
