"""sRGB to CIE Lab and back (D65, 2° observer), as scikit-image computes them.

The same operations in the same order as ``skimage.color.rgb2lab`` and ``lab2rgb``, so the
results are the same to the last bit (``tests/unit/test_ported.py``), without the import of
``scipy.linalg`` that ``skimage.color`` costs (0.3 s of every one-shot ``make``).
Arrays are ``(..., 3)`` floats in ``[0, 1]`` (sRGB) or Lab's ranges.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

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
