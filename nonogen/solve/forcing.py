"""Forcing probes for hints: assume an open cell has one of its values and follow line logic;
when every value but one ends in a contradiction, the cell has the one left. The simplest such
chain of contradictions is the one to explain.

Unlike the solver's probing, which probes to a fixpoint for a verdict, this looks for one
forced cell and what forced it, and looks at the clock before each cell. It works on either
kind's board (``nonogen.solve.kinds``): a black-and-white cell has two values, a colour cell
one per colour still possible there. It tries the open cells most likely to fail first (beside
known cells, in lines with many known cells) and, once one is forced, a few more: of those it
keeps the one whose contradictions come in the fewest sweeps of line logic (then the fewest
line solves), the shortest chain to explain. Looking further would cost a probe of every open
cell on a large grid for a slightly shorter explanation.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final, TypeVar

import numpy as np

from nonogen.puzzle import Puzzle
from nonogen.solve.colourboard import Possible
from nonogen.solve.kinds import Kind
from nonogen.solve.verdict import Cell

B = TypeVar("B")

MORE_CELLS: Final = 24
"""Open cells tried after the first forced one, for a simpler contradiction."""


@dataclass(frozen=True)
class Failure:
    """One value assumed in a cell, and the contradiction line logic reached from it."""

    value: int
    """The palette index assumed (black and white: 1 filled, 0 empty)."""
    failed_line: str
    """The line left with no arrangement, as line logic names it: ``row 3``, ``column 9``."""
    sweeps: int
    """Sweeps of line logic until the contradiction: 1 is the most direct."""
    line_solves: int
    """Single-line solves until the contradiction."""


@dataclass(frozen=True)
class Forced:
    """An open cell whose every value but ``value`` ends in a contradiction."""

    row: int
    col: int
    value: int
    """The value left: the cell must have it."""
    failures: tuple[Failure, ...]
    """Each other value tried, and how it failed."""

    def cost(self) -> tuple[int, int]:
        """How long the chain of reasoning is: its longest failure's sweeps, then solves."""
        return max((f.sweeps, f.line_solves) for f in self.failures)


@dataclass(frozen=True)
class Probed:
    """What probing found: a forced cell, a cell that fails every way, or nothing."""

    forced: Forced | None
    """The simplest forced cell found (None if none)."""
    broken: Cell | None = None
    """A cell all of whose values end in a contradiction: the marks fit no solution."""
    complete: bool = True
    """False when the deadline stopped probing before every open cell was tried."""


def values_of(mask: int) -> list[int]:
    """The palette indices set in a cell's bitmask, lowest first."""
    return [v for v in range(mask.bit_length()) if mask >> v & 1]


def open_cells(possible: Possible) -> list[Cell]:
    """Open cells (more than one value possible), those with the most known neighbours (the
    border counts) first, then those in the rows and columns with the most known cells: they
    fail fastest."""
    cells = np.asarray(possible, dtype=np.int64)
    known = np.pad((cells & (cells - 1)) == 0, 1, constant_values=True)
    inner = known[1:-1, 1:-1]
    near = known[:-2, 1:-1].astype(np.int64) + known[2:, 1:-1] + known[1:-1, :-2] + known[1:-1, 2:]
    lines = inner.sum(axis=1)[:, None] + inner.sum(axis=0)[None, :]
    rows, cols = np.nonzero(~inner)
    order = np.lexsort((cols, rows, -lines[rows, cols], -near[rows, cols]))
    return [(int(rows[i]), int(cols[i])) for i in order]


def _probe_cell(
    kind: Kind[B], puzzle: Puzzle, board: B, cell: Cell, mask: int
) -> Forced | Cell | None:
    """The cell forced, the cell itself when every value fails, or None."""
    r, c = cell
    failures: list[Failure] = []
    left: list[int] = []
    for value in values_of(mask)[::-1]:  # black and white: filled first, as people try it
        after = kind.assume(puzzle, board, r, c, value)
        if after.board is not None:
            left.append(value)
            if len(left) > 1:
                return None
        else:
            failures.append(Failure(value, after.failed_line, after.sweeps, after.line_solves))
    if not left:
        return cell
    return Forced(r, c, left[0], tuple(failures))


def find_forced(
    kind: Kind[B], puzzle: Puzzle, board: B, *, deadline: float, more: int = MORE_CELLS
) -> Probed:
    """The simplest cell assumptions and line logic settle, on a line-logic fixpoint: after
    the first forced cell, ``more`` further cells are tried for a simpler one."""
    best: Forced | None = None
    left = -1
    possible = kind.possible(board)
    for cell in open_cells(possible):
        if time.perf_counter() > deadline:
            return Probed(best, complete=False)
        found = _probe_cell(kind, puzzle, board, cell, int(possible[cell]))
        if isinstance(found, tuple):
            return Probed(None, broken=found)
        if found is not None and (best is None or found.cost() < best.cost()):
            best = found
        if best is not None:
            left = more if left < 0 else left - 1
            if left == 0 or best.cost()[0] == 1:  # nothing is more direct than one sweep
                break
    return Probed(best)
