"""Picture files in, a working copy out (Pillow): the first step of the image stage.

A picture is read from its bytes (one of ``PICTURE_FORMATS``, EXIF orientation applied,
transparency composited onto white, 16-bit and CMYK converted) and reduced by area averaging
to a working copy of at most ``WORK_SIDE`` pixels on its long side, in RGB floats. Every
conversion candidate works on that copy, or on the smaller ``SEGMENT_SIDE`` copy in Lab.
Large JPEGs are decoded already reduced (Pillow's ``draft``), so a big photo costs little.

Two limits guard the read, both checked before any pixel is decoded: no file may declare more
than ``MAX_PIXELS`` pixels, and no more than the caller's ``max_pixels`` may be decoded (a
JPEG's reduced decode is what counts; every other format is decoded whole).
"""

from __future__ import annotations

import struct
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from PIL import Image, UnidentifiedImageError

from nonogen.errors import InputError, LimitError
from nonogen.image.header import EXIF_ORIENTATION, TURNED, open_picture
from nonogen.image.options import (
    FORMAT_NAMES,
    MAX_PIXELS,
    PRIMARY_FORMATS,
    REDUCED_FORMATS,
)
from nonogen.image.pixels import (
    RGB,
    Grey,
    luminance,
    reduce_rgb,
    reduced_size,
    resize,
    rgb_to_lab,
)

WORK_SIDE: Final = 800
"""The working copy has at most this many pixels on its long side (4 a cell at 200 cells)."""
SEGMENT_SIDE: Final = 200
"""Colour segmentation (Lab statistics, GrabCut) works on a copy at most this long a side."""

_TURNS: Final[dict[int, Callable[[RGB], RGB]]] = {
    2: lambda rgb: rgb[:, ::-1],
    3: lambda rgb: rgb[::-1, ::-1],
    4: lambda rgb: rgb[::-1],
    5: lambda rgb: rgb.transpose(1, 0, 2),
    6: lambda rgb: np.rot90(rgb, -1),
    7: lambda rgb: rgb[::-1, ::-1].transpose(1, 0, 2),
    8: lambda rgb: np.rot90(rgb, 1),
}
"""How a picture with each EXIF orientation is turned upright, as ``ImageOps.exif_transpose``
turns it (mirrored, turned half or a quarter), done on the working copy (any other value is
upright; HEIF is turned by libheif, its EXIF orientation reset to 1)."""

_DECODE_ERRORS: Final = (
    OSError,
    SyntaxError,
    ValueError,
    TypeError,
    IndexError,
    struct.error,
    RuntimeError,
    EOFError,
    KeyError,
)
"""What Pillow raises on a corrupt file (RuntimeError: its AVIF decoder; EOFError: pillow-heif
on a truncated HEIC; KeyError: its TIFF reader counting the frames of a file with a bad tag).
``Image.open`` turns them into UnidentifiedImageError while it tries its plugins, but reading
frames, pixels and EXIF later lets them through."""


@dataclass(frozen=True)
class Picture:
    """A picture as the conversion sees it: a reduced working copy of the source."""

    rgb: RGB
    """The working copy, RGB in ``[0, 1]``, at most WORK_SIDE pixels on its long side."""
    size: tuple[int, int]
    """The source picture's (width, height) in pixels, after EXIF orientation."""

    @cached_property
    def grey(self) -> Grey:
        """Luminance of the working copy (``luminance``), 0 black to 1 white."""
        return luminance(self.rgb)

    @cached_property
    def small(self) -> RGB:
        """The picture reduced to at most SEGMENT_SIDE pixels on its long side."""
        return reduce_rgb(self.rgb, SEGMENT_SIDE)

    @cached_property
    def lab(self) -> RGB:
        """CIE Lab of ``small``: L in 0..100, a and b about -100..100."""
        return np.asarray(rgb_to_lab(self.small), dtype=np.float64)

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols) of the working copy."""
        rows, cols = self.grey.shape
        return rows, cols


def read_picture(data: bytes, *, name: str, max_pixels: int = MAX_PIXELS) -> Picture:
    """The working copy of a picture file's bytes; InputError when it is not a usable picture,
    LimitError when it declares more than MAX_PIXELS pixels or would decode more than
    ``max_pixels`` (a JPEG is decoded reduced: see REDUCED_FORMATS)."""
    limit = min(max_pixels, MAX_PIXELS)
    try:
        with _pillow_warnings(), open_picture(data) as opened:  # reads the header only
            _check_frames(opened, name)
            size = opened.size
            declared = MAX_PIXELS if opened.format in REDUCED_FORMATS else limit
            _check_pixels(opened, name, declared)
            _decode_reduced(opened)
            _check_pixels(opened, name, limit, size)
            opened.load()
            orientation = opened.getexif().get(EXIF_ORIENTATION)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise LimitError(
            f"{name}: picture too large (it declares over {Image.MAX_IMAGE_PIXELS} pixels); "
            f"use at most {limit} pixels"
        ) from None
    except UnidentifiedImageError:
        raise InputError(f"{name}: not a picture nonogen can read; give a {FORMAT_NAMES}") from None
    except _DECODE_ERRORS as error:
        raise InputError(
            f"{name}: cannot decode the picture ({error}); is the file truncated?"
        ) from None
    if opened.width < 2 or opened.height < 2:
        raise InputError(
            f"{name}: the picture is {opened.width}x{opened.height} pixels; give at least 2x2"
        )
    rgb = _rgb(opened)  # the file is closed, the decoded picture kept until this returns
    if orientation in _TURNS:  # turned upright here, on the small copy: no full-size copy
        rgb = np.ascontiguousarray(_TURNS[orientation](rgb))
        size = (size[1], size[0]) if orientation in TURNED else size
    return Picture(rgb, size)


def _check_pixels(
    picture: Image.Image, name: str, limit: int, source: tuple[int, int] | None = None
) -> None:
    """LimitError when a picture opened (or drafted, from ``source``) has over ``limit``
    pixels; the message says how to fix it."""
    width, height = picture.size
    if width * height <= limit:
        return
    found = f"{width}x{height} pixels"
    if source is not None and source != picture.size:
        found = f"{source[0]}x{source[1]} pixels, decoded reduced to {width}x{height}"
    fix = f"use at most {limit} pixels"
    if limit < MAX_PIXELS and picture.format not in REDUCED_FORMATS:
        fix += f", or a JPEG of up to {MAX_PIXELS} (a JPEG is decoded reduced)"
    raise LimitError(f"{name}: picture too large ({found}); {fix}")


def _decode_reduced(picture: Image.Image) -> None:
    """Have a JPEG decoded at 1/2, 1/4 or 1/8 (DCT scaling, Pillow's ``draft``) when that
    leaves at least twice WORK_SIDE on its long side, the size ``_reduced`` box-reduces to."""
    factor = max(picture.size) // (2 * WORK_SIDE)
    if picture.format in REDUCED_FORMATS and factor > 1:
        width, height = picture.size
        picture.draft("RGB", (max(1, width // factor), max(1, height // factor)))


@contextmanager
def _pillow_warnings() -> Iterator[None]:
    """Pillow's decompression-bomb warning raised; its warnings about corrupt metadata it
    skipped (EXIF, TIFF tags) silenced: the picture still reads, and the library never prints."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        yield


def _check_frames(picture: Image.Image, name: str) -> None:
    """Refuse animations: which frame is the puzzle would be a guess. A phone photo's
    companions (PRIMARY_FORMATS) are no animation: its primary image, open now, is read."""
    if picture.format in PRIMARY_FORMATS:
        return
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
        with _pillow_warnings(), open_picture(data) as opened:
            _check_pixels(opened, name, min(max_pixels, MAX_PIXELS))
            opened.load()
            return np.asarray(opened.convert("L"), dtype=np.uint8) > 127
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise LimitError(
            f"{name}: mask too large ({error}); use at most {max_pixels} pixels"
        ) from None
    except (UnidentifiedImageError, *_DECODE_ERRORS) as error:
        raise InputError(f"{name}: cannot read the mask ({error})") from None
