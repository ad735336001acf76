"""Picture files in, a working copy out (Pillow): the first step of the image stage.

A picture is read from its bytes (any format Pillow reads, EXIF orientation applied,
transparency composited onto white, 16-bit and CMYK converted) and reduced by area averaging
to a working copy of at most ``WORK_SIDE`` pixels on its long side, in RGB floats. Every
conversion candidate works on that copy, or on the smaller ``SEGMENT_SIDE`` copy in Lab.
Large JPEGs are decoded already reduced (Pillow's ``draft``), so a big photo costs little.
"""

from __future__ import annotations

import io
import struct
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageOps, UnidentifiedImageError
from skimage import color

from nonogen.errors import InputError, LimitError
from nonogen.image.options import MAX_PIXELS, PICTURE_FORMATS

RGB = npt.NDArray[np.float64]
"""Colour pictures indexed ``(row, col, channel)``, channels in ``[0, 1]``."""
Grey = npt.NDArray[np.float64]
"""Grey levels indexed ``(row, col)``, 0.0 black to 1.0 white."""

WORK_SIDE: Final = 800
"""The working copy has at most this many pixels on its long side (4 a cell at 200 cells)."""
SEGMENT_SIDE: Final = 200
"""Colour segmentation (Lab statistics, GrabCut) works on a copy at most this long a side."""

_DECODE_ERRORS: Final = (OSError, SyntaxError, ValueError, TypeError, IndexError, struct.error)
"""What Pillow raises on a corrupt file. ``Image.open`` turns them into UnidentifiedImageError
while it tries its plugins, but reading frames, pixels and EXIF later lets them through."""


@dataclass(frozen=True)
class Picture:
    """A picture as the conversion sees it: a reduced working copy of the source."""

    rgb: RGB
    """The working copy, RGB in ``[0, 1]``, at most WORK_SIDE pixels on its long side."""
    size: tuple[int, int]
    """The source picture's (width, height) in pixels, after EXIF orientation."""

    @cached_property
    def grey(self) -> Grey:
        """Luminance of the working copy (ITU-R 601, as Pillow's ``L``), 0 black to 1 white."""
        weights = np.array([0.299, 0.587, 0.114])
        return np.asarray(self.rgb @ weights, dtype=np.float64)

    @cached_property
    def small(self) -> RGB:
        """The picture reduced to at most SEGMENT_SIDE pixels on its long side."""
        return reduce_rgb(self.rgb, SEGMENT_SIDE)

    @cached_property
    def lab(self) -> RGB:
        """CIE Lab of ``small``: L in 0..100, a and b about -100..100."""
        return np.asarray(color.rgb2lab(self.small), dtype=np.float64)

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols) of the working copy."""
        rows, cols = self.grey.shape
        return rows, cols


def read_picture(data: bytes, *, name: str, max_pixels: int = MAX_PIXELS) -> Picture:
    """The working copy of a picture file's bytes; InputError when it is not a usable picture,
    LimitError when it has more than ``max_pixels`` pixels."""
    try:
        with (
            _pillow_warnings(),
            Image.open(io.BytesIO(data), formats=PICTURE_FORMATS) as opened,
        ):  # reads the header only
            if opened.width * opened.height > max_pixels:
                raise Image.DecompressionBombError(f"{opened.width}x{opened.height} pixels")
            _check_frames(opened, name)
            size = opened.size
            if opened.format == "JPEG":  # decode at 1/2, 1/4 or 1/8 when still big enough
                opened.draft("RGB", (2 * WORK_SIDE, 2 * WORK_SIDE))
            opened.load()
            picture = ImageOps.exif_transpose(opened)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise LimitError(
            f"{name}: picture too large ({error}); use at most {max_pixels} pixels"
        ) from None
    except UnidentifiedImageError:
        raise InputError(
            f"{name}: not a picture Pillow can read; give a PNG, JPEG, GIF, WebP, BMP or TIFF"
        ) from None
    except _DECODE_ERRORS as error:
        raise InputError(
            f"{name}: cannot decode the picture ({error}); is the file truncated?"
        ) from None
    if picture.width < 2 or picture.height < 2:
        raise InputError(
            f"{name}: the picture is {picture.width}x{picture.height} pixels; give at least 2x2"
        )
    if picture.size != opened.size:  # EXIF rotated it: the source's sides swap too
        size = (size[1], size[0])
    return Picture(_rgb(picture), size)


@contextmanager
def _pillow_warnings() -> Iterator[None]:
    """Pillow's decompression-bomb warning raised; its warnings about corrupt metadata it
    skipped (EXIF, TIFF tags) silenced: the picture still reads, and the library never prints."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        yield


def _check_frames(picture: Image.Image, name: str) -> None:
    """Refuse animations: which frame is the puzzle would be a guess."""
    frames = int(getattr(picture, "n_frames", 1))
    if getattr(picture, "is_animated", False) and frames > 1:
        raise InputError(
            f"{name}: an animated picture ({frames} frames); save the frame you want as a still"
        )


def _rgb(picture: Image.Image) -> RGB:
    """The working copy: RGB in [0, 1], transparency composited onto white, 16-bit grey
    scaled, area-averaged channel by channel to at most WORK_SIDE pixels on its long side."""
    if picture.mode in ("I;16", "I;16B", "I;16L", "I"):
        high = picture.getextrema()[1]
        top = 65535.0 if isinstance(high, (int, float)) and high > 255 else 255.0
        grey = _channel(np.asarray(picture), top)
        return np.repeat(grey[:, :, None], 3, axis=2)
    if picture.mode == "CMYK":
        picture = picture.convert("RGB")
    if picture.mode in ("P", "PA", "LA", "RGBA", "La", "RGBa") or "transparency" in picture.info:
        # Reduced premultiplied (colours weighed by their alpha), then laid on white.
        rgba = _reduced(picture.convert("RGBA").convert("RGBa")).convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        picture = Image.alpha_composite(white, rgba)
    bands = _reduced(picture.convert("RGB") if picture.mode != "RGB" else picture).split()
    return np.stack([_channel(np.asarray(band), 255.0) for band in bands], axis=2)


def _reduced(picture: Image.Image) -> Image.Image:
    """An 8-bit picture box-reduced by a whole factor (as JPEG's draft does) to no less than
    twice WORK_SIDE on its long side: the float copies are then small, whatever its size."""
    factor = max(picture.size) // (2 * WORK_SIDE)
    return picture.reduce(factor) if factor > 1 else picture


def _channel(values: npt.NDArray[Any], top: float) -> Grey:
    """A channel of whole numbers as ``values / top`` clipped to [0, 1], area-averaged to at
    most WORK_SIDE pixels on its long side. A larger one is scaled in float32, the precision
    ``resize`` averages in (same values), so no full-size float64 copy is ever made."""
    rows, cols = values.shape
    if max(rows, cols) <= WORK_SIDE:
        return np.clip(values / top, 0.0, 1.0)
    scaled = values.astype(np.float32)
    scaled /= np.float32(top)
    np.clip(scaled, 0.0, 1.0, out=scaled)
    return resize(scaled, *reduced_size(rows, cols, WORK_SIDE))


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


def picture_rgb8(picture: Picture, box: tuple[int, int, int, int]) -> npt.NDArray[np.uint8]:
    """The working copy's part in ``box`` (left, top, right, bottom in source pixels), 8-bit."""
    rows, cols = picture.shape
    width, height = picture.size
    left, top, right, bottom = box
    part = picture.rgb[
        round(top * rows / height) : max(round(bottom * rows / height), 1),
        round(left * cols / width) : max(round(right * cols / width), 1),
    ]
    return np.asarray(np.round(part * 255.0), dtype=np.uint8)


def read_mask(data: bytes, *, name: str, max_pixels: int = MAX_PIXELS) -> npt.NDArray[np.bool_]:
    """A subject mask file (white = subject) as a bool array at its own size."""
    try:
        with _pillow_warnings(), Image.open(io.BytesIO(data), formats=PICTURE_FORMATS) as opened:
            if opened.width * opened.height > max_pixels:
                raise Image.DecompressionBombError(f"{opened.width}x{opened.height} pixels")
            opened.load()
            return np.asarray(opened.convert("L"), dtype=np.uint8) > 127
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise LimitError(
            f"{name}: mask too large ({error}); use at most {max_pixels} pixels"
        ) from None
    except (UnidentifiedImageError, *_DECODE_ERRORS) as error:
        raise InputError(f"{name}: cannot read the mask ({error})") from None
