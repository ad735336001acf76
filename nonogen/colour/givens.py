"""The colour givens repair: reveal the fewest cells in the printed grid, so the picture stays
exact, until colour line logic solves the puzzle.

As the monochrome givens repair (``nonogen.generate.givens``): while line logic leaves cells
open, reveal the open cell whose colour settles the most cells. Line logic's fixpoint from a
board with givens is unique, so continuing propagation from the current board with one more
known cell is exactly what a fresh solve with that extra given reaches: every estimate is
exact.

A cell's cascade reads only the lines it touches (its own row and column, and the lines of
every cell it narrows); when none of those lines changed in the last move, the same cascade
runs again, so its estimate is kept. Ties go to a seeded random order; on big grids only the
first ``estimates`` open cells of a seeded permutation are weighed. Once line logic solves
the puzzle, givens that later givens made redundant are dropped, the earliest first, as long
as line logic still solves it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from nonogen.clues import ColourClue, ColourGrid, grid_blocks
from nonogen.solve.colourboard import Board, propagate, with_cell

Cell = tuple[int, int]
"""A cell as ``(row, col)``."""


class GivenState(NamedTuple):
    """A grid, its clues, its givens and the board colour line logic reaches from them."""

    grid: ColourGrid
    rows: tuple[ColourClue, ...]
    cols: tuple[ColourClue, ...]
    givens: tuple[Cell, ...]
    board: Board
    unknown: int
    """Cells the board leaves open."""


@dataclass(frozen=True)
class _Gain:
    """What revealing one cell settles, and the lines its cascade read."""

    settled: int
    """Cells the reveal settles (itself included)."""
    rows: int
    """Bitmask of the rows the cascade read."""
    cols: int
    """Bitmask of the columns the cascade read."""


def open_cells(board: Board) -> int:
    """Cells with more than one colour left."""
    return sum(1 for row in board for cell in row if cell & (cell - 1))


def given_state(grid: ColourGrid, colours: int, givens: tuple[Cell, ...] = ()) -> GivenState:
    """The state line logic reaches on the clues of ``grid`` from nothing but the givens."""
    rows, cols = grid_blocks(grid)
    return _solved(grid, rows, cols, givens, colours)


def _solved(
    grid: ColourGrid,
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    givens: tuple[Cell, ...],
    colours: int,
) -> GivenState:
    """The state from a fresh solve with the givens."""
    full = (1 << colours) - 1
    start = [[full] * grid.shape[1] for _ in range(grid.shape[0])]
    for r, c in givens:
        start[r][c] = 1 << int(grid[r, c])
    board = propagate(rows, cols, tuple(map(tuple, start))).board
    assert board is not None  # the givens are the grid's own colours
    return GivenState(grid, rows, cols, givens, board, open_cells(board))


def _changed_lines(before: Board, after: Board) -> tuple[int, int]:
    """Bitmasks of the rows and of the columns in which some cell was narrowed."""
    rows = cols = 0
    for r, (old, new) in enumerate(zip(before, after, strict=True)):
        if old != new:
            rows |= 1 << r
            for c, (a, b) in enumerate(zip(old, new, strict=True)):
                if a != b:
                    cols |= 1 << c
    return rows, cols


def _revealed(state: GivenState, cell: Cell) -> Board:
    """Line logic continued from the board with one more cell given."""
    r, c = cell
    board = with_cell(state.board, r, c, 1 << int(state.grid[r, c]))
    after = propagate(state.rows, state.cols, board, dirty_rows=(r,), dirty_cols=(c,)).board
    assert after is not None  # the givens are the grid's own colours
    return after


def _gain(state: GivenState, cell: Cell) -> _Gain:
    """Cells left open by revealing ``cell``, and the lines that took."""
    after = _revealed(state, cell)
    rows, cols = _changed_lines(state.board, after)
    return _Gain(state.unknown - open_cells(after), rows, cols)


def _pool(state: GivenState, order: list[Cell], size: int) -> list[Cell]:
    """The first ``size`` open cells in the seeded order."""
    pool: list[Cell] = []
    for r, c in order:
        mask = state.board[r][c]
        if mask & (mask - 1):
            pool.append((r, c))
            if len(pool) == size:
                break
    return pool


def reveal(
    state: GivenState,
    *,
    rng: np.random.Generator,
    max_givens: int,
    deadline: float,
    estimates: int = 400,
    on_move: Callable[[int, int], None] | None = None,
) -> GivenState:
    """Reveal givens until line logic solves the puzzle, or the budget or time runs out;
    ``on_move(open cells, givens)`` hears of every given."""
    keys = rng.random(state.grid.shape)
    order = [divmod(int(i), state.grid.shape[1]) for i in rng.permutation(state.grid.size)]
    cache: dict[Cell, _Gain] = {}
    while state.unknown and len(state.givens) < max_givens:
        if time.perf_counter() >= deadline:
            break
        pool = _pool(state, order, estimates)
        for cell in pool:
            if cell not in cache:
                if cache and time.perf_counter() >= deadline:
                    break  # the best of the cells weighed so far
                cache[cell] = _gain(state, cell)
        weighed = [cell for cell in pool if cell in cache]
        if not weighed:
            break
        cell = max(weighed, key=lambda cell: (cache[cell].settled, keys[cell]))
        after = _revealed(state, cell)
        rows, cols = _changed_lines(state.board, after)
        cache = {k: g for k, g in cache.items() if not (g.rows & rows or g.cols & cols)}
        givens = (*state.givens, cell)
        state = GivenState(state.grid, state.rows, state.cols, givens, after, open_cells(after))
        if on_move is not None:
            on_move(state.unknown, len(state.givens))
    return state


def prune(state: GivenState, colours: int, *, deadline: float) -> GivenState:
    """Drop the givens the solved puzzle does not need, the earliest first, as long as line
    logic still solves it (the last given is always needed: without it the puzzle was open)."""
    for cell in state.givens[:-1]:
        if time.perf_counter() >= deadline:
            break
        fewer = tuple(g for g in state.givens if g != cell)
        trial = _solved(state.grid, state.rows, state.cols, fewer, colours)
        if trial.unknown == 0:
            state = trial
    return state
