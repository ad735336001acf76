"""Where a person points (``--subject``), on the picture's reduced copies (OpenCV).

A box is given in pixels of the source picture, ``(left, top, right, bottom)`` with right and
bottom exclusive; every copy of the picture (the working copy, ``picture.small``, a
candidate's split) sees it scaled to its own pixels, rounded outwards so that a subject
touching the box keeps its edge. A point is made a box: the segment under it (GrabCut seeded
by the point and the saliency), grown by POINT_GROW of its sides.
"""

from __future__ import annotations

import math
from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from nonogen.grid import Grid
from nonogen.image.pixels import RGB

Box = tuple[int, int, int, int]
"""A region of the source picture in pixels: ``(left, top, right, bottom)``, exclusive."""
Window = tuple[slice, slice]
"""The rows and columns of an array a box covers."""

GRABCUT_ROUNDS: Final = 4
"""GrabCut iterations (each re-fits both colour models)."""
OPENCV_SEED: Final = 20261123
"""The seed of OpenCV's random draws (GrabCut's colour mixtures and the clusters candidate's
k-means++ both start from k-means seeds)."""
FRAME_MARGIN: Final = 0.02
"""The grid frames a box with this share of its own sides more on each side (at least a
source pixel, within the picture): cells on the frame are ground, not cut subject."""
CONTEXT: Final = 0.25
"""Candidates are measured over the box and this share of its sides more on each side (within
the picture): a subject with ground around it, as the choice model learned subjects (the
grid the puzzle gets frames the box tightly, as ``--crop`` does, and is not measured)."""
POINT_RADIUS: Final = 0.03
"""The disc around a point taken as sure subject, a share of the small copy's short side."""
POINT_GROW: Final = 0.1
"""The box around a point's segment is grown by this share of its sides on each side."""
POINT_FALLBACK: Final = 0.25
"""When no segment is found under a point, the box is this share of the picture's sides."""


def scaled(box: Box, size: tuple[int, int], shape: tuple[int, ...]) -> Window:
    """The rows and columns of an array of ``shape`` that a box of a source of ``size``
    (width, height) covers, rounded outwards, at least one of each."""
    width, height = size
    rows, cols = shape[:2]
    left, top, right, bottom = box
    r0 = min(rows - 1, math.floor(top * rows / height))
    c0 = min(cols - 1, math.floor(left * cols / width))
    r1 = max(r0 + 1, min(rows, math.ceil(bottom * rows / height)))
    c1 = max(c0 + 1, min(cols, math.ceil(right * cols / width)))
    return slice(r0, r1), slice(c0, c1)


def inside(box: Box, size: tuple[int, int], shape: tuple[int, ...]) -> Grid:
    """Per pixel of an array of ``shape``, whether it lies in the box."""
    mask = np.zeros(shape[:2], dtype=np.bool_)
    mask[scaled(box, size, shape)] = True
    return mask


def framed(box: Box, size: tuple[int, int], margin: float = FRAME_MARGIN) -> Box:
    """The region the grid covers for a box: the box and ``margin`` of it on each side (at
    least a pixel), within the picture."""
    width, height = size
    left, top, right, bottom = box
    across = max(1, math.ceil(margin * (right - left)))
    down = max(1, math.ceil(margin * (bottom - top)))
    return (
        max(0, left - across),
        max(0, top - down),
        min(width, right + across),
        min(height, bottom + down),
    )


def band(mask: Grid, width: int) -> Grid:
    """The pixels outside a mask within ``width`` pixels of it."""
    kernel = np.ones((2 * width + 1, 2 * width + 1), dtype=np.uint8)
    grown = cv2.dilate(mask.astype(np.uint8), kernel) > 0
    return np.asarray(grown & ~mask, dtype=np.bool_)


def grabcut(image: RGB, mask: npt.NDArray[np.uint8]) -> Grid | None:
    """GrabCut's subject of an RGB picture from a mask of GC_* codes (a copy is refined),
    None when it fails or finds nothing."""
    pixels = np.asarray(np.round(image * 255.0), dtype=np.uint8)
    work = mask.copy()
    bgd, fgd = np.zeros((1, 65), np.float64), np.zeros((1, 65), np.float64)
    cv2.setRNGSeed(OPENCV_SEED)  # k-means seeds the colour mixtures: fix its draws
    try:
        cv2.grabCut(pixels, work, (0, 0, 0, 0), bgd, fgd, GRABCUT_ROUNDS, cv2.GC_INIT_WITH_MASK)
    except cv2.error:  # too few pixels on one side to fit a model
        return None
    subject = (work == cv2.GC_FGD) | (work == cv2.GC_PR_FGD)
    return np.asarray(subject, dtype=np.bool_) if subject.any() else None


def point_disc(point: tuple[int, int], size: tuple[int, int], shape: tuple[int, ...]) -> Grid:
    """The disc of POINT_RADIUS around a source point (x, y), on an array of ``shape``."""
    rows, cols = shape[:2]
    x, y = point
    width, height = size
    row, col = (y + 0.5) * rows / height, (x + 0.5) * cols / width
    radius = max(1.5, POINT_RADIUS * min(rows, cols))
    ys, xs = np.mgrid[0:rows, 0:cols]
    disc = (ys + 0.5 - row) ** 2 + (xs + 0.5 - col) ** 2 <= radius**2
    disc[min(rows - 1, int(row)), min(cols - 1, int(col))] = True
    return np.asarray(disc, dtype=np.bool_)


def box_at_point(
    small: RGB, size: tuple[int, int], point: tuple[int, int], *, seed: Grid, ring: Grid
) -> Box:
    """The box around the segment under a source point (x, y): GrabCut on ``small`` with the
    point's disc as sure subject, ``seed`` (the salient split) as likely subject and the
    border ``ring`` as sure ground; the 8-connected piece holding the point, grown by
    POINT_GROW; a box of POINT_FALLBACK of the picture around the point if GrabCut fails."""
    disc = point_disc(point, size, small.shape)
    mask = np.where(seed, cv2.GC_PR_FGD, cv2.GC_PR_BGD).astype(np.uint8)
    mask[ring] = cv2.GC_BGD
    mask[disc] = cv2.GC_FGD
    found = grabcut(small, mask)
    if found is None:
        return _around(point, size)
    _, labels = cv2.connectedComponents(found.astype(np.uint8), connectivity=8)
    held = np.unique(labels[disc & found])
    piece = np.isin(labels, held[held > 0])
    ys, xs = np.nonzero(piece)
    rows, cols = small.shape[:2]
    width, height = size
    box = (
        math.floor(xs.min() * width / cols),
        math.floor(ys.min() * height / rows),
        math.ceil((xs.max() + 1) * width / cols),
        math.ceil((ys.max() + 1) * height / rows),
    )
    return _grown(box, size)


def _grown(box: Box, size: tuple[int, int]) -> Box:
    """A box grown by POINT_GROW of its sides on each side, within the picture."""
    width, height = size
    left, top, right, bottom = box
    across = math.ceil(POINT_GROW * (right - left))
    down = math.ceil(POINT_GROW * (bottom - top))
    return (
        max(0, left - across),
        max(0, top - down),
        min(width, right + across),
        min(height, bottom + down),
    )


def _around(point: tuple[int, int], size: tuple[int, int]) -> Box:
    """A box of POINT_FALLBACK of the picture's sides centred on a point, within it."""
    width, height = size
    x, y = point
    half_w = max(1, round(POINT_FALLBACK * width / 2))
    half_h = max(1, round(POINT_FALLBACK * height / 2))
    return max(0, x - half_w), max(0, y - half_h), min(width, x + half_w), min(height, y + half_h)
