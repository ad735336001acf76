"""The studio in a real browser: a picture's drawings shown as soon as it is chosen, one
picked by keyboard and made, a box dragged on the picture; axe finds nothing serious."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.browser.browsing import DESKTOP, PHONE, SAMPLES, new_page


def choose(page: Page, server: str, picture: str = "coffee.jpg", width: str = "25") -> None:
    """Open Make, set the width and choose a picture: its drawings appear."""
    page.goto(f"{server}/#make")
    page.get_by_test_id("make-width").fill(width)
    page.get_by_test_id("make-file").set_input_files(SAMPLES / picture)
    expect(page.get_by_test_id("make-choice").first).to_be_visible(timeout=20_000)


def test_the_drawings_show_at_once_and_the_one_picked_is_made(page: Page, server: str) -> None:
    choose(page, server)
    choices = page.get_by_test_id("make-choice")
    assert 2 <= choices.count() <= 6
    expect(choices.first).to_have_attribute("aria-checked", "true")  # the model's pick
    expect(choices.first).to_contain_text("suggested")
    choices.first.focus()
    page.keyboard.press("ArrowRight")  # a radio group: the arrows move the choice
    second = choices.nth(1)
    expect(second).to_have_attribute("aria-checked", "true")
    expect(second).to_be_focused()
    key = second.get_attribute("data-key") or ""
    with page.expect_response("**/api/puzzles") as answer:
        page.get_by_test_id("make-submit").click()
    made = answer.value.json()
    assert made["conversion"]["method"] == key.rsplit("-", 1)[0]
    assert made["options"]["picture"]["candidate"] == key
    expect(page.get_by_test_id("make-result")).to_be_visible()


def test_a_box_dragged_on_the_picture_points_at_the_subject(page: Page, server: str) -> None:
    choose(page, server)
    pointer = page.get_by_test_id("make-pointer")
    expect(pointer).to_be_visible()
    box = pointer.bounding_box()
    assert box is not None
    with page.expect_response("**/api/conversions") as redrawn:
        page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.05)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] * 0.7, box["y"] + box["height"] * 0.5, steps=5)
        page.mouse.up()
    assert redrawn.value.ok
    value = page.get_by_test_id("make-subject").input_value()
    assert re.fullmatch(r"\d+,\d+,\d+,\d+", value), value
    left, top, right, bottom = (int(n) for n in value.split(","))
    assert left < right <= 400  # the coffee picture is 400 pixels wide
    assert top < bottom
    with page.expect_response("**/api/puzzles") as answer:
        page.get_by_test_id("make-submit").click()
    conversion = answer.value.json()["conversion"]
    assert conversion["subject"]["given"] == value
    page.get_by_test_id("make-pointer-clear").click()
    expect(page.get_by_test_id("make-subject")).to_have_value("")


def test_a_failed_make_hides_the_previous_puzzle(page: Page, server: str) -> None:
    choose(page, server, "ring.png", "15")
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-result")).to_be_visible()
    page.get_by_text("More options").click()
    page.get_by_test_id("make-subject").fill("1,1,1,1")  # an empty box: refused
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-error")).to_be_visible()
    expect(page.get_by_test_id("make-result")).to_be_hidden()


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_studio_has_no_serious_accessibility_violation(
    browser: Browser, server: str, device: dict[str, Any]
) -> None:
    with new_page(browser, device) as page:
        choose(page, server, "ring.png", "15")
        found: list[dict[str, Any]] = Axe().run(page).response["violations"]
        serious = [v for v in found if v["impact"] in ("serious", "critical")]
        assert not serious, json.dumps([(v["id"], v["help"]) for v in serious])


def test_a_whole_picture_s_warning_reaches_the_page(page: Page, server: str) -> None:
    choose(page, server, "astronaut.jpg", "25")  # no one subject stands out: drawn whole
    with page.expect_response("**/api/puzzles") as answer:
        page.get_by_test_id("make-submit").click()
    warnings = answer.value.json()["conversion"]["warnings"]
    assert any("drew the whole picture; give method" in warning for warning in warnings)
    # The page names its own control, not the request's field.
    shown = page.get_by_test_id("make-warnings")
    expect(shown).to_contain_text("drew the whole picture; give Conversion to choose")
    expect(shown).not_to_contain_text("give method")


def test_a_refusal_on_the_page_names_its_controls_and_only_what_it_offers(
    page: Page, server: str
) -> None:
    choose(page, server, "ring.png", "15")
    page.get_by_text("More options").click()
    page.get_by_test_id("make-subject").fill("1,1,1,1")  # an empty box: refused
    with page.expect_response("**/api/puzzles") as answer:
        page.get_by_test_id("make-submit").click()
    assert "expected subject 1,1,1,1" in answer.value.json()["message"]
    error = page.get_by_test_id("make-error")
    expect(error).to_contain_text("expected Subject (a box or a point) 1,1,1,1")


def test_the_result_is_large_enough_to_read_and_opens_full_size(page: Page, server: str) -> None:
    choose(page, server, "ring.png", "25")
    page.get_by_test_id("make-submit").click()
    preview = page.get_by_test_id("make-preview")
    expect(preview).to_be_visible()
    expect(preview).to_have_js_property("complete", True)
    shown = preview.bounding_box()
    assert shown is not None
    assert shown["width"] >= 2 * 360  # the puzzle and its solution, side by side
    link = page.get_by_test_id("make-preview-link")
    expect(link).to_have_attribute("href", re.compile(r"^/api/puzzles/[0-9a-f]+\.png$"))
