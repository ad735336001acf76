"""Pieces the readers and writers share: run-list text, goal rows, goal checks."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import numpy as np

from nonogen.budgets import json_value_limit, json_values
from nonogen.clues import Clue
from nonogen.errors import InputError, LimitError
from nonogen.grid import FILLED, UNKNOWN, Grid, Partial, cell_code, parse_partial
from nonogen.puzzle import MAX_SIDE

COUNT_DIGITS: Final = 9
"""The most significant digits a size or a run length may have: a longer number is over every
limit, and Python's ``int`` refuses to read one of more than 4,300 digits."""

_RUN: Final = re.compile(r"[0-9]+")


def check_json_values(text: str | bytes, where: str, side: int = MAX_SIDE) -> None:
    """LimitError when a JSON text holds more values than a puzzle of ``side`` cells a side
    needs: checked before it is parsed, so that a small file cannot become millions of
    Python objects (a 20 MB file of ``[],`` is 6.8 million lists, over 2 GB)."""
    count = json_values(text)
    if count > json_value_limit(side):
        raise too_many_values(f"{where}: the JSON", count, side)


def too_many_values(what: str, count: int, side: int) -> LimitError:
    """The error of a JSON text (``what``) of ``count`` values, over the limit for ``side``."""
    return LimitError(
        f"{what} holds about {count:,} values (commas and brackets); a puzzle of at most "
        f"{side}x{side} cells needs no more than {json_value_limit(side):,}: send one puzzle "
        "with its clues, grid and palette only"
    )


def parse_runs(text: str, where: str) -> Clue:
    """A clue from comma-separated run lengths; ``0`` or nothing is the empty clue."""
    body = text.strip()
    if body in ("", "0"):
        return ()
    parts = [part.strip() for part in body.split(",")]
    if not all(_RUN.fullmatch(part) and parse_count(part, where) > 0 for part in parts):
        raise InputError(
            f"{where}: expected comma-separated positive numbers (or 0 for an empty line), "
            f"got {shorten(text)!r}"
        )
    return tuple(parse_count(part, where) for part in parts)


def parse_count(digits: str, where: str) -> int:
    """The number a string of ASCII digits stands for; LimitError if it is too long to be a
    size or a run length."""
    significant = digits.lstrip("0")
    if len(significant) > COUNT_DIGITS:
        raise LimitError(
            f"{where}: expected a number of at most {MAX_SIDE}, got one of "
            f"{len(significant)} digits ({shorten(digits, 20)!r}); check the number"
        )
    return int(significant or "0")


def format_runs(clue: Clue) -> str:
    """Comma-separated run lengths, ``0`` for the empty clue."""
    return ",".join(map(str, clue)) if clue else "0"


def shorten(text: str, limit: int = 60) -> str:
    """The text, cut to ``limit`` characters with an ellipsis, for error messages."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_rows(rows: Sequence[str], where: str) -> Partial:
    """A partial grid from text-notation rows; InputError naming the bad row otherwise."""
    partial = parse_partial(rows)
    if partial is not None:
        return partial
    if not rows or not rows[0]:
        raise InputError(f"{where}: expected rows of '#', '.' or '?' cells, got no cells")
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise InputError(
                f"{where}: row {r + 1} has {len(row)} cells but row 1 has {len(rows[0])}; "
                "give every row the same number of cells"
            )
        for c, char in enumerate(row):
            if cell_code(char) is None:
                raise InputError(
                    f"{where}: row {r + 1}, column {c + 1}: expected '#' (filled), "
                    f"'.' (empty) or '?' (unknown), got {char!r}"
                )
    raise AssertionError("parse_partial refused rows that look fine")  # pragma: no cover


def parse_goal_rows(rows: object, where: str) -> Grid:
    """A solved grid from a list of text-notation rows; no unknown cells allowed."""
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise InputError(
            f'{where}: expected a list of row strings like ["#.#", ".#."], got '
            f"{shorten(repr(rows))}"
        )
    partial = parse_rows(rows, where)
    if (partial == UNKNOWN).any():
        r, c = (int(i) for i in np.argwhere(partial == UNKNOWN)[0])
        raise InputError(
            f"{where}: row {r + 1}, column {c + 1}: a solution cannot have unknown cells "
            "('?'); use '#' for filled and '.' for empty"
        )
    grid: Grid = partial == FILLED
    return grid
