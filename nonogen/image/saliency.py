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
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

import numpy as np
import numpy.typing as npt
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import shortest_path
from skimage import segmentation

from nonogen.image.pixels import RGB, Grey

SEGMENTS: Final = 240
"""How many SLIC superpixels the small copy is cut into."""
SIGMA_COLOUR: Final = 10.0
"""Colour distance (Delta E) at which two superpixels stop counting as alike."""
SIGMA_SPACE: Final = 0.25
"""Distance (fraction of the picture's diagonal) over which contrast is weighed."""
SIGMA_BOUNDARY: Final = 1.0
"""Boundary connectivity at which a superpixel is ground with probability 1 - e^-1/2."""

_slic: Callable[..., npt.NDArray[np.int64]] = segmentation.slic
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
        n = self.count
        graph = csr_matrix((weights, (a, b)), shape=(n, n))
        return np.asarray(shortest_path(graph, directed=False), dtype=np.float64)


def superpixels(lab: RGB, *, segments: int = SEGMENTS) -> Superpixels:
    """SLIC superpixels of a Lab picture and their adjacency."""
    rows, cols = lab.shape[:2]
    labels = _slic(
        lab,
        n_segments=segments,
        compactness=10.0,
        start_label=0,
        convert2lab=False,
        enforce_connectivity=True,
    )
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
