"""Conversion candidates: the ways a picture can be split into subject and ground.

Every candidate is one function with one signature, ``(source) -> list[Split]``, and one line
in ``CANDIDATES``. A split says how much each pixel (of any reduced copy of the picture)
belongs to the subject; ``nonogen.image.convert`` pools every split into cells, scores the
grids and keeps the one that looks most like the subject. Candidates that cannot tell which
side is the subject return both polarities; the scorer chooses by structure, not darkness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final

import cv2
import numpy as np
import numpy.typing as npt
from skimage import color, exposure, filters

from nonogen.grid import Grid
from nonogen.image.filters import (
    between_share,
    find_edges,
    light_surface,
    sauvola_flatten,
    threshold_level,
)
from nonogen.image.read import Grey, Picture, resize
from nonogen.image.saliency import Saliency, saliency

RING: Final = 0.04
"""The picture's border ring, a fraction of the short side, models the background."""
MIN_DELTA_E: Final = 8.0
"""A pixel belongs to the subject only if its colour is this far (CIE76) from the ground."""
GRADIENT_SPREAD: Final = 2.0
"""Pixels a colour gradient is spread over when outlines are scored against it."""
GRABCUT_ROUNDS: Final = 4
"""GrabCut iterations (each re-fits both colour models)."""
CLUSTERS: Final = 4
"""Colour clusters (k of k-means) the clusters candidate splits a picture into."""
CLUSTER_SEED: Final = 20261123
"""The seed of OpenCV's random draws (k-means++ seeds, GrabCut's mixtures)."""

_otsu: Callable[[Grey], float] = filters.threshold_otsu
_sobel: Callable[[Grey], Grey] = filters.sobel
_gaussian: Callable[..., Grey] = filters.gaussian
_equalize: Callable[..., Grey] = exposure.equalize_adapthist


@dataclass(frozen=True)
class Source:
    """What every candidate sees: the picture and the grey levels the thresholds split."""

    picture: Picture
    grey: Grey
    """Luminance of the working copy, contrast-enhanced as asked (0 black, 1 white)."""
    cell_px: float
    """Working-copy pixels per cell side (before any crop): edges are smoothed to scale."""
    threshold: str | None = None
    """A forced luminance threshold (a level or ``fill:F``); None for the named methods."""
    _features: dict[tuple[int, int], Grey] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @cached_property
    def ring(self) -> Grid:
        """The border ring of ``picture.small``: where the background model is fitted."""
        rows, cols = self.picture.small.shape[:2]
        width = max(2, round(RING * min(rows, cols)))
        ring = np.ones((rows, cols), dtype=np.bool_)
        ring[width:-width, width:-width] = False
        return ring

    @cached_property
    def small_gradient(self) -> Grey:
        """The colour gradient (Sobel, over Lab) of ``picture.small``."""
        return colour_gradient(self.picture.lab)

    @cached_property
    def work_gradient(self) -> Grey:
        """The colour gradient (Sobel, over Lab) of the working copy."""
        if self.picture.small.shape == self.picture.rgb.shape:
            return self.small_gradient
        return colour_gradient(np.asarray(color.rgb2lab(self.picture.rgb), dtype=np.float64))

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
        cut = max(float(_otsu(distance)), float(np.quantile(ring, 0.98)), MIN_DELTA_E)
        subject = distance > cut
        return _without_crumbs(subject) if subject.any() else None

    @cached_property
    def saliency(self) -> Saliency:
        """Where a person looks (``nonogen.image.saliency``), per pixel of ``picture.small``."""
        return saliency(self.picture.lab)

    @cached_property
    def salient_split(self) -> Grid:
        """Pixels of ``small`` the fused saliency puts on the subject side of Otsu's cut."""
        values = self.saliency.salience
        if float(values.max() - values.min()) < 1e-6:
            return np.zeros(values.shape, dtype=np.bool_)
        return np.asarray(values > float(_otsu(values)), dtype=np.bool_)

    def cell_features(self, shape: tuple[int, int]) -> Grey:
        """Per cell of a grid of ``shape``, its mean colour (L, a, b) and its texture: the
        spread of L inside it (a striped subject on flat grey has the grey's mean colour; its
        texture tells it apart). Computed once per grid shape."""
        if shape not in self._features:
            self._features[shape] = cell_stats(self.picture.lab, shape)
        return self._features[shape]


def cell_stats(lab: Grey, shape: tuple[int, int]) -> Grey:
    """Per cell of a grid of ``shape`` over a Lab picture, its mean L, a, b and the spread of
    L inside it, ``(rows, cols, 4)``."""
    height, width = shape
    means = [resize(lab[:, :, k], width, height) for k in range(3)]
    square = resize(lab[:, :, 0] ** 2, width, height)
    spread = np.sqrt(np.clip(square - means[0] ** 2, 0.0, None))
    return np.stack([*means, spread], axis=2)


@dataclass(frozen=True)
class Split:
    """One candidate's answer: how much each pixel belongs to the subject."""

    method: str
    """The candidate's name, as in CANDIDATES."""
    subject: Grey
    """Per pixel, 1.0 subject to 0.0 ground, at the resolution the candidate worked at."""
    params: dict[str, Any] = field(default_factory=dict)
    """What the candidate chose (level, channel, polarity), for the output's record."""
    thin: Grey | None = None
    """The subject's lines thinner than a cell (same shape as ``subject``): a cell they cross
    for half a pixel-wide line's length is filled, so a 1-pixel stroke survives pooling."""

    @cached_property
    def drawn(self) -> bool:
        """Whether the subject is mostly lines thinner than a cell (a drawing, an outline)."""
        return self.thin is not None and float(self.thin.sum()) >= 0.5 * float(self.subject.sum())


Candidate = Callable[[Source], list[Split]]


def colour_gradient(lab: Grey) -> Grey:
    """Per pixel, the magnitude of the Sobel gradient over the Lab channels (Delta E), spread
    by a Gaussian of GRADIENT_SPREAD pixels so an outline a pixel or two off still meets it."""
    magnitude = np.sqrt(sum(_sobel(lab[:, :, k]) ** 2 for k in range(3)))
    return np.asarray(_gaussian(magnitude, sigma=GRADIENT_SPREAD), dtype=np.float64)


def _sides(method: str, dark: Grid, params: dict[str, Any]) -> list[Split]:
    """Both polarities of a split: the dark side as subject, and the light side."""
    return [
        Split(method, dark.astype(np.float64), {**params, "subject": "dark"}),
        Split(method, (~dark).astype(np.float64), {**params, "subject": "light"}),
    ]


def _global(method: str) -> Candidate:
    """A global luminance threshold (scikit-image's), both polarities."""

    def candidate(source: Source) -> list[Split]:
        level = threshold_level(source.grey, method)
        return _sides(method, source.grey < level, {"level": round(level, 4)})

    candidate.__doc__ = f"Luminance split at {method}'s threshold, both polarities."
    return candidate


def level(source: Source) -> list[Split]:
    """Luminance split at a forced level or fill fraction (``--threshold 0.4``, ``--fill``)."""
    if source.threshold is None:
        return []
    cut = threshold_level(source.grey, source.threshold)
    return _sides("level", source.grey < cut, {"threshold": source.threshold, "level": cut})


def sauvola(source: Source) -> list[Split]:
    """Sauvola's local threshold (uneven light): dark subject, and light in the negative."""
    dark = sauvola_flatten(source.grey, light=False) < 0.5
    light = sauvola_flatten(source.grey, light=True) > 0.5
    return [
        Split("sauvola", dark.astype(np.float64), {"subject": "dark"}),
        Split("sauvola", light.astype(np.float64), {"subject": "light"}),
    ]


def colour(source: Source) -> list[Split]:
    """Otsu on the colour channel (Lab a*, b* or chroma) that separates best, both polarities.

    A yellow face on white differs from it in b* and chroma, hardly in luminance.
    """
    lab = source.picture.lab
    channels = {
        "a": lab[:, :, 1],
        "b": lab[:, :, 2],
        "chroma": np.hypot(lab[:, :, 1], lab[:, :, 2]),
    }
    best: tuple[float, str, float] | None = None
    for name, values in channels.items():
        if float(values.max() - values.min()) < 2 * MIN_DELTA_E:
            continue  # no colour contrast worth splitting
        cut = float(_otsu(values))
        score = between_share(values[..., None], values < cut)
        if best is None or score > best[0]:
            best = (score, name, cut)
    if best is None:
        return []
    score, name, cut = best
    params = {"channel": name, "level": round(cut, 2), "separation": round(score, 3)}
    return _sides("colour", channels[name] < cut, params)


def background(source: Source) -> list[Split]:
    """Whatever differs in colour from a smooth background fitted to the picture's border."""
    subject = source.ground_split
    if subject is None:
        return []
    return [Split("background", subject.astype(np.float64), {"subject": "unlike the border"})]


def _without_crumbs(mask: Grid) -> Grid:
    """The mask without 8-connected blobs under 0.1 % of the picture."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=8
    )
    if count <= 1:
        return mask
    keep = stats[:, cv2.CC_STAT_AREA] >= max(2, mask.size // 1000)
    keep[0] = False
    return np.asarray(keep[labels], dtype=np.bool_)


def blobs(mask: Grid, *, connectivity: int = 4) -> npt.NDArray[np.int32]:
    """The sizes of a mask's connected blobs (4- or 8-connected)."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=connectivity
    )
    return np.asarray(stats[1:count, cv2.CC_STAT_AREA], dtype=np.int32)


def ring_of(mask: Grid) -> Grid:
    """The pixels on either side of a mask's outline (3x3 dilation minus erosion)."""
    kernel = np.ones((3, 3), dtype=np.uint8)
    image = mask.astype(np.uint8)
    grown = cv2.dilate(image, kernel) > 0
    shrunk = cv2.erode(image, kernel, borderType=cv2.BORDER_REPLICATE) > 0
    return np.asarray(grown & ~shrunk, dtype=np.bool_)


def grabcut(source: Source) -> list[Split]:
    """OpenCV's GrabCut: colour mixtures of subject and ground, the border ring as sure ground
    and the background model's split as the likely subject."""
    seed = source.ground_split
    rows, cols = source.ring.shape
    mask = np.full((rows, cols), cv2.GC_PR_BGD, dtype=np.uint8)
    if seed is None or seed.mean() < 0.002:  # nothing stands out: guess the centre
        seed = np.zeros((rows, cols), dtype=np.bool_)
        seed[rows // 4 : rows - rows // 4, cols // 4 : cols - cols // 4] = True
    mask[seed] = cv2.GC_PR_FGD
    mask[source.ring] = cv2.GC_BGD
    subject = _grabcut(source, mask)
    if subject is None:
        return []
    return [
        Split("grabcut", _without_crumbs(subject).astype(np.float64), {"rounds": GRABCUT_ROUNDS})
    ]


def salient(source: Source) -> list[Split]:
    """What stands out from its surroundings and does not run off the picture's edges: the
    fused saliency map cut at Otsu's level, as it is and whole (holes filled)."""
    subject = _without_crumbs(source.salient_split)
    return _whole_and_holed("salient", subject, {}) if subject.any() else []


def refined(source: Source) -> list[Split]:
    """GrabCut seeded by saliency: the salient split as the likely subject, the rest as
    likely ground, the border ring where it is not salient as sure ground; its edge follows
    the picture's colours rather than the superpixels'."""
    seed = source.salient_split
    if not seed.any():
        return []
    mask = np.where(seed, cv2.GC_PR_FGD, cv2.GC_PR_BGD).astype(np.uint8)
    mask[source.ring & ~seed] = cv2.GC_BGD
    subject = _grabcut(source, mask)
    if subject is None:
        return []
    return _whole_and_holed("refined", _without_crumbs(subject), {"rounds": GRABCUT_ROUNDS})


def _whole_and_holed(method: str, subject: Grid, params: dict[str, Any]) -> list[Split]:
    """A subject as found (holes kept: a ring, a window, a letter's counter) and whole
    (holes filled: a fruit's highlight, a face's eyes), when the two differ."""
    splits = [Split(method, subject.astype(np.float64), {**params, "holes": "kept"})]
    whole = fill_holes(subject)
    if (whole != subject).any():
        splits.append(Split(method, whole.astype(np.float64), {**params, "holes": "filled"}))
    return splits


def fill_holes(mask: Grid) -> Grid:
    """The mask with every hole (ground not connected to the frame) filled."""
    ground = (~mask).astype(np.uint8)
    count, labels = cv2.connectedComponents(ground, connectivity=4)
    if count <= 1:
        return mask
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    outside = np.isin(labels, edge) & (ground > 0)
    return np.asarray(~outside, dtype=np.bool_)


def _grabcut(source: Source, mask: npt.NDArray[np.uint8]) -> Grid | None:
    """GrabCut's subject from a seeded mask of ``small`` (GC_* codes), None when it fails
    or finds nothing."""
    image = np.asarray(np.round(source.picture.small * 255.0), dtype=np.uint8)
    bgd, fgd = np.zeros((1, 65), np.float64), np.zeros((1, 65), np.float64)
    cv2.setRNGSeed(CLUSTER_SEED)  # GrabCut seeds its colour mixtures by k-means: fix its draws
    try:
        cv2.grabCut(image, mask, (0, 0, 0, 0), bgd, fgd, GRABCUT_ROUNDS, cv2.GC_INIT_WITH_MASK)
    except cv2.error:  # too few pixels on one side to fit a model
        return None
    subject = (mask == cv2.GC_FGD) | (mask == cv2.GC_PR_FGD)
    return np.asarray(subject, dtype=np.bool_) if subject.any() else None


def clusters(source: Source) -> list[Split]:
    """Each colour of the picture as a subject: k-means (OpenCV) on the Lab pixels, k=CLUSTERS.

    A cyan sign on a photo or a red star on green is one colour cluster, whatever the
    luminance. Clusters under 0.5 % or over 90 % of the picture are not subjects.
    """
    lab = source.picture.lab
    pixels = np.ascontiguousarray(lab.reshape(-1, 3), dtype=np.float32)
    cv2.setRNGSeed(CLUSTER_SEED)  # k-means++ draws its seeds: the same split every run
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    flags = cv2.KMEANS_PP_CENTERS
    _, labels, centres = cv2.kmeans(pixels, CLUSTERS, None, criteria, 2, flags)  # type: ignore[call-overload]
    labels = np.asarray(labels).reshape(lab.shape[:2])
    splits = []
    for k in range(CLUSTERS):
        mask = _without_crumbs(labels == k)
        if 0.005 <= float(mask.mean()) <= 0.9:
            colour = [round(float(v), 1) for v in np.asarray(centres)[k]]
            params = {"k": CLUSTERS, "lab": colour}
            splits.append(Split("clusters", mask.astype(np.float64), params))
    return splits


def strokes(source: Source) -> list[Split]:
    """Otsu's split decided at full working resolution, both polarities; areas are pooled as
    areas and the lines thinner than a cell as lines, so a 1-pixel stroke survives."""
    cut = threshold_level(source.grey, "otsu")
    dark = source.grey < cut
    params = {"level": round(cut, 4)}
    side = max(2, round(source.cell_px * 0.75))
    return [
        Split("strokes", mask.astype(np.float64), {**params, "subject": name}, _thin(mask, side))
        for name, mask in (("dark", dark), ("light", ~dark))
    ]


def _thin(mask: Grid, side: int) -> Grey:
    """The parts of a mask a ``side`` x ``side`` square does not fit in: its thin lines."""
    kernel = np.ones((side, side), dtype=np.uint8)
    opened = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, kernel) > 0
    return (mask & ~opened).astype(np.float64)


def poster(source: Source) -> list[Split]:
    """A tonal poster of the whole frame, for photos with no one subject (a landscape, a
    street, a face filling the frame): smoothed to three quarters of a cell (so texture does
    not speckle it), local contrast (CLAHE, tiles a quarter of the picture, gently clipped),
    then Otsu's cut; the dark side is drawn, as ink on paper."""
    rows, cols = source.grey.shape
    # Smoothing can overshoot 1.0 by a rounding error, which CLAHE refuses: clip it.
    smooth = np.clip(_gaussian(source.grey, sigma=max(1.0, 0.75 * source.cell_px)), 0.0, 1.0)
    tiles = (max(8, rows // 4), max(8, cols // 4))
    local = np.asarray(_equalize(smooth, kernel_size=tiles, clip_limit=0.01))
    if float(np.ptp(local)) < 1e-6:
        return []
    cut = float(_otsu(local))
    dark = local < cut
    return [Split("poster", dark.astype(np.float64), {"level": round(cut, 4), "subject": "dark"})]


def edges(source: Source) -> list[Split]:
    """Canny's edges, smoothed to the cell size, each edge thickened to a cell."""
    sigma = max(1.0, source.cell_px / 6.0)
    found = find_edges(source.grey, sigma=sigma)
    if not found.any():
        return []
    lines = found.astype(np.float64)
    return [Split("edges", lines, {"sigma": round(sigma, 2)}, lines)]


CANDIDATES: Final[dict[str, Candidate]] = {
    "otsu": _global("otsu"),
    "li": _global("li"),
    "yen": _global("yen"),
    "mean": _global("mean"),
    "sauvola": sauvola,
    "colour": colour,
    "background": background,
    "grabcut": grabcut,
    "salient": salient,
    "refined": refined,
    "clusters": clusters,
    "strokes": strokes,
    "edges": edges,
    "poster": poster,
    "level": level,
}
"""Every conversion candidate by name; ``level`` only answers a forced threshold."""

AUTO: Final = tuple(name for name in CANDIDATES if name not in ("level", "edges", "poster"))
"""The candidates tried when nothing is forced (edges only when asked: they outline; the
poster only when no subject stands out, see ``nonogen.image.convert``)."""


def polarity(split: Split) -> str | None:
    """The split's subject side, dark or light, or None when it has no polarity."""
    side = split.params.get("subject")
    return side if side in ("dark", "light") else None
