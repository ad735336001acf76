"""Books: a title page, contents, the puzzles, then answer keys, with page numbers."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from nonogen.errors import InputError, utf8_safe
from nonogen.pdf.pages import (
    BOLD,
    MM,
    REGULAR,
    Box,
    PageOptions,
    draw_centred,
    fit_text,
    footer,
    new_canvas,
    text_area,
    wrap_text,
)
from nonogen.pdf.sheet import (
    Entry,
    draw_key,
    draw_lines_of_text,
    draw_puzzle,
    heading,
    size_text,
    slots,
)

Progress = Callable[[int, int], None]
"""A callback told ``(done, total)`` pages as a book is drawn."""

PUZZLES_PER_PAGE: Final = {1: (1, 1), 2: (1, 2), 4: (2, 2)}
"""Puzzles per page and their arrangement as (columns, rows) on a portrait page."""
KEYS_PER_PAGE: Final = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4)}
"""Answer keys per page and their arrangement as (columns, rows) on a portrait page."""

TOC_TITLE: Final = 18.0
"""Font size of the Contents and Answers headings."""
TOC_COLUMNS: Final = (
    ("No.", 0.06, 0.0),
    ("Title", 0.09, 0.41),
    ("Size", 0.52, 0.11),
    ("Difficulty", 0.64, 0.15),
    ("Page", 0.87, 0.0),
    ("Answer", 1.0, 0.0),
)
"""Contents columns: header, x and width as fractions of the text width; width 0 is a
right-aligned number column, x then being its right edge."""

Row = tuple[list[str], str]
"""A contents row: its cell texts and the bookmark it links to."""


@dataclass(frozen=True)
class Plan:
    """The first page of each part of a book, 1-based."""

    toc: int
    """The first contents page."""
    puzzles: int
    """The first puzzle page."""
    answers: int
    """The first answer-key page."""
    end: int
    """One past the last page."""


def toc_font(options: PageOptions) -> float:
    """Font size of the contents rows: smaller on narrow pages."""
    return 10.0 if text_area(options, 2).w >= 400 else 8.5


def toc_rows(options: PageOptions) -> int:
    """How many contents rows fit on one page."""
    font = toc_font(options)
    room = text_area(options, 2).h - TOC_TITLE * 2.2 - font * 2.5
    return max(1, int(room / (font * 1.6)))


def plan_book(count: int, rows: int, per_page: int, keys_per_page: int) -> Plan:
    """Where the parts of a book of ``count`` puzzles start, with ``rows`` contents rows a page."""
    puzzles = 2 + math.ceil((count + 1) / rows)
    answers = puzzles + math.ceil(count / per_page)
    return Plan(2, puzzles, answers, answers + math.ceil(count / keys_per_page))


def check_count(name: str, value: int, allowed: dict[int, tuple[int, int]]) -> None:
    """Raise InputError unless ``value`` is one of the allowed counts per page."""
    if value not in allowed:
        choices = ", ".join(map(str, allowed))
        raise InputError(f"expected {name} to be one of {choices}, got {value!r}")


def size_range(entries: Sequence[Entry]) -> str:
    """The sizes in a book: one size, or the smallest to the largest by area."""
    sizes = sorted({(e.puzzle.width * e.puzzle.height, size_text(e.puzzle)) for e in entries})
    return sizes[0][1] if len(sizes) == 1 else f"{sizes[0][1]} to {sizes[-1][1]}"


def draw_title_page(
    canvas: Canvas, options: PageOptions, entries: Sequence[Entry], texts: tuple[str, str, str]
) -> None:
    """The first page: title over a rule, subtitle, author, and how many puzzles of what sizes."""
    title, subtitle, author = texts
    area = text_area(options, 1)
    middle, width = area.x + area.w / 2, area.w * 0.9
    size = min(32.0, area.w / 12)
    lines = wrap_text(title, size, width, bold=True)
    while len(lines) > 3 and size > 16:  # a long title: smaller type, then an ellipsis
        size *= 0.9
        lines = wrap_text(title, size, width, bold=True)
    lines = [*lines[:2], " ".join(lines[2:])] if len(lines) > 3 else lines or [""]
    y = area.y + area.h * 0.62 + (len(lines) - 1) * size * 1.2
    for line in lines:
        draw_centred(canvas, (middle, y), line, size, width, bold=True)
        y -= size * 1.2
    canvas.setLineWidth(1)
    canvas.line(middle - area.w * 0.2, y + size * 0.4, middle + area.w * 0.2, y + size * 0.4)
    draw_centred(canvas, (middle, y - size * 0.5), subtitle, size * 0.5, width, grey=0.3)
    draw_centred(canvas, (middle, area.y + area.h * 0.3), author, size * 0.45, width)
    count = f"{len(entries)} puzzle{'s' if len(entries) != 1 else ''} · {size_range(entries)}"
    draw_centred(canvas, (middle, area.y + area.h * 0.1), count, size * 0.35, width, grey=0.3)


def draw_toc_row(
    canvas: Canvas, area: Box, y: float, cells: Sequence[str], font: float, *, bold: bool = False
) -> None:
    """One contents row with its baseline at ``y``, each text cut to its column."""
    name = BOLD if bold else REGULAR
    for text, (_, at, width) in zip(cells, TOC_COLUMNS, strict=True):
        x = area.x + at * area.w
        if not width:
            canvas.setFont(name, font)
            canvas.drawRightString(x, y, text)
            continue
        fitted, size = fit_text(text, font, width * area.w, bold=bold)
        canvas.setFont(name, size)
        canvas.drawString(x, y, fitted)


def draw_toc_page(
    canvas: Canvas, options: PageOptions, page: int, rows: Sequence[tuple[list[str], str]]
) -> None:
    """One contents page: the heading, column headers, then rows linked to their pages."""
    area = text_area(options, page)
    font = toc_font(options)
    rest = draw_lines_of_text(canvas, area, [("Contents", TOC_TITLE, True)])
    y = rest.top - font
    canvas.setFillGray(0.35)
    draw_toc_row(canvas, area, y, [name for name, _, _ in TOC_COLUMNS], font * 0.9, bold=True)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.6)
    canvas.line(area.x, y - font * 0.6, area.x + area.w, y - font * 0.6)
    for i, (cells, key) in enumerate(rows):
        y -= font * 1.6
        if i % 2:
            canvas.setFillGray(0.95)
            canvas.rect(area.x, y - font * 0.45, area.w, font * 1.6, stroke=0, fill=1)
            canvas.setFillGray(0)
        draw_toc_row(canvas, area, y, cells, font)
        box = (area.x, y - font * 0.45, area.x + area.w, y + font * 1.15)
        canvas.linkAbsolute("", key, Rect=box, thickness=0)


def toc_rows_of(entries: Sequence[Entry], plan: Plan, per_page: int, keys: int) -> list[Row]:
    """Every contents row with the bookmark it links to: one per puzzle, then the answers."""
    rows: list[Row] = []
    for i, e in enumerate(entries):
        page, answer = plan.puzzles + i // per_page, plan.answers + i // keys
        cells = [str(e.number), e.title or "—", size_text(e.puzzle), e.difficulty or "—"]
        rows.append(([*cells, str(page), str(answer)], f"puzzle{i}"))
    rows.append((["", "Answers", "", "", str(plan.answers), ""], "answers"))
    return rows


def book_pdf(
    entries: Sequence[Entry],
    *,
    title: str,
    options: PageOptions,
    subtitle: str = "",
    author: str = "",
    per_page: int = 1,
    keys_per_page: int = 6,
    on_progress: Progress | None = None,
) -> bytes:
    """A puzzle book: title page, contents, puzzles ``per_page`` a page, answer keys at the back."""
    if not entries:
        raise InputError("expected at least one puzzle for the book, got none")
    check_count("per_page", per_page, PUZZLES_PER_PAGE)
    check_count("keys_per_page", keys_per_page, KEYS_PER_PAGE)
    title, subtitle, author = (utf8_safe(text) for text in (title, subtitle, author))
    rows = toc_rows(options)
    plan = plan_book(len(entries), rows, per_page, keys_per_page)
    out = io.BytesIO()
    canvas = new_canvas(out, options, title=title, author=author)
    pages = Pages(canvas, options, plan.end - 1, on_progress)
    draw_title_page(canvas, options, entries, (title, subtitle, author))
    pages.turn(numbered=False)
    contents = toc_rows_of(entries, plan, per_page, keys_per_page)
    canvas.bookmarkPage("contents")
    canvas.addOutlineEntry("Contents", "contents", level=0)
    for start in range(0, len(contents), rows):
        draw_toc_page(canvas, options, pages.number, contents[start : start + rows])
        pages.turn()
    draw_puzzle_pages(pages, entries, per_page)
    draw_answer_pages(pages, entries, keys_per_page)
    canvas.save()
    return out.getvalue()


@dataclass
class Pages:
    """The canvas of a book being drawn, with its page counter and progress callback."""

    canvas: Canvas
    """Where the pages go."""
    options: PageOptions
    """Page size, margins and gutter."""
    total: int
    """How many pages the book will have."""
    on_progress: Progress | None
    """Told ``(done, total)`` after each page."""
    number: int = 1
    """The 1-based number of the page being drawn."""

    def area(self) -> Box:
        """The text area of the current page."""
        return text_area(self.options, self.number)

    def turn(self, *, numbered: bool = True) -> None:
        """Finish the current page, with its page number if ``numbered``."""
        if numbered:
            footer(self.canvas, self.options, self.number)
        self.canvas.showPage()
        if self.on_progress is not None:
            self.on_progress(self.number, self.total)
        self.number += 1


def draw_puzzle_pages(pages: Pages, entries: Sequence[Entry], per_page: int) -> None:
    """The puzzles, ``per_page`` to a page, each bookmarked and in the outline."""
    canvas = pages.canvas
    canvas.bookmarkPage("puzzles")
    canvas.addOutlineEntry("Puzzles", "puzzles", level=0)
    for start in range(0, len(entries), per_page):
        boxes = slots(pages.area(), PUZZLES_PER_PAGE[per_page], pages.options.size)
        for i, (entry, box) in enumerate(
            zip(entries[start : start + per_page], boxes, strict=False)
        ):
            canvas.bookmarkPage(f"puzzle{start + i}")
            canvas.addOutlineEntry(heading(entry), f"puzzle{start + i}", level=1)
            draw_puzzle(canvas, entry, box)
        pages.turn()


def draw_answer_pages(pages: Pages, entries: Sequence[Entry], keys_per_page: int) -> None:
    """The answer keys at the back, ``keys_per_page`` to a page, under an Answers heading."""
    canvas = pages.canvas
    canvas.bookmarkPage("answers")
    canvas.addOutlineEntry("Answers", "answers", level=0)
    for start in range(0, len(entries), keys_per_page):
        rest = draw_lines_of_text(canvas, pages.area(), [("Answers", TOC_TITLE, True)])
        room = Box(rest.x, rest.y, rest.w, rest.h - 2 * MM)
        boxes = slots(room, KEYS_PER_PAGE[keys_per_page], pages.options.size)
        for entry, box in zip(entries[start : start + keys_per_page], boxes, strict=False):
            draw_key(canvas, entry, box)
        pages.turn()
