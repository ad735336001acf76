"""Colours as asked, named in plain words (issue 51, item 4): a colour puzzle has the colours
asked or says why not; every two of its colours, and each and the paper, are Delta E 20 apart;
names are basic colour terms, light, dark or pale."""

from __future__ import annotations

import io
import re

import numpy as np
import numpy.typing as npt
import pytest
from PIL import Image, ImageDraw

from nonogen.image.options import PictureOptions
from nonogen.image.palette import MERGE_DELTA_E, NAMED, PAPER, delta_e
from nonogen.pipeline import MakeOptions, make_puzzle

PLAIN = re.compile(
    r"(light |dark |pale )?(black|white|grey|red|pink|orange|yellow|brown|green|blue green|"
    r"blue|purple)"
)


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def lab_of(rgb: str) -> npt.NDArray[np.float64]:
    from skimage import color  # noqa: PLC0415

    values = np.array([[[int(rgb[i : i + 2], 16) / 255 for i in (1, 3, 5)]]])
    lab: npt.NDArray[np.float64] = np.asarray(color.rgb2lab(values), dtype=np.float64)[0, 0]
    return lab


def test_every_name_is_plain_words() -> None:
    assert all(PLAIN.fullmatch(name) for name, _ in NAMED)
    assert len({name for name, _ in NAMED}) == len(NAMED)


@pytest.mark.slow
def test_a_tiger_keeps_its_stripes_and_every_two_colours_are_apart() -> None:
    """An orange animal with thin black stripes on a green ground, in 4 colours: the stripes
    keep their black, and no two colours are closer than Delta E 20."""
    image = Image.new("RGB", (400, 300), (60, 140, 60))
    draw = ImageDraw.Draw(image)
    draw.ellipse((60, 50, 340, 250), fill=(230, 120, 30))
    for x in range(90, 320, 40):
        draw.rectangle((x, 70, x + 10, 230), fill=(20, 15, 10))
    draw.ellipse((150, 110, 250, 190), fill=(245, 230, 200))  # a pale belly
    made = make_puzzle(
        png(image),
        name="tiger.png",
        options=MakeOptions(picture=PictureOptions(width=40), colours=4),
    )
    colours = made.puzzle.palette.colours
    labs = np.array([lab_of(c.rgb) for c in colours[1:]])
    names = [c.name for c in colours]
    assert all(PLAIN.fullmatch(name) for name in names), names
    gaps = delta_e(labs[:, None, :], labs[None, :, :])
    assert gaps[~np.eye(len(labs), dtype=bool)].min() >= MERGE_DELTA_E - 0.5  # rounding to RGB
    assert delta_e(labs, PAPER[None, :]).min() >= MERGE_DELTA_E - 0.5
    assert "black" in names, names  # the stripes


@pytest.mark.slow
def test_fewer_colours_than_asked_says_why() -> None:
    image = Image.new("RGB", (200, 200), (255, 255, 255))
    ImageDraw.Draw(image).ellipse((30, 30, 170, 170), fill=(200, 40, 40))
    options = MakeOptions(picture=PictureOptions(width=20), colours=4)
    made = make_puzzle(png(image), name="red.png", options=options)
    assert made.puzzle.palette.size == 2
    assert made.conversion is not None
    said = [str(w) for w in made.conversion.warnings]
    assert any("asked for 4 colours; the picture gave 1" in w for w in said), said


def test_an_empty_line_s_hint_is_short() -> None:
    """Issue 51: "Row 1 (clue 0): cells 1-4 must be empty ... in every arrangement of the
    clue" said in a few words."""
    from nonogen.grid import UNKNOWN  # noqa: PLC0415
    from nonogen.puzzle import puzzle_from_grid  # noqa: PLC0415
    from nonogen.solve.hint import next_step  # noqa: PLC0415

    grid = np.zeros((3, 4), dtype=bool)  # every line empty: the first hint is row 1's
    partial = np.full(grid.shape, UNKNOWN, dtype=np.int8)
    hint = next_step(puzzle_from_grid(grid), partial, seconds=5)
    assert hint.reason == "Row 1 (clue 0): nothing is filled in this line, so cross every cell"
