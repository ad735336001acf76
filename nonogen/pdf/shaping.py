"""Lines of text as printed: runs of one font, in bidirectional order, shaped by HarfBuzz.

A line that needs no shaping (no right-to-left text, combining mark, joiner or script of South or
Southeast Asia) is set character by character, as reportlab does by itself. Any other line is
split into runs of one font and one bidirectional embedding level (python-bidi resolves the
levels and the visual order of the Unicode Bidirectional Algorithm), each run is shaped by
HarfBuzz in its direction with the same font file reportlab embeds, and the runs are put in
visual order: Hebrew and Arabic read right to left with joined letters, and Devanagari and Thai
clusters are whole. Glyph advances and offsets are in thousandths of an em, as in PDF.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import groupby
from typing import Any, Final, TypedDict

import uharfbuzz as hb
from bidi import algorithm as uba
from reportlab.lib.rl_accel import fp_str  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import (  # type: ignore[import-untyped, unused-ignore]
    ShapeData,
    ShapedStr,
)
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfgen.textobject import (  # type: ignore[import-untyped, unused-ignore]
    PDFTextObject,
)

from nonogen.pdf.fonts import Fonts, cmap, glyphs

BIDI_CLASSES: Final = frozenset(
    {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
)
"""Bidirectional classes that make a line's order differ from its logical order."""
SHAPED_BLOCKS: Final = (
    (0x0590, 0x08FF),  # Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
    (0x0900, 0x0DFF),  # Devanagari to Sinhala
    (0x0E00, 0x0FFF),  # Thai, Lao, Tibetan
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x18AF),  # Khmer, Mongolian
    (0xFB1D, 0xFDFF),  # Hebrew and Arabic presentation forms
    (0xFE70, 0xFEFF),
)
"""Code-point ranges of the scripts HarfBuzz must shape."""
LRI, RLI, FSI = "\u2066", "\u2067", "\u2068"
EMBEDDINGS: Final = {LRI: "\u202a", RLI: "\u202b", "\u2069": "\u202c"}
"""Directional isolates (left-to-right, right-to-left, pop) -> the embeddings they refine."""


@dataclass(frozen=True)
class Glyph:
    """One shaped glyph, as reportlab writes it."""

    gid: int
    """Its glyph id in the font."""
    code: int
    """The character code it is written with (its character, or a private-use code)."""
    cluster: int
    """Index in the run's text of the first character it comes from."""
    advance: float
    """How far the pen moves after it, thousandths of an em."""
    dx: float
    """Horizontal offset from the pen, thousandths of an em."""
    dy: float
    """Vertical offset from the baseline, thousandths of an em."""


@dataclass(frozen=True)
class Piece:
    """A run of a laid-out line in one font."""

    font: str
    """The registered font name."""
    text: str
    """Its characters in logical order (what a plain piece draws)."""
    glyphs: tuple[Glyph, ...] | None
    """Its glyphs left to right when shaped; None to set ``text`` character by character."""

    def width(self, size: float) -> float:
        """Width at ``size`` points."""
        if self.glyphs is None:
            return float(pdfmetrics.stringWidth(self.text, self.font, size))
        return sum(g.advance for g in self.glyphs) * size / 1000

    def drawn(self) -> str:
        """What reportlab's ``textOut`` is given: the text, or its glyphs as a shaped string."""
        if self.glyphs is None:
            return self.text
        face = pdfmetrics.getFont(self.font).face
        return ShapedStr(  # type: ignore[no-any-return]
            "".join(chr(g.code) for g in self.glyphs),
            shapeData=[
                ShapeData(g.cluster, g.advance, 0, g.dx, g.dy, face.getCharWidth(g.code))
                for g in self.glyphs
            ],
        )


@dataclass(frozen=True)
class ShapedLine:
    """A line of text laid out for printing."""

    text: str
    """The text in logical order."""
    pieces: tuple[Piece, ...]
    """Its runs left to right."""
    shaped: bool
    """Whether the line went through bidi and HarfBuzz (its pieces are glyphs)."""

    def width(self, size: float) -> float:
        """Width at ``size`` points."""
        return sum(piece.width(size) for piece in self.pieces)


def needs_shaping(char: str) -> bool:
    """Whether a line with ``char`` must be shaped (or reordered) to print right."""
    code = ord(char)
    return (
        unicodedata.bidirectional(char) in BIDI_CLASSES
        or unicodedata.category(char) in ("Mn", "Mc", "Me")
        or char in "\u200c\u200d"
        or any(low <= code <= high for low, high in SHAPED_BLOCKS)
    )


@lru_cache(maxsize=4096)
def layout(fonts: Fonts, text: str, bold: bool = False) -> ShapedLine:
    """``text`` as one printed line in ``fonts`` (cached: it depends on nothing else)."""
    runs = fonts.runs(text, bold=bold)
    if not any(needs_shaping(char) for _, run in runs for char in run):
        pieces = tuple(Piece(name, _drawable(name, run), None) for name, run in runs)
        return ShapedLine(text, pieces, shaped=False)
    shown = "".join(run for _, run in runs)
    levels, places = bidi_levels(shown)
    placed: list[tuple[int, Piece]] = []
    start = 0
    for name, run in runs:
        indices = range(start, start + len(run))
        for level, group in groupby(indices, key=levels.__getitem__):
            part = list(group)
            piece = _shaped(name, shown[part[0] : part[-1] + 1], rtl=level % 2 == 1)
            placed.append((min(places[i] for i in part), piece))
        start += len(run)
    placed.sort(key=lambda item: item[0])  # stable: a tie keeps the logical order
    return ShapedLine(text, tuple(piece for _, piece in placed), shaped=True)


def _drawable(name: str, text: str) -> str:
    """``text`` without the format characters font ``name`` lacks (they draw as boxes)."""
    chars = cmap(name)
    return "".join(char for char in text if ord(char) in chars)


class _BidiChar(TypedDict):
    """One character as python-bidi's algorithm keeps it (the keys read here; its own too)."""

    level: int
    index: int


class _Storage(TypedDict):
    """python-bidi's working storage (``get_empty_storage``), which its steps fill in."""

    base_level: int | None
    base_dir: str | None
    chars: list[_BidiChar]
    runs: deque[Any]


def bidi_levels(text: str) -> tuple[list[int], list[int]]:
    """Each character's embedding level and place in visual order (Unicode's algorithm).

    The paragraph direction is that of the first strong character (left to right if none).
    Characters the algorithm removes (embedding controls, joiners) take the level and place of
    the character before them. python-bidi's algorithm predates directional isolates, so they
    count as the embeddings they refine.
    """
    storage: _Storage = uba.get_empty_storage()
    base = uba.get_base_level(text)
    storage["base_level"], storage["base_dir"] = base, ("L", "R")[base]
    uba.get_embedding_levels(_without_isolates(text), storage)
    for i, char in enumerate(storage["chars"]):
        char["index"] = i
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    uba.reorder_resolved_levels(storage, False)
    found: dict[int, tuple[int, int]] = {
        char["index"]: (char["level"], place) for place, char in enumerate(storage["chars"])
    }
    levels, places = [base] * len(text), [0] * len(text)
    last = found[min(found)] if found else (base, 0)
    for i in range(len(text)):
        last = found.get(i, last)
        levels[i], places[i] = last
    return levels, places


def _without_isolates(text: str) -> str:
    """``text`` with each directional isolate as the embedding it refines (LRI as LRE, RLI as
    RLE, FSI as whichever its first strong character asks for, PDI as PDF)."""
    out = []
    for i, char in enumerate(text):
        if char == FSI:
            out.append(EMBEDDINGS[LRI if uba.get_base_level(text[i + 1 :]) == 0 else RLI])
        else:
            out.append(EMBEDDINGS.get(char, char))
    return "".join(out)


def _shaped(name: str, text: str, *, rtl: bool) -> Piece:
    """A run shaped by HarfBuzz; set plainly in the rare font with too many unmapped glyphs."""
    font, scale = _harfbuzz(name)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.direction = "rtl" if rtl else "ltr"
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {})
    out = []
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        code = _code(name, info.codepoint, text)
        if code is None:
            return Piece(name, _drawable(name, text), None)
        advance, dx, dy = (v * scale for v in (pos.x_advance, pos.x_offset, pos.y_offset))
        out.append(Glyph(info.codepoint, code, info.cluster, advance, dx, dy))
    return Piece(name, text, tuple(out))


@cache
def _harfbuzz(name: str) -> tuple[Any, float]:
    """The HarfBuzz font of a registered font, and its units per thousandth of an em."""
    found = glyphs(name)
    face = hb.Face(hb.Blob.from_file_path(found.path), found.index)
    return hb.Font(face), 1000 / face.upem


def _code(name: str, gid: int, text: str) -> int | None:
    """The code glyph ``gid`` is written with: a character of ``text`` that maps to it, else
    the lowest character that does, else its private-use code; None when it has none."""
    face = pdfmetrics.getFont(name).face
    own = glyphs(name)
    for char in text:
        code = ord(char)
        if code in own.chars and face.charToGlyph[code] == gid:
            return code
    chars = [code for code in face.glyphToChar.get(gid, ()) if code in own.chars]
    return min(chars) if chars else own.codes.get(gid)


class ShapedText(PDFTextObject):  # type: ignore[misc]
    """reportlab's text object, keeping track of the rise when it merges two ``Ts``.

    reportlab (5.1) writes a glyph's vertical offset as a text rise; when it replaces one rise
    by the next it forgets the new one, so the glyphs after a raised mark stay raised (Thai
    NIKHAHIT lifts the rest of its word).
    """

    _rise: float

    def setRise(self, rise: float) -> None:  # noqa: N802 (reportlab's name)
        """Raise the baseline by ``rise`` points."""
        code = f"{fp_str(rise)} Ts"
        if self._code and self._code[-1].endswith(" Ts"):
            self._code[-1] = code
        else:
            self._code.append(code)
        self._y += self._rise - rise
        self._rise = rise


def text_object(canvas: Canvas, line: ShapedLine, x: float, y: float) -> Any:
    """A text object at ``(x, y)`` for ``line``: reportlab's own, or ``ShapedText``."""
    return ShapedText(canvas, x, y) if line.shaped else canvas.beginText(x, y)


def actual_text(text: str) -> str:
    """A marked-content property list that gives ``text`` to search and copy (PDF ActualText)."""
    return f"<< /ActualText <FEFF{text.encode('utf-16-be').hex().upper()}> >>"
