"""A black-and-white puzzle's PNG preview: the puzzle as it will look beside its solution.

The middle panel is the empty grid with its clues, the way it prints, with givens pre-filled
(grey) or pre-crossed. The right panel is the solution; cells the generator flipped are marked
in red (a red square for a cell it filled, a red cross for a cell it cleared) and givens are
ringed in blue. With ``picture`` the source region is drawn on the left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from nonogen.grid import UNKNOWN, Grid
from nonogen.preview.canvas import (
    DIM,
    GIVEN,
    INK,
    MARK,
    PAPER,
    Box,
    Cell,
    Font,
    as_rgb,
    bool_grid,
    caption,
    cell_box,
    cell_mask,
    cells_image,
    cross,
    fit,
    font_at,
    grid_lines,
    legend,
    marked_cells,
    paste_picture,
    png,
)
from nonogen.puzzle import Puzzle

PRINTED: Final = (150, 150, 150)
"""A given filled cell as printed."""


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
    solution: tuple[int, int]
    """Top-left corner of the solution grid."""
    legend: int | None
    """Top of the legend line, or None without one."""
    size: tuple[int, int]
    """(width, height) of the whole image."""

    def cell_box(self, panel: Literal["puzzle", "solution"], row: int, col: int) -> Box:
        """The pixel box of cell ``(row, col)`` in the puzzle or the solution panel."""
        return cell_box(self.puzzle if panel == "puzzle" else self.solution, self.px, row, col)


def _cell_px(puzzle: Puzzle) -> int:
    """Cell size in pixels: big for small puzzles, at least 6 px, at most ~1600 px wide."""
    return max(6, min(24, 1000 // max(puzzle.width, puzzle.height, 1)))


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


def preview_layout(
    puzzle: Puzzle, *, picture_shape: tuple[int, ...] | None = None, legend: bool = False
) -> PreviewLayout:
    """The layout of ``preview_png`` for this puzzle, source picture shape and legend."""
    px = _cell_px(puzzle)
    pad, text, clue_font = px, max(12, int(px * 0.7)), font_at(_clue_size(px))
    clue_w = round(max(row_clue_layout(c, clue_font)[1] for c in puzzle.rows or [()])) + px // 2
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
    height = bottom + (text + pad if legend else 0)
    return PreviewLayout(
        px, text, source, (x0, top), (sx, top), bottom if legend else None, (sx + gw + pad, height)
    )


def _draw_clues(draw: ImageDraw.ImageDraw, puzzle: Puzzle, layout: PreviewLayout) -> None:
    """Row clues right-aligned left of the grid, column clues stacked above it."""
    px = layout.px
    face = font_at(_clue_size(px))
    x0, y0 = layout.puzzle
    for r, clue in enumerate(puzzle.rows):
        placed, width = row_clue_layout(clue, face)
        left, y = x0 - px // 4 - width, y0 + r * px + px / 2
        for number, x in placed:
            draw.text((left + x, y), number, fill=INK, font=face, anchor="lm")
    for c, clue in enumerate(puzzle.cols):
        for k, run in enumerate(reversed(clue or (0,))):
            y = y0 - px // 4 - k * px
            draw.text((x0 + c * px + px / 2, y), str(run), fill=INK, font=face, anchor="md")


def _draw_printed_givens(
    image: Image.Image, layout: PreviewLayout, solution: Grid, given: Grid
) -> None:
    """Givens as printed: a filled one grey, an empty one with a small cross."""
    px = layout.px
    colours = np.empty((*solution.shape, 3), dtype=np.uint8)
    colours[...] = PAPER
    colours[given & solution] = PRINTED
    image.paste(cells_image(colours, px), layout.puzzle)
    draw = ImageDraw.Draw(image)
    for r, c in zip(*np.nonzero(given & ~solution), strict=True):
        cross(draw, layout.cell_box("puzzle", r, c), max(1, px * 3 // 10), DIM, max(1, px // 10))


def _given_mask(puzzle: Puzzle, givens: Iterable[Cell] | None) -> Grid:
    """The given cells: those passed, or else those the puzzle itself gives."""
    shape = (puzzle.height, puzzle.width)
    if givens is None:
        if puzzle.givens is None:
            return np.zeros(shape, dtype=np.bool_)
        return bool_grid(puzzle.givens != UNKNOWN, shape, "puzzle givens")
    return cell_mask(givens, shape, "given cells")


def preview_png(
    puzzle: Puzzle,
    solution: Grid,
    source: Grid | None = None,
    *,
    picture: npt.ArrayLike | None = None,
    givens: Iterable[Cell] | None = None,
) -> bytes:
    """The preview as PNG bytes; flips are the cells where ``solution`` differs from ``source``.

    ``picture`` (RGB uint8, see ``as_rgb``) is drawn on the left, scaled to the grid's height.
    ``givens`` are ``(row, col)`` cells; None means the puzzle's own givens, if it has any.
    """
    shape = (puzzle.height, puzzle.width)
    solution = bool_grid(solution, shape, "solution")
    flipped = (
        np.zeros_like(solution)
        if source is None
        else solution != bool_grid(source, shape, "source")
    )
    given = _given_mask(puzzle, givens)
    rgb = None if picture is None else as_rgb(picture)
    if rgb is not None and rgb.size == 0:
        raise ValueError(f"expected a picture with pixels, got shape {rgb.shape}")
    marks = [("red: flipped cell", MARK)] * bool(flipped.any())
    marks += [("blue: given", GIVEN)] * bool(given.any())
    parts = [part for i, mark in enumerate(marks) for part in [(", ", INK)] * bool(i) + [mark]]
    layout = preview_layout(
        puzzle, picture_shape=None if rgb is None else rgb.shape, legend=bool(parts)
    )
    image = Image.new("RGB", layout.size, PAPER)
    draw = ImageDraw.Draw(image)
    if rgb is not None and layout.source is not None:
        paste_picture(image, rgb, layout.source)
        caption(draw, layout.source[:2], "source", layout.text)
    _draw_clues(draw, puzzle, layout)
    _draw_printed_givens(image, layout, solution, given)
    grid_lines(draw, layout.puzzle, shape, layout.px)
    image.paste(marked_cells(solution, flipped, given, layout.px), layout.solution)
    grid_lines(draw, layout.solution, shape, layout.px)
    caption(draw, layout.solution, "solution", layout.text)
    if layout.legend is not None:
        legend(draw, (layout.px, layout.legend), parts, layout.text)
    return png(image)
