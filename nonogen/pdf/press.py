"""A whole book as printed: the checks first, then the interior and, if asked, its cover."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from nonogen.errors import LimitError
from nonogen.pdf.book import Progress, book_layout, book_pdf, fitted_pages
from nonogen.pdf.checks import (
    entry_texts,
    glyph_warnings,
    legibility_problems,
    most_per_page,
    require_legible,
)
from nonogen.pdf.cover import cover_pdf
from nonogen.pdf.front import Imprint
from nonogen.pdf.mosaic import tile_legible
from nonogen.pdf.pages import PageOptions
from nonogen.pdf.sheet import Entry
from nonogen.wording import words


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
    left_out: tuple[tuple[int, str], ...] = ()
    """The puzzles not printed, as (index in the entries given, why): too small to read even
    alone on a page (unless forced)."""


@dataclass(frozen=True)
class Press:
    """How a book is printed."""

    options: PageOptions
    """Page size, margins, least gutter and font."""
    per_page: int = 1
    """The most puzzles a page: a puzzle too small to read at that many gets fewer."""
    keys_per_page: int = 6
    """Answer keys a page."""
    paper: str = "white"
    """KDP paper: the spine's width and the most pages."""
    force_small: bool = False
    """Print puzzles too small to read, with a warning, instead of refusing them."""
    cover: bool = False
    """Whether to make the cover too."""
    pad: str = "kdp"
    """How the book is padded with notes pages (``nonogen.pdf.rules.PADS``)."""


def print_book(
    entries: Sequence[Entry],
    imprint: Imprint,
    press: Press,
    *,
    on_progress: Progress | None = None,
) -> Printed:
    """Check every puzzle and the page count (LimitError before any page is drawn), then print.

    Each puzzle prints at most ``press.per_page`` a page, fewer when it would be too small to
    read at that many; one too small even alone on a page is left out with the reason (with
    ``force_small``: printed as asked, with a warning). LimitError when none is left."""
    if press.force_small:
        kept, fits, left_out = list(entries), [_most(e, press.per_page) for e in entries], []
        warnings = require_legible(entries, press.options, per_page=press.per_page, force=True)
    else:
        most = [_most(e, press.per_page, press.options) for e in entries]
        legible = [entry for entry, fit in zip(entries, most, strict=True) if fit]
        kept = [replace(entry, number=n) for n, entry in enumerate(legible, 1)]  # no gaps
        fits = [fit for fit in most if fit]
        left_out = [
            (i, legibility_problems([entry], press.options)[0])
            for i, (entry, fit) in enumerate(zip(entries, most, strict=True))
            if not fit
        ]
        warnings = []
        if not kept:
            raise LimitError(
                words(
                    "no puzzle of the book can be printed legibly: {problem}; or pass "
                    "{force_small} to print anyway",
                    problem=left_out[0][1],
                )
            )
    warnings += glyph_warnings([*entry_texts(kept), *imprint.texts()], press.options)
    grouped = fitted_pages(fits)
    page, plan = book_layout(
        len(kept),
        press.options,
        keys_per_page=press.keys_per_page,
        paper=press.paper,
        puzzle_pages=grouped,
        pad=press.pad,
    )
    pdf = book_pdf(
        kept,
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
        puzzle_pages=grouped,
        pad=press.pad,
    )
    cover = None
    if press.cover:
        cover = cover_pdf(kept, imprint, options=page, pages=plan.pages, paper=press.paper)
    return Printed(
        pdf,
        cover,
        plan.pages,
        page.gutter_mm,
        tuple(warnings),
        tuple((i, str(why)) for i, why in left_out),
    )


def _most(entry: Entry, per_page: int, options: PageOptions | None = None) -> int:
    """The most puzzles a page with this one (``per_page`` unless ``options`` are given to
    check its legibility); a mosaic's tile prints alone, with its key, when legible so."""
    if entry.place is not None:
        return 1 if options is None or tile_legible(entry, options) else 0
    return per_page if options is None else most_per_page(entry, options, per_page)
