"""The colour solver against brute force on many random small puzzles: a benchmark to run.

    python -m bench.agree --puzzles 2000 --seed 1

Four in ten puzzles come from random goal grids (one solution at least); three in ten have one
or two clue changes (often no solution, found by the colour totals); three in ten take their
column clues from the goal with one or two pairs of cells swapped (the totals agree, so only
solving tells). For each, the solver's status must match the brute-force count (0 none,
1 unique, 2 or more multiple), every solution it returns must re-derive the clues, and a
unique solution must be the brute force's. Prints a summary on stdout and exits 1 on any
disagreement.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nonogen.clues import ColourGrid, grid_blocks
from nonogen.puzzle import Puzzle
from nonogen.solve import Status, Verdict, solve_puzzle
from tests.colour_brute import brute_solutions
from tests.colour_sample import mixed, perturbed, random_puzzle

_EXPECTED = {0: Status.NONE, 1: Status.UNIQUE, 2: Status.MULTIPLE}


@dataclass(frozen=True)
class Agreement:
    """Whether the solver and the brute force agree on one puzzle, and what they said."""

    agree: bool
    status: Status
    technique: str
    """The strongest technique the solver used: line, probing or search (empty: none)."""
    brute_count: int
    solver_seconds: float


def check_puzzle(puzzle: Puzzle, *, timeout: float = 30.0) -> Agreement:
    """The solver's verdict compared with the brute-force solutions (up to 2)."""
    brute = brute_solutions(puzzle, limit=2)
    verdict = solve_puzzle(puzzle, max_solutions=2, timeout=timeout)
    agree = verdict.status == _EXPECTED[len(brute)] and _solutions_agree(puzzle, verdict, brute)
    technique = str(verdict.techniques[-1]) if verdict.techniques else "totals"
    return Agreement(agree, verdict.status, technique, len(brute), verdict.seconds)


def _solutions_agree(puzzle: Puzzle, verdict: Verdict, brute: list[ColourGrid]) -> bool:
    """Every solver solution is distinct and re-derives the clues; a unique one is brute's."""
    keys = {grid.tobytes() for grid in verdict.solutions}
    if len(keys) != len(verdict.solutions):
        return False
    clues = (puzzle.row_blocks, puzzle.col_blocks)
    if any(grid_blocks(grid) != clues for grid in verdict.solutions):
        return False
    return verdict.status != Status.UNIQUE or keys == {grid.tobytes() for grid in brute}


def random_case(rng: np.random.Generator, *, max_side: int = 5) -> Puzzle:
    """One random small puzzle: from a random goal, or with its clues perturbed."""
    height, width = (int(n) for n in rng.integers(1, max_side + 1, size=2))
    colours = int(rng.integers(1, 4))
    density = float(rng.choice([0.2, 0.4, 0.6, 0.8]))
    puzzle = random_puzzle(rng, height, width, colours, density=density)
    kind = rng.random()
    if kind < 0.3:
        return perturbed(rng, puzzle, changes=int(rng.integers(1, 3)))
    if kind < 0.6 and puzzle.goal is not None:
        return mixed(rng, puzzle.goal, puzzle.palette, swaps=int(rng.integers(1, 3)))
    return puzzle


def run(puzzles: int, seed: int, *, max_side: int = 5) -> tuple[Counter[str], list[int]]:
    """Outcome counts (status / agree) and the indices of the puzzles that disagreed."""
    rng = np.random.default_rng(seed)
    counts: Counter[str] = Counter()
    failures: list[int] = []
    for i in range(puzzles):
        result = check_puzzle(random_case(rng, max_side=max_side))
        counts[str(result.status)] += 1
        counts["by " + result.technique] += 1
        if not result.agree:
            failures.append(i)
    return counts, failures


def main(argv: Sequence[str] | None = None) -> int:
    """Run the agreement check and print a summary; 0 when every puzzle agreed."""
    parser = argparse.ArgumentParser(prog="python -m bench.agree", description=__doc__)
    parser.add_argument("--puzzles", type=int, default=1000, help="random puzzles to check")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random puzzles")
    parser.add_argument("--max-side", type=int, default=5, help="largest width and height")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    counts, failures = run(args.puzzles, args.seed, max_side=args.max_side)
    seconds = time.perf_counter() - started
    by_status = ", ".join(f"{status} {n}" for status, n in sorted(counts.items()))
    print(
        f"{args.puzzles - len(failures)}/{args.puzzles} random colour puzzles agree with brute "
        f"force (seed {args.seed}, up to {args.max_side}x{args.max_side}, 1-3 colours; "
        f"{by_status}) in {seconds:.1f} s"
    )
    if failures:
        print(f"disagreeing puzzles (index): {failures[:20]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
