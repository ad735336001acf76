"""Picture files in, a working copy out (Pillow): the first step of the image stage.

A picture is read from its bytes (any format Pillow reads, EXIF orientation applied,
transparency composited onto white, 16-bit and CMYK converted) and reduced by area averaging
to a working copy of at most ``WORK_SIDE`` pixels on its long side, in RGB floats. Every
conversion candidate works on that copy, or on the smaller ``SEGMENT_SIDE`` copy in Lab.
Large JPEGs are decoded already reduced (Pillow's ``draft``), so a big photo costs little.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from functools import cached_property
from typing import Final

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageOps, UnidentifiedImageError
from skimage import color

from nonogen.errors import InputError, LimitError
from nonogen.image.options import MAX_PIXELS

RGB = npt.NDArray[np.float64]
"""Colour pictures indexed ``(row, col, channel)``, channels in ``[0, 1]``."""
Grey = npt.NDArray[np.float64]
"""Grey levels indexed ``(row, col)``, 0.0 black to 1.0 white."""

WORK_SIDE: Final = 800
"""The working copy has at most this many pixels on its long side (4 a cell at 200 cells)."""
SEGMENT_SIDE: Final = 200
"""Colour segmentation (Lab statistics, GrabCut) works on a copy at most this long a side."""


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
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:  # reads the header only
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
    except (OSError, SyntaxError, ValueError) as error:
        raise InputError(
            f"{name}: cannot decode the picture ({error}); is the file truncated?"
        ) from None
    if picture.width < 2 or picture.height < 2:
        raise InputError(
            f"{name}: the picture is {picture.width}x{picture.height} pixels; give at least 2x2"
        )
    if picture.size != opened.size:  # EXIF rotated it: the source's sides swap too
        size = (size[1], size[0])
    return Picture(reduce_rgb(_rgb(picture), WORK_SIDE), size)


def _check_frames(picture: Image.Image, name: str) -> None:
    """Refuse animations: which frame is the puzzle would be a guess."""
    frames = int(getattr(picture, "n_frames", 1))
    if getattr(picture, "is_animated", False) and frames > 1:
        raise InputError(
            f"{name}: an animated picture ({frames} frames); save the frame you want as a still"
        )


def _rgb(picture: Image.Image) -> RGB:
    """RGB in [0, 1], with transparency composited onto white and 16-bit grey scaled."""
    if picture.mode in ("I;16", "I;16B", "I;16L", "I"):
        values = np.asarray(picture, dtype=np.float64)
        top = 65535.0 if values.max() > 255 else 255.0
        grey = np.clip(values / top, 0.0, 1.0)
        return np.repeat(grey[:, :, None], 3, axis=2)
    if picture.mode == "CMYK":
        picture = picture.convert("RGB")
    if picture.mode in ("P", "PA", "LA", "RGBA", "La", "RGBa") or "transparency" in picture.info:
        rgba = picture.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        picture = Image.alpha_composite(white, rgba)
    return np.asarray(picture.convert("RGB"), dtype=np.float64) / 255.0


def reduce_rgb(rgb: RGB, side: int) -> RGB:
    """An RGB array area-averaged down to at most ``side`` pixels on its long side."""
    rows, cols = rgb.shape[:2]
    scale = side / max(rows, cols)
    if scale >= 1.0:
        return rgb
    width, height = max(1, round(cols * scale)), max(1, round(rows * scale))
    channels = [resize(rgb[:, :, k], width, height) for k in range(rgb.shape[2])]
    return np.stack(channels, axis=2)


def resize(values: Grey, width: int, height: int, *, smooth: bool = False) -> Grey:
    """A float array resized to ``height`` x ``width``: area averages, or bilinear if smooth."""
    image = Image.fromarray(values.astype(np.float32), mode="F")
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


def read_mask(data: bytes, *, name: str) -> npt.NDArray[np.bool_]:
    """A subject mask file (white = subject) as a bool array at its own size."""
    try:
        with Image.open(io.BytesIO(data)) as opened:
            opened.load()
            return np.asarray(opened.convert("L"), dtype=np.uint8) > 127
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        raise InputError(f"{name}: cannot read the mask ({error})") from None
