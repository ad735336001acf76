"""The colour repair: change as few cells, at as small a colour difference, as it takes for
colour line logic to solve the puzzle (which proves it unique).

As the monochrome flip repair (``nonogen.generate.flips``): while line logic leaves cells
open, change one open cell to another colour and re-solve. A cell is changed at most once.
Each move is picked in two stages:

1. *Estimate* every candidate change (an open cell to a colour its board still allows or a
   neighbour has; at most ``estimates`` of them, the cheapest first): give the cell the new
   colour, forget it on the current board, and continue line logic from there with the new
   row and column clues. Every known cell of the board is a true value of the old grid, hence
   of the new one, so this never contradicts; it is an upper bound on what a fresh solve of
   the new clues settles.
2. *Measure* the best estimates exactly (a fresh solve of the new clues), best first, until
   the best measured score reaches the next estimate or ``candidates`` were measured; keep
   the change that settles the most cells per unit of colour cost.

The cost of giving a cell a colour is ``costs[row, col, colour]``, the Delta E between the
cell's measured colour and the new one. Once line logic solves the puzzle, changes that later
changes made redundant are undone, the dearest first, while line logic still solves it.

``repair_colour`` picks a mode from ``MODES``: ``flips`` (changes only), ``givens`` (reveal
cells instead, ``nonogen.colour.givens``: the picture stays exact) or ``auto`` (changes within
their budget, then givens on the changed grid).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from nonogen.clues import ColourClue, ColourGrid, grid_blocks, line_blocks
from nonogen.colour.givens import given_state, prune, reveal
from nonogen.solve.colourboard import Board, propagate, with_cell

Cell = tuple[int, int]
"""A cell as ``(row, col)``."""
Costs = npt.NDArray[np.float64]
"""``(rows, cols, colours)``: what giving each cell each colour costs the picture."""
Change = tuple[int, int, int, int]
"""One changed cell: ``(row, col, old colour, new colour)``."""

COST_FLOOR: Final = 1.0
"""Added to every change's cost (Delta E), so a free change still has to settle cells."""


class State(NamedTuple):
    """A grid, its clues, and the board colour line logic reaches from the clues alone."""

    grid: ColourGrid
    rows: tuple[ColourClue, ...]
    cols: tuple[ColourClue, ...]
    board: Board
    unknown: int
    """Cells the board leaves open."""


@dataclass(frozen=True)
class ColourRepair:
    """The outcome of the colour repair."""

    grid: ColourGrid
    """The repaired grid (palette indices)."""
    changes: tuple[Change, ...]
    """The changed cells, in the order they were changed."""
    cost: float
    """The changes' summed cost (Delta E)."""
    solved: bool
    """Whether colour line logic solves the repaired puzzle (or, for a make that allows
    search, the quantised puzzle was unique as it was and needed no repair)."""
    unknown: int
    """Cells line logic leaves open (0 when solved)."""
    givens: tuple[Cell, ...] = ()
    """Cells revealed in the printed grid (with their colours in ``grid``), in order."""


@dataclass(frozen=True)
class _Search:
    """How a move is picked."""

    rng: np.random.Generator
    estimates: int
    candidates: int
    deadline: float


def _open(board: Board) -> int:
    """Cells with more than one colour left."""
    return sum(1 for row in board for cell in row if cell & (cell - 1))


def state_of(grid: ColourGrid, colours: int) -> State:
    """The state of a grid: its clues and what line logic settles from them."""
    rows, cols = grid_blocks(grid)
    full = (1 << colours) - 1
    start = tuple((full,) * grid.shape[1] for _ in range(grid.shape[0]))
    board = propagate(rows, cols, start).board
    assert board is not None  # the grid itself fits its own clues
    return State(grid, rows, cols, board, _open(board))


def _changed(state: State, cell: Cell, colour: int, colours: int) -> State:
    """The state after giving ``cell`` the colour, solved afresh."""
    grid = state.grid.copy()
    grid[cell] = colour
    return state_of(grid, colours)


def _estimate(state: State, cell: Cell, colour: int, colours: int) -> int:
    """Cells still open after giving ``cell`` the colour, continuing from the current board."""
    r, c = cell
    grid = state.grid.copy()
    grid[cell] = colour
    rows = (*state.rows[:r], line_blocks(grid[r].tolist()), *state.rows[r + 1 :])
    cols = (*state.cols[:c], line_blocks(grid[:, c].tolist()), *state.cols[c + 1 :])
    board = with_cell(state.board, r, c, (1 << colours) - 1)
    after = propagate(rows, cols, board, dirty_rows=(r,), dirty_cols=(c,)).board
    assert after is not None  # known cells are true values of the changed grid too
    return _open(after)


def _moves(state: State, changed: npt.NDArray[np.bool_], costs: Costs) -> list[tuple[Cell, int]]:
    """Candidate changes: each open, unchanged cell to a colour its board still allows or a
    neighbour has (never its own)."""
    height, width = state.grid.shape
    moves: list[tuple[Cell, int]] = []
    for r in range(height):
        for c in range(width):
            mask = state.board[r][c]
            if not mask & (mask - 1) or changed[r, c]:
                continue
            options = {j for j in range(costs.shape[2]) if mask >> j & 1}
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if 0 <= r + dr < height and 0 <= c + dc < width:
                    options.add(int(state.grid[r + dr, c + dc]))
            options.discard(int(state.grid[r, c]))
            moves += [((r, c), j) for j in sorted(options)]
    return moves


def _score(before: int, after: int, cost: float) -> float:
    """Cells settled per unit of cost."""
    return (before - after) / (cost + COST_FLOOR)


def _next_state(
    state: State, moves: list[tuple[Cell, int]], costs: Costs, how: _Search
) -> tuple[Change, State, float]:
    """The best change among the moves, the state it leads to, and its cost."""
    colours = costs.shape[2]
    price = np.array([costs[cell][j] for cell, j in moves])
    order = np.argsort(price + how.rng.random(len(moves)) * 1e-9, kind="stable")
    picked = [moves[int(i)] for i in order[: how.estimates]]
    bounds: list[tuple[float, int]] = []
    for i, (cell, colour) in enumerate(picked):
        if bounds and time.perf_counter() >= how.deadline:
            break
        after = _estimate(state, cell, colour, colours)
        bounds.append((_score(state.unknown, after, float(costs[cell][colour])), i))
    bounds.sort(key=lambda bound: (-bound[0], bound[1]))
    best: tuple[float, int, State] | None = None
    for bound, i in bounds[: how.candidates]:
        if best is not None and best[0] >= bound:
            break  # no move left can beat it: an estimate never falls short of the truth
        cell, colour = picked[i]
        after_state = _changed(state, cell, colour, colours)
        score = _score(state.unknown, after_state.unknown, float(costs[cell][colour]))
        if best is None or score > best[0]:
            best = (score, i, after_state)
    assert best is not None
    (r, c), colour = picked[best[1]]
    change = (r, c, int(state.grid[r, c]), colour)
    return change, best[2], float(costs[r, c, colour])


def colour_repair(
    grid: ColourGrid,
    costs: Costs,
    *,
    rng: np.random.Generator,
    max_changes: int,
    seconds: float,
    estimates: int = 400,
    candidates: int = 6,
    on_move: Callable[[int, int], None] | None = None,
) -> ColourRepair:
    """Change open cells of ``grid`` until colour line logic solves its puzzle, within the
    change budget and the time; the best attempt when it cannot. ``costs`` is
    ``(rows, cols, colours)``; ``on_move(open cells, changes)`` hears of every change."""
    how = _Search(rng, estimates, candidates, time.perf_counter() + seconds)
    colours = costs.shape[2]
    state = state_of(np.asarray(grid, dtype=np.uint8), colours)
    changes: list[Change] = []
    changed = np.zeros(grid.shape, dtype=np.bool_)
    while state.unknown and len(changes) < max_changes and time.perf_counter() < how.deadline:
        moves = _moves(state, changed, costs)
        if not moves:
            break
        change, state, _ = _next_state(state, moves, costs, how)
        changed[change[:2]] = True
        changes.append(change)
        if on_move is not None:
            on_move(state.unknown, len(changes))
    if not state.unknown:
        state, changes = _pruned(state, changes, costs, how.deadline)
    cost = sum(float(costs[r, c, new]) for r, c, _, new in changes)
    return ColourRepair(state.grid, tuple(changes), cost, not state.unknown, state.unknown)


def _pruned(
    state: State, changes: list[Change], costs: Costs, deadline: float
) -> tuple[State, list[Change]]:
    """Undo the changes the solved puzzle does not need (a later change often makes an
    earlier one redundant), the dearest first, while line logic still solves it."""
    colours = costs.shape[2]
    kept = list(changes)
    for change in sorted(changes, key=lambda ch: -float(costs[ch[0], ch[1], ch[3]])):
        if time.perf_counter() >= deadline:
            break
        r, c, old, _ = change
        undone = _changed(state, (r, c), old, colours)
        if not undone.unknown:
            state = undone
            kept.remove(change)
    return state, kept


@dataclass(frozen=True)
class Budget:
    """What a colour repair may spend."""

    rng: np.random.Generator
    max_changes: int
    max_givens: int
    deadline: float
    """``time.perf_counter()`` at which the repair stops."""
    on_move: Callable[[int, int], None] | None = None
    """Hears (open cells, moves made) after every change or given."""


def _by_changes(grid: ColourGrid, costs: Costs, budget: Budget) -> ColourRepair:
    """Change cells within the change budget."""
    seconds = max(0.0, budget.deadline - time.perf_counter())
    return colour_repair(
        grid,
        costs,
        rng=budget.rng,
        max_changes=budget.max_changes,
        seconds=seconds,
        on_move=budget.on_move,
    )


def with_givens(repaired: ColourRepair, colours: int, budget: Budget) -> ColourRepair:
    """The repair continued by revealing cells of its grid until line logic solves it."""
    if repaired.solved:
        return repaired
    done = len(repaired.changes)
    on_move = budget.on_move

    def moved(unknown: int, givens: int) -> None:
        if on_move is not None:
            on_move(unknown, done + givens)

    state = given_state(repaired.grid, colours)
    state = reveal(
        state, rng=budget.rng, max_givens=budget.max_givens, deadline=budget.deadline, on_move=moved
    )
    if not state.unknown:
        state = prune(state, colours, deadline=budget.deadline)
    return replace(repaired, solved=not state.unknown, unknown=state.unknown, givens=state.givens)


def _by_givens(grid: ColourGrid, costs: Costs, budget: Budget) -> ColourRepair:
    """Reveal cells within the givens budget; no cell changes."""
    start = ColourRepair(np.asarray(grid, dtype=np.uint8), (), 0.0, False, -1)
    return with_givens(start, costs.shape[2], budget)


def _by_changes_then_givens(grid: ColourGrid, costs: Costs, budget: Budget) -> ColourRepair:
    """Change cells within the change budget, then reveal cells within the givens budget."""
    return with_givens(_by_changes(grid, costs, budget), costs.shape[2], budget)


MODES: Final[dict[str, Callable[[ColourGrid, Costs, Budget], ColourRepair]]] = {
    "flips": _by_changes,
    "givens": _by_givens,
    "auto": _by_changes_then_givens,
}
"""The colour repair modes by the name ``--repair`` gives them."""


def repair_colour(grid: ColourGrid, costs: Costs, *, mode: str, budget: Budget) -> ColourRepair:
    """Repair a colour grid in one of the ``MODES`` within the budget."""
    return MODES[mode](grid, costs, budget)
