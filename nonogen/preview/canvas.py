"""What every preview draws with (Pillow): fonts, inks, PNG bytes, pictures, grids of cells.

A grid's cells are drawn from an RGB ``uint8`` array ``(rows, cols, 3)`` of cell colours, each
cell a square of ``px`` pixels; a solved black-and-white grid is coloured by ``marked_cells``,
with the cells the generator flipped in red and the givens in blue.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFont

from nonogen.grid import Grid
from nonogen.palette import Palette, parse_rgb

Pixels = npt.NDArray[np.uint8]
"""A picture, indexed ``(row, col, channel)``, channels red, green, blue."""
Cell = tuple[int, int]
"""A cell as ``(row, col)``."""
Box = tuple[int, int, int, int]
"""A pixel rectangle ``(left, top, right, bottom)``, right and bottom exclusive."""
Colour = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

INK: Final = (20, 20, 20)
PAPER: Final = (255, 255, 255)
THIN: Final = (170, 170, 170)
DIM: Final = (105, 105, 105)
MARK: Final = (215, 40, 40)
LIGHT_MARK: Final = (240, 130, 130)
GIVEN: Final = (30, 100, 230)
LIGHT_GIVEN: Final = (125, 170, 245)

MARK_PX: Final = 8
"""Cells at least this big get crosses and rings; smaller ones are coloured whole."""
BLIND_CELL_PX = 12
"""Pixels a cell side in a solution picture for a blind naming."""


@lru_cache(maxsize=32)
def font_at(size: int) -> Font:
    """Pillow's bundled font at ``size`` px (no font files, no network)."""
    return ImageFont.load_default(size)


def png(image: Image.Image) -> bytes:
    """PNG bytes with fixed options and no metadata, so equal images give equal bytes."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def palette_rgb(palette: Palette) -> Pixels:
    """The palette's colours as RGB rows ``(colours, 3)``, the background first: a table a
    grid of palette indices indexes into."""
    return np.array([parse_rgb(c.rgb) for c in palette.colours], dtype=np.uint8)


def solution_png(cells: npt.ArrayLike, *, px: int = BLIND_CELL_PX) -> bytes:
    """A solution alone as a PNG, each cell a ``px`` square: a bool grid black on white, or
    uint8 ``(rows, cols, 3)`` colours; no clues, lines, title or source (a blind naming)."""
    array = np.asarray(cells)
    if array.dtype == np.bool_:
        array = np.where(array, 0, 255).astype(np.uint8)
    return png(cells_image(as_rgb(array), px))


def as_rgb(picture: npt.ArrayLike) -> Pixels:
    """The picture as RGB uint8 ``(rows, cols, 3)``: grey is repeated, alpha laid on white."""
    array = np.asarray(picture)
    if array.dtype != np.uint8:
        raise ValueError(
            f"expected a uint8 picture (rows, cols, 3), got dtype {array.dtype}; "
            "scale it to 0..255 and convert it with .astype(np.uint8)"
        )
    if array.ndim == 2:
        return np.repeat(array[:, :, None], 3, axis=2)
    if array.ndim == 3 and array.shape[2] == 3:
        return array
    if array.ndim == 3 and array.shape[2] == 4:
        alpha = array[:, :, 3:].astype(np.uint16)
        return ((array[:, :, :3] * alpha + 255 * (255 - alpha) + 127) // 255).astype(np.uint8)
    raise ValueError(f"expected an RGB picture of shape (rows, cols, 3), got shape {array.shape}")


def cell_mask(cells: Iterable[Cell], shape: tuple[int, int], what: str) -> Grid:
    """A bool grid that is True at ``cells``; ValueError for a cell outside the grid."""
    mask = np.zeros(shape, dtype=np.bool_)
    for cell in cells:
        r, c = (int(v) for v in cell)
        if not (0 <= r < shape[0] and 0 <= c < shape[1]):
            raise ValueError(
                f"expected {what} (row, col) inside the {shape[0]}x{shape[1]} grid, got {cell!r}"
            )
        mask[r, c] = True
    return mask


def bool_grid(grid: npt.ArrayLike, shape: tuple[int, int] | None, what: str) -> Grid:
    """The grid as a 2-D bool array of ``shape`` (any shape if None); ValueError otherwise."""
    array = np.asarray(grid, dtype=np.bool_)
    if array.ndim != 2 or (shape is not None and array.shape != shape):
        expected = "2-D" if shape is None else f"{shape[0]}x{shape[1]}"
        raise ValueError(f"expected a {expected} {what} grid, got shape {array.shape}")
    return array


def fit(shape: tuple[int, ...], height: int, max_width: int) -> tuple[int, int]:
    """(width, height) of a picture of ``shape`` scaled to ``height`` px, at most ``max_width``."""
    rows, cols = max(1, shape[0]), max(1, shape[1])
    width = max(1, round(cols * height / rows))
    if width <= max_width:
        return width, height
    return max_width, max(1, round(rows * max_width / cols))


def paste_picture(image: Image.Image, rgb: Pixels, box: Box) -> None:
    """The picture scaled into ``box`` (Lanczos, deterministic)."""
    if rgb.size == 0:
        return
    size = (box[2] - box[0], box[3] - box[1])
    scaled = Image.fromarray(np.ascontiguousarray(rgb)).resize(
        size, Image.Resampling.LANCZOS, reducing_gap=3.0
    )
    image.paste(scaled, box[:2])


def cells_image(colours: Pixels, px: int, size: tuple[int, int] | None = None) -> Image.Image:
    """Each cell as a ``px`` square; with ``px`` 0, a pixel a cell shrunk to ``size``."""
    big = np.repeat(np.repeat(colours, max(px, 1), axis=0), max(px, 1), axis=1)
    image = Image.fromarray(np.ascontiguousarray(big))
    return image if px or size is None else image.resize(size, Image.Resampling.BOX)


def cell_box(origin: tuple[int, int], px: int, r: int, c: int) -> Box:
    """The pixel box of cell ``(r, c)`` of a grid whose top-left corner is ``origin``."""
    return (
        origin[0] + c * px,
        origin[1] + r * px,
        origin[0] + (c + 1) * px,
        origin[1] + (r + 1) * px,
    )


def cross(draw: ImageDraw.ImageDraw, box: Box, inset: int, colour: Colour, width: int) -> None:
    """An X inside ``box``."""
    a, b, x1, y1 = box[0] + inset, box[1] + inset, box[2] - 1 - inset, box[3] - 1 - inset
    draw.line([(a, b), (x1, y1)], fill=colour, width=width)
    draw.line([(a, y1), (x1, b)], fill=colour, width=width)


def grid_lines(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    shape: tuple[int, int],
    px: int,
    *,
    heavy: bool = True,
) -> None:
    """Thin grey lines between cells, dark ones every 5 cells and around the grid; ``heavy``
    makes those 2 and the border 3 px wide."""
    x0, y0 = origin
    rows, cols = shape
    for i in range(rows + 1):
        colour, width = _line_style(i, rows, heavy=heavy)
        draw.line([(x0, y0 + i * px), (x0 + cols * px, y0 + i * px)], fill=colour, width=width)
    for j in range(cols + 1):
        colour, width = _line_style(j, cols, heavy=heavy)
        draw.line([(x0 + j * px, y0), (x0 + j * px, y0 + rows * px)], fill=colour, width=width)


def _line_style(i: int, count: int, *, heavy: bool) -> tuple[Colour, int]:
    """Colour and width of grid line ``i`` of ``count + 1``."""
    if i in (0, count):
        return INK, 3 if heavy else 1
    if i % 5 == 0:
        return INK, 2 if heavy else 1
    return THIN, 1


def legend(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], parts: Sequence[tuple[str, Colour]], size: int
) -> None:
    """Phrases, each in its colour, run together on one line from ``xy`` (left, top)."""
    face = font_at(size)
    x, y = xy
    for text, colour in parts:
        draw.text((x, y), text, fill=colour, font=face, anchor="la")
        x += round(face.getlength(text))


def caption(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int) -> None:
    """A panel's name, dim, just above its top-left corner ``xy``."""
    draw.text((xy[0], xy[1] - 4), text, fill=DIM, font=font_at(size), anchor="ld")


def marked_cells(
    grid: Grid, flipped: Grid, given: Grid, px: int, size: tuple[int, int] | None = None
) -> Image.Image:
    """A solved grid, each cell a ``px`` square: ink, flips red and givens blue, as crosses and
    rings when the cells are at least MARK_PX, as pale cells when smaller, as dots when shrunk
    below a pixel a cell (``px`` 0, to ``size``)."""
    big = px >= MARK_PX
    image = cells_image(_marked_colours(grid, flipped, given, marks=big), px, size)
    if big:
        draw_marks(image, grid, flipped, given, px=px)
    elif not px:
        dots(image, flipped, MARK)
        dots(image, given, GIVEN)
    return image


def _marked_colours(grid: Grid, flipped: Grid, given: Grid, *, marks: bool) -> Pixels:
    """Cell colours: ink, red flips; without room for marks, pale red and blue cells too."""
    out = np.empty((*grid.shape, 3), dtype=np.uint8)
    out[...] = PAPER
    out[grid] = INK
    if not marks:
        out[given & grid] = GIVEN
        out[given & ~grid] = LIGHT_GIVEN
        out[flipped & ~grid] = LIGHT_MARK
    out[flipped & grid] = MARK
    return out


def draw_marks(image: Image.Image, grid: Grid, flipped: Grid, given: Grid, *, px: int) -> None:
    """Red crosses on cleared flips and blue rings on givens (cells of at least MARK_PX)."""
    draw = ImageDraw.Draw(image)
    for r, c in zip(*np.nonzero(flipped & ~grid), strict=True):
        cross(draw, cell_box((0, 0), px, r, c), max(1, px // 4), MARK, max(2, px // 8))
    inset = max(1, px // 6)
    for r, c in zip(*np.nonzero(given), strict=True):
        x0, y0, x1, y1 = cell_box((0, 0), px, r, c)
        ring = (x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset)
        draw.rectangle(ring, outline=GIVEN, width=max(1, px // 7))


def dots(image: Image.Image, cells: Grid, colour: Colour) -> None:
    """A 2 px dot at each of ``cells`` on a grid shrunk below a pixel a cell, so it stays seen."""
    draw = ImageDraw.Draw(image)
    sy, sx = image.height / cells.shape[0], image.width / cells.shape[1]
    for r, c in zip(*np.nonzero(cells), strict=True):
        x, y = min(int(c * sx), image.width - 2), min(int(r * sy), image.height - 2)
        draw.rectangle((x, y, x + 1, y + 1), fill=colour)
