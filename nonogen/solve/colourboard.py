"""Colour boards and line logic over the grid: rows and columns solved to a fixpoint.

A board holds, per cell, the bitmask of the colours still possible there (bit 0 the
background); a cell with one bit is decided. ``propagate`` keeps a set of dirty rows and of
dirty columns and solves them in sweeps (the dirty rows, then the dirty columns), each changed
cell dirtying the line that crosses it, until nothing changes or a line has no arrangement
left.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from nonogen.clues import ColourClue, ColourGrid
from nonogen.grid import UNKNOWN, Partial
from nonogen.line import NATIVE
from nonogen.puzzle import Puzzle
from nonogen.solve.colourline import solve_line

Board = tuple[tuple[int, ...], ...]
"""Per row, per cell, the bitmask of the colours still possible there."""
Possible = npt.NDArray[np.uint16]
"""A board as a ``(rows, cols)`` array of colour bitmasks, for callers outside the solver."""


class Propagation(NamedTuple):
    """The board at line logic's fixpoint (None on a contradiction) and the work done."""

    board: Board | None
    sweeps: int
    """Sweeps over the dirty rows then the dirty columns."""
    line_solves: int
    failed_line: str = ""
    """``row 3`` or ``column 5``: the line left without an arrangement, if any."""
    settled: int = 0
    """Cells narrowed to one colour (0 on a contradiction)."""
    late: bool = False
    """Whether the deadline passed before the fixpoint (``board`` is then where it stopped)."""


def start_board(puzzle: Puzzle) -> Board:
    """The board before any logic: a given cell has its colour, every other cell every
    colour of the palette."""
    if puzzle.givens is None:
        full = (1 << puzzle.palette.size) - 1
        return tuple((full,) * puzzle.width for _ in range(puzzle.height))
    return board_from_partial(puzzle.givens, puzzle.palette.size)


def board_from_partial(partial: Partial, colours: int) -> Board:
    """The board of a partial grid of palette indices: an open cell has all ``colours``."""
    cells = np.asarray(partial, dtype=np.int64)
    masks = np.where(cells == UNKNOWN, (1 << colours) - 1, np.left_shift(1, np.maximum(cells, 0)))
    return tuple(map(tuple, masks.tolist()))


def is_solved(board: Board) -> bool:
    """Whether every cell has exactly one colour left."""
    return all(cell & (cell - 1) == 0 for row in board for cell in row)


def solution(board: Board) -> ColourGrid:
    """The colour grid of a solved board."""
    return np.array(
        [[cell.bit_length() - 1 for cell in row] for row in board], dtype=np.uint8
    ).reshape(len(board), -1)


def as_array(board: Board) -> Possible:
    """The board as an array of colour bitmasks."""
    return np.array(board, dtype=np.uint16).reshape(len(board), -1)


def with_cell(board: Board, r: int, c: int, mask: int) -> Board:
    """The board with cell (r, c) set to ``mask``."""
    row = board[r]
    return (*board[:r], (*row[:c], mask, *row[c + 1 :]), *board[r + 1 :])


NATIVE_SIDE: Final[int] = getattr(NATIVE, "COLOUR_MAX_SIDE", 0)
"""The C core takes colour boards of at most this many cells a side (a line's positions, 0 to
its length, on one 128-bit word: 127, or 63 where the compiler has no such word); larger ones
run in Python, as they do where the core was built before it had colour line logic."""


def propagate(
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    board: Board,
    *,
    dirty_rows: Iterable[int] | None = None,
    dirty_cols: Iterable[int] | None = None,
    max_sweeps: int | None = None,
    deadline: float = math.inf,
) -> Propagation:
    """Line logic to its fixpoint from the dirty lines (all lines when not given), or for
    at most ``max_sweeps`` sweeps: in the C core where it is built and the board is at most
    ``NATIVE_SIDE`` cells a side (the same sweeps, line solves and settled cells), else in
    Python (``propagate_py``, the reference), which stops at the deadline (``late``). The
    board is a tuple of tuples of ints, as ``start_board`` and ``with_cell`` make it."""
    if NATIVE is None or len(rows) > NATIVE_SIDE or len(cols) > NATIVE_SIDE:
        return propagate_py(
            rows,
            cols,
            board,
            dirty_rows=dirty_rows,
            dirty_cols=dirty_cols,
            max_sweeps=max_sweeps,
            deadline=deadline,
        )
    out, sweeps, solves, failed, settled = NATIVE.colour_propagate(
        rows, cols, board, dirty_rows, dirty_cols, -1 if max_sweeps is None else max(0, max_sweeps)
    )
    return Propagation(out, sweeps, solves, failed, settled)


def propagate_py(
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    board: Board,
    *,
    dirty_rows: Iterable[int] | None = None,
    dirty_cols: Iterable[int] | None = None,
    max_sweeps: int | None = None,
    deadline: float = math.inf,
) -> Propagation:
    """Colour line logic in pure Python: the reference; it stops once the deadline has
    passed (``late``: a line of hundreds of cells takes milliseconds here)."""
    grid = [list(row) for row in board]
    height, width = len(rows), len(cols)
    timed = deadline < math.inf
    todo_rows = set(range(height) if dirty_rows is None else dirty_rows)
    todo_cols = set(range(width) if dirty_cols is None else dirty_cols)
    sweeps = solves = settled = 0
    while (todo_rows or todo_cols) and (max_sweeps is None or sweeps < max_sweeps):
        sweeps += 1
        for r in sorted(todo_rows):
            if timed and time.perf_counter() > deadline:
                return _late(grid, sweeps, solves, settled)
            solves += 1
            line = tuple(grid[r])
            out = solve_line(rows[r], line)
            if out is None:
                return Propagation(None, sweeps, solves, f"row {r + 1}")
            for c in range(width):
                if out[c] != line[c]:
                    settled += not out[c] & (out[c] - 1)  # narrowed to one colour
                    grid[r][c] = out[c]
                    todo_cols.add(c)
        todo_rows = set()
        for c in sorted(todo_cols):
            if timed and time.perf_counter() > deadline:
                return _late(grid, sweeps, solves, settled)
            solves += 1
            line = tuple(grid[r][c] for r in range(height))
            out = solve_line(cols[c], line)
            if out is None:
                return Propagation(None, sweeps, solves, f"column {c + 1}")
            for r in range(height):
                if out[r] != line[r]:
                    settled += not out[r] & (out[r] - 1)
                    grid[r][c] = out[r]
                    todo_rows.add(r)
        todo_cols = set()
    return Propagation(tuple(tuple(row) for row in grid), sweeps, solves, settled=settled)


def _late(grid: list[list[int]], sweeps: int, solves: int, settled: int) -> Propagation:
    """Where line logic stopped when the deadline passed."""
    return Propagation(
        tuple(tuple(row) for row in grid), sweeps, solves, settled=settled, late=True
    )


def assume(
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    board: Board,
    cell: tuple[int, int],
    mask: int,
) -> Propagation:
    """Line logic after narrowing one cell to ``mask``, from the two lines through it."""
    r, c = cell
    return propagate(rows, cols, with_cell(board, r, c, mask), dirty_rows=(r,), dirty_cols=(c,))
