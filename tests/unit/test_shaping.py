"""Titles in scripts that need shaping, checked against HarfBuzz itself.

A title in Hebrew, Arabic, Devanagari and Thai is printed, and the glyphs of its heading are
read back from the PDF: the content stream inside the heading's ActualText span, each glyph's
outline taken from the embedded font subset and its position from the text operators. Every
word of the title is shaped on its own by uharfbuzz with the same font file, and its glyphs
(outlines, in order, at the same relative positions) must be found in the heading, right to
left for Hebrew and Arabic. Each script's test also checks that shaping changes something for
its title (joined forms, a conjunct, a decomposed vowel, a reversed order), so it can fail.
"""

from __future__ import annotations

import io
import shutil
import struct
import subprocess
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import uharfbuzz as hb
from bidi import get_display
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    ContentStream,
    DictionaryObject,
    StreamObject,
    TextStringObject,
)

from nonogen.pdf import Entry, PageOptions, fonts, glyph_warnings, puzzle_pdf
from nonogen.pdf.pages import cut_text
from nonogen.pdf.shaping import bidi_levels, layout
from nonogen.puzzle import Puzzle, puzzle_from_grid
from tests.examples import examples

LETTER = PageOptions()

TITLES = {
    "Hebrew": "שלום עולם",
    "Arabic": "مرحبا بالعالم",
    "Devanagari": "नमस्ते दुनिया",
    "Thai": "สวัสดี น้ำใจ",
}
"""A title in each script; the Thai one has SARA AM, which HarfBuzz splits in two."""
RIGHT_TO_LEFT = {"Hebrew", "Arabic"}
NOTO = Path("/usr/share/fonts/truetype/noto")
"""Where Debian's fonts-noto-core puts Noto Sans Devanagari and Noto Sans Thai."""

Outline = tuple[tuple[Any, ...], ...]
"""A glyph's outline as pen calls with their points (font units)."""


@dataclass(frozen=True)
class Placed:
    """A glyph as drawn: its outline and where its origin is, in points."""

    outline: Outline
    x: float
    y: float


class RecordingPen:
    """Records the calls uharfbuzz's draw_glyph_with_pen makes."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def moveTo(self, point: tuple[float, float]) -> None:  # noqa: N802 (the pen protocol)
        self.calls.append(("M", point))

    def lineTo(self, point: tuple[float, float]) -> None:  # noqa: N802
        self.calls.append(("L", point))

    def qCurveTo(self, *points: tuple[float, float]) -> None:  # noqa: N802
        self.calls.append(("Q", *points))

    def curveTo(self, *points: tuple[float, float]) -> None:  # noqa: N802
        self.calls.append(("C", *points))

    def closePath(self) -> None:  # noqa: N802
        self.calls.append(("Z",))


def outline(font: Any, gid: int) -> Outline:
    """The outline of glyph ``gid`` of a uharfbuzz font."""
    pen = RecordingPen()
    font.draw_glyph_with_pen(gid, pen)
    return tuple(pen.calls)


def small_puzzle() -> Puzzle:
    """A 5 x 5 puzzle: a filled square in a frame."""
    grid = np.zeros((5, 5), dtype=np.bool_)
    grid[1:4, 1:4] = True
    return puzzle_from_grid(grid)


def font_file(text: str, chain: fonts.Fonts = fonts.PLAIN) -> tuple[str, int]:
    """The font file (and collection index) the PDF sets ``text``'s first letter in (headings
    are bold)."""
    name = chain.face_for(text[0], bold=True)
    if name is None:
        pytest.skip(f"no TrueType font has {text[0]!r}: apt-get install fonts-noto-core")
    found = fonts.glyphs(name)
    return found.path, found.index


# --- the reference: uharfbuzz on the same font file ----------------------------------------


def reference(text: str, path: str, index: int, size: float) -> list[Placed]:
    """``text`` shaped by uharfbuzz in its own direction, glyphs left to right from x = 0."""
    face = hb.Face(hb.Blob.from_file_path(path), index)
    font = hb.Font(face)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {})
    scale = size / face.upem
    placed, x = [], 0.0
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        at = (x + pos.x_offset * scale, pos.y_offset * scale)
        placed.append(Placed(outline(font, info.codepoint), *at))
        x += pos.x_advance * scale
    return placed


def nominal(text: str, path: str, index: int) -> list[int]:
    """The glyph of each character by the font's character map alone (no shaping)."""
    font = hb.Font(hb.Face(hb.Blob.from_file_path(path), index))
    return [font.get_nominal_glyph(ord(char)) for char in text]


def shaped_ids(text: str, path: str, index: int) -> list[int]:
    """The glyph ids uharfbuzz gives ``text``, in visual order."""
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(hb.Font(hb.Face(hb.Blob.from_file_path(path), index)), buffer, {})
    return [info.codepoint for info in buffer.glyph_infos]


# --- the PDF read back ----------------------------------------------------------------------


def subset_cmap(data: bytes) -> dict[int, int]:
    """Code -> glyph of a reportlab subset font (one format 6 cmap)."""
    tables = {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack(">II", data[20 + 16 * i : 28 + 16 * i])
        for i in range(struct.unpack(">H", data[4:6])[0])
    }
    start = tables[b"cmap"][0]
    offset = struct.unpack(">I", data[start + 8 : start + 12])[0]
    fmt, _, _, first, count = struct.unpack(">5H", data[start + offset : start + offset + 10])
    assert fmt == 6
    ids = struct.unpack(f">{count}H", data[start + offset + 10 : start + offset + 10 + 2 * count])
    return {first + i: gid for i, gid in enumerate(ids)}


@dataclass
class PdfFont:
    """A font resource of the page: its glyphs by code, their outlines and widths."""

    font: Any
    cmap: dict[int, int]
    widths: list[float]
    first: int

    @classmethod
    def of(cls, resource: Any) -> PdfFont:
        """The font of a font resource dictionary."""
        font = resource.get_object()
        assert isinstance(font, DictionaryObject)
        descriptor = dictionary(font, "/FontDescriptor")
        stream = descriptor["/FontFile2"].get_object()
        assert isinstance(stream, StreamObject)
        data = stream.get_data()
        widths = font["/Widths"].get_object()
        assert isinstance(widths, ArrayObject)
        first = int(font["/FirstChar"].get_object())  # type: ignore[call-overload]
        hb_font = hb.Font(hb.Face(hb.Blob(data)))
        return cls(hb_font, subset_cmap(data), [float(w) for w in widths], first)


def dictionary(parent: DictionaryObject, key: str) -> DictionaryObject:
    """The dictionary ``parent[key]`` refers to."""
    found = parent[key].get_object()
    assert isinstance(found, DictionaryObject)
    return found


def heading_glyphs(data: bytes, text: str) -> tuple[list[Placed], float]:
    """The glyphs drawn inside the span whose ActualText is ``text``, in drawing order, and
    their font size."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    resources = dictionary(dictionary(page, "/Resources"), "/Font")
    stream = ContentStream(page.get_contents(), page.pdf)
    inside, placed = False, []
    font: PdfFont | None = None
    size = x = y = rise = 0.0
    for operands, operator in stream.operations:
        if operator == b"BDC":
            inside = operands[1].get("/ActualText") == text
        elif operator == b"EMC":
            inside = False
        elif not inside:
            continue
        elif operator == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif operator == b"Tf":
            font, size = PdfFont.of(resources[operands[0]]), float(operands[1])
        elif operator == b"Ts":
            rise = float(operands[0])
        elif operator in (b"Tj", b"TJ"):
            assert font is not None
            items = operands[0] if operator == b"TJ" else [operands[0]]
            for item in items:
                if isinstance(item, bytes | TextStringObject):
                    raw = item if isinstance(item, bytes) else item.original_bytes
                    for code in raw:
                        gid = font.cmap[code]
                        placed.append(Placed(outline(font.font, gid), x, y + rise))
                        x += font.widths[code - font.first] * size / 1000
                else:
                    x -= float(item) * size / 1000
    return placed, size


def find(word: list[Placed], line: list[Placed]) -> int:
    """Where ``word``'s glyphs start in ``line``, matching outlines and relative positions."""
    for start in range(len(line) - len(word) + 1):
        part = line[start : start + len(word)]
        if [g.outline for g in part] != [g.outline for g in word]:
            continue
        dx, dy = part[0].x - word[0].x, part[0].y - word[0].y
        if all(
            abs(p.x - w.x - dx) < 0.01 and abs(p.y - w.y - dy) < 0.01
            for p, w in zip(part, word, strict=True)
        ):
            return start
    raise AssertionError(f"a word's {len(word)} reference glyphs are not in the heading")


# --- the tests ------------------------------------------------------------------------------


def check_heading(script: str, options: PageOptions) -> None:
    """The heading of a page titled in ``script`` holds each word as uharfbuzz shapes it."""
    title = TITLES[script]
    path, index = font_file(title, options.fonts())
    data = puzzle_pdf(Entry(small_puzzle(), title, 1, ""), options=options)
    line, size = heading_glyphs(data, f"1. {title}")
    starts = [find(reference(word, path, index, size), line) for word in title.split()]
    assert starts == sorted(starts, reverse=script in RIGHT_TO_LEFT)
    assert data == puzzle_pdf(Entry(small_puzzle(), title, 1, ""), options=options)


@pytest.mark.parametrize("script", TITLES)
def test_a_title_prints_as_harfbuzz_shapes_it(script: str) -> None:
    check_heading(script, LETTER)


@pytest.mark.parametrize(
    ("script", "font"),
    [("Devanagari", "NotoSansDevanagari-Regular.ttf"), ("Thai", "NotoSansThai-Regular.ttf")],
)
def test_the_font_given_shapes_its_script(script: str, font: str) -> None:
    path = NOTO / font
    if not path.is_file():
        pytest.skip(f"{path} missing: apt-get install fonts-noto-core")
    check_heading(script, PageOptions(font=str(path)))


@pytest.mark.parametrize("script", TITLES)
def test_each_title_needs_shaping(script: str) -> None:
    """The reference differs from setting each character's own glyph in logical order."""
    path, index = font_file(TITLES[script])
    word = TITLES[script].split()[-1]
    assert shaped_ids(word, path, index) != nominal(word, path, index)


def test_a_mixed_line_reads_in_bidirectional_order() -> None:
    text = "Puzzle שלום 12 (abc)"
    line = layout(fonts.PLAIN, text)
    assert line.shaped
    assert [piece.text for piece in line.pieces] == ["Puzzle ", "12", "שלום ", " (abc)"]


@pytest.mark.parametrize(
    "text",
    [
        "שלום עולם",
        "Puzzle שלום 12 and more",
        "مرحبا 123 بالعالم",
        "abc אבג def",
        "אבג abc דהו",
        "\u200fabc 12",
        "x\u200dy",
    ],
)
def test_the_visual_order_agrees_with_python_bidis_rust_algorithm(text: str) -> None:
    _, places = bidi_levels(text)
    kept = [i for i in range(len(text)) if unicodedata.bidirectional(text[i]) != "BN"]
    visual = "".join(text[i] for i in sorted(kept, key=places.__getitem__))
    assert visual == "".join(c for c in get_display(text) if c in visual)


def test_a_cut_title_keeps_its_clusters_whole() -> None:
    title = "नमस्ते दुनिया नमस्ते"
    font_file(title)
    for width in range(10, 120, 3):
        cut = cut_text(title, 12, width)
        if cut:
            last = cut[:-1][-1]
            assert unicodedata.combining(last) != 9, cut  # no dangling virama


def test_shaped_titles_warn_of_nothing_and_joiners_need_no_font() -> None:
    titles = [*TITLES.values(), "क्\u200dष"]
    for title in titles:
        font_file(title)
    assert glyph_warnings(titles, LETTER) == []


@pytest.mark.slow
def test_the_bytes_do_not_depend_on_what_the_process_drew_before() -> None:
    title = " ".join(TITLES.values())  # Devanagari's conjunct glyphs have private-use codes
    for other in TITLES.values():
        font_file(other)
        puzzle_pdf(Entry(small_puzzle(), other, 1, ""), options=LETTER)
    here = puzzle_pdf(Entry(small_puzzle(), title, 1, ""), options=LETTER)
    script = (
        "import sys; from tests.unit.test_shaping import *; "
        f"sys.stdout.buffer.write(puzzle_pdf(Entry(small_puzzle(), {title!r}, 1, ''), "
        "options=LETTER))"
    )
    root = Path(__file__).parents[2]
    fresh = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, check=True, cwd=root
    )
    assert fresh.stdout == here


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) missing")
def test_search_and_copy_give_the_logical_text() -> None:
    title = TITLES["Devanagari"]
    font_file(title)
    data = puzzle_pdf(Entry(small_puzzle(), title, 1, ""), options=LETTER)
    text = subprocess.run(
        ["pdftotext", "-l", "1", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()
    assert f"1. {title}" in text


MIXED = st.text(
    alphabet=st.sampled_from(
        [
            *"ab 12(),.",
            *"שלום",
            *"مرحبا٣",
            *"नमस्ते",
            *"สวัดี้ำ",
            *"猫Я",
            *"\u0301\u05b8\u064e\u200c\u200d\u200e\u200f\u202a\u202b\u202c",
            *"\u2066\u2067\u2068\u2069\ufe0f\u00ad\t",
        ]
    ),
    max_size=16,
)


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(MIXED)
def test_any_mix_of_scripts_lays_out_every_character_once(text: str) -> None:
    line = layout(fonts.PLAIN, text)
    assert line.width(10) >= 0
    if line.shaped:
        shown = "".join(run for _, run in fonts.PLAIN.runs(text))
        assert Counter("".join(piece.text for piece in line.pieces)) == Counter(shown)
        for piece in line.pieces:
            assert piece.glyphs is not None
            assert all(0 <= glyph.cluster < len(piece.text) for glyph in piece.glyphs)


@pytest.mark.slow
@settings(max_examples=examples(15), deadline=None)
@given(MIXED)
def test_any_mix_of_scripts_prints_the_same_bytes_twice(text: str) -> None:
    first = puzzle_pdf(Entry(small_puzzle(), text, 1, text), options=LETTER)
    assert first == puzzle_pdf(Entry(small_puzzle(), text, 1, text), options=LETTER)


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=st.sampled_from([*"ab 12.,-+$%:/", *"שלום", *"مرحبا٣٤", "\u0301"])))
def test_bidi_order_agrees_with_the_rust_algorithm_on_random_text(text: str) -> None:
    """python-bidi's Rust algorithm (get_display) is the reference for the visual order."""
    _, places = bidi_levels(text)
    assert "".join(text[i] for i in sorted(range(len(text)), key=places.__getitem__)) == (
        get_display(text)
    )
