"""The printing limits in one place: legible cells and clues, and KDP's rules for paperbacks.

KDP figures are from Amazon KDP's paperback guidelines (page count, margins, cover sizing):
black ink on white or cream paper, no bleed inside the book, 0.125 inch bleed on the cover.
Lengths here are millimetres, points or inches as their names say; nothing draws here.
"""

from __future__ import annotations

import math
from typing import Final

from nonogen.errors import LimitError, UsageError
from nonogen.wording import not_one_of, words

PAGE_SIZE: Final = "letter"
"""The page size of every command and request that prints, unless told otherwise."""
MARGIN_MM: Final = 15.0
"""The margin on every side of a page, in millimetres, unless told otherwise."""

MIN_CELL_MM: Final = 4.0
"""The smallest printed cell side, in millimetres, that a pencil can fill and an eye can count."""
MIN_CLUE_PT: Final = 6.0
"""The smallest printed clue text, in points."""

MIN_PAGES: Final = 24
"""KDP's fewest paperback pages; a shorter book is padded with notes pages."""
MAX_PAGES: Final = {"white": 828, "cream": 776}
"""KDP's most paperback pages for black ink on each paper."""
GUTTERS: Final = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))
"""KDP's inside (gutter) margin: (up to this many pages, at least this many inches)."""
PAPER_INCHES: Final = {"white": 0.002252, "cream": 0.0025}
"""Thickness of one page (a leaf side) of each paper, in inches: the spine is pages x this."""
BLEED_INCHES: Final = 0.125
"""The cover's bleed on every outer edge, in inches."""
SPINE_TEXT_PAGES: Final = 80
"""KDP prints spine text only on books of more than 79 pages."""
SPINE_SAFETY_INCHES: Final = 0.0625
"""Spine text keeps this far from the spine's folds."""


def check_paper(paper: str) -> str:
    """The paper name if KDP offers it; UsageError otherwise."""
    if paper not in PAPER_INCHES:
        raise UsageError(not_one_of("paper", paper, PAPER_INCHES))
    return paper


PADS: Final = ("kdp", "even", "four", "none")
"""How a book is padded with notes pages (``book --pad``): to KDP's paperback rule (at least
MIN_PAGES, and even), to an even count (leaves have two sides), to a multiple of four (folded
sheets, saddle stitching), or not at all."""


def check_pad(pad: str) -> str:
    """The padding rule itself; UsageError naming the rules there are."""
    if pad not in PADS:
        raise UsageError(not_one_of("pad", pad, PADS))
    return pad


def book_pages(pages: int, pad: str = "kdp") -> int:
    """The page count a book is padded to by a rule of PADS (KDP's: at least MIN_PAGES, and
    even)."""
    if pad == "none":
        return pages
    if pad == "four":
        return pages + (-pages) % 4
    even = pages + pages % 2
    return max(MIN_PAGES, even) if pad == "kdp" else even


def check_page_count(pages: int, paper: str = "white") -> None:
    """LimitError for a book longer than KDP prints on ``paper``."""
    most = MAX_PAGES[check_paper(paper)]
    if pages > most:
        raise LimitError(
            words(
                "the book would have {pages} pages, over KDP's {most} for {kind} paper; make "
                "two books, or put more puzzles and answer keys on a page ({per_page}, "
                "{keys_per_page})",
                pages=pages,
                most=most,
                kind=paper,
            )
        )


def gutter_inches(pages: int) -> float:
    """KDP's smallest inside margin for a book of ``pages`` pages, in inches."""
    for most, inches in GUTTERS:
        if pages <= most:
            return inches
    check_page_count(pages)
    return GUTTERS[-1][1]


def spine_inches(pages: int, paper: str = "white") -> float:
    """Spine width of a paperback of ``pages`` pages on ``paper``, in inches."""
    return pages * PAPER_INCHES[check_paper(paper)]


def cover_inches(trim: tuple[float, float], pages: int, paper: str) -> tuple[float, float]:
    """Full cover (width, height) in inches: bleed, back, spine, front, bleed across."""
    width, height = trim
    spine = spine_inches(pages, paper)
    return 2 * BLEED_INCHES + 2 * width + spine, height + 2 * BLEED_INCHES


def parts_needed(cells: int, scale: float) -> int:
    """Into how many parts a side of ``cells`` cells must be cut to print ``scale`` times larger."""
    if scale <= 1.0:
        return 1
    most = max(1, math.floor(cells / scale))
    return math.ceil(cells / most)
