"""What the browser tests of the web page share: Debian's chromium under Playwright, the
service on a loopback port, a fresh page on a desktop or a phone, puzzle links and drags, and
the ``server``, ``browser`` and ``page`` fixtures are in ``tests/browser/conftest.py``.

Playwright never downloads a browser here: it launches the system chromium
(``apt-get install -y chromium``); without it the browser tests are skipped.
"""

from __future__ import annotations

import base64
import json
import shutil
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from nonogen.service.app import create_app
from nonogen.service.limits import Limits
from tests.servers import serving

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WAIT_MS = 20_000
# Expectations wait by condition as long as actions do: a make in the studio takes seconds on a
# busy 2-core machine, and Playwright's 5 s default for `expect` failed four tests of a CI run
# in a slow hour (each passes in a second or two otherwise). A passing wait is no longer.
expect.set_options(timeout=WAIT_MS)
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
Clues = list[list[int]]
FULL: Clues = [[20]] * 20
"""The clues of a 20 x 20 grid, every cell filled: room for a 20-cell drag."""
DIAGONAL: Clues = [[1], [1]]
"""Rows and columns of the 2 x 2 puzzle with two solutions (either diagonal)."""

skip_without_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Debian's chromium is not installed (apt-get install -y chromium); CI installs it",
)


@contextmanager
def served() -> Iterator[str]:
    """The service on a loopback port (jobs in threads): its base URL."""
    with serving(create_app(Limits(pool="thread"))) as url:
        yield url


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's chromium under Playwright."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@contextmanager
def new_page(browser: Browser, device: dict[str, Any] = DESKTOP) -> Iterator[Page]:
    """A page in a fresh context (its own storage); fails the test on a JavaScript error."""
    context = browser.new_context(accept_downloads=True, **device)
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def fragment(rows: Clues, cols: Clues, title: str = "", givens: list[str] | None = None) -> str:
    """The address fragment that opens a puzzle in Play: runs joined by '.', lines by ','."""

    def lines(clues: Clues) -> str:
        return ",".join(".".join(str(n) for n in clue) for clue in clues)

    text = "/".join([lines(rows), lines(cols), ",".join(givens or []), title])
    return "#p=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def blank_edit(page: Page, server: str, width: int, height: int) -> None:
    """Open Edit on a blank drawing of ``width`` x ``height`` cells."""
    page.goto(f"{server}/#edit")
    page.get_by_test_id("edit-width").fill(str(width))
    page.get_by_test_id("edit-height").fill(str(height))
    page.get_by_test_id("edit-resize").click()


def draw_two_ways(page: Page, server: str) -> None:
    """Open Edit and draw a 2 x 2 diagonal: a drawing whose puzzle has two solutions."""
    blank_edit(page, server, 2, 2)
    page.get_by_test_id("edit-cell-0-0").click()
    page.get_by_test_id("edit-cell-1-1").click()
    expect(page.get_by_test_id("edit-status")).to_have_text("Not unique")


def has_endpoint(server: str, path: str) -> bool:
    """Whether the service's OpenAPI schema lists a path."""
    with urllib.request.urlopen(f"{server}/openapi.json") as response:
        return path in json.load(response)["paths"]


def has_form_field(server: str, path: str, field: str) -> bool:
    """Whether the service's OpenAPI schema lists a form field of a POST path."""
    with urllib.request.urlopen(f"{server}/openapi.json") as response:
        schema = json.load(response)
    named = schema["components"]["schemas"]

    def fields(part: dict[str, Any]) -> set[str]:
        """The properties of a schema part, following $ref and allOf."""
        if "$ref" in part:
            return fields(named[part["$ref"].rsplit("/", 1)[-1]])
        found = set(part.get("properties", {}))
        for inner in part.get("allOf", []):
            found |= fields(inner)
        return found

    body = schema["paths"].get(path, {}).get("post", {}).get("requestBody", {})
    return any(field in fields(c["schema"]) for c in body.get("content", {}).values())


def centre(page: Page, testid: str) -> tuple[float, float]:
    """The middle of an element, in page pixels."""
    box = page.get_by_test_id(testid).bounding_box()
    assert box is not None, testid
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def filled(page: Page, prefix: str) -> int:
    """How many cells of a board are filled."""
    return page.locator(f'#{prefix}-board td[data-state="filled"]').count()


def all_of_it(page: Page) -> None:
    """Ask again until the hint shown gives its cells: a line step is given where to look,
    then why, then the cells (``data-level`` 1 to 3); any other hint at once."""
    box = page.get_by_test_id("play-hint-box")
    level = int(box.get_attribute("data-level") or "3")
    while level < 3:
        expect(page.get_by_test_id("play-apply")).to_be_hidden()
        page.get_by_test_id("play-hint").click()
        level += 1
        expect(box).to_have_attribute("data-level", str(level))


def solve_with_hints(page: Page, *, steps: int = 120) -> None:
    """In Play, ask for a hint and apply its step until the puzzle is solved: every hint on
    the way must be a step."""
    status = page.get_by_test_id("play-status")
    box = page.get_by_test_id("play-hint-box")
    for _ in range(steps):
        if status.get_attribute("data-state") == "solved":
            break
        page.get_by_test_id("play-hint").click()
        expect(box).to_be_visible()
        assert box.get_attribute("data-status") == "step"
        all_of_it(page)
        expect(page.get_by_test_id("play-hint-text")).to_contain_text("must be")
        page.get_by_test_id("play-apply").click()
        expect(box).to_be_hidden()
    expect(status).to_have_attribute("data-state", "solved")
