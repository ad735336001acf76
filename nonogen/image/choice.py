"""Which candidate grid is the subject: measures of a grid, and a fitted model of its IoU.

Every candidate grid is measured from the picture alone (``measures``): how it agrees with
where a person looks (``nonogen.image.saliency``) and with the trained subject finder
(``nonogen.image.network``), where it lies, whether it is whole, and
the structure measures of ``nonogen.image.scored`` (likeness, outline, frame, specks, fill).
Gradient-boosted regression trees predict from them the grid's silhouette IoU with the true
subject; the trees are data (``choice.json``), fitted on the dev split of a benchmark of real
subjects on real photographs by ``bench/fit_choice.py``, and checked on its test split.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

import numpy as np

from nonogen.grid import Grid
from nonogen.image.candidates import Split
from nonogen.image.masks import blobs, fill_holes
from nonogen.image.pixels import resize
from nonogen.image.source import Source
from nonogen.records import Json

MODEL_FILE: Final = "choice.json"
"""The fitted coefficients, beside this module."""
CLASSICAL_FILE: Final = "choice-classical.json"
"""The model fitted before the subject finder (issue 23), which reads no network measure."""
NET_FOUND_BELOW: Final = 0.02
"""When the subject finder gives even odds to less than this share of the picture, it has
found nothing (a real photo whose subject fills the frame, a kind of picture it never saw:
its 5th percentile on held-out scenes is 1.6 %), and its measures mean nothing: the grids
are chosen by the classical model instead."""


FAMILIES: Final = (
    "network",
    "netcut",
    "refined",
    "grabcut",
    "background",
    "salient",
    "clusters",
    "colour",
    "strokes",
)
"""Candidates whose kind the model weighs as such (the luminance thresholds are the base)."""


def measures(source: Source, split: Split, filled: Grid) -> dict[str, float]:
    """What the choice model sees of a split and its grid, within the region it is measured
    over (the whole picture, or the context of a box pointed at: as if cropped to it)."""
    rows, cols = source.border.shape
    window = source.window((rows, cols))
    subject = split.subject
    whole = (subject if subject.shape == (rows, cols) else resize(subject, cols, rows)) >= 0.5
    mask = whole[window]
    maps = source.saliency
    salience, salient = maps.salience[window], source.salient_split[window]
    inside = float(mask.mean())
    if inside in (0.0, 1.0):
        salient_in = salient_out = ground_in = barrier_in = 0.0
    else:
        salient_in = float(salience[mask].mean())
        salient_out = float(salience[~mask].mean())
        ground_in = float(maps.ground[window][mask].mean())
        barrier_in = float(maps.barrier[window][mask].mean())
    odds = source.subject_map[window]
    found = odds >= 0.5
    net_in = float(odds[mask].mean()) if mask.any() else 0.0
    net_out = float(odds[~mask].mean()) if not mask.all() else 0.0
    either = int((mask | found).sum())
    union = int((mask | salient).sum())
    agree = int((mask & salient).sum()) / union if union else 0.0
    return {
        "salient_in": salient_in,
        "salient_gap": salient_in - salient_out,
        "ground_in": ground_in,
        "barrier_in": barrier_in,
        "agree": agree,
        "centre": _off_centre(mask),
        "net_in": net_in,
        "net_gap": net_in - net_out,
        "net_agree": int((mask & found).sum()) / either if either else 0.0,
        "net_found": float(found.mean()),
        **_shape(filled),
        **family(split.method),
    }


def family(method: str) -> dict[str, float]:
    """One indicator per family in FAMILIES: 1.0 for the candidate's own."""
    return {f"is_{name}": float(method == name) for name in FAMILIES}


def _off_centre(mask: Grid) -> float:
    """How far the mask's centroid is from the picture's centre (1 = a corner)."""
    if not mask.any():
        return 1.0
    rows, cols = mask.shape
    ys, xs = np.nonzero(mask)
    dy = (float(ys.mean()) + 0.5) / rows - 0.5
    dx = (float(xs.mean()) + 0.5) / cols - 0.5
    return math.hypot(dy, dx) / math.hypot(0.5, 0.5)


def _shape(filled: Grid) -> dict[str, float]:
    """Whether a grid's subject is whole: its largest piece's share, how many pieces, holes."""
    cells = int(filled.sum())
    if cells == 0:
        return {"whole": 0.0, "pieces": 0.0, "holes": 0.0}
    sizes = blobs(filled, connectivity=8)
    holes = int(fill_holes(filled).sum()) - cells
    return {
        "whole": int(sizes.max()) / cells,
        "pieces": math.log1p(len(sizes)),
        "holes": holes / (holes + cells),
    }


def inputs(parts: dict[str, float]) -> dict[str, float]:
    """The model's inputs from a grid's parts: the measures plus a few shaped terms."""
    fill = parts["fill"]
    return {
        **{name: parts[name] for name in BASE},
        "sharp": 1.0 - 1.0 / max(1.0, parts["outline"]),
        "odd_fill": max(0.0, 0.05 - fill) * 10 + max(0.0, fill - 0.7) * 10,
        "fill_sq": fill * fill,
        "agree_sq": parts["agree"] ** 2,
        "gap_x_agree": parts["salient_gap"] * parts["agree"],
        "consensus": parts["consensus"],
        "consensus_sq": parts["consensus"] ** 2,
        **{f"is_{name}": parts[f"is_{name}"] for name in FAMILIES},
    }


BASE: Final = (
    "likeness",
    "frame",
    "specks",
    "fill",
    "salient_in",
    "salient_gap",
    "ground_in",
    "barrier_in",
    "agree",
    "centre",
    "whole",
    "pieces",
    "holes",
    "net_in",
    "net_gap",
    "net_agree",
)
"""The parts the model reads as they are (``inputs`` adds the shaped terms)."""


@dataclass(frozen=True)
class Tree:
    """One regression tree: per node its input, threshold, children (-1: a leaf) and value."""

    feature: tuple[int, ...]
    threshold: tuple[float, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    value: tuple[float, ...]

    def predict(self, values: list[float]) -> float:
        """The value of the leaf these inputs reach."""
        node = 0
        while self.left[node] >= 0:
            go_left = values[self.feature[node]] <= self.threshold[node]
            node = self.left[node] if go_left else self.right[node]
        return self.value[node]


@dataclass(frozen=True)
class Model:
    """Gradient-boosted regression trees over ``inputs``: a grid's predicted IoU with the
    true subject is ``base + rate * sum(tree values)``."""

    names: tuple[str, ...]
    """The inputs the trees read, in the order their ``feature`` indices count."""
    base: float
    rate: float
    trees: tuple[Tree, ...]

    def predict(self, parts: dict[str, float]) -> float:
        """The predicted IoU of a grid with these parts."""
        given = inputs(parts)
        values = [given[name] for name in self.names]
        return self.base + self.rate * sum(tree.predict(values) for tree in self.trees)


@cache
def model(file: str = MODEL_FILE) -> Model:
    """A fitted model shipped with the package (the one with the network's measures)."""
    text = resources.files("nonogen.image").joinpath(file).read_text(encoding="utf-8")
    return read_model(json.loads(text))


def model_for(parts: dict[str, float]) -> Model:
    """The model that scores a grid: the classical one when the subject finder found
    nothing (NET_FOUND_BELOW), else the one that reads its measures."""
    found = parts.get("net_found", 1.0)
    return model(CLASSICAL_FILE) if found < NET_FOUND_BELOW else model()


def read_model(data: Mapping[str, Json]) -> Model:
    """A model from its data (as ``choice.json`` holds it); ValueError for data of another
    shape."""
    names, trees = data.get("names"), data.get("trees")
    if not isinstance(names, Sequence) or not isinstance(trees, Sequence):
        raise ValueError("expected a choice model: its names, base, rate and trees")
    return Model(
        tuple(str(name) for name in names),
        _number(data.get("base")),
        _number(data.get("rate")),
        tuple(_tree(tree) for tree in trees),
    )


def _number(value: Json) -> float:
    """A number of the model's data; ValueError for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"expected a number in the choice model, got {value!r}")
    return float(value)


def _tree(data: Json) -> Tree:
    """One tree of the model's data; ValueError for another shape."""
    if not isinstance(data, Mapping):
        raise ValueError(f"expected a tree in the choice model, got {data!r}")

    def numbers(key: str) -> list[float]:
        values = data.get(key)
        if not isinstance(values, Sequence) or isinstance(values, str):
            raise ValueError(f"expected the tree's {key} as a list of numbers, got {values!r}")
        return [_number(value) for value in values]

    def whole(key: str) -> tuple[int, ...]:
        return tuple(int(value) for value in numbers(key))

    threshold, value = tuple(numbers("threshold")), tuple(numbers("value"))
    return Tree(whole("feature"), threshold, whole("left"), whole("right"), value)
