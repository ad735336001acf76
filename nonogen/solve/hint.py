"""The next logical step: which line settles new cells from a player's partial grid, and why.

``next_step`` is what a hint button asks. From a partial grid it finds, with complete line
logic (``solve_line``), the line whose clue settles the most cells that are not yet marked,
and says which cells become filled or empty and why. Before that it checks the marks: a line
whose marks fit no arrangement of its clue, or marks from which line logic reaches a
contradiction, are a mistake. A grid whose every cell is known and fits is solved; a grid no
single line can advance is stuck (the puzzle needs probing there, or is not unique).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from nonogen.clues import Clue, line_clue
from nonogen.errors import InputError
from nonogen.grid import EMPTY, FILLED, UNKNOWN, Partial
from nonogen.line import solve_line
from nonogen.solve.board import Board, board_from_partial
from nonogen.solve.propagate import propagate

RANGE_DASH = "\u2013"
"""The en dash between the first and last cell of a run of cells, as in ``cells 5\u20136``."""

Mark = tuple[int, int, int]
"""A cell and the value a step gives it: ``(row, col, FILLED or EMPTY)``, 0-based."""


class HintStatus(StrEnum):
    """What a hint found."""

    STEP = "step"
    """A line settles new cells: the step says which."""
    SOLVED = "solved"
    """Every cell is marked and every line fits its clue."""
    MISTAKE = "mistake"
    """The marks contradict the clues."""
    STUCK = "stuck"
    """No single line settles another cell."""


class LineKind(StrEnum):
    """Rows or columns."""

    ROW = "row"
    COL = "col"


@dataclass(frozen=True)
class LineRef:
    """One line of the puzzle."""

    kind: LineKind
    """Row or column."""
    index: int
    """0-based: rows from the top, columns from the left."""
    clue: Clue
    """The line's clue."""

    def name(self) -> str:
        """How a person names it: ``Row 3 (clue 2 4)``, 1-based."""
        kind = "Row" if self.kind is LineKind.ROW else "Column"
        return f"{kind} {self.index + 1} (clue {clue_text(self.clue)})"


@dataclass(frozen=True)
class Hint:
    """The next logical step, or why there is none."""

    status: HintStatus
    reason: str
    """Why, for people: the line, its clue and the cells."""
    line: LineRef | None = None
    """The line of the step, or the line a mistake breaks (None when no one line is to blame)."""
    cells: tuple[Mark, ...] = ()
    """The cells the step settles, in order along the line; empty unless ``STEP``."""


def clue_text(clue: Clue) -> str:
    """A clue as printed: ``2 4``, or ``0`` for an empty line."""
    return " ".join(map(str, clue)) or "0"


def cell_ranges(positions: list[int]) -> str:
    """1-based cell numbers, runs joined by RANGE_DASH: ``1, 5-6`` (with an en dash)."""
    parts: list[str] = []
    start = prev = -2
    for pos in [*sorted(positions), -2]:
        if pos == prev + 1:
            prev = pos
            continue
        if start >= 0:
            parts.append(f"{start + 1}" if start == prev else f"{start + 1}{RANGE_DASH}{prev + 1}")
        start = prev = pos
    return ", ".join(parts)


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of a mask, lowest first."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _lines(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board
) -> Iterator[tuple[LineRef, int, int, int]]:
    """Every line with its size and its (filled, empty) masks: rows first, then columns."""
    for r, clue in enumerate(rows):
        yield LineRef(LineKind.ROW, r, clue), board.width, board.row_filled[r], board.row_empty[r]
    for c, clue in enumerate(cols):
        yield LineRef(LineKind.COL, c, clue), board.height, board.col_filled[c], board.col_empty[c]


def _cell(line: LineRef, pos: int) -> tuple[int, int]:
    """The (row, col) of a position along a line."""
    return (line.index, pos) if line.kind is LineKind.ROW else (pos, line.index)


def _broken(line: LineRef, size: int, filled: int, empty: int) -> Hint:
    """The mistake of a line whose marks fit no arrangement of its clue."""
    if (filled | empty) == (1 << size) - 1:
        made = line_clue(bool(filled >> i & 1) for i in range(size))
        why = f"its filled cells read {clue_text(made)}, not {clue_text(line.clue)}"
    else:
        why = "the filled and crossed cells fit no arrangement of the clue; one of them is wrong"
    return Hint(HintStatus.MISTAKE, f"{line.name()}: {why}", line)


def _step(line: LineRef, filled: list[int], empty: list[int]) -> Hint:
    """The hint that a line settles the given positions."""
    parts = [
        f"{'cell' if len(cells) == 1 else 'cells'} {cell_ranges(cells)} must be {word}"
        for cells, word in ((filled, "filled"), (empty, "empty"))
        if cells
    ]
    along = "from the left" if line.kind is LineKind.ROW else "from the top"
    reason = (
        f"{line.name()}: {' and '.join(parts)} ({along}) in every arrangement of the clue "
        "that fits the cells already marked"
    )
    marks = sorted([(p, FILLED) for p in filled] + [(p, EMPTY) for p in empty])
    cells = tuple((*_cell(line, p), value) for p, value in marks)
    return Hint(HintStatus.STEP, reason, line, cells)


def _best_step(rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board) -> Hint | None:
    """The line that settles the most new cells (first such row, then column), or None."""
    best: tuple[int, Hint] | None = None
    for line, size, filled, empty in _lines(rows, cols, board):
        solved = solve_line(line.clue, size, filled, empty)
        if solved is None:
            return _broken(line, size, filled, empty)
        more_filled, more_empty = solved[0] & ~filled, solved[1] & ~empty
        count = (more_filled | more_empty).bit_count()
        if count and (best is None or count > best[0]):
            best = count, _step(line, _bits(more_filled), _bits(more_empty))
    return None if best is None else best[1]


def check_partial(rows: tuple[Clue, ...], cols: tuple[Clue, ...], partial: Partial) -> None:
    """InputError unless ``partial`` is a partial grid of the clues' size with known codes."""
    grid = np.asarray(partial)
    if grid.ndim != 2 or grid.shape != (len(rows), len(cols)):
        raise InputError(
            f"the grid is {'x'.join(map(str, grid.shape[::-1]))} but the clues are "
            f"{len(cols)}x{len(rows)}; give one row of {len(cols)} cells per clue row"
        )
    if not np.isin(grid, (UNKNOWN, EMPTY, FILLED)).all():
        raise InputError(f"expected cell codes {UNKNOWN}, {EMPTY} or {FILLED} in the grid")


def next_step(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], partial: Partial, *, look_ahead: bool = True
) -> Hint:
    """The next step line logic takes from ``partial``; a mistake, solved or stuck otherwise.

    With ``look_ahead`` a mistake is also found when no single line is broken yet but line
    logic from the marks reaches a contradiction.
    """
    check_partial(rows, cols, partial)
    board = board_from_partial(partial)
    step = _best_step(rows, cols, board)
    if step is not None and step.status is HintStatus.MISTAKE:
        return step
    if look_ahead:
        ahead = propagate(rows, cols, board)
        if ahead.board is None:
            return Hint(
                HintStatus.MISTAKE,
                "No single line breaks its clue yet, but following the clues from these cells "
                f"ends in a contradiction ({ahead.failed_line} has no arrangement left): "
                "a filled or crossed cell is wrong",
            )
    if step is not None:
        return step
    if board.is_solved():
        return Hint(HintStatus.SOLVED, "Every row and column matches its clue: solved")
    return Hint(
        HintStatus.STUCK,
        "No single row or column settles another cell: from here the puzzle needs probing "
        "(trying a cell both ways), or it has more than one solution",
    )
