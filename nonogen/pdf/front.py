"""A book's front and back matter: the title page, the copyright page and notes pages."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from nonogen.errors import UsageError
from nonogen.pdf.pages import MM, PageOptions, Pen, draw_centred, text_area, wrap_text
from nonogen.pdf.sheet import Entry, draw_lines_of_text, size_text
from nonogen.wording import utf8_safe, words

NOTES_SQUARE = 5 * MM
"""Side of the squares ruled on a notes page."""
MADE_WITH = "Puzzles made with nonogen"
"""The credit line on the copyright page."""


@dataclass(frozen=True)
class Imprint:
    """The words of a book's title and copyright pages."""

    title: str
    """The book's title."""
    subtitle: str = ""
    """Its subtitle, or an empty string."""
    author: str = ""
    """Its author, or an empty string."""
    year: int | None = None
    """The copyright year; None leaves it out."""
    isbn: str = ""
    """An ISBN-10 or ISBN-13 (hyphens allowed), or an empty string."""

    def __post_init__(self) -> None:
        for name in ("title", "subtitle", "author", "isbn"):
            object.__setattr__(self, name, utf8_safe(getattr(self, name)))
        if self.isbn:
            check_isbn(self.isbn)

    def texts(self) -> list[str]:
        """Every text of the imprint that is printed (for the glyph check)."""
        return [self.title, self.subtitle, self.author, *copyright_lines(self)]


def check_isbn(text: str) -> str:
    """The ISBN if its digits and check digit are right; UsageError saying what is wrong."""
    digits = re.sub(r"[\s-]", "", text).upper()
    if re.fullmatch(r"\d{9}[\dX]", digits):
        values = [10 if d == "X" else int(d) for d in digits]
        valid = sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0
    elif re.fullmatch(r"\d{13}", digits):
        valid = sum((3 if i % 2 else 1) * int(d) for i, d in enumerate(digits)) % 10 == 0
    else:
        raise UsageError(words("expected {isbn} to have 10 or 13 digits, got {got!r}", got=text))
    if not valid:
        raise UsageError(
            words("expected a valid {isbn}, got {got!r}: its check digit is wrong", got=text)
        )
    return text


def copyright_lines(imprint: Imprint) -> list[str]:
    """The copyright notice, ISBN and credit, one line each."""
    owner = " ".join(s for s in (str(imprint.year or ""), imprint.author) if s)
    lines = [f"Copyright © {owner}. All rights reserved."] if owner else []
    lines += [f"ISBN {imprint.isbn}"] if imprint.isbn else []
    return [*lines, MADE_WITH]


def size_range(entries: Sequence[Entry]) -> str:
    """The sizes in a book: one size, or the smallest to the largest by area."""
    sizes = sorted({(e.puzzle.width * e.puzzle.height, size_text(e.puzzle)) for e in entries})
    return sizes[0][1] if len(sizes) == 1 else f"{sizes[0][1]} to {sizes[-1][1]}"


def draw_title_page(
    pen: Pen, options: PageOptions, entries: Sequence[Entry], imprint: Imprint
) -> None:
    """The first page: title over a rule, subtitle, author, and how many puzzles of what sizes."""
    area = text_area(options, 1)
    middle, width = area.x + area.w / 2, area.w * 0.9
    size = min(32.0, area.w / 12)
    lines = wrap_text(imprint.title, size, width, bold=True, fonts=pen.fonts)
    while len(lines) > 3 and size > 16:  # a long title: smaller type, then an ellipsis
        size *= 0.9
        lines = wrap_text(imprint.title, size, width, bold=True, fonts=pen.fonts)
    lines = [*lines[:2], " ".join(lines[2:])] if len(lines) > 3 else lines or [""]
    y = area.y + area.h * 0.62 + (len(lines) - 1) * size * 1.2
    for line in lines:
        draw_centred(pen, (middle, y), line, size, width, bold=True)
        y -= size * 1.2
    pen.canvas.setLineWidth(1)
    pen.canvas.line(middle - area.w * 0.2, y + size * 0.4, middle + area.w * 0.2, y + size * 0.4)
    draw_centred(pen, (middle, y - size * 0.5), imprint.subtitle, size * 0.5, width, grey=0.3)
    draw_centred(pen, (middle, area.y + area.h * 0.3), imprint.author, size * 0.45, width)
    count = f"{len(entries)} puzzle{'s' if len(entries) != 1 else ''} · {size_range(entries)}"
    draw_centred(pen, (middle, area.y + area.h * 0.1), count, size * 0.35, width, grey=0.3)


def draw_copyright_page(pen: Pen, options: PageOptions, page: int, imprint: Imprint) -> None:
    """The back of the title page: title, subtitle, then the notice, ISBN and credit low down."""
    area = text_area(options, page)
    middle = area.x + area.w / 2
    y = area.y + area.h * 0.35
    draw_centred(pen, (middle, y), imprint.title, 11, area.w, bold=True)
    if imprint.subtitle:
        y -= 15
        draw_centred(pen, (middle, y), imprint.subtitle, 9, area.w, grey=0.3)
    y -= 30
    for line in copyright_lines(imprint):
        draw_centred(pen, (middle, y), line, 9, area.w, grey=0.2)
        y -= 14


def draw_notes_page(pen: Pen, options: PageOptions, page: int) -> None:
    """A page for working out: a Notes heading over light squares filling the text area."""
    rest = draw_lines_of_text(pen, text_area(options, page), [("Notes", 18.0, True)])
    across, down = int(rest.w // NOTES_SQUARE), int(rest.h // NOTES_SQUARE)
    left = rest.x + (rest.w - across * NOTES_SQUARE) / 2
    top = rest.top
    xs = [left + i * NOTES_SQUARE for i in range(across + 1)]
    ys = [top - j * NOTES_SQUARE for j in range(down + 1)]
    canvas = pen.canvas
    canvas.setStrokeGray(0.8)
    canvas.setLineWidth(0.3)
    canvas.lines([(x, ys[-1], x, top) for x in xs] + [(xs[0], y, xs[-1], y) for y in ys])
    canvas.setStrokeGray(0)
