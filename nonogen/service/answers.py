"""The bodies of POST /api/hint's answer and of POST /api/fix, as pydantic models.

They are the routes' ``response_model``: the OpenAPI schema documents every field (the web
page is built against it, and Schemathesis checks each answer against it).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

CellValue = Literal["filled", "empty"]


class HintCell(BaseModel):
    """A cell a hint names, 0-based."""

    row: int
    col: int
    value: Literal["filled", "empty", "either"] = Field(
        description="The value the step gives the cell; `either` (status ambiguous): filled "
        "in one solution, empty in another."
    )


class HintLine(BaseModel):
    """The line of a step, the line a probe's assumption breaks, or the line a mistake breaks."""

    kind: Literal["row", "col"]
    index: int = Field(description="0-based: rows from the top, columns from the left.")
    clue: list[int]


class HintProbe(BaseModel):
    """A probe step's assumption: the cell, and the value tried that ended in a contradiction."""

    row: int
    col: int
    tried: CellValue


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


class FixRequest(BaseModel):
    """A drawn grid, and how it may be changed."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"grid": ["#.", ".#"]}]})

    grid: list[str] = Field(
        description="One text row per grid row, all of the same length: '#' filled, '.' empty."
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


class FixAnswer(BaseModel):
    """A drawing's fix, or why there is none."""

    version: int
    status: Literal["fixed", "already", "failed"] = Field(
        description="fixed: the flips and givens make it unique and logic-only; already: it is; "
        "failed: the time or flip budget ran out (the reason says what to try)."
    )
    reason: str
    grid: list[str] = Field(description="The fixed grid (the drawing unless status is fixed).")
    flips: list[FixCell] = Field(description="Cells to flip, with their new value.")
    givens: list[FixCell] = Field(description="Cells to reveal in the printed grid.")
    seed: int = Field(description="The generator's seed (fixed: the same drawing, the same fix).")
    verdict: dict[str, Any] = Field(
        description="The complete solver's verdict on the fixed puzzle (on the drawing unless "
        "fixed), as POST /api/check answers it: status, line_solvable, difficulty, tier..."
    )
