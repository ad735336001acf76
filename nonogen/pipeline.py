"""The one orchestration the entry points call: read puzzles, solve them, report records."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from nonogen.backends import (
    Backend,
    Item,
    Outcome,
    choose_backend,
    hard_limit,
    in_input_order,
    loaded,
    run_all,
)
from nonogen.colour import ColourPuzzle, ColourVerdict, solve_colour_puzzle
from nonogen.colour.contrast import parse_rgb
from nonogen.errors import InputError, NonogenError
from nonogen.formats import STDIO, expand_paths, read_bytes, write_atomic, write_puzzle
from nonogen.formats.codec import iter_labelled
from nonogen.formats.colour import format_colour_puzzle, is_colour_text, read_colour_puzzles
from nonogen.formats.detect import format_from_name
from nonogen.formats.files import read_text
from nonogen.generate import TIERS, RepairMode
from nonogen.grid import Grid, format_grid
from nonogen.image.options import MAX_PIXELS, PictureOptions
from nonogen.puzzle import Puzzle
from nonogen.solve import DEFAULT_TIMEOUT, Status, Verdict, solve_puzzle

if TYPE_CHECKING:
    from nonogen.colour import ColourGrid
    from nonogen.colour.repair import ColourRepair
    from nonogen.generate import Repair
    from nonogen.image.convert import Conversion, Scored

RECORD_VERSION = 1
AnyPuzzle = Puzzle | ColourPuzzle
"""A black-and-white or a colour puzzle: check and solve take either."""
AnyVerdict = Verdict | ColourVerdict
"""What the solver of either kind found."""
Progress = Callable[[int, int | None], None]
"""on_progress(done, total): total is None while the inputs are still being counted."""


@dataclass(frozen=True)
class Checked:
    """One input of a check run: its verdict, or the input error that stopped it."""

    label: str
    puzzle: AnyPuzzle | None
    verdict: AnyVerdict | None
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


def read_any(source: str, fmt: str | None) -> list[tuple[str, AnyPuzzle]]:
    """(label, puzzle) for every puzzle of a file, colour puzzles (a JSON palette, a webpbn
    file of several colours) included."""
    text = read_text(source)
    if fmt is None and is_colour_text(text, source):
        return list(read_colour_puzzles(text, source))
    return list(iter_labelled(text, name=source, fmt=fmt))


def puzzles_in_text(text: str, name: str) -> list[tuple[str, AnyPuzzle]]:
    """(label, puzzle) for every puzzle of a text in a detected format, colour ones included."""
    if is_colour_text(text, name):
        return list(read_colour_puzzles(text, name))
    return list(iter_labelled(text, name=name))


def _inputs(paths: Sequence[str], fmt: str | None) -> Iterator[tuple[str, AnyPuzzle | None, str]]:
    """Every puzzle of every path, or the error that made a file unreadable."""
    for path in expand_paths(paths):
        try:
            for label, puzzle in read_any(path, fmt):
                yield label, puzzle, ""
        except InputError as error:
            yield path, None, str(error)


def solve_any(puzzle: AnyPuzzle, options: SolveOptions) -> AnyVerdict:
    """The verdict of either solver, by the puzzle's kind."""
    many, timeout = options.max_solutions, options.timeout
    if isinstance(puzzle, ColourPuzzle):
        return solve_colour_puzzle(puzzle, max_solutions=many, timeout=timeout)
    return solve_puzzle(puzzle, max_solutions=many, timeout=timeout)


def grid_rows(puzzle: AnyPuzzle, grid: Any) -> list[str]:
    """A solution as text rows: ``#`` and ``.``, or each colour's character."""
    if isinstance(puzzle, ColourPuzzle):
        chars = [colour.char for colour in puzzle.palette.colours]
        return ["".join(chars[v] for v in row) for row in grid.tolist()]
    return format_grid(grid)


def ansi_rows(puzzle: ColourPuzzle, grid: Any) -> list[str]:
    """A colour solution for a terminal: two spaces a cell on its 24-bit background colour."""
    cells = [
        "\x1b[48;2;{};{};{}m  ".format(*parse_rgb(colour.rgb)) for colour in puzzle.palette.colours
    ]
    return ["".join(cells[v] for v in row) + "\x1b[0m" for row in grid.tolist()]


def terminal_rows(puzzle: AnyPuzzle, grid: Any, *, ansi: bool) -> list[str]:
    """A solution as ``nonogen solve`` prints it: in colour when ``ansi`` and the puzzle has
    colours, else as text rows (``grid_rows``)."""
    if ansi and isinstance(puzzle, ColourPuzzle):
        return ansi_rows(puzzle, grid)
    return grid_rows(puzzle, grid)


def _check_one(task: tuple[AnyPuzzle, SolveOptions]) -> AnyVerdict:
    """Solve one puzzle (on a worker)."""
    puzzle, options = task
    return solve_any(puzzle, options)


def check_paths(
    paths: Sequence[str],
    *,
    fmt: str | None = None,
    options: SolveOptions = SolveOptions(),
    jobs: int = 1,
    backend: Backend | None = None,
    on_progress: Progress | None = None,
) -> Iterator[Checked]:
    """Solve every puzzle found under the paths, on the backend (``jobs`` local processes if
    none is given), largest first; yielded in input order."""
    inputs = list(_inputs(paths, fmt))
    unreadable = [
        (i, Checked(label, None, None, error))
        for i, (label, puzzle, error) in enumerate(inputs)
        if puzzle is None
    ]
    puzzles = [(i, puzzle) for i, (_, puzzle, _) in enumerate(inputs) if puzzle is not None]
    limit = hard_limit(options.timeout)
    items = [Item(loaded((p, options)), p.width * p.height, limit) for _, p in puzzles]

    def progress(done: int, total: int) -> None:
        if on_progress:
            on_progress(len(unreadable) + done, len(inputs))

    runs = run_all(_check_one, items, backend=backend or choose_backend(jobs), on_progress=progress)
    solved = (
        (puzzles[j][0], _checked(inputs[puzzles[j][0]][0], puzzles[j][1], o)) for j, o in runs
    )
    yield from in_input_order(chain(unreadable, solved))


def _checked(label: str, puzzle: AnyPuzzle, outcome: Outcome[AnyVerdict]) -> Checked:
    """A check's row from an item's outcome: an unknown verdict when it was stopped or lost."""
    if outcome.value is not None:
        return Checked(label, puzzle, outcome.value)
    return Checked(
        label, puzzle, Verdict(Status.UNKNOWN, reason=outcome.error, seconds=outcome.seconds)
    )


def verdict_record(verdict: AnyVerdict, puzzle: AnyPuzzle | None = None) -> dict[str, Any]:
    """The JSON-ready fields of a verdict (a colour puzzle's solutions in its characters)."""
    rows: Callable[[Any], list[str]] = format_grid if puzzle is None else partial(grid_rows, puzzle)
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
        record["solution"] = rows(verdict.solutions[0])
    if len(verdict.solutions) >= 2:
        record["other_solution"] = rows(verdict.solutions[1])
        record["differing_cells"] = [list(cell) for cell in verdict.differing()]
    return record


def expected_of(puzzle: AnyPuzzle) -> tuple[str | None, bool | None]:
    """The status and line-solvability a corpus file records, if it records them."""
    status = puzzle.meta.get("solutions_known")
    line = puzzle.meta.get("line_solvable")
    return (
        status if isinstance(status, str) and status != "unknown" else None,
        line if isinstance(line, bool) else None,
    )


def agrees(puzzle: AnyPuzzle, verdict: AnyVerdict) -> bool | None:
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
    record.update(verdict_record(verdict, puzzle))
    if isinstance(puzzle, ColourPuzzle):
        record["palette"] = [colour.name for colour in puzzle.palette.colours]
    status, line = expected_of(puzzle)
    if status is not None or line is not None:
        record.update(
            expected_status=status, expected_line_solvable=line, agrees=agrees(puzzle, verdict)
        )
    return record


def solve_file(
    path: str, *, fmt: str | None, options: SolveOptions
) -> tuple[AnyPuzzle, AnyVerdict]:
    """Read exactly one puzzle (black-and-white or colour) and solve it."""
    puzzle = _only(read_any(path, fmt), path)
    return puzzle, solve_any(puzzle, options)


def _only(found: list[tuple[str, AnyPuzzle]], path: str) -> AnyPuzzle:
    """The one puzzle of a file; InputError if it holds none or several."""
    if len(found) != 1:
        raise InputError(f"{path}: expected exactly one puzzle, found {len(found)}")
    return found[0][1]


def convert_file(source: str, output: str, *, to: str | None, fmt: str | None) -> None:
    """Convert a puzzle file; a colour puzzle goes to nonogen JSON or webpbn XML."""
    puzzle = _only(read_any(source, fmt), source)
    if not isinstance(puzzle, ColourPuzzle):
        write_puzzle(puzzle, output, to)
        return
    text = format_colour_puzzle(puzzle, to or format_from_name(output) or "")
    if output == STDIO:
        sys.stdout.write(text)
    else:
        write_atomic(Path(output), text.encode("utf-8"))


DIFFICULTIES = TIERS
"""Tiers ``nonogen make --difficulty`` delivers (or fails naming the best tier reached)."""
REPAIRS = tuple(str(mode) for mode in RepairMode)
"""How ``nonogen make`` may repair a grid: flip cells, reveal givens, or flips then givens."""


def for_print(puzzle: Puzzle, *, timeout: float) -> tuple[Puzzle, Verdict]:
    """The puzzle with its unique solution as its goal (kept as is otherwise), and the verdict."""
    verdict = solve_puzzle(puzzle, timeout=timeout)
    if verdict.status is Status.UNIQUE:
        return replace(puzzle, goal=verdict.solutions[0]), verdict
    return replace(puzzle, goal=None), verdict


def print_ready(path: str, *, fmt: str | None, timeout: float) -> tuple[AnyPuzzle, AnyVerdict]:
    """The one puzzle of a file (either kind) with its unique solution as its goal (none
    otherwise), and the verdict: what ``nonogen pdf`` prints."""
    return for_print_any(_only(read_any(path, fmt), path), timeout=timeout)


def for_print_any(puzzle: AnyPuzzle, *, timeout: float) -> tuple[AnyPuzzle, AnyVerdict]:
    """``for_print`` for a puzzle of either kind."""
    if not isinstance(puzzle, ColourPuzzle):
        return for_print(puzzle, timeout=timeout)
    verdict = solve_colour_puzzle(puzzle, timeout=timeout)
    goal = verdict.solutions[0] if verdict.status is Status.UNIQUE else None
    return replace(puzzle, goal=goal), verdict


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
    """easy, medium, hard or expert: the tier to deliver; None for any logic-only puzzle."""
    allow_search: bool = False
    """Accept unique puzzles that need probing or search."""
    max_pixels: int = MAX_PIXELS
    """The largest picture read, in pixels."""
    repair: str = "auto"
    """flips, givens, or auto (flips within ``max_flips``, then givens)."""
    max_givens: int | None = None
    """Givens budget; None allows a tenth of the cells (at least one per row and column)."""

    def __post_init__(self) -> None:
        if self.repair not in REPAIRS:
            raise InputError(
                f"expected --repair to be one of {', '.join(REPAIRS)}, got {self.repair!r}"
            )
        self.target()

    def target(self) -> str:
        """The generator's target: a tier, line (logic-only) or unique."""
        if self.difficulty not in (None, *DIFFICULTIES):
            raise InputError(
                f"expected --difficulty to be one of {', '.join(DIFFICULTIES)}, "
                f"got {self.difficulty!r}"
            )
        if self.difficulty is not None:
            return self.difficulty
        return "unique" if self.allow_search else "line"


@dataclass(frozen=True)
class MakeProgress:
    """Where a make is: its stage and, while repairing, how far the repair has come."""

    stage: str
    """reading, converting, repairing or checking."""
    attempt: int = 0
    """The candidate grid being repaired, 1-based (0 before the repair)."""
    attempts: int = 0
    """How many candidate grids may be tried."""
    open_cells: int | None = None
    """Cells line logic leaves open after the latest move (None before the first)."""
    moves: int = 0
    """Flips or givens made on this candidate so far."""


MakeListener = Callable[[MakeProgress], None]
"""on_progress(progress) of a make: told of every stage and repair move."""


def _silent(progress: MakeProgress) -> None:
    """The listener of a make nobody watches."""


@dataclass(frozen=True)
class Made:
    """A puzzle made from a picture, and how faithful it stayed."""

    puzzle: Puzzle
    repair: Repair
    source: Grid
    verdict: Verdict
    seconds: float
    """Wall time of the whole make, reading the picture included."""
    conversion: Conversion | None = None
    """How the picture became the source grid (None for puzzles not made from a picture)."""

    @property
    def ok(self) -> bool:
        """Whether the puzzle met its target: unique, logic-only unless search was allowed, and
        of the tier asked for."""
        tier = self.repair.target.tier
        unique = self.repair.solved and self.verdict.status is Status.UNIQUE
        return unique and (not tier or self.verdict.tier == tier)


VERDICT_SECONDS = 10.0
"""The complete solver's budget for the final verdict on a made puzzle."""
REPAIR_RANKED = 4
"""The best candidate grids the pipeline weighs by what their repair would cost."""
OPEN_WEIGHT = 0.3
"""How much a candidate's score loses per share of cells line logic leaves open."""
RETRIES = 2
"""Candidates tried after the chosen one when its repair runs out of budget."""


def make_from_picture(
    data: bytes, *, name: str, options: MakeOptions, on_progress: MakeListener = _silent
) -> Made:
    """Convert a picture (the candidate that looks most like its subject) and repair it into
    a unique, logic-only puzzle; if the repair runs out, the next candidates are tried."""
    # Imported here so that solving and checking never pay for Pillow and scikit-image.
    from nonogen.image.convert import convert, forced  # noqa: PLC0415
    from nonogen.image.read import read_picture  # noqa: PLC0415

    started = time.perf_counter()
    on_progress(MakeProgress("reading"))
    picture = read_picture(data, name=name, max_pixels=options.max_pixels)
    on_progress(MakeProgress("converting"))
    conversion = _by_repair_cost(convert(picture, options.picture), options.picture)
    deadline = started + options.seconds
    tries = [conversion.chosen] if forced(options.picture) else _choices(conversion)
    for attempt, scored in enumerate(tries):
        left = max(0.01, deadline - time.perf_counter())
        at = MakeProgress("repairing", attempt + 1, len(tries))
        on_progress(at)
        moved = partial(_moved, on_progress, at)
        repaired = _repaired(scored, options, seconds=left, on_move=moved)
        if repaired.solved or attempt == len(tries) - 1 or time.perf_counter() >= deadline:
            break
    if scored is not conversion.chosen:
        conversion = replace(conversion, chosen=scored)
    source = scored.cells.grid()
    on_progress(MakeProgress("checking"))
    left = min(VERDICT_SECONDS, deadline - time.perf_counter())
    verdict = solve_puzzle(repaired.puzzle(), timeout=max(0.2, left))
    box = scored.cells.box
    meta = {
        "title": "stdin" if name == "-" else Path(name).stem,
        "seed": options.seed,
        "options": asdict(options),
        "conversion": conversion.record(),
        "source_box": list(box),
        "source_grid": format_grid(source),
        "verdict": {k: v for k, v in verdict_record(verdict).items() if k != "seconds"},
        "fidelity": fidelity(source, repaired),
    }
    puzzle = repaired.puzzle(meta=meta, where=name)
    seconds = time.perf_counter() - started
    return Made(puzzle, repaired, source, verdict, seconds, conversion)


def _choices(conversion: Conversion) -> list[Scored]:
    """The chosen candidate, then the next plausible ones in rank order."""
    rest = [s for s in conversion.ranked if s is not conversion.chosen and not s.why_not_subject()]
    return [conversion.chosen, *rest[:RETRIES]]


def _by_repair_cost(conversion: Conversion, picture: PictureOptions) -> Conversion:
    """The conversion re-ranked, among its best plausible candidates, by score minus what the
    repair would cost: the share of cells line logic leaves open."""
    from nonogen.generate import undetermined  # noqa: PLC0415
    from nonogen.image.convert import forced  # noqa: PLC0415

    if forced(picture):
        return conversion
    best = [s for s in conversion.ranked if not s.why_not_subject()][:REPAIR_RANKED]
    if len(best) < 2:
        return conversion
    weighed = []
    for scored in best:
        open_share = float(undetermined(scored.cells.filled).mean())
        parts = {**scored.parts, "open": open_share}
        weighed.append(replace(scored, parts=parts, score=scored.score - OPEN_WEIGHT * open_share))
    weighed.sort(key=lambda s: -s.score)
    rest = [s for s in conversion.ranked if all(s.split is not w.split for w in weighed)]
    ranked = (*weighed, *sorted(rest, key=lambda s: -s.score))
    return replace(conversion, chosen=weighed[0], ranked=ranked)


def _moved(on_progress: MakeListener, at: MakeProgress, open_cells: int, moves: int) -> None:
    """Pass a repair move on as progress."""
    on_progress(replace(at, open_cells=open_cells, moves=moves))


def _repaired(
    scored: Scored,
    options: MakeOptions,
    *,
    seconds: float,
    on_move: Callable[[int, int], None] | None = None,
) -> Repair:
    """One candidate grid repaired toward the target within the budgets."""
    from nonogen.generate import Target, repair  # noqa: PLC0415

    source = scored.cells.grid()
    height, width = source.shape
    budget = options.max_flips if options.max_flips is not None else max(1, width * height // 20)
    return repair(
        source,
        scored.cells.cost(),
        rng=np.random.default_rng(options.seed),
        max_flips=budget,
        seconds=seconds,
        target=Target(options.target()),
        mode=options.repair,
        max_givens=options.max_givens,
        on_move=on_move,
    )


def preview_of(made: Made) -> bytes:
    """The PNG preview of a made puzzle: the source picture, the puzzle, and its solution with
    the flips marked."""
    from nonogen.preview import preview_png  # noqa: PLC0415  (Pillow only when asked)

    picture = _source_rgb(made)
    givens = made.repair.givens
    return preview_png(made.puzzle, made.repair.grid, made.source, picture=picture, givens=givens)


def _source_rgb(made: Made) -> Any:
    """The part of the source picture a made puzzle covers, 8-bit RGB (None if unknown)."""
    from nonogen.image.read import picture_rgb8  # noqa: PLC0415

    conversion = made.conversion
    if conversion is None or conversion.source is None:
        return None
    return picture_rgb8(conversion.source, conversion.cells.box)


def sheet_entry(made: Made, *, label: str, note: str) -> Any:
    """One row of a report's contact sheet: source, chosen grid, final puzzle, the method."""
    from nonogen.preview import SheetEntry  # noqa: PLC0415

    chosen = made.conversion.chosen.label if made.conversion else ""
    return SheetEntry(
        label=label,
        method=chosen,
        picture=_source_rgb(made),
        chosen=made.source,
        final=made.repair.grid,
        flips=tuple(made.repair.flips),
        givens=tuple(made.repair.givens),
        note=note,
    )


def write_sheet(entries: Sequence[Any], path: Path) -> list[Path]:
    """Contact sheets of report rows, as many PNG files as the entries need (``path``, then
    ``path-2.png``...); returns the files written."""
    from nonogen.formats import write_atomic  # noqa: PLC0415
    from nonogen.preview import MAX_SHEET_ENTRIES, contact_sheet  # noqa: PLC0415

    written: list[Path] = []
    for start in range(0, len(entries), MAX_SHEET_ENTRIES):
        part = len(written) + 1
        target = path if part == 1 else path.with_name(f"{path.stem}-{part}{path.suffix}")
        write_atomic(target, contact_sheet(entries[start : start + MAX_SHEET_ENTRIES]))
        written.append(target)
    return written


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
        "givens": len(repaired.givens),
        "givens_percent": round(100 * len(repaired.givens) / cells, 2),
        "given_cells": [[r, c] for r, c in repaired.givens],
        "fill_before": round(float(source.mean()), 4),
        "fill_after": round(float(repaired.grid.mean()), 4),
        "undetermined": repaired.unknown,
    }


REPORT_WIDTHS = (10, 20, 30, 40, 50, 60)
"""The widths ``nonogen report`` measures by default: the range the targets are set for."""


BENCH_INDEX = "bench.tsv"
"""A folder's index of pictures with known subject masks (``samples/bench/``)."""


@dataclass(frozen=True)
class Truth:
    """What a benchmark picture is known to show."""

    mask: bytes | None
    """The subject mask file's bytes; None when the picture has no subject (to be refused)."""
    kind: str = ""


def bench_truths(paths: Sequence[str]) -> dict[str, Truth]:
    """The known answers for pictures listed in a ``bench.tsv`` beside them."""
    truths: dict[str, Truth] = {}
    for folder in sorted({Path(path).parent for path in paths}):
        index = folder / BENCH_INDEX
        if not index.is_file():
            continue
        for line in index.read_text(encoding="utf-8").splitlines()[1:]:
            picture, mask, kind, *_ = [*line.split("\t"), "", "", ""]
            if picture:
                data = None if mask in ("", "-") else (folder / mask).read_bytes()
                truths[str(folder / picture)] = Truth(data, kind)
    return truths


def report_case(
    data: bytes, *, name: str, width: int, options: MakeOptions, truth: Truth | None = None
) -> tuple[dict[str, Any], Made | None]:
    """A report row and the puzzle made (None when it could not be made)."""
    from nonogen.image.convert import NoSubjectError  # noqa: PLC0415

    picture = replace(options.picture, width=width)
    base: dict[str, Any] = {"picture": Path(name).name, "width": width}
    if truth is not None:
        base["expected"] = "none" if truth.mask is None else "subject"
    try:
        made = make_from_picture(data, name=name, options=replace(options, picture=picture))
    except NoSubjectError as error:
        return {**base, "refused": True, "error": str(error)}, None
    except NonogenError as error:
        return {**base, "error": str(error)}, None
    figures = fidelity(made.source, made.repair)
    chosen = made.conversion.chosen if made.conversion else None
    row = {
        **base,
        **_made_fields(made),
        "flipped": figures["flipped"],
        "flipped_percent": figures["flipped_percent"],
        "flip_cost": figures["flip_cost"],
        "givens": figures["givens"],
        "fill_before": figures["fill_before"],
        "fill_after": figures["fill_after"],
        "seconds": round(made.seconds, 3),
    }
    if truth is not None and truth.mask is not None and chosen is not None:
        grid = made.repair.grid
        row["iou"] = round(_iou(truth, name, chosen.cells.box, grid), 4)
    return row, made


def _made_fields(made: Made | MadeColour) -> dict[str, Any]:
    """The report fields a black-and-white and a colour make share: size, method, verdict."""
    chosen = made.conversion.chosen if made.conversion else None
    return {
        "height": made.puzzle.height,
        "method": chosen.label if chosen else "",
        "ok": made.ok,
        "status": str(made.verdict.status),
        "line_solvable": made.verdict.line_solvable,
        "difficulty": made.verdict.difficulty,
        "tier": made.verdict.tier,
    }


def colour_report_case(
    data: bytes,
    *,
    name: str,
    width: int,
    options: MakeOptions,
    colours: int,
    truth: Truth | None = None,
) -> dict[str, Any]:
    """A report row of a colour make: palette, cells changed and their colour cost, givens,
    verdict and time."""
    from nonogen.image.convert import NoSubjectError  # noqa: PLC0415

    picture = replace(options.picture, width=width)
    base: dict[str, Any] = {"picture": Path(name).name, "width": width, "colours": colours}
    if truth is not None:
        base["expected"] = "none" if truth.mask is None else "subject"
    try:
        made = make_colour_from_picture(
            data, name=name, options=replace(options, picture=picture), colours=colours
        )
    except NoSubjectError as error:
        return {**base, "refused": True, "error": str(error)}
    except NonogenError as error:
        return {**base, "error": str(error)}
    figures = made.fidelity
    chosen = made.conversion.chosen if made.conversion else None
    row = {
        **base,
        **_made_fields(made),
        "palette": [f"{c.name} {c.rgb}" for c in made.puzzle.palette.colours],
        "changed": figures["changed"],
        "changed_percent": figures["changed_percent"],
        "colour_cost": figures["colour_cost"],
        "givens": figures["givens"],
        "givens_percent": figures["givens_percent"],
        "seconds": round(made.seconds, 3),
    }
    if truth is not None and truth.mask is not None and chosen is not None:
        row["iou"] = round(_iou(truth, name, chosen.cells.box, made.repair.grid > 0), 4)
    return row


ReportTask = tuple[bytes, str, int, MakeOptions, Truth | None, bool, int | None]
"""(picture bytes, name, width, options, truth, with a contact sheet entry, colours or None
for black and white): one report case."""


def _report_one(task: ReportTask) -> tuple[dict[str, Any], Any]:
    """One report row and its contact sheet entry (None unless asked and made, and always
    None for a colour case), on a worker."""
    data, name, width, options, truth, sheet, colours = task
    if colours is not None:
        row = colour_report_case(
            data, name=name, width=width, options=options, colours=colours, truth=truth
        )
        return row, None
    row, made = report_case(data, name=name, width=width, options=options, truth=truth)
    if not sheet or made is None:
        return row, None
    return row, sheet_entry(made, label=f"{row['picture']} @ {width}", note=sheet_note(row))


def _with_bytes(task: ReportTask) -> ReportTask:
    """A report case with its picture read (when the case is submitted; stdin's is kept)."""
    data, path, width, options, truth, sheet, colours = task
    return data or read_bytes(path), path, width, options, truth, sheet, colours


def report_rows(
    paths: Sequence[str],
    widths: Sequence[int],
    options: MakeOptions,
    *,
    square: bool = False,
    sheet: bool = False,
    backend: Backend | None = None,
    on_progress: Progress | None = None,
    colours: int | None = None,
) -> Iterator[tuple[dict[str, Any], Any]]:
    """Every picture made at every width on the backend (inline if none is given), largest
    first: its report row and contact sheet entry, yielded in input order; colour puzzles of
    ``colours`` colours when that is given."""
    from nonogen.image.header import grid_cells  # noqa: PLC0415

    truths = bench_truths(paths)
    items: list[Item[ReportTask]] = []
    cases = [(path, width) for path in paths for width in widths]
    for path in paths:
        data = read_bytes(path)  # here to size its grids, then again when each case is sent
        for width in widths:
            picture = replace(options.picture, width=width)
            picture = replace(picture, height=width) if square else picture
            case = replace(options, picture=picture)
            stdin = data if path == STDIO else b""
            task = (stdin, path, width, case, truths.get(path), sheet, colours)
            load = partial(_with_bytes, task)
            items.append(Item(load, grid_cells(data, picture), hard_limit(options.seconds)))
    runs = run_all(
        _report_one, items, backend=backend or choose_backend(1), on_progress=on_progress
    )
    yield from in_input_order((i, _report_result(*cases[i], outcome)) for i, outcome in runs)


def _report_result(
    path: str, width: int, outcome: Outcome[tuple[dict[str, Any], Any]]
) -> tuple[dict[str, Any], Any]:
    """A case's row and sheet entry; an error row if it was stopped or lost with its worker."""
    if outcome.value is not None:
        return outcome.value
    return {"picture": Path(path).name, "width": width, "error": outcome.error}, None


def sheet_note(row: dict[str, Any]) -> str:
    """The contact sheet's note for a made row: verdict, flips, IoU."""
    solved = "logic-only" if row["line_solvable"] else "needs search"
    iou = f"; IoU {row['iou']}" if "iou" in row else ""
    repairs = f"{row['flipped']} flips, {row['givens']} givens"
    return f"{row['status']}, {solved}, {row['tier'] or '-'}; {repairs}{iou}"


LINE_KINDS = ("stroke", "thin-line")
"""Benchmark kinds whose subject is a line drawing: its cells are those the lines cross."""


def _iou(truth: Truth, name: str, box: tuple[int, int, int, int], grid: Grid) -> float:
    """The silhouette IoU of a made grid with a true mask pooled over the same box."""
    from nonogen.image.convert import mask_cells, silhouette_iou  # noqa: PLC0415
    from nonogen.image.read import read_mask  # noqa: PLC0415

    assert truth.mask is not None
    mask = read_mask(truth.mask, name=name)
    cells = mask_cells(mask, box, grid.shape, stroke=truth.kind in LINE_KINDS)
    return silhouette_iou(grid, cells)


def report_summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals over report rows: how many met the target, flips, times, refusals and IoU."""
    made = [row for row in rows if "error" not in row]
    percents = sorted(row.get("flipped_percent", row.get("changed_percent", 0.0)) for row in made)
    by_width: dict[int, list[float]] = {}
    for row in made:
        by_width.setdefault(row["width"], []).append(row["seconds"])
    ious = sorted(row["iou"] for row in made if "iou" in row)
    return {
        "made": len(made),
        "errors": len(rows) - len(made),
        "refused": sum(1 for row in rows if row.get("refused")),
        "wrong": sum(1 for row in rows if _wrong(row)),
        "met_target": sum(1 for row in made if row["ok"]),
        "median_flipped_percent": round(float(np.median(percents)), 2) if percents else None,
        "worst_flipped_percent": percents[-1] if percents else None,
        "median_iou": round(float(np.median(ious)), 4) if ious else None,
        "min_iou": ious[0] if ious else None,
        "tiers": {tier or "none": sum(1 for r in made if r["tier"] == tier) for tier in _TIERS},
        "max_seconds": max((row["seconds"] for row in made), default=None),
        "max_seconds_by_width": {width: max(by_width[width]) for width in sorted(by_width)},
    }


_TIERS = (*TIERS, "")


def _wrong(row: dict[str, Any]) -> bool:
    """Whether a row failed: an error (a refusal is right only for a picture with no subject),
    a puzzle that missed its target, or one made from a picture with no subject."""
    if row.get("expected") == "none":
        return not row.get("refused")
    return "error" in row or not row.get("ok")


COLOUR_UNSUPPORTED = (
    ("difficulty", None, "--difficulty"),
    ("allow_search", False, "--allow-search"),
)
"""MakeOptions fields a colour make does not use yet: (field, default, option)."""


@dataclass(frozen=True)
class MadeColour:
    """A colour puzzle made from a picture, and how faithful it stayed."""

    puzzle: ColourPuzzle
    repair: ColourRepair
    source: ColourGrid
    """The quantised grid before the repair (palette indices)."""
    verdict: ColourVerdict
    seconds: float
    """Wall time of the whole make, reading the picture included."""
    fidelity: dict[str, Any]
    """What the repair changed: ``colour_fidelity``."""
    conversion: Conversion | None = None
    """How the picture was split into subject and background."""

    @property
    def ok(self) -> bool:
        """Whether line logic solves the puzzle, so that it is unique and logic-only."""
        return self.repair.solved and self.verdict.status is Status.UNIQUE


def colour_preview_of(made: MadeColour) -> bytes:
    """The PNG preview of a made colour puzzle: its coloured clues, its solution and legend."""
    from nonogen.preview_colour import colour_preview_png  # noqa: PLC0415  (Pillow)

    return colour_preview_png(made.puzzle, made.repair.grid)


def check_colour_options(options: MakeOptions, colours: int) -> None:
    """InputError for a colour count out of range or an option colour puzzles lack."""
    from nonogen.image.palette import check_colours  # noqa: PLC0415

    check_colours(colours)
    for name, default, flag in COLOUR_UNSUPPORTED:
        if getattr(options, name) != default:
            raise InputError(f"{flag} is for black-and-white puzzles; leave it out with --colors")


def make_colour_from_picture(
    data: bytes,
    *,
    name: str,
    options: MakeOptions,
    colours: int,
    on_progress: MakeListener = _silent,
) -> MadeColour:
    """Split a picture into subject and background (as the black-and-white make does),
    quantise the subject to at most ``colours`` colours, and change the fewest cells, at the
    smallest colour difference (or reveal the fewest cells, as ``options.repair`` says),
    until colour line logic solves the puzzle."""
    from nonogen.colour import colour_puzzle_from_grid  # noqa: PLC0415
    from nonogen.colour.puzzle import givens_grid  # noqa: PLC0415
    from nonogen.colour.repair import Budget, repair_colour  # noqa: PLC0415
    from nonogen.generate.modes import default_givens  # noqa: PLC0415
    from nonogen.image.convert import convert  # noqa: PLC0415
    from nonogen.image.palette import quantise  # noqa: PLC0415
    from nonogen.image.read import read_picture  # noqa: PLC0415

    check_colour_options(options, colours)
    started = time.perf_counter()
    on_progress(MakeProgress("reading"))
    picture = read_picture(data, name=name, max_pixels=options.max_pixels)
    on_progress(MakeProgress("converting"))
    conversion = convert(picture, options.picture)
    cells = conversion.chosen.cells
    rng = np.random.default_rng(options.seed)
    quantised = quantise(
        picture, conversion.chosen.split.subject, cells.filled, cells.box, colours=colours, rng=rng
    )
    at = MakeProgress("repairing", 1, 1)
    on_progress(at)
    shape = quantised.grid.shape
    budget = Budget(
        rng,
        max_changes=_or(options.max_flips, max(1, quantised.grid.size // 20)),
        max_givens=_or(options.max_givens, default_givens(*shape)),
        deadline=max(time.perf_counter() + 0.01, started + options.seconds),
        on_move=partial(_moved, on_progress, at),
    )
    repaired = repair_colour(quantised.grid, quantised.costs(), mode=options.repair, budget=budget)
    on_progress(MakeProgress("checking"))
    givens = givens_grid(shape, repaired.givens, repaired.grid) if repaired.givens else None
    puzzle = colour_puzzle_from_grid(repaired.grid, quantised.palette, where=name, givens=givens)
    left = min(VERDICT_SECONDS, started + options.seconds - time.perf_counter())
    verdict = solve_colour_puzzle(puzzle, timeout=max(0.2, left))
    chars = [colour.char for colour in quantised.palette.colours]
    figures = colour_fidelity(quantised.grid, repaired, puzzle, merged=quantised.merged)
    meta = {
        "title": "stdin" if name == "-" else Path(name).stem,
        "seed": options.seed,
        "options": {**asdict(options), "colours": colours},
        "conversion": conversion.record(),
        "source_box": list(cells.box),
        "source_grid": ["".join(chars[v] for v in row) for row in quantised.grid.tolist()],
        "verdict": _steady(verdict_record(verdict, puzzle)),
        "fidelity": figures,
    }
    puzzle = replace(puzzle, meta=meta)
    seconds = time.perf_counter() - started
    return MadeColour(puzzle, repaired, quantised.grid, verdict, seconds, figures, conversion)


def _or(value: int | None, default: int) -> int:
    """An option's value, or its default when it was not given."""
    return default if value is None else value


def _steady(record: dict[str, Any]) -> dict[str, Any]:
    """A verdict record without what varies from run to run (times), for the output file."""
    stats = {k: v for k, v in record.get("stats", {}).items() if not k.endswith("_ms")}
    return {**{k: v for k, v in record.items() if k != "seconds"}, "stats": stats}


def colour_fidelity(
    source: ColourGrid, repaired: ColourRepair, puzzle: ColourPuzzle, *, merged: int
) -> dict[str, Any]:
    """Cells changed (count, percent), their summed and mean colour cost (Delta E), the
    changes themselves as [row, col, old colour, new colour], the givens (count, percent,
    [row, col, colour]), and colours merged away."""
    names = [colour.name for colour in puzzle.palette.colours]
    changes = repaired.changes
    return {
        "changed": len(changes),
        "changed_percent": round(100 * len(changes) / source.size, 2),
        "colour_cost": round(repaired.cost, 2),
        "mean_colour_cost": round(repaired.cost / len(changes), 2) if changes else 0.0,
        "changed_cells": [[r, c, names[old], names[new]] for r, c, old, new in changes],
        "givens": len(repaired.givens),
        "givens_percent": round(100 * len(repaired.givens) / source.size, 2),
        "given_cells": [[r, c, names[int(repaired.grid[r, c])]] for r, c in repaired.givens],
        "colours": len(names) - 1,
        "merged_colours": merged,
        "undetermined": repaired.unknown,
    }
