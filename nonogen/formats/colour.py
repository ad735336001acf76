"""Colour puzzles in and out: the one place that picks the colour format's code.

    json   nonogen JSON with a "palette" key           colourjson
    xml    webpbn XML with more than one colour        colourxml

``is_colour_text`` tells a colour puzzle text from a black-and-white one, so a caller can
route: a JSON object with a ``palette`` key, or a webpbn document one of whose puzzles uses
more than one non-background colour (counted over ``<color>`` definitions, ``<count
color>`` and ``defaultcolor``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from nonogen.errors import InputError, utf8_safe
from nonogen.formats.colourjson import format_colour_json, parse_colour_json
from nonogen.formats.colourxml import (
    format_colour_xml,
    is_colour_element,
    parse_colour_xml,
    puzzle_elements,
)
from nonogen.formats.meta import check_title, safe_value
from nonogen.puzzle import Puzzle

Writer = Callable[[Puzzle], str]

COLOUR_FORMATS: Final = ("json", "xml")
"""The formats colour puzzles can be read from and written to."""

_WRITERS: Final[dict[str, Writer]] = {"json": format_colour_json, "xml": format_colour_xml}


def _kind(text: str) -> str | None:
    """``json`` or ``xml`` by the first non-blank character, or None."""
    start = text.lstrip("\ufeff \t\r\n")[:1]
    return "json" if start == "{" else "xml" if start == "<" else None


def is_colour_text(text: str, name: str = "<input>") -> bool:
    """Whether a puzzle text is a colour puzzle (False for anything else, even malformed)."""
    kind = _kind(text)
    if kind == "json":
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            return False
        return isinstance(obj, dict) and "palette" in obj
    if kind == "xml":
        try:
            elements, _ = puzzle_elements(text, name)
        except InputError:
            return False
        return any(is_colour_element(element) for element in elements)
    return False


def read_colour_puzzles(text: str, name: str = "<input>") -> list[tuple[str, Puzzle]]:
    """(label, puzzle) for every colour puzzle of a JSON or webpbn XML text."""
    text, name = utf8_safe(text), utf8_safe(name)
    kind = _kind(text)
    if kind is None:
        raise InputError(
            f"{name}: expected a colour puzzle as nonogen JSON ({{...}}) or webpbn XML (<...>)"
        )
    found = (
        [(name, parse_colour_json(text, name))] if kind == "json" else parse_colour_xml(text, name)
    )
    return [(label, _safe_meta(puzzle, label)) for label, puzzle in found]


def read_colour_puzzle(text: str, name: str = "<input>") -> Puzzle:
    """The one colour puzzle of a text; InputError if it holds none or several."""
    found = read_colour_puzzles(text, name)
    if len(found) != 1:
        raise InputError(f"{name}: expected exactly one puzzle, found {len(found)}")
    return found[0][1]


def format_colour_puzzle(puzzle: Puzzle, fmt: str) -> str:
    """The colour puzzle as text in ``json`` or ``xml``."""
    writer = _WRITERS.get(fmt)
    if writer is None:
        raise InputError(
            f"output: colour puzzles can be written as {', '.join(COLOUR_FORMATS)}, not {fmt!r}"
        )
    return writer(puzzle)


def _safe_meta(puzzle: Puzzle, where: str) -> Puzzle:
    """The puzzle with UTF-8-safe metadata and a title within the limit."""
    meta = safe_value(dict(puzzle.meta))
    assert isinstance(meta, dict)  # a dict stays a dict
    safe = {str(key): value for key, value in meta.items()}
    check_title(str(safe.get("title", "") or ""), where)
    return replace(puzzle, meta=safe) if safe != puzzle.meta else puzzle
