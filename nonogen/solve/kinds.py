"""The board interface the solver drives, and its two implementations.

``solve_puzzle`` runs the same steps on every puzzle: clue totals, line logic to its fixpoint,
a complete SAT search, probing. What a board is and how each step works on it depends on the
puzzle's kind, and lives behind ``Kind``:

    Plain    black and white: bit-parallel rows and columns (``board``, ``propagate``,
             ``probe``, ``search``: CaDiCaL/Glucose portfolio with beliefs)
    Colours  colour: per-cell bitmasks of the colours still possible (``colourboard``,
             ``colourprobe``, ``coloursat``)

``board_of`` picks one by the puzzle's palette.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

import numpy as np

from nonogen.clues import ColourGrid, colour_totals
from nonogen.grid import FILLED, UNKNOWN, Partial, grid_from_masks
from nonogen.line import solve_line
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
from nonogen.solve.search import search as plain_search

B = TypeVar("B")


@dataclass(frozen=True)
class Line(Generic[B]):
    """The board at line logic's fixpoint (None on a contradiction) and the work done."""

    board: B | None
    sweeps: int
    line_solves: int
    failed_line: str = ""


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


class Kind(Protocol[B]):
    """One kind's board and the solver's steps on it."""

    def totals_reason(self, puzzle: Puzzle) -> str:
        """Why the row and column clues cannot fill the same cells, or an empty string."""
        ...

    def start(self, puzzle: Puzzle) -> B:
        """The board before any logic (the givens known)."""
        ...

    def propagate(self, puzzle: Puzzle, board: B) -> Line[B]:
        """Line logic from ``board`` to its fixpoint."""
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

    def from_partial(self, puzzle: Puzzle, partial: Partial) -> B:
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

    def totals_reason(self, puzzle: Puzzle) -> str:
        by_rows, by_cols = sum(map(sum, puzzle.rows)), sum(map(sum, puzzle.cols))
        if by_rows == by_cols:
            return ""
        return f"the row clues fill {by_rows} cells but the column clues fill {by_cols}"

    def start(self, puzzle: Puzzle) -> plain_board.Board:
        return plain_board.start_board(puzzle)

    def propagate(self, puzzle: Puzzle, board: plain_board.Board) -> Line[plain_board.Board]:
        line = plain_propagate(puzzle.rows, puzzle.cols, board)
        return Line(line.board, line.sweeps, line.line_solves, line.failed_line)

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

    def from_partial(self, puzzle: Puzzle, partial: Partial) -> plain_board.Board:
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


class Colours:
    """Colour: per cell, the bitmask of the colours still possible."""

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

    def propagate(self, puzzle: Puzzle, board: colourboard.Board) -> Line[colourboard.Board]:
        line = colourboard.propagate(puzzle.row_blocks, puzzle.col_blocks, board)
        return Line(line.board, line.sweeps, line.line_solves, line.failed_line)

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

    def from_partial(self, puzzle: Puzzle, partial: Partial) -> colourboard.Board:
        return colourboard.board_from_partial(partial, puzzle.palette.size)

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
