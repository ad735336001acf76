"""Write the subject-finding benchmark: synthetic pictures whose subject mask is known exactly.

    .venv/bin/python samples/bench/make_bench.py [OUT_FOLDER]

Every picture is a background, a subject drawn at 4x and shrunk (so its edge is antialiased),
composited through that antialiased alpha; the mask is the alpha cut at 50 %. Pictures without
a subject have mask - in bench.tsv. Each case draws from its own RNG, seeded from its
name, so the same script writes the same bytes and adding a case changes no other picture.
"""

from __future__ import annotations

import argparse
import os
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from math import ceil, cos, hypot, pi, radians, sin, sqrt
from pathlib import Path

import numpy as np
import reportlab  # type: ignore[import-untyped, unused-ignore]
import skimage.data
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

HERE = Path(__file__).parent
FONT = os.path.join(os.path.dirname(reportlab.__file__), "fonts", "VeraBd.ttf")

Size = tuple[int, int]  # Pillow's (width, height) in pixels
RGB = tuple[int, int, int]
Point = tuple[float, float]  # (x, y), x to the right, y down
Paint = Callable[[Size, np.random.Generator], Image.Image]  # size, rng -> an RGB picture


@dataclass(frozen=True)
class Op:
    """One drawing step of a figure, in units where the figure fits about [-1, 1] x [-1, 1]."""

    points: tuple[Point, ...]
    """The polygon's corners, or the polyline's points."""
    ink: bool = True
    """True adds to the figure, False cuts a hole."""
    width: float = 0.0
    """0 fills the polygon; more draws a polyline this many output pixels wide."""


Figure = tuple[Op, ...]
Subject = Figure | str  # a str is drawn in Vera Bold


@dataclass(frozen=True)
class Case:
    """One benchmark picture: how to paint it and what its subject is."""

    name: str
    """File stem of the picture and of its mask."""
    kind: str
    """What sort of subject: shape, text, outline, stroke, thin-line, or none."""
    what: str
    """A one-line description for humans."""
    size: Size
    """The picture's (width, height)."""
    background: Paint
    """Paints the whole picture behind the subject."""
    subject: Subject | None = None
    """The figure or text; None for a picture without a subject."""
    fill: Paint | None = None
    """Paints the subject's bounding box; black when None."""
    area: float | None = 0.2
    """Target subject area as a fraction of the picture; None sizes by `span` only."""
    span: float = 1.0
    """Largest fraction of the free width and height the subject's box may take."""
    at: Point = (0.5, 0.5)
    """Where the subject's box sits in the free room: (0, 0) top left, (1, 1) bottom right."""
    angle: float = 0.0
    """Clockwise turn of the subject in degrees."""
    margin: int = 10
    """Pixels kept free between the subject's box and the picture's edge."""
    marks: Figure | None = None
    """Details drawn on the subject in the same frame (not part of the mask), e.g. a face."""
    marks_colour: RGB = (40, 30, 20)
    """Colour of the marks."""
    quality: int | None = None
    """JPEG quality, or None to save a PNG."""
    supersample: int = 4
    """Drawing scale; 1 draws crisp, aliased lines."""


# --- colours -------------------------------------------------------------------------------


def luma(rgb: RGB) -> float:
    """The grey level of a colour as Pillow's convert("L") computes it (ITU-R 601-2)."""
    return (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) / 1000


def at_luma(rgb: RGB, level: float) -> RGB:
    """The colour scaled to the grey level `level` (only darkening keeps the hue exact)."""
    factor = level / luma(rgb)
    if max(rgb) * factor > 255:
        raise ValueError(f"expected a colour that reaches grey {level} below 255, got {rgb!r}")
    r, g, b = (round(c * factor) for c in rgb)
    return (r, g, b)


# --- paints: backgrounds and subject fills -------------------------------------------------


def blend(t: np.ndarray, start: RGB, end: RGB) -> Image.Image:
    """The picture that is `start` where t is 0 and `end` where t is 1; t is (rows, cols)."""
    t = np.clip(t, 0.0, 1.0)[..., None]
    rgb = (1 - t) * np.array(start, float) + t * np.array(end, float)
    return Image.fromarray(np.round(rgb).astype(np.uint8), "RGB")


def grid(size: Size) -> tuple[np.ndarray, np.ndarray]:
    """Pixel-centre x and y coordinates, each a (rows, cols) float array."""
    w, h = size
    y, x = np.mgrid[0:h, 0:w].astype(float) + 0.5
    return x, y


def flat(size: Size, rng: np.random.Generator, *, colour: RGB) -> Image.Image:
    """One colour everywhere."""
    return Image.new("RGB", size, colour)


def linear(
    size: Size, rng: np.random.Generator, *, start: RGB, end: RGB, angle: float = 0.0
) -> Image.Image:
    """A linear gradient across the whole picture, `angle` degrees clockwise from left->right."""
    x, y = grid(size)
    d = x * cos(radians(angle)) + y * sin(radians(angle))
    return blend((d - d.min()) / (d.max() - d.min()), start, end)


def radial(
    size: Size, rng: np.random.Generator, *, inner: RGB, outer: RGB, centre: Point = (0.5, 0.5)
) -> Image.Image:
    """A radial gradient (a vignette when the outside is darker) around a relative centre."""
    x, y = grid(size)
    d = np.hypot(x - centre[0] * size[0], y - centre[1] * size[1])
    return blend(d / d.max(), inner, outer)


def stripes(
    size: Size, rng: np.random.Generator, *, a: RGB, b: RGB, period: float, angle: float = 0.0
) -> Image.Image:
    """Soft-edged stripes `period` pixels apart, turned `angle` degrees from vertical."""
    x, y = grid(size)
    d = x * cos(radians(angle)) + y * sin(radians(angle))
    return blend(np.clip(0.5 + 3 * np.sin(2 * pi * d / period), 0, 1), a, b)


def checker(size: Size, rng: np.random.Generator, *, a: RGB, b: RGB, cell: int) -> Image.Image:
    """A checkerboard of `cell`-pixel squares."""
    x, y = grid(size)
    return blend(((x // cell + y // cell) % 2).astype(float), a, b)


def dots(
    size: Size, rng: np.random.Generator, *, ground: RGB, dot: RGB, spacing: float, radius: float
) -> Image.Image:
    """Round dots of `radius` pixels on a square lattice `spacing` pixels apart."""
    x, y = grid(size)
    dx, dy = (x % spacing) - spacing / 2, (y % spacing) - spacing / 2
    return blend(np.clip(radius + 0.5 - np.hypot(dx, dy), 0, 1), ground, dot)


def noise(
    size: Size, rng: np.random.Generator, *, mean: RGB, sigma: float, blur: float = 0.0
) -> Image.Image:
    """Grey Gaussian noise of `sigma` levels around a colour, optionally blurred."""
    w, h = size
    grain = rng.normal(0.0, sigma, (h, w, 1))
    rgb = np.clip(np.array(mean, float) + grain, 0, 255)
    picture = Image.fromarray(np.round(rgb).astype(np.uint8), "RGB")
    return picture.filter(ImageFilter.GaussianBlur(blur)) if blur else picture


def uniform_noise(size: Size, rng: np.random.Generator) -> Image.Image:
    """Every pixel an independent uniform grey level: pure noise."""
    w, h = size
    return Image.fromarray(rng.integers(0, 256, (h, w), dtype=np.uint8), "L").convert("RGB")


def photo(
    size: Size,
    rng: np.random.Generator,
    *,
    name: str,
    blur: float = 0.0,
    tones: tuple[int, int] = (0, 255),
) -> Image.Image:
    """A random crop of a scikit-image picture, resized, blurred, its levels mapped into `tones`."""
    source = getattr(skimage.data, name)()
    picture = Image.fromarray(source).convert("RGB")
    sw, sh = picture.size
    w, h = size
    zoom = rng.uniform(0.45, 0.9) * min(sw / w, sh / h)
    cw, ch = round(w * zoom), round(h * zoom)
    x, y = int(rng.integers(0, sw - cw + 1)), int(rng.integers(0, sh - ch + 1))
    picture = picture.crop((x, y, x + cw, y + ch)).resize(size, Image.Resampling.LANCZOS)
    if blur:
        picture = picture.filter(ImageFilter.GaussianBlur(blur))
    lo, hi = tones
    return picture.point(lambda v: round(lo + (hi - lo) * v / 255))


def with_speck(size: Size, rng: np.random.Generator, *, ground: RGB, speck: int) -> Image.Image:
    """A flat picture with one dark dot `speck` pixels across somewhere off-centre."""
    picture = Image.new("RGB", size, ground)
    x = int(rng.integers(size[0] // 5, size[0] * 4 // 5))
    y = int(rng.integers(size[1] // 5, size[1] * 4 // 5))
    ImageDraw.Draw(picture).rectangle((x, y, x + speck - 1, y + speck - 1), fill=(20, 20, 20))
    return picture


# --- figures in unit coordinates ------------------------------------------------------------


def ellipse(
    rx: float, ry: float, cx: float = 0.0, cy: float = 0.0, n: int = 96
) -> tuple[Point, ...]:
    """The corners of an n-gon that stands in for an ellipse."""
    return tuple((cx + rx * cos(2 * pi * k / n), cy + ry * sin(2 * pi * k / n)) for k in range(n))


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    """The corners of an axis-aligned rectangle."""
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def star(points: int = 5, inner: float = 0.42) -> Figure:
    """A star with `points` tips, pointing up."""
    corners = [
        ((1.0 if k % 2 == 0 else inner), -pi / 2 + pi * k / points) for k in range(2 * points)
    ]
    return (Op(tuple((r * cos(a), r * sin(a)) for r, a in corners)),)


def heart() -> Figure:
    """The classic parametric heart."""
    ts = [2 * pi * k / 160 for k in range(160)]
    pts = [
        (16 * sin(t) ** 3, -(13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)))
        for t in ts
    ]
    return (Op(tuple((x / 17, (y + 2.5) / 17) for x, y in pts)),)


def arrow() -> Figure:
    """A fat arrow pointing right."""
    pts = ((-1, -0.28), (0.15, -0.28), (0.15, -0.7), (1, 0), (0.15, 0.7), (0.15, 0.28), (-1, 0.28))
    return (Op(pts),)


def plus(arm: float = 0.32) -> Figure:
    """A Greek cross with arms `arm` half-wide."""
    return (Op(box(-1, -arm, 1, arm)), Op(box(-arm, -1, arm, 1)))


def crescent() -> Figure:
    """A disc with an offset disc cut away."""
    return (Op(ellipse(1, 1)), Op(ellipse(0.82, 0.82, 0.42, -0.18), ink=False))


def regular(n: int) -> Figure:
    """A regular n-gon."""
    return (Op(ellipse(1, 1, n=n)),)


def polygon(seed: int, n: int = 8) -> Figure:
    """An irregular star-shaped polygon whose corners come from their own seeded RNG."""
    rng = np.random.default_rng(seed)
    angles = np.sort(rng.uniform(0, 2 * pi, n))
    radii = rng.uniform(0.5, 1.0, n)
    return (Op(tuple((r * cos(a), r * sin(a)) for r, a in zip(radii, angles, strict=True))),)


def house() -> Figure:
    """A house with a roof, a chimney, an open door and one window."""
    roof = ((-1.0, -0.05), (0.0, -0.95), (1.0, -0.05))
    return (
        Op(box(0.35, -0.9, 0.6, -0.3)),
        Op(roof),
        Op(box(-0.75, -0.1, 0.75, 1.0)),
        Op(box(-0.45, 0.4, -0.1, 1.0), ink=False),
        Op(box(0.2, 0.2, 0.5, 0.5), ink=False),
    )


def tree() -> Figure:
    """A fir tree: three stacked triangles on a trunk."""
    tiers = [((-0.45, -0.35), (0.0, -1.0), (0.45, -0.35))]
    tiers.append(((-0.65, 0.15), (0.0, -0.6), (0.65, 0.15)))
    tiers.append(((-0.85, 0.65), (0.0, -0.2), (0.85, 0.65)))
    return (Op(box(-0.13, 0.5, 0.13, 1.0)), *(Op(t) for t in tiers))


def cat() -> Figure:
    """A sitting cat seen from behind: body, head, ears and a curled tail made of discs."""
    parts = [Op(ellipse(0.5, 0.58, 0, 0.38)), Op(ellipse(0.36, 0.33, 0, -0.42))]
    parts.append(Op(((-0.34, -0.5), (-0.3, -0.95), (-0.05, -0.7))))
    parts.append(Op(((0.34, -0.5), (0.3, -0.95), (0.05, -0.7))))
    for k in range(24):
        t = k / 23
        x, y = 0.3 + 0.55 * sin(t * 2.2), 0.9 - 0.75 * t * t
        parts.append(Op(ellipse(0.09, 0.09, x, y, n=24)))
    return tuple(parts)


def fish() -> Figure:
    """A fish facing left, with a tail fin and an eye cut through."""
    return (
        Op(ellipse(0.72, 0.42, -0.2, 0)),
        Op(((0.35, 0.0), (0.95, -0.5), (0.8, 0.0), (0.95, 0.5))),
        Op(ellipse(0.07, 0.07, -0.58, -0.1, n=24), ink=False),
    )


def ring(inner: float = 0.62) -> Figure:
    """A disc with a round hole."""
    return (Op(ellipse(1, 1)), Op(ellipse(inner, inner), ink=False))


def frame(inner: float = 0.68) -> Figure:
    """A square with a square hole."""
    return (Op(box(-1, -1, 1, 1)), Op(box(-inner, -inner, inner, inner), ink=False))


def face_marks() -> Figure:
    """Two eyes and a smile, to draw on a disc."""
    eyes = (Op(ellipse(0.11, 0.17, -0.33, -0.25, n=32)), Op(ellipse(0.11, 0.17, 0.33, -0.25, n=32)))
    smile = (Op(ellipse(0.55, 0.4, 0, 0.12)), Op(ellipse(0.62, 0.4, 0, -0.02), ink=False))
    return smile + eyes  # the smile cuts its own hole first, then the eyes go on


def closed(points: tuple[Point, ...]) -> tuple[Point, ...]:
    """The polyline that goes round a polygon back to its first point."""
    return (*points, points[0])


def stick_figure(width: float) -> Figure:
    """A stick figure waving: round head outline, body, arms and legs."""
    head = Op(closed(ellipse(0.22, 0.22, 0, -0.75, n=48)), width=width)
    body = Op(((0, -0.53), (0, 0.3)), width=width)
    arms = Op(((-0.6, 0.05), (-0.3, -0.2), (0, -0.3), (0.35, -0.45), (0.55, -0.85)), width=width)
    legs = Op(((-0.45, 1.0), (0, 0.3), (0.45, 1.0)), width=width)
    return (head, body, arms, legs)


def spiral(width: float, turns: float = 3.2) -> Figure:
    """An Archimedean spiral from the centre out to radius 1."""
    n = int(turns * 64)
    pts = tuple(
        ((k / n) * cos(2 * pi * turns * k / n), (k / n) * sin(2 * pi * turns * k / n))
        for k in range(1, n + 1)
    )
    return (Op(pts, width=width),)


def house_lines(width: float) -> Figure:
    """A line drawing of a house: outline, roof, door, window with a cross."""
    outline = ((-0.75, -0.1), (-0.75, 1.0), (0.75, 1.0), (0.75, -0.1), (-0.75, -0.1))
    roof = ((-0.95, 0.0), (0.0, -0.9), (0.95, 0.0))
    door = ((-0.45, 1.0), (-0.45, 0.4), (-0.1, 0.4), (-0.1, 1.0))
    window = closed(box(0.15, 0.15, 0.55, 0.55))
    bars = (((0.35, 0.15), (0.35, 0.55)), ((0.15, 0.35), (0.55, 0.35)))
    lines = (outline, roof, door, window, *bars)
    return tuple(Op(line, width=width) for line in lines)


def sun_lines(width: float) -> Figure:
    """A line drawing of a sun: a circle and twelve rays."""
    rays = tuple(
        Op(((0.55 * cos(a), 0.55 * sin(a)), (cos(a), sin(a))), width=width)
        for a in (2 * pi * k / 12 for k in range(12))
    )
    return (Op(closed(ellipse(0.42, 0.42, n=64)), width=width), *rays)


# --- drawing ----------------------------------------------------------------------------------


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


def draw_subject(subject: Subject, scale: float, angle: float, ss: int) -> Image.Image:
    """The subject's alpha at the drawing scale, centred on its own canvas."""
    if isinstance(subject, str):
        return draw_text(subject, scale, angle)
    return draw_figure(subject, scale, angle, ss)


def ink_area(alpha: Image.Image, ss: int) -> float:
    """The covered area of an alpha at drawing scale, in output pixels."""
    return float(np.asarray(alpha, dtype=float).sum()) / 255 / ss**2


def fit_scale(case: Case, subject: Subject) -> float:
    """The drawing scale that gives the case its subject area and still fits the free room."""
    ss, (w, h), m = case.supersample, case.size, case.margin
    probe_scale = 60.0 * ss
    probe = draw_subject(subject, probe_scale, case.angle, ss)
    x0, y0, x1, y1 = probe.getbbox() or (0, 0, 1, 1)
    fit = case.span * min((w - 2 * m) * ss / (x1 - x0), (h - 2 * m) * ss / (y1 - y0))
    if case.area is None:
        return probe_scale * fit * 0.97
    grow = sqrt(case.area * w * h / ink_area(probe, ss))
    return probe_scale * min(grow, fit * 0.97)


def place(case: Case, subject: Subject) -> tuple[Image.Image, Image.Image]:
    """The subject's and the marks' alphas at drawing scale, placed on the whole picture."""
    ss, (w, h), m = case.supersample, case.size, case.margin
    scale = fit_scale(case, subject)
    alpha = draw_subject(subject, scale, case.angle, ss)
    while True:  # the probe's box grows almost but not exactly linearly: shrink until it fits
        bbox = alpha.getbbox() or (0, 0, 1, 1)
        bw, bh = bbox[2] - bbox[0], bbox[3] - bbox[1]
        if bw <= (w - 2 * m) * ss and bh <= (h - 2 * m) * ss:
            break
        scale *= 0.95
        alpha = draw_subject(subject, scale, case.angle, ss)
    marks = Image.new("L", alpha.size)
    if case.marks:  # on the subject's canvas, so both share one frame (text has no marks)
        marks = draw_figure(case.marks, scale, case.angle, ss, side=alpha.size[0])
    x = m * ss + round(case.at[0] * ((w - 2 * m) * ss - bw))
    y = m * ss + round(case.at[1] * ((h - 2 * m) * ss - bh))
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
    if case.subject is None:
        return picture, None
    big_alpha, big_marks = place(case, case.subject)
    alpha, marks = shrink(big_alpha, case.supersample), shrink(big_marks, case.supersample)
    x0, y0, x1, y1 = alpha.getbbox() or (0, 0, 1, 1)
    layer = Image.new("RGB", case.size, (0, 0, 0))
    if case.fill is not None:
        layer.paste(case.fill((x1 - x0, y1 - y0), rng), (x0, y0))
    picture = Image.composite(layer, picture, alpha)
    marks = ImageChops.darker(marks, alpha)
    picture = Image.composite(Image.new("RGB", case.size, case.marks_colour), picture, marks)
    mask = np.asarray(alpha) >= 128
    check_mask(case, mask)
    return picture, Image.fromarray(mask)


def check_mask(case: Case, mask: np.ndarray) -> None:
    """Raise if the subject touches the picture's edge or covers less than 0.3 % or over 65 %."""
    rows, cols = np.nonzero(mask)
    h, w = mask.shape
    if rows.min() < 1 or cols.min() < 1 or rows.max() > h - 2 or cols.max() > w - 2:
        raise ValueError(f"expected {case.name}'s subject to keep off the edge")
    share = mask.mean()
    if not 0.003 <= share <= 0.65:
        raise ValueError(f"expected {case.name}'s subject to cover 0.3-65 %, got {share:.1%}")


# --- the benchmark ----------------------------------------------------------------------------

WHITE, INK = (255, 255, 255), (20, 20, 20)
ORANGE, LIGHT_BLUE = at_luma((240, 130, 20), 140), at_luma((90, 150, 255), 140)
RED, GREEN = at_luma((220, 30, 30), 90), at_luma((40, 170, 40), 90)
TEAL, MAGENTA = at_luma((0, 150, 150), 100), at_luma((230, 40, 200), 100)


def solid(colour: RGB) -> Paint:
    """A paint of one colour."""
    return partial(flat, colour=colour)


def plain_shapes() -> list[Case]:
    """Filled shapes in one colour on flat, gradient, pattern and noise backgrounds."""
    return [
        Case(
            "star_black_on_white",
            "shape",
            "black five-point star centred on white",
            (320, 320),
            solid(WHITE),
            star(),
            solid(INK),
            area=0.25,
        ),
        Case(
            "heart_on_dark_to_light",
            "shape",
            "red heart on a strong left-to-right dark-to-light grey gradient",
            (360, 270),
            partial(linear, start=(25, 25, 30), end=(235, 235, 230)),
            heart(),
            solid((200, 30, 40)),
            area=0.3,
            at=(0.45, 0.5),
            angle=-10,
            quality=80,
        ),
        Case(
            "arrow_on_vignette",
            "shape",
            "cream arrow turned 25 degrees, off-centre on a dark blue vignette",
            (400, 200),
            partial(radial, inner=(70, 90, 140), outer=(10, 10, 25)),
            arrow(),
            solid((245, 245, 235)),
            area=0.15,
            at=(0.3, 0.6),
            angle=25,
        ),
        Case(
            "disc_near_right_edge",
            "shape",
            "dark grey disc 3 px from the right edge on pale blue",
            (240, 320),
            solid((210, 225, 240)),
            (Op(ellipse(1, 1)),),
            solid((60, 60, 70)),
            area=0.12,
            at=(1.0, 0.4),
            margin=3,
        ),
        Case(
            "cross_on_checker",
            "shape",
            "red cross turned 15 degrees on a low-contrast grey checkerboard",
            (300, 300),
            partial(checker, a=(200, 200, 200), b=(225, 225, 225), cell=20),
            plus(),
            solid((200, 20, 30)),
            area=0.22,
            angle=15,
        ),
        Case(
            "crescent_on_night",
            "shape",
            "pale yellow crescent high on the left of a dark blue vignette",
            (280, 360),
            partial(radial, inner=(40, 50, 110), outer=(5, 5, 25), centre=(0.4, 0.35)),
            crescent(),
            solid((250, 240, 170)),
            area=0.12,
            at=(0.35, 0.3),
            angle=-30,
            quality=70,
        ),
        Case(
            "polygon_on_stripes",
            "shape",
            "green irregular octagon on diagonal grey stripes",
            (260, 260),
            partial(stripes, a=(90, 90, 90), b=(170, 170, 170), period=14, angle=30),
            polygon(3),
            solid((30, 140, 60)),
            area=0.3,
        ),
        Case(
            "tree_on_vertical_gradient",
            "shape",
            "dark green fir tree on a top-dark bottom-light gradient",
            (220, 360),
            partial(linear, start=(20, 30, 60), end=(230, 230, 210), angle=90),
            tree(),
            solid((20, 90, 40)),
            area=0.2,
            at=(0.5, 0.4),
        ),
        Case(
            "cat_on_noise",
            "shape",
            "black sitting cat on grey Gaussian noise",
            (300, 260),
            partial(noise, mean=(140, 140, 140), sigma=30),
            cat(),
            solid((15, 15, 15)),
            area=0.12,
            at=(0.4, 0.5),
            quality=75,
        ),
        Case(
            "fish_on_dots",
            "shape",
            "orange fish with an eye hole on a blue polka-dot pattern",
            (380, 240),
            partial(dots, ground=(200, 225, 245), dot=(60, 110, 200), spacing=18, radius=4),
            fish(),
            solid((250, 120, 20)),
            area=0.25,
            angle=10,
        ),
        Case(
            "small_star_top_left",
            "shape",
            "small gold star near the top left corner of white",
            (400, 300),
            solid(WHITE),
            star(),
            solid((230, 170, 0)),
            area=0.05,
            at=(0.1, 0.15),
        ),
        Case(
            "big_heart",
            "shape",
            "dark red heart filling most of a pale pink square",
            (200, 200),
            solid((250, 225, 230)),
            heart(),
            solid((150, 10, 40)),
            area=0.55,
            margin=4,
        ),
    ]


def colour_and_texture_shapes() -> list[Case]:
    """Shapes of equal grey level to their background, textured shapes, shapes on photos."""
    return [
        Case(
            "hexagon_blue_on_orange",
            "shape",
            "light blue hexagon on orange of the same grey level",
            (320, 240),
            solid(ORANGE),
            regular(6),
            solid(LIGHT_BLUE),
            area=0.5,
            angle=10,
        ),
        Case(
            "star_red_on_green",
            "shape",
            "red six-point star on green of the same grey level",
            (300, 300),
            solid(GREEN),
            star(6, 0.5),
            solid(RED),
            area=0.3,
            angle=20,
        ),
        Case(
            "face_yellow_on_white",
            "shape",
            "yellow smiley face (dark eyes and mouth) on white",
            (300, 300),
            solid(WHITE),
            (Op(ellipse(1, 1)),),
            solid((255, 240, 80)),
            area=0.35,
            marks=face_marks(),
        ),
        Case(
            "arrow_gradient_fill",
            "shape",
            "arrow pointing up-left, filled blue-to-purple, on light grey",
            (360, 240),
            solid((225, 225, 225)),
            arrow(),
            partial(linear, start=(40, 60, 200), end=(170, 60, 170)),
            area=0.25,
            angle=-160,
        ),
        Case(
            "cross_striped_on_grey",
            "shape",
            "X of black and white stripes on flat grey of the same mean",
            (300, 300),
            solid((128, 128, 128)),
            plus(0.25),
            partial(stripes, a=(0, 0, 0), b=(255, 255, 255), period=10),
            area=0.3,
            angle=45,
        ),
        Case(
            "ellipse_noise_fill",
            "shape",
            "tall ellipse of dark noise on a light grey vignette",
            (260, 340),
            partial(radial, inner=(240, 240, 235), outer=(150, 150, 150)),
            (Op(ellipse(0.6, 1)),),
            partial(noise, mean=(60, 60, 60), sigma=40),
            area=0.45,
            at=(0.6, 0.5),
            angle=-15,
        ),
        Case(
            "heart_brick_fill",
            "shape",
            "heart cut out of the brick photo on cream",
            (300, 280),
            solid((245, 240, 230)),
            heart(),
            partial(photo, name="brick"),
            area=0.3,
            at=(0.4, 0.5),
            quality=85,
        ),
        Case(
            "star_chelsea_fill",
            "shape",
            "star cut out of the cat photo on dark blue",
            (320, 320),
            solid((25, 35, 80)),
            star(),
            partial(photo, name="chelsea"),
            area=0.35,
            angle=8,
            quality=80,
        ),
        Case(
            "ellipse_on_coffee",
            "shape",
            "orange ellipse on a blurred crop of the coffee photo",
            (360, 240),
            partial(photo, name="coffee", blur=1.5),
            (Op(ellipse(1, 0.6)),),
            solid((250, 150, 20)),
            area=0.35,
            at=(0.6, 0.45),
            angle=20,
            quality=75,
        ),
        Case(
            "house_on_grass",
            "shape",
            "black house with door and window on a light grass texture",
            (360, 300),
            partial(photo, name="grass", blur=1.0, tones=(120, 230)),
            house(),
            solid(INK),
            area=0.35,
            at=(0.5, 0.7),
            quality=80,
        ),
        Case(
            "pentagon_on_gravel",
            "shape",
            "white pentagon off-centre on a gravel texture",
            (340, 280),
            partial(photo, name="gravel", blur=0.8),
            regular(5),
            solid((240, 240, 235)),
            area=0.2,
            at=(0.7, 0.35),
            angle=12,
            quality=70,
        ),
        Case(
            "star_on_camera",
            "shape",
            "orange eight-point star on a blurred crop of the camera photo",
            (320, 320),
            partial(photo, name="camera", blur=1.0),
            star(8, 0.55),
            solid((255, 140, 0)),
            area=0.2,
            at=(0.3, 0.6),
            quality=75,
        ),
        Case(
            "triangle_on_astronaut",
            "shape",
            "cyan triangle pointing down on a crop of the astronaut photo",
            (400, 260),
            partial(photo, name="astronaut"),
            regular(3),
            solid((0, 200, 255)),
            area=0.18,
            at=(0.75, 0.5),
            angle=90,
            quality=80,
        ),
    ]


def text_cases() -> list[Case]:
    """Bold letters, digits and short words in Vera Bold."""
    return [
        Case(
            "letter_A",
            "text",
            "black capital A on white",
            (240, 300),
            solid(WHITE),
            "A",
            solid(INK),
            area=0.4,
        ),
        Case(
            "letter_K_on_gradient",
            "text",
            "white K turned 8 degrees on a dark-to-grey gradient",
            (300, 240),
            partial(linear, start=(20, 20, 20), end=(160, 160, 160), angle=20),
            "K",
            solid((250, 250, 250)),
            area=0.25,
            angle=-8,
            quality=80,
        ),
        Case(
            "digits_42_on_chelsea",
            "text",
            "dark blue 42 on a blurred crop of the cat photo",
            (400, 240),
            partial(photo, name="chelsea", blur=1.2),
            "42",
            solid((20, 40, 160)),
            area=0.2,
            quality=75,
        ),
        Case(
            "word_GO",
            "text",
            "green word GO on off-white, wide picture",
            (400, 200),
            solid((250, 250, 245)),
            "GO",
            solid((20, 140, 60)),
            area=0.3,
            quality=65,
        ),
        Case(
            "letter_R_on_black",
            "text",
            "yellow R turned 12 degrees on black",
            (200, 260),
            solid((10, 10, 10)),
            "R",
            solid((250, 220, 40)),
            area=0.3,
            angle=12,
        ),
        Case(
            "word_HI_magenta_on_teal",
            "text",
            "magenta HI on teal of the same grey level",
            (360, 220),
            solid(TEAL),
            "HI",
            solid(MAGENTA),
            area=0.25,
        ),
        Case(
            "digit_7_near_corner",
            "text",
            "small white 7 near the bottom left corner of a coffee crop",
            (280, 280),
            partial(photo, name="coffee", blur=2.0, tones=(40, 200)),
            "7",
            solid(WHITE),
            area=0.08,
            at=(0.0, 1.0),
            margin=4,
            quality=80,
        ),
        Case(
            "ampersand_gravel_fill",
            "text",
            "ampersand cut out of the gravel photo on pale blue",
            (300, 300),
            solid((200, 220, 240)),
            "&",
            partial(photo, name="gravel"),
            area=0.3,
        ),
        Case(
            "word_ZOO_on_faint_stripes",
            "text",
            "black ZOO (letters with holes) on faint grey stripes",
            (400, 180),
            partial(stripes, a=(215, 215, 215), b=(235, 235, 235), period=12),
            "ZOO",
            solid((30, 30, 30)),
            area=0.25,
            angle=-4,
        ),
    ]


def line_cases() -> list[Case]:
    """Shapes with holes, thick-stroke drawings and thin line art."""
    return [
        Case(
            "ring_on_vignette",
            "outline",
            "black ring off-centre on a light vignette",
            (320, 260),
            partial(radial, inner=(245, 245, 245), outer=(120, 120, 120), centre=(0.3, 0.3)),
            ring(),
            solid((30, 30, 30)),
            area=0.18,
            at=(0.3, 0.35),
        ),
        Case(
            "frame_on_rocket",
            "outline",
            "yellow square frame turned 20 degrees on a crop of the rocket photo",
            (300, 300),
            partial(photo, name="rocket", blur=1.0),
            frame(),
            solid((255, 230, 0)),
            area=0.25,
            angle=20,
            quality=80,
        ),
        Case(
            "thin_ring_blue",
            "outline",
            "blue thin-walled ring on white",
            (260, 200),
            solid(WHITE),
            ring(0.8),
            solid((40, 80, 200)),
            area=0.1,
            at=(0.6, 0.5),
        ),
        Case(
            "stick_figure",
            "stroke",
            "waving stick figure in 5 px black strokes on white",
            (240, 320),
            solid(WHITE),
            stick_figure(5),
            solid(INK),
            area=None,
            span=0.85,
        ),
        Case(
            "spiral_on_gradient",
            "stroke",
            "cream spiral in 4 px strokes on a dark diagonal gradient",
            (300, 300),
            partial(linear, start=(30, 30, 60), end=(90, 60, 110), angle=45),
            spiral(4),
            solid((255, 250, 200)),
            area=None,
            span=0.8,
            quality=80,
        ),
        Case(
            "house_line_art_2px",
            "thin-line",
            "line drawing of a house in 2 px dark strokes on white",
            (320, 240),
            solid((250, 250, 250)),
            house_lines(2),
            solid((30, 30, 30)),
            area=None,
            span=0.85,
            at=(0.4, 0.5),
        ),
        Case(
            "sun_line_art_1px",
            "thin-line",
            "sun with rays in crisp 1 px orange lines on cream",
            (260, 260),
            solid((255, 250, 225)),
            sun_lines(1),
            solid((200, 80, 0)),
            area=None,
            span=0.85,
            supersample=1,
        ),
    ]


def negative_cases() -> list[Case]:
    """Pictures without a subject, which the program should refuse."""
    return [
        Case("none_blank_white", "none", "blank white", (300, 200), solid(WHITE)),
        Case("none_flat_grey", "none", "flat mid grey", (240, 240), solid((128, 128, 128))),
        Case(
            "none_speck",
            "none",
            "white with a single 3 px dark speck",
            (320, 240),
            partial(with_speck, ground=WHITE, speck=3),
        ),
        Case(
            "none_uniform_noise",
            "none",
            "uniform grey noise, every pixel independent",
            (200, 200),
            uniform_noise,
        ),
        Case(
            "none_gradient",
            "none",
            "smooth dark-to-light gradient only",
            (360, 240),
            partial(linear, start=(30, 30, 30), end=(230, 230, 230), angle=10),
        ),
        Case(
            "none_stripes",
            "none",
            "grey stripes only",
            (300, 300),
            partial(stripes, a=(60, 60, 60), b=(200, 200, 200), period=16, angle=20),
            quality=80,
        ),
    ]


def cases() -> list[Case]:
    """Every benchmark picture, in manifest order."""
    return [
        *plain_shapes(),
        *colour_and_texture_shapes(),
        *text_cases(),
        *line_cases(),
        *negative_cases(),
    ]


def save(
    case: Case, picture: Image.Image, mask: Image.Image | None, out: Path
) -> dict[str, object]:
    """Write the picture (grey pictures as mode "L") and its mask; return the manifest entry."""
    rgb = np.asarray(picture)
    if (rgb == rgb[..., :1]).all():
        picture = picture.convert("L")
    suffix = ".png" if case.quality is None else ".jpg"
    options = {"optimize": True} if case.quality is None else {"quality": case.quality}
    picture.save(out / f"{case.name}{suffix}", **options)
    what = case.what
    if mask is not None:
        mask.save(out / "masks" / f"{case.name}.png", optimize=True)
        what += f" (subject {np.asarray(mask).mean():.0%} of the picture)"
    return {
        "picture": f"{case.name}{suffix}",
        "mask": None if mask is None else f"masks/{case.name}.png",
        "kind": case.kind,
        "what": what,
    }


def main() -> None:
    """Write every picture, mask and the manifest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?", default=HERE)
    out: Path = parser.parse_args().out
    (out / "masks").mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("*.png"), *out.glob("*.jpg"), *(out / "masks").glob("*.png")]:
        old.unlink()  # a renamed case leaves no stale file behind
    manifest = []
    for case in cases():
        rng = np.random.default_rng(zlib.crc32(case.name.encode()))
        manifest.append(save(case, *render(case, rng), out))
    lines = ["picture\tmask\tkind\twhat"]
    lines += [f"{m['picture']}\t{m['mask'] or '-'}\t{m['kind']}\t{m['what']}" for m in manifest]
    (out / "bench.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(manifest)} pictures to {out}")


if __name__ == "__main__":
    main()
