"""A second complete colour search, independent of the SAT one, to test it against:
depth-first, line logic at every node.

From the board at line logic's fixpoint, branch on an undecided cell with the fewest colours
left (the first such cell in row order), try each colour in turn, and propagate. Every
solution is found exactly once, since the branches of one cell are disjoint; the search
stops after ``limit`` solutions or at the deadline, and then says it did not finish, so a
verdict built on it never guesses.
"""

from __future__ import annotations

import time

from nonogen.clues import ColourClue
from nonogen.solve.colourboard import Board, assume, propagate
from nonogen.solve.colourprobe import colours_of
from nonogen.solve.coloursat import SearchResult

CHECK_EVERY = 16
"""Nodes between two looks at the clock."""


def branch_cell(board: Board) -> tuple[int, int] | None:
    """The first undecided cell with the fewest colours left, or None if the board is solved."""
    best: tuple[int, int] | None = None
    fewest = 1 << 10
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell & (cell - 1):
                count = cell.bit_count()
                if count < fewest:
                    best, fewest = (r, c), count
                    if count == 2:
                        return best
    return best


def search(
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    board: Board,
    *,
    limit: int,
    deadline: float,
) -> SearchResult:
    """Up to ``limit`` solutions consistent with a board (cheapest from line logic's fixpoint)."""
    root = propagate(rows, cols, board).board
    stack = [] if root is None else [root]
    found: list[Board] = []
    decisions = 0
    while stack:
        if decisions % CHECK_EVERY == 0 and time.perf_counter() > deadline:
            return SearchResult(tuple(found), False, decisions)
        node = stack.pop()
        cell = branch_cell(node)
        if cell is None:
            found.append(node)
            if len(found) >= limit:
                break
            continue
        decisions += 1
        r, c = cell
        # Pushed in reverse so the lowest colour is tried first.
        for colour in reversed(colours_of(node[r][c])):
            child = assume(rows, cols, node, cell, 1 << colour).board
            if child is not None:
                stack.append(child)
    return SearchResult(tuple(found), True, decisions)
