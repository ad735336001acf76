"""Brute-force oracles for colour lines and tiny colour puzzles, independent of the solver.

They enumerate instead of reasoning: every colouring of a line whose derived clue is the
clue (``line_blocks``, so the separation rule is applied only by clue derivation), and, for a
grid, every choice of one such row per row whose columns derive the column clues. Slow on
purpose; meant for lines of up to ~10 cells and grids of up to ~5x5.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np

from nonogen.clues import ColourClue, ColourGrid, line_blocks
from nonogen.grid import UNKNOWN
from nonogen.puzzle import Puzzle
from nonogen.solve.colourline import LineValues


def _placements(clue: ColourClue, size: int, start: int, previous: int) -> Iterator[list[int]]:
    """Every line of ``size - start`` cells holding ``clue`` (placed after a block ``previous``)."""
    if not clue:
        yield [0] * (size - start)
        return
    (length, colour), rest = clue[0], clue[1:]
    first = start + (1 if colour == previous and start > 0 else 0)
    for s in range(first, size - length + 1):
        head = [0] * (s - start) + [colour] * length
        for tail in _placements(rest, size, s + length, colour):
            yield head + tail


def arrangements(clue: ColourClue, size: int) -> list[tuple[int, ...]]:
    """Every line of ``size`` colour indices whose clue is ``clue``, each checked by derivation."""
    out = [tuple(cells) for cells in _placements(clue, size, 0, 0)]
    # The enumeration may produce a line twice or a wrong one only by a bug: derivation checks.
    return sorted({cells for cells in out if line_blocks(cells) == clue})


def brute_line(clue: ColourClue, line: LineValues) -> LineValues | None:
    """The union of the arrangements fitting the line's possibilities, or None."""
    every = arrangements(clue, len(line))
    fits = [a for a in every if all(m >> c & 1 for m, c in zip(line, a, strict=True))]
    if not fits:
        return None
    return tuple(sum(1 << c for c in {a[i] for a in fits}) for i in range(len(line)))


def brute_solutions(puzzle: Puzzle, limit: int = 2) -> list[ColourGrid]:
    """Up to ``limit`` solutions: rows from their arrangements (those that keep the givens),
    columns kept to prefixes of theirs."""
    givens = puzzle.givens
    options = [
        [
            a
            for a in arrangements(clue, puzzle.width)
            if givens is None or all(g in (UNKNOWN, v) for g, v in zip(givens[r], a, strict=True))
        ]
        for r, clue in enumerate(puzzle.row_blocks)
    ]
    prefixes = [
        {a[:r] for a in arrangements(clue, puzzle.height) for r in range(puzzle.height + 1)}
        for clue in puzzle.col_blocks
    ]
    found: list[ColourGrid] = []

    def extend(rows: list[tuple[int, ...]]) -> None:
        """Try every arrangement of the next row whose columns stay prefixes."""
        if len(found) >= limit:
            return
        if len(rows) == puzzle.height:
            found.append(np.array(rows, dtype=np.uint8).reshape(puzzle.height, puzzle.width))
            return
        for row in options[len(rows)]:
            grown = [*rows, row]
            columns = zip(*grown, strict=True)
            if all(col in prefixes[c] for c, col in enumerate(columns)):
                extend(grown)

    extend([])
    return found


def every_colouring(size: int, colours: int) -> Iterator[tuple[int, ...]]:
    """Every line of ``size`` cells over ``colours`` indices (background included)."""
    return itertools.product(range(colours), repeat=size)
