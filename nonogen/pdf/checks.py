"""What would print badly, found before any page is drawn: cells too small, glyphs no font has.

Both come back as values (messages); ``require_legible`` raises a LimitError unless forced, and
the caller decides how to show the warnings (the CLI prints them on stderr).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from nonogen.errors import LimitError
from nonogen.pdf.book import PUZZLES_PER_PAGE
from nonogen.pdf.fonts import missing_message
from nonogen.pdf.pages import INCH, MM, PAGE_SIZES, SIDE_RANGE, PageOptions, text_area
from nonogen.pdf.rules import MIN_CELL_MM, MIN_CLUE_PT, parts_needed
from nonogen.pdf.sheet import Entry, heading, printed_texts, puzzle_layout, slots
from nonogen.wording import Option, Words, words
from nonogen.words import page_name, with_a


@dataclass(frozen=True)
class Fit:
    """How big a puzzle prints in its slot."""

    cell_mm: float
    """Side of one cell, in millimetres."""
    clue_pt: float
    """Size of the clue numbers, in points."""

    @property
    def scale(self) -> float:
        """How much larger the figure must print to be legible (1.0 when it is)."""
        return max(1.0, MIN_CELL_MM / self.cell_mm, MIN_CLUE_PT / max(self.clue_pt, 1e-9))

    @property
    def legible(self) -> bool:
        """Whether cells and clues reach MIN_CELL_MM and MIN_CLUE_PT."""
        return self.scale <= 1.0 + 1e-9


def puzzle_fit(entry: Entry, options: PageOptions, *, per_page: int = 1) -> Fit:
    """The cell and clue size of a puzzle printed ``per_page`` to a page."""
    box = slots(text_area(options, 1), PUZZLES_PER_PAGE[per_page], options.size)[0]
    lay = puzzle_layout(entry, box)
    return Fit(lay.cell / MM, lay.font)


def most_per_page(entry: Entry, options: PageOptions, per_page: int) -> int:
    """The most puzzles a page, at most ``per_page``, at which this one is still legible; 0
    when it is not legible even alone on the page."""
    for count in sorted((n for n in PUZZLES_PER_PAGE if n <= per_page), reverse=True):
        if puzzle_fit(entry, options, per_page=count).legible:
            return count
    return 0


def larger_page(entry: Entry, options: PageOptions, per_page: int, scale: float) -> str | None:
    """The smallest named page that prints the puzzle legibly, or a custom size; None if none."""
    area = options.size[0] * options.size[1]
    for name, (w, h) in sorted(PAGE_SIZES.items(), key=lambda item: item[1][0] * item[1][1]):
        if (
            w * h > area + 1
            and puzzle_fit(entry, replace(options, page_size=name), per_page=per_page).legible
        ):
            return name
    width, height = (math.ceil(side * scale / INCH) for side in options.size)
    if max(width, height) * INCH > SIDE_RANGE[1]:
        return None
    return f"{width}x{height}in"


def advice(entry: Entry, options: PageOptions, per_page: int, fit: Fit) -> Words:
    """Why the puzzle would be illegible and how to print it legibly."""
    puzzle = entry.puzzle
    across = parts_needed(puzzle.width, fit.scale)
    down = parts_needed(puzzle.height, fit.scale)
    split = words(
        "split the puzzle into {across} x {down} parts of at most {most} cells (from a "
        "picture: a mosaic of {tiles}, or a book's {mosaic})",
        across=across,
        down=down,
        most=f"{math.ceil(puzzle.width / across)} x {math.ceil(puzzle.height / down)}",
        tiles=Option("tiles", f"{across}x{down}"),
    )
    page = larger_page(entry, options, per_page, fit.scale)
    fixes = (["use {larger} or larger"] if page else []) + ["{split}"]
    return words(
        "{heading} ({width} x {height}): cells would be {cell_mm:.1f} mm and clues "
        "{clue_pt:.1f} pt on {page}; for cells of at least {least_mm:g} mm and clues of "
        "{least_pt:g} pt, " + ", or ".join(fixes),
        heading=heading(entry, solution=True),
        width=puzzle.width,
        height=puzzle.height,
        cell_mm=fit.cell_mm,
        clue_pt=fit.clue_pt,
        page=f"{with_a(page_name(options.page_size))} page",
        least_mm=MIN_CELL_MM,
        least_pt=MIN_CLUE_PT,
        larger=Option("page_size", page or ""),
        split=split,
    )


def legibility_problems(
    entries: Sequence[Entry], options: PageOptions, *, per_page: int = 1
) -> list[Words]:
    """One message per puzzle whose cells or clues would print too small."""
    problems = []
    for entry in entries:
        fit = puzzle_fit(entry, options, per_page=per_page)
        if not fit.legible:
            problems.append(advice(entry, options, per_page, fit))
    return problems


def require_legible(
    entries: Sequence[Entry], options: PageOptions, *, per_page: int = 1, force: bool = False
) -> list[str]:
    """The legibility problems as warnings (spelled for the command line) when ``force``;
    otherwise LimitError if any."""
    problems = legibility_problems(entries, options, per_page=per_page)
    if problems and not force:
        more = f" (and {len(problems) - 1} more puzzles)" if len(problems) > 1 else ""
        raise LimitError(
            words(
                "{problem}{more}; or pass {force_small} to print anyway",
                problem=problems[0],
                more=more,
            )
        )
    return [str(problem) for problem in problems]


def glyph_warnings(texts: Iterable[str], options: PageOptions) -> list[str]:
    """A warning naming the characters of ``texts`` no font has (none when all print)."""
    missing = options.fonts().missing(texts)
    return [missing_message(missing)] if missing else []


def entry_texts(entries: Iterable[Entry]) -> list[str]:
    """Every text of these entries that is printed."""
    return [text for entry in entries for text in printed_texts(entry)]
