"""Line logic on a grid with givens: the state every repair refines, one move at a time.

Written once for both kinds over ``nonogen.generate.kinds.Lines``: a move gives one cell
another value (a black-and-white flip is the one-colour case) or reveals it as a given.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Final, Generic

import numpy as np
import numpy.typing as npt

from nonogen.generate.kinds import B, C, Lines, puzzle_of
from nonogen.puzzle import Puzzle
from nonogen.solve.kinds import Cells, Spread
from nonogen.solve.verdict import Cell

SEARCH_START_SECONDS: Final = 2e-4
"""Seconds per open cell the complete search spends encoding the puzzle, which counts
against its limit but cannot be interrupted: a check is not started without them."""
EASY_SWEEPS: Final = 5
"""Line logic solving within this many sweeps scores at most 18: the ``easy`` tier."""


@dataclass(frozen=True)
class State(Generic[B, C]):
    """A grid, its clues, its givens and the board line logic reaches from them."""

    lines: Lines[B, C]
    """The kind's line logic."""
    source: Cells
    """The grid the repair started from: a changed cell's value before its move."""
    grid: Cells
    rows: tuple[C, ...]
    cols: tuple[C, ...]
    givens: tuple[Cell, ...]
    board: B
    """The fixpoint of line logic from the givens (or where a sweep cap stopped it)."""
    unknown: int
    """Cells the board leaves open."""
    sweeps: int | None = None
    """The sweeps line logic took from the givens alone (None when continued from a board)."""

    def open_cells(self) -> npt.NDArray[np.bool_]:
        """Cells the board leaves open."""
        return self.lines.open_cells(self.board)

    def is_open(self, cell: Cell) -> bool:
        """Whether the board leaves one cell open."""
        mask = self.lines.allowed(self.board, cell)
        return bool(mask & (mask - 1))

    def puzzle(self) -> Puzzle:
        """The puzzle: the grid's clues and its givens."""
        return puzzle_of(self.grid, self.givens, self.lines.palette)

    def with_board(self, givens: tuple[Cell, ...], board: B, unknown: int) -> State[B, C]:
        """The same grid with other givens, the board continued from them and the cells it
        leaves open."""
        return State(
            self.lines, self.source, self.grid, self.rows, self.cols, givens, board, unknown
        )


REPAIR_DEADLINE: ContextVar[float] = ContextVar("repair_deadline", default=math.inf)
"""The deadline of the repair running (``repair_deadline``): line logic on a state stops at
it, so that one solve of a big board run in Python (a colour puzzle over the C core's side)
cannot outlast the repair's time budget by seconds. A late board leaves more cells open, so it
can only look worse than it is, never solved when it is not."""


@contextmanager
def repair_deadline(deadline: float) -> Iterator[None]:
    """``REPAIR_DEADLINE`` set for the duration."""
    token = REPAIR_DEADLINE.set(deadline)
    try:
        yield
    finally:
        REPAIR_DEADLINE.reset(token)


AnyState = State[Any, Any]
"""A state of either kind (the repairs never look inside its board)."""


def solved_state(
    state: State[B, C],
    grid: Cells,
    givens: tuple[Cell, ...],
    sweeps: int | None,
    *,
    rows: tuple[C, ...] | None = None,
    cols: tuple[C, ...] | None = None,
) -> State[B, C]:
    """The state line logic reaches on ``grid`` (clues ``rows`` and ``cols``, the state's
    unless given) from nothing but the givens."""
    rows = state.rows if rows is None else rows
    cols = state.cols if cols is None else cols
    return _solved(state.lines, state.source, grid, (rows, cols), givens=givens, sweeps=sweeps)


def state_of(
    lines: Lines[B, C], grid: Cells, givens: tuple[Cell, ...] = (), sweeps: int | None = None
) -> State[B, C]:
    """The state of a grid and its givens (the grid is its own source)."""
    return _solved(lines, grid, grid, lines.clues(grid), givens=givens, sweeps=sweeps)


def _solved(
    lines: Lines[B, C],
    source: Cells,
    grid: Cells,
    clues: tuple[tuple[C, ...], tuple[C, ...]],
    *,
    givens: tuple[Cell, ...],
    sweeps: int | None,
) -> State[B, C]:
    """Line logic on ``grid``'s clues from nothing but the givens, as a state."""
    rows, cols = clues
    board = lines.from_grid(grid, givens)
    line = lines.spread(rows, cols, board, sweeps=sweeps, deadline=REPAIR_DEADLINE.get())
    assert line.board is not None  # the clues of a real grid always have that grid as a solution
    unknown = open_after(lines, grid.size - len(givens), line)
    return State(lines, source, grid, rows, cols, givens, line.board, unknown, line.sweeps)


def sweeps_afresh(state: State[B, C]) -> int:
    """The sweeps line logic takes on the state's puzzle from its givens alone."""
    if state.sweeps is not None:
        return state.sweeps
    lines = state.lines
    board = lines.from_grid(state.grid, state.givens)
    return lines.spread(state.rows, state.cols, board, deadline=REPAIR_DEADLINE.get()).sweeps


def changed_clues(
    state: State[B, C], cell: Cell, value: int
) -> tuple[tuple[C, ...], tuple[C, ...]]:
    """The clues with one cell given ``value``: only its row and column change."""
    r, c = cell
    row, col = state.grid[r].tolist(), state.grid[:, c].tolist()
    row[c] = col[r] = value
    lines = state.lines
    return (
        (*state.rows[:r], lines.line_clue(row), *state.rows[r + 1 :]),
        (*state.cols[:c], lines.line_clue(col), *state.cols[c + 1 :]),
    )


def moved(state: State[B, C], cell: Cell, value: int, sweeps: int | None) -> State[B, C]:
    """The state with one cell given ``value``, solved afresh from the givens."""
    grid = state.grid.copy()
    grid[cell] = value
    rows, cols = changed_clues(state, cell, value)
    return solved_state(state, grid, state.givens, sweeps, rows=rows, cols=cols)


def undone(state: State[B, C], cell: Cell, sweeps: int | None) -> State[B, C]:
    """The state with one changed cell back at its value in the source grid."""
    return moved(state, cell, int(state.source[cell]), sweeps)


def estimate(state: State[B, C], cell: Cell, value: int, sweeps: int | None) -> int:
    """Cells still open after giving ``cell`` the value, continuing from the current board
    with only that cell forgotten. Every known cell of that board is a true value of the
    old grid, hence of the new one too, so this never contradicts; line logic is monotone,
    so it is an upper bound on what a fresh solve of the new clues settles."""
    rows, cols = changed_clues(state, cell, value)
    lines = state.lines
    board = lines.forgotten(state.board, cell)
    after = lines.spread(rows, cols, board, cell=cell, sweeps=sweeps)
    assert after.board is not None  # known cells are true values of the changed grid too
    return open_after(lines, state.unknown, after)  # the cell is open: forgetting it is free


def revealed(state: State[B, C], cell: Cell, sweeps: int | None) -> tuple[B, int]:
    """Line logic continued from the board with one more cell known, and the cells it
    leaves open."""
    lines = state.lines
    board = lines.known_as(state.board, cell, int(state.grid[cell]))
    after = lines.spread(state.rows, state.cols, board, cell=cell, sweeps=sweeps)
    assert after.board is not None  # the givens are the grid's own values
    return after.board, open_after(lines, state.unknown - 1, after)


def open_after(lines: Lines[B, C], before: int, line: Spread[B]) -> int:
    """Cells open after line logic that started with ``before`` open cells."""
    assert line.board is not None
    return before - line.settled if line.settled is not None else lines.unknown(line.board)


def settles_alone(state: State[B, C], cell: Cell) -> bool:
    """Whether revealing ``cell`` teaches its row and its column nothing more: then its
    cascade stops there (two line solves, far cheaper than a propagation)."""
    value = int(state.grid[cell])
    return state.lines.settles_alone(state.rows, state.cols, state.board, cell, value)


def hardness(state: State[B, C]) -> float | None:
    """How slowly line logic solves a state solved afresh without a sweep cap: its sweeps,
    plus the share of cells still open after each of the first few sweeps (a tie-breaker
    that moves with every move); None when line logic does not solve it."""
    if state.unknown or state.sweeps is None:
        return None
    lines = state.lines
    slow = 0
    board: B | None = lines.from_grid(state.grid, state.givens)
    for _ in range(1, min(state.sweeps, 4)):
        # One more sweep over every line is the next sweep of line logic: a line no cell of
        # which changed since it was last solved solves to itself.
        assert board is not None
        board = lines.spread(state.rows, state.cols, board, sweeps=1).board
        assert board is not None
        slow += lines.unknown(board)
    return state.sweeps + slow / (4 * state.grid.size)


def search_seconds(state: AnyState, deadline: float, most: float) -> float:
    """The time limit to give the complete solver on ``state`` (at most ``most``): what is
    left once it has started; zero or less means it would overrun the deadline."""
    return min(most, deadline - time.perf_counter() - SEARCH_START_SECONDS * state.unknown)


@dataclass
class Clock:
    """Whether a repair stopped a step on its deadline (shared by every copy of its
    ``Search``): such a repair may end differently run to run, so it records ``time_budget``."""

    ran_out: bool = False


@dataclass(frozen=True)
class Search:
    """How hard, and until when, the generator looks for each move."""

    rng: np.random.Generator
    estimates: int
    """Moves estimated per step on big grids (the rest are left out)."""
    candidates: int
    """Estimated moves measured exactly per step."""
    sweeps: int | None
    """The sweep cap of line logic (the easy target), or None."""
    deadline: float
    """``time.perf_counter()`` after which no new move starts."""
    on_move: Callable[[int, int], None] | None = None
    """Told ``(cells line logic leaves open, moves made)`` after every change or given."""
    clock: Clock = field(default_factory=Clock)
    """Set when a step stops on the deadline (``over``, ``left``)."""

    def over(self) -> bool:
        """Whether the deadline has passed; recorded on the clock when it has (ask only when
        nothing else would stop the step, so that the record means time stopped it)."""
        if time.perf_counter() >= self.deadline:
            self.clock.ran_out = True
            return True
        return False

    def left(self, state: AnyState, most: float) -> float:
        """``search_seconds`` to the deadline; recorded on the clock when none is left."""
        seconds = search_seconds(state, self.deadline, most)
        if seconds <= 0:
            self.clock.ran_out = True
        return seconds

    def moved(self, state: AnyState, moves: int) -> None:
        """Report a move to ``on_move``, if any."""
        if self.on_move is not None:
            self.on_move(state.unknown, moves)
