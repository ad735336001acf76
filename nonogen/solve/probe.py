"""Probing: set a cell each way and propagate; a contradiction forces the other value, and
cells on which both branches agree are fixed."""

from __future__ import annotations

import time
from dataclasses import dataclass

from nonogen.clues import Clue
from nonogen.line import NATIVE
from nonogen.solve.board import Board
from nonogen.solve.propagate import assume, propagate


@dataclass(frozen=True)
class Probing:
    """The outcome of probing a board to its fixpoint (or its deadline)."""

    board: Board | None
    """The refined board, or None when both values of some cell lead to a contradiction."""
    probes: int
    """Cells probed (each both ways)."""
    fixed: int
    """Probes that fixed at least one cell."""
    complete: bool
    """False when the deadline stopped probing early."""


def _unknown_cells(board: Board) -> list[tuple[int, int]]:
    """Unknown cells, those with the most known neighbours first (they fail fastest)."""
    known = [f | e for f, e in zip(board.row_filled, board.row_empty, strict=True)]
    width = board.width
    border = (1 << (width + 1)) | 1
    scored = []
    for r, mask in enumerate(known):
        above = known[r - 1] if r else -1
        below = known[r + 1] if r + 1 < len(known) else -1
        padded = mask << 1 | border  # bit c + 1 is cell c; the border counts as known
        for c in range(width):
            if not mask >> c & 1:
                near = (above >> c & 1) + (below >> c & 1)
                near += (padded >> c & 1) + (padded >> (c + 2) & 1)
                scored.append((-near, r, c))
    scored.sort()
    return [(r, c) for _, r, c in scored]


def _agreement(a: Board, b: Board) -> Board:
    """The cells known the same way on both boards."""
    return Board(
        tuple(x & y for x, y in zip(a.row_filled, b.row_filled, strict=True)),
        tuple(x & y for x, y in zip(a.row_empty, b.row_empty, strict=True)),
        tuple(x & y for x, y in zip(a.col_filled, b.col_filled, strict=True)),
        tuple(x & y for x, y in zip(a.col_empty, b.col_empty, strict=True)),
    )


def _probe_cell(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, r: int, c: int
) -> Board | None:
    """The board after probing one cell both ways (the same board if nothing follows)."""
    branches = [assume(rows, cols, board, r, c, filled=value).board for value in (True, False)]
    if branches[0] is None or branches[1] is None:
        return branches[1] if branches[0] is None else branches[0]
    return _agreement(branches[0], branches[1])


def probe(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, *, deadline: float
) -> Probing:
    """Probe every unknown cell, repeatedly, until nothing more is learnt or time runs out:
    in the C core where it is built, else in Python (``probe_py``: the same probes, in the
    same order, with the same outcome)."""
    if NATIVE is None:
        return probe_py(rows, cols, board, deadline=deadline)
    masks, probes, fixed, complete = NATIVE.probe(
        rows, cols, *board.masks(), deadline - time.perf_counter()
    )
    return Probing(None if masks is None else Board(*masks), probes, fixed, complete)


def probe_py(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, *, deadline: float
) -> Probing:
    """Probing in pure Python: the reference."""
    probes = fixed = 0
    progress = True
    while progress and not board.is_solved():
        progress = False
        for r, c in _unknown_cells(board):
            if time.perf_counter() > deadline:
                return Probing(board, probes, fixed, complete=False)
            if (board.row_filled[r] | board.row_empty[r]) >> c & 1:
                continue  # decided by an earlier probe this pass
            probes += 1
            learnt = _probe_cell(rows, cols, board, r, c)
            if learnt is None:
                return Probing(None, probes, fixed, complete=True)
            if learnt.known() > board.known():
                fixed += 1
                progress = True
                settled = propagate(rows, cols, learnt).board  # agreement is not yet a fixpoint
                if settled is None:
                    return Probing(None, probes, fixed, complete=True)
                board = settled
    return Probing(board, probes, fixed, complete=True)
