"""Pattern marks per colour, so colour puzzles still read on grey-scale printers.

Colour ``i`` (1 to 8) gets ``PATTERNS[i - 1]``: plain, then hatching, dots and grids that
stay apart when every colour prints as a similar grey. Marks are drawn over a region already
clipped to the swatches or cells of that colour, in the ink that contrasts with the colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped, unused-ignore]

from nonogen.palette import RGB255
from nonogen.pdf.pages import Box

Segment = tuple[float, float, float, float]
"""A line from (x1, y1) to (x2, y2), in points."""

PATTERNS: Final = (
    "plain",
    "diagonal",
    "dots",
    "horizontal",
    "vertical",
    "crosshatch",
    "back-diagonal",
    "grid",
)
"""The pattern of each block colour, in palette order (the background has none)."""
MARK_WIDTH: Final = 0.12
"""Line width of hatching, per pattern spacing."""


def pattern_of(colour: int) -> str:
    """The pattern name of block colour ``colour`` (1-based palette index)."""
    return PATTERNS[(colour - 1) % len(PATTERNS)]


def _verticals(box: Box, step: float) -> list[Segment]:
    n = math.ceil(box.w / step)
    return [(box.x + (i + 0.5) * step, box.y, box.x + (i + 0.5) * step, box.top) for i in range(n)]


def _horizontals(box: Box, step: float) -> list[Segment]:
    n = math.ceil(box.h / step)
    return [
        (box.x, box.y + (i + 0.5) * step, box.x + box.w, box.y + (i + 0.5) * step) for i in range(n)
    ]


def _diagonals(box: Box, step: float, *, rising: bool = True) -> list[Segment]:
    """Lines at 45 degrees across the box, ``step`` apart horizontally."""
    n = math.ceil((box.w + box.h) / step) + 1
    out = []
    for i in range(n):
        x = box.x - box.h + i * step
        if rising:
            out.append((x, box.y, x + box.h, box.top))
        else:
            out.append((x, box.top, x + box.h, box.y))
    return out


LINES: Final[dict[str, Callable[[Box, float], list[Segment]]]] = {
    "plain": lambda box, step: [],
    "dots": lambda box, step: [],
    "diagonal": _diagonals,
    "horizontal": _horizontals,
    "vertical": _verticals,
    "crosshatch": lambda box, step: _diagonals(box, step) + _diagonals(box, step, rising=False),
    "back-diagonal": lambda box, step: _diagonals(box, step, rising=False),
    "grid": lambda box, step: _horizontals(box, step) + _verticals(box, step),
}
"""The hatching lines of each pattern over a box, ``step`` apart (none for plain and dots)."""


def draw_pattern(canvas: Canvas, name: str, box: Box, step: float, ink: RGB255) -> None:
    """Draw pattern ``name`` over ``box`` (clip it first) in ``ink``, marks ``step`` apart."""
    red, green, blue = (v / 255 for v in ink)
    lines = LINES[name](box, step)
    if lines:
        canvas.setStrokeColorRGB(red, green, blue)
        canvas.setLineWidth(MARK_WIDTH * step)
        canvas.lines(lines)
    if name == "dots":
        path = canvas.beginPath()
        for i in range(math.ceil(box.w / step)):
            for j in range(math.ceil(box.h / step)):
                x, y = box.x + (i + 0.5) * step, box.y + (j + 0.5) * step
                path.circle(x, y, 0.16 * step)
        canvas.setFillColorRGB(red, green, blue)
        canvas.drawPath(path, stroke=0, fill=1)
