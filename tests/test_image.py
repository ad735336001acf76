"""The image stage on pictures made in the test: formats, alpha, orientation, thresholds, errors."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from nonogen.errors import InputError, LimitError
from nonogen.image import downsample, grid_size, read_picture, threshold_level, to_cells


def encode(image: Image.Image, fmt: str, **options: object) -> bytes:
    """A picture's bytes in a file format."""
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def disc(size: int = 64) -> Image.Image:
    """A black disc on white."""
    yy, xx = np.mgrid[:size, :size]
    inside = (yy - size / 2) ** 2 + (xx - size / 2) ** 2 < (size / 3) ** 2
    return Image.fromarray(np.where(inside, 0, 255).astype(np.uint8), mode="L")


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF"])
def test_reads_common_formats(fmt: str) -> None:
    grey = read_picture(encode(disc().convert("RGB"), fmt), name=f"disc.{fmt.lower()}")
    assert grey.shape == (64, 64)
    assert grey[32, 32] < 0.2
    assert grey[0, 0] > 0.8


def test_sixteen_bit_and_cmyk() -> None:
    deep = Image.fromarray(np.asarray(disc(), dtype=np.uint16) * 257)
    assert read_picture(encode(deep, "PNG"), name="deep.png")[32, 32] < 0.2
    cmyk = disc().convert("CMYK")
    assert read_picture(encode(cmyk, "TIFF"), name="cmyk.tiff")[0, 0] > 0.8


def test_transparency_becomes_white() -> None:
    rgba = Image.new("RGBA", (8, 8), (0, 0, 0, 0))  # fully transparent black
    rgba.putpixel((4, 4), (0, 0, 0, 255))
    grey = read_picture(encode(rgba, "PNG"), name="alpha.png")
    assert grey[0, 0] == pytest.approx(1.0)
    assert grey[4, 4] == pytest.approx(0.0)


def test_exif_orientation_is_applied() -> None:
    wide = Image.new("L", (20, 10), 255)
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to display
    data = encode(wide, "JPEG", exif=exif.tobytes())
    assert read_picture(data, name="rotated.jpg").shape == (20, 10)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not a picture at all", "not a picture"),
        (encode(disc(), "PNG")[:200], "truncated"),
        (encode(Image.new("L", (1, 1)), "PNG"), "at least 2x2"),
    ],
)
def test_bad_pictures_are_input_errors(data: bytes, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_picture(data, name="bad")


def test_animated_gif_is_refused() -> None:
    frames = [disc(), Image.new("L", (64, 64), 255)]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:])
    with pytest.raises(InputError, match="animated"):
        read_picture(out.getvalue(), name="anim.gif")


def test_decompression_bomb_is_a_limit_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("nonogen.image.MAX_PIXELS", 1000)
    with pytest.raises(LimitError, match="too large"):
        read_picture(encode(Image.new("L", (100, 100)), "PNG"), name="bomb.png")


@pytest.mark.parametrize("method", ["otsu", "li", "yen", "mean", "0.5"])
def test_thresholds_split_a_disc(method: str) -> None:
    grey = np.asarray(disc(), dtype=np.float64) / 255.0
    assert 0.0 < threshold_level(grey, method) < 1.0


def test_fill_threshold_hits_the_fraction() -> None:
    grey = np.linspace(0, 1, 10_000).reshape(100, 100)
    level = threshold_level(grey, "fill:0.45")
    assert (grey < level).mean() == pytest.approx(0.45, abs=0.01)


@pytest.mark.parametrize("method", ["bogus", "1.5", "fill:2"])
def test_bad_threshold_names_the_choices(method: str) -> None:
    with pytest.raises(InputError, match="otsu"):
        threshold_level(np.zeros((4, 4)), method)


def test_one_colour_picture_is_refused() -> None:
    with pytest.raises(InputError, match="all one colour"):
        threshold_level(np.full((4, 4), 0.5), "otsu")


def test_grid_size_keeps_the_aspect_and_has_limits() -> None:
    assert grid_size((100, 200), 40, None) == (40, 20)
    assert grid_size((100, 200), None, 10) == (20, 10)
    with pytest.raises(LimitError, match="between 5 and 200"):
        grid_size((100, 100), 300, None)


def test_downsample_area_averages() -> None:
    grey = np.zeros((4, 4))
    grey[:, 2:] = 1.0
    assert downsample(grey, 2, 2).tolist() == [[0.0, 1.0], [0.0, 1.0]]


def test_subject_side_is_detected() -> None:
    grey = np.asarray(disc(), dtype=np.float64) / 255.0
    dark_on_light = to_cells(grey, width=8, height=8)
    light_on_dark = to_cells(1.0 - grey, width=8, height=8)
    assert not dark_on_light.inverted
    assert light_on_dark.inverted
    assert np.array_equal(dark_on_light.grid(), light_on_dark.grid())
    assert dark_on_light.grid()[4, 4]
    assert not dark_on_light.grid()[0, 0]
