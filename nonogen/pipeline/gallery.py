"""A picture's gallery: the best few conversions drawn at the size asked, before any repair,
so that a person sees the choices and picks one (the studio; ``POST /api/conversions``).

Each choice is the candidate as ``make`` would draw it (framed, widened, despeckled, its inside
drawn; quantised when colours are asked), with how many cells line logic leaves open before
the repair, and its key: ``make --candidate KEY`` (the service's ``candidate``) repairs that
one. The choice model's own pick comes first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from nonogen.generate import undetermined
from nonogen.grid import format_grid
from nonogen.image.convert import convert
from nonogen.image.palette import quantise
from nonogen.image.read import read_picture
from nonogen.pipeline.make import by_repair_cost, choices, drawn, outlined
from nonogen.pipeline.settings import MakeOptions
from nonogen.records import JsonObject

if TYPE_CHECKING:
    from nonogen.image.convert import Conversion, Scored
    from nonogen.image.read import Picture

GALLERY_SIZE: Final = 6
"""Choices in a gallery at most: the model's pick and the next plausible candidates."""


@dataclass(frozen=True)
class Choice:
    """One conversion of the gallery, drawn, before any repair."""

    key: str
    """What ``--candidate`` takes to make this one."""
    label: str
    score: float
    """What the choice model expects its IoU with the subject to be."""
    chosen: bool
    """Whether the model would make this one when nothing is picked."""
    rows: tuple[str, ...]
    """The drawn grid, a string per row: ``#`` and ``.``, or the palette's characters."""
    palette: tuple[dict[str, str], ...] | None
    """Colour choices: the colours (name, rgb, char), background first; None in black and
    white."""
    open_cells: int
    """Cells line logic leaves open before the repair (0: it is unique as it is)."""

    def record(self) -> JsonObject:
        """The choice as JSON."""
        record: JsonObject = {
            "key": self.key,
            "label": self.label,
            "score": round(self.score, 4),
            "chosen": self.chosen,
            "width": len(self.rows[0]) if self.rows else 0,
            "height": len(self.rows),
            "rows": list(self.rows),
            "open_cells": self.open_cells,
        }
        if self.palette is not None:
            record["palette"] = [{**colour} for colour in self.palette]
        return record


@dataclass(frozen=True)
class Gallery:
    """A picture's choices and what the conversion said."""

    choices: tuple[Choice, ...]
    warnings: tuple[str, ...]
    seconds: float

    def record(self) -> JsonObject:
        """The gallery as JSON."""
        return {
            "choices": [choice.record() for choice in self.choices],
            "warnings": list(self.warnings),
            "seconds": round(self.seconds, 3),
        }


def gallery(
    data: bytes,
    *,
    name: str,
    options: MakeOptions,
    colours: int | None = None,
    count: int = GALLERY_SIZE,
) -> Gallery:
    """The best ``count`` conversions of a picture as ``make`` (or ``make --colors``) draws
    them, the model's pick first, none repaired."""

    started = time.perf_counter()
    picture = read_picture(data, name=name, max_pixels=options.max_pixels)
    conversion = by_repair_cost(convert(picture, options.picture), options.picture)
    picks = choices(conversion) if count > 1 else [conversion.chosen]
    rest = [s for s in conversion.ranked if s.eligible and all(s is not p for p in picks)]
    picks = [*picks, *rest][:count]
    drawn_choices = []
    for scored in picks:
        chosen = scored is conversion.chosen
        if colours is None:
            cells = drawn(picture, conversion, scored, options.picture).cells.filled
            open_cells = int(undetermined(cells).sum())
            rows = tuple(format_grid(cells))
            palette = None
        else:
            rows, palette, open_cells = _coloured(picture, conversion, scored, options, colours)
        drawn_choices.append(
            Choice(scored.key, scored.label, scored.score, chosen, rows, palette, open_cells)
        )
    seconds = time.perf_counter() - started
    return Gallery(tuple(drawn_choices), conversion.warnings, seconds)


def _coloured(
    picture: Picture, conversion: Conversion, scored: Scored, options: MakeOptions, colours: int
) -> tuple[tuple[str, ...], tuple[dict[str, str], ...], int]:
    """A candidate quantised as ``make --colors`` does: its rows, palette and open cells."""

    found = outlined(picture, conversion, scored, options.picture)
    cells = found.cells
    rng = np.random.default_rng(options.seed)
    quantised = quantise(
        picture, found.split.subject, cells.filled, cells.box, colours=colours, rng=rng
    )
    chars = [colour.char for colour in quantised.palette.colours]
    rows = tuple("".join(chars[v] for v in row) for row in quantised.grid.tolist())
    palette = tuple(
        {"name": c.name, "rgb": c.rgb, "char": c.char} for c in quantised.palette.colours
    )
    open_cells = int(undetermined(quantised.grid, quantised.palette).sum())
    return rows, palette, open_cells
