"""Hypothesis strategies and brute-force oracles for lines and small grids."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import strategies as st

from nonogen.clues import Clue, line_clue
from nonogen.grid import Grid


@st.composite
def partial_lines(draw: st.DrawFn, max_size: int = 12) -> tuple[Clue, int, int, int]:
    """(clue, size, filled, empty): a clue (from a real line or random) and some known cells."""
    size = draw(st.integers(1, max_size))
    cells = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    clue = line_clue(cells)
    if draw(st.booleans()):
        clue = tuple(draw(st.lists(st.integers(1, 4), max_size=4)))
    known = draw(st.lists(st.sampled_from("?#."), min_size=size, max_size=size))
    filled = sum(1 << i for i, ch in enumerate(known) if ch == "#")
    empty = sum(1 << i for i, ch in enumerate(known) if ch == ".")
    return clue, size, filled, empty


@st.composite
def grids(draw: st.DrawFn, max_side: int = 5) -> Grid:
    """A small random solved grid."""
    height = draw(st.integers(1, max_side))
    width = draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.3, 0.5, 0.7]))
    seed = draw(st.integers(0, 2**32 - 1))
    return np.random.default_rng(seed).random((height, width)) < density


def brute_line(clue: Clue, size: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The cells common to every arrangement, by enumerating all 2**size lines."""
    full = (1 << size) - 1
    always, never = full, full
    seen = False
    for mask in range(1 << size):
        if mask & empty or filled & ~mask:
            continue
        if line_clue(bool(mask >> i & 1) for i in range(size)) != clue:
            continue
        seen = True
        always &= mask
        never &= ~mask
    return (always, never & full) if seen else None


def line_arrangements(clue: Clue, size: int) -> list[int]:
    """Every line mask whose clue is ``clue``."""
    return [
        mask
        for mask in range(1 << size)
        if line_clue(bool(mask >> i & 1) for i in range(size)) == clue
    ]


def brute_solutions(rows: tuple[Clue, ...], cols: tuple[Clue, ...]) -> list[tuple[int, ...]]:
    """Every solution, as row masks, by trying each combination of row arrangements."""
    width = len(cols)
    options = [line_arrangements(clue, width) for clue in rows]
    found = []
    for combo in itertools.product(*options):
        ok = all(line_clue(bool(row >> c & 1) for row in combo) == cols[c] for c in range(width))
        if ok:
            found.append(tuple(combo))
    return found


@st.composite
def weighted_lines(draw: st.DrawFn) -> tuple[list[Clue], np.ndarray, np.ndarray]:
    """A few lines of one length: clues (from real lines or random), known cells, priors."""
    size = draw(st.integers(1, 9))
    count = draw(st.integers(1, 4))
    clues, known, prior = [], [], []
    for _ in range(count):
        cells = draw(st.lists(st.booleans(), min_size=size, max_size=size))
        clue = line_clue(cells)
        if draw(st.booleans()):
            clue = tuple(draw(st.lists(st.integers(1, 3), max_size=3)))
        clues.append(clue)
        known.append(draw(st.lists(st.sampled_from([-1, -1, 0, 1]), min_size=size, max_size=size)))
        prior.append(
            draw(st.lists(st.floats(0.01, 0.99), min_size=size, max_size=size)),
        )
    return clues, np.array(known, dtype=np.int8), np.array(prior)
