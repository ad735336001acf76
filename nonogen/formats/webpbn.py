"""Jan Wolter's webpbn XML format (pbn 0.3), black and white only.

A ``<puzzleset>`` holds one or more ``<puzzle type="grid">``; each has metadata elements,
``<color name=... char=...>`` definitions, ``<clues type="columns">`` and
``<clues type="rows">`` of ``<line><count>N</count>...</line>``, and optionally a
``<solution type="goal"><image>`` drawn with the colours' characters between ``|`` bars.
Parsed with defusedxml (no entity expansion, nothing fetched); the HTML named entities
webpbn files use (``&copy;``) are replaced by their characters before parsing, since the
DTD that would define them is never read.
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as StdET
from typing import Final
from xml.sax.saxutils import escape

import numpy as np
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from nonogen.clues import Clue
from nonogen.errors import InputError
from nonogen.formats.shared import parse_count, solution_for
from nonogen.grid import Grid
from nonogen.puzzle import Puzzle, make_puzzle

Element = StdET.Element

DOCTYPE: Final = '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">'
"""The document type line webpbn writes (the DTD is never fetched)."""

_XML_ENTITIES: Final = frozenset({"amp", "lt", "gt", "quot", "apos"})
_ENTITY: Final = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_META_TAGS: Final = ("source", "id", "title", "author", "authorid", "copyright", "description")
_LICENSE_NOTE: Final = "License: "
_DEFAULT_CHARS: Final = {"black": "X", "white": "."}


def parse_xml(text: str, name: str) -> list[tuple[str, Puzzle]]:
    """(label, puzzle) for every puzzle of a webpbn XML text."""
    root = _parse_tree(text, name)
    if root.tag == "puzzle":
        elements, set_meta = [root], {}
    elif root.tag == "puzzleset":
        elements, set_meta = root.findall("puzzle"), _meta_of(root)
    else:
        raise InputError(f"{name}: expected a <puzzleset> or <puzzle> document, got <{root.tag}>")
    if not elements:
        raise InputError(f"{name}: expected at least one <puzzle> in the <puzzleset>")
    if len(elements) == 1:
        return [(name, _puzzle(elements[0], name, set_meta))]
    out = []
    for i, element in enumerate(elements, 1):
        puzzle = _puzzle(element, f"{name}: puzzle {i}", set_meta)
        out.append((f"{name}#{puzzle.meta.get('id') or i}", puzzle))
    return out


def _parse_tree(text: str, name: str) -> Element:
    """The root element, parsed safely; InputError for anything malformed or unsafe."""
    try:
        root: Element = fromstring(_replace_html_entities(text))
    except DefusedXmlException as exc:
        raise InputError(
            f"{name}: the XML declares entities or external references ({type(exc).__name__}), "
            "which are refused for safety; remove the DOCTYPE's [...] part"
        ) from None
    except StdET.ParseError as exc:
        raise InputError(f"{name}: expected well-formed XML: {exc}") from None
    return root


def _replace_html_entities(text: str) -> str:
    """The text with HTML named entities (``&copy;``) replaced by their escaped characters."""

    def replace(match: re.Match[str]) -> str:
        entity = match.group(1)
        chars = html.entities.html5.get(entity + ";")
        if entity in _XML_ENTITIES or chars is None:
            return match.group(0)
        return escape(chars, {'"': "&quot;", "'": "&apos;"})

    return _ENTITY.sub(replace, text)


def _puzzle(element: Element, where: str, set_meta: dict[str, object]) -> Puzzle:
    """One checked puzzle from a ``<puzzle>`` element."""
    kind = element.get("type", "grid")
    if kind != "grid":
        raise InputError(f"{where}: only grid puzzles are supported, got type={kind!r}")
    default = element.get("defaultcolor", "black")
    fill, blank = _colour_chars(element, default, where)
    rows = _clues(element, "rows", default, where)
    cols = _clues(element, "columns", default, where)
    goal = _goal(element, fill, blank, where)
    meta = {**set_meta, **_meta_of(element)}
    return make_puzzle(rows, cols, goal=goal, meta=meta, where=where)


def _colour_chars(element: Element, default: str, where: str) -> tuple[str, str]:
    """The image characters of the filled and the background colour."""
    background = element.get("backgroundcolor", "white")
    colours = element.findall("color")
    names = {str(c.get("name")) for c in colours} | {default, background}
    if len(names) > 2:
        raise InputError(
            f"{where}: colour puzzles are not supported; this one has the colours "
            f"{', '.join(sorted(names))}"
        )
    chars = dict(_DEFAULT_CHARS)
    chars.update({str(c.get("name")): str(c.get("char")) for c in colours if c.get("char")})
    return chars.get(default, "X"), chars.get(background, ".")


def _clues(element: Element, kind: str, default: str, where: str) -> list[Clue]:
    """The clues of ``<clues type="rows">`` or ``<clues type="columns">``."""
    section = next((c for c in element.findall("clues") if c.get("type") == kind), None)
    if section is None:
        raise InputError(f'{where}: expected a <clues type="{kind}"> element')
    label = "row" if kind == "rows" else "column"
    clues: list[Clue] = []
    for i, line in enumerate(section.findall("line"), 1):
        runs = []
        for count in line.findall("count"):
            colour = count.get("color", default)
            if colour != default:
                raise InputError(
                    f"{where}: {label} {i}: colour puzzles are not supported, got a run of "
                    f"colour {colour!r}"
                )
            text = (count.text or "").strip()
            if not re.fullmatch(r"[0-9]+", text):
                raise InputError(
                    f"{where}: {label} {i}: expected a positive number in <count>, got {text!r}"
                )
            runs.append(parse_count(text, f"{where}: {label} {i}"))
        clues.append(tuple(runs))
    return clues


def solution_rows(element: Element, where: str) -> list[str] | None:
    """The rows of the goal image (or, lacking one, the solution image), all of one length,
    without their '|' frames; None when the puzzle has neither."""
    solutions = element.findall("solution")
    chosen = next((s for s in solutions if s.get("type", "goal") == "goal"), None)
    chosen = chosen or next((s for s in solutions if s.get("type") == "solution"), None)
    if chosen is None:
        return None
    image = chosen.find("image")
    lines = [line.strip() for line in (image.text or "").splitlines()] if image is not None else []
    rows = [line.removeprefix("|").removesuffix("|") for line in lines if line]
    if not rows or not rows[0]:
        raise InputError(f"{where}: expected an <image> of '|'-framed rows in the <solution>")
    for r, row in enumerate(rows, 1):
        if len(row) != len(rows[0]):
            raise InputError(
                f"{where}: solution image row {r} has {len(row)} cells but row 1 has "
                f"{len(rows[0])}; give every row the same number of cells"
            )
    return rows


def _goal(element: Element, fill: str, blank: str, where: str) -> Grid | None:
    """The goal image (or, lacking one, the solution image) as a solved grid."""
    rows = solution_rows(element, where)
    if rows is None:
        return None
    for r, row in enumerate(rows, 1):
        other = next((char for char in row if char not in (fill, blank)), None)
        if other is not None:
            raise InputError(
                f"{where}: solution image row {r}: expected only {fill!r} (filled) and "
                f"{blank!r} (empty), got {other!r}"
            )
    return np.array([[char == fill for char in row] for row in rows], dtype=np.bool_)


def _meta_of(element: Element) -> dict[str, object]:
    """The metadata elements (and notes) directly under a puzzle or puzzle set."""
    meta: dict[str, object] = {}
    for tag in _META_TAGS:
        child = element.find(tag)
        if child is not None and (child.text or "").strip():
            meta[tag] = (child.text or "").strip()
    notes = [(note.text or "").strip() for note in element.findall("note")]
    for note in notes:
        if note.startswith(_LICENSE_NOTE):
            meta["license"] = note.removeprefix(_LICENSE_NOTE)
    others = [note for note in notes if note and not note.startswith(_LICENSE_NOTE)]
    if others:
        meta["notes"] = others[0] if len(others) == 1 else others
    return meta


def format_xml(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The puzzle as a webpbn XML document with one puzzle."""
    goal = solution_for(puzzle, solution)
    meta = puzzle.meta
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', DOCTYPE, "<puzzleset>"]
    lines.append('<puzzle type="grid" defaultcolor="black">')
    lines += [f"<{tag}>{_text(meta[tag])}</{tag}>" for tag in _META_TAGS if meta.get(tag)]
    lines += [
        '<color name="white" char=".">fff</color>',
        '<color name="black" char="X">000</color>',
    ]
    for kind, clues in (("columns", puzzle.cols), ("rows", puzzle.rows)):
        lines.append(f'<clues type="{kind}">')
        lines += ["<line>" + "".join(f"<count>{n}</count>" for n in c) + "</line>" for c in clues]
        lines.append("</clues>")
    if goal is not None:
        image = ["|" + "".join("X" if cell else "." for cell in row) + "|" for row in goal.tolist()]
        lines += ['<solution type="goal">', "<image>", *image, "</image>", "</solution>"]
    if meta.get("license"):
        lines.append(f"<note>{_text(_LICENSE_NOTE + str(meta['license']))}</note>")
    notes = meta.get("notes") or []
    lines += [
        f"<note>{_text(note)}</note>" for note in (notes if isinstance(notes, list) else [notes])
    ]
    lines += ["</puzzle>", "</puzzleset>"]
    return "\n".join(lines) + "\n"


def _text(value: object) -> str:
    """A metadata value escaped for XML text, without the control characters XML forbids."""
    text = "".join(ch for ch in str(value) if ch >= " " or ch in "\t\n\r")
    return escape(text)
