"""The bodies of POST /api/puzzles', POST /api/hint's and POST /api/fix's answers, as
pydantic models.

They are the routes' ``response_model``: the OpenAPI schema documents every field (the web
page is built against it, and Schemathesis checks each answer against it).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

CellValue = Literal["filled", "empty"]
ColourBlock = tuple[int, str]
"""A colour clue's block: [length, colour name]."""


class HintCell(BaseModel):
    """A cell a hint names, 0-based."""

    row: int
    col: int
    value: Literal["filled", "empty", "either"] = Field(
        description="The value the step gives the cell; `either` (status ambiguous): filled "
        "(or a colour) in one solution, something else in another."
    )
    colour: str | None = Field(
        None, description="Colour puzzles: the colour a filled cell takes; null otherwise."
    )


class HintLine(BaseModel):
    """The line of a step, the line a probe's assumption breaks, or the line a mistake breaks."""

    kind: Literal["row", "col"]
    index: int = Field(description="0-based: rows from the top, columns from the left.")
    clue: list[int] | list[ColourBlock] = Field(
        description="Its clue: lengths, or (colour) [length, colour name] blocks."
    )


class HintProbe(BaseModel):
    """A probe step's assumption: the cell, and the value tried that ended in a contradiction."""

    row: int
    col: int
    tried: CellValue
    colour: str | None = Field(
        None, description="Colour puzzles: the colour tried, when `tried` is filled."
    )


class HintAnswer(BaseModel):
    """The next step from a player's grid, or why there is none."""

    version: int
    status: Literal["step", "solved", "mistake", "stuck", "ambiguous"] = Field(
        description="step: `cells` settle; solved; mistake: a mark is wrong; ambiguous: more "
        "than one solution fits the marks (`cells` differ between two); stuck: the hint ran "
        "out of time."
    )
    reason: str = Field(description="Why, for people: the line, the assumption or the cells.")
    line: HintLine | None
    cells: list[HintCell]
    kind: Literal["line", "probe", "search"] | None = Field(
        description="How a step was found: one line's clue, one assumption and line logic, or "
        "the complete solver; null unless status is step."
    )
    probe: HintProbe | None = Field(description="A probe step's assumption; null otherwise.")


class PaletteEntry(BaseModel):
    """One colour of a colour puzzle's palette, as nonogen JSON gives it."""

    name: str = Field(description="Its name, as the clues' blocks give it: `dark brown`.")
    rgb: str = Field(description="Its colour, `#rrggbb`.")
    char: str | None = Field(
        None,
        description="Its character in grid rows (default: `.` for the background, "
        "else the name's first letter if free, else a digit).",
    )


class FixRequest(BaseModel):
    """A drawn grid (a colour drawing's with its palette), and how it may be changed."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"grid": ["#.", ".#"]}]})

    grid: list[str] = Field(
        description="One text row per grid row, all of the same length: '#' filled, '.' empty; "
        "colour: the palette's characters."
    )
    palette: list[PaletteEntry] | None = Field(
        None, description="Colour drawings only: the colours, the background first."
    )
    mode: Literal["flips", "givens", "auto"] = Field(
        "auto",
        description="Flip cells, reveal givens (the drawing stays exact), or flips then givens.",
    )


class FixCell(BaseModel):
    """A cell a fix flips or reveals, 0-based, with its value in the fixed grid."""

    row: int
    col: int
    value: CellValue
    colour: str | None = Field(
        None, description="Colour drawings: the colour a filled cell takes; null otherwise."
    )


class FixAnswer(BaseModel):
    """A drawing's fix, or why there is none."""

    version: int
    status: Literal["fixed", "already", "failed"] = Field(
        description="fixed: the flips and givens make it unique and logic-only; already: it is; "
        "failed: the time or flip budget ran out (the reason says what to try)."
    )
    reason: str
    grid: list[str] = Field(
        description="The fixed grid (the drawing unless status is fixed), drawn as the request's."
    )
    flips: list[FixCell] = Field(description="Cells to flip, with their new value.")
    givens: list[FixCell] = Field(description="Cells to reveal in the printed grid.")
    seed: int = Field(description="The generator's seed (fixed: the same drawing, the same fix).")
    verdict: dict[str, Any] = Field(
        description="The complete solver's verdict on the fixed puzzle (on the drawing unless "
        "fixed), as POST /api/check answers it: status, line_solvable, difficulty, tier..."
    )


class PaletteColour(BaseModel):
    """One colour of a colour puzzle's palette."""

    name: str = Field(description="Its name, as the clues' blocks give it: `dark brown`.")
    rgb: str = Field(description="Its colour, `#rrggbb`.")
    char: str = Field(description="Its character in the solution rows (`.`: the background).")


class MadeLinks(BaseModel):
    """Where a made puzzle's files are (kept for a while: see GET /api/health's limits)."""

    json_file: str = Field(
        alias="json",
        description="The puzzle as a nonogen JSON file (a colour puzzle's with its palette).",
    )
    png: str = Field(description="The preview: the puzzle and its solution.")
    puzzle_pdf: str = Field(description="The printable puzzle page (letter).")
    solution_pdf: str | None = Field(
        None, description="The solution page; present only when the puzzle has one solution."
    )


class GalleryChoice(BaseModel):
    """One conversion of a picture, drawn as the make would draw it, before any repair."""

    key: str = Field(description="Give it as `candidate` to POST /api/puzzles to make this one.")
    label: str = Field(description="The conversion, in words: its method and subject side.")
    score: float = Field(description="The IoU with the subject the choice model expects.")
    chosen: bool = Field(description="Whether the make picks this one when none is given.")
    width: int
    height: int
    rows: list[str] = Field(
        description="The drawn grid: '#' and '.', or (colour) the palette's characters."
    )
    palette: list[PaletteColour] | None = Field(
        None, description="Colour choices only: the colours, the background first."
    )
    open_cells: int = Field(description="Cells line logic leaves open before the repair.")


class GalleryAnswer(BaseModel):
    """A picture's best conversions (the studio's gallery), the choice model's pick first."""

    choices: list[GalleryChoice]
    warnings: list[str] = Field(description="What the conversion warned of (a poster drawn...).")
    page_warnings: list[str] = Field(
        description="The warnings as the web page says them: its controls by their labels."
    )
    seconds: float = Field(description="Seconds the gallery took on the worker.")


class MadeAnswer(BaseModel):
    """A puzzle made from a picture: black and white (`kind` mono) or colour."""

    id: str = Field(description="Its id in the links; kept for a while only.")
    version: int
    kind: Literal["mono", "colour"] = Field(
        description="mono: black and white; colour: blocks of the `palette`'s colours."
    )
    title: str = Field(
        description="The title given (`title`); empty by default, so that nothing gives the "
        "answer away."
    )
    source: str = Field("", description="The picture's name, for the answer key.")
    width: int
    height: int
    palette: list[PaletteColour] | None = Field(
        None, description="Colour puzzles only: the colours, the background first."
    )
    rows: list[list[int]] | list[list[ColourBlock]] = Field(
        description="Row clues, top to bottom: lengths, or (colour) [length, colour name] blocks."
    )
    cols: list[list[int]] | list[list[ColourBlock]] = Field(
        description="Column clues, left to right, as the rows."
    )
    givens: list[str] | None = Field(
        description="Cells revealed in the printed grid: '#' and '.', or (colour) the "
        "palette's characters; '?' not given. Null when none is."
    )
    solution: list[str] = Field(
        description="Its one solution: '#' and '.', or (colour) the palette's characters."
    )
    source_grid: list[str] = Field(
        description="The picture's grid before the repair, written as the solution."
    )
    seed: int
    options: dict[str, Any] = Field(description="The make options used.")
    verdict: dict[str, Any] = Field(
        description="The solver's verdict, as POST /api/check answers it: status, "
        "line_solvable, difficulty, tier..."
    )
    fidelity: dict[str, Any] = Field(
        description="What the repair changed: flipped cells and givens (mono), or changed "
        "cells and their colour cost in Delta E (colour)."
    )
    conversion: dict[str, Any] | None = Field(
        description="How the picture was split into subject and background, and what it "
        "warned of: `warnings` naming the request's fields, `page_warnings` the page's labels."
    )
    print_warnings: list[str] = Field(
        description="What would print too small to read on a letter page."
    )
    seconds: float = Field(description="Wall time of the make.")
    links: MadeLinks


class MosaicTile(MadeAnswer):
    """One tile of a mosaic: a puzzle of its own, and where it goes."""

    tile: str = Field(description="Its place, 1-based: r1c2 is the first row's second tile.")
    box: list[int] = Field(
        description="Its cells in the full picture: top, left, bottom, right (exclusive)."
    )


class MosaicAnswer(BaseModel):
    """A big picture made into a set of puzzles, one per tile, each unique and logic-only on
    its own."""

    version: int
    kind: Literal["mosaic"]
    title: str
    width: int = Field(description="The full picture's width in cells.")
    height: int = Field(description="The full picture's height in cells.")
    tiles_across: int
    tiles_down: int
    row_cuts: list[int] = Field(description="Where the tiles' edges run down the picture.")
    col_cuts: list[int] = Field(description="Where the tiles' edges run across the picture.")
    seed: int
    options: dict[str, Any] = Field(description="The make options every tile used.")
    conversion: dict[str, Any] | None = Field(
        description="How the picture was split into subject and background, once for all."
    )
    palette: list[PaletteEntry] | None = Field(
        None, description="A colour mosaic's palette, the background first, shared by every tile."
    )
    changes: list[list[int]] = Field(
        description="Cells the repairs flipped (colour: changed), [row, col]."
    )
    givens: list[list[int]] = Field(description="Cells revealed as givens, [row, col].")
    seconds: float = Field(description="Wall time of the whole mosaic.")
    tiles: list[MosaicTile] = Field(description="The tiles, row by row.")
