"""Chosen split -> drawn cells: the subject's outline pooled as a person draws it at grid size.

    the chosen split (per pixel, how much is subject)
    -> framed     the grid cut to the subject plus one line of ground a side, the width kept
                  (``tight``; a pointed box or the whole picture bounds it)
    -> widened    parts thinner than a cell that carry the outline (a leg, an ear, a tail, a
                  handle, a stem) widened to a cell before pooling, so that they survive it
                  (not when a conversion was forced: it is drawn as asked)
    -> pooled     a cell is subject from half (``nonogen.image.cells``)
    -> despeckled lone cells and one-cell pinholes of the outline cleared, but for pinholes
                  the picture shows (a window, an eye: see ``despeckled``); ``despeckle``: on
                  unless turned off or a conversion was forced (it is drawn as asked)

The inside is drawn next, by ``nonogen.image.detail`` (black and white) or
``nonogen.image.palette`` (colour), as areas (``nonogen.image.areas``). A tonal poster of the
whole frame is drawn as it was pooled: it has no subject to frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Final, TypeVar

import cv2
import numpy as np
import numpy.typing as npt

from nonogen.grid import Grid
from nonogen.image.areas import FEATURE_DELTA_E, cleaned
from nonogen.image.boxes import Box
from nonogen.image.candidates import Split
from nonogen.image.cells import Cells, pool
from nonogen.image.detail import cell_colours
from nonogen.image.filters import despeckle
from nonogen.image.masks import thin_parts
from nonogen.image.options import DEFAULT_WIDTH, PictureOptions
from nonogen.image.pixels import Grey
from nonogen.image.read import Picture
from nonogen.image.scored import Scored
from nonogen.wording import Words

D = TypeVar("D")
"""A drawing of either kind: black and white's grid, colour's quantised palette grid."""

WIDEN: Final = 0.8
"""A thin part is grown by this share of a cell (on top of its own width): a part of any
width then covers half of some cell whatever its place on the grid."""
THIN_WIDTH: Final = 0.75
"""A part is thin when its area over its length is under this share of a cell."""
MIN_THIN: Final = 3
"""Cells of fewer working pixels a side than this are not widened: nothing is thinner."""
PIECE_SHARE: Final = 0.03
PIECE_CELLS: Final = 2.0
"""A separate piece of the subject under PIECE_SHARE of the largest piece's area and under
PIECE_CELLS cells of the grid over the whole frame is a crumb of the split, not a part (as a
stone or a star is): it is left out of the drawing and of the frame."""
SLIVER_CONTACT: Final = 0.5
"""A thin piece that touches the rest of the subject along this share of its length or more
is a sliver of a slanting outline (what a cell-sized square does not fit in along a roof's
edge or a crescent's side), not a part that sticks out (a leg, an ear, a tail, a letter's
bar, which touch the body at their ends): it is not widened, or every slanting outline
would be drawn a cell too wide."""
FRAME_ROUNDS: Final = 3
"""Times the frame is cut again when pooling left more than one empty line at a border."""


def drawn_outline(
    picture: Picture,
    scored: Scored,
    options: PictureOptions,
    outer: Box,
    warnings: list[Words],
    *,
    trim_whole: bool = True,
) -> Scored:
    """The chosen grid drawn again from its split: framed tight to the subject (unless
    ``options.tight`` is off), thin parts widened, lone cells and pinholes cleared (unless
    ``options.despeckle`` is off); a poster as it was, the whole picture as areas
    (``drawn_whole``), its empty border lines trimmed unless ``trim_whole`` is off (colour
    trims by its own paper, ``trimmed_whole``)."""
    if scored.split.method == "poster":
        return scored
    if scored.split.whole:
        return drawn_whole(picture, scored, options if trim_whole else None)
    split = scored.split
    asked = options.forced  # a forced conversion is drawn as asked: only framed
    kept = split.subject >= 0.5
    if not asked:
        cell = _cell_side(split.subject.shape, outer, picture.size, options)
        kept = main_pieces(kept, PIECE_CELLS * cell * cell)
        split = replace(split, subject=np.where(kept, split.subject, 0.0))
    frame = scored.cells.box
    subject = kept if split.thin is None else kept | (split.thin > 0.0)
    if options.tight and not options.crop:
        frame = tight_frame(subject, outer, picture.size, options)
    plain = replace(options, crop=False, despeckle=False)
    for _ in range(FRAME_ROUNDS):
        widened = widened_parts(split.subject, asked or split.drawn, frame, picture.size, options)
        cells = pool(replace(split, subject=widened), picture, plain, warnings, frame)
        if not options.tight or options.crop:
            break
        cut = _trimmed(cells.filled, frame)
        if cut == frame:
            break
        frame = cut
    if options.despeckle:
        cells = replace(cells, filled=despeckle(cells.filled))
    elif options.despeckle is None and not asked:
        lab = cell_colours(picture, cells.box, cells.filled.shape)[:, :, :3]
        cells = replace(cells, filled=despeckled(cells.filled, lab))
    if np.array_equal(cells.filled, scored.cells.filled) and cells.box == scored.cells.box:
        return scored
    return replace(scored, cells=cells)


def drawn_whole(picture: Picture, scored: Scored, options: PictureOptions | None = None) -> Scored:
    """The whole picture's pooled cells read as areas: specks merged, features kept, lone
    cells and pinholes cleared but for features (the areas' own rule); with ``options`` (and
    ``tight`` on), the frame cut by its empty border lines beyond one and pooled again, as a
    subject's frame is (a light ground's margin is not drawn as empty lines)."""
    cells, grid = trimmed_whole(
        picture,
        scored.split,
        options,
        scored.cells,
        draw=lambda c: _areas(picture, c),
        inked=lambda grid: grid,
    )
    if np.array_equal(grid, cells.filled) and cells is scored.cells:
        return scored
    return replace(scored, cells=replace(cells, filled=grid))


def _areas(picture: Picture, cells: Cells) -> Grid:
    """The cells read as areas (``nonogen.image.areas.cleaned``) over the whole grid."""
    filled = cells.filled
    lab = cell_colours(picture, cells.box, filled.shape)[:, :, :3]
    everywhere = np.ones(filled.shape, dtype=np.bool_)
    return np.asarray(cleaned(filled.astype(np.int16), everywhere, lab) == 1, dtype=np.bool_)


def trimmed_whole(
    picture: Picture,
    split: Split,
    options: PictureOptions | None,
    cells: Cells,
    *,
    draw: Callable[[Cells], D],
    inked: Callable[[D], Grid],
) -> tuple[Cells, D]:
    """A whole picture's cells and their drawing (either kind's: ``draw`` makes it from
    cells, ``inked`` tells its inked cells), the frame cut by its empty lines beyond one at
    each border, pooled and drawn again (FRAME_ROUNDS at most), as a subject's frame is: a
    light ground's margin is not drawn as empty lines. The frame is kept when ``options`` is
    None, ``options.tight`` is off, with ``--crop``, or when both sides of the grid were
    asked (their aspect is the person's)."""
    drawing = draw(cells)
    if options is None or not options.tight or options.crop:
        return cells, drawing
    if options.width is not None and options.height is not None:
        return cells, drawing
    plain = replace(options, crop=False, despeckle=False)
    for _ in range(FRAME_ROUNDS):
        cut = _trimmed(inked(drawing), cells.box)
        if cut == cells.box:
            break
        cells = pool(split, picture, plain, [], cut)
        drawing = draw(cells)
    return cells, drawing


def despeckled(filled: Grid, lab: Grey) -> Grid:
    """The grid without lone cells and one-cell pinholes (``filters.despeckle``), but for the
    pinholes the picture shows: a cell that differs from the four around it by
    FEATURE_DELTA_E (a window, an eye) is a feature, not a speck."""
    cleared = despeckle(filled)
    filled_in = cleared & ~filled
    if not filled_in.any():
        return cleared
    padded = np.pad(lab, ((1, 1), (1, 1), (0, 0)), mode="edge")
    rows, cols = filled.shape
    around = sum(padded[1 + r : 1 + r + rows, 1 + c : 1 + c + cols] for r, c in _SIDES) / 4
    gap = np.sqrt(((lab - around) ** 2).sum(axis=2))
    kept = filled_in & (gap >= FEATURE_DELTA_E)
    return np.asarray(cleared & ~kept, dtype=np.bool_)


_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _cell_side(
    shape: tuple[int, ...], outer: Box, size: tuple[int, int], options: PictureOptions
) -> float:
    """A cell's side in pixels of an array of ``shape`` over the picture, for the grid asked
    over ``outer`` (a region in source pixels)."""
    left, top, right, bottom = outer
    if options.width is None and options.height is not None:
        return (bottom - top) * shape[0] / size[1] / options.height
    return (right - left) * shape[1] / size[0] / (options.width or DEFAULT_WIDTH)


def main_pieces(mask: Grid, least: float) -> Grid:
    """The mask without the 8-connected pieces under PIECE_SHARE of the largest one and
    under ``least`` pixels."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=8
    )
    if count <= 2:
        return mask
    areas = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    areas[0] = 0.0
    keep = (areas >= PIECE_SHARE * float(areas.max())) | (areas >= least)
    keep[0] = False
    return np.asarray(keep[labels], dtype=np.bool_)


def tight_frame(subject: Grid, outer: Box, size: tuple[int, int], options: PictureOptions) -> Box:
    """The region (source pixels) that holds the subject and one cell of ground a side for
    the grid asked, within ``outer``: with both sides asked, widened to their aspect."""
    rows, cols = subject.shape
    width, height = size
    left, top, right, bottom = outer
    r0, r1 = (
        int(top * rows / height),
        max(int(top * rows / height) + 1, round(bottom * rows / height)),
    )
    c0, c1 = (
        int(left * cols / width),
        max(int(left * cols / width) + 1, round(right * cols / width)),
    )
    part = subject[r0:r1, c0:c1]
    hit_rows, hit_cols = np.flatnonzero(part.any(axis=1)), np.flatnonzero(part.any(axis=0))
    if hit_rows.size == 0:
        return outer
    sx, sy = width / cols, height / rows
    x0, x1 = (c0 + hit_cols[0]) * sx, (c0 + hit_cols[-1] + 1) * sx
    y0, y1 = (r0 + hit_rows[0]) * sy, (r0 + hit_rows[-1] + 1) * sy
    asked_w, asked_h = options.width, options.height
    if asked_w is None and asked_h is None:
        asked_w = DEFAULT_WIDTH
    if asked_w is not None and asked_h is not None:
        cell = max((x1 - x0) / max(1, asked_w - 2), (y1 - y0) / max(1, asked_h - 2))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        x0, x1 = cx - cell * asked_w / 2 + cell, cx + cell * asked_w / 2 - cell
        y0, y1 = cy - cell * asked_h / 2 + cell, cy + cell * asked_h / 2 - cell
    elif asked_w is not None:
        cell = (x1 - x0) / max(1, asked_w - 2)
    else:
        assert asked_h is not None
        cell = (y1 - y0) / max(1, asked_h - 2)
    return (
        max(left, math.floor(x0 - cell)),
        max(top, math.floor(y0 - cell)),
        min(right, math.ceil(x1 + cell)),
        min(bottom, math.ceil(y1 + cell)),
    )


def _trimmed(filled: Grid, frame: Box) -> Box:
    """The frame cut by the empty lines beyond one at each border of its grid (the frame
    itself when there are none, or the grid is empty)."""
    rows, cols = filled.shape
    hit_rows, hit_cols = np.flatnonzero(filled.any(axis=1)), np.flatnonzero(filled.any(axis=0))
    if hit_rows.size == 0:
        return frame
    left, top, right, bottom = frame
    cell_w, cell_h = (right - left) / cols, (bottom - top) / rows
    extra = (
        max(0, int(hit_cols[0]) - 1),
        max(0, int(hit_rows[0]) - 1),
        max(0, cols - 2 - int(hit_cols[-1])),
        max(0, rows - 2 - int(hit_rows[-1])),
    )
    if not any(extra):
        return frame
    return (
        left + math.floor(extra[0] * cell_w),
        top + math.floor(extra[1] * cell_h),
        right - math.floor(extra[2] * cell_w),
        bottom - math.floor(extra[3] * cell_h),
    )


def widened_parts(
    subject: Grey, plain: bool, frame: Box, size: tuple[int, int], options: PictureOptions
) -> Grey:
    """The split with its parts thinner than a cell of the grid over ``frame`` that are at
    least a cell long grown by WIDEN of a cell; with ``plain`` (a forced conversion, or a line
    drawing's split, pooled as lines) as it is."""
    if plain:
        return subject
    cell = _cell_side(subject.shape, frame, size, options)
    side = round(cell)
    if side < MIN_THIN:
        return subject
    mask = subject >= 0.5
    thin = (thin_parts(mask, side) > 0).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(thin, connectivity=4)
    if count <= 1:
        return subject
    length = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    # A part: a cell long or more, on average thinner than THIN_WIDTH of a cell (a texture's
    # dots and a jagged edge's teeth are neither), and free along most of its length (the
    # ribbon a square leaves along a slanting outline lies against the body all along).
    long = (length >= side) & (stats[:, cv2.CC_STAT_AREA] < THIN_WIDTH * side * length)
    touching = _contact(mask & (thin == 0), thin > 0, np.asarray(labels), count)
    long &= touching < SLIVER_CONTACT * length
    long[0] = False
    if not long.any():
        return subject
    grow = max(1, math.ceil(WIDEN * cell))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow, grow))
    parts = cv2.dilate(long[labels].astype(np.uint8), kernel) > 0
    return np.asarray(np.maximum(subject, parts.astype(np.float64)), dtype=np.float64)


def _contact(body: Grid, pieces: Grid, labels: npt.NDArray[np.intp], count: int) -> Grey:
    """Per labelled piece (``labels`` of ``pieces``, ``count`` labels with the ground's 0),
    how many of its pixels touch ``body`` (8-neighbours)."""
    touching = cv2.dilate(body.astype(np.uint8), np.ones((3, 3), dtype=np.uint8)) > 0
    return np.bincount(labels[touching & pieces], minlength=count).astype(np.float64)
