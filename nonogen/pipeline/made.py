"""A picture made into a unique puzzle of either kind: each conversion candidate drawn into
the kind's cells, the made puzzle and what it says of itself, the repair's budgets, the
conversion ranked by repair cost, and the report's contact sheets."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from nonogen.formats import render_puzzle, write_atomic
from nonogen.generate import Target, repair, undetermined
from nonogen.image.boxes import framed
from nonogen.image.convert import FRAMES, TONES_GAIN, convert
from nonogen.image.detail import detailed
from nonogen.image.drawing import drawn_outline, trimmed_whole
from nonogen.image.options import PictureOptions
from nonogen.image.palette import MERGE_DELTA_E, PaletteGrid, quantise
from nonogen.image.read import picture_rgb8
from nonogen.image.scored import MIN_LIKENESS
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.pipeline.check import grid_rows
from nonogen.pipeline.fidelity import Fidelity
from nonogen.pipeline.settings import MakeOptions
from nonogen.pipeline.shortfall import Shortfall, conversion_line
from nonogen.preview import (
    MAX_SHEET_ENTRIES,
    SheetEntry,
    contact_sheet,
    palette_rgb,
    preview_png,
    solution_png,
)
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle
from nonogen.solve import Status, Verdict, with_article
from nonogen.wording import Option, Words, words
from nonogen.words import counted

if TYPE_CHECKING:
    from nonogen.generate import Repair
    from nonogen.image.candidates import Split
    from nonogen.image.cells import Cells
    from nonogen.image.convert import Conversion, Scored
    from nonogen.image.read import Picture
    from nonogen.preview import SheetEntry
    from nonogen.preview.canvas import Pixels
    from nonogen.records import Json, JsonObject


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
    said: tuple[Words, ...] = ()
    """Why this was drawn in place of the candidate tried (``drawn_for_make``)."""
    white: float = 0.0
    """The share of the subject left as paper, its own white (colour; ``PaletteGrid.white``)."""


def draw_mono(
    picture: Picture, conversion: Conversion, candidate: Scored, options: MakeOptions
) -> Drawing:
    """A black-and-white drawing: the candidate drawn as a person would (``drawn``), and its
    flip costs."""
    scored = drawn(picture, conversion, candidate, options.picture)
    return Drawing(scored, scored.cells.grid(), scored.cells.cost())


def draw_colour(
    picture: Picture, conversion: Conversion, candidate: Scored, options: MakeOptions
) -> Drawing:
    """A colour drawing: the candidate's outline drawn again (``outlined``), its subject (the
    whole frame, for a split of the whole picture) quantised to the options' colours, and
    what giving each cell each colour costs (Delta E). A frame drawn whole (the whole picture,
    the tonal poster) is cut by its paper lines beyond one at each border and quantised again
    (``trimmed_whole``)."""
    found = outlined(picture, conversion, candidate, options.picture, trim_whole=False)
    cells, quantised = trimmed_whole(
        picture,
        found.split,
        options.picture if found.split.frame else None,  # a subject's frame is cut
        found.cells,
        draw=lambda c: _quantised(picture, found.split, c, options),
        inked=lambda q: np.asarray(q.grid != 0),
    )
    found = replace(found, cells=cells)
    return Drawing(
        found,
        quantised.grid,
        quantised.costs(),
        quantised.palette,
        quantised.merged,
        white=quantised.white,
    )


DRAWINGS: Final[dict[Kind, Callable[[Picture, Conversion, Scored, MakeOptions], Drawing]]] = {
    MONO: draw_mono,
    COLOUR: draw_colour,
}
"""How a candidate is drawn into the cells of each kind (``draw``)."""


def draw(
    picture: Picture, conversion: Conversion, candidate: Scored, options: MakeOptions
) -> Drawing:
    """A candidate drawn into the cells of the options' kind, with what changing each costs."""
    return DRAWINGS[options.kind](picture, conversion, candidate, options)


def _quantised(picture: Picture, split: Split, cells: Cells, options: MakeOptions) -> PaletteGrid:
    """The split's subject on its cells (every cell, for a drawing of the whole frame)
    quantised to the options' colours, from a generator seeded afresh (the same colours for
    the same seed)."""
    subject, filled = split.subject, cells.filled
    if split.frame:  # the whole frame is drawn (not its dark side): every cell is coloured
        subject, filled = np.ones_like(subject), np.ones_like(filled)
    return quantise(
        picture,
        subject,
        filled,
        cells.box,
        colours=options.block_colours,
        rng=np.random.default_rng(options.seed),
        detail=options.picture.detail,
    )


PAPER_SUBJECT: Final = 2 / 3
"""A cut more than this share of whose subject is its own white (sub-pixels within
``MERGE_DELTA_E`` of paper, left as paper in colour) is drawn as little more than an outline:
a white horse, a white kitten, the sun. The whole picture is drawn instead, where it may be
(``white_cut``): the white thing is drawn by the colours around it, as a pixel artist draws
it. Measured on the picture, not on the cells, so that the outline, thicker against a
smaller grid, does not hide it (a first draft, counting paper cells, drew the horse whole at
40 wide and as an outline at 30). Not half: a white frangipani with a yellow heart (0.59 of
it white) and an image-editing icon (0.62) read better as their cuts, their outlines and
inner marks. A black-and-white cut inks its subject: it never holds there."""


def white_cut(drawing: Drawing) -> bool:
    """Whether a drawing of a cut (not of the whole frame) leaves more than PAPER_SUBJECT of
    its subject paper, as its own white."""
    return not drawing.found.split.frame and drawing.white > PAPER_SUBJECT


def whole_in_place(
    conversion: Conversion, candidate: Scored, drawing: Drawing, options: MakeOptions
) -> tuple[Scored, Words] | None:
    """The whole picture to draw in place of a candidate's drawing, and why: the cut is drawn
    mostly as its own white (``white_cut``), the whole picture may be drawn and the candidate
    was not asked for; None when it is drawn as it is."""
    whole = conversion.whole
    if whole is None or as_picked(options.picture) or not white_cut(drawing):
        return None
    said = words(
        'the subject ("{label}") is mostly white, which a colour drawing leaves as paper: '
        "drew the whole picture; give {method} to choose another conversion",
        label=candidate.words,
    )
    return whole, said


def drawn_for_make(
    picture: Picture,
    conversion: Conversion,
    candidate: Scored,
    options: MakeOptions,
    tried: Collection[str] = (),
) -> tuple[Scored, Drawing] | None:
    """A candidate drawn (``draw``), or the whole picture drawn in its place, saying why
    (``whole_in_place``); with the candidate drawn (the one tried, or the whole picture).
    None when that is one of ``tried`` (keys): two white cuts of one thing give the whole
    picture once, drawn once."""
    drawing = draw(picture, conversion, candidate, options)
    instead = whole_in_place(conversion, candidate, drawing, options)
    drawn = candidate if instead is None else instead[0]
    if drawn.key in tried:
        return None
    if instead is None:
        return candidate, drawing
    whole, said = instead
    return whole, replace(draw(picture, conversion, whole, options), said=(said,))


def drawing_warnings(drawing: Drawing, options: MakeOptions) -> tuple[Words, ...]:
    """What a person should know about the drawing beyond its conversion: why it was drawn in
    place of the candidate tried (``Drawing.said``), and fewer colours than asked, and why."""
    made, asked = drawing.palette.size - 1, options.block_colours
    if made >= asked:
        return drawing.said
    return (
        *drawing.said,
        words(
            "{colors} asked for {asked} colours; the picture gave {made}: no more of its "
            "colours differ enough to be told apart in print and in the clue boxes "
            "(Delta E {gap:g} or more from each other and from the paper)",
            asked=asked,
            made=made,
            gap=MERGE_DELTA_E,
        ),
    )


def option_fields(options: MakeOptions) -> JsonObject:
    """What the options' kind adds to a record of them (a report row, a book's cache key):
    the colour count; nothing for black and white, so its records stay what earlier runs
    wrote."""
    return {"colours": options.block_colours} if options.kind.names_colours else {}


def palette_choice(kind: Kind, palette: Palette) -> tuple[dict[str, str], ...] | None:
    """The palette a drawing shows a person (a gallery's choice), background first: each
    colour's name, ``#rrggbb`` and grid character; None for black and white."""
    return tuple(palette.entries()) if kind.names_colours else None


@dataclass(frozen=True)
class Made:
    """A puzzle made from a picture, of either kind (``kind``: black and white is the
    one-colour case), and how faithful it stayed. ``make`` chooses the kind once."""

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
    kind: Kind = MONO
    """Black and white or colour, as the options asked."""

    @property
    def changed_word(self) -> str:
        """What the repair did to a changed cell, for people: ``flipped`` or ``changed``."""
        return "changed" if self.kind.names_colours else "flipped"

    @property
    def ok(self) -> bool:
        """Whether the puzzle met its target: unique, logic-only unless search was allowed, and
        of the tier asked for."""
        tier = self.repair.target.tier
        unique = self.repair.solved and self.verdict.status is Status.UNIQUE
        return unique and (not tier or self.verdict.tier == tier)

    def lines(self, *, verbose: bool = False) -> list[str]:
        """The summary for people: size (and colours), verdict, difficulty, cells changed and
        givens, time (and the palette); with ``verbose`` the internals instead (flip or colour
        cost, fill or colours merged) and the conversion chosen."""
        figures, verdict, colour = self.fidelity, self.verdict, self.kind.names_colours
        colours = self.puzzle.palette.colours
        size = f"{self.puzzle.width}x{self.puzzle.height}"
        palette = ["palette: " + ", ".join(f"{c.char} {c.name} {c.rgb}" for c in colours)]
        if colour:
            size = f"{size}, {counted(figures.colours, 'colour')}"
        changed, givens = figures.changed, len(figures.givens)
        if not verbose:
            shown = f"{size} on white" if colour else size
            summary = plain_summary(shown, verdict, changed, givens, self.seconds)
            return [summary, *(palette if colour else [])]
        logic = "logic-only" if verdict.line_solvable else "needs probing or search"
        if colour:
            merged = f" ({figures.merged} merged)" if figures.merged else ""
            first = (
                f"{size} + background{merged}, {verdict.status}, {logic}, difficulty "
                f"{verdict.difficulty} {verdict.tier}; {changed} cells changed "
                f"({figures.changed_percent} %, colour cost {round(figures.cost, 2)} Delta E), "
                f"{givens} givens; {self.seconds:.2f} s"
            )
            return [first, *palette, conversion_line(self.conversion)]
        return [
            f"{size}, {verdict.status}, {logic}, difficulty {verdict.difficulty} "
            f"{verdict.tier}; {changed} cells flipped "
            f"({figures.changed_percent} %, cost {round(figures.cost, 4)}), "
            f"{givens} givens; fill "
            f"{figures.fill_before} -> {figures.fill_after}; {self.seconds:.2f} s",
            conversion_line(self.conversion),
        ]

    def shortfall(self) -> Shortfall | None:
        """Why the puzzle missed its target and what to try; None when it met it."""
        if self.ok:
            return None
        target, verdict, colour = self.repair.target, self.verdict, self.kind.names_colours
        puzzle = "colour puzzle" if colour else "puzzle"
        reached = verdict.tier or ("" if colour else f"no tier ({verdict.status})")
        if target.tier and verdict.status is Status.UNIQUE:
            return Shortfall(
                f"{with_article(target.tier)} {puzzle}",
                f"within the budget, the best reached is {reached}",
                ("{reached}", "{repair=auto}", "more {seconds}"),
                {"reached": Option("difficulty", reached)},
            )
        tries = ("{repair=auto}", "a larger {max_flips}", "a larger {max_givens}", "more {seconds}")
        if colour:
            return Shortfall(
                "a unique colour puzzle"
                if target == "unique"
                else "a colour puzzle that line logic solves",
                f"the change, givens or time budget ran out with {self.repair.unknown} cells "
                "still undetermined",
                (*tries, "a smaller {width}", "fewer {colors}"),
            )
        return Shortfall(
            f"a puzzle that is {target}",
            f"the flip, givens or time budget ran out with {self.repair.unknown} cells still "
            f"undetermined by line logic (best tier reached: {reached})",
            (*tries, "a smaller {width}", "{despeckle}", "{allow_search}"),
        )

    def preview(self) -> bytes:
        """The source picture, the puzzle's clues, its solution with the changed cells and
        givens marked (and the legend of its colours)."""
        picture, givens = source_rgb(self), self.repair.givens
        return preview_png(
            self.puzzle, self.repair.grid, self.source, picture=picture, givens=givens
        )

    def solution_png(self) -> bytes:
        """The PNG of the solution alone: its cells in their colours, nothing else."""
        rgb = palette_rgb(self.puzzle.palette)
        return solution_png(rgb[np.asarray(self.repair.grid, dtype=np.intp)])

    def board(self, *, show_solution: bool) -> str:
        """The puzzle as terminal text: black and white's clues around the grid, the solution
        drawn in it when asked; a colour puzzle's solution in the palette's characters when
        asked (its coloured clues are in the JSON and the preview)."""
        grid = self.repair.grid if show_solution else None
        if not self.kind.names_colours:
            return render_puzzle(self.puzzle, grid)
        rows = [] if grid is None else grid_rows(self.puzzle.palette, grid)
        return "".join(f"{row}\n" for row in rows)

    @property
    def changed_cells(self) -> list[tuple[int, int]]:
        """The cells the repair changed, in the order it changed them."""
        return list(self.repair.flips)

    @property
    def changed_percent(self) -> float:
        """The share of the cells the repair changed, in percent."""
        return self.fidelity.changed_percent

    def record(self) -> JsonObject:
        """The summary of the make as JSON: the puzzle's record (title, seed, options,
        conversion, verdict, fidelity) without its source grid, a colour puzzle's palette,
        and the seconds spent."""
        meta = {k: v for k, v in self.puzzle.meta.items() if k != "source_grid"}
        palette = self.kind.palette_record(self.puzzle.palette)
        return {**meta, **palette, "seconds": round(self.seconds, 3)}

    def report_fields(self) -> JsonObject:
        """What a report row says of the repair: the palette (colour), cells changed (count,
        percent, cost) and givens."""
        palette: list[Json] = [f"{c.name} {c.rgb}" for c in self.puzzle.palette.colours]
        shown = {"palette": palette} if self.kind.names_colours else {}
        return {**shown, **self.fidelity.report_fields()}

    def sheet_entry(self, *, label: str, note: str) -> SheetEntry:
        """Its row of a report's contact sheet: the source, the chosen grid and the final one
        (in the palette's colours), the changed cells and givens marked."""
        return SheetEntry(
            label=label,
            method=self.conversion.chosen.label if self.conversion else "",
            picture=sheet_picture(self),
            chosen=self.source,
            final=self.repair.grid,
            flips=tuple(self.changed_cells),
            givens=tuple(self.repair.givens),
            note=note,
            colours=palette_rgb(self.puzzle.palette) if self.kind.names_colours else None,
            kind=self.kind,
        )


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

    if options.detail is False or (options.detail is None and options.forced):
        return scored  # a forced conversion is drawn as asked, unless detail is asked too
    return detailed(picture, scored, force=bool(options.detail))


def as_picked(options: PictureOptions) -> bool:
    """Whether an option chose the conversion (a forced one, or a candidate picked): then it
    alone is repaired, and no other is tried."""

    return options.forced or options.candidate is not None


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
