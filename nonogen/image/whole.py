"""The whole picture as its own subject: a photo drawn as a pixel artist draws it at grid size.

When the thing fills the frame (a cat's face, a friend, a house) or no ground stands apart,
there is no subject to cut out: the frame itself is drawn.

    the working copy
    -> stencil     (black and white) the lightness against Otsu's cut of it at cell size,
                   the dark side inked: a seam or a line thinner than a cell darkens its cell
                   and is kept (a ball's seams, a jacket's buttons), as the naive reduction
                   keeps them; a mean shift that flattened the picture first merged them away
    -> pooled      as any split (``nonogen.image.cells``)
    -> drawn       (``nonogen.image.drawing.drawn_whole``) the cells read as areas
                   (``nonogen.image.areas``): specks merged into the areas around them,
                   lines and features (an eye, a window) kept

In colour the frame is quantised whole (``nonogen.image.palette.quantise`` over every cell):
the palette comes from the picture itself, and paper is the picture's own near-white and a
light, nearly neutral ground that runs to the frame's edges (``light_ground``: a wall, an
overcast sky, snow, a backdrop), as a pixel artist leaves it.
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from nonogen.grid import Grid
from nonogen.image.filters import otsu
from nonogen.image.pixels import RGB, Grey, luminance

LIGHT_GROUND: Final = 55.0
"""Lightness (CIE L*) at or above which a nearly neutral ground is light."""
NEUTRAL_CHROMA: Final = 14.0
"""Chroma (distance from grey in a* b*) at or under which a cell is nearly neutral: a wall, a
sky or snow is 1-10, a face before them 15-25."""
GROUND_EDGE: Final = 0.4
"""Share of the frame's edge cells a light ground must line to be the picture's ground."""


def stencil(rgb: RGB, cell_px: float) -> Grey | None:
    """Per pixel, how dark it is against Otsu's cut of the picture's lightness *at cell size*
    (the lightness area-averaged to cells of ``cell_px`` pixels, as the naive reduction does):
    ``0.5 + (cut - lightness) / 2``, in ``[0, 1]``. It is linear in the lightness, so a cell's
    mean share is 0.5 or more exactly where its mean lightness is at or under the cut: a seam
    or a line thinner than a cell darkens its cell and is drawn, where a cut of each pixel
    would leave it under half the cell and lose it. None for a picture of one tone."""
    grey = luminance(rgb)
    if float(np.ptp(grey)) < 1e-3:
        return None
    rows, cols = grey.shape
    size = (max(1, round(cols / max(cell_px, 1e-9))), max(1, round(rows / max(cell_px, 1e-9))))
    cells = cv2.resize(np.ascontiguousarray(grey), size, interpolation=cv2.INTER_AREA)
    if float(np.ptp(cells)) < 1e-3:
        return None
    cut = float(otsu(np.asarray(cells, dtype=np.float64)))
    return np.asarray(np.clip(0.5 + (cut - grey) / 2.0, 0.0, 1.0), dtype=np.float64)


def light_ground(cells: RGB) -> Grid | None:
    """The cells (``(rows, cols, 3)`` in Lab) of a light, nearly neutral ground that runs to
    the frame's edges (a wall, an overcast sky, snow, a backdrop), when it lines at least
    ``GROUND_EDGE`` of the edge cells; None when the picture has no such ground.

    A pixel artist leaves such a ground as paper. Drawn as a colour, it takes one of the few
    the grid has, and whatever is near its colour goes with it: two colours under
    ``MERGE_DELTA_E`` apart are one, so the astronaut's face, 15 from the grey wall behind
    it, was drawn in the wall's colour and lost in it."""
    chroma = np.hypot(cells[:, :, 1], cells[:, :, 2])
    light = (cells[:, :, 0] >= LIGHT_GROUND) & (chroma <= NEUTRAL_CHROMA)
    _, labels = cv2.connectedComponents(light.astype(np.uint8), connectivity=4)
    edge = np.zeros(light.shape, dtype=np.bool_)
    edge[0, :] = edge[-1, :] = edge[:, 0] = edge[:, -1] = True
    reached = np.unique(labels[edge & light])
    ground = np.isin(labels, reached[reached > 0])
    if (ground & edge).sum() < GROUND_EDGE * edge.sum():
        return None
    return np.asarray(ground, dtype=np.bool_)
