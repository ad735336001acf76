"""Jan Wolter's webpbn XML format (pbn 0.3) for colour puzzles.

    <puzzle type="grid" defaultcolor="black" backgroundcolor="white">
      <color name="white" char=".">fff</color> <color name="red" char="r">f00</color> ...
      <clues type="columns"><line><count color="red">2</count><count>1</count></line>...
      <clues type="rows">...</clues>
      <solution type="goal"><image>|rr.|...</image></solution>
    </puzzle>

A ``<count>`` without ``color`` has the puzzle's ``defaultcolor`` (webpbn's default: black);
the background is ``backgroundcolor`` (default white). The palette is the background, then the
other ``<color>`` elements in document order; black (000) and white (fff) need no ``<color>``
element. Parsing, entities and metadata are the black-and-white reader's
(``nonogen.formats.webpbn``), which still refuses colour files: route them here.

webpbn XML has no givens (cells revealed in the printed grid): a puzzle with givens is not
written as XML (its clues alone may not make it unique); nonogen JSON keeps them.
"""

from __future__ import annotations

import re
from typing import Final
from xml.sax.saxutils import quoteattr

import numpy as np

from nonogen.clues import ColourClue, ColourGrid
from nonogen.errors import InputError
from nonogen.formats.shared import parse_count
from nonogen.formats.webpbn import (
    _LICENSE_NOTE,
    _META_TAGS,
    DOCTYPE,
    Element,
    _meta_of,
    _parse_tree,
    _text,
    solution_rows,
)
from nonogen.palette import Palette, make_palette
from nonogen.puzzle import Puzzle, puzzle_from_blocks

_KNOWN_RGB: Final = {"white": "fff", "black": "000"}
_KNOWN_CHARS: Final = {"white": ".", "black": "X"}


def puzzle_elements(text: str, name: str) -> tuple[list[Element], dict[str, object]]:
    """The ``<puzzle>`` elements of a webpbn document and the puzzle set's metadata."""
    root = _parse_tree(text, name)
    if root.tag == "puzzle":
        return [root], {}
    if root.tag == "puzzleset" and root.findall("puzzle"):
        return root.findall("puzzle"), _meta_of(root)
    raise InputError(f"{name}: expected a <puzzleset> of <puzzle> elements, got <{root.tag}>")


def is_colour_element(element: Element) -> bool:
    """Whether a ``<puzzle>`` uses more than one non-background colour."""
    default = element.get("defaultcolor", "black")
    background = element.get("backgroundcolor", "white")
    used = {count.get("color", default) for count in element.iter("count")}
    defined = {str(c.get("name")) for c in element.findall("color")}
    return len((used | defined | {default}) - {background}) > 1


def parse_colour_xml(text: str, name: str) -> list[tuple[str, Puzzle]]:
    """(label, puzzle) for every puzzle of a webpbn XML text, read as colour puzzles."""
    elements, set_meta = puzzle_elements(text, name)
    if len(elements) == 1:
        return [(name, _puzzle(elements[0], name, set_meta))]
    out = []
    for i, element in enumerate(elements, 1):
        puzzle = _puzzle(element, f"{name}: puzzle {i}", set_meta)
        out.append((f"{name}#{puzzle.meta.get('id') or i}", puzzle))
    return out


def _puzzle(element: Element, where: str, set_meta: dict[str, object]) -> Puzzle:
    """One checked colour puzzle from a ``<puzzle>`` element."""
    kind = element.get("type", "grid")
    if kind != "grid":
        raise InputError(f"{where}: only grid puzzles are supported, got type={kind!r}")
    default = element.get("defaultcolor", "black")
    palette = _palette(element, default, where)
    rows = _clues(element, "rows", default, palette, where)
    cols = _clues(element, "columns", default, palette, where)
    goal = _goal(element, palette, where)
    meta = {**set_meta, **_meta_of(element)}
    return puzzle_from_blocks(rows, cols, palette, goal=goal, meta=meta, where=where)


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
        rgb = (node.text or "").strip() if node is not None else _KNOWN_RGB.get(colour)
        if rgb is None:
            raise InputError(
                f'{where}: colour {colour!r} is used but not defined; add <color name="{colour}" '
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


def format_colour_xml(puzzle: Puzzle) -> str:
    """The colour puzzle as a webpbn XML document with one puzzle."""
    if puzzle.givens is not None:
        raise InputError(
            "output: webpbn XML has no givens, and without them the puzzle may not be unique; "
            "write it as nonogen JSON instead"
        )
    colours = puzzle.palette.colours
    meta = puzzle.meta
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', DOCTYPE, "<puzzleset>"]
    lines.append(
        f'<puzzle type="grid" defaultcolor="{colours[1].name}" backgroundcolor="{colours[0].name}">'
    )
    lines += [f"<{tag}>{_text(meta[tag])}</{tag}>" for tag in _META_TAGS if meta.get(tag)]
    lines += [
        f'<color name="{c.name}" char={quoteattr(c.char)}>{c.rgb[1:]}</color>' for c in colours
    ]
    for kind, clues in (("columns", puzzle.col_blocks), ("rows", puzzle.row_blocks)):
        lines.append(f'<clues type="{kind}">')
        for clue in clues:
            counts = "".join(f'<count color="{colours[c].name}">{n}</count>' for n, c in clue)
            lines.append(f"<line>{counts}</line>")
        lines.append("</clues>")
    if puzzle.goal is not None:
        image = [
            "|" + "".join(_text(colours[v].char) for v in row) + "|" for row in puzzle.goal.tolist()
        ]
        lines += ['<solution type="goal">', "<image>", *image, "</image>", "</solution>"]
    if meta.get("license"):
        lines.append(f"<note>{_text(_LICENSE_NOTE + str(meta['license']))}</note>")
    notes = meta.get("notes") or []
    lines += [
        f"<note>{_text(note)}</note>" for note in (notes if isinstance(notes, list) else [notes])
    ]
    lines += ["</puzzle>", "</puzzleset>"]
    return "\n".join(lines) + "\n"
