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
from typing import Final

from nonogen.generate import undetermined
from nonogen.image.convert import convert
from nonogen.image.read import read_picture
from nonogen.pipeline.check import grid_rows
from nonogen.pipeline.made import by_repair_cost, choices, draw, palette_choice, whole_in_place
from nonogen.pipeline.settings import MakeOptions
from nonogen.records import JsonObject
from nonogen.wording import Spelling, Words, flag

GALLERY_SIZE: Final = 6
"""Choices in a gallery at most: the model's pick and the next plausible candidates."""


def distinct_labels(labels: list[str]) -> list[str]:
    """The labels with repeats told apart: ``Where the eye goes``, ``Where the eye goes, 2``."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label}, {seen[label]}")
    return out


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
    warnings: tuple[Words, ...]
    seconds: float

    def record(self, spell: Spelling = flag) -> JsonObject:
        """The gallery as JSON, the warnings' options spelled by ``spell``."""
        return {
            "choices": [choice.record() for choice in self.choices],
            "warnings": [warning.text(spell) for warning in self.warnings],
            "seconds": round(self.seconds, 3),
        }


def gallery(
    data: bytes,
    *,
    name: str,
    options: MakeOptions,
    count: int = GALLERY_SIZE,
) -> Gallery:
    """The best ``count`` conversions of a picture as ``make`` draws them (in the options'
    colours, if any: ``draw``), the model's pick first, none repaired; the
    whole picture drawn as its own subject is the last, when the picture looks like a photo."""

    started = time.perf_counter()
    picture = read_picture(data, name=name, max_pixels=options.max_pixels)
    conversion = convert(picture, options.picture, offer_whole=count > 1)
    conversion = by_repair_cost(conversion, options.picture)
    picks = choices(conversion) if count > 1 else [conversion.chosen]
    rest = [s for s in conversion.ranked if s.eligible and all(s is not p for p in picks)]
    picks = [*picks, *rest][:count]
    whole = conversion.whole
    if count > 1 and whole is not None and not any(s.split.whole for s in picks):
        picks = [*picks[: count - 1], whole]  # the whole picture is always on offer
    drawings = [draw(picture, conversion, scored, options) for scored in picks]
    # What a make with nothing picked draws: the chosen one, or the whole picture in its place
    # when it is a white cut (``whole_in_place``).
    made, warnings = conversion.chosen, conversion.warnings
    shown = [d for s, d in zip(picks, drawings, strict=True) if s is conversion.chosen]
    instead = whole_in_place(conversion, made, shown[0], options) if shown else None
    if instead is not None:
        made, said = instead
        warnings = (*warnings, said)
    drawn_choices = []
    labels = distinct_labels([scored.words for scored in picks])
    for scored, label, drawing in zip(picks, labels, drawings, strict=True):
        open_cells = int(undetermined(drawing.grid, drawing.palette).sum())
        rows = tuple(grid_rows(drawing.palette, drawing.grid))
        palette = palette_choice(options.kind, drawing.palette)
        drawn_choices.append(
            Choice(scored.key, label, scored.score, scored is made, rows, palette, open_cells)
        )
    seconds = time.perf_counter() - started
    return Gallery(tuple(drawn_choices), warnings, seconds)
