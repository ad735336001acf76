"""Pages: sizes, margins and gutter, embedded fonts, and a deterministic canvas.

Lengths are PDF points (1/72 inch) with the origin at the bottom left of the page.
"""

from __future__ import annotations

import io
import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from nonogen.errors import InputError
from nonogen.pdf.fonts import PLAIN, REGULAR, Fonts, bundled, user_face
from nonogen.pdf.rules import MARGIN_MM, PAGE_SIZE
from nonogen.pdf.shaping import actual_text, layout, text_object

MM: Final = 72 / 25.4
"""Points per millimetre."""
INCH: Final = 72.0
"""Points per inch."""

PAGE_SIZES: Final[dict[str, tuple[float, float]]] = {
    "letter": (8.5 * INCH, 11 * INCH),
    "a4": (210 * MM, 297 * MM),
    "6x9": (6 * INCH, 9 * INCH),
    "8.5x11": (8.5 * INCH, 11 * INCH),
    "a3": (297 * MM, 420 * MM),
    "11x17": (11 * INCH, 17 * INCH),
}
"""Named page sizes as (width, height) in points; 6x9 and 8.5x11 are print-on-demand trims."""

SIDE_RANGE: Final = (2 * INCH, 48 * INCH)
"""The smallest and largest page side accepted, in points."""

FOOTER: Final = 8 * MM
"""Height kept free at the bottom of the text area for the page number."""

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(in|mm)?\s*$", re.IGNORECASE)
_FORMS: Final = (
    "letter, a4, 6x9, 8.5x11, a3, 11x17, or a custom WxH in inches or mm such as 6x9in or 150x200mm"
)


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, in points."""

    x: float
    """Left edge."""
    y: float
    """Bottom edge."""
    w: float
    """Width."""
    h: float
    """Height."""

    @property
    def top(self) -> float:
        """Top edge."""
        return self.y + self.h

    def split(self, cols: int, rows: int, *, gap: float) -> list[Box]:
        """The box cut into ``cols`` x ``rows`` cells with ``gap`` between them, row by row."""
        w = (self.w - gap * (cols - 1)) / cols
        h = (self.h - gap * (rows - 1)) / rows
        return [
            Box(self.x + c * (w + gap), self.top - (r + 1) * h - r * gap, w, h)
            for r in range(rows)
            for c in range(cols)
        ]


@dataclass(frozen=True)
class PageOptions:
    """How pages are laid out; every value is checked when the options are made."""

    page_size: str = PAGE_SIZE
    """A named size (letter, a4, 6x9, 8.5x11) or a custom ``WxH`` in ``in`` or ``mm``."""
    margin_mm: float = MARGIN_MM
    """Margin on every side, in millimetres."""
    gutter_mm: float = 0
    """Extra inner margin for binding: on the left of odd pages and the right of even ones."""
    font: str = ""
    """A TrueType font (``.ttf``, or ``.ttc`` with ``#N``) for characters DejaVu Sans lacks."""
    patterns: bool = False
    """Colour puzzles: pattern marks per colour as well, for grey-scale printers."""

    def __post_init__(self) -> None:
        self.fonts()  # a font that cannot be used is refused with the options
        width, height = parse_page_size(self.page_size)
        for name, value in (("margin", self.margin_mm), ("gutter", self.gutter_mm)):
            if not (math.isfinite(value) and value >= 0):
                raise InputError(f"expected a {name} of 0 mm or more, got {value!r}")
        free_w = width - (2 * self.margin_mm + self.gutter_mm) * MM
        free_h = height - 2 * self.margin_mm * MM - FOOTER
        if min(free_w, free_h) < 1 * INCH:
            raise InputError(
                f"margin {self.margin_mm} mm and gutter {self.gutter_mm} mm leave less than "
                f"1 inch of a {self.page_size!r} page; use smaller margins or a larger page"
            )

    @property
    def size(self) -> tuple[float, float]:
        """Page width and height in points."""
        return parse_page_size(self.page_size)

    def fonts(self) -> Fonts:
        """The font chain of the text: DejaVu Sans, then ``font``, then system fonts."""
        return Fonts(extra=(user_face(self.font),)) if self.font else PLAIN


def parse_page_size(text: str) -> tuple[float, float]:
    """Page width and height in points from a name or ``WxH[in|mm]``; bare numbers are inches."""
    key = text.strip().lower()
    if key in PAGE_SIZES:
        return PAGE_SIZES[key]
    match = _SIZE.match(text)
    if not match:
        raise InputError(f"expected a page size like {_FORMS}, got {text!r}")
    scale = MM if (match.group(3) or "in").lower() == "mm" else INCH
    width, height = float(match.group(1)) * scale, float(match.group(2)) * scale
    low, high = SIDE_RANGE
    if not (low <= width <= high and low <= height <= high):
        raise InputError(
            f"expected page sides between 2 and 48 inches (51 to 1219 mm), got {text!r}; "
            f"write a size like {_FORMS}"
        )
    return width, height


def text_area(options: PageOptions, page: int) -> Box:
    """The area inside the margins of 1-based page ``page``, without the footer band."""
    width, height = options.size
    margin, gutter = options.margin_mm * MM, options.gutter_mm * MM
    left = margin + (gutter if page % 2 else 0)
    bottom = margin + FOOTER
    return Box(left, bottom, width - 2 * margin - gutter, height - margin - bottom)


def footer(canvas: Canvas, options: PageOptions, page: int) -> None:
    """Draw the page number centred below the text area of page ``page``."""
    area = text_area(options, page)
    canvas.setFillGray(0.3)
    canvas.setFont(REGULAR, 9)
    canvas.drawCentredString(area.x + area.w / 2, area.y - FOOTER + 1 * MM, str(page))
    canvas.setFillGray(0)


def new_canvas(
    out: io.BytesIO,
    options: PageOptions,
    *,
    title: str,
    author: str = "",
    size: tuple[float, float] | None = None,
    bleed: float = 0.0,
) -> Canvas:
    """A canvas whose bytes depend on its drawing only, with DejaVu Sans as its initial font.

    Pages are ``size`` (default the options' page size); the TrimBox lies ``bleed`` inside the
    MediaBox, and with a bleed the BleedBox is the whole page.
    """
    bundled()
    width, height = size or options.size
    boxes = {"bleedBox": (0, 0, width, height)} if bleed else {}
    canvas = Canvas(
        out,
        pagesize=(width, height),
        invariant=1,  # fixed creation date and document id: same input, same bytes
        pageCompression=1,
        # The default initial font would put a non-embedded Helvetica on every page.
        # (types-reportlab wrongly types initialFontName as a number.)
        initialFontName=REGULAR,  # type: ignore[arg-type, unused-ignore]
        initialFontSize=10,
        trimBox=(bleed, bleed, width - bleed, height - bleed),
        **boxes,
    )
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("nonogen")
    canvas.setSubject("Nonogram puzzles")
    return canvas


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Width of ``text`` set at ``size`` points in DejaVu Sans and system fallbacks."""
    return layout(PLAIN, text, bold).width(size)


Measure = Callable[..., float]
"""A text measure: ``measure(text, size, bold=...)`` in points."""


def _measure(fonts: Fonts) -> Measure:
    """How to measure text in ``fonts`` (the module's ``text_width`` for the plain chain)."""
    if fonts == PLAIN:
        return text_width
    return lambda text, size, *, bold=False: layout(fonts, text, bold).width(size)


def fit_text(
    text: str, size: float, width: float, *, bold: bool = False, fonts: Fonts = PLAIN
) -> tuple[str, float]:
    """The text and font size that fit ``width``: shrink to 70 %, then cut with an ellipsis."""
    measure = _measure(fonts)
    need = measure(text, size, bold=bold)
    if need <= width:
        return text, size
    smaller = max(size * 0.7, size * width / need)
    if measure(text, smaller, bold=bold) <= width:
        return text, smaller
    return cut_text(text, smaller, width, bold=bold, fonts=fonts), smaller


def cut_text(
    text: str, size: float, width: float, *, bold: bool = False, fonts: Fonts = PLAIN
) -> str:
    """The longest start of ``text`` that fits ``width`` with an ellipsis after it ("" if none).

    Widths grow with the cut, so the cut is found by doubling it until it overflows, then
    halving the gap: O(k log k) for a cut of k characters, however long the text. The cut
    then backs off to a cluster boundary, so no mark or half of a conjunct is left dangling.
    """
    measure = _measure(fonts)

    def fits(cut: int) -> bool:
        return cut == 0 or measure(text[:cut] + "…", size, bold=bold) <= width

    low, high = 0, 1  # fits(low); high is the first cut tried that may not fit
    while high < len(text) and fits(high):
        low, high = high, min(2 * high, len(text))
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    if high == len(text) and fits(high):
        low = high
    while 0 < low < len(text) and not _cluster_boundary(text, low):
        low -= 1
    return text[:low].rstrip() + "…" if low else ""


def _cluster_boundary(text: str, cut: int) -> bool:
    """Whether ``text`` may be cut before index ``cut``: not before a mark or format character,
    nor after a joiner or virama (which bind the next letter to a conjunct)."""
    after, before = text[cut], text[cut - 1]
    if unicodedata.category(after) in ("Mn", "Mc", "Me", "Cf"):
        return False
    return before != "\u200d" and unicodedata.combining(before) != 9


def wrap_text(
    text: str, size: float, width: float, *, bold: bool = False, fonts: Fonts = PLAIN
) -> list[str]:
    """The words of ``text`` broken into lines no wider than ``width`` where words allow."""
    measure = _measure(fonts)
    lines: list[str] = []
    for word in text.split():
        if lines and measure(f"{lines[-1]} {word}", size, bold=bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


Align = Literal["left", "centre", "right"]
"""Where a drawn string sits relative to its point."""


@dataclass(frozen=True)
class Pen:
    """A canvas and the font chain its texts are set in."""

    canvas: Canvas
    """Where the drawing goes."""
    fonts: Fonts = PLAIN
    """The fonts, chosen per character."""
    patterns: bool = False
    """Colour puzzles: draw each colour's pattern marks as well."""

    def width(self, text: str, size: float, *, bold: bool = False) -> float:
        """Width of ``text`` at ``size`` points."""
        return layout(self.fonts, text, bold).width(size)

    def draw(
        self,
        at: tuple[float, float],
        text: str,
        size: float,
        *,
        bold: bool = False,
        align: Align = "left",
    ) -> None:
        """Draw ``text`` at ``at`` in one text object, each run in the font that has it.

        A shaped line (see ``nonogen.pdf.shaping``) is written as glyphs in visual order inside
        a span whose ActualText is ``text``, so search and copy give the logical text.
        """
        x, y = at
        line = layout(self.fonts, text, bold)
        if align != "left":
            x -= line.width(size) * (0.5 if align == "centre" else 1.0)
        if line.shaped:
            self.canvas.addLiteral(f"/Span {actual_text(text)} BDC")
        out = text_object(self.canvas, line, x, y)
        for piece in line.pieces:
            out.setFont(piece.font, size)
            out.textOut(piece.drawn())
        self.canvas.drawText(out)
        if line.shaped:
            self.canvas.addLiteral("EMC")


def draw_centred(
    pen: Pen,
    at: tuple[float, float],
    text: str,
    size: float,
    width: float,
    *,
    bold: bool = False,
    grey: float = 0.0,
) -> None:
    """Draw ``text`` centred on the point ``at`` in ``grey``, fitted to ``width``."""
    fitted, fsize = fit_text(text, size, width, bold=bold, fonts=pen.fonts)
    pen.canvas.setFillGray(grey)
    pen.draw(at, fitted, fsize, bold=bold, align="centre")
    pen.canvas.setFillGray(0)
