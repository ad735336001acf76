"""Pointing at the subject (``--subject``): a box or a point, parsed, checked and used."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from nonogen.errors import SubjectError
from nonogen.exits import ExitCode
from nonogen.image.boxes import framed, inside, scaled
from nonogen.image.candidates import CANDIDATES
from nonogen.image.convert import convert, mask_cells, silhouette_iou, source_of
from nonogen.image.options import (
    METHODS,
    PictureOptions,
    SubjectBox,
    SubjectPoint,
    parse_subject,
    parse_subjects,
)
from nonogen.image.read import Picture
from tests.unit.test_subject import busy_ground, disc

Mask = npt.NDArray[np.bool_]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10,20,110,220", SubjectBox(10, 20, 110, 220)),
        (" 0, 0 ,5,5 ", SubjectBox(0, 0, 5, 5)),
        ("120,80", SubjectPoint(120, 80)),
        ("0,0", SubjectPoint(0, 0)),
    ],
)
def test_a_box_or_a_point_is_parsed_and_printed_back(
    text: str, expected: SubjectBox | SubjectPoint
) -> None:
    parsed = parse_subject(text)
    assert parsed == expected
    assert parse_subject(str(parsed)) == parsed
    assert eval(repr(parsed)) == parsed


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "LEFT,TOP,RIGHT,BOTTOM"),
        ("10,20,30", "LEFT,TOP,RIGHT,BOTTOM"),
        ("a,b,c,d", "LEFT,TOP,RIGHT,BOTTOM"),
        ("1.5,2,3,4", "LEFT,TOP,RIGHT,BOTTOM"),
        ("-1,2,3,4", "LEFT,TOP,RIGHT,BOTTOM"),
        ("1,2,3,4,5", "LEFT,TOP,RIGHT,BOTTOM"),
        ("10,10,10,40", "empty"),
        ("10,40,30,40", "empty"),
        ("30,10,10,40", "RIGHT > LEFT"),
    ],
)
def test_a_bad_subject_is_a_usage_error_that_says_the_spelling(text: str, says: str) -> None:
    with pytest.raises(SubjectError, match=says) as raised:
        parse_subject(text)
    assert raised.value.exit_code == ExitCode.USAGE
    assert raised.value.http_status == 422


def test_a_negative_corner_is_refused_on_construction() -> None:
    with pytest.raises(SubjectError, match="negative"):
        SubjectBox(-1, 0, 4, 4)
    with pytest.raises(SubjectError, match="negative"):
        SubjectPoint(3, -2)


def test_method_pointed_needs_a_subject() -> None:
    assert "pointed" in METHODS
    assert "pointed" in CANDIDATES
    with pytest.raises(Exception, match="--subject"):
        PictureOptions(method="pointed")
    PictureOptions(method="pointed", subject=SubjectBox(0, 0, 4, 4))


def test_subjects_csv_takes_a_box_in_one_field_or_spread_and_a_point() -> None:
    text = 'picture,subject\nstar.png,"1,2,30,40"\n\nsun.jpg,5,6,70,80\ncat.png,12,13\n'
    assert parse_subjects(text, "subjects.csv") == {
        "star.png": SubjectBox(1, 2, 30, 40),
        "sun.jpg": SubjectBox(5, 6, 70, 80),
        "cat.png": SubjectPoint(12, 13),
    }
    with pytest.raises(SubjectError, match=r"subjects.csv, line 2 \(b.png\)"):
        parse_subjects("a.png,1,1,9,9\nb.png,9,9,1,1\n", "subjects.csv")
    with pytest.raises(SubjectError, match="line 1"):
        parse_subjects("a.png\n", "subjects.csv")


def test_a_box_is_scaled_outwards_onto_every_copy() -> None:
    size = (1000, 500)
    assert scaled((100, 50, 301, 151), size, (50, 100)) == (slice(5, 16), slice(10, 31))
    assert scaled((0, 0, 1, 1), size, (50, 100)) == (slice(0, 1), slice(0, 1))
    mask = inside((500, 250, 1000, 500), size, (10, 20))
    assert mask[5:, 10:].all()
    assert mask.sum() == 50
    assert framed((100, 100, 200, 200), size) == (98, 98, 202, 202)
    assert framed((0, 0, 1000, 500), size) == (0, 0, 1000, 500)


def two_things() -> tuple[Picture, Mask, Mask]:
    """A big red disc left of the centre (the default choice) and a small blue triangle near
    the right edge, on a busy ground; their masks."""
    rows, cols = 240, 360
    rgb = busy_ground(rows, cols)
    big = disc(rows, cols, (120, 120), 80)
    y, x = np.mgrid[0:rows, 0:cols]
    small = (y >= 150) & (y < 210) & (x >= 270 + (210 - y) // 2) & (x < 330 - (210 - y) // 2)
    rgb[big] = (0.85, 0.1, 0.1)
    rgb[small] = (0.1, 0.2, 0.8)
    return Picture(rgb, (cols, rows)), np.asarray(big), np.asarray(small)


@pytest.mark.slow
def test_the_box_picks_the_thing_that_is_not_the_default_choice() -> None:
    picture, big, small = two_things()
    alone = convert(picture, PictureOptions(width=20))
    found = alone.cells.filled
    assert silhouette_iou(found, mask_cells(big, alone.cells.box, found.shape)) > 0.8
    pointed = convert(picture, PictureOptions(width=20, subject=SubjectBox(262, 140, 340, 220)))
    grid = pointed.cells.filled
    left, top, right, bottom = pointed.cells.box
    assert left < 262
    assert top < 140
    assert right > 340
    assert bottom > 220
    assert right - left < 90
    assert bottom - top < 90
    assert silhouette_iou(grid, mask_cells(small, pointed.cells.box, grid.shape)) > 0.75
    record = pointed.record()
    assert record["subject"] == {"given": "262,140,340,220", "box": [262, 140, 340, 220]}
    assert "subject" not in alone.record()


@pytest.mark.slow
def test_a_subject_touching_the_box_is_found_whole() -> None:
    picture, _, small = two_things()
    ys, xs = np.nonzero(small)
    tight = SubjectBox(int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    pointed = convert(picture, PictureOptions(width=20, subject=tight))
    grid = pointed.cells.filled
    truth = mask_cells(small, pointed.cells.box, grid.shape)
    assert silhouette_iou(grid, truth) > 0.75
    # The cells along the box's bottom edge, which the triangle's base touches, are filled.
    assert grid[-2:].any(axis=0).sum() >= 0.6 * truth[-2:].any(axis=0).sum()
    splits = CANDIDATES["pointed"](source_of(picture, PictureOptions(width=20, subject=tight)))
    assert splits
    assert all(s.method == "pointed" for s in splits)


@pytest.mark.slow
def test_a_point_is_made_the_box_of_the_thing_under_it() -> None:
    picture, _, small = two_things()
    pointed = convert(picture, PictureOptions(width=20, subject=SubjectPoint(300, 190)))
    assert pointed.subject is not None
    assert pointed.record()["subject"] == pointed.subject.to_json()
    box = pointed.subject.box
    ys, xs = np.nonzero(small)
    assert box[0] <= xs.min()
    assert box[1] <= ys.min()
    assert box[2] > xs.max()
    assert box[3] > ys.max()
    assert box[2] - box[0] < 120
    assert box[3] - box[1] < 120
    grid = pointed.cells.filled
    assert silhouette_iou(grid, mask_cells(small, pointed.cells.box, grid.shape)) > 0.7


@pytest.mark.slow
def test_pointing_is_deterministic() -> None:
    picture, _, _ = two_things()
    for subject in (SubjectBox(262, 140, 340, 220), SubjectPoint(300, 190)):
        options = PictureOptions(width=20, subject=subject)
        first, second = convert(picture, options), convert(picture, options)
        assert first.record() == second.record()
        assert (first.cells.filled == second.cells.filled).all()


@pytest.mark.parametrize("subject", [SubjectBox(300, 10, 361, 50), SubjectPoint(10, 240)])
def test_a_subject_outside_the_picture_is_a_usage_error(
    subject: SubjectBox | SubjectPoint,
) -> None:
    picture, _, _ = two_things()
    with pytest.raises(SubjectError, match="360x240 pixels") as raised:
        convert(picture, PictureOptions(width=20, subject=subject))
    assert raised.value.exit_code == ExitCode.USAGE
