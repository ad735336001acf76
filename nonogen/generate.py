"""The repairing generator: flip as few, and as cheap, cells as it takes for line logic to solve.

Start from the thresholded grid. While complete line logic leaves cells undetermined, try
flipping each of the cheapest undetermined cells (fill or clear, whichever it is not) and keep
the flip that settles the most cells per unit of visual cost. A puzzle line logic solves is
unique, so the loop ends with a unique, logic-only puzzle, or with the best attempt when the
flip or time budget runs out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nonogen.clues import grid_clues
from nonogen.grid import Grid
from nonogen.solve.board import empty_board
from nonogen.solve.propagate import propagate
from nonogen.solve.verdict import Cell

Costs = npt.NDArray[np.float64]
"""Per cell, what flipping it costs the picture (0 = the cell sat right on the threshold)."""

COST_FLOOR = 0.02  # so a free flip still has to earn its place by settling cells


@dataclass(frozen=True)
class Repair:
    """The outcome of repairing a grid into a logic-only puzzle."""

    grid: Grid
    """The repaired grid (the best attempt when not ``solved``)."""
    flips: tuple[Cell, ...]
    """Cells flipped, in order."""
    solved: bool
    """Whether line logic solves the repaired grid's clues."""
    unknown: int
    """Cells line logic leaves undetermined (0 when solved)."""
    cost: float
    """Summed cost of the flips."""


def undetermined(grid: Grid) -> npt.NDArray[np.bool_]:
    """Cells complete line logic cannot determine from the grid's clues."""
    rows, cols = grid_clues(grid)
    board = propagate(rows, cols, empty_board(len(rows), len(cols))).board
    assert board is not None  # the clues of a real grid always have that grid as a solution
    return np.asarray(board.partial() < 0, dtype=np.bool_)


def _flipped(grid: Grid, cell: Cell) -> Grid:
    """The grid with one cell flipped."""
    out = grid.copy()
    out[cell] = not out[cell]
    return out


def _candidates(
    open_cells: npt.NDArray[np.bool_], costs: Costs, rng: np.random.Generator, count: int
) -> list[Cell]:
    """The cheapest undetermined cells, ties broken by the seeded generator."""
    rows, cols = np.nonzero(open_cells)
    jitter = rng.random(rows.size) * 1e-9
    order = np.argsort(costs[rows, cols] + jitter, kind="stable")[:count]
    return [(int(rows[i]), int(cols[i])) for i in order]


def _best_flip(
    grid: Grid,
    costs: Costs,
    open_cells: npt.NDArray[np.bool_],
    rng: np.random.Generator,
    count: int,
    *,
    before: int,
) -> tuple[Cell, npt.NDArray[np.bool_]]:
    """The flip that settles the most of ``before`` open cells per unit of cost, and what
    stays open after it."""
    best: tuple[float, Cell, npt.NDArray[np.bool_]] | None = None
    for cell in _candidates(open_cells, costs, rng, count):
        still_open = undetermined(_flipped(grid, cell))
        score = (before - int(still_open.sum())) / (float(costs[cell]) + COST_FLOOR)
        if best is None or score > best[0]:
            best = (score, cell, still_open)
    assert best is not None
    return best[1], best[2]


def repair(
    goal: Grid,
    costs: Costs,
    *,
    rng: np.random.Generator,
    max_flips: int,
    seconds: float,
    candidates: int = 16,
) -> Repair:
    """Flip cells of ``goal`` until line logic solves its clues, within the budgets."""
    deadline = time.perf_counter() + seconds
    grid = np.asarray(goal, dtype=np.bool_).copy()
    flips: list[Cell] = []
    flipped = np.zeros(grid.shape, dtype=np.bool_)
    open_cells = undetermined(grid)
    while open_cells.any() and len(flips) < max_flips and time.perf_counter() < deadline:
        fresh = open_cells & ~flipped  # flipping a cell back would undo a step
        if not fresh.any():
            break
        cell, open_cells = _best_flip(
            grid, costs, fresh, rng, candidates, before=int(open_cells.sum())
        )
        flipped[cell] = True
        grid = _flipped(grid, cell)
        flips.append(cell)
    cost = float(sum(costs[cell] for cell in flips))
    unknown = int(open_cells.sum())
    return Repair(grid, tuple(flips), unknown == 0, unknown, cost)
