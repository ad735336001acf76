"""Puzzles read, solved and recorded: ``check``, ``solve``, ``convert`` and what ``pdf`` prints,
for black-and-white and colour puzzles alike."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Final

import numpy as np
import numpy.typing as npt

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
from nonogen.errors import InputError
from nonogen.palette import BLACK_ON_WHITE, Palette, parse_rgb
from nonogen.pipeline.checkrows import CheckTally, agreement, recorded, table_row
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle
from nonogen.records import JsonObject
from nonogen.solve import DEFAULT_TIMEOUT, Status, Verdict, solve_puzzle

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

    def record(self) -> JsonObject:
        """One JSON Lines object of ``nonogen check --json``."""
        record: JsonObject = {"version": RECORD_VERSION, "file": self.label}
        if self.puzzle is None or self.verdict is None:
            return {**record, "status": "error", "error": self.error}
        puzzle, verdict = self.puzzle, self.verdict
        record.update(width=puzzle.width, height=puzzle.height, title=puzzle.title)
        record.update(verdict_record(verdict, puzzle))
        record.update(puzzle.kind.palette_names(puzzle.palette))
        status, line = expected_of(puzzle)
        if status is not None or line is not None:
            record.update(
                expected_status=status, expected_line_solvable=line, agrees=agrees(puzzle, verdict)
            )
        return record

    def line(self) -> str:
        """One row of the check table (``CHECK_HEADER``)."""
        if self.puzzle is None or self.verdict is None:
            return f"{self.label}  error  {self.error}"
        puzzle, verdict = self.puzzle, self.verdict
        return table_row(
            self.label,
            (puzzle.width, puzzle.height),
            str(verdict.status),
            line_solvable=verdict.line_solvable,
            difficulty=verdict.difficulty,
            seconds=verdict.seconds,
            mismatch=agrees(puzzle, verdict) is False,
        )


def tallied(tally: CheckTally, checked: Checked) -> None:
    """Count one row of a check run in its tally."""
    verdict = checked.verdict
    if verdict is None:
        tally.count("error")
        return
    mismatch = checked.puzzle is not None and agrees(checked.puzzle, verdict) is False
    tally.count(
        str(verdict.status),
        seconds=verdict.seconds,
        line_solvable=verdict.line_solvable,
        mismatch=mismatch,
    )


@dataclass(frozen=True)
class SolveOptions:
    """How hard the solver works on each puzzle."""

    max_solutions: int = 2
    timeout: float = DEFAULT_TIMEOUT


def read_any(source: str, fmt: str | None) -> list[tuple[str, Puzzle]]:
    """(label, puzzle) for every puzzle of a file, of either kind."""
    from nonogen.formats.codec import iter_labelled  # noqa: PLC0415  (readers: see _inputs)
    from nonogen.formats.files import read_text  # noqa: PLC0415

    return list(iter_labelled(read_text(source), name=source, fmt=fmt))


def entries_in_text(text: str, name: str) -> list[tuple[str, Puzzle | InputError]]:
    """(label, puzzle) for every puzzle of a text in a detected format, of either kind; a
    JSON Lines text's broken line as (its label, the InputError saying why: ``iter_entries``)."""
    from nonogen.formats.codec import iter_entries  # noqa: PLC0415  (readers: see _inputs)

    return list(iter_entries(text, name=name))


def _inputs(paths: Sequence[str], fmt: str | None) -> Iterator[tuple[str, Puzzle | None, str]]:
    """Every puzzle of every path, or the error that made a file (or a line of a JSON Lines
    file) unreadable. The readers load here, not with the module: the instant check
    (``nonogen.cli.instant``) solves a puzzle it has read itself through ``check_puzzles``."""
    from nonogen.formats import expand_paths  # noqa: PLC0415
    from nonogen.formats.codec import iter_entries  # noqa: PLC0415
    from nonogen.formats.files import read_text  # noqa: PLC0415

    for path in expand_paths(paths):
        try:
            for label, entry in iter_entries(read_text(path), name=path, fmt=fmt):
                if isinstance(entry, InputError):
                    yield label, None, str(entry)  # a JSON Lines file's broken line alone
                else:
                    yield label, entry, ""
        except InputError as error:
            yield path, None, str(error)


def solve_with(puzzle: Puzzle, options: SolveOptions) -> Verdict:
    """The puzzle's verdict under the options."""
    return solve_puzzle(puzzle, max_solutions=options.max_solutions, timeout=options.timeout)


def grid_rows(palette: Palette, grid: npt.NDArray[np.generic]) -> list[str]:
    """A solution as text rows of each colour's character (``#`` and ``.`` in black and
    white)."""
    chars = [colour.char for colour in palette.colours]
    return ["".join(chars[v] for v in row) for row in np.asarray(grid, dtype=np.uint8).tolist()]


def ansi_rows(puzzle: Puzzle, grid: npt.NDArray[np.generic]) -> list[str]:
    """A colour solution for a terminal: two spaces a cell on its 24-bit background colour."""
    cells = [
        "\x1b[48;2;{};{};{}m  ".format(*parse_rgb(colour.rgb)) for colour in puzzle.palette.colours
    ]
    return ["".join(cells[v] for v in row) + "\x1b[0m" for row in grid.tolist()]


def _text_rows(puzzle: Puzzle, grid: npt.NDArray[np.generic]) -> list[str]:
    """A solution as text rows (``grid_rows``)."""
    return grid_rows(puzzle.palette, grid)


ANSI_ROWS: Final[dict[Kind, Callable[[Puzzle, npt.NDArray[np.generic]], list[str]]]] = {
    MONO: _text_rows,
    COLOUR: ansi_rows,
}
"""A solution for a terminal that shows colours, by the puzzle's kind: black and white as
text, colour on its colours."""


def terminal_rows(puzzle: Puzzle, grid: npt.NDArray[np.generic], *, ansi: bool) -> list[str]:
    """A solution as ``nonogen solve`` prints it: as ``ANSI_ROWS`` has it when ``ansi``,
    else as text rows (``grid_rows``)."""
    return (ANSI_ROWS[puzzle.kind] if ansi else _text_rows)(puzzle, grid)


def _check_one(task: tuple[Puzzle, SolveOptions]) -> Verdict:
    """Solve one puzzle (on a worker)."""
    puzzle, options = task
    return solve_with(puzzle, options)


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
    yield from check_puzzles(
        inputs, options=options, backend=backend or choose_backend(jobs), on_progress=on_progress
    )


def check_puzzles(
    inputs: Sequence[tuple[str, Puzzle | None, str]],
    *,
    options: SolveOptions,
    backend: Backend,
    on_progress: Progress | None = None,
) -> Iterator[Checked]:
    """Solve every puzzle of (label, puzzle or None, why none) on the backend, largest first;
    yielded in input order, a row of its error for each input without a puzzle."""
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

    runs = run_all(_check_one, items, backend=backend, on_progress=progress)
    solved = (
        (puzzles[j][0], _checked(inputs[puzzles[j][0]][0], puzzles[j][1], o)) for j, o in runs
    )
    yield from in_input_order(chain(unreadable, solved))


def _checked(label: str, puzzle: Puzzle, outcome: Outcome[Verdict]) -> Checked:
    """A check's row from an item's outcome: an unknown verdict when it was stopped or lost."""
    if outcome.value is not None:
        return Checked(label, puzzle, outcome.value)
    return Checked(
        label, puzzle, Verdict(Status.UNKNOWN, reason=outcome.error, seconds=outcome.seconds)
    )


@dataclass(frozen=True)
class VerdictRecord:
    """A verdict as records and answers give it: solutions in the palette's characters."""

    status: str
    line_solvable: bool | None
    techniques: tuple[str, ...]
    difficulty: int | None
    tier: str | None
    reason: str
    seconds: float
    stats: tuple[tuple[str, int], ...]
    """The solver's work (``Verdict.stats``), in the order it was counted."""
    solution: list[str] | None = None
    """The first solution found, as text rows."""
    other_solution: list[str] | None = None
    """A second solution, when there are several."""
    differing_cells: tuple[tuple[int, int], ...] = ()
    """Where the two solutions differ."""

    @classmethod
    def of(cls, verdict: Verdict, puzzle: Puzzle | None = None) -> VerdictRecord:
        """The record of a verdict on the puzzle (its palette writes the solutions)."""
        palette = BLACK_ON_WHITE if puzzle is None else puzzle.palette
        grids = [grid_rows(palette, grid) for grid in verdict.solutions[:2]]
        several = len(grids) == 2
        return cls(
            status=str(verdict.status),
            line_solvable=verdict.line_solvable,
            techniques=tuple(str(t) for t in verdict.techniques),
            difficulty=verdict.difficulty,
            tier=verdict.tier,
            reason=verdict.reason,
            seconds=round(verdict.seconds, 4),
            stats=tuple(verdict.stats.items()),
            solution=grids[0] if grids else None,
            other_solution=grids[1] if several else None,
            differing_cells=tuple(verdict.differing()) if several else (),
        )

    def to_json(self, *, steady: bool = False) -> JsonObject:
        """The JSON object (``steady``: without what varies from run to run, its seconds and
        the ``*_ms`` timings of its stats, for a file that gives the same bytes for the same
        seed)."""
        stats: JsonObject = {k: v for k, v in self.stats if not (steady and k.endswith("_ms"))}
        record: JsonObject = {
            "status": self.status,
            "line_solvable": self.line_solvable,
            "techniques": list(self.techniques),
            "difficulty": self.difficulty,
            "tier": self.tier,
            "reason": self.reason,
            "seconds": self.seconds,
            "stats": stats,
        }
        if steady:
            del record["seconds"]
        if self.solution is not None:
            record["solution"] = list(self.solution)
        if self.other_solution is not None:
            record["other_solution"] = list(self.other_solution)
            record["differing_cells"] = [[r, c] for r, c in self.differing_cells]
        return record


def verdict_record(verdict: Verdict, puzzle: Puzzle | None = None) -> JsonObject:
    """The JSON-ready fields of a verdict (``VerdictRecord``)."""
    return VerdictRecord.of(verdict, puzzle).to_json()


def expected_of(puzzle: Puzzle) -> tuple[str | None, bool | None]:
    """The status and line-solvability a corpus file records, if it records them."""
    return recorded(puzzle.meta)


def agrees(puzzle: Puzzle, verdict: Verdict) -> bool | None:
    """Whether a settled verdict matches what the puzzle file records (None: nothing to compare)."""
    return agreement(puzzle.meta, str(verdict.status), verdict.line_solvable)


def solve_file(path: str, *, fmt: str | None, options: SolveOptions) -> tuple[Puzzle, Verdict]:
    """Read exactly one puzzle (black-and-white or colour) and solve it."""
    puzzle = only_puzzle(read_any(path, fmt), path)
    return puzzle, solve_with(puzzle, options)


def only_puzzle(found: list[tuple[str, Puzzle]], path: str) -> Puzzle:
    """The one puzzle of a file; InputError if it holds none or several."""
    if len(found) != 1:
        raise InputError(f"{path}: expected exactly one puzzle, found {len(found)}")
    return found[0][1]


def convert_file(source: str, output: str, *, to: str | None, fmt: str | None) -> None:
    """Convert a puzzle file (a colour puzzle: to nonogen JSON or webpbn XML)."""
    from nonogen.formats import write_puzzle  # noqa: PLC0415  (readers: see _inputs)

    write_puzzle(only_puzzle(read_any(source, fmt), source), output, to)


def for_print(puzzle: Puzzle, *, timeout: float) -> tuple[Puzzle, Verdict]:
    """The puzzle with its unique solution as its goal (none otherwise), and the verdict."""
    verdict = solve_puzzle(puzzle, timeout=timeout)
    goal = verdict.solutions[0] if verdict.status is Status.UNIQUE else None
    return puzzle.with_goal(goal), verdict


def print_ready(path: str, *, fmt: str | None, timeout: float) -> tuple[Puzzle, Verdict]:
    """The one puzzle of a file (either kind) with its unique solution as its goal (none
    otherwise), and the verdict: what ``nonogen pdf`` prints."""
    return for_print(only_puzzle(read_any(path, fmt), path), timeout=timeout)
