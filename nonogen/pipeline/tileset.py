"""A mosaic's tiles as a set of printed puzzles, each with a key of where it goes and the
assembled picture as its solution.

    nonogen mosaic   one puzzle file per tile (``NAME-r1c2.json``, its metadata saying the
                     set, the tile's place and the full size) and the set's own PDF
    book --mosaic    a picture too big to print legibly even alone on a page made into the
                     fewest tiles that print legibly, printed among the book's puzzles
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from nonogen.errors import InputError, LimitError, NonogenError
from nonogen.formats import make_folder, write_atomic, write_puzzle
from nonogen.image.read import read_picture
from nonogen.pdf import Entry, entry_texts, glyph_warnings
from nonogen.pdf.checks import most_per_page
from nonogen.pdf.mosaic import mosaic_pdf, tile_legible, tile_problems
from nonogen.pdf.tiles import Cuts, Place
from nonogen.pipeline.made import first_conversion
from nonogen.pipeline.mosaic import (
    MAX_TILES,
    Box,
    Mosaic,
    MosaicOptions,
    Source,
    Tile,
    cut_lines,
    make_mosaic,
    mosaic_source,
    place_name,
    tile_boxes,
)
from nonogen.pipeline.settings import MakeOptions
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle
from nonogen.records import whole_numbers
from nonogen.solve import difficulty_label
from nonogen.wording import Option, words

if TYPE_CHECKING:
    from nonogen.pdf import Entry, PageOptions
    from nonogen.pdf.tiles import Place


@dataclass(frozen=True)
class TileSet:
    """The files a mosaic was written to."""

    puzzles: tuple[Path, ...]
    """One puzzle file per tile, row by row."""
    pdf: Path
    """The set's PDF."""
    pages: int
    """Pages of the PDF: one per tile and the solutions page."""
    warnings: tuple[str, ...] = ()
    """What may print badly: characters no font has, tiles forced through too small."""


def tile_path(folder: Path, title: str, tile: Tile) -> Path:
    """Where a tile's puzzle file goes: ``FOLDER/NAME-r1c2.json``."""
    return _tile_file(folder, title, tile.name)


def _tile_file(folder: Path, title: str, name: str) -> Path:
    return folder / f"{title}-{name}.json"


def set_paths(folder: Path, title: str, across: int, down: int) -> list[Path]:
    """Every file ``write_set`` writes for a set of ``across`` x ``down`` tiles: the PDF and
    each tile's puzzle file."""
    places = [place_name(row, col) for row in range(down) for col in range(across)]
    return [folder / f"{title}.pdf", *(_tile_file(folder, title, name) for name in places)]


def tile_entries(mosaic: Mosaic) -> list[Entry]:
    """Every tile as printed, numbered row by row: puzzle, title, difficulty and place."""

    cuts, picture = Cuts(mosaic.row_cuts, mosaic.col_cuts), mosaic.grid()
    return [
        Entry(
            tile.made.puzzle,
            tile.made.puzzle.title,
            number,
            difficulty_label(tile.made.verdict.difficulty),
            Place(cuts, tile.row, tile.col, picture, mosaic.palette),
            answer=f"{mosaic.title} {tile.name}",
        )
        for number, tile in enumerate(mosaic.tiles, 1)
    ]


def set_pdf(
    mosaic: Mosaic, page: PageOptions, *, force_small: bool = False
) -> tuple[bytes, list[str]]:
    """The set's PDF and its warnings; LimitError when a tile would print too small to read
    above its key (with ``force_small``: printed, with a warning)."""

    entries = tile_entries(mosaic)
    problems = tile_problems(entries, page)
    if problems and not force_small:
        more = f" (and {len(problems) - 1} more tiles)" if len(problems) > 1 else ""
        raise LimitError(
            words(
                "{problem}{more}; or pass {force_small} to print anyway",
                problem=problems[0],
                more=more,
            )
        )
    warnings = [str(problem) for problem in problems] + glyph_warnings(
        [*entry_texts(entries), mosaic.title], page
    )
    shown = mosaic.options.make.title or "Mosaic"  # the picture's name would give it away
    return mosaic_pdf(entries, title=shown, answer=mosaic.title, options=page), warnings


def write_set(
    mosaic: Mosaic, folder: Path, page: PageOptions, *, force_small: bool = False
) -> TileSet:
    """Write every tile's puzzle file and the set's PDF into ``folder`` (made if missing).
    The PDF is drawn before any file is written, so a tile too small to print writes none."""
    pdf, warnings = set_pdf(mosaic, page, force_small=force_small)
    make_folder(folder, "the output folder")
    paths = tuple(tile_path(folder, mosaic.title, tile) for tile in mosaic.tiles)
    for tile, path in zip(mosaic.tiles, paths, strict=True):
        write_puzzle(tile.made.puzzle, path, "json")
    target = folder / f"{mosaic.title}.pdf"
    write_atomic(target, pdf)
    return TileSet(paths, target, len(mosaic.tiles) + 1, tuple(warnings))


def tiles_for_page(source: Source, page: PageOptions) -> tuple[int, int]:
    """The fewest tiles, (across, down), into which ``source`` cuts so that every tile prints
    legibly alone on a page above its key (judged on the unrepaired cells, whose clues the
    repair hardly changes; a colour grid's clues as its colours make them); InputError when
    even 8 x 8 tiles are too small."""

    filled = source.grid > 0
    shapes = [(a, d) for a in range(1, MAX_TILES + 1) for d in range(1, MAX_TILES + 1)]
    for across, down in sorted(shapes[1:], key=lambda s: (s[0] * s[1], abs(s[0] - s[1]), s)):
        width = filled.shape[1] // across * across  # the mosaic's width: tiles of equal width
        try:
            rows, cols = cut_lines(filled[:, :width], down), cut_lines(filled[:, :width].T, across)
        except InputError:
            continue  # tiles under the least side
        boxes = tile_boxes(rows, cols)
        if all(tile_legible(Entry(source.puzzle(box)), page) for box in boxes):
            return across, down
    height, width = filled.shape
    raise InputError(
        words(
            "a {width} x {height} grid is too big to print legibly even as {most} x {most} "
            "tiles; give a smaller {side} or a larger {page_size}",
            width=width,
            height=height,
            most=MAX_TILES,
            side=Option("width"),
        )
    )


def mosaic_for_print(
    data: bytes, *, name: str, make: MakeOptions, page: PageOptions
) -> Mosaic | None:
    """A picture whose grid is too big to print legibly even alone on a page, made into a
    mosaic of the fewest tiles that print legibly (``book --mosaic``); None when the grid
    prints whole. The tiles are about the grid's width over the tiles across; ``--height``
    gives way to the picture's aspect. InputError when a repaired tile prints too small."""

    started = time.perf_counter()
    picture = read_picture(data, name=name, max_pixels=make.max_pixels)
    whole = replace(make.picture, tight=False)  # a mosaic is the whole picture, as make_mosaic
    conversion = first_conversion(picture, whole)
    source = mosaic_source(picture, conversion, make)
    if most_per_page(Entry(source.puzzle()), page, 1):
        return None
    across, down = tiles_for_page(source, page)
    # The mosaic converts again at its own width: leave that time out of its repairs' share.
    left = max(1.0, make.seconds - 2 * (time.perf_counter() - started))
    sized = replace(make.picture, width=None, height=None)
    options = MosaicOptions(
        replace(make, picture=sized, seconds=left), across, down, source.grid.shape[1] // across
    )
    made = make_mosaic(data, name=name, options=options)
    problems = tile_problems(tile_entries(made), page)
    if problems:
        raise InputError(
            words(
                "as a mosaic of {across} x {down} tiles: {problem}",
                across=across,
                down=down,
                problem=problems[0],
            )
        )
    return made


def set_key(source: str, puzzle: Puzzle) -> str | None:
    """The set a book's puzzle belongs to (its picture's path), or None when it is no tile
    of a mosaic the book made (those come as ``PATH#r1c2`` with the tile's metadata)."""
    if "#" not in source or not isinstance(puzzle.meta.get("mosaic"), dict):
        return None
    return source.rsplit("#", 1)[0]


def set_places(items: Sequence[tuple[str, Puzzle]]) -> list[Place | None]:
    """The place of every (source, puzzle) that is a tile of a whole set among ``items``
    (the cuts from the tiles' boxes, the picture from their goals); None for the others."""
    sets: dict[str, list[int]] = {}
    for i, (source, puzzle) in enumerate(items):
        key = set_key(source, puzzle)
        if key is not None:
            sets.setdefault(key, []).append(i)
    places: list[Place | None] = [None] * len(items)
    for members in sets.values():
        for i, place in zip(members, _places([items[i][1] for i in members]), strict=True):
            places[i] = place
    return places


def _box(tile: Puzzle) -> tuple[Box, tuple[int, int]] | None:
    """A tile's box in its set and the set's (height, width), if its metadata and goal agree."""
    mosaic = tile.meta.get("mosaic")
    if not isinstance(mosaic, Mapping):
        return None
    box = whole_numbers(mosaic.get("box"))
    full = whole_numbers([mosaic.get("height"), mosaic.get("width")])
    if box is None or len(box) != 4 or full is None:
        return None
    top, left, bottom, right = box
    if tile.goal is None or tile.goal.shape != (bottom - top, right - left):
        return None
    return (top, left, bottom, right), (full[0], full[1])


ANSWER_CELLS: Final[dict[Kind, tuple[type[np.generic], bool]]] = {
    MONO: (np.bool_, False),
    COLOUR: (np.uint8, True),
}
"""Each kind of tile set's answer picture: its cells' type, and whether it is drawn in the
palette's colours (black and white is filled or not)."""


def _places(tiles: Sequence[Puzzle]) -> list[Place | None]:
    """The tiles' places when they make a whole set; Nones when they do not."""

    found = [_box(tile) for tile in tiles]
    boxes = [b for b, _ in filter(None, found)]
    sizes = {size for _, size in filter(None, found)}
    if len(boxes) != len(tiles) or len(sizes) != 1:
        return [None] * len(tiles)
    ((height, width),) = sizes
    rows = tuple(sorted({0, height, *(b[0] for b in boxes), *(b[2] for b in boxes)}))
    cols = tuple(sorted({0, width, *(b[1] for b in boxes), *(b[3] for b in boxes)}))
    try:
        cuts = Cuts(rows, cols)
    except NonogenError:
        return [None] * len(tiles)
    if sorted(boxes) != sorted(set(tile_boxes(rows, cols))):
        return [None] * len(tiles)  # not every tile of the set, or one twice
    palette = tiles[0].palette
    if any(tile.palette != palette for tile in tiles):
        return [None] * len(tiles)  # a set's tiles share one palette
    cells, shows_palette = ANSWER_CELLS[tiles[0].kind]
    picture: npt.NDArray[np.generic] = np.zeros(cuts.shape, dtype=cells)
    for tile, (top, left, bottom, right) in zip(tiles, boxes, strict=True):
        picture[top:bottom, left:right] = np.asarray(tile.goal, dtype=picture.dtype)
    shown = palette if shows_palette else None
    return [Place(cuts, rows.index(b[0]), cols.index(b[1]), picture, shown) for b in boxes]
