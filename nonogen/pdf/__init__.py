"""Nonogram puzzles rendered to PDF bytes with reportlab: single pages and whole books.

Same input, same bytes: the canvas is invariant and the Vera fonts shipped with reportlab are
embedded. This is the only package that imports reportlab.

    pages   page sizes, margins and gutter, fonts, the canvas
    figure  one puzzle's grid, clues, givens or solution, laid out to fit a box
    sheet   one puzzle with its heading in a slot; puzzle and solution PDFs
    book    title page, contents, puzzles, answer keys
"""

from __future__ import annotations

from nonogen.pdf.book import KEYS_PER_PAGE, PUZZLES_PER_PAGE, Progress, book_pdf
from nonogen.pdf.pages import PAGE_SIZES, PageOptions, parse_page_size
from nonogen.pdf.sheet import NO_SOLUTION, Entry, puzzle_pdf, solution_pdf

__all__ = [
    "KEYS_PER_PAGE",
    "NO_SOLUTION",
    "PAGE_SIZES",
    "PUZZLES_PER_PAGE",
    "Entry",
    "PageOptions",
    "Progress",
    "book_pdf",
    "parse_page_size",
    "puzzle_pdf",
    "solution_pdf",
]
