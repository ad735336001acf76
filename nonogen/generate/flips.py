"""The flip repair: flip as few, and as cheap, cells as it takes for a good puzzle.

Start from the thresholded grid. While the puzzle misses its target, pick one cell to flip
(fill or clear, whichever it is not) and re-solve. Only cells line logic leaves open are
flipped, and a cell is flipped at most once. The pick is made in two stages:

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
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from nonogen.generate.attempt import Costs, puzzle_of
from nonogen.generate.lines import (
    Search,
    State,
    flip,
    flipped_clues,
    replaced,
    search_seconds,
)
from nonogen.grid import Grid
from nonogen.solve import Status, Verdict, solve_puzzle
from nonogen.solve.board import Board
from nonogen.solve.propagate import propagate
from nonogen.solve.verdict import Cell

COST_FLOOR: Final = 0.1  # so a free flip still has to earn its place by settling cells
UNIQUE_CHECK_SECONDS: Final = 5.0
"""The complete solver's time per uniqueness check when probing or search are allowed."""


@dataclass(frozen=True)
class Flipped:
    """The outcome of the flip repair."""

    state: State
    flips: tuple[Cell, ...]
    solved: bool
    """Whether the puzzle met the target (line logic solves it, or it is proven unique)."""
    verdict: Verdict | None = None
    """The complete solver's last verdict (the unique target only)."""


def _estimate(state: State, cell: Cell, sweeps: int | None) -> int:
    """Cells still open after flipping ``cell``, continuing from the current board."""
    r, c = cell
    rows, cols = flipped_clues(state, cell)
    b = state.board
    keep_row, keep_col = ~(1 << c), ~(1 << r)
    board = Board(
        replaced(b.row_filled, r, b.row_filled[r] & keep_row),
        replaced(b.row_empty, r, b.row_empty[r] & keep_row),
        replaced(b.col_filled, c, b.col_filled[c] & keep_col),
        replaced(b.col_empty, c, b.col_empty[c] & keep_col),
    )
    after = propagate(rows, cols, board, dirty_rows={r}, dirty_cols={c}, max_sweeps=sweeps)
    assert after.board is not None  # known cells are true values of the flipped grid too
    return state.unknown + 1 - after.settled


def ranked(cells: list[Cell], costs: Costs, rng: np.random.Generator) -> list[Cell]:
    """Cells cheapest first, ties broken by the seeded generator."""
    jitter = rng.random(len(cells)) * 1e-9
    order = np.argsort(np.array([costs[cell] for cell in cells]) + jitter, kind="stable")
    return [cells[i] for i in order]


def _score(before: int, after: int, cost: float) -> float:
    return (before - after) / (cost + COST_FLOOR)


def _next_state(
    state: State, costs: Costs, fresh: npt.NDArray[np.bool_], how: Search
) -> tuple[Cell, State]:
    """The best flip among the fresh open cells, and the state it leads to."""
    rows, cols = np.nonzero(fresh)
    cells = ranked([(int(r), int(c)) for r, c in zip(rows, cols, strict=True)], costs, how.rng)
    if len(cells) > how.estimates:  # the cheapest half, and a seeded sample of the rest
        half = how.estimates // 2
        rest = how.rng.choice(len(cells) - half, size=how.estimates - half, replace=False)
        cells = cells[:half] + [cells[half + int(i)] for i in sorted(rest.tolist())]
    before = state.unknown
    bounds: list[tuple[float, int]] = []
    for i, cell in enumerate(cells):
        if bounds and time.perf_counter() >= how.deadline:
            break  # the best of the cells estimated so far
        bounds.append((_score(before, _estimate(state, cell, how.sweeps), float(costs[cell])), i))
    bounds.sort(key=lambda bound: (-bound[0], bound[1]))
    best: tuple[float, Cell, State] | None = None
    for bound, i in bounds[: how.candidates]:
        if best is not None and best[0] >= bound:
            break  # no cell left can beat it: an estimate never falls short of the truth
            # (exact without a sweep cap; with the easy target's cap it is a good heuristic)
        cell = cells[i]
        after = flip(state, cell, how.sweeps)
        score = _score(before, after.unknown, float(costs[cell]))
        if best is None or score > best[0]:
            best = (score, cell, after)
    assert best is not None
    return best[1], best[2]


def ambiguous(
    grid: Grid, givens: tuple[Cell, ...], seconds: float
) -> tuple[npt.NDArray[np.bool_] | None, Verdict]:
    """None when the complete solver proves the puzzle unique, else the cells where two
    solutions differ (all False when the solver ran out of time); and the verdict."""
    puzzle = puzzle_of(grid, givens)
    verdict = solve_puzzle(puzzle, max_solutions=2, timeout=max(0.1, seconds))
    if verdict.status is Status.UNIQUE:
        return None, verdict
    differ = np.zeros(grid.shape, dtype=np.bool_)
    for cell in verdict.differing():
        differ[cell] = True
    return differ, verdict


def flip_repair(
    state: State,
    costs: Costs,
    how: Search,
    *,
    max_flips: int,
    unique: bool = False,
    prune_until: float | None = None,
) -> Flipped:
    """Flip open cells until line logic solves the puzzle (or, with ``unique``, until the
    complete solver proves it unique), within the flip budget and the deadline; then undo the
    redundant flips until ``prune_until`` (the deadline unless given)."""
    flips: list[Cell] = []
    flipped = np.zeros(state.grid.shape, dtype=np.bool_)
    solved = state.unknown == 0
    verdict: Verdict | None = None
    while not solved and len(flips) < max_flips and time.perf_counter() < how.deadline:
        fresh = state.open_cells() & ~flipped  # flipping a cell back would undo a step
        if unique:
            left = search_seconds(state, how.deadline, UNIQUE_CHECK_SECONDS)
            if left <= 0:
                break
            differ, verdict = ambiguous(state.grid, state.givens, left)
            if differ is None:
                return Flipped(state, tuple(flips), True, verdict)
            if (fresh & differ).any():  # break the ambiguity the solver found
                fresh &= differ
        if not fresh.any():
            break
        cell, state = _next_state(state, costs, fresh, how)
        flipped[cell] = True
        flips.append(cell)
        how.moved(state, len(flips))
        solved = state.unknown == 0
    if solved and not unique:
        until = how.deadline if prune_until is None else prune_until
        state, flips = pruned(state, flips, costs, replace(how, deadline=until))
    return Flipped(state, tuple(flips), solved, verdict)


def pruned(state: State, flips: list[Cell], costs: Costs, how: Search) -> tuple[State, list[Cell]]:
    """Undo the flips the finished puzzle does not need: a later flip often makes an earlier
    one redundant. The dearest flips are tried first; each undo must keep line logic solving."""
    kept = list(flips)
    for cell in sorted(flips, key=lambda cell: -float(costs[cell])):
        if time.perf_counter() >= how.deadline:
            break
        undone = flip(state, cell, how.sweeps)
        if undone.unknown == 0:
            state = undone
            kept.remove(cell)
    return state, kept
