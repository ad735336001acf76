"""Bool masks of pixels or cells (OpenCV): their blobs, outlines, holes, crumbs and thin lines.

A mask is a ``(rows, cols)`` bool array, True on the subject. Every function is pure.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from nonogen.grid import Grid
from nonogen.image.pixels import Grey


def blobs(mask: Grid, *, connectivity: int = 4) -> npt.NDArray[np.int32]:
    """The sizes of a mask's connected blobs (4- or 8-connected)."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=connectivity
    )
    return np.asarray(stats[1:count, cv2.CC_STAT_AREA], dtype=np.int32)


def without_crumbs(mask: Grid) -> Grid:
    """The mask without 8-connected blobs under 0.1 % of the picture."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=8
    )
    if count <= 1:
        return mask
    keep = stats[:, cv2.CC_STAT_AREA] >= max(2, mask.size // 1000)
    keep[0] = False
    return np.asarray(keep[labels], dtype=np.bool_)


def ring_of(mask: Grid) -> Grid:
    """The pixels on either side of a mask's outline (3x3 dilation minus erosion)."""
    kernel = np.ones((3, 3), dtype=np.uint8)
    image = mask.astype(np.uint8)
    grown = cv2.dilate(image, kernel) > 0
    shrunk = cv2.erode(image, kernel, borderType=cv2.BORDER_REPLICATE) > 0
    return np.asarray(grown & ~shrunk, dtype=np.bool_)


def fill_holes(mask: Grid) -> Grid:
    """The mask with every hole (ground not connected to the frame) filled."""
    ground = (~mask).astype(np.uint8)
    count, labels = cv2.connectedComponents(ground, connectivity=4)
    if count <= 1:
        return mask
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    outside = np.isin(labels, edge) & (ground > 0)
    return np.asarray(~outside, dtype=np.bool_)


def hull(mask: Grid) -> Grid:
    """The mask's convex hull, the cells whose centres it covers (an empty mask stays
    empty)."""
    points = cv2.findNonZero(mask.astype(np.uint8))
    if points is None:
        return mask
    filled = np.zeros(mask.shape, dtype=np.uint8)
    cv2.fillConvexPoly(filled, cv2.convexHull(points), 1)
    return np.asarray(filled > 0, dtype=np.bool_) | mask


def thin_parts(mask: Grid, side: int) -> Grey:
    """The parts of a mask a ``side`` x ``side`` square does not fit in: its thin lines, as
    floats (1.0 on a line)."""
    kernel = np.ones((side, side), dtype=np.uint8)
    opened = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, kernel) > 0
    return (mask & ~opened).astype(np.float64)


def outline_ring(filled: Grid) -> Grid:
    """The subject cells with a side or a corner on the ground or on the grid's edge: a ring
    whose cells touch by a side, so that it reads as one closed line (cells that touch only
    by a corner read as dots in a grid, and a repair takes them apart)."""
    padded = np.pad(filled, 1).astype(np.uint8)
    kernel = np.ones((3, 3), dtype=np.uint8)
    shrunk = cv2.erode(padded, kernel)[1:-1, 1:-1] > 0
    return np.asarray(filled & ~shrunk, dtype=np.bool_)
