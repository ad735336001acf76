"""Complete search for solutions: the puzzle as CNF, solved by a SAT solver (PySAT's Glucose).

Each line is encoded with order variables ``z[j][p]`` = "block j starts at or before p", over
only the starts the line solver found feasible (a start that is not feasible makes ``z[j][p]``
the same variable as ``z[j][p-1]``). Clauses: ``z`` is monotone; block ``j+1`` starting at or
before ``p`` forces block ``j`` to start at or before ``p - c_j - 1``; a block covering a cell
fills it; a filled cell is covered by the last block starting at or before it. Solutions are
enumerated by blocking each found grid on the cells still unknown.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

from pysat.solvers import Solver

from nonogen.clues import Clue
from nonogen.line import placements
from nonogen.solve.board import Board

SOLVER_NAME = "glucose4"


@dataclass(frozen=True)
class SearchResult:
    """Solutions found (row masks) and whether the search ran to its end."""

    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    """False when the time budget ran out before the search could tell."""
    decisions: int
    """Decisions the SAT solver made."""


Lit = int | bool
"""A literal, or a constant: clauses drop False literals and vanish when they hold True."""


class _Cnf:
    """Clauses under construction, with fresh variables after the cell variables."""

    def __init__(self, cells: int) -> None:
        self.top = cells
        self.clauses: list[list[int]] = []

    def fresh(self) -> int:
        self.top += 1
        return self.top

    def add(self, *lits: Lit) -> None:
        """Add a clause; True literals satisfy it, False literals vanish."""
        clause: list[int] = []
        for lit in lits:
            if lit is True:
                return
            if lit is not False:
                clause.append(int(lit))
        self.clauses.append(clause)


def _neg(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else -lit


def _bits(mask: int) -> list[int]:
    """Positions of the set bits of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _start_vars(cnf: _Cnf, starts: tuple[int, ...]) -> list[dict[int, Lit]]:
    """Per block, its feasible starts: a variable each, or True when there is only one."""
    out: list[dict[int, Lit]] = []
    for mask in starts:
        positions = _bits(mask)
        only: Lit = True
        out.append({s: only if len(positions) == 1 else cnf.fresh() for s in positions})
    return out


def _gap_vars(cnf: _Cnf, clue: Clue, size: int, y: list[dict[int, Lit]]) -> list[dict[int, Lit]]:
    """Per gap g (before block g), a variable per count of cells read while in that gap."""
    k = len(clue)
    gaps: list[dict[int, Lit]] = []
    for g in range(k + 1):
        first = 0 if g == 0 else min(y[g - 1]) + clue[g - 1] + 1
        last = max(y[g]) if g < k else size
        gaps.append({i: cnf.fresh() for i in range(first, last + 1)})
    gaps[0][0] = True  # the automaton starts in gap 0
    return gaps


def _encode_line(
    cnf: _Cnf, clue: Clue, size: int, cells: list[Lit], starts: tuple[int, ...]
) -> None:
    """Clauses making a line's cells a word of the clue's automaton (see the module docstring)."""
    if not clue:
        for cell in cells:
            cnf.add(_neg(cell))
        return
    k = len(clue)
    y = _start_vars(cnf, starts)
    gap = _gap_vars(cnf, clue, size, y)
    covers: list[list[Lit]] = [[] for _ in range(size)]
    for b, run in enumerate(clue):
        cnf.add(*y[b].values())
        for s, start in y[b].items():
            for p in range(s, s + run):
                cnf.add(_neg(start), cells[p])
                covers[p].append(start)
            cnf.add(_neg(start), gap[b].get(s, False))  # entered from the gap before it
            if s + run < size:
                cnf.add(_neg(start), _neg(cells[s + run]))
                cnf.add(_neg(start), gap[b + 1].get(s + run + 1, False))
    for g, cells_read in enumerate(gap):
        for i, state in cells_read.items():
            if i < size:  # reading cell i from gap g: empty stays, filled starts block g
                cnf.add(_neg(state), cells[i], cells_read.get(i + 1, False))
                nxt = y[g].get(i, False) if g < k else False
                cnf.add(_neg(state), _neg(cells[i]), nxt)
            if i > 0:  # arrived by an empty cell, from this gap or the end of block g-1
                cnf.add(_neg(state), _neg(cells[i - 1]))
                before = y[g - 1].get(i - 1 - clue[g - 1], False) if g else False
                cnf.add(_neg(state), cells_read.get(i - 1, False), before)
    for p in range(size):  # supports, so unit propagation sees what line logic sees
        cnf.add(_neg(cells[p]), *covers[p])
        cnf.add(cells[p], *(g.get(p + 1, False) for g in gap))


def _cell_literal(board: Board, width: int, r: int, c: int) -> int | bool:
    """A known cell as a constant, an unknown one as its variable r*width + c + 1."""
    if board.row_filled[r] >> c & 1:
        return True
    if board.row_empty[r] >> c & 1:
        return False
    return r * width + c + 1


def encode(rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board) -> list[list[int]] | None:
    """The CNF of a puzzle from a board (cell (r, c) is variable r*width + c + 1), or None."""
    height, width = len(rows), len(cols)
    cnf = _Cnf(height * width)
    grid = [[_cell_literal(board, width, r, c) for c in range(width)] for r in range(height)]
    for r in range(height):
        found = placements(rows[r], width, board.row_filled[r], board.row_empty[r])
        if found is None:
            return None
        _encode_line(cnf, rows[r], width, grid[r], found.starts)
    for c in range(width):
        found = placements(cols[c], height, board.col_filled[c], board.col_empty[c])
        if found is None:
            return None
        _encode_line(cnf, cols[c], height, [grid[r][c] for r in range(height)], found.starts)
    return cnf.clauses


def _rows_of(model: list[int], board: Board, unknown: list[int]) -> tuple[int, ...]:
    """Row masks of a solution: the board's filled cells and the model's unknown ones."""
    rows = list(board.row_filled)
    true = {lit for lit in model if lit > 0}
    width = board.width
    for var in unknown:
        if var in true:
            r, c = divmod(var - 1, width)
            rows[r] |= 1 << c
    return tuple(rows)


def _models(solver: Solver, board: Board, unknown: list[int]) -> Iterator[tuple[int, ...] | None]:
    """Each solution in turn, blocked after it is found; None if the solver was interrupted."""
    while True:
        answer = solver.solve_limited(expect_interrupt=True)
        if answer is None:
            yield None
            return
        if not answer:
            return
        rows = _rows_of(solver.get_model(), board, unknown)
        yield rows
        width = board.width
        solver.add_clause(
            [-v if rows[(v - 1) // width] >> ((v - 1) % width) & 1 else v for v in unknown]
        )


def search(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, *, limit: int, seconds: float
) -> SearchResult:
    """Up to ``limit`` solutions consistent with the board, within ``seconds``."""
    if seconds <= 0:
        return SearchResult((), False, 0)
    clauses = encode(rows, cols, board)
    if clauses is None:
        return SearchResult((), True, 0)
    height, width = len(rows), len(cols)
    unknown = [
        r * width + c + 1
        for r in range(height)
        for c in range(width)
        if not (board.row_filled[r] | board.row_empty[r]) >> c & 1
    ]
    found: list[tuple[int, ...]] = []
    complete = True
    with Solver(name=SOLVER_NAME, bootstrap_with=clauses) as solver:
        timer = threading.Timer(max(seconds, 0.0), solver.interrupt)
        timer.start()
        try:
            for rows_found in _models(solver, board, unknown):
                if rows_found is None:
                    complete = False
                    break
                found.append(rows_found)
                if len(found) >= limit:
                    break
        finally:
            timer.cancel()
        decisions = int(solver.accum_stats().get("decisions", 0))
    return SearchResult(tuple(found), complete, decisions)
