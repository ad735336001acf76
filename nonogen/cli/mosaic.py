"""``nonogen mosaic``: one big picture made into a set of puzzles, one per tile, and its PDF."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from nonogen.cli.making import Make, Page, Picture
from nonogen.cli.options import Json, usage
from nonogen.cli.progress import Ticker
from nonogen.cli.root import command, err
from nonogen.errors import OutputError
from nonogen.exits import ExitCode
from nonogen.formats import read_bytes, refuse_overwrites
from nonogen.pipeline import flag


@command
def mosaic(
    image: Annotated[
        str, typer.Argument(help="Picture file (PNG, JPEG, GIF, WebP, BMP, TIFF), or - for stdin.")
    ],
    picture: Picture,
    making: Make,
    page: Page,
    tiles: Annotated[
        str, typer.Option("--tiles", help="Tiles as COLUMNSxROWS, such as 3x2 (1 to 8 each).")
    ] = "2x2",
    tile_width: Annotated[
        int,
        typer.Option(
            "--tile-width",
            help="A tile's width in cells; the picture is tiles across times this wide.",
        ),
    ] = 25,
    output: Annotated[
        str,
        typer.Option(
            "--output", "-o", help="Folder for the tiles' puzzle files and the set's PDF."
        ),
    ] = "output",
    as_json: Json = False,
) -> None:
    """Make one big picture into a set of puzzles: converted once at the full size, cut into
    tiles (along empty rows and columns where it can), every tile unique and logic-only on
    its own. Writes FOLDER/NAME-r1c1.json and so on, one per tile, and FOLDER/NAME.pdf: a page
    per tile with a key of where it goes, then the assembled picture. --max-flips and
    --max-givens are per tile, --seconds for the whole set. Exit 1 if a tile missed.
    """
    from nonogen.pipeline.mosaic import MosaicOptions, make_mosaic, parse_tiles  # noqa: PLC0415
    from nonogen.pipeline.tileset import set_paths, write_set  # noqa: PLC0415  (reportlab)

    make = making.options(picture)
    with usage():
        across, down = parse_tiles(tiles)
        options = MosaicOptions(make, across, down, tile_width)
    layout = page.options()
    folder = Path(output)
    if folder.exists() and not folder.is_dir():  # found before the make, not after it
        raise OutputError(f"{folder}: cannot write the set there: it is a file, not a folder")
    title = "stdin" if image == "-" else Path(image).stem
    refuse_overwrites([image], {"-o": set_paths(folder, title, across, down)})
    data = read_bytes(image)
    with Ticker(make.seconds, shown=sys.stderr.isatty()) as ticker:
        made = make_mosaic(data, name=image, options=options, on_progress=ticker)
    written = write_set(made, folder, layout, force_small=page.force_small)
    for warning in (*(made.conversion.warnings if made.conversion else ()), *written.warnings):
        err(f"nonogen: warning: {warning}")
    if as_json:
        files = {"puzzles": [str(p) for p in written.puzzles], "pdf": str(written.pdf)}
        print(json.dumps({"version": 1, **files, "pages": written.pages, **made.record()}))
    else:
        print("\n".join(made.lines()))
        print(f"written: {len(written.puzzles)} puzzle files and {written.pdf} in {folder}")
    shortfall = made.shortfall()
    if shortfall is not None:
        err(f"nonogen: {shortfall.text(flag)} (every tile was written)")
        raise typer.Exit(ExitCode.NO)
