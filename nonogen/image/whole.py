"""The whole picture as its own subject: a photo drawn as a pixel artist draws it at grid size.

When the thing fills the frame (a cat's face, a friend, a house) or no ground stands apart,
there is no subject to cut out: the frame itself is drawn.

    the working copy
    -> flattened   mean shift at the cell's scale (OpenCV): fur, grain and blur become flat
                   areas with their edges kept, as a pixel artist's areas are flat
    -> stencil     (black and white) the flattened lightness cut at Otsu's level, the dark
                   side inked
    -> pooled      as any split (``nonogen.image.cells``)
    -> drawn       (``nonogen.image.drawing.drawn_whole``) the cells read as areas
                   (``nonogen.image.areas``): specks merged into the areas around them,
                   lines and features (an eye, a window) kept

In colour the frame is quantised whole (``nonogen.image.palette.quantise`` over every cell):
the palette comes from the picture itself, and only the picture's own near-white is paper.
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from nonogen.image.filters import otsu
from nonogen.image.read import RGB, Grey, luminance

CELL_WORK_PX: Final = 8.0
"""The picture is flattened at about this many pixels a cell side (smaller copies are as
they are): enough to find a cell's areas, little enough to be quick."""
SPATIAL: Final = 0.6
"""Mean shift's spatial window, in cells: areas smaller than this are merged into others."""
COLOUR_RANGE: Final = 16.0
"""Mean shift's colour window (0-255 RGB units): tones closer than this are one area."""


def flattened(rgb: RGB, cell_px: float) -> RGB:
    """The picture (``(rows, cols, 3)`` floats in ``[0, 1]``) with its areas flattened and its
    edges kept: OpenCV's mean shift filter at SPATIAL cells and COLOUR_RANGE, on a copy of
    about CELL_WORK_PX pixels a cell; the same shape as ``rgb``' copy it ran on."""
    rows, cols = rgb.shape[:2]
    scale = min(1.0, CELL_WORK_PX / max(cell_px, 1e-9))
    size = (max(1, round(cols * scale)), max(1, round(rows * scale)))
    bytes8 = np.clip(np.rint(rgb * 255.0), 0, 255).astype(np.uint8)
    small = cv2.resize(bytes8, size, interpolation=cv2.INTER_AREA) if scale < 1.0 else bytes8
    radius = max(2.0, SPATIAL * cell_px * scale)
    flat = cv2.pyrMeanShiftFiltering(np.ascontiguousarray(small), radius, COLOUR_RANGE)
    return np.asarray(flat, dtype=np.float64) / 255.0


def stencil(rgb: RGB, cell_px: float) -> Grey | None:
    """Per pixel of the flattened copy (see ``flattened``), 1.0 where it is on the dark side
    of Otsu's cut of its lightness; None for a picture of one tone."""
    flat = flattened(rgb, cell_px)
    grey = luminance(flat)
    if float(np.ptp(grey)) < 1e-3:
        return None
    cut = float(otsu(grey))
    return np.asarray(grey < cut, dtype=np.float64)
