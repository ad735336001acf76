"""What makes the subject itself: its own dark parts inside its outline.

A silhouette names few subjects: a penguin needs its white belly, a face its eyes, a planet its
bands. Once the subject is found, its grid can keep the subject's outline (a cell wide) and,
inside it, fill only the cells darker than Otsu's cut of the subject's own luminance: the
dark parts are drawn, the light ones left as holes the outline encloses. It is chosen by
likeness to the subject's appearance, not to the whole frame: when the split of the cells
inside the outline explains at least DETAIL_LIKENESS of the variance of their colour and
texture, and both sides of it are real parts (each at least MIN_PART of the inside), the
detail is kept; otherwise the silhouette is.

The split is then drawn as areas (``nonogen.image.areas``): dark and light parts of 2 x 2
cells and more, lines of three cells and more, and smaller parts only as features (an eye, a
window) that stand out from the area around them; the outline ring is kept whole. The
likeness is measured on the areas drawn, so what cannot be drawn legibly at the width asked
does not count for the detail.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Final

import numpy as np

from nonogen.image.areas import cleaned
from nonogen.image.cells import Cells
from nonogen.image.filters import between_share, otsu
from nonogen.image.masks import outline_ring
from nonogen.image.pixels import Grey, box_span, rgb_to_lab
from nonogen.image.read import Picture
from nonogen.image.scored import Scored
from nonogen.image.source import cell_stats

DETAIL_LIKENESS: Final = 0.35
"""The share of the subject's own cell variance its dark/light split must explain."""
MIN_PART: Final = 0.15
"""Each side of the split is at least this share of the subject's inner cells."""
MIN_INSIDE: Final = 16
"""The subject has at least this many cells inside its outline ring, or detail is no use."""
SPREAD: Final = 8.0
"""Lightness (L*) over which an inner cell's coverage goes from the cut to sure."""


def cell_colours(picture: Picture, box: tuple[int, int, int, int], shape: tuple[int, int]) -> Grey:
    """Per cell of a grid of ``shape`` over ``box`` (source pixels), its mean Lab colour and
    the spread of L inside it, ``(rows, cols, 4)``."""
    left, top, right, bottom = box_span(box, picture.size, picture.rgb.shape)
    rows, cols = picture.rgb.shape[:2]
    r0, c0 = min(int(top), rows - 1), min(int(left), cols - 1)
    r1, c1 = max(r0 + 1, min(rows, math.ceil(bottom))), max(c0 + 1, min(cols, math.ceil(right)))
    # Only the pixels the span touches are converted (Lab of a whole working copy is 0.1 s).
    lab = np.asarray(rgb_to_lab(picture.rgb[r0:r1, c0:c1]), dtype=np.float64)
    return cell_stats(lab, shape, (left - c0, top - r0, right - c0, bottom - r0))


def detailed(picture: Picture, scored: Scored, *, force: bool = False) -> Scored:
    """The grid with the subject's dark parts drawn inside its outline, when the subject's
    appearance calls for it (or ``force``); else the grid as it was."""
    cells = scored.cells
    filled = cells.filled
    ring = outline_ring(filled)
    inside = filled & ~ring
    if int(inside.sum()) < MIN_INSIDE or scored.split.drawn or scored.split.frame:
        return scored
    features = cell_colours(picture, cells.box, filled.shape)
    lightness = features[:, :, 0]
    values = lightness[inside]  # the ring mixes subject and ground: it is kept anyway
    if float(np.ptp(values)) < 1.0:  # under a unit of L*: one tone
        return scored
    cut = float(otsu(values))
    labels = np.where(filled & ((lightness < cut) | ring), 1, 0).astype(np.int16)
    dark = cleaned(labels, filled, features[:, :, :3], fixed=ring) == 1
    likeness = between_share(features[inside], dark[inside])
    part = float(dark[inside].mean())
    wanted = likeness >= DETAIL_LIKENESS and MIN_PART <= part <= 1.0 - MIN_PART
    if not (wanted or force):
        return scored
    grid = ring | (inside & dark)
    sure = np.clip(0.5 + (cut - lightness) / (2 * SPREAD), 0.0, 1.0)
    sure = np.where(dark == (sure >= 0.5), sure, np.where(dark, 0.55, 0.45))  # merged specks
    coverage = np.where(
        inside, sure, np.where(ring, np.maximum(cells.coverage, 0.5), cells.coverage)
    )
    parts = {**scored.parts, "detail_likeness": likeness, "detail_dark": part}
    detail = Cells(np.asarray(coverage, dtype=np.float64), 0.5, grid, cells.box)
    return replace(scored, cells=detail, parts=parts, silhouette=filled, detail="dark parts")
