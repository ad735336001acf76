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

from nonogen.lazy import stubbed

__getattr__, __all__ = stubbed(__name__, __file__)
