"""What every conversion candidate sees of a picture: a ``Source``.

The picture, its (contrast-enhanced) grey levels and the scale of a cell, plus the maps several
candidates and the scorer share, each computed once when first asked for: the border ring, the
colour gradient, the colour distance from a background fitted to the border, the saliency maps,
and each cell's mean colour and texture.

With a subject pointed at (``--subject``), the source knows its box in source pixels (a point
made a box by ``nonogen.image.boxes.box_at_point``), where it lies on every copy of the
picture, and the frame the grid covers (the box and a small margin). The ring the background
model is fitted to is then the band around the box, outside it: what surrounds the subject.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

import numpy as np

from nonogen.grid import Grid
from nonogen.image import network
from nonogen.image.boxes import (
    CONTEXT,
    Box,
    Window,
    band,
    box_at_point,
    framed,
    inside,
    scaled,
)
from nonogen.image.filters import gaussian, light_surface, otsu, sobel
from nonogen.image.masks import without_crumbs
from nonogen.image.options import Subject, SubjectBox, grid_size
from nonogen.image.pixels import Grey, area_mean, resize, rgb_to_lab
from nonogen.image.read import Picture
from nonogen.image.saliency import Saliency, saliency

RING: Final = 0.04
"""The picture's border ring, a fraction of the short side, models the background."""
MIN_DELTA_E: Final = 8.0
"""A pixel belongs to the subject only if its colour is this far (CIE76) from the ground."""
GRADIENT_SPREAD: Final = 2.0
"""Pixels a colour gradient is spread over when outlines are scored against it."""


@dataclass(frozen=True)
class Source:
    """What every candidate sees: the picture and the grey levels the thresholds split."""

    picture: Picture
    grey: Grey
    """Luminance of the working copy, contrast-enhanced as asked (0 black, 1 white)."""
    threshold: str | None = None
    """A forced luminance threshold (a level or ``fill:F``); None for the named methods."""
    subject: Subject | None = None
    """Where a person says the subject is (checked to lie in the picture), or None."""
    sides: tuple[int | None, int | None] = (None, None)
    """The grid's width and height as asked (None: from the aspect of what it covers)."""
    _features: dict[tuple[int, int], Grey] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @cached_property
    def cell_px(self) -> float:
        """Working-copy pixels per cell side, the grid over the frame (before any crop):
        edges are smoothed to scale."""
        rows, cols = self.picture.shape
        if self.frame is not None:
            width, height = self.picture.size
            left, top, right, bottom = self.frame
            rows = max(1, round((bottom - top) * rows / height))
            cols = max(1, round((right - left) * cols / width))
        grid_width, _, _ = grid_size((rows, cols), *self.sides)
        return cols / grid_width

    @cached_property
    def border(self) -> Grid:
        """The border ring of ``picture.small``, RING of its short side wide."""
        rows, cols = self.picture.small.shape[:2]
        width = max(2, round(RING * min(rows, cols)))
        ring = np.ones((rows, cols), dtype=np.bool_)
        ring[width:-width, width:-width] = False
        return ring

    @cached_property
    def ring(self) -> Grid:
        """Where the background model is fitted, on ``picture.small``: the border ring, or
        with a box, the band around the box (as wide as the ring) and the border outside it;
        the border alone when the box leaves too little of either (it fills the picture)."""
        if self.box is None:
            return self.border
        box = self.inside(self.picture.small.shape)
        rows, cols = box.shape
        around = (band(box, max(2, round(RING * min(rows, cols)))) | self.border) & ~box
        return around if around.sum() >= self.border.sum() // 4 else self.border

    @cached_property
    def box(self) -> Box | None:
        """The subject's box in source pixels: as given, or around the segment under the
        point given; None when no subject was pointed at."""
        if self.subject is None:
            return None
        if isinstance(self.subject, SubjectBox):
            return self.subject.pixels()
        point = (self.subject.x, self.subject.y)
        small, size = self.picture.small, self.picture.size
        found = self.whole_map >= 0.5
        seed = found if found.any() else self.salient_split
        return box_at_point(small, size, point, seed=seed, ring=self.border)

    @cached_property
    def frame(self) -> Box | None:
        """The region the grid covers, in source pixels: the box and a margin; None without
        a box (the whole picture)."""
        return None if self.box is None else framed(self.box, self.picture.size)

    @cached_property
    def context(self) -> Box | None:
        """The region candidates are measured over, in source pixels: the box and CONTEXT of
        it around (the ground a subject is seen against); None without a box."""
        return None if self.box is None else framed(self.box, self.picture.size, CONTEXT)

    def inside(self, shape: tuple[int, ...]) -> Grid:
        """Per pixel of a copy of the picture of ``shape``, whether it lies in the box
        (everywhere without one)."""
        if self.box is None:
            return np.ones(shape[:2], dtype=np.bool_)
        return inside(self.box, self.picture.size, shape)

    def window(self, shape: tuple[int, ...]) -> Window:
        """The rows and columns of a copy of ``shape`` that candidates are measured over (the
        context of the box; the whole picture without one)."""
        if self.context is None:
            return slice(0, shape[0]), slice(0, shape[1])
        return scaled(self.context, self.picture.size, shape)

    @cached_property
    def small_gradient(self) -> Grey:
        """The colour gradient (Sobel, over Lab) of ``picture.small``."""
        return colour_gradient(self.picture.lab)

    @cached_property
    def work_gradient(self) -> Grey:
        """The colour gradient (Sobel, over Lab) of the working copy."""
        if self.picture.small.shape == self.picture.rgb.shape:
            return self.small_gradient
        return colour_gradient(np.asarray(rgb_to_lab(self.picture.rgb), dtype=np.float64))

    def gradient(self, shape: tuple[int, ...]) -> Grey:
        """The colour gradient at the resolution of a split of ``shape``."""
        small = self.small_gradient
        return small if small.shape == shape[:2] else self.work_gradient

    @cached_property
    def ground_distance(self) -> Grey:
        """Per pixel of ``small``, the colour distance (Delta E) from a smooth background.

        The background is fitted to the border ring, channel by channel in Lab, as a quadratic
        surface, so gradients, vignettes and uneven light are part of the ground.
        """
        lab = self.picture.lab
        fitted = [light_surface(lab[:, :, k], where=self.ring) for k in range(3)]
        return np.asarray(np.sqrt(sum((lab[:, :, k] - fitted[k]) ** 2 for k in range(3))))

    @cached_property
    def ground_split(self) -> Grid | None:
        """Pixels of ``small`` far from the fitted ground: beyond Otsu's cut of the distances,
        beyond nearly all of the ring's own distances, and beyond MIN_DELTA_E; small blobs
        are dropped. None when no pixel is."""
        distance = self.ground_distance
        ring = distance[self.ring]
        cut = max(float(otsu(distance)), float(np.quantile(ring, 0.98)), MIN_DELTA_E)
        subject = distance > cut
        return without_crumbs(subject) if subject.any() else None

    @cached_property
    def saliency(self) -> Saliency:
        """Where a person looks (``nonogen.image.saliency``), per pixel of ``picture.small``."""
        return saliency(self.picture.lab)

    @cached_property
    def whole_map(self) -> Grey:
        """Per pixel of ``picture.small``, the probability that it is the subject, by the
        trained subject finder (``nonogen.image.network``) shown the whole picture."""
        return subject_map(self.picture.rgb, self.picture.small.shape[:2])

    @cached_property
    def subject_map(self) -> Grey:
        """The subject finder's probabilities per pixel of ``picture.small``: ``whole_map``,
        or with a box, the network shown the box's context (so the subject fills its view)
        and certain ground outside the box."""
        if self.context is None:
            return self.whole_map
        shape = self.picture.small.shape[:2]
        window = self.window(shape)
        found = np.zeros(shape, dtype=np.float64)
        rows, cols = found[window].shape
        found[window] = subject_map(
            self.picture.rgb[self.window(self.picture.rgb.shape)], (rows, cols)
        )
        return np.where(self.inside(shape), found, 0.0)

    @cached_property
    def salient_split(self) -> Grid:
        """Pixels of ``small`` the fused saliency puts on the subject side of Otsu's cut."""
        values = self.saliency.salience
        if float(values.max() - values.min()) < 1e-6:
            return np.zeros(values.shape, dtype=np.bool_)
        return np.asarray(values > float(otsu(values)), dtype=np.bool_)

    def cell_features(self, shape: tuple[int, int]) -> Grey:
        """Per cell of a grid of ``shape``, its mean colour (L, a, b) and its texture: the
        spread of L inside it (a striped subject on flat grey has the grey's mean colour; its
        texture tells it apart). The grid covers the context of the box pointed at, if any.
        Computed once per grid shape."""
        if shape not in self._features:
            lab = self.picture.lab
            self._features[shape] = cell_stats(lab[self.window(lab.shape)], shape)
        return self._features[shape]


def subject_map(rgb: Grey, shape: tuple[int, ...]) -> Grey:
    """The subject finder's probabilities of an RGB picture, at ``shape`` (rows, cols): the
    picture is squeezed to the network's square and its answer stretched back."""
    side = network.SIDE
    square = np.stack([resize(rgb[:, :, k], side, side) for k in range(3)], axis=2)
    found = network.mirrored(network.shipped(), square.astype(np.float32))
    rows, cols = shape[:2]
    return np.clip(resize(found, cols, rows, smooth=True), 0.0, 1.0)


def cell_stats(
    lab: Grey, shape: tuple[int, int], span: tuple[float, float, float, float] | None = None
) -> Grey:
    """Per cell of a grid of ``shape`` over a Lab picture (over ``span`` of it, in its pixels;
    the whole by default), its mean L, a, b and the spread of L inside it,
    ``(rows, cols, 4)``."""
    height, width = shape
    if span is None:
        span = (0.0, 0.0, float(lab.shape[1]), float(lab.shape[0]))
    means = [area_mean(lab[:, :, k], span, width, height) for k in range(3)]
    square = area_mean(lab[:, :, 0] ** 2, span, width, height)
    spread = np.sqrt(np.clip(square - means[0] ** 2, 0.0, None))
    return np.stack([*means, spread], axis=2)


def colour_gradient(lab: Grey) -> Grey:
    """Per pixel, the magnitude of the Sobel gradient over the Lab channels (Delta E), spread
    by a Gaussian of GRADIENT_SPREAD pixels so an outline a pixel or two off still meets it."""
    magnitude = np.sqrt(sum(sobel(lab[:, :, k]) ** 2 for k in range(3)))
    return np.asarray(gaussian(magnitude, sigma=GRADIENT_SPREAD), dtype=np.float64)
