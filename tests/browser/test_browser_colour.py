"""Colour puzzles in the web page, in a real browser (Debian's chromium under Playwright, see
``tests.browser.browsing``): Play a colour puzzle with the colour picker (clicks, a drag,
digit keys), its line check against brute force, progress and the ``#c=`` link; Edit a colour
drawing; Make with colours; and axe-core on colour Play and Edit, desktop and phone."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.browsing import (
    DESKTOP,
    PHONE,
    SAMPLES,
    blank_edit,
    centre,
    has_form_field,
    new_page,
    solve_with_hints,
)
from tests.browser.test_browser_a11y import violations

STRAWBERRY = SAMPLES / "colour" / "strawberry.json"
SOLUTION: list[str] = json.loads(STRAWBERRY.read_text())["solution"]
COLOUR_KEY = {"r": 1, "g": 2, "w": 3}
"""The strawberry's palette characters and their picker keys (its palette order)."""
COLOUR_NAME = {"r": "red", "g": "green", "w": "cream"}
Block = tuple[int, int]
"""A block of a colour clue: (length, colour index >= 1)."""


def open_strawberry(page: Page, server: str) -> None:
    """Import the strawberry into Play (the file goes through POST /api/check)."""
    page.goto(f"{server}/#play")
    page.get_by_test_id("play-import").set_input_files(STRAWBERRY)
    expect(page.get_by_test_id("play-title")).to_have_text("Puzzle \u00b7 10 \u00d7 10")


def runs_of(row: str) -> list[tuple[int, int, str]]:
    """The runs of colour in a solution row: (first column, length, character)."""
    found = []
    for char, group in itertools.groupby(enumerate(row), key=lambda cell: cell[1]):
        cells = list(group)
        if char != ".":
            found.append((cells[0][0], len(cells), char))
    return found


def drag(page: Page, start: str, end: str) -> None:
    """Press on one cell, move to another and release."""
    page.mouse.move(*centre(page, start))
    page.mouse.down()
    page.mouse.move(*centre(page, end), steps=6)
    page.mouse.up()


def test_play_the_strawberry_with_the_picker_to_solved(page: Page, server: str) -> None:
    open_strawberry(page, server)
    expect(page.get_by_test_id("play-palette")).to_be_visible()
    expect(page.get_by_test_id("play-tools")).to_be_hidden()
    expect(page.get_by_test_id("play-colour-note")).to_contain_text("pick a colour")
    clue = page.get_by_test_id("play-row-clue-3")
    expect(clue).to_have_attribute("aria-label", "Row 4 clue 2 red, 1 cream, 5 red")
    expect(clue.locator("span.swatch")).to_have_count(3)
    # Digits contrast with their box: white on red, black on pale cream (outlined).
    red, cream = clue.locator("span.swatch").nth(0), clue.locator("span.swatch").nth(1)
    assert red.evaluate("e => getComputedStyle(e).color") == "rgb(255, 255, 255)"
    assert cream.evaluate("e => getComputedStyle(e).color") == "rgb(0, 0, 0)"
    assert "pale" in (cream.get_attribute("class") or "")
    picker = page.get_by_role("radiogroup", name="Colour to paint with")
    expect(picker.get_by_role("radio")).to_have_count(4)
    expect(picker.get_by_role("radio", name="red, key 1")).to_have_attribute("aria-checked", "true")
    # One drag paints a whole red run of row 5 (one undo step), then undo and redo it.
    drag(page, "play-cell-4-1", "play-cell-4-8")
    expect(page.locator('#play-board td[data-colour="red"]')).to_have_count(8)
    expect(page.get_by_test_id("play-cell-4-5")).to_have_attribute(
        "aria-label", "Row 5, column 6, red"
    )
    expect(page.get_by_test_id("play-row-clue-4")).to_have_class("clue row-clue done")
    page.get_by_test_id("play-undo").click()
    expect(page.locator('#play-board td[data-colour="red"]')).to_have_count(0)
    page.get_by_test_id("play-redo").click()
    expect(page.locator('#play-board td[data-colour="red"]')).to_have_count(8)
    # The rest: pick by clicking the picker (or by digit key), then click or drag each run.
    for r, row in enumerate(SOLUTION):
        if r == 4:
            continue
        for first, length, char in runs_of(row):
            if r % 2:
                page.get_by_test_id(f"play-pick-{COLOUR_KEY[char]}").click()
            else:
                page.get_by_test_id("play-cell-0-0").focus()
                page.keyboard.press(str(COLOUR_KEY[char]))
            if length == 1:
                page.get_by_test_id(f"play-cell-{r}-{first}").click()
            else:
                drag(page, f"play-cell-{r}-{first}", f"play-cell-{r}-{first + length - 1}")
    status = page.get_by_test_id("play-status")
    expect(status).to_have_attribute("data-state", "solved")
    expect(page.get_by_test_id("live")).to_contain_text("Solved")
    expect(page.locator("#play-board th.clue.done")).to_have_count(20)


def test_hints_name_colours_and_solve_the_strawberry(page: Page, server: str) -> None:
    open_strawberry(page, server)
    status = page.get_by_test_id("play-status")
    box = page.get_by_test_id("play-hint-box")
    page.get_by_test_id("play-hint").click()
    expect(box).to_have_attribute("data-status", "step")
    expect(page.get_by_test_id("play-hint-text")).to_contain_text("Ask again to see why")
    page.get_by_test_id("play-hint").click()  # why
    expect(page.get_by_test_id("play-hint-text")).to_contain_text("must be")
    named = page.get_by_test_id("play-hint-text").text_content() or ""
    assert any(name in named for name in ("red", "green", "cream", "empty"))
    solve_with_hints(page)
    expect(status).to_have_attribute("data-state", "solved")
    for r, row in enumerate(SOLUTION):
        for c, char in enumerate(row):
            if char != ".":
                expect(page.get_by_test_id(f"play-cell-{r}-{c}")).to_have_attribute(
                    "data-colour", COLOUR_NAME[char]
                )


def test_a_wrong_colour_is_a_mistake_and_progress_and_links_keep_the_puzzle(
    page: Page, server: str, browser: Browser
) -> None:
    open_strawberry(page, server)
    page.get_by_test_id("play-cell-0-4").click()  # red where the leaves are green
    page.get_by_test_id("play-check").click()
    status = page.get_by_test_id("play-status")
    expect(status).to_contain_text("row 1")
    expect(status).to_contain_text("column 5")
    expect(page.get_by_test_id("play-row-clue-0")).to_have_class("clue row-clue wrong-line")
    expect(page.get_by_test_id("play-cell-0-4")).to_have_class(re.compile(r"\bwrong\b"))
    # Right colours in line 1 are no mistake; a cross keyed with X is kept too.
    page.keyboard.press("2")
    page.get_by_test_id("play-cell-0-4").click()
    page.get_by_test_id("play-cell-0-5").click()
    page.get_by_test_id("play-pick-background").click()
    page.get_by_test_id("play-cell-0-0").click()
    page.get_by_test_id("play-check").click()
    expect(status).to_contain_text("No mistakes so far")
    expect(page.get_by_test_id("play-row-clue-0")).to_have_class("clue row-clue done")
    page.reload()
    expect(page.get_by_test_id("live")).to_contain_text("Resumed the puzzle")
    expect(page.get_by_test_id("play-cell-0-4")).to_have_attribute("data-colour", "green")
    expect(page.get_by_test_id("play-cell-0-0")).to_have_attribute("data-state", "crossed")
    link = page.get_by_test_id("play-share-link").input_value()
    assert link.startswith(f"{server}/#c=")
    with new_page(browser) as other:
        other.goto(link)
        expect(other.get_by_test_id("play-title")).to_have_text("Puzzle \u00b7 10 \u00d7 10")
        expect(other.get_by_test_id("play-col-clue-3")).to_have_attribute(
            "aria-label", "Column 4 clue 1 green, 1 red, 1 cream, 5 red"
        )
        expect(other.get_by_test_id("play-pick-3")).to_have_attribute("aria-label", "cream, key 3")
        other.goto(f"{server}/#c=e30")  # "{}": no palette
        expect(other.get_by_test_id("live")).to_contain_text("This puzzle link is broken")


def colour_runs(line: tuple[int, ...]) -> list[Block]:
    """The clue of a solved colour line (0 background)."""
    found: list[Block] = []
    for colour, group in itertools.groupby(line):
        if colour:
            found.append((len(list(group)), colour))
    return found


def test_the_pages_colour_line_check_agrees_with_enumeration(page: Page, server: str) -> None:
    page.goto(f"{server}/#play")
    cases: list[tuple[list[Block], list[int]]] = []
    expected: list[bool] = []
    for length in range(1, 5):
        solved = list(itertools.product((0, 1, 2), repeat=length))
        clues = sorted({tuple(colour_runs(line)) for line in solved})
        for marks in itertools.product((-1, 0, 1, 2), repeat=length):
            for clue in clues:
                fits = any(
                    colour_runs(line) == list(clue)
                    and all(m in (-1, v) for m, v in zip(marks, line, strict=True))
                    for line in solved
                )
                cases.append((list(clue), list(marks)))
                expected.append(fits)
    assert page.evaluate(CHECK, cases) == expected


CHECK = """async cases => {
    const { colourFits } = await import("/static/colour.js");
    return cases.map(([clue, marks]) => colourFits(clue, marks));
}"""
"""The page's colour line check on (clue, marks) pairs: -1 open, 0 crossed, 1.. a colour."""


def draw_two_colour_picture(page: Page, server: str) -> None:
    """In Edit, a 3 x 3 drawing in black and red: "bb.", "..r", "rrb"."""
    blank_edit(page, server, 3, 3)
    expect(page.get_by_test_id("edit-colour-note")).to_contain_text("Black and white")
    page.get_by_test_id("edit-add-colour").click()  # black and a second colour, red
    expect(page.get_by_test_id("edit-colour-name-2")).to_have_value("red")
    page.get_by_test_id("edit-colour-rgb-2").fill("#cc0000")
    expect(page.get_by_test_id("edit-pick-2")).to_have_attribute("aria-checked", "true")
    page.get_by_test_id("edit-pick-1").click()
    drag(page, "edit-cell-0-0", "edit-cell-0-1")
    page.get_by_test_id("edit-cell-2-2").click()
    page.keyboard.press("2")  # the focus is on the board: keys pick colours
    page.get_by_test_id("edit-cell-1-2").click()
    drag(page, "edit-cell-2-0", "edit-cell-2-1")


def test_fix_it_makes_a_colour_drawing_unique(page: Page, server: str) -> None:
    """Red on a diagonal of a 2 x 2 grid has two solutions; givens, then a recolouring, fix it."""
    blank_edit(page, server, 2, 2)
    page.get_by_test_id("edit-add-colour").click()
    expect(page.get_by_test_id("edit-pick-2")).to_have_attribute("aria-checked", "true")
    page.get_by_test_id("edit-cell-0-0").click()
    page.get_by_test_id("edit-cell-1-1").click()
    status = page.get_by_test_id("edit-status")
    expect(status).to_have_text("Not unique")
    box = page.get_by_test_id("edit-fix-box")
    page.get_by_test_id("edit-fix-mode").select_option("givens")
    page.get_by_test_id("edit-fix").click()
    expect(box).to_have_attribute("data-status", "fixed")
    expect(page.locator("#edit-board .fix-given")).to_have_count(1)
    page.get_by_test_id("edit-fix-accept").click()
    expect(status).to_have_text("Unique")
    expect(page.locator("#edit-board td.given")).to_have_count(1)
    expect(page.locator('#edit-board td[data-colour="red"]')).to_have_count(2)
    page.get_by_test_id("edit-undo").click()  # redrawing drops the given: ambiguous again
    page.get_by_test_id("edit-redo").click()
    page.get_by_test_id("edit-cell-1-0").click()  # red in row 2 too: r. / rr
    page.get_by_test_id("edit-cell-1-0").click()
    page.get_by_test_id("edit-fix-mode").select_option("flips")
    page.get_by_test_id("edit-fix").click()
    expect(box).to_have_attribute("data-status", re.compile("fixed|already"))
    if box.get_attribute("data-status") == "fixed":
        page.get_by_test_id("edit-fix-accept").click()
    expect(status).to_have_text("Unique")
    expect(page.get_by_test_id("edit-logic")).to_have_text("Yes")


def test_edit_a_colour_drawing_and_export_print_and_play_it(
    page: Page, server: str, tmp_path: Path
) -> None:
    draw_two_colour_picture(page, server)
    expect(page.get_by_test_id("edit-busy")).to_be_hidden()  # the verdict of the drawing
    expect(page.get_by_test_id("edit-row-clue-2")).to_have_attribute(
        "aria-label", "Row 3 clue 2 red, 1 black"
    )
    expect(page.get_by_test_id("edit-col-clue-2")).to_have_attribute(
        "aria-label", "Column 3 clue 1 red, 1 black"
    )
    expect(page.get_by_test_id("edit-cell-1-2")).to_have_attribute(
        "aria-label", "Row 2, column 3, red"
    )
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")
    expect(page.get_by_test_id("edit-logic")).to_have_text("Yes")
    with page.expect_download() as download:
        page.get_by_test_id("edit-export-json").click()
    saved = tmp_path / "drawing.json"
    download.value.save_as(saved)
    exported = json.loads(saved.read_text())
    assert [(c["name"], c["rgb"]) for c in exported["palette"]] == [
        ("white", "#ffffff"),
        ("black", "#1f2937"),
        ("red", "#cc0000"),
    ]
    assert exported["solution"] == ["bb.", "..r", "rrb"]
    assert exported["rows"] == [[[2, "black"]], [[1, "red"]], [[2, "red"], [1, "black"]]]
    # The PDF request carries the colour puzzle; an answer key as the drawing is unique.
    with page.expect_request("**/api/pdf") as asked, page.expect_download() as printed:
        page.get_by_test_id("edit-pdf").click()
    sent = json.loads(asked.value.post_data or "{}")
    assert sent["pages"] == "both"
    assert sent["puzzle"]["palette"] == exported["palette"]
    pdf = tmp_path / "drawing.pdf"
    printed.value.save_as(pdf)
    assert pdf.read_bytes().startswith(b"%PDF")
    # Removing a colour clears its cells; Play gets the colour puzzle.
    page.get_by_test_id("edit-to-play").click()
    expect(page.get_by_test_id("play-palette")).to_be_visible()
    expect(page.get_by_test_id("play-row-clue-2")).to_have_attribute(
        "aria-label", "Row 3 clue 2 red, 1 black"
    )
    page.get_by_test_id("tab-edit").click()
    page.get_by_test_id("edit-colour-remove-1").click()
    expect(page.locator('#edit-board td[data-state="filled"]')).to_have_count(3)
    expect(page.get_by_test_id("edit-row-clue-2")).to_have_attribute(
        "aria-label", "Row 3 clue 2 red"
    )
    # A colour file imports with its palette and picture.
    page.get_by_test_id("edit-import").set_input_files(STRAWBERRY)
    expect(page.get_by_test_id("edit-colour-name-3")).to_have_value("cream")
    expect(page.locator('#edit-board td[data-colour="cream"]')).to_have_count(2)
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")


def test_make_a_colour_puzzle(page: Page, server: str) -> None:
    if not has_form_field(server, "/api/puzzles", "colors"):
        pytest.skip("POST /api/puzzles has no `colors` field yet (another engineer's part)")
    page.goto(f"{server}/#make")
    page.get_by_test_id("make-file").set_input_files(SAMPLES / "ring.png")
    page.get_by_test_id("make-width").fill("12")
    page.get_by_test_id("make-colors").select_option("2")
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-result")).to_be_visible()
    expect(page.get_by_test_id("make-palette")).to_be_visible()
    expect(page.get_by_test_id("make-summary")).to_contain_text("colours")
    page.get_by_test_id("make-to-play").click()
    expect(page.get_by_test_id("play-palette")).to_be_visible()
    page.get_by_test_id("tab-make").click()
    page.get_by_test_id("make-to-edit").click()
    expect(page.get_by_test_id("edit-palette")).to_be_visible()
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_colour_play_and_edit_have_no_serious_accessibility_violation(
    browser: Browser, server: str, device: dict[str, Any]
) -> None:
    found: list[str] = []
    with new_page(browser, device) as page:
        open_strawberry(page, server)
        page.get_by_test_id("play-cell-0-4").click()
        page.get_by_test_id("play-pick-2").click()
        page.get_by_test_id("play-cell-0-5").click()
        for col in range(1, 9):
            page.get_by_test_id(f"play-cell-9-{col}").click()
        page.get_by_test_id("play-check").click()
        expect(page.get_by_test_id("play-status")).to_contain_text("break")
        found += violations(page, "colour play")
        draw_two_colour_picture(page, server)
        expect(page.get_by_test_id("edit-status")).to_have_text("Unique")
        expect(page.get_by_test_id("edit-busy")).to_be_hidden()
        found += violations(page, "colour edit")
    assert not found, "\n".join(found)
