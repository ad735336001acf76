"""Picture -> grid: every candidate split pooled into cells, scored, the best kept.

    read -> enhance -> candidates -> pool (crop, size, area or stroke coverage) -> score -> choose

A grid is scored by how much it looks like a picture's subject, from the picture alone:

* ``likeness``: the share of the cells' colour variance (in Lab) that the grid's two classes
  explain (Fisher's criterion): a grid that follows the picture's regions explains much;
* ``outline``: how much sharper the picture is along the grid's outline than on average
  (an outline on true edges, not across a smooth gradient or through noise);
* ``frame``: the share of the grid's border cells filled (a subject is seldom glued to all of
  the frame; the ground is);
* ``specks``: lone cells and one-cell holes per 100 cells; ``fill`` outside 5-85 % costs too.

A picture whose best grid has no sharper outline than its texture, a fill under 3 % or over
90 %, or a grid glued to most of the frame has no subject: NoSubjectError says what was
found, unless forced. The pipeline then adds what the repair would cost (cells line logic
leaves open) to the best few and repairs the winner.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final

import numpy as np

from nonogen.errors import InputError
from nonogen.grid import Grid
from nonogen.image.candidates import AUTO, CANDIDATES, Source, Split, blobs, polarity, ring_of
from nonogen.image.choice import measures, model
from nonogen.image.filters import (
    CROP_MARGIN,
    between_share,
    despeckle,
    enhance,
    periodic_share,
    subject_box,
)
from nonogen.image.options import LOCAL_THRESHOLDS, THRESHOLDS, PictureOptions
from nonogen.image.options import grid_size as size_of
from nonogen.image.read import Grey, Picture, resize

Box = tuple[int, int, int, int]
"""A region of the source picture in pixels: ``(left, top, right, bottom)``, exclusive."""
Region = tuple[float, float, float, float]
"""A region as fractions of the picture: ``(top, left, bottom, right)`` in ``[0, 1]``."""

MIN_FILL: Final = 0.03
MAX_FILL: Final = 0.90
"""A grid filling less or more than this has no subject."""
MIN_OUTLINE: Final = 1.5
"""A subject's outline is at least this much sharper than the picture on average."""
MAX_FRAME: Final = 0.6
"""A grid filling more of its border cells than this is ground, not a subject."""
MIN_LIKENESS: Final = 0.15
"""A subject's grid explains at least this share of the cells' colour and texture."""
"""A grid filling more of its border cells than this is ground, not a subject."""


SURE: Final = 0.7
"""A grid of sane fill the choice model expects to match a subject by this IoU is one, whatever
the rules say (a small subject, a soft edge). The pictures with no subject in samples/bench
reach 0.61 at most."""
POSTER_BELOW: Final = 0.4
"""A subject the choice model expects to match the true one by less IoU than this is not one:
the frame is drawn as a tonal poster instead (when it looks like a photo)."""
POSTER_FILL: Final = (0.1, 0.9)
POSTER_SPECKS: Final = 8.0
POSTER_OUTLINE: Final = 1.1
POSTER_PERIODIC: Final = 0.45
"""What a poster must be to be drawn: its fill, at most this many lone cells and pinholes per
100 cells, an outline this much sharper than average (fur and foliage blur a photo's edges
less than noise does), and a picture less periodic than this (see ``_poster``)."""
CONSENSUS: Final = ("refined", "grabcut", "salient", "background")
"""The candidates that look for a subject as a whole, whose agreement a grid is scored by."""


class NoSubjectError(InputError):
    """The picture seems to have no subject: nothing to draw a puzzle from (``--force``)."""


@dataclass(frozen=True)
class Cells:
    """A picture reduced to the grid: how much of each cell is subject, and the cut."""

    coverage: Grey
    """Per cell, the share of it the subject covers (strokes: how much of a line crosses it)."""
    cut: float
    """Cells whose coverage reaches this are filled (before despeckling)."""
    filled: Grid
    """The subject cells."""
    box: Box
    """The region of the source picture the cells cover, in source pixels."""

    def grid(self) -> Grid:
        """The subject cells: True where the cell is filled."""
        return self.filled.copy()

    def cost(self) -> Grey:
        """How far each cell's coverage is from the cut: what flipping it costs the picture."""
        return np.asarray(np.abs(self.coverage - self.cut), dtype=np.float64)


@dataclass(frozen=True)
class Scored:
    """One candidate grid and its score (higher looks more like a subject)."""

    split: Split
    cells: Cells
    parts: dict[str, float]
    """likeness, outline, frame, specks, fill: see the module docstring."""
    score: float
    silhouette: Grid | None = field(default=None, compare=False, repr=False)
    """The subject's whole cells, when ``cells`` draws its parts inside (``detail``)."""
    detail: str = ""
    """What ``nonogen.image.detail`` drew inside the subject's outline, if anything."""
    whole_frame: Grid | None = field(default=None, compare=False, repr=False)
    """The split's grid over the whole picture, when ``cells`` is cropped (``--crop``): the
    grids of all candidates are compared over the same frame."""

    @property
    def label(self) -> str:
        """``otsu (dark)``: the method and, when it has one, the subject's side."""
        side = polarity(self.split)
        detail = f" + {self.detail}" if self.detail else ""
        return self.split.method + (f" ({side})" if side else "") + detail

    def record(self) -> dict[str, Any]:
        """The JSON-ready record of this candidate."""
        return {
            "method": self.split.method,
            "params": self.split.params,
            "score": round(self.score, 4),
            **({"detail": self.detail} if self.detail else {}),
            **{name: round(value, 4) for name, value in self.parts.items()},
        }

    @property
    def plausible(self) -> bool:
        """Whether the grid may be the picture's subject: no rule doubts it, or its fill is
        sane and the choice model expects it to match a subject by SURE or more."""
        return not self.why_not_subject() or (self.eligible and self.score >= SURE)

    @property
    def eligible(self) -> bool:
        """Whether the grid may be chosen once the picture is known to have a subject: its
        fill is between MIN_FILL and MAX_FILL."""
        return MIN_FILL <= self.parts["fill"] <= MAX_FILL

    def why_not_subject(self) -> str:
        """Why this grid is not a subject, or an empty string when it may be one."""
        fill, outline, frame = self.parts["fill"], self.parts["outline"], self.parts["frame"]
        if fill < MIN_FILL:
            return f"it fills only {fill:.1%} of the grid (a speck or nothing)"
        if fill > MAX_FILL:
            return f"it fills {fill:.0%} of the grid (nothing stands out)"
        if self.parts["likeness"] < MIN_LIKENESS and not self.split.drawn:
            return (
                f"it explains only {self.parts['likeness']:.0%} of the picture's colour and "
                "texture (a speck, or an artefact of the method)"
            )
        if outline < MIN_OUTLINE:
            return (
                f"its outline is only {outline:.2f} times as sharp as the rest of the picture "
                "(noise, a texture or a smooth gradient)"
            )
        if frame > MAX_FRAME:
            return f"it covers {frame:.0%} of the frame (a pattern or the background)"
        return ""


@dataclass(frozen=True)
class Conversion:
    """The chosen grid and how it was chosen."""

    chosen: Scored
    ranked: tuple[Scored, ...]
    """Every candidate grid, best first (the chosen one among them)."""
    warnings: tuple[str, ...] = ()
    source: Picture | None = field(default=None, compare=False, repr=False)

    @property
    def cells(self) -> Cells:
        """The chosen grid's cells."""
        return self.chosen.cells

    def record(self) -> dict[str, Any]:
        """What the output JSON says of the conversion."""
        return {
            "method": self.chosen.split.method,
            "params": self.chosen.split.params,
            "score": round(self.chosen.score, 4),
            "detail": self.chosen.detail or "none",
            "candidates": [scored.record() for scored in self.ranked],
            "warnings": list(self.warnings),
        }


def source_of(picture: Picture, options: PictureOptions) -> Source:
    """What every candidate sees of a picture made with these options."""
    _check_not_flat(picture)
    grey = enhance(picture.grey, options.contrast)
    rows, cols = picture.shape
    width, _, _ = size_of((rows, cols), options.width, options.height)
    return Source(picture, grey, cols / width, _forced_threshold(options))


def candidate_grids(source: Source, options: PictureOptions, warnings: list[str]) -> list[Scored]:
    """Every allowed candidate's split, pooled into the grid and scored."""
    splits = [s for name in _allowed(options) for s in CANDIDATES[name](source)]
    splits = [s for s in splits if _wanted_side(s, options.invert)]
    grids = [_scored(source, s, options, warnings) for s in splits]
    return [replace(g, parts=p, score=model().predict(p)) for g, p in _with_consensus(grids)]


def _with_consensus(grids: list[Scored]) -> list[tuple[Scored, dict[str, float]]]:
    """Each grid with its parts plus ``consensus``: its mean silhouette IoU with the grids of
    the subject-seeking candidates (CONSENSUS) other than itself; alike answers of unlike
    methods are likelier right."""

    def frame(grid: Scored) -> Grid:
        return grid.cells.filled if grid.whole_frame is None else grid.whole_frame

    voters = [g for g in grids if g.split.method in CONSENSUS]
    out = []
    for grid in grids:
        others = [silhouette_iou(frame(grid), frame(v)) for v in voters if v is not grid]
        out.append((grid, {**grid.parts, "consensus": float(np.mean(others)) if others else 0.0}))
    return out


def convert(picture: Picture, options: PictureOptions) -> Conversion:
    """The grid that looks most like the picture's subject, from every allowed candidate."""
    source = source_of(picture, options)
    warnings: list[str] = []
    grids = candidate_grids(source, options, warnings)
    if not grids:
        raise NoSubjectError(
            "found no subject: no conversion found anything to split; give --force with "
            "--threshold 0.5, or another picture"
        )
    ranked = _rank(grids)
    best = ranked[0]
    if not forced(options) and not options.crop and _empty_half(best.cells.filled):
        cropped = pool(best.split, picture, replace(options, crop=True), warnings)
        best = replace(best, cells=cropped)
        warnings.append("cropped to the subject: it left half of the grid empty")
        ranked = _rank([best, *ranked[1:]])
    if options.method == "poster":  # the whole frame, asked for: no subject to doubt
        return Conversion(best, ranked, tuple(dict.fromkeys(warnings)), picture)
    plausible = [s for s in ranked if s.plausible]
    if not forced(options) and (not plausible or best.score < POSTER_BELOW):
        drawn = _poster(source, options, warnings)
        if drawn is not None:
            warnings.append(
                f"no one subject stands out (the likeliest, {best.label}, is expected to match "
                f"one by {best.score:.0%} only): drew a tonal poster of the whole frame; give "
                "--method to choose another conversion"
            )
            ranked = _rank([drawn, *ranked])
            return Conversion(drawn, ranked, tuple(dict.fromkeys(warnings)), picture)
    if not plausible and not options.force:
        raise NoSubjectError(
            f"found no subject in the picture: the best grid ({best.label}) is not one, as "
            f"{best.why_not_subject()}; try --crop, --contrast stretch, --threshold, --method, "
            "or --force to make it anyway"
        )
    # The model weighs every measure a rule would: once the picture has a subject, the best
    # grid of a sane fill is chosen even if a rule alone would have doubted it.
    chosen = next((s for s in ranked if s.eligible), best)
    return Conversion(chosen, ranked, tuple(dict.fromkeys(warnings)), picture)


def _poster(source: Source, options: PictureOptions, warnings: list[str]) -> Scored | None:
    """The tonal poster of the frame, if the picture looks like a photo: the poster has real
    tones (fill within POSTER_FILL), explains the picture (MIN_LIKENESS), follows its edges
    (an outline POSTER_OUTLINE times as sharp as average: not a ramp or noise), is not noise
    (under POSTER_SPECKS lone cells and pinholes per 100 cells) and the picture is not one
    repeating pattern (stripes, checks: periodic share under POSTER_PERIODIC)."""
    if periodic_share(source.picture.lab[:, :, 0]) >= POSTER_PERIODIC:
        return None
    for split in CANDIDATES["poster"](source):
        drawn = _scored(source, split, options, warnings)
        parts = drawn.parts
        low, high = POSTER_FILL
        if (
            low <= parts["fill"] <= high
            and parts["likeness"] >= MIN_LIKENESS
            and parts["outline"] >= POSTER_OUTLINE
            and parts["specks"] < POSTER_SPECKS
        ):
            return replace(drawn, score=model().predict(parts | {"consensus": 0.0}))
    return None


def forced(options: PictureOptions) -> bool:
    """Whether an option forces the conversion (then no other candidate is tried)."""
    return _allowed(options) != AUTO


def _rank(scored: list[Scored]) -> tuple[Scored, ...]:
    """Candidates best first; identical grids keep only their best-scored copy."""
    ordered = sorted(scored, key=lambda s: -s.score)
    seen: set[bytes] = set()
    kept = []
    for s in ordered:
        key = np.packbits(s.cells.filled).tobytes() + bytes(s.cells.filled.shape)
        if key not in seen:
            seen.add(key)
            kept.append(s)
    return tuple(kept)


def _check_not_flat(picture: Picture) -> None:
    """NoSubjectError for a picture of one colour (in luminance and in colour)."""
    if float(np.ptp(picture.rgb)) < 1e-6:
        raise NoSubjectError(
            "the picture is all one colour; there is nothing to draw a puzzle from"
        )


def _forced_threshold(options: PictureOptions) -> str | None:
    """A threshold option that is a level or a fill (not a named method)."""
    named = THRESHOLDS + LOCAL_THRESHOLDS
    return options.threshold if options.threshold not in (None, *named) else None


def _allowed(options: PictureOptions) -> tuple[str, ...]:
    """The candidates an option forces, or every automatic one."""
    if options.edges:
        return ("edges",)
    if options.threshold is not None:
        named = options.threshold in THRESHOLDS + LOCAL_THRESHOLDS
        return (options.threshold,) if named else ("level",)
    if options.method is not None:  # checked against METHODS by the options
        return (options.method,)
    return AUTO


def _wanted_side(split: Split, invert: bool | None) -> bool:
    """Whether a split gives the subject side ``--invert/--no-invert`` asks for."""
    if invert is None:
        return True
    return polarity(split) == ("light" if invert else "dark")


def _region(split: Split, crop: bool) -> Region:
    """The part of the picture to grid: the whole, or the subject's box plus a margin."""
    if not crop:
        return 0.0, 0.0, 1.0, 1.0
    mask = split.subject >= 0.5
    if split.thin is not None:
        mask |= split.thin > 0.0
    rows, cols = mask.shape
    top, left, bottom, right = subject_box(mask, margin=CROP_MARGIN)
    return top / rows, left / cols, bottom / rows, right / cols


def _crop(values: Grey, region: Region) -> Grey:
    """The part of an array (of any resolution) a region covers, at least a pixel."""
    rows, cols = values.shape[:2]
    top, left, bottom, right = region
    r0, c0 = min(rows - 1, int(top * rows)), min(cols - 1, int(left * cols))
    r1, c1 = max(r0 + 1, round(bottom * rows)), max(c0 + 1, round(right * cols))
    return values[r0:r1, c0:c1]


def pool(split: Split, picture: Picture, options: PictureOptions, warnings: list[str]) -> Cells:
    """A split pooled into the grid: crop, size from the aspect, area or stroke coverage."""
    region = _region(split, options.crop)
    src_w, src_h = picture.size
    top, left, bottom, right = region
    box = (round(left * src_w), round(top * src_h), round(right * src_w), round(bottom * src_h))
    shape = (max(1, box[3] - box[1]), max(1, box[2] - box[0]))
    width, height, notes = size_of(shape, options.width, options.height)
    warnings += notes
    coverage = resize(_crop(split.subject, region), width, height)
    if split.thin is not None:
        lines = line_coverage(_crop(split.thin, region), width, height)
        coverage = np.maximum(coverage, np.clip(lines, 0.0, 1.0))
    filled = coverage >= 0.5
    if options.despeckle:
        filled = despeckle(filled)
    return Cells(coverage, 0.5, np.asarray(filled, dtype=np.bool_), box)


def _scored(source: Source, split: Split, options: PictureOptions, warnings: list[str]) -> Scored:
    """A split pooled and scored; the score is of the whole picture's grid, so that a crop
    (which puts the subject against the frame) does not change it."""
    picture = source.picture
    cells = pool(split, picture, replace(options, crop=False), warnings)
    parts = _parts(source, cells.filled)
    parts["outline"] = _outline(source.gradient(split.subject.shape), split.subject >= 0.5)
    parts.update(measures(source, split, cells.filled))
    whole = cells.filled
    if options.crop:
        cells = pool(split, picture, options, warnings)
    return Scored(split, cells, parts, 0.0, whole_frame=whole)


def _parts(source: Source, filled: Grid) -> dict[str, float]:
    """The grid's measures the score is made of (the outline is the split's): likeness is the
    share of the cells' colour and texture variance between the filled and the empty class."""
    height, width = filled.shape
    return {
        "likeness": between_share(source.cell_features((height, width)), filled),
        "frame": _frame(filled),
        "specks": _specks(filled),
        "fill": float(filled.mean()),
    }


def _outline(gradient: Grey, subject: Grid) -> float:
    """How much sharper the picture is along a split's outline, at its own resolution, than
    on average: the gradient on the pixels either side of the outline over the mean gradient."""
    mean = float(gradient.mean())
    if mean <= 1e-9 or subject.all() or not subject.any():
        return 0.0
    edge = ring_of(subject)
    edge[[0, -1], :] = edge[:, [0, -1]] = False  # the frame is not an outline
    if not edge.any():
        return 0.0
    return float(gradient[edge].mean()) / mean


def _frame(filled: Grid) -> float:
    """The share of the grid's border cells that are filled."""
    border = np.concatenate([filled[0], filled[-1], filled[1:-1, 0], filled[1:-1, -1]])
    return float(border.mean())


def _specks(filled: Grid) -> float:
    """Lone filled cells and one-cell holes (4-connected) per 100 cells."""
    lone = _singles(filled)
    holes = _singles(~filled)
    return 100.0 * (lone + holes) / filled.size


def _singles(mask: Grid) -> int:
    """How many 4-connected blobs of the mask are a single cell."""
    return int((blobs(mask) == 1).sum())


def _empty_half(filled: Grid) -> bool:
    """Whether the top, bottom, left or right half of the grid has no filled cell."""
    rows, cols = filled.shape
    if not filled.any():
        return False
    halves = (filled[: rows // 2], filled[rows - rows // 2 :], filled[:, : cols // 2])
    return any(not h.any() for h in (*halves, filled[:, cols - cols // 2 :]))


def mask_cells(mask: Grid, box: Box, shape: tuple[int, int], *, stroke: bool = False) -> Grid:
    """A source-sized subject mask as cells of a grid over ``box``: filled when half covered,
    or for a line drawing (``stroke``) when half a pixel-wide line's length crosses the cell,
    as the strokes candidate pools."""
    left, top, right, bottom = box
    height, width = shape
    part = mask[top:bottom, left:right].astype(np.float64)
    coverage = line_coverage(part, width, height) if stroke else resize(part, width, height)
    return np.asarray(coverage >= 0.5, dtype=np.bool_)


def line_coverage(lines: Grey, width: int, height: int) -> Grey:
    """Per cell, how much pixel-wide line crosses it, in cell sides: the line pixels it holds
    over its side in pixels, so a line right across a cell is about 1."""
    return np.asarray(resize(lines, width, height) * lines.shape[1] / width, dtype=np.float64)


def silhouette_iou(grid: Grid, truth: Grid) -> float:
    """Intersection over union of two grids' filled cells (1.0 when both are empty)."""
    union = int((grid | truth).sum())
    return 1.0 if union == 0 else int((grid & truth).sum()) / union
