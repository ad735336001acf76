"""Time hints: ``next_step`` from an empty grid, applying each step, on corpus puzzles.

    python bench/hints.py [CORPUS] [--puzzles 20] [--steps 6] [--seconds 5]

CORPUS is the shared corpus folder (default ``../shared/corpus``). The first puzzles of its
``survey`` and ``classic`` sets are read; for each, up to ``--steps`` hints are asked from the
empty grid, each step applied before the next. Printed: hints asked, their total time and
milliseconds a hint. Compare two commits by running it in each (the figures vary by about
15 % between runs on a busy machine).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from nonogen.formats.files import read_puzzle
from nonogen.grid import UNKNOWN
from nonogen.solve.hint import HintStatus, next_step


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", nargs="?", default="../shared/corpus", type=Path)
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    half = args.puzzles // 2
    files = [
        *sorted((args.corpus / "survey").glob("*.json"))[: args.puzzles - half],
        *sorted((args.corpus / "classic").glob("*.json"))[:half],
    ]
    total, asked = 0.0, 0
    for path in files:
        puzzle = read_puzzle(path)
        grid = np.full((puzzle.height, puzzle.width), UNKNOWN, np.int8)
        for _ in range(args.steps):
            started = time.perf_counter()
            hint = next_step(puzzle, grid, seconds=args.seconds)
            total += time.perf_counter() - started
            asked += 1
            if hint.status is not HintStatus.STEP:
                break
            for r, c, value in hint.cells:
                grid[r, c] = value
    print(
        f"{len(files)} puzzles, {asked} hints, {total:.2f} s, {1000 * total / asked:.1f} ms a hint"
    )


if __name__ == "__main__":
    main()
