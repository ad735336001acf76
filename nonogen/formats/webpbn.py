"""Jan Wolter's webpbn XML format (pbn 0.3), for puzzles of either kind.

A ``<puzzleset>`` holds one or more ``<puzzle type="grid">``; each has metadata elements,
``<color name=... char=...>`` definitions, ``<clues type="columns">`` and
``<clues type="rows">`` of ``<line><count>N</count>...</line>``, and optionally a
``<solution type="goal"><image>`` drawn with the colours' characters between ``|`` bars.
A ``<count>`` without ``color`` has the puzzle's ``defaultcolor`` (webpbn's default: black);
the background is ``backgroundcolor`` (default white). The palette is the background, then the
other ``<color>`` elements in document order; black (000) and white (fff) need no ``<color>``
element. A puzzle of one colour on its background is a black-and-white puzzle, as webpbn
has it (whatever the two colours are).
webpbn XML has no givens: a puzzle with givens is not written as XML (``codec`` refuses).
Parsed with defusedxml (no entity expansion, nothing fetched); the HTML named entities
webpbn files use (``&copy;``) are replaced by their characters before parsing, since the
DTD that would define them is never read.
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as StdET
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from nonogen.clues import ColourClue, ColourGrid
from nonogen.errors import InputError
from nonogen.formats.shared import parse_count
from nonogen.palette import BLACK_ON_WHITE, Colour, Palette, make_palette
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle, one_colour, puzzle_from_blocks
from nonogen.records import Json

Element = StdET.Element

DOCTYPE: Final = '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">'
"""The document type line webpbn writes (the DTD is never fetched)."""

_XML_ENTITIES: Final = frozenset({"amp", "lt", "gt", "quot", "apos"})
_ENTITY: Final = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_META_TAGS: Final = ("source", "id", "title", "author", "authorid", "copyright", "description")
_LICENSE_NOTE: Final = "License: "
_KNOWN_RGB: Final = {"white": "fff", "black": "000"}
_KNOWN_CHARS: Final = {"white": ".", "black": "X"}


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


def _puzzle(element: Element, where: str, set_meta: dict[str, Json]) -> Puzzle:
    """One checked puzzle from a ``<puzzle>`` element."""
    kind = element.get("type", "grid")
    if kind != "grid":
        raise InputError(f"{where}: only grid puzzles are supported, got type={kind!r}")
    default = element.get("defaultcolor", "black")
    palette = _palette(element, default, where)
    rows = _clues(element, "rows", default, palette, where)
    cols = _clues(element, "columns", default, palette, where)
    goal = _goal(element, palette, where)
    meta = {**set_meta, **_meta_of(element)}
    plain = one_colour(palette)  # one colour on its background: webpbn's black and white
    return puzzle_from_blocks(
        rows, cols, BLACK_ON_WHITE if plain else palette, goal=goal, meta=meta, where=where
    )


def _palette(element: Element, default: str, where: str) -> Palette:
    """The background, then the other defined colours (black added when it is the default)."""
    background = element.get("backgroundcolor", "white")
    defined = {str(c.get("name")): c for c in element.findall("color")}
    names = [background, *(n for n in defined if n != background)]
    if default not in names:
        names.append(default)
    entries: list[tuple[str, str, str | None]] = []
    for colour in names:
        node = defined.get(colour)
        rgb = ((node.text or "").strip() if node is not None else "") or _KNOWN_RGB.get(colour)
        if rgb is None:
            how = "has no RGB" if node is not None else "is used but not defined"
            raise InputError(
                f'{where}: colour {colour!r} {how}; write it as <color name="{colour}" '
                f'char="...">rrggbb</color>'
            )
        char = node.get("char") if node is not None else None
        entries.append((colour, rgb, char or _KNOWN_CHARS.get(colour)))
    return make_palette(entries, where=where)


def _clues(
    element: Element, kind: str, default: str, palette: Palette, where: str
) -> list[ColourClue]:
    """The clues of ``<clues type="rows">`` or ``<clues type="columns">``."""
    section = next((c for c in element.findall("clues") if c.get("type") == kind), None)
    if section is None:
        raise InputError(f'{where}: expected a <clues type="{kind}"> element')
    label = "row" if kind == "rows" else "column"
    clues: list[ColourClue] = []
    for i, line in enumerate(section.findall("line"), 1):
        blocks = []
        for count in line.findall("count"):
            colour = count.get("color", default)
            index = palette.index(colour)
            if not index:
                raise InputError(
                    f"{where}: {label} {i}: a <count> has colour {colour!r}, which is "
                    "the background or not defined; define it with a <color> element"
                )
            text = (count.text or "").strip()
            if not re.fullmatch(r"[0-9]+", text):
                raise InputError(
                    f"{where}: {label} {i}: expected a positive number in <count>, got {text!r}"
                )
            blocks.append((parse_count(text, f"{where}: {label} {i}"), index))
        clues.append(tuple(blocks))
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


def _goal(element: Element, palette: Palette, where: str) -> ColourGrid | None:
    """The goal image (or, lacking one, the solution image) as a colour grid."""
    rows = solution_rows(element, where)
    if rows is None:
        return None
    chars = "".join(c.char for c in palette.colours)
    for r, row in enumerate(rows, 1):
        other = next((char for char in row if palette.char_index(char) is None), None)
        if other is not None:
            raise InputError(
                f"{where}: solution image row {r}: expected the colours' characters "
                f"{chars!r}, got {other!r}"
            )
    return np.array([[palette.char_index(ch) for ch in row] for row in rows], dtype=np.uint8)


def _meta_of(element: Element) -> dict[str, Json]:
    """The metadata elements (and notes) directly under a puzzle or puzzle set."""
    meta: dict[str, Json] = {}
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


def format_xml(puzzle: Puzzle) -> str:
    """The puzzle as a webpbn XML document with one puzzle."""
    colours = puzzle.palette.colours
    style = _XML_STYLES[puzzle.kind]
    chars, rgbs = style.chars(puzzle.palette), style.rgbs(puzzle.palette)
    meta = puzzle.meta
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', DOCTYPE, "<puzzleset>"]
    lines.append(f'<puzzle type="grid" {style.colours(puzzle.palette)}>')
    lines += [f"<{tag}>{_text(meta[tag])}</{tag}>" for tag in _META_TAGS if meta.get(tag)]
    lines += [
        f"<color name={quoteattr(c.name)} char={quoteattr(char)}>{rgb}</color>"
        for c, char, rgb in zip(colours, chars, rgbs, strict=True)
    ]
    for kind, clues in (("columns", puzzle.col_blocks), ("rows", puzzle.row_blocks)):
        lines.append(f'<clues type="{kind}">')
        for clue in clues:
            counts = "".join(
                f"<count{style.count(puzzle.palette.colours[k])}>{n}</count>" for n, k in clue
            )
            lines.append(f"<line>{counts}</line>")
        lines.append("</clues>")
    if puzzle.goal is not None:
        image = ["|" + "".join(_text(chars[v]) for v in row) + "|" for row in puzzle.goal.tolist()]
        lines += ['<solution type="goal">', "<image>", *image, "</image>", "</solution>"]
    if meta.get("license"):
        lines.append(f"<note>{_text(_LICENSE_NOTE + str(meta['license']))}</note>")
    notes = meta.get("notes") or []
    lines += [
        f"<note>{_text(note)}</note>" for note in (notes if isinstance(notes, list) else [notes])
    ]
    lines += ["</puzzle>", "</puzzleset>"]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class _XmlStyle:
    """How webpbn XML writes the colours of a puzzle of one kind."""

    colours: Callable[[Palette], str]
    """The ``<puzzle>`` tag's colour attributes."""
    chars: Callable[[Palette], list[str]]
    """Each colour's character in the solution's image, background first."""
    rgbs: Callable[[Palette], list[str]]
    """Each colour's RGB, hex digits."""
    count: Callable[[Colour], str]
    """A ``<count>``'s attributes for a block of this colour."""


_XML_STYLES: Final[dict[Kind, _XmlStyle]] = {
    MONO: _XmlStyle(
        colours=lambda _: 'defaultcolor="black"',
        chars=lambda _: [".", "X"],
        rgbs=lambda _: ["fff", "000"],
        count=lambda _: "",
    ),
    COLOUR: _XmlStyle(
        colours=lambda palette: (
            f'defaultcolor="{palette.colours[1].name}" backgroundcolor="{palette.colours[0].name}"'
        ),
        chars=lambda palette: [c.char for c in palette.colours],
        rgbs=lambda palette: [c.rgb[1:] for c in palette.colours],
        count=lambda colour: f" color={quoteattr(colour.name)}",
    ),
}
"""Webpbn's colours by the puzzle's kind (``Puzzle.kind``): black and white as the site
writes it (``X`` on ``.``, no colour attributes), else the palette's own."""


def escape(text: str, entities: dict[str, str] | None = None) -> str:
    """Text with ``&``, ``<`` and ``>`` escaped for XML, and any other ``entities`` given (as
    ``xml.sax.saxutils.escape``, whose module would import urllib at every start-up)."""
    text = text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    for char, entity in (entities or {}).items():
        text = text.replace(char, entity)
    return text


def quoteattr(text: str) -> str:
    """An XML attribute value, escaped and quoted (as ``xml.sax.saxutils.quoteattr``)."""
    text = escape(text, {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


def _text(value: object) -> str:
    """A metadata value escaped for XML text, without the control characters XML forbids."""
    text = "".join(ch for ch in str(value) if ch >= " " or ch in "\t\n\r")
    return escape(text)
