"""The generator's data: what a repair aims at, how it may change the puzzle, what it made."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from nonogen.generate.kinds import puzzle_of
from nonogen.grid import Partial
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.puzzle import Meta, Puzzle
from nonogen.solve.kinds import Cells, givens_partial
from nonogen.solve.verdict import Cell
from nonogen.tiers import TIERS

Costs = npt.NDArray[np.float64]
"""Black and white: per cell, what flipping it costs the picture (0 = the cell sat right on
the threshold); colour (and either kind): ``(rows, cols, values)``, what giving each cell
each value costs (``nonogen.generate.kinds.value_costs``)."""
Change = tuple[int, int, int, int]
"""One changed cell: ``(row, col, old value, new value)``."""


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
    """The outcome of repairing a grid into a puzzle (either kind)."""

    grid: Cells
    """The repaired grid of palette indices (bool for black and white; the best attempt when
    not ``solved``)."""
    flips: tuple[Cell, ...]
    """Cells changed to another value (black and white: flipped), in order."""
    solved: bool
    """Whether the puzzle (the grid's clues and the givens) meets the target."""
    unknown: int
    """Cells the target's line logic leaves undetermined, givens known (0 when it solves it)."""
    cost: float
    """Summed cost of the changes (black and white: grey levels; colour: Delta E)."""
    target: Target = Target.LINE
    givens: tuple[Cell, ...] = ()
    """Cells revealed in the printed grid, in order; each shows ``grid``'s value there."""
    mode: RepairMode = RepairMode.FLIPS
    """How the grid could be changed."""
    tier: str = ""
    """The tier the puzzle grades as (``solve_puzzle``), or empty when it is not proven unique."""
    difficulty: int | None = None
    """The difficulty score behind ``tier``."""
    palette: Palette = BLACK_ON_WHITE
    """The palette the grid's values index."""
    source: Cells | None = None
    """The grid the repair started from (None: ``grid`` itself)."""
    ran_out: bool = False
    """Whether a step of the repair stopped on its deadline rather than on its own (the
    flips' share of the time, an undo, a search cut short): the same seed may then give
    another grid under another load (``time_budget``)."""

    def changes(self) -> tuple[Change, ...]:
        """The changed cells as ``(row, col, old value, new value)``, in order."""
        source = self.grid if self.source is None else self.source
        return tuple((r, c, int(source[r, c]), int(self.grid[r, c])) for r, c in self.flips)

    def givens_partial(self) -> Partial | None:
        """The givens as a partial grid (``UNKNOWN`` elsewhere), or None when there are none."""
        return givens_partial(self.grid, self.givens)

    def puzzle(self, *, meta: Meta | None = None, where: str = "grid") -> Puzzle:
        """The puzzle to print: the grid's clues, the givens, and the grid as its goal."""
        return puzzle_of(self.grid, self.givens, self.palette, meta=meta, where=where)
