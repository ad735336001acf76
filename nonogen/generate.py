"""The repairing generator: flip as few, and as cheap, cells as it takes for a good puzzle.

Start from the thresholded grid. While the puzzle misses its target (see ``Target``), pick one
cell to flip (fill or clear, whichever it is not) and re-solve. Only cells line logic leaves
open are flipped, and a cell is flipped at most once. The pick is made in two stages:

1. *Estimate* the open cells (all of them, or on big grids the cheapest half of ``estimates``
   and a seeded sample of the rest): flip the cell, and continue line logic from the current
   board with only that cell forgotten. Every known cell of that board is a true value of the
   old grid, hence of the new grid too, so the estimate never contradicts. It is an upper
   bound: line logic is monotone, so starting from more knowledge never ends with less, and a
   fresh solve of the new clues settles at most what the estimate settles.
2. *Measure* the best estimates exactly, by solving their clues from scratch, best first,
   until the best measured score reaches the next estimate (no cell left can beat it) or
   ``candidates`` were measured, and keep the flip that settles the most cells per unit of
   visual cost.

Once line logic solves the puzzle, flips that later flips made redundant are undone, the
dearest first, as long as line logic still solves it.

A puzzle line logic solves is unique, so the loop ends with a unique puzzle, or with the best
attempt when the flip or time budget runs out. Ties are broken by the seeded generator, so a
seed always gives the same puzzle (unless the time budget cuts the run short).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.clues import Clue, grid_clues, line_clue
from nonogen.grid import Grid
from nonogen.puzzle import puzzle_from_grid
from nonogen.solve import Status, solve_puzzle
from nonogen.solve.board import Board, empty_board
from nonogen.solve.propagate import propagate
from nonogen.solve.verdict import Cell

Costs = npt.NDArray[np.float64]
"""Per cell, what flipping it costs the picture (0 = the cell sat right on the threshold)."""

_T = TypeVar("_T")

COST_FLOOR: Final = 0.1  # so a free flip still has to earn its place by settling cells
EASY_SWEEPS: Final = 5
"""Line logic solving within this many sweeps scores at most 18: the ``easy`` tier."""
UNIQUE_CHECK_SECONDS: Final = 5.0
"""The complete solver's time per uniqueness check when probing or search are allowed."""


class Target(StrEnum):
    """What the repaired puzzle must be."""

    EASY = "easy"
    """Line logic solves it within EASY_SWEEPS sweeps."""
    LINE = "line"
    """Line logic solves it (logic-only)."""
    UNIQUE = "unique"
    """The complete solver proves it unique (probing or search may be needed)."""


@dataclass(frozen=True)
class Repair:
    """The outcome of repairing a grid into a puzzle."""

    grid: Grid
    """The repaired grid (the best attempt when not ``solved``)."""
    flips: tuple[Cell, ...]
    """Cells flipped, in order."""
    solved: bool
    """Whether the repaired grid meets the target."""
    unknown: int
    """Cells the target's line logic leaves undetermined (0 when line logic solves it)."""
    cost: float
    """Summed cost of the flips."""
    target: Target = Target.LINE


@dataclass(frozen=True)
class _State:
    """A grid, its clues and the board line logic reaches from them."""

    grid: Grid
    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]
    board: Board
    unknown: int

    def open_cells(self) -> npt.NDArray[np.bool_]:
        return np.asarray(self.board.partial() < 0, dtype=np.bool_)


def _solved_state(
    grid: Grid, rows: tuple[Clue, ...], cols: tuple[Clue, ...], sweeps: int | None
) -> _State:
    """Line logic from nothing on the clues of ``grid``."""
    board = propagate(rows, cols, empty_board(len(rows), len(cols)), max_sweeps=sweeps).board
    assert board is not None  # the clues of a real grid always have that grid as a solution
    return _State(grid, rows, cols, board, grid.size - board.known())


def _state_of(grid: Grid, sweeps: int | None = None) -> _State:
    rows, cols = grid_clues(grid)
    return _solved_state(grid, rows, cols, sweeps)


def undetermined(grid: Grid) -> npt.NDArray[np.bool_]:
    """Cells complete line logic cannot determine from the grid's clues."""
    return _state_of(grid).open_cells()


def _replaced(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``items`` with the one at ``index`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def _flipped_clues(state: _State, cell: Cell) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The clues with one cell flipped: only its row and column change (no grid copy)."""
    r, c = cell
    row, col = state.grid[r].tolist(), state.grid[:, c].tolist()
    row[c] = col[r] = not row[c]
    return _replaced(state.rows, r, line_clue(row)), _replaced(state.cols, c, line_clue(col))


def _flip(state: _State, cell: Cell) -> tuple[Grid, tuple[Clue, ...], tuple[Clue, ...]]:
    """The grid with one cell flipped, and its clues."""
    grid = state.grid.copy()
    grid[cell] = not grid[cell]
    return (grid, *_flipped_clues(state, cell))


def _estimate(state: _State, cell: Cell, sweeps: int | None) -> int:
    """Cells still open after flipping ``cell``, continuing from the current board."""
    r, c = cell
    rows, cols = _flipped_clues(state, cell)
    b = state.board
    keep_row, keep_col = ~(1 << c), ~(1 << r)
    board = Board(
        _replaced(b.row_filled, r, b.row_filled[r] & keep_row),
        _replaced(b.row_empty, r, b.row_empty[r] & keep_row),
        _replaced(b.col_filled, c, b.col_filled[c] & keep_col),
        _replaced(b.col_empty, c, b.col_empty[c] & keep_col),
    )
    after = propagate(rows, cols, board, dirty_rows={r}, dirty_cols={c}, max_sweeps=sweeps)
    assert after.board is not None  # known cells are true values of the flipped grid too
    return state.unknown + 1 - after.settled


def _ranked(cells: list[Cell], costs: Costs, rng: np.random.Generator) -> list[Cell]:
    """Cells cheapest first, ties broken by the seeded generator."""
    jitter = rng.random(len(cells)) * 1e-9
    order = np.argsort(np.array([costs[cell] for cell in cells]) + jitter, kind="stable")
    return [cells[i] for i in order]


def _score(before: int, after: int, cost: float) -> float:
    return (before - after) / (cost + COST_FLOOR)


@dataclass(frozen=True)
class _Search:
    """How hard the generator looks for each flip."""

    rng: np.random.Generator
    estimates: int
    candidates: int
    sweeps: int | None


def _next_state(
    state: _State, costs: Costs, fresh: npt.NDArray[np.bool_], how: _Search
) -> tuple[Cell, _State]:
    """The best flip among the fresh open cells, and the state it leads to."""
    rows, cols = np.nonzero(fresh)
    cells = _ranked([(int(r), int(c)) for r, c in zip(rows, cols, strict=True)], costs, how.rng)
    if len(cells) > how.estimates:  # the cheapest half, and a seeded sample of the rest
        half = how.estimates // 2
        rest = how.rng.choice(len(cells) - half, size=how.estimates - half, replace=False)
        cells = cells[:half] + [cells[half + int(i)] for i in sorted(rest.tolist())]
    before = state.unknown
    bounds = [
        (_score(before, _estimate(state, cell, how.sweeps), float(costs[cell])), i)
        for i, cell in enumerate(cells)
    ]
    bounds.sort(key=lambda bound: (-bound[0], bound[1]))
    best: tuple[float, Cell, _State] | None = None
    for bound, i in bounds[: how.candidates]:
        if best is not None and best[0] >= bound:
            break  # no cell left can beat it: an estimate never falls short of the truth
            # (exact without a sweep cap; with the easy target's cap it is a good heuristic)
        cell = cells[i]
        after = _solved_state(*_flip(state, cell), how.sweeps)
        score = _score(before, after.unknown, float(costs[cell]))
        if best is None or score > best[0]:
            best = (score, cell, after)
    assert best is not None
    return best[1], best[2]


def _ambiguous(grid: Grid, seconds: float) -> npt.NDArray[np.bool_] | None:
    """None when the complete solver proves the grid's clues unique, else the cells where two
    solutions differ (all False when the solver ran out of time)."""
    verdict = solve_puzzle(puzzle_from_grid(grid), max_solutions=2, timeout=max(0.1, seconds))
    if verdict.status is Status.UNIQUE:
        return None
    differ = np.zeros(grid.shape, dtype=np.bool_)
    for cell in verdict.differing():
        differ[cell] = True
    return differ


def repair(
    goal: Grid,
    costs: Costs,
    *,
    rng: np.random.Generator,
    max_flips: int,
    seconds: float,
    target: Target = Target.LINE,
    estimates: int = 1200,
    candidates: int = 8,
) -> Repair:
    """Flip cells of ``goal`` until its clues meet ``target``, within the budgets."""
    deadline = time.perf_counter() + seconds
    how = _Search(rng, estimates, candidates, EASY_SWEEPS if target is Target.EASY else None)
    state = _state_of(np.asarray(goal, dtype=np.bool_).copy(), how.sweeps)
    flips: list[Cell] = []
    flipped = np.zeros(state.grid.shape, dtype=np.bool_)
    solved = state.unknown == 0
    while not solved and len(flips) < max_flips and time.perf_counter() < deadline:
        fresh = state.open_cells() & ~flipped  # flipping a cell back would undo a step
        if target is Target.UNIQUE:
            left = min(UNIQUE_CHECK_SECONDS, deadline - time.perf_counter())
            differ = _ambiguous(state.grid, left)
            if differ is None:
                solved = True
                break
            if (fresh & differ).any():  # break the ambiguity the solver found
                fresh &= differ
        if not fresh.any():
            break
        cell, state = _next_state(state, costs, fresh, how)
        flipped[cell] = True
        flips.append(cell)
        solved = state.unknown == 0
    if solved and target is not Target.UNIQUE:
        state, flips = _pruned(state, flips, costs, how.sweeps, deadline)
    cost = float(sum(costs[cell] for cell in flips))
    return Repair(state.grid, tuple(flips), solved, state.unknown, cost, target)


def _pruned(
    state: _State, flips: list[Cell], costs: Costs, sweeps: int | None, deadline: float
) -> tuple[_State, list[Cell]]:
    """Undo the flips the finished puzzle does not need: a later flip often makes an earlier
    one redundant. The dearest flips are tried first; each undo must keep line logic solving."""
    kept = list(flips)
    for cell in sorted(flips, key=lambda cell: -float(costs[cell])):
        if time.perf_counter() >= deadline:
            break
        undone = _solved_state(*_flip(state, cell), sweeps)
        if undone.unknown == 0:
            state = undone
            kept.remove(cell)
    return state, kept
