"""Mosaics: a picture converted once, cut along empty lines near the even split, and every
tile repaired and judged on its own (unique and logic-only by the independent solver)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from nonogen.errors import InputError, LimitError
from nonogen.formats import format_puzzle
from nonogen.grid import format_grid
from nonogen.image.options import PictureOptions
from nonogen.palette import make_palette
from nonogen.pdf import Entry, PageOptions
from nonogen.pdf.mosaic import tile_legible
from nonogen.pipeline import MakeOptions
from nonogen.pipeline.mosaic import (
    Mosaic,
    MosaicOptions,
    Source,
    cut_lines,
    make_mosaic,
    parse_tiles,
    tile_boxes,
)
from nonogen.pipeline.tileset import set_key, set_places, tiles_for_page
from nonogen.puzzle import Puzzle, puzzle_from_grid
from nonogen.solve import Status, solve_puzzle
from tests.mosaic_picture import mosaic_picture


def rows_filled(counts: list[int], width: int = 60) -> np.ndarray:
    """A grid whose row ``i`` has ``counts[i]`` filled cells (from the left)."""
    grid = np.zeros((len(counts), width), dtype=np.bool_)
    for i, n in enumerate(counts):
        grid[i, :n] = True
    return grid


# (filled cells per row, as {row: count} over a full 60 x 60 grid, tiles, expected cuts)
CUTS = [
    pytest.param({}, 2, (0, 30, 60), id="nothing-empty-keeps-the-even-split"),
    pytest.param({27: 0}, 2, (0, 28, 60), id="along-an-empty-row-in-the-window"),
    pytest.param({33: 0}, 2, (0, 33, 60), id="the-empty-row-starts-the-lower-tile"),
    pytest.param({20: 0}, 2, (0, 30, 60), id="an-empty-row-outside-the-window"),
    pytest.param({27: 3}, 2, (0, 28, 60), id="nearly-empty-counts"),
    pytest.param({27: 4}, 2, (0, 30, 60), id="four-of-sixty-is-not-nearly-empty"),
    pytest.param({30: 2, 32: 0}, 2, (0, 32, 60), id="the-emptiest-beats-the-nearest"),
    pytest.param({28: 0, 33: 0}, 2, (0, 29, 60), id="the-nearest-wins-a-tie"),
    pytest.param({28: 0, 31: 0}, 2, (0, 29, 60), id="then-the-lower"),
    pytest.param({18: 0, 41: 0}, 3, (0, 19, 41, 60), id="three-tiles-each-cut-on-its-own"),
]


@pytest.mark.parametrize(("rows", "parts", "cuts"), CUTS)
def test_cuts_prefer_empty_lines_near_the_even_split(
    rows: dict[int, int], parts: int, cuts: tuple[int, ...]
) -> None:
    counts = [rows.get(i, 60) for i in range(60)]
    assert cut_lines(rows_filled(counts), parts) == cuts


def test_cuts_of_columns_come_from_the_transposed_grid() -> None:
    grid = np.ones((40, 50), dtype=np.bool_)
    grid[:, 23] = False
    assert cut_lines(grid.T, 2) == (0, 24, 50)
    assert cut_lines(grid, 2) == (0, 20, 40)


def test_every_tile_keeps_the_least_side() -> None:
    grid = np.ones((12, 10), dtype=np.bool_)
    grid[4] = False  # empty, but a cut along it would leave a tile of 4 rows
    assert cut_lines(grid, 2) == (0, 5, 12)
    with pytest.raises(InputError, match="under the least of 5"):
        cut_lines(np.ones((9, 10), dtype=np.bool_), 2)


def test_tile_boxes_cover_the_grid_row_by_row() -> None:
    boxes = tile_boxes((0, 3, 7), (0, 5, 6, 10))
    assert boxes == [
        (0, 0, 3, 5),
        (0, 5, 3, 6),
        (0, 6, 3, 10),
        (3, 0, 7, 5),
        (3, 5, 7, 6),
        (3, 6, 7, 10),
    ]


@pytest.mark.parametrize(("text", "tiles"), [("3x2", (3, 2)), (" 2X2 ", (2, 2)), ("1x4", (1, 4))])
def test_tiles_are_columns_by_rows(text: str, tiles: tuple[int, int]) -> None:
    assert parse_tiles(text) == tiles


@pytest.mark.parametrize("text", ["3", "0x2", "1x1", "9x1", "axb", "3x2x1", "-2x2", ""])
def test_bad_tiles_say_the_form(text: str) -> None:
    with pytest.raises(InputError, match="COLUMNSxROWS"):
        parse_tiles(text)


def test_a_mosaic_is_sized_by_its_tiles() -> None:
    options = MosaicOptions(across=3, down=2, tile_width=25)
    assert options.make_options().picture.width == 75
    with pytest.raises(InputError, match="leave out --width"):
        MosaicOptions(make=MakeOptions(picture=PictureOptions(width=40)))
    with pytest.raises(LimitError, match="over the limit of 200"):
        MosaicOptions(across=8, down=1, tile_width=30)
    with pytest.raises(InputError, match="--tile-width between 5 and 200"):
        MosaicOptions(tile_width=4)


@pytest.fixture(scope="module")
def target() -> Mosaic:
    """The target case: a 60 x 60 picture as a 2 x 2 mosaic of 30 x 30 tiles."""
    options = MosaicOptions(across=2, down=2, tile_width=30)
    return make_mosaic(mosaic_picture(), name="scene.png", options=options)


@pytest.mark.slow
def test_every_tile_of_the_target_is_unique_and_logic_only(target: Mosaic) -> None:
    assert target.source.shape == (60, 60)
    assert (target.row_cuts, target.col_cuts) == ((0, 30, 60), (0, 30, 60))
    assert [tile.name for tile in target.tiles] == ["r1c1", "r1c2", "r2c1", "r2c2"]
    for tile in target.tiles:
        verdict = solve_puzzle(tile.made.puzzle, timeout=10.0)  # the independent check
        assert verdict.status is Status.UNIQUE, tile.name
        assert verdict.line_solvable, tile.name
        assert np.array_equal(verdict.solutions[0].astype(bool), tile.made.repair.grid)
        assert tile.made.puzzle.width == tile.made.puzzle.height == 30
    assert target.ok
    assert target.shortfall() is None


@pytest.mark.slow
def test_tile_edges_match_the_full_grid(target: Mosaic) -> None:
    assembled = target.grid()
    for tile in target.tiles:
        top, left, bottom, right = tile.box
        assert np.array_equal(assembled[top:bottom, left:right], tile.made.repair.grid)
        assert np.array_equal(target.source[top:bottom, left:right], tile.made.source)
        assert tile.made.puzzle.meta["source_grid"] == format_grid(tile.made.source)


@pytest.mark.slow
def test_the_assembly_is_the_picture_but_for_exactly_the_reported_changes(
    target: Mosaic,
) -> None:
    changes = target.changes()
    differ = {(int(r), int(c)) for r, c in np.argwhere(target.grid() != target.source)}
    assert differ == set(changes)
    assert len(changes) == len(differ) > 0  # the picture needs repairs, each reported once
    recorded = target.record()["changes"]
    assert isinstance(recorded, list)
    assert {tuple(cell) for cell in recorded} == differ
    for tile in target.tiles:  # no change crosses the tile's edge
        top, left, bottom, right = tile.box
        assert all(
            top <= r < bottom and left <= c < right
            for r, c in tile.to_full(tile.made.changed_cells)
        )


@pytest.mark.slow
def test_a_tile_says_its_set_and_place(target: Mosaic) -> None:
    tile = target.tiles[1]
    meta = tile.made.puzzle.meta
    assert meta["title"] == "r1c2"  # untitled: the picture's name would give it away
    assert meta["source"] == "scene r1c2"
    assert meta["mosaic"] == {
        "set": "scene",
        "tile": "r1c2",
        "row": 1,
        "col": 2,
        "tiles_across": 2,
        "tiles_down": 2,
        "box": [0, 30, 30, 60],
        "width": 60,
        "height": 60,
        "frame": [0, 0, 600, 600],  # the whole picture
    }
    record = json.loads(json.dumps(target.record()))
    assert record["row_cuts"] == [0, 30, 60]
    assert [t["tile"] for t in record["tiles"]] == ["r1c1", "r1c2", "r2c1", "r2c2"]
    assert record["options"]["picture"]["width"] == 60


@pytest.mark.slow
def test_a_seed_makes_the_same_mosaic(target: Mosaic) -> None:
    options = MosaicOptions(across=2, down=2, tile_width=30)
    again = make_mosaic(mosaic_picture(), name="scene.png", options=options)
    for first, second in zip(target.tiles, again.tiles, strict=True):
        assert format_puzzle(first.made.puzzle, "json") == format_puzzle(second.made.puzzle, "json")


@pytest.mark.slow
def test_givens_keep_the_picture_exact_and_inside_their_tile() -> None:
    options = MosaicOptions(MakeOptions(repair="givens"), across=2, down=2, tile_width=30)
    made = make_mosaic(mosaic_picture(), name="scene.png", options=options)
    assert made.ok
    assert made.changes() == []
    assert np.array_equal(made.grid(), made.source)
    assert len(made.givens()) > 0
    for tile in made.tiles:
        verdict = solve_puzzle(tile.made.puzzle, timeout=10.0)
        assert verdict.status is Status.UNIQUE, tile.name
        assert verdict.line_solvable, tile.name


def tile_puzzle(grid: np.ndarray, box: tuple[int, int, int, int]) -> Puzzle:
    """A tile as a book gets it back: its goal and its box in the set's metadata."""
    top, left, bottom, right = box
    goal = grid[top:bottom, left:right]
    height, width = grid.shape
    meta = {"mosaic": {"box": list(box), "width": width, "height": height}}
    return puzzle_from_grid(goal, meta=meta).with_goal(goal)


def test_a_whole_set_gets_its_places_and_picture() -> None:
    grid = np.random.default_rng(1).random((12, 20)) < 0.5
    boxes = [(0, 0, 12, 9), (0, 9, 12, 20)]
    items = [
        ("pic.png#r1c2", tile_puzzle(grid, boxes[1])),
        ("pic.png#r1c1", tile_puzzle(grid, boxes[0])),
    ]
    items.append(("pack.txt#2", puzzle_from_grid(grid)))  # a pack's puzzle is no tile
    places = set_places(items)
    assert places[2] is None
    assert [(p.row, p.col) for p in places[:2] if p is not None] == [(0, 1), (0, 0)]
    place = places[0]
    assert place is not None
    assert (place.cuts.rows, place.cuts.cols) == ((0, 12), (0, 9, 20))
    assert np.array_equal(place.picture, grid)


def test_a_set_missing_a_tile_prints_its_tiles_as_plain_puzzles() -> None:
    grid = np.ones((12, 20), dtype=np.bool_)
    items = [("pic.png#r1c1", tile_puzzle(grid, (0, 0, 12, 9)))]
    assert set_places(items) == [None]
    assert set_key("pic.png", items[0][1]) is None  # a tile file given on its own


def test_a_grid_too_big_for_a_page_cuts_into_the_fewest_legible_tiles() -> None:
    grid = np.random.default_rng(2).random((90, 90)) < 0.5
    page = PageOptions()
    across, down = tiles_for_page(Source(grid, np.ones(grid.shape)), page)
    assert across * down >= 4
    width = 90 // across * across
    rows, cols = cut_lines(grid[:, :width], down), cut_lines(grid[:, :width].T, across)
    for top, left, bottom, right in tile_boxes(rows, cols):
        assert tile_legible(Entry(puzzle_from_grid(grid[top:bottom, left:right])), page)


def test_a_colour_grid_is_cut_by_the_clues_its_colours_make() -> None:
    rng = np.random.default_rng(3)
    indices = rng.integers(0, 4, (90, 90)).astype(np.uint8)  # three colours on white
    palette = make_palette(
        [("white", "#ffffff", None), ("red", "#ff0000", None), ("blue", "#0000ff", None),
         ("green", "#00aa00", None)], where="test"
    )  # fmt: skip
    page = PageOptions()
    coloured = Source(indices, np.ones((*indices.shape, 4)), palette)
    across, down = tiles_for_page(coloured, page)
    plain = tiles_for_page(Source(indices > 0, np.ones(indices.shape)), page)
    assert across * down > plain[0] * plain[1]  # colour clues are longer: more tiles
    width = 90 // across * across
    filled = indices > 0
    rows, cols = cut_lines(filled[:, :width], down), cut_lines(filled[:, :width].T, across)
    for box in tile_boxes(rows, cols):
        assert tile_legible(Entry(coloured.puzzle(box)), page)
