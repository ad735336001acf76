"""The HTTP API with FastAPI's TestClient: every endpoint, every error status and limit."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import struct
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader

from bench.load import png_bytes
from nonogen.clues import grid_clues
from nonogen.errors import NotFoundError, WorkerError
from nonogen.formats import TITLE_CHARS, UNZIPPED_BYTES, format_puzzle, parse_puzzle
from nonogen.grid import EMPTY, FILLED, UNKNOWN
from nonogen.pipeline import grid_rows
from nonogen.puzzle import puzzle_from_lengths
from nonogen.service.app import create_app
from nonogen.service.downloads import links
from nonogen.service.errors import ErrorBody
from nonogen.service.jobs import PICTURE_NICE, MadePuzzle
from nonogen.service.limits import Limits
from nonogen.service.store import ID_PATTERN, Store
from nonogen.solve import Status, solve_puzzle
from tests.photos import big_jpeg, declaring, disc_photo, encode, header_of

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
RING = (SAMPLES / "ring.png").read_bytes()
HEART = (SAMPLES / "heart.txt").read_text()
DIAGONAL = (SAMPLES / "diagonal.non").read_text()


def client_for(limits: Limits) -> TestClient:
    """A test client of an app with these limits (use it in a ``with``)."""
    return TestClient(create_app(limits))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with client_for(Limits(pool="thread")) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def made(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/puzzles", files={"picture": ("ring.png", RING)})
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    return record


def assert_error(response: Any, status: int, kind: str, words: str = "") -> dict[str, Any]:
    """The response is the JSON error shape with this status, kind and words in its message."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["error"] == kind
    assert words in body["message"]
    return body


FORCED = {"method": "otsu", "force": "true", "repair": "flips"}
"""Make options that take a pattern's own cells, though it has no subject."""


def checkerboard(cells: int, px: int = 10) -> bytes:
    """A PNG of a checkerboard: a picture no flip-free puzzle can be made from."""
    board = (np.add.outer(np.arange(cells), np.arange(cells)) % 2).astype(np.uint8) * 255
    return png_bytes(np.kron(board, np.ones((px, px), dtype=np.uint8)))


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims a huge picture: a decompression bomb, caught unread."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def test_health_reports_the_limits(client: TestClient) -> None:
    body = client.get("/api/health").json()
    assert body["status"] == "ok"
    assert body["limits"]["upload_bytes"] == 20 * 1024 * 1024
    assert body["limits"]["max_side"] == 200
    assert body["jobs_running"] == 0


@pytest.mark.slow
def test_make_answers_the_puzzle_and_its_links(made: dict[str, Any]) -> None:
    assert made["width"] == 30
    assert len(made["rows"]) == made["height"]
    assert len(made["solution"]) == made["height"]
    assert made["verdict"]["status"] == "unique"
    assert made["verdict"]["line_solvable"] is True
    changed = [
        [r, c]
        for r, (after, before) in enumerate(zip(made["solution"], made["source_grid"], strict=True))
        for c, (a, b) in enumerate(zip(after, before, strict=True))
        if a != b
    ]
    assert made["fidelity"]["flipped"] == len(changed)  # the cells the answer differs in
    assert made["seed"] == 0
    assert made["options"]["seconds"] == 9.0  # 90 % of the limit; the rest for the preview
    assert set(made["links"]) == {"json", "png", "puzzle_pdf", "solution_pdf"}
    assert made["conversion"]["method"]  # the page shows the conversion it chose
    assert made["print_warnings"] == []  # 30 wide prints legibly on a letter page
    assert "givens" in made


def test_the_links_serve_json_png_and_pdfs(client: TestClient, made: dict[str, Any]) -> None:
    links = made["links"]
    puzzle = parse_puzzle(client.get(links["json"]).text, fmt="json")
    assert [list(c) for c in puzzle.rows] == made["rows"]
    assert puzzle.goal is not None
    png = client.get(links["png"])
    assert png.headers["content-type"] == "image/png"
    assert png.content.startswith(b"\x89PNG")
    for key in ("puzzle_pdf", "solution_pdf"):
        response = client.get(links[key])
        assert response.headers["content-type"] == "application/pdf"
        assert "attachment" in response.headers["content-disposition"]
        assert len(PdfReader(io.BytesIO(response.content)).pages) == 1


@pytest.mark.parametrize("suffix", [".json", ".png", ".pdf", "/solution.pdf"])
@pytest.mark.parametrize("ident", ["0123456789abcdef" * 2, "0123456789abcdef", "not-an-id"])
def test_an_unknown_id_is_404(client: TestClient, ident: str, suffix: str) -> None:
    assert_error(client.get(f"/api/puzzles/{ident}{suffix}"), 404, "NotFoundError", ident)


def test_an_unknown_route_is_404_json(client: TestClient) -> None:
    assert_error(client.get("/api/nothing"), 404, "HTTPError", "/api/nothing")


def test_a_long_unknown_route_is_not_echoed_whole(client: TestClient) -> None:
    path = "/api/" + "x" * 20_000
    response = client.get(path)
    assert_error(response, 404, "HTTPError", "(20005 characters)")
    assert len(response.content) < 2_000
    assert_error(client.delete("/api/health"), 405, "HTTPError", "DELETE")


def test_not_a_picture_is_400(client: TestClient) -> None:
    response = client.post("/api/puzzles", files={"picture": ("x.png", b"not a picture")})
    assert_error(response, 400, "InputError", "not a picture")


def test_a_bad_option_is_422(client: TestClient) -> None:
    """A malformed field is a 422, as docs/limits.md says, whichever check finds it."""
    files = {"picture": ("r.png", RING)}
    response = client.post("/api/puzzles", files=files, data={"threshold": "brightest"})
    assert_error(response, 422, "UsageError", "'brightest'")
    for data, said in (
        ({"candidate": "zzz"}, "candidate's key"),
        ({"candidate": "otsu-" + "9" * 60}, "candidate's key"),
        ({"method": "pointed"}, "needs subject"),
    ):
        assert_error(client.post("/api/puzzles", files=files, data=data), 422, "UsageError", said)


def test_fastapi_validation_errors_are_clear_json(client: TestClient) -> None:
    data = {"width": "wide", "difficulty": "extreme"}
    body = assert_error(client.post("/api/puzzles", data=data), 422, "ValidationError")
    fields = {f["field"] for f in body["fields"]}
    assert fields == {"picture", "width", "difficulty"}
    assert "width: Input should be a valid integer" in body["message"]


@pytest.mark.parametrize(
    ("name", "picture", "data"),
    [
        ("checkerboard.png", checkerboard(10), {"width": "10", "max_flips": "0", **FORCED}),
        ("horse.png", (SAMPLES / "horse.png").read_bytes(), {"max_flips": "0", **FORCED}),
    ],
)
def test_a_picture_that_needs_more_flips_is_422(
    client: TestClient, name: str, picture: bytes, data: dict[str, str]
) -> None:
    response = client.post("/api/puzzles", files={"picture": (name, picture)}, data=data)
    assert_error(response, 422, "NotMadeError", "could not make a puzzle")


def test_a_picture_with_no_subject_is_400_unless_forced(client: TestClient) -> None:
    response = client.post("/api/puzzles", files={"picture": ("c.png", checkerboard(10))})
    assert_error(response, 400, "NoSubjectError", "found no subject")
    body = response.json()
    assert "method or force to make it anyway" in body["message"]
    assert "force" not in body["page_message"]
    assert "Conversion to make it anyway" in body["page_message"]


def test_an_upload_over_the_limit_is_413() -> None:
    with client_for(Limits(pool="thread", upload_bytes=1000)) as small:
        response = small.post("/api/puzzles", files={"picture": ("ring.png", RING)})
        assert_error(response, 413, "LimitError", "1000 bytes")
        # Streamed without a Content-Length: stopped as it passes the limit.
        chunks = iter([b"#" * 600, b"." * 600])
        response = small.post("/api/check", content=chunks)
        assert_error(response, 413, "LimitError", "1000 bytes")
        assert small.post("/api/check", content=iter([DIAGONAL.encode()])).status_code == 200


def test_a_side_under_the_minimum_is_422_not_413(client: TestClient) -> None:
    # Found by Schemathesis: -408 cells was a 413 "over a limit", naming the CLI's --height.
    data = {"height": "-408"}
    response = client.post("/api/puzzles", files={"picture": ("r.png", RING)}, data=data)
    assert_error(response, 422, "ValidationError", "height: Input should be greater than or")


def test_the_schema_documents_every_error_with_its_body(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    errors = [
        answer
        for operations in paths.values()
        for operation in operations.values()
        for status, answer in operation["responses"].items()
        if int(status) >= 400
    ]
    assert len(errors) > 20
    body = {"$ref": "#/components/schemas/ErrorBody"}
    assert all(answer["content"] == {"application/json": {"schema": body}} for answer in errors)
    ErrorBody.model_validate(client.post("/api/hint").json())  # a 422 with its fields
    ErrorBody.model_validate(client.get("/api/puzzles/x.png").json())


def test_a_grid_over_the_limit_is_413(client: TestClient) -> None:
    data = {"width": "201"}
    response = client.post("/api/puzzles", files={"picture": ("r.png", RING)}, data=data)
    assert_error(response, 413, "LimitError", "201")
    wide = "\n".join(["#" * 201] * 3)
    assert_error(client.post("/api/check", content=wide), 413, "LimitError", "201x3")
    hint = {"rows": [[1]], "cols": [[]] * 201, "grid": ["?" * 201]}
    assert_error(client.post("/api/hint", json=hint), 413, "LimitError", "201x1")


def test_a_picture_over_the_pixel_limit_is_413(client: TestClient) -> None:
    bomb = png_header_only(10_000, 10_000)
    response = client.post("/api/puzzles", files={"picture": ("bomb.png", bomb)})
    assert_error(response, 413, "LimitError", "picture too large")


def test_the_service_reads_smaller_pictures_than_the_library(client: TestClient) -> None:
    big = png_header_only(5_000, 5_000)  # 25 Mpx: under the library's 50, over the service's 16
    response = client.post("/api/puzzles", files={"picture": ("big.png", big)})
    assert_error(response, 413, "LimitError", "at most 16000000 pixels")


PHONE_PICTURES: dict[str, Callable[[], bytes]] = {
    "photo.heic": lambda: encode(disc_photo(320, 240), "HEIF", orientation=6),
    "photo.avif": lambda: encode(disc_photo(320, 240), "AVIF", orientation=6),
    "photo.jpg": big_jpeg,  # 48 Mpx, decoded at 1/4
}
"""Pictures as phones save them, made here."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PHONE_PICTURES))
def test_make_from_a_phone_picture(client: TestClient, name: str) -> None:
    data = PHONE_PICTURES[name]()
    fields = {"width": "12", "tight": "false"}  # the whole frame: its aspect shows the turn
    response = client.post("/api/puzzles", files={"picture": (name, data)}, data=fields)
    assert response.status_code == 200, response.text
    made = response.json()
    rows = made["solution"]
    assert made["width"] == 12
    assert rows[len(rows) // 2][6] == "#"  # the disc's middle
    assert rows[0][0] == "."
    if name != "photo.jpg":  # stored turned by orientation 6: made upright, taller than wide
        assert made["height"] == 16


@pytest.mark.parametrize(
    ("fmt", "width", "height", "words"),
    [
        ("JPEG", 8000, 6251, "(8000x6251 pixels); use at most 50000000 pixels"),
        ("HEIF", 4096, 4096, "use at most 16000000 pixels, or a JPEG of up to 50000000"),
        ("AVIF", 4096, 4096, "use at most 16000000 pixels, or a JPEG of up to 50000000"),
    ],
)
def test_a_picture_over_its_formats_limit_is_413(
    client: TestClient, fmt: str, width: int, height: int, words: str
) -> None:
    data = declaring(header_of(fmt), width, height)
    response = client.post("/api/puzzles", files={"picture": (f"big.{fmt.lower()}", data)})
    assert_error(response, 413, "LimitError", words)


def test_busy_is_503_with_retry_after() -> None:
    limits = Limits(pool="thread", quick_jobs=0, wait_seconds=0.05, retry_after=7)
    with client_for(limits) as busy:
        response = busy.post("/api/check", content=DIAGONAL)
        assert_error(response, 503, "BusyError", "busy")
        assert response.headers["retry-after"] == "7"
        assert busy.get("/api/health").status_code == 200  # cheap requests still answered


def test_puzzle_requests_have_a_lane_of_their_own() -> None:
    limits = Limits(pool="thread", jobs=0, wait_seconds=0.05)  # no slot for pictures
    with client_for(limits) as pictures_busy:
        made = pictures_busy.post("/api/puzzles", files={"picture": ("ring.png", RING)})
        assert_error(made, 503, "BusyError", "busy")
        assert pictures_busy.post("/api/check", content=DIAGONAL).status_code == 200


def test_too_many_requests_in_flight_is_503() -> None:
    with client_for(Limits(pool="thread", requests=0, retry_after=3)) as full:
        response = full.post("/api/check", content=DIAGONAL)
        assert_error(response, 503, "BusyError", "requests in flight")
        assert response.headers["retry-after"] == "3"
        assert full.get("/api/health").status_code == 200  # health is never counted


def test_the_solver_stops_at_the_time_limit() -> None:
    noise = np.random.default_rng(1).random((30, 30)) < 0.5
    picture = "\n".join("".join("#" if v else "." for v in row) for row in noise.tolist())
    with client_for(Limits(pool="thread", solver_seconds=1e-4)) as hurried:
        body = hurried.post("/api/check", content=picture).json()
        assert body["status"] == "unknown"
        assert "time budget" in body["reason"]


def test_check_an_ambiguous_puzzle_from_the_body(client: TestClient) -> None:
    body = client.post("/api/check", content=DIAGONAL).json()
    assert body["status"] == "multiple"
    assert body["format"] == "non"
    assert body["rows"] == [[1]] * 4
    assert len(body["differing_cells"]) >= 4
    assert body["difficulty"] is None


def test_check_a_file_upload_with_its_goal(client: TestClient) -> None:
    response = client.post("/api/check", files={"file": ("heart.txt", HEART.encode())})
    body = response.json()
    assert body["status"] == "unique"
    assert body["line_solvable"] is True
    assert body["format"] == "text"
    assert body["goal"] == HEART.split()
    assert body["tier"] in ("easy", "medium")
    assert 0.0 <= body["seconds"] < 10.0  # measured, and within the check's budget


def test_check_takes_a_format_and_refuses_a_bad_one(client: TestClient) -> None:
    assert client.post("/api/check?format=r", content="1:1-1:1").json()["status"] == "multiple"
    assert_error(client.post("/api/check?format=pdf", content=HEART), 400, "InputError", "pdf")
    assert_error(client.post("/api/check", content=""), 400, "InputError", "empty")
    assert_error(client.post("/api/check", files={"other": ("a", b"x")}), 400, "InputError")


def test_check_json_from_the_editor(client: TestClient) -> None:
    puzzle = {"rows": [[1], [1]], "cols": [[1], [1]], "solution": ["#.", ".#"]}
    body = client.post("/api/check", json=puzzle).json()
    assert body["status"] == "multiple"
    assert sorted(map(tuple, body["differing_cells"])) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_check_answers_the_givens_so_the_page_keeps_them(client: TestClient) -> None:
    puzzle = {"rows": [[1], [1]], "cols": [[1], [1]], "givens": ["#?", "??"]}
    body = client.post("/api/check", json=puzzle).json()
    assert body["givens"] == ["#?", "??"]
    assert body["status"] == "unique"
    plain = client.post("/api/check", json={"rows": [[1], [1]], "cols": [[1], [1]]}).json()
    assert plain["givens"] is None


def test_check_a_colour_puzzle(client: TestClient) -> None:
    text = (SAMPLES / "colour" / "strawberry.json").read_text(encoding="utf-8")
    body = client.post("/api/check", files={"file": ("strawberry.json", text.encode())}).json()
    assert body["status"] == "unique"
    assert body["line_solvable"] is True
    assert [c["name"] for c in body["palette"]] == ["white", "red", "green", "cream"]
    assert body["rows"][3] == [[2, "red"], [1, "cream"], [5, "red"]]
    assert body["solution"][3] == ".rrwrrrrr."
    two = {
        "palette": [{"name": "white", "rgb": "#ffffff"}, {"name": "red", "rgb": "#ff0000"}],
        "rows": [[[1, "red"]], [[1, "red"]]],
        "cols": [[[1, "red"]], [[1, "red"]]],
    }
    ambiguous = client.post("/api/check", json=two).json()
    assert ambiguous["status"] == "multiple"
    assert len(ambiguous["differing_cells"]) == 4


def test_convert_between_formats(client: TestClient) -> None:
    non = client.post("/api/convert?to=non", content=HEART)
    assert non.status_code == 200
    assert "width 15" in non.text
    back = client.post("/api/convert?to=json&format=non", content=non.text)
    assert json.loads(back.text)["rows"][1] == [4, 4]
    assert_error(client.post("/api/convert?to=docx", content=HEART), 422, "ValidationError")


def test_pdf_of_a_puzzle_and_its_solution(client: TestClient, made: dict[str, Any]) -> None:
    puzzle = {key: made[key] for key in ("rows", "cols", "solution")}
    response = client.post("/api/pdf", json={"puzzle": puzzle, "pages": "both"})
    assert response.headers["content-type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2
    text = client.post("/api/pdf", json={"puzzle": HEART, "page_size": "a4"})
    assert len(PdfReader(io.BytesIO(text.content)).pages) == 1
    bad = client.post("/api/pdf", json={"puzzle": puzzle, "page_size": "napkin"})
    assert_error(bad, 400, "InputError", "napkin")


def test_a_pdf_too_small_to_read_is_413_unless_forced(client: TestClient) -> None:
    stripes = {"rows": [[1] * 30] * 60, "cols": [[60], []] * 30}  # 60 x 60 on a 6x9 page
    small = client.post("/api/pdf", json={"puzzle": stripes, "page_size": "6x9"})
    assert_error(small, 413, "LimitError", "force_small=true")
    message = small.json()["message"]
    assert "mm" in message
    assert "page_size=" in message
    assert "--" not in message, message
    forced = {"puzzle": stripes, "page_size": "6x9", "force_small": True}
    printed = client.post("/api/pdf", json=forced)
    assert printed.status_code == 200
    assert len(PdfReader(io.BytesIO(printed.content)).pages) == 1


@pytest.mark.slow
def test_make_warns_when_its_pdf_would_print_too_small(client: TestClient) -> None:
    picture = (SAMPLES / "ring.png").read_bytes()
    big = client.post(
        "/api/puzzles", files={"picture": ("ring.png", picture)}, data={"width": "80"}
    )
    assert big.status_code == 200, big.text
    assert "4 mm" in big.json()["print_warnings"][0]


def test_hint_step_mistake_and_solved(client: TestClient) -> None:
    clues = {"rows": [[2], [1]], "cols": [[2], [1]]}
    step = client.post("/api/hint", json={**clues, "grid": ["??", "??"]}).json()
    assert step["status"] == "step"
    assert step["line"] == {"kind": "row", "index": 0, "clue": [2]}
    assert step["cells"] == [
        {"row": 0, "col": 0, "value": "filled"},
        {"row": 0, "col": 1, "value": "filled"},
    ]
    assert step["reason"].startswith("Row 1 (clue 2): cells 1\u20132 must be filled")
    mistake = client.post("/api/hint", json={**clues, "grid": ["#.", "??"]}).json()
    assert mistake["status"] == "mistake"
    solved = client.post("/api/hint", json={**clues, "grid": ["##", "#."]}).json()
    assert solved["status"] == "solved"
    bad = client.post("/api/hint", json={**clues, "grid": ["??", "?"]})
    assert_error(bad, 400, "InputError", "same number of cells")
    bad = client.post("/api/hint", json={**clues, "grid": ["???", "???"]})
    assert_error(bad, 400, "InputError", "the grid is 3x2")


def test_hint_by_probing_names_its_assumption(client: TestClient) -> None:
    # The clues of .#. / .#. / #.. / ..# / ..#: no single line settles a cell.
    clues = {"rows": [[1]] * 5, "cols": [[1], [2], [2]]}
    body = client.post("/api/hint", json={**clues, "grid": ["???"] * 5}).json()
    assert body["status"] == "step"
    assert body["kind"] == "probe"
    assert body["probe"] == {"row": 1, "col": 0, "tried": "filled"}
    assert body["cells"] == [{"row": 1, "col": 0, "value": "empty"}]
    assert body["line"] == {"kind": "row", "index": 0, "clue": [1]}
    assert body["reason"].startswith("If row 2, column 1 were filled")
    line = client.post("/api/hint", json={**clues, "grid": ["?#?"] + ["???"] * 4}).json()
    assert (line["kind"], line["probe"]) == ("line", None)


def test_hint_of_an_ambiguous_grid_names_the_cells_that_differ(client: TestClient) -> None:
    clues = {"rows": [[1], [1]], "cols": [[1], [1]]}
    body = client.post("/api/hint", json={**clues, "grid": ["??", "??"]}).json()
    assert (body["status"], body["kind"], body["probe"], body["line"]) == (
        "ambiguous",
        None,
        None,
        None,
    )
    assert body["cells"] == [
        {"row": r, "col": c, "value": "either"} for r, c in ((0, 0), (0, 1), (1, 0), (1, 1))
    ]
    assert "more than one solution" in body["reason"]


def test_a_hint_out_of_time_is_stuck() -> None:
    dom5 = {
        "rows": [[3], [1], [3, 1], [1], [3, 1], [1], [3, 1], [1], [3, 1], [1], [1]],
        "cols": [[1], [1], [1, 3], [1], [1, 3], [1], [1, 3], [1], [1, 3], [1], [3]],
    }
    with client_for(Limits(pool="thread", solver_seconds=1e-6)) as hurried:
        body = hurried.post("/api/hint", json={**dom5, "grid": ["?" * 11] * 11}).json()
    assert (body["status"], body["kind"], body["cells"]) == ("stuck", None, [])
    assert "ran out of time" in body["reason"]


def applied_fix(drawing: list[str], body: dict[str, Any]) -> np.ndarray:
    """The drawing with the answer's flips, checked against the values the answer gives."""
    grid = np.array([[ch == "#" for ch in row] for row in drawing])
    for flip in body["flips"]:
        r, c = flip["row"], flip["col"]
        grid[r, c] = not grid[r, c]
        assert flip["value"] == ("filled" if grid[r, c] else "empty")
    return grid


@pytest.mark.parametrize("mode", ["flips", "givens", "auto"])
def test_fix_makes_a_drawing_unique_and_logic_only(client: TestClient, mode: str) -> None:
    drawing = ["#..#", ".##.", ".##.", "#..#"]
    body = client.post("/api/fix", json={"grid": drawing, "mode": mode}).json()
    assert body["status"] == "fixed", body
    assert body["verdict"]["status"] == "unique"
    assert body["verdict"]["line_solvable"] is True
    grid = applied_fix(drawing, body)
    assert body["grid"] == ["".join("#" if v else "." for v in row) for row in grid.tolist()]
    givens = np.full(grid.shape, UNKNOWN, dtype=np.int8)
    for cell in body["givens"]:
        givens[cell["row"], cell["col"]] = FILLED if cell["value"] == "filled" else EMPTY
        assert givens[cell["row"], cell["col"]] == grid[cell["row"], cell["col"]]
    rows, cols = grid_clues(grid)
    shown = givens if body["givens"] else None
    verdict = solve_puzzle(puzzle_from_lengths(rows, cols, givens=shown), timeout=30)
    assert (verdict.status, verdict.line_solvable) == (Status.UNIQUE, True)
    assert (body["flips"] == []) == (mode == "givens")


def test_fix_of_a_good_drawing_is_already(client: TestClient) -> None:
    body = client.post("/api/fix", json={"grid": ["##.", "#..", "..."]}).json()
    assert (body["status"], body["flips"], body["givens"]) == ("already", [], [])
    assert body["grid"] == ["##.", "#..", "..."]
    assert body["verdict"]["line_solvable"] is True


def test_fix_of_a_colour_drawing(client: TestClient) -> None:
    palette = [{"name": "white", "rgb": "#ffffff"}, {"name": "red", "rgb": "#ff0000"}]
    drawing = ["r.", ".r"]  # two solutions: red on either diagonal
    body = client.post(
        "/api/fix", json={"grid": drawing, "palette": palette, "mode": "givens"}
    ).json()
    assert body["status"] == "fixed", body
    assert body["grid"] == drawing
    assert body["flips"] == []
    assert len(body["givens"]) == 1
    given = body["givens"][0]
    red = drawing[given["row"]][given["col"]] == "r"
    value = {"value": "filled", "colour": "red"} if red else {"value": "empty"}
    assert given == {"row": given["row"], "col": given["col"], **value}
    assert (body["verdict"]["status"], body["verdict"]["line_solvable"]) == ("unique", True)
    flipped = client.post("/api/fix", json={"grid": drawing, "palette": palette, "mode": "flips"})
    assert flipped.json()["status"] == "fixed"
    assert flipped.json()["flips"]
    bad = client.post("/api/fix", json={"grid": ["#."], "palette": palette})
    assert_error(bad, 400, "InputError", "palette's characters")


def test_fix_refuses_a_bad_drawing(client: TestClient) -> None:
    ragged = client.post("/api/fix", json={"grid": ["#.", "#"]})
    assert_error(ragged, 400, "InputError", "2 cells long")
    other = client.post("/api/fix", json={"grid": ["#?"]})
    assert_error(other, 400, "InputError", "got '?' at row 1, column 2")
    assert_error(client.post("/api/fix", json={"grid": []}), 400, "InputError", "got none")
    wide = client.post("/api/fix", json={"grid": ["." * 201]})
    assert_error(wide, 413, "LimitError", "201x1")
    mode = client.post("/api/fix", json={"grid": ["#."], "mode": "erase"})
    assert_error(mode, 422, "ValidationError")


def test_the_schema_documents_the_hint_and_fix_answers(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path, model in (("/api/hint", "HintAnswer"), ("/api/fix", "FixAnswer")):
        answer = schema["paths"][path]["post"]["responses"]["200"]["content"]
        assert answer["application/json"]["schema"] == {"$ref": f"#/components/schemas/{model}"}
    fields = schema["components"]["schemas"]["HintAnswer"]["properties"]
    assert {"version", "status", "reason", "line", "cells", "kind", "probe"} <= set(fields)


def test_the_page_the_static_files_and_the_docs(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'data-testid="tab-make"' in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    docs = client.get("/docs").text
    assert "cdn" not in docs.lower()  # served offline
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/puzzles", "/api/check", "/api/pdf", "/api/hint", "/api/health"} <= set(paths)


def made_puzzle(size: int) -> MadePuzzle:
    return MadePuzzle(parse_puzzle(HEART), {}, "x" * size, b"")


def test_the_store_keeps_the_most_recently_used() -> None:
    store = Store(size=2, max_bytes=1000, seconds=3600)
    a, b, c = (store.put(made_puzzle(10)) for _ in range(3))
    assert len(store) == 2
    with pytest.raises(NotFoundError, match="no puzzle with id"):
        store.get(a)
    kept = store.get(b)  # now b is the most recent: c goes next
    store.put(made_puzzle(10))
    assert store.get(b) is kept
    with pytest.raises(NotFoundError):
        store.get(c)
    store.put(made_puzzle(995))  # over the bytes: everything older goes
    assert len(store) == 1
    assert store.bytes == 995


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_kept_puzzle_expires_and_is_dropped() -> None:
    clock = FakeClock()
    store = Store(size=10, max_bytes=1000, seconds=60, clock=clock)
    old = store.put(made_puzzle(10))
    clock.now += 30
    young = store.put(made_puzzle(20))
    clock.now += 29.9
    store.get(old)  # a look does not extend its time
    clock.now += 0.1
    with pytest.raises(NotFoundError, match=r"has expired: puzzles are kept for 60 s"):
        store.get(old)
    assert (len(store), store.bytes) == (1, 20)  # the expired one is gone
    with pytest.raises(NotFoundError, match="no puzzle with id"):
        store.get(old)
    clock.now += 30
    store.put(made_puzzle(30))  # keeping a new one drops every expired one
    assert (len(store), store.bytes) == (1, 30)
    with pytest.raises(NotFoundError):
        store.get(young)


@pytest.mark.slow
def test_ids_are_random_128_bit_and_the_puzzle_file_is_deterministic(
    client: TestClient,
) -> None:
    answers = [client.post("/api/puzzles", files={"picture": ("ring.png", RING)}) for _ in "ab"]
    first, second = (answer.json() for answer in answers)
    assert first["id"] != second["id"]
    assert all(ID_PATTERN.match(record["id"]) for record in (first, second))
    assert len(first["id"]) * 4 == 128
    files = [client.get(record["links"]["json"]).content for record in (first, second)]
    assert files[0] == files[1]  # the same picture and seed: the same bytes, wherever kept
    assert first["id"].encode() not in files[0]


def test_the_service_forgets_a_puzzle_after_store_seconds() -> None:
    clock = FakeClock()
    with client_for(Limits(pool="thread", store_seconds=5)) as short:
        service = short.app.state.service  # type: ignore[attr-defined]
        service.store = Store(10, 10**6, 5, clock=clock)
        ident = keep(short, "brief")
        assert short.get(f"/api/puzzles/{ident}.json").status_code == 200
        clock.now += 5
        assert_error(short.get(f"/api/puzzles/{ident}.png"), 404, "NotFoundError", "has expired")
        assert_error(short.get(f"/api/puzzles/{ident}.png"), 404, "NotFoundError", "no puzzle")


@pytest.mark.slow
def test_jobs_run_in_worker_processes() -> None:
    with client_for(Limits(pool="process", jobs=1, quick_jobs=1)) as pooled:
        body = pooled.post("/api/check", content=DIAGONAL).json()
        assert body["status"] == "multiple"
        response = pooled.post("/api/puzzles", files={"picture": ("r.png", RING)})
        assert response.json()["verdict"]["status"] == "unique"
        bad = pooled.post("/api/puzzles", files={"picture": ("x.png", b"nope")})
        assert_error(bad, 400, "InputError")  # errors come back from the worker as raised
        # A worker that dies (here: exits mid-job) is a 500, and the pool is restarted.
        assert pooled.portal is not None
        service = pooled.app.state.service  # type: ignore[attr-defined]
        for runner in (service.pictures, service.puzzles):
            with pytest.raises(WorkerError, match="worker process died"):
                pooled.portal.call(runner.run, os._exit, 1)
        assert pooled.post("/api/check", content=DIAGONAL).status_code == 200
        assert pooled.post("/api/puzzles", files={"picture": ("r.png", RING)}).status_code == 200
        # Picture workers run at a lower CPU priority than the server and puzzle workers.
        niceness = [
            pooled.portal.call(lane.run, os.nice, 0) for lane in (service.pictures, service.puzzles)
        ]
        assert niceness[0] == niceness[1] + PICTURE_NICE


# --- issue 11, hardening (the rows without a real server are in test_hardening.py) -------

AMBIGUOUS = {"rows": [[1], [1]], "cols": [[1], [1]], "solution": ["#.", ".#"]}
"""Two solutions: the solution given is one of them."""
JSON_HEADERS = {"content-type": "application/json"}


def titled(title: str, fmt: str = "json") -> str:
    """A one-cell puzzle with this title, as nonogen JSON (escaped) or as a .non text."""
    if fmt == "non":
        return f'title "{title}"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n'
    return json.dumps({"title": title, "rows": [[1]], "cols": [[1]]})


def test_a_title_with_a_lone_surrogate_is_answered_not_a_500(client: TestClient) -> None:
    # JSON escapes the surrogate, so the requests themselves are valid UTF-8.
    check = client.post("/api/check", content=titled("\ud800"), headers=JSON_HEADERS)
    assert check.status_code == 200, check.text
    assert check.json()["title"] == "\ufffd"
    for puzzle in (json.loads(titled("\ud800")), titled("\ud800", "non")):
        request = json.dumps({"puzzle": puzzle, "pages": "puzzle"})
        response = client.post("/api/pdf", content=request, headers=JSON_HEADERS)
        assert response.status_code == 200, response.text


def test_a_title_over_the_limit_is_413(client: TestClient) -> None:
    long = "t" * (TITLE_CHARS + 1)
    response = client.post("/api/pdf", json={"puzzle": json.loads(titled(long))})
    assert_error(response, 413, "LimitError", "title is 201 characters long, over the limit of 200")
    response = client.post("/api/check", content=titled(long, "non"))
    assert_error(response, 413, "LimitError", "over the limit of 200")
    # A made puzzle's title is its picture's file name: refused before the picture is read.
    upload = {"picture": (f"{long}.png", b"not even a picture")}
    response = client.post("/api/puzzles", files=upload)
    assert_error(response, 413, "LimitError", "the picture's file name (the puzzle's title)")


@pytest.mark.slow
def test_a_gzip_bomb_is_413(client: TestClient) -> None:
    bomb = gzip.compress(bytes(UNZIPPED_BYTES + 1), mtime=0)  # 65 kB
    response = client.post("/api/check", files={"file": ("bomb.txt.gz", bomb)})
    assert_error(response, 413, "LimitError", "decompresses to more than the limit of 67108864")


def keep(client: TestClient, title: str) -> str:
    """Keep a made puzzle with this title in the service's store, as POST /api/puzzles does;
    its id."""
    puzzle = parse_puzzle(titled(title))
    made = MadePuzzle(puzzle, {}, format_puzzle(puzzle, "json"), b"")
    ident: str = client.app.state.service.store.put(made)  # type: ignore[attr-defined]
    return ident


@pytest.mark.parametrize(
    ("title", "fallback", "encoded"),
    [
        ("кот", "puzzle", "%D0%BA%D0%BE%D1%82"),
        ("猫", "puzzle", "%E7%8C%AB"),
        ("Café", "Cafe", "Caf%C3%A9"),
    ],
)
def test_downloads_of_a_puzzle_titled_in_any_script(
    client: TestClient, title: str, fallback: str, encoded: str
) -> None:
    ident = keep(client, title)
    for path, suffix in ((".json", ".json"), (".pdf", ".pdf"), ("/solution.pdf", "-solution.pdf")):
        response = client.get(f"/api/puzzles/{ident}{path}")
        assert response.status_code == 200, response.text
        assert response.headers["content-disposition"] == (
            f"attachment; filename=\"{fallback}{suffix}\"; filename*=UTF-8''{encoded}{suffix}"
        )


@pytest.mark.slow
def test_an_upload_named_in_cyrillic_gives_working_links(client: TestClient) -> None:
    # A puzzle is named by its title (none by default: the picture's name would give it away).
    made = client.post("/api/puzzles", files={"picture": ("кот.png", RING)}, data={"title": "кот"})
    assert made.status_code == 200, made.text
    assert made.json()["source"] == "кот"
    links = made.json()["links"]
    for key in ("json", "puzzle_pdf"):
        response = client.get(links[key])
        assert response.status_code == 200, response.text
        assert "filename*=UTF-8''%D0%BA%D0%BE%D1%82." in response.headers["content-disposition"]


@pytest.mark.parametrize("pages", ["solution", "both"])
def test_no_answer_key_for_a_puzzle_with_several_solutions(client: TestClient, pages: str) -> None:
    response = client.post("/api/pdf", json={"puzzle": AMBIGUOUS, "pages": pages})
    message = assert_error(response, 400, "InputError", "several solutions")["message"]
    assert 'ask for pages "puzzle" to get the sheet without a key' in message
    assert "first at row 1, column 1" in message


def test_a_sheet_without_a_key_of_an_ambiguous_puzzle_is_printed(client: TestClient) -> None:
    response = client.post("/api/pdf", json={"puzzle": AMBIGUOUS, "pages": "puzzle"})
    assert response.status_code == 200
    assert len(PdfReader(io.BytesIO(response.content)).pages) == 1


def test_the_key_of_a_unique_puzzle_is_its_one_solution(client: TestClient) -> None:
    # No solution given: the solver's one solution is printed, not "no solution recorded".
    clues = {"rows": [[2], [1]], "cols": [[2], [1]]}
    response = client.post("/api/pdf", json={"puzzle": clues, "pages": "both"})
    assert response.status_code == 200, response.text
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2
    assert "no solution recorded" not in reader.pages[1].extract_text()
    none = {"rows": [[1], []], "cols": [[], []]}
    response = client.post("/api/pdf", json={"puzzle": none, "pages": "solution"})
    assert_error(response, 400, "InputError", "the puzzle has no solution")


COFFEE = (SAMPLES / "coffee.jpg").read_bytes()
STRAWBERRY = (SAMPLES / "colour" / "strawberry.json").read_text(encoding="utf-8")
TWO_COLOUR = {
    "palette": [{"name": "white", "rgb": "#ffffff"}, {"name": "red", "rgb": "#ff0000"}],
    "rows": [[[1, "red"]], [[1, "red"]]],
    "cols": [[[1, "red"]], [[1, "red"]]],
}
"""A colour puzzle with two solutions: no answer key."""


@pytest.fixture(scope="module")
def made_colour(client: TestClient) -> dict[str, Any]:
    picture = {"picture": ("coffee.jpg", COFFEE)}
    response = client.post("/api/puzzles", files=picture, data={"width": "20", "colors": "3"})
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    return record


@pytest.mark.slow
def test_make_a_colour_puzzle(made: dict[str, Any], made_colour: dict[str, Any]) -> None:
    assert made["kind"] == "mono"
    assert "palette" not in made
    record = made_colour
    assert record["kind"] == "colour"
    assert record["width"] == 20
    palette = record["palette"]
    assert 3 <= len(palette) <= 4  # the background first, then at most 3 (near ones merge)
    assert {tuple(colour) for colour in palette} == {("name", "rgb", "char")}
    names = {colour["name"] for colour in palette[1:]}
    chars = {colour["char"] for colour in palette}
    for key in ("rows", "cols"):
        blocks = [block for clue in record[key] for block in clue]
        assert blocks
        assert all(length >= 1 and colour in names for length, colour in blocks)
    assert len(record["rows"]) == record["height"] == len(record["solution"])
    for key in ("solution", "source_grid"):
        assert all(len(row) == 20 and set(row) <= chars for row in record[key])
    assert record["verdict"]["status"] == "unique"
    assert record["verdict"]["line_solvable"] is True
    assert record["fidelity"]["changed"] >= 0
    assert record["fidelity"]["colours"] == len(palette) - 1
    assert record["options"]["colours"] == 3
    assert record["options"]["seconds"] == 9.0  # MAKE_SHARE of the limit, as for mono
    assert record["conversion"]["method"]
    assert record["seed"] == 0
    assert record["seconds"] > 0
    assert set(record["links"]) == {"json", "png", "puzzle_pdf", "solution_pdf"}


@pytest.mark.slow
def test_the_colour_links_serve_its_file_preview_and_pdfs(
    client: TestClient, made_colour: dict[str, Any]
) -> None:
    links = made_colour["links"]
    text = client.get(links["json"]).text
    puzzle = parse_puzzle(text, name="made.json")
    assert [c.name for c in puzzle.palette.colours] == [c["name"] for c in made_colour["palette"]]
    verdict = solve_puzzle(puzzle)
    assert verdict.status is Status.UNIQUE
    assert grid_rows(puzzle.palette, verdict.solutions[0]) == made_colour["solution"]
    png = client.get(links["png"])
    assert png.headers["content-type"] == "image/png"
    assert png.content.startswith(b"\x89PNG")
    for key in ("puzzle_pdf", "solution_pdf"):
        response = client.get(links[key])
        assert response.headers["content-type"] == "application/pdf"
        assert len(PdfReader(io.BytesIO(response.content)).pages) == 1


def test_the_solution_link_is_only_for_a_puzzle_with_one_solution() -> None:
    ambiguous = parse_puzzle(json.dumps(TWO_COLOUR), name="two.json")
    kept = MadePuzzle(ambiguous, {}, "{}", b"")
    assert set(links("0" * 32, kept)) == {"json", "png", "puzzle_pdf"}


@pytest.mark.parametrize("colors", ["1", "9", "three", "2.5"])
def test_a_bad_colour_count_is_422_saying_the_range(client: TestClient, colors: str) -> None:
    picture = {"picture": ("coffee.jpg", COFFEE)}
    response = client.post("/api/puzzles", files=picture, data={"colors": colors})
    body = assert_error(response, 422, "ValidationError", "expected colors between 2 and 8")
    assert body["fields"][0]["field"] == "colors"


@pytest.mark.slow
def test_a_colour_make_takes_a_difficulty(client: TestClient) -> None:
    picture = {"picture": ("coffee.jpg", COFFEE)}
    easy = client.post("/api/puzzles", files=picture, data={"colors": "3", "difficulty": "easy"})
    assert easy.status_code == 200, easy.text
    assert easy.json()["kind"] == "colour"
    assert easy.json()["verdict"]["tier"] == "easy"
    data = {"colors": "3", "difficulty": "expert", "width": "20"}
    response = client.post("/api/puzzles", files=picture, data=data)
    message = assert_error(response, 422, "NotMadeError", "could not make an expert colour")[
        "message"
    ]
    reached = re.search(r"the best reached is (\w+); try difficulty=(\w+)", message)
    assert reached is not None, message
    assert reached[1] == reached[2] != "expert"
    assert "--" not in message  # the form's words, not the command line's


def test_the_schema_documents_the_colour_make(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    form = schema["components"]["schemas"]["MakeForm"]["properties"]["colors"]
    assert (form["minimum"], form["maximum"]) == (2, 8)
    answer = schema["components"]["schemas"]["MadeAnswer"]["properties"]
    assert answer["kind"]["enum"] == ["mono", "colour"]
    assert {"palette", "rows", "solution", "fidelity", "links"} <= set(answer)


@pytest.mark.parametrize("as_text", [False, True])
def test_pdf_of_a_colour_puzzle_with_its_key(client: TestClient, as_text: bool) -> None:
    puzzle = STRAWBERRY if as_text else json.loads(STRAWBERRY)
    response = client.post("/api/pdf", json={"puzzle": puzzle, "pages": "both"})
    assert response.status_code == 200, response.text
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2
    assert "red" in reader.pages[0].extract_text()  # the legend names the colours
    patterned = client.post("/api/pdf", json={"puzzle": puzzle, "patterns": True})
    assert patterned.status_code == 200
    assert len(PdfReader(io.BytesIO(patterned.content)).pages) == 1


def test_no_key_for_a_colour_puzzle_with_several_solutions(client: TestClient) -> None:
    response = client.post("/api/pdf", json={"puzzle": TWO_COLOUR, "pages": "both"})
    assert_error(response, 400, "InputError", "several solutions")
    sheet = client.post("/api/pdf", json={"puzzle": TWO_COLOUR, "pages": "puzzle"})
    assert sheet.status_code == 200
    assert len(PdfReader(io.BytesIO(sheet.content)).pages) == 1


def test_convert_a_colour_puzzle_to_xml_and_back(client: TestClient) -> None:
    xml = client.post("/api/convert?to=xml", content=STRAWBERRY)
    assert xml.status_code == 200, xml.text
    assert xml.headers["content-type"].startswith("application/xml")
    back = client.post("/api/convert?to=json", files={"file": ("strawberry.xml", xml.content)})
    assert back.status_code == 200, back.text
    original, again = json.loads(STRAWBERRY), json.loads(back.text)
    assert [c["name"] for c in again["palette"]] == [c["name"] for c in original["palette"]]
    assert again["rows"] == original["rows"]
    assert again["cols"] == original["cols"]
    refused = client.post("/api/convert?to=non", content=STRAWBERRY)
    assert_error(refused, 400, "InputError", "black and white only")


def test_hint_of_a_colour_puzzle(client: TestClient) -> None:
    palette = [
        {"name": "white", "rgb": "#ffffff"},
        {"name": "red", "rgb": "#ff0000"},
        {"name": "blue", "rgb": "#0000ff"},
    ]
    # rb / .r: row 1's clue settles both of its cells.
    clues = {
        "palette": palette,
        "rows": [[[1, "red"], [1, "blue"]], [[1, "red"]]],
        "cols": [[[1, "red"]], [[1, "blue"], [1, "red"]]],
    }
    step = client.post("/api/hint", json={**clues, "grid": ["??", "??"]}).json()
    assert step["status"] == "step"
    assert step["line"] == {"kind": "row", "index": 0, "clue": [[1, "red"], [1, "blue"]]}
    assert step["cells"] == [
        {"row": 0, "col": 0, "value": "filled", "colour": "red"},
        {"row": 0, "col": 1, "value": "filled", "colour": "blue"},
    ]
    assert step["reason"].startswith("Row 1 (clue 1 red, 1 blue): cell 1 must be red")
    mistake = client.post("/api/hint", json={**clues, "grid": ["bb", "??"]}).json()
    assert mistake["status"] == "mistake"
    solved = client.post("/api/hint", json={**clues, "grid": ["rb", ".r"]}).json()
    assert solved["status"] == "solved"
    two = client.post("/api/hint", json={**TWO_COLOUR, "grid": ["??", "??"]}).json()
    assert two["status"] == "ambiguous"
    assert {c["value"] for c in two["cells"]} == {"either"}
    bad = client.post("/api/hint", json={**clues, "grid": ["#?", "??"]})
    assert_error(bad, 400, "InputError", "palette's characters")
    unknown = {**clues, "rows": [[[1, "green"]], [[1, "red"]]], "grid": ["??", "??"]}
    assert_error(client.post("/api/hint", json=unknown), 400, "InputError", "green")


@pytest.mark.parametrize(
    ("subject", "kind", "words"),
    [
        ("1,2,3", "ValidationError", "subject: expected subject LEFT,TOP"),
        ("5,5,5,9", "ValidationError", "is empty"),
        ("0,0,9999,10", "SubjectError", "subject 0,0,9999,10 runs outside the picture"),
        ("300,10", "SubjectError", "outside the picture, which is 300x240 pixels"),
    ],
)
def test_a_bad_subject_is_422(client: TestClient, subject: str, kind: str, words: str) -> None:
    data = {"subject": subject, "width": "10"}
    response = client.post("/api/puzzles", files={"picture": ("r.png", RING)}, data=data)
    body = assert_error(response, 422, kind, words)
    assert "--subject" not in body["message"]


@pytest.mark.slow
def test_a_subject_box_frames_the_grid_and_is_recorded(client: TestClient) -> None:
    data = {"subject": "20,20,150,200", "width": "10", "tight": "false"}  # the box's frame
    response = client.post("/api/puzzles", files={"picture": ("r.png", RING)}, data=data)
    assert response.status_code == 200, response.text
    record = response.json()
    assert record["conversion"]["subject"] == {"given": "20,20,150,200", "box": [20, 20, 150, 200]}
    assert record["width"] == 10
    assert record["height"] == 14  # the box's aspect (the picture's would give 8)
    schema = client.get("/openapi.json").json()["components"]["schemas"]["MakeForm"]
    assert "LEFT,TOP,RIGHT,BOTTOM" in schema["properties"]["subject"]["description"]


COFFEE = (SAMPLES / "coffee.jpg").read_bytes()


@pytest.mark.slow
def test_the_gallery_draws_the_best_conversions_and_a_picked_one_is_made(
    client: TestClient,
) -> None:
    files = {"picture": ("coffee.jpg", COFFEE)}
    response = client.post("/api/conversions", files=files, data={"width": "25"})
    assert response.status_code == 200, response.text
    choices = response.json()["choices"]
    assert 2 <= len(choices) <= 6
    assert [c["chosen"] for c in choices] == [True] + [False] * (len(choices) - 1)
    assert len({c["key"] for c in choices}) == len(choices)
    for choice in choices:
        assert choice["width"] == 25
        assert len(choice["rows"]) == choice["height"]
        assert set("".join(choice["rows"])) <= {"#", "."}
        assert choice["open_cells"] >= 0
    picked = choices[-1]
    made = client.post(
        "/api/puzzles", files=files, data={"width": "25", "candidate": picked["key"]}
    )
    assert made.status_code == 200, made.text
    record = made.json()
    assert record["conversion"]["method"] == picked["key"].rsplit("-", 1)[0]
    assert record["source_grid"] == picked["rows"]  # the drawing shown is the one repaired


@pytest.mark.slow
def test_a_colour_gallery_draws_each_choice_in_its_palette(client: TestClient) -> None:
    data = {"width": "20", "colors": "3"}
    response = client.post("/api/conversions", files={"picture": ("c.jpg", COFFEE)}, data=data)
    assert response.status_code == 200, response.text
    for choice in response.json()["choices"]:
        chars = {colour["char"] for colour in choice["palette"]}
        assert choice["palette"][0]["rgb"] == "#ffffff"  # paper white is the ground
        assert set("".join(choice["rows"])) <= chars


@pytest.mark.slow
def test_a_candidate_the_picture_has_not_is_400_naming_those_it_has(client: TestClient) -> None:
    files = {"picture": ("r.png", RING)}
    response = client.post("/api/puzzles", files=files, data={"candidate": "otsu-000000"})
    assert_error(response, 400, "InputError", "the candidates are")
    malformed = client.post("/api/conversions", files=files, data={"candidate": "otsu"})
    assert_error(malformed, 422, "UsageError", "netcut-3fa2c1")  # a malformed field


@pytest.mark.slow
def test_an_untitled_puzzle_gives_nothing_away_but_its_answer_key_names_it(
    client: TestClient,
) -> None:
    made = client.post("/api/puzzles", files={"picture": ("ring.png", RING)}, data={"width": "15"})
    assert made.status_code == 200, made.text
    record = made.json()
    assert (record["title"], record["source"]) == ("", "ring")
    page = PdfReader(io.BytesIO(client.get(record["links"]["puzzle_pdf"]).content))
    text = page.pages[0].extract_text()
    assert "Puzzle 1" in text
    assert "ring" not in text.lower()
    assert "ring" not in record["links"]["puzzle_pdf"]
    key = PdfReader(io.BytesIO(client.get(record["links"]["solution_pdf"]).content))
    assert "1. ring" in key.pages[0].extract_text()


def test_the_service_takes_fill_and_detail(client: TestClient) -> None:
    form = {"width": "15", "fill": "0.4", "detail": "false", "force": "true"}
    response = client.post("/api/puzzles", files={"picture": ("ring.png", RING)}, data=form)
    assert response.status_code == 200, response.text
    picture = response.json()["options"]["picture"]
    assert picture["threshold"] == "fill:0.4"
    assert picture["detail"] is False
    refused = client.post(
        "/api/puzzles", files={"picture": ("ring.png", RING)}, data={"fill": "1.5"}
    )
    assert_error(refused, 422, "ValidationError")
    assert refused.json()["fields"][0]["field"] == "fill"


@pytest.mark.parametrize(
    ("form", "named"),
    [
        ({"method": "bogus"}, "method"),
        ({"contrast": "bogus"}, "contrast"),
        ({"threshold": "bogus"}, "threshold"),
        ({"repair": "sometimes"}, "repair"),
        ({"difficulty": "impossible"}, "difficulty"),
        ({"colors": "9"}, "colors"),
        ({"subject": "5000,5000,6000,6000"}, "subject"),
    ],
    ids=["method", "contrast", "threshold", "repair", "difficulty", "colors", "subject"],
)
def test_errors_name_the_form_fields_not_the_command_line_flags(
    client: TestClient, form: dict[str, str], named: str
) -> None:
    response = client.post("/api/puzzles", files={"picture": ("ring.png", RING)}, data=form)
    assert response.status_code in (400, 422), response.text
    message = response.json()["message"]
    assert not re.search(r"--[a-z]", message), message
    assert named in message


def test_what_a_person_typed_is_quoted_as_typed_in_an_error(client: TestClient) -> None:
    said = "--width 10"
    response = client.post(
        "/api/puzzles", files={"picture": ("ring.png", RING)}, data={"subject": said}
    )
    assert response.status_code == 422, response.text
    message = response.json()["message"]
    assert message.startswith("subject: "), message
    assert repr(said) in message
    assert "--subject" not in message


@pytest.mark.slow
def test_the_conversion_warnings_name_the_form_fields(client: TestClient) -> None:
    banner = np.full((100, 400), 255, dtype=np.uint8)
    banner[30:70, 40:360] = 0  # a wide subject: 15 cells across make a grid 4 rows high
    files = {"picture": ("banner.png", png_bytes(banner))}
    made = client.post("/api/puzzles", files=files, data={"width": "15", "force": "true"})
    assert made.status_code == 200, made.text
    warnings = made.json()["conversion"]["warnings"]
    kept = client.get(made.json()["links"]["json"])
    assert kept.status_code == 200
    assert json.loads(kept.text)["conversion"]["warnings"] == warnings  # the file says the same
    gallery = client.post("/api/conversions", files=files, data={"width": "15"})
    assert gallery.status_code == 200, gallery.text
    for said in (warnings, gallery.json()["warnings"]):
        assert said, "the grid 4 rows high is clamped to 5, with a warning"
        assert any("give width and height to choose" in warning for warning in said), said
        assert not any("--" in warning for warning in said), said
