"""The image stage on pictures made in the test: formats, thresholds, contrast, edges, crop."""

from __future__ import annotations

import io
import struct
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from PIL import Image, ImageOps

from nonogen.errors import InputError, LimitError
from nonogen.grid import Grid, format_grid
from nonogen.image import convert as convert_module
from nonogen.image import frames
from nonogen.image.candidates import CANDIDATES
from nonogen.image.convert import Cells, NoSubjectError, convert, line_coverage, mask_cells
from nonogen.image.filters import (
    despeckle,
    downsample,
    enhance,
    threshold_level,
)
from nonogen.image.header import picture_shape
from nonogen.image.options import MAX_PIXELS, METHODS, PictureOptions, grid_size
from nonogen.image.read import Picture
from nonogen.image.read import read_picture as read_work_copy
from nonogen.image.scored import MIN_LIKENESS
from tests.photos import (
    PHONE_48,
    PHONE_FORMATS,
    big_jpeg,
    declaring,
    disc_photo,
    header_of,
    turned_band,
    upright,
)


def read_picture(data: bytes, *, name: str, max_pixels: int = 50_000_000) -> npt.NDArray[Any]:
    """The working copy's grey levels."""
    return read_work_copy(data, name=name, max_pixels=max_pixels).grey


def picture_of(grey: npt.NDArray[np.float64]) -> Picture:
    """A grey array as a picture."""
    rows, cols = grey.shape
    return Picture(np.repeat(grey[:, :, None], 3, axis=2), (cols, rows))


def to_cells(grey: npt.NDArray[np.float64], options: PictureOptions) -> Cells:
    """The chosen cells of a grey picture."""
    return convert(picture_of(grey), options).cells


def side_of(grey: npt.NDArray[np.float64], options: PictureOptions) -> str:
    """The subject side the conversion chose."""
    return str(convert(picture_of(grey), options).chosen.split.params.get("subject"))


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


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF", "HEIF", "AVIF"])
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


@pytest.mark.parametrize("fmt", PHONE_FORMATS)
def test_exif_orientation_is_applied(fmt: str) -> None:
    # Orientation 6: turn 90 degrees clockwise to display. HEIF and AVIF keep it as their
    # container's rotation (irot), which libheif applies and Pillow's AVIF reader turns back
    # into EXIF: either way the picture is read upright, as a JPEG's is.
    data = turned_band(fmt)
    picture = read_work_copy(data, name=f"rotated.{fmt.lower()}")
    assert picture.size == (40, 80)
    assert upright(picture.grey)
    assert picture_shape(data) == (80, 40)


@pytest.mark.parametrize("orientation", range(10))
def test_every_orientation_turns_the_picture_as_pillow_does(orientation: int) -> None:
    # The reader turns its small working copy, not the picture: the same pixels as Pillow's
    # exif_transpose of the whole picture (0 and 9 are not orientations: left as they are).
    pixels = np.random.default_rng(orientation).integers(0, 256, (5, 7, 3), dtype=np.uint8)
    exif = Image.Exif()
    exif[0x0112] = orientation
    data = encode(Image.fromarray(pixels), "PNG", exif=exif.tobytes())
    with Image.open(io.BytesIO(data)) as opened:
        pillows = np.asarray(ImageOps.exif_transpose(opened))
    picture = read_work_copy(data, name="turned.png")
    assert np.array_equal(np.round(picture.rgb * 255).astype(np.uint8), pillows)
    assert picture.size == (pillows.shape[1], pillows.shape[0])
    assert picture.rgb.flags.c_contiguous


@pytest.mark.parametrize("fmt", ["MPO", "HEIF"])
def test_a_phone_photo_with_more_images_reads_its_primary_image(fmt: str) -> None:
    # Phones store an HDR gain map or a depth map as a second image of an MPO (Multi-Picture
    # Format) JPEG, and a HEIF may hold several images besides its primary one: no
    # animation, so the primary image is the picture.
    out = io.BytesIO()
    disc_photo(96, 64).save(out, fmt, save_all=True, append_images=[Image.new("RGB", (48, 32))])
    grey = read_picture(out.getvalue(), name=f"photo.{fmt.lower()}")
    assert grey.shape == (64, 96)
    assert grey[32, 48] < 0.2
    assert grey[0, 0] > 0.8


@pytest.mark.slow
def test_a_48_megapixel_jpeg_is_decoded_reduced_within_the_decoded_limit() -> None:
    # Whole, it is 48.8 Mpx: read within a 4 Mpx decoded limit, it can only have been
    # decoded at 1/4 (2016x1512) by the JPEG's DCT scaling.
    picture = read_work_copy(big_jpeg(), name="phone.jpg", max_pixels=4_000_000)
    assert picture.size == PHONE_48
    assert picture.shape == (600, 800)
    assert picture.grey[300, 400] < 0.2
    assert picture.grey[0, 0] > 0.8


def test_a_jpeg_too_large_even_decoded_reduced_is_a_limit_error() -> None:
    data = big_jpeg(3200, 2400)  # decoded at 1/2: 1600x1200, 1.92 Mpx
    with pytest.raises(LimitError, match="3200x2400 pixels, decoded reduced to 1600x1200"):
        read_picture(data, name="big.jpg", max_pixels=1_000_000)
    assert read_picture(data, name="big.jpg", max_pixels=2_000_000).shape == (600, 800)


@pytest.mark.parametrize(
    ("fmt", "width", "height", "limit"),
    [
        ("JPEG", 8000, 6251, MAX_PIXELS),  # 50.008 Mpx: over the JPEG limit, reduced or not
        ("HEIF", 4096, 4096, 16_000_000),  # 16.8 Mpx: decoded whole, over the service's 16
        ("AVIF", 4096, 4096, 16_000_000),
        ("HEIF", 8000, 6251, 16_000_000),
    ],
)
def test_a_phone_picture_declaring_more_than_its_format_takes_is_refused_unread(
    fmt: str, width: int, height: int, limit: int
) -> None:
    data = declaring(header_of(fmt), width, height)
    with pytest.raises(LimitError, match=f"{width}x{height} pixels\\); use at most {limit} "):
        read_picture(data, name="declared", max_pixels=16_000_000)


def test_a_picture_decoded_whole_is_told_that_a_jpeg_may_be_larger() -> None:
    data = declaring(header_of("HEIF"), 5000, 4000)
    with pytest.raises(LimitError, match=f"or a JPEG of up to {MAX_PIXELS}"):
        read_picture(data, name="photo.heic", max_pixels=16_000_000)


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


def test_a_tiff_whose_second_page_has_a_bad_tag_is_an_input_error() -> None:
    # Found by the long random fuzz: counting the pages raised Pillow's KeyError.
    out = io.BytesIO()
    Image.new("L", (4, 4)).save(out, "TIFF", save_all=True, append_images=[Image.new("L", (4, 4))])
    data = bytearray(out.getvalue())
    first = struct.unpack_from("<I", data, 4)[0]
    second = struct.unpack_from("<I", data, first + 2 + 12 * data[first])[0]
    for at in range(second + 2, second + 2 + 12 * data[second], 12):
        if struct.unpack_from("<H", data, at)[0] == 259:  # compression: made ASCII "\x05"
            struct.pack_into("<HHIB", data, at, 259, 2, 1, 5)
    with pytest.raises(InputError, match="cannot decode"):
        read_picture(bytes(data), name="pages.tiff")


@pytest.mark.parametrize("fmt", ["EPS", "PPM", "TGA", "ICO"])
def test_only_the_common_picture_formats_are_opened(fmt: str) -> None:
    out = io.BytesIO()
    disc().convert("RGB").save(out, format=fmt)  # EPS would run Ghostscript when read
    with pytest.raises(InputError, match="PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC/HEIF or AVIF"):
        read_picture(out.getvalue(), name=f"x.{fmt.lower()}")


def test_decompression_bomb_is_a_limit_error() -> None:
    with pytest.raises(LimitError, match="too large"):
        read_picture(encode(Image.new("L", (100, 100)), "PNG"), name="bomb.png", max_pixels=1000)
    assert read_picture(encode(Image.new("L", (10, 100)), "PNG"), name="ok.png", max_pixels=1000)[
        0
    ].size


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
    assert grid_size((100, 200), 40, None) == (40, 20, [])
    assert grid_size((100, 200), None, 10) == (20, 10, [])
    with pytest.raises(LimitError, match="between 5 and 200"):
        grid_size((100, 100), 300, None)


def test_a_derived_side_is_clamped_with_a_warning() -> None:
    width, height, warnings = grid_size((100, 400), 15, None)  # a wide text picture
    assert (width, height) == (15, 5)
    assert "height of 4 cells; using 5" in str(warnings[0])
    assert grid_size((1000, 10), None, 150)[:2] == (5, 150)


def test_downsample_area_averages() -> None:
    grey = np.zeros((4, 4))
    grey[:, 2:] = 1.0
    assert downsample(grey, 2, 2).tolist() == [[0.0, 1.0], [0.0, 1.0]]


def disc_grey(size: int = 64) -> npt.NDArray[np.float64]:
    """A black disc on white as grey levels."""
    return np.asarray(disc(size), dtype=np.float64) / 255.0


def cells_of(rows: list[str]) -> Grid:
    """A grid from the text notation (``#`` filled)."""
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.bool_)


@pytest.mark.slow
def test_subject_side_is_detected() -> None:
    grey = disc_grey()
    options = PictureOptions(width=8, height=8, threshold="otsu")
    dark_on_light = to_cells(grey, options)
    light_on_dark = to_cells(1.0 - grey, options)
    assert side_of(grey, options) == "dark"
    assert side_of(1.0 - grey, options) == "light"
    assert np.array_equal(dark_on_light.grid(), light_on_dark.grid())
    assert dark_on_light.grid()[4, 4]
    assert not dark_on_light.grid()[0, 0]


def test_fill_threshold_through_to_cells() -> None:
    grey = np.tile(np.linspace(0.0, 1.0, 200), (100, 1))
    cells = to_cells(
        grey, PictureOptions(width=20, threshold="fill:0.45", invert=False, force=True)
    )
    assert cells.grid().mean() == pytest.approx(0.45, abs=0.05)


def lit_shapes(light_on_dark: bool = False) -> tuple[npt.NDArray[np.float64], Grid]:
    """Shapes under light falling from 0.25 on the left to 1.0 on the right, and the
    grid the same shapes make under even light."""
    yy, xx = np.mgrid[:120, :120]
    paper = np.ones((120, 120))
    paper[(yy - 60) ** 2 + (xx - 60) ** 2 < 30**2] = 0.3
    paper[10:30, 90:110] = 0.3
    if light_on_dark:
        paper = 1.3 - paper
    even = to_cells(paper, PictureOptions(width=12, threshold="otsu")).grid()
    return paper * (0.25 + 0.75 * xx / 119), even


@pytest.mark.slow
def test_sauvola_sees_through_uneven_light() -> None:
    grey, even = lit_shapes()
    assert even.sum() == 34
    otsu = to_cells(grey, PictureOptions(width=12, threshold="otsu", invert=False))
    sauvola = to_cells(grey, PictureOptions(width=12, threshold="sauvola"))
    assert (otsu.grid() != even).sum() > 20  # the dim left half all falls below Otsu's level
    assert format_grid(sauvola.grid()) == format_grid(even)
    assert side_of(grey, PictureOptions(width=12, threshold="sauvola")) == "dark"
    assert sauvola.cut == 0.5
    assert (sauvola.cost() > 0).all()


@pytest.mark.slow
def test_sauvola_finds_a_light_subject_in_uneven_light() -> None:
    grey, even = lit_shapes(light_on_dark=True)
    sauvola = to_cells(grey, PictureOptions(width=12, threshold="sauvola"))
    assert side_of(grey, PictureOptions(width=12, threshold="sauvola")) == "light"
    assert (sauvola.grid() != even).sum() <= 1  # a cell on the dim edge of the disc


@pytest.mark.slow
def test_sauvola_works_on_a_reduced_copy_of_a_large_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grey = lit_shapes()[0][:, 10:]  # not square, so a swapped width and height would show
    options = PictureOptions(width=11, threshold="sauvola")
    full = to_cells(grey, options).grid()
    monkeypatch.setattr("nonogen.image.filters.SAUVOLA_SIDE", 40)
    reduced = to_cells(grey, options).grid()
    assert full.shape == reduced.shape == (12, 11)
    assert full.sum() > 25
    assert (full != reduced).sum() <= 1


def test_stretch_maps_percentiles_to_black_and_white() -> None:
    grey = np.linspace(0.4, 0.6, 10_000).reshape(100, 100)
    stretched = enhance(grey, "stretch")
    assert (stretched == 0.0).mean() == pytest.approx(0.02, abs=0.002)
    assert (stretched == 1.0).mean() == pytest.approx(0.02, abs=0.002)
    assert stretched[50, 0] == pytest.approx(0.5, abs=0.01)
    assert enhance(grey, "stretch:0").min() == 0.0
    assert (enhance(grey, "stretch:10") == 0.0).mean() == pytest.approx(0.1, abs=0.002)


def test_stretch_keeps_a_subject_smaller_than_the_percentile() -> None:
    grey = np.ones((50, 50))
    grey[10, 10:20] = 0.6  # 0.4 % of the pixels: under the 2nd percentile
    stretched = enhance(grey, "stretch")
    assert stretched[10, 15] == 0.0
    assert stretched[0, 0] == 1.0


@pytest.mark.parametrize("contrast", ["stretch", "clahe"])
def test_contrast_comes_before_the_threshold(contrast: str) -> None:
    inside = disc_grey() < 0.5
    grey = np.where(inside, 0.45, 0.55)  # a faint disc
    plain = to_cells(grey, PictureOptions(width=8, threshold="0.3", invert=False, force=True))
    enhanced = to_cells(grey, PictureOptions(width=8, threshold="0.3", contrast=contrast))
    assert not plain.grid().any()
    assert enhanced.grid()[4, 4]
    assert not enhanced.grid()[0, 0]
    spread = enhance(grey, contrast)
    assert spread[~inside].mean() - spread[inside].mean() > 0.5


@pytest.mark.slow
def test_edges_keep_a_thin_line() -> None:
    grey = np.ones((300, 300))
    grey[157, :] = 0.0  # one pixel thick, inside grid row 10
    with pytest.raises(NoSubjectError, match="fills only"):  # area averaging loses the line
        to_cells(grey, PictureOptions(width=20, threshold="otsu", invert=False))
    cells = to_cells(grey, PictureOptions(width=20, edges=True))
    grid = cells.grid()
    assert grid[10].all()
    assert grid.sum() == 20
    assert (cells.cost()[10] > 0.4).all()  # a whole line crosses each of these cells
    found = convert(picture_of(grey), PictureOptions(width=20))  # strokes keep it, cropped
    assert found.chosen.split.method == "strokes"
    assert found.cells.grid().shape == (5, 20)
    assert found.cells.grid().sum() == 20
    assert "using 5" in str(found.warnings[0])


def test_line_coverage_counts_how_much_line_crosses_a_cell() -> None:
    lines = np.zeros((20, 20))
    lines[3, 0:10] = 1.0  # a line right across the top-left 10-pixel cell
    lines[15, 15] = 1.0  # one pixel of line in the bottom-right cell
    coverage = line_coverage(lines, 2, 2)
    assert coverage[0, 0] == pytest.approx(1.0)
    assert coverage[1, 1] == pytest.approx(0.1)
    assert coverage[0, 1] == coverage[1, 0] == 0.0
    cells = mask_cells(lines > 0, (0, 0, 20, 20), (2, 2), stroke=True)
    assert cells.tolist() == [[True, False], [False, False]]
    assert not mask_cells(lines > 0, (0, 0, 20, 20), (2, 2)).any()  # as areas: too thin


def test_edges_need_edges() -> None:
    ramp = np.tile(np.linspace(0.2, 0.8, 300), (300, 1))
    with pytest.raises(NoSubjectError, match="found no subject"):
        to_cells(ramp, PictureOptions(edges=True))


@pytest.mark.slow
@pytest.mark.parametrize("edges", [False, True])
def test_crop_sizes_the_grid_from_the_subject(edges: bool) -> None:
    grey = np.ones((200, 200))
    grey[100:140, 50:150] = 0.0  # 40 x 100 pixels
    method = {"edges": True} if edges else {"threshold": "otsu"}
    whole = to_cells(grey, PictureOptions(width=20, **method))
    cropped = to_cells(grey, PictureOptions(width=20, crop=True, **method))
    assert whole.grid().shape == (20, 20)
    # Plus 2 % of 200 pixels a side; Canny's outline lies just outside the bar.
    assert cropped.box == ((45, 95, 155, 145) if edges else (46, 96, 154, 144))
    assert cropped.grid().shape == (9, 20)
    assert cropped.grid()[4, 10] != edges  # the bar's middle: filled, or inside its outline
    assert cropped.grid()[:, 1].any()


def test_crop_keeps_a_picture_the_subject_fills() -> None:
    grey = np.tile(np.linspace(0.0, 0.9, 100), (50, 1))
    options = PictureOptions(width=20, threshold="0.95", crop=True, invert=False, force=True)
    cells = to_cells(grey, options)
    assert cells.grid().all()
    assert cells.box == (0, 0, 100, 50)
    assert cells.grid().shape == (10, 20)


def test_despeckle_clears_specks_and_fills_pinholes() -> None:
    grid = cells_of(
        [
            "........",
            ".#....##",
            "........",
            "..###...",
            "..#.#..#",
            "..###.#.",
            "........",
        ]
    )
    assert format_grid(despeckle(grid)) == [
        "........",
        "......##",
        "........",
        "..###...",
        "..###..#",
        "..###.#.",
        "........",
    ]
    assert grid[1, 1]  # the argument is left alone


def test_despeckled_cells_keep_their_cost() -> None:
    grey = np.ones((80, 80))
    grey[10:20, 10:20] = 0.0  # one lone cell
    grey[40:70, 40:70] = 0.0
    grey[50:60, 50:60] = 0.8  # a light pinhole in a block
    options = PictureOptions(width=8, threshold="0.5")
    plain = to_cells(grey, options)
    clean = to_cells(grey, PictureOptions(width=8, threshold="0.5", despeckle=True))
    assert plain.grid()[1, 1]
    assert not plain.grid()[5, 5]
    assert not clean.grid()[1, 1]
    assert clean.grid()[5, 5]
    assert (plain.grid() != clean.grid()).sum() == 2
    assert np.array_equal(plain.cost(), clean.cost())
    assert clean.cost()[5, 5] == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"contrast": "bogus"}, "none, stretch, clahe"),
        ({"contrast": "stretch:60"}, "stretch:P"),
        ({"contrast": "stretch:x"}, "got 'stretch:x'"),
        ({"threshold": "sauvola:3"}, "otsu, li, yen, mean, sauvola"),
        ({"threshold": "fill:0"}, "fill:F"),
        ({"edges": True, "threshold": "li"}, "--edges"),
        ({"method": "otsu", "threshold": "li"}, "give only one"),
        ({"width": 3}, "--width between 5 and 200"),
        ({"height": 500}, "--height between 5 and 200"),
    ],
)
def test_bad_options_say_what_is_allowed(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        PictureOptions(**options)


@pytest.mark.parametrize(
    "options",
    [
        PictureOptions(threshold="sauvola"),
        PictureOptions(edges=True),
        PictureOptions(contrast="clahe"),  # CLAHE alone would turn a flat picture into noise
    ],
)
def test_one_colour_picture_is_refused_in_every_mode(options: PictureOptions) -> None:
    with pytest.raises(InputError, match="all one colour"):
        to_cells(np.full((40, 40), 0.5), options)


def rgb_picture(rgb: npt.NDArray[np.float64]) -> Picture:
    """An RGB array as a picture."""
    rows, cols = rgb.shape[:2]
    return Picture(rgb, (cols, rows))


def disc_mask(rows: int = 120, cols: int = 160, radius: int = 30) -> Grid:
    """A disc a little off the centre."""
    yy, xx = np.mgrid[:rows, :cols]
    return np.asarray((yy - 55) ** 2 + (xx - 90) ** 2 < radius**2, dtype=np.bool_)


def iou_of(cells: Cells, mask: Grid) -> float:
    """The silhouette IoU of chosen cells with a mask pooled the same way."""
    truth = downsample(mask.astype(np.float64), *cells.filled.shape[::-1]) >= 0.5
    return float((cells.filled & truth).sum() / (cells.filled | truth).sum())


@pytest.mark.parametrize(
    ("ground", "subject"),
    [
        ("gradient", (0.1, 0.1, 0.1)),  # a dark disc on a strong gradient
        ("white", (1.0, 0.85, 0.1)),  # a yellow disc on white: colour, not luminance
        ("black", (0.9, 0.9, 0.9)),  # light on dark
        ("green", (0.85, 0.1, 0.1)),  # red on green of about the same grey
    ],
)
def test_the_subject_is_found_whatever_its_brightness(
    ground: str, subject: tuple[float, float, float]
) -> None:
    mask = disc_mask()
    ramp = np.tile(np.linspace(0.3, 1.0, 160), (120, 1))
    grounds = {
        "gradient": np.repeat(ramp[:, :, None], 3, axis=2),
        "white": np.ones((120, 160, 3)),
        "black": np.zeros((120, 160, 3)),
        "green": np.broadcast_to(np.array([0.2, 0.55, 0.2]), (120, 160, 3)).copy(),
    }
    rgb = grounds[ground].copy()
    rgb[mask] = subject
    conversion = convert(rgb_picture(rgb), PictureOptions(width=32))
    assert iou_of(conversion.cells, mask) >= 0.85, conversion.chosen.label
    assert conversion.cells.box == (0, 0, 160, 120)
    record = conversion.record()
    assert record["method"] == conversion.chosen.split.method
    assert isinstance(record["candidates"], list)
    assert len(record["candidates"]) >= 5


@pytest.mark.slow
@pytest.mark.parametrize(
    ("what", "rgb"),
    [
        ("noise", np.random.default_rng(5).random((100, 100, 3))),
        ("gradient", np.repeat(np.tile(np.linspace(0, 1, 100), (100, 1))[:, :, None], 3, axis=2)),
        ("stripes", np.repeat(np.tile(np.arange(100) // 5 % 2, (100, 1))[:, :, None], 3, axis=2)),
    ],
)
def test_a_picture_without_a_subject_is_refused(what: str, rgb: npt.NDArray[np.float64]) -> None:
    picture = rgb_picture(rgb.astype(np.float64))
    with pytest.raises(NoSubjectError, match="found no subject"):
        convert(picture, PictureOptions(width=20))
    forced = convert(picture, PictureOptions(width=20, force=True))
    assert 0.0 < forced.cells.filled.mean() < 1.0


def test_the_poster_is_drawn_where_the_whole_pictures_stencil_is_no_drawing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tried: list[str] = []
    poster = object()

    def drawing(
        source: object, options: object, warnings: object, name: str, least: float
    ) -> object:
        tried.append(name)
        return poster if name == "poster" else None

    monkeypatch.setattr(frames, "frame_drawing", drawing)
    rgb = np.ones((40, 40, 3))
    rgb[10:30, 10:30] = 0.0
    source = convert_module.source_of(rgb_picture(rgb), PictureOptions(width=10))
    assert frames.whole_frame(source, PictureOptions(width=10)) is poster
    assert tried == ["picture", "poster"]
    tried.clear()
    monkeypatch.setattr(frames, "frame_drawing", lambda *args: None)
    assert frames.whole_frame(source, PictureOptions(width=10)) is None


def test_a_faint_frame_is_drawn_only_where_a_doubtful_cut_is_the_other_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pink flower on purple: its frame's light and dark explain under MIN_LIKENESS of it,
    so no frame drawing passes; with ``faint`` (no subject stands out) the frame is drawn."""
    poster = object()

    def drawing(
        source: object, options: object, warnings: object, name: str, least: float
    ) -> object:
        return poster if name == "poster" and least < MIN_LIKENESS else None

    monkeypatch.setattr(frames, "frame_drawing", drawing)
    rgb = np.ones((40, 40, 3))
    rgb[10:30, 10:30] = 0.0
    options = PictureOptions(width=10)
    source = convert_module.source_of(rgb_picture(rgb), options)
    assert frames.whole_frame(source, options) is None
    assert frames.whole_frame(source, options, faint=True) is poster


def test_a_speck_is_refused() -> None:
    rgb = np.ones((100, 100, 3))
    rgb[40:42, 60:62] = 0.0
    with pytest.raises(NoSubjectError, match="found no subject"):
        convert(rgb_picture(rgb), PictureOptions(width=20))


def test_a_small_subject_in_a_corner_is_cropped_to() -> None:
    rgb = np.ones((200, 200, 3))
    rgb[20:60, 130:180] = 0.0
    conversion = convert(rgb_picture(rgb), PictureOptions(width=20))
    left, top, right, bottom = conversion.cells.box
    assert left < 130
    assert right >= 180
    assert top < 20
    assert bottom >= 60
    assert right - left < 100
    assert any("cropped" in str(warning) for warning in conversion.warnings)
    assert conversion.cells.filled.mean() > 0.5


def test_every_forceable_method_is_a_candidate_and_every_candidate_can_be_forced() -> None:
    assert set(METHODS) == set(CANDIDATES) - {"level"}
