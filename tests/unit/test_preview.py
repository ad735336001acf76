"""PNG previews and contact sheets: sizes, where the marks land, the size cap, determinism; names
in right-to-left and complex scripts compared with HarfBuzz's shaping drawn plainly."""

from __future__ import annotations

import io

import numpy as np
import numpy.typing as npt
import pytest
import uharfbuzz as hb
from bidi import get_display
from PIL import Image, ImageDraw, ImageFont

from nonogen.clues import grid_clues
from nonogen.grid import Grid, parse_partial
from nonogen.preview import (
    FAINT,
    MAX_SHEET_ENTRIES,
    MAX_SHEET_HEIGHT,
    SHEET_MARGIN,
    SheetEntry,
    as_rgb,
    contact_sheet,
    preview_layout,
    preview_png,
    row_clue_layout,
    sheet_layout,
)
from nonogen.preview.canvas import font_at
from nonogen.preview.sheet import SHEET_LEGEND
from nonogen.preview.text import raqm, shown, text_font
from nonogen.puzzle import Puzzle, puzzle_from_grid, puzzle_from_lengths

HEART = [
    ".##.##.",
    "#######",
    "#######",
    ".#####.",
    "..###..",
    "...#...",
]
GREEN = (0, 200, 0)

Pixels = npt.NDArray[np.uint8]


def grid_of(rows: list[str]) -> Grid:
    partial = parse_partial(rows)
    assert partial is not None
    grid: Grid = partial == 1
    return grid


def decode(png: bytes) -> Pixels:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return np.asarray(image.convert("RGB"))


def picture(rows: int = 60, cols: int = 70) -> Pixels:
    out = np.zeros((rows, cols, 3), dtype=np.uint8)
    out[...] = GREEN
    return out


def cell_pixels(pixels: Pixels, box: tuple[int, int, int, int]) -> Pixels:
    left, top, right, bottom = box
    return pixels[top:bottom, left:right].reshape(-1, 3)


def reddish(colour: Pixels) -> bool:
    r, g, b = (int(v) for v in colour)
    return r > 170 and g < 110 and b < 110


def bluish(colour: Pixels) -> bool:
    r, g, b = (int(v) for v in colour)
    return b > 170 and r < 110 and g < 150


def centre(pixels: Pixels, box: tuple[int, int, int, int]) -> Pixels:
    colour: Pixels = pixels[(box[1] + box[3]) // 2, (box[0] + box[2]) // 2]
    return colour


@pytest.fixture
def heart() -> tuple[Puzzle, Grid]:
    solution = grid_of(HEART)
    return puzzle_from_grid(solution), solution


# --- preview_png ---------------------------------------------------------------------------


def test_the_plain_preview_keeps_its_layout_and_has_no_legend(heart: tuple[Puzzle, Grid]) -> None:
    puzzle, solution = heart
    pixels = decode(preview_png(puzzle, solution))
    layout = preview_layout(puzzle)
    assert layout.legend is None
    assert pixels.shape == (layout.size[1], layout.size[0], 3)
    assert tuple(centre(pixels, layout.cell_box("solution", 1, 0))) == (0, 0, 0)  # its black
    assert tuple(centre(pixels, layout.cell_box("puzzle", 1, 0))) == (255, 255, 255)


# Rows whose clues run together without spacing: 1 13 and 1 2 5 (and 113, 125 for contrast).
SPACED = [
    "#.#############.",
    "#.##.#####......",
    "#############.#.",
    "#.......#.......",
]


def ink_groups(line: npt.NDArray[np.bool_]) -> list[int]:
    """Lengths of the blank stretches between inked stretches of a line of pixels."""
    inked = np.flatnonzero(line)
    if inked.size == 0:
        return []
    gaps = np.diff(inked) - 1
    return [int(g) for g in gaps if g > 0]


def test_row_clue_numbers_are_a_digit_apart() -> None:
    font = ImageFont.load_default(15)
    digit = font.getlength("0")
    placed, width = row_clue_layout((1, 13), font)
    assert [text for text, _ in placed] == ["1", "13"]
    assert placed[1][1] - font.getlength("1") >= digit  # the gap after "1"
    assert width == pytest.approx(placed[1][1] + font.getlength("13"))
    assert row_clue_layout((), font) == ([("0", 0.0)], font.getlength("0"))


def test_row_clues_read_as_separate_numbers_in_the_picture() -> None:
    solution = grid_of(SPACED)
    puzzle = puzzle_from_grid(solution)
    assert puzzle.rows[:2] == ((1, 13), (1, 2, 5))
    pixels = decode(preview_png(puzzle, solution))
    layout = preview_layout(puzzle)
    digit = ImageFont.load_default(max(7, int(layout.px * 0.62))).getlength("0")
    x0, top = layout.puzzle
    wide: list[int] = []
    for row in range(4):
        band = pixels[top + row * layout.px + 2 : top + (row + 1) * layout.px - 2, : x0 - 2]
        inked = (band.min(axis=2) < 128).any(axis=0)
        wide.append(sum(1 for gap in ink_groups(inked) if gap >= 0.8 * digit))
    # 1 13 and 1 2 5 show one and two wide gaps; 13 1 likewise one; a lone 1 none.
    assert wide == [1, 2, 1, 1]


def test_column_clues_stay_stacked_one_number_a_line() -> None:
    solution = grid_of(SPACED)
    puzzle = puzzle_from_grid(solution)
    layout = preview_layout(puzzle)
    pixels = decode(preview_png(puzzle, solution))
    x0, top = layout.puzzle
    assert (puzzle.cols[0], puzzle.cols[4]) == ((4,), (1, 1))
    for col, gaps in ((0, 0), (4, 1)):  # one number; two numbers one above the other
        strip = pixels[: top - 2, x0 + col * layout.px + 2 : x0 + (col + 1) * layout.px - 2]
        inked = (strip.min(axis=2) < 128).any(axis=1)
        assert len(ink_groups(inked)) == gaps


def test_the_source_picture_makes_the_preview_wider_not_taller(
    heart: tuple[Puzzle, Grid],
) -> None:
    puzzle, solution = heart
    plain = decode(preview_png(puzzle, solution))
    pixels = decode(preview_png(puzzle, solution, picture=picture()))
    assert pixels.shape[0] == plain.shape[0]
    assert pixels.shape[1] > plain.shape[1]
    layout = preview_layout(puzzle, picture_shape=(60, 70))
    assert layout.source is not None
    left, top, right, bottom = layout.source
    assert bottom - top == puzzle.height * layout.px  # scaled to the grid's height
    assert right - left == round(70 * (bottom - top) / 60)  # keeping the aspect
    assert tuple(centre(pixels, layout.source)) == GREEN


def test_flips_are_red_and_givens_blue(heart: tuple[Puzzle, Grid]) -> None:
    puzzle, solution = heart
    source = solution.copy()
    source[0, 1] = False  # the generator filled (0, 1)
    source[0, 0] = True  # and cleared (0, 0)
    png = preview_png(puzzle, solution, source, givens=[(2, 3), (5, 0)])
    pixels = decode(png)
    layout = preview_layout(puzzle, legend=True)
    assert pixels.shape == (layout.size[1], layout.size[0], 3)
    assert reddish(centre(pixels, layout.cell_box("solution", 0, 1)))  # the middle of a red X
    assert reddish(centre(pixels, layout.cell_box("solution", 0, 0)))  # the middle of a red X
    for given in ((2, 3), (5, 0)):
        assert any(bluish(p) for p in cell_pixels(pixels, layout.cell_box("solution", *given)))
        assert not any(bluish(p) for p in cell_pixels(pixels, layout.cell_box("puzzle", *given)))
    assert not any(bluish(p) for p in cell_pixels(pixels, layout.cell_box("solution", 2, 2)))
    # Printed givens: the filled one grey, the empty one crossed (its corner stays white).
    assert tuple(centre(pixels, layout.cell_box("puzzle", 2, 3))) == (150, 150, 150)
    crossed = layout.cell_box("puzzle", 5, 0)
    assert min(int(v) for v in centre(pixels, crossed)) < 200
    assert tuple(pixels[crossed[1] + 2, crossed[0] + layout.px // 2]) == (255, 255, 255)


def legend_row(pixels: Pixels, puzzle: Puzzle) -> Pixels:
    layout = preview_layout(puzzle, legend=True)
    assert layout.legend is not None
    return pixels[layout.legend :].reshape(-1, 3)


def test_the_legend_names_only_the_marks_that_occur(heart: tuple[Puzzle, Grid]) -> None:
    puzzle, solution = heart
    source = solution.copy()
    source[0, 1] = False
    flips_only = legend_row(decode(preview_png(puzzle, solution, source)), puzzle)
    assert any(reddish(p) for p in flips_only)
    assert not any(bluish(p) for p in flips_only)
    givens_only = legend_row(decode(preview_png(puzzle, solution, givens=[(1, 1)])), puzzle)
    assert any(bluish(p) for p in givens_only)
    assert not any(reddish(p) for p in givens_only)


def test_without_givens_passed_the_puzzles_own_givens_are_drawn(
    heart: tuple[Puzzle, Grid],
) -> None:
    _, solution = heart
    rows, cols = grid_clues(solution)
    givens = np.full(solution.shape, -1, dtype=np.int8)
    givens[1, 2] = 1
    puzzle = puzzle_from_lengths(rows, cols, givens=givens)
    pixels = decode(preview_png(puzzle, solution))
    layout = preview_layout(puzzle, legend=True)
    assert any(bluish(p) for p in cell_pixels(pixels, layout.cell_box("solution", 1, 2)))
    assert decode(preview_png(puzzle, solution, givens=())).shape[0] < pixels.shape[0]


def test_a_given_outside_the_grid_is_refused(heart: tuple[Puzzle, Grid]) -> None:
    puzzle, solution = heart
    with pytest.raises(ValueError, match=r"inside the 6x7 grid, got \(6, 0\)"):
        preview_png(puzzle, solution, givens=[(6, 0)])


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (np.zeros((5, 5, 3), dtype=np.float64), "uint8"),
        (np.zeros((5, 5, 2), dtype=np.uint8), r"shape \(5, 5, 2\)"),
        (np.zeros((0, 5, 3), dtype=np.uint8), "with pixels"),
    ],
)
def test_a_malformed_picture_is_a_value_error(
    heart: tuple[Puzzle, Grid], bad: Pixels, message: str
) -> None:
    puzzle, solution = heart
    with pytest.raises(ValueError, match=message):
        preview_png(puzzle, solution, picture=bad)


def test_grey_and_rgba_pictures_are_converted() -> None:
    grey = np.full((2, 3), 7, dtype=np.uint8)
    assert as_rgb(grey).shape == (2, 3, 3)
    assert (as_rgb(grey) == 7).all()
    rgba = np.zeros((2, 3, 4), dtype=np.uint8)
    rgba[0, :, 3] = 255  # opaque black above transparent black: black above white
    assert (as_rgb(rgba)[0] == 0).all()
    assert (as_rgb(rgba)[1] == 255).all()


# --- contact_sheet -------------------------------------------------------------------------


def entry(index: int, *, failed: bool = False) -> SheetEntry:
    chosen = grid_of(HEART)
    final = chosen.copy()
    final[0, 0] = True
    if failed:
        return SheetEntry(
            f"heart.png @ {index}",
            "otsu",
            picture(),
            chosen,
            np.zeros_like(chosen),
            note="error: the budget ran out",
        )
    return SheetEntry(
        f"heart.png @ {index}",
        "border-lab otsu",
        picture(),
        chosen,
        final,
        flips=((0, 0),),
        givens=((2, 3),),
        note="unique, logic-only, easy; 1 flip; IoU 0.93",
    )


def band_tops(pixels: Pixels) -> list[int]:
    """Rows where a band's separator line crosses the text column."""
    column = pixels[:, SHEET_MARGIN + 1]
    return [y for y in range(len(column)) if tuple(column[y]) == FAINT]


def test_the_contact_sheet_has_one_band_per_entry() -> None:
    entries = [entry(10), entry(20), entry(30, failed=True)]
    pixels = decode(contact_sheet(entries))
    layout = sheet_layout(entries)
    assert pixels.shape == (layout.size[1], layout.size[0], 3)
    assert band_tops(pixels) == [layout.top + i * layout.band for i in range(3)]
    for i in range(2):
        assert reddish(centre(pixels, layout.cell_box(i, "final", 0, 0)))
        box = layout.cell_box(i, "final", 2, 3)
        assert any(bluish(p) for p in cell_pixels(pixels, box))
        assert tuple(centre(pixels, layout.cell_box(i, "chosen", 1, 0))) == (20, 20, 20)
        assert reddish(centre(pixels, layout.cell_box(i, "difference", 0, 0)))


def test_an_error_row_still_shows_its_source_and_no_final_grid() -> None:
    entries = [entry(10, failed=True)]
    pixels = decode(contact_sheet(entries))
    layout = sheet_layout(entries)
    x, y = layout.origin(0, "source")
    assert tuple(pixels[y + 5, x + 5]) == GREEN
    assert tuple(centre(pixels, layout.cell_box(0, "final", 1, 0))) != (20, 20, 20)


def test_the_contact_sheet_is_deterministic() -> None:
    entries = [entry(10), entry(20, failed=True)]
    assert contact_sheet(entries) == contact_sheet(list(entries))


@pytest.mark.slow
def test_sixty_entries_fit_under_the_height_cap() -> None:
    entries = [entry(i, failed=i % 7 == 0) for i in range(60)]
    pixels = decode(contact_sheet(entries))
    assert pixels.shape[0] <= MAX_SHEET_HEIGHT
    assert len(band_tops(pixels)) == 60
    assert sheet_layout(entries).panel < sheet_layout(entries[:3]).panel


@pytest.mark.parametrize("count", [0, MAX_SHEET_ENTRIES + 1])
def test_too_few_or_too_many_entries_are_refused(count: int) -> None:
    with pytest.raises(ValueError, match="split them over several sheets"):
        sheet_layout([entry(i) for i in range(count)])


def test_the_legend_fits_the_narrowest_sheet() -> None:
    entries = [entry(i) for i in range(MAX_SHEET_ENTRIES)]  # the smallest panels
    layout = sheet_layout(entries)
    said = sum(font_at(layout.text).getlength(words) for words, _ in SHEET_LEGEND)
    assert layout.size[0] >= 2 * SHEET_MARGIN + said


def test_a_flip_outside_the_grid_is_refused() -> None:
    bad = SheetEntry("x", "otsu", picture(), grid_of(HEART), grid_of(HEART), flips=((9, 9),))
    with pytest.raises(ValueError, match="flips"):
        contact_sheet([bad])


# --- names in any script --------------------------------------------------------------------

SCRIPTS = {
    "Hebrew": "אבגד הוז",
    "Arabic": "مرحبا بالعالم",
    "Devanagari": "नमस्ते दुनिया",
    "Thai": "สวัสดี น้ำใจ",
}


def script_font(text: str) -> ImageFont.FreeTypeFont:
    """The preview's font for ``text``; skips when no font on this machine has all of it."""
    font = text_font(text, 20)
    if (
        not isinstance(font, ImageFont.FreeTypeFont)
        or font.path is None
        or not isinstance(font.path, str)
    ):
        pytest.skip(f"no font has all of {text!r}: apt-get install fonts-noto-core")
    return font


def drawn(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> npt.NDArray[np.int16]:
    """``text`` drawn black on white from (5, 5), grey pixels."""
    image = Image.new("L", (420, 40), 255)
    ImageDraw.Draw(image).text((5, 5), text, fill=0, font=font)
    return np.asarray(image, dtype=np.int16)


def distance(a: npt.NDArray[np.int16], b: npt.NDArray[np.int16]) -> float:
    """Mean pixel difference, the best of small sideways shifts (advances round differently)."""
    return min(float(np.abs(np.roll(a, s, axis=1) - b).mean()) for s in range(-3, 4))


def harfbuzz_visual(text: str, path: str) -> str:
    """``text`` shaped by uharfbuzz, each glyph as a character that maps to it, left to right
    (Arabic joined forms come out as presentation forms): drawn plainly, the reference."""
    face = hb.Face(hb.Blob.from_file_path(path))
    font = hb.Font(face)
    char_of: dict[int, int] = {}
    for code in sorted(face.unicodes):
        char_of.setdefault(font.get_nominal_glyph(code), code)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {})
    return "".join(chr(char_of[info.codepoint]) for info in buffer.glyph_infos)


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_name_in_any_script_gets_a_font_that_has_it(script: str) -> None:
    text = SCRIPTS[script]
    font = script_font(text)
    assert isinstance(font.path, str)
    has = set(hb.Face(hb.Blob.from_file_path(font.path), font.index).unicodes)
    assert {ord(c) for c in text if not c.isspace()} <= has
    assert font.layout_engine == (ImageFont.Layout.RAQM if raqm() else ImageFont.Layout.BASIC)
    assert text_font("heart.png @ 10", 20) == font_at(20)  # ASCII keeps Pillow's font


@pytest.mark.parametrize(("script", "wrong"), [("Hebrew", "logical"), ("Arabic", "unjoined")])
def test_right_to_left_names_match_harfbuzz_in_the_picture(script: str, wrong: str) -> None:
    text = SCRIPTS[script]
    font = script_font(text)
    if script == "Arabic" and not raqm():
        pytest.skip("Pillow without raqm: Arabic letters stay unjoined")
    assert isinstance(font.path, str)
    plain = ImageFont.truetype(font.path, 20, layout_engine=ImageFont.Layout.BASIC)
    got = drawn(shown(text), font)
    reference = drawn(harfbuzz_visual(text, font.path), plain)
    bad = drawn(text if wrong == "logical" else get_display(text), plain)
    assert distance(got, reference) < distance(got, bad) / 2


@pytest.mark.parametrize("script", ["Devanagari", "Thai"])
def test_clusters_are_shaped_in_the_picture(script: str) -> None:
    text = SCRIPTS[script]
    font = script_font(text)
    if not raqm():
        pytest.skip("Pillow without raqm does not shape")
    assert isinstance(font.path, str)
    plain = ImageFont.truetype(font.path, 20, layout_engine=ImageFont.Layout.BASIC)
    assert distance(drawn(shown(text), font), drawn(text, plain)) > 0.5


def test_a_sheet_with_names_in_four_scripts_is_deterministic() -> None:
    entries = [
        SheetEntry(f"{text}.png @ 10", "otsu", picture(), grid_of(HEART), grid_of(HEART))
        for text in SCRIPTS.values()
    ]
    assert contact_sheet(entries) == contact_sheet(list(entries))
