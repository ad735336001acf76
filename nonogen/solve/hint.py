"""The next step from a player's partial grid, whatever it takes, and why.

``next_step`` is what a hint button asks. It first checks the marks: a line whose marks fit
no arrangement of its clue, or marks from which line logic reaches a contradiction, are a
mistake. Then, cheapest first:

1. **line**: with complete line logic (``solve_line``), the line whose clue settles the most
   cells not yet marked, and which cells become filled or empty;
2. **probe**: when no single line settles a cell, an open cell that one assumption settles:
   assumed filled (or empty), line logic ends in a contradiction, so it is the other value
   (``nonogen.solve.forcing`` finds the most direct such contradiction);
3. **search**: when no assumption fails, the complete solver (``search``) from the marks: no
   solution is a mistake, two solutions make the grid ambiguous (the step names the open
   cells where they differ), and one solution gives one of its cells.

A grid whose every cell is known and fits is solved. Probing and search keep to a time
budget (``seconds``); a hint that runs out of it is stuck, and says so.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

import numpy as np

from nonogen.clues import Clue, line_clue
from nonogen.errors import InputError
from nonogen.grid import EMPTY, FILLED, UNKNOWN, Partial
from nonogen.line import solve_line
from nonogen.solve.board import Board, board_from_partial
from nonogen.solve.forcing import Forced, find_forced, open_cells
from nonogen.solve.propagate import propagate
from nonogen.solve.search import search

RANGE_DASH = "\u2013"
"""The en dash between the first and last cell of a run of cells, as in ``cells 5\u20136``."""

HINT_SECONDS: Final = 10.0
"""Seconds a hint may spend probing and searching unless told otherwise."""

Mark = tuple[int, int, int]
"""A cell and a value, 0-based: ``(row, col, FILLED or EMPTY)``; in an ``AMBIGUOUS`` hint
``UNKNOWN``, for a cell that is filled in one solution and empty in another."""


class HintStatus(StrEnum):
    """What a hint found."""

    STEP = "step"
    """A line settles new cells: the step says which."""
    SOLVED = "solved"
    """Every cell is marked and every line fits its clue."""
    MISTAKE = "mistake"
    """The marks contradict the clues."""
    STUCK = "stuck"
    """The hint ran out of time before it could settle a cell."""
    AMBIGUOUS = "ambiguous"
    """The marks fit more than one solution: the hint names cells where two of them differ."""


class StepKind(StrEnum):
    """How a step was found."""

    LINE = "line"
    """One row or column settles the cells, by its clue alone."""
    PROBE = "probe"
    """Assuming the cell's other value, line logic ends in a contradiction."""
    SEARCH = "search"
    """Only the complete solver settles it: the one solution has the cell so."""


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
    """The line of a line step, the line a probe's assumption breaks, or the line a mistake
    breaks (None when no one line is to blame)."""
    cells: tuple[Mark, ...] = ()
    """The cells the step settles (in order along a line step's line), or where two solutions
    of an ``AMBIGUOUS`` grid differ; empty otherwise."""
    kind: StepKind | None = None
    """How the step was found; None unless ``STEP``."""
    probe: Mark | None = None
    """A probe step's cell and the value assumed, which ended in a contradiction."""


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
    return Hint(HintStatus.STEP, reason, line, cells, StepKind.LINE)


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


def cell_name(row: int, col: int) -> str:
    """How a person names a cell: ``row 4, column 7``, 1-based."""
    return f"row {row + 1}, column {col + 1}"


def _failed_ref(rows: tuple[Clue, ...], cols: tuple[Clue, ...], failed: str) -> LineRef:
    """The line ``propagate`` names on a contradiction (``row 3``, ``column 9``)."""
    kind, number = failed.split()
    index = int(number) - 1
    if kind == "row":
        return LineRef(LineKind.ROW, index, rows[index])
    return LineRef(LineKind.COL, index, cols[index])


def _probe_step(rows: tuple[Clue, ...], cols: tuple[Clue, ...], forced: Forced) -> Hint:
    """The hint that assuming a cell's value ends in a contradiction."""
    line = _failed_ref(rows, cols, forced.failed_line)
    tried, value = (FILLED, EMPTY) if forced.tried else (EMPTY, FILLED)
    words = {FILLED: "filled", EMPTY: "empty"}
    chain = (
        "" if forced.sweeps == 1 else f" following the rows and columns ({forced.sweeps} rounds),"
    )
    name = line.name()
    reason = (
        f"If {cell_name(forced.row, forced.col)} were {words[tried]},{chain} "
        f"{name[0].lower()}{name[1:]} "
        f"could not be completed, so it must be {words[value]}"
    )
    cells = ((forced.row, forced.col, value),)
    return Hint(HintStatus.STEP, reason, line, cells, StepKind.PROBE, (*cells[0][:2], tried))


def _out_of_time(seconds: float, doing: str) -> Hint:
    """The hint that ran out of its time budget."""
    return Hint(
        HintStatus.STUCK,
        f"The hint ran out of time ({seconds:g} s) while {doing}, before it could settle a "
        "cell: no single row or column settles one here; try a cell both ways yourself, or "
        "ask again with more time",
    )


def _ambiguous(first: tuple[int, ...], second: tuple[int, ...]) -> Hint:
    """The hint that two solutions fit the marks, with the cells where they differ."""
    cells = tuple(
        (r, c, UNKNOWN)
        for r, (a, b) in enumerate(zip(first, second, strict=True))
        for c in _bits(a ^ b)
    )
    shown = "; ".join(cell_name(r, c) for r, c, _ in cells[:3])
    more = f" and {len(cells) - 3} more" if len(cells) > 3 else ""
    return Hint(
        HintStatus.AMBIGUOUS,
        f"The puzzle has more than one solution from here: two of them differ at "
        f"{len(cells)} open cells ({shown}{more}); no logic can tell which is meant",
        cells=cells,
    )


def _search_step(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, *, left: float, budget: float
) -> Hint:
    """The hint the complete solver gives from the marks, in the ``left`` seconds of the
    hint's ``budget``: a mistake, ambiguity or one cell."""
    found = search(rows, cols, board, limit=2, seconds=left)
    if len(found.solutions) >= 2:
        return _ambiguous(*found.solutions[:2])
    if not found.complete:
        return _out_of_time(budget, "searching for solutions")
    if not found.solutions:
        return Hint(
            HintStatus.MISTAKE,
            "No solution agrees with these marks; one of them is wrong (no single line shows "
            "which: undo the latest marks until a hint is a step again)",
        )
    r, c = open_cells(board)[0]
    value = FILLED if found.solutions[0][r] >> c & 1 else EMPTY
    word = "filled" if value == FILLED else "empty"
    return Hint(
        HintStatus.STEP,
        "Trying the open cells one at a time settles nothing here, so only a search of every "
        f"possibility does: the only solution has {cell_name(r, c)} {word}",
        cells=((r, c, value),),
        kind=StepKind.SEARCH,
    )


def _deeper_step(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, seconds: float
) -> Hint:
    """A step by probing, else by search, from a board line logic cannot advance."""
    deadline = time.perf_counter() + seconds
    probed = find_forced(rows, cols, board, deadline=deadline)
    if probed.broken is not None:
        return Hint(
            HintStatus.MISTAKE,
            f"{cell_name(*probed.broken).capitalize()} can be neither filled nor empty without "
            "a row or column breaking its clue: a filled or crossed cell is wrong",
        )
    if probed.forced is not None:
        return _probe_step(rows, cols, probed.forced)
    if not probed.complete:
        return _out_of_time(seconds, "trying cells both ways")
    left = deadline - time.perf_counter()
    return _search_step(rows, cols, board, left=left, budget=seconds)


def next_step(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    partial: Partial,
    *,
    look_ahead: bool = True,
    seconds: float = HINT_SECONDS,
) -> Hint:
    """The next step from ``partial`` (by a line, a probe or search); else a mistake, solved,
    ambiguous, or stuck when probing and search take more than ``seconds``.

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
    # No line settles a cell, so the board is a line-logic fixpoint: probing starts from it.
    return _deeper_step(rows, cols, board, seconds)
