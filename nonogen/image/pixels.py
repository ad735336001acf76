"""Pixels: the array types of pictures and the operations on them that every stage uses
(reduced, resized, made grey). The lowest layer of ``nonogen.image``: it knows no picture
file, option or stage."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image

RGB = npt.NDArray[np.float64]
"""Colour pictures indexed ``(row, col, channel)``, channels in ``[0, 1]``."""
Grey = npt.NDArray[np.float64]
"""Grey levels indexed ``(row, col)``, 0.0 black to 1.0 white."""


def luminance(rgb: RGB) -> Grey:
    """Luminance of RGB floats in ``[0, 1]`` (ITU-R 601, as Pillow's ``L``), 0 black to 1
    white."""
    return np.asarray(rgb @ np.array([0.299, 0.587, 0.114]), dtype=np.float64)


def reduce_rgb(rgb: RGB, side: int) -> RGB:
    """An RGB array area-averaged down to at most ``side`` pixels on its long side."""
    rows, cols = rgb.shape[:2]
    if max(rows, cols) <= side:
        return rgb
    width, height = reduced_size(rows, cols, side)
    channels = [resize(rgb[:, :, k], width, height) for k in range(rgb.shape[2])]
    return np.stack(channels, axis=2)


def reduced_size(rows: int, cols: int, side: int) -> tuple[int, int]:
    """(width, height) of a ``rows`` x ``cols`` picture reduced to ``side`` on its long side."""
    scale = side / max(rows, cols)
    return max(1, round(cols * scale)), max(1, round(rows * scale))


def resize(
    values: npt.NDArray[np.floating[Any]], width: int, height: int, *, smooth: bool = False
) -> Grey:
    """A float array resized to ``height`` x ``width``: area averages, or bilinear if smooth."""
    image = Image.fromarray(values.astype(np.float32, copy=False), mode="F")
    method = Image.Resampling.BILINEAR if smooth else Image.Resampling.BOX
    return np.asarray(image.resize((width, height), method), dtype=np.float64)
