"""Pixels: the array types of pictures and the operations on them that every stage uses
(reduced, resized, made grey, to CIE Lab and back). The lowest layer of ``nonogen.image``: it
knows no picture file, option or stage.

sRGB to Lab and back (D65, 2° observer) take the same operations in the same order as
``skimage.color.rgb2lab`` and ``lab2rgb``, so the results are the same to the last bit
(``tests/unit/test_ported.py``), without the import of ``scipy.linalg`` that ``skimage.color``
costs (0.3 s of every one-shot ``make``)."""

from __future__ import annotations

from typing import Any, Final

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


Colours = npt.NDArray[np.floating]
"""``(..., 3)`` float colours."""

XYZ_FROM_RGB: Final = np.array(
    [
        [0.412453, 0.357580, 0.180423],
        [0.212671, 0.715160, 0.072169],
        [0.019334, 0.119193, 0.950227],
    ]
)
"""sRGB (linear) to XYZ, from the sRGB specification."""
RGB_FROM_XYZ: Final = np.array(
    [
        [3.2404813432005266, -1.5371515162713183, -0.4985363261688878],
        [-0.9692549499965682, 1.8759900014898907, 0.04155592655829284],
        [0.055646639135177166, -0.20404133836651123, 1.0573110696453443],
    ]
)
"""The inverse of XYZ_FROM_RGB, as ``scipy.linalg.inv`` gives it (numpy's differs in the last
bits)."""
WHITE: Final = (0.95047, 1.0, 1.08883)
"""D65's white point, 2° observer."""


def _floats(colours: npt.ArrayLike) -> Colours:
    """The colours as float32 or float64 (half floats as float32), checked ``(..., 3)``."""
    arr = np.asanyarray(colours)
    if arr.shape[-1] != 3:
        raise ValueError(f"expected colours of 3 channels, got an array of shape {arr.shape}")
    if arr.dtype.kind != "f":
        raise ValueError(f"expected float colours in [0, 1], got {arr.dtype}")
    return arr if arr.dtype.itemsize >= 4 else arr.astype(np.float32)


def rgb_to_lab(rgb: npt.ArrayLike) -> Colours:
    """Lab of sRGB colours in ``[0, 1]``."""
    arr = _floats(rgb).copy()
    mask = arr > 0.04045
    arr[mask] = np.power((arr[mask] + 0.055) / 1.055, 2.4)
    arr[~mask] /= 12.92
    xyz = arr @ XYZ_FROM_RGB.T.astype(arr.dtype)
    xyz = xyz / np.asarray(WHITE, dtype=xyz.dtype)
    mask = xyz > 0.008856
    xyz[mask] = np.cbrt(xyz[mask])
    xyz[~mask] = 7.787 * xyz[~mask] + 16.0 / 116.0
    x, y, z = xyz[..., 0], xyz[..., 1], xyz[..., 2]
    lab = [(116.0 * y) - 16.0, 500.0 * (x - y), 200.0 * (y - z)]
    return np.concatenate([channel[..., np.newaxis] for channel in lab], axis=-1)


def lab_to_rgb(lab: npt.ArrayLike) -> Colours:
    """sRGB colours in ``[0, 1]`` of Lab ones (clipped where Lab leaves sRGB's gamut)."""
    arr = _floats(lab).copy()
    y = (arr[..., 0] + 16.0) / 116.0
    x = (arr[..., 1] / 500.0) + y
    z = y - (arr[..., 2] / 200.0)
    invalid = np.atleast_1d(z < 0).nonzero()
    if invalid[0].size != 0:
        if z.ndim > 0:
            z[invalid] = 0
        else:
            z = np.zeros_like(z)
    out = np.stack([x, y, z], axis=-1)
    mask = out > 0.2068966
    out[mask] = np.power(out[mask], 3.0)
    out[~mask] = (out[~mask] - 16.0 / 116.0) / 7.787
    out *= np.asarray(WHITE)
    rgb: Colours = out @ RGB_FROM_XYZ.T.astype(out.dtype)
    mask = rgb > 0.0031308
    rgb[mask] = 1.055 * np.power(rgb[mask], 1 / 2.4) - 0.055
    rgb[~mask] *= 12.92
    np.clip(rgb, 0, 1, out=rgb)
    return rgb
