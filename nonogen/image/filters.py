"""Array functions of the image stage: contrast, thresholds, local light, edges, pooling.

Every function is pure, array in and array out, arrays indexed ``(row, col)``; grey levels are
floats in ``[0, 1]`` with 0 black. The conversion candidates (``nonogen.image.candidates``)
are built from these.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from nonogen.errors import InputError
from nonogen.grid import Grid
from nonogen.image.options import THRESHOLDS, fraction, stretch_percentile
from nonogen.image.pixels import Grey, resize

Box = tuple[int, int, int, int]
"""A region of an array in pixels: ``(top, left, bottom, right)``, bottom and right exclusive."""

SAUVOLA_SIDE: Final = 512
"""Sauvola's threshold is computed on a copy at most this many pixels on its short side."""
CROP_MARGIN: Final = 0.02
"""The margin kept around the subject when cropping, as a fraction of each side."""
FEATURE_AROUND: Final = 2.0
"""The surroundings a cell is measured against (``feature_weights``): a Gaussian of this many
cells."""
FEATURE_CONTRAST: Final = 8.0
"""A cell this far (Delta E) from its surroundings counts twice in the choice of the drawing's
colours; the weight grows with the square of the contrast."""
FEATURE_MOST: Final = 8
"""No cell counts more than this many times."""


# The filters every make runs are scikit-image's, computed here with the same operations in the
# same order (the same bits: ``tests/unit/test_ported.py``), because importing
# ``skimage.filters`` imports ``scipy.ndimage`` and costs 0.4 s of every one-shot ``make``.
# Canny's edges and CLAHE, used only when asked for, import it then.


def _histogram(grey: Grey, nbins: int) -> tuple[npt.NDArray[np.float32], Grey]:
    """Counts (float32) and bin centres of ``nbins`` bins over the grey levels' own range."""
    counts, edges = np.histogram(grey.flatten(), bins=nbins, range=None)
    return counts.astype("float32", copy=False), (edges[:-1] + edges[1:]) / 2.0


def otsu(grey: Grey, nbins: int = 256) -> float:
    """Otsu's threshold (``skimage.filters.threshold_otsu``)."""
    first = grey.reshape(-1)[0]
    if np.all(grey == first):
        return float(first)
    counts, centres = _histogram(grey, nbins)
    weight1 = np.cumsum(counts)
    weight2 = np.cumsum(counts[::-1])[::-1]
    mean1 = np.cumsum(counts * centres) / weight1
    mean2 = (np.cumsum((counts * centres)[::-1]) / weight2[::-1])[::-1]
    variance12 = weight1[:-1] * weight2[1:] * (mean1[:-1] - mean2[1:]) ** 2
    return float(centres[np.argmax(variance12)])


def li(grey: Grey) -> float:
    """Li's minimum cross-entropy threshold (``skimage.filters.threshold_li``)."""
    image = grey[~np.isnan(grey)]
    if image.size == 0:
        return math.nan
    if np.all(image == image.flat[0]):
        return float(image.flat[0])
    image = image[np.isfinite(image)]
    if image.size == 0:
        return 0.0
    low = np.min(image)
    image -= low
    tolerance = float(np.min(np.diff(np.unique(image)))) / 2
    t_next = float(np.mean(image))
    t_curr = -2 * tolerance
    while abs(t_next - t_curr) > tolerance:
        t_curr = t_next
        foreground = image > t_curr
        mean_fore = np.mean(image[foreground])
        mean_back = np.mean(image[~foreground])
        if mean_back == 0.0:
            break
        t_next = float((mean_back - mean_fore) / (np.log(mean_back) - np.log(mean_fore)))
    return float(t_next + low)


def yen(grey: Grey, nbins: int = 256) -> float:
    """Yen's threshold (``skimage.filters.threshold_yen``)."""
    counts, centres = _histogram(grey, nbins)
    if centres.size == 1:
        return float(centres[0])
    pmf = counts.astype("float32", copy=False) / counts.sum()
    p1 = np.cumsum(pmf)
    p1_sq = np.cumsum(pmf**2)
    p2_sq = np.cumsum(pmf[::-1] ** 2)[::-1]
    crit = np.log(((p1_sq[:-1] * p2_sq[1:]) ** -1) * (p1[:-1] * (1.0 - p1[:-1])) ** 2)
    return float(centres[crit.argmax()])


def mean_level(grey: Grey) -> float:
    """The mean grey level (``skimage.filters.threshold_mean``)."""
    return float(np.mean(grey))


def _correlate_line(padded: Grey, weights: Grey, axis: int, size: int) -> Grey:
    """``padded`` (extended by ``len(weights) // 2`` on both ends of ``axis``) correlated with
    symmetric ``weights`` along ``axis``, summed as ``scipy.ndimage.correlate1d`` sums them:
    the centre, then each pair of taps from the outermost in."""
    radius = len(weights) // 2

    def tap(offset: int) -> Grey:
        return np.take(padded, range(radius + offset, radius + offset + size), axis=axis)

    out: Grey = tap(0) * weights[radius]
    for j in range(radius, 0, -1):
        out += (tap(-j) + tap(j)) * weights[radius - j]
    return out


def gaussian(grey: Grey, sigma: float, *, truncate: float = 4.0) -> Grey:
    """A Gaussian blur of ``sigma`` pixels, the edges extended by their nearest pixels
    (``skimage.filters.gaussian``'s defaults on a float picture)."""
    image = np.asarray(grey, dtype=np.float64)
    if sigma <= 1e-15:
        return image.copy()
    radius = int(truncate * float(sigma) + 0.5)
    x = np.arange(-radius, radius + 1)
    weights = np.exp(-0.5 / (sigma * sigma) * x**2)
    weights = (weights / weights.sum())[::-1]
    for axis in range(image.ndim):
        pads = [(radius, radius) if k == axis else (0, 0) for k in range(image.ndim)]
        image = _correlate_line(np.pad(image, pads, mode="edge"), weights, axis, image.shape[axis])
    return image


def sobel(grey: Grey) -> Grey:
    """The Sobel gradient's magnitude over sqrt(2) (``skimage.filters.sobel``): each axis's
    derivative weighted [1, 2, 1] / 4 across it, the edges mirrored."""
    image = np.asarray(grey, dtype=np.float64)
    rows, cols = image.shape
    padded = np.pad(image, 1, mode="symmetric")
    smooth = (0.25, 0.5, 0.25)
    total = np.zeros(image.shape, dtype=np.float64)
    for edge_axis in (0, 1):
        # The flipped kernel's non-zero taps in row-major order, as ndimage sums them.
        out: Grey | None = None
        for di in range(3):
            for dj in range(3):
                across, along = (dj, di) if edge_axis == 0 else (di, dj)
                if along == 1:
                    continue
                weight = smooth[across] * (-1.0 if along == 0 else 1.0)
                term = padded[di : di + rows, dj : dj + cols] * weight
                out = term if out is None else out + term
        assert out is not None
        total += out * out
    return np.asarray(np.sqrt(total) / np.sqrt(2, dtype=np.float64), dtype=np.float64)


def _sauvola(grey: Grey, *, window_size: int, r: float, k: float = 0.2) -> Grey:
    """Sauvola's local threshold over an odd square window (``threshold_sauvola``)."""
    w = window_size
    padded = np.pad(grey.astype(np.float64, copy=False), (w // 2 + 1, w // 2), mode="reflect")

    def window_sums(values: Grey) -> Grey:
        integral = values.cumsum(axis=0, dtype=np.float64).cumsum(axis=1, dtype=np.float64)
        rows, cols = integral.shape[0] - w, integral.shape[1] - w
        out = integral[:rows, :cols].copy()
        out += -1 * integral[:rows, w : w + cols]
        out += -1 * integral[w : w + rows, :cols]
        out += integral[w : w + rows, w : w + cols]
        return out

    mean = window_sums(padded)
    mean /= w * w
    padded *= padded
    squares = window_sums(padded)
    squares /= w * w
    spread = np.sqrt(np.clip(squares - mean * mean, 0, None))
    return np.asarray(mean * (1 + k * ((spread / r) - 1)), dtype=np.float64)


def equalize(grey: Grey, **options: object) -> Grey:
    """CLAHE (``skimage.exposure.equalize_adapthist``), imported when asked for."""
    from skimage import exposure  # noqa: PLC0415 (0.4 s of imports, only for --contrast clahe)

    return np.asarray(exposure.equalize_adapthist(grey, **options), dtype=np.float64)


def feature_weights(cells: npt.NDArray[np.float64]) -> npt.NDArray[np.intp]:
    """How many times each cell counts when the drawing's colours are chosen from the cells:
    ``1 + (contrast / FEATURE_CONTRAST) ** 2``, rounded, at most FEATURE_MOST, where the
    contrast is the cell's distance from its surroundings (a Gaussian of FEATURE_AROUND
    cells). ``cells`` is ``(rows, cols, 3)`` in Lab.

    Counted by area alone, the colours go to what covers the frame: a night sky's gradient
    takes two colours of four and the rocket, its lights and a cat's eyes none. A pixel
    artist keeps the marks that carry identity; these stand out from what is around them,
    and a smooth gradient does not."""
    blurred = np.stack(
        [
            cv2.GaussianBlur(np.ascontiguousarray(cells[:, :, c]), (0, 0), FEATURE_AROUND)
            for c in range(cells.shape[2])
        ],
        axis=2,
    )
    contrast = np.sqrt(((cells - blurred) ** 2).sum(axis=2))
    weights = np.rint(1.0 + (contrast / FEATURE_CONTRAST) ** 2)
    return np.asarray(np.clip(weights, 1, FEATURE_MOST), dtype=np.intp)


def enhance(grey: Grey, contrast: str) -> Grey:
    """The picture with its contrast enhanced: none, stretch, ``stretch:P`` or clahe."""
    if contrast == "clahe":
        return np.asarray(equalize(grey), dtype=np.float64)
    low = stretch_percentile(contrast)
    if low is None:
        return grey
    lo, hi = (float(v) for v in np.percentile(grey, [low, 100.0 - low]))
    if hi - lo < 1e-6:
        # A small subject (under P % of the pixels) would be clipped away: stretch min..max.
        lo, hi = float(grey.min()), float(grey.max())
    if hi - lo < 1e-6:
        return grey
    return np.asarray((np.clip(grey, lo, hi) - lo) / (hi - lo), dtype=np.float64)


def threshold_level(grey: Grey, method: str) -> float:
    """The grey level that splits a picture: a named global method, ``fill:F`` or a number."""
    if method in THRESHOLDS:
        check_not_flat(grey)
        pick: dict[str, Callable[[Grey], float]] = {
            "otsu": otsu,
            "li": li,
            "yen": yen,
            "mean": mean_level,
        }
        return _mid_gap(grey, float(pick[method](grey)))
    if method.startswith("fill:"):
        fill = fraction(method[5:], method)
        return float(np.quantile(grey, fill))
    return fraction(method, method)


def check_not_flat(grey: Grey) -> None:
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
    # A flat frame has no spread; keep r positive so the level is that flat value, not NaN.
    spread = max(float(small.max() - small.min()) / 2.0, 1e-6)
    level = _sauvola(padded, window_size=window, r=spread)[half:-half, half:-half]
    return level if scale == 1.0 else resize(level, cols, rows, smooth=True)


def _window(shape: tuple[int, int]) -> tuple[int, int]:
    """Sauvola's odd window (two thirds of the short side) and its half."""
    half = max(1, min(shape) // 3)
    return 2 * half + 1, half


def light_surface(grey: Grey, *, where: Grid | None = None) -> Grey:
    """The light falling on a picture, modelled as a quadratic surface fitted by least squares.

    Gradients and vignetting fit; the subject barely moves a surface this smooth. The fit uses
    a sample of about 10,000 pixels (of ``where`` only, when given: the border, say), so a
    large picture costs no more than a small one.
    """
    rows, cols = grey.shape
    y = np.broadcast_to(np.linspace(-1.0, 1.0, rows)[:, None], grey.shape)
    x = np.broadcast_to(np.linspace(-1.0, 1.0, cols)[None, :], grey.shape)
    chosen = np.ones(grey.shape, dtype=np.bool_) if where is None else where
    picks = np.flatnonzero(chosen)
    picks = picks[:: max(1, picks.size // 10_000)]

    def terms(y: Grey, x: Grey) -> list[Grey]:
        return [np.ones_like(y), y, x, y * y, y * x, x * x]

    flat_y, flat_x = y.ravel()[picks], x.ravel()[picks]
    sample = np.stack(terms(flat_y, flat_x), axis=1)
    coef = np.linalg.lstsq(sample, grey.ravel()[picks], rcond=None)[0]
    return np.asarray(sum(c * t for c, t in zip(coef, terms(y, x), strict=True)), dtype=np.float64)


def periodic_share(grey: Grey, *, below: int = 4) -> float:
    """How much of a picture's detail is one repeating pattern: the share of its spectral
    energy (frequencies of at least ``below`` cycles across, the picture's broad shading left
    out) in the 8 most prominent peaks, each counted by how far it stands above the strongest
    frequency two steps from it. Stripes and checks put most of it in isolated peaks (0.51-0.68
    here); photos spread it (0.11 at most on 88 dev photos, close-ups and samples, but for
    coins laid in rows, 0.33). A horizon or one straight edge across the frame puts its energy
    on one line of falling harmonics, no peak among them: counted by plain energy it read as a
    pattern (0.48 for sheep under a sky)."""
    power = np.abs(np.fft.fft2(grey - grey.mean())) ** 2
    rows, cols = grey.shape
    radius = np.hypot(np.fft.fftfreq(rows)[:, None] * rows, np.fft.fftfreq(cols)[None, :] * cols)
    around = np.zeros_like(power)
    for dy, dx in itertools.product(range(-2, 3), repeat=2):
        if max(abs(dy), abs(dx)) == 2:
            around = np.maximum(around, np.roll(power, (dy, dx), axis=(0, 1)))
    peaks = np.clip(power - around, 0.0, None)
    power[radius < below] = 0.0
    peaks[radius < below] = 0.0
    total = float(power.sum())
    if total <= 1e-12:
        return 0.0
    return float(np.sort(peaks.ravel())[-8:].sum()) / total


def find_edges(grey: Grey, *, sigma: float) -> Grid:
    """Canny's edges of a picture, ``(rows, cols)`` bool, smoothed by a Gaussian of ``sigma``.

    Smoothing weakens an edge's gradient by 1/sigma, so the hysteresis thresholds (Canny's
    defaults at sigma 1) shrink with it and an edge of the same contrast is found at any sigma.
    """
    from skimage import feature  # noqa: PLC0415 (0.4 s of imports, only for Canny's edges)

    canny: Callable[..., Grid] = feature.canny
    edges = canny(
        grey, sigma=sigma, low_threshold=0.1 / sigma, high_threshold=0.2 / sigma, mode="nearest"
    )
    return np.asarray(edges, dtype=np.bool_)


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


def between_share(features: Grey, split: Grid) -> float:
    """Otsu's criterion over features ``(..., k)``: the share of their variance that lies
    between the two sides of a boolean split (0 when one side is empty)."""
    share = float(split.mean())
    total = float(features.reshape(-1, features.shape[-1]).var(axis=0).sum())
    if share in (0.0, 1.0) or total <= 1e-9:
        return 0.0
    gap = features[split].mean(axis=0) - features[~split].mean(axis=0)
    return share * (1.0 - share) * float(gap @ gap) / total


def downsample(grey: Grey, width: int, height: int) -> Grey:
    """Area-average a picture down (or up) to ``height`` x ``width`` cells."""
    return resize(grey, width, height)


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
