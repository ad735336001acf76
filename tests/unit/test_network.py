"""The subject finder: numpy layers against plain loops, the shipped weights against the
framework that trained them, and the candidates built on it."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from nonogen.image import network
from nonogen.image.candidates import CANDIDATES
from nonogen.image.read import Picture
from nonogen.image.source import Source


def _conv_loops(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, stride: int) -> np.ndarray:
    """A 3x3 convolution with zero padding and ReLU, written as loops (the oracle)."""
    rows, cols, _ = x.shape
    padded = np.pad(x, ((1, 1), (1, 1), (0, 0)))
    out = np.zeros(((rows + stride - 1) // stride, (cols + stride - 1) // stride, len(weight)))
    for r in range(out.shape[0]):
        for c in range(out.shape[1]):
            patch = padded[r * stride : r * stride + 3, c * stride : c * stride + 3, :]
            for o in range(len(weight)):
                out[r, c, o] = (patch * weight[o].transpose(1, 2, 0)).sum() + bias[o]
    return np.maximum(out, 0.0)


@pytest.mark.parametrize("stride", [1, 2])
def test_the_convolution_is_the_loops(stride: int) -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(6, 8, 3)).astype(np.float32)
    weight = rng.normal(size=(4, 3, 3, 3)).astype(np.float32)
    bias = rng.normal(size=4).astype(np.float32)
    found = network.conv3x3(x, weight, bias, stride=stride)
    assert np.allclose(found, _conv_loops(x, weight, bias, stride), atol=1e-5)


def test_pooling_and_doubling() -> None:
    x = np.arange(16, dtype=np.float32).reshape(4, 4, 1)
    assert network.pool2(x)[:, :, 0].tolist() == [[5, 7], [13, 15]]
    assert network.double(network.pool2(x)).shape == (4, 4, 1)
    assert network.double(network.pool2(x))[1, 1, 0] == 5


def test_the_shipped_weights_answer_as_they_did_in_training() -> None:
    """The logits of a fixed random picture, as PyTorch gave them when the weights were
    exported (``bench/train_subject.py`` records them), from the numpy code."""
    text = resources.files("nonogen.image").joinpath("subject.json").read_text("utf-8")
    check = json.loads(text)["check"]
    picture = np.random.default_rng(check["seed"]).uniform(0, 1, (128, 128, 3))
    logits = network.forward(network.shipped(), picture.astype(np.float32))
    assert logits.shape == (network.OUT_SIDE, network.OUT_SIDE)
    assert logits[0, 0] == pytest.approx(check["logits_00"], abs=1e-3)
    assert logits[32, 32] == pytest.approx(check["logits_mid"], abs=1e-3)
    assert float(logits.sum()) == pytest.approx(check["logits_sum"], rel=1e-4, abs=1e-2)


def _scene() -> Picture:
    """A red disc and a blue square on a textured green-grey ground, 240 x 180."""
    rng = np.random.default_rng(3)
    rows, cols = 180, 240
    rgb = np.empty((rows, cols, 3))
    rgb[:] = (0.55, 0.6, 0.5)
    rgb += rng.normal(0, 0.06, (rows, cols, 3))
    y, x = np.mgrid[0:rows, 0:cols]
    disc = (y - 90) ** 2 + (x - 70) ** 2 < 40**2
    rgb[disc] = (0.85, 0.15, 0.1)
    square = (abs(y - 90) < 35) & (abs(x - 175) < 35)
    rgb[square] = (0.1, 0.2, 0.8)
    return Picture(np.clip(rgb, 0, 1), (cols, rows))


def test_the_finder_keeps_both_things() -> None:
    """Two things drawn are two things: each is mostly found, the ground mostly not."""
    picture = _scene()
    source = Source(picture, picture.grey)
    odds = source.subject_map
    assert odds.shape == picture.small.shape[:2]
    rows, cols = odds.shape
    y, x = np.mgrid[0:rows, 0:cols]
    sy, sx = rows / 180, cols / 240
    disc = (y / sy - 90) ** 2 + (x / sx - 70) ** 2 < 30**2
    square = (abs(y / sy - 90) < 25) & (abs(x / sx - 175) < 25)
    ground = (y / sy < 30) | (y / sy > 150)
    assert float(odds[disc].mean()) > 0.6
    assert float(odds[square].mean()) > 0.6
    assert float(odds[ground].mean()) < 0.3
    for name in ("network", "netcut"):
        splits = CANDIDATES[name](source)
        assert splits, name
        assert all(s.method == name for s in splits)


def _umbrella_and_sun() -> tuple[Picture, np.ndarray, np.ndarray]:
    """A blue umbrella (a half disc on a handle) beside an orange sun on a pale ground, and the
    two things' masks."""
    rows, cols = 240, 360
    y, x = np.mgrid[0:rows, 0:cols]
    rgb = np.empty((rows, cols, 3))
    rgb[:] = (0.93, 0.92, 0.86)
    canopy = ((y - 110) ** 2 + (x - 110) ** 2 < 70**2) & (y < 110)
    handle = (abs(x - 110) < 5) & (y >= 110) & (y < 200)
    umbrella = canopy | handle
    sun = (y - 110) ** 2 + (x - 265) ** 2 < 50**2
    rgb[umbrella] = (0.15, 0.3, 0.75)
    rgb[sun] = (0.98, 0.6, 0.1)
    return Picture(rgb, (cols, rows)), umbrella, sun


@pytest.mark.slow
@pytest.mark.parametrize("width", [20, 30])
def test_two_things_drawn_are_both_kept(width: int) -> None:
    """The picture's two things both reach the grid (the default conversion once cropped to
    the umbrella and lost the sun)."""
    from nonogen.image.convert import convert  # noqa: PLC0415
    from nonogen.image.options import PictureOptions  # noqa: PLC0415

    picture, umbrella, sun = _umbrella_and_sun()
    cells = convert(picture, PictureOptions(width=width)).cells
    rows, cols = cells.filled.shape
    left, top, right, bottom = cells.box
    sy, sx = (bottom - top) / rows, (right - left) / cols
    for thing in (umbrella, sun):
        ys, xs = np.nonzero(thing)
        r = np.clip(((ys - top) / sy).astype(int), 0, rows - 1)
        c = np.clip(((xs - left) / sx).astype(int), 0, cols - 1)
        assert xs.min() >= left, "the grid's frame cuts a thing off"
        assert xs.max() < right, "the grid's frame cuts a thing off"
        assert float(cells.filled[r, c].mean()) > 0.6


def test_the_classical_model_chooses_when_the_finder_found_nothing() -> None:
    from nonogen.image.choice import CLASSICAL_FILE, NET_FOUND_BELOW, model, model_for  # noqa: PLC0415

    assert model_for({"net_found": NET_FOUND_BELOW / 2}) is model(CLASSICAL_FILE)
    assert model_for({"net_found": NET_FOUND_BELOW * 2}) is model()
    assert "net_in" in model().names
    assert "net_in" not in model(CLASSICAL_FILE).names


@pytest.mark.slow
def test_a_photo_the_finder_never_saw_keeps_its_subject() -> None:
    """The coffee cup fills its photo and the finder sees nothing in it: the classical model
    chooses, and the cup is drawn, not a poster of the frame."""
    from pathlib import Path  # noqa: PLC0415

    from nonogen.image.convert import convert  # noqa: PLC0415
    from nonogen.image.options import PictureOptions  # noqa: PLC0415
    from nonogen.image.read import read_picture  # noqa: PLC0415

    path = Path(__file__).resolve().parents[2] / "samples" / "coffee.jpg"
    picture = read_picture(path.read_bytes(), name=path.name)
    conversion = convert(picture, PictureOptions(width=40))
    assert not conversion.chosen.split.whole
    assert conversion.chosen.split.method != "poster"
    assert conversion.chosen.parts["net_found"] < 0.02
