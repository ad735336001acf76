"""One puzzle drawn in a box: its grid, clues, givens or solution, laid out to fit.

A figure is the grid with the row clues to its left and the column clues above it, both sized
to the longest clues, scaled as one so that it fits the box, and centred in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from nonogen.clues import Clue
from nonogen.grid import EMPTY, FILLED
from nonogen.pdf.fonts import REGULAR
from nonogen.pdf.pages import MM, Box, text_width
from nonogen.puzzle import Puzzle

Mask = npt.NDArray[np.bool_]
"""Cells to mark, indexed ``(row, col)``."""

MAX_CELL: Final = 7 * MM
"""The largest cell side; smaller puzzles do not grow past it."""
MAX_FONT: Final = 11.0
"""The largest clue font size, in points."""
FONT_PER_CELL: Final = 0.6
"""Clue font size per cell side, when the widest column clue number allows it."""
DIGITS_FILL: Final = 0.8
"""The widest column clue number may take this fraction of a cell's width."""
PITCH: Final = 1.2
"""Line spacing of the stacked column clues, in font sizes."""
WORD_SPACE: Final = 0.3
"""Extra space between the numbers of a row clue, in font sizes."""
GAP: Final = 0.4
"""Space between the clues and the grid, and around the clue bands, in cells."""
DIGIT_HEIGHT: Final = 0.73
"""Height of DejaVu Sans's digits (those of Bitstream Vera), in font sizes."""
BAND_GREY: Final = 0.93
"""Grey level of the clue bands' background."""


@dataclass(frozen=True)
class Layout:
    """Where a figure goes: the grid's box, the cell side and the clue bands, in points."""

    grid: Box
    """The grid itself, without its clues."""
    cell: float
    """Side of one cell."""
    font: float
    """Clue font size (0 without clues)."""
    clue_w: float
    """Width of the row-clue band left of the grid (0 without clues)."""
    clue_h: float
    """Height of the column-clue band above the grid (0 without clues)."""

    @property
    def bounds(self) -> Box:
        """The box holding the grid and both clue bands."""
        g = self.grid
        return Box(g.x - self.clue_w, g.y, g.w + self.clue_w, g.h + self.clue_h)


def clue_text(clue: Clue) -> str:
    """A clue as printed: its numbers separated by spaces, or 0 for an empty line."""
    return " ".join(map(str, clue)) or "0"


def row_clue_width(clue: Clue, font: float) -> float:
    """Printed width of one row clue at ``font`` points, spacing included."""
    text = clue_text(clue)
    return text_width(text, font) + text.count(" ") * WORD_SPACE * font


def font_per_cell(cols: Sequence[Clue]) -> float:
    """Clue font size per cell side such that the widest column clue number fits its cell."""
    digits = max((len(str(n)) for clue in cols for n in clue), default=1)
    return min(FONT_PER_CELL, DIGITS_FILL / text_width("8" * digits, 1.0))


def layout(
    puzzle: Puzzle,
    box: Box,
    *,
    clues: bool = True,
    max_cell: float = MAX_CELL,
    above: float = 0.3,
) -> Layout:
    """The largest figure with cells up to ``max_cell`` that fits ``box``, centred across it.

    ``above`` is the share of the spare height left above the figure (0.5 centres it).
    """
    ratio = font_per_cell(puzzle.cols) if clues else 0.0
    row_em = max(row_clue_width(clue, 1.0) for clue in puzzle.rows) if clues else 0.0
    depth = max(len(clue) or 1 for clue in puzzle.cols) if clues else 0
    bands = Bands(ratio, row_em, depth * PITCH)
    return fit_layout((puzzle.height, puzzle.width), bands, box, max_cell=max_cell, above=above)


@dataclass(frozen=True)
class Bands:
    """How much room the clues take, in font sizes, and the font size per cell side."""

    ratio: float
    """Clue font size per cell side (0 without clues)."""
    row_em: float
    """Width of the widest row clue, in font sizes."""
    col_em: float
    """Height of the deepest column clue, in font sizes."""


def fit_layout(
    shape: tuple[int, int], bands: Bands, box: Box, *, max_cell: float, above: float
) -> Layout:
    """The largest figure of ``shape`` (rows, cols) cells and these clue bands that fits ``box``."""
    rows, cols = shape
    ratio, row_em = bands.ratio, bands.row_em
    pad = 2 * GAP if ratio else 0.0
    cell = min(
        box.w / (cols + row_em * ratio + pad),
        box.h / (rows + bands.col_em * ratio + pad),
        max_cell,
    )
    font = min(ratio * cell, MAX_FONT)
    clue_w = row_em * font + pad * cell
    clue_h = bands.col_em * font + pad * cell
    width, height = clue_w + cols * cell, clue_h + rows * cell
    left = box.x + (box.w - width) / 2 + clue_w
    bottom = box.y + (box.h - height) * (1 - above)
    return Layout(Box(left, bottom, cols * cell, rows * cell), cell, font, clue_w, clue_h)


def draw_bands(canvas: Canvas, lay: Layout) -> None:
    """Shade the clue bands and carry every fifth grid line across them."""
    g, cell = lay.grid, lay.cell
    canvas.setFillGray(BAND_GREY)
    canvas.rect(g.x - lay.clue_w, g.y, lay.clue_w, g.h, stroke=0, fill=1)
    canvas.rect(g.x, g.top, g.w, lay.clue_h, stroke=0, fill=1)
    rows, cols = round(g.h / cell), round(g.w / cell)
    lines = [(g.x - lay.clue_w, g.top - i * cell, g.x, g.top - i * cell) for i in range(5, rows, 5)]
    lines += [
        (g.x + j * cell, g.top, g.x + j * cell, g.top + lay.clue_h) for j in range(5, cols, 5)
    ]
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(thin_line(cell))
    canvas.lines(lines)
    canvas.setFillGray(0)


def draw_clues(canvas: Canvas, puzzle: Puzzle, lay: Layout) -> None:
    """Row clues right-aligned left of the grid; column clues stacked and bottom-aligned above."""
    g, cell, font = lay.grid, lay.cell, lay.font
    text = canvas.beginText()
    text.setFont(REGULAR, font)
    text.setWordSpace(WORD_SPACE * font)
    right = g.x - GAP * cell
    for i, clue in enumerate(puzzle.rows):
        baseline = g.top - (i + 0.5) * cell - DIGIT_HEIGHT * font / 2
        text.setTextOrigin(right - row_clue_width(clue, font), baseline)
        text.textOut(clue_text(clue))
    text.setWordSpace(0)  # word spacing is page state: keep it out of later text
    canvas.drawText(text)
    canvas.setFont(REGULAR, font)
    for j, clue in enumerate(puzzle.cols):
        x = g.x + (j + 0.5) * cell
        for k, n in enumerate(reversed(clue or (0,))):
            canvas.drawCentredString(x, g.top + GAP * cell + k * PITCH * font, str(n))


def draw_cells(canvas: Canvas, lay: Layout, mask: Mask, *, grey: float = 0.0) -> None:
    """Fill the marked cells black (or ``grey``), one rectangle per horizontal run."""
    g, cell = lay.grid, lay.cell
    path = canvas.beginPath()
    for r, row in enumerate(mask.tolist()):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            end = c
            while end < len(row) and row[end]:
                end += 1
            path.rect(g.x + c * cell, g.top - (r + 1) * cell, (end - c) * cell, cell)
            c = end
    canvas.setFillGray(grey)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.setFillGray(0)


def draw_dots(canvas: Canvas, lay: Layout, mask: Mask) -> None:
    """Mark the cells known to be empty with a small dot."""
    g, cell = lay.grid, lay.cell
    path = canvas.beginPath()
    for r, c in zip(*np.nonzero(mask), strict=True):
        path.circle(g.x + (c + 0.5) * cell, g.top - (r + 0.5) * cell, 0.12 * cell)
    canvas.setFillGray(0.25)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.setFillGray(0)


def thin_line(cell: float) -> float:
    """Width of the ordinary grid lines for a cell side."""
    return max(0.15, min(0.45, 0.022 * cell))


def draw_lines(canvas: Canvas, lay: Layout) -> None:
    """Thin grey lines, a thick line every five cells and a heavy border."""
    g, cell = lay.grid, lay.cell
    rows, cols = round(g.h / cell), round(g.w / cell)
    ys = [(i, g.top - i * cell) for i in range(1, rows)]
    xs = [(j, g.x + j * cell) for j in range(1, cols)]
    for every5, grey, width in ((False, 0.45, thin_line(cell)), (True, 0, min(1.1, 0.06 * cell))):
        lines = [(g.x, y, g.x + g.w, y) for i, y in ys if (i % 5 == 0) == every5]
        lines += [(x, g.y, x, g.top) for j, x in xs if (j % 5 == 0) == every5]
        canvas.setStrokeGray(grey)
        canvas.setLineWidth(max(width, 0.4) if every5 else width)
        canvas.lines(lines)
    canvas.setLineJoin(0)
    canvas.setLineWidth(max(0.7, min(2.0, 0.1 * cell)))
    canvas.rect(g.x, g.y, g.w, g.h, stroke=1, fill=0)


def draw_figure(
    canvas: Canvas, puzzle: Puzzle, lay: Layout, *, solution: Mask | None = None
) -> None:
    """Draw the puzzle in its layout: clues if the layout has room for them, then the cells."""
    if lay.font:
        draw_bands(canvas, lay)
        draw_clues(canvas, puzzle, lay)
    if solution is not None:
        draw_cells(canvas, lay, solution)
    elif puzzle.givens is not None:
        draw_cells(canvas, lay, puzzle.givens == FILLED)
        draw_dots(canvas, lay, puzzle.givens == EMPTY)
    draw_lines(canvas, lay)
