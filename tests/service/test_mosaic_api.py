"""POST /api/mosaics: a big picture as a set of puzzles, each tile kept and linked, checked
tile by tile with the independent solver."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from nonogen.formats import parse_puzzle
from nonogen.grid import format_grid
from nonogen.service.app import create_app
from nonogen.service.limits import Limits
from nonogen.solve import Status, solve_puzzle
from tests.mosaic_picture import mosaic_picture

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits())) as client:
        yield client


@pytest.fixture(scope="module")
def answer(client: TestClient) -> dict[str, Any]:
    files = {"picture": ("scene.png", mosaic_picture(), "image/png")}
    response = client.post("/api/mosaics", files=files, data={"tiles": "2x2", "tile_width": "30"})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_mosaic_answers_every_tile_unique_and_logic_only(
    client: TestClient, answer: dict[str, Any]
) -> None:
    assert answer["kind"] == "mosaic"
    assert (answer["width"], answer["height"]) == (60, 60)
    assert [tile["tile"] for tile in answer["tiles"]] == ["r1c1", "r1c2", "r2c1", "r2c2"]
    full = np.zeros((answer["height"], answer["width"]), dtype=np.int8)
    for tile in answer["tiles"]:
        text = client.get(tile["links"]["json"]).text
        puzzle = parse_puzzle(text, name=tile["tile"], fmt="json")
        verdict = solve_puzzle(puzzle)
        assert verdict.status is Status.UNIQUE
        assert verdict.line_solvable
        assert format_grid(verdict.solutions[0].astype(np.int8)) == tile["solution"]
        top, left, bottom, right = tile["box"]
        full[top:bottom, left:right] = verdict.solutions[0]
        assert client.get(tile["links"]["puzzle_pdf"]).status_code == 200
    changed = {(r, c) for r, c in answer["changes"]}
    source = np.zeros_like(full)  # the tiles' source grids, put together
    for tile in answer["tiles"]:
        top, left, bottom, right = tile["box"]
        rows = [[ch == "#" for ch in row] for row in tile["source_grid"]]
        source[top:bottom, left:right] = np.array(rows, dtype=np.int8)
    differ = {(int(r), int(c)) for r, c in zip(*np.nonzero(full != source), strict=True)}
    assert differ == changed  # the assembled solution is the picture but for the changes


def test_a_colour_mosaic_keeps_one_palette_in_every_tile(client: TestClient) -> None:
    files = {"picture": ("scene.png", mosaic_picture(), "image/png")}
    answer = client.post("/api/mosaics", files=files, data={"colors": "3", "tile_width": "15"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    names = [entry["name"] for entry in body["palette"]]
    assert 2 <= len(names) <= 4  # the background and at most three colours (merged if alike)
    for tile in body["tiles"]:
        assert tile["kind"] == "colour"
        assert [entry["name"] for entry in tile["palette"]] == names
        assert tile["verdict"]["status"] == "unique"
    refused = client.post("/api/mosaics", files=files, data={"colors": "3", "difficulty": "easy"})
    assert refused.status_code == 422
    assert "leave out difficulty" in refused.json()["message"]


def test_a_mosaic_refuses_bad_tiles(client: TestClient) -> None:
    files = {"picture": ("scene.png", mosaic_picture(), "image/png")}
    for tiles in ("1x1", "0x2", "2by2", "9x9"):
        bad = client.post("/api/mosaics", files=files, data={"tiles": tiles})
        assert bad.status_code == 422, (tiles, bad.text)
        assert "tiles" in bad.json()["message"]
        assert "--" not in bad.json()["message"]
    wide = client.post("/api/mosaics", files=files, data={"tiles": "8x2", "tile_width": "30"})
    assert wide.status_code == 413, wide.text
    assert "a smaller tile_width" in wide.json()["message"]
