"""The generator's view of a puzzle's kind: line logic on one grid's clues, move by move.

The repairs (``flips``, ``givens``, ``modes``, ``tiers``) are written once, over ``Lines``;
each kind supplies its board and its line logic on it:

    MonoLines    black and white: the solver's bit-parallel rows and columns
    ColourLines  colour: per cell, the bitmask of the palette indices still possible

``lines_for(palette)`` picks one. A grid holds palette indices (black and white: bool, the
one-colour case); a value is a palette index.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from operator import ne, or_
from typing import Any, Final, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.clues import Clue, ColourClue, grid_blocks, grid_clues, line_blocks, line_clue
from nonogen.grid import UNKNOWN, Partial
from nonogen.line import solve_line
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.puzzle import MONO as BLACK_AND_WHITE
from nonogen.puzzle import Meta, Puzzle, kind_of, puzzle_from_grid
from nonogen.solve import board as mono
from nonogen.solve import colourboard
from nonogen.solve.colourprobe import probe as colour_probe
from nonogen.solve.coloursat import sat_search
from nonogen.solve.probe import probe as mono_probe
from nonogen.solve.propagate import propagate as mono_propagate
from nonogen.solve.propagate import set_cell
from nonogen.solve.search import search as mono_search
from nonogen.solve.verdict import Cell

B = TypeVar("B")
"""A kind's board."""
C = TypeVar("C")
"""A kind's clue of one line."""

Cells = npt.NDArray[Any]
"""A grid of palette indices, ``(rows, cols)`` (bool for black and white)."""
Costs = npt.NDArray[np.float64]
"""``(rows, cols, values)``: what giving each cell each value costs the picture (0 for the
value it has in the picture's own grid)."""
DELTA_E_UNIT: Final = 10.0
"""A colour cost's unit: Delta E 10, a clearly visible colour difference, weighs as one
black-and-white flip on the threshold's far side."""


@dataclass(frozen=True)
class Spread(Generic[B]):
    """Line logic's board (None on a contradiction) and the sweeps it took."""

    board: B | None
    sweeps: int
    settled: int | None = None
    """Cells it decided, where the kind counts them as it goes (None: count the board)."""


class Lines(Protocol[B, C]):
    """One kind's line logic, as the repairs drive it."""

    @property
    def palette(self) -> Palette:
        """The palette a grid's values index."""
        ...

    @property
    def cost_unit(self) -> float:
        """What one unit of ``Costs`` is worth (the score adds a fixed share of it)."""
        ...

    @property
    def estimates(self) -> int:
        """Moves estimated per step by default (cheaper lines afford more)."""
        ...

    @property
    def candidates(self) -> int:
        """Estimated moves measured exactly per step by default."""
        ...

    def cells(self, grid: npt.ArrayLike) -> Cells:
        """A copy of a grid in the kind's dtype."""
        ...

    def clues(self, grid: Cells) -> tuple[tuple[C, ...], tuple[C, ...]]:
        """The row and column clues of a grid."""
        ...

    def line_clue(self, cells: list[int]) -> C:
        """The clue of one line of values."""
        ...

    def start(self, grid: Cells, givens: Sequence[Cell]) -> B:
        """The board before any logic: the given cells known, with the grid's values."""
        ...

    def spread(
        self,
        rows: tuple[C, ...],
        cols: tuple[C, ...],
        board: B,
        *,
        cell: Cell | None = None,
        sweeps: int | None = None,
    ) -> Spread[B]:
        """Line logic from the lines through ``cell`` (all lines without one), to its
        fixpoint or for at most ``sweeps`` sweeps."""
        ...

    def unknown(self, board: B) -> int:
        """Cells the board leaves open."""
        ...

    def open_cells(self, board: B) -> npt.NDArray[np.bool_]:
        """Which cells the board leaves open."""
        ...

    def allowed(self, board: B, cell: Cell) -> int:
        """The bitmask of the values the board still allows in a cell."""
        ...

    def known_as(self, board: B, cell: Cell, value: int) -> B:
        """The board with one cell known to hold ``value``."""
        ...

    def forgotten(self, board: B, cell: Cell) -> B:
        """The board with one cell open again."""
        ...

    def changed_lines(self, before: B, after: B) -> tuple[int, int]:
        """Bitmasks of the rows and of the columns in which some cell was narrowed."""
        ...

    def settles_alone(
        self, rows: tuple[C, ...], cols: tuple[C, ...], board: B, cell: Cell, value: int
    ) -> bool:
        """Whether knowing ``cell`` teaches its row and column nothing more (a shortcut:
        False is always safe)."""
        ...

    def alternatives(self, grid: Cells, board: B, cell: Cell) -> list[int]:
        """The values a move may give a cell: any other its board allows or a neighbour
        has."""
        ...

    def probing_solves(
        self, rows: tuple[C, ...], cols: tuple[C, ...], board: B, deadline: float
    ) -> bool:
        """Whether probing from the board decides every cell before the deadline."""
        ...

    def unique(self, rows: tuple[C, ...], cols: tuple[C, ...], board: B, seconds: float) -> bool:
        """Whether the complete search proves exactly one solution within ``seconds``."""
        ...


def _neighbours(grid: Cells, cell: Cell) -> set[int]:
    """The values of a cell's four neighbours."""
    r, c = cell
    height, width = grid.shape
    return {
        int(grid[r + dr, c + dc])
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < height and 0 <= c + dc < width
    }


class MonoLines:
    """Black and white: the solver's bit-parallel boards (``nonogen.solve.board``)."""

    palette: Final = BLACK_ON_WHITE
    cost_unit: Final = 1.0
    estimates: Final = 1200
    candidates: Final = 8

    def cells(self, grid: npt.ArrayLike) -> Cells:
        return np.array(grid, dtype=np.bool_)

    def clues(self, grid: Cells) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
        return grid_clues(np.asarray(grid, dtype=np.bool_))

    def line_clue(self, cells: list[int]) -> Clue:
        return line_clue(cells)

    def start(self, grid: Cells, givens: Sequence[Cell]) -> mono.Board:
        partial = givens_partial(grid, givens)
        return (
            mono.empty_board(*grid.shape) if partial is None else mono.board_from_partial(partial)
        )

    def spread(
        self,
        rows: tuple[Clue, ...],
        cols: tuple[Clue, ...],
        board: mono.Board,
        *,
        cell: Cell | None = None,
        sweeps: int | None = None,
    ) -> Spread[mono.Board]:
        dirty_rows, dirty_cols = (None, None) if cell is None else ({cell[0]}, {cell[1]})
        line = mono_propagate(
            rows, cols, board, dirty_rows=dirty_rows, dirty_cols=dirty_cols, max_sweeps=sweeps
        )
        return Spread(line.board, line.sweeps, line.settled)

    def unknown(self, board: mono.Board) -> int:
        return board.width * board.height - board.known()

    def open_cells(self, board: mono.Board) -> npt.NDArray[np.bool_]:
        return np.asarray(board.partial() < 0, dtype=np.bool_)

    def allowed(self, board: mono.Board, cell: Cell) -> int:
        r, c = cell
        filled, empty = board.row_filled[r] >> c & 1, board.row_empty[r] >> c & 1
        return 3 if not (filled or empty) else 2 if filled else 1

    def known_as(self, board: mono.Board, cell: Cell, value: int) -> mono.Board:
        return set_cell(board, cell[0], cell[1], filled=bool(value))

    def forgotten(self, board: mono.Board, cell: Cell) -> mono.Board:
        r, c = cell
        keep_row, keep_col = ~(1 << c), ~(1 << r)
        return mono.Board(
            _replaced(board.row_filled, r, board.row_filled[r] & keep_row),
            _replaced(board.row_empty, r, board.row_empty[r] & keep_row),
            _replaced(board.col_filled, c, board.col_filled[c] & keep_col),
            _replaced(board.col_empty, c, board.col_empty[c] & keep_col),
        )

    def changed_lines(self, before: mono.Board, after: mono.Board) -> tuple[int, int]:
        rows = _differing(
            list(map(or_, before.row_filled, before.row_empty)),
            list(map(or_, after.row_filled, after.row_empty)),
        )
        cols = _differing(
            list(map(or_, before.col_filled, before.col_empty)),
            list(map(or_, after.col_filled, after.col_empty)),
        )
        return rows, cols

    def settles_alone(
        self,
        rows: tuple[Clue, ...],
        cols: tuple[Clue, ...],
        board: mono.Board,
        cell: Cell,
        value: int,
    ) -> bool:
        r, c = cell
        row = (board.row_filled[r] | (value << c), board.row_empty[r] | ((not value) << c))
        if solve_line(rows[r], len(cols), *row) != row:
            return False
        col = (board.col_filled[c] | (value << r), board.col_empty[c] | ((not value) << r))
        return solve_line(cols[c], len(rows), *col) == col

    def alternatives(self, grid: Cells, board: mono.Board, cell: Cell) -> list[int]:
        return [1 - int(grid[cell])]

    def probing_solves(
        self, rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: mono.Board, deadline: float
    ) -> bool:
        probing = mono_probe(rows, cols, board, deadline=deadline)
        return probing.complete and probing.board is not None and probing.board.is_solved()

    def unique(
        self, rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: mono.Board, seconds: float
    ) -> bool:
        found = mono_search(rows, cols, board, limit=2, seconds=seconds, graded=False)
        return found.complete and len(found.solutions) == 1


@dataclass(frozen=True)
class ColourLines:
    """Colour: per cell, the bitmask of the palette indices still possible
    (``nonogen.solve.colourboard``)."""

    palette: Palette
    cost_unit: float = DELTA_E_UNIT
    estimates: int = 400
    candidates: int = 6

    def cells(self, grid: npt.ArrayLike) -> Cells:
        return np.array(grid, dtype=np.uint8)

    def clues(self, grid: Cells) -> tuple[tuple[ColourClue, ...], tuple[ColourClue, ...]]:
        return grid_blocks(np.asarray(grid, dtype=np.uint8))

    def line_clue(self, cells: list[int]) -> ColourClue:
        return line_blocks(cells)

    def start(self, grid: Cells, givens: Sequence[Cell]) -> colourboard.Board:
        partial = givens_partial(grid, givens)
        if partial is None:
            partial = np.full(grid.shape, UNKNOWN, dtype=np.int8)
        return colourboard.board_from_partial(partial, self.palette.size)

    def spread(
        self,
        rows: tuple[ColourClue, ...],
        cols: tuple[ColourClue, ...],
        board: colourboard.Board,
        *,
        cell: Cell | None = None,
        sweeps: int | None = None,
    ) -> Spread[colourboard.Board]:
        dirty_rows, dirty_cols = (None, None) if cell is None else ((cell[0],), (cell[1],))
        line = colourboard.propagate(
            rows, cols, board, dirty_rows=dirty_rows, dirty_cols=dirty_cols, max_sweeps=sweeps
        )
        return Spread(line.board, line.sweeps, line.settled)

    def unknown(self, board: colourboard.Board) -> int:
        return sum(1 for row in board for cell in row if cell & (cell - 1))

    def open_cells(self, board: colourboard.Board) -> npt.NDArray[np.bool_]:
        masks = colourboard.as_array(board)
        return np.asarray(masks & (masks - 1) != 0, dtype=np.bool_)

    def allowed(self, board: colourboard.Board, cell: Cell) -> int:
        return board[cell[0]][cell[1]]

    def known_as(self, board: colourboard.Board, cell: Cell, value: int) -> colourboard.Board:
        return colourboard.with_cell(board, cell[0], cell[1], 1 << value)

    def forgotten(self, board: colourboard.Board, cell: Cell) -> colourboard.Board:
        full = (1 << self.palette.size) - 1
        return colourboard.with_cell(board, cell[0], cell[1], full)

    def changed_lines(self, before: colourboard.Board, after: colourboard.Board) -> tuple[int, int]:
        rows = cols = 0
        for r, (old, new) in enumerate(zip(before, after, strict=True)):
            if old != new:
                rows |= 1 << r
                cols |= _differing(list(old), list(new))
        return rows, cols

    def settles_alone(
        self,
        rows: tuple[ColourClue, ...],
        cols: tuple[ColourClue, ...],
        board: colourboard.Board,
        cell: Cell,
        value: int,
    ) -> bool:
        return False

    def alternatives(self, grid: Cells, board: colourboard.Board, cell: Cell) -> list[int]:
        mask = board[cell[0]][cell[1]]
        options = {j for j in range(self.palette.size) if mask >> j & 1} | _neighbours(grid, cell)
        options.discard(int(grid[cell]))
        return sorted(options)

    def probing_solves(
        self,
        rows: tuple[ColourClue, ...],
        cols: tuple[ColourClue, ...],
        board: colourboard.Board,
        deadline: float,
    ) -> bool:
        probing = colour_probe(rows, cols, board, deadline=deadline)
        return (
            probing.complete and probing.board is not None and colourboard.is_solved(probing.board)
        )

    def unique(
        self,
        rows: tuple[ColourClue, ...],
        cols: tuple[ColourClue, ...],
        board: colourboard.Board,
        seconds: float,
    ) -> bool:
        deadline = time.perf_counter() + seconds
        found = sat_search(rows, cols, board, limit=2, deadline=deadline)
        return found.complete and len(found.solutions) == 1


MONO: Final = MonoLines()
"""Black and white's lines."""


def lines_for(palette: Palette) -> Lines[Any, Any]:
    """The lines of a puzzle of this palette: black and white's bit-parallel ones for the
    plain palette, colour's otherwise."""
    return MONO if kind_of(palette) is BLACK_AND_WHITE else ColourLines(palette)


def value_costs(grid: Cells, costs: npt.NDArray[np.float64], values: int) -> Costs:
    """Costs per cell and value: ``(rows, cols, values)`` as they are, or a black-and-white
    ``(rows, cols)`` flip cost given to the value the cell does not have."""
    costs = np.asarray(costs, dtype=np.float64)
    if costs.ndim == 3:
        return costs
    other = np.arange(values) != np.asarray(grid, dtype=np.intp)[..., None]
    return np.where(other, costs[..., None], 0.0)


def puzzle_of(
    grid: Cells,
    givens: Sequence[Cell],
    palette: Palette = BLACK_ON_WHITE,
    *,
    meta: Meta | None = None,
    where: str = "grid",
) -> Puzzle:
    """The puzzle of a grid with some of its cells given."""
    goal = (
        np.asarray(grid, dtype=np.bool_)
        if kind_of(palette) is BLACK_AND_WHITE
        else np.asarray(grid)
    )
    return puzzle_from_grid(
        goal, palette, givens=givens_partial(goal, givens), meta=meta, where=where
    )


def givens_partial(grid: Cells, givens: Sequence[Cell]) -> Partial | None:
    """The grid's values at the given cells, ``UNKNOWN`` elsewhere; None without givens."""
    if not givens:
        return None
    partial = np.full(grid.shape, UNKNOWN, dtype=np.int8)
    for cell in givens:
        partial[cell] = int(grid[cell])
    return partial


_T = TypeVar("_T")


def _replaced(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``items`` with the one at ``index`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def _differing(before: list[int], after: list[int]) -> int:
    """Bitmask of the positions whose values differ."""
    mask = 0
    for i, differs in enumerate(map(ne, before, after)):
        if differs:
            mask |= 1 << i
    return mask
