"""A picture made into a unique black-and-white puzzle: the conversion candidates tried in
order of repair cost, the repair, the verdict, the fidelity and the preview."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

import numpy as np
import numpy.typing as npt

from nonogen.formats import render_puzzle, write_atomic
from nonogen.generate import Target, repair, undetermined
from nonogen.image.boxes import framed
from nonogen.image.convert import FRAMES, TONES_GAIN, convert, forced
from nonogen.image.detail import detailed
from nonogen.image.drawing import drawn_outline
from nonogen.image.options import PictureOptions
from nonogen.image.read import picture_rgb8
from nonogen.image.scored import MIN_LIKENESS
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.pipeline.fidelity import Fidelity, fidelity_of
from nonogen.pipeline.settings import MakeOptions
from nonogen.pipeline.shortfall import Shortfall, conversion_line
from nonogen.preview import MAX_SHEET_ENTRIES, SheetEntry, contact_sheet, preview_png, solution_png
from nonogen.puzzle import MONO, Kind, Puzzle
from nonogen.solve import Status, Verdict, with_article
from nonogen.wording import Option, Words
from nonogen.words import counted

if TYPE_CHECKING:
    from nonogen.generate import Repair
    from nonogen.image.convert import Conversion, Scored
    from nonogen.image.read import Picture
    from nonogen.preview import SheetEntry
    from nonogen.preview.canvas import Pixels
    from nonogen.records import JsonObject


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


def plain_summary(size: str, verdict: Verdict, changed: int, givens: int, seconds: float) -> str:
    """A made puzzle's summary for players (``make`` without ``--verbose``): ``20x15, unique,
    logic-only, easy (9); 2 cells changed from the picture, 1 given; 0.62 s``."""
    logic = "logic-only" if verdict.line_solvable else "needs probing or search"
    given_text = f", {counted(givens, 'given')}" if givens else ""
    return (
        f"{size}, {verdict.status}, {logic}, {verdict.tier or 'no tier'} ({verdict.difficulty}); "
        f"{counted(changed, 'cell')} changed from the picture{given_text}; {seconds:.2f} s"
    )


def ignore_progress(progress: MakeProgress) -> None:
    """The listener of a make nobody watches."""


@dataclass(frozen=True)
class Drawing:
    """A conversion candidate drawn into the cells of the puzzle's kind."""

    found: Scored
    """The candidate as drawn (its box, its subject)."""
    grid: npt.NDArray[Any]
    """The cells: filled (bool), or palette indices."""
    costs: npt.NDArray[np.float64]
    """What changing each cell costs the picture (``nonogen.generate.repair``'s costs)."""
    palette: Palette = BLACK_ON_WHITE
    merged: int = 0
    """Colours merged away as too alike (colour)."""


@dataclass(frozen=True)
class Made(ABC):
    """A puzzle made from a picture, of either kind. What every caller needs is here; what
    differs by kind (the summary, the shortfall, the pictures, the board) is its class's:
    ``MadeMono`` (black and white) or ``MadeColour``. ``make`` chooses the kind once."""

    kind: ClassVar[Kind]
    """Black and white or colour."""
    changed_word: ClassVar[str]
    """What the repair did to a changed cell, for people: ``flipped`` or ``changed``."""
    mosaic_tiers: ClassVar[bool]
    """Whether a mosaic's tiles of this kind are steered to a ``--difficulty`` tier."""
    puzzle: Puzzle
    repair: Repair
    source: npt.NDArray[Any]
    """The grid before the repair (filled cells, or palette indices)."""
    verdict: Verdict
    seconds: float
    """Wall time of the whole make, reading the picture included."""
    fidelity: Fidelity
    """What the repair changed (``figures``)."""
    conversion: Conversion | None = None
    """How the picture became the source grid (None for puzzles not made from a picture)."""

    @classmethod
    @abstractmethod
    def draw(
        cls, picture: Picture, conversion: Conversion, candidate: Scored, options: MakeOptions
    ) -> Drawing:
        """A candidate drawn into this kind's cells, with what changing each costs."""

    @classmethod
    def drawing_warnings(cls, drawing: Drawing, options: MakeOptions) -> tuple[Words, ...]:
        """What a person should know about the drawing beyond its conversion: nothing for
        black and white."""
        return ()

    @classmethod
    def option_fields(cls, options: MakeOptions) -> JsonObject:
        """What this kind adds to a record of the options (a report row, a book's cache key):
        nothing for black and white, so its records stay what earlier runs wrote."""
        return {}

    @classmethod
    def palette_record(cls, palette: Palette) -> tuple[dict[str, str], ...] | None:
        """The palette a drawing of this kind shows a person (a gallery's choice), background
        first; None where the kind has none to show (black and white)."""
        return None

    @classmethod
    @abstractmethod
    def figures(cls, source: npt.NDArray[Any], repaired: Repair, merged: int) -> Fidelity:
        """What the repair changed (the record's ``fidelity``)."""

    @property
    def ok(self) -> bool:
        """Whether the puzzle met its target: unique, logic-only unless search was allowed, and
        of the tier asked for."""
        tier = self.repair.target.tier
        unique = self.repair.solved and self.verdict.status is Status.UNIQUE
        return unique and (not tier or self.verdict.tier == tier)

    @abstractmethod
    def lines(self, *, verbose: bool = False) -> list[str]:
        """The summary for people (``verbose``: the internals and the conversion too)."""

    @abstractmethod
    def shortfall(self) -> Shortfall | None:
        """Why the puzzle missed its target and what to try; None when it met it."""

    @abstractmethod
    def preview(self) -> bytes:
        """The PNG preview: the puzzle and its solution (and what the kind shows beside)."""

    @abstractmethod
    def solution_png(self) -> bytes:
        """The PNG of the solution alone: its cells in their colours, nothing else."""

    @abstractmethod
    def board(self, *, show_solution: bool) -> str:
        """The puzzle as terminal text: its clues (and solution when asked)."""

    @property
    @abstractmethod
    def changed_cells(self) -> list[tuple[int, int]]:
        """The cells the repair changed, in the order it changed them."""

    @property
    def changed_percent(self) -> float:
        """The share of the cells the repair changed, in percent."""
        return self.fidelity.changed_percent

    def record(self) -> JsonObject:
        """The summary of the make as JSON: the puzzle's record (title, seed, options,
        conversion, verdict, fidelity) without its source grid, what the kind adds (a colour
        puzzle's palette), and the seconds spent."""
        meta = {k: v for k, v in self.puzzle.meta.items() if k != "source_grid"}
        return {**meta, **self.extra_record(), "seconds": round(self.seconds, 3)}

    def extra_record(self) -> JsonObject:
        """What this kind adds to the record."""
        return {}

    def report_fields(self) -> JsonObject:
        """What a report row says of the repair (``nonogen report``'s columns of this kind)."""
        return self.fidelity.report_fields()

    def sheet_entry(self, *, label: str, note: str) -> SheetEntry | None:
        """Its row of a report's contact sheet (source, chosen grid, final puzzle, method),
        or None where the kind has none."""
        return None


@dataclass(frozen=True)
class MadeMono(Made):
    """A black-and-white puzzle made from a picture, and how faithful it stayed."""

    kind: ClassVar[Kind] = MONO
    changed_word: ClassVar[str] = "flipped"
    mosaic_tiers: ClassVar[bool] = True

    @classmethod
    def draw(
        cls, picture: Picture, conversion: Conversion, candidate: Scored, options: MakeOptions
    ) -> Drawing:
        """The candidate drawn as a person would (``drawn``), and its flip costs."""
        scored = drawn(picture, conversion, candidate, options.picture)
        return Drawing(scored, scored.cells.grid(), scored.cells.cost())

    @classmethod
    def figures(cls, source: npt.NDArray[Any], repaired: Repair, merged: int) -> Fidelity:
        """Cells flipped, givens, the fill before and after (``fidelity_of``)."""
        return fidelity_of(cls.kind, source, repaired)

    def lines(self, *, verbose: bool = False) -> list[str]:
        """The summary for people: size, verdict, difficulty, cells changed and givens, time;
        with ``verbose`` the internals instead (flip cost, fill) and the conversion chosen."""
        figures, verdict = self.fidelity, self.verdict
        size = f"{self.puzzle.width}x{self.puzzle.height}"
        flipped, givens = figures.changed, len(figures.givens)
        if not verbose:
            return [plain_summary(size, verdict, flipped, givens, self.seconds)]
        logic = "logic-only" if verdict.line_solvable else "needs probing or search"
        return [
            f"{size}, {verdict.status}, {logic}, difficulty {verdict.difficulty} "
            f"{verdict.tier}; {flipped} cells flipped "
            f"({figures.changed_percent} %, cost {round(figures.cost, 4)}), "
            f"{givens} givens; fill "
            f"{figures.fill_before} -> {figures.fill_after}; {self.seconds:.2f} s",
            conversion_line(self.conversion),
        ]

    def shortfall(self) -> Shortfall | None:
        """Why the puzzle missed its target and what to try; None when it met it."""
        if self.ok:
            return None
        target, verdict = self.repair.target, self.verdict
        reached = verdict.tier or f"no tier ({verdict.status})"
        if target.tier and verdict.status is Status.UNIQUE:
            return Shortfall(
                f"{with_article(target.tier)} puzzle",
                f"within the budget, the best reached is {reached}",
                ("{reached}", "{repair=auto}", "more {seconds}"),
                {"reached": Option("difficulty", reached)},
            )
        return Shortfall(
            f"a puzzle that is {target}",
            f"the flip, givens or time budget ran out with {self.repair.unknown} cells still "
            f"undetermined by line logic (best tier reached: {reached})",
            (
                "{repair=auto}",
                "a larger {max_flips}",
                "a larger {max_givens}",
                "more {seconds}",
                "a smaller {width}",
                "{despeckle}",
                "{allow_search}",
            ),
        )

    def preview(self) -> bytes:
        """The source picture, the puzzle, and its solution with the flips marked."""
        return preview_of(self)

    def solution_png(self) -> bytes:
        """The filled cells, black on white."""

        return solution_png(np.asarray(self.repair.grid > 0))

    def board(self, *, show_solution: bool) -> str:
        """The clues around the grid, the solution drawn in it when asked."""
        return render_puzzle(self.puzzle, self.repair.grid if show_solution else None)

    def sheet_entry(self, *, label: str, note: str) -> SheetEntry:
        """Its row of a report's contact sheet."""
        return sheet_entry(self, label=label, note=note)

    @property
    def changed_cells(self) -> list[tuple[int, int]]:
        """The cells flipped."""
        return list(self.repair.flips)


MAX_VERDICT_SECONDS = 10.0
"""The complete solver's budget for the final verdict on a made puzzle."""
VERDICT_SHARE = 0.1
"""The share of a make's budget kept for the final verdict: the repair stops that much before
the deadline, so that the whole make holds its budget (``python -m bench.budgets``)."""
MIN_VERDICT_SECONDS = 0.05
"""The least the final verdict gets, even past the deadline: line logic settles a repaired
puzzle in milliseconds."""


def verdict_reserve(seconds: float) -> float:
    """Seconds of a make's budget kept for its final verdict."""
    return min(MAX_VERDICT_SECONDS, max(MIN_VERDICT_SECONDS, VERDICT_SHARE * seconds))


def verdict_timeout(deadline: float) -> float:
    """The final verdict's time limit: what is left until the make's deadline."""
    return max(MIN_VERDICT_SECONDS, min(MAX_VERDICT_SECONDS, deadline - time.perf_counter()))


REPAIR_RANKED = 4
"""The best candidate grids the pipeline weighs by what their repair would cost."""
OPEN_WEIGHT = 0.3
"""How much a candidate's score loses per share of cells line logic leaves open."""
RETRIES = 2
"""Candidates tried after the chosen one when its repair runs out of budget."""


TIME_BUDGET_NOTE: Final = (
    "the time budget (--seconds) ran out before the puzzle was done: how far the repair got "
    "depends on this machine's speed, so another run may give other bytes; give more "
    "--seconds for the same bytes every time"
)
"""What a make whose time budget ran out records (``time_budget``) and says on stderr: only
a make that finishes within its budget gives the same bytes for the same seed."""


def budget_record(ran_out: bool, verdict: Verdict) -> dict[str, str]:
    """``time_budget``: the note a make records when its time budget ran out (the repair's
    or the verdict's), so that its bytes may differ from run to run; nothing otherwise."""
    return {"time_budget": TIME_BUDGET_NOTE} if ran_out or verdict.status is Status.UNKNOWN else {}


def source_name(name: str) -> str:
    """What a picture is called in records and answer keys: its file's stem (``stdin``)."""
    return "stdin" if name == "-" else Path(name).stem


def first_conversion(picture: Picture, options: PictureOptions) -> Conversion:
    """The conversion ``make`` repairs first: ranked by what the repair would cost, its chosen
    grid with the subject's detail as the options ask (what a mosaic cuts into tiles)."""

    conversion = by_repair_cost(convert(picture, options), options)
    scored = drawn(picture, conversion, conversion.chosen, options)
    return conversion if scored is conversion.chosen else replace(conversion, chosen=scored)


def drawn(
    picture: Picture, conversion: Conversion, scored: Scored, options: PictureOptions
) -> Scored:
    """A candidate grid drawn as a person would (``nonogen.image.drawing``): framed tight to
    the subject, thin parts widened, specks cleared; then the subject's own dark parts inside
    its outline, as ``options.detail`` asks."""
    return _with_detail(picture, outlined(picture, conversion, scored, options), options)


def outlined(
    picture: Picture,
    conversion: Conversion,
    scored: Scored,
    options: PictureOptions,
    *,
    trim_whole: bool = True,
) -> Scored:
    """A candidate grid's outline drawn again (``nonogen.image.drawing.drawn_outline``),
    within the box pointed at (its frame) or the whole picture; ``trim_whole`` as there."""

    width, height = picture.size
    outer = (0, 0, width, height)
    if conversion.subject is not None:
        outer = framed(conversion.subject.box, picture.size)
    return drawn_outline(picture, scored, options, outer, [], trim_whole=trim_whole)


def _with_detail(picture: Picture, scored: Scored, options: PictureOptions) -> Scored:
    """The grid with the subject's own dark parts inside its outline, as ``options.detail``
    asks (None: when the subject's appearance calls for it and no option forced the
    conversion)."""

    if options.detail is False or (options.detail is None and forced(options)):
        return scored  # a forced conversion is drawn as asked, unless detail is asked too
    return detailed(picture, scored, force=bool(options.detail))


def as_picked(options: PictureOptions) -> bool:
    """Whether an option chose the conversion (a forced one, or a candidate picked): then it
    alone is repaired, and no other is tried."""

    return forced(options) or options.candidate is not None


def choices(conversion: Conversion) -> list[Scored]:
    """The chosen candidate, then the next plausible ones in rank order."""
    rest = [s for s in conversion.ranked if s is not conversion.chosen and s.eligible]
    return [conversion.chosen, *rest[:RETRIES]]


def by_repair_cost(conversion: Conversion, picture: PictureOptions) -> Conversion:
    """The conversion re-ranked, among its best plausible candidates, by score minus what the
    repair would cost: the share of cells line logic leaves open."""

    if as_picked(picture) or conversion.chosen.split.method in FRAMES:
        return conversion
    # A grid that explains under MIN_LIKENESS of the picture, or TONES_GAIN less than the
    # chosen one, draws something else: it is not traded for an easier repair (a blob around
    # a line drawing's strokes).
    least = max(MIN_LIKENESS, conversion.chosen.parts["likeness"] - TONES_GAIN)
    best = [
        s
        for s in conversion.ranked
        if s.eligible and (s is conversion.chosen or s.parts["likeness"] >= least)
    ][:REPAIR_RANKED]
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


def repair_move(on_progress: MakeListener, at: MakeProgress, open_cells: int, moves: int) -> None:
    """Pass a repair move on as progress."""
    on_progress(replace(at, open_cells=open_cells, moves=moves))


def repaired_grid(
    grid: npt.NDArray[Any],
    costs: npt.NDArray[np.float64],
    palette: Palette,
    options: MakeOptions,
    *,
    rng: np.random.Generator,
    seconds: float,
    on_move: Callable[[int, int], None] | None = None,
) -> Repair:
    """Cells (of ``palette``) repaired toward the make's target within its budgets (the flip
    budget by default 5 % of the cells)."""

    height, width = grid.shape
    budget = options.max_flips if options.max_flips is not None else max(1, width * height // 20)
    return repair(
        grid,
        costs,
        palette,
        rng=rng,
        max_flips=budget,
        seconds=seconds,
        target=Target(options.target()),
        mode=options.repair,
        max_givens=options.max_givens,
        on_move=on_move,
    )


def preview_of(made: MadeMono) -> bytes:
    """The PNG preview of a made puzzle: the source picture, the puzzle, and its solution with
    the flips marked."""

    picture = source_rgb(made)
    givens = made.repair.givens
    return preview_png(made.puzzle, made.repair.grid, made.source, picture=picture, givens=givens)


def source_rgb(made: Made) -> Pixels | None:
    """The part of the source picture a made puzzle covers, 8-bit RGB (None if unknown)."""

    conversion = made.conversion
    if conversion is None or conversion.source is None:
        return None
    return picture_rgb8(conversion.source, conversion.cells.box)


def sheet_picture(made: Made) -> Pixels:
    """The source region for a contact sheet's row: empty (no panel) when it is unknown."""
    rgb = source_rgb(made)
    return np.zeros((0, 0, 3), dtype=np.uint8) if rgb is None else rgb


def sheet_entry(made: MadeMono, *, label: str, note: str) -> SheetEntry:
    """One row of a report's contact sheet: source, chosen grid, final puzzle, the method."""

    chosen = made.conversion.chosen.label if made.conversion else ""
    return SheetEntry(
        label=label,
        method=chosen,
        picture=sheet_picture(made),
        chosen=made.source,
        final=made.repair.grid,
        flips=tuple(made.repair.flips),
        givens=tuple(made.repair.givens),
        note=note,
    )


def sheet_paths(path: Path, entries: int) -> list[Path]:
    """The files ``write_sheet`` writes for this many entries (at most): ``path``, then
    ``path-2.png``..."""
    parts = max(1, -(-entries // MAX_SHEET_ENTRIES))
    return [
        path,
        *(path.with_name(f"{path.stem}-{part}{path.suffix}") for part in range(2, parts + 1)),
    ]


def write_sheet(entries: Sequence[Any], path: Path) -> list[Path]:
    """Contact sheets of report rows, as many PNG files as the entries need (``sheet_paths``);
    returns the files written."""

    written: list[Path] = []
    for start, target in zip(
        range(0, len(entries), MAX_SHEET_ENTRIES), sheet_paths(path, len(entries)), strict=True
    ):
        write_atomic(target, contact_sheet(entries[start : start + MAX_SHEET_ENTRIES]))
        written.append(target)
    return written
