"""Complete search for colour solutions as CNF, solved by a SAT solver (PySAT's Glucose).

Cell (r, c) having colour k is a variable (a constant once line logic decided the cell), one
colour per cell. Each line's block j gets order variables ``z[j][p]`` = "block j starts at
or before p", over only the starts the line solver found feasible (elsewhere ``z[j][p]`` is
tied to ``z[j][p-1]``). Clauses: ``z`` is monotone and true at the last feasible start;
block ``j+1`` starting at or before ``p`` forces block ``j`` to start at or before
``p - length_j - gap`` (gap 1 between blocks of one colour, else 0); a block covering a cell
gives it the block's colour; a cell of colour k > 0 is covered by some block of colour k.
Solutions are enumerated by blocking each found colouring of the undecided cells.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from pysat.solvers import Solver

from nonogen.clues import ColourClue
from nonogen.solve.colourboard import Board
from nonogen.solve.colourline import block_starts, to_planes
from nonogen.solve.search import Cnf, Late, Lit, collect, loaded_solver, neg, on_time, order_vars


@dataclass(frozen=True)
class SearchResult:
    """Solutions found (solved boards) and whether the search ran to its end."""

    solutions: tuple[Board, ...]
    complete: bool
    """False when the deadline came before the search could tell."""
    decisions: int
    """Branching nodes expanded."""
    conflicts: int = 0
    """Conflicts the SAT solver met (as the black-and-white search reports them)."""
    restarts: int = 0
    """Restarts the SAT solver made."""


def _cell_vars(cnf: Cnf, board: Board) -> list[list[dict[int, Lit]]]:
    """Per cell, colour -> literal; exactly one colour per undecided cell."""
    out: list[list[dict[int, Lit]]] = []
    for row in board:
        out.append([])
        for mask in row:
            colours = [k for k in range(mask.bit_length()) if mask >> k & 1]
            if len(colours) == 1:
                out[-1].append({colours[0]: True})
                continue
            lits: dict[int, Lit] = {k: cnf.fresh() for k in colours}
            cnf.add(*lits.values())
            values = list(lits.values())
            for i, a in enumerate(values):
                for b in values[i + 1 :]:
                    cnf.add(neg(a), neg(b))
            out[-1].append(lits)
    return out


def _encode_line(
    cnf: Cnf, clue: ColourClue, cells: list[dict[int, Lit]], starts: tuple[int, ...]
) -> None:
    """Clauses tying one line's cell colours to the placements of its blocks."""
    size = len(cells)
    z = [order_vars(cnf, s, size) for s in starts]

    def at(j: int, p: int) -> Lit:  # block j starts at or before p
        return False if p < 0 else z[j][min(p, size - 1) + 1]

    covers: list[list[tuple[int, Lit]]] = [[] for _ in range(size)]
    for j, (length, colour) in enumerate(clue):
        if j + 1 < len(clue):
            gap = 1 if clue[j + 1][1] == colour else 0
            for p in range(size):
                cnf.add(neg(at(j + 1, p)), at(j, p - length - gap))
        for p in range(size):
            cover = _cover(cnf, at(j, p), neg(at(j, p - length)))
            if cover is not False:
                cnf.add(neg(cover), cells[p].get(colour, False))
                covers[p].append((colour, cover))
    for p, cell in enumerate(cells):
        for k, lit in cell.items():
            if k:
                cnf.add(neg(lit), *(cover for colour, cover in covers[p] if colour == k))


def _cover(cnf: Cnf, started: Lit, not_ended: Lit) -> Lit:
    """A literal for ``started and not_ended`` (a fresh variable unless a constant decides)."""
    if started is False or not_ended is False:
        return False
    if started is True:
        return not_ended
    if not_ended is True:
        return started
    var = cnf.fresh()
    cnf.add(-var, started)
    cnf.add(-var, not_ended)
    cnf.add(var, neg(started), neg(not_ended))
    return var


def encode(
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    board: Board,
    deadline: float = math.inf,
) -> tuple[list[list[int]], list[list[dict[int, Lit]]]] | None:
    """The CNF of a colour puzzle from a board and its cell literals, or None if a line fails;
    Late if the deadline passes first."""
    cnf = Cnf()
    cells = _cell_vars(cnf, board)
    colours = max(max(row).bit_length() for row in board)
    lines = [(rows[r], cells[r]) for r in range(len(rows))]
    lines += [(cols[c], [row[c] for row in cells]) for c in range(len(cols))]
    for clue, line in lines:
        on_time(deadline)
        masks = tuple(sum(1 << k for k in cell) for cell in line)
        starts = block_starts(clue, to_planes(masks, colours), len(line)) if clue else ()
        if starts is None or (
            not clue and any(k for cell in line for k in cell if cell[k] is True)
        ):
            return None
        if not clue:
            for cell in line:
                for k, lit in cell.items():
                    if k:
                        cnf.add(neg(lit))
            continue
        _encode_line(cnf, clue, line, starts)
    return cnf.clauses, cells


def _colouring(model: set[int], cells: list[list[dict[int, Lit]]]) -> Board:
    """The solved board a model describes."""
    return tuple(
        tuple(
            next(1 << k for k, lit in cell.items() if lit is True or lit in model) for cell in row
        )
        for row in cells
    )


def _models(solver: Solver, cells: list[list[dict[int, Lit]]]) -> Iterator[Board | None]:
    """Each solution in turn, blocked after it is found; None if the solver was interrupted."""
    while True:
        answer = solver.solve_limited(expect_interrupt=True)
        if answer is None:
            yield None
            return
        if not answer:
            return
        model = {lit for lit in solver.get_model() if lit > 0}
        yield _colouring(model, cells)
        chosen = [lit for row in cells for cell in row for lit in cell.values()]
        solver.add_clause([-lit for lit in chosen if not isinstance(lit, bool) and lit in model])


def sat_search(
    rows: tuple[ColourClue, ...],
    cols: tuple[ColourClue, ...],
    board: Board,
    *,
    limit: int,
    deadline: float,
) -> SearchResult:
    """Up to ``limit`` solutions consistent with the board, by SAT, before the deadline."""
    try:
        encoded = encode(rows, cols, board, deadline)
        if encoded is None:
            return SearchResult((), True, 0)
        clauses, cells = encoded
        loaded = loaded_solver(clauses, deadline)
    except Late:
        return SearchResult((), False, 0)
    with loaded as solver:
        found, complete = collect(solver, _models(solver, cells), limit, deadline)
        work = solver.accum_stats()
    return SearchResult(
        tuple(found),
        complete,
        int(work.get("decisions", 0)),
        int(work.get("conflicts", 0)),
        int(work.get("restarts", 0)),
    )
