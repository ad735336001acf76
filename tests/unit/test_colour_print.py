"""Colour puzzles printed and previewed: the PDF read back with pypdf (pages, text, fonts, the
fill colours in the content streams, the legend), readable digits on every colour, same bytes
each time, the PNG preview's pixels, and ANSI colour from ``nonogen solve`` on a terminal."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import click.testing
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.errors import LimitError
from nonogen.palette import (
    BLACK,
    MIN_CONTRAST,
    WHITE,
    contrast,
    ink_for,
    luminance,
    parse_rgb,
    plain_palette,
)
from nonogen.pdf import Entry, PageOptions, book_pdf, puzzle_pdf, require_legible, solution_pdf
from nonogen.pdf.patterns import PATTERNS, pattern_of
from nonogen.pipeline import ansi_rows, print_ready, terminal_rows
from nonogen.preview import preview_png
from nonogen.puzzle import Puzzle, puzzle_from_grid

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "colour" / "strawberry.json"
LETTER = PageOptions()
runner = CliRunner()
RG = re.compile(rb"(?<![\w.])([\d.]+) ([\d.]+) ([\d.]+) rg\b")
GREY = re.compile(rb"(?<![\w.])([\d.]+) g\b")


def strawberry() -> Puzzle:
    """The sample with its unique solution as its goal."""
    puzzle, verdict = print_ready(str(SAMPLE), fmt=None, timeout=30)
    assert isinstance(puzzle, Puzzle)
    assert str(verdict.status) == "unique"
    return puzzle


def entry(patterns_title: str = "Strawberry") -> Entry:
    puzzle = strawberry()
    return Entry(puzzle, patterns_title, 1, "easy (9)")


def read(data: bytes) -> PdfReader:
    assert data.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(data))


def fill_colours(data: bytes) -> list[set[tuple[int, int, int]]]:
    """The fill colours each page's content stream sets (``r g b rg``, and a grey as
    ``v g``), as 0-255 RGB."""
    pages = []
    for page in read(data).pages:
        stream = page.get_contents()
        assert stream is not None
        found = RG.findall(stream.get_data())
        found += [(v, v, v) for v in GREY.findall(stream.get_data())]
        pages.append({tuple(round(float(v) * 255) for v in rgb) for rgb in found})
    return pages  # type: ignore[return-value]


def block_rgbs(puzzle: Puzzle) -> set[tuple[int, int, int]]:
    return {parse_rgb(c.rgb) for c in puzzle.palette.colours[1:]}


# --- contrast ------------------------------------------------------------------------------


@given(st.tuples(*[st.integers(0, 255)] * 3))
def test_the_digit_ink_reaches_wcag_aa_on_any_colour(rgb: tuple[int, int, int]) -> None:
    ink = ink_for(rgb)
    assert ink in (BLACK, WHITE)
    assert contrast(ink, rgb) >= MIN_CONTRAST
    assert contrast(ink, rgb) >= contrast(WHITE if ink == BLACK else BLACK, rgb)


@pytest.mark.parametrize("count", range(1, 9))
def test_every_palette_colour_gets_readable_digits(count: int) -> None:
    for colour in plain_palette(count).colours + strawberry().palette.colours:
        rgb = parse_rgb(colour.rgb)
        assert contrast(ink_for(rgb), rgb) >= MIN_CONTRAST


def test_known_contrast_values() -> None:
    assert contrast(BLACK, WHITE) == pytest.approx(21.0)
    assert luminance(WHITE) == pytest.approx(1.0)
    assert ink_for(parse_rgb("#d62828")) == WHITE  # the strawberry's red
    assert ink_for(parse_rgb("#f6e7c1")) == BLACK  # its cream
    assert ink_for((255, 255, 0)) == BLACK


# --- the PDF -------------------------------------------------------------------------------


def test_pdf_pages_text_and_embedded_fonts() -> None:
    data = puzzle_pdf(entry(), options=LETTER, solution=True)
    reader = read(data)
    assert len(reader.pages) == 2
    for text in (page.extract_text() for page in reader.pages):
        assert "1. Strawberry" in text
        for word in ("red", "green", "cream"):  # the legend
            assert word in text
        assert re.search(r"\b8\b", text)  # clue numbers
        assert re.search(r"\b6\b", text)
    assert "Solution" in reader.pages[1].extract_text()
    assert b"Helvetica" not in data
    for page in reader.pages:
        resources = page["/Resources"].get_object()
        assert isinstance(resources, DictionaryObject)
        fonts = resources["/Font"].get_object()
        assert isinstance(fonts, DictionaryObject)
        for ref in fonts.values():
            descriptor = ref.get_object()["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor


@pytest.mark.parametrize("patterns", [False, True])
def test_every_palette_colour_is_used_on_both_pages(patterns: bool) -> None:
    puzzle = strawberry()
    data = puzzle_pdf(entry(), options=PageOptions(patterns=patterns), solution=True)
    clue_page, solution_page = fill_colours(data)
    assert block_rgbs(puzzle) <= clue_page
    assert block_rgbs(puzzle) <= solution_page
    assert WHITE in clue_page  # white digits on the red swatches


def test_solution_alone_fills_the_cells() -> None:
    data = solution_pdf(entry(), options=LETTER)
    (page,) = fill_colours(data)
    assert block_rgbs(strawberry()) <= page


def test_same_input_same_bytes_and_patterns_differ() -> None:
    plain = puzzle_pdf(entry(), options=LETTER, solution=True)
    assert plain == puzzle_pdf(entry(), options=LETTER, solution=True)
    marked = PageOptions(patterns=True)
    hatched = puzzle_pdf(entry(), options=marked, solution=True)
    assert hatched == puzzle_pdf(entry(), options=marked, solution=True)
    assert hatched != plain


def test_every_block_colour_has_its_own_pattern() -> None:
    assert len(set(PATTERNS)) == len(PATTERNS) == 8
    assert [pattern_of(i) for i in range(1, 9)] == list(PATTERNS)


def test_a_colour_puzzle_too_big_for_the_page_is_refused() -> None:
    grid = np.random.default_rng(3).integers(0, 3, size=(80, 80)).astype(np.uint8)
    big = puzzle_from_grid(grid, plain_palette(2))
    with pytest.raises(LimitError, match="split the puzzle"):
        require_legible([Entry(big, "Big", 1)], PageOptions(page_size="6x9"))


def test_a_book_mixes_colour_and_black_and_white_puzzles() -> None:
    mono = puzzle_from_grid(np.eye(6, dtype=np.bool_))
    data = book_pdf([entry(), Entry(mono, "Diagonal", 2)], title="Mixed", options=LETTER)
    pages = fill_colours(data)
    assert any(block_rgbs(strawberry()) <= page for page in pages)


# --- the command line ----------------------------------------------------------------------


@pytest.mark.parametrize("flags", [[], ["--solution"], ["--solution", "--patterns"]])
def test_pdf_command_prints_a_colour_puzzle(tmp_path: Path, flags: list[str]) -> None:
    out = tmp_path / "straw.pdf"
    result = runner.invoke(app, ["pdf", str(SAMPLE), "-o", str(out), *flags])
    assert result.exit_code == 0, result.output
    assert "puzzle unique" in result.stderr
    assert len(read(out.read_bytes()).pages) == 1 + ("--solution" in flags)


def _fake_tty(monkeypatch: pytest.MonkeyPatch) -> None:
    """CliRunner's stdout claims to be a terminal (the runner's stream class is private)."""
    monkeypatch.setattr(click.testing._NamedTextIOWrapper, "isatty", lambda self: True)


def test_solve_on_a_terminal_prints_24_bit_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_tty(monkeypatch)
    monkeypatch.delenv("NO_COLOR", raising=False)
    result = runner.invoke(app, ["solve", str(SAMPLE)])
    assert result.exit_code == 0
    assert "\x1b[48;2;214;40;40m  " in result.stdout  # red
    assert "\x1b[48;2;42;157;58m  " in result.stdout  # green
    assert result.stdout.splitlines()[0].endswith("\x1b[0m")
    assert "status: unique" in result.stdout


def test_solve_prints_plain_characters_off_a_terminal_or_with_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = runner.invoke(app, ["solve", str(SAMPLE)])
    _fake_tty(monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    no_color = runner.invoke(app, ["solve", str(SAMPLE)])
    for result in (plain, no_color):
        assert result.exit_code == 0
        assert "\x1b[" not in result.stdout
        assert result.stdout.splitlines()[:2] == ["....gg....", "...gggg..."]


def test_ansi_rows_are_two_spaces_a_cell() -> None:
    puzzle = strawberry()
    assert puzzle.goal is not None
    rows = ansi_rows(puzzle, puzzle.goal)
    assert len(rows) == puzzle.height
    assert rows[0].count("  ") == puzzle.width
    assert terminal_rows(puzzle, puzzle.goal, ansi=False)[0] == "....gg...."


# --- the PNG preview -----------------------------------------------------------------------


@pytest.mark.slow
def test_preview_shows_every_palette_colour() -> None:
    puzzle = strawberry()
    image = Image.open(io.BytesIO(preview_png(puzzle)))
    assert image.mode == "RGB"
    pixels = {tuple(p) for p in np.asarray(image).reshape(-1, 3).tolist()}
    assert {parse_rgb(c.rgb) for c in puzzle.palette.colours} <= pixels
    assert preview_png(puzzle) == preview_png(puzzle)


@pytest.mark.slow
def test_preview_without_a_solution_still_has_coloured_clues() -> None:
    puzzle, _ = print_ready(str(SAMPLE), fmt=None, timeout=30)
    assert isinstance(puzzle, Puzzle)
    bare = replace(puzzle, goal=None)
    image = Image.open(io.BytesIO(preview_png(bare)))
    pixels = {tuple(p) for p in np.asarray(image).reshape(-1, 3).tolist()}
    assert block_rgbs(bare) <= pixels
    assert image.width < Image.open(io.BytesIO(preview_png(puzzle))).width


@pytest.mark.slow
def test_a_made_colour_preview_shows_its_source_and_marks_its_changes_and_givens() -> None:
    from nonogen.preview.canvas import GIVEN, MARK  # noqa: PLC0415

    puzzle = strawberry()
    plain = Image.open(io.BytesIO(preview_png(puzzle)))
    source = np.full((40, 30, 3), (10, 200, 30), dtype=np.uint8)  # a green the palette lacks
    assert puzzle.goal is not None
    drawn = np.array(puzzle.goal)
    drawn[0, 0] = (drawn[0, 0] + 1) % puzzle.palette.size  # the repair changed (0, 0)
    made = preview_png(puzzle, puzzle.goal, drawn, picture=source, givens=[(1, 1)])
    image = Image.open(io.BytesIO(made))
    assert image.width > plain.width  # the source on the left
    pixels = {tuple(p) for p in np.asarray(image).reshape(-1, 3).tolist()}
    assert {(10, 200, 30), MARK, GIVEN} <= pixels
    before = {tuple(p) for p in np.asarray(plain).reshape(-1, 3).tolist()}
    assert MARK not in before


def test_book_command_takes_colour_puzzle_files(tmp_path: Path) -> None:
    heart = SAMPLE.parents[1] / "heart.txt"
    out, work = tmp_path / "book.pdf", tmp_path / "work"
    args = ["book", str(SAMPLE), str(heart), "-o", str(out), "-j", "1", "--work-dir", str(work)]
    first = runner.invoke(app, [*args, "--patterns"])
    assert first.exit_code == 0, first.output
    assert "2 puzzles (0 reused" in first.stderr
    pages = fill_colours(out.read_bytes())
    assert sum(block_rgbs(strawberry()) <= page for page in pages) >= 2  # puzzle and its key
    again = runner.invoke(app, args)  # the colour puzzle comes back from the work folder
    assert again.exit_code == 0, again.output
    assert "2 puzzles (2 reused" in again.stderr
