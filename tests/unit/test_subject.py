"""Finding the subject as a person does (saliency, the fitted choice) and keeping its parts."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from scipy.ndimage import gaussian_filter, label

from nonogen.image.candidates import CANDIDATES
from nonogen.image.choice import inputs, model, read_model
from nonogen.image.convert import convert, silhouette_iou, source_of
from nonogen.image.detail import detailed
from nonogen.image.filters import periodic_share
from nonogen.image.masks import outline_ring
from nonogen.image.options import PictureOptions
from nonogen.image.pixels import area_mean, box_span, resize
from nonogen.image.read import Picture, read_picture
from nonogen.image.saliency import barrier, ground_weight, saliency, superpixels
from nonogen.records import JsonObject

RGB = npt.NDArray[np.float64]
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def disc(rows: int, cols: int, centre: tuple[float, float], radius: float) -> npt.NDArray[np.bool_]:
    """A disc mask."""
    y, x = np.mgrid[0:rows, 0:cols]
    return np.asarray((y - centre[0]) ** 2 + (x - centre[1]) ** 2 <= radius**2)


def busy_ground(rows: int, cols: int, seed: int = 3) -> RGB:
    """A busy ground: coloured blotches over a gradient, like a photo out of focus."""
    rng = np.random.default_rng(seed)
    coarse = rng.uniform(0.3, 0.7, (rows // 20 + 1, cols // 20 + 1, 3))
    ground = np.kron(coarse, np.ones((20, 20, 1)))[:rows, :cols]
    ground = np.stack([gaussian_filter(ground[:, :, k], 6.0) for k in range(3)], axis=2)
    ramp = np.linspace(0.0, 0.2, cols)[None, :, None]
    return np.asarray(np.clip(ground + ramp, 0.0, 1.0))


def reduced(mask: npt.NDArray[np.bool_], shape: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """A mask area-averaged to ``shape`` (rows, cols) and cut at half."""
    return np.asarray(resize(mask.astype(np.float64), shape[1], shape[0]) >= 0.5)


def picture(rgb: RGB) -> Picture:
    """An RGB array as a picture."""
    return Picture(rgb, (rgb.shape[1], rgb.shape[0]))


def subject_on_ground(colour: tuple[float, float, float]) -> tuple[Picture, npt.NDArray[np.bool_]]:
    """A plain disc off the centre of a busy ground, and its mask."""
    rows, cols = 240, 320
    mask = disc(rows, cols, (110, 180), 60)
    rgb = busy_ground(rows, cols)
    rgb[mask] = colour
    return picture(rgb), mask


def test_saliency_puts_the_subject_above_the_ground() -> None:
    shown, mask = subject_on_ground((0.9, 0.1, 0.1))
    small = reduced(mask, shown.lab.shape)
    maps = saliency(shown.lab)
    assert maps.salience[small].mean() > 3 * maps.salience[~small].mean()
    assert maps.ground[small].mean() < maps.ground[~small].mean()
    for values in (maps.salience, maps.ground, maps.contrast, maps.barrier):
        assert values.min() >= 0.0
        assert values.max() <= 1.0


def test_the_barrier_is_zero_on_the_border_and_grows_inward() -> None:
    shown, _ = subject_on_ground((0.1, 0.1, 0.9))
    graph = superpixels(shown.lab)
    values = barrier(graph)
    assert (values[graph.border] == 0.0).all()
    assert values.max() == 1.0
    assert (ground_weight(graph)[graph.border] > 0.3).mean() > 0.8


@pytest.mark.slow
@pytest.mark.parametrize("colour", [(0.9, 0.1, 0.1), (0.05, 0.05, 0.05), (0.95, 0.95, 0.9)])
def test_a_plain_subject_on_a_busy_ground_is_found(colour: tuple[float, float, float]) -> None:
    shown, mask = subject_on_ground(colour)
    found = convert(shown, PictureOptions(width=32))
    assert found.cells.box == (0, 0, 320, 240)
    truth = reduced(mask, found.cells.filled.shape)
    assert silhouette_iou(found.cells.filled, truth) > 0.8


def test_refined_and_salient_candidates_follow_the_subject() -> None:
    shown, mask = subject_on_ground((0.2, 0.7, 0.2))
    source = source_of(shown, PictureOptions(width=30))
    small = reduced(mask, shown.lab.shape)
    for name in ("salient", "refined"):
        splits = CANDIDATES[name](source)
        assert splits
        best = max(silhouette_iou(s.subject >= 0.5, small) for s in splits)
        assert best > (0.75 if name == "salient" else 0.9), name


@pytest.mark.slow
def test_the_fitted_model_reads_only_measures_the_code_makes() -> None:
    text = resources.files("nonogen.image").joinpath("choice.json").read_text(encoding="utf-8")
    data = json.loads(text)
    shown, _ = subject_on_ground((0.9, 0.1, 0.1))
    found = convert(shown, PictureOptions(width=20))
    known = inputs(found.chosen.parts)
    assert set(data["names"]) <= set(known)
    for tree in data["trees"]:
        inner = [f for f, left in zip(tree["feature"], tree["left"], strict=True) if left >= 0]
        assert all(0 <= f < len(data["names"]) for f in inner)
    assert model().predict(found.chosen.parts) == pytest.approx(found.chosen.score)


@pytest.mark.slow
def test_trees_add_their_leaves_to_the_base() -> None:
    stump: JsonObject = {"feature": [0, -2, -2], "threshold": [0.5, 0, 0], "left": [1, -1, -1],
             "right": [2, -1, -1], "value": [0.0, -1.0, 1.0]}  # fmt: skip
    fitted = read_model({"names": ["fill"], "base": 0.5, "rate": 0.1, "trees": [stump, stump]})
    shown, _ = subject_on_ground((0.9, 0.1, 0.1))
    parts = convert(shown, PictureOptions(width=20)).chosen.parts
    assert fitted.predict(parts | {"fill": 0.2}) == pytest.approx(0.5 - 0.2)
    assert fitted.predict(parts | {"fill": 0.7}) == pytest.approx(0.5 + 0.2)
    with pytest.raises(ValueError, match="threshold"):
        read_model({"names": ["fill"], "base": 0.5, "rate": 0.1, "trees": [{"feature": [0]}]})
    with pytest.raises(ValueError, match="a number"):
        read_model({"names": ["fill"], "base": "half", "rate": 0.1, "trees": []})


def test_the_outline_ring_is_the_subject_cells_beside_the_ground() -> None:
    filled = np.zeros((7, 7), dtype=np.bool_)
    filled[1:6, 1:6] = True
    ring = outline_ring(filled)
    assert ring.sum() == 16
    assert not ring[2:5, 2:5].any()
    edge = np.ones((3, 3), dtype=np.bool_)  # on the grid's edge, every cell is outline
    assert outline_ring(edge).sum() == 8


def test_the_outline_of_a_round_subject_is_one_closed_line_of_side_neighbours() -> None:
    # A ring whose cells touch only by a corner reads as dots, and a repair takes it apart:
    # every ring cell has a ring cell beside it, the ring is one piece by sides, and the inside
    # cannot reach the ground without crossing it, even by a corner.
    filled = disc(40, 40, (19.5, 19.5), 15)
    ring = outline_ring(filled)
    padded = np.pad(ring, 1)
    sides = padded[:-2, 1:-1] | padded[2:, 1:-1] | padded[1:-1, :-2] | padded[1:-1, 2:]
    assert (sides[ring]).all()
    _, pieces = label(ring)  # by sides
    assert pieces == 1
    inside = filled & ~ring
    labels, apart = label(~ring, structure=np.ones((3, 3)))  # by sides and corners
    assert apart == 2  # the ground and the inside
    assert labels[20, 20] != labels[0, 0]
    assert inside[20, 20]


def penguin(rows: int = 300, cols: int = 300) -> tuple[Picture, npt.NDArray[np.bool_]]:
    """A dark body with a large white belly on a mid-grey ground."""
    body = disc(rows, cols, (150, 150), 110)
    belly = disc(rows, cols, (165, 150), 62)
    rgb = np.full((rows, cols, 3), 0.55)
    rgb[body] = 0.08
    rgb[belly] = 0.97
    return picture(rgb), body


@pytest.mark.slow
def test_detail_draws_a_light_belly_inside_a_dark_outline() -> None:
    shown, _ = penguin()
    found = convert(shown, PictureOptions(width=30))
    # The chosen grid is the picture's own tones (the belly a hole in the dark body), which
    # explain it better than a region-seeking silhouette; detail draws that silhouette so too.
    rows, cols = found.chosen.cells.filled.shape
    assert not found.chosen.cells.filled[rows // 2 + 1, cols // 2]
    region = convert(shown, PictureOptions(width=30, method="grabcut")).chosen
    silhouette = region.cells.filled
    kept = detailed(shown, region)
    assert kept.detail == "dark parts"
    assert kept.silhouette is not None
    assert (kept.silhouette == silhouette).all()
    grid = kept.cells.filled
    assert grid.sum() < 0.8 * silhouette.sum()  # the belly is open
    assert not grid[15, 15]  # its middle
    assert (grid | ~silhouette)[outline_ring(silhouette)].all()  # the outline kept
    assert (grid <= silhouette).all()
    cost = kept.cells.cost()
    assert cost[15, 15] > 0.4  # the belly's middle is sure; its edge, mixed, is cheaper
    assert float(np.median(cost[grid != silhouette])) > 0.2


@pytest.mark.slow
def test_a_plain_subject_keeps_its_silhouette() -> None:
    shown, _ = subject_on_ground((0.05, 0.05, 0.05))
    found = convert(shown, PictureOptions(width=30))
    assert detailed(shown, found.chosen) is found.chosen


def test_one_repeating_pattern_is_periodic_and_a_photo_is_not() -> None:
    y, x = np.mgrid[0:200, 0:300]
    stripes = (np.sin(x / 6.0 + y / 9.0) > 0).astype(np.float64)
    assert periodic_share(stripes) > 0.45
    photo = read_picture((SAMPLES / "camera.png").read_bytes(), name="camera.png")
    assert periodic_share(photo.lab[:, :, 0]) < 0.35
    assert periodic_share(np.zeros((20, 20))) == 0.0
    checks = (((x // 15) + (y // 15)) % 2).astype(np.float64)
    assert periodic_share(checks) > 0.45
    horizon = (y > 90).astype(np.float64)  # one edge across: falling harmonics, no peak
    assert periodic_share(horizon) < 0.1


@pytest.mark.slow
def test_a_face_filling_the_frame_is_drawn_as_the_whole_picture() -> None:
    photo = read_picture((SAMPLES / "astronaut.jpg").read_bytes(), name="astronaut.jpg")
    found = convert(photo, PictureOptions(width=30))
    assert found.chosen.split.method == "picture"
    assert found.chosen.split.whole
    assert any("drew the whole picture" in str(warning) for warning in found.warnings)
    assert 0.1 <= found.chosen.parts["fill"] <= 0.9
    forced = convert(photo, PictureOptions(width=30, method="otsu"))
    assert forced.chosen.split.method == "otsu"  # a forced conversion is never replaced


def test_the_poster_of_a_near_blank_picture_does_not_fail() -> None:
    grey = np.ones((120, 160))
    grey[60:63, 80:83] = 0.0  # a speck: smoothing it overshoots 1.0 by a rounding error
    shown = picture(np.repeat(grey[:, :, None], 3, axis=2))
    splits = CANDIDATES["poster"](source_of(shown, PictureOptions(width=20)))
    assert all(0.0 <= float(s.subject.min()) <= float(s.subject.max()) <= 1.0 for s in splits)


@pytest.mark.slow
def test_crop_compares_candidates_over_the_whole_frame() -> None:
    shown, _ = subject_on_ground((0.9, 0.1, 0.1))
    found = convert(shown, PictureOptions(width=30, crop=True))  # grids of unlike shapes
    left, top, right, bottom = found.cells.box
    assert (left, top) > (0, 0)
    assert right < 320
    assert bottom < 240
    assert found.chosen.whole_frame is not None
    assert found.chosen.whole_frame.shape[1] == 30


@pytest.mark.slow
def test_a_poster_asked_for_is_drawn_whatever_the_subject_rules_say() -> None:
    photo = read_picture((SAMPLES / "chelsea.jpg").read_bytes(), name="chelsea.jpg")
    found = convert(photo, PictureOptions(width=40, method="poster"))
    assert found.chosen.split.method == "poster"


def test_pooling_a_span_weighs_each_pixel_by_its_share_of_the_cell() -> None:
    values = np.random.default_rng(0).random((50, 70))
    # Whole pixels a cell: the plain box filter's means.
    assert np.allclose(area_mean(values, (0, 0, 70, 50), 7, 5), resize(values, 7, 5))
    # A span that starts and ends inside pixels is pooled where it lies, not at a pixel edge.
    edge = np.zeros((1, 100))
    edge[:, 50:] = 1.0
    cells = area_mean(edge, (1.25, 0.0, 91.25, 1.0), 7, 1)[0]
    assert np.allclose(cells, [0, 0, 0, (1.25 + 4 * 90 / 7 - 50) / (90 / 7), 1, 1, 1])
    # A span of a picture in source pixels, over a smaller working copy.
    assert box_span((30, 0, 300, 240), (300, 240), (120, 150)) == (15.0, 0.0, 150.0, 120.0)
