"""The generator's data: what a repair aims at, how it may change the puzzle, what it made."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from nonogen.grid import UNKNOWN, Grid, Partial
from nonogen.puzzle import Meta, Puzzle, puzzle_from_grid
from nonogen.solve.verdict import TIERS, Cell

Costs = npt.NDArray[np.float64]
"""Per cell, what flipping it costs the picture (0 = the cell sat right on the threshold)."""


class Target(StrEnum):
    """What the repaired puzzle must be."""

    EASY = "easy"
    """Line logic solves it within EASY_SWEEPS sweeps (tier ``easy``)."""
    LINE = "line"
    """Line logic solves it (logic-only: tier ``easy`` or ``medium``)."""
    UNIQUE = "unique"
    """The complete solver proves it unique (probing or search may be needed: any tier)."""
    MEDIUM = "medium"
    """Line logic solves it, in enough sweeps to grade ``medium``."""
    HARD = "hard"
    """Unique, line logic stalls and probing solves it (tier ``hard``)."""
    EXPERT = "expert"
    """Unique, and line logic and probing stall: search is needed (tier ``expert``)."""

    @property
    def tier(self) -> str:
        """The one tier this target must deliver, or an empty string for LINE and UNIQUE."""
        return str(self) if str(self) in TIERS else ""


class RepairMode(StrEnum):
    """How the generator may change the puzzle."""

    FLIPS = "flips"
    """Flip cells of the picture's grid (the picture changes, the puzzle has no givens)."""
    GIVENS = "givens"
    """Reveal cells as givens printed in the grid (the picture stays exact)."""
    AUTO = "auto"
    """Flips within the flip budget, then givens for what the flips could not do."""


@dataclass(frozen=True)
class Repair:
    """The outcome of repairing a grid into a puzzle."""

    grid: Grid
    """The repaired grid (the best attempt when not ``solved``)."""
    flips: tuple[Cell, ...]
    """Cells flipped, in order."""
    solved: bool
    """Whether the puzzle (the grid's clues and the givens) meets the target."""
    unknown: int
    """Cells the target's line logic leaves undetermined, givens known (0 when it solves it)."""
    cost: float
    """Summed cost of the flips."""
    target: Target = Target.LINE
    givens: tuple[Cell, ...] = ()
    """Cells revealed in the printed grid, in order; each shows ``grid``'s value there."""
    mode: RepairMode = RepairMode.FLIPS
    """How the grid could be changed."""
    tier: str = ""
    """The tier the puzzle grades as (``solve_puzzle``), or empty when it is not proven unique."""
    difficulty: int | None = None
    """The difficulty score behind ``tier``."""

    def givens_partial(self) -> Partial | None:
        """The givens as a partial grid (``UNKNOWN`` elsewhere), or None when there are none."""
        return givens_partial(self.grid, self.givens)

    def puzzle(self, *, meta: Meta | None = None, where: str = "grid") -> Puzzle:
        """The puzzle to print: the grid's clues, the givens, and the grid as its goal."""
        return puzzle_of(self.grid, self.givens, meta=meta, where=where)


def givens_partial(grid: Grid, givens: tuple[Cell, ...]) -> Partial | None:
    """The grid's values at the given cells, ``UNKNOWN`` elsewhere; None without givens."""
    if not givens:
        return None
    partial = np.full(grid.shape, UNKNOWN, dtype=np.int8)
    for cell in givens:
        partial[cell] = int(grid[cell])
    return partial


def puzzle_of(
    grid: Grid, givens: tuple[Cell, ...], *, meta: Meta | None = None, where: str = "grid"
) -> Puzzle:
    """The puzzle of a grid with some of its cells given."""
    goal = np.asarray(grid, dtype=np.bool_)
    return puzzle_from_grid(goal, givens=givens_partial(goal, givens), meta=meta, where=where)
