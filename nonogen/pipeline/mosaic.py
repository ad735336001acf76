"""One big picture as several puzzles: converted once at the full size, cut into tiles, and
every tile repaired and checked on its own, so each is unique and logic-only by itself.

The cut rule (``cut_lines``): a side of ``n`` lines cut into ``parts`` is cut first at the
even split, ``round(i * n / parts)``. Within ``CUT_WINDOW`` of a tile's side either way, a cut
may move to run along a line that is empty or nearly so: a cut between lines ``c - 1`` and
``c`` runs along the emptier of the two, and a line of at most ``NEARLY_EMPTY`` of its cells
filled counts. Among such cuts the emptiest wins, then the one nearest the even split, then
the lower one; when the window holds none, the even split stays. Every tile keeps at least
``MIN_CELLS`` lines. Tiles may so differ by a few lines in size; they always form a grid
(every row of tiles is cut at the same rows, every column at the same columns).

A tile's repair is the repair ``make`` uses, run on the tile's cells alone, so no flip and no
given crosses a tile's edge; its verdict comes from the complete solver. The flip and givens
budgets are per tile, ``--seconds`` is shared by the whole mosaic, and the seed makes every
tile the same on every run (unless the time budget cuts a repair short).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from nonogen.errors import InputError, LimitError
from nonogen.grid import Grid
from nonogen.image.options import MAX_CELLS, MIN_CELLS
from nonogen.image.palette import quantise
from nonogen.image.read import read_picture
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.pipeline.check import VerdictRecord, grid_rows
from nonogen.pipeline.fidelity import fidelity_of
from nonogen.pipeline.made import (
    Made,
    MakeListener,
    MakeProgress,
    first_conversion,
    ignore_progress,
    repair_move,
    repaired_grid,
    verdict_reserve,
    verdict_timeout,
)
from nonogen.pipeline.settings import MakeOptions
from nonogen.pipeline.shortfall import Shortfall, conversion_line
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle, puzzle_from_grid
from nonogen.records import JsonObject
from nonogen.solve import solve_puzzle
from nonogen.wording import Option, Spelling, flag, words

if TYPE_CHECKING:
    from nonogen.image.convert import Conversion
    from nonogen.image.read import Picture

Box = tuple[int, int, int, int]
"""A tile's cells in the full grid: ``(top, left, bottom, right)``, bottom and right exclusive."""
Cell = tuple[int, int]
"""A cell of the full grid, ``(row, col)``."""

CUT_WINDOW: Final = 0.1
"""How far a cut may move from the even split, as a share of a tile's side (at least 1 line)."""
NEARLY_EMPTY: Final = 0.05
"""A line with at most this share of its cells filled counts as nearly empty for a cut."""
MAX_TILES: Final = 8
"""The most tiles across or down."""
TILES_FORMAT: Final = re.compile(r"(\d{1,3})x(\d{1,3})")


def place_name(row: int, col: int) -> str:
    """A tile's place from its 0-based row and column: ``r1c2``, as file names and pages
    give it."""
    return f"r{row + 1}c{col + 1}"


def parse_tiles(text: str) -> tuple[int, int]:
    """``--tiles CxR``: (columns, rows) of tiles; InputError for anything else."""
    found = TILES_FORMAT.fullmatch(text.strip().lower())
    across, down = (int(found[1]), int(found[2])) if found else (0, 0)
    if not (1 <= across <= MAX_TILES and 1 <= down <= MAX_TILES and across * down >= 2):
        raise InputError(
            words(
                "expected {tiles} as COLUMNSxROWS, each 1 to {most} and at least 2 tiles (such "
                "as 2x2 or 3x2), got {got!r}",
                most=MAX_TILES,
                got=text if len(text) <= 40 else text[:40] + "...",
            )
        )
    return across, down


def check_tier(make: MakeOptions) -> None:
    """InputError for a colour mosaic asked for a tier: its tiles are not steered to one (the
    mosaic command's and the book's)."""
    if make.kind is COLOUR and make.difficulty is not None:
        raise InputError(
            words(
                "a colour mosaic does not steer its tiles to a tier; leave out {given} (or "
                "{colors} for a black-and-white set)",
                given=Option("difficulty", make.difficulty),
            )
        )


@dataclass(frozen=True)
class MosaicOptions:
    """How a picture becomes a mosaic (the options of ``nonogen mosaic``)."""

    make: MakeOptions = field(default_factory=MakeOptions)
    """The make options every tile is repaired with (budgets per tile, seconds for all);
    the picture's width and height come from the tiles, not from here."""
    across: int = 2
    """Tiles across."""
    down: int = 2
    """Tiles down."""
    tile_width: int = 25
    """A tile's width in cells (before the cuts move to empty lines)."""

    def __post_init__(self) -> None:
        parse_tiles(f"{self.across}x{self.down}")
        picture = self.make.picture
        for name, value in (("width", picture.width), ("height", picture.height)):
            if value is not None:
                raise InputError(
                    words(
                        "a mosaic is sized by {tile_width} (its width is tiles across times "
                        "the tile width, its height from the picture's aspect); leave out "
                        "{given}",
                        given=Option(name, str(value)),
                    )
                )
        check_tier(self.make)
        if not MIN_CELLS <= self.tile_width <= MAX_CELLS:
            raise InputError(
                words(
                    "expected {tile_width} between {low} and {high} cells, got {got}",
                    low=MIN_CELLS,
                    high=MAX_CELLS,
                    got=self.tile_width,
                )
            )
        if self.width > MAX_CELLS:
            raise LimitError(
                words(
                    "{across} tiles of {cells} cells make a picture {wide} cells wide, over "
                    "the limit of {limit}; use fewer tiles across or a smaller {tile_width}",
                    across=self.across,
                    cells=self.tile_width,
                    wide=self.width,
                    limit=MAX_CELLS,
                )
            )

    @property
    def width(self) -> int:
        """The full picture's width in cells."""
        return self.across * self.tile_width

    def make_options(self) -> MakeOptions:
        """The make options at the full width: ``make`` with them converts the same grid."""
        return replace(self.make, picture=replace(self.make.picture, width=self.width))


def cut_lines(filled: Grid, parts: int) -> tuple[int, ...]:
    """Where the rows of ``filled`` (a ``(rows, cols)`` bool grid; pass its transpose for the
    columns) are cut into ``parts`` tiles, by the rule of this module: the tile edges, 0
    first and the row count last."""
    counts = np.asarray(filled, dtype=np.bool_).sum(axis=1)
    lines, length = filled.shape
    side = lines / parts
    if side < MIN_CELLS:
        raise InputError(
            words(
                "cutting {lines} lines into {parts} tiles leaves tiles of {side:.1f} lines, "
                "under the least of {least}; use fewer tiles or a larger {tile_width}",
                lines=lines,
                parts=parts,
                side=side,
                least=MIN_CELLS,
            )
        )
    window = max(1, round(side * CUT_WINDOW))
    cuts = [0]
    for i in range(1, parts):
        even = round(i * side)
        least, most = cuts[-1] + MIN_CELLS, lines - (parts - i) * MIN_CELLS
        nearby = range(max(even - window, least), min(even + window, most) + 1)
        cuts.append(_best_cut(counts, nearby, even, length * NEARLY_EMPTY))
    return (*cuts, lines)


def _best_cut(counts: npt.NDArray[np.int64], nearby: range, even: int, near: float) -> int:
    """The cut of ``nearby`` along the emptiest nearly empty line (nearest the even split,
    then the lower); the one nearest the even split when no line there is nearly empty."""

    def along(c: int) -> int:
        return int(min(counts[c - 1], counts[c]))

    empty = [c for c in nearby if along(c) <= near]
    return min(empty or nearby, key=lambda c: (along(c) if empty else 0, abs(c - even), c))


def tile_boxes(row_cuts: Sequence[int], col_cuts: Sequence[int]) -> list[Box]:
    """Every tile's box, row by row, from the cuts of the rows and of the columns."""
    return [
        (top, left, bottom, right)
        for top, bottom in pairwise(row_cuts)
        for left, right in pairwise(col_cuts)
    ]


@dataclass(frozen=True)
class Tile:
    """One tile of a mosaic: where it sits and the puzzle made of it."""

    row: int
    """Its row among the tiles, 0-based."""
    col: int
    """Its column among the tiles, 0-based."""
    box: Box
    """Its cells in the full grid."""
    made: Made
    """Its puzzle, repair and verdict, in the tile's own coordinates (either kind)."""

    @property
    def name(self) -> str:
        """``r1c2``: its place, 1-based, as file names and pages give it."""
        return place_name(self.row, self.col)

    def to_full(self, cells: Sequence[tuple[int, int]]) -> list[Cell]:
        """Cells of the tile as cells of the full grid."""
        top, left = self.box[:2]
        return [(top + r, left + c) for r, c in cells]


@dataclass(frozen=True)
class Mosaic:
    """A picture made into a set of puzzles, one per tile."""

    title: str
    options: MosaicOptions
    source: npt.NDArray[Any]
    """The converted picture, the full grid before any repair (filled cells, or a colour
    mosaic's palette indices)."""
    row_cuts: tuple[int, ...]
    """The tiles' edges down the grid: 0 first, the row count last."""
    col_cuts: tuple[int, ...]
    """The tiles' edges across the grid: 0 first, the column count last."""
    tiles: tuple[Tile, ...]
    """Row by row."""
    seconds: float
    """Wall time of the whole mosaic, reading the picture included."""
    conversion: Conversion | None = None
    """How the picture became the source grid."""
    palette: Palette | None = None
    """A colour mosaic's palette, shared by every tile (``source`` holds its indices); None
    for black and white."""

    @property
    def ok(self) -> bool:
        """Whether every tile met its target."""
        return all(tile.made.ok for tile in self.tiles)

    def grid(self) -> npt.NDArray[Any]:
        """The assembled solution: every tile's repaired grid in its place."""
        full = np.zeros_like(self.source)
        for tile in self.tiles:
            top, left, bottom, right = tile.box
            full[top:bottom, left:right] = tile.made.repair.grid
        return full

    def changes(self) -> list[Cell]:
        """The cells the repairs changed, in the full grid, tile by tile."""
        return [cell for tile in self.tiles for cell in tile.to_full(tile.made.changed_cells)]

    def givens(self) -> list[Cell]:
        """The cells revealed as givens, in the full grid, tile by tile."""
        return [cell for tile in self.tiles for cell in tile.to_full(tile.made.repair.givens)]

    def record(self, spell: Spelling = flag) -> JsonObject:
        """The mosaic as JSON: the set, its cuts, the conversion (its warnings' options
        spelled by ``spell``), the changes in the full grid, and each tile's record (without
        the options and conversion they share)."""
        height, width = self.source.shape
        shared = ("options", "conversion", "title", "seed")
        return {
            "title": self.title,
            "seed": self.options.make.seed,
            "options": asdict(self.options.make_options()),
            "tiles_across": self.options.across,
            "tiles_down": self.options.down,
            "width": width,
            "height": height,
            "row_cuts": list(self.row_cuts),
            "col_cuts": list(self.col_cuts),
            "conversion": None if self.conversion is None else self.conversion.record(spell),
            **({} if self.palette is None else {"palette": self.palette.entries()}),
            "ok": self.ok,
            "changes": [list(cell) for cell in self.changes()],
            "givens": [list(cell) for cell in self.givens()],
            "tiles": [
                {"tile": tile.name, "box": list(tile.box), "ok": tile.made.ok}
                | {k: v for k, v in tile.made.record().items() if k not in shared}
                for tile in self.tiles
            ],
            "seconds": round(self.seconds, 3),
        }

    def lines(self) -> list[str]:
        """The summary for people: the set, one line per tile, the conversion."""
        height, width = self.source.shape
        met = sum(tile.made.ok for tile in self.tiles)
        return [
            f"{width}x{height} picture as {self.options.across}x{self.options.down} tiles "
            f"(rows cut at {list(self.row_cuts[1:-1])}, columns at {list(self.col_cuts[1:-1])}); "
            f"{met} of {len(self.tiles)} tiles met the target; {len(self.changes())} cells "
            f"{self.tiles[0].made.changed_word}, {len(self.givens())} givens; "
            f"{self.seconds:.2f} s",
            *(f"  {tile.name}: {tile.made.lines()[0]}" for tile in self.tiles),
            conversion_line(self.conversion),
        ]

    def shortfall(
        self, sizes: tuple[str, ...] = ("a smaller {tile_width}", "other {tiles}")
    ) -> Shortfall | None:
        """Why some tiles missed the target and what to try (``sizes``: how the surface
        resizes the tiles, in place of make's smaller width); None when every tile met it."""
        missed = [(tile.name, why) for tile in self.tiles if (why := tile.made.shortfall())]
        if not missed:
            return None
        first, why = missed[0]
        tries = [t for t in why.tries if t != "a smaller {width}"]
        at = tries.index("{despeckle}") if "{despeckle}" in tries else len(tries)
        return Shortfall(
            f"every tile as {why.goal}",
            f"{len(missed)} of {len(self.tiles)} tiles missed "
            f"({', '.join(name for name, _ in missed)}); {first}: {why.reason}",
            (*tries[:at], *sizes, *tries[at:]),
            why.values,
        )


@dataclass(frozen=True)
class _Cutting:
    """What every tile of one mosaic is made from."""

    title: str
    options: MosaicOptions
    drawn: Source
    """The full grid, its costs and (colour) palette."""
    conversion: JsonObject
    """The conversion's record without its candidates (the mosaic's record has them)."""


def make_mosaic(
    data: bytes,
    *,
    name: str,
    options: MosaicOptions,
    on_progress: MakeListener = ignore_progress,
) -> Mosaic:
    """Convert a picture once at the full width, cut it into tiles (along empty lines where
    it can) and make every tile a puzzle of its own, unique and logic-only by itself."""

    started = time.perf_counter()
    make = options.make_options()
    on_progress(MakeProgress("reading"))
    picture = read_picture(data, name=name, max_pixels=make.max_pixels)
    on_progress(MakeProgress("converting"))
    # A mosaic is the whole picture cut into tiles: its frame is never cut to the subject.
    conversion = first_conversion(picture, replace(make.picture, tight=False))
    record = {k: v for k, v in conversion.record().items() if k != "candidates"}
    title = "stdin" if name == "-" else Path(name).stem
    cutting = _cutting(picture, conversion, title, options, record)
    filled = cutting.drawn.grid > 0
    row_cuts = cut_lines(filled, options.down)
    col_cuts = cut_lines(filled.T, options.across)
    boxes = tile_boxes(row_cuts, col_cuts)
    deadline = started + make.seconds
    tiles: list[Tile] = []
    for i, box in enumerate(boxes):
        at = MakeProgress("repairing", i + 1, len(boxes))
        on_progress(at)
        seconds = max(0.01, (deadline - time.perf_counter()) / (len(boxes) - i))
        row, col = divmod(i, options.across)
        moved = partial(repair_move, on_progress, at)
        made = _made_tile(cutting, row, col, box, seconds=seconds, on_move=moved)
        tiles.append(Tile(row, col, box, made))
    seconds = time.perf_counter() - started
    return Mosaic(
        title,
        options,
        cutting.drawn.grid,
        row_cuts,
        col_cuts,
        tuple(tiles),
        seconds,
        conversion,
        cutting.drawn.palette,
    )


def _cutting(
    picture: Picture,
    conversion: Conversion,
    title: str,
    options: MosaicOptions,
    record: JsonObject,
) -> _Cutting:
    """What the tiles are cut from: the chosen grid and its flip costs, or (colour) the
    picture quantised to the palette once, for every tile, with each colour's cost."""
    return _Cutting(
        title, options, mosaic_source(picture, conversion, options.make_options()), record
    )


@dataclass(frozen=True)
class Source:
    """The full grid a mosaic's tiles are cut from, of the make's kind."""

    grid: npt.NDArray[Any]
    """Filled cells, or (colour) palette indices."""
    costs: npt.NDArray[np.float64]
    """What changing each cell costs (colour: per colour)."""
    palette: Palette | None = None
    """A colour mosaic's palette."""
    merged: int = 0
    """Colours the quantisation merged away (colour)."""
    frame: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The source picture's pixels the full grid covers: left, top, right, bottom."""

    def puzzle(self, box: Box | None = None) -> Puzzle:
        """The unrepaired puzzle of the grid (of the cells in ``box``, top, left, bottom,
        right): what judges whether a tile would print legibly."""
        top, left, bottom, right = box or (0, 0, *self.grid.shape)
        part = self.grid[top:bottom, left:right]
        return puzzle_from_grid(part, self.palette or BLACK_ON_WHITE)


def mosaic_source(picture: Picture, conversion: Conversion, make: MakeOptions) -> Source:
    """The grid every tile is cut from, of the kind the make asks for (``SOURCES``)."""
    return SOURCES[make.kind](picture, conversion, make)


def _mono_source(picture: Picture, conversion: Conversion, make: MakeOptions) -> Source:
    """The chosen grid and its flip costs."""
    cells = conversion.chosen.cells
    return Source(cells.grid(), cells.cost(), frame=cells.box)


def _colour_source(picture: Picture, conversion: Conversion, make: MakeOptions) -> Source:
    """The picture quantised to the make's colours once, for every tile, with each colour's
    cost."""
    cells = conversion.chosen.cells
    subject = conversion.chosen.split.subject
    rng = np.random.default_rng(make.seed)
    colours, detail = make.block_colours, make.picture.detail
    quantised = quantise(
        picture, subject, cells.filled, cells.box, colours=colours, rng=rng, detail=detail
    )
    grid, costs = quantised.grid, quantised.costs()
    return Source(grid, costs, quantised.palette, quantised.merged, cells.box)


SOURCES: Final[dict[Kind, Callable[[Picture, Conversion, MakeOptions], Source]]] = {
    MONO: _mono_source,
    COLOUR: _colour_source,
}
"""How each kind of mosaic gets the grid its tiles are cut from."""


def _tile_meta(cutting: _Cutting, row: int, col: int, box: Box) -> JsonObject:
    """What every tile's file records of its set: title, source, seed, options, conversion
    and its place."""
    make = cutting.options.make_options()
    height, width = cutting.drawn.grid.shape
    place = place_name(row, col)
    return {
        # Untitled unless a title was given: the picture's name would give the answer away.
        "title": f"{make.title} {place}" if make.title else place,
        "source": f"{cutting.title} {place}",
        "seed": make.seed,
        "options": asdict(make),
        "conversion": cutting.conversion,
        "mosaic": {
            "set": cutting.title,
            "tile": place,
            "row": row + 1,
            "col": col + 1,
            "tiles_across": cutting.options.across,
            "tiles_down": cutting.options.down,
            "box": list(box),
            "width": width,
            "height": height,
            "frame": list(cutting.drawn.frame),
        },
    }


def _made_tile(
    cutting: _Cutting,
    row: int,
    col: int,
    box: Box,
    *,
    seconds: float,
    on_move: Callable[[int, int], None],
) -> Made:
    """One tile repaired on its own cells (the set's palette) and judged by the complete
    solver."""
    started = time.perf_counter()
    top, left, bottom, right = box
    source = cutting.drawn.grid[top:bottom, left:right].copy()
    make = cutting.options.make_options()
    palette = BLACK_ON_WHITE if cutting.drawn.palette is None else cutting.drawn.palette
    repaired = repaired_grid(
        source,
        cutting.drawn.costs[top:bottom, left:right],
        palette,
        make,
        rng=np.random.default_rng([make.seed, row, col]),
        seconds=max(0.01, seconds - verdict_reserve(seconds)),
        on_move=on_move,
    )
    puzzle = repaired.puzzle(where=f"{cutting.title} {place_name(row, col)}")
    verdict = solve_puzzle(puzzle, timeout=verdict_timeout(started + seconds))
    figures = fidelity_of(make.kind, source, repaired, merged=cutting.drawn.merged)
    meta = {
        **_tile_meta(cutting, row, col, box),
        "source_grid": grid_rows(puzzle.palette, source),  # the file's characters
        "verdict": VerdictRecord.of(verdict, puzzle).to_json(steady=True),
        "fidelity": figures.to_json(),
    }
    elapsed = time.perf_counter() - started
    made = (replace(puzzle, meta=meta), repaired, source, verdict, elapsed, figures)
    return Made(*made, kind=make.kind)
