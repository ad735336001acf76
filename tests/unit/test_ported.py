"""The image stage's own filters against the scikit-image and SciPy functions they replace.

Each is computed with the same operations in the same order, so the results must be the same
to the last bit (``array_equal``, not ``allclose``): a make gives the same bytes as with the
libraries' functions, and an upgrade of either that changes them fails here.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import shortest_path
from skimage import color, filters, segmentation

from nonogen.image import filters as ours
from nonogen.image.palette import least_cost_columns
from nonogen.image.pixels import lab_to_rgb, rgb_to_lab
from nonogen.image.saliency import shortest_paths, slic

Floats = npt.NDArray[np.float64]


def _picture(seed: int, rows: int, cols: int, *, channels: int = 0) -> Floats:
    """A smooth random picture with a few edges, floats in [0, 1]."""
    rng = np.random.default_rng(seed)
    shape = (rows, cols, channels) if channels else (rows, cols)
    base = rng.random(shape)
    y, x = np.mgrid[0:rows, 0:cols] / max(rows, cols)
    ramp = (0.5 * x + 0.3 * y)[..., None] if channels else 0.5 * x + 0.3 * y
    return np.asarray(np.clip(0.6 * base + ramp, 0.0, 1.0), dtype=np.float64)


def _pictures() -> st.SearchStrategy[Floats]:
    return st.builds(
        _picture,
        st.integers(0, 2**32 - 1),
        st.integers(3, 40),
        st.integers(3, 40),
    )


@given(_pictures())
def test_thresholds_are_scikit_images(grey: Floats) -> None:
    assert ours.otsu(grey) == float(filters.threshold_otsu(grey))
    assert ours.li(grey) == float(filters.threshold_li(grey))
    assert ours.yen(grey) == float(filters.threshold_yen(grey))
    assert ours.mean_level(grey) == float(filters.threshold_mean(grey))


def test_thresholds_of_a_two_tone_and_a_flat_picture() -> None:
    two = np.zeros((10, 10))
    two[3:7, 3:7] = 1.0
    assert ours.otsu(two) == float(filters.threshold_otsu(two))
    assert ours.yen(two) == float(filters.threshold_yen(two))
    flat = np.full((5, 5), 0.25)
    assert ours.otsu(flat) == 0.25
    assert ours.li(flat) == 0.25


@given(_pictures(), st.sampled_from([0.5, 1.0, 1.7, 3.0, 6.25]))
def test_gaussian_is_scikit_images(grey: Floats, sigma: float) -> None:
    assert np.array_equal(ours.gaussian(grey, sigma=sigma), filters.gaussian(grey, sigma=sigma))


@given(_pictures())
def test_sobel_is_scikit_images(grey: Floats) -> None:
    assert np.array_equal(ours.sobel(grey), filters.sobel(grey))


@given(_pictures(), st.integers(1, 7))
def test_sauvola_is_scikit_images(grey: Floats, half: int) -> None:
    window = 2 * half + 1
    spread = max(float(grey.max() - grey.min()) / 2.0, 1e-6)
    theirs = filters.threshold_sauvola(grey, window_size=window, r=spread)
    assert np.array_equal(ours._sauvola(grey, window_size=window, r=spread), theirs)


@given(st.integers(0, 2**32 - 1), st.integers(1, 30), st.integers(1, 30))
def test_lab_is_scikit_images(seed: int, rows: int, cols: int) -> None:
    rgb = np.random.default_rng(seed).random((rows, cols, 3))
    rgb[0, 0] = (0.0, 0.0, 0.0)
    lab = rgb_to_lab(rgb)
    assert np.array_equal(lab, color.rgb2lab(rgb))
    assert np.array_equal(lab_to_rgb(lab), color.lab2rgb(lab))


def test_lab_out_of_gamut_and_float32() -> None:
    lab = np.array([[[50.0, 0.0, 300.0], [100.0, 90.0, -90.0], [0.0, 0.0, 0.0]]])
    with pytest.warns(UserWarning, match="negative Z values"):
        theirs = color.lab2rgb(lab)
    assert np.array_equal(lab_to_rgb(lab), theirs)
    rgb = np.random.default_rng(3).random((4, 4, 3)).astype(np.float32)
    ours_lab = rgb_to_lab(rgb)
    assert ours_lab.dtype == np.float32
    assert np.array_equal(ours_lab, color.rgb2lab(rgb))


def test_lab_refuses_what_is_no_colour() -> None:
    with pytest.raises(ValueError, match="3 channels"):
        rgb_to_lab(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="float colours"):
        rgb_to_lab(np.zeros((2, 2, 3), dtype=np.uint8))


@pytest.mark.parametrize(
    ("seed", "rows", "cols", "segments"), [(1, 60, 80, 240), (2, 33, 47, 50), (3, 90, 40, 240)]
)
def test_slic_is_scikit_images(seed: int, rows: int, cols: int, segments: int) -> None:
    lab = np.asarray(rgb_to_lab(_picture(seed, rows, cols, channels=3)), dtype=np.float64)
    theirs = segmentation.slic(
        lab,
        n_segments=segments,
        compactness=10.0,
        start_label=0,
        convert2lab=False,
        enforce_connectivity=True,
    )
    assert np.array_equal(slic(lab, segments=segments), theirs)


@given(st.integers(0, 2**32 - 1), st.integers(1, 40), st.floats(0.0, 1.0))
def test_shortest_paths_are_scipys(seed: int, count: int, density: float) -> None:
    rng = np.random.default_rng(seed)
    pairs = np.array(
        [(i, j) for i in range(count) for j in range(i + 1, count) if rng.random() < density],
        dtype=np.int64,
    ).reshape(-1, 2)
    weights = np.maximum(rng.random(len(pairs)) * 30.0 - 10.0, 1e-3)
    graph = csr_matrix((weights, (pairs[:, 0], pairs[:, 1])), shape=(count, count))
    theirs = shortest_path(graph, directed=False)
    assert np.array_equal(shortest_paths(count, pairs, weights), theirs)


@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 12),
    st.integers(0, 30),
    st.sampled_from(["random", "ties", "integers"]),
)
def test_least_cost_columns_are_scipys(seed: int, rows: int, extra: int, kind: str) -> None:
    rng = np.random.default_rng(seed)
    shape = (rows, rows + extra)
    if kind == "random":
        cost = rng.random(shape) * 1000.0
    elif kind == "ties":
        cost = np.repeat(rng.random((1, shape[1])), rows, axis=0)
    else:
        cost = rng.integers(0, 4, shape).astype(np.float64)
    assert least_cost_columns(cost) == [int(c) for c in linear_sum_assignment(cost)[1]]


def test_least_cost_columns_refuses_a_tall_matrix() -> None:
    with pytest.raises(ValueError, match="no more rows than columns"):
        least_cost_columns(np.zeros((3, 2)))
