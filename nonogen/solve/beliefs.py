"""Beliefs: how likely each cell is filled, by belief propagation between rows and columns.

A SAT solver decides a variable by trying a value first; on puzzles like Knotty the value it
tries decides whether it finds a solution in a second or not in a minute. The beliefs give it
a good first value (its *phase*) for every cell and every block-start variable.

Each line computes, exactly, the probability that a cell is filled (and that block ``j``
starts at ``p``) over all arrangements of its clue that fit the known cells, each arrangement
weighted by the crossing lines' messages (a forward-backward count over (block, cell)
states). A line's message to a cell is that probability with the cell's prior divided out
(the extrinsic part); rows and columns exchange messages for a few damped rounds. All lines
of one direction are counted together, as numpy arrays of shape ``(lines, blocks, cells)``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nonogen.clues import Clue

Floats = npt.NDArray[np.float64]
Known = npt.NDArray[np.int8]
"""A partial grid or set of lines: 1 filled, 0 empty, -1 unknown."""

ROUNDS = 40
"""Rounds of row and column messages (Knotty needs about 10)."""
MAX_STATES = 4_000_000
"""Most (line, block, cell) states one direction may count (32 MB an array); a bigger puzzle
gets no beliefs."""
_STATES_PER_SECOND = 3e6
"""A cautious guess of the counting speed, before the first count measures it."""
_DAMPING = 0.5
_CLAMP = 1e-6


@dataclass(frozen=True)
class LineBeliefs:
    """What one direction's lines believe, given priors for their cells."""

    filled: Floats
    """(lines, cells): probability that the cell is filled."""
    starts: Floats
    """(lines, blocks, cells): probability that block j starts at the cell (0 past a clue)."""
    counted: npt.NDArray[np.bool_]
    """(lines,): False where no weighted arrangement fits (the line says nothing)."""


@dataclass(frozen=True)
class Beliefs:
    """Beliefs about a whole puzzle after the rounds of messages."""

    filled: Floats
    """(rows, cols): probability that the cell is filled, rows' and columns' views combined."""
    rows: LineBeliefs
    """The rows' view, with the columns' messages as priors."""
    cols: LineBeliefs
    """The columns' view (lines are columns, cells are rows), with the rows' messages."""


def _block_weights(lengths: npt.NDArray[np.int64], black: Floats, white: Floats) -> Floats:
    """(lines, blocks, cells): weight of block j on cells p..p+c-1 with cell p+c empty."""
    lines, n1 = black.shape
    n = n1 - 1
    zero = np.concatenate([np.zeros((lines, 1)), np.cumsum(black == 0, axis=1)], axis=1)
    logs = np.concatenate(
        [np.zeros((lines, 1)), np.cumsum(np.log(np.maximum(black, 1e-300)), axis=1)], axis=1
    )
    start = np.arange(n)[None, None, :]
    end = start + lengths[:, :, None]  # one past the block: the separating cell
    inside = end <= n
    end_c = np.minimum(end, n)
    rows = np.arange(lines)[:, None, None]
    clear = zero[rows, end_c] == zero[rows, start]
    weight = np.exp(logs[rows, end_c] - logs[rows, start]) * white[rows, end_c]
    return np.where(inside & clear & (lengths[:, :, None] > 0), weight, 0.0)


def line_beliefs(clues: tuple[Clue, ...], known: Known, prior: Floats) -> LineBeliefs:
    """Exact weighted marginals of lines of equal length (known, prior: (lines, cells))."""
    lines, n = known.shape
    k_max = max((len(c) for c in clues), default=0) or 1
    lengths = np.zeros((lines, k_max), dtype=np.int64)
    for i, clue in enumerate(clues):
        lengths[i, : len(clue)] = clue
    counts = np.array([len(c) for c in clues], dtype=np.int64)
    scale = np.maximum(prior, 1 - prior)  # keeps every factor <= 1
    black = np.where(known == 0, 0.0, prior / scale)
    white = np.where(known == 1, 0.0, (1 - prior) / scale)
    black = np.concatenate([black, np.zeros((lines, 1))], axis=1)  # cell n: virtual, empty
    white = np.concatenate([white, np.ones((lines, 1))], axis=1)
    weights = _block_weights(lengths, black, white)
    li = np.repeat(np.arange(lines), k_max)
    ji = np.tile(np.arange(k_max), lines)
    # state after block j placed at start i (and its separating cell), per (line, block), cell
    after_block = np.minimum(np.arange(n)[None, :] + lengths.ravel()[:, None] + 1, n + 1)
    # forward[l, j, i]: weight of the first i cells holding blocks 0..j-1, a block may start at i
    forward = np.zeros((lines, k_max + 1, n + 2))
    forward[:, 0, 0] = 1.0
    for i in range(n + 1):
        here = forward[:, :, i]
        forward[:, :, i + 1] += here * white[:, i, None]
        if i < n:
            forward[li, ji + 1, after_block[:, i]] += (here[:, :k_max] * weights[:, :, i]).ravel()
    backward = np.zeros((lines, k_max + 1, n + 2))
    backward[np.arange(lines), counts, n + 1] = 1.0
    for i in range(n, -1, -1):
        backward[:, :, i] = backward[:, :, i + 1] * white[:, i, None]
        if i < n:
            later = backward[li, ji + 1, after_block[:, i]].reshape(lines, k_max)
            backward[:, :k_max, i] += later * weights[:, :, i]
    total = backward[:, 0, 0]
    counted = np.isfinite(total) & (total > 0)
    safe = np.where(counted, total, 1.0)
    after = backward[li[:, None], ji[:, None] + 1, after_block]
    starts = forward[:, :k_max, :n] * weights * after.reshape(lines, k_max, n) / safe[:, None, None]
    starts = np.where(counted[:, None, None], starts, 0.0)
    cum = np.concatenate([np.zeros((lines, k_max, 1)), np.cumsum(starts, axis=2)], axis=2)
    cells = np.arange(n)[None, None, :]
    low = np.maximum(cells - lengths[:, :, None] + 1, 0)
    covered = np.take_along_axis(cum, np.broadcast_to(cells + 1, starts.shape), axis=2)
    covered = covered - np.take_along_axis(cum, low, axis=2)
    return LineBeliefs(covered.sum(axis=1), starts, counted)


def _states(clues: tuple[Clue, ...], size: int) -> int:
    """How many (line, block, cell) states counting these lines takes."""
    return len(clues) * (max((len(c) for c in clues), default=0) + 2) * (size + 2)


def _messages(view: LineBeliefs, prior: Floats, old: Floats) -> Floats:
    """The damped extrinsic messages of a direction's lines to their cells."""
    post = np.clip(view.filled, 1e-9, 1 - 1e-9)
    yes = post * (1 - prior)
    no = (1 - post) * prior
    fresh = np.clip(yes / (yes + no), _CLAMP, 1 - _CLAMP)
    fresh = np.where(view.counted[:, None], fresh, old)
    return _DAMPING * old + (1 - _DAMPING) * fresh


class _Clock:
    """Runs a direction's count only if it should end before the deadline (judged by the
    last count's duration: a count of a 200x200 grid takes most of a second)."""

    def __init__(self, deadline: float, states: int) -> None:
        self.deadline = deadline
        self.last = states / _STATES_PER_SECOND

    def count(self, clues: tuple[Clue, ...], known: Known, prior: Floats) -> LineBeliefs | None:
        """``line_beliefs``, or None if it would end past the deadline."""
        began = time.perf_counter()
        if began + self.last > self.deadline:
            return None
        view = line_beliefs(clues, known, prior)
        self.last = time.perf_counter() - began
        return view


def beliefs(
    rows: tuple[Clue, ...],
    cols: tuple[Clue, ...],
    known: Known,
    *,
    rounds: int = ROUNDS,
    deadline: float = math.inf,
) -> Beliefs | None:
    """Beliefs about every cell of a partial grid (``known``: (rows, cols)) after ``rounds``
    rounds; None if the puzzle is too big to count or the deadline passed first."""
    height, width = known.shape
    states = max(_states(rows, width), _states(cols, height))
    if states > MAX_STATES:
        return None
    from_rows = np.full((height, width), 0.5)
    from_cols = np.full((height, width), 0.5)
    clock = _Clock(deadline, states)
    for _ in range(rounds):
        view = clock.count(rows, known, from_cols)
        if view is None:
            return None
        from_rows = _messages(view, from_cols, from_rows)
        view = clock.count(cols, known.T, from_rows.T)
        if view is None:
            return None
        from_cols = _messages(view, from_rows.T, from_cols.T).T
    row_view = clock.count(rows, known, from_cols)
    col_view = clock.count(cols, known.T, from_rows.T)
    if row_view is None or col_view is None:
        return None
    yes = from_rows * from_cols
    no = (1 - from_rows) * (1 - from_cols)
    filled = np.where(known >= 0, known.astype(np.float64), yes / (yes + no))
    return Beliefs(filled, row_view, col_view)
