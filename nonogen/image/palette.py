"""Picture -> palette grid: the subject's colours quantised in Lab and pooled to cells
(``nonogen make --colors K``).

    the chosen split's cells (ground cells are the background: paper white)
    -> sub-pixels in Lab (SUBPIXELS x SUBPIXELS per cell)
    -> the subject's own white (sub-pixels within MERGE_DELTA_E of paper) set apart
    -> seeded k-means (k-means++ start) over the rest, SPLIT_FACTOR times the colours asked
    -> clusters merged, the cheapest pair first, at a cost that weighs their sizes only by
       the square root (``_merged``): a small colour that differs much (a red cap, a yellow
       beak) outlives a large one that differs little
    -> centres closer than MERGE_DELTA_E merged, the nearest pair first, until all are distinct
    -> each subject cell takes the colour most of its subject sub-pixels are nearest to
    -> areas (``nonogen.image.areas``): specks of a colour merged into the area around them;
       the ``detail`` option keeps every small part that stands out (on) or none (off)
    -> the subject's own white drawn as paper, where it touches the ground in the subject's
       darkest colour (its outline)

The background is paper white, whatever the picture's ground: the subject is what is drawn,
and a subject colour is never the ground's. A subject all of white keeps it as a colour.
Colours are named after the nearest entry, in Lab, of the CSS colour keywords (the standard
list ``webcolors`` ships) not yet taken, and keep the cluster's centre as their RGB. Colours
are numbered by how many cells they cover, most first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt
import webcolors
from skimage import color

from nonogen.clues import ColourGrid
from nonogen.errors import InputError, words
from nonogen.grid import Grid
from nonogen.image.areas import cleaned
from nonogen.image.masks import outline_ring
from nonogen.image.read import Picture, resize
from nonogen.palette import Palette, check_colours, make_palette

_T = TypeVar("_T", bound=np.generic)
Lab = npt.NDArray[np.float64]
"""Colours in CIE Lab, the last axis (L, a, b): L in 0..100, a and b about -100..100."""

MERGE_DELTA_E: Final = 12.0
"""Colours closer than this (CIE76 Delta E) are merged: about where two printed swatches side
by side stop being told apart at a glance (a just-noticeable difference is about 2.3)."""
SUBPIXELS: Final = 4
"""Each cell is sampled as this many sub-pixels a side (at most the pixels it covers)."""
KMEANS_ROUNDS: Final = 40
"""Lloyd iterations at most (they stop when no sub-pixel changes cluster)."""
SPLIT_FACTOR: Final = 3
"""k-means finds this many times the colours asked before they are merged down."""
PAPER: Final = np.array([100.0, 0.0, 0.0])
"""Paper white in Lab: the background of every colour puzzle."""


def _css_names() -> tuple[tuple[str, str], ...]:
    """The CSS colour keywords (name, sRGB hex), one name per colour: a grey spelt grey, else
    the shortest name (then the first in order)."""
    by_hex: dict[str, str] = {}
    for name in sorted(webcolors.names("css3"), key=lambda n: ("gray" in n, len(n), n)):
        by_hex.setdefault(webcolors.name_to_hex(name, spec="css3")[1:], name)
    return tuple(sorted((name, hexed) for hexed, name in by_hex.items()))


NAMED: Final = _css_names()
"""The names a palette's colours take: (name, sRGB hex)."""


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
    coloured = inside & ~white
    if not coloured.any():  # a subject all of white keeps it as its colour
        white, coloured = np.zeros_like(white), inside
    pixels = lab[coloured]
    found = _kmeans(pixels, min(SPLIT_FACTOR * colours, _distinct_count(pixels)), rng)
    centres, merged = _distinct(pixels, _merged(pixels, found, colours), PAPER)
    labels = np.argmin(delta_e(lab[:, :, :, None, :], centres[None, None, None]), axis=3)
    labels = np.where(white, -1, labels)
    grid = _pooled(labels, inside, filled, len(centres))
    measured = _cell_colours(lab, inside, filled)
    grid = cleaned(grid.astype(np.int16), filled, measured, detail=detail).astype(np.uint8)
    grid = _outlined(grid, filled, centres)
    pooled = len(centres)
    grid, centres = _renumbered(grid, centres)
    merged += pooled - len(centres)
    all_lab = np.vstack([PAPER[None, :], centres])
    cells = _cell_colours(lab, inside, filled)
    return PaletteGrid(grid, all_lab, cells, _named(all_lab), merged)


def _distinct_count(pixels: Lab) -> int:
    """How many distinct colours the pixels have (to a tenth of a unit)."""
    return len(np.unique(pixels.round(1), axis=0))


def _merged(pixels: Lab, centres: Lab, count: int) -> Lab:
    """Clusters merged, the cheapest pair first, down to ``count``: a pair costs its squared
    Delta E times the square root of n1 n2 / (n1 + n2) (Ward's cost weighs the sizes whole),
    so that a small colour far from the rest outlives a large one close to another."""
    labels = np.argmin(delta_e(pixels[:, None, :], centres[None]), axis=1)
    sizes = np.bincount(labels, minlength=len(centres)).astype(np.float64)
    means = [
        pixels[labels == j].mean(axis=0) if sizes[j] else centres[j] for j in range(len(centres))
    ]
    groups = [(float(n), np.asarray(m)) for n, m in zip(sizes, means, strict=True) if n > 0]
    while len(groups) > count:
        best: tuple[float, int, int] | None = None
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                (ni, mi), (nj, mj) = groups[i], groups[j]
                cost = float(((mi - mj) ** 2).sum()) * float(np.sqrt(ni * nj / (ni + nj)))
                if best is None or cost < best[0]:
                    best = (cost, i, j)
        assert best is not None
        _, i, j = best
        (ni, mi), (nj, mj) = groups[i], groups[j]
        groups[i] = (ni + nj, (ni * mi + nj * mj) / (ni + nj))
        del groups[j]
    return np.array([m for _, m in groups])


def _outlined(grid: ColourGrid, filled: Grid, centres: Lab) -> ColourGrid:
    """The subject's white cells (0 inside the subject) on its outline given its darkest
    colour, so that the subject's white never runs into the paper around it."""
    edge = outline_ring(filled) & (grid == 0) & filled
    if not edge.any() or len(centres) == 0:
        return grid
    darkest = int(np.argmin(centres[:, 0])) + 1
    return np.asarray(np.where(edge, darkest, grid), dtype=np.uint8)


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
    lab = np.asarray(color.rgb2lab(np.clip(rgb, 0.0, 1.0)), dtype=np.float64)
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


def _kmeans(pixels: Lab, k: int, rng: np.random.Generator) -> Lab:
    """``k`` cluster centres of the pixels: k-means++ start from the seeded generator, then
    Lloyd iterations until no pixel changes cluster."""
    centres = [pixels[int(rng.integers(len(pixels)))]]
    for _ in range(1, max(1, k)):
        near = np.min(delta_e(pixels[:, None, :], np.array(centres)[None]), axis=1) ** 2
        if near.sum() <= 0:
            break
        centres.append(pixels[int(rng.choice(len(pixels), p=near / near.sum()))])
    return _lloyd(pixels, np.array(centres))


def _lloyd(pixels: Lab, centres: Lab) -> Lab:
    """Centres refined by Lloyd iterations; a centre no pixel is nearest to is dropped."""
    labels = None
    for _ in range(KMEANS_ROUNDS):
        new = np.argmin(delta_e(pixels[:, None, :], centres[None]), axis=1)
        if labels is not None and np.array_equal(new, labels):
            break
        labels = new
        used = np.unique(labels)
        centres = np.array([pixels[labels == j].mean(axis=0) for j in used])
        labels = np.searchsorted(used, labels)
    return centres


def _distinct(pixels: Lab, centres: Lab, background: Lab) -> tuple[Lab, int]:
    """Centres merged until every two are MERGE_DELTA_E apart and none (but a lone one) is
    that close to the background; and how many were merged away."""
    merged = 0
    while len(centres) > 1:
        gaps = delta_e(centres[:, None, :], centres[None, :, :])
        gaps[np.diag_indices(len(centres))] = np.inf
        near_ground = delta_e(centres, background[None, :])
        pair = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
        drop = int(pair[1])
        if gaps[pair] >= MERGE_DELTA_E:
            drop = int(np.argmin(near_ground))
            if near_ground[drop] >= MERGE_DELTA_E:
                break
        keep = [n for n in range(len(centres)) if n != drop]
        centres = _lloyd(pixels, centres[keep])
        merged += 1
    return centres, merged


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


def _named(lab: Lab) -> Palette:
    """The palette: each colour named after the nearest free entry of NAMED, background first."""
    table = np.array([[int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)] for _, h in NAMED])
    table_lab = np.asarray(color.rgb2lab(table[None]), dtype=np.float64)[0]
    rgb = np.clip(np.asarray(color.lab2rgb(lab[None]), dtype=np.float64)[0], 0.0, 1.0)
    taken: set[int] = set()
    entries: list[tuple[str, str, str | None]] = []
    for i, colour in enumerate(lab):
        order = np.argsort(delta_e(table_lab, colour[None, :]), kind="stable")
        pick = next(int(j) for j in order if int(j) not in taken)
        taken.add(pick)
        hexed = "#" + "".join(f"{round(float(v) * 255):02x}" for v in rgb[i])
        entries.append((NAMED[pick][0], hexed, None))
    return make_palette(entries, where="--colors")
