"""The board: a partial grid as bitmasks, one pair (filled, empty) per row and per column."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nonogen.grid import EMPTY, FILLED, Grid, Partial, grid_from_masks, partial_from_masks
from nonogen.puzzle import Puzzle


@dataclass(frozen=True)
class Board:
    """A partial grid kept twice, by rows and by columns, so every line is one mask pair."""

    row_filled: tuple[int, ...]
    """Per row, bit c set when cell (row, c) is known filled."""
    row_empty: tuple[int, ...]
    """Per row, bit c set when cell (row, c) is known empty."""
    col_filled: tuple[int, ...]
    """Per column, bit r set when cell (r, col) is known filled."""
    col_empty: tuple[int, ...]
    """Per column, bit r set when cell (r, col) is known empty."""

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.row_filled)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.col_filled)

    def masks(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Rows' filled and empty masks, then columns': the C core's arguments."""
        return self.row_filled, self.row_empty, self.col_filled, self.col_empty

    def known(self) -> int:
        """How many cells are known."""
        return sum(
            (f | e).bit_count() for f, e in zip(self.row_filled, self.row_empty, strict=True)
        )

    def is_solved(self) -> bool:
        """Whether every cell is known."""
        return self.known() == self.width * self.height

    def partial(self) -> Partial:
        """The board as a partial grid."""
        return partial_from_masks(self.row_filled, self.row_empty, self.width)

    def solution(self) -> Grid:
        """The board as a solved grid (unknown cells read as empty)."""
        return grid_from_masks(self.row_filled, self.width)


def empty_board(height: int, width: int) -> Board:
    """A board with every cell unknown."""
    return Board((0,) * height, (0,) * height, (0,) * width, (0,) * width)


def board_from_partial(partial: Partial) -> Board:
    """The board of a partial grid."""
    filled = np.asarray(partial) == FILLED
    empty = np.asarray(partial) == EMPTY

    def masks(cells: npt.NDArray[np.bool_]) -> tuple[int, ...]:
        return tuple(sum(1 << i for i, v in enumerate(line) if v) for line in cells.tolist())

    return Board(masks(filled), masks(empty), masks(filled.T), masks(empty.T))


def board_from_masks(row_filled: list[int], width: int) -> Board:
    """The fully known board of a solved grid given by row masks."""
    full = (1 << width) - 1
    height = len(row_filled)
    col_filled = [0] * width
    for r, mask in enumerate(row_filled):
        rest = mask
        while rest:
            low = rest & -rest
            col_filled[low.bit_length() - 1] |= 1 << r
            rest ^= low
    col_full = (1 << height) - 1
    return Board(
        tuple(row_filled),
        tuple(full & ~m for m in row_filled),
        tuple(col_filled),
        tuple(col_full & ~m for m in col_filled),
    )


def start_board(puzzle: Puzzle) -> Board:
    """The board a puzzle starts from: its givens, or nothing known."""
    if puzzle.givens is None:
        return empty_board(puzzle.height, puzzle.width)
    return board_from_partial(puzzle.givens)
