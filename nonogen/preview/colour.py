"""A colour puzzle's PNG preview: coloured clues beside the empty grid, the solution in colour.

Each clue number sits on a box of its colour in black or white, whichever contrasts more (as in
the PDF); a legend line names the colours.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from nonogen.clues import ColourGrid
from nonogen.errors import InputError
from nonogen.palette import RGB255, ink_for, parse_rgb
from nonogen.preview.canvas import (
    GIVEN,
    INK,
    MARK,
    MARK_PX,
    PAPER,
    Box,
    Cell,
    Font,
    as_rgb,
    caption,
    cell_mask,
    cells_image,
    dots,
    draw_marks,
    font_at,
    grid_lines,
    paste_picture,
    png,
)
from nonogen.preview.text import shown, text_font
from nonogen.puzzle import Puzzle

OUTLINE: Final = (120, 120, 120)
"""The edge of a colour swatch."""
SWATCH: Final = 0.84
"""A clue swatch's side (its height, and at least its width), in cells."""


@dataclass(frozen=True)
class ColourLayout:
    """Where the parts of a colour preview go, in pixels."""

    px: int
    """Side of one cell."""
    puzzle: tuple[int, int]
    """Top-left corner of the puzzle grid (clues are left of and above it)."""
    solution: tuple[int, int] | None
    """Top-left corner of the solution grid, or None without a solution."""
    legend: int
    """Top of the legend line."""
    size: tuple[int, int]
    """(width, height) of the whole image."""


def _cell_px(puzzle: Puzzle) -> int:
    """Cell size in pixels: big for small puzzles, at least 10 px, at most ~1000 px a grid."""
    return max(10, min(28, 1000 // max(puzzle.width, puzzle.height, 1)))


def _clue_font(px: int) -> Font:
    """The font of the clue numbers for cells of ``px``."""
    return font_at(max(8, int(px * 0.6)))


def _swatch_widths(clue: tuple[tuple[int, int], ...], font: Font, px: int) -> list[int]:
    """Pixel width of each number's swatch in a row clue."""
    return [max(round(SWATCH * px), round(font.getlength(str(n)) + px * 0.35)) for n, _ in clue]


def colour_layout(puzzle: Puzzle, *, solution: bool) -> ColourLayout:
    """The layout of ``colour_preview_png`` for this puzzle, with or without the solution."""
    px = _cell_px(puzzle)
    font, gap = _clue_font(px), max(2, px // 8)
    clue_w = (
        max(sum(_swatch_widths(c, font, px)) + gap * len(c) for c in puzzle.row_blocks) + px // 2
    )
    clue_h = max(len(c) or 1 for c in puzzle.col_blocks) * px + px // 2
    gw, gh = puzzle.width * px, puzzle.height * px
    x0, y0 = px + clue_w, px + clue_h
    sx = x0 + gw + 2 * px
    legend = y0 + gh + px
    legend_w = px + sum(_legend_entry(c.name, px) for c in puzzle.palette.colours[1:])
    width = max((sx + gw if solution else x0 + gw) + px, legend_w)
    return ColourLayout(
        px, (x0, y0), (sx, y0) if solution else None, legend, (width, legend + 2 * px)
    )


def _rgb(puzzle: Puzzle, colour: int) -> RGB255:
    """The ``(red, green, blue)`` of the puzzle's palette colour ``colour``."""
    return parse_rgb(puzzle.palette.colours[colour].rgb)


def _swatch(draw: ImageDraw.ImageDraw, box: Box, rgb: RGB255, text: str, font: Font) -> None:
    """A box of ``rgb`` with ``text`` centred on it in the contrasting ink."""
    draw.rectangle(box, fill=rgb, outline=OUTLINE)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw.text(centre, text, fill=ink_for(rgb), font=font, anchor="mm")


def _draw_clues(draw: ImageDraw.ImageDraw, puzzle: Puzzle, lay: ColourLayout) -> None:
    """Row clues right-aligned left of the grid, column clues stacked above it, on swatches."""
    px, (x0, y0) = lay.px, lay.puzzle
    font, gap, side = _clue_font(px), max(2, px // 8), round(SWATCH * px)
    inset = (px - side) // 2
    for r, clue in enumerate(puzzle.row_blocks):
        widths = _swatch_widths(clue, font, px)
        x, top = x0 - px // 4 - sum(widths) - gap * (len(clue) - 1), y0 + r * px + inset
        if not clue:
            draw.text((x0 - px // 4, top + side / 2), "0", fill=INK, font=font, anchor="rm")
        for (n, colour), w in zip(clue, widths, strict=True):
            _swatch(draw, (x, top, x + w - 1, top + side - 1), _rgb(puzzle, colour), str(n), font)
            x += w + gap
    for c, clue in enumerate(puzzle.col_blocks):
        left = x0 + c * px + inset
        if not clue:
            draw.text((left + side / 2, y0 - px // 4), "0", fill=INK, font=font, anchor="md")
        for k, (n, colour) in enumerate(reversed(clue)):
            bottom = y0 - px // 4 - k * px
            box = (left, bottom - side, left + side - 1, bottom - 1)
            _swatch(draw, box, _rgb(puzzle, colour), str(n), font)


def _draw_legend(draw: ImageDraw.ImageDraw, puzzle: Puzzle, lay: ColourLayout) -> None:
    """Swatch and name of every block colour, on one line."""
    px = lay.px
    x, y = px, lay.legend
    for i, colour in enumerate(puzzle.palette.colours[1:], start=1):
        draw.rectangle((x, y, x + px - 1, y + px - 1), fill=_rgb(puzzle, i), outline=OUTLINE)
        font = text_font(colour.name, _legend_size(px))
        at = (x + px + px // 3, y + px / 2)
        draw.text(at, shown(colour.name), fill=INK, font=font, anchor="lm")
        x += _legend_entry(colour.name, px)


def _legend_size(px: int) -> int:
    """Font size of the legend and labels for cells of ``px``."""
    return max(10, int(px * 0.6))


def _legend_entry(name: str, px: int) -> int:
    """Pixel width a legend entry takes, the space after it included."""
    return 2 * px + px // 3 + round(text_font(name, _legend_size(px)).getlength(shown(name)))


def colour_preview_png(
    puzzle: Puzzle,
    solution: ColourGrid | None = None,
    *,
    picture: npt.ArrayLike | None = None,
    changed: Iterable[Cell] = (),
    givens: Iterable[Cell] = (),
) -> bytes:
    """The preview as PNG bytes: the puzzle with coloured clues, then ``solution`` (default:
    the puzzle's goal) in colour when there is one; palette indices, shape ``(rows, cols)``.
    As the black-and-white preview does, a made puzzle shows its ``picture`` (the source
    region, RGB) on the left and marks the cells the repair ``changed`` (red crosses) and the
    ``givens`` (blue rings) on its solution."""
    grid = puzzle.goal if solution is None else np.asarray(solution)
    if grid is not None and grid.shape != (puzzle.height, puzzle.width):
        raise InputError(
            f"expected a solution of {puzzle.height} rows and {puzzle.width} columns, got shape "
            f"{grid.shape}"
        )
    lay = colour_layout(puzzle, solution=grid is not None)
    image = Image.new("RGB", lay.size, PAPER)
    draw = ImageDraw.Draw(image)
    _draw_clues(draw, puzzle, lay)
    shape = (puzzle.height, puzzle.width)
    grid_lines(draw, lay.puzzle, shape, lay.px, heavy=False)
    if grid is not None and lay.solution is not None:
        table = np.array([_rgb(puzzle, i) for i in range(puzzle.palette.size)], dtype=np.uint8)
        cells = cells_image(table[np.asarray(grid, dtype=np.intp)], lay.px)
        marked = _mark(cells, shape, changed, givens, lay.px)
        image.paste(cells, lay.solution)
        grid_lines(draw, lay.solution, shape, lay.px, heavy=False)
        caption(draw, lay.solution, f"solution{marked}", _legend_size(lay.px))
    _draw_legend(draw, puzzle, lay)
    if picture is not None:
        image = _beside_source(image, as_rgb(picture), lay, puzzle.height)
    return png(image)


def _mark(
    cells: Image.Image,
    shape: tuple[int, int],
    changed: Iterable[Cell],
    givens: Iterable[Cell],
    px: int,
) -> str:
    """Cross the changed cells and ring the givens on the solution's cells; the caption's
    words for the marks drawn."""
    changes = cell_mask(changed, shape, "changed cells")
    given = cell_mask(givens, shape, "givens")
    if px >= MARK_PX:
        draw_marks(cells, np.zeros_like(changes), changes, given, px=px)
    else:
        dots(cells, changes, MARK)
        dots(cells, given, GIVEN)
    words = ["red: changed"] * bool(changes.any()) + ["blue: given"] * bool(given.any())
    return f" ({', '.join(words)})" if words else ""


def _beside_source(
    preview: Image.Image, rgb: npt.NDArray[np.uint8], lay: ColourLayout, rows: int
) -> Image.Image:
    """The source picture, as tall as the grid, on the left of the preview, level with the
    solution."""
    if not rgb.size:
        return preview
    top = lay.solution[1] if lay.solution is not None else lay.puzzle[1]
    height = max(1, rows * lay.px)
    width = max(1, round(rgb.shape[1] * height / rgb.shape[0]))
    margin = lay.px
    joined = Image.new("RGB", (width + margin + preview.width, preview.height), PAPER)
    paste_picture(joined, rgb, (margin, top, margin + width, top + height))
    caption(ImageDraw.Draw(joined), (margin, top), "source", _legend_size(lay.px))
    joined.paste(preview, (width + margin, 0))
    return joined
