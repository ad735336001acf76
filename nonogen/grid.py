"""Grids: a solved grid is a ``(rows, cols)`` bool array; a partial grid an int8 array.

Partial grids use one code per cell: ``UNKNOWN`` (-1), ``EMPTY`` (0), ``FILLED`` (1). The text
notation writes a grid as one string per row: ``#`` filled, ``.`` empty, ``?`` unknown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

Grid = npt.NDArray[np.bool_]
"""A solved grid, indexed ``(row, col)``; True is filled."""
Partial = npt.NDArray[np.int8]
"""A partial grid, indexed ``(row, col)``, with the codes below."""

UNKNOWN: Final = -1
EMPTY: Final = 0
FILLED: Final = 1

FILLED_CHARS: Final = frozenset("#X1*@█■")
EMPTY_CHARS: Final = frozenset(".-0 _xo")
UNKNOWN_CHARS: Final = frozenset("?")
SYMBOL: Final = {UNKNOWN: "?", EMPTY: ".", FILLED: "#"}


def cell_code(char: str) -> int | None:
    """The partial-grid code of one text-notation character, or None if it is not one."""
    if char in FILLED_CHARS:
        return FILLED
    if char in EMPTY_CHARS:
        return EMPTY
    if char in UNKNOWN_CHARS:
        return UNKNOWN
    return None


def parse_partial(lines: Sequence[str]) -> Partial | None:
    """A partial grid from rows of text notation, or None if a row is ragged or a char unknown."""
    if not lines or any(len(line) != len(lines[0]) for line in lines) or not lines[0]:
        return None
    codes = [[cell_code(ch) for ch in line] for line in lines]
    if any(code is None for row in codes for code in row):
        return None
    return np.array(codes, dtype=np.int8)


def format_grid(grid: Grid | Partial) -> list[str]:
    """Rows of text notation for a solved or partial grid."""
    if grid.dtype == np.bool_:
        return ["".join("#" if cell else "." for cell in row) for row in grid.tolist()]
    return ["".join(SYMBOL[int(cell)] for cell in row) for row in grid.tolist()]


def row_masks(grid: Grid) -> list[int]:
    """One bitmask per row of a solved grid; bit ``c`` is column ``c``."""
    return [sum(1 << c for c, cell in enumerate(row) if cell) for row in grid.tolist()]


def grid_from_masks(masks: Iterable[int], width: int) -> Grid:
    """The solved grid whose rows have the given bitmasks."""
    rows = [[bool(mask >> c & 1) for c in range(width)] for mask in masks]
    return np.array(rows, dtype=np.bool_).reshape(-1, width)


def partial_from_masks(filled: Sequence[int], empty: Sequence[int], width: int) -> Partial:
    """The partial grid whose rows have the given filled and empty bitmasks."""
    out = np.full((len(filled), width), UNKNOWN, dtype=np.int8)
    for r, (f, e) in enumerate(zip(filled, empty, strict=True)):
        for c in range(width):
            if f >> c & 1:
                out[r, c] = FILLED
            elif e >> c & 1:
                out[r, c] = EMPTY
    return out
