"""The names of ``nonogen.pdf``, each said once, in the import that exports it (a
stub's ``name as name``): what type checkers read, and what ``nonogen.lazy.stubbed``
reads to load each name from its module on first use."""

from nonogen.pdf.book import (
    KEYS_PER_PAGE as KEYS_PER_PAGE,
    PUZZLES_PER_PAGE as PUZZLES_PER_PAGE,
    Plan as Plan,
    Progress as Progress,
    book_layout as book_layout,
    book_pdf as book_pdf,
)
from nonogen.pdf.checks import (
    Fit as Fit,
    entry_texts as entry_texts,
    glyph_warnings as glyph_warnings,
    legibility_problems as legibility_problems,
    puzzle_fit as puzzle_fit,
    require_legible as require_legible,
)
from nonogen.pdf.cover import cover_pdf as cover_pdf
from nonogen.pdf.front import Imprint as Imprint
from nonogen.pdf.pages import (
    PAGE_SIZES as PAGE_SIZES,
    PageOptions as PageOptions,
    parse_page_size as parse_page_size,
)
from nonogen.pdf.sheet import (
    NO_SOLUTION as NO_SOLUTION,
    Entry as Entry,
    printed_texts as printed_texts,
    puzzle_pdf as puzzle_pdf,
    solution_pdf as solution_pdf,
)
