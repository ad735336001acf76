"""Clues: the run lengths of one line, derived from cells and checked against a length."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from nonogen.errors import InputError
from nonogen.grid import Grid

Clue = tuple[int, ...]
"""The lengths of the filled runs of one line, in order; ``()`` for an empty line."""


def line_clue(cells: Iterable[bool]) -> Clue:
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
