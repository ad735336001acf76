"""The one orchestration the entry points call: read puzzles, solve them, report records."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from nonogen.errors import InputError, NonogenError
from nonogen.formats import expand_paths, read_puzzle, read_puzzles
from nonogen.grid import Grid, format_grid
from nonogen.picture import MAX_PIXELS, PictureOptions
from nonogen.puzzle import Puzzle, puzzle_from_grid
from nonogen.solve import DEFAULT_TIMEOUT, Status, Verdict, solve_puzzle

if TYPE_CHECKING:
    from nonogen.generate import Repair

RECORD_VERSION = 1
Progress = Callable[[int, int | None], None]
"""on_progress(done, total): total is None while the inputs are still being counted."""


@dataclass(frozen=True)
class Checked:
    """One input of a check run: its verdict, or the input error that stopped it."""

    label: str
    puzzle: Puzzle | None
    verdict: Verdict | None
    error: str = ""

    @property
    def ok(self) -> bool:
        """Whether the puzzle is unique."""
        return self.verdict is not None and self.verdict.status is Status.UNIQUE


@dataclass(frozen=True)
class SolveOptions:
    """How hard the solver works on each puzzle."""

    max_solutions: int = 2
    timeout: float = DEFAULT_TIMEOUT


def _inputs(paths: Sequence[str], fmt: str | None) -> Iterator[tuple[str, Puzzle | None, str]]:
    """Every puzzle of every path, or the error that made a file unreadable."""
    for path in expand_paths(paths):
        try:
            for label, puzzle in read_puzzles(path, fmt=fmt):
                yield label, puzzle, ""
        except InputError as error:
            yield path, None, str(error)


def _check_one(task: tuple[str, Puzzle | None, str, SolveOptions]) -> Checked:
    """Solve one input (runs in a worker process when jobs > 1)."""
    label, puzzle, error, options = task
    if puzzle is None:
        return Checked(label, None, None, error)
    verdict = solve_puzzle(puzzle, max_solutions=options.max_solutions, timeout=options.timeout)
    return Checked(label, puzzle, verdict)


def check_paths(
    paths: Sequence[str],
    *,
    fmt: str | None = None,
    options: SolveOptions = SolveOptions(),
    jobs: int = 1,
    on_progress: Progress | None = None,
) -> Iterator[Checked]:
    """Solve every puzzle found under the paths, in order, with ``jobs`` worker processes."""
    tasks = ((label, puzzle, error, options) for label, puzzle, error in _inputs(paths, fmt))
    with ExitStack() as stack:
        results: Iterable[Checked] = map(_check_one, tasks)
        if jobs > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs))
            results = pool.map(_check_one, tasks, chunksize=4)
        for done, result in enumerate(results, 1):
            if on_progress:
                on_progress(done, None)
            yield result


def resolve_jobs(jobs: int) -> int:
    """Worker count: 0 means every core."""
    return jobs if jobs > 0 else os.cpu_count() or 1


def verdict_record(verdict: Verdict) -> dict[str, Any]:
    """The JSON-ready fields of a verdict."""
    record: dict[str, Any] = {
        "status": str(verdict.status),
        "line_solvable": verdict.line_solvable,
        "techniques": [str(t) for t in verdict.techniques],
        "difficulty": verdict.difficulty,
        "tier": verdict.tier,
        "reason": verdict.reason,
        "seconds": round(verdict.seconds, 4),
        "stats": verdict.stats,
    }
    if verdict.solutions:
        record["solution"] = format_grid(verdict.solutions[0])
    if len(verdict.solutions) >= 2:
        record["other_solution"] = format_grid(verdict.solutions[1])
        record["differing_cells"] = [list(cell) for cell in verdict.differing()]
    return record


def expected_of(puzzle: Puzzle) -> tuple[str | None, bool | None]:
    """The status and line-solvability a corpus file records, if it records them."""
    status = puzzle.meta.get("solutions_known")
    line = puzzle.meta.get("line_solvable")
    return (
        status if isinstance(status, str) and status != "unknown" else None,
        line if isinstance(line, bool) else None,
    )


def agrees(puzzle: Puzzle, verdict: Verdict) -> bool | None:
    """Whether a settled verdict matches what the puzzle file records (None: nothing to compare)."""
    status, line = expected_of(puzzle)
    if verdict.status in (Status.SOLVED, Status.UNKNOWN) or (status is None and line is None):
        return None
    return (status is None or status == verdict.status) and (
        line is None or line == verdict.line_solvable
    )


def check_record(checked: Checked) -> dict[str, Any]:
    """One JSON Lines object of ``nonogen check --json``."""
    record: dict[str, Any] = {"version": RECORD_VERSION, "file": checked.label}
    if checked.puzzle is None or checked.verdict is None:
        return {**record, "status": "error", "error": checked.error}
    puzzle, verdict = checked.puzzle, checked.verdict
    record.update(width=puzzle.width, height=puzzle.height, title=puzzle.title)
    record.update(verdict_record(verdict))
    status, line = expected_of(puzzle)
    if status is not None or line is not None:
        record.update(
            expected_status=status, expected_line_solvable=line, agrees=agrees(puzzle, verdict)
        )
    return record


def solve_file(path: str, *, fmt: str | None, options: SolveOptions) -> tuple[Puzzle, Verdict]:
    """Read exactly one puzzle and solve it."""
    puzzle = read_puzzle(path, fmt=fmt)
    return puzzle, solve_puzzle(
        puzzle, max_solutions=options.max_solutions, timeout=options.timeout
    )


DIFFICULTIES = ("easy", "medium", "hard")
"""Tiers ``nonogen make --difficulty`` steers toward."""


def for_print(puzzle: Puzzle, *, timeout: float) -> tuple[Puzzle, Verdict]:
    """The puzzle with its unique solution as its goal (kept as is otherwise), and the verdict."""
    verdict = solve_puzzle(puzzle, timeout=timeout)
    if verdict.status is Status.UNIQUE:
        return replace(puzzle, goal=verdict.solutions[0]), verdict
    return replace(puzzle, goal=None), verdict


@dataclass(frozen=True)
class MakeOptions:
    """How a picture becomes a puzzle (the options of ``nonogen make``)."""

    picture: PictureOptions = field(default_factory=PictureOptions)
    """How the picture becomes cells: size, threshold, contrast, edges, crop, despeckle."""
    seed: int = 0
    max_flips: int | None = None
    """Flip budget; None allows 5 % of the cells."""
    seconds: float = 30.0
    difficulty: str | None = None
    """easy, medium or hard; None for any logic-only puzzle."""
    allow_search: bool = False
    """Accept unique puzzles that need probing or search."""
    max_pixels: int = MAX_PIXELS
    """The largest picture read, in pixels."""

    def target(self) -> str:
        """The generator's target: easy, line or unique."""
        if self.difficulty not in (None, *DIFFICULTIES):
            raise InputError(
                f"expected --difficulty to be one of {', '.join(DIFFICULTIES)}, "
                f"got {self.difficulty!r}"
            )
        if self.difficulty == "easy":
            return "easy"
        if self.difficulty == "hard" or (self.allow_search and self.difficulty is None):
            return "unique"
        return "line"


@dataclass(frozen=True)
class Made:
    """A puzzle made from a picture, and how faithful it stayed."""

    puzzle: Puzzle
    repair: Repair
    source: Grid
    verdict: Verdict
    seconds: float
    """Wall time of the whole make, reading the picture included."""

    @property
    def ok(self) -> bool:
        """Whether the puzzle met its target: unique, and logic-only unless search was allowed."""
        return self.repair.solved and self.verdict.status is Status.UNIQUE


VERDICT_SECONDS = 10.0
"""The complete solver's budget for the final verdict on a made puzzle."""


def make_from_picture(data: bytes, *, name: str, options: MakeOptions) -> Made:
    """Threshold, downsample and repair a picture into a unique, logic-only puzzle."""
    # Imported here so that solving and checking never pay for Pillow and scikit-image.
    from nonogen.generate import Target, repair  # noqa: PLC0415
    from nonogen.image import read_picture, to_cells  # noqa: PLC0415

    started = time.perf_counter()
    target = Target(options.target())
    grey = read_picture(data, name=name, max_pixels=options.max_pixels)
    cells = to_cells(grey, options.picture)
    source = cells.grid()
    height, width = source.shape
    budget = options.max_flips if options.max_flips is not None else max(1, width * height // 20)
    repaired = repair(
        source,
        cells.cost(),
        rng=np.random.default_rng(options.seed),
        max_flips=budget,
        seconds=options.seconds,
        target=target,
    )
    verdict = solve_puzzle(puzzle_from_grid(repaired.grid), timeout=VERDICT_SECONDS)
    meta = {
        "title": "stdin" if name == "-" else Path(name).stem,
        "seed": options.seed,
        "options": asdict(options),
        "source_grid": format_grid(source),
        "verdict": verdict_record(verdict),
        "fidelity": fidelity(source, repaired),
    }
    puzzle = puzzle_from_grid(repaired.grid, meta=meta, where=name)
    return Made(puzzle, repaired, source, verdict, time.perf_counter() - started)


def preview_of(made: Made) -> bytes:
    """The PNG preview of a made puzzle: the puzzle, and its solution with the flips marked."""
    from nonogen.preview import preview_png  # noqa: PLC0415  (Pillow only when asked)

    return preview_png(made.puzzle, made.repair.grid, made.source)


def fidelity(source: Grid, repaired: Repair) -> dict[str, Any]:
    """Cells flipped (count, percent), their summed and mean grey-level cost, fill before and
    after, and the flipped cells themselves."""
    cells = source.size
    flips = len(repaired.flips)
    return {
        "flipped": flips,
        "flipped_percent": round(100 * flips / cells, 2),
        "flip_cost": round(repaired.cost, 4),
        "mean_flip_cost": round(repaired.cost / flips, 4) if flips else 0.0,
        "flipped_cells": [[r, c] for r, c in repaired.flips],
        "fill_before": round(float(source.mean()), 4),
        "fill_after": round(float(repaired.grid.mean()), 4),
        "undetermined": repaired.unknown,
    }


REPORT_WIDTHS = (10, 20, 30, 40, 50, 60)
"""The widths ``nonogen report`` measures by default: the range the targets are set for."""


def report_row(data: bytes, *, name: str, width: int, options: MakeOptions) -> dict[str, Any]:
    """One line of the generator report: make the picture at one width and measure it."""
    picture = replace(options.picture, width=width)
    try:
        made = make_from_picture(data, name=name, options=replace(options, picture=picture))
    except NonogenError as error:
        return {"picture": Path(name).name, "width": width, "error": str(error)}
    figures = fidelity(made.source, made.repair)
    return {
        "picture": Path(name).name,
        "width": made.puzzle.width,
        "height": made.puzzle.height,
        "ok": made.ok,
        "status": str(made.verdict.status),
        "line_solvable": made.verdict.line_solvable,
        "difficulty": made.verdict.difficulty,
        "tier": made.verdict.tier,
        "flipped": figures["flipped"],
        "flipped_percent": figures["flipped_percent"],
        "flip_cost": figures["flip_cost"],
        "fill_before": figures["fill_before"],
        "fill_after": figures["fill_after"],
        "seconds": round(made.seconds, 3),
    }


def report_summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals over report rows: how many met the target, median and worst flips, times."""
    made = [row for row in rows if "error" not in row]
    percents = sorted(row["flipped_percent"] for row in made)
    by_width: dict[int, list[float]] = {}
    for row in made:
        by_width.setdefault(row["width"], []).append(row["seconds"])
    return {
        "made": len(made),
        "errors": len(rows) - len(made),
        "met_target": sum(1 for row in made if row["ok"]),
        "median_flipped_percent": round(float(np.median(percents)), 2) if percents else None,
        "worst_flipped_percent": percents[-1] if percents else None,
        "max_seconds": max((row["seconds"] for row in made), default=None),
        "max_seconds_by_width": {width: max(by_width[width]) for width in sorted(by_width)},
    }
