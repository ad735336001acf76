"""The generator's view of a puzzle's kind: line logic on one grid's clues, move by move.

The repairs (``flips``, ``givens``, ``modes``, ``tiers``) are written once, over ``Lines``;
each kind's board supplies its line logic (``nonogen.solve.kinds``, the same classes the
solver drives):

    Plain    black and white: the solver's bit-parallel rows and columns
    Colours  colour: per cell, the bitmask of the palette indices still possible

``lines_for(palette)`` picks one. A grid holds palette indices (black and white: bool, the
one-colour case); a value is a palette index.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.puzzle import MONO as BLACK_AND_WHITE
from nonogen.puzzle import Meta, Puzzle, kind_of, puzzle_from_grid
from nonogen.solve.kinds import Cells, Colours, Plain, Spread, givens_partial
from nonogen.solve.verdict import Cell

B = TypeVar("B")
"""A kind's board."""
C = TypeVar("C")
"""A kind's clue of one line."""

Costs = npt.NDArray[np.float64]
"""``(rows, cols, values)``: what giving each cell each value costs the picture (0 for the
value it has in the picture's own grid)."""


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

    def from_grid(self, grid: Cells, givens: Sequence[Cell]) -> B:
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
        deadline: float = math.inf,
    ) -> Spread[B]:
        """Line logic from the lines through ``cell`` (all lines without one), to its
        fixpoint, for at most ``sweeps`` sweeps, or until the deadline (the board where it
        stopped: a late board leaves more cells open, never fewer)."""
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


PLAIN: Final = Plain()
"""Black and white's lines (the solver's bit-parallel board)."""


def lines_for(palette: Palette) -> Lines[Any, Any]:
    """The lines of a puzzle of this palette: black and white's bit-parallel ones for the
    plain palette, colour's otherwise."""
    return PLAIN if kind_of(palette) is BLACK_AND_WHITE else Colours(palette)


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
