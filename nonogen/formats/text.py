"""Text pictures: one line per row, ``#`` filled and ``.`` empty; the clues are derived.

Any text-notation filled or empty character is accepted (``X``, ``1``, ``-``, ``0``, space,
...), but no ``?``: a picture is a solution. Lines starting with ``;`` are comments. Only line
ends and the blank lines around the picture are dropped, because a space is an empty cell.
"""

from __future__ import annotations

import numpy as np

from nonogen.errors import InputError
from nonogen.grid import EMPTY_CHARS, FILLED, FILLED_CHARS, UNKNOWN, Grid, cell_code, format_grid
from nonogen.puzzle import Puzzle, puzzle_from_grid


def parse_text(text: str, name: str) -> Puzzle:
    """The puzzle whose solution is the picture in the text."""
    lines = [
        (lineno, line.removesuffix("\r"))
        for lineno, line in enumerate(text.split("\n"), 1)
        if not line.startswith(";")
    ]
    drawn = [i for i, (_, line) in enumerate(lines) if line]
    if not drawn:
        raise InputError(f"{name}: expected a picture of '#' (filled) and '.' (empty) rows")
    # One slice: popping the blank lines one at a time takes quadratic time.
    lines = lines[drawn[0] : drawn[-1] + 1]
    width = len(lines[0][1])
    cells = [_row(line, lineno, width, name) for lineno, line in lines]
    return puzzle_from_grid(np.array(cells, dtype=np.bool_), where=name)


def _row(line: str, lineno: int, width: int, name: str) -> list[bool]:
    """One row of cells; InputError naming the line for a ragged row or a bad character."""
    if len(line) != width:
        raise InputError(
            f"{name}: line {lineno}: expected {width} cells like the first row, got "
            f"{len(line)}; give every row the same number of cells"
        )
    row = []
    for col, char in enumerate(line, 1):
        code = cell_code(char)
        if code is None or code == UNKNOWN:
            raise InputError(
                f"{name}: line {lineno}, column {col}: expected '#' (filled) or '.' (empty) "
                f"(also filled: {_listed(FILLED_CHARS)}; empty: {_listed(EMPTY_CHARS)}), "
                f"got {char!r}"
            )
        row.append(code == FILLED)
    return row


def format_text(puzzle: Puzzle) -> str:
    """The puzzle's solution as a text picture; InputError if it has none."""
    goal = puzzle.filled_goal
    if goal is None:
        title = f"puzzle {puzzle.title!r}" if puzzle.title else "this puzzle"
        raise InputError(
            f"the text format needs a solution and {title} has none; solve it first or "
            "write json, non, xml or r"
        )
    return "\n".join(format_grid(goal)) + "\n"


def render_puzzle(puzzle: Puzzle, grid: Grid | None = None) -> str:
    """The puzzle for a terminal: column clues stacked above, row clues to the left, and the
    grid as ``#`` and ``.`` (all ``.`` without ``grid``, so nothing is given away), two
    characters a cell (three with two-digit column clues)."""
    row_texts = [" ".join(map(str, clue)) or "0" for clue in puzzle.rows]
    left = max(map(len, row_texts), default=1) + 1
    depth = max((len(clue) for clue in puzzle.cols), default=1) or 1
    cell = 3 if any(run >= 10 for clue in puzzle.cols for run in clue) else 2
    lines = []
    for k in range(depth):
        cells = []
        for clue in puzzle.cols:
            shown = clue or (0,)
            index = k - (depth - len(shown))
            cells.append(f"{shown[index]:>{cell}}" if index >= 0 else " " * cell)
        lines.append(" " * left + "".join(cells))
    for r, text in enumerate(row_texts):
        marks = [False] * puzzle.width if grid is None else grid[r].tolist()
        picture = "".join(("#" if filled else ".").rjust(cell) for filled in marks)
        lines.append(f"{text:>{left - 1}} {picture}")
    return "\n".join(lines) + "\n"


def _listed(chars: frozenset[str]) -> str:
    """Characters as a reader tells them apart: quoted, in a fixed order."""
    return " ".join(repr(char) for char in sorted(chars))
