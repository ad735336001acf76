"""What makes the subject itself: its own dark parts inside its outline.

A silhouette names few subjects: a penguin needs its white belly, a face its eyes, a planet its
bands. Once the subject is found, its grid can keep the subject's outline (a cell wide) and,
inside it, fill only the cells darker than Otsu's cut of the subject's own luminance: the
dark parts are drawn, the light ones left as holes the outline encloses. It is chosen by
likeness to the subject's appearance, not to the whole frame: when the split of the cells
inside the outline explains at least DETAIL_LIKENESS of the variance of their colour and
texture, and both sides of it are real parts (each at least MIN_PART of the inside), the
detail is kept; so it is when the split is clear (STRONG_LIKENESS) and its light side small,
down to MIN_STRONG_PART (a white swirl on a dark tile: the subject stays mostly ink); and so
it is for a light subject (its inside LIGHT_SUBJECT or lighter on average: a page, a card, a
white cup) with dark parts of MIN_LIGHT_PART or more, which a person draws as its outline
and those parts.
Neither of these two when the dark side is of the ground's colour (a letter's counter: the
ground seen through a hole). A flat light shape stays a silhouette. When the lightness split
is not kept, the inside is split by colour instead (two means of the cells' Lab colours, the
darker side inked: a globe's land and sea, a tree's baubles) and kept when it makes two real
parts, as above. Otherwise the silhouette is kept.

The split is then drawn as areas (``nonogen.image.areas``): dark and light parts of 2 x 2
cells and more, lines of three cells and more, and smaller parts only as features (an eye, a
window) that stand out from the area around them; the outline ring is kept whole. The
likeness is measured on the areas drawn, so what cannot be drawn legibly at the width asked
does not count for the detail.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, NamedTuple

import numpy as np
from skimage import color

from nonogen.grid import Grid
from nonogen.image.areas import FEATURE_DELTA_E, cleaned
from nonogen.image.cells import Cells
from nonogen.image.filters import between_share, otsu
from nonogen.image.masks import outline_ring
from nonogen.image.palette import delta_e, lloyd
from nonogen.image.read import Grey, Picture
from nonogen.image.scored import Scored
from nonogen.image.source import cell_stats

DETAIL_LIKENESS: Final = 0.35
"""The share of the subject's own cell variance its dark/light split must explain."""
MIN_PART: Final = 0.15
"""Each side of the split is at least this share of the subject's inner cells."""
STRONG_LIKENESS: Final = 0.6
"""A split that explains this share of the variance is kept with a smaller light side, down
to MIN_STRONG_PART of the inner cells: a white swirl on a dark tile."""
MIN_STRONG_PART: Final = 0.04
MIN_LIGHT_PART: Final = 0.08
"""A light subject is drawn as its outline and dark parts when these are this share of its
inside or more (a card's pips, a page's lines); below it, it is a silhouette."""
LIGHT_SUBJECT: Final = 65.0
"""A subject whose inner cells are this light on average (L*) is a light thing: drawn as its
outline and its darker parts, as a person draws a page or a white cup, never inked solid."""
MIN_INSIDE: Final = 16
"""The subject has at least this many cells inside its outline ring, or detail is no use."""
SPREAD: Final = 8.0
"""Lightness (L*) over which an inner cell's coverage goes from the cut to sure."""


def cell_colours(picture: Picture, box: tuple[int, int, int, int], shape: tuple[int, int]) -> Grey:
    """Per cell of a grid of ``shape`` over ``box`` (source pixels), its mean Lab colour and
    the spread of L inside it, ``(rows, cols, 4)``."""
    src_w, src_h = picture.size
    rows, cols = picture.shape
    left, top, right, bottom = box
    r0, r1 = int(top * rows / src_h), max(int(top * rows / src_h) + 1, round(bottom * rows / src_h))
    c0, c1 = (
        int(left * cols / src_w),
        max(int(left * cols / src_w) + 1, round(right * cols / src_w)),
    )
    lab = np.asarray(color.rgb2lab(picture.rgb[r0:r1, c0:c1]), dtype=np.float64)
    return cell_stats(lab, shape)


class Split(NamedTuple):
    """The subject's inside split in two: what is drawn as ink, and how sure each cell is."""

    dark: Grid
    """Cells drawn as ink: the outline ring and the dark side of the inside."""
    sure: Grey
    """Per cell, how surely it is ink (0.5 is the line between): the repair's cost."""
    likeness: float
    """The share of the inner cells' variance the split explains (``between_share``)."""
    part: float
    """The share of the inner cells that are ink."""


def detailed(picture: Picture, scored: Scored, *, force: bool = False) -> Scored:
    """The grid with the subject's dark parts drawn inside its outline, when the subject's
    appearance calls for it (or ``force``); else the grid as it was. The parts are split by
    lightness, or, when that split says little, by colour (a globe's land and sea)."""
    cells = scored.cells
    filled = cells.filled
    ring = outline_ring(filled)
    inside = filled & ~ring
    whole_frame = scored.split.method == "poster"
    if int(inside.sum()) < MIN_INSIDE or scored.split.drawn or whole_frame:
        return scored
    features = cell_colours(picture, cells.box, filled.shape)
    values = features[:, :, 0][inside]  # the ring mixes subject and ground: it is kept anyway
    light = float(values.mean()) >= LIGHT_SUBJECT
    split = None  # a subject of one lightness: only colours can split it
    if float(np.ptp(values)) >= 1.0:  # a unit of L* or more
        split = _by_lightness(features, ring, inside, float(otsu(values)))
    if split is None or not _kept(split, light, _ground_like(features, split, inside)):
        colour = _by_colour(features, ring, inside)
        if _parts(colour):
            split = colour
        elif split is None or not force:  # forced: the lightness split, however weak
            return scored
    coverage = np.where(
        inside, split.sure, np.where(ring, np.maximum(cells.coverage, 0.5), cells.coverage)
    )
    parts = {**scored.parts, "detail_likeness": split.likeness, "detail_dark": split.part}
    detail = Cells(np.asarray(coverage, dtype=np.float64), 0.5, ring | split.dark, cells.box)
    return replace(scored, cells=detail, parts=parts, silhouette=filled, detail="dark parts")


def _parts(split: Split) -> bool:
    """Whether a split makes two real parts of the subject: it explains DETAIL_LIKENESS of
    the variance, and each side holds MIN_PART of the inside."""
    return split.likeness >= DETAIL_LIKENESS and MIN_PART <= split.part <= 1.0 - MIN_PART


def _kept(split: Split, light: bool, ground_like: bool) -> bool:
    """Whether a lightness split is drawn: two real parts; or, unless its dark side is the
    ground showing through (``ground_like``: a letter's counter), a clear split whose light
    side is small (STRONG_LIKENESS, MIN_STRONG_PART: the subject stays mostly ink) or a light
    subject with dark parts of at least MIN_LIGHT_PART (a flat light shape stays a
    silhouette). Small dark parts of a subject that is not light leave it a silhouette:
    inking them alone would lose its shape."""
    strong = 0.5 <= split.part <= 1.0 - MIN_STRONG_PART  # small light parts: holes in the ink
    lit = light and MIN_LIGHT_PART <= split.part <= 1.0 - MIN_PART
    return _parts(split) or (
        not ground_like and ((split.likeness >= STRONG_LIKENESS and strong) or lit)
    )


def _ground_like(features: Grey, split: Split, inside: Grid) -> bool:
    """Whether a split's dark inner cells are, on average, of the ground's colour (within
    FEATURE_DELTA_E of the cells around the subject): the ground seen through a hole."""
    ink = split.dark & inside
    ground = ~(split.dark | inside)  # the dark side holds the whole outline ring
    if not ink.any() or not ground.any():
        return False
    lab = features[:, :, :3]
    return float(delta_e(lab[ink].mean(axis=0), lab[ground].mean(axis=0))) < FEATURE_DELTA_E


def _by_lightness(features: Grey, ring: Grid, inside: Grid, cut: float) -> Split:
    """The inside split at a lightness ``cut``: darker cells are ink."""
    lightness = features[:, :, 0]
    filled = ring | inside
    labels = np.where(filled & ((lightness < cut) | ring), 1, 0).astype(np.int16)
    dark = cleaned(labels, filled, features[:, :, :3], fixed=ring) == 1
    sure = np.clip(0.5 + (cut - lightness) / (2 * SPREAD), 0.0, 1.0)
    return _split(features, dark, inside, sure)


def _by_colour(features: Grey, ring: Grid, inside: Grid) -> Split:
    """The inside split by colour (two means of the cells' Lab colours): the darker side is
    ink, and a cell is as sure as it is nearer that side's mean than the other's."""
    lab = features[:, :, :3]
    side = np.zeros(inside.shape, dtype=np.bool_)
    side[inside] = two_means(lab[inside])
    if not side.any() or (inside & ~side).sum() == 0:  # one colour: no split
        return _split(features, ring.copy(), inside, np.where(ring, 1.0, 0.0))
    if float(lab[side][:, 0].mean()) > float(lab[inside & ~side][:, 0].mean()):
        side = inside & ~side  # the darker side is ink
    filled = ring | inside
    labels = np.where(filled & (side | ring), 1, 0).astype(np.int16)
    dark = cleaned(labels, filled, lab, fixed=ring) == 1
    ink, paper = inside & dark, inside & ~dark
    if not ink.any() or not paper.any():
        return _split(features, dark, inside, np.where(dark, 1.0, 0.0))
    to_ink = delta_e(lab, lab[ink].mean(axis=0))
    to_paper = delta_e(lab, lab[paper].mean(axis=0))
    sure = to_paper / np.maximum(to_ink + to_paper, 1e-9)
    return _split(features, dark, inside, sure)


def _split(features: Grey, dark: Grid, inside: Grid, sure: Grey) -> Split:
    """A split's record: ``sure`` made to agree with ``dark`` where merging specks moved a
    cell across (0.55 or 0.45: barely)."""
    sure = np.where(dark == (sure >= 0.5), sure, np.where(dark, 0.55, 0.45))
    likeness = between_share(features[inside], dark[inside])
    return Split(dark, sure, likeness, float(dark[inside].mean()))


def two_means(points: Grey) -> Grid:
    """Two clusters of points ``(n, k)`` (Lab colours) by Lloyd's iterations (``lloyd``),
    started from a cut at the median along their main axis, so the same every run: True for
    the points of one of them (all True when they are one)."""
    centred = points - points.mean(axis=0)
    axis = np.linalg.svd(centred, full_matrices=False)[2][0]
    if axis[np.argmax(np.abs(axis))] < 0:  # one sign, whatever the rows' order or the LAPACK
        axis = -axis
    along = centred @ axis
    side: Grid = along > np.median(along)
    if not side.any():  # most points at the top: the cut goes below them
        side = along >= np.median(along)
    if side.all():
        return side
    centres = lloyd(points, np.stack([points[side].mean(axis=0), points[~side].mean(axis=0)]))
    nearest = np.argmin(delta_e(points[:, None, :], centres[None]), axis=1)
    return np.asarray(nearest == 0)
