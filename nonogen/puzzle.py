"""The puzzle, one model for both kinds: row and column clues (lengths with a colour each), a
palette, optional givens and goal, and free-form metadata.

A black-and-white puzzle is the one-colour case: its palette is white and black
(``BLACK_ON_WHITE``) and every block is colour 1. Its solvers read the plain lengths
(``rows``, ``cols``); the colour solvers read the blocks (``row_blocks``, ``col_blocks``).
Cells are palette indices everywhere: a goal is a ``ColourGrid`` (0 the background), givens a
``Partial`` (``UNKNOWN`` for a cell not given, else its colour).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.clues import (
    Clue,
    ColourClue,
    ColourGrid,
    check_blocks,
    check_clue,
    format_clue,
    grid_blocks,
    grid_clues,
)
from nonogen.errors import InputError, LimitError
from nonogen.grid import UNKNOWN, Grid, Partial
from nonogen.palette import BLACK_ON_WHITE, Palette, is_plain
from nonogen.records import Json

MAX_SIDE: Final = 1024
"""The largest width or height nonogen accepts, in cells."""

_Line = TypeVar("_Line", Clue, ColourClue)
"""One line's clue: run lengths or blocks."""
Meta = Mapping[str, Json]
"""JSON-compatible metadata: title, author, copyright, license, id, source, ..."""


@dataclass(frozen=True)
class Kind:
    """The kind of a puzzle, decided once from its palette by one rule (``kind_of``): black
    and white (white and black) or colour. Black and white is the one-colour case: solvers,
    repair and drawings read both kinds through the blocks. What a kind still says
    differently in records, answers and words is said here, once; the layers above key what
    they draw differently (a figure, a board) by the kind itself."""

    name: str
    """``mono`` or ``colour``, as records and answers name the kind."""
    names_colours: bool
    """Whether records and answers name each block's colour and carry the palette (black
    and white writes plain lengths, as the other nonogram tools do)."""
    changing: str
    """What changing a cell is called: flipping (black and white) or recolouring."""

    def clue(self, palette: Palette, clue: ColourClue) -> list[Json]:
        """One clue as records and answers write it: lengths, or ``[length, colour name]``."""
        if self.names_colours:
            return [[n, palette.colours[k].name] for n, k in clue]
        return [n for n, _ in clue]

    def cell(self, palette: Palette, value: int) -> dict[str, Json]:
        """What a record says of a filled cell's colour: its name, or nothing."""
        return {"colour": palette.colours[value].name} if self.names_colours else {}

    def palette_names(self, palette: Palette) -> dict[str, Json]:
        """The palette as a ``check --json`` record names it (background first), or nothing."""
        return {"palette": [c.name for c in palette.colours]} if self.names_colours else {}

    def palette_record(self, palette: Palette) -> dict[str, Json]:
        """The palette as answers carry it (name, rgb and character of each), or nothing."""
        return {"palette": palette.entries()} if self.names_colours else {}


MONO: Final = Kind("mono", names_colours=False, changing="flipping")
COLOUR: Final = Kind("colour", names_colours=True, changing="recolouring")
KINDS: Final = (MONO, COLOUR)
"""Both kinds, black and white first."""


def kind_of(palette: Palette) -> Kind:
    """The one rule: white and black (by name and colour, whatever characters draw them)
    is black and white; any other palette is colour."""
    return MONO if is_plain(palette) else COLOUR


def one_colour(palette: Palette) -> bool:
    """Whether the palette has one block colour, whatever it is (black, or red on white):
    the solvers read such a puzzle on black and white's bit-parallel board whatever its
    kind, and webpbn's files write it as black and white."""
    return palette.size == 2


def kind_for(colours: int | None) -> Kind:
    """The kind of puzzle a colour count asks for: black and white for none, else colour."""
    return MONO if colours is None else COLOUR


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A nonogram: black and white (two colours) or colour (three to nine)."""

    rows: tuple[Clue, ...]
    """Row clues' block lengths, top to bottom."""
    cols: tuple[Clue, ...]
    """Column clues' block lengths, left to right."""
    givens: Partial | None = None
    """Cells given in advance: a palette index, ``UNKNOWN`` elsewhere; None when no cell is."""
    goal: ColourGrid | None = None
    """The intended solution (palette indices), when the source has one."""
    meta: Meta = field(default_factory=dict)
    """Title, author, copyright, license and whatever else the source carried."""
    palette: Palette = BLACK_ON_WHITE
    """The colours, background first; block colours index it."""
    row_colours: tuple[Clue, ...] = ()
    """Each row block's colour (empty for a black-and-white puzzle: every block is 1)."""
    col_colours: tuple[Clue, ...] = ()
    """Each column block's colour (empty for a black-and-white puzzle)."""

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

    @property
    def kind(self) -> Kind:
        """Black and white or colour (``kind_of`` its palette)."""
        return kind_of(self.palette)

    @property
    def is_colour(self) -> bool:
        """Whether the puzzle is of the colour kind."""
        return self.kind is COLOUR

    @cached_property
    def row_blocks(self) -> tuple[ColourClue, ...]:
        """Row clues as ``(length, colour)`` blocks."""
        return _blocks(self.rows, self.row_colours)

    @cached_property
    def col_blocks(self) -> tuple[ColourClue, ...]:
        """Column clues as ``(length, colour)`` blocks."""
        return _blocks(self.cols, self.col_colours)

    @property
    def filled_goal(self) -> Grid | None:
        """The goal's cells of any block colour, or None."""
        return None if self.goal is None else np.asarray(self.goal != 0, dtype=np.bool_)

    def with_goal(self, goal: npt.NDArray[np.generic] | None) -> Puzzle:
        """The puzzle with ``goal`` (bool, or palette indices) as its goal, or none; the grid
        is one its solver found, so its clues are not checked again."""
        cells = None if goal is None else np.asarray(goal, dtype=np.uint8)
        return replace(self, goal=cells)

    def __repr__(self) -> str:
        if self.is_colour:
            rows, cols = [list(c) for c in self.row_blocks], [list(c) for c in self.col_blocks]
            return f"puzzle_from_blocks({rows!r}, {cols!r}, {self.palette!r})"
        return (
            f"puzzle_from_lengths({list(map(list, self.rows))!r}, {list(map(list, self.cols))!r})"
        )


def _blocks(lengths: tuple[Clue, ...], colours: tuple[Clue, ...]) -> tuple[ColourClue, ...]:
    """Blocks from lengths and colours (colour 1 throughout when ``colours`` is empty)."""
    if not colours:
        return tuple(tuple((n, 1) for n in clue) for clue in lengths)
    return tuple(
        tuple(zip(clue, hues, strict=True)) for clue, hues in zip(lengths, colours, strict=True)
    )


def _as_clues(lines: Sequence[Sequence[int]], kind: str, where: str) -> tuple[Clue, ...]:
    """Clues as tuples of ints, rejecting anything that is not a list of integers."""
    out: list[Clue] = []
    for i, line in enumerate(lines):
        if isinstance(line, (str, bytes)) or not isinstance(line, Sequence):
            raise InputError(
                f"{where}: {kind} {i + 1}: expected a list of run lengths, got {line!r}"
            )
        clue = tuple(line)
        if not all(type(n) is int for n in clue):  # bools and numpy ints take the long way
            if any(not _is_int(n) for n in clue):
                raise InputError(
                    f"{where}: {kind} {i + 1}: expected integer run lengths, got {line!r}"
                )
            clue = tuple(int(n) for n in clue)
        out.append(clue)
    return tuple(out)


def _as_blocks(
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


def puzzle_from_lengths(
    rows: Sequence[Sequence[int]],
    cols: Sequence[Sequence[int]],
    *,
    givens: npt.NDArray[np.integer] | None = None,
    goal: npt.NDArray[np.generic] | None = None,
    meta: Meta | None = None,
    where: str = "puzzle",
) -> Puzzle:
    """A checked black-and-white Puzzle from run lengths; raise InputError (naming ``where``)
    for anything malformed. ``goal`` may be bool (True filled) or 0/1. The same checks as
    ``puzzle_from_blocks`` on blocks of colour 1, on the lengths themselves (files of
    thousands of puzzles are read this way)."""
    row_clues = _as_clues(rows, "row", where)
    col_clues = _as_clues(cols, "column", where)
    height, width = _checked_size(len(row_clues), len(col_clues), where)
    for i, clue in enumerate(row_clues):
        check_clue(clue, width, f"{where}: row {i + 1}")
    for i, clue in enumerate(col_clues):
        check_clue(clue, height, f"{where}: column {i + 1}")
    checked_goal = None
    if goal is not None:
        checked_goal = _goal_cells(goal, (height, width), BLACK_ON_WHITE, where)
        derived = grid_clues(checked_goal != 0)
        _check_match((row_clues, col_clues), derived, _listed, where)
    checked_givens = (
        None
        if givens is None
        else _checked_givens(givens, (height, width), BLACK_ON_WHITE, checked_goal, where)
    )
    return Puzzle(row_clues, col_clues, checked_givens, checked_goal, dict(meta or {}))


def puzzle_from_blocks(
    rows: Sequence[Sequence[Sequence[int]]],
    cols: Sequence[Sequence[Sequence[int]]],
    palette: Palette,
    *,
    givens: npt.NDArray[np.integer] | None = None,
    goal: npt.NDArray[np.generic] | None = None,
    meta: Meta | None = None,
    where: str = "puzzle",
) -> Puzzle:
    """A checked Puzzle from ``[length, colour]`` blocks and a palette (either kind)."""
    return _checked(
        _as_blocks(rows, "row", where),
        _as_blocks(cols, "column", where),
        palette,
        goal=goal,
        givens=givens,
        meta=meta,
        where=where,
    )


def _checked(
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    palette: Palette,
    *,
    givens: npt.NDArray[np.integer] | None,
    goal: npt.NDArray[np.generic] | None,
    meta: Meta | None,
    where: str,
    derived: bool = False,
) -> Puzzle:
    """The puzzle of checked blocks: sizes, clues, goal and givens. ``derived``: the clues
    were derived from the goal (palette indices, checked), so they fit it by construction."""
    height, width = _checked_size(len(rows), len(cols), where)
    colour = kind_of(palette) is COLOUR
    if not colour:  # white and black, whatever characters draw them
        palette = BLACK_ON_WHITE
    if derived and goal is not None:
        checked_goal: ColourGrid | None = np.asarray(goal, dtype=np.uint8)
    else:
        for i, clue in enumerate(rows):
            _check_line(clue, width, palette, colour, f"{where}: row {i + 1}")
        for i, clue in enumerate(cols):
            _check_line(clue, height, palette, colour, f"{where}: column {i + 1}")
        checked_goal = None if goal is None else _checked_goal(goal, rows, cols, palette, where)
    checked_givens = (
        None
        if givens is None
        else _checked_givens(givens, (height, width), palette, checked_goal, where)
    )
    lengths = [tuple(tuple(n for n, _ in c) for c in side) for side in (rows, cols)]
    hues = (
        [tuple(tuple(k for _, k in c) for c in side) for side in (rows, cols)]
        if colour
        else [(), ()]
    )
    return Puzzle(
        lengths[0],
        lengths[1],
        checked_givens,
        checked_goal,
        dict(meta or {}),
        palette,
        hues[0],
        hues[1],
    )


def _listed(clue: Sequence[int]) -> str:
    """A black-and-white clue as an error message shows it: ``[3, 1]``."""
    return str(list(clue))


def _checked_size(height: int, width: int, where: str) -> tuple[int, int]:
    """(height, width), or an InputError (LimitError above ``MAX_SIDE``) for a side out of
    range."""
    if not 1 <= height <= MAX_SIDE or not 1 <= width <= MAX_SIDE:
        cls = LimitError if max(height, width) > MAX_SIDE else InputError
        raise cls(f"{where}: expected 1 to {MAX_SIDE} rows and columns, got {width}x{height}")
    return height, width


def _check_line(clue: ColourClue, length: int, palette: Palette, colour: bool, where: str) -> None:
    """Raise InputError for a clue that is malformed or does not fit its line."""
    if colour or any(k != 1 for _, k in clue):  # a black-and-white block is colour 1
        check_blocks(clue, length, palette.size, where)
    else:
        check_clue(tuple(n for n, _ in clue), length, where)


def _checked_goal(
    goal: npt.NDArray[np.generic],
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    palette: Palette,
    where: str,
) -> ColourGrid:
    """The goal as palette indices; InputError for a wrong shape, a colour out of range or
    clues other than the puzzle's."""
    cells = _goal_cells(goal, (len(rows), len(cols)), palette, where)
    colour = kind_of(palette) is COLOUR
    shown = format_clue if colour else (lambda clue: _listed([n for n, _ in clue]))
    _check_match((rows, cols), grid_blocks(cells), shown, where)
    return cells


def _goal_cells(
    goal: npt.NDArray[np.generic], shape: tuple[int, int], palette: Palette, where: str
) -> ColourGrid:
    """The goal as palette indices; InputError for a wrong shape or a colour out of range."""
    grid = np.asarray(goal)
    if grid.dtype.kind not in "biu" or (grid.size and int(grid.min()) < 0):
        raise InputError(f"{where}: goal: expected non-negative colour indices")
    if grid.ndim != 2 or grid.shape != shape:
        got = "x".join(map(str, grid.shape[::-1]))
        raise InputError(
            f"{where}: goal is {got} but the clues are {shape[1]}x{shape[0]}; "
            f"give one row of {shape[1]} cells per clue row"
        )
    if grid.size and int(grid.max()) >= palette.size:
        raise InputError(
            f"{where}: goal uses colour {int(grid.max())} but the palette has "
            f"{palette.size} colours (0 to {palette.size - 1})"
        )
    return grid.astype(np.uint8)


def _check_match(
    clues: tuple[Sequence[_Line], Sequence[_Line]],
    derived: tuple[Sequence[_Line], Sequence[_Line]],
    shown: Callable[[_Line], str],
    where: str,
) -> None:
    """InputError naming the first line whose clue the solution does not give."""
    for kind, mine, theirs in zip(("row", "column"), clues, derived, strict=True):
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                raise InputError(
                    f"{where}: the solution does not match the clues: {kind} {i + 1} has clue "
                    f"{shown(a)} but the solution gives {shown(b)}; fix the clue or the solution"
                )


def _checked_givens(
    givens: npt.NDArray[np.integer],
    shape: tuple[int, int],
    palette: Palette,
    goal: ColourGrid | None,
    where: str,
) -> Partial | None:
    """The givens as a Partial (None when no cell is given); InputError for a wrong shape,
    a colour out of range or a given that disagrees with the goal."""
    grid = np.asarray(givens)
    if grid.dtype.kind not in "iu" or grid.shape != shape:
        got = "x".join(map(str, grid.shape[::-1]))
        raise InputError(
            f"{where}: givens is {got} but the clues are {shape[1]}x{shape[0]}; give "
            f"{shape[0]} rows of {shape[1]} cells (a colour, or unknown for a cell not given)"
        )
    wrong = (grid < UNKNOWN) | (grid >= palette.size)
    if wrong.any():
        r, c = (int(i) for i in np.argwhere(wrong)[0])
        raise InputError(
            f"{where}: givens: row {r + 1}, column {c + 1}: expected a colour 0 to "
            f"{palette.size - 1} or unknown, got {int(grid[r, c])}"
        )
    cells = grid.astype(np.int8)
    given = cells != UNKNOWN
    if goal is not None and (cells[given] != goal[given]).any():
        r, c = (int(i) for i in np.argwhere(given & (cells != goal))[0])
        raise InputError(
            f"{where}: givens: row {r + 1}, column {c + 1} is given colour {int(cells[r, c])} "
            f"but the solution has {int(goal[r, c])}; fix the givens or the solution"
        )
    return cells if given.any() else None


def puzzle_from_grid(
    goal: npt.NDArray[np.generic],
    palette: Palette = BLACK_ON_WHITE,
    *,
    givens: npt.NDArray[np.integer] | None = None,
    meta: Meta | None = None,
    where: str = "grid",
) -> Puzzle:
    """The puzzle whose clues are derived from a solved grid (bool, or palette indices), with
    that grid as its goal."""
    grid = np.asarray(goal)
    wrong = grid.dtype.kind not in "biu" or grid.ndim != 2
    if wrong or (grid.size and (int(grid.min()) < 0 or int(grid.max()) >= palette.size)):
        low, high = (int(grid.min()), int(grid.max())) if grid.size and not wrong else (0, 0)
        raise InputError(
            f"{where}: expected a grid of colour indices 0 to {palette.size - 1}, got "
            + (f"{grid.dtype} of shape {grid.shape}" if wrong else f"values {low} to {high}")
        )
    cells = grid.astype(np.uint8)
    rows, cols = grid_blocks(cells)
    return _checked(
        rows, cols, palette, goal=cells, givens=givens, meta=meta, where=where, derived=True
    )


def givens_grid(
    shape: tuple[int, int], cells: Sequence[tuple[int, int]], grid: ColourGrid
) -> Partial:
    """Givens revealing ``cells`` with their colours in ``grid``, ``UNKNOWN`` elsewhere."""
    out = np.full(shape, UNKNOWN, dtype=np.int8)
    for r, c in cells:
        out[r, c] = grid[r, c]
    return out


def has_givens(puzzle: Puzzle) -> bool:
    """Whether any cell of the puzzle is given in advance."""
    return puzzle.givens is not None and bool((puzzle.givens != UNKNOWN).any())
