"""The puzzle: row and column clues, optional givens and goal, and free-form metadata."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from nonogen.clues import Clue, check_clue, grid_clues
from nonogen.errors import InputError, LimitError
from nonogen.grid import UNKNOWN, Grid, Partial

MAX_SIDE: Final = 1024
"""The largest width or height nonogen accepts, in cells."""

Meta = Mapping[str, object]
"""JSON-compatible metadata: title, author, copyright, license, id, source, ..."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A black-and-white nonogram."""

    rows: tuple[Clue, ...]
    """Row clues, top to bottom."""
    cols: tuple[Clue, ...]
    """Column clues, left to right."""
    givens: Partial | None = None
    """Cells given in advance (``UNKNOWN`` elsewhere), as in the GCHQ 2015 puzzle."""
    goal: Grid | None = None
    """The intended solution, when the source has one."""
    meta: Meta = field(default_factory=dict)
    """Title, author, copyright, license and whatever else the source carried."""

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.cols)

    @property
    def title(self) -> str:
        """The title from the metadata, or an empty string."""
        return str(self.meta.get("title", "") or "")

    def __repr__(self) -> str:
        return f"make_puzzle({list(map(list, self.rows))!r}, {list(map(list, self.cols))!r})"


def _as_clues(lines: Sequence[Sequence[int]], kind: str, where: str) -> tuple[Clue, ...]:
    """Clues as tuples of ints, rejecting anything that is not a list of integers."""
    out: list[Clue] = []
    for i, line in enumerate(lines):
        if isinstance(line, (str, bytes)) or not isinstance(line, Sequence):
            raise InputError(
                f"{where}: {kind} {i + 1}: expected a list of run lengths, got {line!r}"
            )
        if any(isinstance(n, bool) or not isinstance(n, int) for n in line):
            raise InputError(f"{where}: {kind} {i + 1}: expected integer run lengths, got {line!r}")
        out.append(tuple(line))
    return tuple(out)


def make_puzzle(
    rows: Sequence[Sequence[int]],
    cols: Sequence[Sequence[int]],
    *,
    givens: Partial | None = None,
    goal: Grid | None = None,
    meta: Meta | None = None,
    where: str = "puzzle",
) -> Puzzle:
    """A checked Puzzle; raise InputError (naming ``where``) for anything malformed."""
    row_clues = _as_clues(rows, "row", where)
    col_clues = _as_clues(cols, "column", where)
    height, width = len(row_clues), len(col_clues)
    if not 1 <= height <= MAX_SIDE or not 1 <= width <= MAX_SIDE:
        cls = LimitError if max(height, width) > MAX_SIDE else InputError
        raise cls(f"{where}: expected 1 to {MAX_SIDE} rows and columns, got {width}x{height}")
    for i, clue in enumerate(row_clues):
        check_clue(clue, width, f"{where}: row {i + 1}")
    for i, clue in enumerate(col_clues):
        check_clue(clue, height, f"{where}: column {i + 1}")
    for name, grid in (("givens", givens), ("goal", goal)):
        if grid is not None and grid.shape != (height, width):
            raise InputError(
                f"{where}: {name} is {grid.shape[1]}x{grid.shape[0]} but the clues are "
                f"{width}x{height}; give one row of {width} cells per clue row"
            )
    return Puzzle(row_clues, col_clues, givens, goal, dict(meta or {}))


def puzzle_from_grid(goal: Grid, *, meta: Meta | None = None, where: str = "grid") -> Puzzle:
    """The puzzle whose clues are derived from a solved grid, with that grid as its goal."""
    rows, cols = grid_clues(goal)
    return make_puzzle(rows, cols, goal=np.asarray(goal, dtype=np.bool_), meta=meta, where=where)


def has_givens(puzzle: Puzzle) -> bool:
    """Whether any cell of the puzzle is given in advance."""
    return puzzle.givens is not None and bool((puzzle.givens != UNKNOWN).any())
