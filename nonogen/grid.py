"""Grids: a solved grid is a ``(rows, cols)`` bool array; a partial grid an int8 array.

Partial grids use one code per cell: ``UNKNOWN`` (-1), ``EMPTY`` (0), ``FILLED`` (1). The text
notation writes a grid as one string per row: ``#`` filled, ``.`` empty, ``?`` unknown.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Final, SupportsIndex

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


_CODE_BYTES: Final = str.maketrans(
    {
        **dict.fromkeys("\x00\x01\x02", "\x03"),  # the codes themselves are no notation
        **dict.fromkeys(FILLED_CHARS, chr(FILLED - UNKNOWN)),
        **dict.fromkeys(EMPTY_CHARS, chr(EMPTY - UNKNOWN)),
        **dict.fromkeys(UNKNOWN_CHARS, chr(0)),
    }
)
"""Each notation character as one byte, its cell code less ``UNKNOWN`` (0, 1 or 2)."""


def parse_partial(lines: Sequence[str]) -> Partial | None:
    """A partial grid from rows of text notation, or None if a row is ragged or a char unknown."""
    if not lines or any(len(line) != len(lines[0]) for line in lines) or not lines[0]:
        return None
    coded = "".join(lines).translate(_CODE_BYTES)  # whole rows at once: files hold thousands
    if coded.strip("\x00\x01\x02"):
        return None  # a character of no code is left as it was
    cells = np.frombuffer(coded.encode("ascii"), dtype=np.int8).reshape(len(lines), -1)
    return cells + np.int8(UNKNOWN)


def format_grid(grid: Grid | Partial) -> list[str]:
    """Rows of text notation for a solved or partial grid."""
    if grid.dtype == np.bool_:
        return ["".join("#" if cell else "." for cell in row) for row in grid.tolist()]
    return ["".join(SYMBOL[int(cell)] for cell in row) for row in grid.tolist()]


def row_masks(grid: Grid) -> list[int]:
    """One bitmask per row of a solved grid; bit ``c`` is column ``c``."""
    packed = np.packbits(np.asarray(grid, dtype=np.bool_), axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def grid_from_masks(masks: Iterable[SupportsIndex], width: int) -> Grid:
    """The solved grid whose rows have the given bitmasks (bits from ``width`` on ignored)."""
    return _mask_cells(list(masks), width)


def _mask_cells(masks: Sequence[SupportsIndex], width: int) -> Grid:
    """Each mask's low ``width`` bits as a row of cells: whole rows at once, as bytes (a
    verdict holds solutions of hundreds of rows, and files thousands of verdicts)."""
    size = (width + 7) // 8
    low = (1 << width) - 1
    data = b"".join((operator.index(mask) & low).to_bytes(size, "little") for mask in masks)
    rows = np.frombuffer(data, dtype=np.uint8).reshape(len(masks), size)
    cells: Grid = np.unpackbits(rows, axis=1, count=width, bitorder="little").astype(np.bool_)
    return cells


def partial_from_masks(
    filled: Sequence[SupportsIndex], empty: Sequence[SupportsIndex], width: int
) -> Partial:
    """The partial grid whose rows have the given filled and empty bitmasks (filled first
    where a cell is in both)."""
    if len(filled) != len(empty):
        raise ValueError(f"{len(filled)} filled masks but {len(empty)} empty ones")
    out = np.full((len(filled), width), UNKNOWN, dtype=np.int8)
    out[_mask_cells(empty, width)] = EMPTY
    out[_mask_cells(filled, width)] = FILLED
    return out
