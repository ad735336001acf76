"""A picture made into a puzzle of either kind: the kind is chosen here, once, from
``MakeOptions.colours`` (None: black and white), and what is made carries its kind's
behaviour (``Made.kind``): how a candidate is drawn into cells (``draw``), what the record
says.

One make for both kinds: the conversion candidates are tried in order of repair cost, each
drawn into cells (``draw``) and repaired (``nonogen.generate.repair``); the first that
meets the target is kept, or, when none does, the one that came closest. The complete solver
then gives the verdict.
"""

from __future__ import annotations

import time
from dataclasses import asdict, replace
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from nonogen.image.areas import line_weighted
from nonogen.image.convert import convert
from nonogen.image.read import read_picture
from nonogen.pipeline.check import VerdictRecord, grid_rows
from nonogen.pipeline.fidelity import fidelity_of
from nonogen.pipeline.made import (
    Drawing,
    Made,
    MakeListener,
    MakeProgress,
    as_picked,
    budget_record,
    by_repair_cost,
    choices,
    drawing_warnings,
    drawn_for_make,
    ignore_progress,
    repair_move,
    repaired_grid,
    source_name,
    verdict_reserve,
    verdict_timeout,
)
from nonogen.pipeline.settings import MakeOptions
from nonogen.puzzle import COLOUR
from nonogen.records import JsonObject
from nonogen.solve import solve_puzzle
from nonogen.tiers import TIERS

if TYPE_CHECKING:
    from nonogen.generate import Repair
    from nonogen.image.scored import Scored


def make_puzzle(
    data: bytes,
    *,
    name: str,
    options: MakeOptions,
    on_progress: MakeListener = ignore_progress,
) -> Made:
    """Convert a picture (the candidate that looks most like its subject) and repair it into
    a unique puzzle of the options' kind and target: black and white, or colour with
    ``options.colours`` colours besides the background; if the repair runs out, the next
    candidates are tried."""
    # Imported here so that solving and checking never pay for Pillow and scikit-image.

    started = time.perf_counter()
    on_progress(MakeProgress("reading"))
    picture = read_picture(data, name=name, max_pixels=options.max_pixels)
    on_progress(MakeProgress("converting"))
    # Only a colour drawing leaves a cut's subject paper (``white_cut``): the whole picture is
    # drawn beside the cut for it alone, to be drawn in its place.
    offer_whole = options.kind is COLOUR
    conversion = by_repair_cost(
        convert(picture, options.picture, offer_whole=offer_whole), options.picture
    )
    deadline = started + options.seconds
    repairs_end = deadline - verdict_reserve(options.seconds)
    tries = [conversion.chosen] if as_picked(options.picture) else choices(conversion)
    best: tuple[Repair, Drawing, Scored] | None = None
    tried: set[str] = set()
    for attempt, candidate in enumerate(tries):
        found = drawn_for_make(picture, conversion, candidate, options, tried)
        if found is None:  # two white cuts of one thing: the whole picture, once
            continue
        drawn, drawing = found
        tried.add(drawn.key)
        left = max(0.01, repairs_end - time.perf_counter())
        at = MakeProgress("repairing", attempt + 1, len(tries))
        on_progress(at)
        repaired = repaired_grid(
            drawing.grid,
            line_weighted(drawing.grid, drawing.costs),
            drawing.palette,
            options,
            rng=np.random.default_rng(options.seed),
            seconds=left,
            on_move=partial(repair_move, on_progress, at),
        )
        if best is None or _shortfall(repaired) < _shortfall(best[0]):
            best = (repaired, drawing, drawn)
        if repaired.solved or time.perf_counter() >= repairs_end:
            break
    assert best is not None  # there is always a chosen candidate
    repaired, drawing, drawn = best
    scored = drawing.found
    if scored is not conversion.chosen:
        conversion = replace(conversion, chosen=scored)
    if all(s.key != drawn.key for s in conversion.ranked):  # the whole picture, drawn in place
        conversion = replace(conversion, ranked=(scored, *conversion.ranked))
    said = drawing_warnings(drawing, options)
    if said:
        conversion = replace(conversion, warnings=(*conversion.warnings, *said))
    on_progress(MakeProgress("checking"))
    ran_out = repaired.ran_out or (not repaired.solved and time.perf_counter() >= repairs_end)
    puzzle = repaired.puzzle(where=name)
    verdict = solve_puzzle(puzzle, timeout=verdict_timeout(deadline))
    figures = fidelity_of(options.kind, drawing.grid, repaired, merged=drawing.merged)
    meta: JsonObject = {
        "title": options.title,
        "source": source_name(name),
        "seed": options.seed,
        "options": asdict(options),
        "conversion": conversion.record(),
        "source_box": list(scored.cells.box),
        "source_grid": grid_rows(puzzle.palette, drawing.grid),  # the file's characters
        "verdict": VerdictRecord.of(verdict, puzzle).to_json(steady=True),
        "fidelity": figures.to_json(),
        **budget_record(ran_out, verdict),
    }
    seconds = time.perf_counter() - started
    made = (replace(puzzle, meta=meta), repaired, drawing.grid, verdict, seconds, figures)
    return Made(*made, conversion=conversion, kind=options.kind)


def _shortfall(repaired: Repair) -> tuple[bool, int, int]:
    """How far a repair is from its target: whether it missed it, the tiers between the one
    it reached and the one asked for, then the cells line logic leaves open."""
    asked = repaired.target.tier
    gap = 0
    if asked:
        reached = TIERS.index(repaired.tier) if repaired.tier else -len(TIERS)
        gap = abs(reached - TIERS.index(asked))
    return not repaired.solved, gap, repaired.unknown
