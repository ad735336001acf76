"""``nonogen check``: many puzzles validated, a table or JSON Lines, and one exit code."""

from __future__ import annotations

import functools
import json
import sys
from typing import Annotated

import typer

from nonogen.backends.memory import MEMORY_MB, memory_guard
from nonogen.cli.options import Bulk, Format, Jobs, Json, MaxSolutions, Memory, Timeout
from nonogen.cli.progress import backend, meter
from nonogen.cli.root import command, err
from nonogen.pipeline import CHECK_HEADER, CheckTally, SolveOptions, check_paths, tallied
from nonogen.solve import DEFAULT_TIMEOUT, Status, explain


@command
def check(
    paths: Annotated[
        list[str], typer.Argument(help="Puzzle files, folders or globs (- for stdin).")
    ],
    bulk: Bulk,
    fmt: Format = None,
    timeout: Timeout = DEFAULT_TIMEOUT,
    max_solutions: MaxSolutions = 2,
    require_logic: Annotated[
        bool, typer.Option("--require-logic", help="Also require every puzzle to be line-solvable.")
    ] = False,
    jobs: Jobs = 1,
    as_json: Json = False,
    explain_unknown: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="For a puzzle not settled (unknown), print on stderr what the solver tried and "
            "how far it got: cells known by line logic and probing, search decisions and "
            "conflicts.",
        ),
    ] = False,
    memory: Memory = MEMORY_MB,
) -> None:
    """Validate puzzles: unique or not, line-solvable or not, how hard, how long.

    Exit 0 when every puzzle is unique (and line-solvable with --require-logic), 1 otherwise,
    3 when an input could not be read.
    """
    where = backend(jobs, bulk.scheduler)
    tally = CheckTally(require_logic=require_logic)
    if not as_json:
        print(CHECK_HEADER)
    # A bar only when the rows go elsewhere: rows on the terminal are progress enough.
    shown = meter(
        bar=sys.stderr.isatty() and not sys.stdout.isatty(), json_lines=bulk.progress_json
    )
    progress = None if shown is None else functools.partial(shown, "check")
    options = SolveOptions(max_solutions, timeout)
    with memory_guard(memory):
        for checked in check_paths(
            paths, fmt=fmt, options=options, backend=where, on_progress=progress
        ):
            print(json.dumps(checked.record()) if as_json else checked.line(), flush=True)
            verdict = checked.verdict
            if explain_unknown and verdict is not None and verdict.status is Status.UNKNOWN:
                for sentence in explain(verdict):
                    err(f"{checked.label}: {sentence}")
            tallied(tally, checked)
    err(tally.line())
    raise typer.Exit(tally.exit_code)
