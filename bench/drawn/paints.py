"""The paints of the drawn benchmark: backgrounds and subject fills, each registered by name.

A paint takes the picture's size and the case's RNG and returns an RGB picture; its own options
are keyword-only. A new paint is one function here and one line in ``PAINTS``; the case table
(``cases.tsv``) names it in its ``background`` or ``fill`` column with keyword arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from math import cos, pi, radians, sin

import numpy as np
import skimage.data
from PIL import Image, ImageDraw, ImageFilter

Size = tuple[int, int]  # Pillow's (width, height) in pixels
RGB = tuple[int, int, int]
Paint = Callable[[Size, np.random.Generator], Image.Image]  # size, rng -> an RGB picture


# --- colours ----------------------------------------------------------------------------------


def luma(rgb: RGB) -> float:
    """The grey level of a colour as Pillow's convert("L") computes it (ITU-R 601-2)."""
    return (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) / 1000


def at_luma(rgb: RGB, level: float) -> RGB:
    """The colour scaled to the grey level `level` (only darkening keeps the hue exact)."""
    factor = level / luma(rgb)
    if max(rgb) * factor > 255:
        raise ValueError(f"expected a colour that reaches grey {level} below 255, got {rgb!r}")
    r, g, b = (round(c * factor) for c in rgb)
    return (r, g, b)


COLOURS: dict[str, RGB] = {
    "white": (255, 255, 255),
    "ink": (20, 20, 20),
    # Pairs of one grey level: a subject only its hue tells from the background.
    "orange": at_luma((240, 130, 20), 140),
    "light_blue": at_luma((90, 150, 255), 140),
    "red": at_luma((220, 30, 30), 90),
    "green": at_luma((40, 170, 40), 90),
    "teal": at_luma((0, 150, 150), 100),
    "magenta": at_luma((230, 40, 200), 100),
}
"""Colours the case table may name instead of writing ``r,g,b``."""


# --- paints -----------------------------------------------------------------------------------


def blend(t: np.ndarray, start: RGB, end: RGB) -> Image.Image:
    """The picture that is `start` where t is 0 and `end` where t is 1; t is (rows, cols)."""
    t = np.clip(t, 0.0, 1.0)[..., None]
    rgb = (1 - t) * np.array(start, float) + t * np.array(end, float)
    return Image.fromarray(np.round(rgb).astype(np.uint8), "RGB")


def grid(size: Size) -> tuple[np.ndarray, np.ndarray]:
    """Pixel-centre x and y coordinates, each a (rows, cols) float array."""
    w, h = size
    y, x = np.mgrid[0:h, 0:w].astype(float) + 0.5
    return x, y


def flat(size: Size, rng: np.random.Generator, *, colour: RGB) -> Image.Image:
    """One colour everywhere."""
    return Image.new("RGB", size, colour)


def linear(
    size: Size, rng: np.random.Generator, *, start: RGB, end: RGB, angle: float = 0.0
) -> Image.Image:
    """A linear gradient across the whole picture, `angle` degrees clockwise from left->right."""
    x, y = grid(size)
    d = x * cos(radians(angle)) + y * sin(radians(angle))
    return blend((d - d.min()) / (d.max() - d.min()), start, end)


def radial(
    size: Size,
    rng: np.random.Generator,
    *,
    inner: RGB,
    outer: RGB,
    centre: tuple[float, float] = (0.5, 0.5),
) -> Image.Image:
    """A radial gradient (a vignette when the outside is darker) around a relative centre."""
    x, y = grid(size)
    d = np.hypot(x - centre[0] * size[0], y - centre[1] * size[1])
    return blend(d / d.max(), inner, outer)


def stripes(
    size: Size, rng: np.random.Generator, *, a: RGB, b: RGB, period: float, angle: float = 0.0
) -> Image.Image:
    """Soft-edged stripes `period` pixels apart, turned `angle` degrees from vertical."""
    x, y = grid(size)
    d = x * cos(radians(angle)) + y * sin(radians(angle))
    return blend(np.clip(0.5 + 3 * np.sin(2 * pi * d / period), 0, 1), a, b)


def checker(size: Size, rng: np.random.Generator, *, a: RGB, b: RGB, cell: int) -> Image.Image:
    """A checkerboard of `cell`-pixel squares."""
    x, y = grid(size)
    return blend(((x // cell + y // cell) % 2).astype(float), a, b)


def dots(
    size: Size, rng: np.random.Generator, *, ground: RGB, dot: RGB, spacing: float, radius: float
) -> Image.Image:
    """Round dots of `radius` pixels on a square lattice `spacing` pixels apart."""
    x, y = grid(size)
    dx, dy = (x % spacing) - spacing / 2, (y % spacing) - spacing / 2
    return blend(np.clip(radius + 0.5 - np.hypot(dx, dy), 0, 1), ground, dot)


def noise(
    size: Size, rng: np.random.Generator, *, mean: RGB, sigma: float, blur: float = 0.0
) -> Image.Image:
    """Grey Gaussian noise of `sigma` levels around a colour, optionally blurred."""
    w, h = size
    grain = rng.normal(0.0, sigma, (h, w, 1))
    rgb = np.clip(np.array(mean, float) + grain, 0, 255)
    picture = Image.fromarray(np.round(rgb).astype(np.uint8), "RGB")
    return picture.filter(ImageFilter.GaussianBlur(blur)) if blur else picture


def uniform_noise(size: Size, rng: np.random.Generator) -> Image.Image:
    """Every pixel an independent uniform grey level: pure noise."""
    w, h = size
    return Image.fromarray(rng.integers(0, 256, (h, w), dtype=np.uint8), "L").convert("RGB")


def photo(
    size: Size,
    rng: np.random.Generator,
    *,
    name: str,
    blur: float = 0.0,
    tones: tuple[int, int] = (0, 255),
) -> Image.Image:
    """A random crop of a scikit-image picture, resized, blurred, its levels mapped into `tones`."""
    source = getattr(skimage.data, name)()
    picture = Image.fromarray(source).convert("RGB")
    sw, sh = picture.size
    w, h = size
    zoom = rng.uniform(0.45, 0.9) * min(sw / w, sh / h)
    cw, ch = round(w * zoom), round(h * zoom)
    x, y = int(rng.integers(0, sw - cw + 1)), int(rng.integers(0, sh - ch + 1))
    picture = picture.crop((x, y, x + cw, y + ch)).resize(size, Image.Resampling.LANCZOS)
    if blur:
        picture = picture.filter(ImageFilter.GaussianBlur(blur))
    lo, hi = tones
    return picture.point(lambda v: round(lo + (hi - lo) * v / 255))


def with_speck(size: Size, rng: np.random.Generator, *, ground: RGB, speck: int) -> Image.Image:
    """A flat picture with one dark dot `speck` pixels across somewhere off-centre."""
    picture = Image.new("RGB", size, ground)
    x = int(rng.integers(size[0] // 5, size[0] * 4 // 5))
    y = int(rng.integers(size[1] // 5, size[1] * 4 // 5))
    ImageDraw.Draw(picture).rectangle((x, y, x + speck - 1, y + speck - 1), fill=(20, 20, 20))
    return picture


PAINTS: dict[str, Callable[..., Image.Image]] = {
    "flat": flat,
    "linear": linear,
    "radial": radial,
    "stripes": stripes,
    "checker": checker,
    "dots": dots,
    "noise": noise,
    "uniform_noise": uniform_noise,
    "photo": photo,
    "with_speck": with_speck,
}
"""What a case's ``background`` and ``fill`` columns may name: the function that paints it."""
