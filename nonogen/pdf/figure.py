"""One puzzle drawn in a box, of either kind: its grid, clues, givens or solution, laid out to
fit, and the legend of its colours under the grid when it names colours.

A figure is the grid with the row clues to its left and the column clues above it, both sized
to the longest clues, scaled as one so that it fits the box, and centred in it. Black and
white is the one-colour case: its clues are plain numbers on the grey clue bands and its
cells black, with no legend. A colour puzzle's clue numbers each sit on a small box of their
colour (blocks of different colours may touch, so every number needs its own colour) with the
digit in black or white, whichever contrasts more (``nonogen.palette``: always at least
4.5:1); a thin grey outline keeps pale colours visible on the clue band. With ``patterns``
every colour also gets its pattern marks (``patterns``) in its swatches, cells and legend, for
grey-scale printers; the digits then sit on a plain patch of their colour so the marks never
cross them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from nonogen.clues import Clue, ColourClue
from nonogen.errors import InputError
from nonogen.grid import EMPTY
from nonogen.palette import BLACK, RGB255, Palette, ink_for, parse_rgb
from nonogen.pdf.fonts import REGULAR
from nonogen.pdf.pages import MM, Box, Pen, text_width
from nonogen.pdf.patterns import draw_pattern, pattern_of
from nonogen.puzzle import Puzzle
from nonogen.wording import utf8_safe

Cells = npt.NDArray[np.integer] | npt.NDArray[np.bool_]
"""A grid of palette indices (a partial grid's unknown cells match none), ``(row, col)``."""

MAX_CELL: Final = 7 * MM
"""The largest cell side; smaller puzzles do not grow past it."""
MAX_FONT: Final = 11.0
"""The largest clue font size, in points."""
FONT_PER_CELL: Final = 0.6
"""Clue font size per cell side, when the widest column clue number allows it."""
DIGITS_FILL: Final = 0.8
"""The widest column clue number may take this fraction of a cell's width."""
PITCH: Final = 1.2
"""Line spacing of the stacked plain column clues, in font sizes."""
WORD_SPACE: Final = 0.3
"""Extra space between the numbers of a plain row clue, in font sizes."""
GAP: Final = 0.4
"""Space between the clues and the grid, and around the clue bands, in cells."""
DIGIT_HEIGHT: Final = 0.73
"""Height of DejaVu Sans's digits (those of Bitstream Vera), in font sizes."""
BAND_GREY: Final = 0.93
"""Grey level of the clue bands' background."""
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
"""Clues on swatches use this share of the plain clue font per cell, leaving swatch padding."""
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


@dataclass(frozen=True)
class Bands:
    """How much room the clues take, in font sizes, and the font size per cell side."""

    ratio: float
    """Clue font size per cell side (0 without clues)."""
    row_em: float
    """Width of the widest row clue, in font sizes."""
    col_em: float
    """Height of the deepest column clue, in font sizes."""


@dataclass(frozen=True)
class Swatch:
    """One clue number on its coloured box."""

    colour: int
    """Palette index of the block."""
    number: int
    """The block's length."""
    box: Box
    """The swatch on the page."""


# --- the layout ----------------------------------------------------------------------------


def clue_text(clue: Clue) -> str:
    """A plain clue as printed: its numbers separated by spaces, or 0 for an empty line."""
    return " ".join(map(str, clue)) or "0"


def row_clue_width(clue: Clue, font: float) -> float:
    """Printed width of one plain row clue at ``font`` points, spacing included."""
    text = clue_text(clue)
    return text_width(text, font) + text.count(" ") * WORD_SPACE * font


def swatch_width(number: int, font: float) -> float:
    """Width of the swatch of ``number`` at ``font`` points."""
    return text_width(str(number), font) + BOX_PAD * font


def row_clue_em(clue: ColourClue) -> float:
    """Printed width of a row clue on swatches at 1 point: its swatches and the gaps between."""
    if not clue:
        return text_width("0", 1.0)
    return sum(swatch_width(n, 1.0) for n, _ in clue) + BOX_GAP * (len(clue) - 1)


def font_per_cell(cols: Sequence[Clue]) -> float:
    """Clue font size per cell side such that the widest column clue number fits its cell."""
    digits = max((len(str(n)) for clue in cols for n in clue), default=1)
    return min(FONT_PER_CELL, DIGITS_FILL / text_width("8" * digits, 1.0))


def bands_of(puzzle: Puzzle) -> Bands:
    """The room the puzzle's clues take: plain numbers, or numbers on swatches of their
    colour where the puzzle names colours."""
    if not puzzle.kind.names_colours:
        row_em = max(row_clue_width(clue, 1.0) for clue in puzzle.rows)
        depth = max(len(clue) or 1 for clue in puzzle.cols)
        return Bands(font_per_cell(puzzle.cols), row_em, depth * PITCH)
    lengths = [tuple(n for n, _ in clue) for clue in puzzle.col_blocks]
    depth = max(len(c) or 1 for c in puzzle.col_blocks)
    row_em = max(row_clue_em(c) for c in puzzle.row_blocks)
    return Bands(FONT_SHARE * font_per_cell(lengths), row_em, depth * COL_PITCH)


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
    bands = bands_of(puzzle) if clues else Bands(0.0, 0.0, 0.0)
    return fit_layout((puzzle.height, puzzle.width), bands, box, max_cell=max_cell, above=above)


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


# --- the figure ----------------------------------------------------------------------------


def draw_figure(pen: Pen, puzzle: Puzzle, lay: Layout, *, solution: bool = False) -> None:
    """Draw the puzzle in its layout: clues if the layout has room for them, then the cells
    (the goal's when ``solution``, or else the givens: filled, a dot on the known empty)."""
    canvas, patterns = pen.canvas, pen.patterns and puzzle.kind.names_colours
    if lay.font:
        draw_bands(canvas, lay)
        if puzzle.kind.names_colours:
            draw_swatch_clues(canvas, puzzle, lay, patterns=patterns)
        else:
            draw_plain_clues(canvas, puzzle, lay)
    if solution:
        goal = goal_of(puzzle)
        if goal is not None:
            draw_cells(canvas, lay, goal, puzzle.palette, patterns=patterns)
    elif puzzle.givens is not None:  # unknown cells match no colour: only givens are drawn
        draw_cells(canvas, lay, puzzle.givens, puzzle.palette, patterns=patterns)
        draw_dots(canvas, lay, puzzle.givens == EMPTY)
    draw_lines(canvas, lay)


def goal_of(puzzle: Puzzle) -> npt.NDArray[np.uint8] | None:
    """The puzzle's solution grid to print, or None without one."""
    if puzzle.goal is None:
        return None
    goal = np.asarray(puzzle.goal, dtype=np.uint8)
    if goal.shape != (puzzle.height, puzzle.width):
        raise InputError(
            f"the goal grid is {goal.shape[1]}x{goal.shape[0]} but the puzzle is "
            f"{puzzle.width} x {puzzle.height}; give a goal of the puzzle's size"
        )
    return goal


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


def draw_plain_clues(canvas: Canvas, puzzle: Puzzle, lay: Layout) -> None:
    """Plain numbers: row clues right-aligned left of the grid; column clues stacked and
    bottom-aligned above."""
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


def draw_swatch_clues(
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


def rgb_of(palette: Palette, index: int) -> RGB255:
    """The RGB of palette colour ``index``."""
    return parse_rgb(palette.colours[index].rgb)


def fill(canvas: Canvas, rgb: RGB255) -> None:
    """Set the fill colour (a grey, black and white included, as a grey level)."""
    red, green, blue = rgb
    if red == green == blue:
        canvas.setFillGray(red / 255)
    else:
        canvas.setFillColorRGB(red / 255, green / 255, blue / 255)


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


def cell_runs(cells: Cells, colour: int, lay: Layout) -> list[Box]:
    """One box per horizontal run of cells of ``colour``."""
    g, cell = lay.grid, lay.cell
    out = []
    for r, row in enumerate(np.asarray(cells).tolist()):
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


def draw_cells(
    canvas: Canvas, lay: Layout, cells: Cells, palette: Palette, *, patterns: bool = False
) -> None:
    """Fill every cell with its colour, one rectangle per run (a white background is left as
    paper)."""
    step = max(0.25 * lay.cell, 1.0)
    for colour, entry in enumerate(palette.colours):
        if colour == 0 and entry.rgb == WHITE_HEX:
            continue
        runs = cell_runs(cells, colour, lay)
        if runs:
            pattern = pattern_of(colour) if patterns and colour > 0 else ""
            _fill_boxes(canvas, runs, rgb_of(palette, colour), pattern=pattern, step=step)
    canvas.setFillGray(0)


def draw_grey(canvas: Canvas, lay: Layout, mask: npt.NDArray[np.bool_], grey: float) -> None:
    """Fill the marked cells in ``grey``, one rectangle per run."""
    path = canvas.beginPath()
    for b in cell_runs(mask.astype(np.uint8), 1, lay):
        path.rect(b.x, b.y, b.w, b.h)
    canvas.setFillGray(grey)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.setFillGray(0)


def draw_dots(canvas: Canvas, lay: Layout, mask: npt.NDArray[np.bool_]) -> None:
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


# --- the legend ----------------------------------------------------------------------------


def legend_names(puzzle: Puzzle) -> list[str]:
    """The legend's texts: each block colour's name (none where the puzzle names no colour)."""
    if not puzzle.kind.names_colours:
        return []
    return [utf8_safe(colour.name) for colour in puzzle.palette.colours[1:]]


def legend_size(width: float) -> float:
    """Font size of the legend in a slot this wide."""
    return max(7.0, min(10.0, width * 0.03))


def legend_lines(puzzle: Puzzle, width: float, size: float) -> list[list[tuple[int, float]]]:
    """The legend's entries (colour, width) broken into lines no wider than ``width``."""
    lines: list[list[tuple[int, float]]] = []
    used = 0.0
    for i, name in enumerate(legend_names(puzzle), start=1):
        w = (LEGEND_SWATCH + 0.5) * size + text_width(name, size)
        if not lines or (lines[-1] and used + LEGEND_GAP * size + w > width):
            lines.append([])
            used = 0.0
        used += (LEGEND_GAP * size if lines[-1] else 0.0) + w
        lines[-1].append((i, w))
    return lines


def grid_box(puzzle: Puzzle, box: Box) -> Box:
    """The part of a puzzle's slot its figure takes: all of it, or the part above room for
    the legend of its colours at the bottom."""
    size = legend_size(box.w)
    count = len(legend_lines(puzzle, box.w, size))
    if not count:
        return box
    height = count * LEGEND_PITCH * size + 0.5 * size
    return Box(box.x, box.y + height, box.w, max(box.h - height, 1.0))


def draw_legend(pen: Pen, puzzle: Puzzle, box: Box, lay: Layout) -> None:
    """Draw swatch and name of every block colour, centred across the puzzle's slot ``box``,
    right under the grid (nothing where the puzzle names no colour)."""
    size, canvas, palette = legend_size(box.w), pen.canvas, puzzle.palette
    names, patterns = legend_names(puzzle), pen.patterns
    side, top = LEGEND_SWATCH * size, lay.grid.y - 0.3 * lay.cell
    for line in legend_lines(puzzle, box.w, size):
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
