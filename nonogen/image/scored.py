"""Cells -> Scored: how much a candidate's grid looks like a picture's subject.

A grid is measured from the picture alone:

* ``likeness``: the share of the cells' colour variance (in Lab) that the grid's two classes
  explain (Fisher's criterion): a grid that follows the picture's regions explains much;
* ``outline``: how much sharper the picture is along the grid's outline than on average
  (an outline on true edges, not across a smooth gradient or through noise);
* ``frame``: the share of the grid's border cells filled (a subject is seldom glued to all of
  the frame; the ground is);
* ``specks``: lone cells and one-cell holes per 100 cells; ``fill`` outside 5-85 % costs too;
* ``consensus``: how well it agrees with the subject-seeking candidates' grids;

and by the measures of ``nonogen.image.choice``, whose fitted model turns them all into the
score: the silhouette IoU the grid is expected to have with the true subject. A grid with no
sharper outline than its texture, a fill under 3 % or over 90 %, or glued to most of the frame
is not a subject (``Scored.why_not_subject``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from typing import Final

import numpy as np

from nonogen.grid import Grid
from nonogen.image.candidates import Split, polarity
from nonogen.image.cells import Cells, pool, silhouette_iou
from nonogen.image.choice import measures, model_for
from nonogen.image.filters import between_share
from nonogen.image.masks import blobs, ring_of
from nonogen.image.options import PictureOptions
from nonogen.image.pixels import Grey
from nonogen.image.source import Source
from nonogen.records import JsonObject
from nonogen.wording import Words

MIN_FILL: Final = 0.03
MAX_FILL: Final = 0.90
"""A grid filling less or more than this has no subject."""
MIN_OUTLINE: Final = 1.5
"""A subject's outline is at least this much sharper than the picture on average."""
MAX_FRAME: Final = 0.6
"""A grid filling more of its border cells than this is ground, not a subject."""
MIN_LIKENESS: Final = 0.15
"""A subject's grid explains at least this share of the cells' colour and texture."""
SURE: Final = 0.7
"""A grid of sane fill the choice model expects to match a subject by this IoU is one, whatever
the rules say (a small subject, a soft edge). The pictures with no subject in samples/bench
reach 0.61 at most."""
CONSENSUS: Final = ("network", "netcut", "refined", "grabcut", "salient", "background")
"""The candidates that look for a subject as a whole, whose agreement a grid is scored by."""


PLAIN_LABELS: Final[dict[str, str]] = {
    "otsu": "Light and dark",
    "li": "Light and dark, more of the dark",
    "yen": "Light and dark, the darkest",
    "mean": "Light and dark, about half",
    "sauvola": "Light and dark, in uneven light",
    "level": "Light and dark at a level",
    "colour": "By colour",
    "background": "Subject against its background",
    "grabcut": "Subject cut-out",
    "salient": "Where the eye goes",
    "refined": "Where the eye goes, refined",
    "network": "Subject finder",
    "netcut": "Subject finder, refined",
    "clusters": "By colour clusters",
    "strokes": "Line drawing",
    "edges": "Edges only",
    "poster": "Tonal poster",
    "picture": "The whole picture",
    "pointed": "The subject you pointed at",
}
"""What the gallery calls each conversion: the words of the page's Conversion select, never a
method's name ("netcut", "yen")."""
SIDES: Final = {"dark": "dark subject", "light": "light subject"}


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
    def key(self) -> str:
        """The candidate's name for picking it (``--candidate``): its method and a digest of
        what it chose, the same for the same picture and options."""
        params = json.dumps(self.split.params, sort_keys=True, default=str)
        return f"{self.split.method}-{hashlib.sha256(params.encode()).hexdigest()[:6]}"

    @property
    def label(self) -> str:
        """``otsu (dark)``: the method and, when it has one, the subject's side; ``the whole
        picture`` for a split that draws the whole picture."""
        if self.split.whole:
            return "the whole picture"
        side = polarity(self.split)
        detail = f" + {self.detail}" if self.detail else ""
        return self.split.method + (f" ({side})" if side else "") + detail

    @property
    def words(self) -> str:
        """The candidate in words a person uses (``PLAIN_LABELS``): ``Light and dark (dark
        subject)``, never a method's name."""
        if self.split.whole:
            return PLAIN_LABELS["picture"]
        named = PLAIN_LABELS.get(self.split.method, self.split.method)
        side = polarity(self.split)
        return named + (f" ({SIDES[side]})" if side else "") + (" + detail" if self.detail else "")

    def record(self) -> JsonObject:
        """The JSON-ready record of this candidate."""
        return {
            "method": self.split.method,
            "key": self.key,
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


def measured(
    source: Source, split: Split, options: PictureOptions, warnings: list[Words]
) -> Scored:
    """A split pooled and measured (its score is 0.0 until ``score_grids``); the measures are of
    the whole picture's grid (with a box pointed at, the grid over its context), so that a crop
    or the box's tight frame (which put the subject against the frame) do not change them."""
    picture = source.picture
    cells = pool(split, picture, replace(options, crop=False), warnings, source.context)
    parts = _parts(source, cells.filled)
    window = source.window(split.subject.shape)
    gradient = source.gradient(split.subject.shape)[window]
    parts["outline"] = _outline(gradient, split.subject[window] >= 0.5)
    parts.update(measures(source, split, cells.filled))
    whole = cells.filled
    if options.crop or source.frame is not None:
        cells = pool(split, picture, options, warnings, source.frame)
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


def score_grids(grids: list[Scored]) -> list[Scored]:
    """The measured grids scored by the choice model, with ``consensus`` among their parts."""
    return [replace(g, parts=p, score=model_for(p).predict(p)) for g, p in _with_consensus(grids)]


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
