"""Probing: try each colour left in an undecided cell under line logic; a colour that leads to a
contradiction is removed, and every cell keeps only the colours some surviving branch leaves it
(black and white's agreement of its two branches). Repeated until a pass learns nothing."""

from __future__ import annotations

import time
from typing import NamedTuple

from nonogen.clues import ColourClue
from nonogen.solve.colourboard import Board, assume, is_solved, propagate


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


def _unknown_cells(board: Board) -> list[tuple[int, int]]:
    """Undecided cells, those with the most decided neighbours first (they fail fastest): the
    order the black-and-white probing takes, so that both kinds probe alike."""
    height, width = len(board), len(board[0]) if board else 0

    def decided(r: int, c: int) -> int:
        inside = 0 <= r < height and 0 <= c < width
        return 1 if not inside or board[r][c] & (board[r][c] - 1) == 0 else 0

    scored = [
        (-(decided(r - 1, c) + decided(r + 1, c) + decided(r, c - 1) + decided(r, c + 1)), r, c)
        for r in range(height)
        for c in range(width)
        if board[r][c] & (board[r][c] - 1)
    ]
    scored.sort()
    return [(r, c) for _, r, c in scored]


class Learnt(NamedTuple):
    """What probing one cell taught: the narrowed board and the lines it narrowed."""

    board: Board
    rows: frozenset[int]
    cols: frozenset[int]


def _union(board: Board, branches: list[Board]) -> Learnt:
    """``board`` with every cell narrowed to the colours some branch leaves it. Only a row the
    first branch changed can narrow (every branch must have narrowed the cell), so the rest
    are not looked at."""
    first, *rest = branches
    narrowed = list(board)
    rows: set[int] = set()
    cols: set[int] = set()
    for r, row in enumerate(first):
        if row == board[r]:
            continue
        merged = tuple(map(_or_all, row, *(other[r] for other in rest))) if rest else row
        if merged != board[r]:
            narrowed[r] = merged
            rows.add(r)
            cols.update(
                c for c, (new, old) in enumerate(zip(merged, board[r], strict=True)) if new != old
            )
    return Learnt(tuple(narrowed), frozenset(rows), frozenset(cols))


def _or_all(*masks: int) -> int:
    """The colours of all these masks."""
    merged = 0
    for mask in masks:
        merged |= mask
    return merged


def _probe_cell(
    rows: tuple[ColourClue, ...], cols: tuple[ColourClue, ...], board: Board, cell: tuple[int, int]
) -> tuple[Learnt | None, int]:
    """What probing one cell teaches, trying each colour it may take: a colour whose line
    logic fails is removed, and every cell keeps only the colours some surviving branch leaves
    it (the black-and-white probing's agreement of its two branches, for any number of
    colours); and the colours tried. None when every colour fails."""
    r, c = cell
    tried = colours_of(board[r][c])
    branches = [assume(rows, cols, board, cell, 1 << colour).board for colour in tried]
    alive = [branch for branch in branches if branch is not None]
    if not alive:
        return None, len(tried)
    return _union(board, alive), len(tried)


def probe(
    rows: tuple[ColourClue, ...], cols: tuple[ColourClue, ...], board: Board, *, deadline: float
) -> Probing:
    """Probe every undecided cell, repeatedly, until nothing more is learnt, the board is
    solved or time is up."""
    probes = fixed = 0
    progress = True
    while progress and not is_solved(board):
        progress = False
        for r, c in _unknown_cells(board):
            if time.perf_counter() > deadline:
                return Probing(board, probes, fixed, False)
            if board[r][c] & (board[r][c] - 1) == 0:
                continue  # decided by an earlier probe this pass
            learnt, tried = _probe_cell(rows, cols, board, (r, c))
            probes += tried
            if learnt is None:
                return Probing(None, probes, fixed, True)
            if learnt.rows:
                fixed += 1
                progress = True
                # Only the narrowed lines may be off their fixpoint.
                settled = propagate(
                    rows, cols, learnt.board, dirty_rows=learnt.rows, dirty_cols=learnt.cols
                ).board
                if settled is None:
                    return Probing(None, probes, fixed, True)
                board = settled
    return Probing(board, probes, fixed, True)
