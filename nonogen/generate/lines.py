"""Line logic on a grid with givens: the state every repair refines, one move at a time."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from operator import ne, or_
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.clues import Clue, grid_clues, line_clue
from nonogen.generate.attempt import givens_partial
from nonogen.grid import Grid
from nonogen.line import solve_line
from nonogen.solve.board import Board, board_from_partial, empty_board
from nonogen.solve.propagate import Propagation, propagate, set_cell
from nonogen.solve.verdict import Cell

_T = TypeVar("_T")

SEARCH_START_SECONDS: Final = 2e-4
"""Seconds per open cell the complete search spends encoding the puzzle, which counts
against its limit but cannot be interrupted: a check is not started without them."""
EASY_SWEEPS: Final = 5
"""Line logic solving within this many sweeps scores at most 18: the ``easy`` tier."""


@dataclass(frozen=True)
class State:
    """A grid, its clues, its givens and the board line logic reaches from them."""

    grid: Grid
    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]
    givens: tuple[Cell, ...]
    board: Board
    """The fixpoint of line logic from the givens (or where a sweep cap stopped it)."""
    unknown: int
    """Cells the board leaves unknown."""
    sweeps: int | None = None
    """The sweeps line logic took from the givens alone (None when continued from a board)."""

    def open_cells(self) -> npt.NDArray[np.bool_]:
        """Cells the board leaves unknown."""
        return np.asarray(self.board.partial() < 0, dtype=np.bool_)

    def is_open(self, cell: Cell) -> bool:
        """Whether the board leaves one cell unknown."""
        r, c = cell
        return not (self.board.row_filled[r] | self.board.row_empty[r]) >> c & 1


def start_board(grid: Grid, givens: tuple[Cell, ...]) -> Board:
    """The board a puzzle starts from: the givens, with the grid's values."""
    partial = givens_partial(grid, givens)
    return empty_board(*grid.shape) if partial is None else board_from_partial(partial)


def line_logic(
    grid: Grid,
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    givens: tuple[Cell, ...],
    sweeps: int | None,
) -> Propagation:
    """Line logic from the givens on the clues of ``grid`` (capped at ``sweeps`` sweeps)."""
    return propagate(rows, cols, start_board(grid, givens), max_sweeps=sweeps)


def solved_state(
    grid: Grid,
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    givens: tuple[Cell, ...],
    sweeps: int | None,
) -> State:
    """The state line logic reaches from nothing but the givens."""
    line = line_logic(grid, rows, cols, givens, sweeps)
    assert line.board is not None  # the clues of a real grid always have that grid as a solution
    return State(grid, rows, cols, givens, line.board, grid.size - line.board.known(), line.sweeps)


def state_of(grid: Grid, givens: tuple[Cell, ...] = (), sweeps: int | None = None) -> State:
    """The state of a grid and its givens."""
    rows, cols = grid_clues(grid)
    return solved_state(grid, rows, cols, givens, sweeps)


def replaced(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``items`` with the one at ``index`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def flipped_clues(state: State, cell: Cell) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The clues with one cell flipped: only its row and column change (no grid copy)."""
    r, c = cell
    row, col = state.grid[r].tolist(), state.grid[:, c].tolist()
    row[c] = col[r] = not row[c]
    return replaced(state.rows, r, line_clue(row)), replaced(state.cols, c, line_clue(col))


def flipped(state: State, cell: Cell) -> tuple[Grid, tuple[Clue, ...], tuple[Clue, ...]]:
    """The grid with one cell flipped, and its clues."""
    grid = state.grid.copy()
    grid[cell] = not grid[cell]
    return (grid, *flipped_clues(state, cell))


def flip(state: State, cell: Cell, sweeps: int | None) -> State:
    """The state with one cell flipped, solved from the givens."""
    return solved_state(*flipped(state, cell), state.givens, sweeps)


def revealed(state: State, cell: Cell, sweeps: int | None) -> tuple[Propagation, Board]:
    """Line logic continued from the board with one more cell known: the cascade, and the
    board it started from."""
    r, c = cell
    board = set_cell(state.board, r, c, filled=bool(state.grid[r, c]))
    after = propagate(
        state.rows, state.cols, board, dirty_rows={r}, dirty_cols={c}, max_sweeps=sweeps
    )
    return after, board


def _known(filled: tuple[int, ...], empty: tuple[int, ...]) -> list[int]:
    """Per line, the mask of its known cells."""
    return list(map(or_, filled, empty))


def _changed(before: list[int], after: list[int]) -> int:
    """Bitmask of the lines whose known cells differ."""
    mask = 0
    for i, differs in enumerate(map(ne, before, after)):
        if differs:
            mask |= 1 << i
    return mask


def changed_lines(before: Board, after: Board) -> tuple[int, int]:
    """Bitmasks of the rows and of the columns in which some cell became known."""
    rows = _changed(
        _known(before.row_filled, before.row_empty), _known(after.row_filled, after.row_empty)
    )
    cols = _changed(
        _known(before.col_filled, before.col_empty), _known(after.col_filled, after.col_empty)
    )
    return rows, cols


def settles_alone(state: State, cell: Cell) -> bool:
    """Whether revealing ``cell`` teaches its row and its column nothing more: then its
    cascade stops there (two line solves, far cheaper than a propagation)."""
    r, c = cell
    b, height, width = state.board, len(state.rows), len(state.cols)
    value = bool(state.grid[r, c])
    row = (b.row_filled[r] | (value << c), b.row_empty[r] | ((not value) << c))
    if solve_line(state.rows[r], width, *row) != row:
        return False
    col = (b.col_filled[c] | (value << r), b.col_empty[c] | ((not value) << r))
    return solve_line(state.cols[c], height, *col) == col


def hardness(state: State) -> float | None:
    """How slowly line logic solves a state solved afresh without a sweep cap: its sweeps,
    plus the share of cells still open after each of the first few sweeps (a tie-breaker
    that moves with every flip); None when line logic does not solve it."""
    if state.unknown or state.sweeps is None:
        return None
    slow = 0
    board: Board | None = start_board(state.grid, state.givens)
    for _ in range(1, min(state.sweeps, 4)):
        # One more sweep over every line is the next sweep of line logic: a line no cell of
        # which changed since it was last solved solves to itself.
        assert board is not None
        board = propagate(state.rows, state.cols, board, max_sweeps=1).board
        assert board is not None
        slow += state.grid.size - board.known()
    return state.sweeps + slow / (4 * state.grid.size)


def search_seconds(state: State, deadline: float, most: float) -> float:
    """The time limit to give the complete solver on ``state`` (at most ``most``): what is
    left once it has started; zero or less means it would overrun the deadline."""
    return min(most, deadline - time.perf_counter() - SEARCH_START_SECONDS * state.unknown)


@dataclass(frozen=True)
class Search:
    """How hard, and until when, the generator looks for each move."""

    rng: np.random.Generator
    estimates: int
    """Cells estimated per move on big grids (the rest are left out)."""
    candidates: int
    """Estimated flips measured exactly per move."""
    sweeps: int | None
    """The sweep cap of line logic (the easy target), or None."""
    deadline: float
    """``time.perf_counter()`` after which no new move starts."""
    on_move: Callable[[int, int], None] | None = None
    """Told ``(cells line logic leaves open, moves made)`` after every flip or given."""

    def moved(self, state: State, moves: int) -> None:
        """Report a move to ``on_move``, if any."""
        if self.on_move is not None:
            self.on_move(state.unknown, moves)
