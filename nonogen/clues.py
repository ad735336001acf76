"""Clues: the blocks of one line, derived from cells and checked against a length.

A black-and-white clue is the lengths of the filled runs (``Clue``); a colour clue gives each
block a colour as well (``ColourClue``, ``(length, colour)`` blocks, 0 the background). Two
neighbouring blocks of the same colour need at least one background cell between them; blocks
of different colours may touch. A black-and-white clue is the one-colour case: every block
colour 1.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from nonogen.errors import InputError
from nonogen.grid import Grid
from nonogen.palette import BACKGROUND

Clue = tuple[int, ...]
"""The lengths of the filled runs of one line, in order; ``()`` for an empty line."""


def line_clue(cells: Iterable[int]) -> Clue:
    """The clue of one line of cells."""
    runs: list[int] = []
    run = 0
    for cell in cells:
        if cell:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return tuple(runs)


def grid_clues(grid: Grid) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The row clues and column clues of a solved grid."""
    rows = tuple(line_clue(row) for row in grid.tolist())
    cols = tuple(line_clue(col) for col in np.asarray(grid).T.tolist())
    return rows, cols


def min_length(clue: Clue) -> int:
    """The shortest line that holds the clue: its runs plus one gap between each two."""
    return sum(clue) + len(clue) - 1 if clue else 0


def check_clue(clue: Clue, length: int, where: str) -> None:
    """Raise InputError if a run is not positive or the clue cannot fit a line of ``length``."""
    for run in clue:
        if run <= 0:
            raise InputError(
                f"{where}: expected positive run lengths, got {run} in {list(clue)}; "
                "write an empty line as [] (or 0 in text formats)"
            )
    if min_length(clue) > length:
        raise InputError(
            f"{where}: clue {list(clue)} needs {min_length(clue)} cells but the line has "
            f"{length}; check the clue or the puzzle size"
        )


Block = tuple[int, int]
"""One block of a clue: ``(length, colour index)``."""
ColourClue = tuple[Block, ...]
"""The blocks of one line, in order; ``()`` for a line of background only."""
ColourGrid = npt.NDArray[np.uint8]
"""A solved colour grid, indexed ``(row, col)``; each cell a palette index (0 background)."""


def line_blocks(cells: Iterable[int]) -> ColourClue:
    """The blocks of one line of colour indices."""
    blocks: list[Block] = []
    colour, run = BACKGROUND, 0
    for cell in cells:
        if cell == colour:
            run += 1
            continue
        if colour != BACKGROUND and run:
            blocks.append((run, colour))
        colour, run = int(cell), 1
    if colour != BACKGROUND and run:
        blocks.append((run, colour))
    return tuple(blocks)


def grid_blocks(grid: ColourGrid) -> tuple[tuple[ColourClue, ...], tuple[ColourClue, ...]]:
    """The row and column blocks of a solved colour grid."""
    rows = tuple(line_blocks(row) for row in np.asarray(grid).tolist())
    cols = tuple(line_blocks(col) for col in np.asarray(grid).T.tolist())
    return rows, cols


def gaps_needed(clue: ColourClue) -> int:
    """How many neighbouring pairs of blocks share a colour (each needs a background cell)."""
    return sum(1 for a, b in itertools.pairwise(clue) if a[1] == b[1])


def blocks_min_length(clue: ColourClue) -> int:
    """The shortest line that holds the clue: its blocks plus the required gaps."""
    return sum(length for length, _ in clue) + gaps_needed(clue)


def colour_totals(clues: Iterable[ColourClue], colours: int) -> list[int]:
    """Cells of each colour index (0 unused) the clues fill, summed over the lines."""
    totals = [0] * colours
    for clue in clues:
        for length, colour in clue:
            totals[colour] += length
    return totals


def check_blocks(clue: ColourClue, length: int, colours: int, where: str) -> None:
    """Raise InputError if a block is malformed or the clue cannot fit a line of ``length``."""
    for run, colour in clue:
        if run <= 0:
            raise InputError(
                f"{where}: expected positive block lengths, got {run} in {format_clue(clue)}; "
                "write a line of background only as []"
            )
        if not 1 <= colour < colours:
            raise InputError(
                f"{where}: block ({run}, {colour}) uses colour {colour} but the palette has "
                f"colours 1 to {colours - 1}; add the colour to the palette or fix the clue"
            )
    if blocks_min_length(clue) > length:
        raise InputError(
            f"{where}: clue {format_clue(clue)} needs {blocks_min_length(clue)} cells (blocks of "
            f"one colour need a gap) but the line has {length}; check the clue or the puzzle size"
        )


def format_clue(clue: ColourClue) -> str:
    """A clue as ``[2:1, 1:3]`` (length:colour index), for messages."""
    return "[" + ", ".join(f"{length}:{colour}" for length, colour in clue) + "]"
