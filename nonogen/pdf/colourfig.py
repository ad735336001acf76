"""One colour puzzle drawn in a box: clue numbers on swatches of their colour, a legend, cells.

Each clue number sits on a small box of its colour (blocks of different colours may touch,
so every number needs its own colour) with the digit in black or white, whichever contrasts
more (``nonogen.palette``: always at least 4.5:1). A thin grey outline keeps pale
colours visible on the clue band. With ``patterns`` every colour also gets its pattern marks
(``patterns``) in its swatches, cells and legend, for grey-scale printers; the digits then sit
on a plain patch of their colour so the marks never cross them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from nonogen.clues import ColourClue, ColourGrid
from nonogen.grid import Partial
from nonogen.palette import BLACK, RGB255, Palette, ink_for, parse_rgb
from nonogen.pdf.figure import (
    DIGIT_HEIGHT,
    GAP,
    MAX_CELL,
    Bands,
    Layout,
    draw_bands,
    draw_dots,
    draw_lines,
    fit_layout,
    font_per_cell,
    thin_line,
)
from nonogen.pdf.fonts import REGULAR
from nonogen.pdf.pages import Box, Pen, text_width
from nonogen.pdf.patterns import draw_pattern, pattern_of
from nonogen.puzzle import Puzzle
from nonogen.wording import utf8_safe

BOX_PAD: Final = 0.55
"""A swatch is this much wider than its number, in font sizes."""
BOX_GAP: Final = 0.2
"""Space between the swatches of a row clue, in font sizes."""
BOX_HEIGHT: Final = 1.3
"""Height of a swatch, in font sizes."""
COL_PITCH: Final = 1.5
"""Distance between stacked column swatches, in font sizes."""
COL_FILL: Final = 0.88
"""Width of a column swatch, in cells."""
FONT_SHARE: Final = 0.9
"""Colour clues use this share of the monochrome clue font per cell, leaving swatch padding."""
OUTLINE_GREY: Final = 0.45
"""Grey level of the swatch outlines."""
LEGEND_SWATCH: Final = 1.4
"""Side of a legend swatch, in legend font sizes."""
LEGEND_GAP: Final = 1.5
"""Space between legend entries, in legend font sizes."""
LEGEND_PITCH: Final = 2.0
"""Height of one legend line, in legend font sizes."""
WHITE_HEX: Final = "#ffffff"


@dataclass(frozen=True)
class Swatch:
    """One clue number on its coloured box."""

    colour: int
    """Palette index of the block."""
    number: int
    """The block's length."""
    box: Box
    """The swatch on the page."""


def lengths(clue: ColourClue) -> tuple[int, ...]:
    """The block lengths of a colour clue."""
    return tuple(n for n, _ in clue)


def swatch_width(number: int, font: float) -> float:
    """Width of the swatch of ``number`` at ``font`` points."""
    return text_width(str(number), font) + BOX_PAD * font


def row_clue_em(clue: ColourClue) -> float:
    """Printed width of a colour row clue at 1 point: its swatches and the gaps between them."""
    if not clue:
        return text_width("0", 1.0)
    return sum(swatch_width(n, 1.0) for n, _ in clue) + BOX_GAP * (len(clue) - 1)


def colour_layout(
    puzzle: Puzzle,
    box: Box,
    *,
    clues: bool = True,
    max_cell: float = MAX_CELL,
    above: float = 0.3,
) -> Layout:
    """The largest colour figure with cells up to ``max_cell`` that fits ``box``."""
    ratio = FONT_SHARE * font_per_cell([lengths(c) for c in puzzle.col_blocks]) if clues else 0.0
    row_em = max(row_clue_em(c) for c in puzzle.row_blocks) if clues else 0.0
    depth = max(len(c) or 1 for c in puzzle.col_blocks) if clues else 0
    bands = Bands(ratio, row_em, depth * COL_PITCH)
    return fit_layout((puzzle.height, puzzle.width), bands, box, max_cell=max_cell, above=above)


def rgb_of(palette: Palette, index: int) -> RGB255:
    """The RGB of palette colour ``index``."""
    return parse_rgb(palette.colours[index].rgb)


def fill(canvas: Canvas, rgb: RGB255) -> None:
    """Set the fill colour."""
    canvas.setFillColorRGB(*(v / 255 for v in rgb))


def swatches(puzzle: Puzzle, lay: Layout) -> list[Swatch]:
    """Every clue number's swatch: rows right-aligned left of the grid, columns stacked above."""
    g, cell, font = lay.grid, lay.cell, lay.font
    height = min(BOX_HEIGHT * font, 0.86 * cell)
    out = []
    for i, clue in enumerate(puzzle.row_blocks):
        x = g.x - GAP * cell - row_clue_em(clue) * font
        y = g.top - (i + 0.5) * cell - height / 2
        for n, colour in clue:
            width = swatch_width(n, font)
            out.append(Swatch(colour, n, Box(x, y, width, height)))
            x += width + BOX_GAP * font
    width = COL_FILL * cell
    for j, clue in enumerate(puzzle.col_blocks):
        x = g.x + (j + 0.5) * cell - width / 2
        for k, (n, colour) in enumerate(reversed(clue)):
            y = g.top + GAP * cell + k * COL_PITCH * font
            out.append(Swatch(colour, n, Box(x, y, width, BOX_HEIGHT * font)))
    return out


def _fill_boxes(
    canvas: Canvas, boxes: Sequence[Box], rgb: RGB255, *, pattern: str = "", step: float = 0
) -> None:
    """Fill boxes in one colour, with its pattern over them when one is given."""
    path = canvas.beginPath()
    for b in boxes:
        path.rect(b.x, b.y, b.w, b.h)
    fill(canvas, rgb)
    canvas.drawPath(path, stroke=0, fill=1)
    if pattern and pattern != "plain" and boxes:
        canvas.saveState()
        clip = canvas.beginPath()
        for b in boxes:
            clip.rect(b.x, b.y, b.w, b.h)
        canvas.clipPath(clip, stroke=0, fill=0)
        for b in boxes:  # marks over each box only: few marks, however far apart the boxes are
            draw_pattern(canvas, pattern, b, step, ink_for(rgb))
        canvas.restoreState()


def draw_colour_clues(
    canvas: Canvas, puzzle: Puzzle, lay: Layout, *, patterns: bool = False
) -> None:
    """Clue numbers on swatches of their colours, digits in the contrasting ink; 0 for none."""
    font, placed = lay.font, swatches(puzzle, lay)
    step = 0.45 * font
    for colour in sorted({s.colour for s in placed}):
        rgb = rgb_of(puzzle.palette, colour)
        boxes = [s.box for s in placed if s.colour == colour]
        _fill_boxes(canvas, boxes, rgb, pattern=pattern_of(colour) if patterns else "", step=step)
        if patterns:  # a plain patch under each digit keeps the marks off it
            patches = [_digit_patch(s, font) for s in placed if s.colour == colour]
            _fill_boxes(canvas, patches, rgb)
    canvas.setStrokeGray(OUTLINE_GREY)
    canvas.setLineWidth(thin_line(lay.cell))
    outline = canvas.beginPath()
    for s in placed:
        outline.rect(s.box.x, s.box.y, s.box.w, s.box.h)
    canvas.drawPath(outline, stroke=1, fill=0)
    canvas.setFont(REGULAR, font)
    for s in placed:
        fill(canvas, ink_for(rgb_of(puzzle.palette, s.colour)))
        x, y = s.box.x + s.box.w / 2, s.box.y + s.box.h / 2 - DIGIT_HEIGHT * font / 2
        canvas.drawCentredString(x, y, str(s.number))
    _draw_zeros(canvas, puzzle, lay)


def _digit_patch(s: Swatch, font: float) -> Box:
    """The plain patch under a swatch's digits."""
    w, h = text_width(str(s.number), font) + 0.2 * font, DIGIT_HEIGHT * font + 0.3 * font
    return Box(s.box.x + (s.box.w - w) / 2, s.box.y + (s.box.h - h) / 2, w, h)


def _draw_zeros(canvas: Canvas, puzzle: Puzzle, lay: Layout) -> None:
    """A black 0 where a line has no blocks."""
    g, cell, font = lay.grid, lay.cell, lay.font
    fill(canvas, BLACK)
    for i, clue in enumerate(puzzle.row_blocks):
        if not clue:
            y = g.top - (i + 0.5) * cell - DIGIT_HEIGHT * font / 2
            canvas.drawRightString(g.x - GAP * cell, y, "0")
    for j, clue in enumerate(puzzle.col_blocks):
        if not clue:
            y = g.top + GAP * cell + (BOX_HEIGHT - DIGIT_HEIGHT) * font / 2
            canvas.drawCentredString(g.x + (j + 0.5) * cell, y, "0")


def cell_runs(goal: ColourGrid | Partial, colour: int, lay: Layout) -> list[Box]:
    """One box per horizontal run of cells of ``colour``."""
    g, cell = lay.grid, lay.cell
    out = []
    for r, row in enumerate(np.asarray(goal).tolist()):
        c = 0
        while c < len(row):
            if row[c] != colour:
                c += 1
                continue
            end = c
            while end < len(row) and row[end] == colour:
                end += 1
            out.append(Box(g.x + c * cell, g.top - (r + 1) * cell, (end - c) * cell, cell))
            c = end
    return out


def draw_colour_cells(
    canvas: Canvas,
    lay: Layout,
    goal: ColourGrid | Partial,
    palette: Palette,
    *,
    patterns: bool = False,
) -> None:
    """Fill every cell with its colour (a white background is left as paper)."""
    step = max(0.25 * lay.cell, 1.0)
    for colour, entry in enumerate(palette.colours):
        if colour == 0 and entry.rgb == WHITE_HEX:
            continue
        runs = cell_runs(goal, colour, lay)
        if runs:
            pattern = pattern_of(colour) if patterns and colour > 0 else ""
            _fill_boxes(canvas, runs, rgb_of(palette, colour), pattern=pattern, step=step)


def draw_colour_figure(
    canvas: Canvas,
    puzzle: Puzzle,
    lay: Layout,
    *,
    solution: ColourGrid | None = None,
    patterns: bool = False,
) -> None:
    """Draw the colour puzzle in its layout: clues if it has room for them, then the cells
    (the solution's, or else the givens: filled with their colour, a dot on the background)."""
    if lay.font:
        draw_bands(canvas, lay)
        draw_colour_clues(canvas, puzzle, lay, patterns=patterns)
    if solution is not None:
        draw_colour_cells(canvas, lay, solution, puzzle.palette, patterns=patterns)
    elif puzzle.givens is not None:  # UNKNOWN matches no colour, so only givens are drawn
        draw_colour_cells(canvas, lay, puzzle.givens, puzzle.palette, patterns=patterns)
        draw_dots(canvas, lay, puzzle.givens == 0)
    draw_lines(canvas, lay)


# --- the legend ----------------------------------------------------------------------------


def legend_names(palette: Palette) -> list[str]:
    """The legend's texts: each block colour's name."""
    return [utf8_safe(colour.name) for colour in palette.colours[1:]]


def legend_size(width: float) -> float:
    """Font size of the legend in a slot this wide."""
    return max(7.0, min(10.0, width * 0.03))


def legend_lines(palette: Palette, width: float, size: float) -> list[list[tuple[int, float]]]:
    """The legend's entries (colour, width) broken into lines no wider than ``width``."""
    lines: list[list[tuple[int, float]]] = [[]]
    used = 0.0
    for i, name in enumerate(legend_names(palette), start=1):
        w = (LEGEND_SWATCH + 0.5) * size + text_width(name, size)
        if lines[-1] and used + LEGEND_GAP * size + w > width:
            lines.append([])
            used = 0.0
        used += (LEGEND_GAP * size if lines[-1] else 0.0) + w
        lines[-1].append((i, w))
    return lines


def legend_height(palette: Palette, width: float) -> float:
    """Height the legend takes in a slot ``width`` wide."""
    size = legend_size(width)
    return len(legend_lines(palette, width, size)) * LEGEND_PITCH * size + 0.5 * size


def above_legend(palette: Palette, box: Box) -> Box:
    """The part of ``box`` above room for its legend at the bottom."""
    height = legend_height(palette, box.w)
    return Box(box.x, box.y + height, box.w, max(box.h - height, 1.0))


def draw_legend(
    pen: Pen, palette: Palette, box: Box, top: float, *, patterns: bool = False
) -> None:
    """Draw swatch and name of every block colour, centred across ``box``, from ``top`` down."""
    size, canvas = legend_size(box.w), pen.canvas
    names = legend_names(palette)
    side = LEGEND_SWATCH * size
    for line in legend_lines(palette, box.w, size):
        total = sum(w for _, w in line) + LEGEND_GAP * size * (len(line) - 1)
        x, y = box.x + (box.w - total) / 2, top - LEGEND_PITCH * size
        for colour, w in line:
            swatch = Box(x, y, side, side)
            pattern = pattern_of(colour) if patterns else ""
            _fill_boxes(canvas, [swatch], rgb_of(palette, colour), pattern=pattern, step=side / 3)
            canvas.setStrokeGray(OUTLINE_GREY)
            canvas.setLineWidth(0.4)
            canvas.rect(x, y, side, side, stroke=1, fill=0)
            fill(canvas, BLACK)
            pen.draw(
                (x + side + 0.5 * size, y + (side - DIGIT_HEIGHT * size) / 2),
                names[colour - 1],
                size,
            )
            x += w + LEGEND_GAP * size
        top -= LEGEND_PITCH * size
