"""Drawing a case: the subject drawn large and shrunk (antialiased), placed, filled, composited.

The subject's alpha is drawn at ``supersample`` times the picture's scale and averaged down, so
its edge is antialiased; the mask is that alpha cut at 50 %.
"""

from __future__ import annotations

import os
from math import ceil, cos, hypot, radians, sin, sqrt

import numpy as np
import reportlab  # type: ignore[import-untyped, unused-ignore]
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bench.drawn.cases import Case, Subject
from bench.drawn.figures import Figure, Shape
from bench.drawn.paints import RGB, Size

FONT = os.path.join(os.path.dirname(reportlab.__file__), "fonts", "VeraBd.ttf")
MARKS_COLOUR: RGB = (40, 30, 20)


def draw_figure(
    figure: Figure, scale: float, angle: float, ss: int, *, side: int | None = None
) -> Image.Image:
    """The figure white on black, `scale` pixels per unit, turned clockwise, centred in a square."""
    reach = max(hypot(x, y) for op in figure for x, y in op.points)
    pad = max(op.width for op in figure) * ss
    side = side or 2 * ceil(reach * scale + pad) + 4
    canvas = Image.new("L", (side, side), 0)
    draw = ImageDraw.Draw(canvas)
    c, s = cos(radians(angle)), sin(radians(angle))
    for op in figure:
        pts = [
            (side / 2 + scale * (x * c - y * s), side / 2 + scale * (x * s + y * c))
            for x, y in op.points
        ]
        ink = 255 if op.ink else 0
        if op.width == 0:
            draw.polygon(pts, fill=ink)
            continue
        w = op.width * ss
        draw.line(pts, fill=ink, width=round(w), joint="curve")
        if w >= 3:  # round caps; a 1-2 pixel line needs none
            for x, y in (pts[0], pts[-1]):
                draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=ink)
    return canvas


def draw_text(text: str, scale: float, angle: float) -> Image.Image:
    """The text in Vera Bold white on black, 2 * scale pixels per em, turned clockwise."""
    font = ImageFont.truetype(FONT, size=max(8, round(2 * scale)))
    left, top, right, bottom = (round(v) for v in font.getbbox(text))  # whole pixels already
    canvas = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(canvas).text((4 - left, 4 - top), text, fill=255, font=font)
    canvas = canvas.crop(canvas.getbbox())
    return canvas.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)


def draw_shape(shape: Shape, scale: float, angle: float, ss: int) -> Image.Image:
    """The shape's alpha at the drawing scale, centred on its own canvas."""
    if isinstance(shape, str):
        return draw_text(shape, scale, angle)
    return draw_figure(shape, scale, angle, ss)


def ink_area(alpha: Image.Image, ss: int) -> float:
    """The covered area of an alpha at drawing scale, in output pixels."""
    return float(np.asarray(alpha, dtype=float).sum()) / 255 / ss**2


def fit_scale(subject: Subject, size: Size) -> float:
    """The drawing scale that gives the subject its area and still fits the free room."""
    ss, (w, h), m = subject.supersample, size, subject.margin
    probe_scale = 60.0 * ss
    probe = draw_shape(subject.shape, probe_scale, subject.angle, ss)
    x0, y0, x1, y1 = probe.getbbox() or (0, 0, 1, 1)
    fit = subject.span * min((w - 2 * m) * ss / (x1 - x0), (h - 2 * m) * ss / (y1 - y0))
    if subject.area is None:
        return probe_scale * fit * 0.97
    grow = sqrt(subject.area * w * h / ink_area(probe, ss))
    return probe_scale * min(grow, fit * 0.97)


def place(subject: Subject, size: Size) -> tuple[Image.Image, Image.Image]:
    """The subject's and the marks' alphas at drawing scale, placed on the whole picture."""
    ss, (w, h), m = subject.supersample, size, subject.margin
    scale = fit_scale(subject, size)
    alpha = draw_shape(subject.shape, scale, subject.angle, ss)
    while True:  # the probe's box grows almost but not exactly linearly: shrink until it fits
        bbox = alpha.getbbox() or (0, 0, 1, 1)
        bw, bh = bbox[2] - bbox[0], bbox[3] - bbox[1]
        if bw <= (w - 2 * m) * ss and bh <= (h - 2 * m) * ss:
            break
        scale *= 0.95
        alpha = draw_shape(subject.shape, scale, subject.angle, ss)
    marks = Image.new("L", alpha.size)
    if subject.marks:  # on the subject's canvas, so both share one frame (text has no marks)
        marks = draw_figure(subject.marks, scale, subject.angle, ss, side=alpha.size[0])
    x = m * ss + round(subject.at[0] * ((w - 2 * m) * ss - bw))
    y = m * ss + round(subject.at[1] * ((h - 2 * m) * ss - bh))
    whole_alpha, whole_marks = Image.new("L", (w * ss, h * ss)), Image.new("L", (w * ss, h * ss))
    whole_alpha.paste(alpha.crop(bbox), (x, y))
    whole_marks.paste(marks.crop(bbox), (x, y))
    return whole_alpha, whole_marks


def shrink(alpha: Image.Image, ss: int) -> Image.Image:
    """The alpha averaged down from drawing scale to picture scale."""
    return alpha.reduce(ss) if ss > 1 else alpha


def render(case: Case, rng: np.random.Generator) -> tuple[Image.Image, Image.Image | None]:
    """The case's picture (RGB) and its mask (mode "1", white = subject), or no mask."""
    picture = case.background(case.size, rng)
    subject = case.subject
    if subject is None:
        return picture, None
    big_alpha, big_marks = place(subject, case.size)
    alpha, marks = shrink(big_alpha, subject.supersample), shrink(big_marks, subject.supersample)
    x0, y0, x1, y1 = alpha.getbbox() or (0, 0, 1, 1)
    layer = Image.new("RGB", case.size, (0, 0, 0))
    layer.paste(subject.fill((x1 - x0, y1 - y0), rng), (x0, y0))
    picture = Image.composite(layer, picture, alpha)
    marks = ImageChops.darker(marks, alpha)
    picture = Image.composite(Image.new("RGB", case.size, MARKS_COLOUR), picture, marks)
    mask = np.asarray(alpha) >= 128
    check_mask(case.name, mask)
    return picture, Image.fromarray(mask)


def check_mask(name: str, mask: np.ndarray) -> None:
    """Raise if the subject touches the picture's edge or covers less than 0.3 % or over 65 %."""
    rows, cols = np.nonzero(mask)
    h, w = mask.shape
    if rows.min() < 1 or cols.min() < 1 or rows.max() > h - 2 or cols.max() > w - 2:
        raise ValueError(f"expected {name}'s subject to keep off the edge")
    share = mask.mean()
    if not 0.003 <= share <= 0.65:
        raise ValueError(f"expected {name}'s subject to cover 0.3-65 %, got {share:.1%}")
