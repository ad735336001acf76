"""Contact sheets (Pillow): many made pictures, one band each, for the generator report.

A band shows the text (the picture and width, the conversion chosen, the verdict), then the
source picture, the grid the conversion chose, the final grid with its flips and givens, and
the difference between those two grids.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from nonogen.grid import Grid
from nonogen.preview.canvas import (
    DIM,
    GIVEN,
    INK,
    MARK,
    MARK_PX,
    PAPER,
    THIN,
    Box,
    Cell,
    Font,
    Pixels,
    as_rgb,
    bool_grid,
    cell_box,
    cell_mask,
    cells_image,
    dots,
    draw_marks,
    fit,
    font_at,
    legend,
    marked_cells,
    paste_picture,
    png,
)
from nonogen.preview.text import shown, text_font
from nonogen.puzzle import COLOUR, MONO, Kind

FAINT: Final = (222, 222, 222)
"""The line between two bands."""
REMOVED: Final = (240, 150, 0)
"""A cell the repair cleared, in the difference."""
KEPT: Final = (200, 200, 200)
"""A filled cell the repair kept, in the difference."""
MAX_SHEET_HEIGHT: Final = 4000
"""A contact sheet is at most this tall: panels shrink from SHEET_PANEL towards MIN_SHEET_PANEL."""
SHEET_PANEL: Final = 140
MIN_SHEET_PANEL: Final = 32
SHEET_MARGIN: Final = 12
SHEET_COLUMNS: Final = ("source", "chosen", "final", "difference")
BAND_INSET: Final = 4


@dataclass(frozen=True)
class SheetEntry:
    """One row of a contact sheet: a picture made at one width."""

    label: str
    """The picture and the width, e.g. ``"camera.png @ 30"``."""
    method: str
    """The conversion method chosen, e.g. ``"border-lab otsu"`` (free text, one line)."""
    picture: npt.NDArray[np.uint8]
    """The source region, RGB ``(rows, cols, 3)`` (see ``as_rgb``)."""
    chosen: npt.NDArray[Any]
    """The grid the conversion chose, before repair, bool ``(rows, cols)`` (colour: the
    quantised palette indices)."""
    final: npt.NDArray[Any]
    """The final puzzle solution, bool, same shape; all False when making it failed (colour:
    palette indices, all 0)."""
    flips: tuple[Cell, ...] = ()
    """Cells the repair flipped."""
    givens: tuple[Cell, ...] = ()
    """Cells revealed as givens."""
    note: str = ""
    """Verdict and figures, e.g. ``"unique, logic-only, easy; 3 flips; IoU 0.93"``, or an error."""
    colours: npt.NDArray[np.uint8] | None = None
    """A colour row's palette as RGB rows ``(colours, 3)``, the background first: then
    ``chosen`` and ``final`` hold palette indices and ``flips`` the cells changed."""
    kind: Kind = MONO
    """The puzzle's kind (``Puzzle.kind``), stated by whoever makes the row: which
    ``PANELS`` draw it (a colour row must give its ``colours``)."""

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
        return cell_box(self.origin(index, column), self.cells[index], row, col)


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
        grid = (cols * cell, rows * cell) if cell else fit((rows, cols), panel, 2 * panel)
    source = fit(np.shape(entry.picture), grid[1] or panel, 2 * panel)
    return cell, grid, source


def sheet_layout(entries: Sequence[SheetEntry]) -> SheetLayout:
    """The layout of ``contact_sheet`` for these entries; ValueError for too many."""
    panel = _sheet_panel(len(entries))
    text, line, band = _sheet_metrics(panel)
    sizes = [_entry_sizes(entry, panel) for entry in entries]
    face = font_at(text)
    titles = [round(face.getlength(title)) + 4 for title in SHEET_COLUMNS]
    widths = [22 * text, max(titles[0], *(s[2][0] for s in sizes))]
    widths += [max(title, *(s[1][0] for s in sizes)) for title in titles[1:]]
    columns, x = [], SHEET_MARGIN
    for width in widths:
        columns.append(x)
        x += width + SHEET_MARGIN
    cells = tuple(s[0] for s in sizes)
    height = _sheet_height(len(entries), panel)
    top = SHEET_MARGIN + line
    said = round(sum(face.getlength(words) for words, _ in SHEET_LEGEND))
    width = max(x, 2 * SHEET_MARGIN + said)  # the legend is never cut
    return SheetLayout(
        panel, text, tuple(columns), tuple(widths), top, band, cells, (width, height)
    )


def _difference(chosen: Grid, final: Grid) -> Pixels:
    """Cell colours of the difference: grey kept, red filled by the repair, orange cleared."""
    out = np.empty((*chosen.shape, 3), dtype=np.uint8)
    out[...] = PAPER
    out[chosen & final] = KEPT
    out[final & ~chosen] = MARK
    out[chosen & ~final] = REMOVED
    return out


def _wrap(text: str, font: Font, width: int, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width`` px; the last one cut with "…"."""

    def length(part: str) -> float:
        return font.getlength(shown(part))

    out: list[str] = []
    for word in text.split():
        if out and length(out[-1] + " " + word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    if out and length(out[-1]) > width:
        while out[-1] and length(out[-1] + "…") > width:
            out[-1] = out[-1][:-1]
        out[-1] += "…"
    return out


def _draw_text(draw: ImageDraw.ImageDraw, entry: SheetEntry, layout: SheetLayout, i: int) -> None:
    """Label, method and note (wrapped; red for an error) in the text column of band ``i``,
    each in a font that has its characters."""
    line = layout.text + 4
    x, y = layout.columns[0], layout.top + i * layout.band + BAND_INSET
    width = layout.widths[0]
    room = max(1, (layout.band - 2 * BAND_INSET) // line - 2)
    texts = [
        (entry.label, 1, INK),
        (entry.method, 1, DIM),
        (entry.note, room, MARK if entry.failed else INK),
    ]
    row = 0
    for text, lines, colour in texts:
        font = text_font(text, layout.text)
        wrapped = _wrap(text, font, width, lines) or [""]
        for part in wrapped:
            draw.text((x, y + row * line), shown(part), fill=colour, font=font)
            row += 1


def _paste_panel(image: Image.Image, panel: Image.Image, xy: tuple[int, int]) -> None:
    """A panel with a thin grey frame around it."""
    image.paste(panel, xy)
    draw = ImageDraw.Draw(image)
    draw.rectangle((xy[0] - 1, xy[1] - 1, xy[0] + panel.width, xy[1] + panel.height), outline=THIN)


def _draw_band(image: Image.Image, entry: SheetEntry, layout: SheetLayout, i: int) -> None:
    """One entry's band: text, then source, chosen, final and difference panels."""
    cell, grid, source = _entry_sizes(entry, layout.panel)
    rgb = as_rgb(entry.picture)
    if rgb.size:
        panel = Image.new("RGB", source, PAPER)
        paste_picture(panel, rgb, (0, 0, *source))
        _paste_panel(image, panel, layout.origin(i, "source"))
    draw = ImageDraw.Draw(image)
    _draw_text(draw, entry, layout, i)
    for name, panel in PANELS[entry.kind](entry, cell, grid):
        _paste_panel(image, panel, layout.origin(i, name))
    if entry.failed:
        draw.text(layout.origin(i, "final"), "no puzzle", fill=DIM, font=font_at(layout.text))


def _panels(entry: SheetEntry, cell: int, grid: tuple[int, int]) -> list[tuple[str, Image.Image]]:
    """A black-and-white entry's chosen, final and difference panels (chosen only when the
    make failed)."""
    chosen = bool_grid(entry.chosen, None, f"{entry.label!r} chosen")
    if not chosen.size:
        return []
    none = np.zeros_like(chosen)
    panels = [("chosen", marked_cells(chosen, none, none, cell, grid))]
    if entry.failed:
        return panels
    final = bool_grid(entry.final, chosen.shape, f"{entry.label!r} final")
    flipped = cell_mask(entry.flips, chosen.shape, f"{entry.label!r} flips")
    given = cell_mask(entry.givens, chosen.shape, f"{entry.label!r} givens")
    diff = cells_image(_difference(chosen, final), cell, grid)
    if not cell:
        dots(diff, final & ~chosen, MARK)
        dots(diff, chosen & ~final, REMOVED)
    return [
        *panels,
        ("final", marked_cells(final, flipped, given, cell, grid)),
        ("difference", diff),
    ]


def _colour_panels(
    entry: SheetEntry, cell: int, grid: tuple[int, int]
) -> list[tuple[str, Image.Image]]:
    """A colour entry's panels: the quantised grid and the final one in the palette's colours
    (changed cells crossed red, givens ringed blue), and the difference: grey kept, red
    changed."""
    table = np.asarray(entry.colours, dtype=np.uint8)
    chosen = np.asarray(entry.chosen, dtype=np.intp)
    if not chosen.size:
        return []
    panels = [("chosen", cells_image(table[chosen], cell, grid))]
    if entry.failed:
        return panels
    final = np.asarray(entry.final, dtype=np.intp)
    changed = cell_mask(entry.flips, chosen.shape, f"{entry.label!r} changes")
    given = cell_mask(entry.givens, chosen.shape, f"{entry.label!r} givens")
    image = cells_image(table[final], cell, grid)
    if cell >= MARK_PX:
        draw_marks(image, np.zeros_like(changed), changed, given, px=cell)
    else:
        dots(image, changed, MARK)
        dots(image, given, GIVEN)
    out = np.empty((*chosen.shape, 3), dtype=np.uint8)
    out[...] = PAPER
    out[(chosen > 0) & ~changed] = KEPT
    out[changed] = MARK
    diff = cells_image(out, cell, grid)
    if not cell:
        dots(diff, changed, MARK)
    return [*panels, ("final", image), ("difference", diff)]


PANELS: Final[
    dict[Kind, Callable[[SheetEntry, int, tuple[int, int]], list[tuple[str, Image.Image]]]]
] = {
    MONO: _panels,
    COLOUR: _colour_panels,
}
"""How each kind of row draws its chosen, final and difference panels."""

SHEET_LEGEND: Final = (
    ("final: ", INK),
    ("red flipped (colour: changed)", MARK),
    (", ", INK),
    ("blue given", GIVEN),
    ("; difference: ", INK),
    ("grey kept", DIM),
    (", ", INK),
    ("red filled or changed by the repair", MARK),
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
    font = font_at(layout.text)
    for title, x in zip(SHEET_COLUMNS, layout.columns[1:], strict=True):
        draw.text((x, SHEET_MARGIN), title, fill=DIM, font=font)
    for i, entry in enumerate(entries):
        y = layout.top + i * layout.band
        draw.line([(SHEET_MARGIN, y), (layout.size[0] - SHEET_MARGIN, y)], fill=FAINT)
        _draw_band(image, entry, layout, i)
    y = layout.top + len(entries) * layout.band + 4
    legend(draw, (SHEET_MARGIN, y), SHEET_LEGEND, layout.text)
    return png(image)
