"""The page as a person meets it (issue 51, items 1-2), at 1280x800 and 360x740: the result
where a person looks after Make, Play from Make at the top of its board, square cells after
Fit with legible clues, clues in view whichever way the board scrolls."""

from __future__ import annotations

import base64
import itertools
import json
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.browsing import PHONE, SAMPLES, Clues, draw_two_ways, fragment, new_page
from tests.waiting import wait_until

LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
DEVICES = pytest.mark.parametrize("device", [LAPTOP, PHONE], ids=["desktop", "phone"])


def disc(side: int) -> tuple[Clues, Clues]:
    """The clues of a ring in a square: a picture's kind of clues (a few runs a line)."""
    y, x = np.mgrid[:side, :side]
    r = np.hypot(y - side / 2 + 0.5, x - side / 2 + 0.5)
    grid = (r < side * 0.45) & ((r > side * 0.25) | (abs(y - x) < 2))

    def runs(line: np.ndarray) -> list[int]:
        text = "".join("#" if v else "." for v in line)
        return [len(run) for run in text.split(".") if run]

    return [runs(row) for row in grid], [runs(col) for col in grid.T]


def in_view(page: Page, test_id: str) -> bool:
    """Whether the element is within the window (under the sticky header)."""
    box = page.get_by_test_id(test_id).bounding_box()
    header = page.locator(".topbar").bounding_box()
    assert box is not None
    assert header is not None
    height = page.viewport_size["height"] if page.viewport_size else 800
    return bool(box["y"] >= header["y"] + header["height"] - 1 and box["y"] < height)


@DEVICES
def test_after_make_the_result_s_badges_are_in_view_and_play_starts_at_the_top(
    browser: Browser, server: str, device: dict[str, Any]
) -> None:
    with new_page(browser, device) as page:
        page.goto(f"{server}/#make")
        page.get_by_test_id("make-width").fill("15")
        page.get_by_test_id("make-file").set_input_files(SAMPLES / "ring.png")
        expect(page.get_by_test_id("make-choice").first).to_be_visible()  # its drawings shown
        page.get_by_test_id("make-submit").click()
        expect(page.get_by_test_id("make-badges")).to_contain_text("Unique")
        wait_until(lambda: in_view(page, "make-badges"), "the badges scrolled into view", 5)
        page.get_by_test_id("make-to-play").click()
        expect(page.get_by_test_id("play-board")).to_be_visible()
        assert page.evaluate("() => window.scrollY") == 0
        assert page.locator("#play-board th.col-clue").first.is_visible()


def colour_link(width: int, height: int) -> str:
    """A ``#c=`` link of a colour picture: a red disc with a green band, on white."""
    y, x = np.mgrid[:height, :width]
    grid = np.where(np.hypot(y - height / 2, (x - width / 2) * height / width) < height * 0.4, 1, 0)
    grid[(grid == 1) & (abs(y - height / 2) < 3)] = 2

    def blocks(line: np.ndarray) -> list[int]:
        flat: list[int] = []
        for value, run in itertools.groupby(line.tolist()):
            if value:
                flat += [len(list(run)), int(value)]
        return flat

    data = {
        "p": [["white", "ffffff"], ["red", "d42a2a"], ["green", "3a9a3a"]],
        "r": [blocks(row) for row in grid],
        "c": [blocks(col) for col in grid.T],
    }
    code = base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    return f"#c={code}"


def dense(side: int) -> tuple[Clues, Clues]:
    """The clues of a seeded random grid, half filled: long row clues, two-digit columns
    (a tournament puzzle's kind)."""
    grid = np.random.default_rng(3).random((side, side)) < 0.5
    grid[:, 0] = True  # a column of 25: a two-digit column clue

    def runs(line: np.ndarray) -> list[int]:
        text = "".join("#" if v else "." for v in line)
        return [len(run) for run in text.split(".") if run]

    return [runs(row) for row in grid], [runs(col) for col in grid.T]


MERGED = """() => {
  const range = document.createRange();
  let merged = 0;
  for (const th of document.querySelectorAll('#play-board th.col-clue')) {
    const room = th.getBoundingClientRect();
    for (const span of th.querySelectorAll('span')) {
      range.selectNodeContents(span);
      const text = range.getBoundingClientRect();
      if (text.left < room.left - 0.5 || text.right > room.right + 0.5) merged += 1;
    }
  }
  return merged;
}"""


@DEVICES
@pytest.mark.parametrize(
    "shape",
    [(10, 10, ""), (25, 25, ""), (25, 25, "dense"), (25, 35, "colour")],
    ids=["10x10", "25x25", "25x25-dense", "25x35-colour"],
)
def test_cells_are_square_after_fit_and_the_board_fits_the_screen(
    browser: Browser, server: str, device: dict[str, Any], shape: tuple[int, int, str]
) -> None:
    width, height, kind = shape
    clues = dense(width) if kind == "dense" else disc(width)
    link = colour_link(width, height) if kind == "colour" else fragment(*clues)
    with new_page(browser, device) as page:
        page.goto(f"{server}/{link}")
        expect(page.locator("#play-board td.cell")).to_have_count(width * height)
        page.get_by_test_id("play-zoom-fit").click()
        cell = page.locator("#play-board td.cell").nth(width + 1).bounding_box()
        assert cell is not None
        assert abs(cell["width"] - cell["height"]) <= 1, cell
        board = page.locator("#play-board table.board").bounding_box()
        assert board is not None
        screen = page.viewport_size["width"] if page.viewport_size else 1280
        assert board["x"] + board["width"] <= screen, board
        host = "document.querySelector('#play-board')"
        assert not page.evaluate(f"() => {host}.scrollWidth > {host}.clientWidth + 1")
        digits = "() => parseFloat(getComputedStyle(document.querySelector"
        size = page.evaluate(f"{digits}('#play-board th.col-clue span')).fontSize)")
        assert size >= 9
        assert page.evaluate(MERGED) == 0  # two-digit column clues stay within their cells


@pytest.mark.parametrize("device", [PHONE], ids=["phone"])
def test_clues_stay_in_view_when_the_board_scrolls(
    browser: Browser, server: str, device: dict[str, Any]
) -> None:
    rows, cols = disc(40)  # wider than a phone at a legible size: the board scrolls
    with new_page(browser, device) as page:
        page.goto(f"{server}/{fragment(rows, cols)}")
        expect(page.locator("#play-board td.cell")).to_have_count(1600)
        page.get_by_test_id("play-zoom-in").click()
        page.get_by_test_id("play-cell-39-39").scroll_into_view_if_needed()
        host = page.get_by_test_id("play-board").bounding_box()
        clue = page.get_by_test_id("play-col-clue-39").bounding_box()
        row_clue = page.get_by_test_id("play-row-clue-39").bounding_box()
        assert host is not None
        assert clue is not None
        assert row_clue is not None
        assert clue["y"] >= host["y"] - 1  # the column clues stuck to the board's top
        assert row_clue["x"] >= host["x"] - 1  # the row clues stuck to its left


@pytest.mark.parametrize("device", [PHONE], ids=["phone"])
def test_on_a_phone_the_fix_proposal_shows_in_view_once(
    browser: Browser, server: str, device: dict[str, Any]
) -> None:
    with new_page(browser, device) as page:
        draw_two_ways(page, server)
        page.get_by_test_id("edit-fix").click()
        box = page.get_by_test_id("edit-fix-box")
        expect(box).to_have_attribute("data-status", "fixed")
        shown = box.bounding_box()
        height = page.viewport_size["height"] if page.viewport_size else 740
        assert shown is not None
        assert shown["y"] >= 0  # in view, with no scroll
        assert shown["y"] + shown["height"] <= height
        text = page.get_by_test_id("edit-fix-text").inner_text()
        assert text.count("unique") == 1, text  # said once
