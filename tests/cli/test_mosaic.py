"""``nonogen mosaic``: a puzzle file per tile and the set's PDF; usage errors before any work."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.formats import read_puzzle
from nonogen.image.options import PictureOptions
from nonogen.pipeline import MakeOptions
from nonogen.pipeline.book import make_book, review_sheet
from nonogen.pipeline.prepare import BookOptions
from nonogen.pipeline.tileset import set_places
from nonogen.preview import SheetEntry
from nonogen.solve import Status, solve_puzzle
from tests.mosaic_picture import mosaic_picture

SAMPLES = Path(__file__).parents[2] / "samples"
runner = CliRunner()


@pytest.fixture
def scene(tmp_path: Path) -> Path:
    path = tmp_path / "scene.png"
    path.write_bytes(mosaic_picture())
    return path


@pytest.mark.slow
def test_a_mosaic_writes_a_puzzle_per_tile_and_the_set_pdf(scene: Path, tmp_path: Path) -> None:
    out = tmp_path / "set"
    args = ["mosaic", str(scene), "--tiles", "2x2", "--tile-width", "30", "-o", str(out)]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    names = ["scene-r1c1.json", "scene-r1c2.json", "scene-r2c1.json", "scene-r2c2.json"]
    assert sorted(p.name for p in out.iterdir()) == [*names, "scene.pdf"]
    assert [Path(p).name for p in record["puzzles"]] == names
    assert (record["width"], record["height"], record["ok"]) == (60, 60, True)
    assert record["pages"] == 5
    assert len(PdfReader(out / "scene.pdf").pages) == 5  # a page per tile, then the solution
    text = PdfReader(out / "scene.pdf").pages[4].extract_text()
    assert "Solution: scene" in text
    assert "Where this tile goes" in PdfReader(out / "scene.pdf").pages[1].extract_text()
    puzzle = read_puzzle(out / "scene-r2c1.json")
    mosaic = puzzle.meta["mosaic"]
    assert isinstance(mosaic, dict)
    assert (mosaic["set"], mosaic["row"], mosaic["col"]) == ("scene", 2, 1)
    assert (mosaic["width"], mosaic["height"], mosaic["box"]) == (60, 60, [30, 0, 60, 30])
    verdict = solve_puzzle(puzzle)
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable


@pytest.mark.slow
def test_tiles_too_small_to_print_write_nothing_unless_forced(scene: Path, tmp_path: Path) -> None:
    out = tmp_path / "made" / "here"  # made if missing
    args = ["mosaic", str(scene), "--tiles", "2x1", "--tile-width", "20", "-o", str(out)]
    small = runner.invoke(app, [*args, "--page-size", "100x120mm"])
    assert small.exit_code == 3
    assert "use a smaller --tile-width" in small.stderr
    assert not out.exists()
    forced = runner.invoke(app, [*args, "--page-size", "100x120mm", "--force-small"])
    assert forced.exit_code == 0, forced.stderr
    assert "nonogen: warning: 1. scene r1c1" in forced.stderr
    assert "as 2x1 tiles" in forced.stdout
    assert "r1c2:" in forced.stdout
    assert len(PdfReader(out / "scene.pdf").pages) == 3


@pytest.mark.slow
def test_tiles_that_miss_exit_1_naming_them_and_what_to_try(scene: Path, tmp_path: Path) -> None:
    out = tmp_path / "set"
    args = ["mosaic", str(scene), "--tile-width", "30", "-o", str(out)]
    result = runner.invoke(app, [*args, "--repair", "flips", "--max-flips", "0", "--json"])
    assert result.exit_code == 1
    assert re.search(r"tiles missed \(r\dc\d", result.stderr), result.stderr
    assert "a smaller --tile-width, other --tiles" in result.stderr
    assert json.loads(result.stdout)["ok"] is False
    assert len(list(out.glob("scene-r*c*.json"))) == 4  # every tile written all the same


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--tiles", "3"], "COLUMNSxROWS"),
        (["--tiles", "0x2"], "COLUMNSxROWS"),
        (["--tiles", "1x1"], "COLUMNSxROWS"),
        (["--tiles", "9x2"], "COLUMNSxROWS"),
        (["--tiles", "twoxtwo"], "COLUMNSxROWS"),
        (["--tile-width", "4"], "--tile-width between 5 and 200"),
        (["--tiles", "8x1", "--tile-width", "30"], "over the limit of 200"),
        (["--width", "40"], "leave out --width"),
        (["--colors", "3", "--difficulty", "easy"], "leave out --difficulty"),
        (["--colors", "9"], "--colors"),
        (["--repair", "sometimes"], "--repair"),
    ],
)
def test_bad_options_are_usage_errors_before_the_picture_is_read(
    args: list[str], says: str, tmp_path: Path
) -> None:
    result = runner.invoke(app, ["mosaic", str(tmp_path / "missing.png"), *args])
    assert result.exit_code == 2, result.stderr
    assert says in result.stderr
    assert not (tmp_path / "output").exists()


def test_an_output_that_is_a_file_exits_4_before_the_make(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("not a folder")
    result = runner.invoke(app, ["mosaic", str(tmp_path / "missing.png"), "-o", str(taken)])
    assert result.exit_code == 4
    assert "not a folder" in result.stderr


def test_a_picture_that_is_not_one_exits_3(tmp_path: Path) -> None:
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"\x89PNG not really")
    result = runner.invoke(app, ["mosaic", str(bad), "-o", str(tmp_path / "out")])
    assert result.exit_code == 3
    assert "bad.png" in result.stderr


def book_options(**kw: object) -> BookOptions:
    make = MakeOptions(picture=PictureOptions(width=90))
    return BookOptions(make=make, workers=1, **kw)  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_book_makes_a_picture_too_big_for_a_page_into_a_set(tmp_path: Path) -> None:
    ring = tmp_path / "ring.png"
    shutil.copy(SAMPLES / "ring.png", ring)
    heart = tmp_path / "heart.txt"
    shutil.copy(SAMPLES / "heart.txt", heart)
    inputs = [str(ring), str(heart)]
    without = make_book(inputs, tmp_path / "a.pdf", book_options(), work=tmp_path / "w")
    assert "too small to print legibly" in without.skipped[0].reason
    book = make_book(inputs, tmp_path / "b.pdf", book_options(mosaic=True), work=tmp_path / "w")
    assert book.skipped == ()
    sources = [Path(p.source).name for p in book.puzzles]
    tiles = [s for s in sources if s.startswith("ring.png#")]
    assert tiles == sorted(tiles)  # the set stays together, row by row
    assert len(tiles) >= 2
    at = sources.index(tiles[0])
    assert sources[at : at + len(tiles)] == tiles
    for prepared in book.puzzles:
        assert prepared.puzzle is not None
        verdict = solve_puzzle(prepared.puzzle)
        assert verdict.status is Status.UNIQUE
        assert verdict.line_solvable
    pdf = PdfReader(tmp_path / "b.pdf")
    texts = [page.extract_text() for page in pdf.pages]
    assert sum("Where this tile goes" in text for text in texts) == len(tiles)
    manifest = json.loads((tmp_path / "b.json").read_text())
    assert manifest["options"]["mosaic"] is True
    again = make_book(
        [str(ring)], tmp_path / "c.pdf", book_options(mosaic=True), work=tmp_path / "w"
    )
    assert all(p.cached for p in again.puzzles)  # the tiles are kept in the work folder


def test_a_book_mosaic_of_colour_tiles_takes_no_tier(tmp_path: Path) -> None:
    args = ["book", str(tmp_path), "--mosaic", "--colors", "3", "--difficulty", "easy"]
    result = runner.invoke(app, [*args, "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 2
    assert "leave out --difficulty easy" in result.stderr


@pytest.mark.slow
def test_a_book_makes_a_colour_picture_too_big_for_a_page_into_a_colour_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chelsea = tmp_path / "chelsea.jpg"
    shutil.copy(SAMPLES / "chelsea.jpg", chelsea)
    make = MakeOptions(picture=PictureOptions(width=90), colours=3)
    options = BookOptions(make=make, workers=1, mosaic=True)
    book = make_book([str(chelsea)], tmp_path / "b.pdf", options, work=tmp_path / "w")
    assert book.skipped == ()
    assert len(book.puzzles) >= 2
    palettes = set()
    for prepared in book.puzzles:
        assert Path(prepared.source).name.startswith("chelsea.jpg#")
        puzzle = prepared.puzzle
        assert puzzle is not None
        assert puzzle.is_colour
        palettes.add(tuple(colour.name for colour in puzzle.palette.colours))
        verdict = solve_puzzle(puzzle)
        assert verdict.status is Status.UNIQUE
    assert len(palettes) == 1  # one palette for the whole set
    places = set_places([(p.source, p.puzzle) for p in book.puzzles if p.puzzle is not None])
    for place in places:  # the set's answer is assembled in its colours
        assert place is not None
        assert place.palette is not None
        assert place.picture.dtype == np.uint8
        assert 0 < place.picture.max() < place.palette.size
    texts = [page.extract_text() for page in PdfReader(tmp_path / "b.pdf").pages]
    assert sum("Where this tile goes" in text for text in texts) == len(book.puzzles)
    rows: list[SheetEntry] = []
    keep = rows.extend
    monkeypatch.setattr("nonogen.pipeline.book.write_sheet", lambda entries, _: keep(entries))
    review_sheet(book, tmp_path / "review.png")
    assert len(rows) == len(book.puzzles)  # every tile, its share of the picture beside it
    height, width = np.asarray(Image.open(chelsea)).shape[:2]
    shares = sum(row.picture.shape[0] * row.picture.shape[1] for row in rows)
    assert 0.9 * width * height <= shares <= width * height


@pytest.mark.slow
def test_a_colour_mosaic_writes_colour_tiles_of_one_palette_and_a_colour_pdf(
    tmp_path: Path,
) -> None:
    out = tmp_path / "set"
    args = ["mosaic", str(SAMPLES / "chelsea.jpg"), "--colors", "4", "--tile-width", "20"]
    result = runner.invoke(app, [*args, "-o", str(out), "--json"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    palette = record["palette"]
    assert len(palette) >= 3  # the background and at least two colours
    tiles = sorted(out.glob("chelsea-r*c*.json"))
    assert len(tiles) == 4
    for path in tiles:
        puzzle = read_puzzle(path)
        assert puzzle.is_colour
        assert [c.name for c in puzzle.palette.colours] == [c["name"] for c in palette]
        assert solve_puzzle(puzzle).status is Status.UNIQUE
    assert len(PdfReader(out / "chelsea.pdf").pages) == 5  # a page a tile, then the picture
    assert "cells changed" in runner.invoke(app, [*args, "-o", str(out)]).stdout
