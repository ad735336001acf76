"""Probing: try each colour left in an undecided cell; a colour that leads to a contradiction
under line logic is removed. Repeated until a full pass over the cells removes nothing."""

from __future__ import annotations

import time
from typing import NamedTuple

from nonogen.clues import ColourClue
from nonogen.solve.colourboard import Board, assume, is_solved


class Probing(NamedTuple):
    """The board after probing (None if the puzzle has no solution) and the work done."""

    board: Board | None
    probes: int
    """Colours tried."""
    fixed: int
    """Probes that removed a colour."""
    complete: bool
    """False when the deadline stopped probing before its fixpoint."""


def colours_of(mask: int) -> list[int]:
    """The colour indices of a cell mask, lowest first."""
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _probe_cell(
    rows: tuple[ColourClue, ...], cols: tuple[ColourClue, ...], board: Board, cell: tuple[int, int]
) -> tuple[Board | None, int, int]:
    """The board after probing every colour of one cell, with the probes and fixes made."""
    probes = fixed = 0
    r, c = cell
    for colour in colours_of(board[r][c]):
        if not board[r][c] >> colour & 1 or board[r][c] == 1 << colour:
            continue
        probes += 1
        if assume(rows, cols, board, cell, 1 << colour).board is None:
            fixed += 1
            narrowed = assume(rows, cols, board, cell, board[r][c] & ~(1 << colour)).board
            if narrowed is None:
                return None, probes, fixed
            board = narrowed
    return board, probes, fixed


def probe(
    rows: tuple[ColourClue, ...], cols: tuple[ColourClue, ...], board: Board, *, deadline: float
) -> Probing:
    """Probe every undecided cell until nothing changes, the board is solved or time is up."""
    probes = fixed = 0
    changed = True
    while changed and not is_solved(board):
        changed = False
        for r, row in enumerate(board):
            for c in range(len(row)):
                if board[r][c] & (board[r][c] - 1) == 0:
                    continue
                if time.perf_counter() > deadline:
                    return Probing(board, probes, fixed, False)
                found, tried, removed = _probe_cell(rows, cols, board, (r, c))
                probes, fixed = probes + tried, fixed + removed
                if found is None:
                    return Probing(None, probes, fixed, True)
                changed = changed or removed > 0
                board = found
    return Probing(board, probes, fixed, True)
