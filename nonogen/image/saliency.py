"""Where a person looks: saliency cues over superpixels, computed without training.

A person takes as ground what surrounds the picture and runs off its edges, and as subject
what stands out from its surroundings, near the centre of attention, whole. Over SLIC
superpixels (scikit-image) of the small Lab copy:

* ``boundary``: boundary connectivity (Zhu et al., CVPR 2014): the share of the region a
  superpixel reaches by geodesic colour distance that lies on the picture's border; a high
  share is ground;
* ``contrast``: colour contrast against nearby superpixels, weighted by how likely those are
  ground;
* ``barrier``: the minimum barrier distance (Zhang et al., ICCV 2015) to the border: the
  smallest spread of colour a path to the border must cross;
* ``salience``: the three fused by the saliency optimisation of Zhu et al. (a least-squares
  problem over the superpixel graph): smooth, ground near 0, subject near 1.

Every map is per pixel of ``picture.small``, in ``[0, 1]``.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

import numpy as np
import numpy.typing as npt
from skimage.segmentation._slic import _enforce_label_connectivity_cython, _slic_cython
from skimage.util import regular_grid as _regular_grid

from nonogen.image.pixels import RGB, Grey

SEGMENTS: Final = 240
"""How many SLIC superpixels the small copy is cut into."""
SIGMA_COLOUR: Final = 10.0
"""Colour distance (Delta E) at which two superpixels stop counting as alike."""
SIGMA_SPACE: Final = 0.25
"""Distance (fraction of the picture's diagonal) over which contrast is weighed."""
SIGMA_BOUNDARY: Final = 1.0
"""Boundary connectivity at which a superpixel is ground with probability 1 - e^-1/2."""

# scikit-image's SLIC core, called as ``skimage.segmentation.slic`` calls it for a float
# picture (no mask, no smoothing) without that module's imports of scipy (0.5 s a make).
_slic_core: Callable[..., npt.NDArray[np.intp]] = _slic_cython
_connected: Callable[..., npt.NDArray[np.intp]] = _enforce_label_connectivity_cython
regular_grid: Callable[..., tuple[slice, ...]] = _regular_grid
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Superpixels:
    """A picture cut into SLIC superpixels, and their graph."""

    labels: Ints
    """Per pixel, the superpixel it belongs to (0..n-1)."""
    colour: RGB
    """Per superpixel, its mean Lab colour, ``(n, 3)``."""
    centre: npt.NDArray[np.float64]
    """Per superpixel, its centroid ``(row, col)`` as fractions of the picture's diagonal."""
    border: npt.NDArray[np.bool_]
    """Per superpixel, whether it touches the picture's frame."""
    pairs: Ints
    """The adjacent superpixels, ``(m, 2)``, each pair once."""

    @property
    def count(self) -> int:
        """How many superpixels there are."""
        return int(self.colour.shape[0])

    @cached_property
    def apart(self) -> npt.NDArray[np.float64]:
        """Colour distance (Delta E) between every two superpixels, ``(n, n)``."""
        gap = self.colour[:, None, :] - self.colour[None, :, :]
        return np.asarray(np.sqrt((gap**2).sum(axis=2)), dtype=np.float64)

    @cached_property
    def geodesic(self) -> npt.NDArray[np.float64]:
        """Geodesic colour distance between every two superpixels: the cheapest path over
        adjacent ones, a step costing their colour distance."""
        a, b = self.pairs[:, 0], self.pairs[:, 1]
        # A step smaller than the usual one between neighbours is texture, not an edge: it
        # is free, so a busy ground stays one region (the paper's plain distances split it).
        steps = self.apart[a, b]
        weights = np.maximum(steps - float(np.median(steps)), 1e-3)
        return shortest_paths(self.count, self.pairs, weights)


def superpixels(lab: RGB, *, segments: int = SEGMENTS) -> Superpixels:
    """SLIC superpixels of a Lab picture and their adjacency."""
    rows, cols = lab.shape[:2]
    labels = slic(lab, segments=segments)
    labels = np.unique(labels, return_inverse=True)[1].reshape(rows, cols)
    n = int(labels.max()) + 1
    flat = labels.ravel()
    area = np.bincount(flat, minlength=n).astype(np.float64)
    colour = np.stack([np.bincount(flat, lab[:, :, k].ravel(), n) / area for k in range(3)], 1)
    y, x = np.mgrid[0:rows, 0:cols]
    diagonal = float(np.hypot(rows, cols))
    centre = (
        np.stack(
            [np.bincount(flat, y.ravel(), n) / area, np.bincount(flat, x.ravel(), n) / area], 1
        )
        / diagonal
    )
    border = np.zeros(n, dtype=np.bool_)
    border[np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))] = True
    pairs = np.concatenate(
        [
            np.stack([labels[:, :-1].ravel(), labels[:, 1:].ravel()], 1),
            np.stack([labels[:-1, :].ravel(), labels[1:, :].ravel()], 1),
        ]
    )
    pairs = np.sort(pairs[pairs[:, 0] != pairs[:, 1]], axis=1)
    pairs = np.unique(pairs, axis=0)
    return Superpixels(labels, colour, centre, border, pairs)


def slic(
    picture: RGB, *, segments: int, compactness: float = 10.0, rounds: int = 10
) -> npt.NDArray[np.intp]:
    """SLIC superpixels of a ``(rows, cols, channels)`` float picture, labelled from 0 and
    made connected: ``skimage.segmentation.slic(picture, n_segments=segments,
    compactness=compactness, max_num_iter=rounds, start_label=0, convert2lab=False,
    enforce_connectivity=True)``, step for step."""
    image = np.asarray(picture, dtype=np.float64).copy()
    low, high = image.min(), image.max()
    image -= low
    if high != low:
        image /= high - low
    image = image[np.newaxis, ...]
    depth, rows, cols = image.shape[:3]
    grid = regular_grid(image.shape[:3], segments)
    zyx = np.mgrid[:depth, :rows, :cols]
    centroids = np.concatenate([g[grid].ravel()[..., np.newaxis] for g in zyx], axis=-1)
    steps = [float(cut.step) if cut.step is not None else 1.0 for cut in grid]
    count = centroids.shape[0]
    centres = np.ascontiguousarray(
        np.concatenate([centroids, np.zeros((count, image.shape[3]))], axis=-1), dtype=np.float64
    )
    image = np.ascontiguousarray(image * (1.0 / compactness), dtype=np.float64)
    spacing = np.ones(3, dtype=np.float64)
    labels = _slic_core(
        image, None, centres, max(steps), rounds, spacing, False, ignore_color=False, start_label=0
    )
    size = math.prod(image.shape[:3]) / count
    labels = _connected(labels, int(0.5 * size), int(3 * size), start_label=0)
    return np.asarray(labels[0], dtype=np.intp)


def shortest_paths(
    count: int, pairs: Ints, weights: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """The cheapest path's cost between every two of ``count`` nodes, ``(count, count)``,
    over undirected edges ``pairs`` (each pair once) of positive ``weights`` (inf where none
    joins them), to the bit as ``scipy.sparse.csgraph.shortest_path`` computes it.

    SciPy takes Dijkstra's search where the edges are under a quarter of ``count`` squared,
    else Floyd and Warshall's. In the first case each cost is the least over paths of the
    sum taken from the source on (the weights being positive), and relaxing the edges for all
    sources at once until nothing changes (Bellman and Ford) reaches the same sums.
    """
    cost: npt.NDArray[np.float64] = np.full((count, count), np.inf)
    if len(pairs) >= count * count / 4:
        cost[pairs[:, 0], pairs[:, 1]] = weights
        cost = np.minimum(cost, cost.T)
        np.fill_diagonal(cost, 0.0)
        for k in range(count):
            cost = np.minimum(cost, cost[:, k : k + 1] + cost[k : k + 1, :])
        return cost
    ends = np.concatenate([pairs, pairs[:, ::-1]])
    steps = np.concatenate([weights, weights])
    order = np.argsort(ends[:, 0], kind="stable")
    ends, steps = ends[order], steps[order]
    cuts = np.searchsorted(ends[:, 0], np.arange(count + 1))
    nexts = [
        (ends[cuts[v] : cuts[v + 1], 1], steps[cuts[v] : cuts[v + 1], None]) for v in range(count)
    ]
    # Row v: the cost from every source to v. Sweeps forwards and backwards until one changes
    # nothing (Gauss and Seidel): any order of relaxing reaches the one fixed point.
    cost = np.full((count, count), np.inf)
    np.fill_diagonal(cost, 0.0)
    changed, forwards = True, True
    while changed:
        changed = False
        for v in range(count) if forwards else range(count - 1, -1, -1):
            near, step = nexts[v]
            if near.size:
                best = (cost[near] + step).min(axis=0)
                better = best < cost[v]
                if better.any():
                    cost[v] = np.where(better, best, cost[v])
                    changed = True
        forwards = not forwards
    return np.asarray(np.ascontiguousarray(cost.T), dtype=np.float64)


def ground_weight(graph: Superpixels) -> npt.NDArray[np.float64]:
    """Per superpixel, the probability it is ground from its boundary connectivity: the
    border length of the region it reaches by geodesic distance over that region's root
    area (both soft, Zhu et al.)."""
    reach = np.exp(-(graph.geodesic**2) / (2 * SIGMA_COLOUR**2))
    area = reach.sum(axis=1)
    on_border = reach[:, graph.border].sum(axis=1)
    # The border length counts superpixels; a picture cut in n has about 4 sqrt(n) on its
    # border, so boundary connectivity is on the scale of the paper's (1 = half the region).
    connectivity = on_border / np.sqrt(area)
    return np.asarray(1.0 - np.exp(-(connectivity**2) / (2 * SIGMA_BOUNDARY**2)))


def contrast(graph: Superpixels, ground: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Per superpixel, its colour contrast against the nearby superpixels that are ground."""
    gap = graph.centre[:, None, :] - graph.centre[None, :, :]
    near = np.exp(-(gap**2).sum(axis=2) / (2 * SIGMA_SPACE**2))
    values = (graph.apart * near * ground[None, :]).sum(axis=1)
    return _unit(values)


def barrier(graph: Superpixels) -> npt.NDArray[np.float64]:
    """Per superpixel, the minimum barrier distance to the border: over paths of adjacent
    superpixels, the smallest sum over Lab channels of (highest - lowest) value on the path.

    Found by a Dijkstra-like search from the border superpixels, a path carrying its
    running highs and lows (the usual approximation: a path's barrier never shrinks)."""
    n = graph.count
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for a, b in graph.pairs:
        neighbours[int(a)].append(int(b))
        neighbours[int(b)].append(int(a))
    best = np.full(n, np.inf)
    heap: list[tuple[float, int, tuple[float, ...], tuple[float, ...]]] = []
    for start in np.flatnonzero(graph.border):
        values = tuple(float(v) for v in graph.colour[start])
        best[start] = 0.0
        heap.append((0.0, int(start), values, values))
    heapq.heapify(heap)
    while heap:
        cost, i, high, low = heapq.heappop(heap)
        if cost > best[i]:
            continue
        for j in neighbours[i]:
            colour = graph.colour[j]
            up = tuple(max(h, float(c)) for h, c in zip(high, colour, strict=True))
            down = tuple(min(lo, float(c)) for lo, c in zip(low, colour, strict=True))
            spread = sum(u - d for u, d in zip(up, down, strict=True))
            if spread < best[j]:
                best[j] = spread
                heapq.heappush(heap, (spread, j, up, down))
    return _unit(best)


def optimise(
    graph: Superpixels, ground: npt.NDArray[np.float64], foreground: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Zhu et al.'s saliency optimisation: per superpixel the value s minimising
    sum ground_i s_i^2 + sum foreground_i (s_i - 1)^2 + sum_adjacent w_ij (s_i - s_j)^2,
    where w_ij is high for alike neighbours; solved as one linear system."""
    n = graph.count
    a, b = graph.pairs[:, 0], graph.pairs[:, 1]
    alike = np.exp(-(graph.apart[a, b] ** 2) / (2 * SIGMA_COLOUR**2)) + 0.1
    laplacian = np.zeros((n, n))
    np.add.at(laplacian, (a, b), -alike)
    np.add.at(laplacian, (b, a), -alike)
    laplacian[np.diag_indices(n)] = -laplacian.sum(axis=1)
    system = np.diag(ground + foreground) + laplacian
    values = np.linalg.solve(system + 1e-9 * np.eye(n), foreground)
    return _unit(np.asarray(values, dtype=np.float64))


@dataclass(frozen=True)
class Saliency:
    """The saliency maps of a picture, per pixel of its small copy, each in ``[0, 1]``."""

    ground: Grey
    """How likely each pixel is ground, from boundary connectivity."""
    contrast: Grey
    """Colour contrast against likely ground nearby."""
    barrier: Grey
    """Minimum barrier distance to the border."""
    salience: Grey
    """The cues fused by the saliency optimisation."""


def saliency(lab: RGB) -> Saliency:
    """The saliency maps of a Lab picture."""
    graph = superpixels(lab)
    ground = ground_weight(graph)
    contrasted = contrast(graph, ground)
    barred = barrier(graph)
    fused = optimise(graph, ground, contrasted * (0.5 + 0.5 * barred))
    labels = graph.labels
    return Saliency(ground[labels], contrasted[labels], barred[labels], fused[labels])


def _unit(values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Values rescaled to ``[0, 1]`` (all zero when they are all equal)."""
    low, high = float(values.min()), float(values.max())
    if not np.isfinite(high) or high - low < 1e-12:
        return np.zeros_like(values)
    return np.asarray((values - low) / (high - low), dtype=np.float64)
