"""Picture -> palette grid: the subject's colours quantised in Lab and pooled to cells
(``nonogen make --colors K``).

    the chosen split's cells (ground cells are the background: paper white)
    -> sub-pixels in Lab (SUBPIXELS x SUBPIXELS per cell)
    -> the subject's own white (sub-pixels within MERGE_DELTA_E of paper) set apart
    -> each sub-pixel counted as many times as its cell stands out from the cells around it
       (``nonogen.image.filters.feature_weights``): eyes, a rocket, lights get colours of
       their own; a sky's gradient, counted by its area alone, took two of four
    -> seeded k-means (k-means++ start) over the rest, SPLIT_FACTOR times the colours asked
    -> clusters merged, the cheapest pair first, at a cost that weighs their sizes only by
       the square root (``_merged``): a small colour that differs much (a red cap, a yellow
       beak) outlives a large one that differs little
    -> centres closer than MERGE_DELTA_E spread apart, as a pixel artist pushes a photo's
       close tones apart (``_spread``: steps of a tone, SPREAD_FROM to MERGE_DELTA_E apart,
       each moved at most SPREAD_LIMIT); where that cannot be, merged, the nearest pair first,
       until all are distinct
    -> each subject cell takes the colour most of its subject sub-pixels are nearest to; when
       the subject is the whole frame, the colour (or the paper) nearest the cell's mean, so
       that a seam thinner than a cell is drawn, and no outline is drawn along the frame
    -> a whole frame that is a drawing on a white page (clip art, an icon, line art: its
       light ground is the paper itself) is drawn in its inks: each sub-pixel beside the
       page first takes the colour of the one farthest from the paper around it
       (``_ink_cored``: a stroke's edge, a blend of its ink and the page, is its ink, not a
       grey of its own), and a cell is inked by the share of it that is ink, as black and
       white's stencil inks a cell by its lightness (``_inked``)
    -> areas (``nonogen.image.areas``): specks of a colour merged into the area around them;
       the ``detail`` option keeps every small part that stands out (on) or none (off)
    -> the subject's own white drawn as paper, where it touches the ground in the subject's
       darkest colour (its outline)

The background is paper white, whatever the picture's ground: the subject is what is drawn,
and a subject colour is never the ground's. A subject all of white keeps it as a colour.
Colours are named in the words a person uses: an entry, near in Lab, of ``NAMED`` (the
basic colour terms, most of them light, dark and pale too), chosen together so that no name
is taken twice, and keep the cluster's centre as their RGB. Every two colours, and every
colour and the paper, are at least ``MERGE_DELTA_E`` apart. Colours are numbered by how many
cells they cover, most first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.clues import ColourGrid
from nonogen.errors import InputError
from nonogen.grid import Grid
from nonogen.image.areas import cleaned
from nonogen.image.filters import feature_weights, otsu
from nonogen.image.masks import outline_ring
from nonogen.image.pixels import lab_to_rgb, resize, rgb_to_lab
from nonogen.image.read import Picture
from nonogen.image.whole import light_ground
from nonogen.palette import Palette, check_colours, make_palette
from nonogen.wording import words

_T = TypeVar("_T", bound=np.generic)
Lab = npt.NDArray[np.float64]
"""Colours in CIE Lab, the last axis (L, a, b): L in 0..100, a and b about -100..100."""

MERGE_DELTA_E: Final = 20.0
"""Colours closer than this (CIE76 Delta E) are merged: two colours of a puzzle must be told
apart at a glance in print and in the small clue boxes, not only side by side in large
swatches (a just-noticeable difference is about 2.3; 12 left a duck's two yellows, #bcbb1b
and #c2c267, hard to tell apart in the clues)."""
SUBPIXELS: Final = 4
"""Each cell is sampled as this many sub-pixels a side (at most the pixels it covers)."""
KMEANS_ROUNDS: Final = 40
"""Lloyd iterations at most (they stop when no sub-pixel changes cluster)."""
GROUND_DELTA_E: Final = MERGE_DELTA_E / 2
"""A cell of a light ground this close to the ground's colour is the ground's: paper."""
SPLIT_FACTOR: Final = 3
"""k-means finds this many times the colours asked before they are merged down."""
PAPER: Final = np.array([100.0, 0.0, 0.0])
BLACK: Final = np.zeros(3)
"""Paper white in Lab: the background of every colour puzzle."""
SPREAD_LIMIT: Final = 12.0
"""A colour may be moved this far (Delta E) from the mean of its pixels so that it stands
MERGE_DELTA_E apart from the others and from the paper (``_spread``), as a pixel artist pushes a
photo's close tones apart; a colour that would move further merges instead."""
SPREAD_FROM: Final = 10.0
"""Colours closer than this (Delta E) are one colour of the picture (two reds a glance does
not tell apart) and merge; between this and MERGE_DELTA_E they are steps of a tone (a cat's
fur, a sky's gradient) and are spread apart."""
BLACK_SNAP: Final = 1.0
"""A colour this near black (Delta E; a just-noticeable difference is about 2.3) is drawn
black, #000000: a drawing in black alone is then a black-and-white puzzle, not a colour one
whose one colour is #010101."""
INK_LEAST: Final = 0.1
"""A drawing's cell is inked where at least this share of it is ink (``_inked``): less is a
stroke's corner, as black and white's stencil leaves it..."""
INK_MOST: Final = 0.25
"""...and wherever this share of it is (a stroke a third of a cell wide, a thin rim of
light grey, is drawn, as the blends of the page it used to be drawn in were)."""
SPREAD_ROUNDS: Final = 60
"""Rounds of pushing too-close colours apart before the spread is given up."""


GREY_CHROMA: Final = 5.0
"""Chroma (distance from grey in a* b*) at or under which a colour is a grey to the eye (a
just-noticeable difference is about 2.3)."""
OTHER_KIND: Final = 40.0
"""What naming a grey after a colour costs beside its Delta E (added in quadrature, as the
names' costs are squared): a person calls a grey a
lighter or darker grey before any colour, so the fourth grey of a black-and-white photo is
"grey", not "dark blue green". (A faint colour may still be called a grey.)"""


NAMED: Final = (
    ("black", "000000"),
    ("dark grey", "474747"),
    ("grey", "8c8c8c"),
    ("light grey", "c8c8c8"),
    ("white", "ffffff"),
    ("dark red", "7f1010"),
    ("red", "d42a2a"),
    ("light red", "f07878"),
    ("dark pink", "b8306e"),
    ("pink", "f27fae"),
    ("light pink", "f9c6d8"),
    ("dark orange", "b85410"),
    ("orange", "f58a1f"),
    ("light orange", "fbc38a"),
    ("dark yellow", "a89412"),
    ("yellow", "f5d90f"),
    ("light yellow", "fbec7c"),
    ("pale yellow", "fbf4c4"),
    ("dark brown", "4a2a12"),
    ("brown", "8c5a2e"),
    ("light brown", "c49566"),
    ("pale brown", "e0cdb2"),
    ("dark green", "1c5220"),
    ("green", "3a9a3a"),
    ("light green", "8fd67a"),
    ("pale green", "cde8c2"),
    ("dark blue green", "0f5450"),
    ("blue green", "1f9a90"),
    ("light blue green", "86d4cb"),
    ("dark blue", "14286e"),
    ("blue", "2a5cd0"),
    ("light blue", "7fb2ef"),
    ("pale blue", "c8dcf4"),
    ("dark purple", "44185e"),
    ("purple", "7e3fa6"),
    ("light purple", "b48ad4"),
    ("pale purple", "ddcdec"),
)
"""The names a palette's colours take, (name, sRGB hex): the eleven basic colour terms of
English (Berlin and Kay) and blue green, most of them dark, light and pale too: the words a
person uses for a colour, never a keyword such as "peru" or "darkkhaki"."""


@dataclass(frozen=True)
class PaletteGrid:
    """A picture quantised to a palette and pooled to cells."""

    grid: ColourGrid
    """``(rows, cols)`` palette indices: 0 the background, 1 up the subject's colours."""
    lab: Lab
    """``(colours, 3)``: each palette colour in Lab, background first."""
    cells: Lab
    """``(rows, cols, 3)``: each cell's measured colour (mean of its subject or ground part)."""
    palette: Palette
    """Names, RGB and characters of the colours, background first."""
    merged: int
    """Clusters merged away because they were too close to another colour."""
    white: float = 0.0
    """The share of the subject's own sub-pixels left as paper, its own white (a white
    horse: nearly all; a subject all of white keeps it as its colour, and none)."""

    def costs(self) -> npt.NDArray[np.float64]:
        """``(rows, cols, colours)``: Delta E between each cell's colour and each palette
        colour, what giving the cell that colour costs the picture."""
        return delta_e(self.cells[:, :, None, :], self.lab[None, None, :, :])


def delta_e(a: Lab, b: Lab) -> npt.NDArray[np.float64]:
    """CIE76 colour difference of Lab colours (broadcast over the leading axes)."""
    return np.asarray(np.sqrt(((a - b) ** 2).sum(axis=-1)), dtype=np.float64)


def quantise(
    picture: Picture,
    subject: npt.NDArray[np.float64],
    filled: Grid,
    box: tuple[int, int, int, int],
    *,
    colours: int,
    rng: np.random.Generator,
    detail: bool | None = None,
) -> PaletteGrid:
    """The picture's part in ``box`` (source pixels) as at most ``colours`` subject colours on
    the background: ``subject`` is the split's per-pixel subject share (any resolution),
    ``filled`` the subject cells; ``detail`` says which small parts stay (``areas``)."""
    check_colours(colours)
    if not filled.any():
        raise InputError(words("found no subject cells to colour; try {crop} or another picture"))
    side = _side(picture, box, filled.shape)
    lab = _subpixels(picture, box, filled.shape, side)
    inside = _subject_subpixels(subject, picture.size, box, filled, side)
    white = inside & (delta_e(lab, PAPER[None, None, None, :]) < MERGE_DELTA_E)
    measured = _cell_colours(lab, inside, filled)
    whole = bool(filled.all() and inside.all())
    ground: tuple[Grid, Lab] | None = None
    light = light_ground(measured) if whole else None
    if light is not None:  # a light ground is paper, as the picture's own near-white is
        tone = measured[light].mean(axis=0)
        white |= light[:, :, None] & (delta_e(lab, tone[None, None, None, :]) < MERGE_DELTA_E)
        ground = (light, tone)
    coloured = inside & ~white
    # A drawing on a white page (clip art, an icon, line art): its colours are its inks, and
    # the blends of an ink and the page along every stroke's edge are none of them.
    drawing = ground is not None and bool(coloured.any()) and _on_paper(ground[1])
    if not coloured.any():  # a subject all of white keeps it as its colour
        white, coloured = np.zeros_like(white), inside
    own_white = float(white[inside].mean())
    if drawing:
        lab = _ink_cored(lab, filled.shape, side)
    # Each sub-pixel counted as many times as its cell stands out (feature_weights): the
    # marks that carry identity (eyes, a rocket, lights) get colours, a gradient fewer.
    counts = np.broadcast_to(feature_weights(measured)[:, :, None], coloured.shape)[coloured]
    pixels = lab[coloured]
    found = _kmeans(pixels, counts, min(SPLIT_FACTOR * colours, _distinct_count(pixels)), rng)
    centres, merged = _chosen(pixels, counts, found, colours)
    centres = _own_means(pixels, centres)
    if drawing:  # each cell inked as black and white inks it, in the colour of its ink
        grid, measured = _inked(lab, coloured, centres, measured)
    elif whole:  # the frame itself: each cell the colour nearest its mean, paper among them
        grid = _nearest(measured, centres, ground)
    else:
        labels = np.argmin(delta_e(lab[:, :, :, None, :], centres[None, None, None]), axis=3)
        labels = np.where(white, -1, labels)
        grid = _pooled(labels, inside, filled, len(centres))
    grid = cleaned(grid.astype(np.int16), filled, measured, detail=detail).astype(np.uint8)
    edge = np.zeros(filled.shape, dtype=np.bool_)
    if not whole:  # a frame's edge is not the subject's outline
        grid, edge = _outlined(grid, filled, centres)
    pooled = len(centres)
    grid, centres = _renumbered(grid, centres)
    merged += pooled - len(centres)
    all_lab = np.vstack([PAPER[None, :], centres])
    # An outline drawn on the subject's white is the drawing's, not a cell the picture
    # leaves white: it costs its colour, so that a repair does not take it apart for free.
    cells = np.where(edge[:, :, None], all_lab[grid], measured)
    return PaletteGrid(grid, all_lab, cells, _named(all_lab), merged, own_white)


def _distinct_count(pixels: Lab) -> int:
    """How many distinct colours the pixels have (to a tenth of a unit)."""
    return len(np.unique(pixels.round(1), axis=0))


def _chosen(pixels: Lab, counts: npt.NDArray[np.intp], centres: Lab, count: int) -> tuple[Lab, int]:
    """The colours drawn: clusters (of the pixels, each counted ``counts`` times) merged, the
    cheapest pair first, until at most ``count`` are left, every two at least MERGE_DELTA_E
    apart and each that far from the paper; and how many were merged away as too alike once
    no more than ``count`` were left. A pair costs its squared Delta E times the square root
    of n1 n2 / (n1 + n2) (Ward's cost weighs the sizes whole), so that alike colours merge
    first and a small colour far from the rest (a cat's dark stripes) outlives a large one
    close to another; a colour too near the paper merges into its nearest colour."""
    labels = np.argmin(delta_e(pixels[:, None, :], centres[None]), axis=1)
    weights = counts.astype(np.float64)
    sizes = np.bincount(labels, weights=weights, minlength=len(centres))
    groups = [
        (float(sizes[j]), np.average(pixels[labels == j], axis=0, weights=weights[labels == j]))
        for j in range(len(centres))
        if sizes[j] > 0
    ]
    merged = 0
    while len(groups) > 1:
        means = np.array([m for _, m in groups])
        gaps = delta_e(means[:, None, :], means[None, :, :])
        gaps[np.diag_indices(len(groups))] = np.inf
        pale = delta_e(means, PAPER[None, :])
        if len(groups) <= count:
            spread = _spread(means)
            if spread is not None:
                return spread, merged
        if len(groups) <= count and gaps.min() >= MERGE_DELTA_E:
            if pale.min() >= MERGE_DELTA_E:
                break
            i = int(np.argmin(pale))
            pair = (i, int(np.argmin(gaps[i])))
        else:
            weights = np.array([[np.sqrt(a * b / (a + b)) for b, _ in groups] for a, _ in groups])
            cost = gaps**2 * weights
            a, b = np.unravel_index(int(np.argmin(cost)), cost.shape)
            pair = (int(a), int(b))
        if len(groups) <= count:  # under the count asked: merged as too alike, not too many
            merged += 1
        i, j = min(pair), max(pair)
        (ni, mi), (nj, mj) = groups[i], groups[j]
        groups[i] = (ni + nj, (ni * mi + nj * mj) / (ni + nj))
        del groups[j]
    return np.array([m for _, m in groups]), merged


def _own_means(pixels: Lab, centres: Lab) -> Lab:
    """The colours chosen, each moved to the plain mean of the pixels nearest it (the
    counting by features chose them; a region's colour is its pixels' own), unless that
    brings two closer than MERGE_DELTA_E or one that close to the paper."""
    labels = np.argmin(delta_e(pixels[:, None, :], centres[None]), axis=1)
    means = np.array(
        [
            pixels[labels == j].mean(axis=0) if (labels == j).any() else centres[j]
            for j in range(len(centres))
        ]
    )
    return means if _apart(means) else centres


def _spread(means: Lab) -> Lab | None:
    """The colours pushed apart until every two, and each and the paper, are MERGE_DELTA_E
    apart, each kept within sRGB; None when two are closer than SPREAD_FROM (one colour, to be
    merged) or it would move a colour more than SPREAD_LIMIT from its mean (or does not settle
    in SPREAD_ROUNDS). Colours already apart are returned as they are."""
    centres = np.array(means, dtype=np.float64)
    gaps = delta_e(centres[:, None, :], centres[None, :, :])
    gaps[np.diag_indices(len(centres))] = np.inf
    if gaps.min() < SPREAD_FROM:
        return None
    for _ in range(SPREAD_ROUNDS):
        if _apart(centres):
            break
        for i in range(len(centres)):
            for j in range(i + 1, len(centres)):
                step = centres[i] - centres[j]
                gap = float(np.sqrt((step**2).sum()))
                if gap < MERGE_DELTA_E:
                    way = step / gap if gap > 1e-6 else np.array([1.0, 0.0, 0.0])
                    push = (MERGE_DELTA_E - gap) / 2 + 0.05
                    centres[i] += way * push
                    centres[j] -= way * push
            step = centres[i] - PAPER
            gap = float(np.sqrt((step**2).sum()))
            if gap < MERGE_DELTA_E:
                way = step / gap if gap > 1e-6 else np.array([-1.0, 0.0, 0.0])
                centres[i] = PAPER + way * (MERGE_DELTA_E + 0.05)
        rgb = np.clip(np.asarray(lab_to_rgb(centres[None]), dtype=np.float64), 0.0, 1.0)
        centres = np.asarray(rgb_to_lab(rgb), dtype=np.float64)[0]
    if not _apart(centres) or float(delta_e(centres, means).max()) > SPREAD_LIMIT:
        return None
    return centres


def _apart(centres: Lab) -> bool:
    """Whether every two colours, and each colour and the paper, are MERGE_DELTA_E apart."""
    gaps = delta_e(centres[:, None, :], centres[None, :, :])
    gaps[np.diag_indices(len(centres))] = np.inf
    return bool(
        gaps.min() >= MERGE_DELTA_E and delta_e(centres, PAPER[None, :]).min() >= MERGE_DELTA_E
    )


def _nearest(measured: Lab, centres: Lab, ground: tuple[Grid, Lab] | None = None) -> ColourGrid:
    """Each cell the colour nearest its measured mean (1-based), or the paper (0) where that
    is nearer: a seam or a line thinner than a cell shifts its cell's mean and is drawn, as a
    vote of its sub-pixels would not. ``ground`` (its cells and its colour, ``light_ground``)
    is paper too, on its cells: where a cell's mean is nearer its colour than any colour drawn,
    or within GROUND_DELTA_E of it (a colour drawn from the few pixels of the ground left out
    of it, where it meets the things on it, may be the ground's own)."""
    palette = np.vstack([PAPER[None, :], centres])
    gaps = delta_e(measured[:, :, None, :], palette[None, None])
    grid = np.argmin(gaps, axis=2)
    if ground is not None:
        cells, tone = ground
        off = delta_e(measured, tone[None, None, :])
        grid[cells & ((off < gaps.min(axis=2)) | (off < GROUND_DELTA_E))] = 0
    return np.asarray(grid, dtype=np.uint8)


def _on_paper(tone: Lab) -> bool:
    """Whether a light ground (``light_ground``) is the page itself: within GROUND_DELTA_E of
    paper white, as a drawing's or an icon's is (a wall, a sky or snow in a photo is greyer)."""
    return float(delta_e(tone, PAPER)) < GROUND_DELTA_E


def _ink_cored(lab: Lab, shape: tuple[int, int], side: int) -> Lab:
    """Each sub-pixel (grouped by cell, ``_by_cell``) beside the page (a sub-pixel within
    MERGE_DELTA_E of paper among the 3 x 3 around it) given the colour of the one farthest
    from the paper among those 3 x 3: the edge of a stroke, a blend of its ink and the page
    (a grey beside black, a pink beside red), takes its ink's colour. A sub-pixel with no
    page beside it keeps its own, so a drawing's shading and the marks inside it are as they
    are, and so is a flat area (the first farthest wins a tie)."""
    height, width = shape
    flat = lab.reshape(height, width, side, side, 3).swapaxes(1, 2)
    image = flat.reshape(height * side, width * side, 3)
    far = delta_e(image, PAPER[None, None, :])
    padded = np.pad(image, ((1, 1), (1, 1), (0, 0)), mode="edge")
    padded_far = np.pad(far, 1, mode="edge")
    best, best_far = image.copy(), far.copy()
    page = far < MERGE_DELTA_E
    rows, cols = far.shape
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0:
                continue
            other = padded_far[1 + dr : 1 + dr + rows, 1 + dc : 1 + dc + cols]
            page |= other < MERGE_DELTA_E
            farther = other > best_far
            best_far = np.where(farther, other, best_far)
            near = padded[1 + dr : 1 + dr + rows, 1 + dc : 1 + dc + cols]
            best = np.where(farther[:, :, None], near, best)
    return _by_cell(np.where(page[:, :, None], best, image), shape, side)


def _inked(
    lab: Lab, coloured: npt.NDArray[np.bool_], centres: Lab, measured: Lab
) -> tuple[ColourGrid, Lab]:
    """A drawing's cells inked by their share of ink, as black and white's stencil inks them
    by their lightness: a cell is inked where the share of its sub-pixels that are ink (not
    the page) reaches Otsu's cut of those shares over the cells (a stroke thinner than a
    cell, on a page of strokes, reaches it), at least INK_LEAST and at most INK_MOST; an
    inked cell takes the colour most of its ink sub-pixels (``lab``, ink-cored) are nearest
    to. Also each cell's colour for the costs: an inked cell's is its ink's mean, so that a
    repair does not wipe a thin stroke for free."""
    share = coloured.mean(axis=2)
    cut = otsu(share) if float(np.ptp(share)) > 0 else INK_MOST
    inked = share >= min(max(cut, INK_LEAST), INK_MOST)
    labels = np.argmin(delta_e(lab[:, :, :, None, :], centres[None, None, None]), axis=3)
    votes = np.stack([((labels == j) & coloured).sum(axis=2) for j in range(len(centres))], 2)
    grid = np.where(inked, np.argmax(votes, axis=2) + 1, 0)
    ink = (lab * coloured[:, :, :, None]).sum(axis=2) / np.maximum(coloured.sum(axis=2), 1)[
        :, :, None
    ]
    cells = np.where(inked[:, :, None], ink, measured)
    return np.asarray(grid, dtype=np.uint8), np.asarray(cells, dtype=np.float64)


def _outlined(grid: ColourGrid, filled: Grid, centres: Lab) -> tuple[ColourGrid, Grid]:
    """The subject's white cells (0 inside the subject) on its outline given its darkest
    colour, so that the subject's white never runs into the paper around it; and those
    cells."""
    edge = outline_ring(filled) & (grid == 0) & filled
    if not edge.any() or len(centres) == 0:
        return grid, np.zeros(filled.shape, dtype=np.bool_)
    darkest = int(np.argmin(centres[:, 0])) + 1
    return np.asarray(np.where(edge, darkest, grid), dtype=np.uint8), edge


def _side(picture: Picture, box: tuple[int, int, int, int], shape: tuple[int, int]) -> int:
    """Sub-pixels a cell side: SUBPIXELS, or fewer when the working copy has fewer pixels."""
    part = _box_part(picture.rgb, picture.size, box)
    height, width = shape
    return max(1, min(SUBPIXELS, int(part.shape[0]) // height, int(part.shape[1]) // width))


def _subpixels(
    picture: Picture, box: tuple[int, int, int, int], shape: tuple[int, int], side: int
) -> Lab:
    """The box of the working copy resampled to ``shape`` cells of ``side`` x ``side``
    sub-pixels, in Lab, grouped by cell: ``(rows, cols, side * side, 3)``."""
    part = _box_part(picture.rgb, picture.size, box)
    height, width = shape
    rgb = np.stack([resize(part[:, :, k], width * side, height * side) for k in range(3)], axis=2)
    lab = np.asarray(rgb_to_lab(np.clip(rgb, 0.0, 1.0)), dtype=np.float64)
    return _by_cell(lab, shape, side)


def _by_cell(values: npt.NDArray[_T], shape: tuple[int, int], side: int) -> npt.NDArray[_T]:
    """``(rows * side, cols * side, ...)`` regrouped as ``(rows, cols, side * side, ...)``."""
    height, width = shape
    rest = values.shape[2:]
    grouped = values.reshape(height, side, width, side, *rest).swapaxes(1, 2)
    return grouped.reshape(height, width, side * side, *rest)


def _box_part(
    values: npt.NDArray[np.float64], size: tuple[int, int], box: tuple[int, int, int, int]
) -> npt.NDArray[np.float64]:
    """The part of an array (of any resolution) that ``box`` (source pixels) covers."""
    rows, cols = values.shape[:2]
    width, height = size
    left, top, right, bottom = box
    r0, c0 = min(rows - 1, round(top * rows / height)), min(cols - 1, round(left * cols / width))
    r1 = max(r0 + 1, round(bottom * rows / height))
    c1 = max(c0 + 1, round(right * cols / width))
    return values[r0:r1, c0:c1]


def _subject_subpixels(
    subject: npt.NDArray[np.float64],
    size: tuple[int, int],
    box: tuple[int, int, int, int],
    filled: Grid,
    side: int,
) -> npt.NDArray[np.bool_]:
    """``(rows, cols, side * side)``: the sub-pixels of subject cells the split calls subject
    (every sub-pixel of a subject cell the split covers less than half of, such as a thin
    stroke)."""
    part = _box_part(subject, size, box)
    height, width = filled.shape
    share = resize(part, width * side, height * side)
    inside = _by_cell(np.asarray(share >= 0.5), filled.shape, side) & filled[:, :, None]
    bare = filled & ~inside.any(axis=2)
    inside[bare] = True
    return inside


def _kmeans(pixels: Lab, counts: npt.NDArray[np.intp], k: int, rng: np.random.Generator) -> Lab:
    """``k`` cluster centres of the pixels, each counted ``counts`` times: k-means++ start
    from the seeded generator (drawn over the pixels repeated by their counts, each copy a
    draw), then Lloyd iterations, the counts as weights, until no pixel changes cluster. Each
    pixel's squared distance to the nearest centre chosen so far is kept and lowered as
    centres are added."""
    copies = np.repeat(pixels, counts, axis=0)
    first = copies[int(rng.integers(len(copies)))]
    centres = [first]
    near = ((copies - first) ** 2).sum(axis=1)
    for _ in range(1, max(1, k)):
        total = float(near.sum())
        if total <= 0:
            break
        chosen = copies[int(rng.choice(len(copies), p=near / total))]
        centres.append(chosen)
        near = np.minimum(near, ((copies - chosen) ** 2).sum(axis=1))
    return _lloyd(pixels, counts.astype(np.float64), np.array(centres))


def _lloyd(pixels: Lab, weights: npt.NDArray[np.float64], centres: Lab) -> Lab:
    """Centres refined by Lloyd iterations; a centre no pixel is nearest to is dropped. The
    nearest centre by squared distance (|p|^2 - 2 p.c + |c|^2: one product of matrices a
    round), each centre the weighted mean of its pixels (sums by label)."""
    labels = None
    squares = (pixels**2).sum(axis=1)
    weighted = pixels * weights[:, None]
    for _ in range(KMEANS_ROUNDS):
        distances = squares[:, None] - 2.0 * (pixels @ centres.T) + (centres**2).sum(axis=1)
        new = np.argmin(distances, axis=1)
        if labels is not None and np.array_equal(new, labels):
            break
        used, labels = np.unique(new, return_inverse=True)  # positions among the used
        sizes = np.bincount(labels, weights=weights, minlength=len(used))
        sums = [np.bincount(labels, weights=weighted[:, c], minlength=len(used)) for c in range(3)]
        centres = np.stack(sums, axis=1) / sizes[:, None]
    return centres


def _pooled(
    labels: npt.NDArray[np.intp], inside: npt.NDArray[np.bool_], filled: Grid, count: int
) -> ColourGrid:
    """Each subject cell's colour: the cluster most of its subject sub-pixels belong to
    (1-based), or 0 where most are the subject's own white (label -1); 0 for ground cells.
    Ties go to the lower cluster, and a cluster before white."""
    values = [*range(count), -1]
    votes = np.stack([((labels == j) & inside).sum(axis=2) for j in values], axis=2)
    grid = np.argmax(votes, axis=2) + 1
    grid = np.where(grid == count + 1, 0, grid)
    return np.asarray(np.where(filled, grid, 0), dtype=np.uint8)


def _renumbered(grid: ColourGrid, centres: Lab) -> tuple[ColourGrid, Lab]:
    """Colours numbered by the cells they cover, most first; colours no cell took dropped."""
    counts = np.bincount(grid.ravel(), minlength=len(centres) + 1)[1:]
    order = [int(j) for j in np.argsort(-counts, kind="stable") if counts[j] > 0]
    mapping = np.zeros(len(centres) + 1, dtype=np.uint8)
    for new, old in enumerate(order, 1):
        mapping[old + 1] = new
    return mapping[grid], centres[order]


def _cell_colours(lab: Lab, inside: npt.NDArray[np.bool_], subject: Grid) -> Lab:
    """Each cell's measured colour: the mean of its subject sub-pixels for a subject cell, of
    all its sub-pixels for a ground cell."""
    weights = np.where(subject[:, :, None], inside, True).astype(np.float64)
    total = (lab * weights[:, :, :, None]).sum(axis=2)
    return np.asarray(total / weights.sum(axis=2)[:, :, None], dtype=np.float64)


def least_cost_columns(cost: npt.NDArray[np.float64]) -> list[int]:
    """For each row of ``cost`` (``(rows, cols)``, rows <= cols, finite), its column, no
    column twice, the sum of the picked costs least: ``scipy.optimize.linear_sum_assignment``
    computed its way (shortest augmenting paths, Crouse 2016), ties broken as it breaks them,
    without importing ``scipy.optimize`` (0.7 s)."""
    rows, cols = cost.shape
    if rows > cols:
        raise ValueError(f"expected no more rows than columns, got {rows} x {cols}")
    u, v = np.zeros(rows), np.zeros(cols)
    row_of, col_of = [-1] * cols, [-1] * rows
    for current in range(rows):
        # Dijkstra over the reduced costs from ``current`` to a free column.
        path, costs = [-1] * cols, [math.inf] * cols
        in_rows, in_cols = [False] * rows, [False] * cols
        remaining = [cols - k - 1 for k in range(cols)]
        low, i, sink = 0.0, current, -1
        while sink == -1:
            index, lowest = -1, math.inf
            in_rows[i] = True
            for k, j in enumerate(remaining):
                r = low + float(cost[i, j]) - float(u[i]) - float(v[j])
                if r < costs[j]:
                    path[j], costs[j] = i, r
                if costs[j] < lowest or (costs[j] == lowest and row_of[j] == -1):
                    lowest, index = costs[j], k
            low = lowest
            j = remaining[index]
            if row_of[j] == -1:
                sink = j
            else:
                i = row_of[j]
            in_cols[j] = True
            remaining[index] = remaining[-1]
            remaining.pop()
        u[current] += low
        for i in range(rows):
            if in_rows[i] and i != current:
                u[i] += low - costs[col_of[i]]
        for j in range(cols):
            if in_cols[j]:
                v[j] -= low - costs[j]
        j = sink
        while True:
            i = path[j]
            row_of[j] = i
            col_of[i], j = j, col_of[i]
            if i == current:
                break
    return col_of


def _named(lab: Lab) -> Palette:
    """The palette: each colour named after an entry of NAMED, background first, no entry
    twice, the names chosen together so that their squared Delta E summed is least, a grey
    named after a colour costing OTHER_KIND squared more (four greys are
    black, dark grey, grey and light grey, not a grey named after a green because its nearest
    name went to a darker one)."""
    table = np.array([[int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)] for _, h in NAMED])
    table_lab = np.asarray(rgb_to_lab(table[None]), dtype=np.float64)[0]
    rgb = np.clip(np.asarray(lab_to_rgb(lab[None]), dtype=np.float64)[0], 0.0, 1.0)
    cost = delta_e(lab[:, None, :], table_lab[None, :, :]) ** 2
    grey = np.hypot(lab[:, 1], lab[:, 2]) <= GREY_CHROMA
    hued = np.hypot(table_lab[:, 1], table_lab[:, 2]) > GREY_CHROMA
    cost += np.where(grey[:, None] & hued[None, :], OTHER_KIND**2, 0.0)
    picks = least_cost_columns(cost)
    entries: list[tuple[str, str, str | None]] = []
    for i, pick in enumerate(picks):
        hexed = "#" + "".join(f"{round(float(v) * 255):02x}" for v in rgb[i])
        if float(delta_e(lab[i], BLACK)) < BLACK_SNAP:  # black to the eye is black
            hexed = "#000000"
        entries.append((NAMED[int(pick)][0], hexed, None))
    return make_palette(entries, where="--colors")
