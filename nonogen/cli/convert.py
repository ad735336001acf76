"""``nonogen convert``: a puzzle from one format to another."""

from __future__ import annotations

from typing import Annotated

import typer

from nonogen.cli.options import Format, Output, WrittenFormat
from nonogen.cli.root import command
from nonogen.formats import refuse_overwrites
from nonogen.pipeline import convert_file


@command
def convert(
    puzzle: Annotated[str, typer.Argument(help="Puzzle file, or - for stdin.")],
    output: Output,
    to: WrittenFormat = None,
    fmt: Format = None,
) -> None:
    """Convert a puzzle between the formats nonogen reads and writes (a colour puzzle: json
    or xml)."""
    refuse_overwrites([puzzle], {"-o": output})
    convert_file(puzzle, output, to=to, fmt=fmt)
