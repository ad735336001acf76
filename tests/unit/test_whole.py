"""The whole picture as its own subject, and holes and notches kept (issue 49)."""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from nonogen.grid import Grid
from nonogen.image import convert as convert_module
from nonogen.image import frames
from nonogen.image.candidates import CANDIDATES
from nonogen.image.convert import convert, fills_frame, mask_cells, silhouette_iou, source_of
from nonogen.image.masks import fill_holes, hull
from nonogen.image.options import PictureOptions
from nonogen.image.palette import _ink_cored
from nonogen.image.read import Picture, read_picture
from nonogen.image.whole import GROUND_EDGE, light_ground, stencil
from nonogen.pipeline import Made, MakeOptions, make_puzzle
from nonogen.pipeline.gallery import gallery

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def sample(name: str) -> Picture:
    return read_picture((SAMPLES / name).read_bytes(), name=name)


def test_the_stencil_inks_the_dark_side_and_a_flat_picture_has_none() -> None:
    rgb = np.ones((40, 40, 3))
    rgb[10:30, 10:30] = 0.1
    ink = stencil(rgb, cell_px=2.0)
    assert ink is not None
    assert ink[20, 20] > 0.5
    assert ink[2, 2] < 0.5
    assert stencil(np.full((40, 40, 3), 0.5), cell_px=2.0) is None


def test_the_stencil_keeps_a_line_thinner_than_a_cell() -> None:
    # A seam a quarter of a cell wide (a ball's, a jacket's) darkens its cells: pooled, they
    # are inked, where a cut of each pixel would leave them a quarter inked and lose the seam.
    rgb = np.ones((40, 40, 3))
    rgb[:, 21] = 0.1
    ink = stencil(rgb, cell_px=4.0)
    assert ink is not None
    pooled = ink.reshape(10, 4, 10, 4).mean(axis=(1, 3))
    assert (pooled[:, 5] >= 0.5).all()
    assert (np.delete(pooled, 5, axis=1) < 0.5).all()


def _lab_cells(lightness: float, a: float, b: float) -> np.ndarray:
    cells = np.zeros((20, 20, 3))
    cells[:, :] = (lightness, a, b)
    return cells


def test_a_light_neutral_ground_at_the_edges_is_found_and_what_stands_on_it_is_not() -> None:
    cells = _lab_cells(75.0, 1.0, 2.0)  # a light grey wall
    cells[5:15, 6:14] = (72.0, 14.0, 14.0)  # a face: chroma 20
    cells[16:, 8:12] = (30.0, 0.0, 0.0)  # a dark collar running off the bottom
    ground = light_ground(cells)
    assert ground is not None
    assert ground[0].all()
    assert ground[:, 0].all()
    assert not ground[5:15, 6:14].any()
    assert not ground[16:, 8:12].any()


@pytest.mark.parametrize(
    "lab", [(75.0, -5.0, -30.0), (35.0, 0.0, 0.0)], ids=["a blue sky", "a dark room"]
)
def test_a_coloured_or_dark_ground_is_not_a_light_ground(lab: tuple[float, float, float]) -> None:
    assert light_ground(_lab_cells(*lab)) is None


def test_a_light_patch_lining_too_little_of_the_edges_is_not_the_ground() -> None:
    # A light strip along the top edge and down the left one, in a brown room: the ground
    # only from the cell that makes it line GROUND_EDGE of the edge cells.
    path = [(0, c) for c in range(20)] + [(r, 0) for r in range(1, 20)]
    needed = math.ceil(GROUND_EDGE * (4 * 20 - 4))
    for lining, found in ((needed - 1, False), (needed, True)):
        cells = _lab_cells(40.0, 20.0, 30.0)
        for r, c in path[:lining]:
            cells[r, c] = (80.0, 0.0, 0.0)
        ground = light_ground(cells)
        assert (ground is not None) == found
        assert ground is None or int(ground.sum()) == lining


def test_the_whole_picture_candidate_splits_the_whole_frame() -> None:
    source = source_of(sample("chelsea.jpg"), PictureOptions(width=40))
    (split,) = CANDIDATES["picture"](source)
    assert split.whole
    assert split.method == "picture"
    assert 0.05 < float(split.subject.mean()) < 0.95


@pytest.mark.slow
def test_a_colour_make_of_the_whole_picture_colours_the_frame() -> None:
    data = (SAMPLES / "astronaut.jpg").read_bytes()
    options = MakeOptions(picture=PictureOptions(width=30), colours=4)
    made = make_puzzle(data, name="astronaut.jpg", options=options)
    assert made.conversion is not None
    assert made.conversion.chosen.split.whole
    goal = made.puzzle.goal
    assert goal is not None
    # Not the light half left as paper (the tonal poster's fault: the face and the suit were
    # holes): the paper is the grey wall around her, and her head and suit are coloured.
    assert float((goal == 0).mean()) < 0.5
    assert float((goal[2:9, 10:16] != 0).mean()) > 0.9  # the head
    assert float((goal[20:29, 1:12] != 0).mean()) > 0.9  # the suit
    assert float((goal[0:3, 3:9] == 0).mean()) > 0.9  # the wall beside her head
    assert len(made.puzzle.palette.colours) == 5  # four colours and the paper


@pytest.mark.slow
def test_a_colour_make_drawn_as_the_tonal_poster_colours_the_frame_too() -> None:
    # The poster draws the whole frame as the whole picture does: in colour its light side is
    # not left as paper (white holes in a forest), every cell is coloured.
    data = (SAMPLES / "chelsea.jpg").read_bytes()
    options = MakeOptions(picture=PictureOptions(width=25, method="poster"), colours=4)
    made = make_puzzle(data, name="chelsea.jpg", options=options)
    assert made.conversion is not None
    assert made.conversion.chosen.split.method == "poster"
    assert made.conversion.chosen.split.frame
    goal = made.puzzle.goal
    assert goal is not None
    assert float((goal == 0).mean()) < 0.2  # the cat has no near-white: little or no paper


@pytest.mark.slow
def test_a_colour_poster_leaves_a_light_sky_as_paper_and_trims_it_to_one_line() -> None:
    # Posts on a field under a light grey sky, drawn as the tonal poster in colour: the sky
    # is a light ground, so paper, and the frame is cut to one empty line above the posts, as
    # the whole picture's is (no band of empty rows at a border).
    rgb = np.zeros((160, 200, 3), dtype=np.uint8)
    rgb[:] = (200, 198, 196)
    rgb[80:] = (60, 120, 50)
    for k in range(6):
        rgb[50:120, 20 + 30 * k : 32 + 30 * k] = (120, 60, 30)
    buffer = io.BytesIO()
    Image.fromarray(rgb).save(buffer, "PNG")
    options = MakeOptions(picture=PictureOptions(width=25, method="poster"), colours=4)
    made = make_puzzle(buffer.getvalue(), name="posts.png", options=options)
    goal = made.puzzle.goal
    assert goal is not None
    assert (goal[0] == 0).all()  # the one empty line left of the sky
    assert (goal[1] != 0).any()  # the posts' tops right under it
    assert (goal[-1] != 0).all()  # the field


@pytest.mark.slow
def test_the_gallery_offers_the_whole_picture() -> None:
    data = (SAMPLES / "coffee.jpg").read_bytes()
    options = MakeOptions(picture=PictureOptions(width=25))
    shown = gallery(data, name="coffee.jpg", options=options)
    labels = [choice.label for choice in shown.choices]
    assert labels[-1] == "The whole picture"
    assert not shown.choices[-1].chosen
    assert len(set(labels)) == len(labels)  # no repeats (issue 51)
    methods = ("netcut", "salient", "yen", "sauvola", "clusters", "otsu", "grabcut")
    assert not any(method in label for label in labels for method in methods), labels


@pytest.mark.slow
def test_the_ring_keeps_its_hole_and_its_notch() -> None:
    """The README's first command: the GrabCut-seeded cut filled the hole and lost the notch;
    the picture's own tones, of the same outline, explain it better and are drawn."""
    found = convert(sample("ring.png"), PictureOptions(width=30))
    filled = found.chosen.cells.filled
    rows, cols = filled.shape
    assert found.chosen.split.method not in ("netcut", "refined", "grabcut", "salient")
    middle = filled[rows // 2 - 2 : rows // 2 + 2, cols // 2 - 2 : cols // 2 + 2]
    assert not middle.any()  # the square hole
    top = np.nonzero(filled.any(axis=1))[0][0]
    assert filled[top].sum() <= 3  # the notch: a point above the ellipse's top
    assert 12 <= filled[top].nonzero()[0].mean() <= 17


def tones_drawn(name: str, width: int, *, stroke: bool = False) -> tuple[Grid, float]:
    """A samples/bench picture converted at ``width``: the chosen grid, drawn from the
    picture's own tones (no region-seeking cut), and its IoU with the true subject as the
    report measures it."""
    picture = read_picture((SAMPLES / "bench" / name).read_bytes(), name=name)
    found = convert(picture, PictureOptions(width=width))
    assert found.chosen.split.method not in ("netcut", "refined", "grabcut", "salient")
    filled = found.chosen.cells.filled
    with Image.open(SAMPLES / "bench" / "masks" / f"{Path(name).stem}.png") as mask:
        drawn = np.asarray(mask.convert("L")) > 127
    truth = mask_cells(drawn, found.chosen.cells.box, filled.shape, stroke=stroke)
    return filled, silhouette_iou(filled, truth)


@pytest.mark.slow
def test_a_spiral_is_drawn_as_its_strokes_not_as_the_blob_around_them() -> None:
    """samples/bench's light spiral on a gradient at 50 wide: the salient cut was a disc
    around it (IoU 0.15 with the spiral), and filling holes leaves a spiral a spiral, so its
    strokes did not supersede the disc. The strokes' convex hull is the disc's outline."""
    filled, iou = tones_drawn("spiral_on_gradient.jpg", 50, stroke=True)
    assert iou > 0.6  # the report's IoU: 0.15 for the disc
    assert filled.mean() < 0.3  # strokes, not a disc


@pytest.mark.slow
def test_a_letter_keeps_the_hole_a_cut_of_the_same_outline_filled() -> None:
    """samples/bench's light R on black: the subject finder's cut has the letter's very
    outline but fills its hole; the picture's own tones, the same outline with the hole,
    explain the picture better (0.96 against 0.84) and are drawn."""
    filled, iou = tones_drawn("letter_R_on_black.png", 35)
    assert iou > 0.95  # the cut's: 0.88
    assert (fill_holes(filled) & ~filled).sum() >= 4  # the hole, kept


def test_the_hull_of_a_mask_covers_its_concavities() -> None:
    mask = np.zeros((9, 9), dtype=np.bool_)
    mask[1, 1:8] = mask[1:8, 1] = mask[7, 1:8] = True  # a C open to the right
    covered = hull(mask)
    assert covered[4, 6]
    assert covered[2:7, 2:7].all()
    assert not covered[0].any()
    assert not covered[:, 8].any()
    assert not hull(np.zeros((3, 3), dtype=np.bool_)).any()


def close_horse() -> bytes:
    """The horse cropped so that it fills the frame and runs off it."""
    with Image.open(SAMPLES / "horse.png") as image:
        crop = image.crop((60, 40, 340, 290))
        buffer = io.BytesIO()
        crop.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.slow
def test_a_subject_running_off_the_frame_is_drawn_as_the_whole_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The horse cropped so that it fills the frame and runs off it: the subject finder sees
    it over most of the picture and its border, so the frame itself is drawn, and the warning
    says so (its likeliest cut, the dark side, is also one nothing backs: the fill is the
    reason said first). With the doubt of backing set aside, the fill alone draws it."""
    close = read_picture(close_horse(), name="horse-close.png")
    assert fills_frame(source_of(close, PictureOptions(width=40)))
    found = convert(close, PictureOptions(width=40))
    assert found.chosen.split.whole
    assert any("fills the frame" in str(warning) for warning in found.warnings)
    assert any("running off its edges" in str(warning) for warning in found.warnings)
    unfilled = convert(close, PictureOptions(width=40), fills_whole=False)
    assert unfilled.chosen.split.whole  # its likeliest cut is backed by nothing: doubted
    assert any("is not where the subject finder" in str(w) for w in unfilled.warnings)
    whole_horse = sample("horse.png")
    assert not fills_frame(source_of(whole_horse, PictureOptions(width=40)))
    assert not convert(whole_horse, PictureOptions(width=40)).chosen.split.whole
    monkeypatch.setattr(frames, "BACKED", 0.0)  # no cut is unbacked now
    found = convert(close, PictureOptions(width=40))
    assert found.chosen.split.whole
    assert any("fills the frame" in str(warning) for warning in found.warnings)


def test_a_subject_taking_most_of_the_frame_fills_it_even_inside_its_edges() -> None:
    """Over FILLS_ALONE of the picture the thing fills the frame whether or not it runs off
    it (a photographed apple with a margin of table round it); under it, only when it runs off
    the frame, and never under FILLS_FOUND."""
    fills = frames.fills
    alone, found, border = (
        frames.FILLS_ALONE,
        frames.FILLS_FOUND,
        frames.FILLS_BORDER,
    )
    assert fills(alone, 0.0)
    assert not fills(alone - 0.01, 0.0)
    assert fills(found, border)
    assert not fills(found, border - 0.001)
    assert not fills(found - 0.01, 1.0)


@pytest.mark.slow
def test_both_kinds_draw_a_subject_that_fills_the_frame_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One rule for both kinds (docs/benchmarks.md, issue 49's third round): a close-up is
    drawn as the whole picture in black and white as in colour (by the fill alone: the doubt
    of backing, which would draw it whole too, is set aside)."""
    monkeypatch.setattr(frames, "BACKED", 0.0)
    data = close_horse()
    picture = PictureOptions(width=30)
    mono = make_puzzle(data, name="close.png", options=MakeOptions(picture=picture))
    colour = make_puzzle(data, name="close.png", options=MakeOptions(picture=picture, colours=4))
    assert mono.conversion is not None
    assert colour.conversion is not None
    assert mono.conversion.chosen.split.whole
    assert colour.conversion.chosen.split.whole
    close = read_picture(data, name="close.png")
    assert not convert(close, picture, fills_whole=False).chosen.split.whole


def margined_picture() -> bytes:
    """A picture whose left half is white paper: on its right, dark and coloured bands."""
    rgb = np.full((200, 300, 3), 255, dtype=np.uint8)
    for i, colour in enumerate(((30, 30, 30), (200, 40, 40), (40, 60, 200), (30, 30, 30))):
        rgb[20 + 40 * i : 60 + 40 * i, 150:290] = colour
    rgb[:, 200:210] = (250, 220, 40)
    buffer = io.BytesIO()
    Image.fromarray(rgb).save(buffer, "PNG")
    return buffer.getvalue()


def empty_lines_at_left(made: Made) -> int:
    """How many columns at the left of the made puzzle's solution hold no inked cell."""
    goal = made.puzzle.goal
    assert goal is not None
    inked = (goal != 0).any(axis=0)
    return int(np.argmax(inked)) if inked.any() else len(inked)


@pytest.mark.slow
@pytest.mark.parametrize("colours", [None, 3])
def test_the_whole_picture_is_cut_by_its_empty_margin_unless_not_tight(colours: int | None) -> None:
    # Drawn whole, the white half of the frame would be empty columns: the frame is cut by
    # them (one kept), as a subject's frame is, in both kinds; --no-tight keeps them.
    data = margined_picture()
    tight = PictureOptions(width=30, method="picture")
    made = make_puzzle(data, name="margin.png", options=MakeOptions(picture=tight, colours=colours))
    assert made.conversion is not None
    assert made.conversion.chosen.split.whole
    assert empty_lines_at_left(made) <= 1
    loose = PictureOptions(width=30, method="picture", tight=False)
    kept = make_puzzle(data, name="margin.png", options=MakeOptions(picture=loose, colours=colours))
    assert empty_lines_at_left(kept) >= 10


@dataclass(frozen=True)
class Ranked:
    """What doubt reads of a ranked grid: its score, and whether its fill is sane."""

    score: float
    eligible: bool


def test_doubt_is_judged_on_the_grid_that_would_be_drawn() -> None:
    """A cut of 2 % of a pink flower filling the frame ranked first (0.51) but is a speck,
    never drawn; the grid drawn in its place (a cluster of a few cells) scored 0.29, and the
    frame was not drawn because the speck's score was read."""
    speck, cluster = Ranked(0.51, eligible=False), Ranked(0.29, eligible=True)
    ranked = cast("tuple[convert_module.Scored, ...]", (speck, cluster))
    assert convert_module._drawn(ranked) == cast("convert_module.Scored", cluster)
    assert convert_module._drawn(ranked).score < convert_module.POSTER_BELOW
    only_specks = cast("tuple[convert_module.Scored, ...]", (speck,))
    assert convert_module._drawn(only_specks) == cast("convert_module.Scored", speck)


@dataclass(frozen=True)
class Cut:
    """What the backing test reads of a cut: its split's wholeness and its parts."""

    @dataclass(frozen=True)
    class Split:
        frame: bool
        drawn: bool = False

    split: Split
    parts: dict[str, float]


@pytest.mark.parametrize(
    ("net_agree", "consensus", "whole", "unbacked"),
    [
        (0.02, 0.03, False, True),  # the sky over a building, cut by its colour
        (0.29, 0.29, False, True),
        (0.30, 0.05, False, False),  # the subject finder sees it
        (0.05, 0.30, False, False),  # other cuts agree with it
        (0.02, 0.03, True, False),  # the whole frame is never doubted for this
        (0.02, 0.03, None, False),  # nor a drawing of lines, which overlaps no area
    ],
)
def test_a_cut_neither_the_finder_nor_other_cuts_back_is_doubtful(
    net_agree: float, consensus: float, *, whole: bool | None, unbacked: bool
) -> None:
    split = Cut.Split(frame=False, drawn=True) if whole is None else Cut.Split(frame=whole)
    cut = Cut(split, {"net_agree": net_agree, "consensus": consensus})
    assert frames.unbacked(cast("convert_module.Scored", cut)) is unbacked


@pytest.mark.parametrize(
    ("outline", "ground_in", "consensus", "whole", "soft"),
    [
        (1.4, 0.9, 0.3, False, True),  # a cut through a face filling the frame
        (2.49, 0.3, 0.79, False, True),
        (2.5, 0.9, 0.3, False, False),  # as sharp at its edge as a thing set on a ground
        (1.2, 0.29, 0.3, False, False),  # an area cut off from the frame's edges: a thing
        (1.4, 0.9, 0.8, False, False),  # every other cut finds it too
        (1.4, 0.9, 0.3, True, False),  # the whole frame is never doubted for this
        (1.4, 0.9, 0.3, None, False),  # nor a drawing of lines, which is no area
    ],
)
def test_a_soft_cut_tied_to_the_frame_is_doubtful(
    outline: float, ground_in: float, consensus: float, *, whole: bool | None, soft: bool
) -> None:
    split = Cut.Split(frame=False, drawn=True) if whole is None else Cut.Split(frame=whole)
    cut = Cut(split, {"outline": outline, "ground_in": ground_in, "consensus": consensus})
    assert frames.soft(cast("convert_module.Scored", cut)) is soft


def test_a_photo_whose_cut_is_soft_is_drawn_whole_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``convert`` asks ``soft`` of the cut it would draw: the coffee photo's cut is sharp at
    its edge and kept; with every area cut counted soft, the photo is drawn whole, and the
    warning gives that reason."""
    coffee = sample("coffee.jpg")
    kept = convert(coffee, PictureOptions(width=40))
    assert not kept.chosen.split.whole
    assert not any("no sharper at its edge" in str(w) for w in kept.warnings)
    monkeypatch.setattr(frames, "SOFT_OUTLINE", math.inf)
    monkeypatch.setattr(frames, "SOFT_GROUND", 0.0)
    monkeypatch.setattr(frames, "SOFT_AGREED", math.inf)
    doubted = convert(coffee, PictureOptions(width=40))
    assert doubted.chosen.split.whole
    assert any("no sharper at its edge" in str(w) for w in doubted.warnings)


def _drawn(draw_on: Callable[[ImageDraw.ImageDraw], None], size: int = 200) -> bytes:
    """A drawing on a white page, drawn four times as large and reduced as a drawing
    program smooths its edges: every stroke's edge a blend of its ink and the page."""
    large = Image.new("RGB", (4 * size, 4 * size), "white")
    draw_on(ImageDraw.Draw(large))
    buffer = io.BytesIO()
    large.resize((size, size), Image.Resampling.BOX).save(buffer, format="PNG")
    return buffer.getvalue()


def _whole_in_colour(data: bytes, width: int = 25) -> Made:
    options = MakeOptions(picture=PictureOptions(width=width, method="picture"), colours=4)
    return make_puzzle(data, name="drawing.png", options=options)


def test_a_line_drawing_in_colour_is_drawn_in_its_one_ink_with_its_strokes_whole() -> None:
    # Black lines on a white page, asked in four colours: the greys along every stroke's
    # edge are blends of the ink and the page, not colours of the drawing (they used to take
    # three of the four and break each stroke into greys).
    def ring(draw: ImageDraw.ImageDraw) -> None:
        draw.ellipse((120, 120, 680, 680), outline="black", width=14)
        draw.line((400, 240, 400, 560), fill="black", width=14)

    made = _whole_in_colour(_drawn(ring))
    names = [colour.name for colour in made.puzzle.palette.colours[1:]]
    assert names == ["black"]
    # The ring is drawn closed (before the repair, which may open it to make it unique):
    # the page inside it does not reach the page outside.
    inside = np.asarray(made.source == 0, dtype=np.uint8)
    _, labels = cv2.connectedComponents(inside, connectivity=4)
    assert labels[12, 8] != labels[0, 0]


def test_a_flat_drawing_in_colour_keeps_its_inks_and_none_of_their_blends() -> None:
    # A red disc outlined in black: two inks. Its edges blend red and black into dark red,
    # and both into the page (pink, grey); none of those is a colour of the drawing.
    def disc(draw: ImageDraw.ImageDraw) -> None:
        draw.ellipse((100, 100, 700, 700), fill="#d42020", outline="black", width=24)

    made = _whole_in_colour(_drawn(disc))
    colours = made.puzzle.palette.colours[1:]
    assert sorted(colour.name for colour in colours) == ["black", "red"]
    red = 1 + [colour.name for colour in colours].index("red")
    assert (made.source[10:15, 10:15] == red).all()  # the disc's middle
    assert (made.source[0, :] == 0).all()  # the page around it


def test_ink_coring_gives_a_strokes_edge_its_inks_colour_and_leaves_flat_areas() -> None:
    lab = np.full((8, 8, 3), (100.0, 0.0, 0.0))
    lab[:, 3] = (0.0, 0.0, 0.0)  # a black stroke one sub-pixel wide
    lab[:, 4] = (50.0, 0.0, 0.0)  # its edge, half ink and half page
    lab[:, 6:] = (60.0, 40.0, 30.0)  # a flat red area
    grouped = lab.reshape(4, 2, 4, 2, 3).swapaxes(1, 2).reshape(4, 4, 4, 3)
    cored = _ink_cored(grouped, (4, 4), 2).reshape(4, 4, 2, 2, 3).swapaxes(1, 2)
    image = cored.reshape(8, 8, 3)
    assert (image[:, 4] == 0.0).all()  # the edge takes the stroke's black
    assert (image[:, 7] == lab[:, 7]).all()  # the flat area keeps its own colour
    assert (image[:, 0] == lab[:, 0]).all()  # the page away from the stroke keeps its white


def test_ink_coring_leaves_a_drawings_inside_as_it_is() -> None:
    # A dark groove inside a brown nut has no page beside it: it is a mark of the drawing,
    # not a blend, and neither it nor the brown around it changes.
    lab = np.full((8, 8, 3), (45.0, 20.0, 30.0))
    lab[:, 4] = (15.0, 10.0, 10.0)
    grouped = lab.reshape(4, 2, 4, 2, 3).swapaxes(1, 2).reshape(4, 4, 4, 3)
    assert (_ink_cored(grouped, (4, 4), 2) == grouped).all()
