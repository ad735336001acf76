"""Books: title and copyright pages, contents, the puzzles, answer keys, then notes pages.
The tiles of a mosaic print as a set (``nonogen.pdf.mosaic``): each with a key of where it
goes, its answer the assembled picture.

KDP's rules for paperbacks hold: at least 24 pages and an even count (padded with notes pages),
the inside margin grows with the page count (mirrored: left on odd pages, right on even ones),
and a book longer than KDP prints is refused before any page is drawn.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from nonogen.errors import InputError
from nonogen.pdf.fonts import BOLD, REGULAR
from nonogen.pdf.front import (
    Imprint,
    draw_copyright_page,
    draw_notes_page,
    draw_title_page,
)
from nonogen.pdf.mosaic import draw_tile_answer, draw_tile_page
from nonogen.pdf.pages import (
    MM,
    Box,
    PageOptions,
    Pen,
    fit_text,
    footer,
    new_canvas,
    text_area,
)
from nonogen.pdf.rules import book_pages, check_page_count, gutter_inches
from nonogen.pdf.sheet import (
    Entry,
    draw_key,
    draw_lines_of_text,
    draw_puzzle,
    heading,
    size_text,
    slots,
)
from nonogen.wording import not_one_of

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
    notes: int
    """The first notes page (equal to ``end`` when the book needs none)."""
    end: int
    """One past the last page."""

    @property
    def pages(self) -> int:
        """How many pages the book has."""
        return self.end - 1


def toc_font(options: PageOptions) -> float:
    """Font size of the contents rows: smaller on narrow pages."""
    return 10.0 if text_area(options, 2).w >= 400 else 8.5


def toc_rows(options: PageOptions) -> int:
    """How many contents rows fit on one page."""
    font = toc_font(options)
    room = text_area(options, 2).h - TOC_TITLE * 2.2 - font * 2.5
    return max(1, int(room / (font * 1.6)))


PuzzlePage = tuple[int, int]
"""One puzzle page: its slots (a key of ``PUZZLES_PER_PAGE``) and how many puzzles it holds."""


def even_pages(count: int, per_page: int) -> tuple[PuzzlePage, ...]:
    """``count`` puzzles ``per_page`` to a page (the last page holding the rest)."""
    return tuple((per_page, min(per_page, count - start)) for start in range(0, count, per_page))


def fitted_pages(fits: Sequence[int]) -> tuple[PuzzlePage, ...]:
    """Puzzles in order, each page as full as the most its puzzles allow: ``fits[i]`` is the
    most puzzles a page at which puzzle ``i`` is still legible (at least 1)."""
    pages: list[PuzzlePage] = []
    start = 0
    while start < len(fits):
        for slots_ in sorted(PUZZLES_PER_PAGE, reverse=True):
            held = fits[start : start + slots_]
            if slots_ <= fits[start] and min(held) >= slots_:
                break
        pages.append((slots_, len(held)))
        start += len(held)
    return tuple(pages)


def plan_book(
    count: int, rows: int, puzzle_pages: int, keys_per_page: int, pad: str = "kdp"
) -> Plan:
    """Where the parts of a book of ``count`` puzzles start, with ``rows`` contents rows a page.

    Pages 1 and 2 are the title and copyright pages; notes pages pad the book to KDP's length.
    """
    puzzles = 3 + math.ceil((count + 1) / rows)
    answers = puzzles + puzzle_pages
    notes = answers + math.ceil(count / keys_per_page)
    return Plan(3, puzzles, answers, notes, book_pages(notes - 1, pad) + 1)


def book_layout(
    count: int,
    options: PageOptions,
    *,
    per_page: int = 1,
    keys_per_page: int = 6,
    paper: str = "white",
    puzzle_pages: Sequence[PuzzlePage] | None = None,
    pad: str = "kdp",
) -> tuple[PageOptions, Plan]:
    """The page options with KDP's gutter for the book's page count, and the plan of its pages
    (``per_page`` puzzles a page, unless ``puzzle_pages`` says page by page).

    ``options.gutter_mm`` is a least gutter; LimitError for more pages than KDP prints.
    """
    page = options
    grouped = even_pages(count, per_page) if puzzle_pages is None else puzzle_pages
    for _ in range(4):  # the gutter may change the contents' type size, hence the page count
        plan = plan_book(count, toc_rows(page), len(grouped), keys_per_page, pad)
        check_page_count(plan.pages, paper)
        gutter = max(options.gutter_mm, gutter_inches(plan.pages) * 25.4)
        if gutter == page.gutter_mm:
            break
        page = replace(options, gutter_mm=gutter)
    return page, plan


def check_count(name: str, value: int, allowed: dict[int, tuple[int, int]]) -> None:
    """Raise InputError unless ``value`` (of the option ``name``) is one of the allowed
    counts per page."""
    if value not in allowed:
        raise InputError(not_one_of(name, value, allowed))


def draw_toc_row(
    pen: Pen, area: Box, y: float, cells: Sequence[str], font: float, *, bold: bool = False
) -> None:
    """One contents row with its baseline at ``y``, each text cut to its column."""
    for text, (_, at, width) in zip(cells, TOC_COLUMNS, strict=True):
        x = area.x + at * area.w
        if not width:
            pen.canvas.setFont(BOLD if bold else REGULAR, font)
            pen.canvas.drawRightString(x, y, text)
            continue
        fitted, size = fit_text(text, font, width * area.w, bold=bold, fonts=pen.fonts)
        pen.draw((x, y), fitted, size, bold=bold)


def draw_toc_page(
    pen: Pen, options: PageOptions, page: int, rows: Sequence[tuple[list[str], str]]
) -> None:
    """One contents page: the heading, column headers, then rows linked to their pages."""
    canvas = pen.canvas
    area = text_area(options, page)
    font = toc_font(options)
    rest = draw_lines_of_text(pen, area, [("Contents", TOC_TITLE, True)])
    y = rest.top - font
    canvas.setFillGray(0.35)
    draw_toc_row(pen, area, y, [name for name, _, _ in TOC_COLUMNS], font * 0.9, bold=True)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.6)
    canvas.line(area.x, y - font * 0.6, area.x + area.w, y - font * 0.6)
    for i, (cells, key) in enumerate(rows):
        y -= font * 1.6
        if i % 2:
            canvas.setFillGray(0.95)
            canvas.rect(area.x, y - font * 0.45, area.w, font * 1.6, stroke=0, fill=1)
            canvas.setFillGray(0)
        draw_toc_row(pen, area, y, cells, font)
        box = (area.x, y - font * 0.45, area.x + area.w, y + font * 1.15)
        canvas.linkAbsolute("", key, Rect=box, thickness=0)


def toc_rows_of(
    entries: Sequence[Entry], plan: Plan, puzzle_pages: Sequence[PuzzlePage], keys: int
) -> list[Row]:
    """Every contents row with the bookmark it links to: one per puzzle, then the answers."""
    rows: list[Row] = []
    on_page = [n for n, (_, held) in enumerate(puzzle_pages) for _ in range(held)]
    for i, e in enumerate(entries):
        page, answer = plan.puzzles + on_page[i], plan.answers + i // keys
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
    year: int | None = None,
    isbn: str = "",
    paper: str = "white",
    per_page: int = 1,
    keys_per_page: int = 6,
    on_progress: Progress | None = None,
    puzzle_pages: Sequence[PuzzlePage] | None = None,
    pad: str = "kdp",
) -> bytes:
    """A puzzle book: title and copyright pages, contents, puzzles ``per_page`` a page (or as
    ``puzzle_pages`` says, page by page), answer keys at the back, notes pages up to KDP's
    length; the gutter from the page count."""
    if not entries:
        raise InputError("expected at least one puzzle for the book, got none")
    check_count("per_page", per_page, PUZZLES_PER_PAGE)
    check_count("keys_per_page", keys_per_page, KEYS_PER_PAGE)
    imprint = Imprint(title, subtitle, author, year, isbn)
    grouped = even_pages(len(entries), per_page) if puzzle_pages is None else puzzle_pages
    options, plan = book_layout(
        len(entries),
        options,
        keys_per_page=keys_per_page,
        paper=paper,
        puzzle_pages=grouped,
        pad=pad,
    )
    rows = toc_rows(options)
    out = io.BytesIO()
    canvas = new_canvas(out, options, title=imprint.title, author=imprint.author)
    pages = Pages(Pen(canvas, options.fonts(), options.patterns), options, plan.pages, on_progress)
    draw_title_page(pages.pen, options, entries, imprint)
    pages.turn(numbered=False)
    draw_copyright_page(pages.pen, options, pages.number, imprint)
    pages.turn(numbered=False)
    draw_contents(pages, toc_rows_of(entries, plan, grouped, keys_per_page), rows)
    draw_puzzle_pages(pages, entries, grouped)
    draw_answer_pages(pages, entries, keys_per_page)
    while pages.number <= plan.pages:
        draw_notes_page(pages.pen, options, pages.number)
        pages.turn()
    canvas.save()
    return out.getvalue()


def draw_contents(pages: Pages, contents: Sequence[Row], rows: int) -> None:
    """The contents pages, ``rows`` rows a page, bookmarked and in the outline."""
    pages.pen.canvas.bookmarkPage("contents")
    pages.pen.canvas.addOutlineEntry("Contents", "contents", level=0)
    for start in range(0, len(contents), rows):
        draw_toc_page(pages.pen, pages.options, pages.number, contents[start : start + rows])
        pages.turn()


@dataclass
class Pages:
    """The canvas of a book being drawn, with its page counter and progress callback."""

    pen: Pen
    """Where the pages go, and the fonts of their text."""
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
            footer(self.pen.canvas, self.options, self.number)
        self.pen.canvas.showPage()
        if self.on_progress is not None:
            self.on_progress(self.number, self.total)
        self.number += 1


def draw_puzzle_pages(
    pages: Pages, entries: Sequence[Entry], puzzle_pages: Sequence[PuzzlePage]
) -> None:
    """The puzzles, page by page as ``puzzle_pages`` says, each bookmarked and in the outline."""
    canvas = pages.pen.canvas
    canvas.bookmarkPage("puzzles")
    canvas.addOutlineEntry("Puzzles", "puzzles", level=0)
    start = 0
    for slots_, held in puzzle_pages:
        boxes = slots(pages.area(), PUZZLES_PER_PAGE[slots_], pages.options.size)
        for i, (entry, box) in enumerate(zip(entries[start : start + held], boxes, strict=False)):
            canvas.bookmarkPage(f"puzzle{start + i}")
            canvas.addOutlineEntry(heading(entry), f"puzzle{start + i}", level=1)
            (draw_puzzle if entry.place is None else draw_tile_page)(pages.pen, entry, box)
        start += held
        pages.turn()


def draw_answer_pages(pages: Pages, entries: Sequence[Entry], keys_per_page: int) -> None:
    """The answer keys at the back, ``keys_per_page`` to a page, under an Answers heading."""
    canvas = pages.pen.canvas
    canvas.bookmarkPage("answers")
    canvas.addOutlineEntry("Answers", "answers", level=0)
    for start in range(0, len(entries), keys_per_page):
        rest = draw_lines_of_text(pages.pen, pages.area(), [("Answers", TOC_TITLE, True)])
        room = Box(rest.x, rest.y, rest.w, rest.h - 2 * MM)
        boxes = slots(room, KEYS_PER_PAGE[keys_per_page], pages.options.size)
        for entry, box in zip(entries[start : start + keys_per_page], boxes, strict=False):
            (draw_key if entry.place is None else draw_tile_answer)(pages.pen, entry, box)
        pages.turn()
