"""A mosaic written out as a set: one puzzle file per tile (``NAME-r1c2.json``, its metadata
saying the set, the tile's place and the full size) and the set's PDF, a page per tile with
its key, then the assembled picture."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nonogen.errors import LimitError, OutputError
from nonogen.formats import write_atomic, write_puzzle
from nonogen.pipeline.mosaic import Mosaic, Tile
from nonogen.solve import difficulty_label

if TYPE_CHECKING:
    from nonogen.pdf import Entry, PageOptions
    from nonogen.pdf.mosaic import Cuts, Piece


@dataclass(frozen=True)
class TileSet:
    """The files a mosaic was written to."""

    puzzles: tuple[Path, ...]
    """One puzzle file per tile, row by row."""
    pdf: Path
    """The set's PDF."""
    pages: int
    """Pages of the PDF: one per tile and the solutions page."""
    warnings: tuple[str, ...] = ()
    """What may print badly: characters no font has, tiles forced through too small."""


def tile_path(folder: Path, title: str, tile: Tile) -> Path:
    """Where a tile's puzzle file goes: ``FOLDER/NAME-r1c2.json``."""
    return folder / f"{title}-{tile.name}.json"


def tile_entry(tile: Tile, number: int) -> Entry:
    """A tile as the PDF prints it: its puzzle, title, number and difficulty."""
    from nonogen.pdf import Entry  # noqa: PLC0415  (reportlab only when printing)

    puzzle = tile.made.puzzle
    return Entry(puzzle, puzzle.title, number, difficulty_label(tile.made.verdict.difficulty))


def pieces(mosaic: Mosaic) -> list[Piece]:
    """Every tile as printed, numbered row by row, with its place."""
    from nonogen.pdf.mosaic import Piece  # noqa: PLC0415

    return [Piece(tile_entry(t, n), t.row, t.col) for n, t in enumerate(mosaic.tiles, 1)]


def cuts_of(mosaic: Mosaic) -> Cuts:
    """The tiles' edges as the PDF draws them."""
    from nonogen.pdf.mosaic import Cuts  # noqa: PLC0415

    return Cuts(mosaic.row_cuts, mosaic.col_cuts)


def set_pdf(
    mosaic: Mosaic, page: PageOptions, *, force_small: bool = False
) -> tuple[bytes, list[str]]:
    """The set's PDF and its warnings; LimitError when a tile would print too small to read
    above its key (with ``force_small``: printed, with a warning)."""
    from nonogen.pdf import entry_texts, glyph_warnings  # noqa: PLC0415
    from nonogen.pdf.mosaic import mosaic_pdf, tile_problems  # noqa: PLC0415

    printed = pieces(mosaic)
    entries = [piece.entry for piece in printed]
    problems = tile_problems(entries, page)
    if problems and not force_small:
        more = f" (and {len(problems) - 1} more tiles)" if len(problems) > 1 else ""
        raise LimitError(f"{problems[0]}{more}; or pass --force-small to print anyway")
    warnings = problems + glyph_warnings([*entry_texts(entries), mosaic.title], page)
    pdf = mosaic_pdf(
        printed, title=mosaic.title, picture=mosaic.grid(), cuts=cuts_of(mosaic), options=page
    )
    return pdf, warnings


def write_set(
    mosaic: Mosaic, folder: Path, page: PageOptions, *, force_small: bool = False
) -> TileSet:
    """Write every tile's puzzle file and the set's PDF into ``folder`` (made if missing).
    The PDF is drawn before any file is written, so a tile too small to print writes none."""
    pdf, warnings = set_pdf(mosaic, page, force_small=force_small)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(
            f"{folder}: cannot create the output folder: {error.strerror or error}"
        ) from None
    paths = tuple(tile_path(folder, mosaic.title, tile) for tile in mosaic.tiles)
    for tile, path in zip(mosaic.tiles, paths, strict=True):
        write_puzzle(tile.made.puzzle, path, "json")
    target = folder / f"{mosaic.title}.pdf"
    write_atomic(target, pdf)
    return TileSet(paths, target, len(mosaic.tiles) + 1, tuple(warnings))
