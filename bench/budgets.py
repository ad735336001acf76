"""How closely time budgets hold: the complete solver's ``timeout`` on grids it cannot settle
in time, and the generator's ``seconds`` on pictures whose repair runs long.

    python -m bench.budgets [--budgets 0.5,1,2] [--sides 60,80,100] [--json]

Every case is timed around the library call (interpreter start and the first make's imports
excluded: one make runs first, untimed) and its overrun is ``spent / budget``. Every budget
holds within 10 %: exit 1 when a case spent more than 1.10 x its budget (a solve that settled
early cannot overrun; every make counts). Run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from itertools import chain
from pathlib import Path

import numpy as np

from nonogen.image.options import PictureOptions
from nonogen.pipeline import MakeOptions, make_puzzle
from nonogen.puzzle import puzzle_from_grid
from nonogen.solve import Status, solve_puzzle

HARD = Path(__file__).resolve().parent.parent / "samples" / "hard"
TOLERANCE = 1.10
"""The most a budget may be overrun by: 10 %."""


@dataclass(frozen=True)
class Case:
    """One timed call: what it was, its budget, the seconds it spent, whether it ran out."""

    case: str
    budget: float
    spent: float
    ran_out: bool
    """Whether it used its whole budget (a make always counts: its budget is a limit)."""

    @property
    def ratio(self) -> float:
        """Seconds spent per second of budget."""
        return self.spent / self.budget


def solver_cases(sides: list[int], budgets: list[float]) -> Iterator[Case]:
    """The complete solver on half-filled random grids (the hardest kind: rarely settled)."""
    for side in sides:
        puzzle = puzzle_from_grid(np.random.default_rng(side).random((side, side)) < 0.5)
        for budget in budgets:
            began = time.perf_counter()
            verdict = solve_puzzle(puzzle, timeout=budget)
            spent = time.perf_counter() - began
            ran_out = verdict.status is Status.UNKNOWN
            yield Case(f"solve {side}x{side}", budget, spent, ran_out)


def make_cases(budgets: list[float]) -> Iterator[Case]:
    """The generator on the pictures of samples/hard (textures, no subject: made anyway) at
    60 wide, search not allowed: their repair runs long."""
    warm = MakeOptions(picture=PictureOptions(width=20, force=True), seconds=5)
    make_puzzle(next(HARD.glob("*.png")).read_bytes(), name="warm-up", options=warm)
    for path in sorted(HARD.glob("*.png")):
        for budget in budgets:
            options = MakeOptions(picture=PictureOptions(width=60, force=True), seconds=budget)
            began = time.perf_counter()
            make_puzzle(path.read_bytes(), name=str(path), options=options)
            spent = time.perf_counter() - began
            yield Case(f"make {path.name} -w 60", budget, spent, ran_out=True)


def main(argv: list[str] | None = None) -> int:
    """Run every case; print a table (or JSON Lines) and exit 1 on an overrun."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", default="0.5,1,2", help="Budgets in seconds, comma-separated.")
    parser.add_argument("--sides", default="60,80,100", help="Random grid sides for the solver.")
    parser.add_argument("--json", action="store_true", help="Print JSON Lines.")
    args = parser.parse_args(argv)
    budgets = [float(b) for b in args.budgets.split(",")]
    sides = [int(s) for s in args.sides.split(",")]
    worst, over = 0.0, 0
    for case in chain(solver_cases(sides, budgets), make_cases(budgets)):
        if case.ran_out:
            worst = max(worst, case.ratio)
            over += case.ratio > TOLERANCE
        if args.json:
            record = {**asdict(case), "spent": round(case.spent, 3), "ratio": round(case.ratio, 3)}
            print(json.dumps(record))
        else:
            state = "counted" if case.ran_out else "settled early"
            timing = f"budget {case.budget:>4} s  spent {case.spent:6.3f} s  x{case.ratio:5.3f}"
            print(f"{case.case:<28} {timing}  {state}", flush=True)
    print(f"worst overrun x{worst:.3f} of the cases counted; {over} over x{TOLERANCE}")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
