"""A puzzle's PNG preview, one renderer for both kinds: the puzzle as it will look beside its
solution.

The middle panel is the empty grid with its clues, the way it prints, with givens printed
(a filled one in a pale tint of its colour, an empty one crossed). The right panel is the
solution in its colours; cells the generator changed are crossed in red and givens ringed in
blue. With ``picture`` the source region is drawn on the left. Black and white is the
one-colour case: its clues are plain numbers, a colour puzzle's sit on swatches of their
colour in black or white, whichever contrasts more (as in the PDF), and a legend line names
the colours; the legend names the marks that occur, for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from nonogen.clues import ColourClue, ColourGrid
from nonogen.errors import InputError
from nonogen.grid import UNKNOWN, Grid
from nonogen.palette import RGB255, ink_for, parse_rgb
from nonogen.preview.canvas import (
    DIM,
    GIVEN,
    INK,
    MARK,
    MARK_PX,
    PAPER,
    Box,
    Cell,
    Font,
    Pixels,
    as_rgb,
    bool_grid,
    caption,
    cell_box,
    cell_mask,
    cells_image,
    cross,
    dots,
    draw_marks,
    fit,
    font_at,
    grid_lines,
    legend,
    palette_rgb,
    paste_picture,
    png,
)
from nonogen.preview.text import shown, text_font
from nonogen.puzzle import Puzzle

PRINTED_TINT: Final = 150 / 255
"""How far a printed given's colour is lightened towards the paper (black prints grey 150)."""
OUTLINE: Final = (120, 120, 120)
"""The edge of a colour swatch."""
SWATCH: Final = 0.84
"""A colour clue's swatch side (its height, and at least its width), in cells."""


@dataclass(frozen=True)
class PreviewLayout:
    """Where the panels of a preview go, in pixels."""

    px: int
    """Side of one cell."""
    text: int
    """Size of the label and legend font."""
    source: Box | None
    """The source picture panel, or None without a picture."""
    puzzle: tuple[int, int]
    """Top-left corner of the puzzle grid (clues are left of and above it)."""
    solution: tuple[int, int] | None
    """Top-left corner of the solution grid, or None without a solution."""
    legend: int | None
    """Top of the legend line, or None without one."""
    size: tuple[int, int]
    """(width, height) of the whole image."""

    def cell_box(self, panel: Literal["puzzle", "solution"], row: int, col: int) -> Box:
        """The pixel box of cell ``(row, col)`` in the puzzle or the solution panel."""
        origin = self.solution if panel == "solution" else self.puzzle
        return cell_box(origin or self.puzzle, self.px, row, col)


def _cell_px(puzzle: Puzzle) -> int:
    """Cell size in pixels: big for small puzzles, at most ~1000 px a grid; at least 6 px, or
    10 px where clues sit on swatches."""
    least = 10 if puzzle.kind.names_colours else 6
    return max(least, min(24, 1000 // max(puzzle.width, puzzle.height, 1)))


def _clue_size(px: int) -> int:
    """Font size of the clue numbers for cells of ``px``."""
    return max(7, int(px * 0.62))


def row_clue_layout(clue: Sequence[int], font: Font) -> tuple[list[tuple[str, float]], float]:
    """A row clue's numbers with their x offsets, and its width: a digit's width between numbers.

    A plain space in Pillow's font is narrow enough that "1 13" reads as "113".
    """
    gap = font.getlength("0")
    placed, x = [], 0.0
    for number in [str(n) for n in clue] or ["0"]:
        placed.append((number, x))
        x += font.getlength(number) + gap
    return placed, x - gap


def _swatch_widths(clue: ColourClue, font: Font, px: int) -> list[int]:
    """Pixel width of each number's swatch in a colour row clue."""
    return [max(round(SWATCH * px), round(font.getlength(str(n)) + px * 0.35)) for n, _ in clue]


def _row_clue_width(puzzle: Puzzle, clue: ColourClue, font: Font, px: int) -> float:
    """How wide a row clue is drawn: its numbers, or its swatches and the gaps between."""
    if not puzzle.kind.names_colours or not clue:
        return row_clue_layout([n for n, _ in clue], font)[1]
    return sum(_swatch_widths(clue, font, px)) + max(2, px // 8) * (len(clue) - 1)


def _legend_entry(name: str, size: int, px: int) -> int:
    """Pixel width a colour's legend entry takes, the space after it included."""
    return 2 * px + px // 3 + round(text_font(name, size).getlength(shown(name)))


def preview_layout(
    puzzle: Puzzle,
    *,
    picture_shape: tuple[int, ...] | None = None,
    legend: bool = False,
    solution: bool = True,
) -> PreviewLayout:
    """The layout of ``preview_png`` for this puzzle, source picture shape and legend (a
    colour puzzle always has one: its colours), with or without the solution panel."""
    px = _cell_px(puzzle)
    pad, text, clue_font = px, max(12, int(px * 0.7)), font_at(_clue_size(px))
    widths = [_row_clue_width(puzzle, c, clue_font, px) for c in puzzle.row_blocks or [()]]
    clue_w = round(max(widths)) + px // 2
    clue_h = max((len(c) for c in puzzle.cols), default=1) * px + px // 2
    gw, gh = puzzle.width * px, puzzle.height * px
    top = pad + max(clue_h, text + px // 2)
    source, left = None, pad
    if picture_shape is not None:
        w, h = fit(picture_shape, gh, 2 * max(gw, gh))
        source = (pad, top, pad + w, top + h)
        left = pad + w + 2 * pad
    x0 = left + clue_w
    sx = x0 + gw + 2 * pad
    bottom = top + gh + pad
    legend = legend or puzzle.kind.names_colours
    names = sum(_legend_entry(c.name, text, px) for c in puzzle.palette.colours[1:])
    width = max((sx + gw if solution else x0 + gw) + pad, pad + names if legend else 0)
    height = bottom + (text + pad if legend else 0)
    corner = (sx, top) if solution else None
    return PreviewLayout(
        px, text, source, (x0, top), corner, bottom if legend else None, (width, height)
    )


def _rgb(puzzle: Puzzle, colour: int) -> RGB255:
    """The ``(red, green, blue)`` of the puzzle's palette colour ``colour``."""
    return parse_rgb(puzzle.palette.colours[colour].rgb)


def _draw_clues(draw: ImageDraw.ImageDraw, puzzle: Puzzle, layout: PreviewLayout) -> None:
    """Row clues right-aligned left of the grid, column clues stacked above it: numbers, or
    numbers on swatches of their colour."""
    px = layout.px
    face = font_at(_clue_size(px))
    x0, y0 = layout.puzzle
    swatches = puzzle.kind.names_colours
    side, gap = round(SWATCH * px), max(2, px // 8)
    inset = (px - side) // 2
    for r, clue in enumerate(puzzle.row_blocks):
        if not swatches or not clue:
            placed, width = row_clue_layout([n for n, _ in clue], face)
            left, y = x0 - px // 4 - width, y0 + r * px + px / 2
            for number, x in placed:
                draw.text((left + x, y), number, fill=INK, font=face, anchor="lm")
            continue
        widths = _swatch_widths(clue, face, px)
        x, top = x0 - px // 4 - sum(widths) - gap * (len(clue) - 1), y0 + r * px + inset
        for (n, colour), w in zip(clue, widths, strict=True):
            _swatch(draw, (x, top, x + w - 1, top + side - 1), _rgb(puzzle, colour), str(n), face)
            x += w + gap
    for c, clue in enumerate(puzzle.col_blocks):
        for k, (n, colour) in enumerate(reversed(clue or ((0, 0),))):
            bottom = y0 - px // 4 - k * px
            if swatches and clue:
                left = x0 + c * px + inset
                box = (left, bottom - side, left + side - 1, bottom - 1)
                _swatch(draw, box, _rgb(puzzle, colour), str(n), face)
            else:
                draw.text((x0 + c * px + px / 2, bottom), str(n), fill=INK, font=face, anchor="md")


def _swatch(draw: ImageDraw.ImageDraw, box: Box, rgb: RGB255, text: str, font: Font) -> None:
    """A box of ``rgb`` with ``text`` centred on it in the contrasting ink."""
    draw.rectangle(box, fill=rgb, outline=OUTLINE)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw.text(centre, text, fill=ink_for(rgb), font=font, anchor="mm")


def _draw_printed_givens(
    image: Image.Image,
    layout: PreviewLayout,
    table: Pixels,
    solution: ColourGrid,
    given: Grid,
) -> None:
    """Givens as printed: a filled one in a pale tint of its colour (``table``: the palette's
    RGB rows), an empty one crossed."""
    px = layout.px
    tinted = np.rint(table + (255.0 - table.astype(np.float64)) * PRINTED_TINT).astype(np.uint8)
    colours = np.empty((*solution.shape, 3), dtype=np.uint8)
    colours[...] = PAPER
    filled = given & (solution > 0)
    colours[filled] = tinted[solution[filled]]
    image.paste(cells_image(colours, px), layout.puzzle)
    draw = ImageDraw.Draw(image)
    for r, c in zip(*np.nonzero(given & (solution == 0)), strict=True):
        cross(draw, layout.cell_box("puzzle", r, c), max(1, px * 3 // 10), DIM, max(1, px // 10))


def _draw_legend(
    draw: ImageDraw.ImageDraw,
    puzzle: Puzzle,
    layout: PreviewLayout,
    marks: list[tuple[str, RGB255]],
) -> None:
    """The legend line: each block colour's swatch and name (colour puzzles), then the marks
    that occur, each in its colour."""
    if layout.legend is None:
        return
    px, x, y = layout.px, layout.px, layout.legend
    if puzzle.kind.names_colours:
        for i, colour in enumerate(puzzle.palette.colours[1:], start=1):
            draw.rectangle((x, y, x + px - 1, y + px - 1), fill=_rgb(puzzle, i), outline=OUTLINE)
            font = text_font(colour.name, layout.text)
            at = (x + px + px // 3, y + px / 2)
            draw.text(at, shown(colour.name), fill=INK, font=font, anchor="lm")
            x += _legend_entry(colour.name, layout.text, px)
    legend(draw, (x, y), marks, layout.text)


def _given_mask(puzzle: Puzzle, givens: Iterable[Cell] | None) -> Grid:
    """The given cells: those passed, or else those the puzzle itself gives."""
    shape = (puzzle.height, puzzle.width)
    if givens is None:
        if puzzle.givens is None:
            return np.zeros(shape, dtype=np.bool_)
        return bool_grid(puzzle.givens != UNKNOWN, shape, "puzzle givens")
    return cell_mask(givens, shape, "given cells")


def _solution_grid(puzzle: Puzzle, solution: npt.ArrayLike | None) -> ColourGrid | None:
    """The solution as palette indices (a bool grid is black and white's), default the
    puzzle's goal; None without one."""
    if solution is None:
        return None if puzzle.goal is None else np.asarray(puzzle.goal, dtype=np.uint8)
    grid = np.asarray(solution)
    if grid.shape != (puzzle.height, puzzle.width):
        raise InputError(
            f"expected a solution of {puzzle.height} rows and {puzzle.width} columns, got shape "
            f"{grid.shape}"
        )
    if grid.size and (int(grid.min()) < 0 or int(grid.max()) >= puzzle.palette.size):
        raise ValueError(f"expected palette indices 0 to {puzzle.palette.size - 1}")
    return np.asarray(grid, dtype=np.uint8)


def preview_png(
    puzzle: Puzzle,
    solution: npt.ArrayLike | None = None,
    source: npt.ArrayLike | None = None,
    *,
    picture: npt.ArrayLike | None = None,
    givens: Iterable[Cell] | None = None,
) -> bytes:
    """The preview as PNG bytes: the puzzle with its clues, then ``solution`` (palette
    indices or, black and white, a bool grid; default: the puzzle's goal, if any). The cells
    where ``solution`` differs from ``source`` (the drawing before the repair) are the
    changed ones.

    ``picture`` (RGB uint8, see ``as_rgb``) is drawn on the left, scaled to the grid's height.
    ``givens`` are ``(row, col)`` cells; None means the puzzle's own givens, if it has any.
    """
    shape = (puzzle.height, puzzle.width)
    grid = _solution_grid(puzzle, solution)
    changed = np.zeros(shape, dtype=np.bool_)
    if source is not None and grid is not None:
        changed = grid != _solution_grid(puzzle, source)
    given = _given_mask(puzzle, givens)
    rgb = None if picture is None else as_rgb(picture)
    if rgb is not None and rgb.size == 0:
        raise ValueError(f"expected a picture with pixels, got shape {rgb.shape}")
    marks = [("red: changed cell", MARK)] * bool(changed.any())
    marks += [("blue: given", GIVEN)] * bool(given.any())
    parts = [part for i, mark in enumerate(marks) for part in [(", ", INK)] * bool(i) + [mark]]
    layout = preview_layout(
        puzzle,
        picture_shape=None if rgb is None else rgb.shape,
        legend=bool(parts),
        solution=grid is not None,
    )
    image = Image.new("RGB", layout.size, PAPER)
    draw = ImageDraw.Draw(image)
    if rgb is not None and layout.source is not None:
        paste_picture(image, rgb, layout.source)
        caption(draw, layout.source[:2], "source", layout.text)
    _draw_clues(draw, puzzle, layout)
    table = palette_rgb(puzzle.palette)
    if grid is not None:
        _draw_printed_givens(image, layout, table, grid, given)
    grid_lines(draw, layout.puzzle, shape, layout.px)
    if grid is not None and layout.solution is not None:
        cells = cells_image(table[grid.astype(np.intp)], layout.px)
        if layout.px >= MARK_PX:
            draw_marks(cells, np.zeros(shape, dtype=np.bool_), changed, given, px=layout.px)
        else:
            dots(cells, changed, MARK)
            dots(cells, given, GIVEN)
        image.paste(cells, layout.solution)
        grid_lines(draw, layout.solution, shape, layout.px)
        caption(draw, layout.solution, "solution", layout.text)
    _draw_legend(draw, puzzle, layout, parts)
    return png(image)
