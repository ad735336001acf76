"""The subjects of the drawn benchmark: figures in unit coordinates, each registered by name.

A figure fits about [-1, 1] x [-1, 1], x to the right and y down; ``draw.py`` scales, turns and
places it. A new figure is one function here and one line in ``FIGURES``; the case table
(``cases.tsv``) names it in its ``shape`` or ``marks`` column with keyword arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import cos, pi, sin

import numpy as np

Point = tuple[float, float]  # (x, y), x to the right, y down


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
Shape = Figure | str  # a str is drawn in Vera Bold


# --- outlines ---------------------------------------------------------------------------------


def oval(rx: float, ry: float, cx: float = 0.0, cy: float = 0.0, n: int = 96) -> tuple[Point, ...]:
    """The corners of an n-gon that stands in for an ellipse."""
    return tuple((cx + rx * cos(2 * pi * k / n), cy + ry * sin(2 * pi * k / n)) for k in range(n))


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    """The corners of an axis-aligned rectangle."""
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def closed(points: tuple[Point, ...]) -> tuple[Point, ...]:
    """The polyline that goes round a polygon back to its first point."""
    return (*points, points[0])


# --- filled figures ---------------------------------------------------------------------------


def ellipse(rx: float = 1.0, ry: float = 1.0) -> Figure:
    """An ellipse with half-axes rx and ry (a disc by default)."""
    return (Op(oval(rx, ry)),)


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
    return (Op(oval(1, 1)), Op(oval(0.82, 0.82, 0.42, -0.18), ink=False))


def regular(n: int) -> Figure:
    """A regular n-gon."""
    return (Op(oval(1, 1, n=n)),)


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
    parts = [Op(oval(0.5, 0.58, 0, 0.38)), Op(oval(0.36, 0.33, 0, -0.42))]
    parts.append(Op(((-0.34, -0.5), (-0.3, -0.95), (-0.05, -0.7))))
    parts.append(Op(((0.34, -0.5), (0.3, -0.95), (0.05, -0.7))))
    for k in range(24):
        t = k / 23
        x, y = 0.3 + 0.55 * sin(t * 2.2), 0.9 - 0.75 * t * t
        parts.append(Op(oval(0.09, 0.09, x, y, n=24)))
    return tuple(parts)


def fish() -> Figure:
    """A fish facing left, with a tail fin and an eye cut through."""
    return (
        Op(oval(0.72, 0.42, -0.2, 0)),
        Op(((0.35, 0.0), (0.95, -0.5), (0.8, 0.0), (0.95, 0.5))),
        Op(oval(0.07, 0.07, -0.58, -0.1, n=24), ink=False),
    )


def ring(inner: float = 0.62) -> Figure:
    """A disc with a round hole."""
    return (Op(oval(1, 1)), Op(oval(inner, inner), ink=False))


def frame(inner: float = 0.68) -> Figure:
    """A square with a square hole."""
    return (Op(box(-1, -1, 1, 1)), Op(box(-inner, -inner, inner, inner), ink=False))


def face() -> Figure:
    """Two eyes and a smile, to draw as marks on a disc."""
    eyes = (Op(oval(0.11, 0.17, -0.33, -0.25, n=32)), Op(oval(0.11, 0.17, 0.33, -0.25, n=32)))
    smile = (Op(oval(0.55, 0.4, 0, 0.12)), Op(oval(0.62, 0.4, 0, -0.02), ink=False))
    return smile + eyes  # the smile cuts its own hole first, then the eyes go on


# --- line drawings: `width` is the stroke in output pixels ----------------------------------


def stick_figure(width: float) -> Figure:
    """A stick figure waving: round head outline, body, arms and legs."""
    head = Op(closed(oval(0.22, 0.22, 0, -0.75, n=48)), width=width)
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
    return (Op(closed(oval(0.42, 0.42, n=64)), width=width), *rays)


def text(word: str) -> Shape:
    """A word (or letter, digit, sign) set in Vera Bold."""
    return word


FIGURES: dict[str, Callable[..., Shape]] = {
    "ellipse": ellipse,
    "star": star,
    "heart": heart,
    "arrow": arrow,
    "plus": plus,
    "crescent": crescent,
    "regular": regular,
    "polygon": polygon,
    "house": house,
    "tree": tree,
    "cat": cat,
    "fish": fish,
    "ring": ring,
    "frame": frame,
    "face": face,
    "stick_figure": stick_figure,
    "spiral": spiral,
    "house_lines": house_lines,
    "sun_lines": sun_lines,
    "text": text,
}
"""What a case's ``shape`` and ``marks`` columns may name: the function that draws it."""
