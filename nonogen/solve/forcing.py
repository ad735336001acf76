"""Forcing probes for hints: assume an open cell filled (or empty) and follow line logic; a
contradiction forces the other value. The simplest such contradiction is the one to explain.

Unlike ``nonogen.solve.probe``, which probes to a fixpoint for a verdict, this looks for one
forced cell and what forced it, and looks at the clock before each cell. It tries the open
cells most likely to fail first (beside known cells, in lines with many known cells) and,
once one fails, a few more: of those it keeps the assumption that fails in the fewest sweeps
of line logic (then the fewest line solves), the shortest chain to explain. Looking further
would cost a probe of every open cell on a large grid for a slightly shorter explanation.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

import numpy as np

from nonogen.clues import Clue
from nonogen.grid import UNKNOWN
from nonogen.solve.board import Board
from nonogen.solve.propagate import propagate, set_cell
from nonogen.solve.verdict import Cell

MORE_CELLS: Final = 24
"""Open cells tried after the first forced one, for a simpler contradiction."""


@dataclass(frozen=True)
class Forced:
    """An open cell one assumption settles: assuming it ``tried`` ends in a contradiction."""

    row: int
    col: int
    tried: bool
    """The value assumed: True filled (so the cell must be empty), False empty."""
    failed_line: str
    """The line left with no arrangement, as ``propagate`` names it: ``row 3``, ``column 9``."""
    sweeps: int
    """Sweeps of line logic until the contradiction: 1 is the most direct."""
    line_solves: int
    """Single-line solves until the contradiction."""

    def cost(self) -> tuple[int, int]:
        """How long the chain of reasoning is: fewer sweeps, then fewer line solves."""
        return self.sweeps, self.line_solves


@dataclass(frozen=True)
class Probed:
    """What probing found: a forced cell, a cell that fails both ways, or nothing."""

    forced: Forced | None
    """The simplest forced cell found (None if none)."""
    broken: Cell | None = None
    """A cell both of whose values end in a contradiction: the marks fit no solution."""
    complete: bool = True
    """False when the deadline stopped probing before every open cell was tried."""


def open_cells(board: Board) -> list[Cell]:
    """Open cells, those with the most known neighbours (the border counts) first, then those
    in the rows and columns with the most known cells: they fail fastest."""
    known = np.pad(board.partial() != UNKNOWN, 1, constant_values=True)
    inner = known[1:-1, 1:-1]
    near = known[:-2, 1:-1].astype(np.int64) + known[2:, 1:-1] + known[1:-1, :-2] + known[1:-1, 2:]
    lines = inner.sum(axis=1)[:, None] + inner.sum(axis=0)[None, :]
    rows, cols = np.nonzero(~inner)
    order = np.lexsort((cols, rows, -lines[rows, cols], -near[rows, cols]))
    return [(int(rows[i]), int(cols[i])) for i in order]


def _assume(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    cell: Cell,
    *,
    filled: bool,
) -> Forced | None:
    """The contradiction that assuming the cell's value leads to, or None."""
    r, c = cell
    after = propagate(
        rows,
        cols,
        set_cell(board, r, c, filled=filled),
        dirty_rows={r},
        dirty_cols={c},
    )
    if after.board is not None:
        return None
    return Forced(r, c, filled, after.failed_line, after.sweeps, after.line_solves)


def _better(best: Forced | None, found: Forced | None) -> Forced | None:
    """The simpler of two forced cells (the first on a tie)."""
    if found is None or (best is not None and best.cost() <= found.cost()):
        return best
    return found


def find_forced(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    *,
    deadline: float,
    more: int = MORE_CELLS,
) -> Probed:
    """The simplest cell one assumption and line logic settle, on a line-logic fixpoint:
    after the first forced cell, ``more`` further cells are tried for a simpler one."""
    best: Forced | None = None
    left = -1
    for cell in open_cells(board):
        if time.perf_counter() > deadline:
            return Probed(best, complete=False)
        fails = [_assume(rows, cols, board, cell, filled=value) for value in (True, False)]
        if fails[0] is not None and fails[1] is not None:
            return Probed(None, broken=cell)
        for found in fails:
            best = _better(best, found)
        if best is not None:
            left = more if left < 0 else left - 1
            if left == 0 or best.sweeps == 1:  # nothing is more direct than one sweep
                break
    return Probed(best)
