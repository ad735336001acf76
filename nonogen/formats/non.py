"""Steve Simpson's ``.non`` format, as documented by mikix/nonogram-db (FORMAT.md).

A ``.non`` file is a list of ``key value`` lines. ``width N`` and ``height N`` come before
``rows`` and ``columns``, each of which starts a section of exactly ``height`` (``width``)
lines, one clue per line: comma-separated run lengths, ``0`` or a blank line for an empty
line. ``goal`` holds the solution as one string of 0/1 digits, row by row. String values are
quoted and may hold HTML escapes; unknown keys are kept as metadata; ``by`` is the author.
Several puzzles may be bundled in one file (``.nonpack``), separated by ``====`` lines.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from nonogen.clues import Clue, check_clue
from nonogen.errors import InputError, LimitError
from nonogen.formats.shared import (
    format_runs,
    parse_count,
    parse_runs,
    shorten,
)
from nonogen.grid import Grid
from nonogen.puzzle import MAX_SIDE, Puzzle, puzzle_from_lengths
from nonogen.records import Json

NumberedLine = tuple[int, str]
"""One line of the file with its 1-based line number."""

_KEY: Final = re.compile(r"([A-Za-z_][\w-]*)(?:\s+(.*))?")
_STRAY_CLUE: Final = re.compile(r"[0-9][0-9, ]*")
_COLOUR_RUN: Final = re.compile(r"[0-9]+\s*[A-Za-z]")
_SPDX: Final = re.compile(r"[A-Za-z0-9.+-]+")
_META_OF_KEY: Final = {"by": "author"}
_WRITTEN_META: Final = (("catalogue", "catalogue"), ("title", "title"), ("by", "author"))
_BUNDLE_DIVIDER: Final = "===="


@dataclass
class _Draft:
    """What has been read of one puzzle so far."""

    meta: dict[str, Json] = field(default_factory=dict)
    width: int | None = None
    height: int | None = None
    rows: list[Clue] | None = None
    cols: list[Clue] | None = None
    goals: dict[str, tuple[str, str]] = field(default_factory=dict)
    """``goal`` / ``solution`` value and the place it was read, by key."""


def parse_non(text: str, name: str) -> list[Puzzle]:
    """Every puzzle of a ``.non`` text (several when bundled with ``====`` lines)."""
    chunks = [chunk for chunk in _split_bundle(text) if any(line.strip() for _, line in chunk)]
    if not chunks:
        raise InputError(f"{name}: expected a .non puzzle (width, height, rows, columns)")
    many = len(chunks) > 1
    return [
        _parse_chunk(chunk, f"{name}: puzzle {i}" if many else name, name)
        for i, chunk in enumerate(chunks, 1)
    ]


def _split_bundle(text: str) -> list[list[NumberedLine]]:
    """The numbered lines of each puzzle of a bundle."""
    chunks: list[list[NumberedLine]] = [[]]
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.strip() == _BUNDLE_DIVIDER:
            chunks.append([])
        else:
            chunks[-1].append((lineno, line))
    return chunks


def _parse_chunk(chunk: list[NumberedLine], where: str, name: str) -> Puzzle:
    """One puzzle from its numbered lines."""
    draft = _Draft()
    lines = iter(chunk)
    for lineno, line in lines:
        at = f"{name}: line {lineno}"
        if _STRAY_CLUE.fullmatch(line.strip()):
            raise InputError(
                f"{at}: a clue line outside the 'rows' and 'columns' sections; check that "
                "height and width match the number of clue lines"
            )
        match = _KEY.fullmatch(line.strip())
        if match is None:
            continue  # the format says to ignore lines one does not recognise
        key, value = match.group(1), (match.group(2) or "").strip()
        if key in ("rows", "columns"):
            _read_section(draft, key, lines, at, name)
        else:
            _read_key(draft, key, value, at)
    return _build(draft, where)


def _read_key(draft: _Draft, key: str, value: str, at: str) -> None:
    """Record one ``key value`` line."""
    if key in ("width", "height"):
        count = parse_count(value, at) if re.fullmatch(r"[0-9]+", value) else 0
        if count < 1:
            raise InputError(f"{at}: expected '{key} N' with N a positive number, got {value!r}")
        if count > MAX_SIDE:
            raise LimitError(f"{at}: {key} {value} is over the limit of {MAX_SIDE} cells")
        setattr(draft, key, count)
    elif key in ("goal", "solution"):
        draft.goals[key] = (at, _unquote(value))
    elif key != "color":  # colours of a black-and-white puzzle carry nothing we keep
        draft.meta[_META_OF_KEY.get(key, key)] = _unquote(value)


def _read_section(
    draft: _Draft, key: str, lines: Iterator[NumberedLine], at: str, name: str
) -> None:
    """Read the clue lines that follow ``rows`` or ``columns``."""
    count, across = (draft.height, draft.width) if key == "rows" else (draft.width, draft.height)
    size_key, kind = ("height", "row") if key == "rows" else ("width", "column")
    if count is None:
        raise InputError(f"{at}: '{key}' comes before '{size_key}'; put '{size_key} N' above it")
    if (draft.rows if key == "rows" else draft.cols) is not None:
        raise InputError(f"{at}: a second '{key}' section; give each section once")
    clues: list[Clue] = []
    for i in range(count):
        lineno, line = next(lines, (0, ""))
        if lineno == 0:
            raise InputError(
                f"{name}: the file ends after {i} of {count} {kind} clues; '{key}' needs one "
                f"line per {kind} ({size_key} {count}), with 0 or a blank line for an empty one"
            )
        place = f"{name}: line {lineno}: {kind} {i + 1}"
        if _COLOUR_RUN.search(line):
            raise InputError(f"{place}: colour puzzles are not supported, got {shorten(line)!r}")
        clue = parse_runs(line, place)
        if across is not None:
            check_clue(clue, across, place)
        clues.append(clue)
    setattr(draft, key if key == "rows" else "cols", clues)


def _unquote(value: str) -> str:
    """A string value without its quotes, HTML escapes resolved."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return html.unescape(value)


def _build(draft: _Draft, where: str) -> Puzzle:
    """The checked puzzle from a complete draft."""
    if draft.rows is None or draft.cols is None:
        key = "rows" if draft.rows is None else "columns"
        raise InputError(f"{where}: expected a '{key}' section with one clue per line")
    goal = None
    goal_at = where
    if draft.goals:
        goal_at, value = draft.goals.get("goal") or draft.goals["solution"]
        goal = _parse_goal(value, len(draft.rows), len(draft.cols), goal_at)
    return puzzle_from_lengths(draft.rows, draft.cols, goal=goal, meta=draft.meta, where=goal_at)


def _parse_goal(value: str, height: int, width: int, at: str) -> Grid:
    """A solved grid from a ``goal`` string of 0/1 digits, row by row."""
    digits = "".join(value.split())
    other = next((char for char in digits if char not in "01"), None)
    if other is not None:
        raise InputError(
            f"{at}: goal: expected only 0 (empty) and 1 (filled), got {other!r}; "
            "colour puzzles are not supported"
        )
    if len(digits) != width * height:
        raise InputError(
            f"{at}: goal: expected {width}x{height} = {width * height} digits, "
            f"got {len(digits)}; give one 0/1 digit per cell, row by row"
        )
    cells = np.frombuffer(digits.encode("ascii"), dtype=np.uint8) == ord("1")
    grid: Grid = cells.reshape(height, width)
    return grid


def format_non(puzzle: Puzzle) -> str:
    """The puzzle as a ``.non`` text."""
    goal = puzzle.filled_goal
    meta = puzzle.meta
    lines = [f'{key} "{_quote(meta[name])}"' for key, name in _WRITTEN_META if meta.get(name)]
    if meta.get("copyright"):
        lines.append(f'copyright "{_quote(meta["copyright"])}"')
    if meta.get("license"):
        licence = str(meta["license"])
        lines.append(
            f"license {licence}" if _SPDX.fullmatch(licence) else f'license "{_quote(licence)}"'
        )
    lines += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    lines += [format_runs(clue) for clue in puzzle.rows]
    lines += ["", "columns"]
    lines += [format_runs(clue) for clue in puzzle.cols]
    if goal is not None:
        lines += ["", 'goal "' + "".join("1" if cell else "0" for cell in goal.flat) + '"']
    return "\n".join(lines) + "\n"


def _quote(value: object) -> str:
    """A metadata value made safe for a quoted ``.non`` string."""
    text = str(value).replace("&", "&amp;").replace('"', "&quot;")
    return text.replace("\n", "&#10;").replace("\r", "&#13;")
