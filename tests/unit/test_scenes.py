"""The subject finder's training scenes (bench/subjects.py): seeded, and masked truly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from bench.subjects import Grounds, scene
from bench.world import Subject


def _cutout(folder: Path) -> Subject:
    """A red disc with alpha, as a cut-out file."""
    rgba = np.zeros((80, 80, 4), dtype=np.uint8)
    y, x = np.mgrid[0:80, 0:80]
    disc = (y - 40) ** 2 + (x - 40) ** 2 < 35**2
    rgba[disc] = (220, 30, 30, 255)
    path = folder / "disc.png"
    Image.fromarray(rgba, "RGBA").save(path)
    return Subject("disc", str(path))


def test_a_scene_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    cutouts = [_cutout(tmp_path)]
    ground = Grounds((Image.new("RGB", (400, 300), (60, 120, 70)),), ("green",))
    made = [scene(cutouts, ground, (240, 160), np.random.default_rng(seed)) for seed in (5, 5, 6)]
    first, again, other = made
    assert np.array_equal(np.asarray(first[0]), np.asarray(again[0]))
    assert np.array_equal(first[1], again[1])
    assert first[3] == again[3]
    assert not np.array_equal(np.asarray(first[0]), np.asarray(other[0]))


def test_a_scenes_mask_is_where_its_subjects_are(tmp_path: Path) -> None:
    """Every masked pixel is the disc's red (or shaded or blended toward the ground), and the
    mask is neither empty nor the whole frame."""
    cutouts = [_cutout(tmp_path)]
    ground = Grounds((Image.new("RGB", (400, 300), (60, 120, 70)),), ("green",))
    for seed in range(8):
        picture, mask, things, _ = scene(cutouts, ground, (240, 160), np.random.default_rng(seed))
        assert picture.size == (240, 160)
        assert mask.shape == (160, 240)
        assert 0.0 < float(mask.mean()) < 1.0
        assert things
        assert all(t.name == "disc" for t in things)
