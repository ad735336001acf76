"""One line: (clue, partial line) -> the cells common to every arrangement, or a contradiction.

A line of ``size`` cells is two bitmasks, ``filled`` and ``empty`` (bit ``i`` is cell ``i``);
a cell in neither is unknown. ``solve_line`` is *complete*: it returns exactly the cells that
are filled in every arrangement of the clue consistent with the line, and exactly those empty
in every one, or ``None`` when no arrangement fits.

How (bit-parallel, no per-cell loop): for block ``j`` let ``L[j]`` be the starts at which
blocks ``0..j`` fit the prefix, computed left to right with shifts and one addition per block
(the carry of ``seeds + passable`` floods each seed to the end of its run of passable cells).
Running the same pass on the reversed line gives the starts at which blocks ``j..k-1`` fit the
suffix; their intersection is the set of starts block ``j`` takes in some full arrangement. A
cell can be filled iff some feasible block covers it; it can be empty iff it lies in a gap
reachable both from a feasible prefix on its left and a feasible suffix on its right.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Final, NamedTuple

from nonogen.clues import Clue

_built: ModuleType | None
try:
    from nonogen import _native as _built  # optional: built where a compiler is
except ImportError:
    _built = None

NATIVE: ModuleType | None = None if os.environ.get("NONOGEN_NATIVE", "1") == "0" else _built
"""The C core in use (``nonogen/_native.c``), or None where the pure-Python code below runs:
``NONOGEN_NATIVE=0`` asks for the reference, and a machine without a compiler at install
time has no core."""

LineMasks = tuple[int, int]
"""A partial line as ``(filled, empty)`` bitmasks."""


class Placements(NamedTuple):
    """Where each block of a clue can start in some arrangement consistent with a line."""

    starts: tuple[int, ...]
    """Per block, a bitmask of its feasible start cells."""
    can_empty: int
    """Bitmask of the cells that are empty in at least one arrangement."""


_BYTE_REVERSED = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def reverse_bits(mask: int, size: int) -> int:
    """The mask of a line of ``size`` cells read right to left."""
    nbytes = (size + 7) >> 3
    flipped = mask.to_bytes(nbytes, "big").translate(_BYTE_REVERSED)
    return int.from_bytes(flipped, "little") >> ((nbytes << 3) - size)


def flood(seeds: int, passable: int) -> int:
    """Cells p with a seed t <= p and every cell of [t, p) passable (carry flood, rightwards)."""
    return (((seeds & passable) + passable) ^ passable) | seeds


def runs_in(mask: int, length: int) -> int:
    """Cells s with cells s .. s+length-1 all in mask."""
    have = 1
    while have < length:
        step = min(have, length - have)
        mask &= mask >> step
        have += step
    return mask


class _Pass(NamedTuple):
    """One left-to-right pass, each per-block or per-gap mask packed at ``index * size``."""

    starts: int
    """Block j's starts that fit the prefix."""
    lasts: int
    """The same placements by their last cell."""
    gaps: int
    """Gap g's cells (g = 0 before block 0) that a fitting prefix can leave empty."""


def _forward(clue: Clue, size: int, filled: int, empty: int) -> _Pass | None:
    """Blocks placed left to right: where each can start given the prefix, or None."""
    full = (1 << size) - 1
    not_filled = full & ~filled
    not_start = full & ~(filled << 1)  # a block cannot start right after a filled cell
    runs = {1: full & ~empty}
    starts = lasts = 0
    gaps = flood(1, not_filled) & not_filled
    seeds = 1  # block 0 may start at cell 0
    offset = 0
    for run in clue:
        fits = runs.get(run)
        if fits is None:
            fits = runs[run] = runs_in(runs[1], run)
        # reach inlined: this loop is the hot path of the whole solver.
        block = (
            fits
            & not_start
            & ~(filled >> run)
            & ((((seeds & not_filled) + not_filled) ^ not_filled) | seeds)
        )
        if not block:
            return None
        starts |= block << offset
        lasts |= block << (offset + run - 1)
        seeds = block << run
        offset += size
        gaps |= (flood(seeds, not_filled) & not_filled) << offset
        seeds <<= 1
    return _Pass(starts, lasts, gaps)


def placements(clue: Clue, size: int, filled: int, empty: int) -> Placements | None:
    """Feasible starts of every block and the cells that can be empty, or None if none fit."""
    full = (1 << size) - 1
    if not clue:
        return None if filled else Placements((), full)
    ahead = _forward(clue, size, filled, empty)
    if ahead is None:
        return None
    back = _forward(clue[::-1], size, reverse_bits(filled, size), reverse_bits(empty, size))
    if back is None:
        return None
    k = len(clue)
    # Reversing a packed pass reverses the order of its segments too, so segment j of the
    # reversed back pass is block j (or gap j) seen from the right.
    both = ahead.starts & reverse_bits(back.lasts, k * size)
    if not both & full:
        return None
    gaps = ahead.gaps & reverse_bits(back.gaps, (k + 1) * size)
    can_empty = 0
    while gaps:
        can_empty |= gaps & full
        gaps >>= size
    return Placements(tuple(both >> (j * size) & full for j in range(k)), can_empty)


def line_starts(clue: Clue, size: int, filled: int, empty: int) -> tuple[int, ...] | None:
    """Per block, the starts it takes in some arrangement fitting the line (``placements``'
    starts), or None if none fits: in the C core for lines of up to 64 cells."""
    if NATIVE is not None and size <= NATIVE_WORD:
        starts: tuple[int, ...] | None = NATIVE.line_starts(clue, size, filled, empty)
        return starts
    found = placements(clue, size, filled, empty)
    return None if found is None else found.starts


NATIVE_WORD: Final = 64
"""The longest line the C core's ``line_starts`` takes (one machine word)."""


def spread(starts: int, length: int) -> int:
    """Cells covered by a block of ``length`` starting at any of ``starts``."""
    have = 1
    while have < length:
        step = min(have, length - have)
        starts |= starts << step
        have += step
    return starts


@lru_cache(maxsize=1 << 18)
def solve_line_py(clue: Clue, size: int, filled: int, empty: int) -> LineMasks | None:
    """The cells fixed in every arrangement of ``clue`` fitting the line, or None if none fits
    (the pure-Python reference of the C core's ``solve_line``)."""
    found = placements(clue, size, filled, empty)
    if found is None:
        return None
    can_fill = 0
    for run, starts in zip(clue, found.starts, strict=True):
        can_fill |= spread(starts, run)
    full = (1 << size) - 1
    return full & ~found.can_empty, full & ~can_fill


solve_line: Callable[[Clue, int, int, int], LineMasks | None] = (
    solve_line_py if NATIVE is None else NATIVE.solve_line
)
"""The cells fixed in every arrangement of ``clue`` fitting the line, or None if none fits:
the C core's where it is built, else the pure-Python reference (the same answers)."""
