"""Conversion candidates: the ways a picture can be split into subject and ground.

Every candidate is one function with one signature, ``(source) -> list[Split]``, and one line
in ``CANDIDATES``. A split says how much each pixel (of any reduced copy of the picture)
belongs to the subject; ``nonogen.image.cells`` pools every split into cells,
``nonogen.image.scored`` scores the grids and ``nonogen.image.convert`` keeps the one that looks
most like the subject. Candidates that cannot tell which side is the subject return both
polarities; the scorer chooses by structure, not darkness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from nonogen.grid import Grid
from nonogen.image import boxes, whole
from nonogen.image.boxes import GRABCUT_ROUNDS, OPENCV_SEED, point_disc
from nonogen.image.filters import (
    between_share,
    equalize,
    find_edges,
    gaussian,
    otsu,
    sauvola_flatten,
    threshold_level,
)
from nonogen.image.masks import fill_holes, thin_parts, without_crumbs
from nonogen.image.options import LOCAL_THRESHOLDS, THRESHOLDS, PictureOptions, SubjectPoint
from nonogen.image.pixels import Grey, resize
from nonogen.image.source import MIN_DELTA_E, Source
from nonogen.records import JsonObject

SEED_SHARE: Final = (0.05, 0.95)
"""A seed of the subject inside a box is used when it covers this share of the box: less is a
speck, more says nothing the box does not."""
CLUSTERS: Final = 4
"""Colour clusters (k of k-means) the clusters candidate splits a picture into."""
NETCUT_SURE: Final = 0.95
"""Odds at which the subject finder's answer is sure (subject above, ground below 1 - it)."""


@dataclass(frozen=True)
class Split:
    """One candidate's answer: how much each pixel belongs to the subject."""

    method: str
    """The candidate's name, as in CANDIDATES."""
    subject: Grey
    """Per pixel, 1.0 subject to 0.0 ground, at the resolution the candidate worked at."""
    params: JsonObject = field(default_factory=dict)
    """What the candidate chose (level, channel, polarity), for the output's record."""
    thin: Grey | None = None
    """The subject's lines thinner than a cell (same shape as ``subject``): a cell they cross
    for half a pixel-wide line's length is filled, so a 1-pixel stroke survives pooling."""
    whole: bool = False
    """Whether the split draws the whole picture as its own subject (``picture``): there is
    no ground to cut away, and a colour make colours every cell of the frame."""

    @property
    def frame(self) -> bool:
        """Whether the split draws the whole frame (the whole picture, or the tonal poster):
        no subject is cut from a ground, and a colour make colours every cell."""
        return self.whole or self.method == "poster"

    @cached_property
    def drawn(self) -> bool:
        """Whether the subject is mostly lines thinner than a cell (a drawing, an outline)."""
        return self.thin is not None and float(self.thin.sum()) >= 0.5 * float(self.subject.sum())


Candidate = Callable[[Source], list[Split]]


def _sides(
    method: str, dark: Grid, params: JsonObject, *, light: Grid | None = None, thin: int = 0
) -> list[Split]:
    """Both polarities of a split: the dark side as subject, and the light side (``light``,
    else every pixel not dark); with ``thin``, each side's lines thinner than ``thin`` pixels."""
    sides = (("dark", dark), ("light", ~dark if light is None else light))
    return [
        Split(
            method,
            mask.astype(np.float64),
            {**params, "subject": name},
            thin_parts(mask, thin) if thin else None,
        )
        for name, mask in sides
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
    return _sides("sauvola", dark, {}, light=light)


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
        cut = float(otsu(values))
        score = between_share(values[..., None], values < cut)
        if best is None or score > best[0]:
            best = (score, name, cut)
    if best is None:
        return []
    score, name, cut = best
    params: JsonObject = {"channel": name, "level": round(cut, 2), "separation": round(score, 3)}
    return _sides("colour", channels[name] < cut, params)


def background(source: Source) -> list[Split]:
    """Whatever differs in colour from a smooth background fitted to the picture's border."""
    subject = source.ground_split
    if subject is None:
        return []
    return [Split("background", subject.astype(np.float64), {"subject": "unlike the border"})]


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
        Split("grabcut", without_crumbs(subject).astype(np.float64), {"rounds": GRABCUT_ROUNDS})
    ]


def salient(source: Source) -> list[Split]:
    """What stands out from its surroundings and does not run off the picture's edges: the
    fused saliency map cut at Otsu's level, as it is and whole (holes filled)."""
    subject = without_crumbs(source.salient_split)
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
    return _whole_and_holed("refined", without_crumbs(subject), {"rounds": GRABCUT_ROUNDS})


def network(source: Source) -> list[Split]:
    """The trained subject finder's answer cut at even odds, as it is and whole; it keeps
    every separate thing it finds (two things drawn are two things)."""
    subject = without_crumbs(source.subject_map >= 0.5)
    return _whole_and_holed("network", subject, {}) if subject.any() else []


def netcut(source: Source) -> list[Split]:
    """GrabCut seeded by the subject finder: its confident subject as sure subject, its even
    odds as likely subject, the rest as likely ground and its confident ground as sure
    ground; the edge then follows the picture's colours rather than the network's map."""
    odds = source.subject_map
    if not (odds >= 0.5).any():
        return []
    mask = np.where(odds >= 0.5, cv2.GC_PR_FGD, cv2.GC_PR_BGD).astype(np.uint8)
    mask[odds >= NETCUT_SURE] = cv2.GC_FGD
    mask[odds <= 1.0 - NETCUT_SURE] = cv2.GC_BGD
    subject = _grabcut(source, mask)
    if subject is None:
        return []
    return _whole_and_holed("netcut", without_crumbs(subject), {"rounds": GRABCUT_ROUNDS})


def _whole_and_holed(method: str, subject: Grid, params: JsonObject) -> list[Split]:
    """A subject as found (holes kept: a ring, a window, a letter's counter) and whole
    (holes filled: a fruit's highlight, a face's eyes), when the two differ."""
    splits = [Split(method, subject.astype(np.float64), {**params, "holes": "kept"})]
    whole = fill_holes(subject)
    if (whole != subject).any():
        splits.append(Split(method, whole.astype(np.float64), {**params, "holes": "filled"}))
    return splits


def _grabcut(source: Source, mask: npt.NDArray[np.uint8]) -> Grid | None:
    """GrabCut's subject from a seeded mask of ``small`` (GC_* codes), None when it fails
    or finds nothing."""
    return boxes.grabcut(source.picture.small, mask)


def pointed(source: Source) -> list[Split]:
    """GrabCut from the box a person gave (``--subject``): outside it sure ground, inside it
    likely subject (GC_INIT_WITH_RECT's start), and again with ``_box_seed`` as the likely
    subject and the rest of the box as likely ground; a point's own disc is sure subject. The
    box's edge is not ground, so a subject touching it is found whole."""
    if source.box is None:
        return []
    shape = source.picture.small.shape
    box = source.inside(shape)
    sure = np.zeros(shape[:2], dtype=np.bool_)
    if isinstance(source.subject, SubjectPoint):
        sure = point_disc((source.subject.x, source.subject.y), source.picture.size, shape)
    seed = _box_seed(source) & box
    low, high = SEED_SHARE
    starts = {"box": box}
    if low <= seed.sum() / max(1, box.sum()) <= high:
        starts["seeded"] = seed
    splits = []
    for name, likely in starts.items():
        mask = np.where(box, cv2.GC_PR_BGD, cv2.GC_BGD).astype(np.uint8)
        mask[likely] = cv2.GC_PR_FGD
        mask[sure & box] = cv2.GC_FGD
        subject = _grabcut(source, mask)
        if subject is not None:
            params: JsonObject = {"rounds": GRABCUT_ROUNDS, "start": name}
            splits += _whole_and_holed("pointed", without_crumbs(subject), params)
    return splits


def _box_seed(source: Source) -> Grid:
    """Per pixel of ``picture.small``, whether it is probably the subject, inside the box:
    what the subject finder, shown the box's context, gives even odds; failing that, what the
    salient split and the background model's split both say (either, when they do not meet)."""
    found = source.subject_map >= 0.5
    if found.any():
        return found
    salient = source.salient_split
    ground = source.ground_split
    if ground is None:
        return salient
    both = salient & ground
    return both if both.any() else salient | ground


def clusters(source: Source) -> list[Split]:
    """Each colour of the picture as a subject: k-means (OpenCV) on the Lab pixels, k=CLUSTERS.

    A cyan sign on a photo or a red star on green is one colour cluster, whatever the
    luminance. Clusters under 0.5 % or over 90 % of the picture are not subjects.
    """
    lab = source.picture.lab
    pixels = np.ascontiguousarray(lab.reshape(-1, 3), dtype=np.float32)
    cv2.setRNGSeed(OPENCV_SEED)  # k-means++ draws its seeds: the same split every run
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    flags = cv2.KMEANS_PP_CENTERS
    _, labels, centres = cv2.kmeans(pixels, CLUSTERS, None, criteria, 2, flags)  # type: ignore[call-overload, unused-ignore]
    labels = np.asarray(labels).reshape(lab.shape[:2])
    splits = []
    for k in range(CLUSTERS):
        mask = without_crumbs(labels == k)
        if 0.005 <= float(mask.mean()) <= 0.9:
            colour = [round(float(v), 1) for v in np.asarray(centres)[k]]
            params: JsonObject = {"k": CLUSTERS, "lab": colour}
            splits.append(Split("clusters", mask.astype(np.float64), params))
    return splits


def strokes(source: Source) -> list[Split]:
    """Otsu's split decided at full working resolution, both polarities; areas are pooled as
    areas and the lines thinner than a cell as lines, so a 1-pixel stroke survives."""
    cut = threshold_level(source.grey, "otsu")
    side = max(2, round(source.cell_px * 0.75))
    return _sides("strokes", source.grey < cut, {"level": round(cut, 4)}, thin=side)


def poster(source: Source) -> list[Split]:
    """A tonal poster of the whole frame, for photos with no one subject (a landscape, a
    street, a face filling the frame): smoothed to three quarters of a cell (so texture does
    not speckle it), local contrast (CLAHE, tiles a quarter of the picture, gently clipped),
    then Otsu's cut; the dark side is drawn, as ink on paper."""
    rows, cols = source.grey.shape
    # Smoothing can overshoot 1.0 by a rounding error, which CLAHE refuses: clip it.
    smooth = np.clip(gaussian(source.grey, sigma=max(1.0, 0.75 * source.cell_px)), 0.0, 1.0)
    tiles = (max(8, rows // 4), max(8, cols // 4))
    local = np.asarray(equalize(smooth, kernel_size=tiles, clip_limit=0.01))
    if float(np.ptp(local)) < 1e-6:
        return []
    cut = float(otsu(local))
    dark = local < cut
    return [Split("poster", dark.astype(np.float64), {"level": round(cut, 4), "subject": "dark"})]


def picture(source: Source) -> list[Split]:
    """The whole picture as its own subject (a face, a house, a cat filling the frame): its
    areas flattened at the cell's scale and its dark side inked, a stencil of the frame
    (``nonogen.image.whole``); a colour make colours the whole frame."""
    dark = whole.stencil(source.picture.rgb, source.cell_px)
    if dark is None:
        return []
    rows, cols = source.picture.small.shape[:2]  # one resolution whatever the grid's size
    return [Split("picture", resize(dark, cols, rows), {"subject": "dark"}, whole=True)]


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
    "network": network,
    "netcut": netcut,
    "clusters": clusters,
    "strokes": strokes,
    "edges": edges,
    "poster": poster,
    "picture": picture,
    "pointed": pointed,
    "level": level,
}
"""Every conversion candidate by name; ``level`` only answers a forced threshold."""

AUTO: Final = tuple(
    name for name in CANDIDATES if name not in ("level", "edges", "poster", "picture", "network")
)
"""The candidates tried when nothing is forced (edges only when asked: they outline; the
whole picture and the poster only when no one subject stands out, see
``nonogen.image.convert``; the network's own
map only when asked: at 64 x 64 its outline is coarse, and ``netcut`` draws it sharp)."""


def allowed(options: PictureOptions) -> tuple[str, ...]:
    """The candidates an option forces, or every automatic one."""
    if options.edges:
        return ("edges",)
    if options.threshold is not None:
        named = options.threshold in THRESHOLDS + LOCAL_THRESHOLDS
        return (options.threshold,) if named else ("level",)
    if options.method is not None:  # checked against METHODS by the options
        return (options.method,)
    return AUTO


def polarity(split: Split) -> str | None:
    """The split's subject side, dark or light, or None when it has no polarity."""
    side = split.params.get("subject")
    return side if side in ("dark", "light") else None
