"""The colour puzzle: row and column colour clues, a palette, an optional goal, optional
givens (cells revealed in the printed grid) and metadata."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from nonogen.colour.clues import ColourClue, ColourGrid, check_clue, format_clue, grid_clues
from nonogen.colour.palette import Palette
from nonogen.errors import InputError, LimitError
from nonogen.puzzle import MAX_SIDE, Meta

NOT_GIVEN: Final = 255
"""The code of a cell the givens grid leaves to the solver (any other value is a colour)."""


@dataclass(frozen=True, eq=False)
class ColourPuzzle:
    """A colour nonogram."""

    rows: tuple[ColourClue, ...]
    """Row clues, top to bottom."""
    cols: tuple[ColourClue, ...]
    """Column clues, left to right."""
    palette: Palette
    """The colours, background first; clue colours are indices into it."""
    goal: ColourGrid | None = None
    """The intended solution (palette indices), when the source has one."""
    meta: Meta = field(default_factory=dict)
    """Title, author, copyright, license and whatever else the source carried."""
    givens: ColourGrid | None = None
    """Cells revealed in the printed grid: a palette index, or ``NOT_GIVEN``; None when no
    cell is given."""

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
        return (
            f"make_colour_puzzle({[list(c) for c in self.rows]!r}, "
            f"{[list(c) for c in self.cols]!r}, {self.palette!r})"
        )


def _as_clues(
    lines: Sequence[Sequence[Sequence[int]]], kind: str, where: str
) -> tuple[ColourClue, ...]:
    """Clues as tuples of (int, int) blocks, rejecting anything else."""
    out: list[ColourClue] = []
    for i, line in enumerate(lines):
        if isinstance(line, (str, bytes)) or not isinstance(line, Sequence):
            raise InputError(
                f"{where}: {kind} {i + 1}: expected a list of [length, colour] blocks, got {line!r}"
            )
        blocks = []
        for block in line:
            ok = isinstance(block, Sequence) and not isinstance(block, (str, bytes))
            if not ok or len(block) != 2 or not all(_is_int(n) for n in block):
                raise InputError(
                    f"{where}: {kind} {i + 1}: expected blocks of two integers "
                    f"[length, colour index], got {block!r}"
                )
            blocks.append((int(block[0]), int(block[1])))
        out.append(tuple(blocks))
    return tuple(out)


def _is_int(value: object) -> bool:
    """Whether a value is an integer and not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _check_goal(
    goal: ColourGrid,
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    palette: Palette,
    where: str,
) -> None:
    """Raise InputError if the goal has the wrong shape, a colour out of range or other clues."""
    if goal.ndim != 2 or goal.shape != (len(rows), len(cols)):
        raise InputError(
            f"{where}: goal has shape {goal.shape} but the clues are {len(cols)}x{len(rows)}; "
            f"give one row of {len(cols)} cells per clue row"
        )
    if goal.size and int(goal.max()) >= palette.size:
        raise InputError(
            f"{where}: goal uses colour {int(goal.max())} but the palette has "
            f"{palette.size} colours (0 to {palette.size - 1})"
        )
    goal_rows, goal_cols = grid_clues(goal)
    for kind, mine, theirs in (("row", rows, goal_rows), ("column", cols, goal_cols)):
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                raise InputError(
                    f"{where}: {kind} {i + 1}: the clue is {format_clue(a)} but the solution "
                    f"gives {format_clue(b)}; fix the clue or the solution"
                )


def _checked_givens(
    givens: ColourGrid,
    shape: tuple[int, int],
    palette: Palette,
    goal: ColourGrid | None,
    where: str,
) -> ColourGrid | None:
    """The givens as uint8 (None when no cell is given); InputError for a wrong shape, a
    colour out of range or a given that disagrees with the goal."""
    grid = np.asarray(givens)
    if grid.dtype.kind not in "iu" or grid.shape != shape:
        raise InputError(
            f"{where}: givens: expected {shape[0]} rows of {shape[1]} colour indices "
            f"({NOT_GIVEN} for a cell not given), got shape {grid.shape}"
        )
    wrong = (grid < 0) | ((grid >= palette.size) & (grid != NOT_GIVEN))
    if wrong.any():
        r, c = (int(i) for i in np.argwhere(wrong)[0])
        raise InputError(
            f"{where}: givens: row {r + 1}, column {c + 1}: expected a colour 0 to "
            f"{palette.size - 1} or {NOT_GIVEN} (not given), got {int(grid[r, c])}"
        )
    grid = grid.astype(np.uint8)
    given = grid != NOT_GIVEN
    if goal is not None and (grid[given] != goal[given]).any():
        r, c = (int(i) for i in np.argwhere(given & (grid != goal))[0])
        raise InputError(
            f"{where}: givens: row {r + 1}, column {c + 1} is given colour {int(grid[r, c])} "
            f"but the solution has {int(goal[r, c])}; fix the givens or the solution"
        )
    return grid if given.any() else None


def make_colour_puzzle(
    rows: Sequence[Sequence[Sequence[int]]],
    cols: Sequence[Sequence[Sequence[int]]],
    palette: Palette,
    *,
    goal: ColourGrid | None = None,
    meta: Meta | None = None,
    where: str = "puzzle",
    givens: ColourGrid | None = None,
) -> ColourPuzzle:
    """A checked ColourPuzzle; raise InputError (naming ``where``) for anything malformed."""
    row_clues = _as_clues(rows, "row", where)
    col_clues = _as_clues(cols, "column", where)
    height, width = len(row_clues), len(col_clues)
    if not 1 <= height <= MAX_SIDE or not 1 <= width <= MAX_SIDE:
        cls = LimitError if max(height, width) > MAX_SIDE else InputError
        raise cls(f"{where}: expected 1 to {MAX_SIDE} rows and columns, got {width}x{height}")
    for i, clue in enumerate(row_clues):
        check_clue(clue, width, palette.size, f"{where}: row {i + 1}")
    for i, clue in enumerate(col_clues):
        check_clue(clue, height, palette.size, f"{where}: column {i + 1}")
    if goal is not None:
        goal = np.asarray(goal)
        if goal.dtype.kind not in "iu" or (goal.size and int(goal.min()) < 0):
            raise InputError(f"{where}: goal: expected non-negative colour indices")
        goal = goal.astype(np.uint8)
        _check_goal(goal, row_clues, col_clues, palette, where)
    if givens is not None:
        givens = _checked_givens(givens, (height, width), palette, goal, where)
    return ColourPuzzle(row_clues, col_clues, palette, goal, dict(meta or {}), givens)


def givens_grid(
    shape: tuple[int, int], cells: Sequence[tuple[int, int]], grid: ColourGrid
) -> ColourGrid:
    """A givens grid revealing ``cells`` with their colours in ``grid``, ``NOT_GIVEN`` elsewhere."""
    out = np.full(shape, NOT_GIVEN, dtype=np.uint8)
    for r, c in cells:
        out[r, c] = grid[r, c]
    return out


def colour_puzzle_from_grid(
    goal: ColourGrid,
    palette: Palette,
    *,
    meta: Meta | None = None,
    where: str = "grid",
    givens: ColourGrid | None = None,
) -> ColourPuzzle:
    """The colour puzzle whose clues are derived from a solved grid, with that grid as its goal."""
    grid = np.asarray(goal)
    if grid.size and (int(grid.min()) < 0 or int(grid.max()) >= palette.size):
        raise InputError(
            f"{where}: expected colour indices 0 to {palette.size - 1}, got values from "
            f"{int(grid.min())} to {int(grid.max())}"
        )
    grid = grid.astype(np.uint8)
    rows, cols = grid_clues(grid)
    return make_colour_puzzle(rows, cols, palette, goal=grid, meta=meta, where=where, givens=givens)
