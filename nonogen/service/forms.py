"""The request bodies of the routes, as pydantic models: the make form, the PDF and hint
requests, with the checks that turn their fields into the pipeline's options.

FastAPI builds the OpenAPI schema from them (the web page is built against it, and
Schemathesis fuzzes the API from it), so every field says its range and meaning.
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from nonogen.errors import InputError, LimitError, SubjectError
from nonogen.image.options import (
    METHODS_TEXT,
    MIN_CELLS,
    SUBJECT_SPELLING,
    PictureOptions,
    parse_subject,
)
from nonogen.palette import MAX_COLOURS, MIN_COLOURS
from nonogen.pdf.rules import MARGIN_MM, PAGE_SIZE
from nonogen.pipeline import MakeOptions
from nonogen.pipeline.mosaic import MosaicOptions, parse_tiles
from nonogen.service.answers import ColourBlock, PaletteEntry
from nonogen.service.limits import Limits
from nonogen.service.openapi import CLUES, without_null


class MakeForm(BaseModel):
    """The make options, as for ``nonogen make``."""

    model_config = ConfigDict(json_schema_extra=without_null)

    width: int | None = Field(
        None, ge=MIN_CELLS, description="Grid columns, 5-200 (default 30); 413 over the limit."
    )
    height: int | None = Field(
        None, ge=MIN_CELLS, description="Grid rows, 5-200 (default: from the aspect)."
    )
    method: str | None = Field(
        None,
        description=f"Force a conversion: {METHODS_TEXT} (pointed: GrabCut from `subject`) "
        "(default: the most subject-like of them all).",
    )
    fill: float | None = Field(
        None,
        gt=0.0,
        lt=1.0,
        description="Threshold for this filled fraction, 0.01-0.99 (as `--fill`; instead of "
        "`threshold`).",
    )
    detail: bool | None = Field(
        None,
        description="Draw the subject's dark parts inside its outline (true, whenever there "
        "is room) or only its silhouette (false); default: as its appearance calls for.",
    )
    threshold: str | None = Field(
        None, description="Force a threshold: otsu, li, yen, mean, sauvola, a level in (0, 1)"
    )
    contrast: str = Field("none", description="none, stretch, stretch:P or clahe.")
    edges: bool = Field(False, description="Draw the picture's edges instead of its areas.")
    crop: bool = Field(False, description="Crop to the subject first.")
    despeckle: bool | None = Field(
        None,
        description="Remove lone cells and pinholes: true from every candidate before the "
        "choice, false never (default: from the subject's outline once chosen).",
    )
    title: str = Field(
        "",
        description="The puzzle's title, printed on its page and in its links (default: none, "
        "so that nothing gives the answer away; the picture's name is kept as its source).",
    )
    candidate: str | None = Field(
        None,
        description="Make the conversion candidate of this key (a choice's key from POST "
        "/api/conversions, or conversion.candidates[].key) whatever the choice model says.",
    )
    tight: bool = Field(
        True,
        description="Cut the grid to the subject and one empty line a side, the width kept "
        "(false: the whole picture, or the box pointed at).",
    )
    invert: bool | None = Field(
        None, description="The subject is the light (true) or dark side (default: by structure)."
    )
    force: bool = Field(False, description="Make a puzzle even when no subject is found.")
    seed: int = Field(0, ge=0, le=2**63 - 1, description="Seed for tie-breaking.")
    difficulty: Literal["easy", "medium", "hard", "expert"] | None = Field(
        None, description="Deliver a tier (hard needs probing, expert search), or 422."
    )
    repair: Literal["flips", "givens", "auto"] = Field(
        "auto", description="Flip cells, reveal givens (exact picture), or flips then givens."
    )
    allow_search: bool = Field(False, description="Accept puzzles that need probing or search.")
    max_flips: int | None = Field(None, ge=0, description="Flip budget (default 5 % of cells).")
    max_givens: int | None = Field(
        None, ge=0, description="Givens budget (default a tenth of the cells)."
    )
    seconds: float | None = Field(
        None, gt=0, description="Generator seconds (at most the server's solver limit)."
    )
    colors: int | None = Field(
        None,
        ge=MIN_COLOURS,
        le=MAX_COLOURS,
        description=f"Make a colour puzzle of this many colours besides the background, "
        f"{MIN_COLOURS}-{MAX_COLOURS} (default: black and white).",
    )

    subject: str | None = Field(
        None,
        description=f"Where the subject is: {SUBJECT_SPELLING}. Outside a box is ground and "
        "the grid frames the box; a point's box is found around the segment under it. 422 "
        "when malformed, empty or outside the picture.",
        examples=["120,80,360,300"],
    )

    @field_validator("subject", mode="before")
    @classmethod
    def subject_box(cls, value: object) -> object:
        """The box or point as sent, if it parses (empty is none); an error that says how to
        spell it otherwise."""
        if value is None or value == "":
            return None
        try:
            parse_subject(str(value))
        except SubjectError as error:
            raise ValueError(form_words(str(error))) from None
        return str(value)

    @field_validator("colors", mode="before")
    @classmethod
    def colour_count(cls, value: object) -> object:
        """The colour count, or an error that says the range (for text as for 1 or 9)."""
        if value is None or value == "":
            return None
        try:
            colours = int(str(value))
        except ValueError:
            colours = None
        if colours is None or not MIN_COLOURS <= colours <= MAX_COLOURS:
            raise ValueError(
                f"expected colors between {MIN_COLOURS} and {MAX_COLOURS} (colours besides the "
                f"background), got {value!r}; leave it out for a black-and-white puzzle"
            )
        return colours

    def options(self, limits: Limits) -> MakeOptions:
        """The pipeline's options; InputError or LimitError when one is out of range."""
        for name, side in (("width", self.width), ("height", self.height)):
            if side is not None and side > limits.max_side:
                raise LimitError(
                    f"expected {name} between {MIN_CELLS} and {limits.max_side} cells, got {side}"
                )
        picture = PictureOptions(
            width=self.width,
            height=self.height,
            method=self.method,
            threshold=self.threshold if self.fill is None else f"fill:{self.fill}",
            contrast=self.contrast,
            edges=self.edges,
            crop=self.crop,
            despeckle=self.despeckle,
            tight=self.tight,
            candidate=self.candidate,
            invert=self.invert,
            force=self.force,
            detail=self.detail,
            subject=None if self.subject is None else parse_subject(self.subject),
        )
        seconds = min(self.seconds or limits.solver_seconds, limits.solver_seconds)
        return MakeOptions(
            picture=picture,
            seed=self.seed,
            max_flips=self.max_flips,
            seconds=seconds,
            difficulty=self.difficulty,
            allow_search=self.allow_search,
            repair=self.repair,
            max_givens=self.max_givens,
            title=self.title,
            colours=self.colors,
        )


class MosaicForm(MakeForm):
    """A mosaic's options: the make options (no width or height; ``colors`` for a colour set)
    and the tiles, as for ``nonogen mosaic``."""

    tiles: str = Field("2x2", description="Tiles across x down, such as 2x2 or 3x2.")
    tile_width: int = Field(
        25,
        ge=MIN_CELLS,
        description="A tile's width in cells (the picture's is tiles across "
        "times this; its height follows the picture's aspect).",
    )

    def mosaic_options(self, limits: Limits) -> MosaicOptions:
        """The pipeline's mosaic options; InputError or LimitError when one is out of range."""
        across, down = parse_tiles(self.tiles)
        if across * self.tile_width > limits.max_side:
            raise LimitError(
                f"{across} tiles of {self.tile_width} cells make a picture "
                f"{across * self.tile_width} cells wide, over the limit of {limits.max_side}; "
                "use fewer tiles across or a smaller tile_width"
            )
        try:
            return MosaicOptions(self.options(limits), across, down, self.tile_width)
        except InputError as error:
            raise InputError(form_words(str(error))) from None


def form_words(message: str) -> str:
    """A command-line message in the request's words: ``--max-flips`` becomes ``max_flips``
    and ``--no-tight`` ``tight=false`` where the API has that field (``API_FIELDS``); other
    text (a title that starts with dashes) is left as it is."""

    def spelled(found: re.Match[str]) -> str:
        name = found[1].replace("-", "_")
        if name in API_FIELDS:
            return name
        if name.startswith("no_") and name[3:] in API_FIELDS:
            return f"{name[3:]}=false"
        return found[0]

    return re.sub(r"--([a-z][a-z-]*)", spelled, message)


class PdfRequest(BaseModel):
    """A puzzle and how to print it."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"puzzle": CLUES, "pages": "both"}]})

    puzzle: dict[str, Any] | str = Field(
        description="A nonogen JSON object, or a puzzle text in any format nonogen reads."
    )
    pages: Literal["puzzle", "solution", "both"] = "puzzle"
    page_size: str = Field(PAGE_SIZE, description="letter, a4, 6x9, 8.5x11 or WxH in in/mm.")
    margin_mm: float = MARGIN_MM
    gutter_mm: float = 0.0
    force_small: bool = Field(
        False,
        description="Print even when cells (under 4 mm) or clue numbers (under 6 pt) would be "
        "too small to read; otherwise such a puzzle gets a 413 naming the page size or split "
        "that fits.",
    )
    patterns: bool = Field(
        False,
        description="Colour puzzles: also mark each colour with a pattern, for grey-scale "
        "printers.",
    )


class HintRequest(BaseModel):
    """A puzzle's clues (a colour puzzle's with its palette) and a player's grid."""

    model_config = ConfigDict(json_schema_extra={"examples": [{**CLUES, "grid": ["#?", "??"]}]})

    rows: list[list[int]] | list[list[ColourBlock]] = Field(
        description="Row clues, top to bottom: lengths, e.g. [[2, 4], []], or (colour) "
        '[length, colour name] blocks, e.g. [[[2, "red"], [1, "blue"]], []].'
    )
    cols: list[list[int]] | list[list[ColourBlock]] = Field(
        description="Column clues, left to right."
    )
    palette: list[PaletteEntry] | None = Field(
        None, description="Colour puzzles only: the colours, the background first."
    )
    grid: list[str] = Field(
        description="One text row per puzzle row: '#' filled, '.' crossed, '?' open; colour: "
        "the palette's characters (the background's for crossed) and '?'."
    )


API_FIELDS: Final = frozenset(
    name for model in (MakeForm, MosaicForm, PdfRequest, HintRequest) for name in model.model_fields
)
"""Every field of the API's forms and JSON requests: the names its messages use."""
