"""Accessibility of the page: axe-core (bundled by axe-playwright-python) runs in the browser on
each panel (Make with a result, Edit, Play with a hint shown), on a desktop and on a phone, and
finds nothing serious or critical."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.browser.browsing import (
    DESKTOP,
    PHONE,
    SAMPLES,
    new_page,
)

BLOCKING = ("serious", "critical")
"""The axe impacts that fail the test (minor and moderate ones are reported, not failed)."""


def violations(page: Page, panel: str) -> list[str]:
    """The serious and critical axe violations on the page: one line per rule."""
    found: list[dict[str, Any]] = Axe().run(page).response["violations"]
    return [
        f"{panel}: {v['id']} ({v['impact']}) on {len(v['nodes'])} nodes: {v['help']}; "
        f"first {v['nodes'][0]['target']}"
        for v in found
        if v["impact"] in BLOCKING
    ]


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_panel_has_a_serious_accessibility_violation(
    browser: Browser, server: str, device: dict[str, Any]
) -> None:
    found: list[str] = []
    with new_page(browser, device) as page:
        page.goto(f"{server}/#make")
        page.get_by_test_id("make-file").set_input_files(SAMPLES / "ring.png")
        page.get_by_test_id("make-width").fill("20")
        expect(page.get_by_test_id("make-choice").first).to_be_visible()  # its drawings shown
        page.get_by_test_id("make-submit").click()
        expect(page.get_by_test_id("make-conversion")).to_contain_text("Drawn as")
        found += violations(page, "make")
        page.get_by_test_id("make-to-edit").click()
        expect(page.get_by_test_id("edit-status")).to_have_text("Unique")
        clue = page.get_by_test_id("edit-row-clue-0")
        before = clue.get_attribute("data-clue")
        page.get_by_test_id("edit-cell-0-0").click()  # the clue follows the edit
        expect(clue).not_to_have_attribute("data-clue", before or "")
        expect(page.get_by_test_id("edit-busy")).to_be_hidden()
        found += violations(page, "edit")
        page.get_by_test_id("edit-cell-0-0").click()
        page.get_by_test_id("edit-to-play").click()
        page.get_by_test_id("play-cell-1-9").click()
        page.get_by_test_id("play-hint").click()
        expect(page.get_by_test_id("play-hint-box")).to_be_visible()
        found += violations(page, "play")
    assert not found, "\n".join(found)
