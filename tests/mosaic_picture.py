"""A picture drawn for the mosaic tests: a scene of separate subjects on white, 10 pixels a
cell at 60 cells wide, with checkered patches that leave the tiles' clues ambiguous until
repaired. A pole runs down it right of the middle, so a cut at the even split runs along
empty columns and keeps the tiles 30 x 30."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

CELL = 10
"""Pixels a cell at 60 cells wide."""


def _checks(draw: ImageDraw.ImageDraw, x: int, y: int, *, n: int, step: int, odd: int) -> None:
    """White squares of ``step - 1`` pixels on every other place of an ``n`` x ``n`` field."""
    for k in range(n):
        for j in range(n):
            if (k + j) % 2 == odd:
                at = (x + step * k, y + step * j)
                draw.rectangle((*at, at[0] + step - 2, at[1] + step - 2), fill=255)


def mosaic_picture(scale: int = 1) -> bytes:
    """The scene as PNG bytes, ``600 * scale`` pixels square."""
    image = Image.new("L", (600, 600), 255)
    draw = ImageDraw.Draw(image)
    draw.ellipse((30, 40, 250, 250), fill=0)  # a freckled sun
    _checks(draw, 80, 90, n=6, step=2 * CELL, odd=1)
    draw.rectangle((330, 20, 359, 580), fill=0)  # a pole
    draw.rectangle((380, 90, 560, 260), fill=0)  # a house with windows
    draw.polygon([(370, 90), (470, 20), (580, 90)], fill=0)
    _checks(draw, 400, 130, n=4, step=3 * CELL, odd=0)
    draw.rectangle((20, 330, 260, 370), fill=0)  # the ground
    draw.rectangle((380, 330, 580, 370), fill=0)
    draw.ellipse((40, 400, 250, 570), fill=0)  # a bush
    for k in range(5):  # stones
        top = 420 + (k % 2) * 4 * CELL
        draw.ellipse((380 + 40 * k, top, 410 + 40 * k, top + 3 * CELL), fill=0)
    for x, y in ((60, 270), (200, 270), (400, 270), (520, 270), (120, 575), (280, 575)):
        for dx, dy in ((0, 0), (CELL, CELL)):  # seeds: one cell and its diagonal neighbour
            draw.rectangle((x + dx, y + dy, x + dx + CELL - 1, y + dy + CELL - 1), fill=0)
    if scale != 1:
        image = image.resize((600 * scale, 600 * scale), Image.Resampling.NEAREST)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
