"""``nonogen fix``: a hand-made grid made unique and logic-only, as the web page's Fix it."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from nonogen.backends.memory import MEMORY_MB, memory_guard
from nonogen.cli.options import Format, Json, Memory, Output, WrittenFormat
from nonogen.cli.root import command
from nonogen.errors import UsageError
from nonogen.exits import ExitCode
from nonogen.formats import refuse_overwrites
from nonogen.pipeline import REPAIRS, fix_file, verdict_record
from nonogen.solve import MAX_TIMEOUT


@command
def fix(
    puzzle: Annotated[
        str,
        typer.Argument(
            help="A drawn grid: a text grid of # and ., or any puzzle file "
            "with its solution (- for stdin)."
        ),
    ],
    output: Output,
    to: WrittenFormat = None,
    fmt: Format = None,
    repair: Annotated[
        str,
        typer.Option(
            "--repair",
            help="flips (change cells), givens (reveal cells: the drawing stays exact) or "
            "auto (flips within --max-flips, then givens).",
        ),
    ] = "auto",
    max_flips: Annotated[
        int | None, typer.Option("--max-flips", min=0, help="Flip budget (default 5 % of cells).")
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", min=0.01, max=MAX_TIMEOUT, help="Time budget.")
    ] = 10.0,
    as_json: Json = False,
    memory: Memory = MEMORY_MB,
) -> None:
    """Fix a hand-made grid: the fewest flips or givens found that make its puzzle unique
    and solvable by logic alone, written to -o (with the changes recorded in its "fix").
    Exit 0 when fixed (or already fine), 1 when the budgets ran out (nothing written)."""
    if repair not in REPAIRS:
        raise UsageError(f"expected --repair to be one of {', '.join(REPAIRS)}, got {repair!r}")
    refuse_overwrites([puzzle], {"-o": output})
    with memory_guard(memory):
        done = fix_file(
            puzzle, output, to=to, fmt=fmt, mode=repair, seconds=seconds, max_flips=max_flips
        )
    if as_json:
        print(json.dumps({"version": 1, **done.record(), "verdict": verdict_record(done.verdict)}))
    else:
        print(f"{done.status}: {done.reason}")
        if str(done.status) != "failed" and output != "-":
            print(f"written: {output}")
    if str(done.status) == "failed":
        raise typer.Exit(ExitCode.NO)
