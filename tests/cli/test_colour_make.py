"""make --colors: a colour picture becomes a unique, logic-only colour puzzle."""

from __future__ import annotations

import json
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageFilter
from skimage import color
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.formats import parse_puzzle
from nonogen.generate import Repair, repair, undetermined
from nonogen.image import palette as palette_module
from nonogen.image.convert import convert
from nonogen.image.filters import FEATURE_MOST, feature_weights
from nonogen.image.options import PictureOptions
from nonogen.image.palette import (
    MERGE_DELTA_E,
    PAPER,
    SPREAD_FROM,
    SPREAD_LIMIT,
    _named,
    delta_e,
    quantise,
)
from nonogen.image.read import Picture, read_picture
from nonogen.palette import plain_palette
from nonogen.pipeline import MakeOptions, make_puzzle
from nonogen.pipeline.gallery import gallery
from nonogen.pipeline.made import by_repair_cost, draw, white_cut
from nonogen.puzzle import puzzle_from_grid
from nonogen.solve import Status, Technique, solve_puzzle

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
runner = CliRunner()


def _png(rgb: np.ndarray) -> bytes:
    """An 8-bit RGB PNG of a ``(rows, cols, 3)`` uint8 array, written by hand."""
    height, width, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[r].tobytes() for r in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body).to_bytes(4, "big")
        return len(body).to_bytes(4, "big") + kind + body + crc

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + b"\x08\x02\x00\x00\x00"
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def _shapes(*colours: tuple[int, int, int]) -> np.ndarray:
    """A 120x160 white picture with one 40x30 rectangle of each colour, side by side and
    touching (a subject of several colours)."""
    rgb = np.full((120, 160, 3), 255, dtype=np.uint8)
    for i, colour in enumerate(colours):
        rgb[40:80, 20 + 30 * i : 50 + 30 * i] = colour
    return rgb


@pytest.mark.slow
@pytest.mark.parametrize(
    ("picture", "width", "colours"),
    [("coffee.jpg", 30, 4), ("rocket.jpg", 24, 3), ("astronaut.jpg", 30, 3)],
)
def test_make_colors_writes_a_unique_line_solvable_colour_puzzle(
    tmp_path: Path, picture: str, width: int, colours: int
) -> None:
    out = tmp_path / "made.json"
    args = ["make", str(SAMPLES / picture), "-w", str(width), "--colors", str(colours)]
    result = runner.invoke(app, [*args, "-o", str(out), "--json"])
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    puzzle = parse_puzzle(out.read_text(encoding="utf-8"), name=str(out))
    assert puzzle.width == width
    assert 2 <= puzzle.palette.size <= colours + 1
    verdict = solve_puzzle(puzzle)  # checked independently of the make
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable
    fidelity = summary["fidelity"]
    assert puzzle.meta["fidelity"] == fidelity
    assert len(fidelity["changed_cells"]) == fidelity["changed"]
    assert fidelity["changed_percent"] <= 5.0
    assert len(json.loads(out.read_text(encoding="utf-8"))["source_grid"]) == puzzle.height
    assert summary["palette"][0]["char"] == "."


@pytest.mark.slow
def test_make_colors_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    picture = str(SAMPLES / "astronaut.jpg")
    outputs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        args = ["make", picture, "-w", "30", "--colors", "4", "--seed", "7", "-o", str(out)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.stderr
        assert "colours on white" in result.stdout
        assert "palette: ." in result.stdout
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["seed"] == 7


@pytest.mark.slow
def test_make_colors_keeps_the_best_attempt_when_the_budget_runs_out(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    # The white horse's outline, asked for: line logic leaves cells of it open (drawn whole, as
    # a plain make draws it, line logic solves it as drawn).
    args = ["make", str(SAMPLES / "horse.png"), "-w", "30", "--colors", "4", "--method", "otsu"]
    result = runner.invoke(app, [*args, "--repair", "flips", "--max-flips", "0", "-o", str(out)])
    assert result.exit_code == 1
    assert "budget ran out" in result.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["fidelity"]["undetermined"] > 0


def test_make_colors_refuses_a_flat_picture(tmp_path: Path) -> None:
    picture = tmp_path / "flat.png"
    picture.write_bytes(_png(np.full((20, 20, 3), (200, 30, 30), dtype=np.uint8)))
    out = tmp_path / "x.json"
    result = runner.invoke(app, ["make", str(picture), "--colors", "3", "-o", str(out)])
    assert result.exit_code == 3
    assert "one colour" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    "extra",
    [
        ["--colors", "9"],
        ["--colors", "1"],
        ["--colors", "3", "--difficulty", "harder"],
    ],
)
def test_make_colors_refuses_bad_options_before_reading(tmp_path: Path, extra: list[str]) -> None:
    out = tmp_path / "x.json"
    result = runner.invoke(app, ["make", str(tmp_path / "missing.png"), *extra, "-o", str(out)])
    assert result.exit_code == 2
    assert "--" in result.stderr
    assert not out.exists()


def _quantised(rgb: np.ndarray, colours: int) -> tuple[np.ndarray, np.ndarray]:
    """The grid and palette Lab of a picture quantised at 16x12 cells, the non-white
    pixels as its subject."""
    picture = Picture(rgb.astype(np.float64) / 255.0, (rgb.shape[1], rgb.shape[0]))
    subject = (rgb.min(axis=2) < 250).astype(np.float64)
    filled = subject.reshape(12, 10, 16, 10).mean(axis=(1, 3)) >= 0.5
    made = quantise(
        picture,
        subject,
        filled,
        (0, 0, rgb.shape[1], rgb.shape[0]),
        colours=colours,
        rng=np.random.default_rng(0),
    )
    return made.grid, made.lab


def test_the_quantiser_merges_colours_nobody_can_tell_apart() -> None:
    grid, lab = _quantised(_shapes((220, 30, 30), (226, 36, 28), (40, 60, 200)), 3)
    assert len(lab) == 3  # background, one red, blue
    assert set(np.unique(grid).tolist()) == {0, 1, 2}
    reds = grid[4:8, 2:8]  # both reds are one colour
    assert len(np.unique(reds)) == 1


def _night_scene() -> np.ndarray:
    """A sky graded from night to dusk over the whole frame, a grey tower a cell wide in it
    and two orange lights of one cell each (16 x 12 cells of 10 px)."""
    t = np.linspace(0.0, 1.0, 120)[:, None, None]
    sky = np.array([15, 20, 60]) * (1 - t) + np.array([120, 150, 215]) * t
    rgb = sky * np.ones((1, 160, 1))
    rgb[30:100, 70:80] = (170, 165, 160)
    rgb[100:110, 30:40] = rgb[100:110, 120:130] = (245, 160, 40)
    return rgb.astype(np.uint8)


def test_the_colours_go_to_what_stands_out_not_to_a_gradient_of_sky() -> None:
    grid, _lab = _quantised(_night_scene(), 3)
    tower, light, sky = int(grid[5, 7]), int(grid[10, 3]), int(grid[1, 1])
    assert len({tower, light, sky}) == 3
    assert 0 not in {tower, light, sky}
    assert int(grid[11, 1]) == sky  # the whole sky one colour: the gradient gets one


def test_counted_by_area_alone_the_sky_takes_the_towers_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        palette_module, "feature_weights", lambda cells: np.ones(cells.shape[:2], dtype=np.intp)
    )
    grid, _ = _quantised(_night_scene(), 3)
    assert int(grid[5, 7]) == 0  # the tower lost to paper, the sky split in two
    assert int(grid[1, 1]) != int(grid[11, 1])


def test_feature_weights_count_what_stands_out_from_its_surroundings() -> None:
    lab = np.zeros((12, 16, 3))
    lab[:, :, 0] = np.linspace(20.0, 60.0, 12)[:, None]  # a smooth gradient counts once
    lab[5, 7] = (60.0, 0.0, 0.0)  # a grey cell in it
    weights = feature_weights(lab)
    assert (weights[1:-1][np.arange(10) != 4] == 1).all()  # inside the frame, but the grey
    assert int(weights[6, 3]) == 1
    assert int(weights[5, 7]) == FEATURE_MOST
    assert weights.min() >= 1
    assert weights.max() <= FEATURE_MOST


def test_the_quantiser_keeps_distinct_colours_distinct() -> None:
    grid, lab = _quantised(_shapes((220, 30, 30), (40, 60, 200), (30, 160, 40)), 4)
    assert len(lab) == 4
    gaps = delta_e(lab[:, None, :], lab[None, :, :])
    assert gaps[~np.eye(len(lab), dtype=bool)].min() >= MERGE_DELTA_E
    assert len({int(grid[5, c]) for c in (3, 6, 9)}) == 3


def test_the_repair_makes_an_ambiguous_colour_grid_line_solvable() -> None:
    # Three 2x2 diagonals (one per colour): each could be its anti-diagonal instead.
    grid = np.zeros((8, 8), dtype=np.uint8)
    for i, colour in enumerate((1, 2, 3)):
        top = 2 * i + (i > 0)
        grid[top, top] = grid[top + 1, top + 1] = colour
    assert undetermined(grid, plain_palette(3)).any()
    costs = np.full((8, 8, 4), 10.0)
    before = solve_puzzle(puzzle_from_grid(grid, plain_palette(3)))
    assert before.status is Status.MULTIPLE
    repaired = _changed(grid, costs, plain_palette(3), max_changes=10)
    assert repaired.solved
    assert 1 <= len(repaired.changes()) <= 3
    assert repaired.cost == pytest.approx(10.0 * len(repaired.changes()))
    changed = int((repaired.grid != grid).sum())
    assert changed == len(repaired.changes())
    verdict = solve_puzzle(puzzle_from_grid(repaired.grid, plain_palette(3)))
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable


def test_the_repair_prefers_the_cheapest_change() -> None:
    grid = np.zeros((6, 6), dtype=np.uint8)
    grid[2, 2] = grid[3, 3] = 1
    costs = np.full((6, 6, 2), 50.0)
    costs[2, 3, 1] = 1.0  # filling (2, 3) is nearly free, and settles the ambiguity
    repaired = _changed(grid, costs, plain_palette(1), max_changes=5)
    assert repaired.solved
    assert repaired.changes() == ((2, 3, 0, 1),)


def _changed(grid: np.ndarray, costs: np.ndarray, palette: Any, *, max_changes: int) -> Repair:
    """The generator's change repair of a colour grid, seeded, within ten seconds."""
    rng = np.random.default_rng(0)
    return repair(grid, costs, palette, rng=rng, max_flips=max_changes, seconds=10, mode="flips")


@pytest.mark.slow
def test_make_colors_png_previews_the_puzzle_in_its_colours(tmp_path: Path) -> None:
    out = tmp_path / "coffee.json"
    args = ["make", str(SAMPLES / "coffee.jpg"), "-w", "20", "--colors", "3", "--png"]
    result = runner.invoke(app, [*args, "-o", str(out), "--json"])
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    preview = tmp_path / "coffee.png"
    assert summary["preview"] == str(preview)
    with Image.open(preview) as shown:
        pixels = {tuple(p) for p in np.asarray(shown.convert("RGB")).reshape(-1, 3).tolist()}
    for colour in summary["palette"][1:]:
        rgb = tuple(int(colour["rgb"][i : i + 2], 16) for i in (1, 3, 5))
        assert rgb in pixels, colour


@pytest.mark.slow
def test_a_colour_make_tries_the_next_candidate_when_the_repair_runs_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from nonogen.image import palette as palette_module  # noqa: PLC0415
    from nonogen.pipeline import MakeOptions, make_puzzle  # noqa: PLC0415
    from nonogen.pipeline import made as colour_module  # noqa: PLC0415
    from nonogen.pipeline import picture as picture_module  # noqa: PLC0415
    from nonogen.pipeline.made import repaired_grid as real_repair  # noqa: PLC0415

    real_quantise = palette_module.quantise
    subjects: list[object] = []

    def first_fails(*args: Any, **kwargs: Any) -> Any:
        done = real_repair(*args, **kwargs)
        return replace(done, solved=False, unknown=7) if len(subjects) == 1 else done

    def seen(picture: Any, subject: Any, *args: Any, **kwargs: Any) -> Any:
        subjects.append(subject)
        return real_quantise(picture, subject, *args, **kwargs)

    monkeypatch.setattr(picture_module, "repaired_grid", first_fails)
    monkeypatch.setattr(colour_module, "quantise", seen)
    data = (SAMPLES / "ring.png").read_bytes()
    options = MakeOptions(picture=PictureOptions(width=20), colours=3)
    made = make_puzzle(data, name="ring.png", options=options)
    assert len(subjects) == 2  # the first candidate "ran out", the second was repaired
    assert made.ok
    assert made.conversion is not None
    assert made.conversion.chosen.split.subject is subjects[1]
    assert made.puzzle.meta["conversion"] == made.conversion.record()


# A 3-colour grid whose puzzle is unique, but line logic alone stalls on it (probing solves it).
NEEDS_PROBING = np.array(
    [
        [1, 2, 0, 0, 2, 1],
        [2, 1, 1, 2, 1, 0],
        [0, 1, 1, 1, 0, 1],
        [2, 0, 2, 2, 2, 0],
        [0, 1, 1, 0, 2, 0],
        [1, 0, 0, 1, 2, 2],
    ],
    dtype=np.uint8,
)


@pytest.mark.slow
@pytest.mark.parametrize("allow_search", [False, True])
def test_allow_search_keeps_a_unique_quantised_grid_as_it_is(
    monkeypatch: pytest.MonkeyPatch, allow_search: bool
) -> None:
    from nonogen.image import palette as palette_module  # noqa: PLC0415
    from nonogen.pipeline import MakeOptions, make_puzzle  # noqa: PLC0415
    from nonogen.pipeline import made as colour_module  # noqa: PLC0415

    def fixed(*_args: Any, **_kwargs: Any) -> palette_module.PaletteGrid:
        lab = np.array([[100.0, 0, 0], [0.0, 0, 0], [50.0, 60, 40]])
        cells = lab[NEEDS_PROBING]
        return palette_module.PaletteGrid(NEEDS_PROBING, lab, cells, plain_palette(2), 0)

    monkeypatch.setattr(colour_module, "quantise", fixed)
    options = MakeOptions(picture=PictureOptions(width=20), allow_search=allow_search, colours=2)
    data = (SAMPLES / "horse.png").read_bytes()
    made = make_puzzle(data, name="horse.png", options=options)
    assert made.ok
    assert made.verdict.status is Status.UNIQUE
    if allow_search:
        assert np.array_equal(made.repair.grid, NEEDS_PROBING)  # nothing changed or given
        assert made.repair.changes() == ()
        assert made.repair.givens == ()
        assert made.verdict.techniques == (Technique.LINE, Technique.PROBING)
        assert made.verdict.tier == "hard"
    else:
        assert made.verdict.line_solvable  # the repair changed or revealed cells
        assert made.repair.changes() or made.repair.givens


def _tiered(grid: np.ndarray, tier: str, mode: str = "auto") -> Repair:
    """The generator's repair of a 2-colour grid toward a tier, seeded, within 30 seconds."""
    costs = np.ones((*grid.shape, 3))
    rng = np.random.default_rng(0)
    palette = plain_palette(2)
    return repair(grid, costs, palette, rng=rng, max_flips=6, seconds=30, target=tier, mode=mode)


def test_colour_tiers_take_the_picture_as_it_is_when_it_grades_at_the_tier() -> None:
    hard = _tiered(NEEDS_PROBING, "hard")
    assert hard.solved
    assert (hard.givens, hard.flips) == ((), ())
    assert np.array_equal(hard.grid, NEEDS_PROBING)
    assert hard.tier == "hard"
    easy = _tiered(NEEDS_PROBING, "easy", "givens")
    assert easy.solved
    assert easy.givens
    assert easy.tier == "easy"
    verdict = solve_puzzle(easy.puzzle())  # graded independently of the repair
    assert verdict.tier == "easy"


# A 3-colour grid line logic solves (easy): changing two cells makes probing necessary.
EASY = np.array(
    [
        [0, 2, 2, 0, 2, 2, 1],
        [1, 2, 2, 2, 1, 0, 2],
        [0, 1, 2, 0, 0, 2, 0],
        [2, 2, 2, 1, 1, 2, 0],
        [1, 1, 1, 0, 0, 2, 2],
        [1, 2, 1, 0, 2, 0, 0],
        [0, 1, 0, 2, 2, 1, 0],
    ],
    dtype=np.uint8,
)


def test_colour_tiers_climb_to_hard_by_changing_cells_as_black_and_white_does() -> None:
    assert solve_puzzle(puzzle_from_grid(EASY, plain_palette(2))).tier == "easy"
    done = _tiered(EASY, "hard")
    assert done.solved
    assert done.flips  # cells were changed: the picture alone grades easy
    assert not done.givens
    verdict = solve_puzzle(done.puzzle())  # graded independently of the repair
    assert verdict.tier == "hard"
    assert verdict.techniques == (Technique.LINE, Technique.PROBING)
    givens_only = _tiered(EASY, "hard", "givens")  # givens cannot make a puzzle harder
    assert not givens_only.solved
    assert givens_only.tier == "easy"


@pytest.mark.slow
def test_make_colors_delivers_a_tier_or_exits_1_naming_the_best(tmp_path: Path) -> None:
    out = tmp_path / "hard.json"
    args = ["make", str(SAMPLES / "astronaut.jpg"), "-w", "40", "--colors", "4"]
    hard = runner.invoke(app, [*args, "--difficulty", "hard", "-o", str(out), "--json"])
    assert hard.exit_code == 0, hard.stderr
    puzzle = parse_puzzle(out.read_text(encoding="utf-8"), name=str(out))
    verdict = solve_puzzle(puzzle)  # graded independently of the make
    assert verdict.status is Status.UNIQUE
    assert verdict.tier == "hard"
    expert = runner.invoke(app, [*args, "--difficulty", "expert", "-o", str(out)])
    assert expert.exit_code == 1
    assert "could not make an expert colour puzzle" in expert.stderr
    assert "the best reached is" in expert.stderr
    written = solve_puzzle(parse_puzzle(out.read_text(encoding="utf-8"), name=str(out)))
    assert written.status is Status.UNIQUE  # the closest attempt is written, still unique


@pytest.mark.slow
def test_a_tier_the_picture_has_as_it_is_is_delivered_when_the_repair_runs_out(
    tmp_path: Path,
) -> None:
    # The coffee cup drawn in 2 colours at 24 wide grades hard as it is.
    out = tmp_path / "hard.json"
    args = ["make", str(SAMPLES / "coffee.jpg"), "--colors", "2", "-w", "24"]
    flags = ["--max-flips", "0", "--repair", "flips", "--difficulty", "hard"]
    result = runner.invoke(app, [*args, *flags, "-o", str(out), "--json"])
    assert result.exit_code == 0, result.stderr
    verdict = solve_puzzle(parse_puzzle(out.read_text(encoding="utf-8"), name=str(out)))
    assert verdict.tier == "hard"
    assert json.loads(result.stdout)["fidelity"]["changed"] == 0


@pytest.mark.slow
def test_a_missed_tier_records_the_candidate_it_kept() -> None:
    from nonogen.pipeline import MakeOptions, make_puzzle  # noqa: PLC0415

    data = (SAMPLES / "coffee.jpg").read_bytes()
    options = MakeOptions(picture=PictureOptions(width=10), difficulty="expert", colours=2)
    made = make_puzzle(data, name="coffee.jpg", options=options)
    assert not made.ok  # every candidate is easy at 10 wide: the first one is kept
    assert made.conversion is not None
    assert made.puzzle.meta["source_box"] == list(made.conversion.chosen.cells.box)
    assert made.puzzle.meta["conversion"] == made.conversion.record()


def test_the_quantiser_spreads_the_steps_of_a_tone_apart() -> None:
    # Four browns about 13 Delta E apart: steps of one tone (a cat's fur), each too close to
    # the next to print, yet too far apart to be one colour. They are pushed apart, not merged.
    browns = ((95, 62, 40), (130, 92, 64), (165, 124, 92), (200, 160, 124))
    picture_lab = color.rgb2lab(np.array([browns], dtype=np.float64) / 255.0)[0]
    before = delta_e(picture_lab[:-1], picture_lab[1:])
    assert (before >= SPREAD_FROM).all()
    assert (before < MERGE_DELTA_E).all()
    grid, lab = _quantised(_shapes(*browns), 4)
    assert len(lab) == 5  # the background and all four browns
    gaps = delta_e(lab[:, None, :], lab[None, :, :])
    assert gaps[~np.eye(len(lab), dtype=bool)].min() >= MERGE_DELTA_E
    moved = delta_e(np.sort(lab[1:], axis=0), np.sort(picture_lab, axis=0))
    assert moved.max() <= SPREAD_LIMIT
    assert len({int(grid[5, c]) for c in (3, 6, 9, 12)}) == 4  # one colour a rectangle


@pytest.mark.parametrize(
    "levels",
    [
        # Colours come most cells first: the light grey before the mid grey. Named one by
        # one, the light grey took "grey" and the mid grey, its near names gone, "dark blue
        # green".
        (11, 55, 155, 102),
        # samples/camera.png in 4 colours at 40 wide. Named together by least squared Delta E,
        # the mid grey was still "dark blue green": one large error of hue cost less than two
        # of lightness. A grey named after a colour now costs OTHER_KIND more.
        (0, 49, 152, 96),
    ],
)
def test_the_palette_names_four_greys_as_a_person_does(levels: tuple[int, ...]) -> None:
    greys = np.array([[[v, v, v] for v in levels]]) / 255.0
    lab = np.vstack([PAPER[None, :], color.rgb2lab(greys)[0]])
    names = [c.name for c in _named(lab).colours]
    assert names == ["white", "black", "dark grey", "light grey", "grey"]


def _whole_frame(picture: Picture, colours: int) -> palette_module.PaletteGrid:
    """A 160x120 picture quantised whole (every cell coloured), 12 by 16 cells."""
    return quantise(
        picture,
        np.ones((120, 160)),
        np.ones((12, 16), dtype=np.bool_),
        (0, 0, 160, 120),
        colours=colours,
        rng=np.random.default_rng(0),
    )


def test_the_whole_frame_keeps_a_seam_thinner_than_a_cell_and_has_no_drawn_frame() -> None:
    # The whole picture as its subject (every cell coloured): a dark seam a quarter of a cell
    # wide darkens its cells and is drawn, and the frame's edge is not outlined as a subject.
    rgb = np.full((120, 160, 3), 250, dtype=np.uint8)  # near-white: paper
    rgb[40:80, 20:60] = (200, 40, 40)
    rgb[:, 102:105] = (60, 60, 60)  # in cell column 10 (pixels 100-109)
    picture = Picture(rgb.astype(np.float64) / 255.0, (160, 120))
    made = _whole_frame(picture, 3)
    seam = made.grid[:, 10]
    assert (seam != 0).all()
    assert len(set(seam.tolist())) == 1
    assert int(made.grid[6, 3]) not in (0, int(seam[0]))  # the red block
    assert (made.grid[:, 0] == 0).all()  # the paper runs to the edge: no frame drawn
    assert (made.grid[0, 11:] == 0).all()


def test_a_light_grey_wall_behind_a_face_is_paper_and_the_face_keeps_its_colour() -> None:
    # A face (skin, Delta E about 17 from the wall) before a light grey wall that runs to the
    # frame's edges, with two dark eyes: drawn whole, the wall is paper, as a pixel artist
    # leaves it, so the face is a colour of its own instead of the wall's.
    y, x = np.mgrid[0:120, 0:160]
    face = (y - 60) ** 2 + ((x - 80) * 1.3) ** 2 <= 50**2
    rgb = np.zeros((120, 160, 3), dtype=np.uint8)
    rgb[:] = (190, 188, 185)
    rgb[face] = (215, 172, 150)
    rgb[30:50, 50:70] = rgb[30:50, 90:110] = (40, 30, 30)
    picture = Picture(rgb.astype(np.float64) / 255.0, (160, 120))
    made = _whole_frame(picture, 3)
    assert (made.grid[0] == 0).all()
    assert (made.grid[:, 0] == 0).all()
    skin = int(made.grid[8, 8])
    assert skin != 0  # the face is coloured, not a hole in the paper
    assert int(made.grid[4, 6]) not in (0, skin)  # an eye
    assert (made.grid[3:5, 5:7] == made.grid[3:5, 9:11]).all()  # and the other
    assert (made.grid[face.reshape(12, 10, 16, 10).mean(axis=(1, 3)) == 1] != 0).all()


def test_a_coloured_or_dark_ground_stays_a_colour_of_the_whole_frame() -> None:
    # Only a light, nearly neutral ground is paper: a blue sky and a dark room stay colours.
    for ground in ((70, 110, 200), (50, 50, 50)):
        rgb = np.zeros((120, 160, 3), dtype=np.uint8)
        rgb[:] = ground
        rgb[40:80, 50:110] = (215, 172, 150)
        picture = Picture(rgb.astype(np.float64) / 255.0, (160, 120))
        made = _whole_frame(picture, 3)
        assert (made.grid != 0).all()


def test_an_outline_drawn_on_the_subjects_white_costs_its_colour() -> None:
    # A white disc on a blue ground, with a dark dot: its outline is drawn in the darkest
    # colour on cells the picture leaves white, and leaving them white costs as much as any
    # recolour, so that the repair does not take the outline apart for free.
    y, x = np.mgrid[0:120, 0:160]
    disc = (y - 60) ** 2 + (x - 80) ** 2 <= 50**2
    rgb = np.zeros((120, 160, 3), dtype=np.uint8)
    rgb[:] = (40, 60, 200)
    rgb[disc] = (250, 250, 250)
    rgb[55:65, 75:85] = (30, 30, 30)
    picture = Picture(rgb.astype(np.float64) / 255.0, (160, 120))
    filled = disc.reshape(12, 10, 16, 10).mean(axis=(1, 3)) >= 0.5
    made = quantise(
        picture,
        disc.astype(np.float64),
        filled,
        (0, 0, 160, 120),
        colours=2,
        rng=np.random.default_rng(0),
    )
    outline = filled & (made.grid != 0)
    assert outline.sum() >= 20  # the ring around the disc's white
    assert not (made.grid[4:8, 5:11] != 0).any()  # its inside left white
    costs = made.costs()
    drawn = np.take_along_axis(costs, made.grid[:, :, None].astype(np.intp), axis=2)[:, :, 0]
    assert np.allclose(drawn[outline], 0.0)
    assert (costs[:, :, 0][outline] > 20.0).all()  # paper costs the outline's colour


def _white_thing_on_grass() -> bytes:
    """A photo-like picture: a white, softly shaded thing (a round body, two ears) on a
    noisy green-to-brown ground, its edge blurred as a lens blurs it."""
    rng = np.random.default_rng(0)
    rows, cols = np.mgrid[0:240, 0:320]
    ground = np.stack([0.35 + 0.25 * cols / 320, 0.45 + 0.1 * rows / 240, 0.2 + 0.0 * cols], axis=2)
    ground += rng.normal(0.0, 0.06, (240, 320, 1)) * np.array([1.0, 1.0, 0.6])
    body = ((cols - 160) / 80.0) ** 2 + ((rows - 130) / 70.0) ** 2 <= 1.0
    ears = (rows > 45) & (
        (np.abs(cols - 125) + (rows - 55) < 25) | (np.abs(cols - 195) + (rows - 55) < 25)
    )
    white = (0.93 + 0.05 * (1 - rows / 240))[:, :, None] * np.array([1.0, 0.99, 0.97])
    rgb = np.where((body | ears)[:, :, None], white, ground)
    lens = Image.fromarray(np.asarray(np.clip(rgb, 0.0, 1.0) * 255, np.uint8))
    return _png(np.asarray(lens.filter(ImageFilter.GaussianBlur(1.2))))


@pytest.mark.slow
def test_a_white_thing_is_drawn_whole_in_colour_and_cut_in_black_and_white() -> None:
    # In colour the white thing's own white is paper: its cut would be an outline on paper
    # (white_cut), so the whole picture is drawn, the thing white on its coloured ground.
    data = _white_thing_on_grass()
    options = MakeOptions(picture=PictureOptions(width=30), seconds=20, colours=3)
    colour = make_puzzle(data, name="white.png", options=options)
    picture = read_picture(data, name="white.png")
    conversion = by_repair_cost(
        convert(picture, options.picture, offer_whole=True), options.picture
    )
    cut = draw(picture, conversion, conversion.chosen, options)
    assert not conversion.chosen.split.frame
    assert white_cut(cut)
    assert colour.conversion is not None
    assert colour.conversion.chosen.split.frame
    assert any("mostly white" in str(said) for said in colour.conversion.warnings)
    grid = colour.repair.grid
    assert 0.15 < float((grid == 0).mean()) < 0.5  # the thing is paper, its ground is not
    assert (grid[0] != 0).all()
    assert (grid[-1] != 0).all()
    # Black and white inks the thing: its cut is a silhouette, and stays.
    mono = make_puzzle(data, name="white.png", options=replace(options, colours=None))
    assert mono.conversion is not None
    assert not mono.conversion.chosen.split.frame
    assert not mono.conversion.warnings


@pytest.mark.slow
@pytest.mark.parametrize("width", [20, 30, 40])
def test_the_white_horse_is_a_white_cut_at_every_width(width: int) -> None:
    # Its outline is thicker against a smaller grid: the share is the picture's, not the cells'.
    data = (SAMPLES / "horse.png").read_bytes()
    picture = read_picture(data, name="horse.png")
    options = MakeOptions(picture=PictureOptions(width=width), colours=3)
    conversion = convert(picture, options.picture, offer_whole=True)
    cut = draw(picture, conversion, conversion.chosen, options)
    assert not cut.found.split.frame
    assert cut.white > 0.9
    assert white_cut(cut)
    assert conversion.whole is not None


@pytest.mark.slow
def test_the_gallery_suggests_what_make_draws_for_a_white_thing_and_a_method_keeps_the_cut() -> (
    None
):
    data = _white_thing_on_grass()
    options = MakeOptions(picture=PictureOptions(width=30), seconds=20, colours=3)
    shown = gallery(data, name="white.png", options=options)
    suggested = [choice for choice in shown.choices if choice.chosen]
    assert len(suggested) == 1
    assert suggested[0].key.startswith("picture-")
    assert any("mostly white" in str(said) for said in shown.warnings)
    asked = replace(options, picture=replace(options.picture, method="netcut"))
    made = make_puzzle(data, name="white.png", options=asked)
    assert made.conversion is not None
    assert made.conversion.chosen.split.method == "netcut"
    assert not any("mostly white" in str(said) for said in made.conversion.warnings)
