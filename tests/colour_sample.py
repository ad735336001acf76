"""Random colour puzzles for tests and benchmarks: random goals and perturbed clues.

Randomness comes in as a ``numpy.random.Generator``; nothing here is used by the solver.
"""

from __future__ import annotations

import numpy as np

from nonogen.clues import ColourClue, ColourGrid, blocks_min_length, grid_blocks
from nonogen.palette import Palette, plain_palette
from nonogen.puzzle import Puzzle, puzzle_from_blocks, puzzle_from_grid


def random_goal(
    rng: np.random.Generator, height: int, width: int, colours: int, *, density: float = 0.6
) -> ColourGrid:
    """A ``(height, width)`` grid: each cell a random colour 1..colours with ``density``."""
    filled = rng.random((height, width)) < density
    picks = rng.integers(1, colours + 1, size=(height, width))
    return np.where(filled, picks, 0).astype(np.uint8)


def random_puzzle(
    rng: np.random.Generator, height: int, width: int, colours: int, *, density: float = 0.6
) -> Puzzle:
    """The puzzle of a random goal grid (which is one of its solutions)."""
    goal = random_goal(rng, height, width, colours, density=density)
    return puzzle_from_grid(goal, plain_palette(colours), meta={"title": "random"})


def _perturb_clue(rng: np.random.Generator, clue: ColourClue, colours: int) -> ColourClue:
    """The clue with one random change: a block recoloured, lengthened, shortened, added or
    dropped (the result may be any valid clue, or the same)."""
    blocks = list(clue)
    kind = int(rng.integers(0, 5))
    if not blocks or kind == 0:
        where = int(rng.integers(0, len(blocks) + 1))
        blocks.insert(where, (1, int(rng.integers(1, colours + 1))))
        return tuple(blocks)
    i = int(rng.integers(0, len(blocks)))
    length, colour = blocks[i]
    if kind == 1:
        blocks[i] = (length, int(rng.integers(1, colours + 1)))
    elif kind == 2:
        blocks[i] = (length + 1, colour)
    elif kind == 3 and length > 1:
        blocks[i] = (length - 1, colour)
    else:
        del blocks[i]
    return tuple(blocks)


def perturbed(rng: np.random.Generator, puzzle: Puzzle, *, changes: int = 1) -> Puzzle:
    """The puzzle with ``changes`` random clue changes (each kept only if it still fits its
    line), without its goal: it may have no, one or several solutions."""
    rows, cols = list(puzzle.row_blocks), list(puzzle.col_blocks)
    colours = puzzle.palette.size - 1
    for _ in range(changes):
        lines, size = (rows, puzzle.width) if rng.random() < 0.5 else (cols, puzzle.height)
        i = int(rng.integers(0, len(lines)))
        clue = _perturb_clue(rng, lines[i], colours)
        if blocks_min_length(clue) <= size:
            lines[i] = clue
    meta = {"title": "perturbed"}
    return puzzle_from_blocks(rows, cols, puzzle.palette, meta=meta)


def mixed(
    rng: np.random.Generator, goal: ColourGrid, palette: Palette, *, swaps: int = 1
) -> Puzzle:
    """Row clues from ``goal``, column clues from ``goal`` with ``swaps`` random pairs of cells
    swapped: the colour totals still agree, so only real solving can tell whether it has a
    solution."""
    other = np.array(goal, dtype=np.uint8, copy=True)
    height, width = other.shape
    for _ in range(swaps):
        a = (int(rng.integers(0, height)), int(rng.integers(0, width)))
        b = (int(rng.integers(0, height)), int(rng.integers(0, width)))
        other[a], other[b] = other[b], other[a]
    rows, _ = grid_blocks(goal)
    _, cols = grid_blocks(other)
    return puzzle_from_blocks(rows, cols, palette, meta={"title": "mixed"})
