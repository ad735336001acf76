"""Input on the page's boards in a real browser: fast drags that skip no cell, locked to a line,
one undo step each; the keyboard (a roving cursor, mark keys, undo and redo); and a phone
(no sideways page scroll, a board that fits, zoom, taps, touch drags and a pinch)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

from tests.browser.browsing import (
    FULL,
    PHONE,
    blank_edit,
    centre,
    filled,
    fragment,
    new_page,
)

JUMPS = 3
"""Pointer moves in a 20-cell drag: each jumps about 6 cells."""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    with new_page(browser, PHONE) as opened:
        yield opened


def open_board(page: Page, server: str, prefix: str) -> None:
    """A 20 x 20 board: a blank drawing in Edit, or the all-filled puzzle in Play."""
    if prefix == "edit":
        blank_edit(page, server, 20, 20)
    else:
        page.goto(f"{server}/{fragment(FULL, FULL, 'full')}")
    expect(page.get_by_test_id(f"{prefix}-cell-19-19")).to_be_visible()


def mouse_drag(page: Page, start: str, *through: str) -> None:
    """Press on one cell and release on the last, jumping JUMPS moves between each two."""
    page.mouse.move(*centre(page, start))
    page.mouse.down()
    for cell in through:
        page.mouse.move(*centre(page, cell), steps=JUMPS)
    page.mouse.up()


def touch_drag(page: Page, cdp: CDPSession, start: str, end: str) -> None:
    """One finger from one cell to another in JUMPS moves (real touch events)."""
    (x0, y0), (x1, y1) = centre(page, start), centre(page, end)
    points = [(x0 + (x1 - x0) * k / JUMPS, y0 + (y1 - y0) * k / JUMPS) for k in range(JUMPS + 1)]
    cdp.send("Input.dispatchTouchEvent", touch("touchStart", points[0]))
    for point in points[1:]:
        cdp.send("Input.dispatchTouchEvent", touch("touchMove", point))
    # The finger rests on the last cell before it lifts: lifted while moving, the emulated
    # gesture becomes a fling, which swallows the next tap (a tap stops a fling).
    time.sleep(0.1)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


BURST = """prefix => {
    const cell = (c) => document.querySelector(`[data-testid="${prefix}-cell-19-${c}"]`);
    const at = (c) => {
        const box = cell(c).getBoundingClientRect();
        return { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
    };
    const send = (type, c) => cell(c).dispatchEvent(new PointerEvent(type, {
        bubbles: true, cancelable: true, pointerId: 7, isPrimary: true, button: 0, ...at(c),
    }));
    const start = performance.now();
    send("pointerdown", 0);
    for (const c of [6, 13, 19]) send("pointermove", c);
    send("pointerup", 19);
    return performance.now() - start;
}"""
"""Drag along the last row by dispatching pointer events: how many milliseconds it took."""


def touch(kind: str, *points: tuple[float, float]) -> dict[str, Any]:
    """A CDP touch event with fingers at these points."""
    fingers = [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]
    return {"type": kind, "touchPoints": fingers}


@pytest.mark.parametrize("prefix", ["edit", "play"])
def test_a_fast_drag_marks_every_cell_it_crosses_in_one_undo_step(
    page: Page, server: str, prefix: str
) -> None:
    open_board(page, server, prefix)
    mouse_drag(page, f"{prefix}-cell-0-0", f"{prefix}-cell-0-19")
    assert filled(page, prefix) == 20
    # The same in one burst of events, well within 50 ms: down, 3 moves, up (on row 19).
    assert page.evaluate(BURST, prefix) < 50
    assert page.locator(f'#{prefix}-board tr:last-child td[data-state="filled"]').count() == 20
    page.get_by_test_id(f"{prefix}-undo").click()
    expect(page.get_by_test_id(f"{prefix}-row-clue-0")).to_have_class(
        "clue row-clue done" if prefix == "play" else "clue row-clue"
    )
    # Locked to the row it started in: the drag wanders down a row, the marks do not.
    mouse_drag(page, f"{prefix}-cell-2-0", f"{prefix}-cell-3-6", f"{prefix}-cell-3-12")
    assert page.locator(f'#{prefix}-board tr:nth-child(3) td[data-state="filled"]').count() == 13
    assert page.locator(f'#{prefix}-board tr:nth-child(4) td[data-state="filled"]').count() == 0
    # Down a column, then back along it: a drag from a filled cell clears filled cells only.
    mouse_drag(page, f"{prefix}-cell-0-5", f"{prefix}-cell-19-5")
    expect(page.get_by_test_id(f"{prefix}-cell-0-5")).to_have_attribute("data-state", "open")
    expect(page.get_by_test_id(f"{prefix}-cell-2-5")).to_have_attribute("data-state", "open")
    expect(page.get_by_test_id(f"{prefix}-cell-19-5")).to_have_attribute("data-state", "open")
    assert filled(page, prefix) == 20 + 13 - 2
    page.get_by_test_id(f"{prefix}-undo").click()  # one step per drag
    assert filled(page, prefix) == 33
    page.get_by_test_id(f"{prefix}-undo").click()
    assert filled(page, prefix) == 20
    page.get_by_test_id(f"{prefix}-redo").click()
    assert filled(page, prefix) == 33


def test_the_cross_tool_and_the_right_button_cross_cells(page: Page, server: str) -> None:
    open_board(page, server, "play")
    page.get_by_test_id("play-tool-cross").click()
    expect(page.get_by_test_id("play-tool-cross")).to_have_attribute("aria-pressed", "true")
    mouse_drag(page, "play-cell-0-0", "play-cell-0-19")
    assert page.locator('#play-board td[data-state="crossed"]').count() == 20
    page.get_by_test_id("play-tool-fill").click()
    page.get_by_test_id("play-cell-1-0").click(button="right")
    expect(page.get_by_test_id("play-cell-1-0")).to_have_attribute("data-state", "crossed")
    page.get_by_test_id("play-check").click()  # crosses in full lines break their clues
    expect(page.get_by_test_id("play-status")).to_contain_text("22 lines break their clue")


def test_the_keyboard_moves_a_cursor_and_marks_cells(page: Page, server: str) -> None:
    page.goto(f"{server}/{fragment([[1], [2]], [[1], [1]], 'keys')}")
    expect(page.get_by_test_id("play-title")).to_have_text("Puzzle \u00b7 2 \u00d7 2")
    expect(page.locator("#play-board td[tabindex='0']")).to_have_count(1)  # a roving tabindex
    page.get_by_test_id("play-zoom-in").focus()
    page.keyboard.press("Tab")
    cell = page.get_by_test_id("play-cell-0-0")
    expect(cell).to_be_focused()
    expect(cell).to_have_attribute("aria-selected", "true")
    expect(cell).to_have_attribute("aria-label", "Row 1, column 1, empty")
    expect(page.locator('#play-board table[role="grid"]')).to_have_count(1)
    expect(page.get_by_test_id("play-row-clue-1")).to_have_attribute("aria-label", "Row 2 clue 2")
    page.keyboard.press("Space")
    expect(cell).to_have_attribute("aria-label", "Row 1, column 1, filled")
    page.keyboard.press("ArrowRight")
    right = page.get_by_test_id("play-cell-0-1")
    expect(right).to_be_focused()
    expect(cell).not_to_have_attribute("aria-selected", "true")
    page.keyboard.press("x")
    expect(right).to_have_attribute("aria-label", "Row 1, column 2, crossed")
    page.keyboard.press("Delete")
    expect(right).to_have_attribute("data-state", "open")
    page.keyboard.press("Control+z")
    expect(right).to_have_attribute("data-state", "crossed")
    page.keyboard.press("Control+Shift+z")
    expect(right).to_have_attribute("data-state", "open")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+y")
    expect(right).to_have_attribute("data-state", "open")
    # Shift+arrow carries the mark along: from the filled cell down, then along row 2.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+ArrowRight")
    expect(page.get_by_test_id("play-cell-1-1")).to_have_attribute("data-state", "filled")
    expect(page.get_by_test_id("play-status")).to_contain_text("3 of 4 lines done")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("f")
    expect(page.get_by_test_id("play-status")).to_contain_text("lines done")
    expect(page.get_by_test_id("play-row-clue-1")).to_have_attribute(
        "aria-label", "Row 2 clue 2, complete"
    )
    expect(page.get_by_test_id("play-keys")).to_contain_text("Ctrl+Z")


def test_the_tabs_follow_the_arrow_keys(page: Page, server: str) -> None:
    page.goto(f"{server}/#make")
    page.get_by_test_id("tab-make").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("tab-edit")).to_be_focused()
    expect(page.get_by_test_id("tab-edit")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#panel-edit")).to_be_visible()
    page.keyboard.press("End")
    expect(page.get_by_test_id("tab-play")).to_have_attribute("tabindex", "0")
    expect(page.get_by_test_id("tab-make")).to_have_attribute("tabindex", "-1")


def no_sideways_scroll(page: Page) -> None:
    """The page is no wider than the phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide on a 360 px phone"


def test_a_phone_fits_the_page_and_zooms_the_board(phone: Page, server: str) -> None:
    phone.goto(f"{server}/#make")
    expect(phone.get_by_test_id("make-form")).to_be_visible()
    no_sideways_scroll(phone)
    header = phone.locator("header").bounding_box()
    assert header is not None
    assert header["x"] + header["width"] <= 360
    phone.get_by_test_id("tab-edit").tap()
    no_sideways_scroll(phone)
    phone.goto(f"{server}/{fragment(FULL, FULL, 'full')}")
    expect(phone.get_by_test_id("play-cell-19-19")).to_be_visible()
    no_sideways_scroll(phone)
    fits = "host => host.scrollWidth <= host.clientWidth"
    assert phone.locator("#play-board").evaluate(fits), "the board is wider than its box"
    for _ in range(8):
        if phone.get_by_test_id("play-zoom-in").is_disabled():
            break
        phone.get_by_test_id("play-zoom-in").tap()
    box = phone.get_by_test_id("play-cell-0-0").bounding_box()
    assert box is not None
    assert box["width"] >= 24
    assert box["height"] >= 24
    assert not phone.locator("#play-board").evaluate(fits), "zoomed in, the board scrolls"
    no_sideways_scroll(phone)  # in its own box: the page does not
    phone.get_by_test_id("play-cell-0-0").tap()
    expect(phone.get_by_test_id("play-cell-0-0")).to_have_attribute("data-state", "filled")
    phone.get_by_test_id("play-zoom-fit").tap()
    assert phone.locator("#play-board").evaluate(fits)


@pytest.mark.parametrize("prefix", ["edit", "play"])
def test_a_touch_drag_marks_a_whole_row_and_two_fingers_zoom(
    phone: Page, server: str, prefix: str
) -> None:
    open_board(phone, server, prefix)
    cdp = phone.context.new_cdp_session(phone)
    touch_drag(phone, cdp, f"{prefix}-cell-1-0", f"{prefix}-cell-1-19")
    assert filled(phone, prefix) == 20
    phone.get_by_test_id(f"{prefix}-undo").tap()
    assert filled(phone, prefix) == 0
    before = int(phone.locator(f"#{prefix}-board table").get_attribute("data-cell") or 0)
    phone.get_by_test_id(f"{prefix}-cell-6-6").scroll_into_view_if_needed()  # past the tools
    (x0, y0), (x1, y1) = centre(phone, f"{prefix}-cell-5-5"), centre(phone, f"{prefix}-cell-6-6")
    cdp.send("Input.dispatchTouchEvent", touch("touchStart", (x0, y0)))
    cdp.send("Input.dispatchTouchEvent", touch("touchStart", (x0, y0), (x1, y1)))
    for step in range(1, 4):
        spread = 20 * step
        moved = touch("touchMove", (x0 - spread, y0 - spread), (x1 + spread, y1 + spread))
        cdp.send("Input.dispatchTouchEvent", moved)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    after = int(phone.locator(f"#{prefix}-board table").get_attribute("data-cell") or 0)
    assert after > before
    assert filled(phone, prefix) == 0, "a pinch marks nothing"
    no_sideways_scroll(phone)


def test_on_a_phone_the_clues_stay_in_view_and_the_hint_is_shown_over_the_board(
    phone: Page, server: str
) -> None:
    rows = [[25]] + [[1, 1]] * 23 + [[25]]
    cols = [[25]] + [[1, 1]] * 23 + [[25]]  # a 25 x 25 frame
    phone.goto(f"{server}/{fragment(rows, cols)}")
    expect(phone.get_by_test_id("play-cell-0-0")).to_be_visible()
    expect(phone.get_by_test_id("play-keys")).to_be_hidden()  # no keys to learn on a phone
    for _ in range(4):
        phone.get_by_test_id("play-zoom-in").click()
    host = phone.get_by_test_id("play-board")
    host.evaluate("host => { host.scrollTop = host.scrollHeight; host.scrollLeft = 9999; }")
    cell = phone.get_by_test_id("play-cell-24-24")
    cell.scroll_into_view_if_needed()
    cell.click()
    view = host.bounding_box()
    column_clue = phone.get_by_test_id("play-col-clue-24").bounding_box()
    row_clue = phone.get_by_test_id("play-row-clue-24").bounding_box()
    assert view is not None
    assert column_clue is not None
    assert row_clue is not None
    assert view["y"] - 1 <= column_clue["y"] <= view["y"] + view["height"] / 2  # still on top
    assert view["x"] - 1 <= row_clue["x"] <= view["x"] + view["width"] / 2  # still at the left
    phone.get_by_test_id("play-hint").click()
    box = phone.get_by_test_id("play-hint-box")
    expect(box).to_be_visible()
    shown = box.bounding_box()
    assert shown is not None
    assert shown["y"] + shown["height"] <= 740  # in view without scrolling


def test_on_a_phone_a_puzzle_up_to_10_wide_gets_cells_of_24_px(phone: Page, server: str) -> None:
    rows = [[10]] + [[1, 1]] * 8 + [[10]]
    phone.goto(f"{server}/{fragment(rows, rows)}")
    expect(phone.get_by_test_id("play-cell-9-9")).to_be_visible()
    size = int(phone.locator("#play-board table").get_attribute("data-cell") or 0)
    assert size >= 24, f"cells of {size} px at the default zoom"
    no_sideways_scroll(phone)
