"""A mosaic printed as a set: one page per tile, each with a small key of where the tile goes,
then a solutions page with the assembled picture, the tiles' edges drawn over it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

import numpy as np

from nonogen.errors import InputError
from nonogen.pdf.checks import Fit
from nonogen.pdf.figure import MAX_CELL, Bands, Layout, Mask, draw_cells, draw_lines, fit_layout
from nonogen.pdf.pages import MM, Box, PageOptions, Pen, draw_centred, footer, text_area
from nonogen.pdf.rules import MIN_CELL_MM, MIN_CLUE_PT
from nonogen.pdf.sheet import (
    Entry,
    draw_lines_of_text,
    draw_puzzle,
    heading,
    puzzle_layout,
    render,
    size_text,
)

KEY_HEIGHT: Final = 24 * MM
"""The band at the foot of a tile's page that holds its key."""
KEY_GAP: Final = 4 * MM
"""Space between a tile's puzzle and its key."""
KEY_FONT: Final = 8.0
"""Font size of the key's caption and labels."""
TILE_SHADE: Final = 0.35
"""Grey of this tile's place in the key."""


@dataclass(frozen=True)
class Cuts:
    """Where a mosaic's picture is cut: its tiles' edges in cells."""

    rows: tuple[int, ...]
    """Edges down the picture: 0 first, its height last."""
    cols: tuple[int, ...]
    """Edges across the picture: 0 first, its width last."""

    def __post_init__(self) -> None:
        for name, edges in (("row", self.rows), ("column", self.cols)):
            if len(edges) < 2 or edges[0] != 0 or list(edges) != sorted(set(edges)):
                raise InputError(
                    f"expected {name} cuts rising from 0 to the picture's side, got {edges!r}"
                )

    @property
    def shape(self) -> tuple[int, int]:
        """The assembled picture's (rows, cols)."""
        return self.rows[-1], self.cols[-1]

    @property
    def across(self) -> int:
        """Tiles across."""
        return len(self.cols) - 1

    @property
    def down(self) -> int:
        """Tiles down."""
        return len(self.rows) - 1


@dataclass(frozen=True)
class Piece:
    """One tile as printed: its puzzle and its place among the tiles (0-based)."""

    entry: Entry
    row: int
    col: int


def place_text(cuts: Cuts, row: int, col: int) -> str:
    """The key's caption: where this tile goes."""
    return (
        f"Where this tile goes: row {row + 1} of {cuts.down}, column {col + 1} of "
        f"{cuts.across} (shaded)"
    )


def split_for_key(area: Box) -> tuple[Box, Box]:
    """A tile page's area cut into the puzzle's box and, under it, the key's."""
    key = Box(area.x, area.y, area.w, KEY_HEIGHT)
    rest = Box(area.x, area.y + KEY_HEIGHT + KEY_GAP, area.w, area.h - KEY_HEIGHT - KEY_GAP)
    return rest, key


def draw_tile_key(pen: Pen, box: Box, cuts: Cuts, row: int, col: int) -> None:
    """The picture's tiles in small, in proportion, this one shaded, under a caption."""
    rest = draw_lines_of_text(pen, box, [(place_text(cuts, row, col), KEY_FONT, False)])
    height, width = cuts.shape
    scale = min(rest.w / width, rest.h / height)
    left = rest.x + (rest.w - width * scale) / 2
    top = rest.top
    canvas = pen.canvas
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(0)
    for r, (y0, y1) in enumerate(pairwise(cuts.rows)):
        for c, (x0, x1) in enumerate(pairwise(cuts.cols)):
            here = (r, c) == (row, col)
            canvas.setFillGray(TILE_SHADE if here else 1.0)
            x, y = left + x0 * scale, top - y1 * scale
            w, h = (x1 - x0) * scale, (y1 - y0) * scale
            canvas.rect(x, y, w, h, stroke=1, fill=1)
            label = (x + w / 2, y + h / 2 - KEY_FONT * 0.35)
            size = min(KEY_FONT, h * 0.5)
            draw_centred(pen, label, f"r{r + 1}c{c + 1}", size, w, grey=1.0 if here else 0.4)
    canvas.setFillGray(0)


def draw_tile_page(pen: Pen, piece: Piece, area: Box, cuts: Cuts) -> None:
    """One tile's page: its puzzle with heading and clues, and its key below."""
    rest, key = split_for_key(area)
    draw_puzzle(pen, piece.entry, rest)
    draw_tile_key(pen, key, cuts, piece.row, piece.col)


def assembled_layout(shape: tuple[int, int], box: Box) -> Layout:
    """The largest grid of ``shape`` (rows, cols) without clues that fits ``box``."""
    return fit_layout(shape, Bands(0.0, 0.0, 0.0), box, max_cell=MAX_CELL, above=0.3)


def draw_assembled(pen: Pen, box: Box, title: str, picture: Mask, cuts: Cuts) -> None:
    """The solutions page's body: the assembled picture with the tiles' edges drawn heavy."""
    if picture.shape != cuts.shape:
        raise InputError(
            f"the assembled picture is {picture.shape[1]} x {picture.shape[0]} but the cuts "
            f"span {cuts.shape[1]} x {cuts.shape[0]}; give the picture the tiles make"
        )
    lines = [
        (f"Solution: {title}", 16.0, True),
        (
            f"{cuts.across} x {cuts.down} tiles assembled · {picture.shape[1]} x "
            f"{picture.shape[0]} cells",
            11.0,
            False,
        ),
    ]
    lay = assembled_layout(picture.shape, draw_lines_of_text(pen, box, lines))
    canvas = pen.canvas
    draw_cells(canvas, lay, np.asarray(picture, dtype=np.bool_))
    draw_lines(canvas, lay)
    g, cell = lay.grid, lay.cell
    edges = [(g.x, g.top - r * cell, g.x + g.w, g.top - r * cell) for r in cuts.rows[1:-1]]
    edges += [(g.x + c * cell, g.y, g.x + c * cell, g.top) for c in cuts.cols[1:-1]]
    canvas.setStrokeGray(0)
    canvas.setLineWidth(max(1.5, min(3.0, 0.3 * cell)))
    canvas.lines(edges)


def mosaic_pdf(
    pieces: Sequence[Piece], *, title: str, picture: Mask, cuts: Cuts, options: PageOptions
) -> bytes:
    """The set as a PDF: a page per tile with its key, then the assembled picture."""
    if not pieces:
        raise InputError("expected at least one tile to print, got none")

    def draw(pen: Pen) -> None:
        for page, piece in enumerate(pieces, 1):
            draw_tile_page(pen, piece, text_area(options, page), cuts)
            footer(pen.canvas, options, page)
            pen.canvas.showPage()
        page = len(pieces) + 1
        draw_assembled(pen, text_area(options, page), title, picture, cuts)
        footer(pen.canvas, options, page)
        pen.canvas.showPage()

    return render(options, title, draw)


def tile_problems(entries: Sequence[Entry], options: PageOptions) -> list[str]:
    """One message per tile whose cells or clues would print too small above its key."""
    problems = []
    box, _ = split_for_key(text_area(options, 1))
    for entry in entries:
        lay = puzzle_layout(entry, box)
        fit = Fit(lay.cell / MM, lay.font)
        if not fit.legible:
            problems.append(
                f"{heading(entry)} ({size_text(entry.puzzle)}): cells would be "
                f"{fit.cell_mm:.1f} mm and clues {fit.clue_pt:.1f} pt on a {options.page_size} "
                f"page; for cells of at least {MIN_CELL_MM:g} mm and clues of {MIN_CLUE_PT:g} "
                "pt, use a smaller --tile-width, more rows of tiles (--tiles) or a larger "
                "--page-size"
            )
    return problems
