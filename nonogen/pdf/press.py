"""A whole book as printed: the checks first, then the interior and, if asked, its cover."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nonogen.pdf.book import Progress, book_layout, book_pdf
from nonogen.pdf.checks import entry_texts, glyph_warnings, require_legible
from nonogen.pdf.cover import cover_pdf
from nonogen.pdf.front import Imprint
from nonogen.pdf.pages import PageOptions
from nonogen.pdf.sheet import Entry


@dataclass(frozen=True)
class Printed:
    """A book's PDFs and what was found on the way."""

    pdf: bytes
    """The interior."""
    cover: bytes | None
    """The wrap-around cover, or None when not asked for."""
    pages: int
    """Pages of the interior."""
    gutter_mm: float
    """The inside margin added for binding, from the page count."""
    warnings: tuple[str, ...]
    """What may print badly: characters no font has, puzzles forced through too small."""


@dataclass(frozen=True)
class Press:
    """How a book is printed."""

    options: PageOptions
    """Page size, margins, least gutter and font."""
    per_page: int = 1
    """Puzzles a page."""
    keys_per_page: int = 6
    """Answer keys a page."""
    paper: str = "white"
    """KDP paper: the spine's width and the most pages."""
    force_small: bool = False
    """Print puzzles too small to read, with a warning, instead of refusing them."""
    cover: bool = False
    """Whether to make the cover too."""


def print_book(
    entries: Sequence[Entry],
    imprint: Imprint,
    press: Press,
    *,
    on_progress: Progress | None = None,
) -> Printed:
    """Check every puzzle and the page count (LimitError before any page is drawn), then print."""
    warnings = require_legible(
        entries, press.options, per_page=press.per_page, force=press.force_small
    )
    warnings += glyph_warnings([*entry_texts(entries), *imprint.texts()], press.options)
    page, plan = book_layout(
        len(entries),
        press.options,
        per_page=press.per_page,
        keys_per_page=press.keys_per_page,
        paper=press.paper,
    )
    pdf = book_pdf(
        entries,
        title=imprint.title,
        options=press.options,
        subtitle=imprint.subtitle,
        author=imprint.author,
        year=imprint.year,
        isbn=imprint.isbn,
        paper=press.paper,
        per_page=press.per_page,
        keys_per_page=press.keys_per_page,
        on_progress=on_progress,
    )
    cover = None
    if press.cover:
        cover = cover_pdf(entries, imprint, options=page, pages=plan.pages, paper=press.paper)
    return Printed(pdf, cover, plan.pages, page.gutter_mm, tuple(warnings))
