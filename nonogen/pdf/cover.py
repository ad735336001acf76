"""A paperback's wrap-around cover: bleed, back, spine, front, bleed, on one page.

The spine is as wide as the pages are thick (KDP's paper thickness times the page count). The
MediaBox and BleedBox are the whole sheet; the TrimBox is the cover as cut, inside the bleed.
Text keeps 0.375 inch inside the trim; the back's lower right corner stays clear for the
barcode KDP prints there; spine text appears only on books KDP allows it on.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from typing import Final

import numpy as np

from nonogen.pdf.figure import draw_figure, layout
from nonogen.pdf.front import MADE_WITH, Imprint, size_range
from nonogen.pdf.pages import INCH, MM, Box, PageOptions, Pen, draw_centred, new_canvas, wrap_text
from nonogen.pdf.rules import (
    BLEED_INCHES,
    SPINE_SAFETY_INCHES,
    SPINE_TEXT_PAGES,
    cover_inches,
    spine_inches,
)
from nonogen.pdf.sheet import Entry
from nonogen.puzzle import Puzzle, puzzle_from_grid

SAFE = 0.375 * INCH
"""How far text keeps inside the trimmed edges and the spine's folds."""


def panels(options: PageOptions, pages: int, paper: str) -> tuple[Box, Box, Box]:
    """The back, spine and front of the cover as cut (without bleed), in points."""
    width, height = options.size
    bleed = BLEED_INCHES * INCH
    spine = spine_inches(pages, paper) * INCH
    back = Box(bleed, bleed, width, height)
    return (
        back,
        Box(bleed + width, bleed, spine, height),
        Box(bleed + width + spine, bleed, width, height),
    )


def inset(box: Box, by: float) -> Box:
    """The box shrunk by ``by`` on every side."""
    return Box(box.x + by, box.y + by, box.w - 2 * by, box.h - 2 * by)


def draw_front(pen: Pen, front: Box, entries: Sequence[Entry], imprint: Imprint) -> None:
    """Title, subtitle, a motif drawn from the title (no puzzle's solution), and the author."""
    area = inset(front, SAFE)
    middle, size = area.x + area.w / 2, min(40.0, area.w / 9)
    y = area.top - size
    for line in wrap_text(imprint.title, size, area.w, bold=True, fonts=pen.fonts)[:3]:
        draw_centred(pen, (middle, y), line, size, area.w, bold=True)
        y -= size * 1.2
    if imprint.subtitle:
        draw_centred(pen, (middle, y), imprint.subtitle, size * 0.5, area.w, grey=0.3)
    draw_centred(pen, (middle, area.y + size * 0.3), imprint.author, size * 0.55, area.w)
    art = Box(area.x, area.y + size * 1.5, area.w, y - size - area.y - size * 1.5)
    if entries and art.h > 1 * INCH:
        motif = cover_motif(imprint.title)
        lay = layout(motif, art, clues=False, max_cell=12 * MM, above=0.5)
        draw_figure(pen, motif, lay, solution=True)


MOTIF_CELLS: Final = 12
"""The cover motif's side in cells."""


def cover_motif(title: str) -> Puzzle:
    """The cover's art: a mirrored pattern of cells drawn from the book's title, the same
    for the same title, so that the cover shows no puzzle's solution."""
    seed = int.from_bytes(hashlib.sha256(title.encode("utf-8", "replace")).digest()[:8], "big")
    rng = np.random.default_rng(seed)
    half = rng.random((MOTIF_CELLS, MOTIF_CELLS // 2)) < 0.45
    grid = np.hstack([half, half[:, ::-1]])
    return puzzle_from_grid(grid)


def draw_back(pen: Pen, back: Box, entries: Sequence[Entry], imprint: Imprint) -> None:
    """How many puzzles of which sizes, and the credit; the barcode corner left clear."""
    area = inset(back, SAFE)
    middle = area.x + area.w / 2
    count = f"{len(entries)} nonogram puzzle{'s' if len(entries) != 1 else ''}"
    draw_centred(pen, (middle, area.top - 24), count, 20, area.w, bold=True)
    lines = [f"Sizes {size_range(entries)}", "Answer keys at the back", MADE_WITH]
    for i, line in enumerate(lines):
        draw_centred(pen, (middle, area.top - 60 - i * 18), line, 12, area.w, grey=0.3)


def draw_spine(pen: Pen, spine: Box, imprint: Imprint, pages: int) -> None:
    """The title and author along the spine, top to bottom, on a book thick enough for text."""
    room = spine.w - 2 * SPINE_SAFETY_INCHES * INCH
    if pages < SPINE_TEXT_PAGES or room < 6:
        return
    text = " · ".join(s for s in (imprint.title, imprint.author) if s)
    size = min(14.0, room * 0.7)
    canvas = pen.canvas
    canvas.saveState()
    canvas.translate(spine.x + spine.w / 2, spine.y + spine.h / 2)
    canvas.rotate(-90)
    draw_centred(pen, (0, -size * 0.35), text, size, spine.h - 2 * SAFE, bold=True)
    canvas.restoreState()


def cover_pdf(
    entries: Sequence[Entry], imprint: Imprint, *, options: PageOptions, pages: int, paper: str
) -> bytes:
    """The cover of a book of ``pages`` pages on ``paper`` with these puzzles, as PDF bytes."""
    trim = (options.size[0] / INCH, options.size[1] / INCH)
    width, height = (side * INCH for side in cover_inches(trim, pages, paper))
    out = io.BytesIO()
    canvas = new_canvas(
        out,
        options,
        title=f"{imprint.title} (cover)",
        author=imprint.author,
        size=(width, height),
        bleed=BLEED_INCHES * INCH,
    )
    pen = Pen(canvas, options.fonts(), options.patterns)
    back, spine, front = panels(options, pages, paper)
    draw_back(pen, back, entries, imprint)
    draw_spine(pen, spine, imprint, pages)
    draw_front(pen, front, entries, imprint)
    canvas.showPage()
    canvas.save()
    return out.getvalue()
