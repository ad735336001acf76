"""The CPU-heavy work behind each endpoint, as plain functions of plain values.

Each job takes and returns picklable values, so the service can run it in a worker process
(or a thread) off the event loop; none imports the web framework. They call the same
pipeline, formats, solver and PDF code the command line does.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from nonogen.errors import InputError, LimitError, NotMadeError
from nonogen.formats import detect_format, format_puzzle, parse_puzzle
from nonogen.formats.files import decode_bytes
from nonogen.formats.nonjson import (
    NOT_GIVEN_CHAR,
    palette_of,
    palette_rows,
    palette_text,
    puzzle_from_object,
)
from nonogen.formats.shared import check_json_values
from nonogen.generate.fix import drawing_grid, fix_drawing
from nonogen.grid import EMPTY, FILLED, UNKNOWN
from nonogen.palette import BLACK_ON_WHITE
from nonogen.pdf import Entry, PageOptions, legibility_problems, puzzle_pdf, solution_pdf
from nonogen.pipeline import (
    Made,
    MakeOptions,
    Shortfall,
    SolveOptions,
    field,
    for_print,
    grid_rows,
    make_puzzle,
    solve_with,
    verdict_record,
)
from nonogen.pipeline.gallery import gallery
from nonogen.pipeline.mosaic import MosaicOptions, make_mosaic
from nonogen.puzzle import Kind, Puzzle, has_givens, puzzle_from_grid
from nonogen.service.limits import Limits
from nonogen.solve import Status, Verdict, difficulty_label
from nonogen.solve.hint import next_step
from nonogen.wording import Words, label, words

if TYPE_CHECKING:
    from nonogen.image.convert import Conversion
    from nonogen.records import JsonObject

RECORD_VERSION: Final = 1
"""The ``version`` of every JSON object the service answers with."""
PAGES: Final = ("puzzle", "solution", "both")
"""What a PDF holds: the puzzle page, the solution page, or the puzzle then its solution."""
WARM_MODULES: Final = (
    "nonogen.generate",
    "nonogen.image",
    "nonogen.preview",
)
"""The stages the pipeline imports lazily, loaded when a worker process starts."""
PICTURE_NICE: Final = 10
"""How much lower a picture worker's CPU priority is than the server's and the puzzle lane's."""
MAKE_SHARE: Final = 0.9
"""The share of a make request's time budget the generator gets: the rest renders the
preview and the answer, so the request holds its budget."""
SEARCH_SHARE: Final = 0.9
"""The share of a hint's or a fix's time budget its probing, search or repair gets: the rest
parses the request and answers it, so the job ends before the runner would stop it."""


@dataclass(frozen=True)
class MadePuzzle:
    """A made puzzle as the service keeps it: its record, its file and its preview (its id is
    given by the store, at random: see ``nonogen.service.store``)."""

    puzzle: Puzzle
    """Black-and-white or colour; its goal is its one solution (made puzzles are unique)."""
    record: dict[str, Any]
    """The JSON answer of POST /api/puzzles, without the id and the links."""
    json_text: str
    """The puzzle as a nonogen JSON file (solution, source grid, options, verdict; a colour
    puzzle's palette)."""
    png: bytes
    """The preview: the puzzle, and its solution with the flipped cells marked (a colour
    puzzle: its coloured clues, its solution and the legend)."""

    @property
    def size(self) -> int:
        """Bytes held, roughly: what the store counts against its byte limit."""
        return len(self.json_text) + len(self.png)


def warm() -> None:
    """A picture lane's worker: lower its CPU priority by ``PICTURE_NICE`` (a machine busy
    making pictures still answers checks and hints), and import the picture, generator,
    preview and PDF stages (its first job is fast)."""
    if hasattr(os, "nice"):
        os.nice(PICTURE_NICE)
    for module in WARM_MODULES:
        importlib.import_module(module)


def warm_puzzles() -> None:
    """A puzzle lane's worker: the solver, generator and PDF stages (this module's imports)."""
    importlib.import_module(__name__)


def warm_heavy() -> None:
    """An expensive lane's worker (fixes, hard or large checks): the puzzle stages, at the
    picture lane's lower CPU priority, so that quick requests keep the processor."""
    if hasattr(os, "nice"):
        os.nice(PICTURE_NICE)
    warm_puzzles()


def within(options: MakeOptions, limits: Limits) -> MakeOptions:
    """The make options within the service's budgets: its share of the time limit, and at
    most the picture pixel limit."""
    return replace(
        options,
        seconds=MAKE_SHARE * min(options.seconds, limits.solver_seconds),
        max_pixels=min(options.max_pixels, limits.picture_pixels),
    )


def gallery_job(data: bytes, name: str, options: MakeOptions, limits: Limits) -> dict[str, Any]:
    """A picture's best conversions drawn at the size (and in the colours) asked, before any
    repair (the studio's gallery)."""

    drawn = gallery(data, name=name, options=within(options, limits))
    return {**drawn.record(field), "page_warnings": [w.text(label) for w in drawn.warnings]}


def make_job(data: bytes, name: str, options: MakeOptions, limits: Limits) -> MadePuzzle:
    """Make a puzzle (black and white, or colour with ``options.colours``) from a picture's
    bytes; NotMadeError if the budget ran out first."""
    made = make_puzzle(data, name=name, options=within(options, limits))
    _require_made(name, made.shortfall())
    return _answered(made)


def _answered(made: Made, *, conversion: JsonObject | None = None, **extra: Any) -> MadePuzzle:
    """A made puzzle as the service keeps and answers it: its record, JSON and preview, the
    conversion's warnings naming the request's fields in the answer and the file alike (a
    mosaic's tiles share ``conversion``, the set's)."""
    if conversion is None and made.conversion is not None:
        conversion = _conversion(made.conversion)
    puzzle = made.puzzle
    if conversion is not None:
        puzzle = replace(puzzle, meta={**puzzle.meta, "conversion": conversion})
    text = format_puzzle(puzzle, "json")
    fields = _made_fields(made, text)
    record = {**_made_record(made, fields), **extra}
    if conversion is not None:
        record["conversion"] = conversion
    return MadePuzzle(puzzle, record, text, made.preview())


def _made_fields(made: Made, text: str) -> dict[str, Any]:
    """A made puzzle's fields: its clues (and palette), givens as the file draws them ("?"
    not given), and its solution as text rows ('#' and '.', or the palette's characters)."""
    return {
        **puzzle_fields(made.puzzle, made.kind),
        "givens": json.loads(text).get("givens"),
        "solution": grid_rows(made.puzzle.palette, made.repair.grid),
    }


def mosaic_job(
    data: bytes, name: str, options: MosaicOptions, limits: Limits
) -> tuple[dict[str, Any], list[MadePuzzle]]:
    """Make a mosaic from a picture's bytes: the set's record and each tile as a made puzzle
    (kept and linked like any other); NotMadeError if a tile missed its target."""
    mosaic = make_mosaic(
        data, name=name, options=replace(options, make=within(options.make, limits))
    )
    _require_made(name, mosaic.shortfall())
    shared = None if mosaic.conversion is None else _conversion(mosaic.conversion, candidates=False)
    tiles = [
        _answered(tile.made, tile=tile.name, box=list(tile.box), conversion=shared)
        for tile in mosaic.tiles
    ]
    record = {k: v for k, v in mosaic.record(field).items() if k != "tiles"}
    return {"version": RECORD_VERSION, "kind": "mosaic", **record}, tiles


def _made_record(made: Made, fields: dict[str, Any]) -> dict[str, Any]:
    """The answer of POST /api/puzzles: the make's own record (seed, options, conversion,
    verdict, fidelity, seconds), the puzzle's fields for this kind, its source grid and what
    would print badly on a letter page."""
    return {
        "version": RECORD_VERSION,
        "kind": made.kind.name,
        **made.record(),
        **fields,
        "source_grid": made.puzzle.meta["source_grid"],
        "print_warnings": [p.text(field) for p in print_warnings(made.puzzle, PageOptions())],
    }


def _conversion(conversion: Conversion, *, candidates: bool = True) -> JsonObject:
    """A conversion's record as the API answers it: its warnings name fields, not flags, and
    again as the page says them (``page_warnings``: its controls' labels); a mosaic's tiles
    answer without the candidates, which the set's record has."""
    record = conversion.record(field)
    record["page_warnings"] = [warning.text(label) for warning in conversion.warnings]
    return record if candidates else {k: v for k, v in record.items() if k != "candidates"}


def _require_made(name: str, shortfall: Shortfall | None) -> None:
    """NotMadeError (422) saying why a make missed its target and what to try."""
    if shortfall is not None:
        raise NotMadeError(shortfall.words(name))


def puzzle_fields(puzzle: Puzzle, kind: Kind | None = None) -> dict[str, Any]:
    """Title, size, clues (and palette) and givens of a puzzle, as JSON, written as its kind's
    (``kind``: the make's, when a colour make drew black on white only)."""
    written = kind or puzzle.kind
    return {
        "title": puzzle.title,
        "width": puzzle.width,
        "height": puzzle.height,
        **written.palette_record(puzzle.palette),
        "rows": [written.clue(puzzle.palette, clue) for clue in puzzle.row_blocks],
        "cols": [written.clue(puzzle.palette, clue) for clue in puzzle.col_blocks],
        "givens": _givens_rows(puzzle),
    }


def _givens_rows(puzzle: Puzzle) -> list[str] | None:
    """The givens as text rows ("?" not given; '#' and '.', or the palette's characters), or
    None when no cell is given."""
    if puzzle.givens is None or not has_givens(puzzle):
        return None
    return palette_text(puzzle.givens, puzzle.palette)


def read_puzzle_text(text: str, name: str, fmt: str | None, limits: Limits) -> Puzzle:
    """The one puzzle in a file's text (any format nonogen reads), within the size limit."""
    if text.lstrip()[:1] in ("{", "["):
        check_json_values(text, name, limits.max_side)  # before it becomes Python objects
    puzzle = parse_puzzle(text, name=name, fmt=fmt)
    limits.check_side(puzzle.width, puzzle.height)
    return puzzle


def check_job(data: bytes, name: str, fmt: str | None, limits: Limits) -> dict[str, Any]:
    """Solve a puzzle file: its clues, its goal if it has one, and the verdict (a colour
    puzzle: its palette, coloured clues and solutions in the palette's characters)."""
    text = decode_bytes(data, name)
    puzzle = read_puzzle_text(text, name, fmt, limits)
    verdict = solve_with(puzzle, SolveOptions(timeout=limits.solver_seconds))
    record: dict[str, Any] = {"version": RECORD_VERSION, **puzzle_fields(puzzle)}
    record["format"] = fmt or detect_format(name, text)
    if puzzle.goal is not None:
        record["goal"] = grid_rows(puzzle.palette, puzzle.goal)
    return {**record, **verdict_record(verdict, puzzle)}


def convert_job(data: bytes, name: str, fmt: str | None, to: str, limits: Limits) -> str:
    """A puzzle file converted to another format (a colour puzzle: json or xml)."""
    puzzle = read_puzzle_text(decode_bytes(data, name), name, fmt, limits)
    return format_puzzle(puzzle, to)


CELL_VALUES: Final = {FILLED: "filled", EMPTY: "empty", UNKNOWN: "either"}
"""A cell's value in a JSON answer (``either``: filled in one solution, empty in another)."""


def _hint_cell(puzzle: Puzzle, row: int, col: int, value: int) -> dict[str, Any]:
    """A cell a hint names: ``filled``, ``empty`` or ``either``, and (a colour puzzle's filled
    cell) its colour."""
    cell: dict[str, Any] = {"row": row, "col": col, "value": CELL_VALUES[min(value, FILLED)]}
    return cell | (puzzle.kind.cell(puzzle.palette, value) if value > 0 else {})


def hint_job(body: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """The next step from a player's grid: ``#`` filled, ``.`` crossed, ``?`` open (colour:
    the palette's characters and ``?``). ``body`` is the request's rows, cols, palette, grid."""
    rows, cols, grid = body["rows"], body["cols"], body["grid"]
    limits.check_side(len(cols), len(rows))
    clues = {"rows": rows, "cols": cols, "palette": body.get("palette")}
    puzzle = puzzle_from_object(clues, "hint")
    partial = palette_rows(grid, puzzle.palette, "grid", unknown=NOT_GIVEN_CHAR)
    seconds = SEARCH_SHARE * limits.solver_seconds
    hint = next_step(puzzle, partial, seconds=seconds)
    line, probe = hint.line, hint.probe
    return {
        "version": RECORD_VERSION,
        "status": str(hint.status),
        "reason": hint.reason,
        "line": None
        if line is None
        else {
            "kind": str(line.kind),
            "index": line.index,
            "clue": puzzle.kind.clue(puzzle.palette, line.clue),
        },
        "cells": [_hint_cell(puzzle, *cell) for cell in hint.cells],
        "kind": None if hint.kind is None else str(hint.kind),
        "probe": None if probe is None else _probe_record(puzzle, *probe),
    }


def _probe_record(puzzle: Puzzle, row: int, col: int, value: int) -> dict[str, Any]:
    """A probe's cell and the value it tried."""
    cell = _hint_cell(puzzle, row, col, value)
    return {"tried": cell.pop("value"), **cell}


def fix_job(body: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """Few changes or givens that make a drawn grid (``#`` filled, ``.`` empty; colour: the
    palette's characters) a unique, logic-only puzzle, and the verdict on it. ``body`` is the
    request's grid, mode and palette."""
    grid = body["grid"]
    limits.check_side(len(grid[0]) if grid else 0, len(grid))  # before a huge grid is parsed
    if body.get("palette") is None:
        drawing, palette = drawing_grid(grid).astype(np.uint8), BLACK_ON_WHITE
    else:
        palette = palette_of(body["palette"], "palette")
        drawing = palette_rows(grid, palette, "grid").astype(np.uint8)
    seconds = SEARCH_SHARE * limits.solver_seconds
    fix = fix_drawing(drawing, palette, seconds=seconds, mode=body["mode"])
    puzzle = puzzle_from_grid(fix.grid, palette)

    def cells(marks: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
        return [_hint_cell(puzzle, r, c, int(fix.grid[r, c])) for r, c in marks]

    return {
        "version": RECORD_VERSION,
        "status": str(fix.status),
        "reason": fix.reason,
        "grid": palette_text(fix.grid, puzzle.palette),
        "flips": cells(fix.flips),
        "givens": cells(fix.givens),
        "seed": fix.seed,
        "verdict": verdict_record(fix.verdict, puzzle),
    }


def recorded_difficulty(puzzle: Puzzle) -> str:
    """``medium (24)`` from the verdict a made puzzle records, or an empty string."""
    verdict = puzzle.meta.get("verdict")
    score = verdict.get("difficulty") if isinstance(verdict, dict) else None
    return difficulty_label(score) if isinstance(score, int) else ""


def pdf_job(puzzle: Puzzle, pages: str, options: PageOptions) -> bytes:
    """A PDF of a puzzle (either kind): its page, its solution page, or both."""
    if pages not in PAGES:
        raise InputError(f"expected pages to be one of {', '.join(PAGES)}, got {pages!r}")
    source = puzzle.meta.get("source")
    entry = Entry(
        puzzle,
        title=puzzle.title,
        difficulty=recorded_difficulty(puzzle),
        answer=source if isinstance(source, str) else "",
    )
    if pages == "solution":
        return solution_pdf(entry, options=options)
    return puzzle_pdf(entry, options=options, solution=pages == "both")


def print_warnings(puzzle: Puzzle, options: PageOptions) -> list[Words]:
    """What would print too small to read (cells under 4 mm, clues under 6 pt), if anything."""
    return legibility_problems([Entry(puzzle, title=puzzle.title)], options)


def pdf_from_json(
    obj: object, pages: str, options: PageOptions, limits: Limits, force_small: bool = False
) -> bytes:
    """A PDF of a puzzle given as a nonogen JSON object (or puzzle text in any format; colour
    puzzles too); with a key only if the puzzle has exactly one solution; LimitError if it
    would print too small to read, unless ``force_small``."""
    text = obj if isinstance(obj, str) else json.dumps(obj)
    name = "puzzle" if isinstance(obj, str) else "puzzle.json"
    puzzle = read_puzzle_text(text, name, None, limits)
    problems = print_warnings(puzzle, options)
    if problems and not force_small:
        raise LimitError(
            words("{problem}; or send {force_small=true} to print it anyway", problem=problems[0])
        )
    return pdf_job(keyed(puzzle, pages, limits), pages, options)


def keyed(puzzle: Puzzle, pages: str, limits: Limits) -> Puzzle:
    """The puzzle as printed with ``pages``: with an answer key (solution or both), its one
    solution as its goal; InputError if the solver finds none, several or runs out of time,
    since any key would then mislead."""
    if pages not in ("solution", "both"):
        return puzzle
    printable, verdict = for_print(puzzle, timeout=limits.solver_seconds)
    if printable.goal is not None:
        return printable
    raise InputError(
        f"cannot print an answer key: {why_no_key(verdict, limits)}; ask for pages "
        '"puzzle" to get the sheet without a key, or change the clues until the puzzle has '
        "exactly one solution (POST /api/check shows where two solutions differ)"
    )


def why_no_key(verdict: Verdict, limits: Limits) -> str:
    """Why a puzzle with this verdict has no answer key to print."""
    if verdict.status is Status.NONE:
        return "the puzzle has no solution"
    if verdict.status is Status.MULTIPLE:
        cells = verdict.differing()
        first = f", first at row {cells[0][0] + 1}, column {cells[0][1] + 1}" if cells else ""
        return (
            f"the puzzle has several solutions ({len(cells)} cells differ between two of "
            f"them{first}), so a key would show one of them as if it were the answer"
        )
    return f"the solver did not settle the puzzle within {limits.solver_seconds:g} s"
