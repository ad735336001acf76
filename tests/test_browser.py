"""The web page in a real browser: Playwright drives Debian's chromium against a live server.

The server is uvicorn in a thread on a free loopback port. Playwright never downloads a
browser here: it launches the system chromium (``apt-get install -y chromium``); without it
these tests are skipped.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from nonogen.service.app import create_app
from nonogen.service.limits import Limits
from tests.servers import serving

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WAIT_MS = 20_000

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Debian's chromium is not installed (apt-get install -y chromium); CI installs it",
)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(create_app(Limits(pool="thread"))) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_make_a_puzzle_from_a_picture_and_download_its_pdf(
    page: Page, server: str, tmp_path: Path
) -> None:
    page.goto(f"{server}/#make")
    page.get_by_test_id("make-file").set_input_files(SAMPLES / "ring.png")
    expect(page.get_by_test_id("make-file-name")).to_have_text("ring.png")
    page.get_by_test_id("make-width").fill("20")
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-result")).to_be_visible()
    expect(page.get_by_test_id("make-badges")).to_contain_text("Unique")
    expect(page.get_by_test_id("make-summary")).to_contain_text("20 \u00d7 ")
    page.wait_for_function("document.getElementById('make-preview').naturalWidth > 0")
    with page.expect_download() as download:
        page.get_by_test_id("make-pdf").click()
    saved = tmp_path / "ring.pdf"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "ring.pdf"
    assert saved.read_bytes().startswith(b"%PDF")


def test_make_shows_why_a_picture_failed(page: Page, server: str) -> None:
    page.goto(f"{server}/#make")
    page.get_by_test_id("make-file").set_input_files(SAMPLES / "heart.txt")
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-error")).to_contain_text("not a picture")


def test_draw_an_ambiguous_diagonal_and_see_it_highlighted(page: Page, server: str) -> None:
    page.goto(f"{server}/#edit")
    page.get_by_test_id("edit-width").fill("2")
    page.get_by_test_id("edit-height").fill("2")
    page.get_by_test_id("edit-resize").click()
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")  # the empty grid
    page.get_by_test_id("edit-cell-0-0").click()
    page.get_by_test_id("edit-cell-1-1").click()
    expect(page.get_by_test_id("edit-row-clue-0")).to_have_text("1")
    expect(page.get_by_test_id("edit-col-clue-1")).to_have_text("1")
    expect(page.get_by_test_id("edit-status")).to_have_text("Not unique")
    expect(page.locator('#edit-board [data-ambiguous="true"]')).to_have_count(4)
    expect(page.get_by_test_id("edit-logic")).to_have_text("No")
    # Drag across the top row: clear it, then fill both cells in one stroke.
    page.get_by_test_id("edit-clear").click()
    first = page.get_by_test_id("edit-cell-0-0").bounding_box()
    second = page.get_by_test_id("edit-cell-0-1").bounding_box()
    assert first is not None
    assert second is not None
    page.mouse.move(first["x"] + 5, first["y"] + 5)
    page.mouse.down()
    page.mouse.move(second["x"] + 5, second["y"] + 5, steps=4)
    page.mouse.up()
    expect(page.get_by_test_id("edit-row-clue-0")).to_have_text("2")
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")
    expect(page.locator('#edit-board [data-ambiguous="true"]')).to_have_count(0)
    expect(page.get_by_test_id("edit-difficulty")).to_contain_text("easy")


def test_play_a_puzzle_to_the_end_with_hints(page: Page, server: str) -> None:
    page.goto(f"{server}/#play")
    page.get_by_test_id("play-import").set_input_files(SAMPLES / "heart.txt")
    expect(page.get_by_test_id("play-title")).to_contain_text("15 \u00d7 15")
    status = page.get_by_test_id("play-status")
    # A wrong fill is caught by the mistakes check, and undone.
    page.get_by_test_id("play-cell-0-0").click()
    page.get_by_test_id("play-check").click()
    expect(status).to_contain_text("1 cell is wrong")
    page.get_by_test_id("play-undo").click()
    expect(page.get_by_test_id("play-cell-0-0")).to_have_attribute("data-state", "open")
    box = page.get_by_test_id("play-hint-box")
    for _ in range(120):
        if status.get_attribute("data-state") == "solved":
            break
        page.get_by_test_id("play-hint").click()
        expect(box).to_be_visible()
        assert box.get_attribute("data-status") == "step"
        expect(page.get_by_test_id("play-hint-text")).to_contain_text("must be")
        page.get_by_test_id("play-apply").click()
        expect(box).to_be_hidden()
    expect(status).to_have_attribute("data-state", "solved")
    expect(status).to_contain_text("Solved")
    expect(page.locator("#play-board th.clue.done")).to_have_count(30)
