"""Beliefs: how likely each cell is filled, by belief propagation between rows and columns.

A SAT solver decides a variable by trying a value first; on puzzles like Knotty the value it
tries decides whether it finds a solution in a second or not in a minute. The beliefs give it
a good first value (its *phase*) for every cell and every block-start variable.

Each line computes, exactly, the probability that a cell is filled (and that block ``j``
starts at ``p``) over all arrangements of its clue that fit the known cells, each arrangement
weighted by the crossing lines' messages (a forward-backward count over (block, cell)
states). A line's message to a cell is that probability with the cell's prior divided out
(the extrinsic part); rows and columns exchange messages for a few damped rounds. All lines
of one direction are counted together: in the C core (``nonogen._native.line_beliefs``, line
by line), or by the reference here, as numpy arrays of shape ``(lines, blocks, cells)``
(``line_beliefs_py``, where no C core is built).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np
import numpy.typing as npt

from nonogen.clues import Clue
from nonogen.line import NATIVE

Floats = npt.NDArray[np.float64]
Known = npt.NDArray[np.int8]
"""A partial grid or set of lines: 1 filled, 0 empty, -1 unknown."""
Counting = Callable[[Known, Floats], "LineBeliefs"]
"""A direction's count: its lines' beliefs from their known cells and priors."""

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


@dataclass(frozen=True)
class Layout:
    """Where each (line, block, cell) state of a direction's lines lives in the flat arrays
    the count works on: what does not change from round to round, computed once."""

    lengths: npt.NDArray[np.int64]
    """(lines, blocks): the clue numbers, 0 past a line's clue."""
    counts: npt.NDArray[np.int64]
    """(lines,): blocks per line."""
    placeable: npt.NDArray[np.bool_]
    """(lines, blocks, cells): block j is a real block and fits in the line when it starts at
    the cell."""
    first: npt.NDArray[np.int64]
    """(lines, blocks, cells): flat index, in a (lines, cells + 1) array, of (line, cell)."""
    past: npt.NDArray[np.int64]
    """(lines, blocks, cells): flat index, in a (lines, cells + 1) array, of the cell just
    past the block started at the cell (the separating one; the virtual cell at the end)."""
    target: npt.NDArray[np.int64]
    """(cells, lines * blocks): flat index, in a (cells + 2, lines, blocks + 1) array, of the
    state after block j placed at the cell: block j + 1 may start past its separator."""
    ended: npt.NDArray[np.int64]
    """(lines, blocks, cells): flat index, in a (lines, cells + 1) array, of the first cell the
    block started at the cell no longer covers."""


def layout(clues: tuple[Clue, ...], size: int) -> Layout:
    """The layout of lines of ``size`` cells with these clues."""
    lines, n = len(clues), size
    k_max = max((len(c) for c in clues), default=0) or 1
    lengths = np.zeros((lines, k_max), dtype=np.int64)
    for i, clue in enumerate(clues):
        lengths[i, : len(clue)] = clue
    counts = np.array([len(c) for c in clues], dtype=np.int64)
    cells = np.arange(n)[None, None, :]
    line = np.arange(lines)[:, None, None] * (n + 1)
    end = cells + lengths[:, :, None]  # one past the block: the separating cell
    placeable = (end <= n) & (lengths[:, :, None] > 0)
    past = line + np.minimum(end, n)
    after = np.minimum(end + 1, n + 1)  # the state after the separator
    block = np.arange(lines)[:, None] * (k_max + 1) + np.arange(k_max)[None, :] + 1
    target = after * (lines * (k_max + 1)) + block[:, :, None]
    return Layout(
        lengths,
        counts,
        placeable,
        np.broadcast_to(line + cells, placeable.shape),
        past,
        np.ascontiguousarray(target.reshape(lines * k_max, n).T),
        line + np.minimum(end, n),
    )


def _block_weights(shape: Layout, black: Floats, white: Floats) -> Floats:
    """(lines, blocks, cells): weight of block j on cells p..p+c-1 with cell p+c empty."""
    lines = black.shape[0]
    zero = np.concatenate([np.zeros((lines, 1)), np.cumsum(black == 0, axis=1)], axis=1)
    logs = np.concatenate(
        [np.zeros((lines, 1)), np.cumsum(np.log(np.maximum(black, 1e-300)), axis=1)], axis=1
    )
    zero_at, logs_at = zero[:, :-1].ravel(), logs[:, :-1].ravel()  # (lines, cells + 1)
    clear = zero_at[shape.past] == zero_at[shape.first]
    weight = np.exp(logs_at[shape.past] - logs_at[shape.first]) * white.ravel()[shape.past]
    return np.where(shape.placeable & clear, weight, 0.0)


def _weights(known: Known, prior: Floats) -> tuple[Floats, Floats]:
    """(lines, cells + 1): each cell's weight filled and empty, scaled so that neither
    exceeds 1; a known cell's other value weighs 0; cell n is virtual and empty."""
    lines = known.shape[0]
    scale = np.maximum(prior, 1 - prior)  # keeps every factor <= 1
    black = np.where(known == 0, 0.0, prior / scale)
    white = np.where(known == 1, 0.0, (1 - prior) / scale)
    black = np.concatenate([black, np.zeros((lines, 1))], axis=1)
    white = np.concatenate([white, np.ones((lines, 1))], axis=1)
    return black, white


def line_beliefs(clues: tuple[Clue, ...], known: Known, prior: Floats) -> LineBeliefs:
    """Exact weighted marginals of lines of equal length (known, prior: (lines, cells)): the
    C core's count, or the reference (``line_beliefs_py``) where none is built."""
    if NATIVE is None:
        return line_beliefs_py(clues, known, prior)
    lines, n = known.shape
    k_max = max((len(c) for c in clues), default=0) or 1
    black, white = _weights(known, prior)
    starts = np.zeros((lines, k_max, n))
    filled = np.empty((lines, n))
    counted = np.zeros(lines, dtype=np.bool_)
    contiguous = np.ascontiguousarray  # a column's weights come from a transposed grid
    NATIVE.line_beliefs(
        clues, contiguous(black), contiguous(white), n, k_max, starts, filled, counted
    )
    return LineBeliefs(filled, starts, counted)


def line_beliefs_py(
    clues: tuple[Clue, ...], known: Known, prior: Floats, shape: Layout | None = None
) -> LineBeliefs:
    """``line_beliefs`` in numpy, the reference; ``shape`` is the lines' ``layout``, if
    already computed."""
    lines, n = known.shape
    shape = shape or layout(clues, n)
    k_max = shape.lengths.shape[1]
    black, white = _weights(known, prior)
    weights = _block_weights(shape, black, white)
    by_cell = np.ascontiguousarray(weights.transpose(2, 0, 1))
    blank = np.ascontiguousarray(white.T)[:, :, None]
    # forward[i, l, j]: weight of the first i cells holding blocks 0..j-1, a block may start at i
    forward = np.zeros((n + 2, lines, k_max + 1))
    forward[0, :, 0] = 1.0
    flat = forward.reshape(-1)
    for i in range(n + 1):
        forward[i + 1] += forward[i] * blank[i]
        if i < n:
            flat[shape.target[i]] += (forward[i, :, :k_max] * by_cell[i]).ravel()
    backward = np.zeros((n + 2, lines, k_max + 1))
    backward[n + 1, np.arange(lines), shape.counts] = 1.0
    back = backward.reshape(-1)
    for i in range(n, -1, -1):
        backward[i] = backward[i + 1] * blank[i]
        if i < n:
            later = back[shape.target[i]].reshape(lines, k_max)
            backward[i, :, :k_max] += later * by_cell[i]
    total = backward[0, :, 0]
    counted = np.isfinite(total) & (total > 0)
    safe = np.where(counted, total, 1.0)
    after = back[shape.target.T].reshape(lines, k_max, n)
    ahead = forward[:n, :, :k_max].transpose(1, 2, 0)
    starts = ahead * weights * after / safe[:, None, None]
    starts = np.where(counted[:, None, None], starts, 0.0)
    # a cell is filled by the blocks started at or before it, less those ended at or before it
    begun = np.cumsum(starts.sum(axis=1), axis=1)
    ends = np.bincount(shape.ended.ravel(), starts.ravel(), lines * (n + 1))
    done = np.cumsum(ends.reshape(lines, n + 1), axis=1)[:, :n]
    return LineBeliefs(np.clip(begun - done, 0.0, 1.0), starts, counted)


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

    def late(self) -> bool:
        """Whether a count started now would end past the deadline."""
        return time.perf_counter() + self.last > self.deadline

    def count(self, counting: Counting, known: Known, prior: Floats) -> LineBeliefs | None:
        """A direction's count, or None if it would end past the deadline."""
        if self.late():
            return None
        began = time.perf_counter()
        view = counting(known, prior)
        self.last = time.perf_counter() - began
        return view


def _countings(
    rows: tuple[Clue, ...], cols: tuple[Clue, ...], height: int, width: int
) -> tuple[Counting, Counting]:
    """The rows' count and the columns': the C core's, or the reference's, each direction's
    layout computed once (it costs about a count)."""
    if NATIVE is not None:
        return partial(line_beliefs, rows), partial(line_beliefs, cols)
    row_shape, col_shape = layout(rows, width), layout(cols, height)
    return (
        lambda known, prior: line_beliefs_py(rows, known, prior, row_shape),
        lambda known, prior: line_beliefs_py(cols, known, prior, col_shape),
    )


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
    if clock.late():  # before the layouts, which cost about a count
        return None
    count_rows, count_cols = _countings(rows, cols, height, width)
    for _ in range(rounds):
        view = clock.count(count_rows, known, from_cols)
        if view is None:
            return None
        from_rows = _messages(view, from_cols, from_rows)
        view = clock.count(count_cols, known.T, from_rows.T)
        if view is None:
            return None
        from_cols = _messages(view, from_rows.T, from_cols.T).T
    row_view = clock.count(count_rows, known, from_cols)
    col_view = clock.count(count_cols, known.T, from_rows.T)
    if row_view is None or col_view is None:
        return None
    yes = from_rows * from_cols
    no = (1 - from_rows) * (1 - from_cols)
    filled = np.where(known >= 0, known.astype(np.float64), yes / (yes + no))
    return Beliefs(filled, row_view, col_view)
