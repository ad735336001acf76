"""The request bodies of the routes, as pydantic models: the make form, the PDF and hint
requests, with the checks that turn their fields into the pipeline's options.

FastAPI builds the OpenAPI schema from them (the web page is built against it, and
Schemathesis fuzzes the API from it), so every field says its range and meaning.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from nonogen.errors import LimitError, SubjectError, malformed
from nonogen.image.options import (
    MIN_CELLS,
    parse_subject,
)
from nonogen.palette import MAX_COLOURS, MIN_COLOURS
from nonogen.pipeline.mosaic import MosaicOptions, parse_tiles
from nonogen.pipeline.settings import SETTINGS, MakeOptions, default, options_of, spell_help
from nonogen.service.answers import ColourBlock, PaletteEntry
from nonogen.service.errors import FieldWordsError
from nonogen.service.limits import Limits
from nonogen.service.openapi import CLUES, without_null
from nonogen.tiers import Tier
from nonogen.wording import words


def form_field(name: str, **extra: Any) -> Any:
    """The request field of a setting (``nonogen.pipeline.settings``): its default, range
    and help, with every setting spelled as a field (``max_flips``, ``true``, ``false``)."""
    setting = SETTINGS[name]
    words = spell_help(name, lambda other: f"`{other}`", ("true", "false"))
    if setting.form_note:
        words = f"{words} {setting.form_note}"
    return Field(default(name), ge=setting.low, le=setting.high, description=words, **extra)


class MakeForm(BaseModel):
    """The make options, as for ``nonogen make``."""

    model_config = ConfigDict(json_schema_extra=without_null)

    width: int | None = form_field("width")
    height: int | None = form_field("height")
    method: str | None = form_field("method")
    fill: float | None = form_field("fill")
    detail: bool | None = form_field("detail")
    threshold: str | None = form_field("threshold")
    contrast: str = form_field("contrast")
    edges: bool = form_field("edges")
    crop: bool = form_field("crop")
    despeckle: bool | None = form_field("despeckle")
    title: str = Field(
        "",
        description="The puzzle's title, printed on its page and in its links (default: none, "
        "so that nothing gives the answer away; the picture's name is kept as its source).",
    )
    candidate: str | None = form_field("candidate")
    tight: bool = form_field("tight")
    invert: bool | None = form_field("invert")
    force: bool = form_field("force")
    seed: int = form_field("seed")
    difficulty: Tier | None = form_field("difficulty")
    repair: Literal["flips", "givens", "auto"] = form_field("repair")
    allow_search: bool = form_field("allow_search")
    max_flips: int | None = form_field("max_flips")
    max_givens: int | None = form_field("max_givens")
    seconds: float | None = Field(
        None, gt=0, description="Generator seconds (at most the server's solver limit)."
    )
    colors: int | None = form_field("colors")
    subject: str | None = form_field("subject", examples=["120,80,360,300"])

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
            raise FieldWordsError(error) from None
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
        if colours not in range(MIN_COLOURS, MAX_COLOURS + 1):
            raise FieldWordsError(
                words(
                    "expected {colors} between {low} and {high} (colours besides the "
                    "background), got {got!r}; leave it out for a black-and-white puzzle",
                    low=MIN_COLOURS,
                    high=MAX_COLOURS,
                    got=value,
                )
            )
        return colours

    def options(self, limits: Limits) -> MakeOptions:
        """The pipeline's options; InputError or LimitError when one is out of range."""
        for name, side in (("width", self.width), ("height", self.height)):
            if side is not None and side > limits.max_side:
                raise LimitError(
                    f"expected {name} between {MIN_CELLS} and {limits.max_side} cells, got {side}"
                )
        given = self.model_dump()
        given["seconds"] = min(self.seconds or limits.solver_seconds, limits.solver_seconds)
        with malformed():
            return options_of(given, title=self.title)


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
        with malformed():
            across, down = parse_tiles(self.tiles)
        if across * self.tile_width > limits.max_side:
            raise LimitError(
                f"{across} tiles of {self.tile_width} cells make a picture "
                f"{across * self.tile_width} cells wide, over the limit of {limits.max_side}; "
                "use fewer tiles across or a smaller tile_width"
            )
        options = self.options(limits)
        with malformed():
            return MosaicOptions(options, across, down, self.tile_width)


class PdfRequest(BaseModel):
    """A puzzle and how to print it."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"puzzle": CLUES, "pages": "both"}]})

    puzzle: dict[str, Any] | str = Field(
        description="A nonogen JSON object, or a puzzle text in any format nonogen reads."
    )
    pages: Literal["puzzle", "solution", "both"] = "puzzle"
    page_size: str = form_field("page_size")
    margin_mm: float = form_field("margin_mm")
    gutter_mm: float = form_field("gutter_mm")
    force_small: bool = form_field("force_small")
    patterns: bool = form_field("patterns")


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
