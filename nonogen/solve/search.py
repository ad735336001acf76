"""Complete search for solutions: a probing depth-first search in the C core, on a work
budget, then the puzzle as CNF, solved by two SAT solvers taking turns.

The probing search (``probing_search``, ``nonogen/_native.c``: boards of up to 64 cells a
side) probes each node to its fixpoint, as ``probe`` does, keeps a solved board, and else
branches on the open cell whose two values settle the most (filled first); a probe is not
made again while the lines its last one read are unchanged, and line solves are cached. It
settles a puzzle with no solution, with ``limit`` of them, or one that probing the root
solves; one it finds unique only by branching goes on to SAT, whose decisions grade it. When
it found no solution at all, what probing each open cell proves goes into the CNF as clauses
(``implied``).

Each line is encoded with order variables ``z[j][p]`` = "block j starts at or before p", over
only the starts the line solver found feasible (a start that is not feasible makes ``z[j][p]``
the same variable as ``z[j][p-1]``). Clauses: ``z`` is monotone; block ``j+1`` starting at or
before ``p`` forces block ``j`` to start at or before ``p - c_j - 1``; a block covering a cell
fills it; a filled cell is covered by the last block starting at or before it. Solutions are
enumerated by blocking each found grid on the cells still unknown; Glucose and CaDiCaL (with
phases from ``beliefs``) take turns on them (``portfolio``). The CNF helpers (``Cnf``,
``order_vars``, ``neg``) serve the colour encoding too.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final, NamedTuple, TypeVar

import numpy as np
from pysat.solvers import Solver

from nonogen.budgets import MAX_PROBING_SIDE, PROBING_SHARE, PROBING_WORK
from nonogen.clues import Clue
from nonogen.line import NATIVE, line_starts
from nonogen.probed import probing_search as probed_answer
from nonogen.solve.beliefs import beliefs
from nonogen.solve.board import Board
from nonogen.solve.portfolio import FIRST_SLICE, SEARCHED_SLICE, interrupter, turns
from nonogen.solve.portfolio import stats as portfolio_stats

SOLVER_NAME = "glucose4"
PHASED_SOLVER = "cadical195"
"""The solver that takes turns with Glucose, trying the likelier values first."""
PHASED_OPTIONS: Final = {"stabilizeonly": 1, "forcephase": 1}
"""CaDiCaL's options for its part, finding solutions: stable mode only (its own ``--sat``
configuration's core, for satisfiable problems) and the beliefs' values always tried first
(``forcephase``), where it would otherwise drift from them as it rephases. Beside its
defaults (``python -m bench.peer``, whole process): Faase 10.3 -> 7.1 s, webpbn-22336 3.4 ->
1.8 s, webpbn-12548 1.21 -> 1.36 s, webpbn-18297 1.50 -> 1.56 s; the other survey puzzles
and the tournament sets' verdicts unchanged."""
_M = TypeVar("_M")
Lit = int | bool
"""A literal, or a constant clauses drop (False) or are satisfied by (True)."""
Order = list[list[Lit]]
"""One line's order variables: per block, ``z[p + 1]`` = "the block starts at or before p"."""
PHASED_MAX_CLAUSES = 1_000_000
"""Beyond this many clauses (a half-filled random 200x200 grid has four million), one call of
CaDiCaL, which cannot be interrupted, can take seconds of inprocessing and outlast the time
budget: Glucose searches alone."""
LOAD_CHUNK = 50_000
"""Clauses given to the SAT solver between two looks at the clock."""
IMPLIED_CLAUSES = 200_000
"""At most this many clauses that probing proves go into the CNF (``implied``)."""
IMPLIED_SHARE = 0.1
"""Share of the SAT search's time that finding them may take."""


@dataclass(frozen=True)
class SearchResult:
    """Solutions found (row masks) and whether the search ran to its end."""

    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    """False when the time budget ran out before the search could tell."""
    decisions: int
    """Decisions the SAT solver made."""
    conflicts: int | None = 0
    """Conflicts the SAT solver met (each one a clause learnt)."""
    restarts: int | None = 0
    """Times the SAT solver restarted its search."""
    probing: bool = False
    """Whether the probing search settled it: ``decisions`` are then its branchings, and it
    counts no conflicts or restarts (None)."""


class Cnf:
    """Clauses under construction, with fresh variables numbered after ``first``."""

    def __init__(self, first: int = 0) -> None:
        self.top = first
        self.clauses: list[list[int]] = []

    def fresh(self) -> int:
        """A new variable."""
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


def order_vars(cnf: Cnf, starts: int, size: int) -> list[Lit]:
    """z[p] for p in -1..size-1 (index p+1): start <= p, aliased where p is not a start."""
    out: list[Lit] = [False]
    current: Lit = False
    last = starts.bit_length() - 1
    for p in range(size):
        if p == last:
            current = True
        elif starts >> p & 1:
            fresh = cnf.fresh()
            cnf.add(neg(current), fresh)  # monotone: start <= p-1 implies start <= p
            current = fresh
        out.append(current)
    return out


def neg(lit: Lit) -> Lit:
    """The negation of a literal or constant."""
    return (not lit) if isinstance(lit, bool) else -lit


def _encode_line(
    cnf: Cnf, clue: Clue, size: int, cells: list[Lit], starts: tuple[int, ...]
) -> Order:
    """Clauses tying one line's cells to the placements of its blocks; its order variables."""
    if not clue:
        for cell in cells:
            cnf.add(neg(cell))
        return []
    z = [order_vars(cnf, s, size) for s in starts]
    lows = [(s & -s).bit_length() - 1 for s in starts]
    highs = [s.bit_length() - 1 for s in starts] + [size]
    k = len(clue)

    def at(j: int, p: int) -> Lit:  # block j starts at or before p
        return False if p < 0 else z[j][min(p, size - 1) + 1]

    # Each loop covers only the cells where the clause is neither satisfied nor empty.
    for j, run in enumerate(clue):
        if j + 1 < k:
            for p in range(lows[j + 1], min(size, highs[j] + run + 1)):
                cnf.add(neg(at(j + 1, p)), at(j, p - run - 1))
        for p in range(lows[j], min(size, highs[j] + run)):
            cnf.add(neg(at(j, p)), at(j, p - run), cells[p])
        for p in range(lows[j] + run, highs[j + 1]):
            later = at(j + 1, p) if j + 1 < k else False
            cnf.add(neg(cells[p]), neg(at(j, p)), later, neg(at(j, p - run)))
    for p in range(highs[0]):
        cnf.add(neg(cells[p]), at(0, p))
    return z


def encode_line(
    cnf: Cnf, clue: Clue, size: int, cells: list[Lit], starts: tuple[int, ...]
) -> Order:
    """One line's clauses and order variables: in the C core where it is built (the same
    clauses, in the same order, with the same variables), else ``_encode_line``."""
    if NATIVE is None:
        return _encode_line(cnf, clue, size, cells, starts)
    clauses, order, cnf.top = NATIVE.encode_line(clue, size, cells, starts, cnf.top)
    cnf.clauses.extend(clauses)
    line_order: Order = order
    return line_order


def _cell_literal(board: Board, width: int, r: int, c: int) -> Lit:
    """A known cell as a constant, an unknown one as its variable r*width + c + 1."""
    if board.row_filled[r] >> c & 1:
        return True
    if board.row_empty[r] >> c & 1:
        return False
    return r * width + c + 1


class Late(Exception):  # noqa: N818  (a deadline, not an error)
    """The deadline passed while the CNF was built or loaded (a big grid takes seconds)."""


def on_time(deadline: float) -> None:
    """Late once ``time.perf_counter()`` has passed the deadline."""
    if time.perf_counter() > deadline:
        raise Late


def loaded_solver(clauses: list[list[int]], deadline: float, *, name: str = SOLVER_NAME) -> Solver:
    """A SAT solver holding the clauses, loaded in chunks so that the deadline can stop it
    (CaDiCaL with ``PHASED_OPTIONS``)."""
    solver = Solver(name=name)
    if name == PHASED_SOLVER:
        solver.solver.configure(PHASED_OPTIONS)
    try:
        for start in range(0, len(clauses), LOAD_CHUNK):
            on_time(deadline)
            solver.append_formula(clauses[start : start + LOAD_CHUNK])
    except Late:
        solver.delete()
        raise
    return solver


@dataclass(frozen=True)
class Encoding:
    """A puzzle's CNF, and the order variables of each line (rows first, then columns)."""

    clauses: list[list[int]]
    order: list[Order]
    """Per line, per block, ``z[p + 1]`` = "the block starts at or before p" (a literal or a
    constant; equal neighbours are one variable)."""


def encode(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, deadline: float = math.inf
) -> Encoding | None:
    """The CNF of a puzzle from a board (cell (r, c) is variable r*width + c + 1), or None;
    Late if the deadline passes first."""
    height, width = len(rows), len(cols)
    cnf = Cnf(height * width)
    grid = [[_cell_literal(board, width, r, c) for c in range(width)] for r in range(height)]
    order: list[Order] = []
    for r in range(height):
        on_time(deadline)
        starts = line_starts(rows[r], width, board.row_filled[r], board.row_empty[r])
        if starts is None:
            return None
        order.append(encode_line(cnf, rows[r], width, grid[r], starts))
    for c in range(width):
        on_time(deadline)
        starts = line_starts(cols[c], height, board.col_filled[c], board.col_empty[c])
        if starts is None:
            return None
        column = [grid[r][c] for r in range(height)]
        order.append(encode_line(cnf, cols[c], height, column, starts))
    return Encoding(cnf.clauses, order)


def phases(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    encoding: Encoding,
    deadline: float = math.inf,
) -> list[int]:
    """The value to try first for every unknown cell and order variable: the likelier one
    (none if the beliefs would be too big to count); Late once the deadline passed."""
    known = board.partial()
    belief = beliefs(rows, cols, known, deadline=deadline)
    on_time(deadline)
    if belief is None:
        return []
    unknown = np.flatnonzero(known.ravel() < 0).tolist()
    likely = (belief.filled.ravel() >= 0.5).tolist()
    out = [v + 1 if likely[v] else -(v + 1) for v in unknown]
    row_cum = belief.rows.starts.cumsum(axis=2)
    col_cum = belief.cols.starts.cumsum(axis=2)
    for line, blocks in enumerate(encoding.order):
        cum = row_cum[line] if line < board.height else col_cum[line - board.height]
        for j, z in enumerate(blocks):
            started = (cum[j] >= 0.5).tolist()  # P(block j starts at or before p)
            for p, lit in enumerate(z[1:]):
                if not isinstance(lit, bool) and lit != z[p]:  # each variable once (aliases)
                    out.append(lit if started[p] else -lit)
    return out


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


def take(models: Iterator[_M | None], limit: int) -> tuple[list[_M], bool]:
    """Up to ``limit`` models, and whether the enumeration ran to its end (a None model:
    the solver ran out of time)."""
    found: list[_M] = []
    for model in models:
        if model is None:
            return found, False
        found.append(model)
        if len(found) >= limit:
            break
    return found, True


def collect(
    solver: Solver, models: Iterator[_M | None], limit: int, deadline: float
) -> tuple[list[_M], bool]:
    """Up to ``limit`` of the solver's models, stopped by an interrupt at the deadline; and
    whether the enumeration ran to its end."""
    if deadline <= time.perf_counter():
        return [], False
    timer = interrupter(solver, deadline)
    try:
        return take(models, limit)
    finally:
        timer.cancel()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused: a CNF is up to millions of small lists without
    cycles, whose allocation would set off collections that each scan the whole heap (40 %
    of encoding time on a 100x100 grid, more in a long-lived process with a big heap)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def search(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    *,
    limit: int,
    seconds: float,
    graded: bool = True,
) -> SearchResult:
    """Up to ``limit`` solutions consistent with the board, within ``seconds``: the probing
    search first (``probing_search``), then the SAT solvers if it could not settle it (given
    what probing proves, ``implied``, when the probing search found no solution at all).
    ``graded``: a unique puzzle is to be graded, so SAT settles one found only by branching."""
    if not seconds > 0:  # NaN included
        return SearchResult((), False, 0)
    started = time.perf_counter()
    share = seconds * PROBING_SHARE
    probed = _probing(rows, cols, board, limit=limit, seconds=share)
    settled = None if probed is None else _settled(probed, limit, graded)
    if settled is not None:
        return settled
    left = seconds - (time.perf_counter() - started)
    if not left > 0:
        return SearchResult((), False, 0)
    extra: list[list[int]] = []
    found_nothing = probed is not None and not probed.solutions
    if found_nothing:
        implied_clauses = implied(rows, cols, board, seconds=left * IMPLIED_SHARE)
        if implied_clauses is None:
            return SearchResult((), True, 0)
        extra = implied_clauses
        left = seconds - (time.perf_counter() - started)
    first_slice = SEARCHED_SLICE if found_nothing else FIRST_SLICE
    with _collector_paused():
        return _search(rows, cols, board, limit, left, extra=extra, first_slice=first_slice)


class Probed(NamedTuple):
    """What the probing search found: solutions (row masks), whether it ran to its end or
    found as many as asked, its nodes and its branchings."""

    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    nodes: int
    branched: int


def _probing(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, *, limit: int, seconds: float
) -> Probed | None:
    """What the C core's probing depth-first search found within PROBING_WORK and
    ``seconds`` (or found before in this process, ``nonogen.probed``), or None where no C core
    is built and for boards over 64 cells a side."""
    if NATIVE is None or not _fits(board):
        return None
    found, complete, nodes, branched, _ = probed_answer(
        NATIVE, rows, cols, board.masks(), limit=limit, work=PROBING_WORK, seconds=seconds
    )
    return Probed(tuple(found), complete, nodes, branched)


def _settled(probed: Probed, limit: int, graded: bool) -> SearchResult | None:
    """The probing search's result if it settles the question: no solution, ``limit``
    solutions, (``limit`` 1) a first one, or the one solution probing the root finds. None
    when it cannot tell, and when it finds that the puzzle is unique only by branching and
    ``graded`` (the SAT search then grades it, as difficulty grades count the SAT solver's
    decisions)."""
    found = probed.solutions
    if not probed.complete or (graded and len(found) == 1 and limit > 1 and probed.nodes > 1):
        return None  # unknown, or unique past probing: SAT's decisions grade it
    return SearchResult(found, True, probed.branched, None, None, probing=True)


def probing_search(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    *,
    limit: int,
    seconds: float,
    graded: bool = True,
) -> SearchResult | None:
    """What the C core's probing depth-first search settles within PROBING_WORK and
    ``seconds`` (``_settled``); None when it cannot tell, where no C core is built, and for
    boards over 64 cells a side."""
    probed = _probing(rows, cols, board, limit=limit, seconds=seconds)
    return None if probed is None else _settled(probed, limit, graded)


def implied(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board, *, seconds: float
) -> list[list[int]] | None:
    """Clauses that probing the board's open cells proves (the C core; none without it, or
    over 64 cells a side), for the CNF: for each open cell x and value, "x implies y" for
    every cell y that line logic then settles, or "not x" where that value contradicts. At
    most IMPLIED_CLAUSES, within ``seconds``; None when line logic finds no solution.

    The peer validator adds such clauses too. On taai2011's puzzles that the probing search
    cannot settle (173 of 1000, all but one with several solutions), SAT finds the first
    solution sooner with them; where the search had found a solution and SAT was left to
    prove there is no other, they slowed SAT down (dom-13, dom-14), so they are added only
    when the search found none. A unique puzzle of that kind is graded by SAT's decisions
    with them in (docs/benchmarks.md)."""
    if NATIVE is None or not _fits(board):
        return []
    clauses: list[list[int]] | None = NATIVE.implications(
        rows, cols, *board.masks(), IMPLIED_CLAUSES, seconds
    )
    return clauses


def _fits(board: Board) -> bool:
    """Whether the board fits the C core's probing: one machine word a line."""
    return 0 < max(board.height, board.width) <= MAX_PROBING_SIDE


def _search(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    board: Board,
    limit: int,
    seconds: float,
    *,
    extra: list[list[int]] | None = None,
    first_slice: int = FIRST_SLICE,
) -> SearchResult:
    deadline = time.perf_counter() + seconds  # encoding counts against the budget too
    try:
        encoding = encode(rows, cols, board, deadline)
        if encoding is None:
            return SearchResult((), True, 0)
        if extra:
            encoding.clauses.extend(extra)
        loading = time.perf_counter()
        plain = loaded_solver(encoding.clauses, deadline)
    except Late:
        return SearchResult((), False, 0)
    # Deleting the two solvers and the CNF at the end takes about half as long as loading one.
    deadline -= (time.perf_counter() - loading) / 2
    height, width = len(rows), len(cols)
    unknown = [
        r * width + c + 1
        for r in range(height)
        for c in range(width)
        if not (board.row_filled[r] | board.row_empty[r]) >> c & 1
    ]
    solvers = [plain]

    def phased() -> Solver | None:
        try:
            solver = loaded_solver(encoding.clauses, deadline, name=PHASED_SOLVER)
            solvers.append(solver)
            encoding.clauses.clear()  # both solvers hold them: freed now, not past the deadline
            solver.set_phases(phases(rows, cols, board, encoding, deadline))
        except Late:
            return None
        return solver

    def blocking(found: tuple[int, ...]) -> list[int]:
        return [-v if found[(v - 1) // width] >> ((v - 1) % width) & 1 else v for v in unknown]

    try:
        joining = phased if len(encoding.clauses) <= PHASED_MAX_CLAUSES else None
        models = turns(
            plain,
            joining,
            lambda m: _rows_of(m, board, unknown),
            blocking,
            deadline,
            first_slice=first_slice,
        )
        found, complete = take(models, limit)
    finally:
        work = portfolio_stats(solvers)
        for solver in solvers:
            solver.delete()
    return SearchResult(
        tuple(found),
        complete,
        work.get("decisions", 0),
        work.get("conflicts", 0),
        work.get("restarts", 0),
    )
