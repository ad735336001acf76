"""nonogen JSON (one versioned puzzle object) and JSON Lines (one puzzle object per line).

Reading also takes the benchmark corpus objects as they are: the solution under ``goal``,
``width``/``height`` checked against the clues, every other key kept as metadata.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Final

from nonogen.errors import InputError
from nonogen.formats.shared import parse_goal_rows, parse_rows, solution_for
from nonogen.grid import Grid, format_grid
from nonogen.puzzle import MAX_SIDE, Puzzle, has_givens, make_puzzle

FORMAT_NAME: Final = "nonogen"
"""The value of the ``format`` key nonogen writes."""
VERSION: Final = 1
"""The newest ``version`` of the JSON format this code reads and the one it writes."""

_STRUCTURE: Final = frozenset(
    {"format", "version", "width", "height", "rows", "cols", "solution", "goal", "givens"}
)
_LEADING_META: Final = ("title", "author", "copyright", "license", "id")
_MULTILINE: Final = frozenset({"rows", "cols", "solution", "givens"})
_LONG_NUMBER: Final = (
    f"got a number of over {sys.get_int_max_str_digits()} digits; sizes and run lengths are "
    f"at most {MAX_SIDE}"
)


def parse_json(text: str, name: str) -> Puzzle:
    """The puzzle of a nonogen JSON (or corpus JSON) document."""
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
    """(label, puzzle) for each line of a JSON Lines text; the label uses the puzzle's id."""
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{name}: line {lineno}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{where}: expected JSON, {exc.msg} at column {exc.colno}") from None
        except RecursionError:
            raise InputError(f"{where}: expected JSON, got nesting too deep to read") from None
        except ValueError:
            raise InputError(f"{where}: expected JSON, {_LONG_NUMBER}") from None
        puzzle = puzzle_from_object(obj, where)
        ident = puzzle.meta.get("id")
        has_id = isinstance(ident, (str, int)) and not isinstance(ident, bool) and ident != ""
        yield (f"{name}#{ident}" if has_id else f"{name}:{lineno}"), puzzle


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
    meta = {key: value for key, value in obj.items() if key not in _STRUCTURE}
    puzzle = make_puzzle(rows, cols, givens=givens, goal=goal, meta=meta, where=where)
    _check_size(obj, puzzle, where)
    return puzzle


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
    """The list of clues under ``key``, checked to be a list (make_puzzle checks the rest)."""
    if key not in obj:
        raise InputError(f'{where}: expected a "{key}" key holding clues like [[3], [1, 1], []]')
    value = obj[key]
    if not isinstance(value, list):
        raise InputError(
            f"{where}: {key}: expected a list of clues like [[3], [1, 1], []], "
            f"got {type(value).__name__}"
        )
    return value


def _check_size(obj: dict[str, object], puzzle: Puzzle, where: str) -> None:
    """Refuse ``width``/``height`` keys that disagree with the clues."""
    for key, actual in (("width", puzzle.width), ("height", puzzle.height)):
        if key in obj and (isinstance(obj[key], bool) or obj[key] != actual):
            raise InputError(
                f"{where}: {key} is {obj[key]!r} but the clues give {actual}; "
                f"fix {key} or the clues"
            )


def format_json(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The puzzle as a nonogen JSON document (one clue or row per line)."""
    goal = solution_for(puzzle, solution)
    meta = puzzle.meta
    fields: list[tuple[str, object]] = [("format", FORMAT_NAME), ("version", VERSION)]
    fields += [(key, meta[key]) for key in _LEADING_META if key in meta]
    fields += [("width", puzzle.width), ("height", puzzle.height)]
    fields += [("rows", [list(c) for c in puzzle.rows]), ("cols", [list(c) for c in puzzle.cols])]
    if goal is not None:
        fields.append(("solution", format_grid(goal)))
    if puzzle.givens is not None and has_givens(puzzle):
        fields.append(("givens", format_grid(puzzle.givens)))
    fields += [(k, v) for k, v in meta.items() if k not in _STRUCTURE and k not in _LEADING_META]
    body = ",\n".join(f"  {json.dumps(key)}: {_value(key, value)}" for key, value in fields)
    return "{\n" + body + "\n}\n"


def _value(key: str, value: object) -> str:
    """One JSON value; the clue and grid lists with one item per line."""
    if key in _MULTILINE and isinstance(value, list) and value:
        items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
        return "[\n" + items + "\n  ]"
    return json.dumps(value, ensure_ascii=False)
