"""Pictures in, grey cells out: the image stage of ``nonogen make`` (Pillow and scikit-image).

A picture is read (any format Pillow reads, EXIF orientation applied, transparency composited
onto white, 16-bit and CMYK converted) and turned to grey levels in ``[0, 1]`` (0 black).
``to_cells`` then runs the stage, every step a pure array function:

    enhance (contrast) -> split (a level, or edges) -> crop -> grid_size -> downsample -> despeckle

Every mode ends in the same shape, ``Cells``: one value per cell, a level that splits them and
the filled grid. A cell's distance from the level is how much flipping it would change the
picture. Global thresholds split the area-averaged grey at a level computed on the full picture.
Sauvola's local threshold ``T`` is folded into the picture instead, ``clip(grey - T + 0.5)``, so
that 0.5 is the level everywhere and cells are still area averages. Edge mode fills every cell
an edge pixel touches and grades the cells by how much of an edge crosses them.

Unless told, the subject is the side of the level the picture's border is not on (for Sauvola,
once a fitted light surface is taken away). Cropping keeps the box of the subject's pixels, so
the grid's aspect is the subject's.
"""

from __future__ import annotations

import io
import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageOps, UnidentifiedImageError
from skimage import exposure, feature, filters

from nonogen.errors import InputError, LimitError
from nonogen.grid import Grid
from nonogen.picture import (
    DEFAULT_WIDTH,
    LOCAL_THRESHOLDS,
    MAX_PIXELS,
    THRESHOLDS,
    PictureOptions,
    check_side,
    fraction,
    stretch_percentile,
)

Grey = npt.NDArray[np.float64]
"""Grey levels indexed ``(row, col)``, 0.0 black to 1.0 white."""
Box = tuple[int, int, int, int]
"""A region of a picture in pixels: ``(top, left, bottom, right)``, bottom and right exclusive."""

SAUVOLA_SIDE: Final = 512
"""Sauvola's threshold is computed on a copy at most this many pixels on its short side."""
CROP_MARGIN: Final = 0.02
"""The margin kept around the subject when cropping, as a fraction of each side."""

# scikit-image ships these untyped: name, once, the types this module relies on.
_rescale: Callable[..., Grey] = exposure.rescale_intensity
_sauvola: Callable[..., Grey] = filters.threshold_sauvola
_otsu: Callable[[Grey], float] = filters.threshold_otsu
_canny: Callable[..., Grid] = feature.canny


@dataclass(frozen=True)
class Cells:
    """A picture reduced to the grid: a value per cell, the level splitting them, the grid."""

    grey: Grey
    """Per cell, the value the level splits: the area-averaged grey (sauvola: of the picture
    shifted by its local threshold; edges: 0.5 minus how much edge crosses an edge cell, 0.75
    to 1.0 for the others, lower next to an edge)."""
    level: float
    """Cells darker than this are filled (after ``inverted`` is applied)."""
    inverted: bool
    """True when the subject is light on dark, so light cells are the filled ones."""
    filled: Grid
    """The subject cells: ``grey`` split at ``level``, then despeckled if asked."""
    box: Box
    """The picture region the cells cover: the whole picture unless cropped."""

    def grid(self) -> Grid:
        """The thresholded grid: True where the cell belongs to the subject."""
        return self.filled.copy()

    def cost(self) -> Grey:
        """How far each cell's grey level is from the level: what flipping it costs."""
        return np.abs(self.grey - self.level)


def read_picture(data: bytes, *, name: str, max_pixels: int = MAX_PIXELS) -> Grey:
    """The grey levels of a picture file's bytes; InputError when it is not a usable picture,
    LimitError when it has more than ``max_pixels`` pixels."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:  # reads the header only
                if opened.width * opened.height > max_pixels:
                    raise Image.DecompressionBombError(f"{opened.width}x{opened.height} pixels")
                _check_frames(opened, name)
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


def enhance(grey: Grey, contrast: str) -> Grey:
    """The picture with its contrast enhanced: none, stretch, ``stretch:P`` or clahe."""
    if contrast == "clahe":
        return np.asarray(exposure.equalize_adapthist(grey), dtype=np.float64)
    low = stretch_percentile(contrast)
    if low is None:
        return grey
    lo, hi = (float(v) for v in np.percentile(grey, [low, 100.0 - low]))
    if hi - lo < 1e-6:
        # A small subject (under P % of the pixels) would be clipped away: stretch min..max.
        lo, hi = float(grey.min()), float(grey.max())
    if hi - lo < 1e-6:
        return grey
    stretched = _rescale(grey, in_range=(lo, hi), out_range=(0.0, 1.0))
    return np.asarray(stretched, dtype=np.float64)


def threshold_level(grey: Grey, method: str) -> float:
    """The grey level that splits a picture: a named global method, ``fill:F`` or a number."""
    if method in THRESHOLDS:
        _check_not_flat(grey)
        pick: dict[str, Callable[[Grey], float]] = {
            "otsu": filters.threshold_otsu,
            "li": filters.threshold_li,
            "yen": filters.threshold_yen,
            "mean": filters.threshold_mean,
        }
        return _mid_gap(grey, float(pick[method](grey)))
    if method.startswith("fill:"):
        fill = fraction(method[5:], method)
        return float(np.quantile(grey, fill))
    return fraction(method, method)


def _check_not_flat(grey: Grey) -> None:
    """InputError for a picture of one colour: no threshold or edge can find a subject."""
    if float(grey.max() - grey.min()) < 1e-6:
        raise InputError("the picture is all one colour; there is nothing to draw a puzzle from")


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


def sauvola_flatten(grey: Grey, *, light: bool) -> Grey:
    """The picture shifted by Sauvola's local threshold, so 0.5 splits it everywhere.

    Sauvola finds dark subjects on light ground, so a light subject is found in the negative.
    """
    frame = 1.0 - grey if light else grey
    flat = np.clip(frame - _sauvola_level(frame) + 0.5, 0.0, 1.0)
    return np.asarray(1.0 - flat if light else flat, dtype=np.float64)


def _sauvola_level(grey: Grey) -> Grey:
    """Sauvola's threshold, with a window two thirds of the short side.

    A window that wide does not hollow out a large subject, and gives a threshold so smooth
    that it is computed on a copy at most SAUVOLA_SIDE pixels a side and resized back.
    """
    rows, cols = grey.shape
    scale = min(1.0, SAUVOLA_SIDE / min(rows, cols))
    small = grey if scale == 1.0 else downsample(grey, round(cols * scale), round(rows * scale))
    window, half = _window(small.shape)
    # Odd reflection carries a lighting gradient on past the edge; plain reflection would fold
    # it back, and the threshold near the dark edge would rise above the ground there.
    padded = np.pad(small, half, mode="reflect", reflect_type="odd")
    spread = float(small.max() - small.min()) / 2.0
    level = _sauvola(padded, window_size=window, r=spread)[half:-half, half:-half]
    return level if scale == 1.0 else _resize(level, cols, rows, Image.Resampling.BILINEAR)


def _window(shape: tuple[int, int]) -> tuple[int, int]:
    """Sauvola's odd window (two thirds of the short side) and its half."""
    half = max(1, min(shape) // 3)
    return 2 * half + 1, half


def _lit_subject_is_light(grey: Grey) -> bool:
    """Guess the subject under uneven light: the border rule, once the light is taken away."""
    detail = grey - light_surface(grey)
    if float(detail.max() - detail.min()) < 1e-6:
        return False
    return _subject_is_light(detail, float(_otsu(detail)))


def light_surface(grey: Grey) -> Grey:
    """The light falling on a picture, modelled as a quadratic surface fitted by least squares.

    Gradients and vignetting fit; the subject barely moves a surface this smooth. The fit uses
    a sample of about 10,000 pixels, so a large picture costs no more than a small one.
    """
    rows, cols = grey.shape
    step = max(1, math.isqrt(grey.size // 10_000))
    y = np.linspace(-1.0, 1.0, rows)[:, None]
    x = np.linspace(-1.0, 1.0, cols)[None, :]

    def terms(y: Grey, x: Grey) -> list[Grey]:
        shape = (y.shape[0], x.shape[1])
        return [np.ones(shape), *(np.broadcast_to(t, shape) for t in (y, x, y * y, y * x, x * x))]

    sample = np.stack([t.ravel() for t in terms(y[::step], x[:, ::step])], axis=1)
    coef = np.linalg.lstsq(sample, grey[::step, ::step].ravel(), rcond=None)[0]
    return np.asarray(sum(c * t for c, t in zip(coef, terms(y, x), strict=True)), dtype=np.float64)


def _subject_is_light(grey: Grey, level: float) -> bool:
    """Guess the subject: the side of the level the picture's border mostly is not on."""
    border = np.concatenate([grey[0], grey[-1], grey[:, 0], grey[:, -1]])
    return bool((border < level).mean() > 0.5)


def find_edges(grey: Grey, *, sigma: float) -> Grid:
    """Canny's edges of a picture, ``(rows, cols)`` bool, smoothed by a Gaussian of ``sigma``.

    Smoothing weakens an edge's gradient by 1/sigma, so the hysteresis thresholds (Canny's
    defaults at sigma 1) shrink with it and an edge of the same contrast is found at any sigma.
    """
    edges = _canny(
        grey, sigma=sigma, low_threshold=0.1 / sigma, high_threshold=0.2 / sigma, mode="nearest"
    )
    return np.asarray(edges, dtype=np.bool_)


def _edge_sigma(shape: tuple[int, int], width: int | None, height: int | None) -> float:
    """Canny's sigma: a sixth of a cell's side in pixels (before any crop), at least 1."""
    rows, cols = shape
    if width is not None:
        per_cell = cols / width
    elif height is not None:
        per_cell = rows / height
    else:
        per_cell = cols / DEFAULT_WIDTH
    return max(1.0, per_cell / 6.0)


def edge_grey(fraction: Grey, cell_pixels: float) -> Grey:
    """Cell values of an edge map (level 0.5) from the fraction of edge pixels in each cell.

    A line across a cell lights about ``cell_pixels`` of its ``cell_pixels ** 2`` pixels, so
    ``fraction * cell_pixels`` is how much of a line crosses the cell. An edge cell sits below
    0.5 by that much: a cell an edge only grazes is cheap to clear. An empty cell sits at 0.75
    to 1.0: cheapest to fill beside a strong edge, dearest far from any.
    """
    line = np.clip(fraction * cell_pixels, 0.0, 1.0)
    padded = np.pad(line, 1)
    rows, cols = line.shape
    near = np.max([padded[r : r + rows, c : c + cols] for r in range(3) for c in range(3)], axis=0)
    return np.where(fraction > 0, 0.5 - 0.5 * line, 1.0 - 0.25 * near)


def subject_box(subject: Grid, *, margin: float = CROP_MARGIN) -> Box:
    """The bounding box of the subject pixels plus ``margin`` of each side (at least a pixel).

    The whole picture when there is no subject pixel.
    """
    rows, cols = subject.shape
    hit_rows = np.flatnonzero(subject.any(axis=1))
    hit_cols = np.flatnonzero(subject.any(axis=0))
    if hit_rows.size == 0:
        return 0, 0, rows, cols
    down, across = max(1, math.ceil(margin * rows)), max(1, math.ceil(margin * cols))
    return (
        max(0, int(hit_rows[0]) - down),
        max(0, int(hit_cols[0]) - across),
        min(rows, int(hit_rows[-1]) + 1 + down),
        min(cols, int(hit_cols[-1]) + 1 + across),
    )


def grid_size(shape: tuple[int, int], width: int | None, height: int | None) -> tuple[int, int]:
    """(width, height) of the grid: both given, or one given and the other from the aspect."""
    rows, cols = shape
    if width is None and height is None:
        width = DEFAULT_WIDTH
    if width is None:
        assert height is not None
        width = max(1, round(height * cols / rows))
    if height is None:
        height = max(1, round(width * rows / cols))
    check_side("--width", width)
    check_side("--height", height)
    return width, height


def downsample(grey: Grey, width: int, height: int) -> Grey:
    """Area-average a picture down (or up) to ``height`` x ``width`` cells."""
    return _resize(grey, width, height, Image.Resampling.BOX)


def _resize(grey: Grey, width: int, height: int, resample: Image.Resampling) -> Grey:
    """A grey array resized to ``height`` x ``width``."""
    image = Image.fromarray(grey.astype(np.float32), mode="F")
    return np.asarray(image.resize((width, height), resample), dtype=np.float64)


def despeckle(grid: Grid) -> Grid:
    """The grid without lone filled cells and one-cell pinholes.

    A lone cell has no filled neighbour, diagonals included, so a diagonal stroke survives; a
    pinhole is an empty cell filled on all four sides (outside the grid counts as empty).
    """
    rows, cols = grid.shape
    padded = np.pad(grid, 1).astype(np.int8)

    def around(offsets: list[tuple[int, int]]) -> npt.NDArray[np.int8]:
        shifted = [padded[1 + r : 1 + r + rows, 1 + c : 1 + c + cols] for r, c in offsets]
        return np.asarray(np.sum(shifted, axis=0), dtype=np.int8)

    sides = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    corners = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    lone = grid & (around(sides + corners) == 0)
    pinhole = ~grid & (around(sides) == 4)
    return np.asarray((grid & ~lone) | pinhole, dtype=np.bool_)


def to_cells(grey: Grey, options: PictureOptions) -> Cells:
    """The picture as cells: enhanced, split, cropped, sized, downsampled, despeckled."""
    if options.edges or options.threshold in THRESHOLDS + LOCAL_THRESHOLDS:
        _check_not_flat(grey)  # before enhancing: CLAHE turns a flat picture into noise
    picture = enhance(grey, options.contrast)
    if options.edges:
        edges = find_edges(picture, sigma=_edge_sigma(picture.shape, options.width, options.height))
        if not edges.any():
            raise InputError("found no edges in the picture; make it without --edges")
        box, fraction = _pool(edges.astype(np.float64), edges, options)
        top, left, bottom, right = box
        cell_pixels = math.sqrt((bottom - top) * (right - left) / fraction.size)
        values, level, inverted = edge_grey(fraction, cell_pixels), 0.5, bool(options.invert)
        filled = (fraction > 0) ^ inverted
    else:
        pixels, level, inverted = _split(picture, options)
        box, values = _pool(pixels, (pixels < level) ^ inverted, options)
        filled = (values < level) ^ inverted
    if options.despeckle:
        filled = despeckle(filled)
    return Cells(values, level, inverted, np.asarray(filled, dtype=np.bool_), box)


def _split(picture: Grey, options: PictureOptions) -> tuple[Grey, float, bool]:
    """Pixel values, the level that splits them and whether the subject is the light side."""
    if options.threshold in LOCAL_THRESHOLDS:
        light = _lit_subject_is_light(picture) if options.invert is None else options.invert
        return sauvola_flatten(picture, light=light), 0.5, light
    level = threshold_level(picture, options.threshold)
    light = _subject_is_light(picture, level) if options.invert is None else options.invert
    return picture, level, light


def _pool(values: Grey, subject: Grid, options: PictureOptions) -> tuple[Box, Grey]:
    """Crop the values to the subject if asked, size the grid and area-average into it."""
    box = subject_box(subject) if options.crop else (0, 0, *values.shape)
    top, left, bottom, right = box
    part = values[top:bottom, left:right]
    width, height = grid_size(part.shape, options.width, options.height)
    return box, downsample(part, width, height)
