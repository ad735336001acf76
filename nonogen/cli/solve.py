"""``nonogen solve``: one puzzle's solution and verdict."""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated

import typer

from nonogen.backends.memory import MEMORY_MB, memory_guard
from nonogen.cli.options import Format, Json, MaxSolutions, Memory, Timeout
from nonogen.cli.root import command
from nonogen.exits import ExitCode
from nonogen.pipeline import SolveOptions, solve_file, terminal_rows, verdict_record
from nonogen.solve import DEFAULT_TIMEOUT, Status, Verdict


def ansi() -> bool:
    """Whether stdout takes colour: a terminal, and NO_COLOR unset or empty (no-color.org)."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def verdict_lines(verdict: Verdict) -> list[str]:
    """The human summary of a verdict."""
    line = {True: "yes", False: "no", None: "unknown"}[verdict.line_solvable]
    lines = [
        f"status: {verdict.status}",
        f"line-solvable: {line}",
        f"techniques: {', '.join(verdict.techniques) or '-'}",
        f"difficulty: {'-' if verdict.difficulty is None else verdict.difficulty} {verdict.tier}",
        f"reason: {verdict.reason}",
        f"seconds: {verdict.seconds:.3f}",
    ]
    if len(verdict.solutions) >= 2:
        cells = " ".join(f"({r + 1},{c + 1})" for r, c in verdict.differing())
        lines.append(f"differing cells (row,col): {cells}")
    return lines


@command
def solve(
    puzzle: Annotated[str, typer.Argument(help="Puzzle file, or - for stdin.")],
    fmt: Format = None,
    timeout: Timeout = DEFAULT_TIMEOUT,
    max_solutions: MaxSolutions = 2,
    as_json: Json = False,
    memory: Memory = MEMORY_MB,
) -> None:
    """Solve a puzzle: print its solution and the verdict. Exit 0 if unique, 1 if not."""
    with memory_guard(memory):
        found, verdict = solve_file(puzzle, fmt=fmt, options=SolveOptions(max_solutions, timeout))
    if as_json:
        record = {"version": 1, "file": puzzle, "width": found.width, "height": found.height}
        print(json.dumps({**record, **verdict_record(verdict, found)}))
    else:
        for i, grid in enumerate(verdict.solutions[:2]):
            if i:
                print()
            print("\n".join(terminal_rows(found, grid, ansi=ansi())))
        if verdict.solutions:
            print()
        print("\n".join(verdict_lines(verdict)))
    raise typer.Exit(ExitCode.OK if verdict.status is Status.UNIQUE else ExitCode.NO)
