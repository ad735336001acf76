"""Split -> Cells: a candidate's split pooled into the grid.

The region to grid (the whole picture or the frame of the box pointed at with ``--subject``;
within it, the subject's bounding box with ``--crop``), the grid's size
from that region's aspect, and per cell the share of it the subject covers (areas) or how much
pixel-wide line crosses it (a drawing's thin lines); a cell is filled from half.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nonogen.grid import Grid
from nonogen.image.boxes import Box
from nonogen.image.candidates import Split
from nonogen.image.filters import CROP_MARGIN, despeckle, subject_box
from nonogen.image.options import PictureOptions, grid_size
from nonogen.image.pixels import Grey, area_mean, resize
from nonogen.image.read import Picture
from nonogen.wording import Words

Region = tuple[float, float, float, float]
"""A region as fractions of the picture: ``(top, left, bottom, right)`` in ``[0, 1]``."""


@dataclass(frozen=True)
class Cells:
    """A picture reduced to the grid: how much of each cell is subject, and the cut."""

    coverage: Grey
    """Per cell, the share of it the subject covers (strokes: how much of a line crosses it)."""
    cut: float
    """Cells whose coverage reaches this are filled (before despeckling)."""
    filled: Grid
    """The subject cells."""
    box: Box
    """The region of the source picture the cells cover, in source pixels."""

    def grid(self) -> Grid:
        """The subject cells: True where the cell is filled."""
        return self.filled.copy()

    def cost(self) -> Grey:
        """How far each cell's coverage is from the cut: what flipping it costs the picture."""
        return np.asarray(np.abs(self.coverage - self.cut), dtype=np.float64)


def pool(
    split: Split,
    picture: Picture,
    options: PictureOptions,
    warnings: list[Words],
    frame: Box | None = None,
) -> Cells:
    """A split pooled into the grid over ``frame`` (source pixels; None: the whole picture):
    crop, size from the aspect, area or stroke coverage."""
    region = _region(split, options.crop) if options.crop else _frame_region(frame, picture.size)
    src_w, src_h = picture.size
    top, left, bottom, right = region
    box = (round(left * src_w), round(top * src_h), round(right * src_w), round(bottom * src_h))
    shape = (max(1, box[3] - box[1]), max(1, box[2] - box[0]))
    width, height, notes = grid_size(shape, options.width, options.height)
    warnings += notes
    coverage = area_mean(split.subject, _span(split.subject, region), width, height)
    if split.thin is not None:
        lines = line_coverage(split.thin, width, height, _span(split.thin, region))
        coverage = np.maximum(coverage, np.clip(lines, 0.0, 1.0))
    filled = coverage >= 0.5
    if options.despeckle:
        filled = despeckle(filled)
    return Cells(coverage, 0.5, np.asarray(filled, dtype=np.bool_), box)


def _region(split: Split, crop: bool) -> Region:
    """The part of the picture to grid: the whole, or the subject's box plus a margin."""
    if not crop:
        return 0.0, 0.0, 1.0, 1.0
    mask = split.subject >= 0.5
    if split.thin is not None:
        mask |= split.thin > 0.0
    rows, cols = mask.shape
    top, left, bottom, right = subject_box(mask, margin=CROP_MARGIN)
    return top / rows, left / cols, bottom / rows, right / cols


def _frame_region(frame: Box | None, size: tuple[int, int]) -> Region:
    """A frame in source pixels as a region (fractions of the picture)."""
    if frame is None:
        return 0.0, 0.0, 1.0, 1.0
    left, top, right, bottom = frame
    width, height = size
    return top / height, left / width, bottom / height, right / width


def _span(values: Grey, region: Region) -> tuple[float, float, float, float]:
    """The region in pixels of an array of any resolution, ``(left, top, right, bottom)``,
    fractions of a pixel kept (``area_mean`` pools them where they lie)."""
    rows, cols = values.shape[:2]
    top, left, bottom, right = region
    return left * cols, top * rows, right * cols, bottom * rows


def line_coverage(
    lines: Grey, width: int, height: int, span: tuple[float, float, float, float] | None = None
) -> Grey:
    """Per cell, how much pixel-wide line crosses it, in cell sides: the line pixels it holds
    over its side in pixels, so a line right across a cell is about 1. Over ``span`` of the
    array (``area_mean``'s exact pooling), or the whole array by the box filter."""
    if span is None:
        return np.asarray(resize(lines, width, height) * lines.shape[1] / width, dtype=np.float64)
    side = (span[2] - span[0]) / width
    return np.asarray(area_mean(lines, span, width, height) * side, dtype=np.float64)


def mask_cells(mask: Grid, box: Box, shape: tuple[int, int], *, stroke: bool = False) -> Grid:
    """A source-sized subject mask as cells of a grid over ``box``: filled when half covered,
    or for a line drawing (``stroke``) when half a pixel-wide line's length crosses the cell,
    as the strokes candidate pools."""
    left, top, right, bottom = box
    height, width = shape
    part = mask[top:bottom, left:right].astype(np.float64)
    coverage = line_coverage(part, width, height) if stroke else resize(part, width, height)
    return np.asarray(coverage >= 0.5, dtype=np.bool_)


def silhouette_iou(grid: Grid, truth: Grid) -> float:
    """Intersection over union of two grids' filled cells (1.0 when both are empty)."""
    union = int((grid | truth).sum())
    return 1.0 if union == 0 else int((grid & truth).sum()) / union
