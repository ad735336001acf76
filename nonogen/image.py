"""Pictures in, grey cells out: the image stage of ``nonogen make`` (Pillow and scikit-image).

A picture is read (any format Pillow reads, EXIF orientation applied, transparency composited
onto white, 16-bit and CMYK converted), turned to grey levels in ``[0, 1]`` (0 black), and
area-averaged down to the grid. A threshold level, computed on the full picture, splits the
cells; each cell's distance from the level is how much flipping it would change the picture.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageOps, UnidentifiedImageError
from skimage import filters

from nonogen.errors import InputError, LimitError
from nonogen.grid import Grid

Grey = npt.NDArray[np.float64]
"""Grey levels indexed ``(row, col)``, 0.0 black to 1.0 white."""

MAX_PIXELS: Final = 50_000_000
"""The largest picture read, in pixels (a guard against decompression bombs)."""
MIN_CELLS: Final = 5
MAX_CELLS: Final = 200
"""The grid a picture becomes has between MIN_CELLS and MAX_CELLS cells a side."""
THRESHOLDS: Final = ("otsu", "li", "yen", "mean")
"""Named global threshold methods; a number in (0, 1) is a fixed level."""


@dataclass(frozen=True)
class Cells:
    """A picture reduced to the grid: its grey cells and the level that splits them."""

    grey: Grey
    """Area-averaged grey level per cell."""
    level: float
    """Cells darker than this are filled (after ``inverted`` is applied)."""
    inverted: bool
    """True when the subject is light on dark, so light cells are the filled ones."""

    def grid(self) -> Grid:
        """The thresholded grid: True where the cell belongs to the subject."""
        dark = self.grey < self.level
        return np.asarray(~dark if self.inverted else dark, dtype=np.bool_)

    def cost(self) -> Grey:
        """How far each cell's grey level is from the level: what flipping it costs."""
        return np.abs(self.grey - self.level)


def read_picture(data: bytes, *, name: str) -> Grey:
    """The grey levels of a picture file's bytes; InputError when it is not a usable picture."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:
                _check_frames(opened, name)
                opened.load()
                picture = ImageOps.exif_transpose(opened)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise LimitError(
            f"{name}: picture too large ({error}); use at most {MAX_PIXELS} pixels"
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
    return _grey(picture)


def _check_frames(picture: Image.Image, name: str) -> None:
    """Refuse animations: which frame is the puzzle would be a guess."""
    frames = int(getattr(picture, "n_frames", 1))
    if getattr(picture, "is_animated", False) and frames > 1:
        raise InputError(
            f"{name}: an animated picture ({frames} frames); save the frame you want as a still"
        )


def _grey(picture: Image.Image) -> Grey:
    """Grey levels in [0, 1], with transparency composited onto white."""
    if picture.mode in ("I;16", "I;16B", "I;16L", "I"):
        values = np.asarray(picture, dtype=np.float64)
        top = 65535.0 if values.max() > 255 else 255.0
        return np.clip(values / top, 0.0, 1.0)
    if picture.mode == "CMYK":
        picture = picture.convert("RGB")
    if picture.mode in ("P", "PA", "LA", "RGBA", "La", "RGBa") or "transparency" in picture.info:
        rgba = picture.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        picture = Image.alpha_composite(white, rgba)
    return np.asarray(picture.convert("L"), dtype=np.float64) / 255.0


def threshold_level(grey: Grey, method: str) -> float:
    """The grey level that splits a picture: a named method, ``fill:F`` or a fixed number."""
    if method in THRESHOLDS:
        if float(grey.max() - grey.min()) < 1e-6:
            raise InputError(
                "the picture is all one colour; there is nothing to draw a puzzle from"
            )
        pick: dict[str, Callable[[Grey], float]] = {
            "otsu": filters.threshold_otsu,
            "li": filters.threshold_li,
            "yen": filters.threshold_yen,
            "mean": filters.threshold_mean,
        }
        return _mid_gap(grey, float(pick[method](grey)))
    if method.startswith("fill:"):
        fill = _fraction(method[5:], method)
        return float(np.quantile(grey, fill))
    return _fraction(method, method)


def _mid_gap(grey: Grey, level: float) -> float:
    """The same split of the pixels, with the level midway across the gap around it.

    Cells are area averages, so a level hugging one side of the gap (as Otsu's does on a
    two-tone picture) would count a cell barely touched by the subject as subject.
    """
    below = grey[grey < level]
    above = grey[grey >= level]
    if below.size == 0 or above.size == 0:
        return level
    return float(below.max() + above.min()) / 2.0


def _fraction(text: str, method: str) -> float:
    """A number strictly between 0 and 1, or InputError."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value < 1.0:
        raise InputError(
            f"expected --threshold to be one of {', '.join(THRESHOLDS)}, a level between 0 and 1, "
            f"or fill:F with F between 0 and 1; got {method!r}"
        )
    return value


def grid_size(shape: tuple[int, int], width: int | None, height: int | None) -> tuple[int, int]:
    """(width, height) of the grid: both given, or one given and the other from the aspect."""
    rows, cols = shape
    if width is None and height is None:
        width = 30
    if width is None:
        assert height is not None
        width = max(1, round(height * cols / rows))
    if height is None:
        height = max(1, round(width * rows / cols))
    for side, value in (("--width", width), ("--height", height)):
        if not MIN_CELLS <= value <= MAX_CELLS:
            raise LimitError(
                f"expected {side} between {MIN_CELLS} and {MAX_CELLS} cells, got {value}"
            )
    return width, height


def downsample(grey: Grey, width: int, height: int) -> Grey:
    """Area-average a picture down (or up) to ``height`` x ``width`` cells."""
    image = Image.fromarray(grey.astype(np.float32), mode="F")
    return np.asarray(image.resize((width, height), Image.Resampling.BOX), dtype=np.float64)


def to_cells(
    grey: Grey, *, width: int, height: int, method: str = "otsu", invert: bool | None = None
) -> Cells:
    """The picture as grey cells with its threshold level and which side is the subject."""
    level = threshold_level(grey, method)
    if invert is None:
        invert = _subject_is_light(grey, level)
    return Cells(downsample(grey, width, height), level, invert)


def _subject_is_light(grey: Grey, level: float) -> bool:
    """Guess the subject: the side of the level the picture's border mostly is not on."""
    border = np.concatenate([grey[0], grey[-1], grey[:, 0], grey[:, -1]])
    return bool((border < level).mean() > 0.5)
