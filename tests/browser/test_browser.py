"""The web page in a real browser: Playwright drives Debian's chromium against a live server
(uvicorn on a loopback port; see ``tests.browser.browsing``): the Make, Edit and Play
flows.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Dialog, FilePayload, Page, expect

from tests.browser.browsing import (
    DIAGONAL,
    SAMPLES,
    all_of_it,
    blank_edit,
    centre,
    draw_two_ways,
    filled,
    fragment,
    has_endpoint,
    solve_with_hints,
)
from tests.photos import disc_photo, encode


def test_make_a_puzzle_from_a_picture_and_download_its_pdf(
    page: Page, server: str, tmp_path: Path
) -> None:
    page.goto(f"{server}/#make")
    page.get_by_test_id("make-file").set_input_files(SAMPLES / "ring.png")
    expect(page.get_by_test_id("make-file-name")).to_have_text("ring.png")
    page.get_by_test_id("make-width").fill("20")
    page.get_by_text("More options").click()
    page.get_by_test_id("make-puzzle-title").fill("ring")  # untitled, it would be "puzzle"
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-result")).to_be_visible()
    expect(page.get_by_test_id("make-badges")).to_contain_text("Unique")
    expect(page.get_by_test_id("make-summary")).to_contain_text("20 \u00d7 ")
    conversion = re.compile(r"^Drawn as: [A-Z][a-z ,()]+$")  # in words, no method's name
    expect(page.get_by_test_id("make-conversion")).to_have_text(conversion)
    expect(page.get_by_test_id("make-summary")).not_to_contain_text("seed")
    expect(page.get_by_test_id("make-details-figures")).to_be_hidden()  # for experts, folded
    page.get_by_test_id("make-details").locator("summary").click()
    details = re.compile(r"score [0-9.]+ \(the best of [0-9]+ drawings\)")
    expect(page.get_by_test_id("make-details-conversion")).to_have_text(details)
    expect(page.get_by_test_id("make-details-figures")).to_contain_text("seed 0")
    expect(page.get_by_test_id("make-source")).to_be_visible()
    expect(page.get_by_test_id("make-source")).to_have_attribute("src", re.compile(r"^blob:"))
    for picture in ("make-source", "make-preview"):
        shown = page.get_by_test_id(picture)
        expect(shown).to_have_js_property("complete", True)
        assert shown.evaluate("image => image.naturalWidth") > 0, picture
    expect(page.get_by_test_id("make-solution-pdf")).to_be_visible()  # unique: a key
    expect(page.get_by_test_id("make-print-warning")).to_be_hidden()  # 20 wide prints well
    expect(page.get_by_test_id("live")).to_contain_text("Made ring")
    with page.expect_download() as download:
        page.get_by_test_id("make-pdf").click()
    saved = tmp_path / "ring.pdf"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "ring.pdf"
    assert saved.read_bytes().startswith(b"%PDF")


def test_make_a_puzzle_from_a_heic_the_browser_cannot_show(page: Page, server: str) -> None:
    # Chromium shows no HEIC: the picture is still sent and made, its broken preview hidden.
    heic = encode(disc_photo(320, 240), "HEIF", orientation=6)
    page.goto(f"{server}/#make")
    picture: FilePayload = {"name": "IMG_0001.HEIC", "mimeType": "image/heic", "buffer": heic}
    page.get_by_test_id("make-file").set_input_files(picture)
    expect(page.get_by_test_id("make-file-name")).to_have_text("IMG_0001.HEIC")
    page.get_by_test_id("make-width").fill("12")
    page.get_by_text("More options").click()
    page.get_by_test_id("make-whole-frame").check()  # the frame's aspect shows the turn
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-result")).to_be_visible()
    expect(page.get_by_test_id("make-summary")).to_contain_text("12 \u00d7 16")
    expect(page.get_by_test_id("make-source")).to_be_hidden()


def test_a_drawing_too_big_to_read_prints_only_when_the_author_agrees(
    page: Page, server: str
) -> None:
    blank_edit(page, server, 60, 60)
    asked: list[str] = []

    def decline(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", decline)
    page.get_by_test_id("edit-pdf").click()
    expect(page.get_by_test_id("edit-error")).to_contain_text("Not printed")
    assert asked
    assert "mm" in asked[0]
    assert "Print anyway?" in asked[0]
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_download() as download:
        page.get_by_test_id("edit-pdf").click()
    assert download.value.suggested_filename.endswith(".pdf")


def test_make_shows_why_a_picture_failed(page: Page, server: str) -> None:
    page.goto(f"{server}/#make")
    page.get_by_test_id("make-file").set_input_files(SAMPLES / "heart.txt")
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-error")).to_contain_text("not a picture")


def test_draw_an_ambiguous_diagonal_and_see_it_highlighted(page: Page, server: str) -> None:
    blank_edit(page, server, 2, 2)
    expect(page.get_by_test_id("edit-status")).to_have_text("Empty")  # nothing drawn yet
    page.get_by_test_id("edit-cell-0-0").click()
    page.get_by_test_id("edit-cell-1-1").click()
    expect(page.get_by_test_id("edit-row-clue-0")).to_have_text("1")
    expect(page.get_by_test_id("edit-col-clue-1")).to_have_text("1")
    expect(page.get_by_test_id("edit-status")).to_have_text("Not unique")
    expect(page.get_by_test_id("live")).to_contain_text("Verdict: Not unique")
    expect(page.locator('#edit-board [data-ambiguous="true"]')).to_have_count(4)
    expect(page.get_by_test_id("edit-logic")).to_have_text("No")
    # No answer key for a puzzle with two solutions: the PDF is the puzzle page alone.
    with page.expect_request("**/api/pdf") as asked:
        page.get_by_test_id("edit-pdf").click()
    assert json.loads(asked.value.post_data or "{}")["pages"] == "puzzle"
    # Drag across the top row: clear it, then fill both cells in one stroke.
    page.get_by_test_id("edit-clear").click()
    page.mouse.move(*centre(page, "edit-cell-0-0"))
    page.mouse.down()
    page.mouse.move(*centre(page, "edit-cell-0-1"), steps=4)
    page.mouse.up()
    # PDF at once, before the new drawing's verdict is in: it waits for it, and the puzzle
    # being unique, prints the answer key too (it printed the sheet alone before).
    with page.expect_request("**/api/pdf") as asked:
        page.get_by_test_id("edit-pdf").click()
    assert json.loads(asked.value.post_data or "{}")["pages"] == "both"
    expect(page.get_by_test_id("edit-row-clue-0")).to_have_text("2")
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")
    expect(page.locator('#edit-board [data-ambiguous="true"]')).to_have_count(0)
    expect(page.get_by_test_id("edit-difficulty")).to_contain_text("easy")


def test_play_a_puzzle_to_the_end_with_hints(page: Page, server: str) -> None:
    page.goto(f"{server}/#play")
    page.get_by_test_id("play-import").set_input_files(SAMPLES / "heart.txt")
    expect(page.get_by_test_id("play-title")).to_contain_text("15 \u00d7 15")
    status = page.get_by_test_id("play-status")
    # A fill in the empty top row breaks its clue: the check says which line, and undo.
    page.get_by_test_id("play-cell-0-0").click()
    page.get_by_test_id("play-check").click()
    expect(status).to_contain_text("1 line breaks its clue")
    expect(status).to_contain_text("row 1")
    expect(page.get_by_test_id("live")).to_contain_text("row 1")
    expect(page.get_by_test_id("play-row-clue-0")).to_have_class("clue row-clue wrong-line")
    page.get_by_test_id("play-undo").click()
    expect(page.get_by_test_id("play-cell-0-0")).to_have_attribute("data-state", "open")
    solve_with_hints(page)
    expect(status).to_contain_text("Solved")
    expect(page.get_by_test_id("live")).to_contain_text("Solved")
    expect(page.locator("#play-board th.clue.done")).to_have_count(30)


def test_any_solution_that_fits_the_clues_is_right(page: Page, server: str) -> None:
    page.goto(f"{server}/{fragment(DIAGONAL, DIAGONAL, 'two ways')}")
    expect(page.get_by_test_id("play-title")).to_have_text("Puzzle \u00b7 2 \u00d7 2")
    page.get_by_test_id("play-hint").click()  # from the empty grid: two solutions
    box = page.get_by_test_id("play-hint-box")
    expect(box).to_be_visible()
    expect(box).to_have_attribute("data-status", "ambiguous")
    expect(page.locator('#play-board [data-hint="either"]')).to_have_count(4)
    expect(page.get_by_test_id("live")).to_contain_text("More than one solution")
    expect(page.get_by_test_id("play-apply")).to_be_hidden()
    # The other diagonal than a stored solution would have: no mistake, solved.
    page.get_by_test_id("play-cell-0-1").click()
    page.get_by_test_id("play-cell-1-0").click()
    page.get_by_test_id("play-check").click()
    expect(page.get_by_test_id("play-status")).to_contain_text("Solved")
    expect(page.locator("#play-board .wrong")).to_have_count(0)


def runs(line: tuple[bool, ...]) -> list[int]:
    """The clue of a solved line."""
    return [len(run) for run in "".join("#" if v else "." for v in line).split(".") if run]


def test_the_pages_line_check_agrees_with_enumeration(page: Page, server: str) -> None:
    page.goto(f"{server}/#play")
    cases: list[tuple[list[int], list[int]]] = []
    expected: list[bool] = []
    for length in range(1, 6):
        solved = list(itertools.product((False, True), repeat=length))
        clues = {tuple(runs(line)) for line in solved}
        for marks in itertools.product((-1, 0, 1), repeat=length):
            for clue in sorted(clues):
                fits = any(
                    runs(line) == list(clue)
                    and all(m == -1 or m == int(v) for m, v in zip(marks, line, strict=True))
                    for line in solved
                )
                cases.append((list(clue), list(marks)))
                expected.append(fits)
    assert page.evaluate(CHECK, cases) == expected


@pytest.mark.parametrize(
    ("title", "direction"), [("שלום עולם", "rtl"), ("tiny", "ltr")], ids=["hebrew", "latin"]
)
def test_a_title_takes_the_direction_of_its_script(
    page: Page, server: str, title: str, direction: str
) -> None:
    page.goto(f"{server}/{fragment([[1, 1], [3]], [[2], [1], [2]], title)}")
    shown = page.get_by_test_id("play-title")
    expect(shown).not_to_contain_text(title)  # nothing given away while playing
    for row, col in ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)):
        page.get_by_test_id(f"play-cell-{row}-{col}").click()
    expect(shown).to_contain_text(title)  # solved: the title given back
    assert shown.evaluate("element => getComputedStyle(element).direction") == direction


def test_progress_and_time_survive_a_reload_and_links_share_the_puzzle(
    page: Page, server: str
) -> None:
    tiny = fragment([[1, 1], [3]], [[2], [1], [2]], "tiny")  # solved by "#.#", "###"
    page.clock.install()  # the page's clock, moved on by the test (no waiting for real time)
    page.goto(f"{server}/{tiny}")
    expect(page.get_by_test_id("play-title")).to_have_text("Puzzle \u00b7 3 \u00d7 2")
    page.get_by_test_id("play-auto-cross").check()
    for col in range(3):
        page.get_by_test_id(f"play-cell-1-{col}").click()
    # Row 2 and column 2 match their clues: greyed, and column 2's open cell is crossed.
    expect(page.get_by_test_id("play-row-clue-1")).to_have_class("clue row-clue done")
    expect(page.get_by_test_id("play-col-clue-1")).to_have_class("clue col-clue done")
    expect(page.get_by_test_id("play-cell-0-1")).to_have_attribute("data-state", "crossed")
    page.get_by_test_id("play-cell-0-0").click()
    page.clock.run_for(1500)
    expect(page.get_by_test_id("play-timer")).not_to_have_text("0:00")  # a second of play
    page.reload()
    expect(page.get_by_test_id("live")).to_contain_text("Resumed the puzzle")
    for col in range(3):
        expect(page.get_by_test_id(f"play-cell-1-{col}")).to_have_attribute("data-state", "filled")
    expect(page.get_by_test_id("play-cell-0-0")).to_have_attribute("data-state", "filled")
    expect(page.get_by_test_id("play-cell-0-1")).to_have_attribute("data-state", "crossed")
    assert page.get_by_test_id("play-timer").inner_text() != "0:00"
    expect(page.get_by_test_id("play-auto-cross")).to_be_checked()
    # The clock stops while the tab is hidden.
    page.evaluate(HIDE, True)
    hidden_at = page.get_by_test_id("play-timer").inner_text()
    page.clock.run_for(3000)
    assert page.get_by_test_id("play-timer").inner_text() == hidden_at
    page.evaluate(HIDE, False)
    page.get_by_test_id("play-cell-0-2").click()
    expect(page.get_by_test_id("play-status")).to_contain_text("Solved")
    expect(page.get_by_test_id("play-title")).to_have_text("tiny \u00b7 3 \u00d7 2")
    assert page.get_by_test_id("play-share-link").input_value() == f"{server}/{tiny}"
    page.get_by_test_id("play-copy").click()
    expect(page.get_by_test_id("live")).to_contain_text("Link copied")
    # Another puzzle's link opens on hashchange, without a reload.
    page.evaluate("hash => { location.hash = hash; }", fragment(DIAGONAL, DIAGONAL, "other"))
    expect(page.get_by_test_id("play-title")).to_have_text("Puzzle \u00b7 2 \u00d7 2")
    page.goto(f"{server}/#p=broken")
    expect(page.get_by_test_id("live")).to_contain_text("This puzzle link is broken")


def test_a_hint_that_tries_a_cell_shows_the_cell_it_tried(page: Page, server: str) -> None:
    rows = [[1], [1, 1], [1], [2], [1, 1, 1]]
    cols = [[1, 1], [1, 1], [1, 2], [], [1, 1]]  # line logic stalls: a probe is needed
    page.goto(f"{server}/{fragment(rows, cols, 'probe')}")
    box = page.get_by_test_id("play-hint-box")
    for _ in range(12):
        page.get_by_test_id("play-hint").click()
        expect(box).to_be_visible()
        if box.get_attribute("data-kind") == "probe":
            break
        all_of_it(page)
        page.get_by_test_id("play-apply").click()
    expect(box).to_have_attribute("data-kind", "probe")
    expect(page.locator("#play-hint-title")).to_have_text("Next step, by trying a cell")
    expect(page.get_by_test_id("play-hint-text")).to_contain_text("If row")
    expect(page.locator("#play-board .hint-probe")).to_have_count(1)
    expect(page.get_by_test_id("live")).to_contain_text("by trying a cell")
    page.get_by_test_id("play-apply").click()
    expect(page.locator("#play-board .hint-probe")).to_have_count(0)


CHECK = """async cases => {
    const { rules } = await import("/static/lines.js");
    const { fits } = rules({ palette: null });
    return cases.map(([clue, marks]) => fits(clue, marks));
}"""
"""The page's own line check (a black-and-white puzzle's) on (clue, marks) pairs: -1 open, 0
crossed, 1 filled."""
HIDE = """hidden => {
    Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
}"""
"""Pretend the tab is hidden (true) or shown again (false)."""


def test_given_cells_come_with_the_link_and_stay_put(page: Page, server: str) -> None:
    page.goto(f"{server}/{fragment(DIAGONAL, DIAGONAL, 'given', ['#?', '??'])}")
    given = page.get_by_test_id("play-cell-0-0")
    expect(given).to_have_attribute("aria-label", "Row 1, column 1, filled, given")
    given.click()
    expect(given).to_have_attribute("data-state", "filled")
    page.get_by_test_id("play-cell-1-1").click()
    expect(page.get_by_test_id("play-status")).to_contain_text("Solved")


def test_fix_it_proposes_flips_and_givens_that_make_a_drawing_unique(
    page: Page, server: str
) -> None:
    if not has_endpoint(server, "/api/fix"):
        pytest.skip("the service has no POST /api/fix yet (issue 13, another engineer's part)")
    draw_two_ways(page, server)
    page.get_by_test_id("edit-fix").click()
    box = page.get_by_test_id("edit-fix-box")
    expect(box).to_be_visible()
    expect(box).to_have_attribute("data-status", "fixed")
    marked = page.locator("#edit-board .fix-fill, #edit-board .fix-clear, #edit-board .fix-given")
    assert marked.count() >= 1
    page.get_by_test_id("edit-fix-dismiss").click()
    expect(box).to_be_hidden()
    expect(marked).to_have_count(0)
    # Givens keep the drawing: they are given cells of the puzzle, and Play starts with them.
    page.get_by_test_id("edit-fix-mode").select_option("givens")
    page.get_by_test_id("edit-fix").click()
    expect(box).to_have_attribute("data-status", "fixed")
    expect(page.locator("#edit-board .fix-given")).to_have_count(1)
    page.get_by_test_id("edit-fix-accept").click()
    expect(box).to_be_hidden()
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")
    expect(page.get_by_test_id("edit-logic")).to_have_text("Yes")
    expect(page.locator("#edit-board td.given")).to_have_count(1)
    assert filled(page, "edit") == 2  # the drawing is as it was
    page.get_by_test_id("edit-to-play").click()
    expect(page.locator("#play-board td.given")).to_have_count(1)


def test_make_a_mosaic_of_a_big_picture_and_play_a_tile(
    page: Page, server: str, tmp_path: Path
) -> None:
    from tests.mosaic_picture import mosaic_picture  # noqa: PLC0415

    picture = tmp_path / "scene.png"
    picture.write_bytes(mosaic_picture())
    page.goto(f"{server}/#make")
    page.get_by_test_id("make-file").set_input_files(picture)
    page.get_by_test_id("make-tiles").select_option("2x2")
    page.get_by_test_id("make-width").fill("30")
    page.get_by_test_id("make-submit").click()
    expect(page.get_by_test_id("make-badges")).to_contain_text("4 tiles, each unique")
    expect(page.get_by_test_id("make-summary")).to_contain_text("60 \u00d7 60 cells as 2 \u00d7 2")
    tiles = page.get_by_test_id("make-tile")
    expect(tiles).to_have_count(4)
    expect(tiles.nth(0)).to_contain_text("r1c1: 30 \u00d7 30")
    expect(page.get_by_test_id("make-preview")).to_be_hidden()  # one puzzle's parts hidden
    page.get_by_role("button", name="Play r2c2").click()
    expect(page.get_by_test_id("play-title")).to_contain_text("Puzzle \u00b7 ")
    expect(page.get_by_test_id("play-title")).not_to_contain_text("scene")  # no spoiler


def test_a_clue_only_file_opens_as_its_clues_with_their_verdict(
    page: Page, server: str, tmp_path: Path
) -> None:
    page.goto(f"{server}/#edit")
    several = SAMPLES / "diagonal.non"  # 4 x 4, a 1 in every line: 24 solutions
    page.get_by_test_id("edit-import").set_input_files(several)
    expect(page.get_by_test_id("edit-status")).to_have_text("Not unique")
    expect(page.get_by_test_id("edit-clues-note")).to_contain_text("The clues of diagonal.non")
    expect(page.get_by_test_id("edit-row-clue-0")).to_have_attribute("data-clue", "1")
    expect(page.locator("#edit-board td.cell[data-ambiguous]").first).to_be_visible()
    contradiction = tmp_path / "broken.non"
    contradiction.write_text("width 2\nheight 2\n\nrows\n2\n2\n\ncolumns\n0\n0\n")
    page.get_by_test_id("edit-import").set_input_files(contradiction)
    expect(page.get_by_test_id("edit-status")).to_have_text("No solution")
    expect(page.get_by_test_id("edit-row-clue-0")).to_have_attribute("data-clue", "2")  # kept
    expect(page.get_by_test_id("edit-reason")).not_to_be_empty()
    unique = tmp_path / "bar.non"
    unique.write_text('title "A bar"\nwidth 3\nheight 2\n\nrows\n3\n0\n\ncolumns\n1\n1\n1\n')
    page.get_by_test_id("edit-import").set_input_files(unique)
    expect(page.get_by_test_id("edit-status")).to_have_text("Unique")
    expect(page.get_by_test_id("edit-title")).to_have_value("A bar")
    expect(page.get_by_test_id("edit-cell-0-0")).to_have_attribute("data-state", "filled")
    page.get_by_test_id("edit-cell-1-1").click()  # drawn on: the drawing's own clues
    expect(page.get_by_test_id("edit-row-clue-1")).to_have_attribute("data-clue", "1")
    expect(page.get_by_test_id("edit-clues-note")).to_contain_text("own clues from now on")


def test_the_mirror_draws_each_change_in_the_mirrored_cell_too(page: Page, server: str) -> None:
    page.goto(f"{server}/#edit")  # a blank 10 x 10 drawing
    page.get_by_test_id("edit-mirror").check()
    page.get_by_test_id("edit-cell-2-1").click()
    expect(page.get_by_test_id("edit-cell-2-1")).to_have_attribute("data-state", "filled")
    expect(page.get_by_test_id("edit-cell-2-8")).to_have_attribute("data-state", "filled")
    page.get_by_test_id("edit-undo").click()  # one step: both cells
    expect(page.get_by_test_id("edit-cell-2-8")).to_have_attribute("data-state", "open")
    expect(page.get_by_test_id("edit-cell-2-1")).to_have_attribute("data-state", "open")
    page.get_by_test_id("edit-mirror").uncheck()
    page.get_by_test_id("edit-cell-2-1").click()
    expect(page.get_by_test_id("edit-cell-2-8")).to_have_attribute("data-state", "open")


def test_lines_and_rectangles_are_drawn_from_corner_to_corner(page: Page, server: str) -> None:
    page.goto(f"{server}/#edit")  # a blank 10 x 10 drawing

    def drag(start: str, end: str) -> None:
        page.mouse.move(*centre(page, start))
        page.mouse.down()
        page.mouse.move(*centre(page, end), steps=6)
        page.mouse.up()

    def state(r: int, c: int) -> str:
        return page.get_by_test_id(f"edit-cell-{r}-{c}").get_attribute("data-state") or ""

    page.get_by_test_id("edit-shape").select_option("line")
    drag("edit-cell-1-1", "edit-cell-4-4")
    expect(page.get_by_test_id("edit-cell-4-4")).to_have_attribute("data-state", "filled")
    assert [state(k, k) for k in range(1, 5)] == ["filled"] * 4
    assert state(1, 4) == "open"
    assert filled(page, "edit") == 4
    page.get_by_test_id("edit-undo").click()  # one step
    expect(page.get_by_test_id("edit-cell-1-1")).to_have_attribute("data-state", "open")
    page.get_by_test_id("edit-shape").select_option("rectangle")
    drag("edit-cell-6-1", "edit-cell-8-4")
    expect(page.get_by_test_id("edit-cell-8-4")).to_have_attribute("data-state", "filled")
    assert filled(page, "edit") == 10  # the outline of 3 x 4 cells
    assert state(7, 2) == "open"
    assert state(7, 1) == "filled"


def test_a_solved_puzzle_reveals_its_title_and_an_untitled_one_does_not(
    page: Page, server: str
) -> None:
    rows, cols = [[2], [1]], [[2], [1]]  # 2 x 2: one solution
    page.goto(f"{server}/{fragment(rows, cols, 'A corner')}")
    title = page.get_by_test_id("play-title")
    expect(title).to_have_text("Puzzle \u00b7 2 \u00d7 2")  # not "A corner" until solved
    solve_with_hints(page)
    expect(page.get_by_test_id("play-status")).to_contain_text("It is: A corner.")
    expect(title).to_have_text("A corner \u00b7 2 \u00d7 2")
    # The picture revealed: its cells black, no crosses, the grid's lines gone.
    filled = page.locator("#play-board td.cell.filled").first
    assert filled.evaluate("c => getComputedStyle(c).backgroundColor") == "rgb(0, 0, 0)"
    crossed = page.locator("#play-board td.cell.crossed")
    if crossed.count():
        content = "c => getComputedStyle(c, '::after').content"
        assert crossed.first.evaluate(content) in ("none", "normal")
    page.goto(f"{server}/?untitled{fragment(rows, cols)}")
    solve_with_hints(page)
    expect(page.get_by_test_id("play-status")).to_contain_text("here is the picture")
    expect(title).to_have_text("Puzzle \u00b7 2 \u00d7 2")
