"""The two boards and what the solver and the generator do on them.

``solve_puzzle`` runs the same steps on every puzzle: clue totals, line logic to its fixpoint,
a complete SAT search, probing; the generator's repairs drive line logic move by move
(``nonogen.generate.kinds.Lines``). What a board is and how each step works on it depends on
the puzzle's kind, and lives in one class per board, behind ``Kind`` and ``Lines``:

    Plain    black and white: bit-parallel rows and columns (``board``, ``propagate``,
             ``probe``, ``search``: CaDiCaL/Glucose portfolio with beliefs)
    Colours  colour: per-cell bitmasks of the colours still possible (``colourboard``,
             ``colourprobe``, ``coloursat``)

``board_of`` (the solver) and ``lines_for`` (the generator) pick one by the palette.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import ne, or_
from typing import Any, Final, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.clues import (
    Clue,
    ColourClue,
    ColourGrid,
    colour_totals,
    grid_blocks,
    grid_clues,
    line_blocks,
    line_clue,
)
from nonogen.grid import FILLED, UNKNOWN, Partial, grid_from_masks
from nonogen.line import solve_line
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.puzzle import Puzzle
from nonogen.solve import board as plain_board
from nonogen.solve import colourboard
from nonogen.solve.colourboard import Possible
from nonogen.solve.colourline import solve_line as colour_line
from nonogen.solve.colourprobe import probe as colour_probe
from nonogen.solve.coloursat import sat_search
from nonogen.solve.probe import probe as plain_probe
from nonogen.solve.propagate import assume as plain_assume
from nonogen.solve.propagate import propagate as plain_propagate
from nonogen.solve.propagate import set_cell
from nonogen.solve.search import search as plain_search
from nonogen.solve.verdict import Cell

B = TypeVar("B")
"""A kind's board."""

Cells = npt.NDArray[Any]
"""A grid of palette indices, ``(rows, cols)`` (bool for black and white)."""
DELTA_E_UNIT: Final = 10.0
"""A colour cost's unit: Delta E 10, a clearly visible colour difference, weighs as one
black-and-white flip on the threshold's far side."""


@dataclass(frozen=True)
class Line(Generic[B]):
    """The board at line logic's fixpoint (None on a contradiction) and the work done."""

    board: B | None
    sweeps: int
    line_solves: int
    failed_line: str = ""
    late: bool = False
    """Whether the deadline passed before the fixpoint."""


@dataclass(frozen=True)
class Found:
    """What a complete search found: solutions as palette indices, and its work."""

    solutions: tuple[ColourGrid, ...]
    complete: bool
    """False when the time ran out before the search could tell."""
    decisions: int
    conflicts: int | None = None
    """Conflicts and restarts, when the kind's search counts them."""
    restarts: int | None = None
    probing: bool = False
    """Whether the probing search settled it (``decisions`` are then its branchings)."""


@dataclass(frozen=True)
class Probed(Generic[B]):
    """The board probing reached (None on a contradiction) and the work done."""

    board: B | None
    probes: int
    fixed: int
    """Probes that taught something."""
    complete: bool
    """False when the time ran out before the fixpoint."""


@dataclass(frozen=True)
class LineNews:
    """A line that line logic alone changes or finds broken: its cells' bitmasks of the
    palette indices still possible, before and after (None: no arrangement fits)."""

    is_row: bool
    index: int
    before: tuple[int, ...]
    after: tuple[int, ...] | None


@dataclass(frozen=True)
class Spread(Generic[B]):
    """Line logic's board (None on a contradiction) and the sweeps it took."""

    board: B | None
    sweeps: int
    settled: int | None = None
    """Cells it decided, where the kind counts them as it goes (None: count the board)."""


class Kind(Protocol[B]):
    """One kind's board and the solver's steps on it."""

    def totals_reason(self, puzzle: Puzzle) -> str:
        """Why the row and column clues cannot fill the same cells, or an empty string."""
        ...

    def start(self, puzzle: Puzzle) -> B:
        """The board before any logic (the givens known)."""
        ...

    def propagate(self, puzzle: Puzzle, board: B, deadline: float = math.inf) -> Line[B]:
        """Line logic from ``board`` to its fixpoint, or until the deadline (``late``)."""
        ...

    def search(self, puzzle: Puzzle, board: B, *, limit: int, deadline: float) -> Found:
        """Up to ``limit`` solutions consistent with the board, before the deadline."""
        ...

    def probe(self, puzzle: Puzzle, board: B, *, deadline: float) -> Probed[B]:
        """Probing from ``board`` until its fixpoint or the deadline."""
        ...

    def known(self, board: B) -> int:
        """How many cells the board has decided."""
        ...

    def from_partial(self, partial: Partial) -> B:
        """The board of a partial grid of palette indices (``UNKNOWN`` open)."""
        ...

    def possible(self, board: B) -> Possible:
        """Per cell, the bitmask of the palette indices still possible there."""
        ...

    def assume(self, puzzle: Puzzle, board: B, r: int, c: int, value: int) -> Line[B]:
        """Line logic after cell ``(r, c)`` is set to palette index ``value``."""
        ...

    def line_news(self, puzzle: Puzzle, board: B) -> Iterator[LineNews]:
        """Each line (rows, then columns) whose clue alone settles more of it, or breaks."""
        ...

    def solution(self, board: B) -> ColourGrid:
        """A decided board as palette indices."""
        ...


class Plain:
    """Black and white: rows and columns as bitmask pairs."""

    # --- the generator's line logic (``nonogen.generate.kinds.Lines``) ---

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

    def from_grid(self, grid: Cells, givens: Sequence[Cell]) -> plain_board.Board:
        partial = givens_partial(grid, givens)
        return (
            plain_board.empty_board(*grid.shape) if partial is None else self.from_partial(partial)
        )

    def spread(
        self,
        rows: tuple[Clue, ...],
        cols: tuple[Clue, ...],
        board: plain_board.Board,
        *,
        cell: Cell | None = None,
        sweeps: int | None = None,
        deadline: float = math.inf,
    ) -> Spread[plain_board.Board]:
        dirty_rows, dirty_cols = (None, None) if cell is None else ({cell[0]}, {cell[1]})
        line = plain_propagate(
            rows,
            cols,
            board,
            dirty_rows=dirty_rows,
            dirty_cols=dirty_cols,
            max_sweeps=sweeps,
            deadline=deadline,
        )
        return Spread(line.board, line.sweeps, line.settled)

    def unknown(self, board: plain_board.Board) -> int:
        return board.width * board.height - self.known(board)

    def open_cells(self, board: plain_board.Board) -> npt.NDArray[np.bool_]:
        return np.asarray(board.partial() < 0, dtype=np.bool_)

    def allowed(self, board: plain_board.Board, cell: Cell) -> int:
        r, c = cell
        filled, empty = board.row_filled[r] >> c & 1, board.row_empty[r] >> c & 1
        return 3 if not (filled or empty) else 2 if filled else 1

    def known_as(self, board: plain_board.Board, cell: Cell, value: int) -> plain_board.Board:
        return set_cell(board, cell[0], cell[1], filled=bool(value))

    def forgotten(self, board: plain_board.Board, cell: Cell) -> plain_board.Board:
        r, c = cell
        keep_row, keep_col = ~(1 << c), ~(1 << r)
        return plain_board.Board(
            _replaced(board.row_filled, r, board.row_filled[r] & keep_row),
            _replaced(board.row_empty, r, board.row_empty[r] & keep_row),
            _replaced(board.col_filled, c, board.col_filled[c] & keep_col),
            _replaced(board.col_empty, c, board.col_empty[c] & keep_col),
        )

    def changed_lines(self, before: plain_board.Board, after: plain_board.Board) -> tuple[int, int]:
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
        board: plain_board.Board,
        cell: Cell,
        value: int,
    ) -> bool:
        r, c = cell
        row = (board.row_filled[r] | (value << c), board.row_empty[r] | ((not value) << c))
        if solve_line(rows[r], len(cols), *row) != row:
            return False
        col = (board.col_filled[c] | (value << r), board.col_empty[c] | ((not value) << r))
        return solve_line(cols[c], len(rows), *col) == col

    def alternatives(self, grid: Cells, board: plain_board.Board, cell: Cell) -> list[int]:
        return [1 - int(grid[cell])]

    def probing_solves(
        self,
        rows: tuple[Clue, ...],
        cols: tuple[Clue, ...],
        board: plain_board.Board,
        deadline: float,
    ) -> bool:
        probing = plain_probe(rows, cols, board, deadline=deadline)
        return probing.complete and probing.board is not None and probing.board.is_solved()

    def unique(
        self,
        rows: tuple[Clue, ...],
        cols: tuple[Clue, ...],
        board: plain_board.Board,
        seconds: float,
    ) -> bool:
        found = plain_search(rows, cols, board, limit=2, seconds=seconds, graded=False)
        return found.complete and len(found.solutions) == 1

    # --- the solver's steps (``Kind``) ---

    def totals_reason(self, puzzle: Puzzle) -> str:
        by_rows, by_cols = sum(map(sum, puzzle.rows)), sum(map(sum, puzzle.cols))
        if by_rows == by_cols:
            return ""
        return f"the row clues fill {by_rows} cells but the column clues fill {by_cols}"

    def start(self, puzzle: Puzzle) -> plain_board.Board:
        return plain_board.start_board(puzzle)

    def propagate(
        self, puzzle: Puzzle, board: plain_board.Board, deadline: float = math.inf
    ) -> Line[plain_board.Board]:
        line = plain_propagate(puzzle.rows, puzzle.cols, board, deadline=deadline)
        return Line(line.board, line.sweeps, line.line_solves, line.failed_line, line.late)

    def search(
        self, puzzle: Puzzle, board: plain_board.Board, *, limit: int, deadline: float
    ) -> Found:
        seconds = deadline - time.perf_counter()
        found = plain_search(puzzle.rows, puzzle.cols, board, limit=limit, seconds=seconds)
        grids = tuple(_cells(grid_from_masks(rows, puzzle.width)) for rows in found.solutions)
        return Found(
            grids,
            found.complete,
            found.decisions,
            found.conflicts,
            found.restarts,
            probing=found.probing,
        )

    def probe(
        self, puzzle: Puzzle, board: plain_board.Board, *, deadline: float
    ) -> Probed[plain_board.Board]:
        probing = plain_probe(puzzle.rows, puzzle.cols, board, deadline=deadline)
        return Probed(probing.board, probing.probes, probing.fixed, probing.complete)

    def known(self, board: plain_board.Board) -> int:
        return board.known()

    def from_partial(self, partial: Partial) -> plain_board.Board:
        return plain_board.board_from_partial(partial)

    def possible(self, board: plain_board.Board) -> Possible:
        cells = board.partial().astype(np.int16)
        return np.where(cells == UNKNOWN, 3, 1 << np.maximum(cells, 0)).astype(np.uint16)

    def assume(
        self, puzzle: Puzzle, board: plain_board.Board, r: int, c: int, value: int
    ) -> Line[plain_board.Board]:
        line = plain_assume(puzzle.rows, puzzle.cols, board, r, c, filled=value == FILLED)
        return Line(line.board, line.sweeps, line.line_solves, line.failed_line)

    def solution(self, board: plain_board.Board) -> ColourGrid:
        return _cells(board.solution())

    def line_news(self, puzzle: Puzzle, board: plain_board.Board) -> Iterator[LineNews]:
        lines = (
            (True, puzzle.rows, board.row_filled, board.row_empty, board.width),
            (False, puzzle.cols, board.col_filled, board.col_empty, board.height),
        )
        for is_row, clues, filled, empty, size in lines:
            for i, clue in enumerate(clues):
                solved = solve_line(clue, size, filled[i], empty[i])
                if solved != (filled[i], empty[i]):
                    after = None if solved is None else _masks(*solved, size)
                    yield LineNews(is_row, i, _masks(filled[i], empty[i], size), after)


def _masks(filled: int, empty: int, size: int) -> tuple[int, ...]:
    """A black-and-white line's cells as bitmasks of values: 2 filled, 1 empty, 3 open."""
    return tuple(2 if filled >> i & 1 else 1 if empty >> i & 1 else 3 for i in range(size))


@dataclass(frozen=True)
class Colours:
    """Colour: per cell, the bitmask of the palette indices still possible."""

    palette: Palette
    """The palette a grid's values index."""
    cost_unit: float = DELTA_E_UNIT
    estimates: int = 400
    candidates: int = 6

    def cells(self, grid: npt.ArrayLike) -> Cells:
        return np.array(grid, dtype=np.uint8)

    def clues(self, grid: Cells) -> tuple[tuple[ColourClue, ...], tuple[ColourClue, ...]]:
        return grid_blocks(np.asarray(grid, dtype=np.uint8))

    def line_clue(self, cells: list[int]) -> ColourClue:
        return line_blocks(cells)

    def from_grid(self, grid: Cells, givens: Sequence[Cell]) -> colourboard.Board:
        partial = givens_partial(grid, givens)
        if partial is None:
            partial = np.full(grid.shape, UNKNOWN, dtype=np.int8)
        return self.from_partial(partial)

    def spread(
        self,
        rows: tuple[ColourClue, ...],
        cols: tuple[ColourClue, ...],
        board: colourboard.Board,
        *,
        cell: Cell | None = None,
        sweeps: int | None = None,
        deadline: float = math.inf,
    ) -> Spread[colourboard.Board]:
        dirty_rows, dirty_cols = (None, None) if cell is None else ((cell[0],), (cell[1],))
        line = colourboard.propagate(
            rows,
            cols,
            board,
            dirty_rows=dirty_rows,
            dirty_cols=dirty_cols,
            max_sweeps=sweeps,
            deadline=deadline,
        )
        return Spread(line.board, line.sweeps, line.settled)

    def unknown(self, board: colourboard.Board) -> int:
        return sum(map(len, board)) - self.known(board)

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

    # --- the solver's steps (``Kind``) ---

    def totals_reason(self, puzzle: Puzzle) -> str:
        by_rows = colour_totals(puzzle.row_blocks, puzzle.palette.size)
        by_cols = colour_totals(puzzle.col_blocks, puzzle.palette.size)
        for colour, (a, b) in enumerate(zip(by_rows, by_cols, strict=True)):
            if a != b:
                name = puzzle.palette.colours[colour].name
                return f"the row clues fill {a} cells with {name} but the column clues fill {b}"
        return ""

    def start(self, puzzle: Puzzle) -> colourboard.Board:
        return colourboard.start_board(puzzle)

    def propagate(
        self, puzzle: Puzzle, board: colourboard.Board, deadline: float = math.inf
    ) -> Line[colourboard.Board]:
        rows, cols = puzzle.row_blocks, puzzle.col_blocks
        line = colourboard.propagate(rows, cols, board, deadline=deadline)
        return Line(line.board, line.sweeps, line.line_solves, line.failed_line, line.late)

    def search(
        self, puzzle: Puzzle, board: colourboard.Board, *, limit: int, deadline: float
    ) -> Found:
        rows, cols = puzzle.row_blocks, puzzle.col_blocks
        found = sat_search(rows, cols, board, limit=limit, deadline=deadline)
        grids = tuple(colourboard.solution(b) for b in found.solutions)
        return Found(grids, found.complete, found.decisions, found.conflicts, found.restarts)

    def probe(
        self, puzzle: Puzzle, board: colourboard.Board, *, deadline: float
    ) -> Probed[colourboard.Board]:
        probing = colour_probe(puzzle.row_blocks, puzzle.col_blocks, board, deadline=deadline)
        return Probed(probing.board, probing.probes, probing.fixed, probing.complete)

    def known(self, board: colourboard.Board) -> int:
        return sum(1 for row in board for cell in row if cell & (cell - 1) == 0)

    def from_partial(self, partial: Partial) -> colourboard.Board:
        return colourboard.board_from_partial(partial, self.palette.size)

    def possible(self, board: colourboard.Board) -> Possible:
        return colourboard.as_array(board)

    def assume(
        self, puzzle: Puzzle, board: colourboard.Board, r: int, c: int, value: int
    ) -> Line[colourboard.Board]:
        rows, cols = puzzle.row_blocks, puzzle.col_blocks
        line = colourboard.assume(rows, cols, board, (r, c), 1 << value)
        return Line(line.board, line.sweeps, line.line_solves, line.failed_line)

    def solution(self, board: colourboard.Board) -> ColourGrid:
        return colourboard.solution(board)

    def line_news(self, puzzle: Puzzle, board: colourboard.Board) -> Iterator[LineNews]:
        columns = tuple(zip(*board, strict=True)) if board else ()
        for is_row, clues, lines in (
            (True, puzzle.row_blocks, board),
            (False, puzzle.col_blocks, columns),
        ):
            for i, (clue, cells) in enumerate(zip(clues, lines, strict=True)):
                solved = colour_line(clue, cells)
                if solved != cells:
                    yield LineNews(is_row, i, cells, solved)


def _cells(grid: np.typing.NDArray[np.bool_]) -> ColourGrid:
    """A black-and-white grid as palette indices (1 filled)."""
    return np.asarray(grid, dtype=np.uint8)


def _neighbours(grid: Cells, cell: Cell) -> set[int]:
    """The values of a cell's four neighbours."""
    r, c = cell
    height, width = grid.shape
    return {
        int(grid[r + dr, c + dc])
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < height and 0 <= c + dc < width
    }


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
