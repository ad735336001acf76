"""The change repair: give as few, and as cheap, cells another value as it takes for a good
puzzle (a black-and-white flip is the one-colour case).

Start from the picture's grid. While the puzzle misses its target, pick one move (an open
cell and another value its board allows or a neighbour has: black and white has one, the
flip) and re-solve. Only cells line logic leaves open are changed, and a cell is changed at
most once. The pick is made in two stages:

1. *Estimate* the moves (all of them, or on big grids the cheapest half of ``estimates``
   and a seeded sample of the rest): make the move, and continue line logic from the
   current board with only that cell forgotten (``lines.estimate``: an upper bound on what
   a fresh solve of the new clues settles, never a contradiction).
2. *Measure* the best estimates exactly, by solving their clues from scratch, best first,
   until the best measured score reaches the next estimate (no move left can beat it) or
   ``candidates`` were measured, and keep the move that settles the most cells per unit of
   cost (``costs[row, col, value]``, plus ``COST_FLOOR`` of the kind's cost unit).

Once line logic solves the puzzle, changes that later changes made redundant are undone, the
dearest first, as long as line logic still solves it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from nonogen.generate.kinds import Costs
from nonogen.generate.lines import AnyState, Search, estimate, moved, undone
from nonogen.solve import Status, Verdict, solve_puzzle
from nonogen.solve.verdict import Cell

COST_FLOOR: Final = 0.1
"""Added to every move's cost, in the kind's cost unit: a free move still has to earn its
place by settling cells."""
UNIQUE_CHECK_SECONDS: Final = 5.0
"""The complete solver's time per uniqueness check when probing or search are allowed."""


@dataclass(frozen=True)
class Flipped:
    """The outcome of the flip repair."""

    state: AnyState
    flips: tuple[Cell, ...]
    solved: bool
    """Whether the puzzle met the target (line logic solves it, or it is proven unique)."""
    verdict: Verdict | None = None
    """The complete solver's last verdict (the unique target only)."""


Move = tuple[Cell, int]
"""A move: a cell and the value it is given."""


def ranked(moves: list[Move], costs: Costs, rng: np.random.Generator) -> list[Move]:
    """Moves cheapest first, ties broken by the seeded generator."""
    jitter = rng.random(len(moves)) * 1e-9
    price = np.array([costs[(*cell, value)] for cell, value in moves])
    order = np.argsort(price + jitter, kind="stable")
    return [moves[i] for i in order]


def _moves(state: AnyState, fresh: npt.NDArray[np.bool_]) -> list[Move]:
    """Every move on the fresh cells, in row-major order."""
    rows, cols = np.nonzero(fresh)
    cells = [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]
    lines, grid, board = state.lines, state.grid, state.board
    return [(cell, value) for cell in cells for value in lines.alternatives(grid, board, cell)]


def _score(before: int, after: int, cost: float, unit: float) -> float:
    return (before - after) / (cost + COST_FLOOR * unit)


def _next_state(
    state: AnyState, costs: Costs, fresh: npt.NDArray[np.bool_], how: Search
) -> tuple[Cell, AnyState]:
    """The best move on the fresh open cells, and the state it leads to."""
    moves = ranked(_moves(state, fresh), costs, how.rng)
    if len(moves) > how.estimates:  # the cheapest half, and a seeded sample of the rest
        half = how.estimates // 2
        rest = how.rng.choice(len(moves) - half, size=how.estimates - half, replace=False)
        moves = moves[:half] + [moves[half + int(i)] for i in sorted(rest.tolist())]
    before, unit = state.unknown, state.lines.cost_unit
    bounds: list[tuple[float, int]] = []
    for i, (cell, value) in enumerate(moves):
        if bounds and how.over():
            break  # the best of the moves estimated so far
        after = estimate(state, cell, value, how.sweeps)
        bounds.append((_score(before, after, float(costs[(*cell, value)]), unit), i))
    bounds.sort(key=lambda bound: (-bound[0], bound[1]))
    best: tuple[float, Cell, AnyState] | None = None
    for bound, i in bounds[: how.candidates]:
        if best is not None and best[0] >= bound:
            break  # no move left can beat it: an estimate never falls short of the truth
            # (exact without a sweep cap; with the easy target's cap it is a good heuristic)
        cell, value = moves[i]
        after_state = moved(state, cell, value, how.sweeps)
        score = _score(before, after_state.unknown, float(costs[(*cell, value)]), unit)
        if best is None or score > best[0]:
            best = (score, cell, after_state)
    assert best is not None
    return best[1], best[2]


def ambiguous(state: AnyState, seconds: float) -> tuple[npt.NDArray[np.bool_] | None, Verdict]:
    """None when the complete solver proves the puzzle unique, else the cells where two
    solutions differ (all False when the solver ran out of time); and the verdict."""
    verdict = solve_puzzle(state.puzzle(), max_solutions=2, timeout=max(0.1, seconds))
    if verdict.status is Status.UNIQUE:
        return None, verdict
    differ = np.zeros(state.grid.shape, dtype=np.bool_)
    for cell in verdict.differing():
        differ[cell] = True
    return differ, verdict


def flip_repair(
    state: AnyState,
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
    while not solved and len(flips) < max_flips and not how.over():
        fresh = state.open_cells() & ~flipped  # flipping a cell back would undo a step
        if unique:
            left = how.left(state, UNIQUE_CHECK_SECONDS)
            if left <= 0:
                break
            differ, verdict = ambiguous(state, left)
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


def pruned(
    state: AnyState, flips: list[Cell], costs: Costs, how: Search
) -> tuple[AnyState, list[Cell]]:
    """Undo the changes the finished puzzle does not need: a later change often makes an
    earlier one redundant. The dearest are tried first; each undo must keep line logic
    solving."""
    kept = list(flips)
    for cell in sorted(flips, key=lambda cell: -move_cost(state, costs, cell)):
        if how.over():
            break
        back = undone(state, cell, how.sweeps)
        if back.unknown == 0:
            state = back
            kept.remove(cell)
    return state, kept


def move_cost(state: AnyState, costs: Costs, cell: Cell) -> float:
    """What the cell's value in the state costs (0 when it is the source grid's)."""
    return float(costs[(*cell, int(state.grid[cell]))])
