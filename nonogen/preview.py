"""PNG previews of made puzzles (Pillow): the puzzle as it will look beside its solution.

``preview_png`` draws one puzzle. The middle panel is the empty grid with its clues, the way it
prints, with givens pre-filled (grey) or pre-crossed. The right panel is the solution; cells the
generator flipped are marked in red (a red square for a cell it filled, a red cross for a cell it
cleared) and givens are ringed in blue. With ``picture`` the source region is drawn on the left.

``contact_sheet`` draws many made pictures, one band each, for the generator report: the text,
then the source picture, the grid the conversion chose, the final grid and their difference.

Pictures are RGB ``uint8`` arrays ``(rows, cols, 3)``; a grey ``(rows, cols)`` or RGBA
``(rows, cols, 4)`` ``uint8`` array is converted, anything else is a ``ValueError`` (a bug in the
caller, not bad user input). The same input always gives the same PNG bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFont

from nonogen.grid import UNKNOWN, Grid
from nonogen.puzzle import Puzzle

RGB = npt.NDArray[np.uint8]
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
FAINT: Final = (222, 222, 222)
MARK: Final = (215, 40, 40)
LIGHT_MARK: Final = (240, 130, 130)
GIVEN: Final = (30, 100, 230)
LIGHT_GIVEN: Final = (125, 170, 245)
PRINTED: Final = (150, 150, 150)
REMOVED: Final = (240, 150, 0)
KEPT: Final = (200, 200, 200)

MARK_PX: Final = 8
"""Cells at least this big get crosses and rings; smaller ones are coloured whole."""
MAX_SHEET_HEIGHT: Final = 4000
"""A contact sheet is at most this tall: panels shrink from SHEET_PANEL towards MIN_SHEET_PANEL."""
SHEET_PANEL: Final = 140
MIN_SHEET_PANEL: Final = 32
SHEET_MARGIN: Final = 12
SHEET_COLUMNS: Final = ("source", "chosen", "final", "difference")
BAND_INSET: Final = 4


@lru_cache(maxsize=32)
def _font(size: int) -> Font:
    """Pillow's bundled font at ``size`` px (no font files, no network)."""
    return ImageFont.load_default(size)


BLIND_CELL_PX = 12
"""Pixels a cell side in a solution picture for a blind naming."""


def solution_png(cells: npt.ArrayLike, *, px: int = BLIND_CELL_PX) -> bytes:
    """A solution alone as a PNG, each cell a ``px`` square: a bool grid black on white, or
    uint8 ``(rows, cols, 3)`` colours; no clues, lines, title or source (a blind naming)."""
    array = np.asarray(cells)
    if array.dtype == np.bool_:
        array = np.where(array, 0, 255).astype(np.uint8)
    return _png(_cells_image(as_rgb(array), px))


def _png(image: Image.Image) -> bytes:
    """PNG bytes with fixed options and no metadata, so equal images give equal bytes."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def as_rgb(picture: npt.ArrayLike) -> RGB:
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


def _mask(cells: Iterable[Cell], shape: tuple[int, int], what: str) -> Grid:
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


def _grid(grid: npt.ArrayLike, shape: tuple[int, int] | None, what: str) -> Grid:
    """The grid as a 2-D bool array of ``shape`` (any shape if None); ValueError otherwise."""
    array = np.asarray(grid, dtype=np.bool_)
    if array.ndim != 2 or (shape is not None and array.shape != shape):
        expected = "2-D" if shape is None else f"{shape[0]}x{shape[1]}"
        raise ValueError(f"expected a {expected} {what} grid, got shape {array.shape}")
    return array


def _fit(shape: tuple[int, ...], height: int, max_width: int) -> tuple[int, int]:
    """(width, height) of a picture of ``shape`` scaled to ``height`` px, at most ``max_width``."""
    rows, cols = max(1, shape[0]), max(1, shape[1])
    width = max(1, round(cols * height / rows))
    if width <= max_width:
        return width, height
    return max_width, max(1, round(rows * max_width / cols))


def _paste_picture(image: Image.Image, rgb: RGB, box: Box) -> None:
    """The picture scaled into ``box`` (Lanczos, deterministic)."""
    if rgb.size == 0:
        return
    size = (box[2] - box[0], box[3] - box[1])
    scaled = Image.fromarray(np.ascontiguousarray(rgb)).resize(
        size, Image.Resampling.LANCZOS, reducing_gap=3.0
    )
    image.paste(scaled, box[:2])


def _colours(grid: Grid, flipped: Grid, given: Grid, *, marks: bool) -> RGB:
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


def _cells_image(colours: RGB, px: int, size: tuple[int, int] | None = None) -> Image.Image:
    """Each cell as a ``px`` square; with ``px`` 0, a pixel a cell shrunk to ``size``."""
    big = np.repeat(np.repeat(colours, max(px, 1), axis=0), max(px, 1), axis=1)
    image = Image.fromarray(np.ascontiguousarray(big))
    return image if px or size is None else image.resize(size, Image.Resampling.BOX)


def _cross(draw: ImageDraw.ImageDraw, box: Box, inset: int, colour: Colour, width: int) -> None:
    """An X inside ``box``."""
    a, b, x1, y1 = box[0] + inset, box[1] + inset, box[2] - 1 - inset, box[3] - 1 - inset
    draw.line([(a, b), (x1, y1)], fill=colour, width=width)
    draw.line([(a, y1), (x1, b)], fill=colour, width=width)


def _box(origin: tuple[int, int], px: int, r: int, c: int) -> Box:
    """The pixel box of cell ``(r, c)`` of a grid whose top-left corner is ``origin``."""
    return (
        origin[0] + c * px,
        origin[1] + r * px,
        origin[0] + (c + 1) * px,
        origin[1] + (r + 1) * px,
    )


def _draw_marks(
    image: Image.Image, origin: tuple[int, int], grid: Grid, flipped: Grid, given: Grid, *, px: int
) -> None:
    """Red crosses on cleared flips and blue rings on givens (cells of at least MARK_PX)."""
    draw = ImageDraw.Draw(image)
    for r, c in zip(*np.nonzero(flipped & ~grid), strict=True):
        _cross(draw, _box(origin, px, r, c), max(1, px // 4), MARK, max(2, px // 8))
    inset = max(1, px // 6)
    for r, c in zip(*np.nonzero(given), strict=True):
        x0, y0, x1, y1 = _box(origin, px, r, c)
        ring = (x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset)
        draw.rectangle(ring, outline=GIVEN, width=max(1, px // 7))


def _grid_lines(
    draw: ImageDraw.ImageDraw, origin: tuple[int, int], shape: tuple[int, int], px: int
) -> None:
    """Thin lines, a thicker one every 5 cells, and a heavy border."""
    x0, y0 = origin
    rows, cols = shape
    for i in range(rows + 1):
        width = 3 if i in (0, rows) else 2 if i % 5 == 0 else 1
        colour = INK if width > 1 else THIN
        draw.line([(x0, y0 + i * px), (x0 + cols * px, y0 + i * px)], fill=colour, width=width)
    for j in range(cols + 1):
        width = 3 if j in (0, cols) else 2 if j % 5 == 0 else 1
        colour = INK if width > 1 else THIN
        draw.line([(x0 + j * px, y0), (x0 + j * px, y0 + rows * px)], fill=colour, width=width)


def _legend(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], parts: Sequence[tuple[str, Colour]], size: int
) -> None:
    """Phrases, each in its colour, run together on one line from ``xy`` (left, top)."""
    font = _font(size)
    x, y = xy
    for text, colour in parts:
        draw.text((x, y), text, fill=colour, font=font, anchor="la")
        x += round(font.getlength(text))


# --- one puzzle ----------------------------------------------------------------------------


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
        return _box(self.puzzle if panel == "puzzle" else self.solution, self.px, row, col)


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
    pad, text, clue_font = px, max(12, int(px * 0.7)), _font(_clue_size(px))
    clue_w = round(max(row_clue_layout(c, clue_font)[1] for c in puzzle.rows or [()])) + px // 2
    clue_h = max((len(c) for c in puzzle.cols), default=1) * px + px // 2
    gw, gh = puzzle.width * px, puzzle.height * px
    top = pad + max(clue_h, text + px // 2)
    source, left = None, pad
    if picture_shape is not None:
        w, h = _fit(picture_shape, gh, 2 * max(gw, gh))
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
    font = _font(_clue_size(px))
    x0, y0 = layout.puzzle
    for r, clue in enumerate(puzzle.rows):
        placed, width = row_clue_layout(clue, font)
        left, y = x0 - px // 4 - width, y0 + r * px + px / 2
        for number, x in placed:
            draw.text((left + x, y), number, fill=INK, font=font, anchor="lm")
    for c, clue in enumerate(puzzle.cols):
        for k, run in enumerate(reversed(clue or (0,))):
            y = y0 - px // 4 - k * px
            draw.text((x0 + c * px + px / 2, y), str(run), fill=INK, font=font, anchor="md")


def _draw_printed_givens(
    image: Image.Image, layout: PreviewLayout, solution: Grid, given: Grid
) -> None:
    """Givens as printed: a filled one grey, an empty one with a small cross."""
    px = layout.px
    colours = np.empty((*solution.shape, 3), dtype=np.uint8)
    colours[...] = PAPER
    colours[given & solution] = PRINTED
    image.paste(_cells_image(colours, px), layout.puzzle)
    draw = ImageDraw.Draw(image)
    for r, c in zip(*np.nonzero(given & ~solution), strict=True):
        _cross(draw, layout.cell_box("puzzle", r, c), max(1, px * 3 // 10), DIM, max(1, px // 10))


def _given_mask(puzzle: Puzzle, givens: Iterable[Cell] | None) -> Grid:
    """The given cells: those passed, or else those the puzzle itself gives."""
    shape = (puzzle.height, puzzle.width)
    if givens is None:
        if puzzle.givens is None:
            return np.zeros(shape, dtype=np.bool_)
        return _grid(puzzle.givens != UNKNOWN, shape, "puzzle givens")
    return _mask(givens, shape, "given cells")


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
    solution = _grid(solution, shape, "solution")
    flipped = (
        np.zeros_like(solution) if source is None else solution != _grid(source, shape, "source")
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
    label = _font(layout.text)
    if rgb is not None and layout.source is not None:
        _paste_picture(image, rgb, layout.source)
        draw.text(
            (layout.source[0], layout.source[1] - 4), "source", fill=DIM, font=label, anchor="ld"
        )
    _draw_clues(draw, puzzle, layout)
    _draw_printed_givens(image, layout, solution, given)
    _grid_lines(draw, layout.puzzle, shape, layout.px)
    px, big = layout.px, layout.px >= MARK_PX
    image.paste(_cells_image(_colours(solution, flipped, given, marks=big), px), layout.solution)
    if big:
        _draw_marks(image, layout.solution, solution, flipped, given, px=px)
    _grid_lines(draw, layout.solution, shape, layout.px)
    sx, sy = layout.solution
    draw.text((sx, sy - 4), "solution", fill=DIM, font=label, anchor="ld")
    if layout.legend is not None:
        _legend(draw, (layout.px, layout.legend), parts, layout.text)
    return _png(image)


# --- contact sheets ------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetEntry:
    """One row of a contact sheet: a picture made at one width."""

    label: str
    """The picture and the width, e.g. ``"camera.png @ 30"``."""
    method: str
    """The conversion method chosen, e.g. ``"border-lab otsu"`` (free text, one line)."""
    picture: npt.NDArray[np.uint8]
    """The source region, RGB ``(rows, cols, 3)`` (see ``as_rgb``)."""
    chosen: Grid
    """The grid the conversion chose, before repair, bool ``(rows, cols)``."""
    final: Grid
    """The final puzzle solution, bool, same shape; all False when making it failed."""
    flips: tuple[Cell, ...] = ()
    """Cells the repair flipped."""
    givens: tuple[Cell, ...] = ()
    """Cells revealed as givens."""
    note: str = ""
    """Verdict and figures, e.g. ``"unique, logic-only, easy; 3 flips; IoU 0.93"``, or an error."""

    @property
    def failed(self) -> bool:
        """Whether the row is an error: an all-False final grid and a note starting "error"."""
        return self.note.startswith("error") and not np.asarray(self.final).any()


@dataclass(frozen=True)
class SheetLayout:
    """Where the bands and panels of a contact sheet go, in pixels."""

    panel: int
    """The panel height; a grid is a whole number of pixels a cell, so it may be a little less."""
    text: int
    """Size of the font."""
    columns: tuple[int, ...]
    """Left edge of the text column, then of each column of SHEET_COLUMNS."""
    widths: tuple[int, ...]
    """Width of each of those columns."""
    top: int
    """Top of the first band."""
    band: int
    """Height of one band, the gap between bands included."""
    cells: tuple[int, ...]
    """Cell side of each entry's grids (0: shrunk below a pixel a cell, or no grid)."""
    size: tuple[int, int]
    """(width, height) of the whole image."""

    def origin(self, index: int, column: str) -> tuple[int, int]:
        """Top-left corner of a panel (a name in SHEET_COLUMNS) in the band of entry ``index``."""
        return self.columns[
            1 + SHEET_COLUMNS.index(column)
        ], self.top + index * self.band + BAND_INSET

    def cell_box(self, index: int, column: str, row: int, col: int) -> Box:
        """The pixel box of cell ``(row, col)`` of a grid panel of entry ``index``."""
        return _box(self.origin(index, column), self.cells[index], row, col)


def _sheet_metrics(panel: int) -> tuple[int, int, int]:
    """(font size, line height, band height) of a sheet whose panels are ``panel`` px tall."""
    text = max(10, min(14, panel // 4))
    line = text + 4
    return text, line, max(panel, 3 * line) + 2 * BAND_INSET


def _sheet_height(count: int, panel: int) -> int:
    """Height of a sheet of ``count`` bands: margins, header, bands and legend."""
    _, line, band = _sheet_metrics(panel)
    return 2 * SHEET_MARGIN + 2 * line + count * band


MAX_SHEET_ENTRIES: Final = (MAX_SHEET_HEIGHT - _sheet_height(0, MIN_SHEET_PANEL)) // _sheet_metrics(
    MIN_SHEET_PANEL
)[2]
"""The most entries one contact sheet holds within MAX_SHEET_HEIGHT."""


def _sheet_panel(count: int) -> int:
    """The tallest panel height that keeps ``count`` bands within MAX_SHEET_HEIGHT."""
    if not 1 <= count <= MAX_SHEET_ENTRIES:
        raise ValueError(
            f"expected 1 to {MAX_SHEET_ENTRIES} entries on a contact sheet (at most "
            f"{MAX_SHEET_HEIGHT} px tall), got {count}; split them over several sheets"
        )
    for panel in range(SHEET_PANEL, MIN_SHEET_PANEL, -1):
        if _sheet_height(count, panel) <= MAX_SHEET_HEIGHT:
            return panel
    return MIN_SHEET_PANEL


def _entry_sizes(entry: SheetEntry, panel: int) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """(cell side, grid panel size, source panel size) of one entry at this panel height."""
    rows, cols = np.shape(entry.chosen)[:2]
    if rows * cols == 0:
        cell, grid = 0, (0, 0)
    else:
        cell = min(panel // rows, 2 * panel // cols)
        grid = (cols * cell, rows * cell) if cell else _fit((rows, cols), panel, 2 * panel)
    source = _fit(np.shape(entry.picture), grid[1] or panel, 2 * panel)
    return cell, grid, source


def sheet_layout(entries: Sequence[SheetEntry]) -> SheetLayout:
    """The layout of ``contact_sheet`` for these entries; ValueError for too many."""
    panel = _sheet_panel(len(entries))
    text, line, band = _sheet_metrics(panel)
    sizes = [_entry_sizes(entry, panel) for entry in entries]
    font = _font(text)
    titles = [round(font.getlength(title)) + 4 for title in SHEET_COLUMNS]
    widths = [22 * text, max(titles[0], *(s[2][0] for s in sizes))]
    widths += [max(title, *(s[1][0] for s in sizes)) for title in titles[1:]]
    columns, x = [], SHEET_MARGIN
    for width in widths:
        columns.append(x)
        x += width + SHEET_MARGIN
    cells = tuple(s[0] for s in sizes)
    height = _sheet_height(len(entries), panel)
    top = SHEET_MARGIN + line
    return SheetLayout(panel, text, tuple(columns), tuple(widths), top, band, cells, (x, height))


def _final_image(
    final: Grid, flipped: Grid, given: Grid, cell: int, size: tuple[int, int]
) -> Image.Image:
    """The final grid panel: flips red and givens blue, as marks when the cells are big enough."""
    big = cell >= MARK_PX
    image = _cells_image(_colours(final, flipped, given, marks=big), cell, size)
    if big:
        _draw_marks(image, (0, 0), final, flipped, given, px=cell)
    elif not cell:
        _dots(image, flipped, MARK)
        _dots(image, given, GIVEN)
    return image


def _dots(image: Image.Image, cells: Grid, colour: Colour) -> None:
    """A 2 px dot at each of ``cells`` on a grid shrunk below a pixel a cell, so it stays seen."""
    draw = ImageDraw.Draw(image)
    sy, sx = image.height / cells.shape[0], image.width / cells.shape[1]
    for r, c in zip(*np.nonzero(cells), strict=True):
        x, y = min(int(c * sx), image.width - 2), min(int(r * sy), image.height - 2)
        draw.rectangle((x, y, x + 1, y + 1), fill=colour)


def _difference(chosen: Grid, final: Grid) -> RGB:
    """Cell colours of the difference: grey kept, red filled by the repair, orange cleared."""
    out = np.empty((*chosen.shape, 3), dtype=np.uint8)
    out[...] = PAPER
    out[chosen & final] = KEPT
    out[final & ~chosen] = MARK
    out[chosen & ~final] = REMOVED
    return out


def _wrap(text: str, font: Font, width: int, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width`` px; the last one cut with "…"."""
    out: list[str] = []
    for word in text.split():
        if out and font.getlength(out[-1] + " " + word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    if out and font.getlength(out[-1]) > width:
        while out[-1] and font.getlength(out[-1] + "…") > width:
            out[-1] = out[-1][:-1]
        out[-1] += "…"
    return out


def _draw_text(draw: ImageDraw.ImageDraw, entry: SheetEntry, layout: SheetLayout, i: int) -> None:
    """Label, method and note (wrapped; red for an error) in the text column of band ``i``."""
    font = _font(layout.text)
    line = layout.text + 4
    x, y = layout.columns[0], layout.top + i * layout.band + BAND_INSET
    width = layout.widths[0]
    draw.text((x, y), _wrap(entry.label, font, width, 1)[0], fill=INK, font=font)
    draw.text((x, y + line), "".join(_wrap(entry.method, font, width, 1)), fill=DIM, font=font)
    room = max(1, (layout.band - 2 * BAND_INSET) // line - 2)
    colour = MARK if entry.failed else INK
    for k, text in enumerate(_wrap(entry.note, font, width, room)):
        draw.text((x, y + (2 + k) * line), text, fill=colour, font=font)


def _paste_panel(image: Image.Image, panel: Image.Image, xy: tuple[int, int]) -> None:
    """A panel with a thin grey frame around it."""
    image.paste(panel, xy)
    draw = ImageDraw.Draw(image)
    draw.rectangle((xy[0] - 1, xy[1] - 1, xy[0] + panel.width, xy[1] + panel.height), outline=THIN)


def _draw_band(image: Image.Image, entry: SheetEntry, layout: SheetLayout, i: int) -> None:
    """One entry's band: text, then source, chosen, final and difference panels."""
    cell, grid, source = _entry_sizes(entry, layout.panel)
    rgb, chosen = as_rgb(entry.picture), _grid(entry.chosen, None, f"{entry.label!r} chosen")
    if rgb.size:
        panel = Image.new("RGB", source, PAPER)
        _paste_picture(panel, rgb, (0, 0, *source))
        _paste_panel(image, panel, layout.origin(i, "source"))
    none = np.zeros_like(chosen)
    if chosen.size:
        panel = _cells_image(_colours(chosen, none, none, marks=True), cell, grid)
        _paste_panel(image, panel, layout.origin(i, "chosen"))
    draw = ImageDraw.Draw(image)
    _draw_text(draw, entry, layout, i)
    if entry.failed:
        draw.text(layout.origin(i, "final"), "no puzzle", fill=DIM, font=_font(layout.text))
        return
    final = _grid(entry.final, chosen.shape, f"{entry.label!r} final")
    flipped = _mask(entry.flips, chosen.shape, f"{entry.label!r} flips")
    given = _mask(entry.givens, chosen.shape, f"{entry.label!r} givens")
    _paste_panel(image, _final_image(final, flipped, given, cell, grid), layout.origin(i, "final"))
    diff = _cells_image(_difference(chosen, final), cell, grid)
    if not cell:
        _dots(diff, final & ~chosen, MARK)
        _dots(diff, chosen & ~final, REMOVED)
    _paste_panel(image, diff, layout.origin(i, "difference"))


SHEET_LEGEND: Final = (
    ("final: ", INK),
    ("red flipped", MARK),
    (", ", INK),
    ("blue given", GIVEN),
    ("; difference: ", INK),
    ("grey kept", DIM),
    (", ", INK),
    ("red filled by the repair", MARK),
    (", ", INK),
    ("orange cleared by the repair", REMOVED),
)


def contact_sheet(entries: Sequence[SheetEntry]) -> bytes:
    """A PNG contact sheet, one band per entry, at most MAX_SHEET_HEIGHT px tall.

    ValueError for no entries, more than MAX_SHEET_ENTRIES, or a malformed picture or grid.
    """
    layout = sheet_layout(entries)
    image = Image.new("RGB", layout.size, PAPER)
    draw = ImageDraw.Draw(image)
    font = _font(layout.text)
    for title, x in zip(SHEET_COLUMNS, layout.columns[1:], strict=True):
        draw.text((x, SHEET_MARGIN), title, fill=DIM, font=font)
    for i, entry in enumerate(entries):
        y = layout.top + i * layout.band
        draw.line([(SHEET_MARGIN, y), (layout.size[0] - SHEET_MARGIN, y)], fill=FAINT)
        _draw_band(image, entry, layout, i)
    y = layout.top + len(entries) * layout.band + 4
    _legend(draw, (SHEET_MARGIN, y), SHEET_LEGEND, layout.text)
    return _png(image)
