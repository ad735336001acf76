"""The printed figure of each kind of puzzle: where its grid goes, how it is drawn, and what
stands beside it (colour: the legend of its colours). ``figure_of`` picks one, once; the
pages (``sheet``, ``cover``, ``mosaic``, ``checks``) never ask which kind they print.

    MonoFigure    black and white: clues in bands, filled cells black (``figure``)
    ColourFigure  colour: coloured clues and cells, a legend under the grid (``colourfig``)
"""

from __future__ import annotations

from typing import Final, Protocol

import numpy as np

from nonogen.errors import InputError
from nonogen.pdf.colourfig import (
    above_legend,
    colour_layout,
    draw_colour_figure,
    draw_legend,
    legend_names,
)
from nonogen.pdf.figure import MAX_CELL, Layout, Mask, draw_figure, layout
from nonogen.pdf.pages import Box, Pen
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle


class Figure(Protocol):
    """How one kind of puzzle is printed."""

    def layout(
        self,
        puzzle: Puzzle,
        box: Box,
        *,
        clues: bool = True,
        max_cell: float = MAX_CELL,
        above: float = 0.3,
    ) -> Layout:
        """Where the figure goes in ``box`` (``above``: the share of spare height over it)."""
        ...

    def grid_box(self, puzzle: Puzzle, box: Box) -> Box:
        """The part of a puzzle's slot its figure takes (the rest holds what goes beside)."""
        ...

    def draw_beside(self, pen: Pen, puzzle: Puzzle, box: Box, lay: Layout) -> None:
        """Draw what goes beside the figure in its slot ``box``."""
        ...

    def texts(self, puzzle: Puzzle) -> list[str]:
        """The words printed beside the figure (for the glyph check)."""
        ...

    def draw(self, pen: Pen, puzzle: Puzzle, lay: Layout, *, solution: bool) -> None:
        """Draw the figure in its layout, the goal filled in when ``solution``."""
        ...


class MonoFigure:
    """Black and white: nothing beside the figure."""

    def layout(
        self,
        puzzle: Puzzle,
        box: Box,
        *,
        clues: bool = True,
        max_cell: float = MAX_CELL,
        above: float = 0.3,
    ) -> Layout:
        return layout(puzzle, box, clues=clues, max_cell=max_cell, above=above)

    def grid_box(self, puzzle: Puzzle, box: Box) -> Box:
        return box

    def draw_beside(self, pen: Pen, puzzle: Puzzle, box: Box, lay: Layout) -> None:
        return None

    def texts(self, puzzle: Puzzle) -> list[str]:
        return []

    def draw(self, pen: Pen, puzzle: Puzzle, lay: Layout, *, solution: bool) -> None:
        draw_figure(pen.canvas, puzzle, lay, solution=goal_mask(puzzle) if solution else None)


class ColourFigure:
    """Colour: the legend of its colours right under the grid."""

    def layout(
        self,
        puzzle: Puzzle,
        box: Box,
        *,
        clues: bool = True,
        max_cell: float = MAX_CELL,
        above: float = 0.3,
    ) -> Layout:
        return colour_layout(puzzle, box, clues=clues, max_cell=max_cell, above=above)

    def grid_box(self, puzzle: Puzzle, box: Box) -> Box:
        return above_legend(puzzle.palette, box)

    def draw_beside(self, pen: Pen, puzzle: Puzzle, box: Box, lay: Layout) -> None:
        below_grid = lay.grid.y - 0.3 * lay.cell
        draw_legend(pen, puzzle.palette, box, below_grid, patterns=pen.patterns)

    def texts(self, puzzle: Puzzle) -> list[str]:
        return legend_names(puzzle.palette)

    def draw(self, pen: Pen, puzzle: Puzzle, lay: Layout, *, solution: bool) -> None:
        goal = None
        if solution and puzzle.goal is not None:
            goal = np.asarray(puzzle.goal, dtype=np.uint8)
        draw_colour_figure(pen.canvas, puzzle, lay, solution=goal, patterns=pen.patterns)


MONO_FIGURE: Final = MonoFigure()
COLOUR_FIGURE: Final = ColourFigure()
FIGURES: Final[dict[Kind, Figure]] = {MONO: MONO_FIGURE, COLOUR: COLOUR_FIGURE}
"""The figure of each kind of puzzle (``Puzzle.kind``)."""


def figure_of(puzzle: Puzzle) -> Figure:
    """The figure of the puzzle's kind."""
    return FIGURES[puzzle.kind]


def goal_mask(puzzle: Puzzle) -> Mask | None:
    """The solution grid of a black-and-white puzzle to print, or None without one."""
    if puzzle.goal is None:
        return None
    goal = np.asarray(puzzle.goal, dtype=np.bool_)
    if goal.shape != (puzzle.height, puzzle.width):
        raise InputError(
            f"the goal grid is {goal.shape[1]}x{goal.shape[0]} but the puzzle is "
            f"{puzzle.width} x {puzzle.height}; give a goal of the puzzle's size"
        )
    return goal
