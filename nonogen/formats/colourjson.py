"""nonogen JSON for colour puzzles: the versioned puzzle object plus a ``palette``.

    {"format": "nonogen", "version": 1, "title": "...", "width": 3, "height": 2,
     "palette": [{"name": "white", "rgb": "#ffffff", "char": "."},
                 {"name": "red", "rgb": "#e41a1c", "char": "r"}, ...],
     "rows": [[[2, "red"], [1, "blue"]], []], "cols": [...],
     "solution": ["rrb", "..."], "givens": ["r??", "???"]}

``palette[0]`` is the background; every block is ``[length, colour]`` with the colour's name
(or its palette index, 1 up). Solution rows draw each cell with its colour's ``char``
(``char`` may be left out: then ``.`` for the background and the name's first letter, or a
digit, as ``nonogen.palette`` says). ``givens`` rows (optional) draw the cells revealed
in the printed grid the same way, with ``?`` for a cell not given. The ``palette`` key is what
marks an object as a colour puzzle; every key that is not structure is kept as metadata.
"""

from __future__ import annotations

import json
from typing import Final

import numpy as np

from nonogen.errors import InputError
from nonogen.formats.nonjson import FORMAT_NAME, VERSION, _check_version
from nonogen.formats.shared import shorten
from nonogen.grid import UNKNOWN, Partial
from nonogen.palette import Palette, make_palette
from nonogen.puzzle import Puzzle, puzzle_from_blocks

_STRUCTURE: Final = frozenset(
    {
        "format",
        "version",
        "width",
        "height",
        "palette",
        "rows",
        "cols",
        "solution",
        "goal",
        "givens",
    }
)
_LEADING_META: Final = ("title", "author", "copyright", "license", "id")
_MULTILINE: Final = frozenset({"palette", "rows", "cols", "solution", "givens"})
NOT_GIVEN_CHAR: Final = "?"
"""The character of a cell not given in ``givens`` rows."""


def parse_colour_json(text: str, name: str) -> Puzzle:
    """The colour puzzle of a nonogen JSON document."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{name}: line {exc.lineno}: expected JSON, {exc.msg} at column {exc.colno}"
        ) from None
    except (RecursionError, ValueError):
        raise InputError(f"{name}: expected JSON with numbers and nesting in reason") from None
    return colour_puzzle_from_object(obj, name)


def colour_puzzle_from_object(obj: object, where: str) -> Puzzle:
    """The colour puzzle a decoded JSON object describes."""
    if not isinstance(obj, dict):
        raise InputError(f'{where}: expected a JSON object with "palette", "rows" and "cols"')
    _check_version(obj, where)
    palette = _palette(obj.get("palette"), f"{where}: palette")
    rows = _clues(obj, "rows", palette, where)
    cols = _clues(obj, "cols", palette, where)
    key = "solution" if obj.get("solution") is not None else "goal"
    goal = None if obj.get(key) is None else _goal(obj[key], palette, f"{where}: {key}")
    givens = None
    if obj.get("givens") is not None:
        givens = _goal(obj["givens"], palette, f"{where}: givens", unknown=NOT_GIVEN_CHAR)
    meta = {k: v for k, v in obj.items() if k not in _STRUCTURE}
    puzzle = puzzle_from_blocks(
        rows, cols, palette, goal=goal, meta=meta, where=where, givens=givens
    )
    for size_key, actual in (("width", puzzle.width), ("height", puzzle.height)):
        if size_key in obj and (isinstance(obj[size_key], bool) or obj[size_key] != actual):
            raise InputError(
                f"{where}: {size_key} is {obj[size_key]!r} but the clues give {actual}; "
                f"fix {size_key} or the clues"
            )
    return puzzle


def _palette(value: object, where: str) -> Palette:
    """A palette from a list of {"name", "rgb", "char"?} objects, background first."""
    example = '[{"name": "white", "rgb": "#ffffff"}, {"name": "red", "rgb": "#ff0000"}]'
    if not isinstance(value, list):
        raise InputError(f"{where}: expected a list of colours like {example}")
    entries: list[tuple[str, str, str | None]] = []
    for i, item in enumerate(value):
        ok = isinstance(item, dict) and isinstance(item.get("name"), str)
        if not ok or not isinstance(item.get("rgb"), str):
            raise InputError(
                f"{where}: colour {i}: expected an object with a string name and rgb, as in "
                f"{example}; got {shorten(repr(item))}"
            )
        char = item.get("char")
        if char is not None and not isinstance(char, str):
            raise InputError(f"{where}: colour {i}: expected char to be a string, got {char!r}")
        entries.append((item["name"], item["rgb"], char))
    return make_palette(entries, where=where)


def _clues(obj: dict[str, object], key: str, palette: Palette, where: str) -> list[list[list[int]]]:
    """The clues under ``key`` with colour names turned into palette indices."""
    value = obj.get(key)
    if not isinstance(value, list):
        raise InputError(
            f'{where}: expected "{key}" to be a list of clues like [[[2, "red"], [1, "blue"]], []]'
        )
    kind = "row" if key == "rows" else "column"
    out: list[list[list[int]]] = []
    for i, clue in enumerate(value, 1):
        if not isinstance(clue, list):
            raise InputError(f"{where}: {kind} {i}: expected a list of [length, colour] blocks")
        out.append([_block(block, palette, f"{where}: {kind} {i}") for block in clue])
    return out


def _block(block: object, palette: Palette, where: str) -> list[int]:
    """One [length, colour name or index] block as [length, index]."""
    if not isinstance(block, list) or len(block) != 2:
        raise InputError(
            f'{where}: expected a block [length, colour] like [2, "red"], got {block!r}'
        )
    length, colour = block
    if isinstance(colour, str):
        index = palette.index(colour)
        if index is None or index == 0:
            names = ", ".join(c.name for c in palette.colours[1:])
            raise InputError(
                f"{where}: unknown block colour {colour!r}; the palette's colours are {names}"
            )
        colour = index
    if isinstance(length, bool) or not isinstance(length, int):
        raise InputError(f"{where}: expected a whole block length, got {length!r}")
    if isinstance(colour, bool) or not isinstance(colour, int):
        raise InputError(f"{where}: expected a colour name or index, got {colour!r}")
    return [length, colour]


def _goal(rows: object, palette: Palette, where: str, *, unknown: str = "") -> Partial:
    """A colour grid from solution rows drawn with the palette's characters (``unknown``,
    if given, draws ``UNKNOWN``)."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise InputError(f'{where}: expected a list of row strings like ["rr.", ".bb"]')
    chars = "".join(c.char for c in palette.colours)
    grid: list[list[int]] = []
    for r, row in enumerate(rows, 1):
        if len(row) != len(rows[0]):
            raise InputError(
                f"{where}: row {r} has {len(row)} cells but row 1 has {len(rows[0])}; "
                "give every row the same number of cells"
            )
        for c, char in enumerate(row, 1):
            if palette.char_index(char) is None and char != unknown:
                raise InputError(
                    f"{where}: row {r}, column {c}: expected one of the palette's characters "
                    f"{chars + unknown!r}, got {char!r}"
                )
        grid.append([_index(palette, char, unknown) for char in row])
    return np.array(grid, dtype=np.int8)


def _index(palette: Palette, char: str, unknown: str) -> int:
    """The palette index a checked character draws (``UNKNOWN`` for ``unknown``)."""
    return UNKNOWN if unknown and char == unknown else int(palette.char_index(char) or 0)


def format_colour_json(puzzle: Puzzle) -> str:
    """The colour puzzle as a nonogen JSON document (one clue or row per line)."""
    meta = puzzle.meta
    names = [c.name for c in puzzle.palette.colours]
    fields: list[tuple[str, object]] = [("format", FORMAT_NAME), ("version", VERSION)]
    fields += [(key, meta[key]) for key in _LEADING_META if key in meta]
    fields += [("width", puzzle.width), ("height", puzzle.height)]
    fields.append(
        (
            "palette",
            [{"name": c.name, "rgb": c.rgb, "char": c.char} for c in puzzle.palette.colours],
        )
    )
    for key, clues in (("rows", puzzle.row_blocks), ("cols", puzzle.col_blocks)):
        fields.append((key, [[[n, names[colour]] for n, colour in clue] for clue in clues]))
    if puzzle.goal is not None:
        chars = [c.char for c in puzzle.palette.colours]
        fields.append(
            ("solution", ["".join(chars[v] for v in row) for row in puzzle.goal.tolist()])
        )
    if puzzle.givens is not None:
        drawn = [*(c.char for c in puzzle.palette.colours)]
        fields.append(
            (
                "givens",
                [
                    "".join(NOT_GIVEN_CHAR if v == UNKNOWN else drawn[v] for v in row)
                    for row in puzzle.givens.tolist()
                ],
            )
        )
    fields += [(k, v) for k, v in meta.items() if k not in _STRUCTURE and k not in _LEADING_META]
    body = ",\n".join(f"  {json.dumps(key)}: {_value(key, value)}" for key, value in fields)
    return "{\n" + body + "\n}\n"


def _value(key: str, value: object) -> str:
    """One JSON value; the palette, clue and grid lists with one item per line."""
    if key in _MULTILINE and isinstance(value, list) and value:
        items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
        return "[\n" + items + "\n  ]"
    return json.dumps(value, ensure_ascii=False)
