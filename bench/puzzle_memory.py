"""Peak memory of checking and fixing puzzles by size, under the memory budget.

    python -m bench.puzzle_memory [--sides 25,50,100,200,400] [--seconds 10] [--memory MB]

For each side, a random grid (half the cells filled, seeded: the hardest kind of puzzle to
settle) is written as a puzzle and as a drawn grid; then ``nonogen check`` (``--timeout``)
and ``nonogen fix`` (``--seconds``) run on it, each in a fresh process with the budget given
(default: the commands' own, 2048 MB). The figure is the process's peak resident set size,
read by a parent process of its own, with its exit status (3: stopped at the budget) and its
wall time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from nonogen.backends.memory import MEMORY_MB
from nonogen.formats import write_puzzle
from nonogen.generate import puzzle_of

PROBE = (
    "import resource, subprocess, sys; "
    "done = subprocess.run(sys.argv[1:], capture_output=True); "
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def peak(argv: list[str]) -> tuple[int, float, float]:
    """Exit status, peak RSS (MB) and wall seconds of a command."""
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True
    )
    code, kilobytes = out.stdout.split()
    return int(code), int(kilobytes) / 1024, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    """Print each command's peak memory, exit status and time by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", default="25,50,100,200,400")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--memory", type=int, default=MEMORY_MB)
    args = parser.parse_args(argv)
    print("command  side  exit  peak MB  seconds")
    with tempfile.TemporaryDirectory() as folder:
        for side in (int(s) for s in args.sides.split(",")):
            grid = np.random.default_rng(side).random((side, side)) < 0.5
            puzzle = Path(folder) / f"noise{side}.json"
            write_puzzle(puzzle_of(grid, ()), puzzle, "json")
            drawn = Path(folder) / f"noise{side}.txt"
            drawn.write_text("\n".join("".join("#" if v else "." for v in r) for r in grid))
            nonogen = [sys.executable, "-m", "nonogen"]
            budget = ["--memory", str(args.memory)]
            runs = {
                "check": [*nonogen, "check", str(puzzle), "--timeout", str(args.seconds)],
                "fix": [
                    *nonogen,
                    "fix",
                    str(drawn),
                    "-o",
                    str(Path(folder) / "fixed.json"),
                    "--seconds",
                    str(args.seconds),
                ],
            }
            for name, command in runs.items():
                code, mb, seconds = peak([*command, *budget])
                print(f"{name:<7} {side:>5} {code:>5} {mb:>8.0f} {seconds:>8.1f}", flush=True)
                print(
                    json.dumps(
                        {
                            "command": name,
                            "side": side,
                            "exit": code,
                            "peak_mb": round(mb),
                            "seconds": round(seconds, 2),
                            "memory": args.memory,
                        }
                    ),
                    file=sys.stderr,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
