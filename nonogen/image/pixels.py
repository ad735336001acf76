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


def area_mean(
    values: npt.NDArray[np.floating[Any]],
    span: tuple[float, float, float, float],
    width: int,
    height: int,
) -> Grey:
    """The mean of ``values`` over each of ``height`` x ``width`` equal cells of the span
    ``(left, top, right, bottom)`` in pixels of the array (fractions of a pixel included):
    each pixel weighs by the share of it inside the cell. A span that starts or ends inside
    a pixel is pooled where it lies, not moved to the pixel's edge."""
    left, top, right, bottom = span
    rows = _overlaps(top, bottom, height, values.shape[0])
    cols = _overlaps(left, right, width, values.shape[1])
    return np.asarray(rows @ np.asarray(values, dtype=np.float64) @ cols.T, dtype=np.float64)


def _overlaps(start: float, end: float, cells: int, pixels: int) -> npt.NDArray[np.float64]:
    """``(cells, pixels)``: the share of each cell of ``[start, end)`` each pixel covers (each
    row sums to 1). The span is kept inside the array and at least a millionth of a pixel
    wide, so that every cell covers some pixel."""
    start = min(max(start, 0.0), pixels - 1e-6)
    end = min(max(end, start + 1e-6), float(pixels))
    edges = np.linspace(start, end, cells + 1)
    low = np.arange(pixels, dtype=np.float64)[None, :]
    inside = np.minimum(edges[1:, None], low + 1.0) - np.maximum(edges[:-1, None], low)
    overlap = np.clip(inside, 0.0, None)
    return np.asarray(overlap / overlap.sum(axis=1, keepdims=True), dtype=np.float64)


def box_span(
    box: tuple[int, int, int, int], size: tuple[int, int], shape: tuple[int, ...]
) -> tuple[float, float, float, float]:
    """A box in source pixels ``(left, top, right, bottom)`` of a picture of ``size`` (width,
    height) as a span in pixels of an array of ``shape`` over the same picture (any
    resolution), fractions of a pixel kept: the span ``area_mean`` pools."""
    left, top, right, bottom = box
    width, height = size
    rows, cols = shape[:2]
    return left * cols / width, top * rows / height, right * cols / width, bottom * rows / height
