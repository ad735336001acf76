"""``nonogen make``: a picture made into a puzzle file, its clues and a summary."""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from nonogen.cli.making import Make, Picture
from nonogen.cli.options import Json
from nonogen.cli.progress import Ticker
from nonogen.cli.root import command, err
from nonogen.errors import OutputError
from nonogen.exits import ExitCode
from nonogen.formats import (
    make_folder,
    read_bytes,
    refuse_overwrites,
    write_atomic,
    write_puzzle,
)
from nonogen.pipeline import flag

if TYPE_CHECKING:
    from nonogen.pipeline import Made


@command
def make(
    image: Annotated[
        str,
        typer.Argument(
            help="Picture file (PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC/HEIF, AVIF), or - for stdin."
        ),
    ],
    picture: Picture,
    making: Make,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Puzzle JSON (default output/NAME.json).")
    ] = None,
    png: Annotated[
        bool, typer.Option("--png", help="Also write a PNG preview beside the JSON.")
    ] = False,
    show_solution: Annotated[
        bool,
        typer.Option("--show-solution", help="Print the solution too (default: clues only)."),
    ] = False,
    title: Annotated[
        str,
        typer.Option(
            "--title",
            help="The puzzle's title, printed on its page (default: none, so that nothing "
            "gives the answer away; the picture's name is kept as its source).",
        ),
    ] = "",
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            "-v",
            help="Also print the internals: flip cost, fill, and the conversion chosen with "
            "its score among the candidates.",
        ),
    ] = False,
    as_json: Json = False,
) -> None:
    """Turn a picture into a unique puzzle that logic alone solves; print its clues and a
    summary (a progress line on a terminal meanwhile). Exit 1 if the budget ran out."""
    options = replace(making.options(picture), title=title)
    stem = Path(image).stem if image != "-" else "stdin"
    target = Path(output or Path("output") / f"{stem}.json")
    if output is None:  # the default folder is ours to create; a folder given must exist
        make_folder(target.parent, "the output folder")
    elif not target.parent.is_dir():  # found before the make, not after it
        raise OutputError(f"{target}: cannot write the file: no folder {target.parent}")
    preview = target.with_suffix(".png") if png else None
    refuse_overwrites([image], {"-o": target, "the preview (--png)": preview})
    data = read_bytes(image)  # an endless or huge input is refused before the picture stack loads
    from nonogen.pipeline.picture import make_puzzle  # noqa: PLC0415  (the picture stack)

    with Ticker(options.seconds, shown=sys.stderr.isatty()) as ticker:
        made = make_puzzle(data, name=image, options=options, on_progress=ticker)
    if preview is not None:
        write_atomic(preview, made.preview())
    write_puzzle(made.puzzle, target, "json")
    summary = {"version": 1, "output": str(target), **made.record()}
    summary["preview"] = None if preview is None else str(preview)
    for warning in made.conversion.warnings if made.conversion else ():
        err(f"nonogen: warning: {warning}")
    if "time_budget" in made.puzzle.meta:
        err(f"nonogen: warning: {made.puzzle.meta['time_budget']}")
    # With -o - the puzzle is stdout's data: the report goes to stderr instead.
    report = sys.stderr if output == "-" else sys.stdout
    if as_json:
        print(json.dumps(summary), file=report)
    else:
        print(_board(made, show_solution), end="", file=report)
        print("\n".join(made.lines(verbose=verbose)), file=report)
        print(f"written: {target}" + (f", {preview}" if preview else ""), file=report)
    shortfall = made.shortfall()
    if shortfall is not None:
        err(f"nonogen: {shortfall.text(flag)} (the best attempt was written)")
        raise typer.Exit(ExitCode.NO)


def _board(made: Made, show_solution: bool) -> str:
    """The puzzle as text (a colour puzzle: its solution when asked), or a note when a
    terminal is too narrow for it (a file or pipe always gets it)."""
    text = made.board(show_solution=show_solution)
    if sys.stdout.isatty():
        columns = shutil.get_terminal_size().columns
        widest = max(map(len, text.splitlines()), default=0)
        if widest > columns:
            return (
                f"(the {made.puzzle.width}x{made.puzzle.height} clues are {widest} characters "
                f"wide, wider than this terminal's {columns}; they are in the JSON, and "
                "nonogen pdf prints them)\n"
            )
    return text
