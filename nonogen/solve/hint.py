"""The next step from a player's partial grid, whatever it takes, and why.

``next_step`` is what a hint button asks, for a puzzle of either kind. It first checks the
marks: a line whose marks fit no arrangement of its clue, or marks from which line logic
reaches a contradiction, are a mistake. Then, cheapest first:

1. **line**: with complete line logic, the line whose clue settles the most cells not yet
   marked, and which cells become filled (or which colour) or empty;
2. **probe**: when no single line settles a cell, an open cell that assumptions settle: every
   other value it could have ends, by line logic, in a contradiction
   (``nonogen.solve.forcing`` finds the most direct such chain);
3. **search**: when no cell is forced so, the complete solver from the marks: no solution is
   a mistake, two solutions make the grid ambiguous (the step names the open cells where
   they differ), and one solution gives one of its cells.

Cells are palette indices, as everywhere: black and white is 1 filled, 0 empty; colour is
0 the background (crossed) and 1.. its colours. A grid whose every cell is known and fits is
solved. Probing and search keep to a time budget (``seconds``); a hint that runs out of it is
stuck, and says so. The board under each step is the puzzle's kind (``nonogen.solve.kinds``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeVar

import numpy as np

from nonogen.clues import ColourClue, ColourGrid, line_blocks
from nonogen.errors import InputError
from nonogen.grid import UNKNOWN, Partial
from nonogen.palette import BACKGROUND, Palette
from nonogen.puzzle import MONO, Puzzle, kind_of
from nonogen.solve import board_of
from nonogen.solve.forcing import Failure, Forced, find_forced, open_cells, values_of
from nonogen.solve.kinds import Kind

B = TypeVar("B")

RANGE_DASH = "\u2013"
"""The en dash between the first and last cell of a run of cells, as in ``cells 5\u20136``."""

HINT_SECONDS: Final = 10.0
"""Seconds a hint may spend probing and searching unless told otherwise."""

Mark = tuple[int, int, int]
"""A cell and a palette index, 0-based: ``(row, col, value)`` (black and white: 1 filled,
0 empty); in an ``AMBIGUOUS`` hint ``UNKNOWN``, for a cell two solutions differ in."""


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
    """Assuming the cell's other values, line logic ends in contradictions."""
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
    clue: ColourClue
    """The line's blocks (black and white: every block colour 1)."""
    palette: Palette
    """The puzzle's palette, to name the blocks' colours."""

    def name(self) -> str:
        """How a person names it: ``Row 3 (clue 2 4)``, 1-based."""
        kind = "Row" if self.kind is LineKind.ROW else "Column"
        return f"{kind} {self.index + 1} (clue {clue_text(self.clue, self.palette)})"


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
    """A probe step's cell and the (first) value assumed, which ended in a contradiction."""


def clue_text(clue: ColourClue, palette: Palette) -> str:
    """A clue as printed: ``2 4`` (colour: ``2 red, 1 blue``), or ``0`` for an empty line."""
    if kind_of(palette) is MONO:
        return " ".join(str(n) for n, _ in clue) or "0"
    return ", ".join(f"{n} {palette.colours[c].name}" for n, c in clue) or "0"


def value_word(palette: Palette, value: int) -> str:
    """A cell value in words: ``filled`` or ``empty``; a colour puzzle's colour's name."""
    if value == BACKGROUND:
        return "empty"
    return "filled" if kind_of(palette) is MONO else palette.colours[value].name


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


def _cell(line: LineRef, pos: int) -> tuple[int, int]:
    """The (row, col) of a position along a line."""
    return (line.index, pos) if line.kind is LineKind.ROW else (pos, line.index)


def _single(mask: int) -> bool:
    """Whether a cell's bitmask has one value left."""
    return mask & (mask - 1) == 0


def _broken(line: LineRef, cells: tuple[int, ...]) -> Hint:
    """The mistake of a line whose marks fit no arrangement of its clue."""
    if all(_single(mask) for mask in cells):
        made = line_blocks(mask.bit_length() - 1 for mask in cells)
        why = (
            f"its {'filled' if kind_of(line.palette) is MONO else 'coloured'} cells read "
            f"{clue_text(made, line.palette)}, not {clue_text(line.clue, line.palette)}"
        )
    else:
        marks = "filled and crossed" if kind_of(line.palette) is MONO else "marked"
        why = f"the {marks} cells fit no arrangement of the clue; one of them is wrong"
    return Hint(HintStatus.MISTAKE, f"{line.name()}: {why}", line)


def _in_order(values: Iterable[int]) -> list[int]:
    """Distinct cell values as reasons name them: colours (or filled) first, empty last."""
    return sorted(set(values), key=lambda v: (v == BACKGROUND, v))


def _step(line: LineRef, settled: dict[int, int]) -> Hint:
    """The hint that a line settles the given positions (position: value)."""
    parts = []
    for value in _in_order(settled.values()):
        at = [p for p, v in settled.items() if v == value]
        noun = "cell" if len(at) == 1 else "cells"
        parts.append(f"{noun} {cell_ranges(at)} must be {value_word(line.palette, value)}")
    along = "from the left" if line.kind is LineKind.ROW else "from the top"
    reason = (
        f"{line.name()}: {' and '.join(parts)} ({along}) in every arrangement of the clue "
        "that fits the cells already marked"
    )
    if not line.clue:  # an empty line says so in a few words
        reason = f"{line.name()}: nothing is filled in this line, so cross every cell"
    cells = tuple((*_cell(line, p), v) for p, v in sorted(settled.items()))
    return Hint(HintStatus.STEP, reason, line, cells, StepKind.LINE)


def _best_step(kind: Kind[B], puzzle: Puzzle, board: B) -> Hint | None:
    """The line that settles the most new cells (first such row, then column), or None; an
    empty line (clue 0), whose step is trivial, only when no other line settles a cell."""
    best: tuple[tuple[bool, int], Hint] | None = None
    for news in kind.line_news(puzzle, board):
        clue = (puzzle.row_blocks if news.is_row else puzzle.col_blocks)[news.index]
        line = LineRef(
            LineKind.ROW if news.is_row else LineKind.COL, news.index, clue, puzzle.palette
        )
        if news.after is None:
            return _broken(line, news.before)
        settled = {
            p: after.bit_length() - 1
            for p, (before, after) in enumerate(zip(news.before, news.after, strict=True))
            if not _single(before) and _single(after)
        }
        rank = (len(clue) > 0, len(settled))
        if settled and (best is None or rank > best[0]):
            best = rank, _step(line, settled)
    return None if best is None else best[1]


def check_partial(puzzle: Puzzle, partial: Partial) -> None:
    """InputError unless ``partial`` is a partial grid of the puzzle's size whose cells are
    ``UNKNOWN`` or one of its palette's indices."""
    grid = np.asarray(partial)
    if grid.ndim != 2 or grid.shape != (puzzle.height, puzzle.width):
        raise InputError(
            f"the grid is {'x'.join(map(str, grid.shape[::-1]))} but the clues are "
            f"{puzzle.width}x{puzzle.height}; give one row of {puzzle.width} cells per clue row"
        )
    if not ((grid >= UNKNOWN) & (grid < puzzle.palette.size)).all():
        codes = ", ".join(map(str, range(UNKNOWN, puzzle.palette.size)))
        raise InputError(f"expected cell codes {codes} in the grid")


def cell_name(row: int, col: int) -> str:
    """How a person names a cell: ``row 4, column 7``, 1-based."""
    return f"row {row + 1}, column {col + 1}"


def _failed_ref(puzzle: Puzzle, failed: str) -> LineRef:
    """The line line logic names on a contradiction (``row 3``, ``column 9``)."""
    kind, number = failed.split()
    index = int(number) - 1
    if kind == "row":
        return LineRef(LineKind.ROW, index, puzzle.row_blocks[index], puzzle.palette)
    return LineRef(LineKind.COL, index, puzzle.col_blocks[index], puzzle.palette)


def _failure_text(puzzle: Puzzle, failure: Failure, subject: str) -> str:
    """``if row 4, column 7 were filled, row 3 (clue 2) could not be completed``."""
    rounds = f" following the rows and columns ({failure.sweeps} rounds),"
    chain = "" if failure.sweeps == 1 else rounds
    name = _failed_ref(puzzle, failure.failed_line).name()
    word = value_word(puzzle.palette, failure.value)
    return f"if {subject} were {word},{chain} {name[0].lower()}{name[1:]} could not be completed"


def _probe_step(puzzle: Puzzle, forced: Forced) -> Hint:
    """The hint that assuming a cell's other values ends in contradictions."""
    first = forced.failures[0]
    line = _failed_ref(puzzle, first.failed_line)
    cell = cell_name(forced.row, forced.col)
    texts = [
        _failure_text(puzzle, f, cell if i == 0 else "it") for i, f in enumerate(forced.failures)
    ]
    reason = f"{'; '.join(texts)}, so it must be {value_word(puzzle.palette, forced.value)}"
    cells = ((forced.row, forced.col, forced.value),)
    probe = (forced.row, forced.col, first.value)
    return Hint(HintStatus.STEP, reason[0].upper() + reason[1:], line, cells, StepKind.PROBE, probe)


def _out_of_time(seconds: float, doing: str) -> Hint:
    """The hint that ran out of its time budget."""
    return Hint(
        HintStatus.STUCK,
        f"The hint ran out of time ({seconds:g} s) while {doing}, before it could settle a "
        "cell: no single row or column settles one here; try a cell both ways yourself, or "
        "ask again with more time",
    )


def _ambiguous(first: ColourGrid, second: ColourGrid) -> Hint:
    """The hint that two solutions fit the marks, with the cells where they differ."""
    cells = tuple(
        (int(r), int(c), UNKNOWN) for r, c in zip(*np.nonzero(first != second), strict=True)
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
    kind: Kind[B], puzzle: Puzzle, board: B, *, deadline: float, budget: float
) -> Hint:
    """The hint the complete solver gives from the marks before the deadline of the hint's
    ``budget``: a mistake, ambiguity or one cell."""
    found = kind.search(puzzle, board, limit=2, deadline=deadline)
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
    r, c = open_cells(kind.possible(board))[0]
    value = int(found.solutions[0][r, c])
    return Hint(
        HintStatus.STEP,
        "Trying the open cells one at a time settles nothing here, so only a search of every "
        f"possibility does: the only solution has {cell_name(r, c)} "
        f"{value_word(puzzle.palette, value)}",
        cells=((r, c, value),),
        kind=StepKind.SEARCH,
    )


def _deeper_step(kind: Kind[B], puzzle: Puzzle, board: B, seconds: float) -> Hint:
    """A step by probing, else by search, from a board line logic cannot advance."""
    deadline = time.perf_counter() + seconds
    probed = find_forced(kind, puzzle, board, deadline=deadline)
    if probed.broken is not None:
        words = " nor ".join(
            value_word(puzzle.palette, v)
            for v in _in_order(values_of(int(kind.possible(board)[probed.broken])))
        )
        return Hint(
            HintStatus.MISTAKE,
            f"{cell_name(*probed.broken).capitalize()} can be neither {words} without "
            "a row or column breaking its clue: a marked cell is wrong",
        )
    if probed.forced is not None:
        return _probe_step(puzzle, probed.forced)
    if not probed.complete:
        return _out_of_time(seconds, "trying cells both ways")
    return _search_step(kind, puzzle, board, deadline=deadline, budget=seconds)


def next_step(
    puzzle: Puzzle,
    partial: Partial,
    *,
    look_ahead: bool = True,
    seconds: float = HINT_SECONDS,
) -> Hint:
    """The next step from ``partial`` (by a line, a probe or search); else a mistake, solved,
    ambiguous, or stuck when probing and search take more than ``seconds``.

    ``partial`` holds palette indices, ``UNKNOWN`` open; the puzzle's givens fill its open
    cells. With ``look_ahead`` a mistake is also found when no single line is broken yet but
    line logic from the marks reaches a contradiction.
    """
    check_partial(puzzle, partial)
    if puzzle.givens is not None:
        partial = np.where(partial == UNKNOWN, puzzle.givens, partial).astype(np.int8)
    kind = board_of(puzzle)
    board = kind.from_partial(partial)
    hint = _next_step(kind, puzzle, board, look_ahead, seconds)
    if hint.status is HintStatus.MISTAKE and not kind.known(board):
        raise InputError(
            "the puzzle has no solution: its clues contradict each other before any cell is "
            "marked; check its clues"
        )
    return hint


def _next_step(kind: Kind[B], puzzle: Puzzle, board: B, look_ahead: bool, seconds: float) -> Hint:
    """next_step on the kind's board."""
    step = _best_step(kind, puzzle, board)
    if step is not None and step.status is HintStatus.MISTAKE:
        return step
    if look_ahead:
        ahead = kind.propagate(puzzle, board)
        if ahead.board is None:
            return Hint(
                HintStatus.MISTAKE,
                "No single line breaks its clue yet, but following the clues from these cells "
                f"ends in a contradiction ({ahead.failed_line} has no arrangement left): "
                "a marked cell is wrong",
            )
    if step is not None:
        return step
    if kind.known(board) == puzzle.width * puzzle.height:
        return Hint(HintStatus.SOLVED, "Every row and column matches its clue: solved")
    # No line settles a cell, so the board is a line-logic fixpoint: probing starts from it.
    return _deeper_step(kind, puzzle, board, seconds)
