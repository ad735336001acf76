"""Nonogram puzzles rendered to PDF bytes with reportlab: single pages and whole books.

Same input, same bytes: the canvas is invariant and the fonts are embedded (subset): DejaVu
Sans, bundled, then a font given and system fonts for characters it lacks. This is the only
package that imports reportlab. A name of the package loads only the module that defines it
(PEP 562), so that reading ``nonogen.pdf.rules`` does not load reportlab.

    rules   the limits: legible cells and clues, KDP page counts, gutters, spine and bleed
    fonts   the font chain, chosen per character (fontconfig for fallbacks)
    shaping lines in bidirectional order (python-bidi), shaped by HarfBuzz (uharfbuzz)
    pages   page sizes, margins and gutter, the canvas, text fitted and drawn
    figure  one puzzle's grid, clues, givens or solution, laid out to fit a box
    sheet   one puzzle with its heading in a slot; puzzle and solution PDFs
    checks  what would print badly: cells too small, characters no font has
    book    title and copyright pages, contents, puzzles, answer keys, notes to 24 pages
    cover   the wrap-around cover: back, spine (width from the page count) and front
    mosaic  a mosaic's set: a page per tile with a key of where it goes, the assembled picture
    tiles   where a mosaic's tiles go: the cuts and each tile's place
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nonogen.lazy import lazy_names

if TYPE_CHECKING:
    from nonogen.pdf.book import (
        KEYS_PER_PAGE,
        PUZZLES_PER_PAGE,
        Plan,
        Progress,
        book_layout,
        book_pdf,
    )
    from nonogen.pdf.checks import (
        Fit,
        entry_texts,
        glyph_warnings,
        legibility_problems,
        puzzle_fit,
        require_legible,
    )
    from nonogen.pdf.cover import cover_pdf
    from nonogen.pdf.front import Imprint
    from nonogen.pdf.pages import PAGE_SIZES, PageOptions, parse_page_size
    from nonogen.pdf.sheet import NO_SOLUTION, Entry, printed_texts, puzzle_pdf, solution_pdf

_WHERE: dict[str, str] = {
    "Entry": "nonogen.pdf.sheet",
    "Fit": "nonogen.pdf.checks",
    "Imprint": "nonogen.pdf.front",
    "KEYS_PER_PAGE": "nonogen.pdf.book",
    "NO_SOLUTION": "nonogen.pdf.sheet",
    "PAGE_SIZES": "nonogen.pdf.pages",
    "PUZZLES_PER_PAGE": "nonogen.pdf.book",
    "PageOptions": "nonogen.pdf.pages",
    "Plan": "nonogen.pdf.book",
    "Progress": "nonogen.pdf.book",
    "book_layout": "nonogen.pdf.book",
    "book_pdf": "nonogen.pdf.book",
    "cover_pdf": "nonogen.pdf.cover",
    "entry_texts": "nonogen.pdf.checks",
    "glyph_warnings": "nonogen.pdf.checks",
    "legibility_problems": "nonogen.pdf.checks",
    "parse_page_size": "nonogen.pdf.pages",
    "printed_texts": "nonogen.pdf.sheet",
    "puzzle_fit": "nonogen.pdf.checks",
    "puzzle_pdf": "nonogen.pdf.sheet",
    "require_legible": "nonogen.pdf.checks",
    "solution_pdf": "nonogen.pdf.sheet",
}
"""Where each name of ``__all__`` is defined."""


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "KEYS_PER_PAGE",
    "NO_SOLUTION",
    "PAGE_SIZES",
    "PUZZLES_PER_PAGE",
    "Entry",
    "Fit",
    "Imprint",
    "PageOptions",
    "Plan",
    "Progress",
    "book_layout",
    "book_pdf",
    "cover_pdf",
    "entry_texts",
    "glyph_warnings",
    "legibility_problems",
    "parse_page_size",
    "printed_texts",
    "puzzle_fit",
    "puzzle_pdf",
    "require_legible",
    "solution_pdf",
]
