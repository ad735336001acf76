"""The givens repair: reveal the fewest cells in the printed grid, so the picture stays exact
(both kinds, over ``nonogen.generate.kinds.Lines``).

Greedy: while line logic leaves cells open, reveal the open cell whose value settles the most
cells. Line logic's fixpoint from a board with givens is unique, so continuing propagation from
the current board with one more known cell is exactly what a fresh solve with that extra given
reaches: every estimate is exact, and cheap.

Most estimates survive a move unchanged. A cell's cascade reads only the lines it touches (its
own row and column, and the lines of every cell it settles); when none of those lines changed
in the last move, the same cascade runs again. So only the cells whose cascades touched a
changed line are estimated again, and the pick is still the true best. Ties go to a seeded
random order; on big grids only the first ``estimates`` open cells of a seeded permutation are
weighed.

Once line logic solves the puzzle, givens that later givens made redundant are dropped, the
earliest first, as long as line logic still solves it.
"""

from __future__ import annotations

from dataclasses import dataclass

from nonogen.generate.lines import AnyState, Search, revealed, settles_alone, solved_state
from nonogen.solve.verdict import Cell


@dataclass(frozen=True)
class _Gain:
    """What revealing one cell settles, and the lines its cascade read."""

    settled: int
    rows: int
    """Bitmask of the rows the cascade read."""
    cols: int
    """Bitmask of the columns the cascade read."""


def _gain(state: AnyState, cell: Cell, sweeps: int | None) -> _Gain:
    """Cells settled by revealing ``cell`` (itself included), and the lines that took."""
    if settles_alone(state, cell):
        return _Gain(1, 1 << cell[0], 1 << cell[1])
    after, unknown = revealed(state, cell, sweeps)
    rows, cols = state.lines.changed_lines(state.board, after)
    return _Gain(state.unknown - unknown, rows, cols)


def _pool(state: AnyState, order: list[Cell], size: int) -> list[Cell]:
    """The first ``size`` open cells in the seeded order."""
    pool: list[Cell] = []
    for cell in order:
        if state.is_open(cell):
            pool.append(cell)
            if len(pool) == size:
                break
    return pool


def _after(state: AnyState, cell: Cell, sweeps: int | None) -> AnyState:
    """The state with one more given."""
    givens = (*state.givens, cell)
    if sweeps is not None:  # a capped cascade is not a fresh capped solve: solve afresh
        return solved_state(state, state.grid, givens, sweeps)
    return state.with_board(givens, *revealed(state, cell, sweeps))


def reveal(state: AnyState, how: Search, *, max_givens: int) -> AnyState:
    """Reveal givens until line logic solves the puzzle, or a budget runs out."""
    keys = how.rng.random(state.grid.shape)
    order = [divmod(int(i), state.grid.shape[1]) for i in how.rng.permutation(state.grid.size)]
    cache: dict[Cell, _Gain] = {}
    while state.unknown and len(state.givens) < max_givens:
        if how.over():
            break
        pool = _pool(state, order, how.estimates)
        for cell in pool:
            if cell not in cache:
                if how.over():
                    break  # the best of the cells weighed so far
                cache[cell] = _gain(state, cell, how.sweeps)
        weighed = [cell for cell in pool if cell in cache]
        if not weighed:
            break
        cell = max(weighed, key=lambda cell: (cache[cell].settled, keys[cell]))
        after = _after(state, cell, how.sweeps)
        rows, cols = state.lines.changed_lines(state.board, after.board)
        cache = {k: g for k, g in cache.items() if not (g.rows & rows or g.cols & cols)}
        state = after
        how.moved(state, len(state.givens))
    return state


def prune(state: AnyState, how: Search) -> AnyState:
    """Drop the givens the finished puzzle does not need, the earliest first, as long as line
    logic still solves it. Without a sweep cap the last given is always needed: without it
    the puzzle was open (line logic is monotone in what it starts from)."""
    for cell in state.givens[:-1] if how.sweeps is None else state.givens:
        if how.over():
            break
        fewer = tuple(g for g in state.givens if g != cell)
        trial = solved_state(state, state.grid, fewer, how.sweeps)
        if trial.unknown == 0:
            state = trial
    return state
