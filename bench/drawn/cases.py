"""The drawn benchmark's cases, read from the table ``cases.tsv`` beside this module.

One row per picture, tab-separated, every cell given (``-`` for none):

    name  kind  size  quality  background  shape  fill  marks  area  span  at  angle  margin
    supersample  what

``background``, ``fill``, ``shape`` and ``marks`` name a registered paint or figure and its
options: ``linear start=25,25,30 end=235,235,230 angle=-10``, ``star points=6 inner=0.5``,
``text word=GO``. An option is read as its parameter's annotated type: a number, a word, a
colour (a name in ``paints.COLOURS`` or ``r,g,b``) or numbers joined by commas. A picture
without a subject has ``-`` in every column from ``shape`` to ``supersample``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar, get_args, get_origin, get_type_hints

from bench.drawn.figures import FIGURES, Figure, Point, Shape
from bench.drawn.paints import COLOURS, PAINTS, RGB, Paint, Size

CASES = Path(__file__).with_name("cases.tsv")
COLUMNS = (
    *("name", "kind", "size", "quality", "background"),
    *("shape", "fill", "marks", "area", "span", "at", "angle", "margin", "supersample"),
    "what",
)
SUBJECT_COLUMNS = COLUMNS[COLUMNS.index("shape") : COLUMNS.index("what")]
KINDS = ("shape", "text", "outline", "stroke", "thin-line", "none")
T = TypeVar("T")


@dataclass(frozen=True)
class Subject:
    """What a picture shows, how it is filled and where it sits."""

    shape: Shape
    """The figure or text."""
    fill: Paint
    """Paints the subject's bounding box."""
    marks: Figure | None
    """Details drawn on the subject in the same frame (not part of the mask), e.g. a face."""
    area: float | None
    """Target subject area as a fraction of the picture; None sizes by `span` only."""
    span: float
    """Largest fraction of the free width and height the subject's box may take."""
    at: Point
    """Where the subject's box sits in the free room: (0, 0) top left, (1, 1) bottom right."""
    angle: float
    """Clockwise turn of the subject in degrees."""
    margin: int
    """Pixels kept free between the subject's box and the picture's edge."""
    supersample: int
    """Drawing scale; 1 draws crisp, aliased lines."""


@dataclass(frozen=True)
class Case:
    """One benchmark picture: how to paint it and what its subject is."""

    name: str
    """File stem of the picture and of its mask."""
    kind: str
    """What sort of subject: one of ``KINDS``."""
    what: str
    """A one-line description for humans."""
    size: Size
    """The picture's (width, height)."""
    quality: int | None
    """JPEG quality, or None to save a PNG."""
    background: Paint
    """Paints the whole picture behind the subject."""
    subject: Subject | None
    """None for a picture without a subject."""


def read_value(text: str, hint: object) -> object:
    """A cell's option as its parameter's type: int, float, str, a colour or a tuple of those."""
    if hint == RGB:
        return read_colour(text)
    if get_origin(hint) is tuple:
        parts, types = text.split(","), get_args(hint)
        if len(parts) != len(types):
            raise ValueError(f"expected {len(types)} values joined by commas, got {text!r}")
        return tuple(read_value(part, t) for part, t in zip(parts, types, strict=True))
    if hint is int:
        return int(text)
    if hint is float:
        return float(text)
    if hint is str:
        return text
    raise ValueError(f"expected an option of type int, float, str or a tuple, not {hint}")


def read_colour(text: str) -> RGB:
    """A colour named in ``COLOURS`` or written ``r,g,b`` with levels 0-255."""
    if text in COLOURS:
        return COLOURS[text]
    levels = text.split(",")
    if len(levels) != 3 or not all(v.isdigit() and int(v) <= 255 for v in levels):
        raise ValueError(
            f"expected a colour among {sorted(COLOURS)} or r,g,b in 0-255, got {text!r}"
        )
    return (int(levels[0]), int(levels[1]), int(levels[2]))


def read_call(
    cell: str, table: Mapping[str, Callable[..., T]]
) -> tuple[Callable[..., T], dict[str, object]]:
    """The function a cell names and its keyword options, checked against its signature."""
    name, *options = cell.split()
    if name not in table:
        raise ValueError(f"expected one of {', '.join(sorted(table))}, got {name!r}")
    function = table[name]
    hints = get_type_hints(function)
    params = {
        p: v for p, v in inspect.signature(function).parameters.items() if p not in ("size", "rng")
    }
    kwargs: dict[str, object] = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or key not in params:
            raise ValueError(
                f"expected {name}'s options as key=value, keys {list(params)}, got {option!r}"
            )
        kwargs[key] = read_value(value, hints[key])
    missing = [p for p, v in params.items() if v.default is v.empty and p not in kwargs]
    if missing:
        raise ValueError(f"expected {name} to be given {', '.join(missing)}: {cell!r}")
    return function, kwargs


def read_paint(cell: str) -> Paint:
    """The paint a ``background`` or ``fill`` cell names, its options bound."""
    function, kwargs = read_call(cell, PAINTS)
    return partial(function, **kwargs)


def read_figure(cell: str) -> Shape:
    """The figure or text a ``shape`` or ``marks`` cell names, drawn in unit coordinates."""
    function, kwargs = read_call(cell, FIGURES)
    return function(**kwargs)


def read_subject(row: Mapping[str, str]) -> Subject | None:
    """The subject columns of a row; None when ``shape`` is ``-``."""
    if row["shape"] == "-":
        given = [c for c in SUBJECT_COLUMNS if row[c] != "-"]
        if given:
            raise ValueError(f"expected - in {', '.join(given)} of a picture without a subject")
        return None
    marks = None if row["marks"] == "-" else read_figure(row["marks"])
    if isinstance(marks, str):
        raise ValueError(f"expected a figure as marks, got text {row['marks']!r}")
    x, y = row["at"].split(",")
    return Subject(
        shape=read_figure(row["shape"]),
        fill=read_paint(row["fill"]),
        marks=marks,
        area=None if row["area"] == "-" else float(row["area"]),
        span=float(row["span"]),
        at=(float(x), float(y)),
        angle=float(row["angle"]),
        margin=int(row["margin"]),
        supersample=int(row["supersample"]),
    )


def read_case(row: Mapping[str, str]) -> Case:
    """One row of the table as a case."""
    if row["kind"] not in KINDS:
        raise ValueError(f"expected a kind among {', '.join(KINDS)}, got {row['kind']!r}")
    width, _, height = row["size"].partition("x")
    return Case(
        name=row["name"],
        kind=row["kind"],
        what=row["what"],
        size=(int(width), int(height)),
        quality=None if row["quality"] == "-" else int(row["quality"]),
        background=read_paint(row["background"]),
        subject=read_subject(row),
    )


def read_cases(path: Path = CASES) -> list[Case]:
    """Every case of a table, in its order (the manifest's order)."""
    header, *lines = path.read_text(encoding="utf-8").splitlines()
    if tuple(header.split("\t")) != COLUMNS:
        raise ValueError(f"expected {path}'s header to be {COLUMNS}, got {header!r}")
    cases = []
    for number, line in enumerate(lines, start=2):
        cells = line.split("\t")
        try:
            if len(cells) != len(COLUMNS):
                raise ValueError(f"expected {len(COLUMNS)} tab-separated cells, got {len(cells)}")
            cases.append(read_case(dict(zip(COLUMNS, cells, strict=True))))
        except ValueError as error:
            raise ValueError(f"{path} line {number}: {error}") from error
    names = [case.name for case in cases]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"expected every case name once in {path}, got twice: {twice}")
    return cases
