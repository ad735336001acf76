"""PNG previews of made puzzles (Pillow): the puzzle as it will look beside its solution.

The left panel is the empty grid with its clues, the way it prints. The right panel is the
solution; cells the generator flipped are marked in red: a red square for a cell it filled,
a red cross for a cell it cleared, so the changes to the picture are plain to see.
"""

from __future__ import annotations

import io
from typing import Final

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from nonogen.grid import Grid
from nonogen.puzzle import Puzzle

INK: Final = (20, 20, 20)
PAPER: Final = (255, 255, 255)
THIN: Final = (170, 170, 170)
MARK: Final = (215, 40, 40)


def _cell_px(puzzle: Puzzle) -> int:
    """Cell size in pixels: big for small puzzles, at least 6 px, at most ~1600 px wide."""
    return max(6, min(24, 1000 // max(puzzle.width, puzzle.height, 1)))


def _grid_lines(
    draw: ImageDraw.ImageDraw, origin: tuple[int, int], shape: tuple[int, int], px: int
) -> None:
    """Thin lines, a thicker one every 5 cells, and a heavy border."""
    x0, y0 = origin
    rows, cols = shape
    for i in range(rows + 1):
        width = 3 if i in (0, rows) else 2 if i % 5 == 0 else 1
        colour = INK if width > 1 else THIN
        draw.line([(x0, y0 + i * px), (x0 + cols * px, y0 + i * px)], fill=colour, width=width)
    for j in range(cols + 1):
        width = 3 if j in (0, cols) else 2 if j % 5 == 0 else 1
        colour = INK if width > 1 else THIN
        draw.line([(x0 + j * px, y0), (x0 + j * px, y0 + rows * px)], fill=colour, width=width)


def preview_png(puzzle: Puzzle, solution: Grid, source: Grid | None = None) -> bytes:
    """The preview as PNG bytes; flips are the cells where ``solution`` differs from ``source``."""
    px = _cell_px(puzzle)
    font = ImageFont.load_default(max(7, int(px * 0.62)))
    digit = max(6, int(px * 0.62))
    clue_w = max((len(" ".join(map(str, c))) for c in puzzle.rows), default=1) * digit + px // 2
    clue_h = max((len(c) for c in puzzle.cols), default=1) * px + px // 2
    gw, gh = puzzle.width * px, puzzle.height * px
    pad = px
    image = Image.new("RGB", (clue_w + gw + 3 * pad + gw + pad, clue_h + gh + 2 * pad), PAPER)
    draw = ImageDraw.Draw(image)
    x0, y0 = pad + clue_w, pad + clue_h
    for r, clue in enumerate(puzzle.rows):
        text = " ".join(map(str, clue)) or "0"
        draw.text((x0 - px // 4, y0 + r * px + px / 2), text, fill=INK, font=font, anchor="rm")
    for c, clue in enumerate(puzzle.cols):
        for k, run in enumerate(reversed(clue or (0,))):
            y = y0 - px // 4 - k * px
            draw.text((x0 + c * px + px / 2, y), str(run), fill=INK, font=font, anchor="md")
    _grid_lines(draw, (x0, y0), (puzzle.height, puzzle.width), px)

    sx = x0 + gw + 2 * pad
    flipped = np.zeros_like(solution) if source is None else solution != source
    for r, c in zip(*np.nonzero(solution | flipped), strict=True):
        box = (sx + c * px, y0 + r * px, sx + (c + 1) * px, y0 + (r + 1) * px)
        if solution[r, c]:
            draw.rectangle(box, fill=MARK if flipped[r, c] else INK)
        else:
            inset = max(1, px // 4)
            a, b, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
            draw.line([(a, b), (x1, y1)], fill=MARK, width=max(1, px // 8))
            draw.line([(a, y1), (x1, b)], fill=MARK, width=max(1, px // 8))
    _grid_lines(draw, (sx, y0), (puzzle.height, puzzle.width), px)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
