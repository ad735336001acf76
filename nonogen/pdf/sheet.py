"""Puzzle pages, solution pages and answer keys: one puzzle in a slot of a page."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from nonogen.pdf.figure import Layout, draw_figure, draw_legend, grid_box, layout, legend_names
from nonogen.pdf.pages import MM, Box, PageOptions, Pen, draw_centred, new_canvas, text_area
from nonogen.puzzle import Puzzle
from nonogen.wording import utf8_safe

if TYPE_CHECKING:
    from nonogen.pdf.tiles import Place

KEY_CELL: Final = 4 * MM
"""The largest cell side in an answer key."""
NO_SOLUTION: Final = "no solution recorded"
"""What a solution or answer key says when the puzzle has no goal grid."""


@dataclass(frozen=True)
class Entry:
    """One puzzle as printed: the puzzle and the words around it."""

    puzzle: Puzzle
    """The puzzle, black-and-white or colour; its ``goal`` is printed as the solution."""
    title: str = ""
    """Its title, or an empty string."""
    number: int = 1
    """Its number in the book; the answer key carries the same number."""
    difficulty: str = ""
    """A difficulty label such as ``medium (45)``, or an empty string."""
    place: Place | None = None
    """Where the puzzle goes when it is a tile of a mosaic (its page gets a key of the set,
    its answer the assembled picture); None for a puzzle on its own."""
    answer: str = ""
    """What the puzzle shows, printed with its solution and answer key only (the picture's
    name when the person gave no title): the puzzle's own page gives nothing away."""

    def __post_init__(self) -> None:
        # What UTF-8 cannot encode (a lone surrogate) would fail in reportlab: replace it.
        object.__setattr__(self, "title", utf8_safe(self.title))
        object.__setattr__(self, "answer", utf8_safe(self.answer))
        object.__setattr__(self, "difficulty", utf8_safe(self.difficulty))


def printed_texts(entry: Entry) -> list[str]:
    """The texts of an entry that go on the page (for the glyph check)."""
    return [heading(entry), details(entry), *legend_names(entry.puzzle)]


def heading(entry: Entry, *, solution: bool = False) -> str:
    """The bold first line over a puzzle: its number and title (``Puzzle 3`` untitled); over
    a solution or an answer key, what the puzzle shows (``answer``), else its title."""
    name = (entry.answer or entry.title) if solution else entry.title
    return f"{entry.number}. {name}" if name else f"Puzzle {entry.number}"


def size_text(puzzle: Puzzle) -> str:
    """A puzzle's size as width x height in cells."""
    return f"{puzzle.width} x {puzzle.height}"


def details(entry: Entry) -> str:
    """The second line over a puzzle: size and difficulty."""
    return " · ".join(s for s in (size_text(entry.puzzle), entry.difficulty) if s)


TextLine = tuple[str, float, bool]
"""A line of text over a puzzle: (text, font size, bold)."""


def lines_height(lines: Sequence[TextLine]) -> float:
    """Height that ``draw_lines_of_text`` takes at the top of a box for these lines."""
    sizes = [size * (1.0 if i == 0 else 1.35) for i, (_, size, _) in enumerate(lines)]
    return sum(sizes) + (lines[0][1] * 1.2 if lines else 0)


def below(box: Box, lines: Sequence[TextLine]) -> Box:
    """The part of ``box`` left under these lines of text."""
    y = box.top - lines_height(lines)
    return Box(box.x, box.y, box.w, max(y - box.y, 1.0))


def draw_lines_of_text(pen: Pen, box: Box, lines: Sequence[TextLine], *, grey: float = 0.35) -> Box:
    """Centre lines of (text, size, bold) at the top of ``box``; the rest of the box below them.

    The first line is black, the others ``grey``.
    """
    y = box.top
    for i, (text, size, bold) in enumerate(lines):
        y -= size * (1.0 if i == 0 else 1.35)
        at = (box.x + box.w / 2, y)
        draw_centred(pen, at, text, size, box.w, bold=bold, grey=grey if i else 0.0)
    return below(box, lines)


def heading_size(box: Box) -> float:
    """Font size of a puzzle's heading for a slot of this size."""
    return max(9.0, min(16.0, box.h * 0.035, box.w * 0.05))


def heading_lines(entry: Entry, box: Box, *, solution: bool = False) -> list[TextLine]:
    """The two lines over a puzzle in ``box``: number and title, then size and difficulty."""
    size = heading_size(box)
    second = ("Solution · " if solution else "") + details(entry)
    return [(heading(entry, solution=solution), size, True), (second, size * 0.7, False)]


def puzzle_layout(entry: Entry, box: Box) -> Layout:
    """Where the puzzle's figure goes in a slot ``box``, under its heading (and legend)."""
    rest = below(box, heading_lines(entry, box))
    return layout(entry.puzzle, grid_box(entry.puzzle, rest))


def draw_puzzle(pen: Pen, entry: Entry, box: Box, *, solution: bool = False) -> None:
    """Draw one puzzle, or its solution, with heading and clues, to fit ``box``."""
    rest = draw_lines_of_text(pen, box, heading_lines(entry, box, solution=solution))
    puzzle = entry.puzzle
    if solution and puzzle.goal is None:
        draw_message(pen, rest, NO_SOLUTION)
        return
    lay = layout(puzzle, grid_box(puzzle, rest))
    draw_legend(pen, puzzle, rest, lay)  # a colour legend right under the grid
    draw_figure(pen, puzzle, lay, solution=solution)


def draw_key(pen: Pen, entry: Entry, box: Box) -> None:
    """Draw one answer key: a small solved grid without clues, under its number and title."""
    size = max(7.0, min(10.0, box.h * 0.05))
    rest = draw_lines_of_text(pen, box, [(heading(entry, solution=True), size, True)])
    puzzle = entry.puzzle
    if puzzle.goal is None:
        draw_message(pen, rest, NO_SOLUTION)
        return
    lay = layout(puzzle, rest, clues=False, max_cell=KEY_CELL, above=0)
    draw_figure(pen, puzzle, lay, solution=True)


def draw_message(pen: Pen, box: Box, text: str) -> None:
    """A grey note centred in ``box``, where a grid would have been."""
    draw_centred(pen, (box.x + box.w / 2, box.y + box.h / 2), text, 10, box.w, grey=0.4)


def slots(area: Box, arrangement: tuple[int, int], page_size: tuple[float, float]) -> list[Box]:
    """The area cut into slots; the portrait arrangement is turned on a landscape page."""
    cols, rows = arrangement
    if page_size[0] > page_size[1]:
        cols, rows = rows, cols
    return area.split(cols, rows, gap=6 * MM)


def render(options: PageOptions, title: str, draw: Callable[[Pen], None]) -> bytes:
    """The PDF bytes of what ``draw`` puts on a fresh canvas."""
    out = io.BytesIO()
    pen = Pen(new_canvas(out, options, title=title), options.fonts(), options.patterns)
    draw(pen)
    pen.canvas.save()
    return out.getvalue()


def puzzle_pdf(entry: Entry, *, options: PageOptions, solution: bool = False) -> bytes:
    """A PDF of one puzzle page, followed by its solution page if ``solution``."""

    def draw(pen: Pen) -> None:
        draw_puzzle(pen, entry, text_area(options, 1))
        pen.canvas.showPage()
        if solution:
            draw_puzzle(pen, entry, text_area(options, 2), solution=True)
            pen.canvas.showPage()

    return render(options, heading(entry), draw)


def solution_pdf(entry: Entry, *, options: PageOptions) -> bytes:
    """A PDF of one puzzle's solution page alone: the filled grid with its clues."""

    def draw(pen: Pen) -> None:
        draw_puzzle(pen, entry, text_area(options, 1), solution=True)
        pen.canvas.showPage()

    return render(options, f"{heading(entry, solution=True)} (solution)", draw)
