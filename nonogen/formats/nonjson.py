"""nonogen JSON (one versioned puzzle object) and JSON Lines (one puzzle object per line), for
puzzles of either kind.

    {"format": "nonogen", "version": 1, "title": "...", "width": 3, "height": 2,
     "rows": [[2], [1, 1]], "cols": [...], "solution": ["##.", "#.#"], "givens": ["?#?", "???"]}

A colour puzzle adds a ``palette`` (background first) and gives each block a colour:

    "palette": [{"name": "white", "rgb": "#ffffff", "char": "."},
                {"name": "red", "rgb": "#e41a1c", "char": "r"}, ...],
    "rows": [[[2, "red"], [1, "blue"]], []], "solution": ["rrb", "..."], "givens": ["r??", "???"]

A block's colour is its name (or its palette index, 1 up). Colour solution and givens rows draw
each cell with its colour's ``char`` (``char`` may be left out: then ``.`` for the background and
the name's first letter, or a digit, as ``nonogen.palette`` says), ``?`` for a cell not given.
Reading also takes the benchmark corpus objects as they are: the solution under ``goal``,
``width``/``height`` checked against the clues, every other key kept as metadata.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Final

import numpy as np
import numpy.typing as npt

from nonogen.errors import InputError
from nonogen.formats.shared import check_json_values, parse_goal_rows, parse_rows, shorten
from nonogen.grid import UNKNOWN, Partial, format_grid
from nonogen.palette import Palette, make_palette
from nonogen.puzzle import (
    COLOUR,
    MAX_SIDE,
    MONO,
    Kind,
    Meta,
    Puzzle,
    has_givens,
    puzzle_from_blocks,
    puzzle_from_lengths,
)

FORMAT_NAME: Final = "nonogen"
"""The value of the ``format`` key nonogen writes."""
VERSION: Final = 1
"""The newest ``version`` of the JSON format this code reads and the one it writes."""

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
"""The character of a cell not given in colour ``givens`` rows."""
_LONG_NUMBER: Final = (
    f"got a number of over {sys.get_int_max_str_digits()} digits; sizes and run lengths are "
    f"at most {MAX_SIDE}"
)


def parse_json(text: str, name: str) -> Puzzle:
    """The puzzle of a nonogen JSON (or corpus JSON) document."""
    check_json_values(text, name)
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{name}: line {exc.lineno}: expected JSON, {exc.msg} at column {exc.colno}"
        ) from None
    except RecursionError:
        raise InputError(f"{name}: expected JSON, got nesting too deep to read") from None
    except ValueError:  # int() refuses a number of over 4,300 digits
        raise InputError(f"{name}: expected JSON, {_LONG_NUMBER}") from None
    return puzzle_from_object(obj, name)


def iter_jsonl(text: str, name: str) -> Iterator[tuple[str, Puzzle]]:
    """(label, puzzle) for each line of a JSON Lines text; the label uses the puzzle's id.
    InputError at the first line that is not a puzzle."""
    for label, entry in jsonl_entries(text, name):
        if isinstance(entry, InputError):
            raise entry
        yield label, entry


def jsonl_entries(text: str, name: str) -> Iterator[tuple[str, Puzzle | InputError]]:
    """(label, puzzle or the InputError that says why the line is none) for each line of a
    JSON Lines text, every line read: a broken line is one entry (labelled ``name:7``)."""
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            puzzle = _jsonl_line(line, f"{name}: line {lineno}")
        except InputError as error:
            yield f"{name}:{lineno}", error
            continue
        ident = puzzle.meta.get("id")
        has_id = isinstance(ident, (str, int)) and not isinstance(ident, bool) and ident != ""
        yield (f"{name}#{ident}" if has_id else f"{name}:{lineno}"), puzzle


def _jsonl_line(line: str, where: str) -> Puzzle:
    """The puzzle one line of a JSON Lines text describes; InputError naming ``where``."""
    check_json_values(line, where)
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: expected JSON, {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise InputError(f"{where}: expected JSON, got nesting too deep to read") from None
    except ValueError:
        raise InputError(f"{where}: expected JSON, {_LONG_NUMBER}") from None
    return puzzle_from_object(obj, where)


def puzzle_from_object(obj: object, where: str) -> Puzzle:
    """The puzzle a decoded JSON object describes."""
    if not isinstance(obj, dict):
        raise InputError(
            f'{where}: expected a JSON object with "rows" and "cols", got {type(obj).__name__}'
        )
    if "rows" not in obj and "puzzles" in obj:
        raise InputError(
            f'{where}: this is a catalogue of puzzles (it has "puzzles" but no "rows"), '
            "not a puzzle; read the puzzle files it lists"
        )
    _check_version(obj, where)
    meta = {key: value for key, value in obj.items() if key not in _STRUCTURE}
    if obj.get("palette") is not None:
        puzzle = _colour_puzzle(obj, meta, where)
    else:
        puzzle = _plain_puzzle(obj, meta, where)
    _check_size(obj, puzzle, where)
    return puzzle


def _plain_puzzle(obj: dict[str, object], meta: Meta, where: str) -> Puzzle:
    """A black-and-white puzzle: run lengths, ``#``/``.`` rows, ``?`` for a cell not given."""
    rows = _clue_list(obj, "rows", where)
    cols = _clue_list(obj, "cols", where)
    goal_key = "solution" if obj.get("solution") is not None else "goal"
    goal = None
    if obj.get(goal_key) is not None:
        goal = parse_goal_rows(obj[goal_key], f"{where}: {goal_key}")
    givens = None
    if obj.get("givens") is not None:
        if not isinstance(obj["givens"], list):
            raise InputError(f'{where}: givens: expected a list of row strings like ["??#"]')
        givens = parse_rows([str(row) for row in obj["givens"]], f"{where}: givens")
    return puzzle_from_lengths(rows, cols, givens=givens, goal=goal, meta=meta, where=where)


def _colour_puzzle(obj: dict[str, object], meta: Meta, where: str) -> Puzzle:
    """A puzzle with a palette: ``[length, colour]`` blocks, rows of the colours' chars."""
    palette = palette_of(obj["palette"], f"{where}: palette")
    rows = _blocks_list(obj, "rows", palette, where)
    cols = _blocks_list(obj, "cols", palette, where)
    key = "solution" if obj.get("solution") is not None else "goal"
    goal = None if obj.get(key) is None else palette_rows(obj[key], palette, f"{where}: {key}")
    givens = None
    if obj.get("givens") is not None:
        givens = palette_rows(obj["givens"], palette, f"{where}: givens", unknown=NOT_GIVEN_CHAR)
    return puzzle_from_blocks(rows, cols, palette, goal=goal, givens=givens, meta=meta, where=where)


def _check_version(obj: dict[str, object], where: str) -> None:
    """Refuse a ``version`` this code does not know."""
    version = obj.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise InputError(f"{where}: version: expected a whole number from 1, got {version!r}")
    if version > VERSION:
        raise InputError(
            f"{where}: made by a newer nonogen (format version {version}; this one reads up "
            f"to {VERSION}); upgrade nonogen"
        )


def _clue_list(obj: dict[str, object], key: str, where: str) -> list[list[int]]:
    """The list of clues under ``key``, checked to be a list (``puzzle_from_lengths`` checks
    the rest)."""
    if key not in obj:
        raise InputError(
            f'{where}: expected a "{key}" key holding clues like [[3], [1, 1], []]'
            + _named_otherwise(obj, key)
        )
    value = obj[key]
    if not isinstance(value, list):
        raise InputError(
            f"{where}: {key}: expected a list of clues like [[3], [1, 1], []], "
            f"got {type(value).__name__}"
        )
    return value


OTHER_NAMES: Final = {"cols": ("columns", "column_clues", "col_clues"), "rows": ("row_clues",)}
"""What other tools call the clue lists, for the error that names the key nonogen reads."""


def _named_otherwise(obj: dict[str, object], key: str) -> str:
    """The end of a missing key's error when the file has the key under another tool's name:
    `; this file has "columns": rename it "cols"`."""
    found = [name for name in OTHER_NAMES.get(key, ()) if name in obj]
    return f'; this file has "{found[0]}": rename it "{key}"' if found else ""


def _check_size(obj: dict[str, object], puzzle: Puzzle, where: str) -> None:
    """Refuse ``width``/``height`` keys that disagree with the clues."""
    for key, actual in (("width", puzzle.width), ("height", puzzle.height)):
        if key in obj and (isinstance(obj[key], bool) or obj[key] != actual):
            raise InputError(
                f"{where}: {key} is {obj[key]!r} but the clues give {actual}; "
                f"fix {key} or the clues"
            )


def palette_of(value: object, where: str) -> Palette:
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


def _blocks_list(
    obj: dict[str, object], key: str, palette: Palette, where: str
) -> list[list[list[int]]]:
    """The clues under ``key`` with colour names turned into palette indices."""
    value = obj.get(key)
    if not isinstance(value, list):
        raise InputError(
            f'{where}: expected "{key}" to be a list of clues like [[[2, "red"], [1, "blue"]], []]'
            + ("" if key in obj else _named_otherwise(obj, key))
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
        names = ", ".join(c.name for c in palette.colours[1:])
        if index == 0:
            raise InputError(
                f"{where}: block colour {colour!r} is the background (the palette's first "
                f"colour), which clues do not count; use one of {names}"
            )
        if index is None:
            raise InputError(
                f"{where}: unknown block colour {colour!r}; the palette's colours are {names}"
            )
        colour = index
    if isinstance(length, bool) or not isinstance(length, int):
        raise InputError(f"{where}: expected a whole block length, got {length!r}")
    if isinstance(colour, bool) or not isinstance(colour, int):
        raise InputError(f"{where}: expected a colour name or index, got {colour!r}")
    return [length, colour]


def palette_rows(rows: object, palette: Palette, where: str, *, unknown: str = "") -> Partial:
    """Palette indices from rows drawn with the palette's characters (``unknown``, if given,
    draws ``UNKNOWN``)."""
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


def format_json(puzzle: Puzzle) -> str:
    """The puzzle as a nonogen JSON document (one clue or row per line)."""
    meta = puzzle.meta
    fields: list[tuple[str, object]] = [("format", FORMAT_NAME), ("version", VERSION)]
    fields += [(key, meta[key]) for key in _LEADING_META if key in meta]
    fields += [("width", puzzle.width), ("height", puzzle.height)]
    fields += _KIND_FIELDS[puzzle.kind](puzzle)
    fields += [(k, v) for k, v in meta.items() if k not in _STRUCTURE and k not in _LEADING_META]
    body = ",\n".join(f"  {json.dumps(key)}: {_value(key, value)}" for key, value in fields)
    return "{\n" + body + "\n}\n"


def _plain_fields(puzzle: Puzzle) -> list[tuple[str, object]]:
    """Run lengths, and ``#``/``.`` rows."""
    fields: list[tuple[str, object]] = [
        ("rows", [list(c) for c in puzzle.rows]),
        ("cols", [list(c) for c in puzzle.cols]),
    ]
    if puzzle.filled_goal is not None:
        fields.append(("solution", format_grid(puzzle.filled_goal)))
    if puzzle.givens is not None and has_givens(puzzle):
        fields.append(("givens", format_grid(puzzle.givens)))
    return fields


def _colour_fields(puzzle: Puzzle) -> list[tuple[str, object]]:
    """The palette, ``[length, name]`` blocks, and rows of the colours' characters."""
    colours = puzzle.palette.colours
    fields: list[tuple[str, object]] = [("palette", puzzle.palette.entries())]
    for key, clues in (("rows", puzzle.row_blocks), ("cols", puzzle.col_blocks)):
        fields.append((key, [[[n, colours[k].name] for n, k in clue] for clue in clues]))
    for key, grid in (("solution", puzzle.goal), ("givens", puzzle.givens)):
        if grid is not None:
            fields.append((key, palette_text(grid, puzzle.palette)))
    return fields


_KIND_FIELDS: Final[dict[Kind, Callable[[Puzzle], list[tuple[str, object]]]]] = {
    MONO: _plain_fields,
    COLOUR: _colour_fields,
}
"""A puzzle's clues and grids as the file writes them, by its kind (``Puzzle.kind``)."""


def palette_text(grid: npt.NDArray[np.integer], palette: Palette) -> list[str]:
    """Rows of a grid of palette indices in the palette's characters (``UNKNOWN``: ``?``)."""
    chars = {i: c.char for i, c in enumerate(palette.colours)} | {UNKNOWN: NOT_GIVEN_CHAR}
    return ["".join(chars[v] for v in row) for row in np.asarray(grid).tolist()]


def _value(key: str, value: object) -> str:
    """One JSON value; the palette, clue and grid lists with one item per line."""
    if key in _MULTILINE and isinstance(value, list) and value:
        items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
        return "[\n" + items + "\n  ]"
    return json.dumps(value, ensure_ascii=False)
