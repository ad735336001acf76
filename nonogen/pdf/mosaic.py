"""A mosaic printed as a set: each tile's page has a small key of where the tile goes, and the
solutions show the assembled picture with the tiles' edges drawn over it.

``mosaic_pdf`` prints a set on its own (a page per tile, then the assembled picture); a book
prints the tiles among its puzzles, each answer key the assembled picture with that tile's
part in black and the rest in grey. A tile is an ``Entry`` whose ``place`` is set.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final

import numpy as np

from nonogen.errors import InputError
from nonogen.palette import BLACK_ON_WHITE
from nonogen.pdf.figure import (
    MAX_CELL,
    Bands,
    Layout,
    draw_cells,
    draw_grey,
    draw_lines,
    fit_layout,
)
from nonogen.pdf.pages import MM, Box, PageOptions, Pen, draw_centred, footer, text_area
from nonogen.pdf.rules import MIN_CELL_MM, MIN_CLUE_PT
from nonogen.pdf.sheet import (
    KEY_CELL,
    Entry,
    draw_lines_of_text,
    draw_puzzle,
    heading,
    puzzle_layout,
    render,
    size_text,
)
from nonogen.pdf.tiles import Place
from nonogen.wording import Words, words
from nonogen.words import page_name, with_a

KEY_HEIGHT: Final = 24 * MM
"""The band at the foot of a tile's page that holds its key."""
KEY_GAP: Final = 4 * MM
"""Space between a tile's puzzle and its key."""
KEY_FONT: Final = 8.0
"""Font size of the key's caption and labels."""
TILE_SHADE: Final = 0.35
"""Grey of this tile's place in the key."""
OTHER_TILES: Final = 0.72
"""Grey of the other tiles' filled cells in a tile's answer key."""


def place_text(place: Place) -> str:
    """The key's caption: where this tile goes."""
    cuts = place.cuts
    return (
        f"Where this tile goes: row {place.row + 1} of {cuts.down}, column {place.col + 1} of "
        f"{cuts.across} (shaded)"
    )


def split_for_key(area: Box) -> tuple[Box, Box]:
    """A tile page's area cut into the puzzle's box and, under it, the key's."""
    key = Box(area.x, area.y, area.w, KEY_HEIGHT)
    rest = Box(area.x, area.y + KEY_HEIGHT + KEY_GAP, area.w, area.h - KEY_HEIGHT - KEY_GAP)
    return rest, key


def draw_place_key(pen: Pen, box: Box, place: Place) -> None:
    """The picture's tiles in small, in proportion, this one shaded, under a caption."""
    rest = draw_lines_of_text(pen, box, [(place_text(place), KEY_FONT, False)])
    cuts = place.cuts
    height, width = cuts.shape
    scale = min(rest.w / width, rest.h / height)
    left, top = rest.x + (rest.w - width * scale) / 2, rest.top
    canvas = pen.canvas
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(0)
    for r, (y0, y1) in enumerate(pairwise(cuts.rows)):
        for c, (x0, x1) in enumerate(pairwise(cuts.cols)):
            here = (r, c) == (place.row, place.col)
            canvas.setFillGray(TILE_SHADE if here else 1.0)
            x, y = left + x0 * scale, top - y1 * scale
            w, h = (x1 - x0) * scale, (y1 - y0) * scale
            canvas.rect(x, y, w, h, stroke=1, fill=1)
            label = (x + w / 2, y + h / 2 - KEY_FONT * 0.35)
            size = min(KEY_FONT, h * 0.5)
            draw_centred(pen, label, f"r{r + 1}c{c + 1}", size, w, grey=1.0 if here else 0.4)
    canvas.setFillGray(0)


def tile_place(entry: Entry) -> Place:
    """The place of a tile's entry; InputError for a puzzle that is not a tile."""
    if entry.place is None:
        raise InputError(
            f"{heading(entry, solution=True)} is not a tile of a mosaic; give it its place"
        )
    return entry.place


def draw_tile_page(pen: Pen, entry: Entry, box: Box) -> None:
    """A tile in ``box``: its puzzle with heading and clues, and its key below."""
    rest, key = split_for_key(box)
    draw_puzzle(pen, entry, rest)
    draw_place_key(pen, key, tile_place(entry))


def assembled_layout(shape: tuple[int, int], box: Box, *, max_cell: float = MAX_CELL) -> Layout:
    """The largest grid of ``shape`` (rows, cols) without clues that fits ``box``."""
    return fit_layout(shape, Bands(0.0, 0.0, 0.0), box, max_cell=max_cell, above=0.3)


def draw_assembled(pen: Pen, lay: Layout, place: Place, *, only: bool = False) -> None:
    """The assembled picture in its layout, the tiles' edges drawn heavy; with ``only``, the
    other tiles' cells in grey, this tile's in black (a colour set's: in their colours)."""
    picture = np.asarray(place.picture, dtype=np.bool_)
    canvas = pen.canvas
    here = picture
    if only:
        top, left, bottom, right = place.cuts.box(place.row, place.col)
        here = np.zeros_like(picture)
        here[top:bottom, left:right] = picture[top:bottom, left:right]
        draw_grey(canvas, lay, picture & ~here, OTHER_TILES)
    colours = np.where(here, np.asarray(place.picture), 0)  # the other tiles' stay grey
    draw_cells(canvas, lay, colours, place.palette or BLACK_ON_WHITE)
    draw_lines(canvas, lay)
    g, cell = lay.grid, lay.cell
    edges = [(g.x, g.top - r * cell, g.x + g.w, g.top - r * cell) for r in place.cuts.rows[1:-1]]
    edges += [(g.x + c * cell, g.y, g.x + c * cell, g.top) for c in place.cuts.cols[1:-1]]
    canvas.setStrokeGray(0)
    canvas.setLineWidth(max(0.8, min(3.0, 0.3 * cell)))
    canvas.lines(edges)


def draw_solution_page(pen: Pen, box: Box, title: str, place: Place) -> None:
    """A set's solutions page: the assembled picture under the set's title."""
    cuts = place.cuts
    lines = [
        (f"Solution: {title}", 16.0, True),
        (
            f"{cuts.across} x {cuts.down} tiles assembled · {cuts.shape[1]} x {cuts.shape[0]} "
            "cells",
            11.0,
            False,
        ),
    ]
    rest = draw_lines_of_text(pen, box, lines)
    draw_assembled(pen, assembled_layout(cuts.shape, rest), place)


def draw_tile_answer(pen: Pen, entry: Entry, box: Box) -> None:
    """A tile's answer key: the assembled picture, this tile in black and the rest in grey."""
    place = tile_place(entry)
    size = max(7.0, min(10.0, box.h * 0.05))
    rest = draw_lines_of_text(pen, box, [(heading(entry, solution=True), size, True)])
    draw_assembled(
        pen, assembled_layout(place.cuts.shape, rest, max_cell=KEY_CELL), place, only=True
    )


def mosaic_pdf(
    entries: Sequence[Entry], *, title: str, options: PageOptions, answer: str = ""
) -> bytes:
    """A set on its own as a PDF: a page per tile with its key, then the assembled picture."""
    if not entries:
        raise InputError("expected at least one tile to print, got none")
    places = [tile_place(entry) for entry in entries]

    def draw(pen: Pen) -> None:
        for page, entry in enumerate(entries, 1):
            draw_tile_page(pen, entry, text_area(options, page))
            footer(pen.canvas, options, page)
            pen.canvas.showPage()
        page = len(entries) + 1
        draw_solution_page(pen, text_area(options, page), answer or title, places[0])
        footer(pen.canvas, options, page)
        pen.canvas.showPage()

    return render(options, title, draw)


def tile_legible(entry: Entry, options: PageOptions) -> bool:
    """Whether a tile's cells and clues print large enough above its key, alone on a page."""
    box, _ = split_for_key(text_area(options, 1))
    lay = puzzle_layout(entry, box)
    return lay.cell / MM >= MIN_CELL_MM - 1e-9 and lay.font >= MIN_CLUE_PT - 1e-9


def tile_problems(entries: Sequence[Entry], options: PageOptions) -> list[Words]:
    """One message per tile whose cells or clues would print too small above its key."""
    box, _ = split_for_key(text_area(options, 1))
    problems = []
    for entry in entries:
        if tile_legible(entry, options):
            continue
        lay = puzzle_layout(entry, box)
        problems.append(
            words(
                "{heading} ({size}): cells would be {cell_mm:.1f} mm and clues {font:.1f} pt "
                "on {page}; for cells of at least {least_mm:g} mm and clues of {least_pt:g} "
                "pt, use a smaller {tile_width}, more rows of tiles ({tiles}) or a larger "
                "{page_size}",
                heading=heading(entry, solution=True),
                size=size_text(entry.puzzle),
                cell_mm=lay.cell / MM,
                font=lay.font,
                page=f"{with_a(page_name(options.page_size))} page",
                least_mm=MIN_CELL_MM,
                least_pt=MIN_CLUE_PT,
            )
        )
    return problems
