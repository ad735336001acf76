"""Line logic to a fixpoint: re-solve only the lines whose cells changed."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from nonogen.clues import Clue
from nonogen.line import NATIVE, solve_line
from nonogen.solve.board import Board


@dataclass(frozen=True)
class Propagation:
    """The outcome of propagating line logic on a board."""

    board: Board | None
    """The refined board, or None on a contradiction."""
    sweeps: int
    """Alternating row/column passes made (the depth of the line logic)."""
    line_solves: int
    """Single-line solves made."""
    failed_line: str = ""
    """On a contradiction, the line that had no arrangement, e.g. ``row 3``."""
    settled: int = 0
    """Cells that became known."""
    late: bool = False
    """Whether the deadline passed before the fixpoint (``board`` is then where it stopped)."""


def _spread_bits(changed: int, index: int, cross: list[int], dirty: set[int]) -> None:
    """Record the changed cells of one line in the crossing lines and mark those dirty."""
    bit = 1 << index
    while changed:
        low = changed & -changed
        pos = low.bit_length() - 1
        cross[pos] |= bit
        dirty.add(pos)
        changed ^= low


def propagate(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    *,
    dirty_rows: set[int] | None = None,
    dirty_cols: set[int] | None = None,
    max_sweeps: int | None = None,
    deadline: float = math.inf,
) -> Propagation:
    """Apply complete line logic until nothing changes (all lines dirty unless given), for at
    most ``max_sweeps`` sweeps, or until the deadline (``late``: the board where it stopped):
    in the C core where it is built, else in Python (the reference, ``propagate_py``: the
    same steps and counts). Both look at the clock between lines: one sweep of a random
    1,024x1,024 puzzle takes the C core 2.6-3.4 s here."""
    if NATIVE is None:
        return propagate_py(
            rows,
            cols,
            board,
            dirty_rows=dirty_rows,
            dirty_cols=dirty_cols,
            max_sweeps=max_sweeps,
            deadline=deadline,
        )
    masks, sweeps, solves, settled, failed, late = NATIVE.propagate(
        rows,
        cols,
        *board.masks(),
        dirty_rows,
        dirty_cols,
        -1 if max_sweeps is None else max_sweeps,
        deadline - time.perf_counter() if deadline < math.inf else math.inf,
    )
    if masks is None:
        return Propagation(None, sweeps, solves, failed)
    return Propagation(Board(*masks), sweeps, solves, settled=settled, late=late)


def propagate_py(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    *,
    dirty_rows: set[int] | None = None,
    dirty_cols: set[int] | None = None,
    max_sweeps: int | None = None,
    deadline: float = math.inf,
) -> Propagation:
    """Line logic to its fixpoint (or ``max_sweeps``) in pure Python: the reference; it
    stops once the deadline has passed (``late``)."""
    height, width = len(rows), len(cols)
    rf, re, cf, ce = (
        list(m) for m in (board.row_filled, board.row_empty, board.col_filled, board.col_empty)
    )
    todo_rows = set(range(height)) if dirty_rows is None else set(dirty_rows)
    todo_cols = set(range(width)) if dirty_cols is None else set(dirty_cols)
    sweeps = solves = settled = 0
    timed = deadline < math.inf
    while (todo_rows or todo_cols) and (max_sweeps is None or sweeps < max_sweeps):
        sweeps += 1
        for lines, size, f, e, cross_f, cross_e, todo, other, kind in (
            (rows, width, rf, re, cf, ce, todo_rows, todo_cols, "row"),
            (cols, height, cf, ce, rf, re, todo_cols, todo_rows, "column"),
        ):
            for i in sorted(todo):
                if timed and time.perf_counter() > deadline:
                    late = Board(tuple(rf), tuple(re), tuple(cf), tuple(ce))
                    return Propagation(late, sweeps, solves, settled=settled, late=True)
                solves += 1
                solved = solve_line(lines[i], size, f[i], e[i])
                if solved is None:
                    return Propagation(None, sweeps, solves, f"{kind} {i + 1}")
                new_f, new_e = solved
                if new_f != f[i] or new_e != e[i]:
                    more_f, more_e = new_f & ~f[i], new_e & ~e[i]
                    settled += more_f.bit_count() + more_e.bit_count()
                    _spread_bits(more_f, i, cross_f, other)
                    _spread_bits(more_e, i, cross_e, other)
                    f[i], e[i] = new_f, new_e
            todo.clear()
    board = Board(tuple(rf), tuple(re), tuple(cf), tuple(ce))
    return Propagation(board, sweeps, solves, settled=settled)


def assume(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, r: int, c: int, *, filled: bool
) -> Propagation:
    """Line logic after one more known cell, from the two lines through it."""
    return propagate(
        rows, cols, set_cell(board, r, c, filled=filled), dirty_rows={r}, dirty_cols={c}
    )


def set_cell(board: Board, row: int, col: int, *, filled: bool) -> Board:
    """The board with one more known cell."""
    rf, re, cf, ce = (
        list(m) for m in (board.row_filled, board.row_empty, board.col_filled, board.col_empty)
    )
    if filled:
        rf[row] |= 1 << col
        cf[col] |= 1 << row
    else:
        re[row] |= 1 << col
        ce[col] |= 1 << row
    return Board(tuple(rf), tuple(re), tuple(cf), tuple(ce))
