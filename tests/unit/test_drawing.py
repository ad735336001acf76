"""Drawing the subject as a person would: areas, the tight frame, thin parts, specks, colour."""

from __future__ import annotations

import io

import numpy as np
import numpy.typing as npt
import pytest
from PIL import Image, ImageDraw

from nonogen.image.areas import (
    FEATURE_DELTA_E,
    LINE_WEIGHT,
    bridged,
    cleaned,
    line_weighted,
    specks,
    thin,
)
from nonogen.image.drawing import despeckled, main_pieces, tight_frame, widened_parts
from nonogen.image.options import PictureOptions
from nonogen.image.palette import NAMED, quantise
from nonogen.image.read import Picture
from nonogen.pipeline import MakeOptions, make_puzzle

Lab = npt.NDArray[np.float64]


def flat_lab(labels: npt.NDArray[np.int16]) -> Lab:
    """Cell colours that follow the labels: label 1 black, anything else white."""
    lab = np.zeros((*labels.shape, 3))
    lab[:, :, 0] = np.where(labels == 1, 0.0, 100.0)
    return lab


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def empty_border_lines(rows: list[str]) -> list[int]:
    """Empty lines at the top, bottom, left and right of a solution."""
    grid = np.array([[c != "." for c in row] for row in rows])

    def lead(lines: npt.NDArray[np.bool_]) -> int:
        return next((n for n, line in enumerate(lines) if line.any()), len(lines))

    return [lead(grid), lead(grid[::-1]), lead(grid.T), lead(grid.T[::-1])]


def test_a_speck_takes_the_label_around_it_and_lines_areas_and_fixed_cells_stay() -> None:
    subject = np.ones((8, 8), dtype=np.bool_)
    labels = np.zeros((8, 8), dtype=np.int16)
    labels[1, 1] = 1  # a speck: one cell, too faint to be a feature
    labels[5, 1:4] = 1  # a line of three
    labels[1:3, 5:7] = 1  # a 2 x 2 area
    lab = flat_lab(labels)
    lab[1, 1, 0] = 100.0 - FEATURE_DELTA_E + 5.0  # under the feature contrast
    out = cleaned(labels, subject, lab)
    assert out[1, 1] == 0
    assert (out[5, 1:4] == 1).all()
    assert (out[1:3, 5:7] == 1).all()
    fixed = np.zeros_like(subject)
    fixed[1, 1] = True
    assert cleaned(labels, subject, lab, fixed=fixed)[1, 1] == 1


def test_a_slanting_line_is_one_run_and_two_specks_touching_by_a_corner_are_not() -> None:
    subject = np.ones((9, 9), dtype=np.bool_)
    labels = np.zeros((9, 9), dtype=np.int16)
    for k in range(5):
        labels[1 + k, 1 + k] = 1  # a seam at a slant: five cells touching by corners
    labels[2, 6], labels[3, 7] = 1, 1  # two specks touching by a corner
    lab = flat_lab(labels)
    lab[labels == 1, 0] = 100.0 - FEATURE_DELTA_E + 5.0  # too faint to be features
    out = cleaned(labels, subject, lab)
    line = out == 1
    line[2:4, 6:8] = False
    assert all(out[1 + k, 1 + k] == 1 for k in range(5))  # kept, and joined by sides
    assert int(line.sum()) == 9  # one cell beside each of the four corners
    assert not specks(out, subject, lab)
    assert (out[2:4, 6:8] == 0).all()  # the two specks merged away


def test_a_slanting_line_is_not_joined_through_another_line() -> None:
    subject = np.ones((7, 7), dtype=np.bool_)
    labels = np.zeros((7, 7), dtype=np.int16)
    for k in range(5):
        labels[1 + k, 1 + k] = 1  # a dark line at a slant
    labels[0:3, 3] = 2  # another dark line, ending beside its step from (2, 2) to (3, 3)
    lab = flat_lab(labels)
    lab[labels > 0, 0] = 0.0  # both dark, on white: the other line's cell is the nearer
    out = bridged(labels, subject, lab, np.zeros_like(subject))
    assert (out[0:3, 3] == 2).all()  # the other line kept whole
    assert out[3, 2] == 1  # the step joined on the free side


def test_a_flip_on_a_line_or_a_feature_costs_more_than_one_on_an_area_s_edge() -> None:
    labels = np.zeros((6, 6), dtype=np.int16)
    labels[1, :] = 1  # a line
    labels[3:6, 2:5] = 1  # an area
    labels[4, 0] = 2  # a feature
    assert thin(labels)[1].all()
    assert thin(labels)[4, 0]
    assert not thin(labels)[3:6, 2:5].any()
    costs = np.full((6, 6), 0.1)
    weighted = line_weighted(labels, costs)
    assert weighted[1, 3] == pytest.approx(0.1 * LINE_WEIGHT)
    assert weighted[3, 2] == pytest.approx(0.1)  # an area's edge: as its colour says
    colour = line_weighted(labels, np.full((6, 6, 3), 2.0))
    assert (colour[1, 3] == 2.0 * LINE_WEIGHT).all()
    assert (colour[4, 3] == 2.0).all()


def test_a_small_part_that_stands_out_inside_an_area_is_a_feature() -> None:
    subject = np.ones((7, 7), dtype=np.bool_)
    labels = np.zeros((7, 7), dtype=np.int16)
    labels[3, 3] = 1  # an eye: black in a white area
    assert not specks(labels, subject, flat_lab(labels))
    assert cleaned(labels, subject, flat_lab(labels))[3, 3] == 1
    beside = labels.copy()
    beside[3, 3], beside[0, 3] = 0, 1  # on the subject's edge: not inside an area
    assert cleaned(beside, subject, flat_lab(beside))[0, 3] == 0


def test_detail_off_drops_every_feature_and_on_keeps_one_beside_small_areas() -> None:
    subject = np.ones((7, 7), dtype=np.bool_)
    labels = np.zeros((7, 7), dtype=np.int16)
    labels[3, 3] = 1  # an eye in a white area: kept by default, gone without detail
    assert cleaned(labels, subject, flat_lab(labels), detail=False)[3, 3] == 0
    assert cleaned(labels, subject, flat_lab(labels), detail=True)[3, 3] == 1
    striped = np.zeros((7, 7), dtype=np.int16)
    striped[:, 4:] = 2  # two areas meet beside the eye: no one area holds it
    striped[3, 3] = 1
    lab = flat_lab(striped)
    lab[striped == 2] = (50.0, 0.0, 0.0)  # grey, against the black eye's 0
    assert cleaned(striped, subject, lab)[3, 3] != 1
    assert cleaned(striped, subject, lab, detail=True)[3, 3] == 1
    faint = lab.copy()
    faint[3, 3] = (90.0, 0.0, 0.0)  # close to its white neighbours and the grey: a speck
    assert cleaned(striped, subject, faint, detail=True)[3, 3] != 1


def fish() -> bytes:
    """A blue fish with a black eye two pixels short of a cell at 20 wide, on white."""
    image = Image.new("RGB", (400, 240), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.ellipse((40, 40, 330, 200), fill=(30, 90, 200))
    draw.polygon([(310, 120), (380, 50), (380, 190)], fill=(30, 90, 200))
    draw.rectangle((100, 90, 118, 108), fill=(10, 10, 10))
    return png(image)


@pytest.mark.slow
def test_a_colour_make_keeps_or_drops_small_parts_as_detail_asks() -> None:
    def eye(detail: bool | None) -> int:
        picture = PictureOptions(width=20, detail=detail)
        made = make_puzzle(fish(), name="fish.png", options=MakeOptions(picture, colours=2))
        grid = made.puzzle.meta["source_grid"]
        assert isinstance(grid, list)
        blue = next(c.char for c in made.puzzle.palette.colours if c.name != "white")
        return sum(ch not in (".", blue) for row in grid for ch in str(row)[: len(row) // 2])

    assert eye(None) >= 1  # the eye is a feature of the blue body
    assert eye(False) == 0  # areas and lines only
    assert eye(True) >= 1


def test_the_tight_frame_holds_the_subject_and_a_cell_of_ground_a_side() -> None:
    mask = np.zeros((100, 200), dtype=np.bool_)
    mask[40:60, 50:150] = True  # a subject 100 x 20 pixels in a 200 x 100 picture
    frame = tight_frame(mask, (0, 0, 200, 100), (200, 100), PictureOptions(width=12))
    assert frame == (40, 30, 160, 70)  # a cell is 100 / (12 - 2) = 10 pixels
    tall = np.zeros((300, 200), dtype=np.bool_)
    tall[140:160, 50:150] = True
    both = tight_frame(tall, (0, 0, 200, 300), (200, 300), PictureOptions(width=12, height=12))
    left, top, right, bottom = both
    assert right - left == bottom - top == 120  # widened to the aspect asked
    assert (left, right) == (40, 160)
    within = tight_frame(mask, (60, 0, 200, 100), (200, 100), PictureOptions(width=12))
    assert within[0] >= 60  # never outside the box pointed at


def test_crumbs_of_a_split_are_left_out_but_small_parts_stay() -> None:
    mask = np.zeros((200, 200), dtype=np.bool_)
    mask[20:180, 20:150] = True  # the subject
    mask[100:104, 170:172] = True  # a crumb of 8 pixels
    mask[10:16, 170:176] = True  # a stone of 36 pixels
    kept = main_pieces(mask, least=30.0)
    assert kept[20:180, 20:150].all()
    assert not kept[100:104, 170:172].any()
    assert kept[10:16, 170:176].all()


def test_a_pinhole_the_picture_shows_is_kept_and_one_it_does_not_is_filled() -> None:
    filled = np.ones((5, 9), dtype=np.bool_)
    filled[2, 2] = filled[2, 6] = False
    lab = np.zeros((5, 9, 3))
    lab[2, 2, 0] = 90.0  # a window: light in the dark
    lab[2, 6, 0] = 10.0  # a pooling gap: as dark as around it
    out = despeckled(filled, lab)
    assert not out[2, 2]
    assert out[2, 6]


def animal() -> bytes:
    """A dark body on four legs thinner than a cell at 20 wide, on a grey ground."""
    image = Image.new("RGB", (400, 300), (150, 150, 150))
    draw = ImageDraw.Draw(image)
    draw.ellipse((100, 80, 300, 180), fill=(20, 20, 20))
    for x in (130, 170, 230, 270):
        draw.rectangle((x, 150, x + 5, 260), fill=(20, 20, 20))  # a leg a quarter cell wide
    return png(image)


@pytest.mark.slow
def test_legs_thinner_than_a_cell_survive_and_the_grid_is_cut_to_the_subject() -> None:
    made = make_puzzle(
        animal(), name="animal.png", options=MakeOptions(picture=PictureOptions(width=20))
    )
    source_grid = made.puzzle.meta["source_grid"]
    assert isinstance(source_grid, list)
    rows = [str(row) for row in source_grid]
    assert all(lines <= 1 for lines in empty_border_lines(rows))
    assert len(rows[0]) == 20
    bottom = rows[-2]  # the last line of the subject: the legs' feet
    feet = [run for run in bottom.split(".") if run]
    assert len(feet) == 4, "\n".join(rows)


@pytest.mark.slow
def test_a_colour_puzzle_is_on_paper_white_whatever_the_picture_s_ground() -> None:
    image = Image.new("RGB", (300, 300), (0, 0, 0))  # a black ground
    draw = ImageDraw.Draw(image)
    draw.ellipse((60, 60, 240, 240), fill=(30, 90, 200))  # a blue ball
    draw.rectangle((135, 40, 165, 75), fill=(220, 30, 30))  # a small red cap on it
    made = make_puzzle(
        png(image),
        name="ball.png",
        options=MakeOptions(picture=PictureOptions(width=20), colours=2),
    )
    colours = made.puzzle.palette.colours
    assert colours[0].rgb == "#ffffff"
    assert colours[0].name == "white"
    names = {colour.name for colour in colours[1:]}
    assert len(names) == 2
    assert names <= {name for name, _ in NAMED}
    reds = [c for c in colours[1:] if int(c.rgb[1:3], 16) > 150 > int(c.rgb[5:7], 16)]
    assert reds, colours  # the small red cap keeps its colour


def test_a_subject_s_own_white_is_paper_inside_an_outline_of_its_darkest_colour() -> None:
    rgb = np.full((100, 100, 3), 0.5)  # a grey ground
    rgb[20:80, 20:80] = 1.0  # a white square...
    rgb[45:55, 30:70] = (0.1, 0.1, 0.6)  # ...with a dark blue band across
    picture = Picture(rgb, (100, 100))
    subject = np.zeros((100, 100))
    subject[20:80, 20:80] = 1.0
    filled = np.zeros((10, 10), dtype=np.bool_)
    filled[2:8, 2:8] = True
    grid = quantise(
        picture, subject, filled, (0, 0, 100, 100), colours=2, rng=np.random.default_rng(0)
    ).grid
    assert (grid[3, 3:7] == 0).all()  # its white is paper...
    assert (grid[6, 3:7] == 0).all()
    for edge in (grid[2, 2:8], grid[7, 2:8], grid[2:8, 2], grid[2:8, 7]):
        assert (edge > 0).all()  # ...inside an outline
    assert (grid[~filled] == 0).all()


def test_a_part_thinner_than_a_cell_is_widened_and_a_slanting_outline_is_not() -> None:
    # A roof (slanting sides) on a pole a quarter of a cell wide, at 20 cells over 400
    # pixels (a cell is 20 pixels): the pole sticks out and is widened so that pooling keeps
    # it; the ribbon a cell-sized square leaves along the roof's slanting sides is no part
    # and is pooled as it is (widened, it drew every slanting outline a cell too wide).
    image = Image.new("L", (400, 300), 0)
    draw = ImageDraw.Draw(image)
    draw.polygon([(50, 230), (200, 40), (350, 230)], fill=255)
    draw.rectangle((198, 230, 202, 290), fill=255)  # the pole
    subject = np.asarray(image, dtype=np.float64) / 255.0
    out = widened_parts(subject, False, (0, 0, 400, 300), (400, 300), PictureOptions(width=20))
    grown = out > subject
    rows, cols = np.nonzero(grown)
    assert rows.size > 0
    assert rows.min() >= 225, "the roof's sides were widened"
    assert np.abs(cols - 200).max() <= 10
