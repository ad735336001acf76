"""``nonogen pdf``: one puzzle printed as a PDF page (its solution page with --solution)."""

from __future__ import annotations

from typing import Annotated

import typer

from nonogen.cli.making import Page
from nonogen.cli.options import Format, Output, Timeout
from nonogen.cli.root import command, err
from nonogen.errors import InputError
from nonogen.formats import refuse_overwrites, write_output
from nonogen.pipeline import print_ready
from nonogen.solve import DEFAULT_TIMEOUT, difficulty_label


@command
def pdf(
    puzzle: Annotated[str, typer.Argument(help="Puzzle file in any format nonogen reads, or -.")],
    output: Output,
    page: Page,
    solution: Annotated[
        bool, typer.Option("--solution", help="Add the solution page after the puzzle.")
    ] = False,
    solution_only: Annotated[
        bool, typer.Option("--solution-only", help="Only the solution page.")
    ] = False,
    number: Annotated[
        int, typer.Option("--number", min=1, help="Puzzle number printed on the page.")
    ] = 1,
    timeout: Timeout = DEFAULT_TIMEOUT,
    fmt: Format = None,
) -> None:
    """Print a puzzle as a PDF page with embedded fonts (its solution page too with
    --solution, alone with --solution-only).

    A colour puzzle prints each clue number on a box of its colour (black or white digits,
    whichever contrasts more), with a legend of the colours; the solution fills the cells.
    A puzzle too big to print legibly on the page is refused (exit 3) with the page size or
    split that would fit, unless --force-small.
    """
    from nonogen.pdf import (  # noqa: PLC0415  (reportlab only when printing)
        Entry,
        glyph_warnings,
        printed_texts,
        puzzle_pdf,
        require_legible,
        solution_pdf,
    )

    refuse_overwrites([puzzle], {"-o": output})
    layout = page.options()
    printable, verdict = print_ready(puzzle, fmt=fmt, timeout=timeout)
    if (solution or solution_only) and printable.goal is None:
        raise InputError(
            f"{puzzle}: the puzzle is {verdict.status}, so it has no one solution to print; "
            "drop --solution or fix the puzzle (nonogen check shows why)"
        )
    label = difficulty_label(verdict.difficulty)
    source = printable.meta.get("source")
    answer = source if isinstance(source, str) else ""
    entry = Entry(printable, printable.title, number, label, answer=answer)
    warnings = require_legible([entry], layout, force=page.force_small)
    for warning in warnings + glyph_warnings(printed_texts(entry), layout):
        err(f"nonogen: warning: {warning}")
    data = (
        solution_pdf(entry, options=layout)
        if solution_only
        else puzzle_pdf(entry, options=layout, solution=solution)
    )
    write_output(output, data)
    err(f"wrote {output} ({len(data)} bytes; puzzle {verdict.status}, {label or 'no difficulty'})")
